"""What a seat may know: its own memory of the box, its hand and sack, and the
public table (missions, the ruse kinds added so far, where everyone touched and
grabbed, sack sizes, eggs, round summaries). The expert's samples are dealt from a
View alone (sample.py), so it holds all a seat may know of the round."""

from __future__ import annotations

import msgspec

from . import content
from .rules import egg_tokens, to_act
from .state import Felt, GrabRecord, Held, RoundSummary, State, StealRecord


class Feel(msgspec.Struct, frozen=True):
    """Something felt: the words the hand found, how often, when, and what it could be."""

    text: str
    level: int  # touches of this pawn so far (1..3); 0 for an empty spot
    turn: int  # the round's turn (realtime: looting step) when felt; see ``ago``
    could_be: tuple[str, ...]  # every kind in the game now that feels like this; () for nothing


class Heard(msgspec.Struct, frozen=True):
    """What the viewer heard that bears on one spot since it last felt it (or this round,
    if it never did): other players' grabs there (everyone hears where a hand closes and
    sees whose hand is full), and for a spot it found empty, a pawn put back since (it
    lands on an empty spot nobody hears)."""

    seats: list[int]  # who grabbed there, each once, in the order of their latest grab ([]: nobody)
    turn: int  # when the latest of those grabs was (as Feel.turn); with no grab, when the spot was felt
    took: bool  # whether one of those grabs came up holding a pawn
    stale: bool  # what the viewer remembers here may be wrong now: a remembered pawn older than
    # such a grab, or a spot found empty (and found so by every grab since) before a put-back
    put_back: bool = False  # a spot the viewer found empty: a pawn put back since may lie here


class View(msgspec.Struct, frozen=True):
    seat: int | None  # whose view this is; None = the public view
    names: list[str]
    elders: list[int]  # seats from oldest to youngest
    target_eggs: int
    touches_per_turn: int
    mode: str
    round: int
    phase: str  # "keep" | "loot" | "steal" | "over"
    to_act: list[int]
    current: int | None  # turn mode, looting: whose turn it is
    touches_left: int
    grab_used: bool
    turn: int
    missions: list[str]
    keep_from: list[str]  # "keep" phase: last round's missions, the youngest keeps one
    seen_missions: list[str]  # drawn since the deck was shuffled
    deck_size: int
    ruse_kinds: list[str]  # the ruse kinds in the game now (what a carved token may be)
    ruse_in_play: list[str]  # every ruse pawn in the game now, by kind
    pawns_in_play: int
    memory: list[Feel | None]  # the viewer's memory of the 40 spots ([] in the public view)
    # Per spot, others' grabs there since the viewer last felt it (public view: every
    # grab this round); None where there were none.
    heard: list[Heard | None]
    hand: Feel | None  # the viewer's looting hand
    sack: list[Feel]  # the viewer's sack, as felt
    sack_sizes: list[int]
    holding: list[bool]  # whose looting hand holds a pawn
    # What everyone hears this round, as it was heard: every grab, oldest first; per
    # seat and spot, the turn (as Feel.turn) that seat last touched or grabbed there
    # (-1: never); per seat, when each pawn in its sack was grabbed (or stolen). While
    # looting, a grab's pawn that is in no sack and no hand went back into the box.
    grabs: list[GrabRecord]
    felt_at: list[list[int]]
    sack_turns: list[list[int]]
    stopped_by: int | None
    opened: list[list[str]]  # after STOP: every sack as it was opened, before the snakes
    revealed: list[list[str]]  # after STOP: every sack's true contents, as they are now
    thieves: list[int]  # snake owners still to steal, first one now
    steals: list[StealRecord]  # this round's snake steals so far
    eggs: list[int]
    egg_tokens: list[tuple[int, int]]  # eggs as (3-egg tokens, 1-egg tokens)
    summaries: list[RoundSummary]
    # Only in view_all (replays of finished games); empty otherwise.
    box: list[str | None]  # true content of each spot
    hands: list[str | None]  # true content of each looting hand
    sacks: list[list[str]]  # true content of each sack


#: ruse kinds in the game -> {feel text: the kinds in the game that feel like that}
_IN_GAME: dict[tuple[str, ...], dict[str, tuple[str, ...]]] = {}


