"""The new-game screen: a table set up by keyboard, bad input refused in one sentence."""

from __future__ import annotations

import asyncio
from typing import Annotated, Literal

import msgspec
import pytest
from play_helpers import wait_for
from textual.widgets import Checkbox, Input, Select, Static

from foxtui.engine.record import load_record
from foxtui.engine.saves import saves_dir
from foxtui.games import GAMES
from foxtui.ui.app import FoxApp
from foxtui.ui.games import PANELS
from foxtui.ui.games.base import GamePanel
from foxtui.ui.screens.new_game import NewGameScreen
from foxtui.ui.widgets.options_form import option_fields

GAME = GAMES["master-fox"]


def run(test) -> None:
    """Open the form and run ``test`` on it. Every age field is filled with a distinct age
    first (Master Fox asks each human's age), so the table is valid unless a test spoils it."""

    async def main() -> None:
        app = FoxApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("enter")  # the first entry: a new game of Master Fox
            await pilot.pause()
            assert isinstance(app.screen, NewGameScreen) and app.screen.game is GAME
            fill_ages(app)
            await test(app, pilot)

    asyncio.run(main())


def fill_ages(app) -> None:
    for n, age in enumerate(app.screen.query("Input.seat-age").results(Input)):
        age.value = str(40 + n)


def fill(app, **values: str) -> None:
    """Set inputs by id (seat_2_name -> #seat-2-name)."""
    for key, value in values.items():
        app.screen.query_one(f"#{key.replace('_', '-')}", Input).value = value


def error(app) -> str:
    return str(app.screen.query_one("#new-game-error", Static).render())


def play_session(app):
    """The session of the table that was opened (a handover may cover it already)."""
    [play] = [s for s in app.screen_stack if type(s).__name__ == "PlayScreen"]
    return play.session


def saves() -> list[str]:
    folder = saves_dir()
    # the saves (hidden files are a save's lock while it is open, and temp files)
    return sorted(p.name for p in folder.iterdir() if not p.name.startswith(".")) if folder.exists() else []


@pytest.mark.parametrize(
    ("values", "sentence"),
    [
        ({"seat_1_name": "  "}, "Seat 1 needs a name."),
        ({"seat_2_name": "player 1"}, "Seats 1 and 2 are both called player 1; give each player their own name."),
        ({"players": "5"}, "Master Fox is for 2 to 4 players."),
        ({"players": "1"}, "Master Fox is for 2 to 4 players."),
        ({"players": ""}, "Master Fox is for 2 to 4 players."),
        ({"seed": ""}, None),  # blank seed: random, and the game starts
    ],
)
def test_bad_table_is_refused_in_one_sentence_and_nothing_is_saved(values, sentence):
    async def test(app, pilot):
        fill(app, **values)
        await pilot.press("ctrl+s")
        await pilot.pause()
        if sentence is None:
            assert len(saves()) == 1
            return
        assert isinstance(app.screen, NewGameScreen)
        assert error(app) == sentence
        assert saves() == []

    run(test)


def test_bad_option_is_refused_in_one_sentence():
    fields = {f.name: f for f in option_fields(GAME.Options)}
    numbers = [f for f in fields.values() if f.kind is msgspec.inspect.IntType and f.info.le is not None]
    if not numbers:
        pytest.skip("Master Fox has no bounded number option")
    field = numbers[0]

    async def test(app, pilot):
        app.screen.query_one(f"#opt-{field.name}", Input).value = str(field.info.le + 1)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert error(app) == f"“{field.label}” must be a whole number from {field.info.ge} to {field.info.le}."
        assert app.screen.focused.id == f"opt-{field.name}"
        assert saves() == []

    run(test)


@pytest.mark.parametrize(
    ("age", "sentence"),
    [
        ("", "Enter Player 1's age in years, a whole number from 1 to 120."),
        ("0", "Enter Player 1's age in years, a whole number from 1 to 120."),
        ("200", "Enter Player 1's age in years, a whole number from 1 to 120."),
    ],
)
def test_a_human_needs_a_sensible_age_when_the_game_asks(monkeypatch, age, sentence):
    monkeypatch.setattr(GAME, "asks_ages", True)

    async def test(app, pilot):
        fill(app, seat_1_age=age, seat_2_age="12")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert error(app) == sentence
        assert app.screen.focused.id == "seat-1-age"
        assert saves() == []

    run(test)


def test_a_bot_without_an_age_is_thirty(monkeypatch):
    monkeypatch.setattr(GAME, "asks_ages", True)

    async def test(app, pilot):
        fill(app, seat_1_age="41", seat_2_age="", seed="5")
        app.screen.query_one("#seat-2-kind", Select).value = f"bot:{next(iter(GAME.bots))}"
        await pilot.press("ctrl+s")
        await pilot.pause()
        session = play_session(app)
        assert [(s.name, s.bot, s.age) for s in session.seats] == [
            ("Player 1", None, 41),
            ("Player 2", next(iter(GAME.bots)), 30),
        ]

    run(test)


