"""Master Fox rules: setup, whose move it is, legal moves, and applying them.

Every function is pure: states are frozen Structs updated copy-on-write, and all
chance comes from the Rng kept in ``state.rng``.
"""

from __future__ import annotations

from typing import Callable

from msgspec.structs import replace

from foxtui.engine.game import IllegalAction, SeatInfo
from foxtui.engine.rng import Rng, seed_state

from . import content
from .actions import (
    END_TURN,
    GRABS,
    NO_STEAL,
    PUT_BACK,
    SPOT_INDEX,
    SPOTS,
    STASH,
    STASH_STOP,
    STOP,
    TOUCHES,
    EndTurn,
    Grab,
    KeepMission,
    NoSteal,
    PutBack,
    Stash,
    StashStop,
    Steal,
    Stop,
    Touch,
)
from .state import Felt, GrabRecord, Held, Options, Player, RoundSummary, ScoreLine, SeatRound, State, StealRecord

MIN_PLAYERS, MAX_PLAYERS = 2, 4
SACK_LIMIT = 4  # pawns of any kind in a sack
STOP_LOOT = 3  # loot pawns needed to call STOP
KEEP_EVERY = 3  # every third round only two missions are drawn
NUM_SPOTS = len(SPOTS)

MATCHING, WRONG, EXTRA, RUSES, FOX, RAISED = (
    "matching loot",
    "wrong loot",
    "extra of an animal",
    "two or more ruse pawns",
    "fox",
    "negative rounds raised to 0",
)
CATEGORIES = (MATCHING, WRONG, EXTRA, RUSES, FOX, RAISED)

_RUSE = frozenset(content.RUSE_KINDS)
_ONLY = [frozenset({i}) for i in range(MAX_PLAYERS)]
_EVERYONE = [frozenset(range(n)) for n in range(MAX_PLAYERS + 1)]
_KEEPS = {a: KeepMission(a) for a in content.ANIMALS}
# Legal move lists, built once: (touches left?, grab unused?) -> moves, turn mode.
_TURN_MOVES = {
    (t, g): (TOUCHES if t else ()) + (GRABS if g else ()) + (END_TURN,)
    for t in (False, True)
    for g in (False, True)
}
_REALTIME_MOVES = TOUCHES + GRABS
# A pawn in the looting hand: (room in the sack?, may call STOP?, may stash and call
# STOP at once?) -> moves.
_HOLDING_MOVES = {
    (room, stop, both): ((STASH,) if room else ()) + (PUT_BACK,) + ((STOP,) if stop else ())
    + ((STASH_STOP,) if both else ())
    for room in (False, True)
    for stop in (False, True)
    for both in (False, True)
}


# --- seats and ages -------------------------------------------------------


def elder_order(seats: list[SeatInfo]) -> list[int]:
    """Seats from oldest to youngest.

    Ages decide only when every seat has one; equal ages, or any missing age,
    fall back on seat order (the earlier seat counts as older).
    """
    n = len(seats)
    if all(s.age is not None for s in seats):
        return sorted(range(n), key=lambda i: (-seats[i].age, i))  # type: ignore[operator]
    return list(range(n))


# --- setup and rounds -----------------------------------------------------


def setup(seats: list[SeatInfo], options: Options, seed: int) -> State:
    if not isinstance(options, Options):
        raise ValueError("Master Fox options must be master_fox Options")
    if not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
        raise ValueError(f"Master Fox is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(seats)}")
    if options.target_eggs not in (10, 15):
        raise ValueError("target_eggs must be 10 or 15")
    if not 1 <= options.touches_per_turn <= 5:
        raise ValueError("touches_per_turn must be between 1 and 5")
    if options.mode not in ("turns", "realtime"):
        raise ValueError('mode must be "turns" or "realtime"')
    n = len(seats)
    state = State(
        seats=list(seats),
        options=options,
        elders=elder_order(seats),
        rng=seed_state(seed, "master-fox"),
        round=0,
        phase="loot",
        deck=[],
        missions=[],
        keep_from=[],
        seen=[],
        pawns=[a for a in content.ANIMALS for _ in range(3)],
        spots=[-1] * NUM_SPOTS,
        players=[],
        current=0,
        touches_left=0,
        grab_used=False,
        turn=0,
        stopped_by=-1,
        revealed=[],
        thieves=[],
        steals=[],
        grabs=[],
        eggs=[0] * n,
        breakdown=[dict.fromkeys(CATEGORIES, 0) for _ in range(n)],
        summaries=[],
    )
    return start_round(state)


