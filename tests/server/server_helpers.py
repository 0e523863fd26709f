"""Helpers for the server tests: a hub in the test's event loop, and protocol clients."""

from __future__ import annotations

import asyncio
import socket
import time
from pathlib import Path
from typing import Any

from foxtui.server import protocol as p
from foxtui.server.framing import read_server_message
from foxtui.server.hub import Hub
from foxtui.server.store import Store

#: every wait in these tests ends in a clear failure, never a hang
TIMEOUT = 10.0


def make_hub(folder: Path, **kwargs: Any) -> Hub:
    kwargs.setdefault("bot_delay", 0)
    kwargs.setdefault("realtime_bot_delay", 0.01)
    kwargs.setdefault("seed", lambda: 5)
    kwargs.setdefault("countdown", 0)  # a real-time round opens once read (tests that count say so)
    hub = Hub(Store(folder / "server.sqlite3"), **kwargs)
    hub.load()
    return hub


async def socket_pair() -> tuple[tuple[asyncio.StreamReader, asyncio.StreamWriter], tuple[Any, Any]]:
    a, b = socket.socketpair()
    return await asyncio.open_unix_connection(sock=a), await asyncio.open_unix_connection(sock=b)


class ProtoClient:
    """A client process stand-in that speaks the protocol directly."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, task: asyncio.Task) -> None:
        self.reader = reader
        self.writer = writer
        self.task = task  # the hub's side of this connection
        self.seen: list[Any] = []

    @classmethod
    async def connect(cls, hub: Hub, key: str, name: str | None = None) -> "ProtoClient":
        (hr, hw), (cr, cw) = await socket_pair()
        task = asyncio.create_task(hub.serve(hub.player(key), hr, hw, "test"))
        client = cls(cr, cw, task)
        welcome = await client.expect(p.Welcome)
        if welcome.name is None and name is not None:
            client.send(p.SetName(name))
            await client.expect(p.Welcome)
            await client.expect(p.Lobby)
        return client

    def send(self, message: Any) -> None:
        self.writer.write(p.frame(message))

    def act(self, action: Any) -> None:
        self.send(p.Act(p.raw(action)))

    async def next(self) -> Any:
        message = await asyncio.wait_for(read_server_message(self.reader), TIMEOUT)
        assert message is not None, "the server closed the connection"
        self.seen.append(message)
        return message

    async def expect(self, kind: type, where=lambda m: True) -> Any:
        """The next message of that kind (others are kept in ``seen`` and skipped)."""

        async def find() -> Any:
            while True:
                message = await read_server_message(self.reader)
                assert message is not None, f"the server closed the connection before a {kind.__name__}"
                self.seen.append(message)
                if isinstance(message, kind) and where(message):
                    return message

        return await asyncio.wait_for(find(), TIMEOUT)

    async def close(self) -> None:
        self.writer.close()
        await asyncio.wait_for(self.task, TIMEOUT)


def run(coro: Any, timeout: float = 60.0) -> Any:
    async def guarded() -> Any:
        return await asyncio.wait_for(coro, timeout)

    return asyncio.run(guarded())


def screen_text(app) -> str:
    return " ".join(" ".join(strip.text for strip in app.screen._compositor.render_strips()).split())


async def wait_until(pilot, condition, what: str, seconds: float = 20.0) -> None:
    # a deadline, not a number of tries: a loaded 2-core machine is slow, never stuck
    from textual.css.query import NoMatches

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            met = condition()
        except NoMatches:  # a widget it reads is being rebuilt (a form for another game): not yet
            met = False
        if met:
            await pilot.pause()
            return
        await pilot.pause(0.01)
    notes = [n.message for n in pilot.app._notifications]
    raise AssertionError(f"never happened: {what}\n{screen_text(pilot.app)}\n{notes}")


async def client_app(hub, key: str):
    """The client process's app, linked to ``hub`` as the player with ``key``."""
    from foxtui.server.client import ClientApp
    from foxtui.server.link import ServerLink

    (hr, hw), (cr, cw) = await socket_pair()
    task = asyncio.create_task(hub.serve(hub.player(key), hr, hw, "test"))
    return ClientApp(ServerLink(cr, cw)), task


def humans_to_act(table) -> list[int]:
    """The seat of a client's RemoteTable while it has moves to make, as a list."""
    seat = table.seat
    return [seat] if seat is not None and seat in table.to_act() and table.legal_actions(seat) else []
