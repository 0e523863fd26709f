"""The play screen: bots, one human's view, undo, illegal moves, help, interludes, leaving."""

from __future__ import annotations

import asyncio

from play_helpers import GAME, hand_clock, notes, screen_names, screen_text, table, wait_for
from textual.screen import ModalScreen
from textual.widgets import Static

from foxtui.engine.game import SeatInfo
from foxtui.engine.record import state_hash
from foxtui.engine.session import Session
from foxtui.games.master_fox.actions import END_TURN, KeepMission, Touch
from foxtui.ui.app import FoxApp
from foxtui.ui.games import panel_for
from foxtui.ui.games.base import GamePanel
from foxtui.ui.screens.handover import HandoverScreen
from foxtui.ui.screens.help import HelpScreen
from foxtui.ui.screens.home import HomeScreen
from foxtui.ui.screens.play import PlayScreen
from foxtui.ui.screens.results import ResultsScreen
from foxtui.ui.widgets.log import GameLog


def _choose(app, action) -> None:
    app.screen.query_one(GamePanel).post_message(GamePanel.ActionChosen(action))


def _errors(app) -> list[str]:
    return [message for severity, message in notes(app) if severity == "error"]


def test_one_human_with_bots_never_hands_over_and_bots_play():
    session = table("Ada", ("Bo", "sensible"), ("Cy", "random"), seed=5)
    seen: list[str] = []

    async def run() -> None:
        app = FoxApp(session=session, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen))
            play = app.screen
            assert play.seat_on_screen == 0  # straight to Ada's view, no handover
            _choose(app, Touch("C2"))
            await pilot.pause()
            _choose(app, END_TURN)

            def bots_done() -> bool:
                seen.append(type(app.screen).__name__)
                return session.to_act() == frozenset({0})

            await wait_for(pilot, bots_done)
            await pilot.pause()
            assert "HandoverScreen" not in seen
            assert play.seat_on_screen == 0  # the bots' turns showed Ada's view
            movers = {session.record.steps[n].seat for n in range(session.step_count)}
            assert movers == {0, 1, 2}
            log = " ".join(strip.text for strip in play.query_one(GameLog).lines)
            assert "Bo " in log and "Cy " in log  # the log tells what the bots did
            assert "You touched C2" in log  # ... and Ada's own moves, from her side
            assert "Ada's view" in screen_text(app)

    asyncio.run(run())


def test_bots_only_table_shows_the_public_view():
    session = table(("Ada", "sensible"), ("Bob", "sensible"), seed=7)

    async def run() -> None:
        app = FoxApp(session=session, bot_delay=60)  # the first bot is still thinking
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen))
            assert app.screen.seat_on_screen is None
            assert "Public view" in screen_text(app)
            assert session.step_count == 0

    asyncio.run(run())


def test_bots_only_table_plays_to_the_results():
    session = table(("Ada", "sensible"), ("Bob", "sensible"), ("Cy", "random"), seed=7)

    async def run() -> None:
        app = FoxApp(session=session, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen))
            # the results replace the table: home is right below
            assert screen_names(app)[-2:] == ["HomeScreen", "ResultsScreen"]
            assert session.outcome() is not None

    asyncio.run(run())


def test_undo_refused_with_the_reason_then_undone():
    session = table("Ada", ("Bo", "sensible"), seed=5)

    async def run() -> None:
        # the bot takes its time, so Ada can take back ending her turn
        app = FoxApp(session=session, bot_delay=60)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen))
            _choose(app, Touch("C2"))
            await pilot.pause()
            await pilot.press("u")
            await pilot.pause()
            assert ("warning", "You already felt that pawn; a touch cannot be taken back.") in notes(app)
            assert session.step_count == 1

            _choose(app, END_TURN)
            await pilot.pause()
            assert session.to_act() == frozenset({1})
            await pilot.press("u")
            await pilot.pause()
            assert ("information", "Undone.") in notes(app)
            assert session.step_count == 1 and session.to_act() == frozenset({0})
            assert session.legal_actions(0)  # Ada's turn again, and the panel offers it
            for _ in range(5):
                await pilot.pause()
            assert session.step_count == 1  # the bot's pending move was called off
            assert not _errors(app)

    asyncio.run(run())


