"""A real terminal: keys sent in one go (as over SSH) fill the new-game form exactly as
typed one at a time."""

from __future__ import annotations

import pytest
from tmux_terminal import Terminal

pytestmark = pytest.mark.terminal


def _row(screen: str, label: str) -> str:
    return next(row for row in screen.split("\n") if row.lstrip().startswith(label))


@pytest.mark.parametrize("term", ["xterm", "xterm-256color"])
def test_a_burst_of_keys_on_the_new_game_form(term, tmp_path) -> None:
    with Terminal(term, tmp_path) as t:
        t.wait_for("New game: Master Fox")
        t.keys("n")
        t.wait_for("Players (2–4)")
        # one send-keys: the bytes reach foxtui together
        t.keys("Tab", "BSpace", "3", "Tab", "X")
        screen = t.wait_for(lambda s: "3." in s and _row(s, "1.").split()[1:2] == ["X"], label="Players 3, seat 1 X")
        assert _row(screen, "Players").split()[-1] == "3"


def test_escape_and_enter_in_one_go_are_two_keys(tmp_path) -> None:
    """Escape pressed right before Enter: over SSH both bytes arrive in one read, and
    Textual's reader alone takes ESC CR for Alt+Enter, read as a plain Enter (the help
    stayed open and took the Enter; a round summary waited for an Enter already
    pressed). Escape closes the help, then Enter opens the home screen's first entry."""
    with Terminal("xterm-256color", tmp_path) as t:
        t.wait_for("New game: Master Fox")
        t.keys("?")
        help_screen = t.wait_for(lambda s: "New game: Master Fox" not in s, label="the help")
        t.tmux("send-keys", "-t", "foxtui", "-H", "1b", "0d")  # one write: ESC CR
        screen = t.wait_for("Players (2–4)", label="the new-game form, opened by the Enter")
        assert "esc Back" in screen, help_screen
