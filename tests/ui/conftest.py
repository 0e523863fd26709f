"""UI test setup: snapshots go to the top-level snapshots/ folder; saves to a temp folder."""

from __future__ import annotations

from pathlib import Path

import pytest
import pytest_textual_snapshot

SNAPSHOTS = Path(__file__).resolve().parents[2] / "snapshots"


def _snapshot_dirname(cls, *, test_location) -> str:
    # one folder per test module under snapshots/, instead of tests/ui/__snapshots__/
    return str(SNAPSHOTS / test_location.basename)


pytest_textual_snapshot.SVGImageExtension.dirname = classmethod(_snapshot_dirname)


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch) -> Path:
    """Every UI test gets its own empty data folder (saved games land there)."""
    folder = tmp_path / "data"
    monkeypatch.setenv("FOXTUI_DATA_DIR", str(folder))
    return folder
