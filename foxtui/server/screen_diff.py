"""Only the cells that change: what a shared table's client writes to its terminal.

Textual repaints whole regions: a widget that is laid out again, a scrollbar that
moves, a screen that comes back from under a dialog are written out in full, even
where they look exactly as before. Over SSH every byte of that crosses the
player's link. ``ScreenDiff`` keeps a copy of what the terminal shows (one
character and style per cell, as curses does) and turns each of Textual's
updates into the cells that differ from it. A terminal of another size, or
anything it cannot follow, makes it write the update as Textual made it, and
forget what it knew.
"""

from __future__ import annotations

from typing import Any, Iterable

from rich.cells import get_character_cell_size
from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from textual.geometry import Size
from textual.strip import Strip

from foxtui.ui.textual_internals import ChopsUpdate, CompositorUpdate, LayoutUpdate, has_meta

Cell = tuple[str, "Style | None"]  # the second half of a wide character is ("", style)

#: unchanged cells between two changed ones that are written again rather than jumped
#: over: a cursor move costs about as much
GAP = 4


class Unfollowable(Exception):
    """An update with something other than styled text (control codes)."""


class ScreenDiff:
    def __init__(self) -> None:
        self.size: Size | None = None
        self.rows: list[list[Cell | None]] = []

    def forget(self) -> None:
        """The terminal may show anything: the next update is written in full."""
        self.size = None
        self.rows = []

    def render(self, update: CompositorUpdate, size: Size, console: Console) -> str:
        """The terminal sequence that brings the screen to what ``update`` draws."""
        if size != self.size:
            self.size = size
            self.rows = [[None] * size.width for _ in range(size.height)]
        try:
            writes = list(_writes(update))
            out: list[str] = []
            for y, x, segments in writes:
                out.append(self._row(y, x, _cells(segments), console))
            return "".join(out)
        except Exception:  # never a wrong screen: write it as Textual made it
            self.forget()
            return update.render_segments(console)

    def _row(self, y: int, x: int, cells: list[Cell], console: Console) -> str:
        """What brings row ``y`` from ``x`` on to ``cells``; the copy is updated."""
        if not 0 <= y < len(self.rows) or x < 0 or x + len(cells) > len(self.rows[y]):
            raise IndexError("an update outside the screen")
        row = self.rows[y]
        out = []
        n, end = 0, len(cells)
        while n < end:
            if row[x + n] == cells[n]:
                n += 1
                continue
            start = n
            last = n  # the last changed cell of this run
            while n < end and n - last <= GAP:
                if row[x + n] != cells[n]:
                    last = n
                n += 1
            stop = last + 1
            while start > 0 and cells[start][0] == "":
                start -= 1  # never begin in the second half of a wide character
            while stop < end and cells[stop][0] == "":
                stop += 1
            if x + start > 0 and row[x + start] is not None and row[x + start][0] == "":
                row[x + start - 1] = None  # half a wide character overwritten: the terminal's guess
            if x + stop < len(row) and row[x + stop] is not None and row[x + stop][0] == "":
                row[x + stop] = None
            row[x + start : x + stop] = cells[start:stop]
            out.append(f"\x1b[{y + 1};{x + start + 1}H")
            out.append(Strip(_segments(cells[start:stop])).render(console))
            n = stop
        return "".join(out)


def _writes(update: CompositorUpdate) -> Iterable[tuple[int, int, list[Segment]]]:
    """(row, first column, segments) as Textual's own render_segments writes them."""
    if isinstance(update, LayoutUpdate):
        x = update.region.x
        for y, line in enumerate(update.strips, update.region.y):
            yield y, x, [segment for strip in line for segment in strip]
    elif isinstance(update, ChopsUpdate):
        for y, x1, x2 in update.spans:
            for end, (x, strip) in zip(update.chop_ends[y], update.chops[y].items()):
                if strip is None or x > x2 or end <= x1:
                    continue
                if not (x2 > x >= x1 and end <= x2):
                    strip = strip.crop(0, min(end, x2) - x)
                yield y, x, list(strip)
    else:
        raise Unfollowable(type(update).__name__)


def _drawn(style: Style | None) -> Style | None:
    """The style as the terminal draws it. Textual's meta changes nothing on screen, yet
    differs from line to line (where a character stands in its text, for selecting;
    which option a line belongs to): kept, it would make a line moved up by one and
    drawn the same count as changed, and split runs of one style into many."""
    if not has_meta(style):
        return style
    drawn = style.clear_meta_and_links()
    return drawn + Style(link=style.link) if style.link else drawn


def _cells(segments: list[Segment]) -> list[Cell]:
    cells: list[Cell] = []
    for text, style, control in segments:
        if control:
            raise Unfollowable("control codes")
        style = _drawn(style)
        for char in text:
            width = get_character_cell_size(char)
            if width == 0 and cells:
                cells[-1] = (cells[-1][0] + char, cells[-1][1])  # a combining mark joins its cell
            elif width == 2:
                cells += [(char, style), ("", style)]
            elif width == 1:
                cells.append((char, style))
    return cells


def _segments(cells: list[Cell]) -> list[Segment]:
    """Cells back into segments, one per run of a style."""
    out: list[Segment] = []
    text: list[str] = []
    style: Any = cells[0][1]
    for char, cell_style in cells:
        if cell_style != style:
            out.append(Segment("".join(text), style))
            text, style = [], cell_style
        text.append(char)
    out.append(Segment("".join(text), style))
    return out


class Written(CompositorUpdate):
    """An update already turned into its terminal sequence."""

    def __init__(self, sequence: str) -> None:
        self.sequence = sequence

    def render_segments(self, console: Console) -> str:
        return self.sequence
