"""FoxApp: the Textual application. It owns navigation between screens and what
concerns the terminal as a whole: a terminal too small for any screen, and one that
has gone away."""

from __future__ import annotations

import gc
import logging
import time
from collections import deque
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import events
from textual.app import App
from textual.binding import Binding
from textual.driver import Driver
from textual.geometry import Size
from textual.message import Message
from textual.screen import Screen
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Input

from .stylesheets import stylesheets
from .textual_internals import cover, covering, layout_pending, set_color_system, size_without_layout, uncover
from .widgets.too_small import MIN_SIZE, TooSmall, fits

if TYPE_CHECKING:  # imported when first needed: the first frame shows only the home screen
    from foxtui.engine.session import Session

    from .terminal import TerminalLost

LOG = logging.getLogger("foxtui.app")

#: the exit status after the terminal went away: a shell's for a process ended by SIGHUP
EXIT_HANGUP = 129
#: the keys that still work while the terminal is too small: both quit (the game is saved)
QUIT_WHILE_SMALL = ("q", "ctrl+c")
#: seconds keys wait at most for a move sent to be answered, and for the key before
#: them to be handled (its marker lost when the key closed the widget it went to)
KEY_PATIENCE = 3.0
MARKER_PATIENCE = 0.25
#: keys that move the focus along the screen's focus order
FOCUS_KEYS = ("tab", "shift+tab")


class KeyHandled(Message, bubble=True):
    """Follows a key to the widget it went to, and up as the key went: when it reaches
    the app, that key has been handled (see FoxApp._pass_keys). It goes twice: what the
    key's handling posted behind the first (a field's Changed) is handled before the
    second comes back."""

    def __init__(self, trip: int = 1) -> None:
        super().__init__()
        self.trip = trip

#: the colour systems a terminal may be drawn in (``--color``), by their Rich names;
#: "auto" keeps what Textual detects from TERM and COLORTERM
COLOR_SYSTEMS = {"16": "standard", "256": "256", "truecolor": "truecolor"}


