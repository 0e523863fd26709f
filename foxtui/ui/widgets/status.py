"""A one-line status: where the players are (game, round, turn, whose view is shown)."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


class StatusLine(Static):
    """Parts joined by " · ". Plain text: a player's name is never read as markup."""

    def show_parts(self, *parts: str) -> None:
        self.update(Text(" · ".join(part for part in parts if part)))
