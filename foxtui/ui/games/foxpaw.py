"""The Foxpaw panel: the school board (one location zoomed in at 80x24, the whole board
on a roomy terminal), the house boards, the Magical Events, and the moves on offer.

Everything drawn comes from the View handed to :meth:`FoxpawPanel.show`. The panel
keeps only what is on screen: which page is zoomed in, which meeple the player is
placing, and the public side of the last view (to say what the last step changed).
Every move it sends up is an object taken from the legal list it was given.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.css.scalar import Unit
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.strip import Strip
from textual.visual import visualize
from textual.widgets import OptionList, Static

from foxtui.games.foxpaw import actions as A
from foxtui.games.foxpaw import content as C
from foxtui.games.foxpaw.actions import Action
from foxtui.games.foxpaw.effects import by_coin, preview
from foxtui.games.foxpaw.rules_core import pay_ways
from foxtui.games.foxpaw.view import View

from ..screens.play import LOG_ROWS
from ..widgets.moves import Moves
from ..widgets.page import PageView
from ..widgets.status import same_content, update_if_changed
from .base import GamePanel
from .foxpaw_board import (
    MAP_COLUMNS,
    board_map,
    cell_subtitle,
    cell_title,
    events_body,
    location_body,
    location_title,
    marks,
    overview_cell,
    unnamed_marks,
    zoomed_body,
)
from .foxpaw_house import houses_page, my_house, scoreboard
from .foxpaw_interlude import FoxpawInterlude, interlude_pages
from .foxpaw_words import (
    LOCATION_NAME,
    LOCATIONS,
    SHORT_LOCATION,
    PHASE_NAME,
    beast_name,
    board_order,
    detail,
    label,
    location_of,
    prompt,
    rows_of,
    space_title,
    who,
    who_text,
)

#: the key of each location (shown on the board): it zooms there and, while placing,
#: puts the cursor on its first free space; a row's digit then picks the space
LOCATION_KEY = {"farm": "f", "lounge": "n", "kiosk": "i", "duel": "d", "sports": "s", "library": "b",
                "study": "t", "classroom": "c", "dormitory": "r", "carnival": "v"}
#: in a replay v chooses whose view is shown (every game's replay key): the Carnival is
#: reached with h l there, its letter not underlined
REPLAY_LOCATION_KEY = {loc: key for loc, key in LOCATION_KEY.items() if key != "v"}
MAX_ROW = max(C.shown_row(i) for i in range(len(C.SPACES)))
#: the moves that place a meeple (a wizard, a beast, House Obsidio's marker) on a space
PLACING = (A.Place, A.PlaceObsidio)

#: the map's lines at 80x24: two locations a line, and the legend
MAP_ROWS = len(MAP_COLUMNS[0]) + 1

#: the rows the panel can use: the head, the map, a location's every space with its
#: effect and what lies there, the hint; on a roomy terminal its tallest column of cells
NARROW_ROWS = 2 + MAP_ROWS + 15 + 1
ROOMY_ROWS = 2 + 21 + 1 + 2

#: the board's columns on a roomy terminal
COLUMNS = (("farm", "lounge", "kiosk"), ("duel", "sports", "library"), ("study", "classroom"),
           ("dormitory", "carnival", "events"))

#: the pages beyond the ten locations
EVENTS, YOU, HOUSES = "events", "you", "houses"
TAB_WORD = {EVENTS: "Events", YOU: "You", HOUSES: "All"}
PAGE_KEY = {EVENTS: "e", YOU: "y", HOUSES: "o"}

#: the page a decision is about, when no single action names one
DECISION_PAGE = {
    "student": YOU, "house": YOU, "start_object": "study", "start_beast": "farm", "pair": HOUSES,
    "target": HOUSES, "discard_beast": YOU, "spy": EVENTS, "bribe": "lounge", "cut": "classroom",
    "tattle": HOUSES, "resource": YOU, "duel_secret": "duel", "duel_mischief": "duel", "duel_target": "duel",
    "learn2": "classroom", "freeze": YOU, "event_mischief": EVENTS, "bid": EVENTS, "opponent": EVENTS,
}

#: gains the last step brought, in the words of the house board: (read, many, one); a
#: fulfilled Prophecy is named, so the count is of the Prophecies drawn (secret or not)
GAIN_FIELDS = (
    (lambda h: h.energy, "Energy", "Energy"), (lambda h: h.reputation, "Reputation", "Reputation"),
    (lambda h: h.strength, "Strength", "Strength"), (lambda h: h.knowledge, "Knowledge", "Knowledge"),
    (lambda h: h.herbs, "Herbs", "Herb"), (lambda h: h.goods, "Goods", "Goods"), (lambda h: h.coins, "Coins", "Coin"),
    (lambda h: h.total_stars, "Stars", "Star"), (lambda h: h.vp, "VP", "VP"),
    (lambda h: h.mischief_cards, "Mischief cards", "Mischief card"),
    (lambda h: h.prophecies + len(h.fulfilled), "Prophecies", "Prophecy"),
    (lambda h: h.darkness_cards, "Darkness cards", "Darkness card"),
)


def gains(before: Any, after: Any) -> list[Text]:
    """What each house's public side changed by between two views (a step's effects)."""
    if before is None or len(before.houses) != len(after.houses):
        return []
    out = []
    for n, (a, b) in enumerate(zip(before.houses, after.houses)):
        bits = []
        for read, many, one in GAIN_FIELDS:
            delta = read(b) - read(a)
            if delta:
                bits.append(f"{delta:+d} {one if abs(delta) == 1 else many}")
        for field, table in (("objects", C.OBJECT), ("learned", C.SPELL), ("fulfilled", C.PROPHECY)):
            for item in getattr(b, field)[len(getattr(a, field)):]:
                bits.append(f"+{table[item].name}" + (" (fulfilled)" if field == "fulfilled" else ""))
        new_beasts = [x.id for x in b.beasts if x.id not in {y.id for y in a.beasts}]
        bits += [f"+{beast_name(x)}" for x in new_beasts]
        if bits:
            line = Text(f"{after.names[n]}: ", style="bold")
            line.append(", ".join(bits))
            out.append(line)
    return out


def keyed(word: str, key: str, style: str = "") -> Text:
    """``word`` with its key's letter underlined (the first one, in either case)."""
    out = Text(word, style=style)
    at = word.lower().find(key) if key else -1
    if at >= 0:
        out.stylize("underline bold", at, at + 1)
    return out


