"""Saving and loading: every kind of bad file is one clear sentence, and the file stays as it was."""

from __future__ import annotations

import os
from pathlib import Path

import msgspec
import pytest

from foxtui.engine import SeatInfo
from foxtui.engine.record import RecordError, load_record, save_record
from foxtui.engine.session import Session
from foxtui.games import GAMES

GAME = GAMES["master-fox"]


@pytest.fixture
def saved(tmp_path: Path) -> tuple[Session, Path]:
    path = tmp_path / "save.json"
    seats = [SeatInfo("Ada", age=30), SeatInfo("Bo", bot=next(iter(GAME.bots)), age=9)]
    session = Session.new(GAME, seats, GAME.Options(), 42, path)
    for _ in range(25):
        if session.outcome() is not None:
            break
        seat = min(session.to_act())
        session.act(seat, session.bot_action(seat))
    return session, path


def refused(path: Path) -> str:
    before = path.read_bytes() if path.exists() else None
    with pytest.raises(RecordError) as info:
        load_record(path)
    after = path.read_bytes() if path.exists() else None
    assert before == after, "loading changed the file"
    message = str(info.value)
    assert "\n" not in message and message.endswith((".", ")")) and path.name in message
    return message


def test_a_saved_game_loads_to_the_same_state(saved) -> None:
    session, path = saved
    record, state = load_record(path)
    assert record == session.record
    assert msgspec.json.encode(state) == msgspec.json.encode(session.state)


def test_truncated_file(saved) -> None:
    _, path = saved
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    assert "damaged or truncated" in refused(path)


def test_empty_file(saved) -> None:
    _, path = saved
    path.write_bytes(b"")
    assert "is empty" in refused(path)


def test_bit_flipped_file(saved) -> None:
    _, path = saved
    data = bytearray(path.read_bytes())
    # flip a bit inside the last step's hash: still valid JSON, but a different record
    i = data.rindex(b'"hash":"') + len(b'"hash":"') + 3
    data[i] ^= 0x01
    path.write_bytes(bytes(data))
    assert "does not match its recorded state" in refused(path)


def test_every_single_byte_flip_is_refused_or_harmless(saved) -> None:
    """Flip each of a sample of bytes: loading either fails with a sentence or yields a valid game."""
    _, path = saved
    original = path.read_bytes()
    for i in range(0, len(original), max(1, len(original) // 150)):
        data = bytearray(original)
        data[i] ^= 0x04
        path.write_bytes(bytes(data))
        try:
            load_record(path)
        except RecordError as exc:
            assert "\n" not in str(exc)


def test_wrong_version(saved) -> None:
    _, path = saved
    path.write_bytes(path.read_bytes().replace(b'"format": 1', b'"format": 99', 1))
    assert "format 99" in refused(path)


def test_unknown_game(saved) -> None:
    _, path = saved
    path.write_bytes(path.read_bytes().replace(b'"game": "master-fox"', b'"game": "fox-poker"', 1))
    assert "fox-poker" in refused(path)


def test_illegal_step(saved) -> None:
    """A step hand-edited to a seat whose turn it was not is refused, naming the step."""
    session, path = saved
    text = path.read_text()
    lines = text.splitlines()
    first_step = next(i for i, line in enumerate(lines) if line.startswith('  {"seat":'))
    seat = session.record.steps[0].seat
    lines[first_step] = lines[first_step].replace(f'"seat":{seat}', f'"seat":{1 - seat}', 1)
    path.write_text("\n".join(lines) + "\n")
    assert "step 1" in refused(path)


def test_edited_unknown_field(saved) -> None:
    _, path = saved
    path.write_bytes(path.read_bytes().replace(b'"seed":', b'"cheat": true,\n "seed":', 1))
    assert "edited by hand" in refused(path)


def test_missing_file(tmp_path: Path) -> None:
    assert "does not exist" in refused(tmp_path / "nowhere.json")


def test_crash_between_temp_write_and_replace_keeps_the_previous_save(saved, monkeypatch) -> None:
    session, path = saved
    good = path.read_bytes()

    def crash(src, dst):
        raise OSError("killed")

    monkeypatch.setattr(os, "replace", crash)
    seat = min(session.to_act())
    session.act(seat, session.bot_action(seat))
    assert session.save_problem and "killed" in session.save_problem
    monkeypatch.undo()
    assert path.read_bytes() == good
    load_record(path)  # the previous save is whole and loadable
    assert not [p for p in path.parent.iterdir() if p.name.endswith(".tmp")], "temp file left behind"


def test_save_is_readable_json_one_step_per_line(saved) -> None:
    session, path = saved
    text = path.read_text()
    assert text.count('\n  {"seat":') == len(session.record.steps)
    msgspec.json.decode(text)


def test_a_paused_countdown_is_kept_and_only_while_there_is_one(saved) -> None:
    session, path = saved
    assert b'"clock"' not in path.read_bytes()  # records without a timer stay alike
    session.keep_clock(3, 47)
    record, _ = load_record(path)
    assert (record.clock.key, record.clock.seconds_left) == (3, 47)
    resumed = Session.resume(path)
    assert resumed.clock_left(3) == 47 and resumed.clock_left(4) is None


def test_a_hand_edited_countdown_is_refused(saved) -> None:
    session, path = saved
    session.keep_clock(1, 30)
    data = path.read_bytes()
    assert b'"seconds_left": 30' in data
    path.write_bytes(data.replace(b'"seconds_left": 30', b'"seconds_left": -5'))
    assert "edited by hand" in refused(path)


def test_a_record_of_other_rules_is_refused_in_words_not_as_damaged(tmp_path) -> None:
    """A save made before the rules changed would replay differently: it says so."""
    from foxtui.engine.record import RecordError, encode_record, load_record, read_summary
    from foxtui.engine.session import Session
    from foxtui.games import GAMES

    game = GAMES["master-fox"]
    session = Session.new(game, [SeatInfo("Ada"), SeatInfo("Bob")], game.Options(), 3)
    assert session.record.rules == game.rules_version == 3
    old = session.record
    old.rules = None  # as written before rules had versions
    path = tmp_path / "old.json"
    path.write_bytes(encode_record(old))
    for read in (load_record, read_summary):
        with pytest.raises(RecordError) as refused:
            read(path)
        assert str(refused.value) == (
            "old.json was played with older Master Fox rules (version 1; this foxtui plays version 3), "
            "so it cannot be replayed here."
        )
