"""The help screen (keys, then Markdown) and the yes/no confirmation."""

from __future__ import annotations

import asyncio
import io

import pytest
from rich.console import Console
from textual.app import App
from textual.widgets import Markdown, Static

from foxtui.ui.games import playable_games
from foxtui.ui.app import FoxApp
from foxtui.ui.screens.confirm import ConfirmScreen
from foxtui.ui.screens.help import HelpScreen

KEYS = [("←/→", "Move between spots"), ("enter", "Grab"), ("[", "Odd key, shown as it is")]


class _Host(App):
    """A bare app, so the help and confirm screens are tested on their own."""

    CSS_PATH = FoxApp.CSS_PATH


def text_of(renderable) -> str:
    console = Console(width=80, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


@pytest.mark.parametrize("key", ["escape", "q", "question_mark"])
def test_help_shows_keys_and_markdown_and_closes(key):
    async def main():
        app = _Host()
        async with app.run_test(size=(80, 24)) as pilot:
            app.push_screen(HelpScreen("Master Fox — keys", KEYS, "# Rules\n\nGrab *one* pawn at a time."))
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, HelpScreen)
            keys = text_of(screen.query_one("#help-keys", Static).content)
            assert "←/→    Move between spots" in keys and "[      Odd key, shown as it is" in keys
            assert screen.query_one(Markdown).source.startswith("# Rules")
            await pilot.press(key)
            assert not isinstance(app.screen, HelpScreen)

    asyncio.run(main())


def test_help_without_keys_shows_only_the_text():
    async def main():
        app = _Host()
        async with app.run_test(size=(80, 24)) as pilot:
            app.push_screen(HelpScreen("Rules", [], "Some rules."))
            await pilot.pause()
            assert not app.screen.query("#help-keys")

    asyncio.run(main())


@pytest.mark.parametrize(("keys", "answer"), [("y", True), ("enter", True), ("n", False), ("escape", False)])
def test_confirm_answers(keys, answer):
    async def main():
        app = _Host()
        answers = []
        async with app.run_test(size=(80, 24)) as pilot:
            app.push_screen(ConfirmScreen("Delete it?"), answers.append)
            await pilot.pause()
            await pilot.press(keys)
            await pilot.pause()
            assert not isinstance(app.screen, ConfirmScreen)
        assert answers == [answer]

    asyncio.run(main())


def test_every_rules_text_opens_from_home():
    async def main():
        app = FoxApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("r")
            if len(playable_games()) > 1:
                await pilot.press("enter")
            screen = app.screen
            assert isinstance(screen, HelpScreen)
            game = next(iter(playable_games().values()))
            assert screen.markdown == game.rules_markdown and screen.keys == []

    asyncio.run(main())


def test_home_help_snapshot(snap_compare):
    assert snap_compare(FoxApp(bot_delay=0), terminal_size=(80, 24), press=["question_mark"])


def test_confirm_snapshot(snap_compare):
    async def ask(pilot):
        pilot.app.push_screen(ConfirmScreen("Delete the Master Fox game of Ada, Bob? This cannot be undone."))
        await pilot.pause()

    assert snap_compare(FoxApp(bot_delay=0), terminal_size=(80, 24), run_before=ask)
