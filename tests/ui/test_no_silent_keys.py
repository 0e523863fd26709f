"""No key goes dead without the key bar saying so: Tab never takes the focus out of the
game, and the log uses the rows a taller terminal has."""

from __future__ import annotations

import asyncio

import pytest
from play_helpers import wait_for

from foxtui.engine.game import SeatInfo
from foxtui.engine.session import Session
from foxtui.games import GAMES
from foxtui.ui.app import FoxApp
from foxtui.ui.games.base import GamePanel
from foxtui.ui.screens.play import PlayScreen
from foxtui.ui.widgets.keybar import KeyBar
from foxtui.ui.widgets.log import GameLog


def _session(game_id: str) -> Session:
    game = GAMES[game_id]
    bot = next(iter(game.bots))
    return Session.new(game, [SeatInfo("Ada", age=40), SeatInfo("Bo", bot=bot, age=30)], game.Options(), 4)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_tab_never_leaves_the_games_keys_dead(game_id: str) -> None:
    session = _session(game_id)

    async def run() -> None:
        app = FoxApp(session=session, bot_delay=60)  # the bot waits: the screen stays put
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen))
            panel = app.screen.query_one(GamePanel)
            keys = {k.description for k in app.screen.query_one(KeyBar).keys}
            for _ in range(8):
                await pilot.press("tab")
                focused = app.focused
                assert focused is not None and panel in focused.ancestors_with_self, f"Tab took the focus to {focused}"
                assert {k.description for k in app.screen.query_one(KeyBar).keys} == keys

    asyncio.run(run())


def test_a_taller_terminal_shows_more_of_the_log() -> None:
    async def rows(size: tuple[int, int]) -> int:
        app = FoxApp(session=_session("master-fox"), bot_delay=60)
        async with app.run_test(size=size) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen))
            await pilot.pause()
            return app.screen.query_one(GameLog).size.height

    assert asyncio.run(rows((80, 24))) == 4  # its border above
    assert asyncio.run(rows((120, 40))) == 17  # 40 rows: the panel's 20, status, key bar, border
