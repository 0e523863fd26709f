"""The table driver's flow, on a scheduler whose time moves only when the test says so:
bots and their pace, pausing, move time limits, the game's clock, pass screens."""

from __future__ import annotations

from typing import Any, Callable

import pytest

from foxtui.engine import Rng
from foxtui.engine.game import IllegalAction, SeatInfo
from foxtui.engine.session import Session
from foxtui.games import GAMES
from foxtui.games.fox_matters.actions import READY, END_ACTION, TimeUp
from foxtui.games.master_fox.actions import END_TURN
from foxtui.table import LocalTable, StepNews, TableDriver, Turn

MF, FM = GAMES["master-fox"], GAMES["fox-matters"]


class FakeScheduler:
    def __init__(self) -> None:
        self.time = 0.0
        self._timers: list[list[Any]] = []  # [due, order, callback or None]
        self._order = 0

    def now(self) -> float:
        return self.time

    def call_later(self, delay: float, callback: Callable[[], None]) -> "FakeScheduler.Handle":
        self._order += 1
        entry = [self.time + max(0.0, delay), self._order, callback]
        self._timers.append(entry)
        return FakeScheduler.Handle(entry)

    class Handle:
        def __init__(self, entry: list[Any]) -> None:
            self.entry = entry

        def cancel(self) -> None:
            self.entry[2] = None

    def pending(self) -> list[float]:
        return sorted(t[0] - self.time for t in self._timers if t[2] is not None)

    def advance(self, seconds: float) -> None:
        end = self.time + seconds
        while True:
            due = sorted((t for t in self._timers if t[2] is not None and t[0] <= end + 1e-9), key=lambda t: (t[0], t[1]))
            if not due:
                break
            entry = due[0]
            self._timers.remove(entry)
            self.time, callback, entry[2] = max(self.time, entry[0]), entry[2], None
            callback()
        self.time = end


class Listener:
    def __init__(self) -> None:
        self.news: list[StepNews] = []
        self.clock: list[int | None] = []
        self.failed: list[tuple[StepNews, Exception]] = []

    def table_changed(self, news: StepNews) -> None:
        self.news.append(news)

    def clock_changed(self, seconds_left: int | None) -> None:
        self.clock.append(seconds_left)

    def step_failed(self, news: StepNews, error: Exception) -> None:
        self.failed.append((news, error))


def table(game: Any, *seats: str | tuple[str, str], seed: int = 3, **options: Any) -> LocalTable:
    infos = [SeatInfo(s) if isinstance(s, str) else SeatInfo(s[0], bot=s[1]) for s in seats]
    return LocalTable(Session.new(game, infos, game.Options(**options), seed))


def driven(local: LocalTable, **kwargs: Any) -> tuple[TableDriver, FakeScheduler, Listener]:
    clock, listener = FakeScheduler(), Listener()
    driver = TableDriver(local, clock, listener, **kwargs)
    driver.start()
    return driver, clock, listener


def first_human_move(local: LocalTable, seat: int) -> Any:
    return local.bot_action(seat)  # a bot's pick from the seat's own view and legal moves


# --- bots and their pace


def test_a_bot_moves_after_its_delay_and_not_before() -> None:
    local = table(MF, ("Ada", "sensible"), "Bob")
    driver, clock, listener = driven(local, bot_delay=0.5)
    assert local.to_act() == {0} and clock.pending() == [0.5]
    clock.advance(0.49)
    assert local.step_count == 0
    clock.advance(0.01)
    assert local.step_count == 1 and listener.news[-1].kind == "bot" and listener.news[-1].seat == 0


def test_bots_play_through_a_bots_only_table_to_the_end() -> None:
    local = table(MF, ("Ada", "sensible"), ("Bob", "random"))
    driver, clock, listener = driven(local, bot_delay=0.2)
    for _ in range(5000):
        if local.outcome() is not None:
            break
        clock.advance(0.2)
    assert local.outcome() is not None and clock.pending() == []
    assert driver.turn() == Turn(over=True, seat=None)


def test_where_several_seats_act_at_once_bots_keep_the_real_time_pace() -> None:
    local = table(FM, "Ada", ("Bo", "cooperative"), timer_seconds=0)
    driver, clock, _ = driven(local, bot_delay=0.1, realtime_bot_delay=2.0)
    assert local.to_act() == {0, 1}
    assert clock.pending() == [2.0]
    clock.advance(1.9)
    assert local.step_count == 0
    clock.advance(0.1)
    assert local.step_count == 1 and local.session.record.steps[0].seat == 1


