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
from play_helpers import hand_clock, screen_names, screen_text, wait_for
from textual.widget import Widget
from textual.widgets import Digits, OptionList

from foxtui.engine.game import SeatInfo
from foxtui.engine.session import Session
from foxtui.games import GAMES
from foxtui.games.fox_matters import content
from foxtui.engine.saves import new_save_path
from foxtui.games.fox_matters.actions import EndAction, MoveKnight, PlayCard, Ready, TakeBack, TimeUp
from foxtui.games.fox_matters.bots import suggestion
from foxtui.ui.app import FoxApp
from foxtui.ui.games import panel_for
from foxtui.ui.games.fox_matters import CheckScreen, ColumnView, FoxMattersPanel
from foxtui.ui.games.fox_matters_words import GLYPH
from foxtui.table import TableDriver
from foxtui.ui.screens.play import PlayScreen
from foxtui.ui.widgets.moves import Moves

GAME = GAMES["fox-matters"]


def _session(*humans: str, bots: int = 2, seed: int = 3, saved: bool = False, **options: Any) -> Session:
    seats = [SeatInfo(h) for h in humans] + [SeatInfo(n, bot="cooperative") for n in ("Bo", "Cy", "Di")[:bots]]
    path = new_save_path(GAME.id, seed) if saved else None
    return Session.new(GAME, seats, GAME.Options(nightmare="random-level-1", **options), seed, path)


def _all_ready(session: Session) -> Session:
    """Everyone says Ready at once: the Action of round 1 starts, its timer untouched."""
    for seat in range(len(session.seats)):
        session.act(seat, Ready())
    assert session.view(None).phase == "action"
    return session


@pytest.fixture
def frozen_clock(monkeypatch):
    """The table's clock does not move on its own (tests move it, or look at it still)."""
    return hand_clock(monkeypatch)


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


def offered(app) -> list[Any]:
    """The moves the list offers now, in its order."""
    return app.screen.query_one("#fm-moves", Moves).actions


async def to_line(pilot, app, index: int) -> None:
    """Move the highlight to line ``index`` with the arrow keys (from no highlight at
    all, the first ↓ lands on line 0)."""
    now = app.screen.query_one("#fm-moves", OptionList).highlighted
    step = index - (-1 if now is None else now)
    await pilot.press(*(["down"] * step if step > 0 else ["up"] * -step))


def test_a_round_planning_action_with_the_timer_and_the_problem_check(frozen_clock):
    session = _session("Ada", seed=5)  # the bots leave cards to play (checked over hash seeds)
    app = FoxApp(session=session, bot_delay=0)

    async def body(pilot) -> None:
        await wait_for(pilot, lambda: session.humans_to_act() == [0] and all(session.view(0).ready[1:]))
        text = screen_text(app)
        assert "Planning" in text and "4 cards face down" in text  # new cards hidden from everyone
        assert "fox_matters.ready" in shown_keys(app) and "fox_matters.end" not in shown_keys(app)
        assert not app.screen.query_one(Digits).display  # no timer while planning
        # Enter plays the highlighted move, an object from the legal list
        steps = session.step_count
        first = offered(app)[0]
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
        frozen_clock.last.advance(1)
        await pilot.pause()
        assert timer.value == "1:59"
        # anyone may play any face-up card: find a column where one fits, play it
        for _ in range(6):
            if any(isinstance(a, PlayCard) for a in offered(app)):
                break
            await pilot.press("right")
        choices = offered(app)
        await to_line(pilot, app, next(i for i, a in enumerate(choices) if isinstance(a, PlayCard)))
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
        while session.view(0).phase == "share_cheese":  # Ada shares a column's cheese: Enter takes the suggestion
            await wait_for(pilot, lambda: session.humans_to_act() == [0] or session.view(0).phase != "share_cheese")
            if session.view(0).phase == "share_cheese":
                steps = session.step_count
                await pilot.press("enter")
                await wait_for(pilot, lambda: session.step_count > steps)
        assert session.view(0).phase in ("planning", "over")
        assert "Last Problem check (round 1)" in screen_text(app)
        assert not app.screen.query_one(Digits).display
        assert "HandoverScreen" not in screen_names(app)

    run(app, body)


