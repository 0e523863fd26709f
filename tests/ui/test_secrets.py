"""Secrets at one keyboard, for every game: each seat's screen is its own.

When the keyboard changes hands, the next player's screen is what a freshly opened
table would show them — nothing of the last player's cursor, page, zoom, highlight
or messages — and a player who gets the keyboard back finds their own screen again.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from play_helpers import screen_text, wait_for

from foxtui.engine.game import SeatInfo
from foxtui.engine.session import Session
from foxtui.games import GAMES
from foxtui.ui.app import FoxApp
from foxtui.ui.games.base import GamePanel
from foxtui.ui.screens.handover import HandoverScreen
from foxtui.ui.screens.play import PlayScreen

#: keys that change only what the player looks at (a cursor, a page, a column, the
#: highlighted move), per game
LOOKING = {
    "master-fox": ["right", "right", "down"],
    "fox-matters": ["3", "down"],
    "foxpaw": ["y", "down", "right_square_bracket", "right_square_bracket"],
    "fox-experiment": ["t", "down"],
}
SEEDS = {"master-fox": 5, "fox-matters": 3, "foxpaw": 2, "fox-experiment": 42}


def _session(game_id: str) -> Session:
    game = GAMES[game_id]
    options = game.Options(timer_seconds=0) if game_id == "fox-matters" else game.Options()
    seats = [SeatInfo("Ada", age=40), SeatInfo("Bob", age=30)]
    return Session.new(game, seats, options, SEEDS[game_id])


async def _at_the_table(pilot, app) -> PlayScreen:
    """Past any pass screen, at the table."""
    for _ in range(3):
        await wait_for(pilot, lambda: isinstance(app.screen, (PlayScreen, HandoverScreen)))
        if isinstance(app.screen, HandoverScreen):
            await pilot.press("enter")
            continue
        break
    await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen))
    return app.screen


async def _play_until(pilot, app, session: Session, seat: int) -> None:
    """The players at the keyboard make their bots' moves through the screen until
    ``seat``'s player has it (pass screens answered as they come)."""
    for _ in range(400):
        screen = app.screen
        if isinstance(screen, HandoverScreen):
            if screen.player == session.seats[seat].name:
                await pilot.press("enter")
                await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen))
                return
            await pilot.press("enter")
            await pilot.pause()
            continue
        if not isinstance(screen, PlayScreen):
            await pilot.press("enter")  # an interlude
            await pilot.pause()
            continue
        if screen.seat_on_screen == seat and seat in session.to_act() and session.step_count:
            return
        mover = screen.seat_on_screen
        if mover is None or mover not in session.to_act():
            await pilot.press("p")  # an open table: the next player takes the keyboard
            await pilot.pause()
            continue
        screen.choose(session.bot_action(mover))
        await pilot.pause()
    raise AssertionError(f"{session.seats[seat].name} never got the keyboard")


def _state(app) -> Any:
    return app.screen.query_one(GamePanel).screen_state()


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_next_player_finds_a_fresh_screen_and_the_last_one_finds_theirs_again(game_id: str) -> None:
    session = _session(game_id)

    async def run() -> tuple[Any, Any, Any, Any]:
        app = FoxApp(session=session, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            play = await _at_the_table(pilot, app)
            ada = play.seat_on_screen
            assert ada is not None
            fresh_ada = _state(app)
            await pilot.press(*LOOKING[game_id])
            play.notify("Only for Ada's eyes.")
            await pilot.pause()
            looked = _state(app)
            assert looked != fresh_ada, "the keys changed nothing: the test would prove nothing"
            bob = 1 - ada
            await _play_until(pilot, app, session, bob)
            bobs_first = _state(app)
            assert "Only for Ada's eyes." not in screen_text(app)
            assert not [n for n in app._notifications if n.message == "Only for Ada's eyes."]
        return looked, bobs_first, ada, bob

    looked, bobs_first, ada, bob = asyncio.run(run())

    async def fresh() -> Any:
        """The same table opened anew, at the same step: what Bob's screen would be."""
        app = FoxApp(session=session, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await _at_the_table(pilot, app)
            if app.screen.seat_on_screen != bob:
                await pilot.press("p")  # (an open table starts with the first seat)
                await pilot.pause()
            assert app.screen.seat_on_screen == bob
            return _state(app)

    assert bobs_first == asyncio.run(fresh()), "Bob's screen started with something of Ada's"


def test_a_player_who_gets_the_keyboard_back_finds_their_cursor_where_they_left_it() -> None:
    """Master Fox: where a player was feeling is theirs alone, and theirs again."""
    session = _session("master-fox")

    async def run() -> None:
        app = FoxApp(session=session, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            play = await _at_the_table(pilot, app)
            ada = play.seat_on_screen
            await pilot.press("right", "right", "down")
            spot = play.panel.own_state()
            assert spot == 10
            await _play_until(pilot, app, session, 1 - ada)
            assert play.panel.own_state() == 0  # Bob's cursor starts at A1, not at Ada's C2
            await pilot.press("down")
            await _play_until(pilot, app, session, ada)
            assert play.panel.own_state() == spot
            assert "C2" in screen_text(app)

    asyncio.run(run())
