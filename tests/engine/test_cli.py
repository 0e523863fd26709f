"""The command line: exact forms, and every error one line on stderr with exit status 2."""

from __future__ import annotations

import subprocess
import sys

import pytest

from foxtui import __version__
from foxtui.cli import main


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "foxtui", *args], capture_output=True, text=True, timeout=120)


def test_version_and_help() -> None:
    assert run("--version").stdout.strip() == f"foxtui {__version__}"
    out = run("--help")
    assert out.returncode == 0
    for command in ("new", "resume", "replay", "verify", "autoplay"):
        assert command in out.stdout


@pytest.mark.parametrize(
    "args,expected",
    [
        (["new", "chess"], "Unknown game 'chess'"),
        (["new", "master-fox", "--players", "7"], "2 to 4 players, not 7"),
        (["new", "master-fox", "--option", "speed=3"], "no option 'speed'"),
        (["new", "master-fox", "--option", "target_eggs=12"], "Bad option"),
        (["new", "master-fox", "--option", "target_eggs"], "KEY=VALUE"),
        (["new", "master-fox", "--bots", "9"], "seat numbers from 1 to 2"),
        (["new", "master-fox", "--bots", "2:genius"], "no bot level 'genius'"),
        (["new", "master-fox", "--names", "A"], "1 names for 2 seats"),
        (["autoplay", "master-fox", "--players", "2"], "required"),
        (["autoplay", "master-fox", "--players", "5", "--seed", "1"], "not 5"),
        (["verify", "/nonexistent/game.json"], "does not exist"),
        (["replay", "/nonexistent/game.json"], "does not exist"),
        (["frobnicate"], "invalid choice"),
    ],
)
def test_errors_are_one_line_and_exit_2(args, expected, capsys, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("FOXTUI_DATA_DIR", str(tmp_path))
    assert main(args) == 2
    captured = capsys.readouterr()
    err = captured.err
    assert err.count("\n") == 1 and err.startswith("foxtui: ") and expected in err
    assert "Traceback" not in err + captured.out
    assert not (tmp_path / "saves").exists() or not list((tmp_path / "saves").iterdir())


def test_resume_without_saves(capsys, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("FOXTUI_DATA_DIR", str(tmp_path))
    assert main(["resume"]) == 2
    assert "no unfinished game" in capsys.readouterr().err


def test_verify_a_garbage_file(tmp_path, capsys) -> None:
    path = tmp_path / "junk.json"
    path.write_bytes(b"\x00\xffnot json")
    assert main(["verify", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "junk.json" in err


def test_autoplay_prints_one_outcome_line(capsys) -> None:
    assert main(["autoplay", "master-fox", "--players", "3", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and out.startswith("Master Fox: ") and "winner: " in out


def test_new_refuses_a_game_without_a_screen(capsys, tmp_path, monkeypatch) -> None:
    from foxtui.ui.games import PANELS

    monkeypatch.setenv("FOXTUI_DATA_DIR", str(tmp_path))
    monkeypatch.delitem(PANELS, "fox-matters", raising=False)
    assert main(["new", "fox-matters"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot be played on screen yet" in err and "autoplay fox-matters" in err
