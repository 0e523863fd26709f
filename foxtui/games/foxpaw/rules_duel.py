"""The Duel Arena: the two duelists choose a gesture in secret while the audience
bets in secret; once everyone has chosen, the gestures are shown, Mischief cards
may change them, and the duel pays out. Each duelist discards one Darkness card
that shows their final gesture.

With 2 players every duelist duels with the gesture of a Darkness card they
choose (drawing one first if they have none), and House Obsidio's gesture comes
from a Darkness card turned up for it.
"""

from __future__ import annotations

from msgspec.structs import replace

from . import content as C
from .actions import DONE, Bet, Gesture, PlayMischief, ShowDarkness, Target
from .rules_core import (
    SIMULTANEOUS,
    auto,
    decision,
    draw_darkness,
    drop,
    gain,
    pop,
    push,
    put,
    set_obsidio,
    set_player,
    set_players,
    take_darkness,
    two,
)
from .state import OBSIDIO, DuelReport, State, Task

GESTURE_ACTIONS = [Gesture(g) for g in C.GESTURES]
BET_ACTIONS = [Bet(b) for b in C.BETS] + [Bet(C.NO_BET)]  # betting is optional

#: (gesture, other gesture) -> which reward the first duelist gets ("" none)
PAYS = {
    ("share", "share"): "share",
    ("share", "attack"): "",
    ("share", "hold"): "",
    ("attack", "share"): "attack",
    ("attack", "attack"): "",
    ("attack", "hold"): "attack",
    ("hold", "share"): "hold",
    ("hold", "attack"): "hold",
    ("hold", "hold"): "hold",
}


def duel_outcome(a: str, b: str) -> str:
    """What the bets are on (one / both / none), from the two final gestures. The
    rulebook's Attack! succeeds against Share? and against Hold back: the attacker wins,
    though Hold back is paid whatever happens, so an attack on Hold back is one winner
    with two rewards. Hold back beats Share?; the same gesture twice is both (two
    attacks: nobody)."""
    if a == b:
        return "none" if a == "attack" else "both"
    return "one"


def audience(s: State) -> list[int]:
    return [i for i in range(len(s.players)) if i not in s.duelists]


def seat_duelists(s: State) -> list[int]:
    return [d for d in s.duelists if d >= 0]


@auto("duel")
def _duel(s: State, t: Task) -> State:
    if two(s):
        for d in seat_duelists(s):
            if not s.players[d].darkness:
                s = draw_darkness(s, d, 1)
        if OBSIDIO in s.duelists:
            s, card = take_darkness(s)
            s = set_obsidio(s, dark=card)
    return push(s, Task("duel_secret"))


def _waiting(s: State) -> list[int]:
    out = []
    for i, p in enumerate(s.players):
        if i in s.duelists and two(s):
            if p.secret_n < 0 and p.darkness:
                out.append(i)
        elif not p.secret:
            out.append(i)
    return out


SIMULTANEOUS["duel_secret"] = _waiting


def _secret_legal(s: State, t: Task, seat: int) -> list:
    if seat not in s.duelists:
        return list(BET_ACTIONS)
    if not two(s):
        return list(GESTURE_ACTIONS)
    seen: dict[tuple[str, int], int] = {}
    for c in s.players[seat].darkness:
        seen.setdefault((C.DARK_GESTURE[c], C.DARK_VALUE[c]), c)
    return [ShowDarkness(c) for c in sorted(seen.values())]


def _secret_apply(s: State, t: Task, seat: int, a) -> State:
    if isinstance(a, ShowDarkness):
        s = set_player(s, seat, secret_n=a.card)
    elif isinstance(a, Gesture):
        s = set_player(s, seat, secret=a.gesture)
    else:
        s = set_player(s, seat, secret=a.outcome)
    if not _waiting(s):
        s = _reveal(pop(s))
    return s


decision("duel_secret")((_secret_legal, _secret_apply))


def _gesture_of(s: State, who: int) -> str:
    if who == OBSIDIO:
        return C.DARK_GESTURE[s.obsidio.dark] if s.obsidio.dark >= 0 else "hold"
    p = s.players[who]
    if two(s):
        return C.DARK_GESTURE[p.secret_n] if p.secret_n >= 0 else "hold"
    return p.secret


def _reveal(s: State) -> State:
    s = replace(s, gestures=tuple(_gesture_of(s, d) for d in s.duelists), changed=(False, False))
    # in turn order, each house may change a gesture with a Mischief card: asked only
    # when it holds one that would change something
    return push(s, *(Task("duel_window", w) for w in s.order if w >= 0), Task("duel_resolve"))


