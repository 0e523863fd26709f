"""Setting up a table: game, seats (name, human or bot, age), options, bot speed, seed.

The last table started for each game is kept (engine/last_tables.py) and filled in when
the form opens for that game again; ctrl+r starts from a new table instead."""

from __future__ import annotations

import secrets
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Input, Label, Select, Static

from foxtui.engine import last_tables
from foxtui.engine.game import SeatInfo
from foxtui.engine.options import option_texts
from foxtui.engine.saves import new_save_path
from foxtui.engine.session import Session
from foxtui.table.pace import BOT_SPEEDS, DEFAULT_SPEED, bot_pace
from foxtui.ui.widgets.keybar import KeyBar
from foxtui.ui.widgets.options_form import FormError, OptionsForm, option_fields

HUMAN = "human"
BOT_AGE = 30  # bots have no birthday; rules that ask "who is oldest" need some age
MAX_AGE = 120


def _pace_words(speed: str) -> str:
    seconds = bot_pace(speed).turn
    return "no wait" if not seconds else f"{seconds:g} s a move"


def _games() -> dict[str, Any]:
    from ..games import playable_games

    return playable_games()  # a rules engine without a screen is not offered


class DigitsInput(Input):
    """A field of digits (players, an age, the seed): it takes only digits, so keys such
    as ? stay the screen's (a name field takes every letter, ? too)."""

    def check_consume_key(self, key: str, character: str | None) -> bool:
        return character is not None and character.isdigit()


class SeatRow(Horizontal):
    """One seat: its name, who plays it (a human or a bot level) and, if the game asks, an age."""

    def __init__(self, game: Any, number: int, last: SeatInfo | None = None) -> None:
        super().__init__(classes="seat-row", id=f"seat-{number}")
        self.game = game
        self.number = number
        self.last = last  # this seat at the game's last table, filled in

    def compose(self) -> ComposeResult:
        n = self.number
        last = self.last
        name = last.name if last is not None else f"Player {n}"
        yield Label(f"{n}.", classes="seat-number")
        yield Input(name, placeholder="name", id=f"seat-{n}-name", classes="seat-name", compact=True)
        kinds = [("Human", HUMAN)] + [(f"Bot: {level}", f"bot:{level}") for level in self.game.bots]
        kind = f"bot:{last.bot}" if last is not None and last.bot is not None else HUMAN
        yield Select(kinds, value=kind, allow_blank=False, id=f"seat-{n}-kind", classes="seat-kind", compact=True)
        if self.game.asks_ages:
            age = "" if last is None or last.age is None or (last.bot is not None and last.age == BOT_AGE) else str(last.age)
            yield DigitsInput(
                age,
                placeholder="age" if kind == HUMAN else str(BOT_AGE),
                restrict=r"\d*",
                max_length=3,
                id=f"seat-{n}-age",
                classes="seat-age",
                compact=True,
            )

    @property
    def bot(self) -> str | None:
        kind = self.query_one(".seat-kind", Select).value
        return None if kind == HUMAN else str(kind).removeprefix("bot:")

    def on_select_changed(self, event: Select.Changed) -> None:
        if self.game.asks_ages:
            # a bot's age may stay blank: it is BOT_AGE, and the placeholder says so
            self.query_one(".seat-age", Input).placeholder = "age" if self.bot is None else str(BOT_AGE)

    def seat(self) -> SeatInfo:
        """This seat, with its age checked; FormError names what is wrong."""
        n = self.number
        name = self.query_one(".seat-name", Input).value.strip()
        if not name:
            raise FormError(f"Seat {n} needs a name.", f"seat-{n}-name")
        age = None
        if self.game.asks_ages:
            text = self.query_one(".seat-age", Input).value.strip()
            if not text and self.bot is not None:
                age = BOT_AGE
            elif text.isdigit() and 1 <= int(text) <= MAX_AGE:
                age = int(text)
            else:
                raise FormError(f"Enter {name}'s age in years, a whole number from 1 to {MAX_AGE}.", f"seat-{n}-age")
        return SeatInfo(name, self.bot, age)