def start_round(state: State) -> State:
    """Add the round's ruse pawns, draw missions and shake the box."""
    rnd = state.round + 1
    r = Rng(state.rng)
    pawns = state.pawns + list(content.RUSE_ENTERING.get(rnd, ()))
    deck, seen = list(state.deck), list(state.seen)
    if rnd % KEEP_EVERY == 1:  # rounds 1, 4, 7 ...: all eight cards form a new deck
        deck, seen = r.shuffled(content.ANIMALS), []
    keep = rnd % KEEP_EVERY == 0
    drawn = [deck.pop() for _ in range(2 if keep else 3)]
    # The shake: every pawn in play lands on its own random spot.
    box = list(range(len(pawns))) + [-1] * (NUM_SPOTS - len(pawns))
    r.shuffle(box)
    n = len(state.seats)
    return replace(
        state,
        rng=r.state,
        round=rnd,
        phase="keep" if keep else "loot",
        deck=deck,
        missions=drawn,
        keep_from=list(state.missions) if keep else [],
        seen=seen + drawn,
        pawns=pawns,
        spots=box,
        players=[Player([None] * NUM_SPOTS, None, []) for _ in range(n)],
        current=(state.elders[0] + rnd - 1) % n,  # the oldest starts, then it rotates
        touches_left=state.options.touches_per_turn,
        grab_used=False,
        turn=1,
        stopped_by=-1,
        revealed=[],
        thieves=[],
        steals=[],
        grabs=[],
    )


# --- whose move, and which -----------------------------------------------


def to_act(state: State) -> frozenset[int]:
    phase = state.phase
    if phase == "loot":
        if state.options.mode == "realtime":
            return _EVERYONE[len(state.seats)]
        return _ONLY[state.current]
    if phase == "keep":
        return _ONLY[state.elders[-1]]
    if phase == "steal":
        return _ONLY[state.thieves[0]]
    return _EVERYONE[0]


def loot_count(state: State, seat: int) -> int:
    pawns = state.pawns
    return sum(1 for h in state.players[seat].sack if pawns[h.pawn] not in _RUSE)


def may_stop(state: State, seat: int) -> bool:
    """Whether ``seat``'s sack holds the loot pawns needed to call STOP."""
    return len(state.players[seat].sack) >= STOP_LOOT and loot_count(state, seat) >= STOP_LOOT


def _stash_may_stop(state: State, seat: int) -> bool:
    """Turn mode, a pawn in the hand: whether stashing it brings the sack to the loot
    pawns STOP needs (the hand knows a ruse pawn at the first touch, so its owner knows)."""
    hand = state.players[seat].hand
    return (state.options.mode == "turns" and hand is not None
            and loot_count(state, seat) + (state.pawns[hand.pawn] not in _RUSE) >= STOP_LOOT)


def effective_ruse(state: State, seat: int) -> str | None:
    """The seat's ruse pawn if it has exactly one; two or more cancel each other."""
    ruse = [k for k in (state.pawns[h.pawn] for h in state.players[seat].sack) if content.is_ruse(k)]
    return ruse[0] if len(ruse) == 1 else None


def steal_targets(state: State, thief: int) -> list[Steal]:
    """Loot a snake may take: any opponent's loot animal, unless a hammer guards that sack."""
    out = []
    for victim in range(len(state.seats)):
        if victim == thief or effective_ruse(state, victim) == "hammer":
            continue
        seen: list[str] = []
        for h in state.players[victim].sack:
            kind = state.pawns[h.pawn]
            if not content.is_ruse(kind) and kind not in seen:
                seen.append(kind)
                out.append(Steal(victim, kind))
    return out


def legal_actions(state: State, seat: int) -> list:
    if seat not in to_act(state):
        return []
    phase = state.phase
    if phase == "loot":
        player = state.players[seat]
        can_stop = may_stop(state, seat)
        if player.hand is not None:  # STOP too: the pawn in the hand goes back into the box
            room = len(player.sack) < SACK_LIMIT
            return list(_HOLDING_MOVES[room, can_stop, room and _stash_may_stop(state, seat)])
        if state.options.mode == "realtime":
            moves = list(_REALTIME_MOVES)
        else:
            moves = list(_TURN_MOVES[state.touches_left > 0, not state.grab_used])
        if can_stop:
            moves.append(STOP)
        return moves
    if phase == "keep":
        return [_KEEPS[a] for a in state.keep_from]
    if phase == "steal":
        return steal_targets(state, seat) + [NO_STEAL]
    return []