def test_a_player_move_reschedules_the_bots() -> None:
    local = table(MF, "Ada", ("Bob", "sensible"))
    driver, clock, listener = driven(local, bot_delay=1.0)
    assert clock.pending() == []  # Ada's turn: nothing to wait for
    driver.act(0, END_TURN)
    assert listener.news[-1] == StepNews("player", 0, listener.news[-1].public_before)
    assert local.to_act() == {1} and clock.pending() == [1.0]


def test_a_player_move_that_is_not_legal_changes_nothing() -> None:
    local = table(MF, "Ada", "Bob")
    driver, clock, listener = driven(local)
    with pytest.raises(IllegalAction, match="not your move"):
        driver.act(1, END_TURN)
    assert local.step_count == 0 and listener.news == []


def test_a_bot_step_due_while_paused_waits_for_the_table_to_be_back() -> None:
    local = table(MF, "Ada", ("Bob", "sensible"))
    driver, clock, listener = driven(local, bot_delay=0.5)
    driver.act(0, END_TURN)
    driver.pause()  # the help is open
    clock.advance(10)
    assert local.step_count == 1
    driver.resume()
    assert local.step_count == 1 and clock.pending() == [0.5]  # a fresh delay, in sight
    clock.advance(0.5)
    assert local.step_count == 2 and listener.news[-1].kind == "bot"


@pytest.mark.parametrize("broken", [lambda view, legal, rng: "no such move", lambda view, legal, rng: 1 / 0])
def test_a_failing_bot_has_the_sensible_move_played_for_it(monkeypatch: pytest.MonkeyPatch, broken: Any) -> None:
    # a bot's bug must not hold the table (its people could not play on): the sensible
    # level plays for it, and the log says so
    monkeypatch.setitem(MF.bots, "broken", broken)
    local = table(MF, ("Ada", "broken"), "Bob")
    question = local.bot_question(0)
    sensible = MF.bots["sensible"](question.view, question.legal, Rng(question.rng))
    driver, clock, listener = driven(local, bot_delay=0.1)
    clock.advance(0.1)
    assert local.step_count == 1 and listener.failed == [] and listener.news[-1].kind == "bot"
    step = local.session.record.steps[0]
    assert step.action == sensible and step.by == "table"
    line = local.log(None)[-1]
    assert line.startswith("Ada's bot could not decide, so the table made the sensible move for it. ")


# --- move time limits


def test_a_player_who_runs_out_of_move_time_has_a_bot_move_for_them() -> None:
    local = table(MF, "Ada", "Bob")
    driver, clock, listener = driven(local, move_seconds=30)
    clock.advance(29)
    assert local.step_count == 0
    clock.advance(1)
    assert local.step_count == 1 and listener.news[-1].kind == "stand_in" and listener.news[-1].seat == 0


def test_a_move_restarts_the_players_limit() -> None:
    local = table(MF, "Ada", "Bob")
    driver, clock, listener = driven(local, move_seconds=30)
    clock.advance(20)
    first = first_human_move(local, 0)
    driver.act(0, first)
    if 0 in local.to_act():  # still Ada's turn (a touch): her limit starts again
        clock.advance(29)
        assert [n.kind for n in listener.news] == ["player"]
        clock.advance(1)
        assert listener.news[-1].kind == "stand_in"


# --- the game's clock


def _action(local: LocalTable) -> None:
    for seat in range(len(local.seats)):
        local.act(seat, READY)
    assert local.view(None).phase == "action"


def test_the_clock_counts_down_saves_and_applies_its_step_when_time_is_up() -> None:
    local = table(FM, "Ada", "Bea", timer_seconds=30)
    driver, clock, listener = driven(local)
    assert listener.clock == [] and driver.clock_left() is None  # no clock while planning
    driver.act(0, READY)
    driver.act(1, READY)
    assert listener.clock == [30] and driver.clock_left() == 30
    clock.advance(1)
    assert listener.clock[-1] == 29 and local.session.record.clock.seconds_left == 29
    clock.advance(28.5)
    assert driver.clock_left() == 1 and local.step_count == 2
    clock.advance(0.5)
    steps = local.session.record.steps
    assert isinstance(steps[-1].action, TimeUp) and listener.news[-1].kind == "clock"
    assert local.view(None).phase != "action" and listener.clock[-1] is None
    assert local.session.record.clock is None  # records stay alike once no countdown runs


