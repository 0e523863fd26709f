"""One log line per step, told from the viewer's side. Secret choices (Student
cards, gestures, bets, bids, the Darkness card shown with 2 players) are named
only to the seat that made them; everyone else reads that a choice was made.
Cards drawn in secret are counted, never named."""

from __future__ import annotations

from . import actions as A
from . import content as C
from .rules_core import has as rules_has
from .state import OBSIDIO, State


def _name(state: State, who: int, viewer: int | None) -> str:
    if who == OBSIDIO:
        return "House Obsidio"
    return "You" if who == viewer else state.seats[who].name


def _space(i: object) -> str:
    if isinstance(i, int) and 0 <= i < len(C.SPACES):
        sp = C.SPACES[i]
        return f"{sp.name} ({C.LOCATION_NAME[sp.location]}, row {C.shown_row(i)})"
    return "an unknown space"


def _named(table: dict, key: object) -> str:
    item = table.get(key) if isinstance(key, str) else None
    return item.name if item is not None else str(key)


def describe(state: State, seat: int, action, viewer: int | None) -> str:
    """The step's line, with what it gained; then, each on a line of its own, what the
    table did by itself after it (the night's gains, a duel, an event, a scoring, a new
    year): those are nobody's doing, not the last mover's."""
    from foxtui.engine.game import IllegalAction

    from .rules import apply, apply_own

    try:
        own, after = apply_own(state, seat, action), apply(state, seat, action)
    except IllegalAction:
        return _step(state, seat, action, viewer)
    line = _step(state, seat, action, viewer, own)
    mine = _fulfilled(state, own, viewer)
    gains = house_gains(state, own, viewer)
    if gains:
        mine.append(gains)
    table = _consequences(state, own, after, viewer)
    return "\n".join([" ".join([line, *mine]), *table])


def _stars(n: int) -> str:
    return f"{n:+d} Star{'' if abs(n) == 1 else 's'}"


def _year_began(state: State, after: State) -> bool:
    """The step ran the start of a school year (its Placement phase began)."""
    return after.phase == "placement" and state.phase != "placement"


def _year_start_coins(state: State, after: State) -> dict[int, int]:
    """Coins a new school year brought by itself (Tri-Frost's 2 at every year's start)."""
    if not _year_began(state, after):
        return {}
    return {i: 2 for i in range(len(after.players)) if rules_has(after, i, "trifrost", 1)}


def _fulfilled(state: State, after: State, viewer: int | None) -> list[str]:
    out = []
    for i, (p, q) in enumerate(zip(state.players, after.players)):
        for card in q.fulfilled[len(p.fulfilled) :]:
            out.append(f"{_name(state, i, viewer)} fulfilled {C.PROPHECY[card].name} ({_stars(C.PROPHECY[card].stars)}).")
    return out


def _consequences(state: State, own: State, after: State, viewer: int | None) -> list[str]:
    """What the table does by itself once the step (``own``: its own doings done) is
    over, a line each: Prophecies shown, duels, the gains, the new turn order, events,
    scorings, a new year, the end."""
    out = _fulfilled(own, after, viewer)
    for r in after.duel_reports[len(state.duel_reports) :]:
        shown = " vs ".join(f"{_name(state, d, viewer)} {C.GESTURE_NAME[g]}" for d, g in zip(r.duelists, r.gestures))
        won = {"none": "nobody wins", "one": "one duelist wins", "both": "both duelists win"}[r.outcome]
        right = ", ".join(_name(state, w, viewer) for w in r.right)
        out.append(f"Duel: {shown}: {won}." + (f" Right bets: {right}." if right else ""))
    year_coins = _year_start_coins(state, after)
    gains = house_gains(own, after, viewer, {i: {"Coins": n} for i, n in year_coins.items()}, head="Then, gains")
    if gains:
        out.append(gains)
    if after.order != state.order and after.round == state.round and after.phase != "setup":
        out.append("New turn order: " + ", ".join(_name(state, w, viewer) for w in after.order) + ".")
    for r in after.event_reports[len(state.event_reports) :]:
        places = ", ".join(f"{n + 1}. {_name(state, w, viewer)}" for n, w in enumerate(r.ranking))
        out.append(f"{C.EVENT[r.event].name}: {places}.")
    for r in after.scorings[len(state.scorings) :]:
        vp = ", ".join(f"{_name(state, w, viewer)} +{n} VP" for w, n in r.vp)
        out.append(f"Intermediate Scoring: {vp}.")
    if after.phase == "over" and state.phase != "over":
        from .rules_score import ranking, score

        best = ranking(after)[0]
        out.append(f"Game over: {_name(state, best, viewer)} win{'' if best == viewer else 's'} with {score(after, best)} VP.")
    elif _year_began(state, after):
        coins = "".join(f" {_name(state, i, viewer)} {'take' if i == viewer else 'takes'} {n} Coins (Tri-Frost)."
                        for i, n in year_coins.items())
        out.append(f"School year {after.round} begins.{coins}")
    return out


