"""Foxpaw in words: names, what a space gives and costs, and one line (plus a few lines
of detail) for every kind of legal action. Pure functions of a View and the content
tables: every screen of the Foxpaw panel writes its sentences with these."""

from __future__ import annotations

from typing import Any

import msgspec
from rich.text import Text

from foxtui.games.foxpaw import actions as A
from foxtui.games.foxpaw import content as C
from foxtui.games.foxpaw import effects as E
from foxtui.games.foxpaw.state import OBSIDIO

#: a colour per house (text always names the house too: colour only helps)
HOUSE_STYLE = {"aquatis": "bright_blue", "ignis": "bright_red", "trifrost": "bright_cyan", "shadowvein": "bright_magenta"}
OBSIDIO_STYLE = "bright_black"

#: the board's locations in the order of the pages (the Duel Arena where the board shows it)
LOCATIONS = ("farm", "lounge", "kiosk", "duel", "sports", "library", "study", "classroom", "dormitory", "carnival")
LOCATION_NAME = {**C.LOCATION_NAME, "duel": "Duel Arena"}
TIME_WORDS = {
    "morning": "Morning: used as soon as you place",
    "path": "used at the Evaluation, top to bottom",
    "night": "Night: one wizard per house",
}
RESOURCE_NAME = {"herbs": "Herb", "goods": "Goods", "coins": "Coin"}
PHASE_NAME = {
    "setup": "Setting up",
    "placement": "Placement",
    "evaluation": "Evaluation",
    "event": "Magical Event",
    "scoring": "Intermediate Scoring",
    "cleanup": "Cleanup",
    "over": "Game over",
}


def who(view: Any, w: int) -> str:
    """A participant's name: a player, or House Obsidio (-1)."""
    return "House Obsidio" if w == OBSIDIO else view.names[w]


def house_name(house: str) -> str:
    return C.HOUSE_NAME.get(house, "no house yet")


def who_text(view: Any, w: int, *, house: bool = False) -> Text:
    """A name in its house's colour (and the house, when asked)."""
    if w == OBSIDIO:
        return Text("House Obsidio", style=OBSIDIO_STYLE)
    h = view.houses[w].house
    out = Text(view.names[w], style=HOUSE_STYLE.get(h, ""))
    if house and h:
        out.append(f" ({house_name(h)})")
    return out


def plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def reward(r: C.Reward) -> str:
    return C.reward_text(r)


def cost(c: C.Cost) -> str:
    return C.cost_text(c)


def rows_of(view: Any, location: str) -> list[int]:
    """The spaces of a location on this table's side of the board, top first."""
    active = set(view.active_spaces)
    return [i for i in C.LOCATION_SPACES.get(location, ()) if i in active]


#: short location words for one-line labels
SHORT_LOCATION = {**LOCATION_NAME, "lounge": "Lounge", "carnival": "Carnival"}


def shown_row(i: int) -> int:
    """The number space ``i`` goes by on screen, and its row key: its place in its
    location, 1 the top (``C.shown_row``)."""
    return C.shown_row(i)


def space_title(i: int) -> str:
    """"Farm 4 · Spy" (the location, the row, the space)."""
    sp = C.SPACES[i]
    return f"{SHORT_LOCATION[sp.location]} {shown_row(i)} · {sp.name}"


def board_order(a: Any) -> tuple:
    """Sort key: placements in the board's order (location, then row), other moves after."""
    space = getattr(a, "space", -1) if type(a) in (A.Place, A.PlaceObsidio) else -1
    if space < 0:
        return (1, 0, 0)
    sp = C.SPACES[space]
    return (0, LOCATIONS.index(sp.location), sp.row)


def beast_name(beast: str) -> str:
    return C.BEAST[beast].name if beast in C.BEAST else beast


def skill(beast: str) -> str:
    return C.skill_text(C.BEAST[beast].skill)


def object_text(obj: str) -> str:
    """"Birch Wand (Wand 0-II): 1 permanent Star; when bought +1 Knowledge; casts Forbidden Spells"."""
    o = C.OBJECT[obj]
    level = "0-II" if o.level == "low" else "III-V"
    parts = [plural(o.stars, "permanent Star")]
    if o.reward != C.NOTHING:
        parts.append(f"when bought {reward(o.reward)}")
    if o.forbidden:
        parts.append("casts Forbidden Spells")
    if o.half:
        parts.append(f"{o.half} half of a VP")
    return f"{o.name} ({o.kind.title()} {level}): {'; '.join(parts)}"


