"""The client process of one SSH session: a foxtui screen on its own pseudo-terminal.

The server starts one per session (``foxtui _client --fd N``) and talks to it over
the inherited socket ``N``; what reaches this process is only what its seat may
see, so a bug here cannot show another player's cards.
"""

from __future__ import annotations

import logging
import time
import traceback
from typing import Any

from textual import events
from textual.message import Message
from textual.notifications import SeverityLevel

from foxtui.table.remote import RemoteTable
from foxtui.ui.app import FoxApp
from foxtui.ui.terminal import FoxDriver
from foxtui.ui.textual_internals import (
    CompositorUpdate,
    DisplayTap,
    app_closing,
    app_driver,
    app_stopping,
    cursor_written,
    exit_with,
    frames_reach_terminal,
    share_parsed_css,
)

from . import protocol as p
from .link import ServerLink
from .screen_diff import ScreenDiff, Written
from .spawn import TOO_BUSY

_SEVERITY: dict[str, SeverityLevel] = {"information": "information", "warning": "warning", "error": "error"}

LOG = logging.getLogger("foxtui.client")

#: parsed CSS, per set of CSS variables, shared by the client apps of a process
_PARSED_CSS: dict[tuple, Any] = {}

#: what a player reads when their screen could not go on (never a traceback)
BROKEN = "Something went wrong on this server's screen, and it was closed; please connect again (your seat is kept)."
#: ... and when it could, back in the lobby
RECOVERED = "Something went wrong on that screen; you are back in the lobby. The server has noted it."
#: a screen that keeps failing is closed rather than saved again and again
MAX_RECOVERIES = 3

#: keys a screen takes at once, and then each second (``KeyPace``): a player typing, or
#: holding a key down, sends a few dozen a second; 64 KiB of noise pasted where the
#: terminal does not mark it as a paste are 65,536 keys at once, which Textual would
#: queue and handle every one (the issue saw a core held for a minute, RSS 45 -> 127 MB)
KEY_BURST = 256
KEY_RATE = 100.0
#: what a player reads when keys were left out (at most once in ``KEYS_TOLD_EVERY`` s)
KEYS_LEFT_OUT = "Keys came in faster than anyone types; this screen left some of them out."
KEYS_TOLD_EVERY = 10.0


class KeyPace:
    """A token bucket of keys: ``burst`` at once, ``rate`` more each second."""

    def __init__(self, burst: int = KEY_BURST, rate: float = KEY_RATE, now: float = 0.0) -> None:
        self.burst, self.rate = burst, rate
        self.tokens = float(burst)
        self.when = now

    def take(self, now: float) -> bool:
        """Whether a key that comes at ``now`` is taken (else it is left out)."""
        self.tokens = min(float(self.burst), self.tokens + (now - self.when) * self.rate)
        self.when = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True


class KeysLeftOut(Message):
    """The terminal's reader left keys out (``KeyPace``): ``count`` since the last one."""

    def __init__(self, count: int) -> None:
        super().__init__()
        self.count = count


