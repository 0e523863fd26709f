"""The Fox Experiment beyond the shared contract tests (which cover it through GAMES):
the same per-step checks with the optional penalty, and refusals of foreign moves."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import tests.engine.test_contract as contract  # noqa: E402

from foxtui.engine import IllegalAction, SeatInfo  # noqa: E402
from foxtui.games.fox_experiment import GAME  # noqa: E402
from foxtui.games.fox_experiment.state import Options  # noqa: E402

PLAYERS = list(range(GAME.min_players, GAME.max_players + 1))


def _with_options(options: Options):
    """The game, but ``Options()`` gives ``options`` (random_playout builds the default)."""

    class Variant(type(GAME)):
        pass

    variant = Variant()
    variant.Options = lambda: options  # type: ignore[assignment]
    return variant


@pytest.mark.parametrize("players", PLAYERS)
def test_random_playouts_keep_the_contract_with_the_penalty_option(players: int) -> None:
    contract.random_playout(_with_options(Options(same_colour_penalty=True)), players, 40 + players)


def test_seats_outside_the_table_and_other_games_moves_are_refused() -> None:
    state = GAME.setup([SeatInfo("Ada"), SeatInfo("Bo")], Options(), 1)
    with pytest.raises(IllegalAction):
        GAME.apply(state, 2, GAME.legal_actions(state, 0)[0])
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, "ready")


def test_setup_refuses_player_counts_outside_two_to_six() -> None:
    for n in (1, 7):
        with pytest.raises(ValueError):
            GAME.setup([SeatInfo(f"P{i}") for i in range(n)], Options(), 1)
