"""The Textual and Rich releases foxtui declares are the ones it is tested with, and
one outside them is refused at start-up in one sentence (exit 2), not with a traceback
three screens later."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from foxtui import versions
from foxtui.cli import main

ROOT = Path(__file__).resolve().parents[2]


def declared() -> dict[str, str]:
    """pyproject.toml's dependencies: name -> its version specifier."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    found = {}
    for requirement in project["dependencies"]:
        name, spec = re.fullmatch(r"([A-Za-z0-9_.-]+)\s*(.*)", requirement).groups()
        found[name.lower()] = spec.replace(" ", "")
    return found


def pinned() -> dict[str, str]:
    lines = (ROOT / "constraints.txt").read_text().splitlines()
    return {name.lower(): version for name, version in (line.split("==") for line in lines if "==" in line)}


@pytest.mark.parametrize("name", sorted(versions.REQUIRED))
def test_pyproject_declares_the_range_foxtui_checks_and_the_pins_lie_in_it(name: str) -> None:
    low, below = versions.REQUIRED[name]
    assert declared()[name] == f">={low},<{below}"
    # the tested minor release: the range is no wider than one minor release
    assert versions.release(below)[:2] == (versions.release(low)[0], versions.release(low)[1] + 1)
    assert versions.release(low) <= versions.release(pinned()[name]) < versions.release(below)
    # and what this test runs with is in it
    assert versions.mismatch() is None


def test_release_numbers_are_read_as_numbers() -> None:
    assert versions.release("8.2.10") > versions.release("8.2.8")
    assert versions.release("8.3.0rc1") == (8, 3, 0)
    assert versions.release("15.0") < versions.release("15.0.0") < versions.release("15.1")


@pytest.mark.parametrize(
    ("textual", "refused"),
    [("8.1.1", True), ("8.2.7", True), ("8.3.0", True), ("9.0.0", True), (None, True), ("8.2.8", False), ("8.2.12", False)],
)
def test_a_textual_outside_the_range_is_one_sentence_and_exit_2(monkeypatch, capsys, tmp_path, textual, refused) -> None:
    monkeypatch.setenv("FOXTUI_DATA_DIR", str(tmp_path))
    real = versions.installed
    monkeypatch.setattr(versions, "installed", lambda name: textual if name == "textual" else real(name))
    status = main(["autoplay", "master-fox", "--players", "2", "--seed", "1"])
    captured = capsys.readouterr()
    if not refused:
        assert status == 0 and captured.err == ""
        return
    assert status == 2 and captured.out == ""
    assert captured.err.count("\n") == 1, captured.err
    assert captured.err.startswith("foxtui: Textual 8.2.8 or a later 8.2 release is needed, and this Python has ")
    assert f"has {textual or 'none'};" in captured.err
    assert "pip install 'textual>=8.2.8,<8.3'" in captured.err


def test_a_rich_outside_the_range_is_refused_too(monkeypatch, capsys) -> None:
    real = versions.installed
    monkeypatch.setattr(versions, "installed", lambda name: "14.3.4" if name == "rich" else real(name))
    assert main(["--color", "16"]) == 2
    err = capsys.readouterr().err
    assert err == "foxtui: Rich 15.0.0 or a later 15.0 release is needed, and this Python has 14.3.4; `pip install 'rich>=15.0.0,<15.1'` installs it.\n"