def spell_text(spell: str, house: Any | None = None) -> str:
    """"Kindle (Regular): pay 1 Herb, 2 Energy → +2 Stars", at what it costs ``house``
    (a HouseView: its Energy discounts) when given, else at the printed cost."""
    s = C.SPELL[spell]
    kind = "Forbidden" if s.forbidden else "Regular"
    price = E.spell_cost(house, spell) if house is not None and house.house else s.cost
    off = s.cost.energy - price.energy
    note = f" ({off} Energy off for you)" if off else ""
    return f"{s.name} ({kind}): pay {cost(price)}{note} → {reward(s.reward)}"


def mischief_line(card: str) -> str:
    m = C.mischief(card)
    when = {"placement": "on your placement turn", "duel": "after the duel gestures are shown",
            "event": "just before a Magical Event", "end": "kept for the final scoring"}[m.phase]
    return f"{m.name} ({when}): {C.mischief_text(card)}"


def teacher_text(teacher: str) -> str:
    t = C.TEACHER[teacher]
    return f"{t.name} ({house_name(t.house)}): {C.TEACHER_EFFECT_TEXT[t.effect]}"


def darkness_card(card: int) -> str:
    return f"{C.GESTURE_NAME[C.DARK_GESTURE[card]]} {C.DARK_VALUE[card]}"


def event_after(view: Any, position: int) -> str:
    years = view.event_years
    return f"after year {years[position]}" if position < len(years) else "not played"


def me(view: Any, seat: int | None) -> Any | None:
    return view.houses[seat] if seat is not None and 0 <= seat < len(view.houses) else None


def has_ability(house: Any | None, name: str, n: int) -> bool:
    """Whether a house (a HouseView) may use its ability ``n`` (1 or 2)."""
    return house is not None and house.house == name and C.HOUSE[name].abilities[n - 1] in house.abilities


# --- what a space gives and costs -----------------------------------------------------------


def _teacher_effect(view: Any) -> str:
    return C.TEACHER[view.teacher].effect if view.teacher in C.TEACHER else ""


def _skill_sum(house: Any | None, kind: str, location: str = "") -> int:
    return E.skill_total(house, kind, location) if house is not None else 0


class _Nobody:
    """A house with nothing: the public view's stand-in for "the one who places"."""

    house, wish, beasts = "", False, ()


def _house(view: Any, seat: int | None) -> Any:
    return me(view, seat) or _Nobody()


def rest_energy(view: Any, seat: int | None) -> int:
    return E.rest_energy(view.teacher, _house(view, seat))


def _told_gain(h: Any, change: E.Change) -> tuple[C.Reward, bool]:
    """What a change gives as the tracks take it (Energy stops at 12, Reputation at 5,
    Strength and Knowledge at 12), and whether a track cut it short."""
    g = change.gain
    if not hasattr(h, "energy"):
        return g, False
    n = change.net(h)
    told = msgspec.structs.replace(
        g,
        energy=n["energy"] + change.cost.energy if g.energy > 0 else g.energy,
        reputation=n["reputation"] + (1 if sum(change.by_coin) else 0) if g.reputation > 0 else g.reputation,
        strength=n["strength"], knowledge=n["knowledge"],
        choice=max(0, g.choice),  # a resource owed and taken is no gain of its own
    )
    return told, told != g


def change_text(view: Any, seat: int | None, change: E.Change) -> str:
    """One sentence for what a move does to the mover: "Pay 1 Herb, 1 Energy → +4 Stars."."""
    h = _house(view, seat)
    parts = []
    if change.cost != C.FREE:
        pay = f"Pay {cost(change.cost)}"
        herbs, goods = change.by_coin
        if herbs + goods:
            instead = " and ".join(p for p in (plural(herbs, "Herb") if herbs else "", f"{goods} Goods" if goods else "") if p)
            pay += f" ({plural(herbs + goods, 'Coin')} for {instead}, −1 Reputation)"
        parts.append(pay)
    told, cut = _told_gain(h, change)
    gains = [reward(told)] if told != C.NOTHING else []
    if change.perm_stars:
        gains.append(f"+{plural(change.perm_stars, 'permanent Star')}")
    if change.broom_vp:
        gains.append("+1 VP (both halves of a Broom point)")
    for talent in ("strength", "knowledge"):
        before = getattr(h, talent, C.TALENT_VP_AT)
        if before < C.TALENT_VP_AT <= before + getattr(told, talent):
            gains.append(f"+1 VP ({talent.title()} {C.TALENT_VP_AT})")
    if parts and gains:
        text = f"{', '.join(parts)} → {', '.join(gains)}"
    else:
        text = ", ".join(parts or gains) or "Nothing"
    return text + (" (a track stops at its end)" if cut else "") + "."