def test_the_suggested_cheese_share_is_taken_with_one_key(frozen_clock):
    """Ada alone deals with a column where two of her knights stood: the table's share
    of its cheese is hers to choose, and the suggestion is the highlighted move."""
    session = Session.new(GAME, [SeatInfo("Ada")], GAME.Options(nightmare="random-level-1"), 1, None)
    while session.view(0).phase != "share_cheese":
        assert session.view(0).round == 1
        session.act(0, suggestion(session.view(0), GAME.legal_actions(session.state, 0))[0])
    suggested = GAME.legal_actions(session.state, 0)[0]
    app = FoxApp(session=session, bot_delay=0)

    async def body(pilot) -> None:
        text = screen_text(app)
        assert "Problem check" in text and "Suggested: " in text and "Enter takes the suggestion" in text
        moves = app.screen.query_one("#fm-moves", Moves)
        assert moves.highlighted_action == suggested and moves.highlighted == 0
        assert "cheese to share among" in text
        steps = session.step_count
        await pilot.press("enter")
        await wait_for(pilot, lambda: session.step_count > steps)
        assert session.record.steps[steps].action == suggested
        assert session.view(0).phase == "planning" and session.view(0).round == 2

    run(app, body)


def test_the_timer_running_out_submits_the_time_up_step(monkeypatch):
    monkeypatch.setattr(TableDriver, "TICK", 0.005)
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


def test_time_runs_out_while_only_a_bot_is_still_playing(frozen_clock):
    """The timer is the table's: when every human is done but a bot is still thinking,
    time running out still ends the Action (the step is taken for the bot's seat)."""
    session = _all_ready(_session("Ada", bots=1, timer_seconds=10))
    app = FoxApp(session=session, bot_delay=3600)  # the bot never gets round to it

    async def body(pilot) -> None:
        await pilot.press("e")  # Ada is done; Bo is not
        await wait_for(pilot, lambda: session.record.steps[-1].action == EndAction())
        frozen_clock.last.advance(10)
        await wait_for(pilot, lambda: len(session.view(0).reports) == 1)
        [seat] = [s.seat for s in session.record.steps if isinstance(s.action, TimeUp)]
        assert seat == 1

    run(app, body)


def test_a_resumed_action_continues_the_countdown(frozen_clock):
    """The seconds left are kept in the save: leaving and continuing later does not
    start the Action's timer afresh."""
    session = _all_ready(_session("Ada", bots=0, saved=True, timer_seconds=60))
    app = FoxApp(session=session, bot_delay=0)

    async def play(pilot) -> None:
        frozen_clock.last.advance(12)
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()

    run(app, play)
    resumed = Session.resume(session.path)
    assert resumed.clock_left(1) == 48
    assert resumed.clock_left(2) is None  # a later Action would start afresh
    app = FoxApp(session=resumed, bot_delay=0)

    async def look(pilot) -> None:
        assert app.screen.driver.clock_left() == 48
        assert "0:48" in str(app.screen.query_one(Digits).value)

    run(app, look)


def test_at_a_shared_keyboard_any_player_may_take_the_next_move(frozen_clock):
    """Nothing is secret at this table: p hands the keyboard to the next player who has
    something to do, in any order, without a handover."""
    session = _session("Ada", "Bea", "Cal", bots=0)
    app = FoxApp(session=session, bot_delay=0)

    async def body(pilot) -> None:
        assert app.screen.seat_on_screen == 0 and "play.next_player" in shown_keys(app)
        await pilot.press("p")
        assert app.screen.seat_on_screen == 1 and "Bea's view" in screen_text(app)
        await pilot.press("p", "r")  # Cal is ready first
        await wait_for(pilot, lambda: session.view(None).ready == [False, False, True])
        assert app.screen.seat_on_screen == 0  # the keyboard goes to someone with a move
        await pilot.press("p")
        assert app.screen.seat_on_screen == 1
        await pilot.press("r")
        await wait_for(pilot, lambda: app.screen.seat_on_screen == 0)
        assert "play.next_player" not in shown_keys(app)  # Ada alone has a move left
        assert "HandoverScreen" not in screen_names(app)

    run(app, body)


