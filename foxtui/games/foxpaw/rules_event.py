"""Magical Events (after school years 2, 4 and 5): the next face-down event of the
row is turned up and played; placings pay the event's rewards. Ties always go to
whoever went to bed earlier. With 2 players House Obsidio takes part with the
values of the Obsidio card (and all of its Energy).

Kinds: ``sum`` (Behemoth Fighting), ``bid`` (Dragon Fighting: secret Energy bids,
equal bids fall to the last places), ``bracket`` (Magical Conflict and Quina,
4 players: two rounds of 1-against-1 bids), ``deck`` (TriMagic Triathlon, Potion
Brewing, Skirmish Cup: Event Action cards knock out the lowest, one a round).
"""

from __future__ import annotations

from . import content as C
from .actions import DONE, Bid, Opponent, PlayMischief
from .rules_core import (
    SIMULTANEOUS,
    auto,
    change_energy,
    decision,
    drop,
    gain,
    new_event_run,
    participants,
    push,
    rank_by,
    shuffled,
    skill_total,
    sleep_rank,
)
from .state import OBSIDIO, EventReport, State, Task

MAX_DRAWS = 200  # a safety net: Reshuffle cards cannot keep an event going forever


@auto("event")
def _event(s: State, t: Task) -> None:
    s.phase = "event"
    event = s.events[s.events_done]
    s.event = new_event_run(event, s.events_done + 1, participants(s))
    deck = C.EVENT[event].deck
    if deck:  # the Event Action cards, shuffled face down
        s.event.deck = list(shuffled(s, [c.symbol for c in deck for _ in range(c.count)]))
    for p in s.players:
        p.event_bonus = 0
    windows = [
        Task("event_mischief", w)
        for w in s.order
        if w >= 0 and any(C.mischief(c).phase == "event" for c in s.players[w].mischief)
    ]
    push(s, *windows, Task("event_run"))


def _window_legal(s: State, t: Task, seat: int) -> list:
    seen, out = set(), []
    for c in s.players[seat].mischief:
        m = C.mischief(c)
        if m.phase == "event" and m.id not in seen:
            seen.add(m.id)
            out.append(PlayMischief(c))
    return out + [DONE]


def _window_apply(s: State, t: Task, seat: int, a) -> None:
    if a == DONE:
        s.tasks.pop()
        return
    p = s.players[seat]
    p.mischief = drop(p.mischief, a.card)
    s.mischief_discard += (a.card,)
    p.event_bonus += C.mischief(a.card).effect.amount


decision("event_mischief")((_window_legal, _window_apply))


def obsidio_values(s: State) -> C.ObsidioValues:
    return C.OBSIDIO.events[min(s.event.number, 3) - 1]


def value(s: State, who: int, measure: str) -> int:
    """A participant's value in one measure of the current event (bonuses not included)."""
    if who == OBSIDIO:
        if measure == "cards":
            return 0
        if measure == "darkness_spaces":
            return sum(1 for i in C.DARK_SPACES for m in s.board[i] if m.owner == OBSIDIO)
        return getattr(obsidio_values(s), measure)
    p = s.players[who]
    if measure == "cards":
        return len(p.mischief) + len(p.prophecies)
    if measure == "darkness_spaces":
        return sum(1 for i in C.DARK_SPACES for m in s.board[i] if m.owner == who)
    if measure in ("wand", "broom"):
        return sum(C.OBJECT[o].stars for o in p.objects if C.OBJECT[o].kind == measure)
    return getattr(p, measure)


def bonus(s: State, who: int) -> int:
    if who == OBSIDIO:
        return 0
    return s.players[who].event_bonus + skill_total(s, who, "event_bonus")


@auto("event_run")
def _run(s: State, t: Task) -> None:
    ev = C.EVENT[s.event.event]
    e = s.event
    if ev.kind == "sum":
        score = {w: sum(value(s, w, m) for m in ev.measures) + bonus(s, w) for w in e.alive}
        e.ranking = rank_by(s, e.alive, score.__getitem__)
        e.lines = [f"{_who(s, w)}: {score[w]}" for w in e.ranking]
        s.tasks.append(Task("event_end"))
    elif ev.kind == "bid":
        push(s, Task("bid"), Task("bid_end"))
    elif ev.kind == "bracket":
        seats = [w for w in e.alive if w >= 0]
        chooser = min(seats, key=lambda w: (sum(s.players[w].vp), sleep_rank(s, w)))
        s.tasks.append(Task("opponent", chooser))
    else:
        _deck_event(s)
        s.tasks.append(Task("event_end"))


def _who(s: State, w: int) -> str:
    return "House Obsidio" if w == OBSIDIO else s.seats[w].name


# --- secret Energy bids ---------------------------------------------------------------------


