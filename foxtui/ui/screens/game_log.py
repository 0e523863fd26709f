"""The whole game log of one seat's side, to read back and search (`l` at a table)."""

from __future__ import annotations

from rich.text import Text
from textual import _widget_navigation, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from ..stylesheets import stylesheets
from ..widgets.keybar import KeyBar

#: the line that marks where a seat's last move was
SINCE = "since your last move"


class LogLines(OptionList):
    """One option per step, numbered; the cursor is the reader's place (nothing is chosen).
    It reads as a page does: the arrows stop at either end (no jump from the top to
    the bottom), and PageUp, PageDown turn a whole page, the place keeping its row."""

    BINDINGS = [
        Binding("enter", "nothing", "", show=False, id="game_log.enter"),
    ]

    def action_nothing(self) -> None:
        pass

    def action_cursor_up(self) -> None:
        self._step(-1)

    def action_cursor_down(self) -> None:
        self._step(1)

    def _step(self, direction: _widget_navigation.Direction) -> None:
        found = _widget_navigation.find_next_enabled_no_wrap(self.options, anchor=self.highlighted, direction=direction)
        if found is not None:
            self.highlighted = found

    def _move_page(self, direction: _widget_navigation.Direction) -> None:
        # Textual moves the place a page and scrolls only until it is in sight: from the
        # bottom the view moved one line, and the next PageUp jumped to the top
        if not self.option_count:
            return
        page = max(1, self.scrollable_content_region.height)
        row = self._index_to_line[self.highlighted or 0] - round(self.scroll_y)
        y = min(max(self._index_to_line[self.highlighted or 0] + direction * page, 0), len(self._lines) - 1)
        found = _widget_navigation.find_next_enabled_no_wrap(
            self.options, anchor=self._lines[y][0], direction=direction, with_anchor=True
        )
        if found is None:
            found = _widget_navigation.find_next_enabled_no_wrap(
                self.options, anchor=self._lines[y][0], direction=-direction, with_anchor=True
            )
        if found is None:
            return
        self.highlighted = found
        self.scroll_to(y=self._index_to_line[found] - row, animate=False, immediate=True)


class GameLogScreen(Screen[None]):
    """Every log line told from one side, oldest first, with where that seat last moved.
    An opaque screen: only the table of the same side lies behind it."""

    CSS_PATH = stylesheets("play.tcss")
    BINDINGS = [
        Binding("escape", "close", "Back", id="game_log.close"),
        Binding("l", "close", "Back", id="game_log.close_l", show=False),
        Binding("slash", "search", "Search", id="game_log.search"),
        Binding("n", "find(1)", "Next match", id="game_log.next"),
        Binding("N", "find(-1)", "Previous match", id="game_log.previous"),
    ]

    def __init__(
        self,
        title: str,
        lines: list[str] | None,
        first: int = 0,
        since: int | None = None,
        notes: list[tuple[int, str]] | None = None,
    ) -> None:
        """``lines[i]`` tells step ``first + i`` (0-based); ``since``: the first step after
        the seat's own last move (None: no marker). ``lines`` None: still on their way.
        ``notes``: (steps, text) of what the table said between steps (a shared table's
        "Bo is back."), each before the line of step ``steps``, unnumbered."""
        super().__init__()
        self.log_title = title
        self.lines = lines
        self.first = first
        self.since = since
        self.notes = list(notes or [])
        self.query_text = ""

    def compose(self) -> ComposeResult:
        yield Static(self.log_title, id="game-log-title")
        yield LogLines(id="game-log-lines", markup=False)
        yield Input(placeholder="search the log, then Enter (n, N: next, previous)", id="game-log-search")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#game-log-search").display = False
        self._fill()

    def show_lines(self, lines: list[str], first: int = 0, since: int | None = None) -> None:
        """The lines, once they have come (a shared table's, from the server)."""
        self.lines, self.first, self.since = lines, first, since
        if self.is_mounted:
            self._fill()

    def _fill(self) -> None:
        view = self.query_one(LogLines)
        view.clear_options()
        if self.lines is None:
            view.add_option(Option(Text("The log is on its way…", style="italic"), disabled=True))
            return
        options: list[Option | None] = []
        mark = None
        notes = [(steps, note) for steps, note in self.notes if steps >= self.first]
        told = 0

        def since_mark(step: int) -> None:
            nonlocal mark
            if step == self.since and mark is None:  # before the first line or note of the news
                mark = len(options)
                options.append(Option(Text(f"── {SINCE} ──", style="bold"), disabled=True, id="since"))

        def notes_until(step: int | None) -> None:
            nonlocal told
            while told < len(notes) and (step is None or notes[told][0] <= step):
                since_mark(notes[told][0])
                options.append(Option(Text(f"      {notes[told][1]}", style="italic"), id=f"note-{told}"))
                told += 1

        for n, line in enumerate(self.lines):
            step = self.first + n
            notes_until(step)
            since_mark(step)
            options.append(Option(Text(f"{step + 1:>4}. {line}"), id=f"step-{step}"))
        notes_until(None)
        if not options:
            options.append(Option(Text("Nothing has happened yet.", style="italic"), disabled=True))
        view.add_options(options)
        view.focus()
        # start where there is news: the first line since this seat's move, else the newest
        target = mark + 1 if mark is not None and mark + 1 < len(options) else len(options) - 1
        view.highlighted = target
        view.scroll_to_highlight(top=mark is not None)

    # --- searching

    def action_search(self) -> None:
        box = self.query_one("#game-log-search", Input)
        box.display = True
        box.focus()

    @on(Input.Submitted, "#game-log-search")
    def _searched(self, event: Input.Submitted) -> None:
        event.stop()
        self.query_text = event.value.strip()
        event.input.display = False
        self.query_one(LogLines).focus()
        self.action_find(1)

    def action_find(self, direction: int) -> None:
        if not self.query_text or not self.lines:
            if not self.query_text:
                self.notify("Press / to search the log first.")
            return
        view = self.query_one(LogLines)
        count = view.option_count
        start = view.highlighted if view.highlighted is not None else -1
        needle = self.query_text.casefold()
        for k in range(1, count + 1):
            index = (start + direction * k) % count
            option = view.get_option_at_index(index)
            if not option.disabled and needle in str(option.prompt).casefold():
                view.highlighted = index
                view.scroll_to_highlight()
                return
        self.notify(f"“{self.query_text}” is not in the log.", severity="warning")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "find":
            return bool(self.query_text)
        return True

    def action_close(self) -> None:
        box = self.query_one("#game-log-search", Input)
        if box.display:  # escape leaves the search box first
            box.display = False
            self.query_one(LogLines).focus()
            return
        self.dismiss(None)
