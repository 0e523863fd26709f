"""End to end at one keyboard: a new table, a round with handovers, quit, continue,
a replay from the saved games, and a whole bots' game to its results."""

from __future__ import annotations

import asyncio

from play_helpers import screen_text, wait_for
from textual.widgets import Select

from foxtui.ui.app import FoxApp
from foxtui.ui.games.base import GamePanel
from foxtui.ui.screens.handover import HandoverScreen
from foxtui.ui.screens.home import HomeScreen
from foxtui.ui.screens.new_game import NewGameScreen
from foxtui.ui.screens.play import PlayScreen
from foxtui.ui.screens.replay import ReplayScreen
from foxtui.ui.screens.results import ResultsScreen
from foxtui.ui.screens.saved_games import SavedGamesScreen


async def _type(pilot, text: str) -> None:
    await pilot.press(*text)


async def _focus(pilot, widget_id: str) -> None:
    """Tab through the form to a field, as a player would."""
    for _ in range(30):
        if pilot.app.focused is not None and pilot.app.focused.id == widget_id:
            return
        await pilot.press("tab")
    raise AssertionError(f"tab never reached #{widget_id}")


async def _choose_bot(pilot, select_id: str) -> None:
    await _focus(pilot, select_id)
    await pilot.press("enter", "down", "enter")  # the first bot level, right under Human
    await pilot.pause()
    assert str(pilot.app.screen.query_one(f"#{select_id}", Select).value).startswith("bot:")


async def _new_table(pilot, names: tuple[str, str], bots: bool, seed: str) -> None:
    await pilot.press("n")
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, NewGameScreen))
    asks_ages = bool(pilot.app.screen.query("#seat-1-age"))
    for n, name in enumerate(names, start=1):
        await _focus(pilot, f"seat-{n}-name")
        await _type(pilot, name)  # the default name is selected: typing replaces it
        if bots:
            await _choose_bot(pilot, f"seat-{n}-kind")
        elif asks_ages:
            await _focus(pilot, f"seat-{n}-age")
            await _type(pilot, str(10 - n))
    await _focus(pilot, "seed")
    await _type(pilot, seed)
    await pilot.press("ctrl+s")
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, (PlayScreen, HandoverScreen, ResultsScreen)))


async def _play_one_round(pilot) -> list[str]:
    """Both humans play (their moves picked as a bot would from their own view) until
    the second round starts. Returns the names the handovers asked for."""
    app = pilot.app
    handovers: list[str] = []
    for _ in range(400):
        screen = app.screen
        if isinstance(screen, HandoverScreen):
            handovers.append(screen.player)
            await pilot.press("enter")
            await pilot.pause()
            continue
        if not isinstance(screen, PlayScreen):
            await pilot.press("enter")  # an interlude the panel showed between rounds
            await pilot.pause()
            continue
        session = screen.session
        if session.game.round_of(session.state) >= 2:
            return handovers
        seat = screen.seat_on_screen
        assert seat in session.humans_to_act()
        screen.query_one(GamePanel).post_message(GamePanel.ActionChosen(session.bot_action(seat)))
        await pilot.pause()
    raise AssertionError("the round never ended")


def test_new_game_round_quit_continue_replay_results():
    async def run() -> None:
        app = FoxApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
            assert "Continue" not in screen_text(app)

            # a table of two humans: the first view waits behind a handover
            await _new_table(pilot, ("Ada", "Bob"), bots=False, seed="5")
            assert isinstance(app.screen, HandoverScreen) and app.screen.player == "Ada"
            handovers = await _play_one_round(pilot)
            assert handovers[:3] == ["Ada", "Bob", "Ada"]
            play = app.screen
            steps = play.session.step_count

            # quit: saved, and home offers to continue it
            await pilot.press("q")
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
            assert "Continue: Master Fox — Ada, Bob, round 2" in screen_text(app)

            await pilot.press("c")
            await wait_for(pilot, lambda: isinstance(app.screen, (HandoverScreen, PlayScreen)))
            assert isinstance(app.screen, HandoverScreen)  # resumed: nobody's view until Enter
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen))
            assert app.screen is not play and app.screen.session.step_count == steps
            await pilot.press("q")
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))

            # the saved game, replayed from the saved-games list
            await pilot.press("s")
            await wait_for(pilot, lambda: isinstance(app.screen, SavedGamesScreen))
            await pilot.press("r")
            await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
            assert f"Step 0 / {steps}" in screen_text(app)
            await pilot.press("end")
            assert f"Step {steps} / {steps} · Round 2" in screen_text(app)
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, SavedGamesScreen))
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))

            # two bots play a whole game; its results replace the table
            await _new_table(pilot, ("Cy", "Di"), bots=True, seed="7")
            await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen), tries=3000)
            text = screen_text(app)
            assert "1st" in text and "2nd" in text and "Total" in text
            await pilot.press("h")
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
            # the finished game is not offered to continue; the quit one still is
            assert "Continue: Master Fox — Ada, Bob" in screen_text(app)

    asyncio.run(run())