class TableForm(Vertical):
    """Everything one game asks before it starts: seats and its options."""

    def __init__(self, game: Any, last: tuple[list[SeatInfo], Any, str | None] | None = None) -> None:
        super().__init__(id="table-form")
        self.game = game
        self.last = last  # the game's last table (seats, options, bot speed), filled in

    def compose(self) -> ComposeResult:
        game = self.game
        seats = self.last[0] if self.last is not None else []
        span = f"{game.min_players}–{game.max_players}" if game.min_players != game.max_players else game.min_players
        with Horizontal(classes="form-row"):
            yield Label(f"Players ({span})", classes="form-label")
            yield DigitsInput(str(len(seats) or game.min_players), restrict=r"\d*", max_length=2, id="players", compact=True)
            along = "; ".join(f"{n}: with {who}" for n, who in getattr(game, "companions", {}).items())
            if along:
                yield Label(f" {along}", classes="form-note")
        with Horizontal(classes="seat-row seat-head"):
            yield Label("", classes="seat-number")
            yield Label("Name", classes="seat-name")
            yield Label("Plays", classes="seat-kind")
            if game.asks_ages:
                yield Label("Age", classes="seat-age")
        for n in range(1, game.max_players + 1):
            yield SeatRow(game, n, seats[n - 1] if n <= len(seats) else None)
        if option_fields(game.Options):
            yield Label("Options", classes="form-heading")
            yield OptionsForm(game.Options, id="options", start=self.last[1] if self.last is not None else None)

    def on_mount(self) -> None:
        self._show_seats(len(self.last[0]) if self.last is not None else self.game.min_players)

    def seat_count(self) -> int:
        text = self.query_one("#players", Input).value.strip()
        count = int(text) if text.isdigit() else 0
        if not self.game.min_players <= count <= self.game.max_players:
            raise FormError(
                f"{self.game.title} is for {self.game.min_players} to {self.game.max_players} players.",
                "players",
            )
        return count

    def _show_seats(self, count: int) -> None:
        for row in self.query(SeatRow):
            row.display = row.number <= count

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "players":
            try:
                self._show_seats(self.seat_count())
            except FormError:
                pass  # said on Start; meanwhile the rows stay as they were

    def seats(self) -> list[SeatInfo]:
        seats = [row.seat() for row in self.query(SeatRow) if row.number <= self.seat_count()]
        seen: dict[str, int] = {}
        for n, seat in enumerate(seats, start=1):
            key = seat.name.casefold()
            if key in seen:
                raise FormError(
                    f"Seats {seen[key]} and {n} are both called {seat.name}; give each player their own name.",
                    f"seat-{n}-name",
                )
            seen[key] = n
        return seats

    def options(self) -> Any:
        if not self.query("#options"):
            return self.game.Options()
        return self.query_one("#options", OptionsForm).values()


#: the `?` help of the form, after its keys
FORM_HELP = """\
## Setting up a table

Tab and Shift+Tab go from field to field; in a list (who plays a seat, an option, the
bots' speed) ↑ ↓ and Enter choose. A name field takes any letter, `?` too: there F1
opens this help.

The last table you started of each game is filled in when you set up that game again
(names, who plays, ages, options, the bots' speed); ctrl+r starts from a new table.
"""


