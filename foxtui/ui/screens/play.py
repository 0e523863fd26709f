"""The table in play: it draws what the table's driver says, for the seat it names.

The flow — whose turn, bots and their pace, the game's clock, handovers between
humans — is the TableDriver's (foxtui/table), the same for a table at this keyboard
and a shared table over SSH. This screen shows ``table.view(seat)`` and
``table.log(seat)`` for the one seat whose view is on screen, and hands the
player's choices to the driver. The game's panel only draws a View and reports
the action a player chose.
"""

from __future__ import annotations

import time
from typing import Any, Callable, NamedTuple

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.css.query import NoMatches
from textual.notifications import SeverityLevel
from textual.screen import Screen
from textual.timer import Timer as TextualTimer
from textual.widget import Widget

from foxtui.engine.game import IllegalAction
from foxtui.engine.session import Session
from foxtui.table import BotPace, LocalTable, Scheduler, StepNews, Table, TableDriver, Turn, bot_pace
from foxtui.bots.workers import Thought, WorkerThinker

from ..games import panel_for
from ..games.base import GamePanel, ScreenState
from ..stylesheets import stylesheets
from ..widgets.keybar import KeyBar
from ..widgets.keys import help_keys
from ..widgets.log import GameLog
from ..widgets.status import StatusLine
from .handover import Handed, HandoverScreen

#: log lines handed to the widget; more than fit on screen, so the player can scroll back
LOG_LINES = 50
#: the log's rows at least (its border and four lines): all an 80x24 terminal can spare
LOG_ROWS = 5


class _Soon:
    """A callback for the next turn of the event loop, that can still be called off."""

    def __init__(self, widget: Widget, callback: Callable[[], None]) -> None:
        self._callback: Callable[[], None] | None = callback
        widget.call_later(self._fire)

    def _fire(self) -> None:
        callback, self._callback = self._callback, None
        if callback is not None:
            callback()

    def cancel(self) -> None:
        self._callback = None


class _Stoppable:
    def __init__(self, timer: TextualTimer) -> None:
        self._timer = timer

    def cancel(self) -> None:
        self._timer.stop()


class _Told(NamedTuple):
    message: str
    severity: SeverityLevel
    until: float  # monotonic time after which it is no longer shown


class TextualScheduler:
    """The driver's time, on a widget's timers (they stop when the widget goes)."""

    def __init__(self, widget: Widget) -> None:
        self.widget = widget

    def now(self) -> float:
        return time.monotonic()

    def call_later(self, delay: float, callback: Callable[[], None]) -> _Soon | _Stoppable:
        if delay <= 0:
            return _Soon(self.widget, callback)
        return _Stoppable(self.widget.set_timer(delay, callback))


class AppThinker:
    """Where a searching bot thinks in the app: the app's worker process (see
    foxtui/bots/workers.py), so the screen keeps answering keys at full speed; its
    move comes back on the app's loop."""

    def __init__(self, widget: Widget) -> None:
        self.widget = widget

    def __call__(self, question: Any, done: Callable[[Any], None]) -> Thought:
        return WorkerThinker(self.widget.app.thinking_workers)(question, done)