#: public counters of a house, in the order the log lists them: (word, singular, read); a
#: fulfilled Prophecy is told by name, so the face-down count is of the cards drawn
_COUNTERS = (
    ("VP", "VP", lambda p: sum(p.vp)),
    ("Stars", "Star", lambda p: p.stars + p.perm_stars),
    ("Energy", "Energy", lambda p: p.energy),
    ("Reputation", "Reputation", lambda p: p.reputation),
    ("Strength", "Strength", lambda p: p.strength),
    ("Knowledge", "Knowledge", lambda p: p.knowledge),
    ("Herbs", "Herb", lambda p: p.herbs),
    ("Goods", "Goods", lambda p: p.goods),
    ("Coins", "Coin", lambda p: p.coins),
    # secret cards: only how many, never which
    ("Mischief cards", "Mischief card", lambda p: len(p.mischief)),
    ("Prophecies", "Prophecy", lambda p: len(p.prophecies) + len(p.fulfilled)),
    ("Darkness cards", "Darkness card", lambda p: len(p.darkness)),
)


def _delta(n: int, word: str, one: str) -> str:
    return f"{'+' if n > 0 else '-'}{abs(n)} {one if abs(n) == 1 else word}"


def _added(before: tuple, after: tuple, table: dict) -> list[str]:
    """Public items (objects, Spells, Magical Beasts) that came or went, by name."""
    out = [f"+{_named(table, x)}" for x in sorted(set(after) - set(before))]
    return out + [f"-{_named(table, x)}" for x in sorted(set(before) - set(after))]


def house_gains(state: State, after: State, viewer: int | None, aside: dict[int, dict[str, int]] | None = None,
                head: str = "Gains") -> str:
    """What the step changed for each house, in public quantities only: the tracks,
    resources, Stars, VP, objects, Spells, beasts and how many secret cards it holds.
    ``aside``: per house, amounts told elsewhere (a new year's Coins). Houses with no
    change are left out."""
    parts = []
    for i, (p, q) in enumerate(zip(state.players, after.players)):
        told = (aside or {}).get(i, {})
        bits = [_delta(d, word, one) for word, one, read in _COUNTERS
                if (d := read(q) - read(p) - told.get(word, 0))]
        bits += _added(p.objects, q.objects, C.OBJECT)
        bits += _added(p.learned, q.learned, C.SPELL)
        bits += _added(tuple(b.id for b in p.beasts), tuple(b.id for b in q.beasts), C.BEAST)
        if bits:
            parts.append(f"{_name(state, i, viewer)}: {', '.join(bits)}")
    o, n = state.obsidio, after.obsidio
    if o is not None and n is not None:
        bits = [_delta(b - a, w, one) for w, one, a, b in (("VP", "VP", o.vp, n.vp), ("Stars", "Star", o.stars, n.stars)) if a != b]
        if bits:
            parts.append(f"House Obsidio: {', '.join(bits)}")
    return (f"{head}: " + "; ".join(parts) + ".") if parts else ""


