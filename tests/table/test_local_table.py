"""A LocalTable: a Session whose moves are checked against the legal ones, and whose
clock step only the table applies; records made before clocks were the table's replay."""

from __future__ import annotations

import pytest

from foxtui.engine.game import IllegalAction, SeatInfo
from foxtui.engine.record import load_record
from foxtui.engine.session import Session
from foxtui.games import GAMES
from foxtui.games.fox_matters.actions import READY, TIME_UP
from foxtui.table import LocalTable

FM = GAMES["fox-matters"]


def test_a_record_whose_time_up_step_a_seat_made_still_replays(tmp_path) -> None:
    """Before the clock was the table's, TimeUp was in the seats' legal moves and the
    record names the seat that sent it; the game still accepts such a step."""
    path = tmp_path / "old.json"
    session = Session.new(FM, [SeatInfo("Ada"), SeatInfo("Bea")], FM.Options(timer_seconds=30), 4, path)
    session.act(0, READY)
    session.act(1, READY)
    session.act(1, TIME_UP)  # as an old client did, for its own seat
    record, state = load_record(path)
    assert [s.seat for s in record.steps] == [0, 1, 1] and state.round == 2


def test_a_seat_may_only_make_its_legal_moves(tmp_path) -> None:
    table = LocalTable(Session.new(FM, [SeatInfo("Ada"), SeatInfo("Bea")], FM.Options(timer_seconds=30), 4))
    table.act(0, READY)
    with pytest.raises(IllegalAction, match="not your move"):
        table.act(0, READY)
    table.act(1, READY)
    with pytest.raises(IllegalAction, match="clock decides"):
        table.act(0, TIME_UP)
    table.clock_step(table.clock())
    assert table.round() == 2 and table.session.record.steps[-1].action == TIME_UP
