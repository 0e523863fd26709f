"""The client process's end of its private socket to the foxtui server."""

from __future__ import annotations

import asyncio
from typing import Any, Callable

from . import protocol as p
from .framing import read_server_message


class ServerLink:
    """Messages in through ``run``'s callback, out by ``send`` or the lobby's requests
    (the lobby screen is handed this link and never builds a message itself)."""

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

    # --- what the lobby asks for

    def set_name(self, name: str) -> None:
        self.send(p.SetName(name))

    def join(self, table: int) -> None:
        self.send(p.Join(table))

    def watch(self, table: int) -> None:
        self.send(p.Watch(table))

    def page(self, page: int) -> None:
        self.send(p.LobbyPage(page))

    def close_table(self, table: int) -> None:
        self.send(p.Close(table))

    def my_games(self, page: int) -> None:
        self.send(p.WantGames(page))

    def leave(self) -> None:
        self.send(p.Leave())

    def want_log(self) -> None:
        self.send(p.WantLog())

    def say(self, text: str) -> None:
        self.send(p.Say(text))

    def ready(self) -> None:
        self.send(p.Ready())

    def create_table(
        self, game: str, options: dict[str, Any], seats: list[str], move_seconds: float, bot_speed: str
    ) -> None:
        self.send(p.CreateTable(game, options, seats, move_seconds, bot_speed))

    async def run(self, on_message: Callable[[Any], None]) -> str:
        """Deliver every message until the server goes; returns why it ended, in a sentence."""
        try:
            while True:
                message = await read_server_message(self.reader)
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