def _step(state: State, seat: int, action, viewer: int | None, after: State | None = None) -> str:
    who = _name(state, seat, viewer)
    me = viewer == seat
    t = state.tasks[-1] if state.tasks else None
    k = type(action)
    if k is A.PickStudent:
        return f"You keep {_named(C.STUDENT, action.card)} as your Student card." if me else f"{who} kept a Student card."
    if k is A.PickHouse:
        return f"{who} joined House {C.HOUSE_NAME.get(action.house, action.house)}."
    if k is A.PickObject:
        o = C.OBJECT.get(action.object)
        return f"{who} took the {o.name if o else action.object}."
    if k is A.PickBeast:
        beast = _named(C.BEAST, action.beast)
        if after is not None and action.beast not in (b.id for b in after.players[seat].beasts):
            return f"{who} {'choose' if me else 'chooses'} the {beast}, paying for it next."
        return f"{who} attracted the {beast}."
    if k is A.PickPair:
        return f"{who} took the Obsidio markers {'1 and 3' if action.pair == 0 else '2 and 4'}."
    if k is A.Place:
        what = f"the {_named(C.BEAST, action.beast)}" if action.beast else "a wizard"
        return f"{who} placed {what} on {_space(action.space)}."
    if k is A.PlaceObsidio:
        return f"{who} placed an Obsidio marker on {_space(action.space)}."
    if k is A.Recover:
        return f"{who} refreshed {action.count} Magical Beast{'s' if action.count > 1 else ''}."
    if k is A.PlayMischief:
        card = action.card if isinstance(action.card, str) else ""
        if card.partition("#")[0] in C.MISCHIEF:
            return f"{who} played the Mischief card {C.mischief(card).name}: {C.mischief_text(card, yours=me)}"
        return f"{who} played a Mischief card."
    if k is A.DoubleTurn:
        return f"{who} will place two meeples this turn."
    if k is A.SkipTurn:
        return f"{who} let this turn go by."
    if k is A.Use:
        return f"{who} used {_space(t.a)}." if t is not None and t.kind == "resolve" else f"{who} went ahead."
    if k is A.Train:
        return f"{who} trained over {action.spaces} space{'s' if action.spaces != 1 else ''}."
    if k is A.Rest:
        if after is None:
            return f"{who} rested instead."
        energy = after.players[seat].energy - state.players[seat].energy
        return f"{who} rested instead ({'+' if energy >= 0 else ''}{energy} Energy)."
    if k is A.Leave:
        return f"{who} left the space unused."
    if k is A.Learn:
        spell = _named(C.SPELL, action.spell)
        if after is not None and action.spell not in after.players[seat].learned:
            return f"{who} {'choose' if me else 'chooses'} to learn {spell}, paying for it next."
        return f"{who} learned {spell}."
    if k is A.PayWith:
        parts = [f"{n} {one if n == 1 else word}" for n, word, one in ((action.herbs, "Herbs", "Herb"), (action.goods, "Goods", "Goods")) if n]
        if not parts:
            return f"{who} paid without using Coins as wildcards."
        return f"{who} paid Coins in place of {' and '.join(parts)} (-1 Reputation)."
    if k is A.Done:
        kind = t.kind if t is not None else ""
        return {
            "cut": f"{who} {'keep' if me else 'keeps'} the Spells on offer as they are." if t is not None and t.a == 0 else f"{who} learned no Spell.",
            "bribe": f"{who} left the Teachers as they are." if t is not None and t.a == 0 else f"{who} left the rest of the Teacher deck as it is.",
            "learn2": f"{who} learned no second Spell.",
            "spy": f"{who} placed no more Event markers.",
            "freeze": f"{who} placed no more ice.",
        }.get(kind, f"{who} played no more Mischief cards." if kind.endswith("mischief") else f"{who} {'are' if me else 'is'} done.")
    if k is A.Spy:
        return f"{who} put an Event marker on the Magical Event in position {action.event + 1 if isinstance(action.event, int) else '?'}."
    if k is A.DiscardSpell:
        return f"{who} threw {_named(C.SPELL, action.spell)} out of the Classroom."
    if k is A.PickTeacher:
        if t is not None and t.kind == "bribe" and t.a >= 1:
            if not me:
                return f"{who} rearranged the Teacher deck."
            place = "on top of" if t.a == 1 else f"in place {t.a} from the top of"
            return f"You put {_named(C.TEACHER, action.teacher)} {place} the Teacher deck."
        return f"{who} bribed {_named(C.TEACHER, action.teacher)} into supervising."
    if k is A.SwapDuelist:
        return f"{_name(state, action.into, viewer)} replaces {_name(state, action.out, viewer)} in the Duel Arena."
    if k is A.StealFrom:
        return f"{who} stole a Mischief card from {_name(state, action.seat, viewer)}."
    if k is A.TakeResource:
        return f"{who} took 1 {action.resource}."
    if k is A.Target:
        return f"{who} aimed the Mischief card at {_name(state, action.seat, viewer)}."
    if k is A.DiscardBeast:
        return f"{who} let the {_named(C.BEAST, action.beast)} go."
    if k is A.Freeze:
        return f"{who} froze the {C.LOCATION_NAME.get(action.location, action.location)}."
    if k is A.Gesture:
        return f"You chose {C.GESTURE_NAME.get(action.gesture, action.gesture)}." if me else f"{who} chose a gesture."
    if k is A.ShowDarkness:
        if me and isinstance(action.card, int) and 0 <= action.card < len(C.DARK_VALUE):
            return f"You will duel with your {C.GESTURE_NAME[C.DARK_GESTURE[action.card]]} Darkness card ({C.DARK_VALUE[action.card]})."
        return f"{who} chose a Darkness card for the duel."
    if k is A.Bet:
        if not me:  # whether they bet at all is their secret too
            return f"{who} made their choice in the grandstand."
        if action.outcome == C.NO_BET:
            return "You chose not to bet."
        return f"You bet that {C.BET_NAME.get(action.outcome, action.outcome)}."
    if k is A.Bid:
        return f"You bid {action.energy} Energy." if me else f"{who} set an Energy dial."
    if k is A.Opponent:
        return f"{who} chose {_name(state, action.seat, viewer)} as opponent."
    return f"{who} did something unexpected."
