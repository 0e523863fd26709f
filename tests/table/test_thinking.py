"""A bot that searches (the expert level) thinks through the driver's thinker, off the
owner's thread: the table is not held up meanwhile, a stale answer is never played,
an answer that comes while the table is out of sight waits for it."""

from __future__ import annotations

from typing import Any, Callable

from foxtui.bots.ask import BotQuestion, answer
from foxtui.table import TableDriver

from test_driver import FM, MF, FakeScheduler, Listener, table


class FakeThinker:
    """Keeps every question; the test answers them when it likes."""

    def __init__(self) -> None:
        self.asked: list[tuple[BotQuestion, Callable[[Any], None], "FakeThinker.Job"]] = []

    class Job:
        cancelled = False

        def cancel(self) -> None:
            self.cancelled = True

    def __call__(self, question: BotQuestion, done: Callable[[Any], None]) -> "FakeThinker.Job":
        job = FakeThinker.Job()
        self.asked.append((question, done, job))
        return job

    def answer(self, n: int = -1) -> None:
        question, done, _ = self.asked[n]
        done(answer(question, 4))


class ThinkingListener(Listener):
    def __init__(self) -> None:
        super().__init__()
        self.thinking: list[int | None] = []

    def bot_thinking(self, seat: int | None) -> None:
        self.thinking.append(seat)


def driven(local: Any, **kwargs: Any) -> tuple[TableDriver, FakeScheduler, ThinkingListener, FakeThinker]:
    clock, listener, thinker = FakeScheduler(), ThinkingListener(), FakeThinker()
    driver = TableDriver(local, clock, listener, thinker=thinker, **kwargs)
    driver.start()
    return driver, clock, listener, thinker


def test_an_expert_thinks_elsewhere_and_its_answer_is_played_when_it_comes() -> None:
    local = table(MF, ("Ada", "expert"), "Bob")
    driver, clock, listener, thinker = driven(local, bot_delay=0.5)
    clock.advance(0.5)
    assert local.step_count == 0 and len(thinker.asked) == 1  # not played in the driver's call
    assert driver.thinking == 0 and listener.thinking == [0]
    question = thinker.asked[0][0]
    assert question.searches and question.seat == 0 and question.known is not local.session.state
    clock.advance(5)
    assert local.step_count == 0 and len(thinker.asked) == 1  # asked once, however long it takes
    thinker.answer()
    assert local.step_count == 1 and listener.news[-1].kind == "bot" and listener.news[-1].seat == 0
    assert driver.thinking is None and listener.thinking == [0, None]


def test_the_move_thought_elsewhere_is_the_move_played_without_a_thinker() -> None:
    local = table(MF, ("Ada", "expert"), "Bob", seed=9)
    question = local.bot_question(0)
    assert answer(question) == local.bot_action(0)  # a record replays the same, thought anywhere


def test_a_sensible_bot_still_answers_at_once() -> None:
    local = table(MF, ("Ada", "sensible"), "Bob")
    driver, clock, _, thinker = driven(local, bot_delay=0.5)
    clock.advance(0.5)
    assert local.step_count == 1 and thinker.asked == []


def test_an_answer_about_a_table_that_has_changed_is_not_played() -> None:
    # real time: the human moves while the expert thinks
    local = table(FM, "Ada", ("Bo", "expert"), timer_seconds=0)
    driver, clock, listener, thinker = driven(local, bot_delay=0.1, realtime_bot_delay=1.0)
    assert local.to_act() == {0, 1}
    clock.advance(1.0)
    assert len(thinker.asked) == 1 and driver.thinking == 1
    driver.act(0, local.legal_actions(0)[0])
    steps = local.step_count
    clock.advance(1.0)  # the bot's turn again: it thinks about the table as it is now
    assert len(thinker.asked) == 2 and thinker.asked[0][2].cancelled
    thinker.answer(0)  # the old answer comes in late
    assert local.step_count == steps and listener.failed == []
    thinker.answer(1)
    assert local.step_count == steps + 1 and listener.news[-1].seat == 1


def test_an_answer_that_comes_while_the_table_is_out_of_sight_waits_for_it() -> None:
    local = table(MF, ("Ada", "expert"), "Bob")
    driver, clock, _, thinker = driven(local, bot_delay=0.5)
    clock.advance(0.5)
    driver.pause()
    thinker.answer()
    assert local.step_count == 0
    driver.resume()
    clock.advance(0.5)
    assert local.step_count == 1 and len(thinker.asked) == 1  # not thought again


def test_a_closed_table_plays_no_late_answer() -> None:
    local = table(MF, ("Ada", "expert"), "Bob")
    driver, clock, _, thinker = driven(local, bot_delay=0.5)
    clock.advance(0.5)
    driver.close()
    assert thinker.asked[0][2].cancelled
    thinker.answer()
    assert local.step_count == 0
