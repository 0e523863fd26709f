"""Every internal of Textual and Rich that foxtui uses (foxtui/ui/textual_internals.py),
pinned against the installed Textual: each test fails when its internal is renamed or
does something else, so an upgrade of Textual is that module and this file.

And nothing else in foxtui reads one (the module is the one place)."""

from __future__ import annotations

import asyncio
import inspect
import re
from pathlib import Path

from rich.style import Style
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.drivers import linux_driver
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.widget import Widget
from textual.widgets import RichLog, Select, Static
from textual.widgets.option_list import Option

from foxtui.ui import textual_internals as ti

ROOT = Path(ti.__file__).resolve().parents[1]


def run(coro):
    return asyncio.run(coro)


def test_no_other_module_of_foxtui_reads_an_internal_of_textual_or_rich() -> None:
    # an underscored module of textual or rich, or an underscored attribute known to be
    # Textual's (the ones this module wraps, and the likes of them)
    names = (
        "display|compositor|meta|bindings|scroll_update|color_system|options|layout_required|previous_cursor_position|"
        "batch_count|cover|uncover|cover_widget|size_updated|line_cache|option_render_cache|clear_caches|"
        "widest_line_width|run_input_thread|exit_renderables|return_code|parse_cache|variables|closing"
    )
    # (also as a string: getattr(screen, "_layout_required") is the same reading)
    internal = re.compile(
        rf"(textual|rich)\._\w|\btextual\.widgets\._|\._({names})\b|[\"']_({names})[\"']|self\._app\b|self\._driver\b"
    )
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        if path.name == "textual_internals.py":
            continue
        for n, line in enumerate(path.read_text().splitlines(), 1):
            if internal.search(line.split("#")[0]):
                found.append(f"{path.relative_to(ROOT.parent)}:{n}: {line.strip()}")
    assert not found, "\n".join(found)


class Tapped(ti.DisplayTap, App):
    def __init__(self) -> None:
        super().__init__()
        self.frames: list[object] = []

    def compose(self) -> ComposeResult:
        yield Static("hello", id="hello")

    def frame_to_write(self, renderable):
        self.frames.append(renderable)
        return renderable


def test_every_frame_reaches_the_tap_as_a_compositor_update_and_headless_frames_reach_no_terminal() -> None:
    # App._display(screen, renderable) is what Textual calls with each frame
    assert list(inspect.signature(App._display).parameters) == ["self", "screen", "renderable"]

    async def main() -> None:
        app = Tapped()
        async with app.run_test(size=(40, 10)) as pilot:
            await pilot.pause()
            app.query_one("#hello", Static).update("hello again")
            await pilot.pause()
            assert any(isinstance(f, ti.CompositorUpdate) for f in app.frames), app.frames
            assert ti.frames_reach_terminal(app) is False  # headless: nothing is written
            for name in ("_batch_count", "_running", "_closed", "_driver"):
                assert hasattr(app, name), name
            assert ti.cursor_written(app) is not None

    run(main())


def test_a_chops_update_has_the_spans_chops_and_ends_the_screen_diff_reads() -> None:
    fields = set(inspect.signature(ti.ChopsUpdate.__init__).parameters)
    assert {"chops", "spans", "chop_ends"} <= fields, fields
    assert {"strips", "region"} <= set(inspect.signature(ti.LayoutUpdate.__init__).parameters)
    assert callable(ti.CompositorUpdate.render_segments)  # (what an update the diff cannot follow writes)


def test_meta_is_told_without_unpacking_it() -> None:
    assert ti.has_meta(Style(meta={"offset": (1, 2)})) is True
    assert ti.has_meta(Style(bold=True)) is False
    assert ti.has_meta(None) is False


def test_the_colour_system_is_set_on_the_console() -> None:
    app = App()
    for name in ("standard", "256", "truecolor"):
        ti.set_color_system(app, name)
        assert app.console.color_system == name


class Box(App):
    def compose(self) -> ComposeResult:
        yield Static("x", id="x")