def test_illegal_action_gets_one_sentence_and_changes_nothing():
    session = table("Ada", ("Bo", "sensible"), seed=5)

    async def run() -> None:
        app = FoxApp(session=session, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen))
            before = (session.step_count, state_hash(session.state))
            _choose(app, KeepMission("pig"))  # not a looting move
            await pilot.pause()
            assert len(_errors(app)) == 1
            assert "\n" not in _errors(app)[0] and "Traceback" not in _errors(app)[0]
            assert (session.step_count, state_hash(session.state)) == before
            assert isinstance(app.screen, PlayScreen)

    asyncio.run(run())


def test_help_lists_the_keys_and_the_rules():
    async def run() -> None:
        app = FoxApp(session=table("Ada", ("Bo", "sensible"), seed=5), bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen))
            await pilot.press("question_mark")
            await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
            keys = dict((what, key) for key, what in app.screen.keys)
            assert keys["Undo"] == "u" and keys["Home"] == "q" and keys["Help"] == "?"
            assert panel_for("master-fox").KEYS_HELP in app.screen.markdown
            assert app.screen.markdown.endswith(GAME.rules_markdown)
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen))

    asyncio.run(run())


def test_bots_wait_while_the_help_is_open(monkeypatch):
    session = table("Ada", ("Bo", "sensible"), seed=5)
    clock = hand_clock(monkeypatch)

    async def run() -> None:
        app = FoxApp(session=session, bot_delay=1)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen))
            play = app.screen
            _choose(app, END_TURN)
            await pilot.press("question_mark")
            await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
            clock.last.advance(10)
            await pilot.pause()
            assert session.step_count == 1  # Bo's turn waits behind the help
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen))
            clock.last.advance(1)  # back in sight: Bo thinks his second, then plays
            await wait_for(pilot, lambda: session.step_count > 1)
            assert app.screen is play

    asyncio.run(run())


def test_q_goes_home_saved():
    session = table("Ada", ("Bo", "sensible"), seed=5)

    async def run() -> None:
        app = FoxApp(session=session, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen))
            _choose(app, Touch("C2"))
            await pilot.pause()
            await pilot.press("q")
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
            assert ("information", "Saved. Continue from the home screen.") in notes(app)
            assert "Continue" in screen_text(app)
            assert session.path is not None and session.path.exists()

    asyncio.run(run())


class _Interlude(ModalScreen[None]):
    BINDINGS = [("enter", "dismiss", "")]

    def compose(self):
        yield Static("Round over")


def test_interlude_comes_before_the_handover(monkeypatch):
    """A panel's interlude (a round summary) shows between two public views; the flow
    goes on when it is dismissed."""
    panel = panel_for("master-fox")
    monkeypatch.setattr(
        panel, "interlude", lambda self, before, after: _Interlude() if after.current != before.current else None
    )
    session = table("Ada", "Bob", seed=5)

    async def run() -> None:
        app = FoxApp(session=session, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen))
            play = app.screen
            _choose(app, Touch("C2"))
            await pilot.pause()
            assert app.screen is play  # no interlude for a touch
            _choose(app, END_TURN)
            await wait_for(pilot, lambda: isinstance(app.screen, _Interlude))
            assert play.seat_on_screen is None  # Ada's secrets are not behind the summary
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))
            await pilot.press("enter")
            await wait_for(pilot, lambda: app.screen is play)
            assert play.seat_on_screen == 1

    asyncio.run(run())


def test_log_rewrites_for_a_new_teller_and_after_an_undo():
    from textual.app import App

    class LogApp(App):
        def compose(self):
            yield GameLog(max_lines=100)

    def shown(app) -> list[str]:
        return [strip.text.rstrip() for strip in app.query_one(GameLog).lines]

    async def run() -> None:
        app = LogApp()
        async with app.run_test(size=(80, 24)) as pilot:
            log = app.query_one(GameLog)
            log.show_lines(["Bo touched A1.", "You touched C2: two short horns."], 0, 0)
            await pilot.pause()
            log.show_lines(["Bo touched A1.", "You touched C2: two short horns.", "You ended the turn."], 0, 0)
            await pilot.pause()
            assert shown(app) == ["Bo touched A1.", "You touched C2: two short horns.", "You ended the turn."]
            # the same steps told to Bob: nothing of Ada's side may stay
            log.show_lines(["Bo touched A1.", "Ada touched C2.", "Ada ended the turn."], 0, 1)
            await pilot.pause()
            assert shown(app) == ["Bo touched A1.", "Ada touched C2.", "Ada ended the turn."]
            # one more step with the oldest line dropped: appended
            log.show_lines(["Ada touched C2.", "Ada ended the turn.", "Bob touched B1."], 1, 1)
            await pilot.pause()
            assert shown(app)[-3:] == ["Ada touched C2.", "Ada ended the turn.", "Bob touched B1."]
            # undone: fewer steps, written again
            log.show_lines(["Ada touched C2.", "Ada ended the turn."], 1, 1)
            await pilot.pause()
            assert shown(app) == ["Ada touched C2.", "Ada ended the turn."]

    asyncio.run(run())


