"""Replays: seeking through the cursor, go to step, perspectives and the spoiler prompt."""

from __future__ import annotations

import asyncio
from typing import Any

from play_helpers import GAME, finished_session, play_bots_until, screen_text, table, unfinished_session, wait_for

from foxtui.engine.replay import CHECKPOINT_EVERY
from foxtui.ui.app import FoxApp
from foxtui.ui.screens.goto_step import GotoStepScreen
from foxtui.ui.screens.home import HomeScreen
from foxtui.ui.screens.replay import PLAY_SPEEDS, ReplayScreen
from foxtui.ui.screens.handover import HandoverScreen
from foxtui.ui.screens.spoiler import SpoilerScreen
from foxtui.ui.widgets.status import StatusLine


def _status(app) -> str:
    return str(app.screen.query_one(StatusLine).render())


def _line(app) -> str:
    return str(app.screen.query_one("#replay-line").render())


async def _open(pilot, path) -> ReplayScreen:
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, ReplayScreen))
    return pilot.app.screen


def test_seek_keys_move_the_step_counter():
    session = unfinished_session()

    async def run() -> None:
        app = FoxApp(replay_path=session.path)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await _open(pilot, session.path)
            cursor = screen.cursor
            assert "Step 0 / 120 · Round 1 · Public view" in _status(app)
            assert _line(app) == "The game is set up."
            await pilot.press("right", "right")
            assert "Step 2 / 120" in _status(app)
            assert _line(app) == cursor.describe(2, None)
            await pilot.press("left")
            assert "Step 1 / 120" in _status(app)
            await pilot.press("end")
            assert f"Step 120 / 120 · Round {GAME.round_of(session.state)}" in _status(app)
            await pilot.press("right")  # nothing after the end
            assert "Step 120 / 120" in _status(app)
            await pilot.press("home")
            assert "Step 0 / 120" in _status(app)
            await pilot.press("pagedown")
            second = cursor.round_start_after(0)
            assert 0 < second < 120
            assert f"Step {second} / 120 · Round 2" in _status(app)
            await pilot.press("right", "right", "pageup")
            assert f"Step {second} / 120" in _status(app)
            await pilot.press("pageup")
            assert "Step 0 / 120 · Round 1" in _status(app)

    asyncio.run(run())


def test_go_to_step():
    session = unfinished_session()

    async def run() -> None:
        app = FoxApp(replay_path=session.path)
        async with app.run_test(size=(80, 24)) as pilot:
            await _open(pilot, session.path)
            await pilot.press("g")
            await wait_for(pilot, lambda: isinstance(app.screen, GotoStepScreen))
            await pilot.press(*"abc", "enter")
            await pilot.pause()
            assert isinstance(app.screen, GotoStepScreen)  # stays open, says why
            assert "Type a whole number from 0 to 120." in screen_text(app)
            await pilot.press(*"121", "enter")
            await pilot.pause()
            assert isinstance(app.screen, GotoStepScreen)
            await pilot.press(*"57", "enter")
            await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
            assert "Step 57 / 120" in _status(app)
            await pilot.press("g")
            await wait_for(pilot, lambda: isinstance(app.screen, GotoStepScreen))
            await pilot.press(*"3", "escape")
            await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
            assert "Step 57 / 120" in _status(app)

    asyncio.run(run())


async def _perspective(pilot, app, name: str, answers: list[str]) -> None:
    """Press v until ``name`` is the perspective, answering each prompt in turn."""
    for _ in range(8):
        if name in _status(app):
            return
        await pilot.press("v")
        await pilot.pause()
        if not isinstance(app.screen, ReplayScreen):
            await pilot.press(answers.pop(0))
            await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
    raise AssertionError(f"never reached {name}")


def _unfinished_with_a_bot(steps: int = 60):
    """Ada and Bob at one keyboard and Rex, a bot, a game stopped after ``steps`` steps
    (every seat played by its sensible choice), saved."""
    session = table("Ada", "Bob", ("Rex", "sensible"), saved=True)
    while session.step_count < steps and session.outcome() is None:
        seat = min(session.to_act())
        session.act(seat, session.bot_action(seat))
    session.close()
    return session


