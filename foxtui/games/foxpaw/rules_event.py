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

from msgspec.structs import replace

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
    pop,
    push,
    rank_by,
    set_event,
    set_player,
    set_players,
    shuffled,
    skill_total,
    sleep_rank,
)
from .state import OBSIDIO, EventReport, State, Task

MAX_DRAWS = 200  # a safety net: Reshuffle cards cannot keep an event going forever


@auto("event")
def _event(s: State, t: Task) -> State:
    event = s.events[s.events_done]
    s = replace(s, phase="event", event=new_event_run(event, s.events_done + 1, tuple(participants(s))))
    deck = C.EVENT[event].deck
    if deck:  # the Event Action cards, shuffled face down
        s, cards = shuffled(s, [c.symbol for c in deck for _ in range(c.count)])
        s = set_event(s, deck=cards)
    s = set_players(s, lambda i, p: {"event_bonus": 0})
    windows = [
        Task("event_mischief", w)
        for w in s.order
        if w >= 0 and any(C.mischief(c).phase == "event" for c in s.players[w].mischief)
    ]
    return push(s, *windows, Task("event_run"))


def _window_legal(s: State, t: Task, seat: int) -> list:
    seen, out = set(), []
    for c in s.players[seat].mischief:
        m = C.mischief(c)
        if m.phase == "event" and m.id not in seen:
            seen.add(m.id)
            out.append(PlayMischief(c))
    return out + [DONE]


def _window_apply(s: State, t: Task, seat: int, a) -> State:
    if a == DONE:
        return pop(s)
    p = s.players[seat]
    s = set_player(s, seat, mischief=drop(p.mischief, a.card),
                   event_bonus=p.event_bonus + C.mischief(a.card).effect.amount)
    return replace(s, mischief_discard=s.mischief_discard + (a.card,))


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
def _run(s: State, t: Task) -> State:
    ev = C.EVENT[s.event.event]
    e = s.event
    if ev.kind == "sum":
        score = {w: sum(value(s, w, m) for m in ev.measures) + bonus(s, w) for w in e.alive}
        ranking = tuple(rank_by(s, e.alive, score.__getitem__))
        s = set_event(s, ranking=ranking, lines=tuple(f"{_who(s, w)}: {score[w]}" for w in ranking))
        return push(s, Task("event_end"))
    if ev.kind == "bid":
        return push(s, Task("bid"), Task("bid_end"))
    if ev.kind == "bracket":
        seats = [w for w in e.alive if w >= 0]
        chooser = min(seats, key=lambda w: (sum(s.players[w].vp), sleep_rank(s, w)))
        return push(s, Task("opponent", chooser))
    return push(_deck_event(s), Task("event_end"))


def _who(s: State, w: int) -> str:
    return "House Obsidio" if w == OBSIDIO else s.seats[w].name


# --- secret Energy bids ---------------------------------------------------------------------


SIMULTANEOUS["bid"] = lambda s: [i for i, p in enumerate(s.players) if p.secret_n < 0]


def _bid_legal(s: State, t: Task, seat: int) -> list:
    return [Bid(e) for e in range(s.players[seat].energy + 1)]


def _bid_apply(s: State, t: Task, seat: int, a: Bid) -> State:
    s = set_player(s, seat, secret_n=a.energy)
    return s if SIMULTANEOUS["bid"](s) else pop(s)


decision("bid")((_bid_legal, _bid_apply))


def _bid_of(s: State, who: int) -> int:
    return obsidio_values(s).energy if who == OBSIDIO else s.players[who].secret_n


def _pay_bids(s: State) -> State:
    for i, p in enumerate(s.players):
        if p.secret_n > 0:
            s = change_energy(s, i, -p.secret_n)
        s = set_player(s, i, secret_n=-1)
    return s


