"""`foxtui serve`'s options and data folder (issue 17, items 8 and 12): every wrong one
is one sentence and exit status 2, before anything listens or changes."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from foxtui.cli import main


def refused(args, capsys) -> str:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.startswith("foxtui: ") and err.count("\n") == 1, err
    return err[len("foxtui: ") :].strip()


def test_open_and_authorized_keys_together_are_refused(tmp_path, capsys):
    keys = tmp_path / "keys"
    keys.write_text("")
    said = refused(["serve", "--open", "--authorized-keys", str(keys), "--data", str(tmp_path / "d")], capsys)
    assert said == "Choose one: --authorized-keys FILE lets only those keys in, --open lets any key in."
    assert not (tmp_path / "d").exists()


@pytest.mark.parametrize("args,expected", [
    (["--port", "99999"], "--port takes a whole number from 1 to 65535, not '99999'."),
    (["--max-sessions", "-1"], "--max-sessions takes a whole number of at least 1, not '-1'."),
    (["--max-connections", "-1"], "--max-connections takes a whole number of at least 1, not '-1'."),
    (["--max-tables-per-key", "0"], "--max-tables-per-key takes a whole number of at least 1, not '0'."),
])  # fmt: skip
def test_numbers_out_of_range_are_refused(args, expected, tmp_path, capsys):
    assert refused(["serve", "--open", "--data", str(tmp_path / "d"), *args], capsys) == expected


def test_a_data_folder_others_may_read_is_refused_and_left_as_it_is(tmp_path, capsys):
    folder = tmp_path / "shared"
    folder.mkdir()
    os.chmod(folder, 0o755)
    said = refused(["serve", "--open", "--data", str(folder)], capsys)
    assert "may be read by others (mode 755)" in said and "chmod 700" in said
    assert folder.stat().st_mode & 0o777 == 0o755 and not list(folder.iterdir())


def test_a_new_data_folder_is_made_private(tmp_path):
    from foxtui.server.serve import data_folder

    folder = tmp_path / "new" / "server"
    old = os.umask(0)
    try:
        data_folder(folder)
    finally:
        os.umask(old)
    assert folder.stat().st_mode & 0o777 == 0o700


def test_a_database_that_cannot_be_opened_is_one_sentence_and_exit_2(tmp_path):
    folder = tmp_path / "data"
    folder.mkdir(mode=0o700)
    (folder / "server.sqlite3").write_bytes(b"not a database at all\n" * 200)
    out = subprocess.run(
        [sys.executable, "-m", "foxtui", "serve", "--open", "--port", "2", "--data", str(folder)],
        capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL,
    )  # fmt: skip
    assert out.returncode == 2
    assert out.stderr.startswith("foxtui: ") and "is not a foxtui server database" in out.stderr
    assert "Traceback" not in out.stderr and out.stderr.count("\n") == 1