SIMULTANEOUS["bid"] = lambda s: [i for i, p in enumerate(s.players) if p.secret_n < 0]


def _bid_legal(s: State, t: Task, seat: int) -> list:
    return [Bid(e) for e in range(s.players[seat].energy + 1)]


def _bid_apply(s: State, t: Task, seat: int, a: Bid) -> None:
    s.players[seat].secret_n = a.energy
    if not SIMULTANEOUS["bid"](s):
        s.tasks.pop()


decision("bid")((_bid_legal, _bid_apply))


def _bid_of(s: State, who: int) -> int:
    return obsidio_values(s).energy if who == OBSIDIO else s.players[who].secret_n


def _pay_bids(s: State) -> None:
    for i, p in enumerate(s.players):
        if p.secret_n > 0:
            change_energy(s, i, -p.secret_n)
        p.secret_n = -1


@auto("bid_end")
def _dragon(s: State, t: Task) -> None:
    """Unique bids rank highest first; everyone whose bid someone else matched falls
    to the last places (higher bids first, then sleep order)."""
    e = s.event
    total = {w: _bid_of(s, w) + bonus(s, w) for w in e.alive}
    counts: dict[int, int] = {}
    for v in total.values():
        counts[v] = counts.get(v, 0) + 1
    unique = rank_by(s, [w for w in e.alive if counts[total[w]] == 1], total.__getitem__)
    tied = rank_by(s, [w for w in e.alive if counts[total[w]] > 1], total.__getitem__)
    e.ranking = unique + tied
    e.lines = [f"{_who(s, w)}: {total[w]}" + (" (matched)" if w in tied else "") for w in e.ranking]
    _pay_bids(s)
    s.tasks.append(Task("event_end"))


# --- Magical Conflict and Quina (4 players) ------------------------------------------------------


def _opponent_legal(s: State, t: Task, seat: int) -> list:
    return [Opponent(o) for o in range(len(s.players)) if o != seat]


def _opponent_apply(s: State, t: Task, seat: int, a: Opponent) -> None:
    s.tasks.pop()
    rest = [w for w in range(len(s.players)) if w not in (seat, a.seat)]
    s.event.pairs = [[seat, a.seat], rest]
    push(s, Task("bid"), Task("bracket_round", a=1))


decision("opponent")((_opponent_legal, _opponent_apply))


@auto("bracket_round")
def _bracket_round(s: State, t: Task) -> None:
    e = s.event
    ev = C.EVENT[e.event]
    talent = ev.measures[1]
    gear = ev.measures[2]
    total = {
        w: _bid_of(s, w) + value(s, w, talent) + value(s, w, gear) + bonus(s, w) for pair in e.pairs for w in pair
    }
    winners, losers = [], []
    for pair in e.pairs:
        best = rank_by(s, pair, total.__getitem__)
        winners.append(best[0])
        losers.append(best[1])
        e.lines.append(f"{_who(s, best[0])} {total[best[0]]} beat {_who(s, best[1])} {total[best[1]]}")
    _pay_bids(s)
    if t.a == 1:
        e.pairs = [winners, losers]
        push(s, Task("bid"), Task("bracket_round", a=2))
    else:
        e.ranking = [winners[0], losers[0], winners[1], losers[1]]
        s.tasks.append(Task("event_end"))


# --- the Event Action decks ------------------------------------------------------------------------


def _deck_event(s: State) -> None:
    e = s.event
    draws = 0
    while len(e.alive) > 1 and draws < MAX_DRAWS:
        draws += 1
        if not e.deck:
            e.deck, e.used = list(shuffled(s, e.used)), []
        card = e.deck.pop()
        e.drawn.append(card)
        if card == "reshuffle":
            e.deck = list(shuffled(s, e.deck + e.used + [card]))
            e.used = []
            continue
        e.used.append(card)
        score = {w: value(s, w, card) + bonus(s, w) for w in e.alive}
        # the lowest goes out; on a tie, whoever went to bed later
        out = max(e.alive, key=lambda w: (-score[w], sleep_rank(s, w)))
        e.alive.remove(out)
        e.out.append(out)
        e.lines.append(f"{C.MEASURE_NAME[card]}: {_who(s, out)} out with {score[out]}")
    if len(e.alive) > 1:  # only the safety net gets here: sleep order settles the rest
        e.alive.sort(key=lambda w: sleep_rank(s, w))
    e.ranking = e.alive + e.out[::-1]


@auto("event_end")
def _event_end(s: State, t: Task) -> None:
    e = s.event
    ev = C.EVENT[e.event]
    for place, who in enumerate(e.ranking):
        gain(s, who, ev.rewards[place])
    s.event_reports += (EventReport(s.round, e.event, list(e.ranking), list(e.lines), list(e.drawn)),)
    s.events_done += 1
    s.event = None
    for p in s.players:
        p.event_bonus = 0