def test_starting_writes_a_save_and_opens_the_table_in_place_of_the_form():
    async def test(app, pilot):
        await pilot.press("3")  # the players field has focus first
        fill(app, seat_1_name="Ada", seat_2_name="Bob", seat_3_name="Reynard", seed="42")
        app.screen.query_one("#seat-3-kind", Select).value = f"bot:{next(iter(GAME.bots))}"
        await pilot.press("ctrl+s")
        await pilot.pause()
        [name] = saves()
        assert name.startswith("master-fox-") and name.endswith("-42.json")
        # the form is gone; the table is open (perhaps under its first handover)
        assert [type(s).__name__ for s in app.screen_stack[1:3]] == ["HomeScreen", "PlayScreen"]
        session = play_session(app)
        assert [s.name for s in session.seats] == ["Ada", "Bob", "Reynard"]
        assert session.seats[2].bot is not None and session.record.seed == 42

    run(test)


def test_the_whole_form_is_reachable_by_tab_and_escape_goes_back():
    async def test(app, pilot):
        seen = []
        for _ in range(20):
            seen.append(app.screen.focused.id)
            await pilot.press("tab")
        assert {"players", "seat-1-name", "seat-1-kind", "seat-2-name", "seed", "start"} <= set(seen)
        assert "seat-3-name" not in seen  # only the seats in play
        await pilot.press("escape")
        assert type(app.screen).__name__ == "HomeScreen"

    run(test)


class _Options(msgspec.Struct):
    level: Annotated[Literal["low", "high"], msgspec.Meta(description="How hard")] = "high"
    fast: Annotated[bool, msgspec.Meta(description="Quick rounds")] = False
    rounds: Annotated[int, msgspec.Meta(ge=1, le=9)] = 3
    motto: str = "run"
    remote: Annotated[bool, msgspec.Meta(description="One terminal each", extra={"local": False})] = False


def test_options_come_from_the_struct_and_remote_only_ones_are_left_out():
    fields = option_fields(_Options)
    assert [(f.name, f.label, f.description, f.default) for f in fields] == [
        ("level", "Level", "How hard", "high"),
        ("fast", "Fast", "Quick rounds", False),
        ("rounds", "Rounds", "", 3),
        ("motto", "Motto", "", "run"),
    ]
    assert [f.words().plain for f in fields] == ["Level — How hard", "Fast — Quick rounds", "Rounds", "Motto"]
    # a shared table (a terminal per player) offers the remote-only ones too
    assert [f.name for f in option_fields(_Options, shared=True)] == ["level", "fast", "rounds", "motto", "remote"]


def test_new_game_snapshot(snap_compare):
    bot = next(iter(GAME.bots))

    async def set_up(pilot):
        # name, kind (left human), age for Ada and Bob; Reynard's age stays blank: a bot's is 30
        await pilot.press("n", "tab", "3", "tab", *"Ada", "tab", "tab", *"41", "tab", *"Bob", "tab", "tab", *"12")
        await pilot.press("tab", *"Reynard", "tab")
        pilot.app.screen.query_one("#seat-3-kind", Select).value = f"bot:{bot}"
        await pilot.pause()

    assert snap_compare(FoxApp(bot_delay=0), terminal_size=(80, 24), run_before=set_up)


class _OtherGame:
    """A stand-in second game, to see the form choose between games."""

    id = "other"
    title = "Other Fox"
    min_players = 3
    max_players = 5
    asks_ages = True
    bots = {"easy": None}
    Options = _Options
    rules_markdown = "Other rules."


def test_with_several_games_the_form_asks_which(monkeypatch):
    monkeypatch.setitem(GAMES, "other", _OtherGame())
    monkeypatch.setitem(PANELS, "other", lambda: GamePanel)  # only games with a screen are offered

    async def main():
        app = FoxApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("n")
            await pilot.pause()
            screen = app.screen
            assert screen.focused.id == "game"
            assert bool(screen.query("#seat-1-age")) == GAME.asks_ages
            screen.query_one("#game", Select).value = "other"
            # the other game's fields replace Master Fox's: wait until they are mounted
            await wait_for(pilot, lambda: bool(screen.query("#opt-level")) and screen.query_one("#opt-level", Select).value != Select.NULL)
            assert screen.query_one("#players", Input).value == "3"
            assert screen.query("#seat-5-name") and screen.query("#seat-1-age")
            assert screen.query_one("#opt-level", Select).value == "high"
            assert not screen.query("#opt-remote")
            fast = screen.query_one("#opt-fast", Checkbox)
            assert str(fast.label) == "off"
            fast.focus()
            await pilot.press("space")
            assert fast.value is True and str(fast.label) == "on"
            await pilot.press("escape", "r")
            assert type(app.screen).__name__ == "GamePickerScreen"
            await pilot.press("end", "enter")  # the lent game comes last
            assert app.screen.markdown == "Other rules."

    asyncio.run(main())


