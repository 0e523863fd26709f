"""The home screen: only playable games, Continue only when there is something to continue."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from textual.widgets import OptionList

from foxtui.engine import SeatInfo
from foxtui.engine.saves import saves_dir
from foxtui.engine.session import Session
from foxtui.games import GAMES
from foxtui.ui.app import FoxApp
from foxtui.ui.games import playable_games

GAME = GAMES["master-fox"]
SEATS = [SeatInfo("Ada", None, 34), SeatInfo("Reynard", "random", 30)]


def make_save(name: str, bot_steps: int = 0, finished: bool = False, seats=SEATS) -> Path:
    """A saved game in the test's data folder, played by its bots where it has them."""
    session = Session.new(GAME, list(seats), GAME.Options(), 7)
    for _ in range(bot_steps):
        session.play_bot()
    if finished:
        while session.outcome() is None and session.play_bot():
            pass
        assert session.outcome() is not None
    session.path = saves_dir() / name
    session.save()
    return session.path


def menu_ids(app: FoxApp) -> list[str]:
    menu = app.screen.query_one("#home-menu", OptionList)
    return [menu.get_option_at_index(i).id for i in range(menu.option_count)]


def run(test) -> None:
    async def main() -> None:
        app = FoxApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await test(app, pilot)

    asyncio.run(main())


def test_home_offers_only_the_playable_games_and_no_continue_without_saves():
    async def test(app, pilot):
        assert type(app.screen).__name__ == "HomeScreen"
        assert app.title == "foxtui"
        assert menu_ids(app) == [f"new:{g}" for g in playable_games()] + ["saved", "rules", "quit"]
        menu = app.screen.query_one("#home-menu", OptionList)
        assert str(menu.get_option("new:master-fox").prompt) == "New game: Master Fox — 2–4 players"

    run(test)


def test_a_finished_game_is_not_offered_to_continue():
    make_save("finished.json", finished=True, seats=[SeatInfo("Fenn", "random", 30), SeatInfo("Vix", "random", 30)])

    async def test(app, pilot):
        assert "continue" not in menu_ids(app)
        await pilot.press("c")  # nothing to continue: the key does nothing
        assert type(app.screen).__name__ == "HomeScreen"

    run(test)


def test_continue_names_the_latest_unfinished_game():
    make_save("master-fox-1.json")

    async def test(app, pilot):
        assert menu_ids(app)[0] == "continue"
        menu = app.screen.query_one("#home-menu", OptionList)
        assert str(menu.get_option("continue").prompt) == "Continue: Master Fox — Ada, Reynard (bot), round 1"

    run(test)


def test_continue_appears_when_the_home_screen_comes_back():
    async def test(app, pilot):
        assert "continue" not in menu_ids(app)
        await pilot.press("s")
        assert type(app.screen).__name__ == "SavedGamesScreen"
        make_save("master-fox-1.json")
        await pilot.press("escape")
        await pilot.pause()
        assert type(app.screen).__name__ == "HomeScreen"
        assert menu_ids(app)[0] == "continue"

    run(test)


def test_continue_of_a_damaged_save_says_so_in_one_sentence():
    path = make_save("master-fox-1.json", bot_steps=0)
    # a step whose recorded state does not match: the header still reads as unfinished
    session = Session.resume(path)
    human = session.humans_to_act()[0]
    session.act(human, session.legal_actions(human)[0])
    data = json.loads(path.read_text())
    data["steps"][0]["hash"] = "0" * 16
    path.write_text(json.dumps(data))

    async def test(app, pilot):
        await pilot.press("c")
        await pilot.pause()
        assert type(app.screen).__name__ == "HomeScreen"
        messages = [n.message for n in app._notifications]
        assert messages == ["master-fox-1.json: step 1 does not match its recorded state (edited or damaged)."]

    run(test)


def test_menu_entries_open_their_screens():
    async def test(app, pilot):
        await pilot.press("enter")  # the first entry: a new game of the first game
        assert type(app.screen).__name__ == "NewGameScreen"
        await pilot.press("escape")
        await pilot.press("r")  # several games: which one's rules?
        assert type(app.screen).__name__ == "GamePickerScreen"
        await pilot.press("enter")
        assert type(app.screen).__name__ == "HelpScreen"
        assert app.screen.help_title == "Master Fox — rules"
        await pilot.press("escape")
        await pilot.press("question_mark")
        assert type(app.screen).__name__ == "HelpScreen"
        await pilot.press("escape")
        await pilot.press("down", "down", "down", "down", "enter")  # past the four games' entries
        assert type(app.screen).__name__ == "SavedGamesScreen"

    run(test)


def test_q_on_home_quits():
    async def test(app, pilot):
        await pilot.press("q")
        await pilot.pause()
        assert app.return_code == 0  # set by App.exit

    run(test)


def test_home_snapshot(snap_compare):
    assert snap_compare(FoxApp(bot_delay=0), terminal_size=(80, 24))


def test_home_with_continue_snapshot(snap_compare):
    make_save("master-fox-1.json", seats=[SeatInfo("Ada", None, 34), SeatInfo("Bob", None, 9), SeatInfo("Reynard", "random", 30)])
    assert snap_compare(FoxApp(bot_delay=0), terminal_size=(80, 24))
