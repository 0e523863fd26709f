"""Every test, whichever worker runs it (the suite runs on every core, pytest-xdist):
its own data folder, so no test reads or writes the user's, or another test's."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _own_data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # tests/ui and tests/engine/test_cli.py set their own (a data_dir fixture); this one
    # is for every other test that starts foxtui without saying where its data goes
    monkeypatch.setenv("FOXTUI_DATA_DIR", str(tmp_path / "foxtui-data"))
