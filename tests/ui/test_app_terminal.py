"""The terminal as a whole, for every screen: below 80×24 the app says how large it
must be (and the screen beneath is kept as it was), and a terminal that goes away ends
the app after every table is saved. The same in the SSH client (a FoxApp)."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

from play_helpers import screen_names, screen_text, table, wait_for
from rich.console import Console
from textual.screen import ModalScreen, Screen
from textual.widgets import Label

from foxtui.ui.app import FoxApp
from foxtui.ui.screens.play import PlayScreen

MESSAGE_70x20 = (
    "foxtui needs a terminal of at least 80×24; this one is 70×20. "
    "Make the window larger to go on where you were, or press q to quit."
)


def drawn(app) -> str:
    """The whole terminal as drawn, screens beneath a dialog included, runs of spaces made one."""
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    console = Console(width=app.size.width, file=io.StringIO(), color_system=None, record=True)
    console.print(update)
    return " ".join(console.export_text().split())


class Dialog(ModalScreen[None]):
    def compose(self):
        yield Label("A dialog over the table")


class Keeper(Screen[None]):
    """A screen with a table to save, as PlayScreen.save_table will be."""

    def __init__(self, saved: list[str], name: str, fails: bool = False) -> None:
        super().__init__()
        self.saved, self.label, self.fails = saved, name, fails

    def compose(self):
        yield Label(self.label)

    def save_table(self) -> None:
        self.saved.append(self.label)
        if self.fails:
            raise OSError("disk full")


def test_below_80x24_the_table_gives_way_to_the_size_it_needs_then_is_back_as_it_was():
    session = table("Ada", ("Bo", "sensible"), seed=5)

    async def main():
        app = FoxApp(session=session, bot_delay=60)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen) and "Missions:" in screen_text(app))
            before, steps = drawn(app), session.step_count
            assert "Missions:" in before and "Eggs" in before  # what vanished at 70×20
            await pilot.resize_terminal(70, 20)
            await wait_for(pilot, lambda: app.too_small)
            assert drawn(app) == MESSAGE_70x20
            # keys do nothing while the message is up: no touch, no help, no way home
            await pilot.press("t", "question_mark", "escape", "u", "enter", "tab", "h")
            await pilot.click(offset=(3, 3))
            await pilot.pause()
            assert drawn(app) == MESSAGE_70x20
            assert session.step_count == steps and screen_names(app) == ["Screen", "HomeScreen", "PlayScreen"]
            # both sides must fit
            await pilot.resize_terminal(120, 23)
            await wait_for(pilot, lambda: "this one is 120×23" in drawn(app))
            await pilot.resize_terminal(80, 24)
            await wait_for(pilot, lambda: not app.too_small)
            await wait_for(pilot, lambda: drawn(app) == before)
            await pilot.press("t")  # the keys are the table's again
            await wait_for(pilot, lambda: session.step_count == steps + 1)

    asyncio.run(main())


def test_nothing_is_played_while_the_table_is_out_of_sight_under_the_message():
    """As under a help screen: the bot's move that comes due waits for the table to be seen."""
    session = table(("Bo", "sensible"), "Ada", seed=5)  # the bot plays first

    async def main():
        app = FoxApp(session=session, bot_delay=0.05)
        async with app.run_test(size=(70, 20)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen) and app.too_small)
            for _ in range(20):
                await pilot.pause(0.05)
            assert session.step_count == 0
            await pilot.resize_terminal(80, 24)
            await wait_for(pilot, lambda: session.step_count > 0)

    asyncio.run(main())


def test_a_screen_opened_while_the_terminal_is_small_is_covered_too_dialogs_included():
    """Bots, timers and the server open screens by themselves: whatever is on top is covered."""
    session = table("Ada", ("Bo", "sensible"), seed=5)

    async def main():
        app = FoxApp(session=session, bot_delay=60)
        async with app.run_test(size=(70, 20)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen))
            assert drawn(app) == MESSAGE_70x20
            app.push_screen(Dialog())
            await wait_for(pilot, lambda: isinstance(app.screen, Dialog))
            assert drawn(app) == MESSAGE_70x20  # opaque: nothing of the dialog or the table beneath
            await pilot.resize_terminal(80, 24)
            await wait_for(pilot, lambda: "A dialog over the table" in drawn(app) and "Missions:" in drawn(app))
            await pilot.resize_terminal(79, 24)
            await wait_for(pilot, lambda: "this one is 79×24" in drawn(app))
            app.pop_screen()
            await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen))
            assert "this one is 79×24" in drawn(app) and "Missions:" not in drawn(app)
            await pilot.resize_terminal(100, 30)
            await wait_for(pilot, lambda: "Missions:" in drawn(app) and "foxtui needs" not in drawn(app))
            assert app.screen.region.size == (100, 30)  # laid out for the size there is

    asyncio.run(main())


