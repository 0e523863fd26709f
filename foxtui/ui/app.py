"""FoxApp: the Textual application. It owns navigation between screens, nothing else."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.console import COLOR_SYSTEMS as RICH_COLOR_SYSTEMS
from textual import events
from textual.app import App
from textual.binding import Binding

from .stylesheets import stylesheets

if TYPE_CHECKING:  # imported when first needed: the first frame shows only the home screen
    from foxtui.engine.session import Session

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
    BINDINGS = [
        Binding("ctrl+c", "quit", "Quit", id="app.quit", show=False, priority=True),
        Binding("ctrl+z", "suspend_process", "Suspend", id="app.suspend", show=False),
    ]

    def __init__(
        self,
        *,
        session: Session | None = None,
        replay_path: Path | None = None,
        bot_delay: float | None = None,
        color: str = "auto",
        low_bandwidth: bool = False,
    ) -> None:
        super().__init__()
        self._start_session = session
        self._start_replay = replay_path
        self.bot_delay = bot_delay
        self._started = False
        if color != "auto":
            # Textual writes every frame in its console's colour system, which Rich chose
            # from TERM and COLORTERM; there is no public setter
            self.console._color_system = RICH_COLOR_SYSTEMS[COLOR_SYSTEMS[color]]
        #: for slow links (SSH): nothing moves unless something changed; panels read it
        #: to redraw their clocks once a second at most
        self.low_bandwidth = low_bandwidth
        if low_bandwidth:
            self.animation_level = "none"

    def on_mount(self) -> None:
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
        if self._start_session is not None:
            self.open_session(self._start_session)
        elif self._start_replay is not None:
            self.open_replay(self._start_replay)

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
        from foxtui.engine.record import RecordError, decode_record

        from .screens.replay import ReplayScreen

        path = Path(path)
        try:
            record = decode_record(path.read_bytes(), path.name)
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

    def open_results(self, game: Any, record: Any, state: Any) -> None:
        from .screens.results import ResultsScreen

        self.push_screen(ResultsScreen(game, record, state))

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