def test_clock_steps_are_offered_to_no_seat_and_refused_from_one() -> None:
    local = table(FM, "Ada", ("Bo", "cooperative"), timer_seconds=30)
    _action(local)
    step = local.clock().step
    for seat in (0, 1):
        assert step not in local.legal_actions(seat)
        with pytest.raises(IllegalAction, match="clock"):
            local.act(seat, step)
    # a bot is only ever given legal moves: over a whole Action it never ends it
    driver, clock, listener = driven(local, bot_delay=0, realtime_bot_delay=0)
    driver.act(0, END_ACTION)
    clock.advance(5)
    assert not any(isinstance(s.action, TimeUp) for s in local.session.record.steps)


def test_a_resumed_period_goes_on_from_the_seconds_kept() -> None:
    local = table(FM, "Ada", timer_seconds=60)
    _action(local)
    local.keep_clock(1, 17, save=False)  # as a save made in the middle of the Action holds
    driver, clock, listener = driven(local)
    assert driver.clock_left() == 17 and listener.clock == [17]
    other = table(FM, "Ada", timer_seconds=60)
    _action(other)
    other.keep_clock(2, 5, save=False)  # a countdown kept for a later period is not this one's
    driver, clock, listener = driven(other)
    assert driver.clock_left() == 60


def test_closing_keeps_the_countdown_to_the_second() -> None:
    local = table(FM, "Ada", timer_seconds=60)
    _action(local)
    driver, clock, listener = driven(local)
    clock.advance(12.4)
    driver.close()
    assert local.session.record.clock.seconds_left == 48
    clock.advance(100)
    assert local.step_count == 1  # nothing more is played


def test_time_up_while_paused_ends_the_period_when_the_table_is_back() -> None:
    local = table(FM, "Ada", timer_seconds=10)
    _action(local)
    driver, clock, listener = driven(local)
    driver.pause()
    clock.advance(30)
    assert local.view(None).phase == "action" and driver.clock_left() == 0
    driver.resume()
    clock.advance(0)
    assert isinstance(local.session.record.steps[-1].action, TimeUp)


# --- who is on screen, and pass screens


def test_two_humans_with_secrets_hand_over_and_the_mover_may_take_it_back() -> None:
    local = table(MF, "Ada", "Bob")
    driver, clock, _ = driven(local)
    assert driver.turn() == Turn(handover_to=0)  # the first player's secrets too
    driver.handed_over(0)
    assert driver.turn() == Turn(seat=0)
    driver.act(0, END_TURN)
    assert driver.turn() == Turn(handover_to=1, undo_seat=0)
    driver.handed_over(1)
    assert driver.turn() == Turn(seat=1)


def test_no_pass_screen_when_the_next_human_holds_no_secret() -> None:
    local = table(FM, "Ada", "Bea", timer_seconds=0)
    driver, clock, _ = driven(local)
    assert driver.turn() == Turn(seat=0)
    driver.act(0, READY)
    assert driver.turn() == Turn(seat=1)
    assert driver.open_seats() == [] and driver.on_screen == 1


def test_any_order_at_an_open_table_and_the_next_player_key() -> None:
    local = table(FM, "Ada", "Bea", "Cal", timer_seconds=0)
    driver, clock, _ = driven(local)
    assert driver.turn() == Turn(seat=0) and driver.open_seats() == [0, 1, 2]
    assert [driver.next_player(), driver.next_player(), driver.next_player()] == [1, 2, 0]


def test_a_lone_human_always_sees_their_own_view_and_bots_only_the_public_one() -> None:
    local = table(MF, ("Ada", "sensible"), "Bob")
    driver, _, _ = driven(local)
    assert driver.turn() == Turn(seat=1)  # the bot is to act: Bob watches his own view
    bots = table(MF, ("Ada", "sensible"), ("Bob", "sensible"))
    driver, _, _ = driven(bots)
    assert driver.turn() == Turn(seat=None)


def test_a_shared_tables_screen_shows_its_one_seat() -> None:
    local = table(MF, "Ada", "Bob")
    driver, _, _ = driven(local, seats_here=[1])
    assert driver.turn() == Turn(seat=1)  # Ada's turn; Bob sees his own view, no pass screen
    driver, _, _ = driven(local, seats_here=[])
    assert driver.turn() == Turn(seat=None)