def _short_words(short: tuple[int, int]) -> str:
    """"You pay 1 Coin for 1 Goods (−1 Reputation)": what a house short of Herbs or Goods pays."""
    herbs, goods = short
    instead = " and ".join(p for p in (plural(herbs, "Herb") if herbs else "", f"{goods} Goods" if goods else "") if p)
    return f"You pay {plural(herbs + goods, 'Coin')} for {instead} (−1 Reputation)"


def signed(n: int) -> str:
    """"+2", "−1" (the minus sign of the board's words)."""
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


def sleep_places(view: Any, i: int) -> tuple[int, int]:
    """The places in the sleep order (1 the first) a wizard going out at night to space
    ``i`` ends up at, at best and at worst. The Dormitory sleeps first, from its top bed,
    then the Carnival from its top space; beds fill from the top, so a bed's place is
    sure. At the Carnival, the houses still to go out at night may lie down ahead: in
    the Dormitory, or above; those that cannot find a free space below must."""
    night = [j for loc in ("dormitory", "carnival") for j in rows_of(view, loc)]
    if i not in night:
        return 0, 0
    k = night.index(i)
    ahead = sum(len(view.board[j]) for j in night[:k])
    out_already = sum(len(view.board[j]) for j in night)
    others = max(0, len(view.order) - out_already - (0 if view.board[i] else 1))
    if C.SPACES[i].location == "dormitory":
        return ahead + 1, ahead + 1
    free_below = sum(1 for j in night[k + 1:] if not view.board[j])
    return ahead + 1 + max(0, others - free_below), ahead + 1 + others


def sleep_words(view: Any, i: int, seat: int | None) -> str:
    """The night's Reputation for a wizard going to space ``i``: its place in the sleep
    order (the new turn order), and what that place gives on the Reputation track."""
    best, worst = sleep_places(view, i)
    if not best:
        return ""
    reps = C.DORM_REPUTATION
    h = _house(view, seat)
    now = getattr(h, "reputation", None)
    gains = [reps[p - 1] if p <= len(reps) else 0 for p in (best, worst)]
    stops = [C.REP_MAX if r > 0 else C.REP_MIN for r in gains
             if now is not None and not C.REP_MIN <= now + r <= C.REP_MAX]
    stop = f" (the track stops at {stops[0]})" if stops else ""
    # (short: at 80x24 the Carnival's lines fill the description's room)
    if best == worst:
        return f"Sleep order: {ordinal(best)}, {signed(gains[0])} Reputation{stop}."
    return f"Sleep order: {ordinal(best)} to {ordinal(worst)}, {signed(gains[0])} to {signed(gains[1])} Reputation{stop}."


