"""Help tells the truth: on every screen, every key the key bar names is bound there
and does something, and every key the `?` help names is bound there (a table's keys
that do nothing at this moment say so)."""

from __future__ import annotations

import asyncio
from typing import Any, Awaitable, Callable

import pytest
from play_helpers import finished_session, screen_text, unfinished_session, wait_for

from foxtui.engine.game import SeatInfo
from foxtui.engine.session import Session
from foxtui.games import GAMES
from foxtui.ui.app import FoxApp
from foxtui.ui.screens.help import HelpScreen
from foxtui.ui.screens.play import PlayScreen
from foxtui.ui.widgets.keybar import KeyBar

#: help lines written by hand (not one binding each), by screen
HAND_WRITTEN = {"HomeScreen": {"↑ ↓", "enter"}}


def _bound(screen) -> dict[str, Any]:
    """Each key written as the key bar and help write it -> its active binding."""
    app = screen.app
    return {app.get_key_display(a.binding): a for a in screen.active_bindings.values()}


def _state(app) -> tuple:
    return (
        app.return_code,  # the app is leaving (q Quit)
        tuple(type(s).__name__ for s in app.screen_stack),
        screen_text(app),
        tuple(n.message for n in app._notifications),
        app.focused,
    )


async def _check_screen(pilot, app, opened: Callable[[], Awaitable[None]] | None = None) -> list[str]:
    """The key bar's keys are bound and enabled; the help's keys are bound. Returns the
    key bar's keys (to press each, in a fresh app)."""
    screen = app.screen
    name = type(screen).__name__
    bound = _bound(screen)
    bar = screen.query(KeyBar)
    listed = [k.display for k in bar.first().keys] if bar else []
    for display in listed:
        assert display in bound, f"{name}: the key bar names {display!r}, which is not bound there"
        active = bound[display]
        assert active.enabled, f"{name}: the key bar names {display!r}, which does nothing now"
    if "?" in bound and bound["?"].enabled and not isinstance(screen, HelpScreen):
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        displays = [display for display, _ in app.screen.keys]
        twice = sorted({d for d in displays if displays.count(d) > 1})
        assert not twice, f"{name}: the help names {twice} more than once"  # (issue 39: home's ^c)
        for display, what in app.screen.keys:
            assert "Suspend" not in what, f"{name}: the help offers {display} {what}"
            if display in HAND_WRITTEN.get(name, set()):
                continue
            assert display in bound, f"{name}: the help names {display!r} ({what}), which is not bound there"
            if not what.endswith("(not now)"):
                assert bound[display].enabled, f"{name}: the help offers {display!r} ({what}), which does nothing now"
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is screen)
    return listed


async def _home(pilot, app) -> None:
    await wait_for(pilot, lambda: type(app.screen).__name__ == "HomeScreen")


def _table(game_id: str) -> Session:
    game = GAMES[game_id]
    bot = next(iter(game.bots))
    options = game.Options(timer_seconds=0) if game_id == "fox-matters" else game.Options()
    return Session.new(game, [SeatInfo("Ada", age=40), SeatInfo("Bo", bot=bot, age=30)], options, 4)


def _each_key_does_something(make_app: Callable[[], FoxApp], reach: Callable[..., Awaitable[None]]) -> None:
    """Open the screen afresh for every key its bar names, press that key, and see that
    something changed: the screens, what is drawn, a message, or the focus."""

    async def keys() -> list[str]:
        app = make_app()
        async with app.run_test(size=(80, 24)) as pilot:
            await reach(pilot, app)
            return await _check_screen(pilot, app)

    for display in asyncio.run(keys()):

        async def press(display: str = display) -> None:
            app = make_app()
            async with app.run_test(size=(80, 24)) as pilot:
                await reach(pilot, app)
                binding = _bound(app.screen)[display].binding
                before = _state(app)
                await pilot.press(binding.key)
                await pilot.pause()
                await pilot.pause()
                assert _state(app) != before, f"{type(app.screen).__name__}: {display} {binding.description} did nothing"

        asyncio.run(press())


def test_the_home_screen_with_and_without_a_game_to_continue() -> None:
    _each_key_does_something(lambda: FoxApp(bot_delay=0), _home)
    unfinished_session()  # now there is a game to continue
    _each_key_does_something(lambda: FoxApp(bot_delay=0), _home)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_table(game_id: str) -> None:
    def make() -> FoxApp:
        return FoxApp(session=_table(game_id), bot_delay=60)  # the same table each time

    async def reach(pilot, app) -> None:
        await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen))

    _each_key_does_something(make, reach)


def test_the_replay_the_results_and_the_saved_games() -> None:
    finished = finished_session()

    async def replay(pilot, app) -> None:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ReplayScreen")

    _each_key_does_something(lambda: FoxApp(replay_path=finished.path, bot_delay=0), replay)

    async def saved(pilot, app) -> None:
        await _home(pilot, app)
        await pilot.press("s")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "SavedGamesScreen")

    _each_key_does_something(lambda: FoxApp(bot_delay=0), saved)

    async def new_game(pilot, app) -> None:
        await _home(pilot, app)
        await pilot.press("n")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "NewGameScreen")

    _each_key_does_something(lambda: FoxApp(bot_delay=0), new_game)


def test_the_pass_screen_the_whole_log_and_the_results() -> None:
    def two_humans() -> FoxApp:
        game = GAMES["master-fox"]
        return FoxApp(session=Session.new(game, [SeatInfo("Ada", age=40), SeatInfo("Bob", age=30)], game.Options(), 5), bot_delay=0)

    async def pass_screen(pilot, app) -> None:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "HandoverScreen")

    _each_key_does_something(two_humans, pass_screen)

    async def whole_log(pilot, app) -> None:
        await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen))
        await pilot.press("w")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "GameLogScreen")

    _each_key_does_something(lambda: FoxApp(session=_table("master-fox"), bot_delay=60), whole_log)

    finished = finished_session()

    async def results(pilot, app) -> None:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ResultsScreen")

    _each_key_does_something(lambda: FoxApp(session=Session.resume(finished.path), bot_delay=0), results)