# --- a shared table's screen (the rules run on the server)


def _remote(clock: int | None = None, steps: int = 0) -> Any:
    from foxtui.server import protocol as p
    from foxtui.table.remote import RemoteTable

    seats = [SeatInfo("Ada"), SeatInfo("Bob")]
    state = MF.setup(seats, MF.Options(), 3)
    sent: list[Any] = []
    remote = RemoteTable(sent.append, 1, MF, 0, seats)

    def update(steps: int, clock: int | None) -> None:
        remote.apply(p.Update(
            steps=steps, round=1, view=p.raw(MF.view(state, 0)), public=p.raw(MF.view(state, None)),
            legal=p.raw(MF.legal_actions(state, 0)), to_act=[0], log=[], status="playing", clock=clock,
        ))  # fmt: skip

    update(steps, clock)
    return remote, update, sent


def test_a_shared_table_sends_moves_on_and_draws_the_servers_answer() -> None:
    remote, update, sent = _remote()
    driver, clock, listener = driven(remote, seats_here=[0])
    assert driver.turn() == Turn(seat=0)
    driver.act(0, remote.legal_actions(0)[0])
    assert len(sent) == 1 and listener.news == []  # the server applies it
    update(1, None)
    driver.refresh()
    assert [n.kind for n in listener.news] == ["remote"]


def test_updates_while_the_table_is_covered_are_drawn_once_when_it_is_back() -> None:
    remote, update, _ = _remote()
    driver, clock, listener = driven(remote, seats_here=[0])
    driver.pause()
    for steps in (1, 2, 3):
        update(steps, None)
        driver.refresh()
    assert listener.news == []
    driver.resume()
    assert [n.kind for n in listener.news] == ["remote"]


def test_a_shared_tables_clock_counts_down_between_updates_and_applies_nothing() -> None:
    remote, update, _ = _remote(clock=20)
    driver, clock, listener = driven(remote, seats_here=[0])
    assert driver.clock_left() == 20 and listener.clock == [20]  # as the server last said
    clock.advance(5)
    assert listener.clock[-1] == 15
    update(1, 12)  # the server's word wins
    driver.refresh()
    assert driver.clock_left() == 12
    clock.advance(30)
    assert listener.clock[-1] == 0 and listener.news[-1].kind == "remote"  # no step of its own
    update(2, None)
    driver.refresh()
    assert listener.clock[-1] is None


def test_every_change_of_acting_human_hands_over_in_a_game_with_secrets() -> None:
    """The Fox Experiment: after the study choice nobody holds a secret for a while,
    yet Ada's Enter must never play Bob's move."""
    fx = GAMES["fox-experiment"]
    local = table(fx, "Ada", "Bob", seed=42)
    driver, clock, _ = driven(local)
    changes = handovers = 0
    for _ in range(200):
        turn = driver.turn()
        if turn.over:
            break
        if turn.handover_to is not None:
            handovers += 1
            driver.handed_over(turn.handover_to)
            continue
        seat = turn.seat
        assert seat is not None and seat in local.to_act()
        driver.act(seat, local.bot_action(seat))
        if seat not in local.to_act() and local.to_act():
            changes += 1
            assert driver.turn().handover_to == min(local.to_act())
    assert changes > 5 and handovers >= changes


def test_a_take_back_from_the_pass_screen_is_followed_by_a_pass_screen_to_its_player() -> None:
    local = table(MF, "Ada", "Bob")
    driver, clock, _ = driven(local)
    driver.handed_over(0)
    driver.act(0, END_TURN)
    turn = driver.turn()
    assert turn == Turn(handover_to=1, undo_seat=0)
    assert driver.undo_at_handover(0) is None
    # whoever holds the keyboard may already be Bob: Ada's view waits behind a pass screen
    assert driver.turn() == Turn(handover_to=0, undo_seat=None)
    driver.handed_over(0)
    assert driver.turn() == Turn(seat=0) and local.step_count == 0