def test_a_layout_asked_for_is_pending_until_the_screen_is_laid_out() -> None:
    async def main() -> None:
        app = Box()
        async with app.run_test(size=(40, 10)) as pilot:
            await pilot.pause()
            assert ti.layout_pending(app.screen) is False
            app.screen.refresh(layout=True)
            assert ti.layout_pending(app.screen) is True
            await pilot.pause()
            assert ti.layout_pending(app.screen) is False

    run(main())


class Tall(ScrollView):
    pass


class Scrolling(App):
    CSS = "Tall { height: 5; width: 20; }"

    def compose(self) -> ComposeResult:
        yield Tall()


def test_scrollbars_follow_a_new_scrollable_size_without_a_layout() -> None:
    async def main() -> None:
        app = Scrolling()
        async with app.run_test(size=(40, 10)) as pilot:
            await pilot.pause()
            tall = app.query_one(Tall)
            assert not tall.show_vertical_scrollbar
            tall.set_reactive(ScrollView.virtual_size, Size(20, 50))  # no watcher, no layout
            ti.update_scrollbars(tall, Size(20, 50))
            assert tall.show_vertical_scrollbar and tall.max_scroll_y > 0

    run(main())


class Keyed(Widget, can_focus=True):
    def action_noop(self) -> None:
        pass


class Keys(App):
    def compose(self) -> ComposeResult:
        yield Keyed()


def test_keys_bound_on_one_widget_are_active_hidden_and_taken_off_as_asked() -> None:
    async def main() -> None:
        app = Keys()
        async with app.run_test(size=(40, 10)) as pilot:
            widget = app.query_one(Keyed)
            widget.focus()
            ti.bind_here(widget, [Binding("x", "noop", "Do X", id="t.x")])
            await pilot.pause()
            active = app.screen.active_bindings
            assert "x" in active and active["x"].binding.description == "Do X"
            assert [b.id for b in ti.bound_here(widget, ["x"])] == ["t.x"]
            ti.hide_in_key_bar(widget, "x")
            app.screen.refresh_bindings()
            await pilot.pause()
            assert app.screen.active_bindings["x"].binding.show is False
            assert ti.unbind_here(widget, ["x", "y"]) is True
            assert ti.unbind_here(widget, ["x"]) is False
            app.screen.refresh_bindings()
            await pilot.pause()
            assert "x" not in app.screen.active_bindings

    run(main())


class Form(App):
    def compose(self) -> ComposeResult:
        yield Select([("one", 1), ("two", 2)], id="s")


def test_a_selects_values_are_read() -> None:
    async def main() -> None:
        app = Form()
        async with app.run_test(size=(40, 10)):
            assert ti.select_values(app.query_one(Select)) == [Select.NULL, 1, 2]  # (the blank first)

    run(main())


def test_the_key_reader_takes_its_decoder_from_its_module_when_it_starts() -> None:
    # run_input_thread looks the name up in its module's globals as it starts
    assert "getincrementaldecoder" in linux_driver.LinuxDriver.run_input_thread.__code__.co_names
    assert hasattr(linux_driver, "getincrementaldecoder")
    before = linux_driver.getincrementaldecoder
    try:
        ti.read_keys_with(lambda encoding: ("decoder", encoding))
        assert linux_driver.getincrementaldecoder("utf-8")() == ("decoder", "utf-8")
    finally:
        linux_driver.getincrementaldecoder = before


def test_the_linux_driver_runs_its_reader_in_the_thread_target_the_hooks_replace() -> None:
    source = inspect.getsource(linux_driver.LinuxDriver)
    assert "target=self._run_input_thread" in source  # the thread runs the method DriverHooks overrides
    assert "self._file" in inspect.getsource(linux_driver.LinuxDriver.__init__) or "self._file" in inspect.getsource(
        linux_driver.LinuxDriver.__mro__[1].__init__
    )
    assert "self._app" in inspect.getsource(linux_driver.LinuxDriver.__mro__[1].__init__)


class Covered(App):
    def compose(self) -> ComposeResult:
        yield Static("under", id="under")