def test_perspectives_of_an_unfinished_game_ask_before_showing_a_seat_or_everything():
    """Issue 39 too: nobody sits at Rex's seat, so there is no "Pass to Rex": his view (his
    secrets) is only in everything, behind the warning."""
    session = _unfinished_with_a_bot()

    async def run() -> None:
        app = FoxApp(replay_path=session.path)
        async with app.run_test(size=(80, 24)) as pilot:
            await _open(pilot, session.path)
            await pilot.press("g", *"40", "enter")
            await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
            step = app.screen.cursor
            acting = session.record.steps[39].seat
            assert "Public view" in _status(app)
            assert _line(app) == step.describe(40, None)
            # a seat's view of a game still being played: a pass screen to that player first
            await pilot.press("v")
            await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen) and app.screen.player == "Ada")
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
            assert "Ada's view" in _status(app)
            assert _line(app) == step.describe(40, 0)
            await pilot.press("v")
            await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen) and app.screen.player == "Bob")
            await pilot.press("escape")  # not Bob at the keyboard: back to what all may see
            await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
            assert "Public view" in _status(app)
            for player in ("Ada", "Bob"):
                await pilot.press("v")
                await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen) and app.screen.player == player)
                await pilot.press("enter")
                await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
            assert "Bob's view" in _status(app)
            await pilot.press("v")  # Rex's seat is passed over
            await wait_for(pilot, lambda: isinstance(app.screen, (SpoilerScreen, HandoverScreen)))
            assert isinstance(app.screen, SpoilerScreen)
            assert "This game is not finished. Show everyone's secrets?" in screen_text(app)
            await pilot.press("n")
            await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
            assert "Public view" in _status(app)  # declined: round to the start
            await _perspective(pilot, app, "Everything", answers=["enter", "enter", "y"])
            mover = session.seats[acting].name
            assert _line(app) == f"{mover}: {step.describe(40, acting)}"  # the mover's own side
            await pilot.press("v")
            assert "Public view" in _status(app)
            await _perspective(pilot, app, "Everything", answers=["enter", "enter"])  # agreed once: no second prompt

    asyncio.run(run())


def test_a_seats_view_in_a_replay_reads_memories_with_hjkl():
    session = _unfinished_with_a_bot()

    async def run() -> None:
        app = FoxApp(replay_path=session.path)
        async with app.run_test(size=(80, 24)) as pilot:
            await _open(pilot, session.path)
            await pilot.press("right", "right", "v")
            await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))
            await pilot.press("enter")  # Ada's, behind a pass screen: the game is not over
            await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
            hint = str(app.screen.query_one("#mf-hint").render())
            assert hint == "Ada's view: h j k l move the cursor to read Ada's memory."
            spot = app.screen.query_one("#mf-spot")
            assert str(spot.render()).startswith("A1")
            await pilot.press("l", "j")  # the panel's cursor keys; the arrows stay the replay's
            assert str(spot.render()).startswith("B2")
            assert "Step 2 / 60" in _status(app)

    asyncio.run(run())


def test_finished_game_shows_everything_without_asking():
    session = finished_session(seed=7)

    async def run() -> None:
        app = FoxApp(replay_path=session.path)
        async with app.run_test(size=(80, 24)) as pilot:
            await _open(pilot, session.path)
            await pilot.press("v", "v", "v")
            assert "Cy's view" in _status(app)
            await pilot.press("v")
            await pilot.pause()
            assert isinstance(app.screen, ReplayScreen)
            assert "Everything" in _status(app)
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))

    asyncio.run(run())


def test_auto_play_steps_on_and_pauses_and_its_speed_is_yours():
    session = unfinished_session(30)

    async def run() -> None:
        app = FoxApp(replay_path=session.path)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await _open(pilot, session.path)
            assert PLAY_SPEEDS[screen.speed] == 0.25  # by default a step a quarter of a second
            await pilot.press("plus", "plus", "plus")  # as fast as it goes (and no further)
            assert PLAY_SPEEDS[screen.speed] == 0.05
            await pilot.press("home")
            await pilot.press("space")  # 30 steps at 0.05 s: still playing when read, even on a busy machine
            assert "Playing, 0.05 s a step" in _status(app)
            await wait_for(pilot, lambda: screen.cursor.position == 30 and screen._auto is None)
            assert "Playing" not in _status(app)  # stopped by itself at the end
            await pilot.press(*["minus"] * 6)
            assert PLAY_SPEEDS[screen.speed] == 2.0
            await pilot.press("home", "space", "space")  # started and paused at once
            stopped = screen.cursor.position
            await pilot.pause(0.1)
            assert screen.cursor.position == stopped < 30
            assert "Playing" not in _status(app)

    asyncio.run(run())


