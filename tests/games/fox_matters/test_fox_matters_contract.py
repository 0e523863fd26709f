"""Fox Matters beyond the shared contract tests (which cover it through GAMES):
the same per-step checks on every difficulty, and refusals of foreign moves."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import tests.engine.test_contract as contract  # noqa: E402

from foxtui.engine import IllegalAction, SeatInfo  # noqa: E402
from foxtui.games.fox_matters import GAME  # noqa: E402
from foxtui.games.fox_matters.state import Options  # noqa: E402

PLAYERS = list(range(GAME.min_players, GAME.max_players + 1))


@pytest.mark.parametrize("seed", range(6))
def test_more_random_playouts_with_every_difficulty(seed: int) -> None:
    """Random play on every difficulty and player count, with the full per-step checks."""
    nightmare = ["random-level-1", "random-level-2", "random-level-3", "random-level-4", "random", "random"][seed]
    for players in PLAYERS:
        options = Options(nightmare=nightmare, holiday=seed == 5, timer_seconds=0 if seed % 2 else 120)
        game = _with_options(options)
        contract.random_playout(game, players, 100 + seed * 7 + players)


def _with_options(options: Options):
    """The game, but ``Options()`` gives ``options`` (random_playout builds the default)."""

    class Variant(type(GAME)):
        pass

    variant = Variant()
    variant.Options = lambda: options  # type: ignore[assignment]
    return variant


def test_seats_outside_the_table_and_other_games_moves_are_refused() -> None:
    state = GAME.setup([SeatInfo("Ada"), SeatInfo("Bo")], Options(), 1)
    with pytest.raises(IllegalAction):
        GAME.apply(state, 2, GAME.legal_actions(state, 0)[0])
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, "ready")
