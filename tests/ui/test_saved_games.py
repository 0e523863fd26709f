"""Saved games: the list (damaged files included), resume, replay, delete after a yes."""

from __future__ import annotations

import asyncio
import calendar
import os
import time

import pytest
from textual.widgets import DataTable

from foxtui.engine import SeatInfo
from foxtui.engine.saves import saves_dir
from foxtui.engine.session import Session
from foxtui.games import GAMES
from foxtui.ui.app import FoxApp

GAME = GAMES["master-fox"]
PLAYING = "master-fox-20250301-101500-7.json"
FINISHED = "master-fox-20250220-184000-11.json"
DAMAGED = "master-fox-20250101-090000-3.json"


@pytest.fixture(autouse=True)
def utc(monkeypatch):
    """Dates in the list are local time: make local time UTC so they are fixed."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def at(name: str, when: str) -> None:
    stamp = calendar.timegm(time.strptime(when, "%Y-%m-%d %H:%M"))
    os.utime(saves_dir() / name, (stamp, stamp))


def make_saves() -> None:
    """One game in progress, one finished, one truncated file."""
    playing = Session.new(
        GAME,
        [SeatInfo("Ada", None, 34), SeatInfo("Bob", None, 9), SeatInfo("Reynard", "random", 30)],
        GAME.Options(),
        7,
        saves_dir() / PLAYING,
    )
    finished = Session.new(GAME, [SeatInfo("Fenn", "random", 30), SeatInfo("Vix", "random", 30)], GAME.Options(), 11)
    while finished.outcome() is None and finished.play_bot():
        pass
    finished.path = saves_dir() / FINISHED
    finished.save()
    data = playing.path.read_bytes()
    (saves_dir() / DAMAGED).write_bytes(data[: len(data) // 2])
    at(PLAYING, "2025-03-01 10:15")
    at(FINISHED, "2025-02-20 18:40")
    at(DAMAGED, "2025-01-01 09:00")


def rows(app) -> list[list[str]]:
    table = app.screen.query_one(DataTable)
    return [[str(cell) for cell in table.get_row_at(n)] for n in range(table.row_count)]


def run(test) -> None:
    async def main() -> None:
        app = FoxApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("s")
            await pilot.pause()
            assert type(app.screen).__name__ == "SavedGamesScreen"
            await test(app, pilot)

    asyncio.run(main())


def detail(app) -> str:
    return str(app.screen.query_one("#saves-detail").render())


def messages(app) -> list[str]:
    return [n.message for n in app._notifications]


def test_every_save_is_listed_newest_first_with_damaged_ones_explained():
    make_saves()
    finished = Session.resume(saves_dir() / FINISHED)
    final_round = str(GAME.round_of(finished.state))

    async def test(app, pilot):
        listed = rows(app)
        assert listed[0] == ["Master Fox", "Ada, Bob, Reynard (bot)", "1", "2025-03-01 10:15", "in progress"]
        assert listed[1] == ["Master Fox", "Fenn (bot), Vix (bot)", final_round, "2025-02-20 18:40", "finished"]
        assert listed[2] == ["(unreadable)", "", "", "2025-01-01 09:00", "damaged"]
        await pilot.press("down", "down")  # the line under the table explains the highlighted save
        assert detail(app).startswith(f"Damaged: {DAMAGED} is damaged or truncated")

    run(test)


def test_delete_asks_first():
    make_saves()

    async def test(app, pilot):
        await pilot.press("d")
        assert type(app.screen).__name__ == "ConfirmScreen"
        assert "Ada, Bob, Reynard (bot)" in app.screen.question
        await pilot.press("n")
        assert (saves_dir() / PLAYING).exists() and len(rows(app)) == 3
        await pilot.press("d", "y")
        await pilot.pause()
        assert type(app.screen).__name__ == "SavedGamesScreen"
        assert not (saves_dir() / PLAYING).exists()
        assert [r[1] for r in rows(app)] == ["Fenn (bot), Vix (bot)", ""]

    run(test)


def test_a_damaged_save_cannot_be_opened_but_can_be_deleted():
    make_saves()

    async def test(app, pilot):
        await pilot.press("down", "down", "enter")
        await pilot.press("r")
        await pilot.pause()
        assert type(app.screen).__name__ == "SavedGamesScreen"
        problem = detail(app).removeprefix("Damaged: ")
        assert messages(app) == [problem, problem]
        await pilot.press("d", "enter")  # enter answers yes
        await pilot.pause()
        assert not (saves_dir() / DAMAGED).exists()
        assert len(rows(app)) == 2

    run(test)


def test_enter_resumes_a_game_in_progress_and_replays_a_finished_one():
    make_saves()

    async def test(app, pilot):
        await pilot.press("enter")
        await pilot.pause()
        names = [type(s).__name__ for s in app.screen_stack]
        assert "PlayScreen" in names
        play = next(s for s in app.screen_stack if type(s).__name__ == "PlayScreen")
        assert play.session.path == saves_dir() / PLAYING
        while type(app.screen).__name__ != "SavedGamesScreen":
            app.pop_screen()
            await pilot.pause()
        await pilot.press("down", "enter")
        await pilot.pause()
        assert type(app.screen).__name__ == "ReplayScreen"

    run(test)


def test_no_saves_says_so():
    async def test(app, pilot):
        assert rows(app) == []
        assert detail(app) == "No saved games yet. Start a new game from the home screen."
        await pilot.press("d", "enter", "r")
        assert messages(app) == [
            "There is no saved game to delete.",
            "There is no saved game to open.",
            "There is no saved game to open.",
        ]
        await pilot.press("escape")
        assert type(app.screen).__name__ == "HomeScreen"

    run(test)


def test_saved_games_snapshot(snap_compare):
    make_saves()
    assert snap_compare(FoxApp(bot_delay=0), terminal_size=(80, 24), press=["s", "down", "down"])