def test_a_screen_covered_draws_the_cover_and_is_told_its_size_without_a_layout() -> None:
    async def main() -> None:
        app = Covered()
        async with app.run_test(size=(40, 10)) as pilot:
            screen = app.screen
            cover = Static("cover")
            ti.cover(screen, cover)
            await pilot.pause()
            assert ti.covering(screen) is cover
            ti.size_without_layout(screen, Size(30, 8))
            assert screen.outer_size == Size(30, 8) and screen.container_size == Size(30, 8)
            ti.uncover(screen)
            await pilot.pause()
            assert ti.covering(screen) is None

    run(main())


class Told(ti.ResizedBeforeDrawn, ScrollView):
    def __init__(self) -> None:
        super().__init__()
        self.sizes: list[Size] = []

    def resized(self) -> None:
        self.sizes.append(self.size)


class Sized(App):
    CSS = "Told { width: 1fr; height: 1fr; }"

    def compose(self) -> ComposeResult:
        yield Told()


def test_a_widget_hears_its_new_size_from_the_layout() -> None:
    async def main() -> None:
        app = Sized()
        async with app.run_test(size=(40, 10)) as pilot:
            await pilot.pause()
            told = app.query_one(Told)
            assert told.sizes and told.sizes[-1] == Size(40, 10)
            await pilot.resize_terminal(50, 12)
            await pilot.pause()
            assert told.sizes[-1] == Size(50, 12)

    run(main())


class Listed(ti.DrawsOptionsOnce):
    pass


class Lists(App):
    def compose(self) -> ComposeResult:
        yield Listed(Option("first"), Option("second"), Option("third"))


def test_an_option_list_forgets_what_only_some_options_drew() -> None:
    async def main() -> None:
        app = Lists()
        async with app.run_test(size=(40, 10)) as pilot:
            await pilot.pause()
            listed = app.query_one(Listed)
            cache = listed._option_render_cache
            drawn = {key[0] for key in cache.keys()}
            assert len(drawn) == 3, drawn
            first = listed.get_option_at_index(0)
            listed.keep_drawn_lines = True
            listed.replace_option_prompt_at_index(1, "second, new")
            assert {key[0] for key in cache.keys()} == drawn  # kept while asked to
            listed.keep_drawn_lines = False
            listed.forget_drawn({first})
            assert first not in {key[0] for key in cache.keys()} and len({key[0] for key in cache.keys()}) == 2
            listed.forget_all_drawn()
            assert not list(cache.keys())

    run(main())


class Logged(App):
    def compose(self) -> ComposeResult:
        yield RichLog()


def test_a_rich_logs_widest_line_and_drawn_lines() -> None:
    async def main() -> None:
        app = Logged()
        async with app.run_test(size=(40, 10)) as pilot:
            log = app.query_one(RichLog)
            log.write("hello world")
            log.write("hi")
            await pilot.pause()
            assert ti.widest_line(log) == len("hello world")
            assert len(log._line_cache)
            ti.forget_drawn_lines(log)
            assert not len(log._line_cache)

    run(main())


def test_what_the_first_screen_imports_can_be_imported_ahead() -> None:
    ti.import_first_screen()


def test_an_apps_driver_closing_stopping_and_exit_status() -> None:
    async def main() -> None:
        app = Box()
        assert ti.app_driver(app) is None and ti.app_stopping(app)  # not running yet
        async with app.run_test(size=(40, 10)) as pilot:
            await pilot.pause()
            assert ti.app_driver(app) is not None
            assert not ti.app_closing(app) and not ti.app_stopping(app)
            ti.exit_with(app, 3)
            await pilot.pause()
            assert ti.app_stopping(app)
        assert app.return_code == 3

    run(main())


def test_apps_of_the_same_css_variables_share_their_parsed_css() -> None:
    caches: dict = {}
    first, second = Box(), Box()
    ti.share_parsed_css(first, caches)
    ti.share_parsed_css(second, caches)
    assert len(caches) == 1
    assert first.stylesheet._parse_cache is second.stylesheet._parse_cache is next(iter(caches.values()))
