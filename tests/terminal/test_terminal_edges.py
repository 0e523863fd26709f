"""The terminal's edges, in a real pseudo-terminal (tmux): one too small for the screens,
and one that goes away under foxtui (the window closed, the SSH connection dropped)."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest
from tmux_terminal import Terminal
from test_ssh_terminal import SIXTEEN, TABLE, TWO_FIFTY_SIX, framed

pytestmark = pytest.mark.terminal

WATCH_EXIT = Path(__file__).with_name("watch_exit.py")
GAME = ("new", "master-fox", "--bots", "2", "--seed", "5")
TOO_SMALL = "foxtui needs a terminal of at least 80×24; this one is 70×20."


def message_only(width: int, height: int):
    """A test of the screen: the too-small message and nothing of the screen beneath."""

    def check(screen: str) -> bool:
        words = " ".join(screen.split())
        return (
            f"this one is {width}×{height}." in words
            and "press q to quit" in words
            and "Master Fox" not in words
            and "Help" not in words
        )

    return check


@pytest.mark.parametrize("term", [SIXTEEN, TWO_FIFTY_SIX])
def test_below_80x24_the_table_gives_way_to_the_size_it_needs_and_comes_back_as_it_was(term, tmp_path) -> None:
    with Terminal(term, tmp_path, *GAME) as t:
        screen = t.wait_for(framed(80, 24, TABLE, "Missions:", "your turn: 3 of 3 touches left"), label="the table")
        t.resize(70, 20)
        small = t.wait_for(message_only(70, 20), label="the size message at 70x20")
        assert TOO_SMALL in " ".join(small.split())
        # keys do nothing while it is up: no touch, no help, no way home
        t.keys("t", "?", "Escape", "u", "Enter")
        time.sleep(1.0)
        assert message_only(70, 20)(t.screen())
        t.resize(75, 30)  # wide enough is not enough: both must fit
        t.wait_for(message_only(75, 30), label="the size message at 75x30")
        t.resize(80, 24)
        t.wait_for(lambda s: s == screen, label=f"the table at 80x24 exactly as before:\n{screen}")
        # the keys work again, and nothing pressed under the message had been played
        t.keys("t")
        t.wait_for("You touched A1")
        assert "Help" not in t.screen().splitlines()[0]
        t.keys("q")
        t.wait_for("Continue: Master Fox")
        t.keys("q")
        assert t.wait_exit() == 0
        assert "Traceback" not in t.history()


@pytest.mark.parametrize("key", ["q", "C-c"])
def test_a_terminal_too_small_from_the_start_and_q_or_ctrl_c_quits(key, tmp_path) -> None:
    with Terminal(TWO_FIFTY_SIX, tmp_path, size=(70, 20)) as t:
        t.wait_for(message_only(70, 20), label="the size message from the first frame")
        t.keys(key)
        assert t.wait_exit() == 0
        assert "Traceback" not in t.history()


@pytest.mark.parametrize(
    "mode",
    [
        "attached",  # foxtui gets the SIGHUP the hangup sends
        "detached",  # no signal at all: only the dead terminal tells (the 70 % CPU case)
    ],
)
def test_a_lost_terminal_ends_foxtui(mode, tmp_path) -> None:
    status = tmp_path / "status"
    launcher = (sys.executable, str(WATCH_EXIT), str(status), mode)
    with Terminal(TWO_FIFTY_SIX, tmp_path, *GAME, launcher=launcher) as t:
        t.wait_for(framed(80, 24, TABLE, "your turn: 3 of 3 touches left"), label="the table")
        t.keys("t")
        t.wait_for("You touched A1")
        t.kill()
        deadline = time.monotonic() + 25  # the watcher gives up after 20 s
        while not status.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert status.exists(), "foxtui's watcher never reported"
        ended = status.read_text().strip()  # its exit status and the seconds it ran
        # 129: saved and ended by foxtui itself (a process killed by the signal reports -1)
        assert ended.split()[0] == "129", f"foxtui ended with {ended!r}"
    saves = list((tmp_path / "saves").glob("master-fox-*.json"))
    assert len(saves) == 1
    from foxtui.engine.record import load_record

    record, _ = load_record(saves[0])
    assert len(record.steps) == 1  # the touch, saved as it was played
