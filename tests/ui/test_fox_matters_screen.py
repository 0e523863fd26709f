"""The Fox Matters panel through the real play screen: Planning, the Action with its
timer (and the step it submits when time runs out), the Problem check explained,
keys offered only when legal, and a cooperative table without handovers.

Games are fixed-seed sessions of one human (Ada) and cooperative bots; FoxApp runs
with bot_delay=0. The countdown's tick is slowed down (frozen) or sped up per test.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from play_helpers import screen_names, screen_text, wait_for
from textual.widgets import Digits

from foxtui.engine.game import SeatInfo
from foxtui.engine.session import Session
from foxtui.games import GAMES
from foxtui.games.fox_matters.actions import PlayCard, TimeUp
from foxtui.ui.app import FoxApp
from foxtui.ui.games import PANELS
from foxtui.ui.games.fox_matters import CheckScreen, FoxMattersPanel
from foxtui.ui.screens.play import PlayScreen

GAME = GAMES["fox-matters"]


def _session(*humans: str, bots: int = 2, seed: int = 3, **options: Any) -> Session:
    seats = [SeatInfo(h) for h in humans] + [SeatInfo(n, bot="cooperative") for n in ("Bo", "Cy", "Di")[:bots]]
    return Session.new(GAME, seats, GAME.Options(nightmare="random-level-1", **options), seed)


@pytest.fixture(autouse=True)
def registered(monkeypatch):
    """The panel is not in PANELS yet (the game stays hidden until the lead offers it):
    these tests open it as if it were."""
    monkeypatch.setitem(PANELS, GAME.id, lambda: FoxMattersPanel)


@pytest.fixture
def frozen_clock(monkeypatch):
    """The countdown does not move on its own (tests drive it or look at it still)."""
    monkeypatch.setattr(FoxMattersPanel, "TICK", 3600.0)


def run(app: FoxApp, body) -> None:
    async def go() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen))
            await body(pilot)

    asyncio.run(go())


def shown_keys(app) -> set[str]:
    return {b.binding.id for b in app.screen.active_bindings.values() if b.enabled}


def panel(app) -> FoxMattersPanel:
    return app.screen.query_one(FoxMattersPanel)


def test_a_round_planning_action_with_the_timer_and_the_problem_check(frozen_clock):
    session = _session("Ada", seed=5)  # the bots leave cards to play (checked over hash seeds)
    app = FoxApp(session=session, bot_delay=0)

    async def body(pilot) -> None:
        await wait_for(pilot, lambda: session.humans_to_act() == [0] and all(session.view(0).ready[1:]))
        text = screen_text(app)
        assert "Planning" in text and "4 face down" in text  # new cards hidden from everyone
        assert "fox_matters.ready" in shown_keys(app) and "fox_matters.end" not in shown_keys(app)
        assert not app.screen.query_one(Digits).display  # no timer while planning
        # Enter plays the highlighted move, an object from the legal list
        steps = session.step_count
        first = panel(app)._choices[0]
        await pilot.press("enter")
        await wait_for(pilot, lambda: session.step_count > steps)
        assert session.record.steps[steps].action == first
        await pilot.press("r")
        # the bots act at once (bot delay 0) and say they are done
        await wait_for(pilot, lambda: session.view(0).phase == "action" and session.bots_to_act() == [])
        timer = app.screen.query_one(Digits)
        assert timer.display and timer.value == "2:00"
        assert "Action" in screen_text(app)
        assert "fox_matters.end" in shown_keys(app) and "fox_matters.ready" not in shown_keys(app)
        # the clock ticks on the table's time, shown big
        panel(app)._tick()
        await pilot.pause()
        assert timer.value == "1:59"
        # anyone may play any face-up card: find a column where one fits, play it
        for _ in range(6):
            if any(isinstance(a, PlayCard) for a in panel(app)._choices):
                break
            await pilot.press("right")
        choices = panel(app)._choices
        await pilot.press(*["down"] * next(i for i, a in enumerate(choices) if isinstance(a, PlayCard)))
        steps = session.step_count
        await pilot.press("enter")
        await wait_for(pilot, lambda: session.step_count > steps)
        assert isinstance(session.record.steps[steps].action, PlayCard)
        assert session.record.steps[steps].seat == 0  # played from Ada's seat, owner kept
        await pilot.press("e")
        await wait_for(pilot, lambda: len(session.view(0).reports) == 1)
        # everyone reads the check, column by column, then the table is back
        await wait_for(pilot, lambda: isinstance(app.screen, CheckScreen))
        text = screen_text(app)
        assert "Problem check, round 1" in text and "Column 1:" in text and "Needed" in text
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen))
        assert session.view(0).phase in ("planning", "over")
        assert "Last Problem check (round 1)" in screen_text(app)
        assert not app.screen.query_one(Digits).display
        assert "HandoverScreen" not in screen_names(app)

    run(app, body)


def test_the_timer_running_out_submits_the_time_up_step(monkeypatch):
    monkeypatch.setattr(FoxMattersPanel, "TICK", 0.005)
    session = _session("Ada", timer_seconds=10)
    app = FoxApp(session=session, bot_delay=0)

    async def body(pilot) -> None:
        await wait_for(pilot, lambda: session.humans_to_act() == [0])
        await pilot.press("r")
        await wait_for(pilot, lambda: len(session.view(0).reports) == 1, tries=5000)
        assert [type(s.action) for s in session.record.steps].count(TimeUp) == 1
        assert any(isinstance(s.action, TimeUp) for s in session.record.steps)
        assert "Time is up!" in " ".join(session.log(0, last=50))

    run(app, body)


def test_untimed_action_shows_no_countdown(frozen_clock):
    session = _session("Ada", timer_seconds=0)
    app = FoxApp(session=session, bot_delay=0)

    async def body(pilot) -> None:
        await wait_for(pilot, lambda: session.humans_to_act() == [0])
        await pilot.press("r")
        await wait_for(pilot, lambda: session.view(0).phase == "action" and session.humans_to_act() == [0])
        assert not app.screen.query_one(Digits).display
        assert "Action (untimed)" in screen_text(app)
        assert not any(isinstance(a, TimeUp) for a in panel(app)._legal)

    run(app, body)


def test_columns_are_zoomed_one_at_a_time(frozen_clock):
    session = _session("Ada")
    app = FoxApp(session=session, bot_delay=0)

    async def body(pilot) -> None:
        await wait_for(pilot, lambda: session.humans_to_act() == [0])
        assert "Column 1" in screen_text(app)
        await pilot.press("right")
        assert "Column 2" in screen_text(app)
        await pilot.press("left", "left")
        assert "Column 6" in screen_text(app)
        await pilot.press("3")
        assert "Column 3" in screen_text(app)

    run(app, body)


def test_two_humans_plan_in_turn_without_a_handover(frozen_clock):
    session = _session("Ada", "Bea", bots=0)
    app = FoxApp(session=session, bot_delay=0)

    async def body(pilot) -> None:
        assert app.screen.seat_on_screen == 0
        await pilot.press("r")
        await wait_for(pilot, lambda: app.screen.seat_on_screen == 1)
        assert "HandoverScreen" not in screen_names(app)
        assert "Bea's view" in screen_text(app)

    run(app, body)


# --- snapshots (80x24, through the real play screen). Two humans and no bots: every
# step is a key pressed here, so the pictures never depend on a bot's choices.


def _humans_app() -> FoxApp:
    return FoxApp(session=_session("Ada", "Bea", bots=0), bot_delay=0)


async def _to_action(pilot, app: FoxApp) -> None:
    await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen))
    await pilot.press("r")  # Ada is ready; Bea's view comes up, no handover
    await wait_for(pilot, lambda: app.screen.seat_on_screen == 1)
    await pilot.press("r")  # the timer starts, the cards turn face up
    await wait_for(pilot, lambda: app.screen.session.view(None).phase == "action")


def test_snapshot_planning(snap_compare, frozen_clock):
    app = _humans_app()

    async def ready(pilot) -> None:
        await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen))

    assert snap_compare(app, terminal_size=(80, 24), run_before=ready)


def test_snapshot_action_with_the_timer(snap_compare, frozen_clock):
    app = _humans_app()

    async def ready(pilot) -> None:
        await _to_action(pilot, app)
        await pilot.press("enter")  # Bea plays the first move on offer at column 1
        await wait_for(pilot, lambda: app.screen.session.step_count == 3)

    assert snap_compare(app, terminal_size=(80, 24), run_before=ready)


def test_snapshot_problem_check(snap_compare, frozen_clock):
    app = _humans_app()

    async def ready(pilot) -> None:
        await _to_action(pilot, app)
        await pilot.press("enter", "e")  # Bea plays a card and is done
        await wait_for(pilot, lambda: app.screen.seat_on_screen == 0)
        await pilot.press("e")  # Ada is done too: the Problem check
        await wait_for(pilot, lambda: isinstance(app.screen, CheckScreen))

    assert snap_compare(app, terminal_size=(80, 24), run_before=ready)
