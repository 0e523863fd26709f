"""Foxpaw rules: whose move it is, the legal moves, applying one, and re-dealing what
a seat cannot see. The areas of the rules live in rules_*.py; they register their
decisions and automatic steps in rules_core's tables, which this module drives.

Every function is pure: states are frozen, ``apply`` builds a new one from the one it
is given, and all chance comes from the Rng kept in ``state.rng``.
"""

from __future__ import annotations

from msgspec.structs import replace

from foxtui.engine.game import IllegalAction
from foxtui.engine.rng import Rng, Unshuffled, seed_state

from . import content as C
from . import rules_duel, rules_eval, rules_event, rules_place, rules_score, rules_setup  # noqa: F401  (register)
from .rules_core import DECISIONS, SIMULTANEOUS, advance, check_prophecies, set_player
from .rules_score import ranking, score
from .rules_setup import MAX_PLAYERS, MIN_PLAYERS, event_years, setup, years
from .rules_duel import duel_report_for
from .state import Known, State

__all__ = [
    "MAX_PLAYERS", "MIN_PLAYERS", "apply", "determinize", "event_years", "knowledge", "legal_actions", "ranking",
    "score", "setup", "to_act", "years",
]

_NOBODY: frozenset[int] = frozenset()
_SEAT = tuple(frozenset((i,)) for i in range(MAX_PLAYERS))


def to_act(state: State) -> frozenset[int]:
    if not state.tasks:
        return _NOBODY
    t = state.tasks[-1]
    waiting = SIMULTANEOUS.get(t.kind)
    if waiting is not None:
        return frozenset(waiting(state))
    return _SEAT[t.seat]


# legal_actions(state, seat) is usually followed by apply(state, seat, ...) on the very same
# state: remember the last answer (holding the state, so its id cannot be reused). One
# tuple, replaced whole, so concurrent callers never see half of an update.
_last: tuple = (None, -1, [])


def legal_actions(state: State, seat: int) -> list:
    global _last
    last = _last
    if last[0] is state and last[1] == seat:
        return last[2][:]
    out: list = []
    if state.tasks:
        t = state.tasks[-1]
        waiting = SIMULTANEOUS.get(t.kind)
        if (seat in waiting(state)) if waiting is not None else seat == t.seat:
            out = DECISIONS[t.kind][0](state, t, seat)
    _last = (state, seat, out)
    return out[:]


def _check(state: State, seat: int, action) -> None:
    if not isinstance(seat, int) or not 0 <= seat < len(state.seats):
        raise IllegalAction(f"There is no seat {seat!r} at this table.")
    if state.phase == "over":
        raise IllegalAction("The game is over.")
    legal = legal_actions(state, seat)
    if not legal:
        raise IllegalAction(_not_yours(state, seat))
    if action not in legal:
        raise IllegalAction(_why_not(state, seat, action))


def apply(state: State, seat: int, action) -> State:
    _check(state, seat, action)
    t = state.tasks[-1]
    s = advance(DECISIONS[t.kind][1](state, t, seat, action))  # Prophecies fulfilled on the way pay out as they happen
    return replace(s, steps=s.steps + 1)


def apply_own(state: State, seat: int, action) -> State:
    """The state once ``action`` itself is done (and a Prophecy it fulfilled has paid),
    before the table goes on by itself (the duel the last secret choice opens, the next
    turn, the night ...): what the log tells as the step's own. Refused as apply refuses."""
    _check(state, seat, action)
    t = state.tasks[-1]
    return check_prophecies(DECISIONS[t.kind][1](state, t, seat, action))


def _not_yours(state: State, seat: int) -> str:
    t = state.tasks[-1]
    if t.kind in SIMULTANEOUS:
        return "You have already chosen; wait for the others."
    return f"It is {state.seats[t.seat].name}'s turn to decide, not yours."


def _why_not(state: State, seat: int, action) -> str:
    """One sentence for an action that is not among the legal ones."""
    from . import actions as A

    t = state.tasks[-1]
    kind = type(action).__name__ if type(action).__module__ == A.__name__ else ""
    if not kind:
        return "That is not a Foxpaw move."
    if kind == "Place" and t.kind == "turn":
        if not isinstance(action.space, int) or not 0 <= action.space < len(C.SPACES):
            return "There is no such space."
        sp = C.SPACES[action.space]
        if action.space not in rules_place.active(state):
            return f"{sp.name} is not on this side of the board."
        if state.board[action.space]:
            return f"{sp.name} is already taken."
        if sp.time == "night":
            if action.beast:
                return "Magical Beasts never go out at night."
            if state.players[seat].night:
                return "One of your wizards is already out for the night."
            if sp.location == "dormitory":
                return "In the Dormitory you take the highest free bed."
        if action.beast:
            return "That Magical Beast is not yours to place this year."
        if state.players[seat].wizards <= 1 and not state.players[seat].night:
            return "Your last wizard must go to the Dormitory or the Midnight Carnival."
        if sp.location in state.ice:
            return "You need 1 Energy to enter a place covered in ice."
        return "You cannot place there now."
    if kind == "PayWith":
        return "You cannot pay that way: Coins may stand in for the cost's Herbs and Goods, never for more."
    if kind == "Learn":
        return "You cannot learn that Spell now (marker, places, wand, or what it costs)."
    if kind == "PickObject":
        return "You cannot take that object now (Coins, talent, or one of each kind and level)."
    if kind == "Train":
        return "You cannot train that far: you need the free spaces below you and 1 Energy for each."
    if kind == "Bid":
        return "Bid between 0 and the Energy you have."
    return "That move is not allowed right now."


# --- hidden information ------------------------------------------------------------------------


