"""The end of a game: ranking, winners, and the score of every seat by category."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Static

from foxtui.engine.game import Outcome
from foxtui.engine.record import GameRecord, RecordError

from ..stylesheets import stylesheets
from ..widgets.keybar import KeyBar


def ordinal(n: int) -> str:
    """1 -> "1st", 2 -> "2nd", 11 -> "11th"."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def join_names(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def pop_to_home(app: App) -> None:
    """Leave every screen above the home screen."""
    from .home import HomeScreen

    while len(app.screen_stack) > 1 and not isinstance(app.screen, HomeScreen):
        app.pop_screen()


def verdict(outcome: Outcome, names: list[str]) -> str:
    """The sentence that says who won."""
    if outcome.coop_won is not None:
        return "The team won together!" if outcome.coop_won else "The team lost together."
    winners = [names[seat] for seat in outcome.winners]
    if not winners:
        return "Nobody won."
    return f"{join_names(winners)} {'wins' if len(winners) == 1 else 'win'}!"


class ResultsScreen(Screen[None]):
    CSS_PATH = stylesheets("play.tcss")
    BINDINGS = [
        Binding("r", "replay", "Replay", id="results.replay"),
        Binding("h", "home", "Home", id="results.home"),
        Binding("escape", "home", "Home", id="results.home_escape", show=False),
    ]

    def __init__(self, game: Any, record: GameRecord, final_state: Any, chat: list[Any] | None = None) -> None:
        """``chat``: a shared table's chat lines (never in the record), for its replay."""
        super().__init__()
        self.game = game
        self.record = record
        self.chat = chat or []
        # Only the typed outcome is kept: the final state itself is never drawn.
        self.outcome: Outcome | None = game.outcome(final_state)

    def compose(self) -> ComposeResult:
        names = [seat.name for seat in self.record.seats]
        yield Static(Text(f"{self.game.title} — results"), id="results-title")
        outcome = self.outcome
        if outcome is None:
            yield Static("This game is not finished yet.", id="results-verdict")
            yield KeyBar()
            return
        lost = outcome.coop_won is False  # a team's defeat is not a cheerful green
        yield Static(Text(verdict(outcome, names)), id="results-verdict", classes="-lost" if lost else "")
        if outcome.ending:
            yield Static(Text(outcome.ending), id="results-ending")
        if outcome.tiebreak:
            yield Static(Text(outcome.tiebreak), id="results-tiebreak")
        if outcome.coop_won is None:  # a team shares one score: nobody to rank
            width = max(len(name) for name in names)
            ranking = "\n".join(
                f"{ordinal(place):>4}  {names[seat]:<{width}}  {outcome.scores[seat]:>3}"
                for place, seat in enumerate(outcome.ranking, start=1)
            )
            yield Static(Text(ranking), id="results-ranking")
        yield DataTable(id="results-breakdown", cursor_type="none", zebra_stripes=True)
        yield KeyBar()

    def on_mount(self) -> None:
        if self.outcome is None:
            return
        table = self.query_one(DataTable)
        names = [seat.name for seat in self.record.seats]
        table.add_column("", key="category")
        breakdown, scores = self.outcome.breakdown, self.outcome.scores
        if self.outcome.coop_won is not None:
            # one shared result: one column for the whole team
            names, breakdown, scores = [join_names(names)], breakdown[:1], scores[:1]
        for seat, name in enumerate(names):
            table.add_column(Text(name, justify="right"), key=str(seat))
        categories: list[str] = []  # in the order the game lists them
        for per_seat in breakdown:
            categories.extend(c for c in per_seat if c not in categories)
        for category in categories:
            table.add_row(
                Text(category, end=""), *(_number(per_seat.get(category, 0)) for per_seat in breakdown)
            )
        table.add_row(Text("Total", style="bold", end=""), *(_number(s, bold=True) for s in scores))
        table.focus()  # arrow keys scroll a long breakdown

    def action_replay(self) -> None:
        from .replay import ReplayScreen

        try:
            screen = ReplayScreen(self.game, self.record, "this game", chat=self.chat)
        except RecordError as exc:
            self.notify(str(exc), severity="error")
            return
        self.app.push_screen(screen)

    def action_home(self) -> None:
        pop_to_home(self.app)


def _number(value: int, bold: bool = False) -> Text:
    return Text(str(value), style="bold" if bold else "", justify="right", end="")
