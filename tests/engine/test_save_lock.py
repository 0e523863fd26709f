"""A saved game is played by one process at a time; a killed one's lock is taken over;
reading a save (replay, verify) never needs the lock and never writes."""

from __future__ import annotations

import subprocess
import sys

import pytest

from foxtui.cli import main as cli_main
from foxtui.engine.game import SeatInfo
from foxtui.engine.record import load_record
from foxtui.engine.saves_lock import GameInUse
from foxtui.engine.session import Session
from foxtui.games import GAMES
from foxtui.games.master_fox.actions import END_TURN

MF = GAMES["master-fox"]

HOLDER = """
import sys, time
from foxtui.engine.session import Session
session = Session.resume(sys.argv[1])
print("held", flush=True)
time.sleep(120)
"""


def _saved_game(tmp_path):
    path = tmp_path / "saves" / "mf.json"
    session = Session.new(MF, [SeatInfo("Ada"), SeatInfo("Bob")], MF.Options(), 3, path)
    session.close()
    return path


def _hold_in_another_process(path) -> subprocess.Popen:
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(path)], stdout=subprocess.PIPE, text=True)
    assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
    return holder


def test_a_second_process_is_refused_in_one_sentence_naming_the_first(tmp_path, capsys):
    path = _saved_game(tmp_path)
    holder = _hold_in_another_process(path)
    try:
        with pytest.raises(GameInUse) as refused:
            Session.resume(path)
        assert str(refused.value) == f"mf.json is open in another foxtui (process {holder.pid})."
        capsys.readouterr()
        assert cli_main(["resume", str(path)]) == 2
        err = capsys.readouterr().err.strip()
        assert f"(process {holder.pid})" in err and "\n" not in err
    finally:
        holder.kill()
        holder.wait()


def test_the_lock_of_a_killed_process_is_taken_over_and_no_move_is_lost(tmp_path):
    path = _saved_game(tmp_path)
    holder = _hold_in_another_process(path)
    holder.kill()
    holder.wait()
    session = Session.resume(path)  # the dead holder's lock does not keep the game shut
    session.act(0, END_TURN)
    session.close()
    record, _ = load_record(path)
    assert [s.action for s in record.steps] == [END_TURN]
    again = Session.resume(path)  # closed: free again, for this process or another
    again.close()


def test_reading_a_save_that_is_being_played_never_writes_it(tmp_path, capsys):
    path = _saved_game(tmp_path)
    holder = _hold_in_another_process(path)
    try:
        before = (path.read_bytes(), path.stat().st_mtime_ns)
        assert cli_main(["verify", str(path)]) == 0
        load_record(path)
        assert (path.read_bytes(), path.stat().st_mtime_ns) == before
    finally:
        holder.kill()
        holder.wait()


def test_sessions_of_one_process_share_its_hold(tmp_path):
    path = _saved_game(tmp_path)
    first = Session.resume(path)
    second = Session.resume(path)  # the same process may open it again (a test, a replay)
    first.close()
    holder = subprocess.run([sys.executable, "-c", HOLDER.replace("time.sleep(120)", ""), str(path)], capture_output=True, text=True)
    assert "is open in another foxtui" in holder.stderr  # still held by ``second``
    second.close()
    free = subprocess.run([sys.executable, "-c", HOLDER.replace("time.sleep(120)", ""), str(path)], capture_output=True, text=True)
    assert free.returncode == 0 and free.stdout.strip() == "held"
