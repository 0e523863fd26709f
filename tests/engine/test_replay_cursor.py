"""The replay cursor: every position is the true state, reached in a bounded number of applies."""

from __future__ import annotations

import msgspec
import pytest

from foxtui.engine.autoplay import autoplay
from foxtui.engine.record import RecordError, Step
from foxtui.engine.replay import CHECKPOINT_EVERY, ReplayCursor
from foxtui.games import GAMES

enc = msgspec.json.encode


class CountingGame:
    """Wraps a game and counts apply calls."""

    def __init__(self, game) -> None:
        self._game = game
        self.applies = 0

    def apply(self, state, seat, action):
        self.applies += 1
        return self._game.apply(state, seat, action)

    def __getattr__(self, name):
        return getattr(self._game, name)


@pytest.fixture(scope="module")
def session():
    return autoplay(GAMES["master-fox"], 3, 21)


def test_every_position_matches_a_straight_replay(session) -> None:
    game = session.game
    cursor = ReplayCursor(game, session.record)
    assert cursor.finished and cursor.length == session.step_count
    state = game.setup(session.record.seats, session.record.options, session.record.seed)
    truth = [enc(state)]
    for step in session.record.steps:
        state = game.apply(state, step.seat, step.action)
        truth.append(enc(state))
    order = [cursor.length, 0, 5, 4, 3, cursor.length // 2, cursor.length // 2 + 1, 17, cursor.length - 1]
    for n in order:
        assert enc(cursor.seek(n)) == truth[n]
        assert cursor.position == n


def test_seek_is_bounded_by_the_checkpoint_interval(session) -> None:
    counting = CountingGame(session.game)
    cursor = ReplayCursor(counting, session.record)
    for n in [cursor.length, 3, cursor.length - 1, 0, cursor.length // 3, cursor.length // 3 - 1]:
        counting.applies = 0
        cursor.seek(n)
        assert counting.applies < CHECKPOINT_EVERY


def test_round_starts_step_through_rounds(session) -> None:
    game = session.game
    cursor = ReplayCursor(game, session.record)
    n, rounds = 0, [game.round_of(cursor.seek(0))]
    while n < cursor.length:
        n = cursor.round_start_after(n)
        rounds.append(game.round_of(cursor.seek(n)))
    assert rounds[-1] == game.round_of(session.state)
    assert len(set(rounds)) >= len(rounds) - 1  # every jump lands in a new round (the end may repeat)
    back = cursor.round_start_before(cursor.length)
    assert game.round_of(cursor.seek(back)) == game.round_of(session.state)
    assert game.round_of(cursor.seek(back - 1)) == game.round_of(session.state) - 1 if back > 0 else True


def test_log_lines_exist_for_every_viewer(session) -> None:
    cursor = ReplayCursor(session.game, session.record)
    for viewer in [None, 0, 1, 2]:
        assert cursor.describe(1, viewer)
        assert cursor.describe(cursor.length, viewer)


def test_a_tampered_record_is_refused_when_opened(session) -> None:
    steps = list(session.record.steps)
    steps[3] = Step(steps[3].seat, steps[3].action, "f" * 16)
    bad = msgspec.structs.replace(session.record, steps=steps)
    with pytest.raises(RecordError, match="step 4"):
        ReplayCursor(session.game, bad, "bad.json")
