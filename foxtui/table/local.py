"""A table whose rules run in this process: a Session, with the checks a table adds."""

from __future__ import annotations

from typing import Any

from foxtui.engine.decision import BotDecision, BotMove
from foxtui.engine.game import Clock, Game, IllegalAction, Outcome, SeatInfo
from foxtui.engine.session import Session

from .base import FinishedGame


class LocalTable:
    """A Session as a Table. Every move a seat makes is checked against its legal
    actions (a clock's step is in none of them: only ``clock_step`` applies it)."""

    runs_here = True

    def __init__(self, session: Session) -> None:
        self.session = session
        self.game: Game = session.game

    # --- reading

    @property
    def seats(self) -> list[SeatInfo]:
        return self.session.seats

    @property
    def step_count(self) -> int:
        return self.session.step_count

    @property
    def open_table(self) -> bool:
        return self.game.open_table

    @property
    def bot_speed(self) -> str | None:
        return self.session.record.bot_speed

    @property
    def save_problem(self) -> str | None:
        return self.session.save_problem

    @save_problem.setter
    def save_problem(self, problem: str | None) -> None:
        self.session.save_problem = problem

    def round(self) -> int:
        return self.game.round_of(self.session.state)

    def view(self, seat: int | None) -> Any:
        return self.session.view(seat)

    def legal_actions(self, seat: int) -> list[Any]:
        return self.session.legal_actions(seat)

    def to_act(self) -> frozenset[int]:
        return self.session.to_act()

    def is_bot(self, seat: int) -> bool:
        return self.session.is_bot(seat)


    def outcome(self) -> Outcome | None:
        return self.session.outcome()

    def log(self, viewer: int | None, last: int = 200) -> list[str]:
        return self.session.log(viewer, last=last)

    def since_move(self, seat: int) -> int:
        steps = self.session.record.steps
        for n in range(len(steps) - 1, -1, -1):
            if steps[n].seat == seat:
                return n + 1
        return 0

    def moves_of(self, seat: int) -> list[Any]:
        return [step.action for step in self.session.record.steps if step.seat == seat]

    # --- acting

    def act(self, seat: int, action: Any, by: str | None = None) -> None:
        session = self.session
        if not self.game.offered(session.legal_actions(seat), action):
            if self.outcome() is not None:
                raise IllegalAction("The game is over.")
            if seat not in session.to_act():
                raise IllegalAction("It is not your move now.")
            clock = self.clock()
            if clock is not None and action == clock.step:
                raise IllegalAction("The table's clock decides when time is up.")
            raise IllegalAction("That move is not allowed now.")
        session.act(seat, action, by)

    def undo_refusal(self, seat: int) -> str | None:
        return self.session.undo_refusal(seat)

    def undo(self, seat: int) -> str | None:
        return self.session.undo(seat)

    def bot_action(self, seat: int) -> Any:
        return self.session.bot_action(seat)

    def bot_move(self, seat: int) -> BotMove:
        return self.session.bot_move(seat)

    def bot_decision(self, seat: int) -> BotDecision:
        return self.session.bot_decision(seat)

    def bot_searches(self, seat: int) -> bool:
        return self.session.bot_searches(seat)

    def bot_question(self, seat: int) -> Any:
        return self.session.bot_question(seat)

    # --- the clock

    def clock(self) -> Clock | None:
        return self.game.clock(self.session.state)

    def clock_step(self, clock: Clock) -> None:
        to_act = self.session.to_act()
        if not to_act:
            raise IllegalAction("Nobody is to act: there is no time to run out.")
        # recorded for a seat that was to act, as every step is; the game accepts it
        self.session.act(min(to_act), clock.step)

    def clock_left(self) -> int | None:
        clock = self.session.record.clock
        return None if clock is None else clock.seconds_left

    clock_held = False  # (the driver holds a clock that runs here)

    def kept_clock(self, key: int) -> int | None:
        return self.session.clock_left(key)

    def keep_clock(self, key: int | None, seconds_left: int, *, save: bool) -> None:
        if key is None:
            self.session.record.clock = None
        else:
            self.session.keep_clock(key, seconds_left, save=save)

    def save(self) -> None:
        self.session.save()

    def close(self) -> None:
        self.session.close()

    def finished(self) -> FinishedGame | None:
        if self.outcome() is None:
            return None
        return FinishedGame(self.session.record, self.session.state)
