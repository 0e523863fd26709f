"""The end of a Master Fox round: every sack shown, the snakes' steals, each score
line by line and the eggs it earned. Public information only: it is drawn from a
RoundSummary in the public view, so anyone at the table may read it."""

from __future__ import annotations

from typing import Any, Sequence

from rich.padding import Padding
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


def _indented(text: Text) -> Padding:
    """A player's detail row: indented under the name, wrapped lines too."""
    return Padding(text, (0, 0, 0, 2))


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
        self.call_after_refresh(self._say_if_it_scrolls)

    def on_resize(self) -> None:
        self.call_after_refresh(self._say_if_it_scrolls)

    def _say_if_it_scrolls(self) -> None:
        """The title says when there is more below: a scrollbar alone is easy to miss."""
        if not self.is_attached or not self.query("#mf-summary-body"):
            return  # closed before its first frame (an Enter that came with it, over SSH)
        title = self._title()
        if self.query_one("#mf-summary-body").max_scroll_y > 0:
            title.append("  ↑↓ scroll for more", style="not bold italic")
        self.query_one("#mf-summary-title", Static).update(title)

    def action_close(self) -> None:
        self.dismiss(None)

    # --- drawing (names are players' words: always Text, never markup)

    def _title(self) -> Text:
        s = self.summary
        if s.stopped_by < 0:  # every sack was stuck short of three loot pawns
            return Text(f"Round {s.round} is over: nobody could call STOP any more.", style="bold")
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
        """One block of rows per player: a bold row with the round's points, the eggs they
        earned and the new total; the sack under it; then each score line with its points
        in the same column. Only the first column wraps, so nothing collides at 80 columns."""
        table = Table(box=None, pad_edge=False, header_style="bold", expand=True, padding=(0, 2, 0, 0))
        table.add_column("Player", ratio=1, overflow="fold")
        table.add_column("Points", justify="right", no_wrap=True)
        table.add_column("Eggs", justify="right", no_wrap=True)
        table.add_column("Total", justify="right", no_wrap=True)
        for seat, result in enumerate(self.summary.seats):
            total = Text(f"{self.eggs[seat]} ", style="bold")
            total.append(f"({_tokens(self.tokens[seat])})")
            table.add_row(
                Text(self.names[seat], style="bold"),
                Text(_signed(result.raw), style="bold"),
                Text(f"+{result.eggs}", style="bold"),
                total,
            )
            table.add_row(_indented(self._sack_line(result)))
            for line in result.lines:
                table.add_row(_indented(Text(line.category)), Text(_signed(line.points)))
            if not result.lines:
                table.add_row(_indented(Text("nothing counted", style="italic")))
            if result.raw < 0:
                table.add_row(_indented(Text("below 0 counts as 0: no eggs lost", style="italic")))
        return table

    def _sack_line(self, result: Any) -> Text:
        """The sack as it was scored (after the snakes struck), and what they changed in
        it since STOP: what a snake brought, what a snake took."""
        out = Text("Sack: ")
        out.append_text(self._sack(result.scored))
        gained = _difference(result.scored, result.revealed)
        taken = _difference(result.revealed, result.scored)
        if gained:
            out.append(" · snake brought: ", style="italic")
            out.append_text(self._sack(gained))
        if taken:
            out.append(" · snake took: ", style="italic")
            out.append_text(self._sack(taken))
        return out

    def _totals(self) -> Text:
        reached = [self.names[s] for s, e in enumerate(self.eggs) if e >= self.target_eggs]
        if reached:
            return Text(f"{', '.join(reached)} reached {self.target_eggs} eggs: the game is over.", style="bold")
        return Text(f"First to {self.target_eggs} eggs ends the game.")
