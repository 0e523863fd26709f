"""Pass-and-play handover: an opaque screen that hides every view until the next player is ready."""

from __future__ import annotations

from typing import Literal

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

from ..stylesheets import stylesheets
from ..widgets.keybar import KeyBar

#: what the handover answers: the next player is at the keyboard; the one who just moved
#: takes that move back; or whoever holds the keyboard goes home (the game is saved)
Handed = Literal["ready", "undo", "home"]


class HandoverScreen(Screen[Handed]):
    """A plain Screen, not a ModalScreen: nothing of the table may show through."""

    CSS_PATH = stylesheets("play.tcss")
    BINDINGS = [
        Binding("enter", "ready", "Ready", id="handover.ready"),
        Binding("u", "undo", "Take back my move", id="handover.undo"),
        Binding("q", "home", "Home", id="handover.home"),
        Binding("escape", "home", "Home", id="handover.home_escape", show=False),
    ]

    def __init__(self, name: str, *, can_undo: bool = False) -> None:
        """``can_undo``: the player who just moved may still take it back (the play
        screen asked the session); only then is `u` offered."""
        super().__init__()
        self.player = name
        self.can_undo = can_undo

    def compose(self) -> ComposeResult:
        yield Static(
            f"Pass to {self.player} — press Enter when only {self.player} can see the screen.",
            id="handover-message",
            markup=False,
        )
        yield KeyBar()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "undo":
            return self.can_undo  # hidden from the key bar, and does nothing, otherwise
        return True

    def action_ready(self) -> None:
        self.dismiss("ready")

    def action_undo(self) -> None:
        self.dismiss("undo")

    def action_home(self) -> None:
        self.dismiss("home")