# --- applying a move ------------------------------------------------------


def touch_level(state: State, seat: int, spot: int) -> int:
    """How many times ``seat`` will have felt the pawn on ``spot`` after touching it now.

    A touch adds to what the hand knows only if the same pawn is still where it
    was last felt; a pawn that moved feels like a stranger again.
    """
    pawn = state.spots[spot]
    if pawn < 0:
        return 0
    prev = state.players[seat].memory[spot]
    if prev is not None and prev.pawn == pawn:
        return min(prev.level + 1, content.LEVELS)
    return 1


def apply(state: State, seat: int, action) -> State:
    if seat not in to_act(state):
        if not isinstance(seat, int) or not 0 <= seat < len(state.seats):
            raise IllegalAction(f"There is no seat {seat!r} at this table.")
        raise IllegalAction(f"It is not {state.seats[seat].name}'s move now.")
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise IllegalAction("That is not a Master Fox move.")
    return handler(state, seat, action)


def _spot(action: Touch | Grab) -> int:
    i = SPOT_INDEX.get(action.spot) if isinstance(action.spot, str) else None
    if i is None:
        raise IllegalAction(f"There is no spot {action.spot!r} in the box (spots run from A1 to H5).")
    return i


def _looting_with_free_hand(state: State, seat: int, what: str) -> Player:
    if state.phase != "loot":
        raise IllegalAction(f"You can only {what} while looting.")
    player = state.players[seat]
    if player.hand is not None:
        raise IllegalAction("Your looting hand holds a pawn: stash it or put it back first.")
    return player


def _looting_with_pawn(state: State, seat: int) -> Player:
    if state.phase != "loot":
        raise IllegalAction("Pawns can only be stashed or put back while looting.")
    player = state.players[seat]
    if player.hand is None:
        raise IllegalAction("Your looting hand is empty.")
    return player


def _with_player(state: State, seat: int, player: Player) -> list[Player]:
    players = list(state.players)
    players[seat] = player
    return players


def _touch(state: State, seat: int, action: Touch) -> State:
    player = _looting_with_free_hand(state, seat, "touch the box")
    i = _spot(action)
    turns = state.options.mode == "turns"
    if turns and state.touches_left <= 0:
        raise IllegalAction("You have no touches left this turn.")
    memory = list(player.memory)
    memory[i] = Felt(state.spots[i], touch_level(state, seat, i), state.turn)
    players = _with_player(state, seat, Player(memory, None, player.sack))
    if turns:
        return replace(state, players=players, touches_left=state.touches_left - 1)
    return replace(state, players=players, turn=state.turn + 1)


def _grab(state: State, seat: int, action: Grab) -> State:
    player = _looting_with_free_hand(state, seat, "grab")
    i = _spot(action)
    turns = state.options.mode == "turns"
    if turns and state.grab_used:
        raise IllegalAction("You have already grabbed once this turn.")
    pawn = state.spots[i]
    memory = list(player.memory)
    memory[i] = Felt(-1, 0, state.turn)  # the hand took it (or found nothing): the spot is empty now
    hand = None
    spots = state.spots
    if pawn >= 0:
        hand = Held(pawn, touch_level(state, seat, i), state.turn)  # a grab is a touch too
        spots = list(spots)
        spots[i] = -1
    players = _with_player(state, seat, Player(memory, hand, player.sack))
    # Everyone hears where a hand closed, and sees whether it came up holding a pawn.
    grabs = state.grabs + [GrabRecord(i, seat, state.turn, pawn >= 0)]
    if turns:
        # An empty grab still spends the turn's grab: otherwise grabbing would be free touching.
        return replace(state, players=players, spots=spots, grabs=grabs, grab_used=True)
    return replace(state, players=players, spots=spots, grabs=grabs, turn=state.turn + 1)


def _end_turn(state: State) -> State:
    if state.options.mode == "realtime":
        return replace(state, turn=state.turn + 1)
    return replace(
        state,
        current=(state.current + 1) % len(state.seats),
        touches_left=state.options.touches_per_turn,
        grab_used=False,
        turn=state.turn + 1,
    )


