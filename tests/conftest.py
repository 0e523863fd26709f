"""Every test, whichever worker runs it (the suite runs in four at once, pytest-xdist):
its own data folder, so no test reads or writes the user's, or another test's."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _own_data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # tests/ui and tests/engine/test_cli.py set their own (a data_dir fixture); this one
    # is for every other test that starts foxtui without saying where its data goes
    monkeypatch.setenv("FOXTUI_DATA_DIR", str(tmp_path / "foxtui-data"))


#: the longest tests (over 10 s on the two-core machine; see --durations), started first
#: so that none of them is what the other workers wait for at the end of a parallel run
LONGEST_FIRST = (
    "tests/server/test_ssh.py::test_two_players_play_master_fox_to_the_end_across_a_restart",
    "tests/server/test_ssh.py::test_invalid_utf8_and_random_bytes_leave_every_session_playing",
    "tests/ui/test_leaks.py::test_no_frame_shows_another_seats_secret",
    "tests/ui/test_foxpaw_screen.py::test_a_whole_two_player_first_game_at_the_keyboard_against_a_bot",
    "tests/ui/test_foxpaw_screen.py::test_no_screen_shows_another_seats_secrets",
    "tests/ui/test_flow.py::test_new_game_round_quit_continue_replay_results",
    "tests/server/test_ssh_table_life.py::test_a_held_round_lets_nobody_act_until_both_read_the_summary",
    "tests/games/fox_matters/test_fox_matters_bots.py::test_cooperative_bot_keeps_its_win_rate_between_difficulties",
    "tests/games/fox_matters/test_fox_matters_expert.py::test_the_evaluation_scores_whatever_a_candidate_move_leaves",
    "tests/ui/test_foxpaw_keys.py::test_every_free_space_is_at_most_three_keys_from_the_start_of_a_turn",
    "tests/ui/test_help_truth.py::test_every_table",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    def rank(item: pytest.Item) -> int:
        return next((n for n, start in enumerate(LONGEST_FIRST) if item.nodeid.startswith(start)), len(LONGEST_FIRST))

    items.sort(key=rank)  # stable: the rest keep their order
