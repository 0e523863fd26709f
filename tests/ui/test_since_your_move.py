"""Since your last move: when the keyboard comes back to a person after bots played,
every line the bots' steps wrote is on the screen, or one key (w) away."""

from __future__ import annotations

import asyncio

import pytest
from play_helpers import screen_text, wait_for

from foxtui.engine.game import SeatInfo
from foxtui.engine.session import Session
from foxtui.games import GAMES
from foxtui.ui.app import FoxApp
from foxtui.ui.screens.game_log import GameLogScreen
from foxtui.ui.screens.play import PlayScreen
from foxtui.ui.widgets.log import GameLog


def _squash(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("game_id", list(GAMES))
def test_what_three_bots_did_is_readable_when_the_person_has_the_keyboard_again(game_id: str) -> None:
    game = GAMES[game_id]
    bot = next(iter(game.bots))
    seats = [SeatInfo("Ada", age=40)] + [SeatInfo(f"Bot {n}", bot=bot, age=30) for n in (2, 3, 4)]
    options = game.Options(timer_seconds=0) if game_id == "fox-matters" else game.Options()
    session = Session.new(game, seats, options, 6)

    async def run() -> None:
        app = FoxApp(session=session, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            checked = 0
            for _ in range(60):
                await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen) or app.screen.is_modal)
                while not isinstance(app.screen, PlayScreen):
                    await pilot.press("enter")  # an interlude everyone reads
                    await pilot.pause()
                if session.outcome() is not None:
                    break
                if 0 not in session.to_act() or session.bots_to_act():
                    await pilot.pause()
                    continue
                since = app.screen.table.since_move(0)
                news = [line for line in session.log(0, last=session.step_count)][since:]
                bots_wrote = [s for s in session.record.steps[since:] if s.seat != 0]
                if since and len(bots_wrote) >= 3:
                    log = app.screen.query_one(GameLog)
                    shown = _squash(screen_text(app))
                    missing = [line for line in news if _squash(line) not in shown]
                    if missing:  # more than fits: the border says so, and w shows them all
                        assert "since your last move: w reads them all" in str(log.border_title)
                        await pilot.press("w")
                        await wait_for(pilot, lambda: isinstance(app.screen, GameLogScreen))
                        whole = _squash(" ".join(str(o.prompt) for o in app.screen.query_one("#game-log-lines").options))
                        assert all(_squash(line) in whole for line in news)
                        await pilot.press("escape")
                        await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen))
                    checked += 1
                    if checked >= 3:
                        break
                app.screen.choose(session.bot_action(0))
                await pilot.pause()
            assert checked >= 1, "the bots never made three moves between two of Ada's"

    asyncio.run(run())
