"""The Fox Matters panel: the six columns of problems, one zoomed in at a time, the
hands and knights of the whole (cooperative) table, and the Action timer.

Everything drawn comes from the View handed to :meth:`FoxMattersPanel.show`, and the
Action timer from :meth:`FoxMattersPanel.show_clock` (the clock is the table's: its
driver counts down and ends the Action). The panel keeps only UI state of its own,
such as which column is zoomed in. Every move it sends up is taken from the legal list.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.style import Style as RichStyle
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual import events
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.visual import Visual, visualize
from textual.widgets import Digits, Static

from foxtui.games.fox_matters import content
from foxtui.games.fox_matters.actions import (
    NUM_COLUMNS,
    Action,
    EndAction,
    FaceFear,
    MoveKnight,
    PickFox,
    PlayCard,
    Ready,
    TakeBack,
    UseAbility,
)
from foxtui.games.fox_matters.view import View

from ..stylesheets import stylesheets
from ..widgets.keybar import KeyBar
from ..widgets.moves import Moves
from ..widgets.scrolling import GrowsInPlace
from ..widgets.status import same_content, update_if_changed
from .base import GamePanel

PHASE = {"planning": "Planning", "pick_fox": "Planning", "action": "Action", "over": "Game over"}


def _symbols(need: dict[str, int], extra_any: int = 0) -> str:
    parts = [f"{n} {content.LABELS[s]}" for s, n in need.items() if n]
    if extra_any:
        parts.append(f"{extra_any} of any kind")
    return ", ".join(parts)


def clock_text(seconds: int) -> str:
    return f"{seconds // 60}:{seconds % 60:02d}"


class CheckScreen(ModalScreen[None]):
    """The Problem check just made, column by column: met or not, and for a failure
    exactly what was missing. Shown to everyone; Enter or Esc goes back."""

    CSS_PATH = stylesheets("fox_matters.tcss")
    BINDINGS = [
        Binding("enter", "close", "Continue", id="fox_matters.check.close"),
        Binding("escape", "close", "Continue", id="fox_matters.check.close_escape", show=False),
    ]

    def __init__(self, view: View) -> None:
        super().__init__()
        self.view = view

    def compose(self) -> ComposeResult:
        with Vertical(id="fm-check-box"):
            yield Static(self._title(), id="fm-check-title")
            with VerticalScroll(id="fm-check-body"):
                yield Static(self._body())
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#fm-check-body").focus()  # the arrow keys scroll a long check

    def _title(self) -> Text:
        view = self.view
        report = view.reports[-1]
        met = sum(1 for c in report.columns if c.met)
        out = Text(f"Problem check, round {report.round}: {met} of {len(report.columns)} columns dealt with", style="bold")
        if view.result:
            out.append(f" · the team {view.result}", style="bold")
        out.append("  ↑↓ scroll", style="italic")
        return out

    def _body(self) -> Text:
        view = self.view
        out = Text()
        for n, report in enumerate(view.reports[-1].columns):
            if n:
                out.append("\n")
            out.append(f"Column {report.column + 1}: ", style="bold")
            out.append("dealt with" if report.met else "NOT dealt with", style="bold green" if report.met else "bold red")
            out.append(" — " + ", ".join(content.PROBLEM[p].name for p in report.problems))
            for line in view.last_check[report.column]:
                out.append(f"\n  {line}")
        if view.end_reason:
            out.append(f"\n\n{view.end_reason}", style="bold")
        return out

    def action_close(self) -> None:
        self.dismiss(None)


class ColumnView(GrowsInPlace, ScrollView):
    """The zoomed-in column, drawn line by line and scrolled when it is long.

    A column grows or shrinks by a line on nearly every step. A widget as tall as its
    text asks for a layout of the whole screen each time (CPU for every player at a
    shared table); this one keeps its place and only its scrollable length changes.
    Like a Static, it holds just the text last handed to it.
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._content: Text = Text()
        self._lines: list[Strip] = []  # the text wrapped at the width it has now
        self._style: Any = None  # ... in these colours

    def show_text(self, content: Text) -> None:
        """Show this text; the same text again draws nothing."""
        if same_content(content, self._content):
            return
        self._content = content
        self._wrap()
        self.refresh()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        if self._lines and self.visual_style != self._style:  # new colours (a theme)
            self._wrap()
            self.refresh()

    def _size_updated(self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True) -> bool:
        resized = super()._size_updated(size, virtual_size, container_size, layout)
        if resized:
            self._wrap()  # at the new width, for the frame this layout draws
        return resized

    def _wrap(self) -> None:
        width, height = self.container_size  # without the scrollbar
        if width <= 0:
            self._lines = []
            self.virtual_size = Size(0, 0)
            return
        visual = visualize(self, self._content, markup=False)
        self._style = self.visual_style
        narrow = width - self.styles.scrollbar_size_vertical  # beside the scrollbar
        # Wrapped once as it was last time (a longer column keeps its scrollbar); again
        # only when the scrollbar comes or goes.
        long = self.show_vertical_scrollbar and narrow > 0
        lines = Visual.to_strips(self, visual, narrow if long else width, None, self.visual_style)
        if long != (len(lines) > height) and narrow > 0:
            long = not long
            lines = Visual.to_strips(self, visual, narrow if long else width, None, self.visual_style)
        self._lines = lines
        self.virtual_size = Size(narrow if long else width, len(lines))

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        blank = RichStyle(bgcolor=self.visual_style.rich_style.bgcolor)  # as a container's
        index = self.scroll_offset.y + y
        if index >= len(self._lines):
            return Strip.blank(width, blank)
        return self._lines[index].crop_extend(0, width, blank)