def space_lines(view: Any, i: int, seat: int | None) -> list[str]:
    """What the space does, as a few short sentences (costs first), told to ``seat``: with
    its house's abilities, beasts and the supervising Teacher (``effects``, as the rules
    pay them)."""
    sp = C.SPACES[i]
    house = me(view, seat)
    h = _house(view, seat)
    out: list[str] = []
    k = sp.kind
    # a house short of the Herbs or Goods pays Coins for them (-1 Reputation): say so here,
    # for a Morning space with one way to use it is used as soon as it is placed on
    short = E.by_coin(h, sp.cost) if hasattr(h, "goods") else (0, 0)
    if k == "information":
        if sum(short):
            out.append(change_text(view, seat, E.Change(cost=sp.cost, by_coin=short, gain=sp.reward)))
        else:
            out.append(f"Pay {cost(sp.cost)}: {reward(sp.reward)}.")
    elif k == "attract":
        offer = ", ".join(beast_name(b) for b in view.beasts) or "none left"
        out.append(f"Pay {cost(sp.cost)}: take a Magical Beast from the offer ({offer}).")
        if sum(short):
            out.append(f"{_short_words(short)}.")
    elif k == "spy":
        if sp.reward != C.NOTHING:
            out.append(f"{reward(sp.reward)}.")
        out.append(f"Put {plural(sp.markers, 'Event marker')} on face-down Magical Events and look at them.")
    elif k == "gain":
        extra = ""
        if sp.location == "kiosk":
            coins = E.kiosk_coins(view.teacher, h)
            if coins:
                extra = f" (with {plural(coins, 'more Coin')} from the Teacher or a beast)"
        out.append(f"{reward(E.use_gain(view.teacher, h, i))}{extra}.")
    elif k == "bribery":
        if view.year < view.years:
            out.append("Choose the supervising Teacher, then next year's; you learn the Teacher deck's order.")
        else:  # no year comes after the last: the deck's order changes nothing
            out.append("Choose the supervising Teacher for the rest of the last year.")
    elif k == "cut_in_line":
        out.append("You may throw one Spell out of the Classroom, then learn one Spell (paying its cost).")
    elif k == "call_in_sick":
        if len(view.names) == 4:
            out.append("Swap one duelist with a spectator for this year's duel.")
        else:
            out.append("The Duel markers move on one step at once.")
    elif k == "tattle":
        out.append("Steal a random Mischief card from each of two players (the deck stands in).")
    elif k == "train":
        talent = "Strength" if sp.location == "sports" else "Knowledge"
        out.append(f"At the Evaluation: 1 Energy per space, here {reward(E.train_gain(h, i, 1))}; "
                   f"you may train on over the free spaces below.")
        bonus = _skill_sum(house, "train_bonus", sp.location)
        if bonus:
            out.append(f"Your beast adds +{bonus} {talent} once, however far you train.")
    elif k == "study":
        out.append(f"At the Evaluation: buy a Wand or Broom for {plural(view.object_price, 'Coin')}; "
                   f"it needs Strength (Brooms) or Knowledge (Wands) of at least {view.year}.")
    elif k == "classroom":
        n = "1 Spell" if sp.spells == 1 else "1 Spell (2 with Reputation 3 or more)"
        gift = f", and {reward(sp.reward)}" if sp.reward != C.NOTHING else ""
        off = E.spell_discount(h)
        discount = f" (every Spell costs you {off} Energy less)" if off else ""
        out.append(f"At the Evaluation: learn {n}, paying its cost{discount}{gift}.")
    elif k == "dormitory":
        bonus = " (+1 from the Teacher)" if _teacher_effect(view) == "dorm_energy" else ""
        gain = E.night_gain(view.teacher, view.carnival, h, i)
        early = ": early to bed, early next year" if view.year < view.years else ""
        out.append(f"At night: {reward(gain)}{bonus}. Beds fill from the top{early}.")
    elif k == "carnival":
        card = C.CARNIVAL.get(view.carnival)
        if card is None:
            out.append(f"At night: {reward(sp.reward)}.")
        else:
            extra = " (Aquatis: a second Mischief card)" if has_ability(house, "aquatis", 1) else ""
            out.append(f"At night: {reward(E.night_gain(view.teacher, view.carnival, h, i))}{extra}.")
            shared = f"; {reward(card.centered)} for all here" if card.centered != C.NOTHING else ""
            out.append(f"(The card: {reward(card.rows[sp.row - 2])} on this row{shared}.)")
    if k in ("dormitory", "carnival"):
        out.append(sleep_words(view, i, seat))
    if sp.darkness:
        n = E.darkness_count(view.teacher, h) if h.house else 1
        if n:
            out.append(f"Darkness space: entering draws {plural(n, 'Darkness card')} for you.")
        else:  # the supervising Teacher spares this house (its own, or nobody draws this year)
            out.append(f"Darkness space: no Darkness card for you under {C.TEACHER[view.teacher].name}.")
    if sp.location in view.ice and h.house != "trifrost":
        out.append("Iced: entering costs 1 Energy, paid to Tri-Frost.")
    return out


def occupant(view: Any, m: Any) -> Text:
    """Who stands on a space: a wizard, a beast, or an Obsidio marker (it blocks the space)."""
    if m.owner == OBSIDIO:
        return Text(f"Obsidio {m.marker}" + ("" if m.marker == 5 else " (blocked)"), style=OBSIDIO_STYLE)
    out = who_text(view, m.owner)
    if m.beast:
        out.append(f"'s {beast_name(m.beast)}")
    return out


# --- decisions -------------------------------------------------------------------------------