class PacedDriver(FoxDriver):
    """The terminal's driver with its key reader paced by ``KeyPace``: keys beyond it are
    left out before they reach the app, so that what a player's terminal sends costs at
    most so many keys' handling and memory (the reader still reads every byte, and a
    bracketed paste is one event whatever its size)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._pace = KeyPace(now=time.monotonic())
        self._left_out = 0
        self._told = -KEYS_TOLD_EVERY

    def process_message(self, message: Any) -> None:
        # (in the reader's thread)
        if isinstance(message, events.Key):
            if getattr(self.app, "ended", None) is not None:
                return  # the screen is closing: no key is handled any more
            now = time.monotonic()
            if not self._pace.take(now):
                self._left_out += 1
                if now - self._told >= KEYS_TOLD_EVERY:
                    self._told = now
                    self.app.post_message(KeysLeftOut(self._left_out))  # thread-safe
                    self._left_out = 0
                return
        super().process_message(message)


class ClientApp(DisplayTap, FoxApp):
    """The lobby first, then the shared tables the player sits at or watches."""

    def __init__(self, link: ServerLink, *, low_bandwidth: bool = False) -> None:
        super().__init__(bot_delay=0, low_bandwidth=low_bandwidth)
        self._started = True  # FoxApp's home screen is not shown: the lobby is the base screen
        self.link = link
        self.table: RemoteTable | None = None
        self.ended: str | None = None  # why the connection ended, once it has
        self.hung_up = False  # the terminal went away (SIGHUP): the server sees a drop
        self._screen_diff = ScreenDiff()
        #: the player's window as the server last told it (None: the size this process has)
        self.window: tuple[int, int] | None = None
        self._recoveries: list[float] = []
        # The fork server drew a lobby before forking: its parsed stylesheets are kept,
        # and each client uses them instead of parsing the same CSS again (a third of the
        # first frame's time). Kept per set of CSS variables, as Textual's own cache is
        # per stylesheet (and cleared when its variables change).
        share_parsed_css(self, _PARSED_CSS)

    def get_driver_class(self) -> Any:
        driver = super().get_driver_class()
        return PacedDriver if driver is FoxDriver else driver

    async def on_event(self, event: events.Event) -> None:
        if self.ended is not None and isinstance(event, events.Key):
            return  # closing (too busy, the link gone): the keys still queued are not handled
        await super().on_event(event)

    def on_keys_left_out(self, message: KeysLeftOut) -> None:
        self.notify(KEYS_LEFT_OUT, severity="warning", timeout=6)

    # --- no traceback ever reaches the player: it goes to the server's log

    def report(self, text: str) -> None:
        """Tell the server's log what went wrong here (the player never sees it)."""
        try:
            self.link.send(p.Trouble(text[-p.MAX_TROUBLE:]))
        except Exception:  # the link itself is broken: nothing more to do
            pass

    def _handle_exception(self, error: Exception) -> None:
        self.report("".join(traceback.format_exception(error)))
        pump = _failed_pump(error)
        if self._can_recover(pump):
            self._recover()
            return
        self._close_with(BROKEN)

    def panic(self, *renderables: Any) -> None:
        # Textual's last resort (an error in its key reader, say): the sentence instead
        self.report("panic: " + " ".join(type(r).__name__ for r in renderables))
        self._close_with(BROKEN)

    def _can_recover(self, pump: Any) -> bool:
        """Whether the screen that failed can be dropped with the player still connected:
        the app runs on, and neither it nor the lobby is what failed."""
        if app_stopping(self):
            return False
        if pump is None or pump is self or len(self.screen_stack) < 2:
            return False
        lobby = self.screen_stack[0]
        if pump is lobby or getattr(pump, "screen", None) is lobby:
            return False
        now = time.monotonic()
        self._recoveries = [t for t in self._recoveries if now - t < 60] + [now]
        return len(self._recoveries) <= MAX_RECOVERIES

    def _recover(self) -> None:
        def back() -> None:
            while len(self.screen_stack) > 1:
                self.pop_screen()
            self.table = None
            self.link.leave()
            self.notify(RECOVERED, severity="error", timeout=10)

        self.call_later(back)

    def _close_with(self, sentence: str) -> None:
        if self.ended is None and not app_closing(self):
            self.ended = sentence
        driver = app_driver(self)
        if isinstance(driver, PacedDriver):
            # no key is read any more (what waits is flushed): a screen that a flood of
            # keys keeps busy closes at once, instead of being killed (it said nothing then)
            driver.disable_input()
        # closed, not a player's leaving: the server sees the connection end (a drop)
        self.hung_up = True
        exit_with(self, 1)

    def frame_to_write(self, renderable: Any) -> Any:
        # Over SSH every byte counts: only the cells that change reach the terminal,
        # and an update that changes none writes nothing (not even a cursor move).
        if isinstance(renderable, CompositorUpdate) and frames_reach_terminal(self):
            sequence = self._screen_diff.render(renderable, self.size, self.console)
            cursor = self.screen.outer_size.clamp_offset(self.cursor_position)
            if not sequence and cursor == cursor_written(self):
                return None
            return Written(sequence)
        if renderable is not None and not isinstance(renderable, CompositorUpdate):
            self._screen_diff.forget()  # drawn some other way: the copy no longer holds
        return renderable

    async def action_quit(self) -> None:
        """ctrl+c and ctrl+q (Textual's own) ask as q does: one byte, typed by mistake or
        sent by a program, never ends a session. While the terminal is too small, where
        no question could be seen, they end it as q does and the message there says."""
        if self.too_small:
            await super().action_quit()
            return
        self.lobby.action_quit()

    def terminal_size(self, size: Any) -> Any:
        from textual.geometry import Size

        from .spawn import clamp

        # the server draws on at most spawn.MAX_SIZE of a larger window: say the window's
        if self.window is not None and clamp(self.window) == (size.width, size.height):
            return Size(*self.window)
        return size

    def on_terminal_lost(self, message: Any) -> None:
        # a hang-up is a dropped connection, not a goodbye: the table is not told "left"
        self.hung_up = True
        super().on_terminal_lost(message)

    def get_default_screen(self) -> Any:
        from foxtui.ui.screens.lobby import LobbyScreen

        lobby = LobbyScreen(self.link)
        # Textual loads the CSS_PATH of pushed screens only: the base screen's, here
        self._load_screen_css(lobby)
        return lobby

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
            self.lobby.show_tables(message.tables, message.page, message.pages)
            self.lobby.full = message.full
        elif isinstance(message, p.Games):
            from foxtui.ui.screens.lobby import MyGamesScreen

            for screen in self.screen_stack:
                if isinstance(screen, MyGamesScreen):
                    screen.show_games(message.tables, message.page, message.pages, message.total)
        elif isinstance(message, p.Seated):
            self._seated(message)
        elif isinstance(message, p.Update):
            screen = self._table_screen()
            if screen is not None:
                screen.server_update(message)
                return
            if self.table is not None:
                self.table.apply(message)
                self._open_table()
        elif isinstance(message, (p.Chat, p.Presence, p.Start)) and self.table is not None:
            self._table_news(message)
        elif isinstance(message, p.WholeLog):
            from foxtui.ui.screens.game_log import GameLogScreen

            if isinstance(self.screen, GameLogScreen):
                self.screen.show_lines(message.lines, 0, message.since or None)
        elif isinstance(message, p.Window):
            self.window = (message.columns, message.rows)
            self.fit_terminal(self.size)  # the too-small message says the window's size
        elif isinstance(message, p.Notice):
            if message.severity == "error" and self.table is not None and self.table.waiting:
                self.table.refused()  # a refused move: the keys work again
                self.release_keys()
            self.notify(message.text, severity=_SEVERITY.get(message.severity, "information"))

    def _table_screen(self) -> Any:
        """The screen of the table this client is at, once it is open (else None)."""
        from foxtui.ui.screens.remote_play import RemotePlayScreen

        for screen in self.screen_stack:
            if isinstance(screen, RemotePlayScreen) and screen.table is self.table:
                return screen
        return None

    def _table_news(self, message: p.Chat | p.Presence | p.Start) -> None:
        """What the table says besides its game: chat, who is here, a held round."""
        table = self.table
        assert table is not None
        screen = self._table_screen()
        if isinstance(message, p.Chat):
            news = table.take_chat(message)
            if screen is not None and news:
                screen.chat_arrived(news)
            return
        if isinstance(message, p.Presence):
            table.presence = list(message.seats)
            table.watching = list(message.watching)
        else:
            table.take_start(message)
        if screen is not None:
            screen.table_news_changed(message)

    def _seated(self, message: p.Seated) -> None:
        from foxtui.games import GAMES

        self.table = RemoteTable(self.link.send, message.table, GAMES[message.game], message.seat, message.seats)
        self.lobby.offered_rejoin = True  # at a table already: back in the lobby, no "Rejoin?"
        while len(self.screen_stack) > 1:
            self.pop_screen()  # a table opens over the lobby, never over another table

    def _open_table(self) -> None:
        """The first update of a table has come: show it."""
        from foxtui.ui.screens.remote_play import RemotePlayScreen

        assert self.table is not None
        if self._refuse_without_screen(self.table.game.id):
            return
        self.push_screen(RemotePlayScreen(self.table))


