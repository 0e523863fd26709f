"""The results screen: ranking, winners, tie-break, the breakdown table; replay and home."""

from __future__ import annotations

import asyncio

from play_helpers import finished_session, screen_names, screen_text, tied_session, wait_for
from textual.widgets import DataTable

from foxtui.engine.game import Outcome
from foxtui.ui.app import FoxApp
from foxtui.ui.screens.home import HomeScreen
from foxtui.ui.screens.replay import ReplayScreen
from foxtui.ui.screens.results import ResultsScreen, ordinal, verdict


def _open_results(session):
    async def run_before(pilot) -> None:
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, HomeScreen))
        pilot.app.open_results(session.game, session.record, session.state)
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, ResultsScreen))

    return run_before


def test_ordinals():
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st",
    ]


def test_verdicts():
    names = ["Ada", "Bob", "Cy"]

    def outcome(winners, coop=None):
        return Outcome([1, 2, 3], [2, 1, 0], winners, [{}, {}, {}], coop_won=coop)

    assert verdict(outcome([1]), names) == "Bob wins!"
    assert verdict(outcome([0, 2]), names) == "Ada and Cy win!"
    assert verdict(outcome([]), names) == "Nobody won."
    assert verdict(outcome([0, 1, 2], coop=True), names) == "The team won together!"
    assert verdict(outcome([], coop=False), names) == "The team lost together."


def test_results_show_ranking_breakdown_and_tiebreak():
    session = tied_session()
    outcome = session.outcome()
    names = [seat.name for seat in session.seats]

    async def run() -> None:
        app = FoxApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await _open_results(session)(pilot)
            text = screen_text(app)
            winner = names[outcome.winners[0]]
            assert f"{winner} wins!" in text
            assert outcome.tiebreak and outcome.tiebreak in text
            for place, seat in enumerate(outcome.ranking, start=1):
                assert f"{ordinal(place)} {names[seat]} {outcome.scores[seat]}" in text
            table = app.screen.query_one(DataTable)
            assert [str(column.label) for column in table.columns.values()] == ["", *names]
            categories = list(outcome.breakdown[0])
            assert table.row_count == len(categories) + 1
            rows = [[str(cell) for cell in table.get_row_at(r)] for r in range(table.row_count)]
            assert rows[0] == [categories[0], *(str(b[categories[0]]) for b in outcome.breakdown)]
            assert rows[-1] == ["Total", *(str(s) for s in outcome.scores)]

            await pilot.press("r")
            await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
            assert app.screen.cursor.length == session.step_count
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen))
            await pilot.press("h")
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
            assert screen_names(app) == ["Screen", "HomeScreen"]

    asyncio.run(run())


def test_escape_also_goes_home():
    session = finished_session(seed=7)

    async def run() -> None:
        app = FoxApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await _open_results(session)(pilot)
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))

    asyncio.run(run())


def test_snapshot_results(snap_compare):
    app = FoxApp(bot_delay=0)
    assert snap_compare(app, terminal_size=(80, 24), run_before=_open_results(tied_session()))