@pytest.mark.parametrize("game_id", [g for g in GAMES if not GAMES[g].open_table])
@pytest.mark.parametrize("humans", [2, 3])
def test_in_every_game_with_secrets_every_change_of_acting_human_has_a_pass_screen(game_id: str, humans: int) -> None:
    game = GAMES[game_id]
    names = ["Ada", "Bob", "Cy"][:humans]
    seats = [SeatInfo(n, age=40 - i) for i, n in enumerate(names)]
    local = LocalTable(Session.new(game, seats, game.Options(), 7))
    driver, clock, _ = driven(local)
    last: int | None = None
    changes = 0
    for _ in range(300):
        turn = driver.turn()
        if turn.over:
            break
        if turn.handover_to is not None:
            assert turn.handover_to != last, "a pass screen to the player who has the keyboard"
            driver.handed_over(turn.handover_to)
            last = turn.handover_to
            continue
        assert turn.seat == last, f"{turn.seat} got the keyboard from {last} without a pass screen"
        driver.act(turn.seat, local.bot_action(turn.seat))
        if turn.seat not in local.to_act() and local.to_act():
            changes += 1
        if changes % 2:
            driver.on_screen = None  # an interlude everyone reads (as the play screen shows it): the keyboard stays where it was
    assert changes > 3


def test_after_an_interlude_the_player_at_the_keyboard_is_not_asked_to_pass_it_to_themselves() -> None:
    """Issue 39: after a Master Fox round summary, "Pass to Bo" while Bo held the keyboard."""
    local = table(MF, "Ada", "Bob")
    driver, clock, _ = driven(local)
    driver.handed_over(0)
    driver.on_screen = None  # the summary: everyone reads it, the public view behind it
    assert driver.turn() == Turn(seat=0)  # Ada again: no pass screen
    driver.act(0, END_TURN)
    driver.on_screen = None
    assert driver.turn() == Turn(handover_to=1, undo_seat=0)  # Bob next: the keyboard changes hands
    driver.undo_at_handover(0)
    assert driver.turn() == Turn(handover_to=0)  # who holds it now is not known


def _steps_by(local: LocalTable, seat: int) -> int:
    return sum(1 for s in local.session.record.steps if s.seat == seat)


def test_a_fast_player_does_not_hold_back_the_real_time_bots() -> None:
    # Ada moves three times a bot's pace: the bot's timer runs on through her moves
    # (it restarted at each of them once, so a quick player kept the bots from moving)
    local = table(MF, "Ada", ("Bob", "sensible"), mode="realtime")
    driver, clock, _ = driven(local, bot_delay=0.1, realtime_bot_delay=1.5)
    assert local.to_act() == {0, 1}
    for _ in range(10):  # 5 seconds
        clock.advance(0.5)
        if local.outcome() is None and 0 in local.to_act():
            driver.act(0, first_human_move(local, 0))
    assert _steps_by(local, 1) >= 3


def test_every_real_time_bot_gets_its_turn() -> None:
    local = table(MF, "Ada", ("Bob", "sensible"), ("Cat", "sensible"), mode="realtime")
    driver, clock, _ = driven(local, bot_delay=0.1, realtime_bot_delay=1.0)
    clock.advance(6.0)
    assert _steps_by(local, 1) >= 2 and _steps_by(local, 2) >= 2


def test_a_held_clock_stands_still_keeps_its_seconds_and_runs_on_when_released() -> None:
    """Nobody can play (the server restarted, its players are not back): the clock
    stands where it stopped, its step never comes, and then it runs on from there."""
    local = table(FM, "Ada", "Bea", timer_seconds=30)
    driver, clock, listener = driven(local)
    driver.act(0, READY)
    driver.act(1, READY)
    clock.advance(10.5)
    assert driver.clock_left() == 20
    driver.hold_clock()
    clock.advance(600)
    assert driver.clock_left() == 20 and listener.clock[-1] == 20 and local.view(None).phase == "action"
    driver.save()
    assert local.session.record.clock.seconds_left == 20  # what a restart would go on from
    driver.release_clock()
    clock.advance(19.9)
    assert driver.clock_left() == 1 and local.view(None).phase == "action"
    clock.advance(0.2)
    assert isinstance(local.session.record.steps[-1].action, TimeUp)


def test_a_clock_held_by_the_server_stands_still_on_a_shared_tables_screen() -> None:
    from foxtui.server import protocol as p

    remote, update, _ = _remote(clock=20)
    driver, clock, listener = driven(remote, seats_here=[0])
    remote.take_start(p.Start(["Bob"], None, coming_back=True))
    driver.refresh()
    clock.advance(30)
    assert driver.clock_left() == 20 and listener.clock[-1] == 20  # it does not run on here
    remote.take_start(p.Start([], 0))
    update(1, 20)
    driver.refresh()
    clock.advance(5)
    assert driver.clock_left() == 15
