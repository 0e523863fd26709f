"""Foxpaw beyond the shared contract tests (which cover it through GAMES): the same
per-step checks on every player count in both variants, and refusals of foreign moves."""

from __future__ import annotations

import sys
from pathlib import Path

import msgspec
import pytest

ROOT = Path(__file__).resolve().parents[3]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import tests.engine.test_contract as contract  # noqa: E402

from foxtui.engine import IllegalAction, SeatInfo  # noqa: E402
from foxtui.games.foxpaw import GAME  # noqa: E402
from foxtui.games.foxpaw.state import Options  # noqa: E402

PLAYERS = list(range(GAME.min_players, GAME.max_players + 1))


def _with_options(options: Options):
    """The game, but ``Options()`` gives ``options`` (random_playout builds the default)."""

    class Variant(type(GAME)):
        pass

    variant = Variant()
    variant.Options = lambda: options  # type: ignore[assignment]
    return variant


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("first_game", [False, True])
def test_random_playouts_keep_the_contract_in_both_variants(players: int, first_game: bool) -> None:
    game = _with_options(Options(first_game=first_game))
    for seed in (1, 2):
        steps, states = contract.random_playout(game, players, seed + 10 * players + (100 if first_game else 0))
        end = states[-1]
        outcome = game.outcome(end)
        assert end.round == (4 if first_game else 5)
        assert len(end.event_reports) == (2 if first_game else 3)
        assert len(end.scorings) == len(end.event_reports)
        for seat in range(players):
            assert sum(outcome.breakdown[seat].values()) == outcome.scores[seat]
        assert msgspec.json.decode(msgspec.json.encode(end), type=GAME.State) == end


@pytest.mark.parametrize("players", PLAYERS)
def test_replays_are_identical(players: int) -> None:
    steps, states = contract.random_playout(GAME, players, 7, checks=False)
    state = GAME.setup(contract.seats_for(players), Options(), 7)
    for n, (seat, action) in enumerate(steps, start=1):
        state = GAME.apply(state, seat, action)
        assert contract.enc(state) == contract.enc(states[n]), f"step {n} replayed differently"


def test_seats_outside_the_table_and_other_games_moves_are_refused() -> None:
    state = GAME.setup([SeatInfo("Ada"), SeatInfo("Bo")], Options(), 1)
    with pytest.raises(IllegalAction):
        GAME.apply(state, 2, GAME.legal_actions(state, 0)[0])
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, "ready")