def prompt(view: Any, seat: int | None) -> str:
    """What the game waits for, told to ``seat`` when it is that seat's decision."""
    d = view.decision
    if d is None:
        return "The game is over." if view.phase == "over" else ""
    mine = seat is not None and seat in view.to_act
    k = d.kind
    name = ", ".join(who(view, s) for s in view.to_act) or "nobody"
    ev = C.EVENT[view.event.event].name if view.event is not None else "the Magical Event"
    if k == "student":
        return "Keep one of your two Student cards (secret)." if mine else f"{name}: keeping a Student card in secret."
    if k == "house":
        return "Choose your house." if mine else f"{name} is choosing a house."
    if k == "start_object":
        return "Starting Material 1: take a Wand or Broom for free." if mine else f"{name} takes a free Wand or Broom."
    if k == "start_beast":
        return "Starting Material 2: take a Magical Beast for free." if mine else f"{name} takes a free Magical Beast."
    if k == "pair":
        return "Which House Obsidio markers do you hold this year?" if mine else f"{name} chooses the Obsidio markers."
    if k == "turn":
        return "Your turn: place a meeple." if mine else f"{name}'s turn to place."
    if k == "obs_turn":
        n = view.obsidio.next if view.obsidio is not None else 0
        text = f"House Obsidio's turn: place its marker {n} (it blocks that space this year)."
        return text if mine else f"{name} places House Obsidio's marker {n}."
    if k == "resolve":
        where = space_title(d.space)
        return f"{where}: use it, rest, or leave it unused." if mine else f"{name} at {where}."
    if k == "target":
        card = C.mischief(d.card).name if d.card else "Mischief"
        return f"{card}: choose a player." if mine else f"{name} aims {card} at someone."
    if k == "discard_beast":
        return "One Magical Beast too many: let one go." if mine else f"{name} lets a Magical Beast go."
    if k == "spy":
        return f"Spy: place {plural(d.count, 'more Event marker')}?" if mine else f"{name} is spying."
    if k == "bribe":
        if d.step == 0:
            return "Bribery: which Teacher supervises this year?" if mine else f"{name} bribes a Teacher."
        if d.step == 1:
            return "Bribery: which Teacher comes next year?" if mine else f"{name} arranges the Teacher deck."
        return f"Bribery: which Teacher goes {ordinal(d.step)} from the top?" if mine else f"{name} arranges the Teacher deck."
    if k == "pay":
        what = _bought(d)
        return f"Pay for {what}: use Coins for Herbs or Goods?" if mine else f"{name} pays for {what}."
    if k == "cut":
        if d.step == 0:
            return "Cut in line: throw a Spell out of the Classroom?" if mine else f"{name} cuts in line."
        return "Cut in line: learn a Spell?" if mine else f"{name} may learn a Spell."
    if k == "tattle":
        return f"Tattle: steal from whom ({d.count} to go)?" if mine else f"{name} is tattling."
    if k == "resource":
        return f"Take {plural(d.count, 'resource')} of your choice." if mine else f"{name} takes a resource."
    if k == "duel_secret":
        if not mine:
            return f"The duel: waiting for {name} to choose in secret."
        if seat in view.duelists:
            if len(view.names) == 2:
                return "You duel: pick a Darkness card in secret; its gesture is yours."
            return "You duel: choose your gesture in secret."
        return "The duel: bet on its outcome in secret."
    if k == "duel_mischief":
        return "The gestures are shown: play a Mischief card to change one?" if mine else f"{name} may change a gesture."
    if k == "duel_target":
        return "Whose gesture changes?" if mine else f"{name} changes a duelist's gesture."
    if k == "learn2":
        return "Reputation 3 or more: learn a second Spell?" if mine else f"{name} may learn a second Spell."
    if k == "freeze":
        return "Tri-Frost: put an ice marker where you stood?" if mine else f"{name} places ice."
    if k == "event_mischief":
        return f"Before {ev}: play a Mischief card?" if mine else f"{name} may play a Mischief card before {ev}."
    if k == "bid":
        return f"{ev}: set your Energy dial in secret." if mine else f"{ev}: waiting for {name} to set their dials."
    if k == "opponent":
        return f"{ev}: you have the fewest VP: pick your opponent." if mine else f"{name} picks an opponent."
    return f"Waiting for {name}."


