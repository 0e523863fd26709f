"""A shared table's chat (foxtui serve): read what was said, write a line.

Lines come from the server as plain text (it has taken out control characters and
keeps them short); they are drawn as rich Texts, never read as markup.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, RichLog, Static

from foxtui.server.protocol import CHAT_LENGTH

from ..widgets.keybar import KeyBar

#: lines that say the same for every table of a game, one key each, F1 to F5 at every
#: game (the table binds all five: none does nothing). Fox Matters asks its players to
#: talk: these are the things said most there.
QUICK_SIGNALS: dict[str, list[str]] = {
    "fox-matters": [
        "I take column {column}.",
        "Help on column {column}, please.",
        "I am ready.",
        "Wait, I am not done.",
        "Well played!",
    ],
    "master-fox": ["Good luck!", "Well played!", "One more round?", "Give me a moment.", "Thanks!"],
    "foxpaw": ["Good luck!", "Well played!", "Give me a moment.", "One more game?", "Thanks!"],
    "fox-experiment": ["Good luck!", "Well played!", "Give me a moment.", "One more game?", "Thanks!"],
}


def quick_signals(game: str, column: int | None = None) -> list[str]:
    """The game's quick signals, Fox Matters' naming ``column`` (left out without one)."""
    signals = QUICK_SIGNALS.get(game, [])
    if column is None:
        signals = [s for s in signals if "{column}" not in s]
    return [s.format(column=column) for s in signals]


def chat_words(line: Any) -> Text:
    """One chat line as the table shows it: who wrote it, then what."""
    if not line.name:
        return Text(f"— {line.text}", style="italic")
    who = f"{line.name} (watching)" if line.spectator else line.name
    text = Text(f"{who}: ", style="bold")
    text.append(line.text)
    return text


class ChatScreen(ModalScreen[None]):
    """The chat over the table: the kept lines, a line to write, quick signals."""

    DEFAULT_CSS = """
    ChatScreen { align: center bottom; }
    #chat-box { width: 100%; height: auto; max-height: 70%; border: round $accent; background: $surface; }
    #chat-lines { height: auto; max-height: 12; }
    #chat-signals, #chat-mute { color: $text-muted; }
    #chat-input { margin-top: 1; }
    """
    BINDINGS = [
        Binding("escape", "close", "Back to the table", id="chat.close"),
        *[
            Binding(f"f{n}", f"signal({n - 1})", f"Quick signal {n}", id=f"chat.signal{n}", show=False)
            for n in range(1, 6)
        ],
    ]

    def __init__(
        self,
        lines: Sequence[Any],
        game: str,
        send: Callable[[str], None],
        *,
        column: int | None = None,
        player: bool = True,
    ) -> None:
        """``column``: the column the player looks at (Fox Matters' signals name it)."""
        super().__init__()
        self._lines = list(lines)
        self._signals = quick_signals(game, column)
        self._send = send
        self._player = player  # (a player may mute a spectator)

    def compose(self) -> ComposeResult:
        with Vertical(id="chat-box"):
            yield Static("Table chat — enter sends the line, escape goes back to the table", id="chat-title")
            if self._player:
                yield Static(Text("/mute NAME silences someone watching; /unmute NAME lets them write again"), id="chat-mute")
            yield RichLog(id="chat-lines", wrap=True, markup=False, auto_scroll=True)
            if self._signals:
                each = [f"F{n + 1} {words}" for n, words in enumerate(self._signals)]
                # three to a line: at 80 columns a key is never parted from its words
                signals = "\n".join("  ".join(each[n : n + 3]) for n in range(0, len(each), 3))
                yield Static(Text(signals), id="chat-signals")
            yield Input(placeholder="say something to the table", max_length=CHAT_LENGTH, id="chat-input")
        yield KeyBar()

    def on_mount(self) -> None:
        log = self.query_one(RichLog)
        if not self._lines:
            log.write(Text("Nothing said yet.", style="italic"))
        for line in self._lines:
            log.write(chat_words(line))
        self.query_one(Input).focus()

    def add(self, lines: Sequence[Any]) -> None:
        """Lines said while the chat is open."""
        log = self.query_one(RichLog)
        for line in lines:
            log.write(chat_words(line))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        if text:
            self._send(text)
        self.dismiss(None)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "signal":
            return int(parameters[0]) < len(self._signals)  # type: ignore[call-overload]
        return True

    def action_signal(self, n: int) -> None:
        self._send(self._signals[n])
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)