def ruse_kinds(state: State) -> tuple[str, ...]:
    """The ruse kinds in the game now (public: they join the box round by round)."""
    present = set(state.pawns)
    return tuple(k for k in content.RUSE_KINDS if k in present)


def _could_be(ruse: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """What each feel may be, among the kinds in the game now: a carved token is a fox
    in round 2, a fox or a snake in round 3, and any of the three from round 4."""
    table = _IN_GAME.get(ruse)
    if table is None:
        texts = {content.feel(k, level) for k in content.ANIMALS + content.RUSE_KINDS for level in (1, 2, 3)}
        table = _IN_GAME[ruse] = {
            t: tuple(k for k in content.could_be(t) if not content.is_ruse(k) or k in ruse) for t in sorted(texts)
        }
    return table


def _felt(state: State, f: Felt | None, could_be: dict[str, tuple[str, ...]]) -> Feel | None:
    if f is None:
        return None
    if f.pawn < 0:
        return Feel(content.NOTHING, 0, f.turn, ())
    text = content.feel(state.pawns[f.pawn], f.level)
    return Feel(text, f.level, f.turn, could_be[text])


def _held(state: State, h: Held, could_be: dict[str, tuple[str, ...]]) -> Feel:
    text = content.feel(state.pawns[h.pawn], h.level)
    return Feel(text, h.level, h.turn, could_be[text])


def whereabouts(
    grabs: list[GrabRecord], sack_turns: list[list[int]], holding: list[bool], felt_at: list[list[int]], now: int, turns: bool
) -> tuple[dict[int, tuple], int]:
    """While looting, from what everyone hears: where each grab's pawn is now, grab ->
    ("sack", seat, k) or ("hand", seat) (a grab that took a pawn and is in neither put it
    back into the box), and the latest turn a spot found empty may have had a pawn put
    back on it since (-1: none was put back). The View's ``heard`` and the expert's
    samples (sample.py) both read the box so."""
    where: dict[int, tuple] = {}
    refill = -1
    for s in range(len(sack_turns)):
        taken = [gi for gi, g in enumerate(grabs) if g.seat == s and g.took]
        stashed = {t: k for k, t in enumerate(sack_turns[s])}
        for gi in taken:
            k = stashed.get(grabs[gi].turn)
            if k is not None:
                where[gi] = ("sack", s, k)
        if holding[s] and taken:
            where[taken[-1]] = ("hand", s)  # a hand holds its latest grab until it lets go
        for gi in taken:
            if gi not in where:
                refill = max(refill, _last_before_put_back(grabs, felt_at, now, gi, turns))
    return where, refill


def _last_before_put_back(grabs: list[GrabRecord], felt_at: list[list[int]], now: int, gi: int, turns: bool) -> int:
    """The latest turn a spot may have been found empty before grab ``gi``'s pawn was
    put back: the grab's own turn in turn mode (the turn ends with the put-back); in
    real time the step before the grabber's next move heard (its hand was free then)."""
    g = grabs[gi]
    if turns:
        return g.turn
    after = [t for t in felt_at[g.seat] if t > g.turn]
    after += [h.turn for h in grabs if h.seat == g.seat and h.turn > g.turn]
    return min(after, default=now) - 2


def _heard(state: State, seat: int | None, refill: int = -1) -> list[Heard | None]:
    """Others' grabs per spot since ``seat`` last felt there (public view: all of them),
    and the spots it found empty before a put-back (``refill``: see whereabouts).

    Built from what everyone hears and the seat's own memory only: a remembered pawn
    older than a grab there may be gone; a spot remembered empty, and found empty by
    every grab since, may hold a pawn put back after that.
    """
    out: list[Heard | None] = [None] * len(state.spots)
    memory = state.players[seat].memory if seat is not None else None
    for g in state.grabs:
        if g.seat == seat:
            continue
        spot = g.spot
        felt = memory[spot] if memory is not None else None
        if felt is not None and felt.turn >= g.turn:
            continue  # felt since: the memory already tells what is there
        stale = felt is not None and felt.pawn >= 0
        before = out[spot]
        if before is None:
            out[spot] = Heard([g.seat], g.turn, g.took, stale)
        else:
            seats = [s for s in before.seats if s != g.seat] + [g.seat]
            out[spot] = Heard(seats, g.turn, before.took or g.took, before.stale or stale)
    if memory is not None and refill >= 0:
        for spot, felt in enumerate(memory):
            if felt is None or felt.pawn >= 0:
                continue
            heard = out[spot]
            # found empty then, and by every hand that closed there since (the latest grab
            # empties the spot, whatever it took): a pawn put back later may lie here
            if (felt.turn if heard is None else heard.turn) <= refill:
                out[spot] = (
                    Heard([], felt.turn, False, True, put_back=True)
                    if heard is None
                    else Heard(heard.seats, heard.turn, heard.took, True, put_back=True)
                )
    return out


def ago(view: View, turn: int) -> str:
    """How long ago something at ``turn`` (a Feel's or a Heard's) was, in words true in
    either mode: turns in turn mode; in real-time mode, which has no turns, the moves
    made at the table since (every touch, grab, stash and put-back counts one)."""
    if view.mode == "realtime":
        since = view.turn - turn - 1  # the step at ``turn`` counted itself
        if since <= 0:
            return "just now"
        return "1 move ago" if since == 1 else f"{since} moves ago"
    since = view.turn - turn
    if since <= 0:
        return "this turn"
    return "1 turn ago" if since == 1 else f"{since} turns ago"


def make_view(state: State, seat: int | None, everything: bool = False) -> View:
    players = state.players
    memory: list[Feel | None] = []
    hand = None
    sack: list[Feel] = []
    ruse = ruse_kinds(state)
    if seat is not None:
        me = players[seat]
        could_be = _could_be(ruse)
        memory = [_felt(state, f, could_be) for f in me.memory]
        hand = None if me.hand is None else _held(state, me.hand, could_be)
        sack = [_held(state, h, could_be) for h in me.sack]
    shown = state.phase in ("steal", "over")
    pawns = state.pawns
    turns = state.options.mode == "turns"
    holding = [p.hand is not None for p in players]
    felt_at = [[-1 if f is None else f.turn for f in p.memory] for p in players]
    sack_turns = [[h.turn for h in p.sack] for p in players]
    refill = -1
    if seat is not None and state.phase == "loot":
        refill = whereabouts(state.grabs, sack_turns, holding, felt_at, state.turn, turns)[1]
    return View(
        seat=seat,
        names=[s.name for s in state.seats],
        elders=list(state.elders),
        target_eggs=state.options.target_eggs,
        touches_per_turn=state.options.touches_per_turn,
        mode=state.options.mode,
        round=state.round,
        phase=state.phase,
        to_act=sorted(to_act(state)),
        current=state.current if turns and state.phase == "loot" else None,
        touches_left=state.touches_left if turns else 0,
        grab_used=state.grab_used if turns else False,
        turn=state.turn,
        missions=list(state.missions),
        keep_from=list(state.keep_from),
        seen_missions=list(state.seen),
        deck_size=len(state.deck),
        ruse_kinds=list(ruse),
        ruse_in_play=[k for k in content.RUSE_KINDS for _ in range(pawns.count(k))],
        pawns_in_play=len(pawns),
        memory=memory,
        heard=_heard(state, seat, refill),
        hand=hand,
        sack=sack,
        sack_sizes=[len(p.sack) for p in players],
        holding=holding,
        grabs=list(state.grabs),
        felt_at=felt_at,
        sack_turns=sack_turns,
        stopped_by=None if state.stopped_by < 0 else state.stopped_by,
        opened=[list(sack) for sack in state.revealed],
        revealed=[[pawns[h.pawn] for h in p.sack] for p in players] if shown else [],
        thieves=list(state.thieves),
        steals=list(state.steals),
        eggs=list(state.eggs),
        egg_tokens=[egg_tokens(e) for e in state.eggs],
        summaries=list(state.summaries),
        box=[None if p < 0 else pawns[p] for p in state.spots] if everything else [],
        hands=[None if p.hand is None else pawns[p.hand.pawn] for p in players] if everything else [],
        sacks=[[pawns[h.pawn] for h in p.sack] for p in players] if everything else [],
    )
