"""A scrolling widget that grows without a layout of the whole screen."""

from __future__ import annotations

from textual.geometry import Region, Size
from textual.reactive import Reactive
from textual.scrollbar import ScrollBar
from textual.strip import Strip

from ..textual_internals import update_scrollbars


class GrowsInPlace:
    """Mixed into a scrolling widget (before its Textual base) that keeps its place and
    size on the screen while its content grows or shrinks: a new scrollable length
    redraws the widget and its scrollbar, and the whole screen is not laid out again
    for it (as Textual would, on nearly every step: CPU for every player over SSH)."""

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)

    def watch_virtual_size(self, size: Size) -> None:
        update_scrollbars(self, size)  # type: ignore[arg-type]  # the scrollbar, which that layout would have set


class KeptScrollBar(ScrollBar):
    """A scroll bar that keeps its drawn lines while what it shows is unchanged: a
    layout of the screen (a part's height changed) marks every widget to be drawn
    again, and drawing a bar anew was the largest single cost of a Foxpaw step's frame."""

    _kept: tuple[object, list[Strip]] | None = None

    def render_lines(self, crop: Region) -> list[Strip]:
        drawn = self.render()
        key = (crop, self.size, self.vertical, self.thickness, self.window_virtual_size, self.window_size,
               self.position, getattr(drawn, "style", None), type(drawn), self.visual_style,
               self.parent.background_colors if self.parent is not None else None)
        if self._kept is not None and self._kept[0] == key:
            return self._kept[1]
        lines = super().render_lines(crop)
        self._kept = (key, lines)
        return lines


class KeepsScrollBar:
    """Mixed into a scrolling widget (before its Textual base): its vertical scroll bar
    is a :class:`KeptScrollBar`."""

    @property
    def vertical_scrollbar(self) -> ScrollBar:
        if self._vertical_scrollbar is not None:  # type: ignore[attr-defined]
            return self._vertical_scrollbar  # type: ignore[attr-defined]
        bar = KeptScrollBar(vertical=True, name="vertical", thickness=self.scrollbar_size_vertical)  # type: ignore[attr-defined]
        self._vertical_scrollbar = bar
        bar.display = False
        self.app._start_widget(self, bar)  # type: ignore[attr-defined]
        return bar