def test_t_shows_the_whole_table_at_80_columns(frozen_clock):
    """A solo player's five knights and their cheese do not fit beside the moves: t puts
    the whole table (knights, cheese, every card) in their place, and back."""
    session = _session("Ada", bots=0)
    app = FoxApp(session=session, bot_delay=0)

    async def body(pilot) -> None:
        knights = [k.name.removeprefix("Fox ") for k in session.view(0).knights]
        assert len(knights) == 5
        whole = app.screen.query_one("#fm-whole")
        assert not whole.display and app.screen.query_one("#fm-moves").display
        await pilot.press("t")
        assert whole.display and not app.screen.query_one("#fm-moves").display
        text = str(app.screen.query_one("#fm-whole-table").render())
        symbols = [content.KNIGHT[k.id].symbol for k in session.view(0).knights]
        assert all(f"{k} {GLYPH[s]} 0 cheese" in text for k, s in zip(knights, symbols)), text
        await pilot.press("t")
        assert not whole.display and app.screen.focused.id == "fm-moves"

    run(app, body)


def test_a_roomy_terminal_shows_all_six_columns(frozen_clock):
    app = _humans_app()

    async def body(pilot) -> None:
        await pilot.resize_terminal(160, 48)
        await pilot.pause()
        cells = list(app.screen.query(".fm-cell"))
        assert all(cell.display for cell in cells) and len(cells) == 6
        assert not app.screen.query_one("#fm-left").display
        assert "fox_matters.table" not in shown_keys(app)  # the whole table is in sight
        await pilot.press("right")
        assert [c.has_class("-zoomed") for c in cells] == [False, True, False, False, False, False]
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert app.screen.query_one("#fm-left").display and "Column 2" in screen_text(app)

    run(app, body)


def test_snapshot_roomy_terminal(snap_compare, frozen_clock):
    app = _humans_app()

    async def ready(pilot) -> None:
        await _to_action(pilot, app)
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.screen.session.step_count == 3)

    assert snap_compare(app, terminal_size=(160, 48), run_before=ready)


def test_untimed_action_shows_no_countdown(frozen_clock):
    session = _session("Ada", timer_seconds=0)
    app = FoxApp(session=session, bot_delay=0)

    async def body(pilot) -> None:
        await wait_for(pilot, lambda: session.humans_to_act() == [0])
        await pilot.press("r")
        await wait_for(pilot, lambda: session.view(0).phase == "action" and session.humans_to_act() == [0])
        assert not app.screen.query_one(Digits).display
        assert "Action (untimed)" in screen_text(app)
        assert not any(isinstance(a, TimeUp) for a in panel(app).legal)

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


def test_a_step_redraws_the_panel_in_place_without_a_layout(frozen_clock, monkeypatch):
    """Over SSH each player's screen is drawn by a process of its own: every layout and
    every line drawn again is CPU (and bytes) on every step. A card played into the
    column rewrites the moves in place, the highlight on the first (a new decision); the column,
    its chain a card longer, and the log, a line longer, draw themselves where they
    are: no widget asks for a layout of the screen."""
    session = _all_ready(_session("Ada", bots=0, timer_seconds=0))
    app = FoxApp(session=session, bot_delay=0)
    asked: list[str] = []
    refresh = Widget.refresh

    def spy(widget, *regions, **kwargs):
        if kwargs.get("layout"):
            asked.append(f"{type(widget).__name__}#{widget.id}")
        return refresh(widget, *regions, **kwargs)

    async def play(pilot, *keys: str) -> None:
        highlighted = app.screen.query_one("#fm-moves", OptionList).highlighted
        chosen, steps = offered(app)[highlighted + keys.count("down")], session.step_count
        await pilot.press(*keys, "enter")
        await wait_for(pilot, lambda: session.step_count > steps)
        assert session.record.steps[steps].action == chosen

    async def body(pilot) -> None:
        await wait_for(pilot, lambda: session.humans_to_act() == [0])
        moves = app.screen.query_one("#fm-moves", OptionList)
        column = app.screen.query_one("#fm-column", ColumnView)
        await play(pilot, "down", "down")  # a card with the highlight on the third move
        # (no scrollbar before or after: one that comes or goes is a layout of its own)
        assert moves.highlighted == 0 and not moves.show_vertical_scrollbar
        assert not column.show_vertical_scrollbar
        with monkeypatch.context() as patched:
            patched.setattr(Widget, "refresh", spy)
            await play(pilot, "down")  # another card: one move more on offer
            await pilot.pause()
        assert asked == []
        # the column drawn is the View's, wrapped, the new card at the end of the chain
        drawn = [line.text.rstrip() for line in column._lines]
        assert column.virtual_size.height == len(drawn) and not column.show_vertical_scrollbar
        assert " ".join(drawn).split() == panel(app)._column_text(session.view(0), 0).plain.split()
        assert drawn[drawn.index("Chain:") + 2].startswith(" 2. ") and drawn[-1] in screen_text(app)
        assert [str(o.prompt) for o in moves.options] == [panel(app)._label(a).plain for a in offered(app)]
        assert moves.highlighted == 0 and not moves.show_vertical_scrollbar

    run(app, body)