class PlayScreen(Screen[None]):
    CSS_PATH = stylesheets("play.tcss")
    BINDINGS = [
        Binding("question_mark", "help", "Help", id="play.help"),
        Binding("u", "undo", "Undo", id="play.undo"),
        Binding("p", "next_player", "Next player", id="play.next_player"),
        Binding("space", "skip", "Skip ahead", id="play.skip"),
        Binding("w", "log", "Log", id="play.log"),
        # Tab cycles nothing at the table: the game's keys stay where the key bar says
        Binding("tab", "focus_game", "Back to the moves", id="play.focus_game", show=False),
        Binding("shift+tab", "focus_game", "Back to the moves", id="play.focus_game_back", show=False),
        Binding("q", "home", "Home", id="play.home"),
    ]

    def __init__(
        self, table: Table | Session, bot_delay: float | None = None, *, seats_here: list[int] | None = None
    ) -> None:
        """``bot_delay``: seconds every bot waits (tests); None: the table's bot speed."""
        super().__init__()
        self.table: Table = LocalTable(table) if isinstance(table, Session) else table
        self._panel_type = panel_for(self.table.game.id)
        self.css_path = [*self.css_path, *self._panel_type.stylesheets()]
        pace = bot_pace(self.table.bot_speed) if bot_delay is None else BotPace(bot_delay, bot_delay)
        self.driver = TableDriver(
            self.table,
            self.scheduler(self),
            self,
            seats_here=seats_here,
            bot_delay=pace.turn,
            realtime_bot_delay=pace.realtime,
            thinker=self.thinker(self),
        )
        self._save_problem: str | None = None  # the autosave failure last told to the players
        # Each seat's screen (cursor, page, highlight, scrolling, what it was told) is its
        # own: kept when the keyboard changes hands, given back when that seat has it again.
        self._screen_states: dict[int | None, ScreenState] = {}
        self._state_seat: int | None = None  # whose screen state the panel holds now
        self._told: dict[int | None, list[_Told]] = {}

    @staticmethod
    def scheduler(screen: Widget) -> Scheduler:
        """Where the table's driver gets its time (tests give it a clock moved by hand)."""
        return TextualScheduler(screen)

    @staticmethod
    def thinker(screen: Widget) -> Any:
        """Where a bot that searches thinks (a worker process; tests may think in the call)."""
        return AppThinker(screen)

    @property
    def session(self) -> Session:
        """The Session of a table played at this keyboard (its rules run here)."""
        if not isinstance(self.table, LocalTable):
            raise LookupError("a shared table's session is on the server")
        return self.table.session

    @property
    def seat_on_screen(self) -> int | None:
        """Whose view the panel shows; None = the public view."""
        return self.driver.on_screen

    def compose(self) -> ComposeResult:
        yield StatusLine(id="play-status")
        yield self._panel_type(id="play-panel")
        yield GameLog(max_lines=4 * LOG_LINES, id="play-log")  # wrapped rows, not steps
        yield KeyBar()

    @property
    def panel(self) -> GamePanel:
        return self.query_one("#play-panel", GamePanel)

    def on_resize(self, event: events.Resize) -> None:
        self._fit_log(event.size.width, event.size.height)

    def _fit_log(self, width: int, height: int) -> None:
        """The log takes the rows the panel does not use (taller terminals: more of it)."""
        wanted = self.panel.rows_wanted(width, height)
        rows = LOG_ROWS if wanted is None else max(LOG_ROWS, height - 2 - wanted)  # (status, key bar)
        log = self.query_one(GameLog)
        if log.styles.height is None or log.styles.height.value != rows:
            log.styles.height = rows

    def on_mount(self) -> None:
        self._fit_log(*self.app.size)
        self._tell_save_problem()  # a new table's first save may already have failed
        self.driver.start()
        self.advance()

    def on_unmount(self) -> None:
        self.driver.close()  # nothing more is played for a table that left the screen
        self.table.close()  # its save is free for another foxtui

    def save_table(self) -> None:
        """Write the table now, a running countdown to the second (the app is closing)."""
        self.driver.save()

    # The table is out of sight while another screen covers it (help, an interlude, a
    # handover): nothing is played meanwhile. Screens this one pushes pause it at once.
    def on_screen_suspend(self) -> None:
        self.driver.pause()

    def on_screen_resume(self) -> None:
        self.driver.resume()

    def _over(self, screen: Screen[Any], callback: Callable[[Any], None]) -> None:
        self.driver.pause()
        self.app.push_screen(screen, callback)

    # --- the flow: what the driver says

    def advance(self) -> None:
        """Show what is next: the results, a handover, or a seat's view."""
        turn = self.driver.turn()
        if turn.over:
            self._show_results()
        elif turn.handover_to is not None:
            # Hide the previous player's view before the screen changes hands; the
            # player who just moved is still at the keyboard and may take it back.
            self._show(None)
            self.app.clear_notifications()  # what was said to one player is not for the next
            name = self.table.seats[turn.handover_to].name
            handover = HandoverScreen(name, can_undo=turn.undo_seat is not None)
            self._over(handover, lambda handed: self._handed_over(turn, handed))
        else:
            self._show(turn.seat)

    def _handed_over(self, turn: Turn, handed: Handed | None) -> None:
        if handed == "home":
            self.action_home()  # nobody's view was drawn; the game is saved
            return
        if handed == "undo" and turn.undo_seat is not None:
            # The move is taken back, but the keyboard may have changed hands already:
            # a pass screen to its player comes before their view.
            self._tell_undo(self.driver.undo_at_handover(turn.undo_seat))
        elif turn.handover_to is not None:
            self.driver.handed_over(turn.handover_to)
        self.advance()

    # --- the driver's listener

    def table_changed(self, news: StepNews) -> None:
        self._tell_save_problem()
        # A table of bots only has nobody to read an interlude (or to dismiss it).
        after = self.table.view(None)
        interlude = self.panel.interlude(news.public_before, after) if self.driver.seats_here else None
        if interlude is None:
            self.advance()
            return
        # the table behind it as it is now (its status line says who is to play after
        # this step, not before); everyone reads it: nobody's secrets behind it
        self._show(None if len(self.driver.seats_here) > 1 else self.driver.on_screen)
        self._over(interlude, lambda _: self.advance())

    def clock_changed(self, seconds_left: int | None) -> None:
        self.panel.show_clock(seconds_left)

    def step_failed(self, news: StepNews, error: Exception) -> None:
        self.notify(str(error), severity="error")

    def bot_thinking(self, seat: int | None) -> None:
        """A bot began (a seat) or stopped (None) thinking: the status line says so."""
        try:
            if self.panel.has_view:
                self._show_status(self.driver.on_screen)
        except NoMatches:
            pass  # the screen is going (its table closed): nothing to tell

    def _tell_save_problem(self) -> None:
        """The table plays on when a save fails and says why in ``save_problem``: tell
        the players once per failure, and again when saving works again."""
        problem = self.table.save_problem
        if problem == self._save_problem:
            return
        if problem is not None:
            self.notify(problem, severity="error")
        else:
            self.notify("The game is saved again.")
        self._save_problem = problem

    def _show_results(self) -> None:
        finished = self.table.finished()
        if finished is None:  # over, but the record is not here yet: the table as it is
            self._show(self.driver.on_screen)
            return
        app = self.app
        app.pop_screen()  # the results replace the table
        app.open_results(self.table.game, finished.record, finished.state, chat=self._results_chat())

    def _results_chat(self) -> list[Any] | None:
        """The table's chat for the results' replay (a table at one keyboard has none)."""
        return None

    def _show(self, seat: int | None) -> None:
        """Draw the table as ``seat`` sees it, with its legal actions if it is to act."""
        table = self.table
        if seat != self._state_seat:
            self._change_hands(seat)
        self.driver.on_screen = seat
        self.refresh_bindings()  # undo and "next player" come and go with the turn
        acting = seat is not None and seat in table.to_act() and not table.is_bot(seat)
        legal = table.legal_actions(seat) if seat is not None and acting else []
        self.panel.show(table.view(seat), legal, seat)
        self._show_log(seat)
        self._show_status(seat)

    def _show_log(self, seat: int | None) -> None:
        """The newest log lines as ``seat`` is told them, and the table's notes among them."""
        table = self.table
        lines = table.log(seat, last=LOG_LINES)
        since = table.since_move(seat) if seat is not None else None
        first = table.step_count - len(lines)
        self.query_one(GameLog).show_lines(lines, first, seat, since, self._log_notes())

    def _log_notes(self) -> list[tuple[int, str]]:
        """Lines for the log that tell no step, with the steps the game had when each
        came (a shared table's "Bo's connection dropped"); a table at one keyboard has none."""
        return []

    def _show_status(self, seat: int | None) -> None:
        table = self.table
        parts = [
            table.game.title,
            f"Round {table.round()}",
            self._turn_text(),
            "Public view" if seat is None else f"{table.seats[seat].name}'s view",
            "NOT SAVED" if table.save_problem else "",  # stays in sight while saving fails
        ]
        if len(" · ".join(p for p in parts if p)) > self.app.size.width - 2:
            parts[0] = ""  # a long line of names to play: the game's title gives way first
        if len(" · ".join(p for p in parts if p)) > self.app.size.width - 2:
            parts[2] = f"{len(table.to_act())} players to play"
        self.query_one(StatusLine).show_parts(*parts)

    def _change_hands(self, seat: int | None) -> None:
        """The screen goes from one seat's view to another's: keep what was the last
        seat's own, and give the next one back its own (or a fresh screen)."""
        panel = self.panel
        if panel.has_view:
            self._screen_states[self._state_seat] = panel.screen_state()
        kept = self._screen_states.get(seat)
        panel.restore_screen_state(kept)
        if kept is None and seat is not None:
            panel.start_from(self.table.moves_of(seat))
        self._state_seat = seat
        self.app.clear_notifications()
        now = time.monotonic()
        told = [t for t in self._told.get(seat, []) if t.until > now]
        self._told[seat] = []
        for note in told:  # what was said to this seat, and is still worth saying
            self.notify(note.message, severity=note.severity, timeout=note.until - now)

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """Say something to the player at the keyboard; it is kept for that seat alone."""
        seconds = self.app.NOTIFICATION_TIMEOUT if timeout is None else timeout
        self._told.setdefault(self._state_seat, []).append(_Told(message, severity, time.monotonic() + seconds))
        super().notify(message, title=title, severity=severity, timeout=seconds, markup=markup)

    def _turn_text(self) -> str:
        thinking = self.driver.thinking
        if thinking is not None:
            return f"{self.table.seats[thinking].name} is thinking…"
        names = [self.table.seats[n].name for n in sorted(self.table.to_act())]
        if not names:
            return ""
        if len(names) == 1:
            return f"{names[0]} to play"
        return f"{', '.join(names[:-1])} and {names[-1]} to play"

    # --- the player's input

    @on(GamePanel.ActionChosen)
    def _action_chosen(self, message: GamePanel.ActionChosen) -> None:
        message.stop()
        try:
            self.choose(message.action)
        finally:
            release = getattr(self.app, "release_keys", None)
            if release is not None:
                release()  # the panel held the keys until this move was taken

    def choose(self, action: Any) -> None:
        """The player at the keyboard chose one of the moves on offer."""
        seat = self.driver.on_screen
        if seat is None or seat not in self.table.to_act() or self.table.is_bot(seat):
            self.notify("It is not your turn.", severity="error")
            return
        try:
            self.driver.act(seat, action)
        except IllegalAction as exc:
            self.notify(str(exc), severity="error")

    def action_next_player(self) -> None:
        seat = self.driver.next_player()
        if seat is not None:
            self._show(seat)

    def action_focus_game(self) -> None:
        self.panel.focus_game()

    def action_skip(self) -> None:
        if self.driver.hurry():
            self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next_player":
            return bool(self.driver.open_seats())
        if action == "skip":
            return self.driver.bots_to_move()
        if action == "undo":
            # only a player whose view is on screen has a move to take back (a refusal
            # is still explained when they press u)
            return self.driver.on_screen is not None
        return True

    def action_undo(self) -> None:
        seat = self.driver.on_screen
        if seat is not None and self._undo(seat):
            self.advance()

    def _undo(self, seat: int) -> bool:
        """Take back ``seat``'s last move, or say in one sentence why it stands."""
        return self._tell_undo(self.driver.undo(seat))

    def _tell_undo(self, refusal: str | None) -> bool:
        if refusal is not None:
            self.notify(refusal, severity="warning")
            return False
        self.notify("Undone.")
        self._tell_save_problem()
        return True

    def action_log(self) -> None:
        """The whole log, told from the side on screen, to read back and search."""
        from .game_log import GameLogScreen

        seat = self.driver.on_screen
        side = "the public side" if seat is None else f"{self.table.seats[seat].name}'s side"
        title = f"{self.table.game.title} — the game so far, from {side}"
        since = self.table.since_move(seat) or None if seat is not None else None
        self._over(GameLogScreen(title, self._whole_log(seat), 0, since, self._log_notes()), lambda _: None)

    def _whole_log(self, seat: int | None) -> list[str] | None:
        """Every line from ``seat``'s side (None: still to come, from a server)."""
        return self.table.log(seat, last=self.table.step_count)

    def action_help(self) -> None:
        from .help import HelpScreen

        game = self.table.game
        markdown = "\n\n".join(part for part in (self.panel.KEYS_HELP, game.rules_markdown) if part)
        tab = self.panel.FOCUS_WORDS  # where Tab gives the focus back to is the game's own
        words = {"play.focus_game": tab, "play.focus_game_back": tab}
        keys = help_keys(self, all_of=(self, self.panel), words=words)  # every key of the table, those of now marked
        self._over(HelpScreen(f"{game.title} — help", keys, markdown), lambda _: None)

    def action_home(self) -> None:
        self.driver.close()  # a running countdown is kept to the second
        problem = self.table.save_problem
        if problem is not None:
            self.notify(f"{problem} The latest moves are not saved.", severity="error")
        elif isinstance(self.table, LocalTable) and self.table.session.path is not None:
            self.notify("Saved. Continue from the home screen.")
        self.app.pop_screen()
