"""Ask for a step number to jump to in a replay."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from ..stylesheets import stylesheets
from ..widgets.keybar import KeyBar


class GotoStepScreen(ModalScreen[int | None]):
    """Returns a step from 0 to ``last``, or None when cancelled. A bad number gets one
    sentence and the dialog stays open."""

    CSS_PATH = stylesheets("play.tcss")
    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="goto.cancel"),
    ]

    def __init__(self, last: int, current: int = 0) -> None:
        super().__init__()
        self.last = last
        self.current = current

    def compose(self) -> ComposeResult:
        with Vertical(id="goto-box"):
            yield Static(f"Go to step (0 to {self.last}), then press Enter:", id="goto-question")
            yield Input(placeholder=f"now at step {self.current}", restrict=r"\S*", id="goto-input")
            yield Static("", id="goto-error", classes="error")
        yield KeyBar()  # its own keys, not those of the replay underneath

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        try:
            step = int(event.value)
        except ValueError:
            step = -1
        if 0 <= step <= self.last:
            self.dismiss(step)
        else:
            self.query_one("#goto-error", Static).update(f"Type a whole number from 0 to {self.last}.")
            event.input.select_all()  # the next number typed replaces the wrong one

    def action_cancel(self) -> None:
        self.dismiss(None)
