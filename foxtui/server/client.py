"""The client process of one SSH session: a foxtui screen on its own pseudo-terminal.

The server starts one per session (``foxtui _client --fd N``) and talks to it over
the inherited socket ``N``; what reaches this process is only what its seat may
see, so a bug here cannot show another player's cards.
"""

from __future__ import annotations

from typing import Any

from textual._compositor import CompositorUpdate
from textual.notifications import SeverityLevel

from foxtui.table.remote import RemoteTable
from foxtui.ui.app import FoxApp

from . import protocol as p
from .link import ServerLink
from .screen_diff import ScreenDiff, Written

_SEVERITY: dict[str, SeverityLevel] = {"information": "information", "warning": "warning", "error": "error"}


class ClientApp(FoxApp):
    """The lobby first, then the shared tables the player sits at or watches."""

    def __init__(self, link: ServerLink, *, low_bandwidth: bool = False) -> None:
        super().__init__(bot_delay=0, low_bandwidth=low_bandwidth)
        self._started = True  # FoxApp's home screen is not shown: the lobby is the base screen
        self.link = link
        self.table: RemoteTable | None = None
        self.ended: str | None = None  # why the connection ended, once it has
        self._screen_diff = ScreenDiff()

    def _display(self, screen: Any, renderable: Any) -> None:
        # Over SSH every byte counts: only the cells that change reach the terminal,
        # and an update that changes none writes nothing (not even a cursor move).
        if isinstance(renderable, CompositorUpdate) and self._frames_reach_terminal():
            sequence = self._screen_diff.render(renderable, self.size, self.console)
            cursor = self.screen.outer_size.clamp_offset(self.cursor_position)
            if not sequence and cursor == self._previous_cursor_position:
                return
            renderable = Written(sequence)
        elif renderable is not None and not isinstance(renderable, CompositorUpdate):
            self._screen_diff.forget()  # drawn some other way: the copy no longer holds
        super()._display(screen, renderable)

    def _frames_reach_terminal(self) -> bool:
        """Whether App._display writes an update now (Textual 8.2's conditions): only
        then may the copy of the screen change."""
        return (
            not self._batch_count
            and self._running
            and not self._closed
            and not self.is_headless
            and not self.is_inline
            and self._driver is not None
        )

    def get_default_screen(self) -> Any:
        from foxtui.ui.screens.lobby import LobbyScreen

        return LobbyScreen(self.link)

    def on_mount(self) -> None:
        self.run_worker(self._listen(), name="server-link", exit_on_error=False)

    async def _listen(self) -> None:
        self.ended = await self.link.run(self.server_message)
        self.exit(message=self.ended)

    @property
    def lobby(self) -> Any:
        return self.screen_stack[0]

    def server_message(self, message: Any) -> None:
        try:
            self._handle(message)
        except Exception:  # a bug here must not end the session with a traceback on screen
            import logging

            logging.getLogger("foxtui.client").exception("could not show a server message")
            self.notify("Something went wrong drawing this; press q to go back to the lobby.", severity="error")

    def _handle(self, message: Any) -> None:
        from foxtui.ui.screens.remote_play import RemotePlayScreen

        if isinstance(message, p.Welcome):
            self.lobby.welcome(message.name)
        elif isinstance(message, p.Lobby):
            self.lobby.show_tables(message.tables)
        elif isinstance(message, p.Seated):
            self._seated(message)
        elif isinstance(message, p.Update):
            for screen in self.screen_stack:
                if isinstance(screen, RemotePlayScreen) and screen.table is self.table:
                    screen.server_update(message)
                    return
            if self.table is not None:
                self.table.apply(message)
                self._open_table()
        elif isinstance(message, p.WholeLog):
            from foxtui.ui.screens.game_log import GameLogScreen

            if isinstance(self.screen, GameLogScreen):
                self.screen.show_lines(message.lines, 0, message.since or None)
        elif isinstance(message, p.Notice):
            if message.severity == "error" and self.table is not None and self.table.waiting:
                self.table.refused()  # a refused move: the keys work again
                self.release_keys()
            self.notify(message.text, severity=_SEVERITY.get(message.severity, "information"))

    def _seated(self, message: p.Seated) -> None:
        from foxtui.games import GAMES

        self.table = RemoteTable(self.link.send, message.table, GAMES[message.game], message.seat, message.seats)
        while len(self.screen_stack) > 1:
            self.pop_screen()  # a table opens over the lobby, never over another table

    def _open_table(self) -> None:
        """The first update of a table has come: show it."""
        from foxtui.ui.screens.remote_play import RemotePlayScreen

        assert self.table is not None
        if self._refuse_without_screen(self.table.game.id):
            return
        self.push_screen(RemotePlayScreen(self.table))


def run_client(fd: int) -> int:
    """The hidden ``foxtui _client`` command: one player's screen, talking over ``fd``."""
    import asyncio
    import os

    low_bandwidth = os.environ.get(p.LOW_BANDWIDTH) == "1"  # set by the server when the player asks

    async def main() -> str | None:
        link = await ServerLink.from_fd(fd)
        app = ClientApp(link, low_bandwidth=low_bandwidth)
        await app.run_async(mouse=not low_bandwidth)  # every mouse move would cross the link
        link.close()
        return app.ended

    ended = asyncio.run(main())
    if ended:
        print(ended)
    return 0
