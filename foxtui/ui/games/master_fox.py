"""The Master Fox panel: the blind box as one seat remembers it, and that seat's moves.

Everything drawn comes from the View handed to :meth:`MasterFoxPanel.show`; the
only thing the panel keeps of its own is where the cursor stands on the board.
Every move it sends up is an object taken from the legal list it was given.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.geometry import Region
from textual.message import Message
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import ContentSwitcher, Static

from foxtui.games.master_fox import content
from foxtui.games.master_fox.actions import (
    COLUMNS,
    ROWS,
    SPOTS,
    EndTurn,
    Grab,
    KeepMission,
    NoSteal,
    PutBack,
    Stash,
    StashStop,
    Steal,
    Stop,
    Touch,
)
from foxtui.games.master_fox.actions import Action
from foxtui.games.master_fox.rules import SACK_LIMIT, STOP_LOOT
from foxtui.games.master_fox.view import Heard, View, ago

from ..widgets.moves import Moves
from ..widgets.status import same_content, update_if_changed
from .base import GamePanel
from .master_fox_summary import RoundSummaryScreen, guess, kind_label

#: board geometry: a 2-character row label, then one cell per column
CELL = 5
GAP = 1
LABEL = 2

#: colour per felt level (text says the same thing, colour only helps)
LEVEL_STYLE = {0: "bright_black", 1: "bright_yellow", 2: "cyan", 3: "green"}

#: the mark after a spot where others grabbed since this seat last felt it: ``!`` when
#: what it remembers there is older than such a grab (it may be wrong now), ``*`` when
#: nothing remembered is put in doubt (never felt, or felt empty and only empty hands
#: since). Characters, not colours alone: they read in 16 colours and without colour.
STALE_MARK, GRAB_MARK = "!", "*"
MARK_STYLE = {STALE_MARK: "bold red", GRAB_MARK: "bold magenta"}


#: move key action -> the kind of legal move it plays, and whether it plays on the cursor spot
MOVES: dict[str, tuple[type, bool]] = {
    "touch": (Touch, True),
    "grab": (Grab, True),
    "stash": (Stash, False),
    "put_back": (PutBack, False),
    "end_turn": (EndTurn, False),
    "stop": (Stop, False),
    "stash_stop": (StashStop, False),
}


#: the hint line's words for each move key on offer
HINTS = {
    "touch": "touch {spot}",
    "grab": "grab at {spot}",
    "stash": "stash it in your sack",
    "put_back": "put it back",
    "end_turn": "end your turn",
    "stop": "call STOP!",
    "stash_stop": "stash + STOP!",
}


def _short(kind: str) -> str:
    """A pawn kind in at most CELL characters: its name, or (Cheese, Hammer) its first
    letters with a full stop, so it reads as shortened, not cut ("Chee.")."""
    label = content.label(kind)
    return label if len(label) <= CELL else label[: CELL - 1] + "."


def cell_glyph(feel: Any | None, heard: Heard | None = None) -> Text:
    """A spot on the board: · never felt, × felt empty, else what it could be (at most
    CELL characters); then the grab mark, if others grabbed there since (see GRAB_MARK)."""
    if feel is None:
        out = Text("·", style="bright_black")
    elif not feel.could_be:
        out = Text("×", style="bright_black")
    else:
        kinds = feel.could_be
        if len(kinds) == 1:
            text = _short(kinds[0])
        elif len(kinds) == 2:
            text = "/".join(content.label(k)[:2] for k in kinds)
        elif all(content.is_ruse(k) for k in kinds):
            text = "ruse?"
        else:
            text = f"{len(kinds)}?"
        out = Text(text, style=LEVEL_STYLE.get(feel.level, "green"))
    if heard is not None:
        mark = grab_mark(heard)
        out.append(mark, style=MARK_STYLE[mark])
    return out


def grab_mark(heard: Heard) -> str:
    return STALE_MARK if heard.stale else GRAB_MARK


def _who(view: View, seats: list[int]) -> str:
    names = [view.names[s] for s in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def heard_sentence(view: View, heard: Heard) -> str:
    """What the seat heard at a spot, in a line or two of the spot's details:
    "! Ben grabbed here 2 turns ago: may be stale."."""
    if not heard.seats:  # no grab here: a spot found empty before a pawn was put back
        return f"{STALE_MARK} A pawn put back since may have landed here."
    when = ago(view, heard.turn)
    who = _who(view, heard.seats)
    # several: the latest grab is the last one named (heard.seats is in that order)
    latest = "" if len(heard.seats) == 1 else f", {view.names[heard.seats[-1]]}"
    grabbed = f"{who} grabbed here{latest} {when}"
    if heard.took:
        found = " and took a pawn" if len(heard.seats) == 1 else "; a pawn was taken"
    else:
        found = " and found nothing" if len(heard.seats) == 1 else "; no hand found anything"
    if heard.put_back:  # found empty by the seat and every hand since, before a put-back
        return f"{STALE_MARK} {grabbed}{found}; a pawn put back since may have landed here."
    if heard.stale:  # what the seat remembers there is older than that grab
        return f"{STALE_MARK} {grabbed}: may be stale."
    return f"{GRAB_MARK} {grabbed}{found}."


def _loot(view: View) -> int:
    """Loot pawns in the seat's own sack (a carved token is known to be a ruse pawn)."""
    return sum(1 for f in view.sack if not all(content.is_ruse(k) for k in f.could_be))


