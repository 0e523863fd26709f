"""Every use foxtui makes of Textual's and Rich's internals, in this one module.

Where Textual 8.2 has a public way, foxtui takes it; what is left has none, and is
named here once with what it is for. ``tests/ui/test_textual_internals.py`` pins each
against the installed Textual (it fails when one is renamed or behaves otherwise), so
upgrading Textual is this file and that test. ``pyproject.toml`` allows only the tested
minor release, and ``foxtui/versions.py`` refuses another at start-up.

Nothing else in foxtui reads an underscored name of Textual or Rich.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence

from rich.console import COLOR_SYSTEMS
from rich.style import Style
from textual._compositor import ChopsUpdate, CompositorUpdate, LayoutUpdate
from textual.app import App
from textual.binding import Binding
from textual.drivers.linux_driver import LinuxDriver
from textual.geometry import Size
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import OptionList, RichLog

if TYPE_CHECKING:
    from textual.widgets import Select

__all__ = [
    "ChopsUpdate",
    "CompositorUpdate",
    "LayoutUpdate",
    "DisplayTap",
    "DrawsOptionsOnce",
    "DriverHooks",
    "ResizedBeforeDrawn",
    "app_closing",
    "app_driver",
    "app_stopping",
    "bind_here",
    "cover",
    "covering",
    "cursor_written",
    "bound_here",
    "forget_drawn_lines",
    "exit_with",
    "frames_reach_terminal",
    "has_meta",
    "hide_in_key_bar",
    "import_first_screen",
    "layout_pending",
    "read_keys_with",
    "select_values",
    "set_color_system",
    "share_parsed_css",
    "size_without_layout",
    "unbind_here",
    "uncover",
    "update_scrollbars",
    "widest_line",
]

# --- the screen's updates (the SSH client writes only the cells that change)
#
# CompositorUpdate, LayoutUpdate and ChopsUpdate (textual._compositor) are what a frame
# hands to App._display: server/screen_diff.py reads their regions, strips and chops.


class DisplayTap:
    """Mixed into an app (before its App base): it sees each frame before it is
    written, and ``frame_to_write(renderable)`` returns what to write instead, or None
    to write nothing (App._display, private)."""

    def frame_to_write(self, renderable: Any) -> Any:
        return renderable

    def _display(self, screen: Screen, renderable: Any) -> None:
        written = self.frame_to_write(renderable)
        if written is not None or renderable is None:
            super()._display(screen, written)  # type: ignore[misc]


def frames_reach_terminal(app: App) -> bool:
    """Whether App._display writes an update now (Textual 8.2's own conditions): only
    then may the SSH client's copy of the screen change."""
    return (
        not app._batch_count
        and app._running
        and not app._closed
        and not app.is_headless
        and not app.is_inline
        and app._driver is not None
    )


def app_driver(app: App) -> Any:
    """The driver the app runs on (None before it starts)."""
    return app._driver


def app_closing(app: App) -> bool:
    """Whether the app has begun to close."""
    return bool(app._closing)


def app_stopping(app: App) -> bool:
    """Whether the app is on its way out: exiting, closing, closed, or not running."""
    return bool(app._exit_renderables or app._closing or app._closed or not app._running)


def exit_with(app: App, code: int) -> None:
    """Exit with this status, even when an exit is already under way (App.exit sets it
    only then, and a screen closed while the app closes would end with 0)."""
    app._return_code = code
    app.exit(return_code=code)


def share_parsed_css(app: App, caches: dict[tuple, Any]) -> None:
    """Have the app's stylesheet keep parsed CSS in a cache shared with other apps of
    the same CSS variables (a foxtui serve client takes the fork server's)."""
    from textual.cache import LRUCache

    stylesheet = app.stylesheet
    variables = tuple(sorted(stylesheet._variables.items()))
    stylesheet._parse_cache = caches.setdefault(variables, LRUCache(256))


def cursor_written(app: App) -> Any:
    """Where the app last put the terminal's cursor (an Offset)."""
    return app._previous_cursor_position


def has_meta(style: Style | None) -> bool:
    """Whether a style carries Textual's meta (offsets for selecting, option indexes).
    Style.meta would unpickle it for every cell of every frame; the packed bytes tell."""
    return style is not None and bool(style._meta)


# --- colours


def set_color_system(app: App, name: str) -> None:
    """Write every frame in the colour system ``name`` ("standard", "256", "truecolor").
    Textual's console takes it from TEXTUAL_COLOR_SYSTEM when Textual is imported, and a
    foxtui serve client is forked after that; Rich's Console has no public setter."""
    app.console._color_system = COLOR_SYSTEMS[name]


# --- layout, covering and scrolling


def cover(screen: Screen, widget: Widget) -> None:
    """Draw ``widget`` in place of the screen's children (Textual's way to show a
    loading indicator over a widget): they are neither placed nor drawn meanwhile."""
    screen._cover(widget)


def uncover(screen: Screen) -> None:
    screen._uncover()


def covering(screen: Screen) -> Widget | None:
    """The widget drawn in place of the screen's children, if any."""
    return screen._cover_widget


class ResizedBeforeDrawn:
    """Mixed into a widget (before its Textual base: a mixin, so that the widget's CSS
    is still its Textual base's, which Textual takes from the first DOM base only): the
    widget is told its new size as the layout gives it, before the frame that layout
    draws (``resized``); a Resize event comes after that frame."""

    def resized(self) -> None:
        pass

    def _size_updated(self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True) -> bool:
        changed = super()._size_updated(size, virtual_size, container_size, layout)  # type: ignore[misc]
        if changed:
            self.resized()
        return changed


def size_without_layout(screen: Screen, size: Size) -> None:
    """Tell a screen its new size without laying it out (a covered screen is not in the
    layout, so nothing else tells it)."""
    screen._size_updated(size, size, size, layout=False)



def layout_pending(screen: Screen) -> bool:
    """Whether the screen waits for a layout (a key's changes not laid out yet)."""
    return bool(screen._layout_required)


def update_scrollbars(widget: Widget, size: Size) -> None:
    """Set the scrollbars (and a scroll past the end) for a new scrollable size, as a
    layout of the screen would, without that layout."""
    widget._scroll_update(size)


# --- keys bound to one widget (not its class)


def bind_here(widget: Widget, bindings: Iterable[Binding]) -> None:
    """Bind these keys on this widget alone (its descriptions and ids its own, say a
    moves list named per game): Textual binds per class."""
    for binding in bindings:
        widget._bindings.key_to_bindings[binding.key] = [binding]


def bound_here(widget: Widget, keys: Sequence[str]) -> list[Binding]:
    """The widget's own bindings of these keys, in order."""
    return [binding for key in keys for binding in widget._bindings.key_to_bindings.get(key, [])]


def hide_in_key_bar(widget: Widget, key: str) -> None:
    """The key still works on the widget, but the key bar leaves it out (check_action
    can only disable a key, not hide one that works)."""
    table = widget._bindings.key_to_bindings
    table[key] = [dataclasses.replace(binding, show=False) for binding in table.get(key, [])]


def unbind_here(widget: Widget, keys: Iterable[str]) -> bool:
    """Take these keys off the widget; whether any was bound (then refresh_bindings)."""
    table = widget._bindings.key_to_bindings
    return any([table.pop(key, None) is not None for key in keys])


# --- lists and logs that redraw only what changed


class DrawsOptionsOnce(OptionList):
    """An OptionList that can forget what some of its options drew, not all: it forgets
    every line when one changes, unless ``keep_drawn_lines`` is set (a list rewriting a
    few lines forgets only theirs, with ``forget_drawn``)."""

    keep_drawn_lines: bool = False

    def _clear_caches(self) -> None:
        if not self.keep_drawn_lines:
            super()._clear_caches()

    def forget_drawn(self, options: set[Any]) -> None:
        """Forget what these options drew (they changed or went)."""
        cache = self._option_render_cache
        for key in [key for key in cache.keys() if key[0] in options]:
            cache.discard(key)
        self._line_cache.clear()

    def forget_all_drawn(self) -> None:
        """Forget every line drawn (they wrap at another width now)."""
        self._clear_caches()


def forget_drawn_lines(log: RichLog) -> None:
    """A RichLog forgets the strips it drew (kept by row: a row taken out moves the rest)."""
    log._line_cache.clear()


def widest_line(log: RichLog) -> int:
    """The width of a RichLog's widest line so far."""
    return log._widest_line_width


# --- forms


def select_values(select: Select) -> list[Any]:
    """The values a Select offers (it has a setter for its options, no getter)."""
    return [value for _, value in select._options]


# --- the terminal (the Linux driver)


def read_keys_with(decoder: Callable[[str], Any]) -> None:
    """Have the Linux driver's key reader decode its input with ``decoder(encoding)``
    (an object with ``decode(data, final)``): the reader takes its decoder from its
    module's ``getincrementaldecoder``."""
    from textual.drivers import linux_driver

    linux_driver.getincrementaldecoder = lambda encoding: lambda: decoder(encoding)  # type: ignore[attr-defined]


class DriverHooks(LinuxDriver):
    """The Linux driver with what foxtui needs of its insides: ``wrap_output`` puts a
    wrapper around the file it writes to, ``input_failed`` hears a read that failed
    (Textual's reader would end the app with a traceback), and ``app`` is its app."""

    @property
    def app(self) -> App:
        return self._app

    def wrap_output(self, wrap: Callable[[Any], Any]) -> None:
        self._file = wrap(self._file)

    def input_failed(self, error: OSError) -> None:  # a subclass says what it means
        raise error

    def _run_input_thread(self) -> None:
        try:
            self.run_input_thread()
        except OSError as error:
            self.input_failed(error)
        except BaseException:  # anything else as Textual's own reader reports it
            import rich.traceback

            self._app.call_later(self._app.panic, rich.traceback.Traceback())


def import_first_screen() -> None:
    """Import what Textual imports only when the first screen is drawn (a foxtui serve
    fork server does it once, before its clients are forked from it)."""
    import textual.drivers.linux_driver  # noqa: F401
    import textual.scrollbar  # noqa: F401
    import textual.widgets._toast  # noqa: F401  # notifications: not among textual.widgets' names
    from textual.widgets import DataTable, Input  # noqa: F401
