"""The game log: the newest steps, each narrated from one seat's side."""

from __future__ import annotations

from collections import deque
from typing import Hashable, Sequence

from rich.text import Text
from textual import events
from textual.geometry import Region, Size
from textual.widgets import RichLog

from ..textual_internals import forget_drawn_lines, widest_line
from .scrolling import GrowsInPlace, KeepsScrollBar

#: the mark before the first line since the teller's own last move
SINCE_MOVE = "since your last move"


class GameLog(GrowsInPlace, KeepsScrollBar, RichLog, can_focus=False):  # a line more or less: no layout
    """Shows the log lines it was last given, newest at the bottom, wrapped.

    It keeps no game state: every refresh hands it the newest lines again, with the
    number of the step the first one tells, and who they are told to (``teller``).
    After one more step only the new line is written; a new teller or an undo
    writes everything again, so no line told to one seat stays for another.

    It never takes the focus: the game's keys would stop working while it had it, and
    the whole log is one key away (w, the play screen's) to read back and search.

    Over SSH every repaint is bytes on the player's link: new lines scroll into
    view in the frame that draws them (not one frame later, drawn twice), and the
    border above the lines is not drawn again for them.

    Notes are lines that tell no step (a shared table's "Bo's connection dropped"):
    each comes with the number of steps the game had when it happened and stands
    between those steps' lines, in italics; the lines keep their step numbers.
    """

    def __init__(self, *, max_lines: int | None = None, id: str | None = None) -> None:
        super().__init__(id=id, max_lines=max_lines, wrap=True, markup=False, highlight=False, min_width=1)
        self._lines: list[str] = []
        self._first = 0
        self._teller: Hashable = None
        self._notes: list[tuple[int, str]] = []  # (steps the game had then, the note)
        self._since: int | None = None  # the first step after the teller's own last move
        self._mark_row: int | None = None  # the wrapped row of the mark, once written
        self._marked = False  # the mark of ``_since`` is written
        self._writing = False  # lines are being added: only the lines need drawing

    def on_mount(self) -> None:
        # Stay at the newest line as lines come (the layout keeps an anchored widget at
        # its end); scrolling back releases the anchor until the player is at the end again.
        self.anchor()

    def show_lines(
        self,
        lines: list[str],
        first: int,
        teller: Hashable,
        since: int | None = None,
        notes: Sequence[tuple[int, str]] = (),
    ) -> None:
        """``lines[i]`` tells step ``first + i`` (0-based), as ``teller`` may know it;
        ``since``: the first step after the teller's own last move, marked in the log
        (what happened since that seat last acted). ``notes``: (steps, text) in the
        order they happened, each shown before the line of step ``steps`` (after the
        last line while that step has not come); those before ``first`` are not shown."""
        old, shift = self._lines, first - self._first
        written = self._first + len(old)  # the step the next line written tells
        new_notes = self._notes_from(notes, first)
        old_notes = self._notes_from(self._notes, first)
        if (
            teller == self._teller
            and 0 <= shift <= len(old)
            and first + len(lines) >= written  # not fewer steps: no undo
            and old[shift:] == lines[: len(old) - shift]
            and new_notes[: len(old_notes)] == old_notes  # notes only come after the others
            and all(step >= written for step, _ in new_notes[len(old_notes) :])
            and (since == self._since or self._moved_on(since, written))
        ):
            self._add(lines[len(old) - shift :], written, new_notes[len(old_notes) :])
            self._lines, self._first, self._notes = list(lines), first, list(notes)
        else:
            self._lines, self._first, self._teller, self._since = list(lines), first, teller, since
            self._notes = list(notes)
            self._write_all()
        self._tell_news()

    @staticmethod
    def _notes_from(notes: Sequence[tuple[int, str]], first: int) -> list[tuple[int, str]]:
        return [note for note in notes if note[0] >= first]

    def _moved_on(self, since: int | None, written: int) -> bool:
        """The teller moved again: its news now starts at ``since``, among the lines still
        to write. The old mark is taken out of the lines written, instead of writing
        them all again (most of a step's time in a long log). False: write them all."""
        if since is None or since < written or (self._since is not None and since <= self._since):
            return False
        mark = f"── {SINCE_MOVE} ──"
        for row in range(len(self.lines) - 1, -1, -1):
            if self.lines[row].text.rstrip() == mark:
                del self.lines[row]
                forget_drawn_lines(self)  # (kept by row)
                self.virtual_size = Size(widest_line(self), len(self.lines))
                break
        self._since, self._mark_row, self._marked = since, None, False
        return True

    def news(self) -> int:
        """How many lines are news to the teller (since its last move); 0 when none."""
        if self._since is None:
            return 0
        return max(0, self._first + len(self._lines) - self._since)

    def _tell_news(self) -> None:
        """When the news does not all fit in sight, the border says so and how to read it."""
        news = self.news()
        top = max(0, len(self.lines) - self.scrollable_content_region.height)  # the first row in sight
        if self._since is None or not news:
            hidden = False
        elif self._since < self._first or not self._size_known:
            hidden = True  # it began before the lines kept here (or is not laid out yet)
        else:
            hidden = (self._mark_row if self._mark_row is not None else 0) < top
        steps = "1 step" if news == 1 else f"{news} steps"
        title = f"{steps} since your last move: w reads them all" if hidden and news else ""
        if str(self.border_title or "") != title:
            self.border_title = title

    def _write_all(self) -> None:
        self.clear()
        self._mark_row, self._marked = None, False
        self._add(self._lines, self._first, self._notes_from(self._notes, self._first))

    def _add(self, lines: list[str], first: int, notes: Sequence[tuple[int, str]] = ()) -> None:
        """Write ``lines``, telling steps from ``first`` on, and ``notes`` among them (the
        rest after them); the mark goes before the first line, or note, since the teller's
        own last move."""
        if not lines and not notes:
            return
        texts: list[Text] = []

        def mark(step: int) -> None:
            if step == self._since and self._since > 0 and not self._marked:  # (never moved: it is all news)
                texts.append(Text(f"── {SINCE_MOVE} ──", style="bold"))
                self._marked = True

        waiting = deque(notes)
        for n, line in enumerate(lines):
            while waiting and waiting[0][0] <= first + n:
                step, note = waiting.popleft()
                mark(step)
                texts.append(Text(note, style="italic"))
            mark(first + n)
            texts.append(Text(line))
        for step, note in waiting:
            mark(step)
            texts.append(Text(note, style="italic"))
        if not self._size_known:  # RichLog keeps the lines until it knows its width
            for text in texts:
                self.write(text)
            return
        self._writing = True
        try:
            for text in texts:
                if text.plain == f"── {SINCE_MOVE} ──":
                    self._mark_row = len(self.lines)  # where the news starts, wrapped
                self.write(text, scroll_end=False)
            # RichLog's own scroll waits for the next frame: everything would be drawn twice
            self.scroll_end(animate=False, immediate=True, x_axis=False)
        finally:
            self._writing = False

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False) -> GameLog:
        if self._writing and not regions:
            regions = (self.content_size.region,)  # the lines, not the border above them
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def on_resize(self, event: events.Resize) -> None:
        self._write_all()  # wrap again at the new width
        self._tell_news()