def _may_stop(view: View) -> bool:
    return _loot(view) >= STOP_LOOT


def _legend() -> Text:
    # a span, not the Text's base style: a Static drops a base colour it does not know
    out = Text()
    out.append("· unknown  × empty  Co/Ho either  touches: ", style="bright_black")
    for level in (1, 2, 3):
        out.append(f"{level}", style=f"bold {LEVEL_STYLE[level]}")
        out.append(" ")
    # the marks as they stand on the board, right after a spot's glyph
    out.append("\n·", style="bright_black")
    out.append(GRAB_MARK, style=MARK_STYLE[GRAB_MARK])
    out.append(" others grabbed here  Cow", style="bright_black")
    out.append(STALE_MARK, style=MARK_STYLE[STALE_MARK])
    out.append(" may be stale now", style="bright_black")
    return out


class BoxBoard(Widget):
    """The 8×5 box as a grid of remembered spots. It draws what it is given; clicks
    report a spot (the keyboard is handled by the panel, which holds the focus).

    Drawn line by line (Textual's line API): a cursor move repaints only the rows of
    the spot it left and the spot it reached, not the whole board."""

    class Clicked(Message):
        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._cells: list[Text] = [Text("·")] * len(SPOTS)
        self._cursor = 0

    def draw(self, cells: list[Text], cursor: int) -> None:
        """Show ``cells``: only the spots that look different are drawn again (a touch
        changes one), never the whole board; a fixed size, so never a layout."""
        changed = [n for n, (old, new) in enumerate(zip(self._cells, cells)) if not same_content(old, new)]
        self._cells = cells
        self.move_cursor(cursor)
        if changed:  # (refresh() with no region would repaint everything)
            self.refresh(*(self._spot_region(n) for n in changed))

    def move_cursor(self, cursor: int) -> None:
        if cursor == self._cursor:
            return
        left, self._cursor = self._cursor, cursor
        self.refresh(self._spot_region(left), self._spot_region(cursor))

    @staticmethod
    def _spot_region(index: int) -> Region:
        row, col = divmod(index, len(COLUMNS))
        # line 0 names the columns; a spot's mark may stand in the gap after it
        return Region(LABEL + col * (CELL + GAP), 1 + row, CELL + GAP, 1)

    def line_text(self, y: int) -> Text:
        """Line ``y`` of the board: 0 names the columns, 1..ROWS are the rows of spots."""
        if y == 0:
            out = Text(" " * LABEL, no_wrap=True, end="")
            for n, c in enumerate(COLUMNS):
                out.append((" " * GAP if n else "") + c.center(CELL), style="bold")
            return out
        row = y - 1
        out = Text(no_wrap=True, end="")
        out.append(f"{row + 1}".ljust(LABEL), style="bold")
        for col in range(len(COLUMNS)):
            index = row * len(COLUMNS) + col
            # a spot: its glyph in CELL columns, then the gap, where a mark after a
            # glyph of the full width stands (cell_glyph: "Go/He!")
            glyph = self._cells[index].copy()
            glyph.truncate(CELL + GAP)
            if index == self._cursor:
                glyph.pad_right(max(CELL - len(glyph), 0))
                glyph.stylize("reverse bold")
            glyph.pad_right(max(CELL + GAP - len(glyph), 0))
            out.append_text(glyph)
        return out

    def render(self) -> Text:
        """The whole board as text (what the lines draw)."""
        return Text("\n", no_wrap=True, end="").join(self.line_text(y) for y in range(ROWS + 1))

    def render_line(self, y: int) -> Strip:
        width, style = self.size.width, self.rich_style
        if y > ROWS:
            return Strip.blank(width, style)
        segments = self.line_text(y).render(self.app.console)
        return Strip(segments).apply_style(style).crop_extend(0, width, style)

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        col, row = (offset.x - LABEL) // (CELL + GAP), offset.y - 1
        if offset.x >= LABEL and 0 <= col < len(COLUMNS) and 0 <= row < ROWS:
            self.post_message(self.Clicked(row * len(COLUMNS) + col))


