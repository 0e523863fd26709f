"""The home screen: continue, new game, saved games, rules, quit."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from foxtui.engine.saves import SaveEntry, list_saves

from ..widgets.keybar import KeyBar
from ..words import game_title, players_text

ART = r"""
 /\      /\
 | \____/ |
 \  o  o  /     f o x t u i
  \  ..  /      tabletop fox games, every rule enforced
   \_\/_/
"""

ABOUT = """\
## How foxtui works

- **Pass and play.** Everyone shares this keyboard. Before a player's private cards or
  pawns appear, a handover screen asks for that player to take the keyboard; until
  then, the player who just moved may take that move back with `u` if the rules allow.
- **Bots** take any seat you give them and move on their own.
- **Saved after every move.** Quit at any time; *Continue* picks the game up again.
- **Saved games** lists every table, finished or not: resume, replay or delete them.
- Every screen lists its keys in the footer, and `?` explains them.
"""


#: said when no registered game has a screen (only while the first one is being written)
NO_GAMES = "No game can be played on screen yet."


def _games():
    from ..games import playable_games

    return playable_games()


def _latest_playable_unfinished() -> SaveEntry | None:
    """The newest unfinished save of a game that has a screen (Continue offers no other)."""
    from ..games import unplayable_reason

    for entry in list_saves():
        summary = entry.summary
        if summary is not None and not summary.finished and unplayable_reason(summary.game) is None:
            return entry
    return None


def _player_range(game) -> str:
    if game.min_players == game.max_players:
        return f"{game.min_players} players"
    return f"{game.min_players}–{game.max_players} players"


class HomeScreen(Screen):
    BINDINGS = [
        Binding("n", "new_game", "New game", id="home.new_game"),
        Binding("c", "continue_game", "Continue", id="home.continue"),
        Binding("s", "saved_games", "Saved games", id="home.saved_games"),
        Binding("r", "rules", "Rules", id="home.rules"),
        Binding("question_mark", "help", "Help", id="home.help"),
        Binding("q", "quit", "Quit", id="home.quit"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self._continue: SaveEntry | None = None

    def compose(self) -> ComposeResult:
        with Vertical(id="home-body"):
            yield Static(Text(ART.strip("\n")), id="home-art")  # Text: backslashes stay literal
            yield OptionList(id="home-menu")
        yield KeyBar()

    def on_screen_resume(self) -> None:
        # also runs when the screen is first shown: a game that just ended or was
        # quit changes what there is to continue
        self.refresh_menu()

    def refresh_menu(self) -> None:
        self._continue = _latest_playable_unfinished()
        menu = self.query_one("#home-menu", OptionList)
        highlighted = menu.highlighted_option.id if menu.highlighted_option else None
        options = []
        if self._continue is not None:
            summary = self._continue.summary
            options.append(
                Option(
                    f"Continue: {game_title(summary.game)} — {players_text(summary.seats)}, round {summary.round}",
                    id="continue",
                )
            )
        from ..games import playable_infos

        for game in playable_infos():
            options.append(Option(f"New game: {game.title} — {_player_range(game)}", id=f"new:{game.id}"))
        options.append(Option("Saved games", id="saved"))
        options.append(Option("Rules", id="rules"))
        options.append(Option("Quit", id="quit"))
        menu.set_options(options)
        ids = [option.id for option in options]
        menu.highlighted = ids.index(highlighted) if highlighted in ids else 0
        menu.focus()
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "continue_game":
            return self._continue is not None  # hidden from the key bar when there is nothing
        return True

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        choice = event.option.id or ""
        if choice.startswith("new:"):
            self._new_game(choice.removeprefix("new:"))
        else:
            {
                "continue": self.action_continue_game,
                "saved": self.action_saved_games,
                "rules": self.action_rules,
                "quit": self.action_quit,
            }[choice]()

    # --- actions

    def _new_game(self, game_id: str | None) -> None:
        from .new_game import NewGameScreen

        self.app.push_screen(NewGameScreen(game_id))

    def action_new_game(self) -> None:
        games = list(_games())
        if not games:
            self.notify(NO_GAMES, severity="warning")
            return
        self._new_game(games[0] if len(games) == 1 else None)

    def action_continue_game(self) -> None:
        if self._continue is not None:
            self.app.resume_save(self._continue.path)

    def action_saved_games(self) -> None:
        from .saved_games import SavedGamesScreen

        self.app.push_screen(SavedGamesScreen())

    def action_rules(self) -> None:
        games = _games()
        if not games:
            self.notify(NO_GAMES, severity="warning")
        elif len(games) == 1:
            self._show_rules(next(iter(games)))
        else:
            self.app.push_screen(GamePickerScreen("Rules of which game?"), self._show_rules)

    def _show_rules(self, game_id: str | None) -> None:
        from .help import HelpScreen

        if game_id is not None:
            game = _games()[game_id]
            self.app.push_screen(HelpScreen(f"{game.title} — rules", [], game.rules_markdown))

    def action_help(self) -> None:
        from ..widgets.keys import help_keys
        from .help import HelpScreen

        keys = [("↑ ↓", "Move through the menu"), ("enter", "Choose")]
        # what works now: no Continue with nothing to continue; ^c (the app's) once
        keys += help_keys(self, words={"app.quit": "Quit from any screen"})
        self.app.push_screen(HelpScreen("foxtui — keys", keys, ABOUT))

    def action_quit(self) -> None:
        self.app.exit()


class GamePickerScreen(ModalScreen[str | None]):
    """Choose one of the playable games (only offered when there are several)."""

    BINDINGS = [Binding("escape", "cancel", "Back", id="pick.cancel")]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(id="pick-box"):
            yield Static(self.question, id="pick-question")
            yield OptionList(*(Option(g.title, id=g.id) for g in _games().values()), id="pick-games")
        yield KeyBar()  # its own keys, not those of the home screen underneath

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        self.dismiss(None)
