"""FoxApp: the Textual application. It owns navigation between screens, nothing else."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.app import App
from textual.binding import Binding

from .stylesheets import stylesheets

if TYPE_CHECKING:  # imported when first needed: the first frame shows only the home screen
    from foxtui.engine.session import Session


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
    ]

    def __init__(
        self,
        *,
        session: Session | None = None,
        replay_path: Path | None = None,
        bot_delay: float = 0.5,
    ) -> None:
        super().__init__()
        self._start_session = session
        self._start_replay = replay_path
        self.bot_delay = bot_delay
        self._started = False

    def on_mount(self) -> None:
        # Textual runs the on_mount of every class in the MRO: a subclass whose own
        # on_mount also calls this one must not open the home screen twice.
        if self._started:
            return
        self._started = True
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

    # --- no shell-outs: a suspended pass-and-play table would hand the shell to a player

    def action_suspend_process(self) -> None:
        self.notify("foxtui does not suspend; your game is saved after every move.")


def _game(game_id: str) -> Any:
    from foxtui.games import GAMES

    return GAMES[game_id]  # decode_record has already refused unknown games
