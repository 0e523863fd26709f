"""A yes/no question over the current screen."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from ..widgets.keybar import KeyBar


class ConfirmScreen(ModalScreen[bool]):
    BINDINGS = [
        Binding("y", "answer(True)", "Yes", id="confirm.yes"),
        Binding("enter", "answer(True)", "Yes", id="confirm.yes_enter", show=False),
        Binding("n", "answer(False)", "No", id="confirm.no"),
        Binding("escape", "answer(False)", "No", id="confirm.no_escape", show=False),
    ]

    #: the buttons' words (a subclass with other keys says them)
    LABELS = ("Yes (y)", "No (n)")

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box"):
            yield Static(self.question, id="confirm-question")
            with Horizontal(id="confirm-buttons"):
                yield _button(self.LABELS[0], "yes")
                yield _button(self.LABELS[1], "no")
        yield KeyBar()  # its own keys, not those of the screen underneath

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


def _button(label: str, id: str) -> Button:
    # Buttons are for the mouse only: if one held focus, Enter would press it, and
    # Enter must always mean yes.
    button = Button(label, id=id, compact=True)
    button.can_focus = False
    return button
