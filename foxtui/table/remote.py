"""A table whose rules run on a foxtui server, seen from one seat's client process.

A RemoteTable knows only what the server sent for its seat: that seat's View and
legal actions, the public View, and the log told from its side. It has no State
until the game is over (then the server sends the whole record, and the results
and replay screens work as for a local game). Bots, clocks and move limits run on
the server; moves are sent there and come back as updates.
"""

from __future__ import annotations

import time
from types import GenericAlias
from typing import Any, Callable

from foxtui.engine.game import Clock, Game, IllegalAction, Outcome, SeatInfo
from foxtui.engine.record import decode_record, final_state
from foxtui.server import protocol as p

from .base import FinishedGame

NO_UNDO = "Moves cannot be taken back at a shared table."
#: chat lines a client keeps
CHAT_KEPT = 100


class RemoteTable:
    """A table in play on the server, seen from one seat (``seat`` None: a spectator)."""

    runs_here = False

    def __init__(
        self, send: Callable[[Any], None], table_id: int, game: Game, seat: int | None, seats: list[SeatInfo]
    ) -> None:
        self._send = send
        self.table_id = table_id
        self.game = game
        self.seat = seat
        self._seats = seats
        self.save_problem: str | None = None
        self.status = "playing"
        self._steps = 0
        self._round = 0
        self._view: Any = None
        self._public: Any = None
        self._legal: list[Any] = []
        self._to_act: frozenset[int] = frozenset()
        self._log: list[str] = []
        self._log_from = 0  # the step the first line of _log tells
        self._outcome: Outcome | None = None
        self._clock: int | None = None
        self._since = 0  # the first step after this seat's own last move, as the server says
        self._finished: FinishedGame | None = None
        self.move_deadline: float | None = None
        #: a move was sent and the server has not answered yet
        self.waiting = False
        #: the table's chat as the server sent it (the newest ``CHAT_KEPT`` lines)
        self.chat: list[p.ChatLine] = []
        #: per seat: here, away, left or bot (``protocol.Presence``)
        self.presence: list[str] = []
        self.watching: list[str] = []  # the names of those watching
        #: a real-time round held back for everyone: who is still reading the summary,
        #: and the countdown (``protocol.Start``); None: no round is held back
        self.start: p.Start | None = None

    def apply(self, update: p.Update) -> None:
        """Take in what the server sent."""
        game = self.game
        self.waiting = False
        self._steps = update.steps
        self._round = update.round
        self.status = update.status
        self._view = p.unraw(update.view, game.View)
        self._public = p.unraw(update.public, game.View)
        self._legal = p.unraw(update.legal, GenericAlias(list, (game.Action,)))  # list[the game's Action]
        self._to_act = frozenset(update.to_act)
        self._take_log(update.log, update.log_from)
        self.save_problem = update.problem
        self._outcome = update.outcome
        self._clock = update.clock
        self._since = update.since
        #: when this seat's move time limit runs out (monotonic), None when none runs
        self.move_deadline = None if update.move_left is None else time.monotonic() + update.move_left
        if update.record is not None and self._finished is None:
            record = decode_record(update.record, "the finished game")
            self._finished = FinishedGame(record, final_state(record, "the finished game"))

    def take_chat(self, message: p.Chat) -> list[p.ChatLine]:
        """New chat lines (``whole``: every line the table keeps); returns those that are news."""
        if message.whole:
            self.chat = list(message.lines)
            return []
        self.chat = (self.chat + list(message.lines))[-CHAT_KEPT:]
        return list(message.lines)

    def take_start(self, message: p.Start) -> None:
        self.start = None if message.seconds == 0 else message

    def away(self) -> list[str]:
        """The other seats' players who are not here, in words ("Bo away", "Cy left"),
        then who watches ("Cy watching", "3 watching")."""
        words = {p.AWAY: "away", p.LEFT: "left"}
        out = [
            f"{self._seats[n].name} {words[how]}"
            for n, how in enumerate(self.presence)
            if how in words and n != self.seat and n < len(self._seats)
        ]
        if 0 < len(self.watching) <= 2:
            out.append(f"{' and '.join(self.watching)} watching")
        elif self.watching:
            out.append(f"{len(self.watching)} watching")
        return out

    def refused(self) -> None:
        """The server refused the move sent: the keys work again."""
        self.waiting = False

    def _take_log(self, lines: list[str], first: int) -> None:
        """The server sends only the lines of steps the client has not been told yet
        (``first`` is the step the first one tells); keep the newest ``protocol.LOG_LINES``."""
        known = self._log_from + len(self._log)
        if self._log_from <= first <= known:
            lines = self._log[: first - self._log_from] + lines
        else:
            self._log_from = first  # the first update, or after a gap: start again
        drop = max(0, len(lines) - p.LOG_LINES)
        self._log, self._log_from = lines[drop:], self._log_from + drop

    # --- reading

    @property
    def seats(self) -> list[SeatInfo]:
        return self._seats

    @property
    def step_count(self) -> int:
        return self._steps

    @property
    def open_table(self) -> bool:
        return self.game.open_table

    bot_speed = None  # the server paces the bots

    def round(self) -> int:
        return self._round

    def view(self, seat: int | None) -> Any:
        if seat is None:
            return self._public
        if seat != self.seat:
            raise LookupError("a shared table shows one seat's view only")
        return self._view

    def legal_actions(self, seat: int) -> list[Any]:
        return list(self._legal) if seat == self.seat else []

    def to_act(self) -> frozenset[int]:
        return self._to_act

    def is_bot(self, seat: int) -> bool:
        return self._seats[seat].bot is not None


    def outcome(self) -> Outcome | None:
        return self._outcome

    def log(self, viewer: int | None, last: int = 200) -> list[str]:
        return self._log[-last:] if last else []

    def since_move(self, seat: int) -> int:
        return self._since if seat == self.seat else 0

    def moves_of(self, seat: int) -> list[Any]:
        return []  # the server does not send them: a fresh screen starts afresh

    # --- acting

    def act(self, seat: int, action: Any, by: str | None = None) -> None:
        """Send the move; the server checks it again and answers with an update (or a notice)."""
        if seat != self.seat or not self.game.offered(self._legal, action) or self.waiting:
            raise IllegalAction("That move is not yours to make now.")
        self.waiting = True  # nothing more until the server has answered (it always does)
        self._send(p.Act(p.raw(action)))

    def undo_refusal(self, seat: int) -> str | None:
        return NO_UNDO

    def undo(self, seat: int) -> str | None:
        return NO_UNDO

    def bot_action(self, seat: int) -> Any:
        raise IllegalAction("The server plays the bots of a shared table.")

    def bot_move(self, seat: int) -> Any:
        raise IllegalAction("The server plays the bots of a shared table.")

    def bot_decision(self, seat: int) -> Any:
        raise IllegalAction("The server plays the bots of a shared table.")

    def bot_searches(self, seat: int) -> bool:
        return False

    def bot_question(self, seat: int) -> Any:
        raise IllegalAction("The server plays the bots of a shared table.")

    # --- the clock: the server's

    def clock(self) -> Clock | None:
        return None  # the server runs it; clock_left says how far it is

    def clock_step(self, clock: Clock) -> None:
        raise IllegalAction("The table's clock runs on the server.")

    def clock_left(self) -> int | None:
        return self._clock

    @property
    def clock_held(self) -> bool:
        # the server holds a table whose round waits or counts down (protocol.Start)
        return self.start is not None

    def kept_clock(self, key: int) -> int | None:
        return None

    def keep_clock(self, key: int | None, seconds_left: int, *, save: bool) -> None:
        pass  # the server keeps the table clock

    def save(self) -> None:
        pass  # the server saves after every step

    def close(self) -> None:
        pass  # the server keeps the seat for a rejoin

    def finished(self) -> FinishedGame | None:
        return self._finished
