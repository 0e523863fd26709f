"""The `?` help: a screen's keys, then rules or notes in Markdown. Opaque, so nothing
of the game behind it shows while a player reads."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Markdown, Static

from ..widgets.keybar import KeyBar


class HelpScreen(Screen):
    BINDINGS = [
        Binding("escape", "close", "Back", id="help.close"),
        Binding("q", "close", "Back", id="help.close_q", show=False),
        Binding("question_mark", "close", "Back", id="help.close_help", show=False),
    ]

    def __init__(self, title: str, keys: list[tuple[str, str]], markdown: str) -> None:
        super().__init__()
        self.help_title = title
        self.keys = list(keys)
        self.markdown = markdown

    def compose(self) -> ComposeResult:
        yield Static(self.help_title, id="help-title")
        with VerticalScroll(id="help-body"):
            if self.keys:
                yield Static(_keys_table(self.keys), id="help-keys")
            if self.markdown.strip():
                yield Markdown(self.markdown, id="help-markdown")
        yield KeyBar()

    def on_mount(self) -> None:
        # the scroll area takes the keys, so up/down/page keys move through long rules
        self.query_one("#help-body").focus()

    def action_close(self) -> None:
        self.app.pop_screen()


def _keys_table(keys: list[tuple[str, str]]) -> Table:
    table = Table(box=None, show_header=True, header_style="bold", pad_edge=False)
    table.add_column("Key", style="bold", no_wrap=True)
    table.add_column("What it does")
    for key, what in keys:
        table.add_row(Text(key), Text(what))  # Text, not markup: keys like "[" stay literal
    return table


def binding_keys(app, bindings) -> list[tuple[str, str]]:
    """(key, what it does) for a screen's bindings, as the key bar writes the keys."""
    return [(app.get_key_display(b), b.description) for b in bindings if b.description]
