"""A cursor over a game record: any step in a bounded number of applies.

Opening replays the record once (checking every hash) and keeps a checkpoint
state every ``CHECKPOINT_EVERY`` steps plus the step at which each round
starts. ``seek(n)`` then starts from the nearest checkpoint at or before n, so
a key press costs at most ``CHECKPOINT_EVERY - 1`` applies, however long the game.
"""

from __future__ import annotations

import bisect
from typing import Any

from .game import Game
from .record import GameRecord, replay_states

CHECKPOINT_EVERY = 16


class ReplayCursor:
    def __init__(self, game: Game, record: GameRecord, name: str = "the record") -> None:
        self.game = game
        self.record = record
        self._checkpoints: list[Any] = []
        self._marks: list[Any] = []  # the table's marks (Game.follow_marks) at each checkpoint
        self._round_starts: list[int] = []  # step numbers at which a new round begins
        last_round = None
        final = None
        marks = None
        for n, state in enumerate(replay_states(record, name, game)):
            marks = game.follow_marks(marks, state)
            if n % CHECKPOINT_EVERY == 0:
                self._checkpoints.append(state)
                self._marks.append(marks)
            rnd = game.round_of(state)
            if rnd != last_round:
                self._round_starts.append(n)
                last_round = rnd
            final = state
        self.final_state = final
        self.position = 0
        self.state = self._checkpoints[0]
        #: the table's marks at ``position``: what ``view`` puts in every view
        self.marks = self._marks[0]

    @property
    def length(self) -> int:
        """The number of steps; positions run from 0 (after setup) to ``length``."""
        return len(self.record.steps)

    @property
    def finished(self) -> bool:
        return self.game.outcome(self.final_state) is not None

    def seek(self, n: int) -> Any:
        n = max(0, min(n, self.length))
        if n == self.position:
            return self.state
        if n == self.position + 1:
            state = self._apply(self.state, n)
            marks = self.game.follow_marks(self.marks, state)
        else:
            base = n - n % CHECKPOINT_EVERY
            state = self._checkpoints[base // CHECKPOINT_EVERY]
            marks = self._marks[base // CHECKPOINT_EVERY]
            for k in range(base + 1, n + 1):
                state = self._apply(state, k)
                marks = self.game.follow_marks(marks, state)
        self.position, self.state, self.marks = n, state, marks
        return state

    def view(self, seat: int | None, *, everything: bool = False) -> Any:
        """The state at ``position`` as ``seat`` sees it (``everything``: the replay's
        all-seeing view), with the table's marks there, as the players saw them."""
        view = self.game.view_all(self.state) if everything else self.game.view(self.state, seat)
        return self.game.marked_view(view, self.marks)

    def _apply(self, state: Any, n: int) -> Any:
        step = self.record.steps[n - 1]
        return self.game.apply(state, step.seat, step.action)

    def state_before(self, n: int) -> Any:
        """The state in which step n (1-based) was taken."""
        keep = (self.position, self.state, self.marks)
        state = self.seek(n - 1)
        self.position, self.state, self.marks = keep
        return state

    def describe(self, n: int, viewer: int | None, before: Any = None) -> str:
        """The log line of step n (1-based) from ``viewer``'s side (``before``: the state
        in which it was taken, when the caller has it already)."""
        if n < 1 or n > self.length:
            return "The game is set up." if n == 0 else ""
        step = self.record.steps[n - 1]
        state = self.state_before(n) if before is None else before
        return self.game.describe(state, step.seat, step.action, viewer)

    def round_start_after(self, n: int) -> int:
        i = bisect.bisect_right(self._round_starts, n)
        return self._round_starts[i] if i < len(self._round_starts) else self.length

    def round_start_before(self, n: int) -> int:
        i = bisect.bisect_left(self._round_starts, n)
        return self._round_starts[i - 1] if i > 0 else 0