def _stash(state: State, seat: int, action: Stash) -> State:
    player = _looting_with_pawn(state, seat)
    if len(player.sack) >= SACK_LIMIT:
        raise IllegalAction(f"Your sack is full: it already holds {SACK_LIMIT} pawns.")
    players = _with_player(state, seat, Player(player.memory, None, player.sack + [player.hand]))
    state = replace(state, players=players)
    if nobody_can_stop(state):
        return _reveal(state, -1)
    # A stash always ends the turn, whatever the sack holds, so that the turn passing
    # tells nobody whether its pawns are loot; STOP right away is its own move (StashStop).
    return _end_turn(state)


def _stash_stop(state: State, seat: int, action: StashStop) -> State:
    if state.options.mode != "turns":
        raise IllegalAction("In real-time mode stash first, then call STOP.")
    player = _looting_with_pawn(state, seat)
    if len(player.sack) >= SACK_LIMIT:
        raise IllegalAction(f"Your sack is full: it already holds {SACK_LIMIT} pawns.")
    if not _stash_may_stop(state, seat):
        raise IllegalAction(f"With that pawn your sack would not hold {STOP_LOOT} loot pawns, so STOP cannot follow.")
    players = _with_player(state, seat, Player(player.memory, None, player.sack + [player.hand]))
    return _reveal(replace(state, players=players), seat)


def nobody_can_stop(state: State) -> bool:
    """True when every sack holds two or more ruse pawns.

    Such a sack has room for at most two loot pawns, so its owner can never call
    STOP; when that is true of everyone, the round would never end.
    """
    pawns = state.pawns
    return all(sum(1 for h in p.sack if pawns[h.pawn] in _RUSE) >= 2 for p in state.players)


def _drop_into_box(spots: list[int], pawn: int, r: Rng) -> None:
    """A pawn let go lands on a random empty spot (in place on ``spots``)."""
    empty = [i for i, p in enumerate(spots) if p < 0]
    spots[r.choice(empty)] = pawn


def _put_back(state: State, seat: int, action: PutBack) -> State:
    player = _looting_with_pawn(state, seat)
    r = Rng(state.rng)
    spots = list(state.spots)
    _drop_into_box(spots, player.hand.pawn, r)  # type: ignore[union-attr]
    players = _with_player(state, seat, Player(player.memory, None, player.sack))
    return _end_turn(replace(state, players=players, spots=spots, rng=r.state))


def _end_turn_action(state: State, seat: int, action: EndTurn) -> State:
    _looting_with_free_hand(state, seat, "end your turn")
    if state.options.mode == "realtime":
        raise IllegalAction("In real-time mode there are no turns to end.")
    return _end_turn(state)


def _stop(state: State, seat: int, action: Stop) -> State:
    if state.phase != "loot":
        raise IllegalAction("You can only call STOP while looting.")
    # A pawn still in the looting hand does not stop anyone: _reveal drops it back into the box.
    if not may_stop(state, seat):
        raise IllegalAction(f"You need at least {STOP_LOOT} loot pawns in your sack to call STOP.")
    return _reveal(state, seat)


def _reveal(state: State, stopped_by: int) -> State:
    """Looting ends (``stopped_by`` called STOP, or -1: nobody could): sacks are shown."""
    # Everyone freezes; whatever is in a looting hand drops back into the box.
    spots, players, rng = state.spots, state.players, state.rng
    if any(p.hand is not None for p in players):
        r = Rng(rng)
        spots = list(spots)
        for p in players:
            if p.hand is not None:
                _drop_into_box(spots, p.hand.pawn, r)
        players = [Player(p.memory, None, p.sack) if p.hand is not None else p for p in players]
        rng = r.state
    state = replace(state, spots=spots, players=players, rng=rng, stopped_by=stopped_by, phase="steal")
    revealed = [[state.pawns[h.pawn] for h in p.sack] for p in players]
    # Snakes strike in order: more eggs first, then the older player.
    snakes = [s for s in range(len(players)) if effective_ruse(state, s) == "snake"]
    snakes.sort(key=lambda s: (-state.eggs[s], state.elders.index(s)))
    return _next_thief(replace(state, revealed=revealed, thieves=snakes, steals=[]))


def _next_thief(state: State) -> State:
    """Skip snakes with nothing to steal; score the round when no snake is left."""
    thieves, steals = list(state.thieves), list(state.steals)
    while thieves and not steal_targets(state, thieves[0]):
        steals.append(StealRecord(thieves.pop(0), None, None))
    state = replace(state, thieves=thieves, steals=steals)
    return state if thieves else score_round(state)


