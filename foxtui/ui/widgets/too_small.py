"""What a terminal below 80×24 shows instead of the screen: how large it must be.

The app lays this over whatever screen is on top (``FoxApp``, see ``fit_terminal``),
as Textual covers a loading widget: the screen keeps its widgets and their state,
draws nothing while covered, and is back as it was when the terminal grows.
"""

from __future__ import annotations

from rich.text import Text
from textual.geometry import Size
from textual.reactive import reactive
from textual.widget import Widget

#: the smallest terminal every screen is laid out for
MIN_SIZE = Size(80, 24)


def fits(size: Size, need: Size = MIN_SIZE) -> bool:
    return size.width >= need.width and size.height >= need.height


class TooSmall(Widget):
    """The message, centred on the whole terminal; the keys it names are the app's."""

    terminal: reactive[Size] = reactive(Size(0, 0))

    def __init__(self, terminal: Size, need: Size = MIN_SIZE) -> None:
        super().__init__(id="too-small")
        self.need = need
        self.set_reactive(TooSmall.terminal, terminal)

    def render(self) -> Text:
        need, have = self.need, self.terminal
        return Text(
            f"foxtui needs a terminal of at least {need.width}×{need.height}; "
            f"this one is {have.width}×{have.height}.\n\n"
            "Make the window larger to go on where you were, or press q to quit."
        )