# --- the highlight follows its move when someone else's step changes the list


def _shown_moves(app) -> list[str]:
    return [str(option.prompt) for option in app.screen.query_one("#fm-moves", OptionList).options]


def _guard_tower_in_column_5(*, bot: bool) -> Session:
    """Ada and Bea (a human at the same keyboard, or a bot) in the Action: Ada's Guard
    Tower starts column 5's chain; Ada's Warm Hug may follow it there."""
    seats = [SeatInfo("Ada"), SeatInfo("Bea", bot="cooperative" if bot else None)]
    session = Session.new(GAME, seats, GAME.Options(nightmare="random-level-1", timer_seconds=0), 3, None)
    _all_ready(session)
    session.act(0, PlayCard("R32", 4))
    return session


async def _step_for_bea_meanwhile(pilot, app, step: Any) -> int:
    """Bea's step comes in while Ada looks at her list (through the table's driver, as
    any other seat's step does); the table is drawn again with Ada still on screen.
    Returns the line highlighted before."""
    line = app.screen.query_one("#fm-moves", OptionList).highlighted
    app.screen.driver.act(1, step)
    await pilot.pause()
    assert app.screen.seat_on_screen == 0
    return line


@pytest.mark.parametrize("bot", [False, True], ids=["two humans", "a bot"])
def test_enter_after_another_seats_step_plays_the_move_highlighted_not_the_one_now_on_its_line(frozen_clock, bot):
    """The report: a player had "Move Fox King to column 1" highlighted; the other
    player's step came in and, pressing Enter 0.4 s later, they took the other's card
    back instead. The highlight follows its move to the line it is on now."""
    session = _guard_tower_in_column_5(bot=bot)
    app = FoxApp(session=session, bot_delay=3600)  # a bot's step comes only when the test says

    async def body(pilot) -> None:
        await pilot.press("5")
        chancellor = MoveKnight("fox-chancellor", 4)
        await to_line(pilot, app, offered(app).index(chancellor))
        line = await _step_for_bea_meanwhile(pilot, app, PlayCard("R33", 4))  # Ada's Warm Hug
        assert offered(app)[line] == TakeBack("R32")  # what slid onto the line: Guard Tower back
        moves = app.screen.query_one("#fm-moves", OptionList)
        assert offered(app)[moves.highlighted] == chancellor
        assert "Move Fox Chancellor ♛ to column 5" in _shown_moves(app)[moves.highlighted]
        # the change is flagged, never silent
        assert "The list changed: the highlight stayed on your move" in screen_text(app)
        steps = session.step_count
        await pilot.press("enter")
        await wait_for(pilot, lambda: session.step_count > steps)
        assert session.record.steps[steps].action == MoveKnight("fox-chancellor", 4)
        assert session.record.steps[steps].seat == 0

    run(app, body)


