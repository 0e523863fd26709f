"""Pass-and-play: the handover covers everything until the next player is at the keyboard."""

from __future__ import annotations

import asyncio

import pytest
from play_helpers import notes, screen_names, screen_text, table, wait_for
from textual.screen import ModalScreen

from foxtui.games.master_fox.actions import END_TURN, Touch
from foxtui.ui.app import FoxApp
from foxtui.ui.games.base import GamePanel
from foxtui.ui.screens.handover import HandoverScreen
from foxtui.ui.screens.home import HomeScreen
from foxtui.ui.screens.play import PlayScreen
from foxtui.ui.widgets.keybar import KeyBar

# Ada feels C2 three times on her first turn (seed 5): a cow, fully identified.
ADA_SECRET = "two short horns and an udder"


def _choose(app, action) -> None:
    app.screen.query_one(GamePanel).post_message(GamePanel.ActionChosen(action))


def test_two_humans_handover_hides_the_next_seat_until_enter():
    session = table("Ada", "Bob", seed=5)

    async def run() -> None:
        app = FoxApp(session=session, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            # the table opens with a handover to the first player
            await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))
            assert "Pass to Ada" in screen_text(app)
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen))
            play = app.screen
            assert play.seat_on_screen == 0
            for _ in range(3):
                _choose(app, Touch("C2"))
                await pilot.pause()
            assert ADA_SECRET in screen_text(app)  # Ada sees what she felt

            _choose(app, END_TURN)
            await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))
            handover = app.screen
            # an opaque screen, not a see-through modal, with nothing of any view on it
            assert not isinstance(handover, ModalScreen)
            assert screen_names(app)[-2:] == ["PlayScreen", "HandoverScreen"]
            message = str(handover.query_one("#handover-message").render())
            assert message == "Pass to Bob — press Enter when only Bob can see the screen."
            assert ADA_SECRET not in screen_text(app)
            # even behind the cover the panel already holds the public view, not Ada's
            assert play.seat_on_screen is None

            await pilot.press("enter")
            await wait_for(pilot, lambda: app.screen is play)
            assert play.seat_on_screen == 1
            text = screen_text(app)
            assert ADA_SECRET not in text
            assert "Bob's view" in text
            assert not [n for n in notes(app) if n[0] == "error"]

    asyncio.run(run())


def _offers_take_back(app) -> bool:
    return "Take back my move" in {key.description for key in app.screen.query_one(KeyBar).keys}


def test_the_player_who_just_moved_may_take_it_back_from_the_handover():
    session = table("Ada", "Bob", seed=5)

    async def run() -> None:
        app = FoxApp(session=session, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))
            assert not _offers_take_back(app)  # nobody has moved yet
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen))
            play = app.screen
            await pilot.press("right", "right", "down", "g")  # C2 holds a cow
            await pilot.pause()
            held = session.view(0).hand
            assert held is not None
            await pilot.press("s")  # stashing ends Ada's turn: Bob's handover at once
            await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))
            assert session.to_act() == frozenset({1})
            assert _offers_take_back(app)
            assert "Take back my move" in screen_text(app)
            assert ADA_SECRET not in screen_text(app)

            await pilot.press("u")
            # Bob may be holding the keyboard already: Ada's view waits behind a pass screen
            await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen) and app.screen.player == "Ada")
            assert ADA_SECRET not in screen_text(app) and not _offers_take_back(app)
            assert play.seat_on_screen is None and session.to_act() == frozenset({0})
            await pilot.press("enter")
            await wait_for(pilot, lambda: app.screen is play)
            # her view again, the cow in her hand
            assert play.seat_on_screen == 0
            assert session.view(0).hand == held and session.step_count == 1
            text = screen_text(app)
            assert "Ada's view" in text and f"Hand: “{held.text}”" in text

            # a move drawn by chance stands: putting the pawn back lands it at random
            await pilot.press("p")
            await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))
            assert not _offers_take_back(app)
            await pilot.press("u")
            await pilot.pause()
            assert isinstance(app.screen, HandoverScreen) and session.step_count == 2
            assert not [n for n in notes(app) if n[0] == "error"]

    asyncio.run(run())


def test_a_touch_before_the_handover_is_never_taken_back():
    """After Ada's touches and her end of turn, `u` on the handover takes back only the
    end of her turn: what she felt stays felt."""
    session = table("Ada", "Bob", seed=5)

    async def run() -> None:
        app = FoxApp(session=session, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen))
            play = app.screen
            _choose(app, Touch("C2"))
            _choose(app, END_TURN)
            await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))
            assert _offers_take_back(app)
            await pilot.press("u")
            await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen) and app.screen.player == "Ada")
            await pilot.press("enter")
            await wait_for(pilot, lambda: app.screen is play)
            assert session.step_count == 1 and session.to_act() == frozenset({0})
            # the touch itself cannot be taken back, from the table either
            await pilot.press("u")
            await pilot.pause()
            assert ("warning", "You already felt that pawn; a touch cannot be taken back.") in notes(app)
            assert session.step_count == 1

    asyncio.run(run())


def test_other_keys_do_not_lift_the_handover():
    session = table("Ada", "Bob", seed=5)

    async def run() -> None:
        app = FoxApp(session=session, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))
            await pilot.press("u", "space", "tab", "x", "down")
            assert isinstance(app.screen, HandoverScreen)

    asyncio.run(run())


@pytest.mark.parametrize("key", ["q", "escape"])
def test_q_or_escape_on_a_pass_screen_goes_home_without_drawing_anyone(key):
    session = table("Ada", "Bob", seed=5)

    async def run() -> None:
        app = FoxApp(session=session, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen))
            play = app.screen
            _choose(app, Touch("C2"))
            _choose(app, END_TURN)
            await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))
            drawn: list[int | None] = []
            show = play._show
            play._show = lambda seat: (drawn.append(seat), show(seat))[1]
            await pilot.press(key)
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
            assert drawn == [] and ("information", "Saved. Continue from the home screen.") in notes(app)
            assert session.path.exists() and session.step_count == 2

    asyncio.run(run())


def test_snapshot_handover(snap_compare):
    async def first_turn_done(pilot) -> None:
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, HandoverScreen))
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, PlayScreen))
        _choose(pilot.app, Touch("C2"))
        _choose(pilot.app, END_TURN)
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, HandoverScreen))

    app = FoxApp(session=table("Ada", "Bob", seed=5), bot_delay=0)
    assert snap_compare(app, terminal_size=(80, 24), run_before=first_turn_done)
