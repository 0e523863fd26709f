"""PageView: a page of text that scrolls, drawn line by line, at a size its stylesheet gives.

A Static of ``auto`` height in a scrolling container asks for a layout of the whole
screen whenever its text changes length, and draws all its text again on every
update; at 80x24 that was most of what a step cost to show (Fox Experiment's page,
Foxpaw's zoomed location). A PageView wraps new text itself, keeps the lines of the
paragraphs that did not change, and never changes the screen's layout.

It may pin a few lines at its top (``head``): they stay in sight while the rest
scrolls under them (Foxpaw's map of the board over the zoomed location).
"""

from __future__ import annotations

from rich.text import Text
from textual.geometry import Region, Size
from textual.reactive import Reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from ..textual_internals import update_scrollbars
from .scrolling import KeepsScrollBar
from .status import same_content


class PageView(KeepsScrollBar, ScrollView, can_focus=True):
    """A page of the table as lines of text that scroll: new text is wrapped and drawn
    here, without a layout of the whole screen (a Static of auto height in a scrolling
    container asked for one on every step: most of a step's time at 80x24)."""

    #: its size is its stylesheet's: the lines it holds never change the screen's layout
    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._text = Text()
        self._head = Text()
        self._head_lines = 0
        self._strips: list[Strip] = []
        self._head_strips: list[Strip] = []
        self._wrapped_at = -1
        self._cache: dict[tuple, list[Strip]] = {}  # the lines of the page shown, wrapped
        self._drawn: dict[tuple, Strip] = {}  # lines as drawn: row, scroll, width, style

    @property
    def text(self) -> Text:
        return self._text

    @property
    def head(self) -> Text:
        return self._head

    def show(self, text: Text, head: Text | None = None) -> bool:
        """Show ``text`` under ``head`` (lines that do not scroll, each cut to the width;
        None: none); True if it changed."""
        head = Text() if head is None else head
        if same_content(self._text, text) and same_content(self._head, head):
            return False
        self._text, self._head = text, head
        self._wrap()
        return True

    def on_resize(self) -> None:
        if self.scrollable_content_region.width != self._wrapped_at:
            self._wrap()

    def _lines(self, text: Text, width: int, cache: dict[tuple, list[Strip]], wrap: bool) -> list[Strip]:
        console = self.app.console
        strips: list[Strip] = []
        for paragraph in text.split("\n"):
            # a step changes a few lines of a page: the others are wrapped once
            key = (paragraph.plain, tuple(paragraph.spans), str(paragraph.style), width, wrap)
            done = self._cache.get(key)
            if done is None:
                if paragraph.style:  # (Text.render leaves the text's own style out)
                    paragraph = paragraph.copy()
                    paragraph.stylize_before(paragraph.style)
                    paragraph.style = ""
                if wrap:
                    done = [Strip(line.render(console), line.cell_len) for line in paragraph.wrap(console, width)]
                else:
                    line = paragraph.copy()
                    line.truncate(width)
                    done = [Strip(line.render(console), line.cell_len)]
            cache[key] = done
            strips.extend(done)
        return strips

    def _in_sight(self) -> list[Strip | None]:
        """The lines drawn in the page's rows now (None: a blank row)."""
        height = self.scrollable_content_region.height
        scroll_y = self.scroll_offset.y
        out: list[Strip | None] = []
        for y in range(height):
            pinned = y < self._head_lines
            index = y if pinned else scroll_y + y - self._head_lines
            strips = self._head_strips if pinned else self._strips
            out.append(strips[index] if 0 <= index < len(strips) else None)
        return out

    def _wrap(self) -> None:
        width = self.scrollable_content_region.width
        same_width = width == self._wrapped_at
        before = self._in_sight() if same_width else None
        self._wrapped_at = width
        strips: list[Strip] = []
        head: list[Strip] = []
        if width > 0:
            cache: dict[tuple, list[Strip]] = {}
            if self._head.plain or self._head.spans:
                head = self._lines(self._head, width, cache, wrap=False)
            strips = self._lines(self._text, width, cache, wrap=True)
            self._cache = cache
        self._strips, self._head_strips = strips, head
        self._head_lines = len(head)
        self._drawn.clear()
        scroll_y = self.scroll_offset.y
        self.virtual_size = Size(width, len(head) + len(strips))
        update_scrollbars(self, self.virtual_size)  # the scrollbar, and a scroll past the end
        if before is None or self.scroll_offset.y != scroll_y:
            self.refresh()
            return
        # only the rows whose line changed are drawn again (a step changes a few)
        for y, (old, new) in enumerate(zip(before, self._in_sight())):
            if old is not new and old != new:
                self.refresh(Region(0, y, width, 1))

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        width = self.scrollable_content_region.width
        rich_style = self.rich_style
        pinned = y < self._head_lines
        index = y if pinned else scroll_y + y - self._head_lines
        key = (pinned, index, scroll_x, width, rich_style)
        line = self._drawn.get(key)
        if line is None:  # (a line is drawn again for every frame that touches the page)
            strips = self._head_strips if pinned else self._strips
            if index >= len(strips):
                line = Strip.blank(width, rich_style)
            else:
                line = strips[index].apply_style(rich_style).crop_extend(scroll_x, scroll_x + width, rich_style)
            if len(self._drawn) > 400:
                self._drawn.clear()
            self._drawn[key] = line
        return line