def test_q_and_ctrl_c_quit_while_the_terminal_is_small_saving_every_table():
    for key in ("q", "ctrl+c"):
        saved: list[str] = []

        async def main():
            app = FoxApp()
            async with app.run_test(size=(60, 30)) as pilot:
                await pilot.pause()
                app.push_screen(Keeper(saved, "first"))
                app.push_screen(Keeper(saved, "second"))
                await wait_for(pilot, lambda: isinstance(app.screen, Keeper) and app.too_small)
                await pilot.press("x", key)
                await wait_for(pilot, lambda: not app.is_running)
            return app.return_code

        assert asyncio.run(main()) == 0, key
        assert sorted(saved) == ["first", "second"], key


def test_a_lost_terminal_saves_every_table_and_ends_the_app_with_129():
    from foxtui.ui.app import EXIT_HANGUP
    from foxtui.ui.terminal import TerminalLost

    saved: list[str] = []

    async def main():
        app = FoxApp()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.push_screen(Keeper(saved, "failing", fails=True))  # one that cannot save stops nothing
            app.push_screen(Keeper(saved, "table"))
            await wait_for(pilot, lambda: isinstance(app.screen, Keeper))
            app.post_message(TerminalLost("hangup"))
            app.post_message(TerminalLost("the terminal hung up"))  # told twice, saved once
            await wait_for(pilot, lambda: not app.is_running)
        return app.return_code

    assert asyncio.run(main()) == EXIT_HANGUP == 129
    assert sorted(saved) == ["failing", "table"]


def test_the_app_uses_the_driver_that_notices_a_lost_terminal():
    from textual.drivers.linux_driver import LinuxDriver

    from foxtui.server.client import ClientApp, PacedDriver
    from foxtui.ui.terminal import FoxDriver

    assert issubclass(FoxDriver, LinuxDriver)
    assert FoxApp().driver_class is FoxDriver
    # a foxtui serve client's: the same, its keys paced (issue 38)
    client = ClientApp.__new__(ClientApp)  # (no link needed to ask for its driver)
    assert ClientApp.get_driver_class(client) is PacedDriver and issubclass(PacedDriver, FoxDriver)


def test_a_terminal_that_cannot_be_written_to_is_written_to_no_more():
    from foxtui.ui.terminal import _Output

    told: list[str] = []

    class Gone(io.StringIO):
        writes = 0

        def write(self, text: str) -> int:
            Gone.writes += 1
            raise OSError(5, "Input/output error")

        def fileno(self) -> int:
            raise OSError(9, "no descriptor")  # nothing to point at /dev/null here

    out = _Output(Gone(), told.append)
    out.write("frame 1")
    out.write("frame 2")
    out.flush()
    assert Gone.writes == 1 and out.dead and told == ["the terminal cannot be written to"]
    assert not out.isatty()


def _server_helpers():
    """The server tests' helpers (a hub in this event loop, a client app linked to it)."""
    import importlib.util

    path = Path(__file__).parents[1] / "server" / "server_helpers.py"
    spec = importlib.util.spec_from_file_location("server_helpers", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_ssh_client_app_says_so_too(tmp_path):
    """Each player's screen over `foxtui serve` is a FoxApp: the same message, for free."""
    helpers = _server_helpers()

    async def main():
        hub = helpers.make_hub(tmp_path)
        app, _ = await helpers.client_app(hub, "key-ada")
        async with app.run_test(size=(70, 20)) as pilot:
            await wait_for(pilot, lambda: type(app.screen).__name__ == "NameScreen")  # a dialog over the lobby
            assert drawn(app) == MESSAGE_70x20
            await pilot.press("A", "d", "a", "enter")  # typed into nothing
            await pilot.pause()
            await pilot.resize_terminal(80, 24)
            await wait_for(pilot, lambda: not app.too_small and "Ada" not in drawn(app) and "name" in drawn(app))
            await pilot.press("A", "d", "a", "enter")
            await wait_for(pilot, lambda: "you are Ada" in drawn(app))
        hub.close()

    asyncio.run(main())


def test_the_command_lines_app_freezes_what_its_first_frame_built_and_only_it():
    """`foxtui` moves what the first frame built out of the collector's walks (full
    collections of it paused steps for 80-170 ms); an app built without asking does not."""
    import gc

    import foxtui.cli as cli

    async def frozen_after_first_frame(app: FoxApp) -> int:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.pause()
            return gc.get_freeze_count()

    gc.unfreeze()
    try:
        assert asyncio.run(frozen_after_first_frame(FoxApp())) == 0
        assert asyncio.run(frozen_after_first_frame(FoxApp(steady_gc=True))) > 0
    finally:
        gc.unfreeze()  # the other tests' apps are collected as before
    made: list[dict] = []

    class Recorded(FoxApp):
        def __init__(self, **kwargs):
            made.append(kwargs)
            super().__init__(**kwargs)

        def run(self, *args, **kwargs):
            return None

    import argparse
    from unittest import mock

    with mock.patch("foxtui.ui.app.FoxApp", Recorded), mock.patch.object(cli, "_need_terminal", lambda: None):
        cli._run_app(argparse.Namespace(color="auto", low_bandwidth=False))
    assert made and made[0]["steady_gc"] is True