def _steal(state: State, seat: int, action: Steal) -> State:
    if state.phase != "steal":
        raise IllegalAction("Snakes only steal after STOP, before points are counted.")
    if action not in steal_targets(state, seat):
        raise IllegalAction("Your snake cannot steal that: pick an opponent's loot pawn not guarded by a hammer.")
    victim = state.players[action.victim]
    k = next(k for k, h in enumerate(victim.sack) if state.pawns[h.pawn] == action.animal)
    taken = victim.sack[k]
    thief = state.players[seat]
    players = list(state.players)
    players[action.victim] = Player(victim.memory, None, victim.sack[:k] + victim.sack[k + 1 :])
    # The sacks are open now, so the thief knows exactly what it took.
    players[seat] = Player(thief.memory, None, thief.sack + [Held(taken.pawn, content.LEVELS, state.turn)])
    return _after_snake(replace(state, players=players), StealRecord(seat, action.victim, action.animal))


def _no_steal(state: State, seat: int, action: NoSteal) -> State:
    if state.phase != "steal":
        raise IllegalAction("There is nothing to decline now.")
    return _after_snake(state, StealRecord(seat, None, None))


def _after_snake(state: State, record: StealRecord) -> State:
    return _next_thief(replace(state, thieves=state.thieves[1:], steals=state.steals + [record]))


def _keep(state: State, seat: int, action: KeepMission) -> State:
    if state.phase != "keep":
        raise IllegalAction("A mission can only be kept at the start of every third round.")
    if action.animal not in state.keep_from:
        raise IllegalAction(f"{action.animal!r} was not one of last round's missions.")
    return replace(state, phase="loot", missions=[action.animal] + state.missions, keep_from=[])


_HANDLERS: dict[type, Callable[[State, int, object], State]] = {
    Touch: _touch,
    Grab: _grab,
    Stash: _stash,
    PutBack: _put_back,
    EndTurn: _end_turn_action,
    Stop: _stop,
    StashStop: _stash_stop,
    Steal: _steal,
    NoSteal: _no_steal,
    KeepMission: _keep,
}  # type: ignore[dict-item]


# --- scoring --------------------------------------------------------------


def score_sack(kinds: list[str], missions: list[str]) -> list[ScoreLine]:
    """A sack's score lines, one per category that counted (zero lines left out)."""
    points = dict.fromkeys((MATCHING, WRONG, EXTRA, RUSES, FOX), 0)
    counts: dict[str, int] = {}
    ruse = []
    for kind in kinds:
        if content.is_ruse(kind):
            ruse.append(kind)
        else:
            counts[kind] = counts.get(kind, 0) + 1
    for animal, n in counts.items():
        points[MATCHING if animal in missions else WRONG] += 1 if animal in missions else -1
        points[EXTRA] -= n - 1  # only the first of an animal can match
    if len(ruse) > 1:
        points[RUSES] -= 1  # and none of them has any effect
    elif ruse == ["fox"]:
        points[FOX] += 1
    return [ScoreLine(c, p) for c, p in points.items() if p]


def score_round(state: State) -> State:
    sacks = [[state.pawns[h.pawn] for h in p.sack] for p in state.players]
    eggs = list(state.eggs)
    breakdown = [dict(b) for b in state.breakdown]
    seats = []
    for s, kinds in enumerate(sacks):
        lines = score_sack(kinds, state.missions)
        raw = sum(line.points for line in lines)
        gained = max(raw, 0)  # a round never costs eggs
        for line in lines:
            breakdown[s][line.category] += line.points
        breakdown[s][RAISED] += gained - raw
        eggs[s] += gained
        seats.append(SeatRound(state.revealed[s], kinds, lines, raw, gained))
    summary = RoundSummary(state.round, list(state.missions), state.stopped_by, list(state.steals), seats)
    state = replace(
        state,
        eggs=eggs,
        breakdown=breakdown,
        summaries=state.summaries + [summary],
        thieves=[],
    )
    if max(eggs) >= state.options.target_eggs:
        return replace(state, phase="over")
    return start_round(state)


def ranking(state: State) -> list[int]:
    """Seats best first: most eggs, ties to the youngest."""
    youth = {s: k for k, s in enumerate(reversed(state.elders))}
    return sorted(range(len(state.seats)), key=lambda s: (-state.eggs[s], youth[s]))


def egg_tokens(eggs: int) -> tuple[int, int]:
    """Eggs as (3-egg tokens, 1-egg tokens), largest first."""
    return divmod(eggs, 3)