def test_a_failed_autosave_is_told_once_and_play_goes_on(monkeypatch):
    import foxtui.engine.record as record

    session = table("Ada", ("Bo", "sensible"), seed=5)
    replace = record.os.replace

    def disk_full(src, dst):
        raise OSError(28, "No space left on device")

    async def run() -> None:
        app = FoxApp(session=session, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen))
            monkeypatch.setattr(record.os, "replace", disk_full)
            _choose(app, Touch("C2"))
            await pilot.pause()
            assert session.step_count == 1  # the move is made all the same
            problem = session.save_problem
            assert problem is not None and "No space left on device" in problem
            assert _errors(app) == [problem]
            _choose(app, Touch("C3"))
            await pilot.pause()
            assert session.step_count == 2 and _errors(app) == [problem]  # told once, not per move
            assert "NOT SAVED" in screen_text(app)  # ... and kept in sight on the status line
            await pilot.press("u")  # a refused undo changes nothing
            monkeypatch.setattr(record.os, "replace", replace)
            _choose(app, Touch("C4"))
            await pilot.pause()
            assert session.save_problem is None
            assert ("information", "The game is saved again.") in notes(app)
            assert "NOT SAVED" not in screen_text(app)
            assert not isinstance(app.screen, HandoverScreen)

    asyncio.run(run())


def test_leaving_while_the_autosave_fails_says_the_game_is_not_saved(monkeypatch):
    import foxtui.engine.record as record

    session = table("Ada", ("Bo", "sensible"), seed=5)

    def read_only(src, dst):
        raise PermissionError(13, "Permission denied")

    async def run() -> None:
        app = FoxApp(session=session, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen))
            monkeypatch.setattr(record.os, "replace", read_only)
            _choose(app, Touch("C2"))
            await pilot.pause()
            await pilot.press("q")
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
            assert f"{session.save_problem} The latest moves are not saved." in _errors(app)
            assert ("information", "Saved. Continue from the home screen.") not in notes(app)

    asyncio.run(run())


def test_the_log_opens_at_its_newest_line():
    from play_helpers import unfinished_session

    session = unfinished_session(steps=120)

    async def run() -> None:
        app = FoxApp(session=session, bot_delay=60)  # the bots wait: the log stays as it is
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen))
            await pilot.pause()
            log = app.screen.query_one(GameLog)
            assert log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y
            newest = session.log(None)[-1]
            assert screen_text(app).endswith(f"{newest} ? Help space Skip ahead w Log q Home")  # just above the key bar

    asyncio.run(run())


def test_bots_play_at_the_tables_speed_and_space_skips_ahead(monkeypatch):
    clock = hand_clock(monkeypatch)
    infos = [SeatInfo("Ada"), SeatInfo("Bo", bot="sensible"), SeatInfo("Cy", bot="sensible")]
    session = Session.new(GAME, infos, GAME.Options(), 5, bot_speed="slow")

    async def run() -> None:
        app = FoxApp(session=session)  # no test delay: the table's own speed
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen))
            play = app.screen
            assert (play.driver.bot_delay, play.driver.realtime_bot_delay) == (2.5, 4.0)
            assert "play.skip" not in {b.binding.id for b in play.active_bindings.values() if b.enabled}
            _choose(app, END_TURN)
            await wait_for(pilot, lambda: session.to_act() == frozenset({1}))
            clock.last.advance(2.4)
            await pilot.pause()
            assert session.step_count == 1  # Bo is still thinking
            clock.last.advance(0.1)
            await wait_for(pilot, lambda: session.step_count == 2)
            # bored: space lets every bot move at once, up to Ada's next decision
            assert "Skip ahead" in screen_text(app)
            await pilot.press("space")
            await wait_for(pilot, lambda: session.to_act() == frozenset({0}))
            assert session.step_count > 2 and play.driver.bot_delay == 2.5
            assert "Skip ahead" not in screen_text(app)

    asyncio.run(run())