def label(view: Any, a: Any, seat: int | None) -> str:
    """One line for a legal action."""
    d = view.decision
    k = type(a)
    if k is A.PickStudent:
        s = C.STUDENT[a.card]
        return f"{s.name} — " + (f"wish: {house_name(s.wish)}" if s.wish else "an orphan")
    if k is A.PickHouse:
        mine = C.STUDENT.get(view.student)
        kept = " — your family's wish" if mine is not None and mine.wish == a.house else ""
        return f"Join {house_name(a.house)}{kept}"
    if k is A.PickObject:
        o = C.OBJECT[a.object]
        return f"{o.name} ({o.kind.title()}, {plural(o.stars, 'Star')})"
    if k is A.PickBeast:
        return f"{beast_name(a.beast)} ({plural(C.BEAST[a.beast].uses, 'use')})"
    if k is A.PickPair:
        return "Hold markers 1 and 3" if a.pair == 0 else "Hold markers 2 and 4"
    if k is A.Place:
        return space_title(a.space)
    if k is A.PlaceObsidio:
        return space_title(a.space)
    if k is A.Recover:
        return f"Ignis: refresh {plural(a.count, 'beast')} ({2 if a.count == 1 else 3} Energy)"
    if k is A.PlayMischief:
        return f"Play {C.mischief(a.card).name}"
    if k is A.DoubleTurn:
        return "Shadowvein: place two meeples this turn"
    if k is A.SkipTurn:
        return "Shadowvein: let this turn go by"
    if k is A.Use:
        return _use_label(view, d)
    if k is A.Train:
        return f"Train over {plural(a.spaces, 'space')} (−{a.spaces} Energy)"
    if k is A.Rest:
        return f"Rest instead: +{rest_energy(view, seat)} Energy"
    if k is A.Leave:
        return "Leave it unused"
    if k is A.Learn:
        return f"Learn {C.SPELL[a.spell].name}"
    if k is A.Done:
        return _done_label(d)
    if k is A.Spy:
        return f"Magical Event {a.event + 1} ({event_after(view, a.event)})"
    if k is A.DiscardSpell:
        return f"Throw out {C.SPELL[a.spell].name}"
    if k is A.PickTeacher:
        t = C.TEACHER[a.teacher]
        step = d.step if d is not None else 0
        verb = "Make supervise:" if step == 0 else ("Next year:" if step == 1 else f"{ordinal(step)} from the top:")
        return f"{verb} {t.name} ({house_name(t.house)})"
    if k is A.PayWith:
        if not a.herbs and not a.goods:
            return "Pay with your own Herbs and Goods"
        parts = [p for p in (plural(a.herbs, "Herb") if a.herbs else "", f"{a.goods} Goods" if a.goods else "") if p]
        return f"Coins in place of {' and '.join(parts)} (−1 Reputation)"
    if k is A.SwapDuelist:
        return f"{who(view, a.into)} duels instead of {who(view, a.out)}"
    if k is A.StealFrom:
        return f"Steal from {who(view, a.seat)} ({plural(view.houses[a.seat].mischief_cards, 'card')})"
    if k is A.TakeResource:
        return f"Take 1 {RESOURCE_NAME[a.resource]}"
    if k is A.Target:
        if d is not None and d.kind == "duel_target":
            gesture = C.mischief(d.card).effect.gesture if d.card else ""
            return f"{who(view, a.seat)} shows {C.GESTURE_NAME.get(gesture, gesture)}"
        return f"Aim at {who(view, a.seat)}"
    if k is A.DiscardBeast:
        return f"Let the {beast_name(a.beast)} go"
    if k is A.Freeze:
        return f"Freeze the {LOCATION_NAME[a.location]}"
    if k is A.Gesture:
        return C.GESTURE_NAME[a.gesture]
    if k is A.ShowDarkness:
        return f"Darkness card {darkness_card(a.card)}: duel with {C.GESTURE_NAME[C.DARK_GESTURE[a.card]]}"
    if k is A.Bet:
        return "No bet" if a.outcome == C.NO_BET else f"Bet: {C.BET_NAME[a.outcome]}"
    if k is A.Bid:
        return f"Bid {a.energy} Energy"
    if k is A.Opponent:
        return f"Face {who(view, a.seat)}"
    return type(a).__name__


def _use_label(view: Any, d: Any) -> str:
    if d is None or d.space < 0:
        return "Go ahead"
    sp = C.SPACES[d.space]
    if sp.kind == "spy":
        return f"Take {reward(sp.reward)} (no Event marker left to place)"
    if sp.kind == "classroom":
        return f"Take {reward(sp.reward)} (no Spell to learn)"
    if sp.kind == "call_in_sick":
        return "Move the Duel markers on"
    if sp.kind == "bribery":
        return "Bribe a Teacher"
    if sp.kind == "cut_in_line":
        return "Cut in line"
    if sp.kind == "tattle":
        return "Tattle"
    if sp.kind == "information":
        return f"Pay {cost(sp.cost)}: {reward(sp.reward)}"
    seat = d.seat if d.seat >= 0 else None
    return f"Use it: {reward(E.use_gain(view.teacher, _house(view, seat), d.space))}"