class FoxApp(App):
    TITLE = "foxtui"
    # Only what every screen and the first frame (home) need; the other screens name
    # their own stylesheets, read when they are first shown.
    CSS_PATH = stylesheets("app.tcss", "shell.tcss")
    # The palette offers theme switches and screenshots; the game needs neither, and its
    # key would crowd the key bar at 80 columns.
    ENABLE_COMMAND_PALETTE = False
    #: below this the screens give way to how large the terminal must be (fit_terminal)
    MIN_SIZE = MIN_SIZE
    BINDINGS = [
        Binding("ctrl+c", "quit", "Quit", id="app.quit", show=False, priority=True),
        # ctrl+z would hand a shared table's terminal to a shell: it only says it does not
        Binding("ctrl+z", "suspend_process", "Does not suspend", id="app.suspend", show=False, system=True),
    ]

    def __init__(
        self,
        *,
        session: Session | None = None,
        replay_path: Path | None = None,
        bot_delay: float | None = None,
        color: str = "auto",
        low_bandwidth: bool = False,
        steady_gc: bool = False,
    ) -> None:
        super().__init__()
        #: freeze what the first frame built (see _freeze_the_built): set by the command
        #: line, not by tests, whose many apps in one process would each keep theirs
        self._steady_gc = steady_gc
        self._start_session = session
        self._start_replay = replay_path
        self.bot_delay = bot_delay
        self._started = False
        if color != "auto":
            # Textual writes every frame in its console's colour system, which Rich chose
            # from TERM and COLORTERM
            set_color_system(self, COLOR_SYSTEMS[color])
        #: for slow links (SSH): nothing moves unless something changed; panels read it
        #: to redraw their clocks once a second at most
        self.low_bandwidth = low_bandwidth
        if low_bandwidth:
            self.animation_level = "none"
        #: the screen the too-small message covers, while the terminal is below 80×24
        self._covered: Screen | None = None
        self._key_backlog: deque[events.Key] = deque()  # typed, not passed on yet
        self._key_in_flight = False  # a key passed on, not handled all the way yet
        self._key_holds = 0  # what keys wait for (hold_keys)
        self._passing_key = False
        self._marker_timer: Timer | None = None
        self._marker_target: Widget | None = None  # where the marker went, and since when
        self._marker_since = 0.0
        self._hold_timer: Timer | None = None
        self._watching_screens = False
        self._leaving = False
        self._thinking_workers: Any = None  # see thinking_workers

    def get_driver_class(self) -> type[Driver]:
        """Textual's driver for this platform, or on Linux and macOS ours: the same, and
        it tells the app when the terminal goes away (``terminal.FoxDriver``)."""
        driver = super().get_driver_class()
        if driver.__name__ == "LinuxDriver":
            from .terminal import FoxDriver

            return FoxDriver
        return driver

    def on_mount(self) -> None:
        if not self._watching_screens:  # subclasses too (the SSH client): every screen fits or is covered
            self._watching_screens = True
            self.screen_change_signal.subscribe(self, self._screen_changed, immediate=True)
        # Textual runs the on_mount of every class in the MRO: a subclass whose own
        # on_mount also calls this one must not open the home screen twice.
        if self._started:
            return
        self._started = True
        if self.console.color_system == "standard" and not self.is_headless:
            # Textual's colours brought down to 16 lose their contrast (orange keys on a
            # grey bar); its ANSI theme draws in the terminal's own palette instead. Not
            # headless: tests and snapshots look the same whatever TERM they run under.
            self.theme = "ansi-dark"
        from .screens.home import HomeScreen

        self.push_screen(HomeScreen())
        if self._steady_gc:
            self.call_after_refresh(self._freeze_the_built)
        if self._start_session is not None:
            self.open_session(self._start_session)
        elif self._start_replay is not None:
            self.open_replay(self._start_replay)

    @staticmethod
    def _freeze_the_built() -> None:
        """Python's full collections walk every object alive; with Textual and the games
        loaded that is 80-170 ms, taken now and then in the middle of a step. What the
        first frame built (modules, styles, the screens' widgets) lives as long as the
        app, so it is moved out of the collector's sight once; what games make later is
        collected as ever."""
        gc.collect()
        gc.freeze()

    # --- navigation

    def open_session(self, session: Session) -> None:
        from .screens.play import PlayScreen

        if self._refuse_without_screen(session.game.id):
            return
        self.push_screen(PlayScreen(session, self.bot_delay))

    def _refuse_without_screen(self, game_id: str) -> bool:
        """Say so and return True when the game has no screen yet (its saves are still listed)."""
        from .games import unplayable_reason

        reason = unplayable_reason(game_id)
        if reason is not None:
            self.notify(reason, severity="warning")
        return reason is not None

    def resume_save(self, path: Path) -> None:
        """Open a saved game at its table; a save that cannot be used gets its one sentence."""
        from foxtui.engine.record import RecordError
        from foxtui.engine.session import Session

        try:
            session = Session.resume(path)
        except RecordError as exc:
            self.notify(str(exc), severity="error")
            return
        self.open_session(session)

    def open_replay(self, path: Path) -> None:
        from foxtui.engine.record import RecordError, decode_record, read_record_file

        from .screens.replay import ReplayScreen

        path = Path(path)
        try:
            record = decode_record(read_record_file(path), path.name)
            if self._refuse_without_screen(record.game):
                return
            screen = ReplayScreen(_game(record.game), record, path.name)
        except RecordError as exc:
            self.notify(str(exc), severity="error")
            return
        except OSError as exc:
            self.notify(f"{path.name} cannot be read ({exc.strerror}).", severity="error")
            return
        self.push_screen(screen)

    def open_results(self, game: Any, record: Any, state: Any, chat: list[Any] | None = None) -> None:
        from .screens.results import ResultsScreen

        self.push_screen(ResultsScreen(game, record, state, chat=chat))

    # --- a terminal too small for the screens: one message over whatever is on top

    def on_resize(self, event: events.Resize) -> None:
        self.fit_terminal(event.size)  # self.size is set after this handler (App._on_resize)

    def _screen_changed(self, screen: Screen) -> None:
        self.fit_terminal(self.size)

    def terminal_size(self, size: Size) -> Size:
        """The size of the player's terminal, as the too-small message says it, for a
        screen of ``size`` (the same here; over SSH the server may draw on less)."""
        return size

    def fit_terminal(self, size: Size) -> None:
        """Below 80×24 the screen on top is covered by how large the terminal must be
        (its widgets and their state kept, nothing drawn); at 80×24 or more it is shown
        again, laid out for the size there is.

        A covered screen is out of sight as under a screen pushed over it, and is told
        so the same way (ScreenSuspend, then ScreenResume): a table pauses meanwhile."""
        try:
            screen = self.screen
        except Exception:  # no screen yet (before the first is pushed) or any more
            return
        small = not fits(size, self.MIN_SIZE)
        covered = self._covered
        if covered is not None and (covered is not screen or not small):
            self._covered = None
            uncover(covered)
            if covered is screen:  # back in sight (one left for another was told by Textual)
                screen.post_message(events.ScreenResume())
        if not small:
            return
        # Textual's own way to draw one widget in place of another (a loading indicator):
        # the screen's children are neither placed nor drawn. A covered screen is not in
        # the layout, so nothing tells it its size: without this it would lay out (and
        # the message be drawn) at the size it had before the terminal shrank.
        size_without_layout(screen, size)
        if self._covered is None:
            cover(screen, TooSmall(self.terminal_size(size), self.MIN_SIZE))
            self._covered = screen
            screen.post_message(events.ScreenSuspend())
        elif isinstance(message := covering(screen), TooSmall):
            message.terminal = self.terminal_size(size)

    @property
    def too_small(self) -> bool:
        """Whether the too-small message is up."""
        return self._covered is not None

    async def on_event(self, event: events.Event) -> None:
        # While the message is up no key reaches the screen beneath, nor the mouse; the
        # keys that quit still quit.
        if self._covered is not None and isinstance(event, (events.InputEvent, events.Paste)):
            if not event.is_forwarded:
                if isinstance(event, events.Key) and event.key in QUIT_WHILE_SMALL:
                    await self.action_quit()
                return
        if isinstance(event, events.Key) and not event.is_forwarded and not self._passing_key:
            self._key_backlog.append(event)  # typed: its turn comes after the keys before it
            await self._pass_keys()
            return
        await super().on_event(event)

    # --- one key at a time: a burst acts as the same keys typed slowly

    # Textual hands a key to the widget that has the focus when the app takes it from
    # its queue, and the widget handles it later, in its own turn. Keys that arrive
    # together (over SSH they come bunched) would all go to the widget focused before
    # the first of them is handled: a Tab moves the focus only once the keys after it
    # are already on their way to the old field. So a key is passed on only when the
    # one before it has been handled all the way up (a marker that follows it there has
    # come back), and not while a move it made is still on its way (``hold_keys``).

    def hold_keys(self) -> None:
        """Keys wait: something a key started is not done yet (a move sent to a server)."""
        self._key_holds += 1
        self._hold_timer = self._restart(self._hold_timer, KEY_PATIENCE, self._holds_over)

    def release_keys(self) -> None:
        if self._key_holds:
            self._key_holds -= 1
        self.call_next(self._pass_keys)

    async def _pass_keys(self) -> None:
        while self._key_backlog and not self._key_in_flight and not self._key_holds:
            if self._key_backlog[0].key in FOCUS_KEYS and layout_pending(self.screen):
                # as typed slowly: what the keys before it changed is laid out before a Tab
                # follows the focus order (a row they showed is in it). Textual's own flag;
                # the burst tests pin it. Other keys go at once: a long paste drains quickly.
                self.screen.call_after_refresh(self._pass_keys)
                return
            event = self._key_backlog.popleft()
            self._key_in_flight = True
            self._passing_key = True
            try:
                await super().on_event(event)
            finally:
                self._passing_key = False
            try:
                target = self._key_target()
            except Exception:  # no screen any more (the app is closing)
                self._key_in_flight = False
                continue
            if isinstance(target, Input) and event.is_printable and self._key_backlog and self._key_backlog[0].is_printable:
                # text typed into a field: the field takes its letters in order by itself
                self._key_in_flight = False
                continue
            target.post_message(KeyHandled())
            self._await_marker(target)

    def _key_target(self) -> Widget:
        """Where a key typed now goes: the widget with the focus, else the screen."""
        return self.focused or self.screen

    def on_key_handled(self, message: KeyHandled) -> None:
        message.stop()
        if message.trip == 1:
            try:
                target = self._key_target()
                target.post_message(KeyHandled(2))
                self._await_marker(target)
                return
            except Exception:  # no screen any more (the app is closing)
                pass
        self._key_in_flight = False
        self.call_next(self._pass_keys)

    def _restart(self, timer: Timer | None, patience: float, callback: Any) -> Timer:
        """Should a marker be lost (its widget removed by the very key it followed) or a
        move never be answered, the keys go on after a moment rather than never."""
        if timer is not None:
            timer.stop()
        return self.set_timer(patience, callback)

    def _await_marker(self, target: Widget) -> None:
        self._marker_target = target
        self._marker_since = time.monotonic()
        self._marker_timer = self._restart(self._marker_timer, MARKER_PATIENCE, self._marker_lost)

    def _marker_lost(self) -> None:
        """A marker not back yet: lost if its widget is gone (the key removed it), else
        the key is still being handled (a loaded machine is slow) and the next waits for
        it, though not past KEY_PATIENCE."""
        if not self._key_in_flight:
            return
        target = self._marker_target
        waited = time.monotonic() - self._marker_since
        if target is not None and target.is_attached and waited < KEY_PATIENCE:
            self._marker_timer = self._restart(self._marker_timer, MARKER_PATIENCE, self._marker_lost)
            return
        self._key_in_flight = False
        self.call_next(self._pass_keys)

    def _holds_over(self) -> None:
        if self._key_holds:
            self._key_holds = 0
            self.call_next(self._pass_keys)

    # --- leaving: quitting, or the terminal gone

    def save_tables(self) -> None:
        """Ask every screen on the stack that keeps a table to save it now (the game is
        saved after every step; this keeps what is not a step, e.g. a running countdown)."""
        for screen in list(self.screen_stack):
            save = getattr(screen, "save_table", None)
            if save is None:
                continue
            try:
                save()
            except Exception:  # leaving must not fail; the steps are saved already
                LOG.exception("could not save the table of %s", screen)

    @property
    def thinking_workers(self) -> Any:
        """Where expert bots think: a worker process, started by the first search."""
        if self._thinking_workers is None:
            from foxtui.bots.workers import Workers  # only a table with an expert needs it

            self._thinking_workers = Workers(1)
        return self._thinking_workers

    def on_unmount(self) -> None:
        if self._thinking_workers is not None:
            self._thinking_workers.shutdown()  # every screen has gone: no search is wanted

    async def action_quit(self) -> None:
        if not self._leaving:
            self._leaving = True
            self.save_tables()
        self.exit()

    def on_terminal_lost(self, message: TerminalLost) -> None:
        """SIGHUP, or the terminal hung up: save and end, status 129."""
        LOG.info("the terminal went away (%s): saving and exiting", message.why)
        if not self._leaving:
            self._leaving = True
            self.save_tables()
        self.exit(return_code=EXIT_HANGUP)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        if self.low_bandwidth and hasattr(event.widget, "cursor_blink"):
            event.widget.cursor_blink = False  # a blinking cursor redraws twice a second

    # --- no shell-outs: a suspended pass-and-play table would hand the shell to a player,
    # and a browser would open on the machine foxtui runs on (over SSH, not the player's)

    def action_suspend_process(self) -> None:
        self.notify("foxtui does not suspend; your game is saved after every move.")

    def open_url(self, url: str, *, new_tab: bool = True) -> None:
        self.notify(f"Open {url} in your browser.")


def _game(game_id: str) -> Any:
    from foxtui.games import GAMES

    return GAMES[game_id]  # decode_record has already refused unknown games