def test_the_bot_speed_chosen_is_the_tables_and_kept_in_its_save():
    async def test(app, pilot):
        speed = app.screen.query_one("#bot-speed", Select)
        assert speed.value == "normal" and [v for _, v in speed._options] == ["slow", "normal", "fast", "instant"]
        speed.value = "fast"
        app.screen.query_one("#seat-2-kind", Select).value = "bot:sensible"
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: type(app.screen).__name__ in ("PlayScreen", "HandoverScreen"))
        session = play_session(app)
        assert session.record.bot_speed == "fast"
        assert load_record(session.path)[0].bot_speed == "fast"  # a resumed game keeps it

    run(test)


def test_the_expert_level_is_offered_and_seated():
    async def test(app, pilot):
        fill(app, seat_1_age="41", seat_2_age="", seed="5")
        kinds = app.screen.query_one("#seat-2-kind", Select)
        assert "bot:expert" in [value for _, value in kinds._options]
        kinds.value = "bot:expert"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert [s.bot for s in play_session(app).seats] == [None, "expert"]

    run(test)


# --- issue 39: the form remembers the last table of each game, and ? works there -------


def _form(body, game_id: str | None = None) -> None:
    """Open the new-game form (of ``game_id``, else the first game) and run ``body``."""

    async def main() -> None:
        app = FoxApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.push_screen(NewGameScreen(game_id))
            await wait_for(pilot, lambda: isinstance(app.screen, NewGameScreen))
            await pilot.pause()
            await body(app, pilot)

    asyncio.run(main())


def test_the_form_offers_the_last_table_of_each_game_and_ctrl_r_a_new_one():
    from foxtui.engine import last_tables

    async def first(app, pilot):
        await pilot.press("3")
        fill(app, seat_1_name="Ada", seat_2_name="Bob", seat_3_name="Reynard", seat_1_age="41", seat_2_age="12")
        app.screen.query_one("#seat-3-kind", Select).value = "bot:random"
        app.screen.query_one("#opt-target_eggs", Select).value = 15
        app.screen.query_one("#bot-speed", Select).value = "fast"
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: not isinstance(app.screen, NewGameScreen))

    _form(first, "master-fox")
    assert last_tables.path().exists()

    async def again(app, pilot):
        screen = app.screen
        assert "Your last table of Master Fox is filled in" in str(screen.query_one("#last-table", Static).render())
        assert screen.query_one("#players", Input).value == "3"
        names = [screen.query_one(f"#seat-{n}-name", Input).value for n in (1, 2, 3)]
        assert names == ["Ada", "Bob", "Reynard"]
        assert screen.query_one("#seat-3-kind", Select).value == "bot:random"
        assert screen.query_one("#seat-3").display and not screen.query_one("#seat-4").display
        if GAME.asks_ages:
            assert [screen.query_one(f"#seat-{n}-age", Input).value for n in (1, 2, 3)] == ["41", "12", ""]
        assert screen.query_one("#opt-target_eggs", Select).value == 15
        assert screen.query_one("#bot-speed", Select).value == "fast"
        await pilot.press("ctrl+r")  # a new table instead
        await pilot.pause()
        assert screen.query_one("#players", Input).value == str(GAME.min_players)
        assert screen.query_one("#seat-1-name", Input).value == "Player 1"
        assert screen.query_one("#opt-target_eggs", Select).value == 10
        assert screen.query_one("#bot-speed", Select).value == "normal"
        assert not screen.query_one("#last-table").display

    _form(again, "master-fox")

    async def other_game(app, pilot):  # each game its own: Foxpaw has no last table yet
        assert app.screen.query_one("#seat-1-name", Input).value == "Player 1"
        assert not app.screen.query_one("#last-table").display

    _form(other_game, "foxpaw")


@pytest.mark.parametrize("damage", [b"{not json", b'{"format":1,"games":{"master-fox":{"seats":[{"nam":"x"}]}}}',
                                    b'{"format":1,"games":{},"extra":1}', b"\xff\xfe"])
def test_a_damaged_last_table_is_ignored_and_the_next_start_writes_a_good_one(damage):
    from foxtui.engine import last_tables

    last_tables.path().parent.mkdir(parents=True, exist_ok=True)
    last_tables.path().write_bytes(damage)

    async def body(app, pilot):
        assert app.screen.query_one("#seat-1-name", Input).value == "Player 1"
        fill_ages(app)
        fill(app, seat_1_name="Ada")
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: not isinstance(app.screen, NewGameScreen))

    _form(body, "master-fox")
    [seat, _] = last_tables.last_table(GAME)[0]
    assert seat.name == "Ada"


def test_question_mark_opens_the_help_of_the_form_and_is_a_letter_in_a_name():
    async def body(app, pilot):
        assert app.screen.focused.id == "players"
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "HelpScreen")
        shown = app.screen.markdown
        assert "ctrl+r" in shown and "## The Fox Experiment" in shown and "same_colour_penalty" in shown
        assert "the automated opponent plays along" in shown
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, NewGameScreen))
        name = app.screen.query_one("#seat-1-name", Input)
        name.value = "Ada"
        name.focus()
        await pilot.pause()
        await pilot.press("end", "question_mark")  # a letter of the name here
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen) and name.value == "Ada?"
        await pilot.press("f1")  # the help from a name field
        await wait_for(pilot, lambda: type(app.screen).__name__ == "HelpScreen")

    _form(body, "fox-experiment")
