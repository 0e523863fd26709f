"""Games whose rules engine is registered but whose screen is not written yet: never
offered to start, their saves listed but neither resumed nor replayed."""

from __future__ import annotations

import asyncio

import msgspec
import pytest
from textual.widgets import DataTable, OptionList, Select

from foxtui.engine import SeatInfo
from foxtui.engine.record import GameRecord, encode_record
from foxtui.engine.saves import saves_dir
from foxtui.engine.session import Session
from foxtui.games import GAMES
from foxtui.ui.app import FoxApp
from foxtui.ui.games import PANELS, NoPanel, panel_for, playable_games, unplayable_reason
from foxtui.ui.games.base import GamePanel

GAME = GAMES["master-fox"]
SENTENCE = "Later Fox cannot be played on screen yet."


class _LaterOptions(msgspec.Struct):
    hard: bool = False


class _Unscreened:
    """A rules engine with no panel (as Fox Matters was before its screen)."""

    id = "later"
    title = "Later Fox"
    min_players = 2
    max_players = 4
    asks_ages = False
    bots = {"easy": None}
    Options = _LaterOptions
    Action = msgspec.Raw
    rules_markdown = "Later rules."


class _Screened(_Unscreened):
    id = "other"
    title = "Other Fox"
    rules_markdown = "Other rules."


@pytest.fixture(autouse=True)
def later(monkeypatch):
    monkeypatch.setitem(GAMES, "later", _Unscreened())


def _later_save(name: str = "later-1.json") -> None:
    record = GameRecord("later", _LaterOptions(), [SeatInfo("Ada"), SeatInfo("Bob")], 1)
    saves_dir().mkdir(parents=True, exist_ok=True)
    (saves_dir() / name).write_bytes(encode_record(record, round=2))


def run(test) -> None:
    async def main() -> None:
        app = FoxApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await test(app, pilot)

    asyncio.run(main())


def menu_ids(app) -> list[str]:
    menu = app.screen.query_one("#home-menu", OptionList)
    return [menu.get_option_at_index(i).id for i in range(menu.option_count)]


def test_only_games_with_a_panel_are_playable():
    assert "later" in GAMES
    assert "later" not in playable_games() and "master-fox" in playable_games()
    assert unplayable_reason("master-fox") is None
    assert unplayable_reason("later") == SENTENCE
    with pytest.raises(KeyError) as caught:  # NoPanel is a KeyError, with a sentence for players
        panel_for("later")
    assert isinstance(caught.value, NoPanel) and str(caught.value) == SENTENCE


def test_home_and_new_game_do_not_offer_a_game_without_a_screen(monkeypatch):
    monkeypatch.delitem(PANELS, "fox-matters")  # one playable game left: no choosing
    monkeypatch.delitem(PANELS, "foxpaw")
    monkeypatch.delitem(PANELS, "fox-experiment")

    async def test(app, pilot):
        assert "new:later" not in menu_ids(app)
        await pilot.press("n")  # one playable game: its form, with no game to choose
        await pilot.pause()
        assert type(app.screen).__name__ == "NewGameScreen" and app.screen.game.id == "master-fox"
        assert not app.screen.query("#game")
        await pilot.press("escape", "r")  # and its rules directly, no picker
        await pilot.pause()
        assert app.screen.markdown == GAME.rules_markdown

    run(test)


def test_the_game_selector_lists_only_games_with_a_screen(monkeypatch):
    monkeypatch.setitem(GAMES, "other", _Screened())
    monkeypatch.setitem(PANELS, "other", lambda: GamePanel)

    async def test(app, pilot):
        assert [i for i in menu_ids(app) if i.startswith("new:")] == ["new:master-fox", "new:fox-matters", "new:foxpaw", "new:fox-experiment", "new:other"]
        await pilot.press("n")
        await pilot.pause()
        select = app.screen.query_one("#game", Select)
        assert [value for _, value in select._options] == ["master-fox", "fox-matters", "foxpaw", "fox-experiment", "other"]
        await pilot.press("escape", "r")
        await pilot.pause()
        picker = app.screen.query_one("#pick-games", OptionList)
        assert [picker.get_option_at_index(i).id for i in range(picker.option_count)] == ["master-fox", "fox-matters", "foxpaw", "fox-experiment", "other"]

    run(test)


def test_a_save_of_a_game_without_a_screen_is_listed_but_not_opened():
    _later_save()

    async def test(app, pilot):
        assert "continue" not in menu_ids(app)  # an unfinished Later Fox game is not offered
        await pilot.press("s")
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        assert table.row_count == 1 and table.get_row_at(0)[0] == "Later Fox"
        assert SENTENCE in str(app.screen.query_one("#saves-detail").render())
        for key in ("enter", "r"):  # neither resume nor replay: one sentence, nothing changes
            await pilot.press(key)
            await pilot.pause()
            assert type(app.screen).__name__ == "SavedGamesScreen"
        assert [n.message for n in app._notifications] == [SENTENCE, SENTENCE]
        assert (saves_dir() / "later-1.json").exists()

    run(test)


def test_the_app_refuses_a_table_or_replay_it_cannot_show(monkeypatch):
    """The command line may hand the app a session or a record of such a game."""
    session = Session.new(GAME, [SeatInfo("Ada"), SeatInfo("Bob")], GAME.Options(), 3, saves_dir() / "mf.json")
    monkeypatch.delitem(PANELS, "master-fox")
    sentence = "Master Fox cannot be played on screen yet."

    async def main() -> None:
        for app in (FoxApp(session=session, bot_delay=0), FoxApp(replay_path=session.path, bot_delay=0)):
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.pause()
                assert type(app.screen).__name__ == "HomeScreen"
                assert [n.message for n in app._notifications] == [sentence]

    asyncio.run(main())