class FoxpawMoves(Moves[Action]):
    """The moves on offer. The list stays on screen while there are none (its coming and
    going laid the screen out at every turn), its keys out of the key bar meanwhile, and
    its rows tell what the last step changed (:meth:`show_idle`)."""

    _idle = Text()
    _idle_lines: tuple[tuple, list[Strip]] | None = None  # (text and width, its lines)

    def show_idle(self, text: Text) -> None:
        """What the rows show while no move is offered (the list's room keeps its size)."""
        if same_content(self._idle, text):
            return
        self._idle = text
        if not self.options:
            self.refresh()

    def render_line(self, y: int) -> Strip:
        if self.options or not self._idle.plain:
            return super().render_line(y)
        width = self.scrollable_content_region.width
        key = (self._idle.plain, tuple(self._idle.spans), width)
        if self._idle_lines is None or self._idle_lines[0] != key:
            console = self.app.console
            self._idle_lines = (key, [Strip(line.render(console), line.cell_len)
                                      for line in self._idle.wrap(console, width)])
        lines = self._idle_lines[1]
        style = self.get_visual_style("option-list--option").rich_style
        line = lines[y] if 0 <= y < len(lines) else Strip.blank(width)
        return line.apply_style(style).crop_extend(0, width, style)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("select", "cursor_up", "cursor_down", "page_up", "page_down", "first", "last"):
            return bool(self.option_count)
        return super().check_action(action, parameters)

    def _on_resize(self, event: events.Resize) -> None:
        # the moves are wrapped for a width: a list only taller or shorter (the text
        # around it changed length) keeps them as drawn (OptionList's handler, next in
        # line, would draw every one of them again)
        width = self.scrollable_content_region.width
        if width == self._wrapped_for:
            event.prevent_default()
        self._wrapped_for = width

    _wrapped_for = -1


class BoardPage(PageView, can_focus=False):
    """A page of the panel: drawn line by line at the size the stylesheet gives it, so
    that a step's new text never lays the screen out again ([ ] scroll it; the arrows
    pick moves)."""


class BoardLines(PageView, can_focus=False):
    """A line or two that never scroll (the head, the hint), each cut to the width: a
    new line draws only its own row again (a Static draws all of its text again)."""