def test_when_the_highlighted_move_is_gone_enter_does_nothing_until_the_cursor_moves(frozen_clock):
    """Bea plays the very card Ada had highlighted: nothing is highlighted then, and
    Enter plays nothing (not the move that slid onto the line); ↓ highlights the first
    move, and Enter plays that."""
    session = _guard_tower_in_column_5(bot=False)
    app = FoxApp(session=session, bot_delay=0)

    async def body(pilot) -> None:
        await pilot.press("5")
        await to_line(pilot, app, offered(app).index(PlayCard("R33", 4)))  # Ada's Warm Hug
        line = await _step_for_bea_meanwhile(pilot, app, PlayCard("R33", 4))
        moves = app.screen.query_one("#fm-moves", OptionList)
        assert moves.highlighted is None and "Bea: Court Herald" in _shown_moves(app)[line]
        assert "Your highlighted move went: pick again" in screen_text(app)
        steps = session.step_count
        await pilot.press("enter")
        for _ in range(5):
            await pilot.pause()
        assert session.step_count == steps
        await pilot.press("down")
        assert moves.highlighted == 0
        await pilot.press("enter")
        await wait_for(pilot, lambda: session.step_count > steps)
        played = session.record.steps[steps].action
        assert isinstance(played, PlayCard) and content.CARDS[played.card].name == "Court Herald"

    run(app, body)


def test_a_long_column_scrolls_beside_its_scrollbar(frozen_clock):
    """The column wraps its lines beside the scrollbar when they do not fit (80x24),
    the arrow keys scroll it, and a short column again has no scrollbar."""
    from rich.text import Text

    app = FoxApp(session=_all_ready(_session("Ada", bots=0, timer_seconds=0)), bot_delay=0)

    async def body(pilot) -> None:
        column = app.screen.query_one("#fm-column", ColumnView)
        width = column.container_size.width
        # lines of the column's whole width: each takes two rows beside the scrollbar
        column.show_text(Text("\n".join(f"{n:02d}" + "x" * (width - 2) for n in range(30))))
        await pilot.pause()
        assert column.show_vertical_scrollbar and column.max_scroll_y > 0
        assert len(column._lines) == 60 and max(line.cell_length for line in column._lines) == width - 1
        column.focus()
        await pilot.press("end")  # (the scroll is animated)
        await wait_for(pilot, lambda: column.scroll_y == column.max_scroll_y and "29xxx" in screen_text(app))
        assert "00xxx" not in screen_text(app)
        await pilot.press("home")
        await wait_for(pilot, lambda: column.scroll_y == 0 and "00xxx" in screen_text(app))
        column.show_text(Text("Column 1"))
        await pilot.pause()
        assert not column.show_vertical_scrollbar and column.virtual_size.height == 1

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


def _finished(seed: int, **options: Any) -> Session:
    """A whole game of two cooperative bots (Ada and Bea)."""
    seats = [SeatInfo("Ada", bot="cooperative"), SeatInfo("Bea", bot="cooperative")]
    session = Session.new(GAME, seats, GAME.Options(**options), seed)
    while session.outcome() is None:
        session.play_bot()
    return session


def test_snapshot_the_team_wins(snap_compare):
    session = _finished(1, holiday=True)
    assert session.outcome().coop_won is True

    async def ready(pilot) -> None:
        await wait_for(pilot, lambda: type(pilot.app.screen).__name__ == "ResultsScreen")

    assert snap_compare(FoxApp(session=session, bot_delay=0), terminal_size=(80, 24), run_before=ready)


def test_snapshot_the_team_loses_to_fear(snap_compare):
    session = _finished(3, nightmare="random-level-4")
    assert session.outcome().coop_won is False and "third Fear token" in session.outcome().ending

    async def ready(pilot) -> None:
        await wait_for(pilot, lambda: type(pilot.app.screen).__name__ == "ResultsScreen")

    assert snap_compare(FoxApp(session=session, bot_delay=0), terminal_size=(80, 24), run_before=ready)


def test_a_replay_shows_the_whole_table_in_place_of_the_moves():
    session = _finished(2, holiday=True)
    app = FoxApp(session=session, bot_delay=0)

    async def body(pilot) -> None:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ResultsScreen")
        await pilot.press("r")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ReplayScreen")
        await pilot.press("pageup", "pageup", "pageup")
        await pilot.pause()
        assert app.screen.query_one("#fm-whole").display and not app.screen.query_one("#fm-moves").display
        assert "fox_matters.table" not in shown_keys(app) and "fox_matters.choose" not in shown_keys(app)
        assert " cheese" in str(app.screen.query_one("#fm-whole-table").render())

    asyncio.run(_run_any(app, body))


async def _run_any(app: FoxApp, body) -> None:
    async with app.run_test(size=(80, 24)) as pilot:
        await body(pilot)
