"""Foxpaw bots: the sensible bot plays any seat from its View alone, beats the random
bot, and tables of sensible bots stay balanced between the houses (small samples here;
the full measurements are foxpaw_winrate.py and foxpaw_balance.py)."""

from __future__ import annotations

import msgspec
from foxpaw_balance import LIMIT, measure as balance
from foxpaw_helpers import edit, game_at_placement, with_tasks
from foxpaw_winrate import measure, play

from foxtui.engine import Rng
from foxtui.games.foxpaw import GAME
from foxtui.games.foxpaw.bots import sensible_bot
from foxtui.games.foxpaw.state import OBSIDIO, Options, Task


def test_sensible_beats_random_in_most_two_player_games() -> None:
    wins = measure(16)
    assert wins >= 14, f"sensible won only {wins} of 16"


def test_sensible_bots_finish_every_kind_of_game() -> None:
    for players, first_game in ((2, True), (3, False), (4, True), (4, False)):
        state = play(["sensible"] * players, 40 + players, Options(first_game=first_game))
        assert GAME.outcome(state) is not None


def test_houses_are_balanced_on_a_small_sample() -> None:
    table = balance(4, 12)
    for won, played in table.values():
        assert played and won / played <= 2 * LIMIT / 4  # loose on a sample this small


def test_sensible_bot_decides_from_its_view_alone() -> None:
    state = game_at_placement(3, seed=5)
    seat = min(GAME.to_act(state))
    legal = GAME.legal_actions(state, seat)
    chosen = {msgspec.json.encode(sensible_bot(GAME.view(state, seat), legal, Rng(1)))}
    for seed in range(4):
        redealt = GAME.determinize(state, seat, seed)
        chosen.add(msgspec.json.encode(sensible_bot(GAME.view(redealt, seat), legal, Rng(1))))
    assert len(chosen) == 1


def test_sensible_bot_places_obsidio_markers_and_makes_secret_choices() -> None:
    state = edit(game_at_placement(2, seed=3), order=(OBSIDIO, 0, 1))
    state = with_tasks(state, Task("year_start"))
    assert state.tasks[-1].kind == "obs_turn"
    seat = min(GAME.to_act(state))
    assert sensible_bot(GAME.view(state, seat), GAME.legal_actions(state, seat), Rng(2)) in GAME.legal_actions(state, seat)
    state = with_tasks(game_at_placement(4, seed=2), Task("duel"))
    assert len(GAME.to_act(state)) == 4
    for seat in sorted(GAME.to_act(state)):
        legal = GAME.legal_actions(state, seat)
        assert sensible_bot(GAME.view(state, seat), legal, Rng(seat)) in legal