class FoxpawPanel(GamePanel[View, Action]):
    STYLESHEET: ClassVar[str | None] = "foxpaw.tcss"
    #: from this size the whole board is shown at once (a 120x32 terminal: the play
    #: screen's status line, log and key bar take 7 lines)
    ROOMY_SIZE = (120, 25)
    KEYS_HELP: ClassVar[str] = """\
## Foxpaw keys

The board is shown one location at a time (the line at the top names them all; the
zoomed one is highlighted). On a large terminal (120×32 and up) every location is in
sight at once and the page beside the moves shows your house.

- **← →** or **h l**: the previous or next page: the ten locations, then **Events**
  (the row of Magical Events, the one being played, Obsidio's values), **You** (your
  house board and your secret cards) and **All** (every house, as the table sees it).
- **f n i d s b t c r v**: jump to a location (the underlined letter of its name on
  the board: Farm, Lounge, Kiosk, Duel, Sports, Library, Study, Class, Dorm,
  Carnival); while you place, the cursor goes to its first free space. **1–5**: the
  space in that row of the location in sight. Any space is three keys away: its
  location, its row, **Enter**.
- **e** Events, **y** You, **o** All. At 80×24 these three take the whole width; the
  same key again brings back the board and your moves.
- **↑ ↓** or **j k**: pick a move; the board zooms to where it happens and the lines
  under the list say what it gives and what it costs. **Enter** does it.
- **m** (placing): switch between your wizard and your Magical Beasts.
- **[ ]**: scroll the zoomed page up or down.

Placing: pick the meeple with **m**, then a space; spaces marked **free** in green
are the ones you may take. A Morning space with one way to use it is used as you
place (**a** instead of **Enter** places and asks: use it, rest, or leave it unused).
A house that holds the Herbs and Goods of a price pays with them; **a** instead of
**Enter** asks whether Coins stand in for some of them (−1 Reputation). The
cursor stays where you left it from one turn to the next. *Rest* and *Leave it
unused* are offered as moves when your meeple's space is used. Secret choices
(Student card, gestures, bets, Energy dials) are made one player at a time behind
a handover screen and revealed together.
"""

    BINDINGS = [
        # (the arrows' own action: in a replay they step through the game, never the pages)
        Binding("left", "arrow_page(-1)", "Previous page", id="foxpaw.page_left", show=False),
        Binding("right", "arrow_page(1)", "Next page", id="foxpaw.page_right", show=False),
        Binding("h", "page(-1)", "Previous page", id="foxpaw.page_h", show=False),
        Binding("l", "page(1)", "Next page", id="foxpaw.page_l", show=False),
        *(
            Binding(LOCATION_KEY[loc], f"location('{loc}')", LOCATION_NAME[loc], id=f"foxpaw.goto_{loc}", show=False)
            for loc in LOCATIONS
        ),
        *(
            Binding(str(row), f"row({row})", f"Row {row} of the location", id=f"foxpaw.row_{row}", show=False)
            for row in range(1, MAX_ROW + 1)
        ),
        Binding("a", "place_ask", "Ask first", id="foxpaw.place_ask"),
        Binding("e", "goto('events')", "Events", id="foxpaw.events", show=False),
        Binding("y", "goto('you')", "Your house", id="foxpaw.you"),
        Binding("o", "goto('houses')", "Houses", id="foxpaw.houses", show=False),
        Binding("m", "meeple", "Meeple", id="foxpaw.meeple"),
        Binding("left_square_bracket", "scroll_page(-1)", "Scroll page up", id="foxpaw.scroll_up", show=False),
        Binding("right_square_bracket", "scroll_page(1)", "Scroll page down", id="foxpaw.scroll_down", show=False),
    ]

    def __init__(self, *, id: str | None = None, replay: bool = False) -> None:
        super().__init__(id=id, replay=replay)
        self._page = "farm"
        self._board_page = "farm"  # the last location zoomed in (y, e, o toggle back to it)
        self._looking = False  # the player turned to this page (a decision did not)
        self._meeple = ""  # the meeple being placed: "" a wizard, else a beast's card
        self._decision: tuple | None = None  # the decision the page last zoomed to
        self._changes: list[Text] = []  # what the last step changed (the last view's public side to this one's)
        self._cursor = -1  # the space last highlighted for placing: the next turn starts there (or near it)
        self._to_cursor = False  # a new placing turn: put the highlight back at the cursor
        self._placed: tuple[int, bool] | None = None  # a Morning space just placed on; True: ask how to use it
        #: the move just sent asked (a) how to pay for it: else a house that holds the
        #: Herbs and Goods pays with them, unasked
        self._chose: bool | None = None
        self._drawn: tuple | None = None  # what the last redraw drew from (see _drawing_key)

    def compose(self) -> ComposeResult:
        yield BoardLines(id="fp-head")
        with Horizontal(id="fp-middle"):
            with Horizontal(id="fp-board"):  # a roomy terminal: the whole board
                first, *others = COLUMNS
                with Vertical(classes="fp-column"):  # the tallest column: the whole height
                    for loc in first:
                        yield Static(id=f"fp-cell-{loc}", classes="fp-cell" + (" -last" if loc == first[-1] else ""))
                with Vertical(id="fp-board-rest"):
                    with Horizontal(id="fp-board-columns"):
                        for column in others:
                            with Vertical(classes="fp-column"):
                                for loc in column:
                                    yield Static(id=f"fp-cell-{loc}", classes="fp-cell")
                    # the zoomed page, under the shorter columns (the room they leave)
                    yield BoardPage(id="fp-side")
            with Vertical(id="fp-left"):
                # 80x24: the map of who stands where pinned over the zoomed page
                yield BoardPage(id="fp-page")  # [ ] scroll it: the arrows pick moves
            with Vertical(id="fp-right"):
                yield Static(id="fp-prompt")
                yield FoxpawMoves(id="fp-choices", keys="foxpaw")
                yield Static(id="fp-detail")
        yield BoardLines(id="fp-hint")

    def rows_wanted(self, width: int, height: int) -> int | None:
        """The rows the board needs; a taller terminal gives the rest to the log. At 80x24
        that is all it is given (the log keeps its few rows)."""
        roomy = width >= self.ROOMY_SIZE[0] and height - 2 - LOG_ROWS >= self.ROOMY_SIZE[1]
        return ROOMY_ROWS if roomy else NARROW_ROWS

    def on_resize(self, event: events.Resize) -> None:
        self.fit_roomy(event.size)
        self.redraw_if_shown()  # the pages are laid out for the width

    # --- data down

    def showing(self, before: View | None, seat_before: int | None) -> None:
        self._changes = gains(before, self.view)
        placed, self._placed = self._placed, None
        chose, self._chose = self._chose, None
        self._follow_decision()
        self._use_at_once(placed)
        self._pay_at_once(chose)

    def own_state(self) -> object:
        return (self._page, self._board_page, self._looking, self._meeple, self._decision, self._cursor)

    def set_own_state(self, state: object) -> None:
        if isinstance(state, tuple):
            self._page, self._board_page, self._looking, self._meeple, self._decision, self._cursor = state
        else:  # a seat seen for the first time: the farm, until its decision zooms elsewhere
            self._page = self._board_page = "farm"
            self._looking, self._meeple, self._decision, self._cursor = False, "", None, -1
        self._to_cursor, self._placed, self._chose = False, None, None

    def _use_at_once(self, placed: tuple[int, bool] | None) -> None:
        """A Morning space the player just placed on, with one way to use it: it is used
        (the player placed there for it); resting or leaving it is asked for with ``a``."""
        d = self.view.decision
        if placed is None or d is None or d.kind != "resolve" or d.seat != self.seat or d.space != placed[0]:
            return
        uses = [a for a in self.legal if type(a) not in (A.Rest, A.Leave)]
        if len(uses) == 1 and not placed[1]:
            self.choose(uses[0])

    def _pay_at_once(self, chose: bool | None) -> None:
        """The move just chosen asks how to pay, and the house holds every Herb and Goods
        of the price: it pays with them (Coins in their place, for 1 Reputation, only
        when the player asked with ``a``)."""
        d = self.view.decision
        if chose is None or chose or d is None or d.kind != "pay" or d.seat != self.seat:
            return
        own = A.PayWith(0, 0)
        if own in self.legal:
            self.choose(own)

    def _coins_asked(self, action: Action | None) -> bool:
        """Whether ``action`` leads to a payment the house could make with its own Herbs
        and Goods or with Coins in their place (Enter pays with its own; ``a`` asks)."""
        seat = self.seat
        if action is None or seat is None or not self.can_draw or not 0 <= seat < len(self.view.houses):
            return False
        view, h = self.view, self.view.houses[seat]
        if type(action) is A.Place:
            sp = C.SPACES[action.space]
            if sp.time != "morning" or sp.kind != "information":
                return False
            price = sp.cost
        elif type(action) in (A.Learn, A.Use, A.PickBeast):
            change = preview(view, seat, action)
            if change is None:
                return False
            price = change.cost
        else:
            return False
        return by_coin(h, price) == (0, 0) and len(pay_ways(h, price)) > 1

    def interlude(self, before: Any, after: Any) -> Screen | None:
        pages = interlude_pages(before, after)
        return FoxpawInterlude(pages) if pages else None

    # --- pages

    def _pages(self) -> list[str]:
        pages = [*LOCATIONS, EVENTS]
        if self.seat is not None:
            pages.append(YOU)
        return pages + [HOUSES]

    def _follow_decision(self) -> None:
        """A new decision zooms to where it happens (the player may look elsewhere after)."""
        view = self.view
        d = view.decision
        # (the meeples on the board: one seat's turns in a year are each a new decision)
        placed = sum(len(here) for here in view.board)
        key = None if d is None else (d.kind, d.seat, d.space, d.step, view.year, tuple(view.to_act), placed)
        if key == self._decision:
            return
        self._decision = key
        if d is None or not (self.legal or self.seat is None or self.replay):
            return  # a player waiting for others keeps the page they are reading
        self._looking = False
        if view.phase == "event" and view.event is not None:
            self._page = EVENTS
        elif d.space >= 0:
            self._page = self._board_page = C.SPACES[d.space].location
        elif d.kind in DECISION_PAGE:
            page = DECISION_PAGE[d.kind]
            self._page = page if page in self._pages() else HOUSES
        self._meeple = self._meeples()[0] if self._meeples() else ""
        self._to_cursor = d.kind in ("turn", "obs_turn")

    def action_page(self, step: int) -> None:
        pages = self._pages()
        now = pages.index(self._page) if self._page in pages else 0
        self._goto(pages[(now + step) % len(pages)])

    def action_arrow_page(self, step: int) -> None:
        self.action_page(step)

    def action_goto(self, page: str) -> None:
        if page == self._page and page in (EVENTS, YOU, HOUSES) and self._looking:
            page = self._board_page  # the same key again: back to the board
        if page in self._pages():
            self._goto(page)

    def _goto(self, page: str) -> None:
        self._looking = True
        if page != self._page:
            self._page = page
            if page in LOCATIONS:
                self._board_page = page
            self.query_one("#fp-page", BoardPage).scroll_home(animate=False, immediate=True)
        self.redraw_if_shown()

    @property
    def _wide(self) -> bool:
        """At 80x24 a house board or the Events page takes the moves' room too."""
        return self._looking and not self.roomy and self._page in (EVENTS, YOU, HOUSES)

    @property
    def _paged(self) -> bool:
        """On a roomy terminal a house board or the Events page the player turned to takes
        the whole board's room (the moves stay beside it); the same key brings back the board."""
        return self._looking and self.roomy and self._page in (EVENTS, YOU, HOUSES)

    def action_scroll_page(self, direction: int) -> None:
        target = self.query_one("#fp-side" if self.roomy and not self._paged else "#fp-page", BoardPage)
        target.scroll_relative(y=direction * max(1, target.size.height // 2), animate=False)

    # --- placing: which meeple

    def _meeples(self) -> list[str]:
        """The meeples the legal placements use: "" (a wizard) first, then beasts."""
        seen: list[str] = []
        for a in self.legal:
            if type(a) is A.Place and a.beast not in seen:
                seen.append(a.beast)
        return sorted(seen, key=lambda b: (b != "", b))

    def action_meeple(self) -> None:
        meeples = self._meeples()
        if len(meeples) < 2:
            return
        self._meeple = meeples[(meeples.index(self._meeple) + 1) % len(meeples)] if self._meeple in meeples else meeples[0]
        self.redraw_if_shown()

    # --- placing: where, by keys

    def _placing(self) -> list[Action]:
        """The placements in the list, in the board's order."""
        return [a for a in self.query_one(Moves).actions if type(a) in PLACING]

    def action_location(self, location: str) -> None:
        """Zoom to ``location``; while placing, the cursor goes to its first free space."""
        self._goto(location)
        placing = self._placing()
        if not placing or location == "duel":
            return
        here = [a for a in placing if C.SPACES[a.space].location == location]
        if here:
            self.query_one(Moves).highlight(here[0])
        else:
            self.notify(f"No space in the {LOCATION_NAME[location]} is free for your {self._meeple_word()}.")

    def action_row(self, row: int) -> None:
        """The space in ``row`` of the location zoomed in (or last zoomed in)."""
        location = self._page if self._page in LOCATIONS else self._board_page
        view = self.view
        space = next((i for i in rows_of(view, location) if C.shown_row(i) == row), None)
        if space is None:
            self.notify(f"The {LOCATION_NAME[location]} has no space {row}.")
            return
        target = next((a for a in self._placing() if a.space == space), None)
        if target is None:
            there = view.board[space]
            if there:
                names = ", ".join(dict.fromkeys(who(view, m.owner) for m in there))
                self.notify(f"{space_title(space)} is taken ({names}).")
            else:
                self.notify(f"{space_title(space)} is not open to your {self._meeple_word()} now.")
            return
        if self._page != location:
            self._goto(location)
        self.query_one(Moves).highlight(target)

    def _meeple_word(self) -> str:
        if any(type(a) is A.PlaceObsidio for a in self.legal):
            return "House Obsidio marker"
        return "wizard" if not self._meeple else beast_name(self._meeple)

    def _near(self, space: int, actions: list[Action]) -> Action | None:
        """The placement at ``space``, else the nearest free one in its location (the
        next row first), else the next one along the board; None: no cursor yet."""
        placing = [a for a in actions if type(a) in PLACING]
        if space < 0 or not placing:
            return None
        sp = C.SPACES[space]
        here = [a for a in placing if C.SPACES[a.space].location == sp.location]
        if here:
            return min(here, key=lambda a: (abs(C.SPACES[a.space].row - sp.row), C.SPACES[a.space].row < sp.row))
        after = [a for a in placing if board_order(a) > (0, LOCATIONS.index(sp.location), sp.row)]
        return (after or placing)[0]

    def action_place_ask(self) -> None:
        action = self._highlighted_action()
        if self._morning(action) or self._coins_asked(action):
            self.choose(action, ask=True)

    @staticmethod
    def _morning(action: Action | None) -> bool:
        return type(action) is A.Place and C.SPACES[action.space].time == "morning"

    def choose(self, action: object, ask: bool = False) -> bool:
        sent = super().choose(action)
        if sent and self._morning(action):  # type: ignore[arg-type]
            self._placed = (action.space, ask)  # type: ignore[attr-defined]
        if sent:
            self._chose = ask
        return sent

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "meeple":
            return len(self._meeples()) > 1 and not self._wide
        if action == "row":
            return any(type(a) in PLACING for a in self.legal)
        if action == "place_ask":
            if not self.can_draw or self._wide:
                return False
            highlighted = self._highlighted_action()
            return self._morning(highlighted) or self._coins_asked(highlighted)
        if action == "goto" and parameters and parameters[0] == YOU:
            return self.seat is not None
        if action == "location" and parameters and parameters[0] not in self._location_keys:
            return False  # (a replay: v is the replay's)
        if action == "arrow_page":
            return not self.replay  # (a replay's ← → step through the game, at its ends too: h l turn pages)
        return True

    @property
    def _location_keys(self) -> dict[str, str]:
        """The locations' keys here: a replay keeps v for choosing the view."""
        return REPLAY_LOCATION_KEY if self.replay else LOCATION_KEY

    # --- choosing

    def _offered(self) -> list[Action]:
        """The legal actions in the list: placements only for the chosen meeple."""
        meeples = self._meeples()
        meeple = self._meeple if self._meeple in meeples else (meeples[0] if meeples else "")
        offered = [a for a in self.legal if type(a) is not A.Place or a.beast == meeple]
        return sorted(offered, key=board_order)  # stable: other moves keep the engine's order

    @on(OptionList.OptionHighlighted, "#fp-choices")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        if not self.can_draw:
            return
        action = self._highlighted_action()
        if type(action) in PLACING:
            self._cursor = action.space  # type: ignore[union-attr]
        page = location_of(self.view, action) if action is not None else None
        if page is not None and page != self._page:
            self._page = self._board_page = page
        if self._drawn == self._drawing_key(action):
            return  # the list's highlight told of the move the last redraw drew (a new list's first)
        self._draw(keep_choices=True)

    def _drawing_key(self, action: Action | None) -> tuple:
        """What a redraw draws from, beyond the moves' list: the same again draws the same."""
        return (id(self._shown), self.seat, action, self._page, self._meeple, self._looking, self.roomy,
                self.size, self._wide, self._paged)

    def _highlighted_action(self) -> Action | None:
        return self.query_one(Moves).highlighted_action

    # --- drawing

    def redraw(self) -> None:
        self._draw(keep_choices=False)

    def _draw(self, keep_choices: bool) -> None:
        view, seat = self.view, self.seat
        moves = self.query_one(Moves)
        if not keep_choices:
            self.offer(moves, self._offered(), lambda a: Text(label(view, a, seat), no_wrap=True, overflow="ellipsis"))
            if self._to_cursor:  # a new placing turn starts where the last one left the cursor
                self._to_cursor = False
                near = self._near(self._cursor, moves.actions)
                if near is not None:
                    moves.highlight(near)
        offered = moves.actions
        action = moves.highlighted_action
        self._drawn = self._drawing_key(action)
        cursor = action.space if isinstance(action, (A.Place, A.PlaceObsidio)) else -1
        if cursor < 0 and view.decision is not None and view.decision.space >= 0:
            cursor = view.decision.space
        legal_spaces = {a.space for a in offered if isinstance(a, (A.Place, A.PlaceObsidio))}
        self.query_one("#fp-head", BoardLines).show(Text(), head=self._head(view))
        roomy = self.roomy
        self.set_class(self._wide, "-wide")
        paged = self._paged
        self.set_class(paged, "-paged")
        if roomy and not paged:
            room = self._cell_width() + 2 - 6  # (a border title's room: the corners, "─ " and " ─")
            for column in COLUMNS:
                for loc in column:
                    cell = self.query_one(f"#fp-cell-{loc}", Static)
                    if loc == EVENTS:
                        cell.border_title = "Magical Events" if room >= 14 else "Events"
                        update_if_changed(cell, events_body(view, seat, compact=True, width=self._cell_width()))
                    else:
                        cell.border_title = cell_title(view, loc, room)
                        cell.border_subtitle = cell_subtitle(view, loc)
                        update_if_changed(cell, location_body(view, loc, seat, cursor=cursor, legal=legal_spaces,
                                                              compact=True, width=self._cell_width()))
                    cell.set_class(loc == self._page, "-zoomed")
        # the zoomed page: beside the board on a roomy terminal, below the map at 80x24
        body = self._page_body(self._page, cursor, legal_spaces)
        if paged:
            self.query_one("#fp-page", BoardPage).show(body, head=None)
        elif roomy:
            self.query_one("#fp-side", BoardPage).show(body)
        else:
            board = None
            if self._page in LOCATIONS:
                board = board_map(view, keys=self._location_keys, page=self._page, cursor=cursor, legal=legal_spaces,
                                  width=self._page_width())
            self.query_one("#fp-page", BoardPage).show(body, head=board)
        self._draw_right(view, action)
        self.query_one("#fp-hint", BoardLines).show(Text(), head=self._hint(view))
        # the moves take the keys while there are any, the panel otherwise (focus moves
        # later, in order: the last redraw's wish is the one that stands)
        if self.screen.focused in (None, self, moves):
            (moves if not self._wide and not self.replay else self).focus()
        self.refresh_bindings()
        # the list may have shrunk for a longer description: the highlight stays in sight
        self.call_after_refresh(moves.scroll_to_highlight)

    @staticmethod
    def _update(widget: Static, content: Any) -> None:
        """``widget.update(content)``, with a layout of the screen only when its height
        changes: a step's redraw mostly keeps every part's size, and a layout of the
        whole screen is most of what a step costs to show."""
        if same_content(widget.content, content):
            return
        width = widget.content_size.width
        styles = widget.styles
        same = False
        if width and styles.height is not None and styles.height.is_auto:
            height = visualize(widget, content, markup=False).get_height(styles, width)
            least = styles.min_height  # (the stylesheet's room: a shorter text keeps it)
            if least is not None and least.unit == Unit.CELLS:
                height = max(height, int(least.value))
            same = height == widget.content_size.height
        widget.update(content, layout=not same)

    def _page_body(self, page: str, cursor: int, legal: set[int]) -> Any:
        view, seat = self.view, self.seat
        if page == EVENTS:
            return events_body(view, seat)
        if page == YOU and seat is not None:
            return my_house(view, seat)
        if page in (YOU, HOUSES):
            return houses_page(view, seat)
        out = Text()
        out.append_text(location_title(view, page))
        out.append("\n")
        if self.roomy:
            out.append_text(location_body(view, page, seat, cursor=cursor, legal=legal, width=self._page_width()))
        else:
            out.append_text(zoomed_body(view, page, seat, cursor=cursor, legal=legal, width=self._page_width(),
                                        rows=self._page_rows() - 1))  # (the title above)
        return out

    def _page_rows(self) -> int:
        """The rows under the map at 80x24 (the head, the hint and the map take theirs)."""
        return max(4, self.size.height - 3 - MAP_ROWS) if self.size.height else 8

    def _page_width(self) -> int:
        """The zoomed page's width in cells: beside the moves at 80x24 (or in the board's
        place on a roomy terminal), in their column on a roomy terminal (the scroll bar
        takes one)."""
        right = 42 if self.roomy else 36
        if self._paged:
            return max(16, self.size.width - 2 - right - 1)
        if self.roomy:  # under the board's last three columns
            board = self.size.width - 2 - right
            return max(16, board - board // len(COLUMNS) - 1)
        inner = max(20, self.size.width - 2)  # the panel's padding
        return max(16, (right - 2 if self.roomy else inner - right) - 1)

    def _cell_width(self) -> int:
        """A small cell's width on a roomy terminal: a quarter of the board, less its border."""
        return max(10, (self.size.width - 2 - 42) // len(COLUMNS) - 2)

    def _head(self, view: View) -> Text:
        out = Text(no_wrap=True, overflow="ellipsis")
        out.append(f"Year {view.year} of {view.years}", style="bold")
        out.append(f" · {PHASE_NAME.get(view.phase, view.phase)}")
        if view.year in view.event_years and view.phase in ("placement", "evaluation"):
            out.append(" · a Magical Event after this year")
        if view.teacher in C.TEACHER:
            out.append(f" · Teacher {C.TEACHER[view.teacher].name}")
        out.append("\n")
        if self.roomy:  # the whole board is in sight: the houses' scores instead of the tabs
            unnamed = unnamed_marks(view, marks(view))
            for n, w in enumerate(view.order):
                if n:
                    out.append(" · ")
                if w < 0:
                    o = view.obsidio
                    out.append(f"Obsidio {o.vp if o else 0} VP {o.stars if o else 0}★", style="bright_black")
                    continue
                h = view.houses[w]
                if w in unnamed:  # the mark a small cell may show for a long name
                    out.append(f"{unnamed[w]}:", style=str(who_text(view, w).style) + " bold")
                out.append_text(who_text(view, w))
                out.append(f" {h.vp} VP {h.total_stars}★")
            return out
        tabs = [*LOCATIONS, EVENTS] + ([YOU] if self.seat is not None else []) + [HOUSES]
        for n, page in enumerate(tabs):
            if n:
                out.append(" ")
            word = TAB_WORD.get(page) or overview_cell(view, page)
            style = "reverse bold" if page == self._page else ("cyan" if page in view.ice else "")
            out.append_text(keyed(word, self._location_keys.get(page) or PAGE_KEY.get(page, ""), style))
        return out

    def _draw_right(self, view: View, action: Action | None) -> None:
        seat = self.seat
        offered = bool(self.query_one(Moves).option_count)
        text = prompt(view, seat)
        head = Text(text, style="bold" if offered else "italic")
        if offered:
            d = view.decision
            if d is not None and d.kind in ("student", "duel_secret", "bid"):
                head.append("\nSecret until everyone has chosen.", style="italic yellow")
            meeples = self._meeples()
            if meeples:
                head.append("\nMeeple: ", style="not bold")
                for n, m in enumerate(meeples):
                    if n:
                        head.append(" · ")
                    word = "Wizard" if not m else beast_name(m)
                    head.append(word, style="reverse bold" if m == self._meeple else "not bold")
                if len(meeples) > 1:
                    head.append("  (m)", style="not bold bright_black")
        elif self.replay or seat is None:
            head = Text("Public view: nobody's secrets are shown." if seat is None else
                        f"{view.names[seat]}'s view.", style="italic")
            if view.decision is not None:
                head.append("\n" + prompt(view, None), style="italic")
        self._update(self.query_one("#fp-prompt", Static), head)
        moves = self.query_one(FoxpawMoves)
        if moves.display == self.replay:  # a replay offers nothing: no list
            moves.display = not self.replay
        info = Text()
        idle = Text()
        if action is not None:
            for n, line in enumerate(detail(view, action, seat)):
                if n:
                    info.append("\n")
                info.append(line)
            if self._coins_asked(action):
                info.append("\n(a: pay with Coins instead)", style="italic")  # (Enter: with what it holds)
        elif self.roomy:
            info = self._changes_text()
        elif self.replay:  # 80x24: no list, the scores under what changed
            info = self._changes_text()
            if info.plain:
                info.append("\n")
            info.append_text(scoreboard(view, seat))
        elif not offered:
            # 80x24: what changed and the houses' scores, from the empty list's rows on
            # into the description's (the list keeps its room: its coming and going, or
            # its growing and shrinking, laid out the screen at every turn)
            changes = self._changes_text()
            idle, info = self._idle_split(moves, changes, scoreboard(view, seat))
            if not idle.plain:  # more than their rooms hold: the scores' legend gives way first
                idle, info = self._idle_split(moves, changes, scoreboard(view, seat, legend=False))
        moves.show_idle(idle)
        self._update(self.query_one("#fp-detail", Static), info)

    def _idle_split(self, moves: FoxpawMoves, changes: Text, scores: Text) -> tuple[Text, Text]:
        """``changes`` over ``scores``, cut in two: the lines the empty list's rows hold,
        and the rest for the description under it. All of it goes to the description
        when the two together hold less (it grows, and nothing is cut)."""
        text = changes.copy()
        if text.plain:
            text.append("\n")
        text.append_text(scores)
        detail = self.query_one("#fp-detail", Static)
        least = detail.styles.min_height
        room = int(least.value) if least is not None and least.unit == Unit.CELLS else 0
        rows = moves.size.height + detail.size.height - room  # the list's, with the description at its least
        width = moves.scrollable_content_region.width
        if rows <= 0 or width <= 0:
            return Text(), text
        lines = text.wrap(self.app.console, width)
        if len(lines) > rows + room:
            return Text(), text
        return Text("\n").join(lines[:rows]), Text("\n").join(lines[rows:])

    def _changes_text(self) -> Text:
        out = Text()
        if self._changes:
            out.append("Last step:", style="bold")
            for line in self._changes:
                out.append("\n")
                out.append_text(line)
        return out

    def _hint(self, view: View) -> Text:
        out = Text(no_wrap=True, overflow="ellipsis", style="italic")
        keys = "h l" if self.replay else "← →"
        if self._wide and self.legal:
            back = {EVENTS: "e", YOU: "y", HOUSES: "o"}[self._page]
            out.append(f"{back} back to the board and your moves · {keys} pages")
            return out
        if self._paged:
            back = {EVENTS: "e", YOU: "y", HOUSES: "o"}[self._page]
            out.append(f"{back} back to the board · {keys} pages · [ ] scroll the page")
            if self.legal:
                out.append(" · ↑↓ choose · Enter do it")
            return out
        if not self.legal:
            if view.phase == "over":
                out.append("The game is over. ")
            elif not self.replay and self.seat is not None:
                waiting = ", ".join(who(view, s) for s in view.to_act) or "nobody"
                out.append(f"Waiting for {waiting}. ")
            locations = "f…r locations" if self.replay else "f…v locations"
            out.append(f"{keys} pages · {locations} · e events · o all" + ("" if self.seat is None else " · y you"))
            return out
        if self._placing():
            out.append("f n i … a location · 1-5 its row · Enter place")
        else:
            out.append(f"↑↓ choose · Enter do it · {keys} pages · y your house")
        if len(self._meeples()) > 1:
            out.append(" · m meeple")
        return out