def _failed_pump(error: BaseException) -> Any:
    """The widget, screen or app whose message loop the error ended (Textual says
    only what failed, not where): the innermost message pump on its way up."""
    from textual.message_pump import MessagePump

    found = None
    tb = error.__traceback__
    while tb is not None:
        candidate = tb.tb_frame.f_locals.get("self")
        if isinstance(candidate, MessagePump) and tb.tb_frame.f_code.co_name in (
            "_process_messages_loop",
            "_pre_process",
            "_flush_next_callbacks",
            "_dispatch_message",
        ):
            found = candidate
        tb = tb.tb_next
    return found


class _LinkLog(logging.Handler):
    """The client process's log lines go to the server's log, never to the terminal."""

    def __init__(self, link: ServerLink) -> None:
        super().__init__(logging.WARNING)  # what went wrong; the rest is the client's own business
        self.link = link

    def emit(self, record: logging.LogRecord) -> None:
        try:
            self.link.send(p.Trouble(self.format(record)[-p.MAX_TROUBLE:]))
        except Exception:
            pass


def _decode_leniently() -> None:
    """Input the terminal sends that is not UTF-8 (a pasted Latin-1 "café", a stray
    0xFF) is read as U+FFFD instead of ending Textual's key reader (and Escape before
    Enter stays two keys: ``terminal.read_keys_as_typed``)."""
    from foxtui.ui.terminal import read_keys_as_typed

    read_keys_as_typed()


def run_client(fd: int) -> int:
    """The hidden ``foxtui _client`` command: one player's screen, talking over ``fd``.
    Nothing it does writes a traceback on the player's terminal."""
    import asyncio
    import os
    import signal
    import sys

    low_bandwidth = os.environ.get(p.LOW_BANDWIDTH) == "1"  # set by the server when the player asks
    _decode_leniently()
    link: ServerLink | None = None

    async def main() -> str | None:
        nonlocal link
        link = await ServerLink.from_fd(fd)
        handler = _LinkLog(link)
        logging.getLogger().addHandler(handler)
        app = ClientApp(link, low_bandwidth=low_bandwidth)
        loop = asyncio.get_running_loop()
        loop.add_signal_handler(signal.SIGXCPU, app._close_with, TOO_BUSY)
        loop.add_signal_handler(signal.SIGTERM, app.exit)
        await app.run_async(mouse=not low_bandwidth)  # every mouse move would cross the link
        link.close()
        return app.ended

    try:
        ended = asyncio.run(main())
    except BaseException as exc:  # after Textual let go of the terminal, or before it had it
        if link is not None:
            try:
                link.send(p.Trouble("".join(traceback.format_exception(exc))[-p.MAX_TROUBLE:]))
            except Exception:
                pass
        ended = BROKEN
    if ended:
        try:
            sys.stdout.write(ended + "\r\n")
            sys.stdout.flush()
        except OSError:
            pass
    return 0
