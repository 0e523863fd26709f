"""The lobby of a foxtui server (foxtui serve): its tables, and the way to a seat.

Everything shown comes from the server's Lobby messages; every choice goes to the
server, which decides (a seat is only ever yours because the server says so).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

import msgspec
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Checkbox, DataTable, Input, Label, Select, Static

from foxtui.table.pace import BOT_SPEEDS, DEFAULT_SPEED

from ..stylesheets import stylesheets
from ..textual_internals import select_values
from ..widgets.keybar import KeyBar
from ..widgets.options_form import FormError, OptionField, OptionsForm, option_fields
from .confirm import ConfirmScreen

if TYPE_CHECKING:  # the server's lobby rows, read by name; the lobby never builds a message
    from foxtui.server.protocol import TableInfo


class TableRequest(NamedTuple):
    """A new table, as the player set it up."""

    game: str
    options: dict[str, Any]
    seats: list[str]  # per seat: "you", "human" (a free seat) or a bot level
    move_seconds: float
    bot_speed: str


class LobbyLink(Protocol):
    """What the lobby asks of the server (the client's link, given to the screen)."""

    def set_name(self, name: str) -> None: ...
    def join(self, table: int) -> None: ...
    def watch(self, table: int) -> None: ...
    def page(self, page: int) -> None: ...
    def close_table(self, table: int) -> None: ...
    def my_games(self, page: int) -> None: ...
    def create_table(
        self, game: str, options: dict[str, Any], seats: list[str], move_seconds: float, bot_speed: str
    ) -> None: ...


#: the move time limits offered, in seconds (0: none)
MOVE_LIMITS = [("no limit", 0.0), ("15 s", 15.0), ("30 s", 30.0), ("1 min", 60.0), ("2 min", 120.0), ("5 min", 300.0)]


def _games() -> dict[str, Any]:
    from ..games import playable_games

    return playable_games()


def seats_text(table: TableInfo) -> str:
    """One seat a line (a column of 80 columns' lobby holds no more)."""
    parts = []
    for slot in table.seats:
        if slot.bot is not None:
            parts.append(f"{slot.name} ({slot.bot})")
        elif not slot.name:
            parts.append("free")
        else:
            # a finished game has nobody to wait for: nobody is "away" from it
            away = not slot.online and table.status == "playing" and not slot.yours
            parts.append(f"{slot.name}{' (you)' if slot.yours else ''}{' (away)' if away else ''}")
    return "\n".join(parts)


def status_text(table: TableInfo) -> str:
    if table.status == "waiting":
        free = sum(1 for slot in table.seats if slot.bot is None and not slot.name)
        return f"waiting for {free}"
    if table.status == "playing":
        return "\n".join(part for part in (f"round {table.round}" if table.round else "", table.phase) if part)
    if table.status == "damaged":
        return "damaged"
    return "\n".join(part for part in ("finished", table.result) if part)


def game_text(table: TableInfo) -> str:
    """The game, then its options wrapped to the column (nothing cut at 80 columns)."""
    import textwrap

    if not table.options:
        return table.title
    return "\n".join([table.title, *textwrap.wrap(f"({table.options})", COLUMNS[1][2] - 1)])


#: the lobby's columns: label, key, width (fixed: auto-sized columns may be drawn
#: before they have grown to fit the rows, and 80 columns must hold all four)
COLUMNS = (("#", "id", 3), ("Game", "game", 26), ("Seats", "seats", 26), ("Status", "status", 14))


def fill_grid(grid: DataTable, tables: list[TableInfo]) -> None:
    """The tables, one row each; a row as tall as its longest cell (a seat a line)."""
    if not grid.columns:
        for label, key, width in COLUMNS:
            grid.add_column(label, key=key, width=width)
    row = grid.cursor_row
    grid.clear()
    for t in tables:
        cells = (game_text(t), seats_text(t), status_text(t))
        height = max(cell.count("\n") + 1 for cell in cells)  # (auto height lets the grid outgrow the screen)
        grid.add_row(str(t.id), *(Text(cell) for cell in cells), key=str(t.id), height=height)
    if tables:
        grid.move_cursor(row=min(max(row, 0), len(tables) - 1))


class LobbyScreen(Screen[None]):
    CSS_PATH = stylesheets("lobby.tcss")
    BINDINGS = [
        Binding("n", "new_table", "New table", id="lobby.new"),
        Binding("j", "join", "Join", id="lobby.join"),
        Binding("w", "watch", "Watch", id="lobby.watch"),
        Binding("x", "close_table", "Leave", id="lobby.close"),
        Binding("g", "my_games", "My games", id="lobby.games"),
        Binding("question_mark", "help", "Help", id="lobby.help"),
        Binding("q", "quit", "Quit", id="lobby.quit"),
        # priority: the table list would take them to scroll, and a page of it fits anyway
        Binding("pagedown", "page(1)", "Next page", id="lobby.next_page", show=False, priority=True),
        Binding("pageup", "page(-1)", "Previous page", id="lobby.previous_page", show=False, priority=True),
    ]

    def __init__(self, link: LobbyLink) -> None:
        super().__init__()
        self.link = link
        self.name_: str | None = None
        self.tables: list[TableInfo] = []
        self.page = 0  # the page of the server's tables shown, of ``pages``
        self.pages = 1
        self.offered_rejoin = False
        #: why this player may set up no more tables now ("" while they may: the server says)
        self.full = ""
        self.last_request: TableRequest | None = None  # the form starts from the last table

    def compose(self) -> ComposeResult:
        yield Static("foxtui — shared tables", id="lobby-title")
        yield Static("Connecting…", id="lobby-note")
        yield DataTable(id="lobby-tables", cursor_type="row", zebra_stripes=True)
        yield KeyBar()

    def on_mount(self) -> None:
        self._grid().focus()

    def _grid(self) -> DataTable:
        return self.query_one(DataTable)

    # --- from the server

    def welcome(self, name: str | None) -> None:
        self.name_ = name
        if name is None:
            # connected: what is behind the question says so, not "Connecting…"
            self.query_one("#lobby-note", Static).update("Connected. Choose your name to see the tables.")
            if not isinstance(self.app.screen, NameScreen):
                self.app.push_screen(NameScreen(self.link))
            return
        if isinstance(self.app.screen, NameScreen):
            self.app.screen.dismiss(name)
        self.query_one("#lobby-title", Static).update(Text(f"foxtui — shared tables · you are {name}"))

    def show_tables(self, tables: list[TableInfo], page: int = 0, pages: int = 1) -> None:
        self.tables = tables
        self.page, self.pages = page, pages
        fill_grid(self._grid(), tables)
        mine = [t for t in tables if t.status == "playing" and any(s.yours for s in t.seats)]
        self.query_one("#lobby-note", Static).update(Text(lobby_note(tables, page, pages)))
        grid = self._grid()
        if mine and not self.offered_rejoin:
            self.offered_rejoin = True  # offered once per login; the note stays
            grid.move_cursor(row=tables.index(mine[0]))
            self._offer_rejoin(mine[0])

    def _offer_rejoin(self, table: TableInfo) -> None:
        def answered(yes: bool | None) -> None:
            if yes:
                self.link.join(table.id)

        if self.app.screen is self:
            self.app.push_screen(
                RejoinScreen(f"Your seat at table {table.id} ({table.title}) is kept for you. Rejoin it?"), answered
            )

    # --- the player's choices

    def _selected(self) -> TableInfo | None:
        grid = self.query_one(DataTable)
        if not self.tables or grid.cursor_row < 0 or grid.cursor_row >= len(self.tables):
            self.notify("There is no table to choose yet.", severity="warning")
            return None
        return self.tables[grid.cursor_row]

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_join()

    def action_join(self) -> None:
        table = self._selected()
        if table is not None:
            self.link.join(table.id)

    def action_watch(self) -> None:
        table = self._selected()
        if table is not None:
            self.link.watch(table.id)

    def action_close_table(self) -> None:
        from .confirm import ConfirmScreen

        table = self._selected()
        if table is None:
            return
        if table.status != "waiting":
            self.notify("Only a table whose game has not begun can be cancelled or left.", severity="warning")
            return
        if table.created:
            question = f"Cancel table {table.id} ({table.title})? It leaves the lobby, and whoever sits there is told."
        elif any(slot.yours for slot in table.seats):
            question = f"Leave your seat at table {table.id} ({table.title})? It is free for another player then."
        else:
            self.notify(f"Table {table.id} is not yours to cancel, and you have no seat at it.", severity="warning")
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self.link.close_table(table.id)

        self.app.push_screen(ConfirmScreen(question), answered)

    def action_my_games(self) -> None:
        self.app.push_screen(MyGamesScreen(self.link))

    def action_page(self, step: int) -> None:
        wanted = self.page + step
        if 0 <= wanted < self.pages:
            self.link.page(wanted)

    def action_new_table(self) -> None:
        if self.full:  # said at once, not after the whole form is filled in
            self.notify(self.full, severity="warning")
            return

        def created(request: TableRequest | None) -> None:
            if request is not None:
                self.last_request = request
                self.link.create_table(*request)

        self.app.push_screen(CreateTableScreen(self.last_request), created)

    def action_help(self) -> None:
        from .help import HelpScreen, binding_keys

        keys = [("↑ ↓", "Choose a table"), ("enter", "Join or rejoin it"), ("PgDn PgUp", "Next or previous page")]
        keys += binding_keys(self.app, self.BINDINGS)
        self.app.push_screen(HelpScreen("foxtui server — keys", keys, LOBBY_HELP))

    def action_quit(self) -> None:
        """q asks first: a key meant for a table (q goes back from one) must not end the
        session. Yes ends it; every seat stays its player's for a rejoin."""
        if isinstance(self.app.screen, QuitScreen):
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self.app.exit()

        self.app.push_screen(QuitScreen(QUIT_QUESTION), answered)


#: what q in the lobby asks
QUIT_QUESTION = "Quit foxtui and end this session? Your seats are kept: log in again to rejoin them."


class QuitScreen(ConfirmScreen):
    """"Quit?" from the lobby: y or enter quit, n or escape stay."""


LOBBY_HELP = """\
Every table of this server is listed with its seats and how far its game is.

- **j** or **enter** takes a free seat, or brings you back to your own seat.
  A seat is yours for the whole game: if your connection drops, log in again
  with the same key and rejoin it.
- **w** watches a game in play: you see what everyone may see, nobody's secrets.
  On a finished game it shows the results and the replay.
- **x** cancels a table you set up, or leaves your seat at one, before its game
  begins.
- **g** lists your games, finished or not, newest first, with their results and
  replays (a finished game stays in the lobby for an hour only).
- **PgDn** and **PgUp** turn the pages of a long list; your own tables come first.
  A finished game stays listed for an hour; a table nobody comes back to leaves
  the list after a day (not begun) or a week (in play). A damaged table is listed
  as such: its game cannot go on here.
- **n** sets up a new table: the game, who sits where (you, a free seat for
  another player, or a bot), a time limit per move after which a bot moves for
  a player who is away, and the game's options.
- **q** asks whether to quit (so do ctrl+c and ctrl+q), then ends your session
  (y); your seats are kept.

A game starts when every seat is taken. Moves cannot be taken back at a shared table.
"""


def lobby_note(tables: list[TableInfo], page: int, pages: int) -> str:
    """The sentence under the lobby's title: what the player's own tables on this page
    are at — every one of them, in play, waiting and the last one finished."""

    def seated(t: TableInfo) -> bool:
        return any(s.yours for s in t.seats)

    def ids(ts: list[TableInfo]) -> str:
        numbers = [str(t.id) for t in ts]
        return numbers[0] if len(numbers) == 1 else f"{', '.join(numbers[:-1])} and {numbers[-1]}"

    playing = [t for t in tables if t.status == "playing" and seated(t)]
    # a table one set up waits for players even when one took no seat at it
    waiting = [t for t in tables if t.status == "waiting" and (seated(t) or t.created)]
    finished = [t for t in tables if t.status == "finished" and seated(t)]
    parts = []
    if len(playing) == 1:
        t = playing[0]
        parts.append(f"You have a seat at table {t.id} ({t.title}): press j on it to rejoin.")
    elif playing:
        parts.append(f"You have seats at tables {ids(playing)}, in play: press j on one to rejoin.")
    if len(waiting) == 1:
        t = waiting[0]
        free = sum(1 for slot in t.seats if slot.bot is None and not slot.name)
        more = f"{free} {'more ' if seated(t) else ''}player{'s' if free != 1 else ''}"
        how = "x cancels it" if t.created else "x leaves it"
        if seated(t):
            parts.append(f"You sit at table {t.id} ({t.title}), waiting for {more}; {how}.")
        else:
            parts.append(f"Your table {t.id} ({t.title}) is waiting for {more}; {how}.")
    elif waiting:
        parts.append(f"Tables {ids(waiting)} are yours and wait for players; x cancels or leaves one.")
    if finished:
        t = finished[0]  # the newest
        over = f"Your game at table {t.id} ({t.title}) is over{': ' + t.result if t.result else ''}."
        parts.append(f"{over} w shows it again.")
    if parts:
        note = " ".join(parts)
    elif tables:
        note = "j joins a free seat, w watches a game, n sets up a new table."
    else:
        note = "No tables yet: press n to set one up."
    if pages > 1:
        note += f" Page {page + 1} of {pages} (PgDn, PgUp)."
    return note


class RejoinScreen(ConfirmScreen, inherit_bindings=False):
    """"Rejoin your seat?" on login: keys the lobby beneath does not use, so a key meant
    for the lobby (n, say, pressed as the question came) does not answer it."""

    BINDINGS = [
        Binding("y", "answer(True)", "Rejoin", id="rejoin.yes"),
        Binding("enter", "answer(True)", "Rejoin", id="rejoin.yes_enter", show=False),
        Binding("escape", "answer(False)", "Not now", id="rejoin.no"),
    ]
    LABELS = ("Rejoin (y)", "Not now (esc)")


class MyGamesScreen(Screen[None]):
    """The player's own games, newest first: rejoin one in play, see a finished one again."""

    CSS_PATH = stylesheets("lobby.tcss")
    BINDINGS = [
        Binding("enter", "open", "Open", id="my_games.open"),
        Binding("escape", "back", "Back", id="my_games.back"),
        Binding("pagedown", "page(1)", "Next page", id="my_games.next_page", priority=True),
        Binding("pageup", "page(-1)", "Previous page", id="my_games.previous_page", priority=True),
    ]

    def __init__(self, link: LobbyLink) -> None:
        super().__init__()
        self.link = link
        self.tables: list[TableInfo] = []
        self.page, self.pages = 0, 1

    def compose(self) -> ComposeResult:
        yield Static("My games", id="lobby-title")
        yield Static("Asking the server…", id="lobby-note")
        yield DataTable(id="lobby-tables", cursor_type="row", zebra_stripes=True)
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one(DataTable).focus()
        self.link.my_games(0)

    def show_games(self, tables: list[TableInfo], page: int, pages: int, total: int) -> None:
        self.tables, self.page, self.pages = tables, page, pages
        fill_grid(self.query_one(DataTable), tables)
        if not total:
            note = "No games yet: a table you sit at is listed here, finished or not."
        else:
            note = f"{total} game{'s' if total != 1 else ''}; enter rejoins one in play or shows a finished one again."
        if pages > 1:
            note += f" Page {page + 1} of {pages} (PgDn, PgUp)."
        self.query_one("#lobby-note", Static).update(Text(note))
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "page":
            return 0 <= self.page + int(parameters[0]) < self.pages  # type: ignore[call-overload]
        if action == "open":
            return bool(self.tables)
        return True

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_open()

    def action_open(self) -> None:
        grid = self.query_one(DataTable)
        if not 0 <= grid.cursor_row < len(self.tables):
            return
        table = self.tables[grid.cursor_row]
        if table.status == "finished":
            self.link.watch(table.id)
        elif table.status == "damaged":
            self.notify(f"Table {table.id} is damaged: its game cannot go on here.", severity="warning")
        else:
            self.link.join(table.id)

    def action_page(self, step: int) -> None:
        self.link.my_games(self.page + step)

    def action_back(self) -> None:
        self.dismiss(None)


class NameScreen(ModalScreen[str]):
    """The first login asks for the name the other players will see."""

    CSS_PATH = stylesheets("lobby.tcss")
    BINDINGS = [Binding("ctrl+c", "app.quit", "Quit", id="name.quit", priority=True)]

    def __init__(self, link: LobbyLink) -> None:
        super().__init__()
        self.link = link

    def compose(self) -> ComposeResult:
        with Vertical(id="name-box"):
            yield Static("Welcome! Choose the name other players will see (up to 16 characters).")
            yield Input(placeholder="your name", max_length=16, id="name-input")
        yield KeyBar()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        name = event.value.strip()
        if name:
            self.link.set_name(name)  # the server answers with a welcome, or says why not


def shared_option_fields(options_type: type) -> list[OptionField]:
    """The game's options with those a table of one terminal per player allows too
    (``Meta(extra={"local": False})``, e.g. real time), in declaration order."""
    return option_fields(options_type, shared=True)


class SharedOptionsForm(OptionsForm):
    def __init__(self, options_type: type, *, id: str | None = None) -> None:
        super().__init__(options_type, shared=True, id=id)


class CreateTableScreen(Screen[TableRequest | None]):
    CSS_PATH = stylesheets("lobby.tcss")
    BINDINGS = [
        Binding("ctrl+s", "create", "Create", id="create_table.create", priority=True),
        Binding("escape", "back", "Back", id="create_table.back"),
    ]

    def __init__(self, last: TableRequest | None = None) -> None:
        """``last``: the table this player set up last; the form starts from its choices."""
        super().__init__()
        games = _games()
        self.last = last if last is not None and last.game in games else None
        self.game = games[self.last.game] if self.last is not None else next(iter(games.values()))
        self._rebuilding = False  # keys wait while the form is rebuilt for another game

    def compose(self) -> ComposeResult:
        yield Static("New table", classes="screen-title")
        with VerticalScroll(id="create-form"):
            yield from self._game_rows()
            yield Button("Create (ctrl+s)", id="create", compact=True)
        yield Static("", id="create-error")
        yield KeyBar()

    def _game_rows(self) -> ComposeResult:
        game = self.game
        with Horizontal(classes="form-row"):
            yield Label("Game", classes="form-label")
            yield Select([(g.title, g.id) for g in _games().values()], value=game.id, allow_blank=False, id="game", compact=True)
        with Horizontal(classes="form-row"):
            yield Label("Players", classes="form-label")
            counts = [(str(n), n) for n in range(game.min_players, game.max_players + 1)]
            yield Select(counts, value=game.min_players, allow_blank=False, id="players", compact=True)
        kinds = [("You", "you"), ("Another player", "human")] + [(f"Bot: {b}", b) for b in game.bots]
        for n in range(game.max_players):
            with Horizontal(classes="form-row seat-choice", id=f"seat-row-{n}"):
                yield Label(f"Seat {n + 1}", classes="form-label")
                yield Select(kinds, value="you" if n == 0 else "human", allow_blank=False, id=f"seat-{n}", compact=True)
        with Horizontal(classes="form-row"):
            yield Label("Move limit", classes="form-label")
            yield Select(MOVE_LIMITS, value=0.0, allow_blank=False, id="move-limit", compact=True)
        with Horizontal(classes="form-row"):
            yield Label("Bot speed", classes="form-label")
            speeds = [(name, name) for name in BOT_SPEEDS]
            yield Select(speeds, value=DEFAULT_SPEED, allow_blank=False, id="bot-speed", compact=True)
        if shared_option_fields(game.Options):
            yield Label("Options", classes="form-heading")
            yield SharedOptionsForm(game.Options, id="options")

    def on_mount(self) -> None:
        if self.last is not None:
            self._fill(self.last)
        self._show_seats()
        self.query_one("#game").focus()
        self._watch_game()

    def _watch_game(self) -> None:
        self.watch(self.query_one("#game", Select), "value", self._game_picked, init=False)

    def _game_picked(self, value: Any) -> None:
        """Another game is picked: keys typed after it (over SSH they come with it) wait
        until the form is rebuilt for it and Game has the focus again; else the next one
        goes to the old Game, rebuilt under it, and is lost. Now, as the value changes:
        the Changed message comes later, when the next key may have gone already."""
        if value != self.game.id and not self._rebuilding:
            self._rebuilding = True
            self.app.hold_keys()

    def _fill(self, last: TableRequest) -> None:
        """The last table's choices (those this game still offers)."""

        def choose(selector: str, value: Any) -> None:
            for control in self.query(selector):
                if isinstance(control, Select) and value in select_values(control):
                    control.value = value
                elif isinstance(control, Checkbox) and isinstance(value, bool):
                    control.value = value
                elif isinstance(control, Input) and value is not None:
                    control.value = str(value)

        choose("#players", len(last.seats))
        for n, kind in enumerate(last.seats):
            choose(f"#seat-{n}", kind)
        choose("#move-limit", last.move_seconds)
        choose("#bot-speed", last.bot_speed)
        for name, value in last.options.items():
            choose(f"#opt-{name}", value)

    def _show_seats(self) -> None:
        try:
            count = self.query_one("#players", Select).value
            rows = [self.query_one(f"#seat-row-{n}") for n in range(self.game.max_players)]
        except NoMatches:
            return  # the form is being rebuilt for another game: it shows its seats once built
        for n, row in enumerate(rows):
            row.display = n < count  # type: ignore[operator]

    async def on_select_changed(self, event: Select.Changed) -> None:
        # A choice keeps the focus where it was made, as in any form: moving it on made
        # every Tab count one off, and a second Enter landed on Create
        if event.select.id == "players":
            self._show_seats()
        elif event.select.id == "game" and event.value != self.game.id:
            self.game = _games()[event.value]
            await self.recompose()  # seats and options are the new game's
            self._show_seats()
            self._watch_game()

            def focus_game() -> None:
                self.set_focus(self.query_one("#game"))  # the new one (now: the keys go to it next)
                if self._rebuilding:
                    self._rebuilding = False
                    self.app.release_keys()

            # once the new fields are in place
            self.call_after_refresh(focus_game)
            return
        elif (event.select.id or "").startswith("seat-") and event.select.value == "you":  # (now, not when told)
            # one "You": taking a seat gives up the one held before
            for select in self.query(".seat-choice Select"):
                if select is not event.select and select.value == "you" and isinstance(select, Select):
                    select.value = "human"

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "create":
            self.action_create()

    def action_create(self) -> None:
        count = int(self.query_one("#players", Select).value)  # type: ignore[arg-type]
        seats = [str(self.query_one(f"#seat-{n}", Select).value) for n in range(count)]
        try:
            if seats.count("you") > 1:
                raise FormError("You can take only one seat.", f"seat-{seats.index('you', seats.index('you') + 1)}")
            options = self.query_one(SharedOptionsForm).values() if self.query(SharedOptionsForm) else self.game.Options()
        except FormError as exc:
            error = self.query_one("#create-error", Static)
            error.update(str(exc))
            error.display = True
            if exc.target:
                self.query_one(f"#{exc.target}").focus()
            return
        limit = float(self.query_one("#move-limit", Select).value)  # type: ignore[arg-type]
        speed = str(self.query_one("#bot-speed", Select).value)
        self.dismiss(TableRequest(self.game.id, msgspec.to_builtins(options), seats, limit, speed))

    def action_back(self) -> None:
        self.dismiss(None)
