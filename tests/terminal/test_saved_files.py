"""Saved games that are no saved game (issue 17, item 14): a record nested thousands
deep, a FIFO, a device, a huge file. `foxtui verify`, `replay` and `resume` refuse each
in one sentence (exit 2) without reading it, or without hanging; the home screen's
list of saves shows such a file as damaged and goes on."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from foxtui.engine.record import MAX_RECORD_BYTES
from foxtui.engine.saves import list_saves


def deep_record(path: Path, depth: int = 5000) -> Path:
    record = {"format": 1, "game": "master-fox", "options": {}, "seats": [{"name": "A"}, {"name": "B"}], "seed": 1}
    text = json.dumps(record).replace('"options": {}', '"options": ' + "[" * depth + "]" * depth)
    path.write_text(text)
    return path


def foxtui(*args: str, data: Path, timeout: float = 30) -> subprocess.CompletedProcess:
    env = {**os.environ, "FOXTUI_DATA_DIR": str(data)}
    return subprocess.run(
        [sys.executable, "-m", "foxtui", *args], capture_output=True, text=True, timeout=timeout,
        stdin=subprocess.DEVNULL, env=env,
    )  # fmt: skip


def one_sentence(out: subprocess.CompletedProcess) -> str:
    assert out.returncode == 2, out
    assert out.stderr.startswith("foxtui: ") and out.stderr.count("\n") == 1, out.stderr
    assert "Traceback" not in out.stderr
    return out.stderr[len("foxtui: ") :].strip()


@pytest.mark.parametrize("command", ["verify", "replay", "resume"])
def test_a_record_nested_5000_deep_is_one_sentence(command, tmp_path):
    path = deep_record(tmp_path / "deep.json")
    said = one_sentence(foxtui(command, str(path), data=tmp_path))
    assert said == "deep.json is damaged or was edited by hand (it nests deeper than any saved game)."


@pytest.mark.parametrize("command", ["verify", "replay"])
def test_a_fifo_is_refused_at_once(command, tmp_path):
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    said = one_sentence(foxtui(command, str(fifo), data=tmp_path, timeout=20))  # no writer: it would hang
    assert said == f"{fifo} is not a regular file, so not a saved game."


def test_a_device_is_not_read(tmp_path):
    said = one_sentence(foxtui("verify", "/dev/zero", data=tmp_path, timeout=20))
    assert said == "/dev/zero is not a regular file, so not a saved game."


def test_a_file_larger_than_any_game_is_not_read(tmp_path):
    big = tmp_path / "big.json"
    with open(big, "wb") as out:
        out.truncate(MAX_RECORD_BYTES + 1)
    said = one_sentence(foxtui("verify", str(big), data=tmp_path))
    assert said == f"{big} is larger than any saved game ({MAX_RECORD_BYTES + 1:,} bytes)."


def test_such_files_among_the_saves_are_listed_as_damaged(tmp_path):
    saves = tmp_path / "saves"
    saves.mkdir()
    deep_record(saves / "deep.json")
    os.mkfifo(saves / "fifo.json")
    entries = {entry.path.name: entry for entry in list_saves(saves)}
    assert entries["deep.json"].summary is None and "nests deeper" in entries["deep.json"].problem
    assert entries["fifo.json"].summary is None and "not a regular file" in entries["fifo.json"].problem
