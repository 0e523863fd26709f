"""The log after a player's own move (Foxpaw's step latency): the "since your last
move" mark moves to after the player's move without the whole log being written
again, and never stays where it was."""

from __future__ import annotations

import asyncio

from textual.app import App, ComposeResult

from foxtui.ui.widgets.log import SINCE_MOVE, GameLog

MARK = f"── {SINCE_MOVE} ──"


class LogHost(App):
    def compose(self) -> ComposeResult:
        yield GameLog(max_lines=80, id="log")


def rows(log: GameLog) -> list[str]:
    return [strip.text.rstrip() for strip in log.lines]


def test_the_mark_moves_after_the_players_move_without_writing_everything_again():
    async def go() -> None:
        app = LogHost()
        async with app.run_test(size=(80, 12)) as pilot:
            log = app.query_one(GameLog)
            await pilot.pause()
            lines = [f"step {n}" for n in range(6)]
            log.show_lines(lines[:3], 0, 0, since=1)  # Ada moved at step 0: 1 and 2 are news
            assert rows(log) == ["step 0", MARK, "step 1", "step 2"]
            rewrites = []
            write_all = log._write_all
            log._write_all = lambda: (rewrites.append(1), write_all())[1]  # type: ignore[method-assign]
            log.show_lines(lines[:4], 0, 0, since=4)  # Ada's own move is step 3: nothing is news
            assert rows(log) == ["step 0", "step 1", "step 2", "step 3"] and log.news() == 0
            log.show_lines(lines[:6], 0, 0, since=4)  # two bots moved
            assert rows(log) == ["step 0", "step 1", "step 2", "step 3", MARK, "step 4", "step 5"]
            assert rewrites == []
            await pilot.pause()
            # the screen shows the same as a log written afresh
            fresh = GameLog(max_lines=80)
            await app.mount(fresh)
            fresh.show_lines(lines[:6], 0, 0, since=4)
            await pilot.pause()
            assert rows(fresh) == rows(log)
            # another seat's lines: written again from the start
            rewrites.clear()  # (the new log took room: the old one was wrapped again)
            log.show_lines(lines[:6], 0, 1, since=2)
            assert rewrites == [1] and rows(log) == ["step 0", "step 1", MARK, "step 2", "step 3", "step 4", "step 5"]

    asyncio.run(go())


def test_a_step_undone_and_played_otherwise_is_told_as_played():
    """The session tells each step's line once per viewer: an undone step's line is not
    told for the step played in its place."""
    from test_foxpaw_keys import first_turn

    from foxtui.games.foxpaw import actions as A

    session = first_turn("Ada", ("Bo", "sensible"), ("Cy", "sensible"), seed=5)
    places = [a for a in session.legal_actions(0) if type(a) is A.Place and not a.beast]
    session.act(0, places[-1])
    told = session.log(0, last=1)[0]
    assert session.log(0, last=1) == [told]  # told again: the same words
    assert session.undo(0) is None
    session.act(0, places[-2])
    again = session.log(0, last=1)[0]
    assert again != told and again == session._tell(session.record.steps[-1], session._states[-2], 0)