def test_stepping_through_shows_the_interludes_where_the_game_showed_them():
    session = finished_session(seed=7)
    round_ends = [n for n in range(1, session.step_count + 1) if len(GAME.view(session_state(session, n), None).summaries)
                  > len(GAME.view(session_state(session, n - 1), None).summaries)]
    assert round_ends

    async def run() -> None:
        app = FoxApp(replay_path=session.path)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await _open(pilot, session.path)
            end = round_ends[0]
            await pilot.press("g", *str(end - 1), "enter")  # jumping shows nothing on the way
            await wait_for(pilot, lambda: app.screen is screen and screen.cursor.position == end - 1)
            await pilot.press("right")  # the step that ended the round: its summary, as at the table
            await wait_for(pilot, lambda: type(app.screen).__name__ == "RoundSummaryScreen")
            await pilot.press("enter")
            await wait_for(pilot, lambda: app.screen is screen)
            await pilot.press("left", "right")  # back, and forward again: the summary again
            await wait_for(pilot, lambda: type(app.screen).__name__ == "RoundSummaryScreen")

    asyncio.run(run())


def session_state(session, n: int):
    from foxtui.engine.replay import ReplayCursor

    return ReplayCursor(session.game, session.record).seek(n)


class _CountingGame:
    """The real game, counting every apply."""

    def __init__(self, game: Any) -> None:
        self._game = game
        self.applies = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def apply(self, state, seat, action):
        self.applies += 1
        return self._game.apply(state, seat, action)


def test_seeking_a_2000_step_record_applies_few_steps():
    session = play_bots_until(
        table(*((name, "random") for name in ("Ada", "Bob", "Cy", "Di")), seed=0, saved=False, target_eggs=15), 2000
    )
    assert session.step_count == 2000 and session.outcome() is None
    game = _CountingGame(GAME)
    per_seek: list[int] = []
    per_key: list[int] = []

    async def run() -> None:
        app = FoxApp()
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
            screen = ReplayScreen(game, session.record, "long game")
            cursor = screen.cursor
            seek = cursor.seek

            def counted_seek(n: int):
                before = game.applies
                state = seek(n)
                per_seek.append(game.applies - before)
                return state

            cursor.seek = counted_seek
            app.push_screen(screen)
            await wait_for(pilot, lambda: app.screen is screen)
            keys = ["end", "left", "home", "pagedown", "pagedown", "pageup", "end", "pageup", "left", "right"]
            for key in keys:
                before = game.applies
                await pilot.press(key)
                per_key.append(game.applies - before)
                while app.screen is not screen:  # a step forward into a round's end shows its summary
                    await pilot.press("enter")
            for target in ("1999", "1000", "15", "1234"):
                await pilot.press("g", *target, "enter")
                await wait_for(pilot, lambda: app.screen is screen)
                assert cursor.position == int(target)
            assert "Step 1234 / 2000" in _status(app)

    asyncio.run(run())
    assert per_seek and max(per_seek) <= CHECKPOINT_EVERY - 1 == 15
    # a key press: the seek, plus the state before the step for its log line
    assert max(per_key) <= 2 * (CHECKPOINT_EVERY - 1)


def test_snapshot_replay_mid_game_public(snap_compare):
    session = unfinished_session()

    async def to_step_40(pilot) -> None:
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, ReplayScreen))
        await pilot.press("g", *"40", "enter")
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, ReplayScreen))

    assert snap_compare(FoxApp(replay_path=session.path), terminal_size=(80, 24), run_before=to_step_40)


