"""Building Master Fox states by hand for rule tests."""

from __future__ import annotations

from msgspec.structs import replace

from foxtui.engine import SeatInfo
from foxtui.games.master_fox import GAME
from foxtui.games.master_fox.actions import SPOT_INDEX, Grab, Touch
from foxtui.games.master_fox.content import ANIMALS, RUSE_KINDS
from foxtui.games.master_fox.rules import CATEGORIES, MATCHING
from foxtui.games.master_fox.state import Held, Options, Player, State

NAMES = ["Ada", "Bo", "Cy", "Di"]


def seats(n: int = 2, ages: list[int | None] | None = None) -> list[SeatInfo]:
    ages = ages if ages is not None else [40 - 10 * i for i in range(n)]  # seat 0 oldest
    return [SeatInfo(NAMES[i], age=ages[i]) for i in range(n)]


def new_game(n: int = 2, seed: int = 1, ages: list[int | None] | None = None, **options) -> State:
    return GAME.setup(seats(n, ages), Options(**options), seed)


def all_ruse_in_play(state: State) -> State:
    """Round 4: both foxes, both snakes and the hammer are in the box from now on."""
    pawns = [a for a in ANIMALS for _ in range(3)] + ["fox", "fox", "snake", "snake", "hammer"]
    return replace(state, round=4, pawns=pawns, spots=list(range(len(pawns))) + [-1] * (40 - len(pawns)))


def arrange(
    state: State,
    box: dict[str, str] | None = None,
    sacks: dict[int, list[str]] | None = None,
    hands: dict[int, str] | None = None,
    missions: list[str] | None = None,
    eggs: list[int] | None = None,
) -> State:
    """Put named pawns on named spots, in sacks and hands; the rest fill the box from H5 backwards.

    Every pawn in play stays somewhere (nothing is created or lost); memories are wiped.
    With at most 29 pawns in play, spots A1 to C2 stay empty unless named.
    """
    pawns = state.pawns
    free = list(range(len(pawns)))

    def take(kind: str) -> int:
        i = next(i for i in free if pawns[i] == kind)
        free.remove(i)
        return i

    spots = [-1] * 40
    for label, kind in (box or {}).items():
        spots[SPOT_INDEX[label]] = take(kind)
    players = [Player([None] * 40, None, []) for _ in state.players]
    for seat, kinds in (sacks or {}).items():
        players[seat] = replace(players[seat], sack=[Held(take(k), 3, 0) for k in kinds])
    for seat, kind in (hands or {}).items():
        players[seat] = replace(players[seat], hand=Held(take(kind), 3, 0))
    empty = [i for i in range(39, -1, -1) if spots[i] < 0]
    for pawn, i in zip(list(free), empty):
        spots[i] = pawn
    return replace(
        state,
        spots=spots,
        players=players,
        missions=missions if missions is not None else state.missions,
        eggs=eggs if eggs is not None else state.eggs,
        # eggs set by hand are booked as matching loot, so breakdowns still add up
        breakdown=state.breakdown if eggs is None else [dict.fromkeys(CATEGORIES, 0) | {MATCHING: e} for e in eggs],
    )


def act(state: State, seat: int, *actions) -> State:
    for action in actions:
        state = GAME.apply(state, seat, action)
    return state


def touch(state: State, seat: int, spot: str, times: int = 1) -> State:
    return act(state, seat, *[Touch(spot)] * times)


def grab(state: State, seat: int, spot: str) -> State:
    return GAME.apply(state, seat, Grab(spot))


def loot_turn_of(state: State, seat: int) -> State:
    """Make it ``seat``'s turn, fresh (turn mode)."""
    return replace(state, phase="loot", current=seat, touches_left=state.options.touches_per_turn, grab_used=False)


def count_pawns(state: State) -> int:
    """Pawns anywhere: box, hands, sacks."""
    n = sum(1 for p in state.spots if p >= 0)
    for p in state.players:
        n += len(p.sack) + (p.hand is not None)
    return n


__all__ = [
    "ANIMALS",
    "RUSE_KINDS",
    "act",
    "all_ruse_in_play",
    "arrange",
    "count_pawns",
    "grab",
    "loot_turn_of",
    "new_game",
    "seats",
    "touch",
]