class MasterFoxPanel(GamePanel[View, Action]):
    STYLESHEET: ClassVar[str | None] = "master_fox.tcss"
    KEYS_HELP: ClassVar[str] = """\
## Master Fox keys

The box is a grid of 40 spots, columns **A–H** and rows **1–5**. Each spot shows
what *you* last felt there: `·` never touched, `×` empty, a name when you are
sure (`Chee.` and `Hamm.` for cheese and hammer), two names (`Co/Ho`) when it
could be either. A carved token is a ruse
pawn of a kind already in the box: `Fox` in round 2, `Fo/Sn` (fox or snake) in
round 3, and `ruse?` from round 4, once the hammer is in too.
Colours show how often you felt it: once, twice, three times (the lines under
the board show each colour and mark; the spot's details say it in words).

Everyone hears where a hand grabs. A mark after a spot tells you that someone
else grabbed there since you last felt it: `*` when that changes nothing you
remember, `!` when your memory there is older than that grab and may be stale
(the pawn you felt may be gone). The spot's details say who grabbed, and when.
A `×` gets a `!` too once a pawn has been put back since you found it empty:
a pawn put back lands on an empty spot nobody hears, so it may lie there.

- **Arrow keys** or **h j k l**: move the cursor over the box (a click works too).
- **t**: touch the spot under the cursor; each touch of the same pawn tells you more.
- **g**: grab at the spot under the cursor (once per turn).
- **s**: stash the pawn in your hand into your sack (four pawns at most).
- **p**: put the pawn in your hand back; it lands somewhere random.
- **e**: end your turn and pass the box.
- **S** (shift+s): stash the pawn in your hand and call STOP! at once (you
  are asked to confirm), when that stash brings your sack to three loot pawns;
  a plain stash ends your turn.
- **x**: call STOP! (you are asked to confirm) whenever you may move with
  three loot pawns in your sack, also with a pawn in your hand (it goes back
  into the box).
- In a choice list (which mission stays, what your snake steals): **↑ ↓** or
  **j k** to pick, **Enter** to choose.

Only the moves you may make now are offered.
"""

    #: Tab gives the focus to the board's keys, or to the choice list when one is up
    FOCUS_WORDS: ClassVar[str] = "Back to the board, or to the choice list"

    BINDINGS = [
        # (the arrows' own action: in a replay ← → step through the game, at its ends too)
        Binding("left", "arrow_move(-1, 0)", "Cursor left", id="master_fox.left", show=False),
        Binding("right", "arrow_move(1, 0)", "Cursor right", id="master_fox.right", show=False),
        Binding("up", "move(0, -1)", "Cursor up", id="master_fox.up", show=False),
        Binding("down", "move(0, 1)", "Cursor down", id="master_fox.down", show=False),
        Binding("h", "move(-1, 0)", "Cursor left", id="master_fox.left_h", show=False),
        Binding("l", "move(1, 0)", "Cursor right", id="master_fox.right_l", show=False),
        Binding("k", "move(0, -1)", "Cursor up", id="master_fox.up_k", show=False),
        Binding("j", "move(0, 1)", "Cursor down", id="master_fox.down_j", show=False),
        Binding("t", "play('touch')", "Touch", id="master_fox.touch"),
        Binding("g", "play('grab')", "Grab", id="master_fox.grab"),
        Binding("s", "play('stash')", "Stash", id="master_fox.stash"),
        Binding("p", "play('put_back')", "Put back", id="master_fox.put_back"),
        Binding("e", "play('end_turn')", "End turn", id="master_fox.end_turn"),
        Binding("x", "play('stop')", "STOP!", id="master_fox.stop"),
        Binding("S", "play('stash_stop')", "Stash+STOP!", id="master_fox.stash_stop"),
    ]

    def __init__(self, *, id: str | None = None, replay: bool = False) -> None:
        super().__init__(id=id, replay=replay)
        self._cursor = 0  # the one thing the panel keeps: where the cursor stands
        self._keys_offered: tuple[str, ...] | None = None  # the move keys the key bar last listed

    def compose(self) -> ComposeResult:
        yield Static(id="mf-status")
        with Horizontal(id="mf-middle"):
            with ContentSwitcher(initial="mf-looting", id="mf-left"):
                with Vertical(id="mf-looting"):
                    yield BoxBoard(id="mf-board")
                    yield Static(id="mf-hand")
                    yield Static(id="mf-sack")
                    yield Static(_legend(), id="mf-legend")
                with Vertical(id="mf-deciding"):
                    yield Static(id="mf-decision")
                    yield Moves(id="mf-choices", keys="master_fox", choose="Choose", item="choice")
            with Vertical(id="mf-right"):
                yield Static(id="mf-spot")
                yield Static(id="mf-players")
        yield Static(id="mf-hint")

    # --- data down

    def rows_wanted(self, width: int, height: int) -> int | None:
        return 20  # the board, the hand and sack, four players' scores: the log takes the rest

    def own_state(self) -> object:
        return self._cursor  # where this player was feeling is theirs alone

    def set_own_state(self, state: object) -> None:
        self._cursor = state if isinstance(state, int) else 0

    def start_from(self, moves: list[Any]) -> None:
        # a game taken up again: the cursor where this seat's hand last touched or grabbed
        spot = next((m.spot for m in reversed(moves) if isinstance(m, (Touch, Grab))), "")
        self._cursor = SPOTS.index(spot) if spot in SPOTS else 0

    def interlude(self, before: Any, after: Any) -> Screen | None:
        if len(after.summaries) <= len(before.summaries):
            return None
        return RoundSummaryScreen(
            after.summaries[-1], after.names, after.eggs, after.egg_tokens, after.target_eggs
        )

    # --- what is on offer

    def _offered(self, kind: type, spot: str | None = None) -> Action | None:
        """The legal action of this kind (for this spot), or None."""
        for action in self.legal:
            if type(action) is kind and (spot is None or action.spot == spot):
                return action
        return None

    def _move(self, name: str) -> Action | None:
        """The legal action a move key plays now, or None when it is not on offer."""
        kind, on_spot = MOVES[name]
        return self._offered(kind, self._spot if on_spot else None)

    def _deciding(self) -> bool:
        """A choice list replaces the board: a mission to keep, or the snakes' turn."""
        return self.has_view and self.view.phase in ("keep", "steal")

    @property
    def _spot(self) -> str:
        return SPOTS[self._cursor]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # False hides the key from the key bar and lets it do nothing
        if action == "play":
            return self._move(str(parameters[0])) is not None
        if action == "move":
            return self.has_view and not self._deciding()
        if action == "arrow_move":
            return self.has_view and not self._deciding() and not self.replay
        return True

    # --- player input

    def action_arrow_move(self, dx: int, dy: int) -> None:
        self.action_move(dx, dy)

    def action_move(self, dx: int, dy: int) -> None:
        cols = len(COLUMNS)
        col = min(max(self._cursor % cols + dx, 0), cols - 1)
        row = min(max(self._cursor // cols + dy, 0), ROWS - 1)
        self._move_to(row * cols + col)

    @on(BoxBoard.Clicked)
    def _clicked(self, message: BoxBoard.Clicked) -> None:
        message.stop()
        self.focus()
        self._move_to(message.index)

    def _move_to(self, index: int) -> None:
        """Move the cursor: only what names the spot under it is drawn again (the board,
        the spot's memory, the hint), so a key press costs little."""
        if index == self._cursor:
            return
        self._cursor = index
        if not self.can_draw or self._deciding():
            return
        view = self.view
        self.query_one(BoxBoard).move_cursor(index)
        update_if_changed(self.query_one("#mf-spot", Static), self._spot_text(view))
        update_if_changed(self.query_one("#mf-hint", Static), self._hint_text(view, False), layout=False)
        self._refresh_keys()

    def _refresh_keys(self, always: bool = False) -> None:
        """Ask the key bar to look again when the moves on offer changed (touch and grab
        depend on the spot under the cursor), not on every cursor move."""
        offered = tuple(name for name in MOVES if self._move(name) is not None)
        if always or offered != self._keys_offered:
            self._keys_offered = offered
            self.refresh_bindings()

    def action_play(self, name: str) -> None:
        if name not in ("stop", "stash_stop"):
            self.choose(self._move(name))
            return
        from ..screens.confirm import ConfirmScreen

        if self._move(name) is None:
            return

        def answered(yes: bool | None) -> None:
            if yes:  # looked up again: in real-time mode bots may have moved meanwhile
                self.choose(self._move(name))

        # STOP ends the round for everyone and cannot be taken back: ask once.
        question = "Call STOP? Looting ends for everyone and every sack is shown."
        if name == "stash_stop":
            question = "Stash the pawn and call STOP? Looting ends for everyone and every sack is shown."
        elif self.view.hand is not None:
            question += " The pawn in your looting hand goes back into the box."
        self.app.push_screen(ConfirmScreen(question), answered)

    # --- drawing

    def redraw(self) -> None:
        view = self.view
        update_if_changed(self.query_one("#mf-status", Static), self._status_text(view), layout=False)  # 2 lines
        deciding = self._deciding()
        self.query_one(ContentSwitcher).current = "mf-deciding" if deciding else "mf-looting"
        if deciding:
            self._draw_decision(view)
        else:
            self._draw_looting(view)
            # no choices while looting: the next decision's list starts afresh, not
            # under a highlight left over from the last one
            self.offer(self.query_one(Moves), [], str)
        update_if_changed(self.query_one("#mf-players", Static), self._players_text(view))
        update_if_changed(self.query_one("#mf-hint", Static), self._hint_text(view, deciding), layout=False)
        choices = self.query_one(Moves)
        if deciding and choices.option_count:
            choices.focus()
        elif self.screen.focused is None or self.screen.focused is choices:
            self.focus()
        self._refresh_keys(always=True)  # a new view: the cursor keys may come or go too

    def _memory(self, view: View) -> list[Any | None]:
        return view.memory if view.memory else [None] * len(SPOTS)

    def _draw_looting(self, view: View) -> None:
        if view.box:  # replay of a finished game, everything shown: the true box
            cells = [Text("×", style="bright_black") if k is None else Text(_short(k), style="bold") for k in view.box]
        else:
            heard = view.heard or [None] * len(SPOTS)
            cells = [cell_glyph(f, h) for f, h in zip(self._memory(view), heard)]
        self.query_one(BoxBoard).draw(cells, self._cursor)
        update_if_changed(self.query_one("#mf-spot", Static), self._spot_text(view))
        update_if_changed(self.query_one("#mf-hand", Static), self._hand_text(view))
        update_if_changed(self.query_one("#mf-sack", Static), self._sack_text(view))

    def _status_text(self, view: View) -> Text:
        parts = [f"Round {view.round}", f"first to {view.target_eggs} eggs"]
        names = view.names
        me = self.seat
        if view.phase == "loot":
            if view.mode == "realtime":
                parts.append("everyone loots at once")
            elif view.current is not None:
                whose = "your turn" if view.current == me else f"{names[view.current]}'s turn"
                if view.current == me and view.hand is None and view.touches_left == 0 and view.grab_used:
                    # nothing left to feel or grab: say what is left
                    left = "call STOP! or end your turn" if _may_stop(view) else "touches and grab used, end it"
                    parts.append(f"{whose}: {left}")
                else:
                    touches = f"{view.touches_left} of {view.touches_per_turn} touches left"
                    grab = "grab used" if view.grab_used else "grab unused"
                    parts.append(f"{whose}: {touches}, {grab}")
        elif view.phase == "keep":
            parts.append(f"{names[view.elders[-1]]} keeps a mission")
        elif view.phase == "steal":
            if view.thieves:
                parts.append(f"{names[view.thieves[0]]}'s snake strikes")
        elif view.phase == "over":
            parts.append("the game is over")
        line = Text(" · ".join(parts), style="bold", no_wrap=True, overflow="ellipsis")
        line.append("\nMissions: ")
        for n, animal in enumerate(view.missions):
            if n:
                line.append(" · ")
            line.append(content.label(animal), style="bold green")
        if view.phase == "keep":
            line.append(" + one kept")
        ruses: dict[str, int] = {}
        for kind in view.ruse_in_play:
            ruses[kind] = ruses.get(kind, 0) + 1
        line.append("   Ruse pawns: ")
        line.append(", ".join(f"{n} {content.label(k)}" for k, n in ruses.items()) or "none yet")
        return line

    def _spot_text(self, view: View) -> Text:
        spot = self._spot
        out = Text(spot, style="bold")
        if view.box:
            kind = view.box[self._cursor]
            out.append(f": {'empty' if kind is None else kind_label(kind)}")
            return out
        heard = view.heard[self._cursor] if view.heard else None
        if self.seat is None:
            out.append("\nThe public view shows no one's memories.")
        else:
            feel = self._memory(view)[self._cursor]
            if feel is None:
                out.append(" · not felt this round")
            elif not feel.could_be:  # how old the memory is: things may have changed since
                out.append(f" · empty · {ago(view, feel.turn)}")
            else:
                out.append(f" · felt {feel.level}× · {ago(view, feel.turn)}")
                out.append(f"\n“{feel.text}”", style=LEVEL_STYLE.get(feel.level, ""))
                out.append(f"\n→ {guess(feel.could_be)}", style="bold")
        if heard is not None:  # grabs are heard by everyone: the public view has them too
            out.append("\n")
            sentence = heard_sentence(view, heard)
            out.append(sentence[0], style=MARK_STYLE[sentence[0]])
            out.append(sentence[1:])
        return out

    def _hand_text(self, view: View) -> Text:
        out = Text("Hand: ", style="bold")
        if self.seat is None:
            out.append("—")
        elif view.hand is None:
            out.append("empty")
        else:
            out.append(f"“{view.hand.text}” → ")
            out.append(guess(view.hand.could_be), style="bold")
        return out

    def _sack_text(self, view: View) -> Text:
        if self.seat is None:
            return Text("")
        loot = _loot(view)
        out = Text(f"Sack {len(view.sack)}/{SACK_LIMIT}", style="bold")
        out.append(f" ({loot} loot; STOP needs {STOP_LOOT}): ")
        if not view.sack:
            out.append("empty")
        for n, feel in enumerate(view.sack):
            if n:
                out.append(" · ")
            out.append(guess(feel.could_be), style=LEVEL_STYLE.get(feel.level, ""))
        return out

    def _players_text(self, view: View) -> Text:
        out = Text(f"  {'Player':<8}{'Eggs':>5}{'3s+1s':>6}{'Sack':>5}", style="bold", no_wrap=True)
        for seat, name in enumerate(view.names):
            threes, ones = view.egg_tokens[seat]
            out.append("\n▶ " if seat in view.to_act else "\n  ")
            out.append(f"{name[:8]:<8}", style="bold" if seat == self.seat else "")
            out.append(f"{view.eggs[seat]:>5}{f'{threes}+{ones}':>6}{view.sack_sizes[seat]:>5}")
        holders = [view.names[s] for s, held in enumerate(view.holding) if held and s != self.seat]
        if holders:
            out.append(f"\n{', '.join(holders)} hold{'s' if len(holders) == 1 else ''} a pawn.")
        return out

    def _hint_text(self, view: View, deciding: bool) -> Text:
        if not self.legal:
            if view.box:
                return Text("Everything shown: the true box, as it was at this step.", style="italic")
            if self.seat is None:
                return Text("Public view: nobody's secrets are shown.", style="italic")
            if self.replay:  # the replay's arrows step through the game; h j k l stay the panel's
                name = view.names[self.seat]
                return Text(f"{name}'s view: h j k l move the cursor to read {name}'s memory.", style="italic")
            waiting = ", ".join(view.names[s] for s in view.to_act) or "nobody"
            return Text(f"Waiting for {waiting}. Arrows move the cursor to read your memory.", style="italic")
        if deciding:
            return Text("↑↓ pick, Enter to choose.", style="bold")
        keys: list[tuple[str, str]] = [("←↑↓→", "move")]
        for binding in self.BINDINGS:
            name = binding.action.removeprefix("play('").removesuffix("')")
            if name in HINTS and self._move(name) is not None:
                keys.append((binding.key, HINTS[name].format(spot=self._spot)))
        out = Text(no_wrap=True, overflow="ellipsis")
        for n, (key, what) in enumerate(keys):
            if n:
                out.append(" · ")
            out.append(key, style="bold reverse")
            out.append(f" {what}")
        return out

    # --- decisions: the mission to keep, the snakes' steals

    def _draw_decision(self, view: View) -> None:
        names = view.names
        choices: list[Action] = [a for a in self.legal if isinstance(a, (KeepMission, Steal, NoSteal))]
        out = Text()
        if view.phase == "keep":
            drawn = ", ".join(content.label(a) for a in view.missions)
            out.append(f"Round {view.round}: only two new missions were drawn ({drawn}).\n")
            if choices:
                out.append("You are the youngest: keep one of last round's missions.", style="bold")
            else:
                kept = ", ".join(content.label(a) for a in view.keep_from)
                out.append(f"{names[view.elders[-1]]}, the youngest, keeps one of: {kept}.")
        else:
            stopper = "" if view.stopped_by is None else f"{names[view.stopped_by]} called STOP! "
            out.append(f"{stopper}Every sack, as it is now:", style="bold")
            width = max(len(n[:9]) for n in names)
            for seat, sack in enumerate(view.revealed):
                out.append(f"\n {names[seat][:9]:<{width}}  ")
                out.append(", ".join(content.label(k) for k in sack) or "empty")
            for steal in view.steals:
                out.append(f"\n{self._steal_sentence(view, steal)}", style="italic")
            if choices:
                out.append("\nYour snake may steal one loot pawn:", style="bold")
            elif view.thieves:
                out.append(f"\n{names[view.thieves[0]]}'s snake is choosing what to steal.")
        update_if_changed(self.query_one("#mf-decision", Static), out)
        update_if_changed(self.query_one("#mf-spot", Static), self._missions_detail(view))
        self.offer(self.query_one(Moves), choices, lambda action: self._choice_label(action, view))

    def _steal_sentence(self, view: View, steal: Any) -> str:
        thief = view.names[steal.thief]
        if steal.victim is None:
            return f"{thief}'s snake stole nothing."
        return f"{thief}'s snake stole a {kind_label(steal.animal)} from {view.names[steal.victim]}."

    def _missions_detail(self, view: View) -> Text:
        out = Text("Mission cards", style="bold")
        for animal in view.missions + view.keep_from:
            out.append("\n")
            out.append(content.label(animal), style="bold green")
            out.append(f": {content.MISSION_BY_ANIMAL[animal].title}")
        return out

    def _choice_label(self, action: Action, view: View) -> Text:
        if isinstance(action, KeepMission):
            mission = content.MISSION_BY_ANIMAL[action.animal]
            return Text(f"Keep {content.label(action.animal)} — {mission.title}")
        if isinstance(action, Steal):
            return Text(f"Steal {view.names[action.victim]}'s {kind_label(action.animal)}")
        return Text("Let your snake rest (steal nothing)")
