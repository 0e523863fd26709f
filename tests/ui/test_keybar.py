"""The key bar: one line naming exactly the keys that work now, help first."""

from __future__ import annotations

import asyncio

from play_helpers import screen_text, table, wait_for
from textual.app import App
from textual.binding import Binding
from textual.geometry import Size
from textual.screen import Screen

from foxtui.games.master_fox.actions import SPOTS, Grab
from foxtui.ui.app import FoxApp
from foxtui.ui.games.base import GamePanel
from foxtui.ui.screens.confirm import ConfirmScreen
from foxtui.ui.screens.home import HomeScreen
from foxtui.ui.screens.play import PlayScreen
from foxtui.ui.widgets.keybar import KeyBar


def bar(app) -> list[tuple[str, str]]:
    """(key as written, description) of what the active screen's key bar lists."""
    return [(key.display, key.description) for key in app.screen.query_one(KeyBar).keys]


def bar_line(app) -> str:
    """The key bar's line as drawn (after entries that do not fit are dropped)."""
    return app.screen.query_one(KeyBar).render().plain


def test_home_lists_its_keys_help_first_and_continue_only_with_a_game_to_continue():
    async def main():
        app = FoxApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, HomeScreen)
            assert bar(app) == [
                ("?", "Help"),
                ("n", "New game"),
                ("s", "Saved games"),
                ("r", "Rules"),
                ("q", "Quit"),
            ]
            assert "^c" not in bar_line(app)  # show=False bindings stay out

    asyncio.run(main())


def test_the_play_screen_lists_only_the_moves_on_offer():
    session = table("Ada", ("Bo", "sensible"), seed=5)

    async def main():
        app = FoxApp(session=session, bot_delay=60)  # the bot waits: Ada's view stays put
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen))
            assert bar(app) == [
                ("?", "Help"),
                ("t", "Touch"),
                ("g", "Grab"),
                ("e", "End turn"),
                ("u", "Undo"),
                ("w", "Log"),
                ("q", "Home"),
            ]
            app.screen.query_one(GamePanel).post_message(GamePanel.ActionChosen(Grab("C2")))
            await pilot.pause()
            # a pawn in hand: stash or put back, nothing else of the game's keys
            assert [d for _, d in bar(app)] == ["Help", "Stash", "Put back", "Undo", "Log", "Home"]
            assert bar_line(app) == " ? Help  s Stash  p Put back  u Undo  w Log  q Home "

    asyncio.run(main())


def test_a_dialog_lists_its_own_keys_not_those_underneath():
    async def main():
        app = FoxApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.push_screen(ConfirmScreen("Sure?"))
            await pilot.pause()
            assert bar(app) == [("y", "Yes"), ("n", "No")]

    asyncio.run(main())


class _Wide(Screen):
    BINDINGS = [
        Binding("a", "noop('a')", "A first long description", id="t.a"),
        Binding("b", "noop('b')", "B second long description", id="t.b"),
        Binding("c", "noop('c')", "C third long description", id="t.c"),
        Binding("question_mark", "noop('?')", "Help", id="t.help"),
    ]

    def compose(self):
        yield KeyBar()

    def action_noop(self, key: str) -> None:
        pass


class _Host(App):
    CSS_PATH = FoxApp.CSS_PATH

    def on_mount(self) -> None:
        self.push_screen(_Wide())


def test_a_line_too_long_drops_the_rightmost_keys_and_keeps_help():
    async def main():
        app = _Host()
        async with app.run_test(size=(70, 10)) as pilot:
            await pilot.pause()
            line = bar_line(app)
            assert line.startswith(" ? Help  a A first")
            assert "B second" in line and "C third" not in line  # whole entries, never half
            assert len(line) <= 70

    asyncio.run(main())


def test_clicking_an_entry_presses_its_key():
    session = table("Ada", ("Bo", "sensible"), seed=5)

    async def main():
        app = FoxApp(session=session, bot_delay=60)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen))
            line = bar_line(app)
            await pilot.click(KeyBar, offset=(line.index("Help"), 0))
            await wait_for(pilot, lambda: type(app.screen).__name__ == "HelpScreen")
            assert "help" in screen_text(app)

    asyncio.run(main())


def test_cursor_moves_do_not_ask_for_new_bindings_when_nothing_changed(monkeypatch):
    """Touch and grab are offered on every spot: moving the cursor leaves the bar alone."""
    session = table("Ada", ("Bo", "sensible"), seed=5)

    async def main():
        app = FoxApp(session=session, bot_delay=60)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen))
            published: list[object] = []
            app.screen.bindings_updated_signal.subscribe(app.screen, published.append)
            for _ in range(len(SPOTS) // 8):
                await pilot.press("right", "down")
            assert published == []

    asyncio.run(main())


class _NarrowApp(FoxApp):
    MIN_SIZE = Size(40, 24)  # a key bar narrower than the app lays its screens out for


def test_when_keys_do_not_fit_the_way_out_keeps_its_place_at_the_end():
    session = table("Ada", ("Bo", "sensible"), seed=5)

    async def main():
        app = _NarrowApp(session=session, bot_delay=60)
        async with app.run_test(size=(40, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen))
            line = bar_line(app)
            assert line.startswith(" ? Help ") and line.rstrip().endswith("q Home")
            assert "w Log" in line  # the whole log is promised in every bar
            assert "Next player" not in line and "Undo" not in line  # what gave way instead

    asyncio.run(main())
