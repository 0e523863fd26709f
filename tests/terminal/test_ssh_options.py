"""What playing over SSH asks of foxtui, without a terminal: the --color and
--low-bandwidth options, no suspending, no browser, no shell-outs."""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys
import webbrowser
from pathlib import Path

import pytest

import foxtui
from foxtui import cli
from foxtui.cli import main
from foxtui.ui import app as app_module
from foxtui.ui.app import FoxApp

PACKAGE = Path(foxtui.__file__).parent


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("FOXTUI_DATA_DIR", str(tmp_path))
    return tmp_path


class FakeApp:
    """Stands in for FoxApp: records how the command line made and ran it."""

    made: list[dict] = []
    return_code: int | None = None  # as App's after a run that ended normally

    def __init__(self, **kwargs) -> None:
        self.kwargs = kwargs

    def run(self, **kwargs) -> None:
        FakeApp.made.append({**self.kwargs, **kwargs})


@pytest.fixture
def runs(monkeypatch) -> list[dict]:
    FakeApp.made = []
    monkeypatch.setattr(app_module, "FoxApp", FakeApp)
    monkeypatch.setattr(cli, "_has_terminal", lambda: True)  # pytest's stdin is no terminal
    return FakeApp.made


@pytest.mark.parametrize(
    "argv,color,low_bandwidth",
    [
        ([], "auto", False),
        (["--color", "16"], "16", False),
        (["--low-bandwidth", "--color", "256"], "256", True),
        (["--color", "16", "new", "master-fox", "--bots", "2"], "16", False),
        (["new", "master-fox", "--bots", "2", "--color", "truecolor", "--low-bandwidth"], "truecolor", True),
        (["--color", "16", "new", "master-fox", "--color", "256"], "256", False),  # the later one wins
    ],
)
def test_options_before_or_after_the_command_reach_the_app(argv, color, low_bandwidth, runs) -> None:
    assert main(argv) == 0
    (made,) = runs
    assert (made["color"], made["low_bandwidth"]) == (color, low_bandwidth)
    assert made["mouse"] is not low_bandwidth  # a slow link is spared the mouse reports


def test_a_bad_colour_is_one_line_and_exit_2(capsys, runs) -> None:
    assert main(["--color", "8"]) == 2
    err = capsys.readouterr().err
    assert err == "foxtui: --color takes auto, 16, 256 or truecolor, not '8'.\n" and not runs


def test_terminal_signals_stay_off(monkeypatch, runs) -> None:
    # with TEXTUAL_ALLOW_SIGNALS, Textual would let the terminal turn ctrl+z into a stop
    monkeypatch.setenv("TEXTUAL_ALLOW_SIGNALS", "1")
    assert main([]) == 0
    assert "TEXTUAL_ALLOW_SIGNALS" not in os.environ


@pytest.mark.parametrize("argv", [[], ["new", "master-fox", "--bots", "2"]])
def test_without_a_terminal_one_line_and_nothing_saved(argv, data_dir) -> None:
    # `ssh host foxtui` without -t: no terminal to draw on
    out = subprocess.run(
        [sys.executable, "-m", "foxtui", *argv], stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 2
    assert out.stderr == "foxtui: There is no terminal to play in; over SSH, connect with `ssh -t`.\n"
    assert not (data_dir / "saves").exists() or not any((data_dir / "saves").iterdir())


@pytest.mark.parametrize("color,system", [("16", "standard"), ("256", "256"), ("truecolor", "truecolor")])
def test_color_forces_the_colour_system(color, system) -> None:
    assert FoxApp(color=color).console.color_system == system
    assert set(cli.COLORS) == {"auto", *app_module.COLOR_SYSTEMS}  # the command offers what the app knows


def test_color_auto_keeps_what_textual_detected() -> None:
    from textual.app import App

    assert FoxApp(color="auto").console.color_system == App().console.color_system


def test_low_bandwidth_turns_off_animations_and_blinking() -> None:
    async def blinking(app: FoxApp) -> bool:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("n")  # the new game form: its first input takes the focus
            await pilot.press("tab")
            await pilot.pause()
            from textual.widgets import Input

            assert isinstance(app.focused, Input)
            return app.focused.cursor_blink

    slow = FoxApp(low_bandwidth=True)
    assert slow.low_bandwidth and slow.animation_level == "none"
    assert asyncio.run(blinking(slow)) is False
    fast = FoxApp()
    assert not fast.low_bandwidth and fast.animation_level != "none"
    assert asyncio.run(blinking(fast)) is True


def test_ctrl_z_does_not_suspend_and_no_browser_opens(monkeypatch) -> None:
    def refuse(*args, **kwargs):
        raise AssertionError("foxtui must not start another program")

    monkeypatch.setattr(os, "kill", refuse)  # Textual suspends with os.kill(pid, SIGTSTP)
    monkeypatch.setattr(webbrowser, "open", refuse)

    async def run() -> None:
        app = FoxApp()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("ctrl+z")
            app.open_url("https://example.org/rules")
            await pilot.pause()
            messages = [n.message for n in app._notifications]
            assert any("does not suspend" in m for m in messages)
            assert any("https://example.org/rules" in m for m in messages)
            assert app.is_running

    asyncio.run(run())


#: ways to reach a shell, or hand the terminal to another program or a browser
SHELL_OUTS = re.compile(
    r"\b(os\.system|os\.popen|create_subprocess_shell|pty\.spawn|webbrowser)\b|shell=True|\.suspend\(\)"
)
#: ways to start another program at all; only the SSH server may, to run foxtui itself per player
STARTS = re.compile(r"\b(subprocess|os\.exec\w*|os\.spawn\w*|os\.fork|create_subprocess_exec)\b")
SERVER = PACKAGE / "server"


def test_no_shell_outs_anywhere_in_foxtui() -> None:
    found = [
        f"{path.relative_to(PACKAGE.parent)}:{n}: {line.strip()}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if SHELL_OUTS.search(line) or (STARTS.search(line) and SERVER not in path.parents)
    ]
    assert not found, "foxtui must not start other programs:\n" + "\n".join(found)