def test_foxpaws_last_step_in_a_replay_is_what_that_step_changed_however_you_came():
    from foxtui.engine.game import SeatInfo
    from foxtui.engine.replay import ReplayCursor
    from foxtui.engine.saves import new_save_path
    from foxtui.engine.session import Session
    from foxtui.games import GAMES
    from foxtui.ui.games.foxpaw import FoxpawPanel, gains

    fp = GAMES["foxpaw"]
    seats = [SeatInfo("Ada", bot="sensible"), SeatInfo("Bob", bot="sensible"), SeatInfo("Cy", bot="sensible")]
    session = Session.new(fp, seats, fp.Options(), 3, new_save_path("foxpaw", 3))
    while session.step_count < 160:
        session.play_bot()
    session.close()
    cursor = ReplayCursor(fp, session.record)

    def change(n: int) -> list[str]:
        return [t.plain for t in gains(fp.view(cursor.seek(n - 1), None), fp.view(cursor.seek(n), None))]

    expected = {n: change(n) for n in (149, 150)}
    assert expected[150] != [] or expected[149] != []

    async def run() -> None:
        app = FoxApp(replay_path=session.path)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await _open(pilot, session.path)
            panel = screen.query_one(FoxpawPanel)
            await pilot.press("g", *"150", "enter")
            await wait_for(pilot, lambda: app.screen is screen and screen.cursor.position == 150)
            assert [t.plain for t in panel._changes] == expected[150]  # not the change since step 0
            await pilot.press("left")
            await pilot.pause()
            assert [t.plain for t in panel._changes] == expected[149]  # not 150's, reversed

    asyncio.run(run())


def _foxpaw_unfinished(steps: int = 40):
    """Ada and Bob at one keyboard, a Foxpaw game stopped after ``steps`` steps, saved."""
    from foxtui.engine.game import SeatInfo
    from foxtui.engine.saves import new_save_path
    from foxtui.engine.session import Session
    from foxtui.games import GAMES

    fp = GAMES["foxpaw"]
    session = Session.new(fp, [SeatInfo("Ada"), SeatInfo("Bob")], fp.Options(), 3, new_save_path("foxpaw", 3))
    while session.step_count < steps:
        seat = min(session.to_act())
        session.act(seat, session.bot_action(seat))
    session.close()
    return session


def test_a_foxpaw_replays_v_chooses_the_view_and_its_help_tells_the_arrows_true():
    """Issue 39: in a Foxpaw replay v zoomed to the Midnight Carnival (the panel's key), so
    no seat's view could be chosen; the help listed "← Previous page" at the first step,
    where ← (the replay's, for stepping back) did nothing of the kind."""
    from foxtui.ui.games.foxpaw import FoxpawPanel
    from foxtui.ui.widgets.keys import help_keys

    session = _foxpaw_unfinished()

    async def keys_in_help(pilot, app) -> list[tuple[str, str]]:
        await pilot.pause()
        return help_keys(app.screen)  # (what the replay's ? lists: its help's Markdown is slow to lay out)

    async def run() -> None:
        app = FoxApp(replay_path=session.path)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await _open(pilot, session.path)
            panel = screen.query_one(FoxpawPanel)
            page = panel._page
            keys = dict(await keys_in_help(pilot, app))
            assert keys.get("v") == "View" and keys.get("←") != "Previous page"
            await pilot.press("left")  # at the first step: nothing (the page stays)
            assert panel._page == page and "Step 0 / 40" in _status(app)
            await pilot.press("right", "right")
            keys = dict(await keys_in_help(pilot, app))
            assert keys.get("←") == "Prev" and keys.get("→") == "Next" and keys.get("v") == "View"
            await pilot.press("v")
            await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen) and app.screen.player == "Ada")
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
            assert "Ada's view" in _status(app) and panel._page != "carnival"

    asyncio.run(run())


def test_the_replays_status_line_fits_80_columns_while_it_plays():
    """Issue 39: "Master Fox replay · Step 100 / 120 · Round 2 · Public view · Playing, 0.25 s a"."""
    session = unfinished_session()

    async def run() -> None:
        app = FoxApp(replay_path=session.path)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await _open(pilot, session.path)
            await pilot.press("g", *"100", "enter")
            await wait_for(pilot, lambda: app.screen is screen and screen.cursor.position == 100)
            await pilot.press("space")
            status = _status(app)
            assert len(status) <= 78, status
            assert "Step 10" in status and "/ 120" in status and "Public view" in status
            assert "0.25 s" in status and "(+ -)" in status
            await pilot.press("space")
            assert "Master Fox replay" in _status(app)  # paused: room for the whole title again

    asyncio.run(run())
