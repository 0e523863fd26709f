"""While an expert thinks (in the app's worker process) the screen says so and keys still work."""

from __future__ import annotations

import asyncio

from play_helpers import GAME, screen_text, table, wait_for

from foxtui.games.master_fox.actions import END_TURN, Touch
from foxtui.ui.app import FoxApp
from foxtui.ui.screens.help import HelpScreen
from foxtui.ui.screens.play import PlayScreen


def test_the_screen_answers_keys_while_an_expert_thinks(monkeypatch):
    expert = GAME.bots["expert"]
    # a search that goes on until the table closes (it is called off then)
    monkeypatch.setattr(expert, "_expertise", expert.expertise._replace(budget=10**7))
    session = table("Ada", ("Bo", "expert"), seed=5)

    async def run() -> None:
        app = FoxApp(session=session, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen))
            play = app.screen
            if 0 in session.to_act():
                for action in (Touch("C2"), END_TURN):
                    play.choose(action)
                    await pilot.pause()
            await wait_for(pilot, lambda: play.driver.thinking == 1 and len(session.legal_actions(1)) > 1)
            steps = session.step_count
            assert "Bo is thinking…" in screen_text(app)
            await pilot.press("question_mark")
            await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen), tries=50)
            assert play.driver.thinking == 1 and session.step_count == steps  # it thinks on
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen), tries=50)
            assert play.driver.thinking == 1 and "Bo is thinking…" in screen_text(app)
            thought = play.driver._think_job
            assert app.thinking_workers._pool is not None  # it thinks in the worker, not here
        assert thought.cancelled  # the table closed: the search was called off

    asyncio.run(run())
