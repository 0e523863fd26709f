"""A one-line status: where the players are (game, round, turn, whose view is shown).

Also :func:`update_if_changed`, which gives any Static new content only when it changed: a
Static repaints its whole region (and lays out the screen) on every update, even
with the same text, and over SSH every repaint is bytes on the player's link.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets import Static


def _key(content: Any) -> Any:
    # rich's Text compares only its characters and spans; its own style and wrapping
    # change what is drawn too
    if isinstance(content, Text):
        text = content
        return (Text, text.plain, text.style, text.spans, text.justify, text.overflow, text.no_wrap, text.end)
    return (type(content), content)


def same_content(a: Any, b: Any) -> bool:
    """Whether two contents (strings or rich Texts) draw the same."""
    return _key(a) == _key(b)


def update_if_changed(widget: Static, content: Any, *, layout: bool = True) -> bool:
    """``widget.update(content)`` unless it already shows exactly that; True if it changed."""
    if same_content(widget.content, content):
        return False
    widget.update(content, layout=layout)
    return True


class StatusLine(Static):
    """Parts joined by " · ". Plain text: a player's name is never read as markup."""

    def show_parts(self, *parts: str) -> None:
        update_if_changed(self, Text(" · ".join(part for part in parts if part)), layout=False)
