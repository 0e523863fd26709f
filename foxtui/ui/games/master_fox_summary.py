"""The end of a Master Fox round: every sack shown, the snakes' steals, each score
line by line and the eggs it earned. Public information only: it is drawn from a
RoundSummary in the public view, so anyone at the table may read it."""

from __future__ import annotations

from typing import Any, Sequence

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from foxtui.games.master_fox import content

from ..stylesheets import stylesheets
from ..widgets.keybar import KeyBar


def kind_label(kind: str) -> str:
    return content.label(kind)


def guess(could_be: Sequence[str]) -> str:
    """What a felt pawn may be, in a few words: "Cow", "Cow or Horse?", "a ruse pawn?"."""
    if not could_be:
        return "nothing"
    if len(could_be) == 1:
        return kind_label(could_be[0])
    if len(could_be) > 2 and all(content.is_ruse(k) for k in could_be):
        return "a ruse pawn?"
    return " or ".join(kind_label(k) for k in could_be) + "?"


def _signed(points: int) -> str:
    return f"+{points}" if points > 0 else ("0" if points == 0 else f"−{-points}")


def _difference(these: list[str], those: list[str]) -> list[str]:
    """``these`` without ``those``, counting repeats (what a snake took or brought)."""
    left = list(these)
    for kind in those:
        if kind in left:
            left.remove(kind)
    return left


def _tokens(tokens: Sequence[int]) -> str:
    threes, ones = tokens
    return f"{threes}×3+{ones}×1"


class RoundSummaryScreen(ModalScreen[None]):
    """Shown to everyone when a round has been scored; Enter or Esc goes back."""

    CSS_PATH = stylesheets("master_fox.tcss")

    BINDINGS = [
        Binding("enter", "close", "Continue", id="master_fox.summary.close"),
        Binding("escape", "close", "Continue", id="master_fox.summary.close_escape", show=False),
    ]

    def __init__(
        self, summary: Any, names: list[str], eggs: list[int], tokens: list[Any], target_eggs: int
    ) -> None:
        super().__init__()
        self.summary = summary
        self.names = list(names)
        self.eggs = list(eggs)
        self.tokens = list(tokens)  # per seat: (3-egg tokens, 1-egg tokens)
        self.target_eggs = target_eggs

    def compose(self) -> ComposeResult:
        with Vertical(id="mf-summary-box"):
            yield Static(self._title(), id="mf-summary-title")
            with VerticalScroll(id="mf-summary-body"):
                yield Static(self._missions_and_steals(), id="mf-summary-steals")
                yield Static(self._table(), id="mf-summary-table")
                yield Static(self._totals(), id="mf-summary-totals")
        yield KeyBar()

    def on_mount(self) -> None:
        # the body takes the arrow keys, so a long summary scrolls
        self.query_one("#mf-summary-body").focus()

    def action_close(self) -> None:
        self.dismiss(None)

    # --- drawing (names are players' words: always Text, never markup)

    def _title(self) -> Text:
        s = self.summary
        return Text(f"Round {s.round} is over: {self.names[s.stopped_by]} called STOP!", style="bold")

    def _missions_and_steals(self) -> Text:
        s = self.summary
        out = Text("Missions: ", style="bold")
        out.append(" · ".join(kind_label(a) for a in s.missions), style="bold green")
        for steal in s.steals:
            thief = self.names[steal.thief]
            if steal.victim is None:
                out.append(f"\n{thief}'s snake stole nothing.", style="italic")
            else:
                victim = self.names[steal.victim]
                out.append(f"\n{thief}'s snake stole a {kind_label(steal.animal)} from {victim}.", style="italic")
        if not s.steals:
            out.append("\nNo snake struck this round.", style="italic")
        return out

    def _sack(self, kinds: list[str]) -> Text:
        out = Text()
        for n, kind in enumerate(kinds):
            if n:
                out.append(", ")
            style = "bold green" if kind in self.summary.missions else ("magenta" if content.is_ruse(kind) else "")
            out.append(kind_label(kind), style=style)
        return out or Text("empty", style="italic")

    def _table(self) -> Table:
        table = Table(box=None, pad_edge=False, header_style="bold", expand=True)
        table.add_column("Player", no_wrap=True, max_width=10)
        table.add_column("Sack", ratio=1)
        table.add_column("Score", ratio=1)
        table.add_column("Points", justify="right", no_wrap=True)
        table.add_column("Eggs", justify="right", no_wrap=True)
        table.add_column("Total", no_wrap=True)
        for seat, result in enumerate(self.summary.seats):
            sack = self._sack(result.revealed)
            taken, gained = _difference(result.revealed, result.scored), _difference(result.scored, result.revealed)
            if gained:
                sack.append("\n+ ")
                sack.append_text(self._sack(gained))
                sack.append(" (snake)", style="italic")
            if taken:
                sack.append("\n− ")
                sack.append_text(self._sack(taken))
                sack.append(" (stolen)", style="italic")
            lines = Text()
            for n, line in enumerate(result.lines):
                if n:
                    lines.append("\n")
                lines.append(f"{_signed(line.points)} {line.category}")
            if not result.lines:
                lines.append("nothing counted", style="italic")
            if result.raw < 0:
                lines.append("\nbelow 0: no eggs", style="italic")
            total = Text(f"{self.eggs[seat]} ", style="bold")
            total.append(f"({_tokens(self.tokens[seat])})")
            eggs = Text(f"+{result.eggs}", style="bold")
            table.add_row(Text(self.names[seat]), sack, lines, Text(_signed(result.raw)), eggs, total)
        return table

    def _totals(self) -> Text:
        reached = [self.names[s] for s, e in enumerate(self.eggs) if e >= self.target_eggs]
        if reached:
            return Text(f"{', '.join(reached)} reached {self.target_eggs} eggs: the game is over.", style="bold")
        return Text(f"First to {self.target_eggs} eggs ends the game.")