class FoxMattersPanel(GamePanel[View, Action]):
    STYLESHEET: ClassVar[str | None] = "fox_matters.tcss"
    #: from this size all six columns are shown at once
    ROOMY_SIZE = (120, 32)
    KEYS_HELP: ClassVar[str] = """\
## Fox Matters keys

The six columns are shown one at a time; the line at the top sums up all six
(`✓` met now, `have/need` symbols, `F` a Fear token, `·` no problem).

- **← →** or **h l**: zoom into the column to the left or right; **1–6** jump to a column.
- **↑ ↓** or **j k**: pick a move at this column (play a card, take one back, move
  a knight, face a Fear token, use a knight's cheese); **Enter** does it.
- **r**: say you are Ready (Planning). When everyone is, the timer starts and the
  new cards turn face up.
- **e**: say you are done (Action). The Action ends when everyone is done or the
  timer runs out.
- **t**: the whole table — every player's knights with their cheese and every card
  in hand — in place of the moves (press **t** again for the moves). On a large
  terminal all six columns and the whole table are always in sight.
- **p**: the next player takes the keyboard (anyone may move in any order).

It is a cooperative table: during the Action anyone may play any face-up card, and
cards remember whose they are. Only the moves you may make now are offered. When
someone else's move changes the list, the highlight stays on your move; if that move
is gone, nothing is highlighted and Enter does nothing until you pick again.
"""

    BINDINGS = [
        Binding("left", "column(-1)", "Column left", id="fox_matters.left", show=False),
        Binding("right", "column(1)", "Column right", id="fox_matters.right", show=False),
        Binding("h", "column(-1)", "Column left", id="fox_matters.left_h", show=False),
        Binding("l", "column(1)", "Column right", id="fox_matters.right_l", show=False),
        *(
            Binding(str(n), f"goto({n - 1})", f"Column {n}", id=f"fox_matters.column{n}", show=False)
            for n in range(1, NUM_COLUMNS + 1)
        ),
        Binding("r", "play('ready')", "Ready", id="fox_matters.ready"),
        Binding("e", "play('end')", "Done", id="fox_matters.end"),
        Binding("t", "table", "Table", id="fox_matters.table"),
    ]

    def __init__(self, *, id: str | None = None, replay: bool = False) -> None:
        super().__init__(id=id, replay=replay)
        self._column = 0  # the zoomed-in column
        self._whole_table = False  # t: the table in place of the moves (80x24)
        self._clock_left: int | None = None  # the table's clock, as last shown

    def compose(self) -> ComposeResult:
        with Horizontal(id="fm-top"):
            yield Static(id="fm-head")
            yield Digits("", id="fm-timer")
        with Horizontal(id="fm-middle"):
            yield ColumnView(id="fm-column")
            with Grid(id="fm-board"):  # a roomy terminal: all six columns at once
                for c in range(NUM_COLUMNS):
                    yield Static(id=f"fm-cell-{c}", classes="fm-cell")
            with Vertical(id="fm-right"):
                yield Static(id="fm-table")
                with VerticalScroll(id="fm-whole"):
                    yield Static(id="fm-whole-table")
                yield Moves(id="fm-moves", keys="fox_matters")
        yield Static(id="fm-hint")

    def on_resize(self, event: events.Resize) -> None:
        if self.fit_roomy(event.size):
            self.redraw_if_shown()

    # --- data down

    def own_state(self) -> object:
        return (self._column, self._whole_table)

    def set_own_state(self, state: object) -> None:
        self._column, self._whole_table = state if isinstance(state, tuple) else (0, False)

    def interlude(self, before: Any, after: Any) -> Screen | None:
        if len(after.reports) > len(before.reports):
            return CheckScreen(after)
        return None

    # --- the table's clock

    def show_clock(self, seconds_left: int | None) -> None:
        if seconds_left != self._clock_left:
            self._clock_left = seconds_left
            self._draw_timer()

    def _draw_timer(self) -> None:
        if not self.can_draw:
            return  # drawn with the rest once the panel is on screen
        timer = self.query_one("#fm-timer", Digits)
        left = None if self.replay else self._clock_left
        timer.display = left is not None
        if left is not None:
            timer.update(clock_text(left))
            timer.set_class(left <= 10, "-hurry")

    # --- what is on offer

    def _offered(self, kind: type) -> Any | None:
        return next((a for a in self.legal if type(a) is kind), None)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "play":
            return self._offered(Ready if parameters[0] == "ready" else EndAction) is not None
        if action == "table":
            return not self.roomy and not self.replay  # the whole table is in sight anyway
        return True

    def _moves_here(self) -> list[Action]:
        """The legal moves that concern the zoomed-in column, then those of no column."""
        view, c = self.view, self._column
        here = {p.card for p in view.columns[c].cards}
        out: list[Action] = []
        for a in self.legal:
            if isinstance(a, PlayCard):
                keep = a.column == c
            elif isinstance(a, TakeBack):
                keep = a.card in here
            elif isinstance(a, MoveKnight):
                keep = a.column == c or (a.column == -1 and a.knight in view.columns[c].knights)
            elif isinstance(a, FaceFear):
                keep = a.column == c
            elif isinstance(a, UseAbility):
                keep = a.column in (c, -1)
            else:
                keep = isinstance(a, PickFox)
            if keep:
                out.append(a)
        return out

    # --- player input

    def action_column(self, step: int) -> None:
        self._goto((self._column + step) % NUM_COLUMNS)

    def action_goto(self, column: int) -> None:
        self._goto(column)

    def _goto(self, column: int) -> None:
        if column != self._column:
            self._column = column
            self.redraw_if_shown()

    def action_table(self) -> None:
        self._whole_table = not self._whole_table
        self.redraw_if_shown()
        target = "#fm-whole" if self._whole_table else "#fm-moves"
        self.query_one(target).focus()  # the arrow keys scroll what is in sight

    def action_play(self, what: str) -> None:
        self.choose(self._offered(Ready if what == "ready" else EndAction))

    # --- drawing

    def redraw(self) -> None:
        view = self.view
        # the head and the hint have a fixed height: no layout for them
        update_if_changed(self.query_one("#fm-head", Static), self._head_text(view), layout=False)
        self._draw_timer()
        # a replay offers no moves: the whole table takes their place
        roomy = self.roomy
        whole = (self._whole_table or self.replay) and not roomy
        if roomy:
            for c in range(NUM_COLUMNS):
                cell = self.query_one(f"#fm-cell-{c}", Static)
                update_if_changed(cell, self._column_text(view, c))
                cell.set_class(c == self._column, "-zoomed")
        else:
            self.query_one(ColumnView).show_text(self._column_text(view, self._column))
        # what is hidden is drawn when it is shown (t and a resize redraw)
        if not roomy and not whole:
            table = self.query_one("#fm-table", Static)
            summary = self._table_summary(view)  # a line per player, whose number never changes
            update_if_changed(table, summary, layout=str(table.content).count("\n") != summary.plain.count("\n"))
        if roomy or whole:
            update_if_changed(self.query_one("#fm-whole-table", Static), self._table_text(view))
        self.query_one("#fm-table").display = not roomy and not whole
        self.query_one("#fm-whole").display = roomy or whole
        self.query_one("#fm-moves").display = not whole
        moves = self.query_one(Moves)
        self.offer(moves, self._moves_here(), self._label)
        update_if_changed(self.query_one("#fm-hint", Static), self._hint_text(view), layout=False)
        if self.screen.focused is None or self.screen.focused is self or not self.screen.focused.display:
            (self.query_one("#fm-whole") if whole else moves).focus()
        self.refresh_bindings()

    def _head_text(self, view: View) -> Text:
        phase = PHASE[view.phase]
        if view.phase == "action" and not view.timer_seconds:
            phase += " (untimed)"
        out = Text(no_wrap=True, overflow="ellipsis")
        out.append(f"Round {view.round}/{view.rounds} · {phase}", style="bold")
        nightmare = content.NIGHTMARE[view.nightmare].name
        where = "in column 5" if view.nightmare_out else "waiting"
        out.append(f" · {nightmare} ({view.difficulty}, {where})")
        out.append("\n")
        for c, col in enumerate(view.columns):
            if c:
                out.append(" ")
            out.append_text(self._overview_cell(c, col))
        waiting = sum(view.upcoming)
        kind = "Common" if view.holiday else "Complicated"
        out.append(f"\n{kind} problems waiting face down: {waiting}", style="bold" if waiting else "")
        foxes = [content.CARDS[f].name for f in view.fox_spots if f]
        out.append(" · Fox cards: " + (", ".join(foxes) or "none"))
        if view.result:
            out.append(f" The team {view.result}!", style="bold")
        return out

    def _overview_cell(self, c: int, col: Any) -> Text:
        s = col.status
        if not col.problems:
            body = f"{c + 1}:·"
        else:
            body = f"{c + 1}:{'✓' if s.met else ''}{s.have_total}/{s.need_total}"
        body += "F" * len(col.fear)
        style = "reverse bold" if c == self._column else ("green" if col.problems and s.met else "")
        return Text(body.ljust(9), style=style)

    def _column_text(self, view: View, c: int) -> Text:
        col = view.columns[c]
        s = col.status
        out = Text(f"Column {c + 1}", style="bold")
        if not col.problems:
            out.append(": no problem here, nothing may be played.")
        for pid in col.problems:
            p = content.PROBLEM[pid]
            out.append(f"\n• {p.name}", style="bold magenta" if p.kind == "nightmare" else "bold")
            out.append(f": {content.needs_text(p.total, p.needs)}")
        for f in col.fear:
            if not f.up:
                out.append("\nFear: face down", style="red")
            elif f.kind == "two":
                out.append("\nFear: red 2 (two more symbols)", style="red")
            else:
                out.append(f"\nFear: one more {content.LABELS[f.kind]}", style="red")
        knights = [k.name for k in view.knights if k.column == c]
        if knights:
            out.append(f"\nKnights: {', '.join(knights)}")
        if col.cards:
            out.append("\nChain:", style="bold")
        for n, played in enumerate(col.cards, 1):
            broken = n in s.broken_links
            out.append(f"\n {n}. {content.card_label(played.card)}", style="red" if broken else "")
            out.append(f" ({view.names[played.owner]})", style="dim")
            if broken:
                out.append(" ✗ breaks the chain", style="bold red")
        if col.problems:
            out.append(f"\nHave {s.have_total} of {s.need_total} symbols: ", style="bold")
            if s.met:
                out.append("met", style="bold green")
            else:
                out.append("missing " + (_symbols(s.missing, s.missing_any) or "a whole chain"), style="yellow")
            if s.gray_tail:
                out.append(f" (a Gray Tail took {s.gray_tail} off)")
            if col.accepts == ["any"]:
                out.append("\nAny card may " + ("follow." if col.cards else "start the chain."), style="dim")
            elif col.accepts:
                allowed = ", ".join(content.LABELS[a] for a in col.accepts)
                out.append(f"\nNext card must show: {allowed}", style="dim")
        if view.last_check[c]:
            out.append(f"\nLast Problem check (round {view.reports[-1].round}):", style="bold")
            for line in view.last_check[c]:
                out.append(f"\n {line}")
        return out

    def _player_mark(self, view: View, seat: int) -> Text:
        mark = "✓" if view.phase in ("planning", "action") and view.ready[seat] else " "
        return Text(f"{mark}{view.names[seat]}", style="bold" if seat == self.seat else "")

    def _table_summary(self, view: View) -> Text:
        """One short line per player (80x24); t shows the whole table."""
        out = Text(no_wrap=True, overflow="ellipsis")
        for seat in range(len(view.names)):
            if seat:
                out.append("\n")
            out.append_text(self._player_mark(view, seat))
            cards = len(view.hands[seat]) + view.hidden[seat]
            cheese = sum(k.cheese for k in view.knights if k.owner == seat)
            hidden = view.hidden[seat]
            held = f"{cards} card{'s' if cards != 1 else ''}"
            if hidden:
                held += " face down" if hidden == cards else f", {hidden} face down"
            out.append(f": {cheese} cheese · {held}", style="dim")
        return out

    def _table_text(self, view: View) -> Text:
        """Every player's knights with their cheese and whole hand, wrapped."""
        out = Text()
        for seat in range(len(view.names)):
            if seat:
                out.append("\n")
            out.append_text(self._player_mark(view, seat))
            knights = [f"{k.name.removeprefix('Fox ')} {k.cheese}" for k in view.knights if k.owner == seat]
            if knights:
                out.append(f" · cheese: {', '.join(knights)}", style="dim")
            cards = [content.card_label(card) for card in view.hands[seat]]
            if view.hidden[seat]:
                cards.append(f"{view.hidden[seat]} face down")
            out.append("\n  " + (", ".join(cards) or "no cards"))
        return out

    def _owner(self, card: str) -> str:
        view = self.view
        for seat, hand in enumerate(view.hands):
            if card in hand:
                return view.names[seat]
        for col in view.columns:
            for played in col.cards:
                if played.card == card:
                    return view.names[played.owner]
        return "?"

    def _label(self, a: Action) -> str:
        view = self.view
        if isinstance(a, PlayCard):
            return f"Play {content.card_label(a.card)} · {self._owner(a.card)}"
        if isinstance(a, TakeBack):
            return f"Take back {content.CARDS[a.card].name} to {self._owner(a.card)}"
        if isinstance(a, MoveKnight):
            name = content.KNIGHT[a.knight].name
            return f"Move {name} back to its board" if a.column < 0 else f"Move {name} to column {a.column + 1}"
        if isinstance(a, FaceFear):
            return f"Turn Fear token {a.index + 1} face up"
        if isinstance(a, PickFox):
            return f"Keep {content.card_label(a.card)}"
        if isinstance(a, UseAbility):
            knight = content.KNIGHT[a.knight]
            ability = knight.abilities[a.ability]
            text = f"{knight.name} (cheese {ability.cost}): {content.ability_short(ability)}"
            if ability.kind in ("remove_common", "move_common"):
                text += f" {content.PROBLEM[view.columns[a.column].problems[a.index]].name}"
            if ability.kind in ("move_fear", "discard_fear"):
                text += f" {a.index + 1}"
            if ability.kind == "recruit_face_up_fox":
                text += f" {content.CARDS[view.fox_spots[a.index]].name}"
            if a.to >= 0:
                text += f" to column {a.to + 1}"
            return text
        return type(a).__name__

    def _hint_text(self, view: View) -> Text:
        out = Text(no_wrap=True, overflow="ellipsis", style="italic")
        if not self.legal:
            if self.replay:  # the arrows step through the game there
                out.append("1–6 zoom into a column.")
            elif self.seat is None:
                out.append("← → zoom into another column.")
            elif view.phase == "over":
                out.append(view.end_reason)
            else:
                waiting = ", ".join(view.names[s] for s in view.to_act) or "nobody"
                out.append(f"Waiting for {waiting}. ← → zoom into another column.")
            return out
        if view.phase == "pick_fox":
            out.append("Keep one of the Fox cards: ↑↓ pick, Enter keep.")
            return out
        if view.phase == "planning" and any(view.hidden):
            # the one thing a new player must know now; the keys are in the key bar
            out.append("New cards stay face down until the timer starts. ← → column")
            return out
        out.append("← → column · ↑↓ move · Enter do it" + ("" if self.roomy else " · t table"))
        return out