@auto("bid_end")
def _dragon(s: State, t: Task) -> State:
    """Unique bids rank highest first; everyone whose bid someone else matched falls
    to the last places (higher bids first, then sleep order)."""
    e = s.event
    total = {w: _bid_of(s, w) + bonus(s, w) for w in e.alive}
    counts: dict[int, int] = {}
    for v in total.values():
        counts[v] = counts.get(v, 0) + 1
    unique = rank_by(s, [w for w in e.alive if counts[total[w]] == 1], total.__getitem__)
    tied = rank_by(s, [w for w in e.alive if counts[total[w]] > 1], total.__getitem__)
    ranking = tuple(unique + tied)
    s = set_event(s, ranking=ranking,
                  lines=tuple(f"{_who(s, w)}: {total[w]}" + (" (matched)" if w in tied else "") for w in ranking))
    return push(_pay_bids(s), Task("event_end"))


# --- Magical Conflict and Quina (4 players) ------------------------------------------------------


def _opponent_legal(s: State, t: Task, seat: int) -> list:
    return [Opponent(o) for o in range(len(s.players)) if o != seat]


def _opponent_apply(s: State, t: Task, seat: int, a: Opponent) -> State:
    rest = tuple(w for w in range(len(s.players)) if w not in (seat, a.seat))
    s = set_event(pop(s), pairs=((seat, a.seat), rest))
    return push(s, Task("bid"), Task("bracket_round", a=1))


decision("opponent")((_opponent_legal, _opponent_apply))


@auto("bracket_round")
def _bracket_round(s: State, t: Task) -> State:
    e = s.event
    ev = C.EVENT[e.event]
    talent = ev.measures[1]
    gear = ev.measures[2]
    total = {
        w: _bid_of(s, w) + value(s, w, talent) + value(s, w, gear) + bonus(s, w) for pair in e.pairs for w in pair
    }
    winners, losers, lines = [], [], list(e.lines)
    for pair in e.pairs:
        best = rank_by(s, pair, total.__getitem__)
        winners.append(best[0])
        losers.append(best[1])
        lines.append(f"{_who(s, best[0])} {total[best[0]]} beat {_who(s, best[1])} {total[best[1]]}")
    s = set_event(_pay_bids(s), lines=tuple(lines))
    if t.a == 1:
        s = set_event(s, pairs=(tuple(winners), tuple(losers)))
        return push(s, Task("bid"), Task("bracket_round", a=2))
    s = set_event(s, ranking=(winners[0], losers[0], winners[1], losers[1]))
    return push(s, Task("event_end"))


# --- the Event Action decks ------------------------------------------------------------------------


def _deck_event(s: State) -> State:
    """The Event Action cards are drawn until one participant is left."""
    e = s.event
    alive, out, deck, used = list(e.alive), list(e.out), list(e.deck), list(e.used)
    drawn, lines = list(e.drawn), list(e.lines)
    draws = 0
    while len(alive) > 1 and draws < MAX_DRAWS:
        draws += 1
        if not deck:
            s, shuffled_used = shuffled(s, used)
            deck, used = list(shuffled_used), []
        card = deck.pop()
        drawn.append(card)
        if card == "reshuffle":
            s, again = shuffled(s, deck + used + [card])
            deck, used = list(again), []
            continue
        used.append(card)
        score = {w: value(s, w, card) + bonus(s, w) for w in alive}
        # the lowest goes out; on a tie, whoever went to bed later
        loser = max(alive, key=lambda w: (-score[w], sleep_rank(s, w)))
        alive.remove(loser)
        out.append(loser)
        lines.append(f"{C.MEASURE_NAME[card]}: {_who(s, loser)} out with {score[loser]}")
    if len(alive) > 1:  # only the safety net gets here: sleep order settles the rest
        alive.sort(key=lambda w: sleep_rank(s, w))
    return set_event(s, alive=tuple(alive), out=tuple(out), deck=tuple(deck), used=tuple(used), drawn=tuple(drawn),
                     lines=tuple(lines), ranking=tuple(alive + out[::-1]))


@auto("event_end")
def _event_end(s: State, t: Task) -> State:
    e = s.event
    ev = C.EVENT[e.event]
    for place, who in enumerate(e.ranking):
        s = gain(s, who, ev.rewards[place])
    s = replace(s, event_reports=s.event_reports + (EventReport(s.round, e.event, e.ranking, e.lines, e.drawn),),
                events_done=s.events_done + 1, event=None)
    return set_players(s, lambda i, p: {"event_bonus": 0})
