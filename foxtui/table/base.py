"""The Table protocol: what a table in play offers to its driver and its screens."""

from __future__ import annotations

from typing import Any, NamedTuple, Protocol

from foxtui.engine.decision import BotDecision, BotMove
from foxtui.engine.game import Clock, Game, Outcome, SeatInfo
from foxtui.engine.record import GameRecord


class FinishedGame(NamedTuple):
    """A game that is over: its whole record and its last state (results, replay)."""

    record: GameRecord
    state: Any


class Table(Protocol):
    """A table in play, seen from where it is drawn.

    A table either *runs here* (its rules are applied in this process: bots, the
    clock and move limits are the driver's to play) or elsewhere (a shared table on
    a server: this process only shows what the server sends, and sends its moves).
    """

    game: Game
    #: why the last save failed, None when it worked (the screen shows it)
    save_problem: str | None

    @property
    def seats(self) -> list[SeatInfo]: ...
    @property
    def runs_here(self) -> bool:
        """True when steps are applied here: the driver plays bots and clocks."""
        ...
    @property
    def step_count(self) -> int: ...
    @property
    def open_table(self) -> bool:
        """Nothing is ever secret between the seats: no pass screens are needed."""
        ...
    @property
    def bot_speed(self) -> str | None:
        """How fast the table's bots play (a name of ``pace.BOT_SPEEDS``; None: default)."""
        ...

    def round(self) -> int:
        """The round (or year) shown to players."""
        ...
    def view(self, seat: int | None) -> Any: ...
    def legal_actions(self, seat: int) -> list[Any]: ...
    def to_act(self) -> frozenset[int]: ...
    def is_bot(self, seat: int) -> bool: ...
    def outcome(self) -> Outcome | None: ...
    def log(self, viewer: int | None, last: int = 200) -> list[str]:
        """The newest ``last`` log lines (oldest first), told from ``viewer``'s side."""
        ...

    def since_move(self, seat: int) -> int:
        """The first step after ``seat``'s own last move (0 when it has not moved): what
        came after is news to that player."""
        ...

    def moves_of(self, seat: int) -> list[Any]:
        """``seat``'s own moves so far, oldest first (a screen taking up a game again
        starts from them; a table elsewhere knows none)."""
        ...

    def act(self, seat: int, action: Any, by: str | None = None) -> None:
        """A seat's move (a player's or its bot's; ``by`` "bot": a bot's for a player
        whose move time ran out). IllegalAction, with a sentence, changes nothing. A
        table that does not run here sends it on."""
        ...
    def undo_refusal(self, seat: int) -> str | None: ...
    def undo(self, seat: int) -> str | None:
        """Take back ``seat``'s last step; the refusal sentence, or None when undone."""
        ...

    # --- the driver's, on a table that runs here

    def bot_action(self, seat: int) -> Any:
        """What the seat's bot (or a bot standing in for a player) plays now."""
        ...
    def bot_move(self, seat: int) -> BotMove:
        """The same, and whether the table chose it for a bot whose own went round or
        failed (foxtui/engine/decision.py)."""
        ...
    def bot_decision(self, seat: int) -> BotDecision:
        """The seat's bot's decision, its question to answer elsewhere."""
        ...
    def bot_searches(self, seat: int) -> bool:
        """The seat's bot thinks for a while (a search): the driver asks its thinker."""
        ...
    def bot_question(self, seat: int) -> Any:
        """The seat's bot's decision as a BotQuestion, to answer elsewhere."""
        ...
    def clock(self) -> Clock | None:
        """The game's timed period running now, if any."""
        ...
    def clock_step(self, clock: Clock) -> None:
        """The time is up: apply the clock's step (offered to no seat)."""
        ...
    def clock_left(self) -> int | None:
        """Seconds left on the clock as last kept (a table that does not run here: as
        the server last said); None when no countdown is kept."""
        ...
    @property
    def clock_held(self) -> bool:
        """A table elsewhere: the server holds its clock now (nobody can play: its
        players are not back, its round counts down to a start). A table here: False
        (its driver holds the clock itself)."""
        ...
    def kept_clock(self, key: int) -> int | None:
        """The seconds left kept for the timed period ``key`` (a resumed game's)."""
        ...
    def keep_clock(self, key: int | None, seconds_left: int, *, save: bool) -> None:
        """Remember the running countdown (key None: no countdown runs any more)."""
        ...

    def save(self) -> None: ...
    def close(self) -> None:
        """This process is done with the table (a save is free for another process)."""
        ...
    def finished(self) -> FinishedGame | None:
        """The record and last state once the game is over; None before."""
        ...
