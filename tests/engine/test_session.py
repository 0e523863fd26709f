"""The session: steps are recorded and autosaved; undo follows BGA's rule."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from foxtui.engine import IllegalAction, SeatInfo
from foxtui.engine.record import load_record
from foxtui.engine.session import Session
from foxtui.games import GAMES
from foxtui.games.master_fox.actions import SPOTS, EndTurn, Grab, PutBack, Stash, Touch

GAME = GAMES["master-fox"]
enc = msgspec.json.encode


@pytest.fixture
def session(tmp_path: Path) -> Session:
    seats = [SeatInfo("Ada", age=40), SeatInfo("Bo", age=30)]
    return Session.new(GAME, seats, GAME.Options(), 7, tmp_path / "s.json")


def first(session: Session, seat: int, kind: type):
    return next(a for a in session.legal_actions(seat) if isinstance(a, kind))


def test_every_step_is_autosaved(session: Session) -> None:
    seat = min(session.to_act())
    session.act(seat, first(session, seat, Touch))
    record, state = load_record(session.path)
    assert len(record.steps) == 1 and enc(state) == enc(session.state)


def test_an_illegal_action_changes_nothing(session: Session) -> None:
    seat = min(session.to_act())
    other = 1 - seat
    before = (enc(session.state), session.path.read_bytes())
    with pytest.raises(IllegalAction):
        session.act(other, first(session, seat, Touch))
    with pytest.raises(IllegalAction):
        session.act(seat, Stash())  # nothing in the looting hand
    assert (enc(session.state), session.path.read_bytes()) == before
    assert session.step_count == 0


def test_undo_is_refused_for_a_touch_which_revealed_something(session: Session) -> None:
    seat = min(session.to_act())
    session.act(seat, first(session, seat, Touch))
    reason = session.undo(seat)
    assert reason and ("felt" in reason.lower() or "touch" in reason.lower())
    assert session.step_count == 1


def grab_a_pawn(session: Session, seat: int) -> None:
    """Grab a spot that holds a pawn (the test peeks at the truth to find one)."""
    box = GAME.view_all(session.state).box
    spot = next(i for i, pawn in enumerate(box) if pawn is not None)
    session.act(seat, Grab(SPOTS[spot]))


def test_undo_of_a_stash_restores_the_pawn_to_the_hand(session: Session) -> None:
    seat = min(session.to_act())
    grab_a_pawn(session, seat)
    assert session.view(seat).hand is not None
    before = enc(session.state)
    session.act(seat, Stash())
    assert session.undo(seat) is None
    assert enc(session.state) == before
    record, _ = load_record(session.path)
    assert len(record.steps) == session.step_count  # the undo was saved too


def test_undo_refused_once_someone_else_has_acted(session: Session) -> None:
    seat = min(session.to_act())
    session.act(seat, EndTurn())
    other = min(session.to_act())
    assert other != seat
    session.act(other, first(session, other, Touch))
    assert "someone else" in session.undo(seat).lower()


def test_undo_refused_when_chance_was_drawn(session: Session) -> None:
    seat = min(session.to_act())
    grab_a_pawn(session, seat)
    session.act(seat, PutBack())  # the pawn lands on a random spot
    assert "chance" in session.undo(seat).lower()


def test_undo_refused_for_another_seat_and_for_bots(tmp_path: Path) -> None:
    seats = [SeatInfo("Ada", age=40), SeatInfo("Bot", bot="random", age=30)]
    session = Session.new(GAME, seats, GAME.Options(), 3, tmp_path / "b.json")
    seat = min(session.to_act())
    assert session.undo(seat) == "You have not made a move to undo."
    assert "Bots" in session.undo(1)


def test_bots_play_the_same_after_resume(tmp_path: Path) -> None:
    seats = [SeatInfo("B1", bot="sensible", age=40), SeatInfo("B2", bot="random", age=30)]
    a = Session.new(GAME, seats, GAME.Options(), 5, tmp_path / "a.json")
    for _ in range(30):
        a.play_bot()
    resumed = Session.resume(tmp_path / "a.json")
    b = Session.new(GAME, seats, GAME.Options(), 5, tmp_path / "b.json")
    for _ in range(60):
        b.play_bot()
    for _ in range(30):
        resumed.play_bot()
    assert resumed.record.steps == b.record.steps
