"""Where saved games live, and the saved-games list."""

from __future__ import annotations

import os
import time
from pathlib import Path

import msgspec
import platformdirs

from .record import RecordError, RecordSummary, read_summary


def data_dir() -> Path:
    """The user data folder; FOXTUI_DATA_DIR overrides it (tests, portable installs)."""
    override = os.environ.get("FOXTUI_DATA_DIR")
    return Path(override) if override else Path(platformdirs.user_data_dir("foxtui", appauthor=False))


def saves_dir() -> Path:
    return data_dir() / "saves"


def new_save_path(game_id: str, seed: int) -> Path:
    """A fresh file name: game, local date and time, seed (never overwrites a save)."""
    folder = saves_dir()
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"{game_id}-{stamp}-{seed}.json"
    n = 2
    while path.exists():
        path = folder / f"{game_id}-{stamp}-{seed}-{n}.json"
        n += 1
    return path


class SaveEntry(msgspec.Struct, frozen=True):
    path: Path
    modified: float
    summary: RecordSummary | None  # None when the file cannot be read
    problem: str | None = None


def list_saves(folder: Path | None = None) -> list[SaveEntry]:
    """Every save, newest first. Damaged files are listed with their problem, not hidden."""
    folder = folder or saves_dir()
    if not folder.is_dir():
        return []
    entries = []
    for path in folder.glob("*.json"):
        if path.name.startswith("."):
            continue  # a temp file left by a crash mid-save
        try:
            modified = path.stat().st_mtime
        except OSError:
            continue
        try:
            entries.append(SaveEntry(path, modified, read_summary(path)))
        except RecordError as exc:
            entries.append(SaveEntry(path, modified, None, str(exc)))
    entries.sort(key=lambda e: (-e.modified, e.path.name))
    return entries


def latest_unfinished(folder: Path | None = None) -> SaveEntry | None:
    for entry in list_saves(folder):
        if entry.summary is not None and not entry.summary.finished:
            return entry
    return None
