"""Keys that arrive together act exactly as the same keys typed slowly (over SSH they
come bunched): on a form, at a table, one after the other, each on what the one
before it left."""

from __future__ import annotations

import asyncio

from play_helpers import burst, table, wait_for
from textual.widgets import Input

from foxtui.games.master_fox.actions import END_TURN, Touch
from foxtui.ui.app import FoxApp
from foxtui.ui.games.base import GamePanel
from foxtui.ui.screens.handover import HandoverScreen
from foxtui.ui.screens.new_game import NewGameScreen
from foxtui.ui.screens.play import PlayScreen


async def _settle(pilot, rounds: int = 12) -> None:
    for _ in range(rounds):
        await pilot.pause()


def _form(keys_slowly: bool, keys: list[str]) -> tuple[str, str, str | None]:
    async def run() -> tuple[str, str, str | None]:
        app = FoxApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("n")
            await wait_for(pilot, lambda: isinstance(app.screen, NewGameScreen))
            if keys_slowly:
                await pilot.press(*keys)
            else:
                burst(app, keys)
            await _settle(pilot)
            screen = app.screen
            focused = app.focused.id if app.focused else None
            return screen.query_one("#players", Input).value, screen.query_one("#seat-1-name", Input).value, focused

    return asyncio.run(run())


def test_a_burst_on_the_new_game_form_fills_it_as_typing_slowly_does():
    keys = ["tab", "backspace", "3", "tab", "X"]
    slowly = _form(True, keys)
    assert slowly == ("3", "X", "seat-1-name")
    assert _form(False, keys) == slowly  # before: Players blank and the X lost


def _end_and_undo(keys_slowly: bool) -> tuple[int, list[str]]:
    """Master Fox: Ada touches, then e (end the turn) and u (take it back) together."""
    session = table("Ada", "Bob", seed=5, saved=False)

    async def run() -> tuple[int, list[str]]:
        app = FoxApp(session=session, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen))
            app.screen.query_one(GamePanel).post_message(GamePanel.ActionChosen(Touch("C2")))
            await _settle(pilot)
            if keys_slowly:
                await pilot.press("e", "u")
            else:
                burst(app, ["e", "u"])
            await _settle(pilot)
            said = [n.message for n in app._notifications]
            return session.step_count, said

    return asyncio.run(run())


def test_end_turn_and_take_back_together_act_as_typed_slowly():
    steps, said = _end_and_undo(True)
    assert steps == 1 and "Undone." in said  # e ends the turn; u on the pass screen takes it back
    assert _end_and_undo(False) == (steps, said)  # before: "You already felt that pawn"


def test_moves_in_a_burst_are_each_taken_in_turn():
    """Three touches typed at once are three touches (each on the board the one before left)."""
    session = table("Ada", ("Bo", "sensible"), seed=5, saved=False)

    async def run() -> None:
        app = FoxApp(session=session, bot_delay=60)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen))
            burst(app, ["t", "right", "t", "right", "t"])
            await _settle(pilot)
            spots = [s.action.spot for s in session.record.steps]
            assert spots == ["A1", "B1", "C1"]
            assert END_TURN not in [s.action for s in session.record.steps]

    asyncio.run(run())



def test_a_key_whose_handling_takes_long_is_done_before_the_next_is_passed_on():
    """A loaded machine may take longer over a key than a marker waits; the key after
    it still goes where the first left the focus (here Enter moves it to the next field)."""
    from textual.app import ComposeResult
    from textual.screen import Screen

    from foxtui.ui import app as app_module

    class SlowField(Input):
        async def on_key(self, event) -> None:
            if event.key == "enter":
                event.stop()
                await asyncio.sleep(3 * app_module.MARKER_PATIENCE)
                self.screen.focus_next()

    class TwoFields(Screen):
        def compose(self) -> ComposeResult:
            yield SlowField(id="first")
            yield Input(id="second")

    async def run() -> tuple[str, str]:
        app = FoxApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await app.push_screen(TwoFields())
            await wait_for(pilot, lambda: app.focused is not None and app.focused.id == "first")
            burst(app, ["enter", "x"])
            await asyncio.sleep(6 * app_module.MARKER_PATIENCE)
            await _settle(pilot)
            return app.screen.query_one("#first", Input).value, app.screen.query_one("#second", Input).value

    assert asyncio.run(run()) == ("", "x")  # before: ("x", ""), the x passed on before Enter was done
