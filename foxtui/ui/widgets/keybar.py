"""The key bar: one line at the bottom of every screen naming the keys that work now.

A light stand-in for Textual's Footer, which mounts a widget per key and composes
them again on every change of bindings; this is one widget drawing one line of
text. It listens to its screen's ``bindings_updated_signal`` and lists the
screen's active bindings that are shown (``show=True``) and enabled (their
``check_action`` allows them), so it always says exactly what the keys do now.
"""

from __future__ import annotations

from typing import NamedTuple

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.screen import Screen
from textual.widget import Widget

#: keys that go first, so they survive when the line is too long for the terminal
FIRST = ("question_mark",)
#: the key that leaves a screen keeps its place at the end when others give way
LAST = ("q",)
#: keys that every game promises in its bar (the whole log), kept when others give way
KEPT = ("w",)


class Key(NamedTuple):
    key: str  # what the binding listens to ("question_mark")
    display: str  # how the key is written ("?")
    description: str


def available_keys(screen: Screen) -> list[Key]:
    """The keys to list for ``screen`` now: help first, then the focused widget's, the
    screen's and the app's, one per action, as Textual's Footer orders them."""
    app = screen.app
    keys: list[Key] = []
    actions: set[str] = set()
    for active in screen.active_bindings.values():
        binding = active.binding
        if not (binding.show and active.enabled) or binding.action in actions:
            continue
        actions.add(binding.action)
        keys.append(Key(binding.key, app.get_key_display(binding), binding.description))
    return sorted(keys, key=lambda k: k.key not in FIRST)  # stable: the rest keep their order


class KeyBar(Widget):
    """Draws "key Description" pairs; entries that do not fit the width are dropped from
    the right. A click on an entry presses its key (the mouse is optional)."""

    COMPONENT_CLASSES = {"keybar--key"}

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._keys: list[Key] = []
        self._spans: list[tuple[int, int, str]] = []  # (first cell, end cell, key) as drawn

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self._bindings_changed(self.screen)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen: Screen) -> None:
        keys = available_keys(screen)
        if keys != self._keys:  # a cursor move that changes nothing costs no repaint
            self._keys = keys
            self.refresh()

    @property
    def keys(self) -> list[Key]:
        """What the bar lists now (before any are dropped for width)."""
        return list(self._keys)

    def render(self) -> Text:
        width = self.content_size.width
        key_style = self.get_component_rich_style("keybar--key")
        out = Text(no_wrap=True, overflow="crop", end="")
        self._spans = []
        def size(key: Key) -> int:
            return cell_len(f" {key.display} ") + cell_len(f"{key.description} ")

        # The entries before the last that do not fit give way, rightmost first: `?` help
        # comes first, and the way out (q: Home, Quit) stays at the end.
        keys = list(self._keys)
        last = [k for k in keys if k.key in LAST][-1:]
        promised = [k for k in keys if k.key in KEPT and k not in last]
        middle = [k for k in keys if k not in last and k not in promised]
        room = width - sum(size(k) for k in last + promised)
        kept: list[Key] = []
        for key in middle:
            if sum(size(k) for k in kept) + size(key) > room:
                break
            kept.append(key)
        kept = [k for k in keys if k in kept or k in promised]  # in the bar's own order
        x = 0
        for key in kept + last:
            if x + size(key) > width:
                break
            out.append(f" {key.display} ", style=key_style)
            out.append(f"{key.description} ")
            self._spans.append((x, x + size(key), key.key))
            x += size(key)
        return out

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        for start, end, key in self._spans:
            if start <= offset.x < end:
                self.app.simulate_key(key)
                return