def _changing(s: State, seat: int) -> list[str]:
    """The duel Mischief cards ``seat`` holds that would change a shown gesture (one of each)."""
    seen, out = set(), []
    for c in s.players[seat].mischief:
        m = C.mischief(c)
        if m.phase == "duel" and m.id not in seen and any(g != m.effect.gesture for g in s.gestures):
            seen.add(m.id)
            out.append(c)
    return out


@auto("duel_window")
def _duel_window(s: State, t: Task) -> State:
    if _changing(s, t.seat):
        s = push(s, Task("duel_mischief", t.seat))
    return s


def _window_legal(s: State, t: Task, seat: int) -> list:
    return [PlayMischief(c) for c in _changing(s, seat)] + [DONE]


def _window_apply(s: State, t: Task, seat: int, a) -> State:
    if a == DONE:
        return pop(s)
    s = set_player(s, seat, mischief=drop(s.players[seat].mischief, a.card))
    s = replace(s, mischief_discard=s.mischief_discard + (a.card,))
    return push(s, Task("duel_target", seat, s=a.card))


decision("duel_mischief")((_window_legal, _window_apply))


def _target_legal(s: State, t: Task, seat: int) -> list:
    gesture = C.mischief(t.s).effect.gesture
    return [Target(d) for d, g in zip(s.duelists, s.gestures) if g != gesture]


def _target_apply(s: State, t: Task, seat: int, a: Target) -> State:
    i = s.duelists.index(a.seat)
    s = replace(pop(s), gestures=put(s.gestures, i, C.mischief(t.s).effect.gesture), changed=put(s.changed, i, True))
    if not _changing(s, seat) and s.tasks and s.tasks[-1].kind == "duel_mischief":
        s = pop(s)  # nothing left that would change a gesture: the window closes
    return s


decision("duel_target")((_target_legal, _target_apply))


def _discard(s: State, who: int, gesture: str, changed: bool) -> tuple[State, int]:
    """The Darkness card a duelist gives up (-1: none fits)."""
    if who == OBSIDIO:
        card = s.obsidio.dark
        s = set_obsidio(s, dark=-1)
    else:
        p = s.players[who]
        card = -1
        if two(s) and not changed and p.secret_n in p.darkness:
            card = p.secret_n
        else:
            fitting = [c for c in p.darkness if C.DARK_GESTURE[c] == gesture]
            if fitting:
                card = max(fitting, key=lambda c: (C.DARK_VALUE[c], c))
            elif two(s) and p.secret_n in p.darkness:
                card = p.secret_n
        if card >= 0:
            s = set_player(s, who, darkness=drop(p.darkness, card))
    if card >= 0:
        s = replace(s, darkness_discard=s.darkness_discard + (card,))
    return s, card


@auto("duel_resolve")
def _resolve(s: State, t: Task) -> State:
    card = C.DUEL[s.duel]
    a, b = s.gestures
    pays = [PAYS[(a, b)], PAYS[(b, a)]]
    rewarded = [d for d, k in zip(s.duelists, pays) if k]
    outcome = duel_outcome(a, b)
    for d, k in zip(s.duelists, pays):
        if k and d >= 0:
            s = gain(s, d, getattr(card, k))
    crowd = audience(s)
    both_attack = a == b == "attack"
    if both_attack:
        for w in crowd:
            s = gain(s, w, card.audience)
    discarded = []
    for d, g, ch in zip(s.duelists, s.gestures, s.changed):
        s, dark = _discard(s, d, g, ch)
        discarded.append(dark)
    bets, right = [], []
    for w in crowd:
        p = s.players[w]
        if p.secret in C.BETS:
            bets.append((w, C.BETS.index(p.secret)))
            if p.secret == outcome:
                right.append(w)
                s = push(s, Task("resource", w, 1))
    report = DuelReport(s.round, s.duel, s.duelists, s.gestures, s.changed, tuple(discarded), outcome, tuple(rewarded),
                        both_attack, tuple(bets), tuple(right))
    s = set_players(s, lambda i, p: {"secret": "", "secret_n": -1})
    return replace(s, duel_reports=s.duel_reports + (report,), gestures=(), changed=())


def duel_report_for(r: DuelReport, seat: int | None) -> DuelReport:
    """A duel as ``seat`` may know it: the bets are secret, so only the right ones (they
    showed themselves when their owners took the resource) and the seat's own."""
    bets = tuple(b for b in r.bets if b[0] in r.right or b[0] == seat)
    return r if len(bets) == len(r.bets) else replace(r, bets=bets)
