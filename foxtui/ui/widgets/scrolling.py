"""A scrolling widget that grows without a layout of the whole screen."""

from __future__ import annotations

from textual.geometry import Size
from textual.reactive import Reactive


class GrowsInPlace:
    """Mixed into a scrolling widget (before its Textual base) that keeps its place and
    size on the screen while its content grows or shrinks: a new scrollable length
    redraws the widget and its scrollbar, and the whole screen is not laid out again
    for it (as Textual would, on nearly every step: CPU for every player over SSH)."""

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)

    def watch_virtual_size(self, size: Size) -> None:
        self._scroll_update(size)  # type: ignore[attr-defined]  # the scrollbar, which that layout would have set
