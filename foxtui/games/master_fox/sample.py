"""The round as one seat may imagine it: a State dealt from the seat's View alone,
never from the real State (the expert's determinization: Game.determinize).

Kept, because the View proves it: the spots the seat felt whose contents nothing it
heard since can have changed, its hand and sack as felt, every grab, the sacks once
opened, and all that is public. Dealt at random, among the pawns in play:

- every other spot: never felt, or felt before a grab there or before a put-back (a
  pawn put back lands on an empty spot nobody hears, so a spot remembered empty is
  proven only while no put-back came after);
- the others' hands and sacks: each pawn in them is the one their grab took, and a
  pawn the seat felt on a spot before another's hand took it from there is of a kind
  that feels the same;
- what the others remember: they felt where everyone heard them touch and grab,
  what lay there then (a pawn they felt counts as known to them).
"""

from __future__ import annotations

from typing import NamedTuple

from foxtui.engine.game import SeatInfo
from foxtui.engine.rng import Rng, seed_state

from . import content
from .rules import CATEGORIES, NUM_SPOTS, RAISED, nobody_can_stop
from .state import Felt, Held, Options, Player, State
from .view import Feel, View, whereabouts

#: (feel text, touches, kinds in play) -> the kinds in play that feel like that then
_KINDS: dict[tuple[str, int, tuple[str, ...]], frozenset[str]] = {}

#: deals that leave every sack with two ruse pawns or more while looting (a round the
#: rules would have ended) are dealt again, this many times at most
_REDEALS = 20


def _kinds(feel: Feel, in_play: tuple[str, ...]) -> frozenset[str]:
    key = (feel.text, feel.level, in_play)
    kinds = _KINDS.get(key)
    if kinds is None:
        kinds = _KINDS[key] = frozenset(k for k in in_play if content.feel(k, feel.level) == feel.text)
    return kinds


class _Proof(NamedTuple):
    """What the View proves of the round, worked out once per View."""

    pawns: list[str]  # the kind of every pawn in play, by number
    in_play: tuple[str, ...]  # the kinds in play
    looting: bool  # the sacks are still closed
    slots: list[tuple]  # every hand and sack place: ("sack", seat, k), ("hand", seat)
    limits: dict[tuple, frozenset[str]]  # slot or ("spot", i) -> the kinds it may hold
    proven: list[int]  # spots holding the pawn the seat felt there
    open_spots: list[int]  # spots dealt at random
    where: dict[int, tuple]  # grab -> the slot holding the pawn it took (none: put back)
    taken_felt: dict[int, int]  # spot -> the grab that took the pawn the seat felt there
    grabs_at: list[list[int]]  # per spot, its grabs, oldest first


def determinize(view: View, seed: int) -> State:
    """A State whose View for ``view.seat`` is ``view``, all the View does not prove
    dealt from ``seed`` (see the module docstring)."""
    seat = view.seat
    assert seat is not None, "a sample is dealt for a seat"
    r = Rng(seed_state(seed, "master-fox determinize", seat))
    n = len(view.names)
    pawns = [a for a in content.ANIMALS for _ in range(3)] + list(view.ruse_in_play)
    in_play = tuple(dict.fromkeys(pawns))
    looting = view.phase in ("keep", "loot")
    grabs = view.grabs
    turns = view.mode == "turns"

    # Where each grab's pawn is now, while looting: ("sack", seat, k) or ("hand", seat);
    # a grab that took a pawn and is in neither put it back into the box. Put-backs land
    # unheard on an empty spot: a spot found empty at a turn up to ``refill`` may have had
    # a pawn put on it since (the View's ``heard`` marks those spots so too).
    where: dict[int, tuple] = {}
    refill = -1
    if looting:
        where, refill = whereabouts(grabs, view.sack_turns, view.holding, view.felt_at, view.turn, turns)

    # The seat's memory: proven spots keep what it felt; a pawn felt before another's
    # grab there is the pawn that grab took.
    memory = view.memory
    grabs_at: list[list[int]] = [[] for _ in range(NUM_SPOTS)]
    for gi, g in enumerate(grabs):
        grabs_at[g.spot].append(gi)
    proven: dict[int, frozenset[str]] = {}  # spot -> kinds of the pawn felt there
    open_spots: list[int] = []  # spots dealt at random
    taken_felt: dict[int, int] = {}  # spot -> the grab that took the pawn felt there
    limits: dict[tuple, frozenset[str]] = {}  # slot -> the kinds it may hold
    if looting:
        for i, m in enumerate(memory):
            later = [gi for gi in grabs_at[i] if grabs[gi].seat != seat and (m is None or grabs[gi].turn > m.turn)]
            if m is not None and m.level and not later:
                proven[i] = _kinds(m, in_play)
                continue
            if m is not None and m.level:
                first = later[0]  # the first hand to close there took what the seat felt
                taken_felt[i] = first
                if first in where:
                    limits[where[first]] = _kinds(m, in_play)
            if m is None and not later:
                open_spots.append(i)  # never felt, never grabbed
            elif (grabs[later[-1]].turn if later else m.turn) <= refill:  # type: ignore[union-attr]
                open_spots.append(i)  # found empty, but a put-back may have come since
    if view.hand is not None:
        limits[("hand", seat)] = _kinds(view.hand, in_play)
    for k, f in enumerate(view.sack):
        limits[("sack", seat, k)] = _kinds(f, in_play)
    for s, sack in enumerate(view.revealed):
        for k, kind in enumerate(sack):
            limits[("sack", s, k)] = frozenset((kind,))
    for i, kinds in proven.items():
        limits[("spot", i)] = kinds
    slots = [("sack", s, k) for s in range(n) for k in range(view.sack_sizes[s])]
    slots += [("hand", s) for s in range(n) if view.holding[s]]

    proof = _Proof(pawns, in_play, looting, slots, limits, list(proven), open_spots, where, taken_felt, grabs_at)
    for _ in range(_REDEALS):
        state = _deal(view, proof, r)
        if not looting or not nobody_can_stop(state):
            break
    return state


