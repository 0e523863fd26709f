"""The client side of a shared table: a connection to the server, and RemoteTable, the
part of the Session interface the play screen uses, filled from the server's updates.

A RemoteTable knows only what the server sent for its seat: that seat's View and
legal actions, the public View, and the log told from its side. It has no State
until the game is over (then the server sends the whole record, and the results
and replay screens work as for a local game). Bots and clocks run on the server.
"""

from __future__ import annotations

import asyncio
from typing import Any, Callable

from foxtui.engine.game import IllegalAction, Outcome, SeatInfo
from foxtui.engine.record import GameRecord, TableClock, decode_record, final_state

from . import protocol as p

NO_UNDO = "Moves cannot be taken back at a shared table."


class GameUnderway:
    """Stands in for the record while the game is on: the server keeps the steps; the
    client knows only the table clock, to count down from it."""

    def __init__(self) -> None:
        self.clock: TableClock | None = None


class ServerLink:
    """The client's end of the local socket: messages in through ``on_message``, out by ``send``."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer

    @classmethod
    async def from_fd(cls, fd: int) -> "ServerLink":
        import socket

        sock = socket.socket(fileno=fd)
        reader, writer = await asyncio.open_unix_connection(sock=sock, limit=p.MAX_SERVER_FRAME + 64)
        return cls(reader, writer)

    def send(self, message: Any) -> None:
        if not self.writer.is_closing():
            self.writer.write(p.frame(message))

    async def run(self, on_message: Callable[[Any], None]) -> str:
        """Deliver every message until the server goes; returns why it ended, in a sentence."""
        try:
            while True:
                message = await p.read_server_message(self.reader)
                if message is None:
                    return "The server closed the connection."
                if isinstance(message, p.Goodbye):
                    return message.text
                on_message(message)
        except p.ProtocolError:
            return "The server sent something this foxtui cannot read."
        except (ConnectionError, OSError):
            return "The connection to the server was lost."

    def close(self) -> None:
        self.writer.close()


class RemoteTable:
    """A table in play on the server, seen from one seat (``seat`` None: a spectator)."""

    path = None  # the server keeps the table; nothing is saved here

    def __init__(self, link: ServerLink, table: int, game: Any, seat: int | None, seats: list[SeatInfo]) -> None:
        self.link = link
        self.table = table
        self.game = game
        self.seat = seat
        self.seats = seats
        self.save_problem: str | None = None
        #: the whole record once the game is over; until then only the table clock
        self.record: GameRecord | GameUnderway = GameUnderway()
        self.step_count = 0
        self.round = 0
        self.status = "playing"
        self._view: Any = None
        self._public: Any = None
        self._legal: list[Any] = []
        self._to_act: frozenset[int] = frozenset()
        self._log: list[str] = []
        self._log_from = 0  # the step the first line of _log tells
        self._outcome: Outcome | None = None
        self._final: Any = None
        #: a move was sent and the server has not answered yet
        self.waiting = False

    def apply(self, update: p.Update) -> None:
        """Take in what the server sent."""
        game = self.game
        self.waiting = False
        self.step_count = update.steps
        self.round = update.round
        self.status = update.status
        self._view = p.unraw(update.view, game.View)
        self._public = p.unraw(update.public, game.View)
        self._legal = p.unraw(update.legal, list[game.Action])
        self._to_act = frozenset(update.to_act)
        self._take_log(update.log, update.log_from)
        self.save_problem = update.problem
        self._outcome = update.outcome
        if update.record is None:
            self.record.clock = None if update.clock is None else TableClock(update.round, update.clock)
        elif self._final is None:
            self.record = decode_record(update.record, "the finished game")
            self._final = final_state(self.record, "the finished game")

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

    # --- what the play screen reads

    @property
    def state(self) -> Any:
        """The final state, once the game is over (for the results screen); never before."""
        if self._final is None:
            raise LookupError("a shared table's state stays on the server until the game is over")
        return self._final

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

    def humans_to_act(self) -> list[int]:
        return [self.seat] if self.seat is not None and self.seat in self._to_act and self._legal else []

    def bots_to_act(self) -> list[int]:
        return []  # the server plays the bots

    def outcome(self) -> Outcome | None:
        return self._outcome

    def log(self, viewer: int | None, last: int = 200) -> list[str]:
        return self._log[-last:] if last else []

    # --- acting

    def act(self, seat: int, action: Any) -> None:
        """Send the move; the server checks it again and answers with an update (or a notice)."""
        if seat != self.seat or action not in self._legal or self.waiting:
            raise IllegalAction("That move is not yours to make now.")
        self.waiting = True  # nothing more until the server has answered (it always does)
        self.link.send(p.Act(p.raw(action)))

    def play_bot(self) -> bool:
        return False

    def keep_clock(self, key: int, seconds_left: int, *, save: bool = True) -> None:
        pass  # the server keeps the table clock

    def save(self) -> None:
        pass  # the server saves after every step

    def undo_refusal(self, seat: int) -> str | None:
        return NO_UNDO

    def undo(self, seat: int) -> str | None:
        return NO_UNDO
