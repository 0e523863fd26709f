"""ScreenDiff: a shared table's client writes only the cells that change, and a
terminal fed those cells shows exactly what Textual drew."""

from __future__ import annotations

import random
import re

from rich.cells import get_character_cell_size
from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from textual._compositor import ChopsUpdate, LayoutUpdate
from textual.geometry import Region, Size
from textual.strip import Strip

from foxtui.server.screen_diff import ScreenDiff

SIZE = Size(20, 4)
STYLES = [Style(color="red"), Style(bold=True), Style(bgcolor="blue"), None]
TOKEN = re.compile(r"\x1b\[(\d+);(\d+)H|\x1b\[([0-9;]*)m|(\n)|(.)", re.S)


def console() -> Console:
    return Console(color_system="256", force_terminal=True, width=SIZE.width, height=SIZE.height)


class Terminal:
    """Just enough of a terminal: cursor moves, SGR styles and characters, per cell."""

    def __init__(self, size: Size) -> None:
        self.cells = [[(" ", "")] * size.width for _ in range(size.height)]
        self.x = self.y = 0
        self.sgr = ""

    def feed(self, data: str) -> None:
        for token in TOKEN.finditer(data):
            move_y, move_x, sgr, newline, char = token.groups()
            if move_y:
                self.y, self.x = int(move_y) - 1, int(move_x) - 1
            elif sgr is not None:
                self.sgr = "" if sgr in ("", "0") else sgr
            elif newline:
                self.y, self.x = self.y + 1, 0
            else:
                width = get_character_cell_size(char)
                self.cells[self.y][self.x] = (char, self.sgr)
                if width == 2:
                    self.cells[self.y][self.x + 1] = ("", self.sgr)
                self.x += width

    def text(self) -> list[str]:
        return ["".join(char for char, _ in row) for row in self.cells]


def strip(text: str, style: Style | None = None) -> Strip:
    return Strip([Segment(text, style)])


def full(lines: list[Strip]) -> LayoutUpdate:
    return LayoutUpdate([[line] for line in lines], SIZE.region)


def chops(y: int, x: int, line: Strip, dirty: int | None = None) -> ChopsUpdate:
    """One chop of ``line`` at (x, y), of which the first ``dirty`` cells (default: all)
    are to be drawn; the rest of the screen untouched."""
    rows = [{0: None} for _ in range(SIZE.height)]
    ends = [[SIZE.width] for _ in range(SIZE.height)]
    rows[y] = {0: None, x: line} if x else {0: line}
    ends[y] = [x, x + line.cell_length] if x else [line.cell_length]
    return ChopsUpdate(rows, [(y, x, x + (line.cell_length if dirty is None else dirty))], ends)


def test_only_the_changed_cells_are_written_and_an_unchanged_update_writes_nothing():
    diff, out = ScreenDiff(), console()
    screen = [strip("Round 1 · Ada".ljust(20)), strip("A1 ·  ·  ·".ljust(20)), strip(" " * 20), strip(" " * 20)]
    first = diff.render(full(screen), SIZE, out)
    assert "Round 1" in first and "A1" in first
    assert diff.render(full(screen), SIZE, out) == ""  # Textual drew it all again: nothing changed
    screen[1] = strip("A1 ×  ·  ·".ljust(20))
    again = diff.render(full(screen), SIZE, out)
    assert "\x1b[2;4H" in again and "×" in again and "A1" not in again and "Round" not in again


def test_a_terminal_fed_the_differences_shows_what_textual_drew():
    rng = random.Random(7)
    alphabet = "ab ·×狐é"  # narrow, wide (two cells) and accented characters
    drawn, diffed = Terminal(SIZE), Terminal(SIZE)
    diff, out = ScreenDiff(), console()

    def line(width: int) -> Strip:
        segments, cells = [], 0
        while cells < width:
            text = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 4)))
            while cells + Strip([Segment(text)]).cell_length > width:
                text = text[:-1]
            if not text:
                text = " "
            segments.append(Segment(text, rng.choice(STYLES)))
            cells += Strip([Segment(text)]).cell_length
        return Strip(segments)

    for n in range(300):
        if n % 50 == 0:
            update = full([line(SIZE.width) for _ in range(SIZE.height)])
        else:
            x = rng.randrange(SIZE.width - 1)
            width = rng.randint(1, SIZE.width - x)
            update = chops(rng.randrange(SIZE.height), x, line(width), rng.choice([None, rng.randint(1, width)]))
        drawn.feed(update.render_segments(out))
        diffed.feed(diff.render(update, SIZE, out))
        assert diffed.text() == drawn.text(), f"update {n}"
        assert diffed.cells == drawn.cells, f"update {n}"


def test_a_new_terminal_size_is_drawn_in_full():
    diff, out = ScreenDiff(), console()
    screen = [strip("x" * 20) for _ in range(4)]
    diff.render(full(screen), SIZE, out)
    bigger = Size(20, 5)
    assert "xxxx" in diff.render(LayoutUpdate([[line] for line in screen], Region(0, 0, 20, 4)), bigger, out)


def test_textual_meta_is_not_drawn_a_line_differing_only_in_it_is_not_written_again():
    # Textual marks each character with where it stands in its text (for selecting):
    # the same line one row lower carries other meta, yet looks exactly the same
    diff, out = ScreenDiff(), console()

    def line(y: int) -> Strip:
        return Strip(
            [
                Segment("Chain:", Style(bold=True, meta={"offset": (0, y)})),
                Segment(" 1".ljust(14), Style(bold=True, meta={"offset": (6, y)})),
            ]
        )

    first = diff.render(full([line(y) for y in range(4)]), SIZE, out)
    assert first.count("\x1b[1m") == 4  # one run of one style per line, not two
    assert diff.render(full([line(y + 1) for y in range(4)]), SIZE, out) == ""