def _deal(view: View, proof: _Proof, r: Rng) -> State:
    seat = view.seat
    pawns, where, proven = proof.pawns, proof.where, proof.proven
    n = len(view.names)
    left = list(range(len(pawns)))
    put: dict[tuple, int] = {}
    # The surest slots first: the kinds a feel allows nest (a kind within its look-alikes
    # within the carved tokens), so taking any fitting pawn never leaves a later slot
    # without one.
    for slot, kinds in sorted(proof.limits.items(), key=lambda item: len(item[1])):
        fits = [p for p in left if pawns[p] in kinds]
        assert fits, f"no pawn in play feels as the seat remembers ({slot})"
        p = fits[r.below(len(fits))]
        left.remove(p)
        put[slot] = p
    r.shuffle(left)
    for slot in proof.slots:
        if slot not in put:
            put[slot] = left.pop()
    box = left  # what is in no hand and no sack lies in the box
    spots = [-1] * NUM_SPOTS
    for i in proven:
        spots[i] = put["spot", i]
    where_open = proof.open_spots if proof.looting else list(range(NUM_SPOTS))
    assert len(where_open) >= len(box), "more pawns in the box than spots they may lie on"
    for i, p in zip(r.shuffled(where_open), box):
        spots[i] = p

    def felt_then(i: int, turn: int) -> int:
        """The pawn someone touching spot ``i`` at ``turn`` felt (-1: none)."""
        later = [gi for gi in proof.grabs_at[i] if view.grabs[gi].turn > turn]
        if not later:
            return spots[i]  # a pawn leaves a spot only in a hand
        g = view.grabs[later[0]]
        if not g.took:
            return -1
        if later[0] in where:
            return put[where[later[0]]]
        return box[r.below(len(box))] if box else -1

    players = []
    for s in range(n):
        memory: list[Felt | None] = [None] * NUM_SPOTS
        if s == seat:
            for i, m in enumerate(view.memory):
                if m is None:
                    continue
                if not m.level:
                    memory[i] = Felt(-1, 0, m.turn)
                elif i in proven:
                    memory[i] = Felt(spots[i], m.level, m.turn)
                else:
                    grab = proof.taken_felt.get(i)
                    if grab in where:
                        p = put[where[grab]]
                    else:  # put back somewhere (or, once the sacks are open, anywhere)
                        kinds = _kinds(m, proof.in_play)
                        fits = [q for q in box if pawns[q] in kinds] or [q for q in range(len(pawns)) if pawns[q] in kinds]
                        p = fits[r.below(len(fits))]
                    memory[i] = Felt(p, m.level, m.turn)
            hand = None if view.hand is None else Held(put["hand", s], view.hand.level, view.hand.turn)
            sack = [Held(put["sack", s, k], f.level, f.turn) for k, f in enumerate(view.sack)]
        else:
            grabbed = {(g.spot, g.turn) for g in view.grabs if g.seat == s}
            for i, turn in enumerate(view.felt_at[s]):
                if turn < 0:
                    continue
                p = -1 if (i, turn) in grabbed else felt_then(i, turn)
                # how often they felt it is their secret: taken as known, since a player feels
                # what it cares about until sure (bench/expert_strength.py, seeds 1000..1119:
                # the expert won 70/120 games so, 58/120 with every such pawn felt once)
                memory[i] = Felt(p, content.LEVELS if p >= 0 else 0, turn)
            hand = None
            if view.holding[s]:
                grabbed_at = max((g.turn for g in view.grabs if g.seat == s and g.took), default=view.turn)
                hand = Held(put["hand", s], content.LEVELS, grabbed_at)
            # what its owner felt of its own pawns is its secret: a pawn is grabbed once known
            sack = [Held(put["sack", s, k], content.LEVELS, t) for k, t in enumerate(view.sack_turns[s])]
        players.append(Player(memory, hand, sack))

    deck = list(content.ANIMALS)
    for a in view.seen_missions:
        deck.remove(a)
    r.shuffle(deck)
    breakdown = [dict.fromkeys(CATEGORIES, 0) for _ in range(n)]
    for summary in view.summaries:
        for s, line in enumerate(summary.seats):
            for part in line.lines:
                breakdown[s][part.category] += part.points
            breakdown[s][RAISED] += line.eggs - line.raw
    options = Options(target_eggs=view.target_eggs, touches_per_turn=view.touches_per_turn, mode=view.mode)  # type: ignore[arg-type]
    turns = view.mode == "turns"
    return State(
        seats=[SeatInfo(name) for name in view.names],
        options=options,
        elders=list(view.elders),
        rng=r.next64(),
        round=view.round,
        phase=view.phase,  # type: ignore[arg-type]
        deck=deck,
        missions=list(view.missions),
        keep_from=list(view.keep_from),
        seen=list(view.seen_missions),
        pawns=pawns,
        spots=spots,
        players=players,
        # the first turn of a round is public (the oldest starts, then it moves on)
        current=view.current if view.current is not None else (view.elders[0] + view.round - 1) % n,
        touches_left=view.touches_left if turns else view.touches_per_turn,
        grab_used=view.grab_used if turns else False,
        turn=view.turn,
        stopped_by=-1 if view.stopped_by is None else view.stopped_by,
        revealed=[list(sack) for sack in view.opened],
        thieves=list(view.thieves),
        steals=list(view.steals),
        grabs=list(view.grabs),
        eggs=list(view.eggs),
        breakdown=breakdown,
        summaries=list(view.summaries),
    )

