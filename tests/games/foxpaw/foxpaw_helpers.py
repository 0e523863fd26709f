"""Building Foxpaw states by hand for rule tests."""

from __future__ import annotations

from msgspec.structs import replace

from foxtui.engine import SeatInfo
from foxtui.games.foxpaw import GAME
from foxtui.games.foxpaw import content as C
from foxtui.games.foxpaw.actions import PickBeast, PickHouse, PickObject, PickPair, PickStudent
from foxtui.games.foxpaw.rules_core import advance, set_player
from foxtui.games.foxpaw.state import Meeple, Options, State, Task

NAMES = ["Don", "McCoy", "Perry", "Mina"]
SPACE = C.SPACE_INDEX


def seats(n: int) -> list[SeatInfo]:
    return [SeatInfo(NAMES[i]) for i in range(n)]


def new_game(n: int = 4, seed: int = 1, **options) -> State:
    return GAME.setup(seats(n), Options(**options), seed)


def act(state: State, seat: int, action) -> State:
    assert action in GAME.legal_actions(state, seat), f"{action} is not legal for seat {seat}: {GAME.legal_actions(state, seat)}"
    return GAME.apply(state, seat, action)


def through_setup(state: State, houses: list[str] | None = None) -> State:
    """Play the setup: everyone keeps their first Student card, houses are taken as
    listed (seat order) or in content order, the first object and beast are taken."""
    houses = houses or list(C.HOUSES)
    while state.phase == "setup":
        t = state.tasks[-1]
        seat = min(GAME.to_act(state))
        if t.kind == "student":
            action = PickStudent(state.players[seat].students[0])
        elif t.kind == "house":
            action = PickHouse(houses[seat])
        elif t.kind == "start_object":
            action = PickObject(state.objects[0])
        elif t.kind == "start_beast":
            action = PickBeast(state.beasts[0])
        elif t.kind == "pair":
            action = PickPair(0)
        else:
            raise AssertionError(f"unexpected setup step {t.kind}")
        state = act(state, seat, action)
    return state


def game_at_placement(n: int = 4, seed: int = 1, houses: list[str] | None = None, **options) -> State:
    return through_setup(new_game(n, seed, **options), houses)


def edit(state: State, **fields) -> State:
    """The state with some top-level fields replaced (a list given becomes a tuple: states hold tuples)."""
    return replace(state, **_tuples(fields))


def edit_player(state: State, seat: int, **fields) -> State:
    return set_player(state, seat, **_tuples(fields))


def _tuples(fields: dict) -> dict:
    return {k: tuple(v) if isinstance(v, list) else v for k, v in fields.items()}


def with_board(state: State, meeples: dict[str, list[tuple[int, str]]]) -> State:
    """An empty board (but Obsidio's 5) with meeples: space id -> [(owner, beast id or "")]."""
    board = [tuple(m for m in b if m.marker == 5) for b in state.board]
    for space, ms in meeples.items():
        board[SPACE[space]] = tuple(Meeple(o, b) for o, b in ms)
    return replace(state, board=tuple(board))


def with_tasks(state: State, *tasks: Task) -> State:
    """Replace what the game waits for (the first task given is done first) and run it."""
    return advance(replace(state, tasks=tasks[::-1]))


def resolving(state: State, seat: int, space: str, index: int = 0, *after: Task) -> State:
    """The game asks ``seat`` to use the meeple at ``space``."""
    return with_tasks(state, Task("resolve", seat, SPACE[space], index), *after)