def _done_label(d: Any) -> str:
    kind = d.kind if d is not None else ""
    if kind == "bribe":
        return "Keep the Teacher as it is" if d.step == 0 else "Leave the rest of the deck as it is"
    if kind == "cut":
        return "Throw no Spell out" if d.step == 0 else "Learn no Spell"
    return {
        "spy": "Place no more Event markers",
        "learn2": "Learn no second Spell",
        "freeze": "Place no more ice",
        "duel_mischief": "Play no Mischief card",
        "event_mischief": "Play no Mischief card",
    }.get(kind, "Done")


def detail(view: Any, a: Any, seat: int | None) -> list[str]:
    """A few lines on what the action gives and costs (shown before it is chosen)."""
    k = type(a)
    d = view.decision
    if k is A.Place or k is A.PlaceObsidio:
        out = space_lines(view, a.space, seat)
        if k is A.PlaceObsidio:
            out = ["Nothing may enter this space this year; Obsidio never uses it."]
        who_there = view.board[a.space]
        if who_there:
            out.append("Already there: " + ", ".join(occupant(view, m).plain for m in who_there) + ".")
        return out
    if k is A.PickStudent:
        s = C.STUDENT[a.card]
        if s.wish:
            return [f"Joining {house_name(s.wish)} keeps the wish: +2 Coins, +2 permanent Stars, one ability.",
                    "Any other house: both of its abilities."]
        return ["No family wish: whichever house you join, both of its abilities are yours."]
    if k is A.PickHouse:
        h = C.HOUSE[a.house]
        mine = C.STUDENT.get(view.student)
        kept = mine is not None and mine.wish == a.house
        out = ["Wish kept: +2 Coins, +2 permanent Stars, and only this ability:"] if kept else []
        for n, text in enumerate(h.abilities, 1):
            if not kept or n == h.kept:
                out.append(f"{n}. {text}")
        out.append(f"Rival: {house_name(h.rival)}.")
        return out
    if k is A.PickObject:
        o = C.OBJECT[a.object]
        level = "0-II" if o.level == "low" else "III-V"
        change = E.preview(view, seat, a) if me(view, seat) is not None else None
        notes = [n for n in ("casts Forbidden Spells" if o.forbidden else "",
                             f"the {o.half} half of a VP" if o.half and not (change and change.broom_vp) else "") if n]
        what = change_text(view, seat, change) if change is not None else object_text(a.object) + "."
        return [f"{o.name} ({o.kind.title()} {level}): {what}"] + ([f"({'; '.join(notes)})"] if notes else [])
    if k is A.PickBeast:
        b = C.BEAST[a.beast]
        extra = " Orange; it counts toward your limit." if b.special else ""
        return [f"{b.name} ({plural(b.uses, 'use')}): {skill(a.beast)}{extra}"] + _change_lines(view, a, seat)
    if k is A.PickPair:
        mine = (1, 3) if a.pair == 0 else (2, 4)
        return [f"You place Obsidio's markers {mine[0]} and {mine[1]}; your opponent the other two."]
    if k is A.PlayMischief:
        return [mischief_line(a.card)] + [f"For you: {line}" for line in _change_lines(view, a, seat)]
    if k is A.Recover:
        return _recover_lines(view, a, seat)
    if k is A.Use:
        return _change_lines(view, a, seat)
    if k is A.Train:
        energy = me(view, seat).energy if me(view, seat) is not None else 0
        return _change_lines(view, a, seat) + [f"You have {energy} Energy."]
    if k is A.Rest:
        energy = me(view, seat).energy if me(view, seat) is not None else 0
        return _change_lines(view, a, seat) + [
            f"Instead of its effect; the meeple leaves its space for your rest space (you have {energy} Energy)."]
    if k is A.Leave:
        return ["Stand here without using the space (it counts for Prophecies while you stand here)."]
    if k is A.Learn:
        s = C.SPELL[a.spell]
        h = _house(view, seat)
        slot = view.spells.index(a.spell) if a.spell in view.spells else -1
        notes = ["Forbidden"] if s.forbidden else []  # its Darkness cards are in the sentence above
        off = s.cost.energy - E.spell_cost(h, a.spell).energy if h.house else 0
        if off:
            notes.append(f"{off} Energy off for you")
        if slot >= 0 and not view.spell_marks[slot]:
            notes.append("top place: +1 Star")
        lines = _change_lines(view, a, seat) or [spell_text(a.spell) + "."]
        return lines + ([f"({'; '.join(notes)})"] if notes else [])
    if k is A.DiscardSpell:
        return [spell_text(a.spell) + ". Its markers go back; a new Spell takes its place."]
    if k is A.PickTeacher:
        return [teacher_text(a.teacher)]
    if k is A.PayWith:
        h = me(view, seat)
        have = f"You have {plural(h.herbs, 'Herb')}, {h.goods} Goods, {plural(h.coins, 'Coin')}." if h is not None else ""
        return _change_lines(view, a, seat) + ([have] if have else [])
    if k is A.Spy:
        marks = [who(view, s) for s in view.event_marks[a.event]] if a.event < len(view.event_marks) else []
        return _change_lines(view, a, seat) + ["You will know this Magical Event for the rest of the game."] + (
            [f"Markers already on it: {', '.join(marks)}."] if marks else [])
    if k is A.Gesture:
        return _gesture_lines(view, a.gesture)
    if k is A.ShowDarkness:
        return _gesture_lines(view, C.DARK_GESTURE[a.card]) + [f"You give the card up (worth {C.DARK_VALUE[a.card]})."]
    if k is A.Bet:
        if a.outcome == C.NO_BET:
            return ["Watch without betting: nothing to win. Nobody else learns whether you bet."]
        return ["A right bet gives 1 resource of your choice, and shows itself then;",
                "a wrong one is never shown to anyone else."]
    if k is A.Bid:
        energy = me(view, seat).energy if me(view, seat) is not None else 0
        return [f"The bid is paid from your Energy (you have {energy})."]
    if k is A.Target and d is not None and d.kind == "target":
        h = view.houses[a.seat]
        return [f"{who(view, a.seat)} has {h.energy} Energy and {plural(h.coins, 'Coin')}."]
    if k is A.StealFrom:
        return ["A random card from their hand."]
    if k is A.TakeResource:
        return _change_lines(view, a, seat)
    if k is A.Opponent:
        return ["The other two houses face each other."]
    if k is A.Freeze:
        return ["The next meeple of any other house to enter a space there pays you 1 Energy."]
    if k is A.DiscardBeast:
        return [skill(a.beast)]
    return []