class NewGameScreen(Screen):
    BINDINGS = [
        Binding("ctrl+s", "start", "Start", id="new_game.start", priority=True),
        Binding("escape", "back", "Back", id="new_game.back"),
        # priority: a field would take the key first; a name field takes ? still (a letter
        # of the name: Textual leaves out keys a focused field consumes), and F1 is the help there
        Binding("question_mark", "help", "Help", id="new_game.help", priority=True),
        Binding("f1", "help", "Help", id="new_game.help_f1", show=False),
        Binding("ctrl+r", "fresh", "New table", id="new_game.fresh", priority=True),
    ]

    def __init__(self, game_id: str | None = None) -> None:
        super().__init__()
        games = _games()
        self.game = games[game_id] if game_id in games else next(iter(games.values()))
        self.choose_game = game_id is None and len(games) > 1
        self.last = last_tables.last_table(self.game)  # the game's last table, filled in

    def compose(self) -> ComposeResult:
        yield Static("New game", classes="screen-title")
        with VerticalScroll(id="new-game-form"):
            if self.choose_game:
                with Horizontal(classes="form-row"):
                    yield Label("Game", classes="form-label")
                    games = [(game.title, game.id) for game in _games().values()]
                    yield Select(games, value=self.game.id, allow_blank=False, id="game", compact=True)
            else:
                yield Label(self.game.title, classes="form-heading", id="game-title")
            yield Static(self._last_words(), id="last-table", classes="form-note")
            yield TableForm(self.game, self.last)
            with Horizontal(classes="form-row", id="bot-speed-row"):
                yield Label("Bot speed", classes="form-label")
                speeds = [(f"{name} ({_pace_words(name)})", name) for name in BOT_SPEEDS]
                yield Select(speeds, value=self._speed(), allow_blank=False, id="bot-speed", compact=True)
            with Horizontal(classes="form-row", id="seed-row"):
                yield Label("Seed", classes="form-label")
                yield DigitsInput(placeholder="blank = random", restrict=r"\d*", id="seed", compact=True)
            yield Button("Start (ctrl+s)", id="start", compact=True)
        yield Static("", id="new-game-error")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#last-table").display = self.last is not None
        self.query_one("#game" if self.choose_game else "#players").focus()

    def _last_words(self) -> str:
        return f"Your last table of {self.game.title} is filled in; ctrl+r starts a new one."

    def _speed(self) -> str:
        speed = self.last[2] if self.last is not None else None
        return speed if speed in BOT_SPEEDS else DEFAULT_SPEED

    async def _new_form(self) -> None:
        """The table form again, for ``self.game`` and ``self.last`` (None: a new table)."""
        await self.query_one(TableForm).remove()
        await self.query_one("#new-game-form").mount(TableForm(self.game, self.last), after="#last-table")
        note = self.query_one("#last-table", Static)
        note.update(self._last_words())
        note.display = self.last is not None
        self.query_one("#bot-speed", Select).value = self._speed()
        self._say("")
        self.refresh_bindings()

    async def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id != "game" or event.value == self.game.id:
            return
        self.game = _games()[event.value]
        self.last = last_tables.last_table(self.game)
        await self._new_form()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "fresh":
            return self.last is not None  # (a new table is what the form shows already)
        return True

    async def action_fresh(self) -> None:
        """Forget the last table for now: the form as for a first game."""
        self.last = None
        await self._new_form()
        self.query_one("#players").focus()

    def action_help(self) -> None:
        from ..widgets.keys import help_keys
        from .help import HelpScreen

        keys = [("tab", "Next field"), ("shift+tab", "Previous field")] + help_keys(self)  # (what works now)
        self.app.push_screen(HelpScreen(f"New game of {self.game.title} — keys", keys, FORM_HELP + game_notes(self.game)))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()

    def action_start(self) -> None:
        form = self.query_one(TableForm)
        try:
            seats = form.seats()
            options = form.options()
            seed = self._seed()
            speed = str(self.query_one("#bot-speed", Select).value)
            session = Session.new(
                self.game, seats, options, seed, path=new_save_path(self.game.id, seed), bot_speed=speed
            )
        except FormError as exc:
            self._say(str(exc))
            if exc.target:
                self.query_one(f"#{exc.target}").focus()
            return
        except ValueError as exc:  # Session.new and the game's setup refuse tables in one sentence
            self._say(str(exc))
            return
        last_tables.remember(self.game, seats, options, speed)
        self.app.pop_screen()
        self.app.open_session(session)

    def _seed(self) -> int:
        text = self.query_one("#seed", Input).value.strip()
        if not text:
            return secrets.randbelow(2**32)
        if not text.isdigit():
            raise FormError("The seed must be a whole number, or blank for a random one.", "seed")
        return int(text)

    def _say(self, sentence: str) -> None:
        error = self.query_one("#new-game-error", Static)
        error.update(sentence)
        error.display = bool(sentence)

    def action_back(self) -> None:
        self.app.pop_screen()


def game_notes(game: Any) -> str:
    """What the help says of the game being set up: players, bots, options and their values."""
    span = f"{game.min_players} to {game.max_players}" if game.min_players != game.max_players else str(game.min_players)
    lines = [f"\n## {game.title}\n", f"For {span} players."]
    lines += [f" At {n}, {who} plays along (it is no seat)." for n, who in getattr(game, "companions", {}).items()]
    levels = list(game.bots)
    lines.append(f"\n\nBots: {levels[0]} (the default), {', '.join(levels[1:])}.\n")
    for option in option_texts(game):
        if not option.local:
            continue  # (not offered at one keyboard)
        what = f" {option.description}." if option.description else ""
        lines.append(f"\n- **{option.name}** (default `{option.default or 'empty'}`): {option.takes}.{what}")
    return "".join(lines) + "\n"
