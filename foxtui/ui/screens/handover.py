"""Pass-and-play handover: an opaque screen that hides every view until the next player is ready."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, Static


class HandoverScreen(Screen[None]):
    """A plain Screen, not a ModalScreen: nothing of the table may show through."""

    BINDINGS = [
        Binding("enter", "ready", "Ready", id="handover.ready"),
    ]

    def __init__(self, name: str) -> None:
        super().__init__()
        self.player = name

    def compose(self) -> ComposeResult:
        yield Static(
            f"Pass to {self.player} — press Enter when only {self.player} can see the screen.",
            id="handover-message",
            markup=False,
        )
        yield Footer()

    def action_ready(self) -> None:
        self.dismiss(None)