def _bought(d: Any) -> str:
    """What a payment step pays for: a Spell, a Magical Beast, or the space's offer."""
    item = d.card if d is not None else ""
    if item in C.SPELL:
        return C.SPELL[item].name
    if item in C.BEAST:
        return f"the {C.BEAST[item].name}"
    return C.SPACES[d.space].name if d is not None and d.space >= 0 else "it"


def _change_lines(view: Any, a: Any, seat: int | None) -> list[str]:
    """The one sentence of what the move does to the mover (``effects.preview``)."""
    if seat is None or me(view, seat) is None:
        return []
    change = E.preview(view, seat, a)
    if change is None or change == E.Change():
        return []
    return [change_text(view, seat, change)]


def _recover_lines(view: Any, a: Any, seat: int | None) -> list[str]:
    """Ignis's refresh: which beasts come back as new (the most worn first), for how much."""
    h = me(view, seat)
    if h is None:
        return []
    tired = sorted((b for b in h.beasts if b.exhausted), key=lambda b: -b.exhausted)[: a.count]
    names = " and ".join(f"the {beast_name(b.id)} (used {b.exhausted} of {b.uses})" for b in tired)
    lines = _change_lines(view, a, seat)
    again = f"{names[0].upper()}{names[1:]} {'are' if a.count > 1 else 'is'} as good as new again."
    return lines + [f"{again} You have {h.energy} Energy."]


def _gesture_lines(view: Any, gesture: str) -> list[str]:
    """What a gesture earns against each of the other's gestures, with this Duel card."""
    card = C.DUEL.get(view.duel)
    if card is None:
        return []
    from foxtui.games.foxpaw.rules_duel import PAYS

    out = []
    for other in C.GESTURES:
        pays = PAYS[(gesture, other)]
        out.append(f"Against {C.GESTURE_NAME[other]}: " + (reward(getattr(card, pays)) if pays else "nothing"))
    return out


def location_of(view: Any, a: Any) -> str | None:
    """The location page an action is about (the panel zooms there), or None."""
    k = type(a)
    if k in (A.Place, A.PlaceObsidio):
        return C.SPACES[a.space].location
    if k in (A.Learn, A.DiscardSpell):
        return "classroom"
    if k is A.PickTeacher:
        return "lounge"
    if k in (A.Gesture, A.Bet, A.ShowDarkness, A.SwapDuelist):
        return "duel"
    if k is A.PickObject and view.decision is not None and view.decision.kind == "resolve":
        return "study"
    if k is A.Freeze:
        return a.location
    return None