def knowledge(state: State, seat: int) -> Known:
    """What ``seat`` may know: the table with everything hidden from it dealt the one
    fixed way (every pool sorted, every secret choice the first one; see determinize),
    and the past duels' bets it never saw left out, as its View leaves them."""
    table = _deal_hidden(state, seat, Unshuffled())
    return Known(seat, replace(table, duel_reports=tuple(duel_report_for(r, seat) for r in table.duel_reports)))


def determinize(known: Known, seed: int) -> State:
    """Re-deal everything the seat cannot see, keeping all it knows: other houses' secret
    Prophecies, Mischief and Darkness cards (pooled with their decks, counts kept), their
    Student cards (kept consistent with whether they followed their family's wish), their
    committed gestures, bets and bids, the Magical Events it has not spied on, the order
    of every face-down deck, and chance itself."""
    return _deal_hidden(known.table, known.seat, Rng(seed_state(seed, "foxpaw determinize", known.seat)))


def _deal_hidden(state: State, seat: int, r: Rng) -> State:
    """``state`` with all ``seat`` cannot see dealt again by ``r`` (every pool sorted
    first, so the deal does not depend on how the state it came from was dealt)."""
    s = state
    others = [i for i in range(len(s.players)) if i != seat]
    players = {i: {} for i in others}  # the new fields of each other house, set at the end
    changes: dict = {}  # the new fields of the table

    top = s.tasks[-1].kind if s.tasks else ""
    # House Obsidio's duel card lies face down until the gestures are shown
    obsidio_card = s.obsidio is not None and s.obsidio.dark >= 0 and top == "duel_secret"

    def redeal(field: str, deck_field: str) -> None:
        pool = [c for i in others for c in getattr(s.players[i], field)] + list(getattr(s, deck_field))
        if obsidio_card and field == "darkness":
            pool.append(s.obsidio.dark)
        pool.sort()
        r.shuffle(pool)
        for i in others:
            n = len(getattr(s.players[i], field))
            players[i][field] = tuple(pool.pop() for _ in range(n))
        if obsidio_card and field == "darkness":
            changes["obsidio"] = replace(s.obsidio, dark=pool.pop())
        changes[deck_field] = tuple(pool)

    redeal("prophecies", "prophecy_deck")
    redeal("mischief", "mischief_deck")
    redeal("darkness", "darkness_deck")
    changes["students_box"] = _redeal_students(s, others, r, players)
    for i in others:
        p = s.players[i]
        if p.secret in C.GESTURES:
            players[i]["secret"] = C.GESTURES[r.below(3)]
        elif p.secret in C.BETS or p.secret == C.NO_BET:
            players[i]["secret"] = (*C.BETS, C.NO_BET)[r.below(len(C.BETS) + 1)]
        if p.secret_n >= 0:
            darkness = players[i]["darkness"]
            if top == "duel_secret" and darkness:
                players[i]["secret_n"] = darkness[r.below(len(darkness))]
            elif top == "bid":
                players[i]["secret_n"] = r.below(p.energy + 1)
    # face-down Magical Events this seat has not seen
    upcoming = s.events_done + (s.event is not None)  # the event being played is face up
    hidden = [i for i in range(upcoming, len(s.events)) if seat not in s.event_marks[i]]
    events = list(s.events)
    unseen = r.shuffled(sorted(events[i] for i in hidden))
    for i, e in zip(hidden, unseen):
        events[i] = e
    changes["events"] = tuple(events)
    for name in ("spell_deck", "beast_deck", "carnival_deck", "duel_deck"):
        changes[name] = tuple(r.shuffled(sorted(getattr(s, name))))
    if not s.players[seat].teacher_seen:
        changes["teacher_deck"] = tuple(r.shuffled(sorted(s.teacher_deck)))
    if s.event is not None and s.event.deck:
        deck = sorted(s.event.deck)
        r.shuffle(deck)
        changes["event"] = replace(s.event, deck=tuple(deck))
    changes["rng"] = r.next64()
    for i in others:
        s = set_player(s, i, **players[i])
    return replace(s, **changes)


def _redeal_students(s: State, others: list[int], r: Rng, players: dict[int, dict]) -> tuple[str, ...]:
    """Deals the others' Student cards again (into ``players``, seat -> new fields);
    returns the new box."""
    # sorted first: a sample must not depend on how the state it came from was dealt
    pool = sorted([c for i in others for c in s.players[i].students] + list(s.students_box))
    r.shuffle(pool)
    # A kept card must agree with the wish everyone saw: houses already chosen pick
    # theirs first, by a search that always succeeds (the real deal is one answer), so
    # no kept card of the real state is ever reused.
    keepers = [i for i in sorted(others, key=lambda i: not s.players[i].house) if s.players[i].student]

    def fits(i: int, c: str) -> bool:
        p = s.players[i]
        return not p.house or (C.STUDENT[c].wish == p.house) == p.wish

    def place(k: int, left: list[str]) -> list[str] | None:
        if k == len(keepers):
            return []
        for n, c in enumerate(left):
            if fits(keepers[k], c):
                rest = place(k + 1, left[:n] + left[n + 1 :])
                if rest is not None:
                    return [c, *rest]
        return None

    kept = place(0, pool)
    assert kept is not None, "no deal of Student cards agrees with the wishes seen"
    for c in kept:
        pool.remove(c)
    chosen = dict(zip(keepers, kept))
    for i in sorted(others, key=lambda i: not s.players[i].house):
        if i in chosen:
            players[i]["student"] = chosen[i]
            players[i]["students"] = (chosen[i], pool.pop())
        else:
            players[i]["students"] = (pool.pop(), pool.pop())
    return tuple(pool)
