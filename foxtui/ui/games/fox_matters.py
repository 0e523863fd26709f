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
    ShareCheese,
    TakeBack,
    UseAbility,
)
from foxtui.games.fox_matters.bots import suggestion
from foxtui.games.fox_matters.letters import LETTERS
from foxtui.games.fox_matters.view import View

from ..stylesheets import stylesheets
from ..textual_internals import ResizedBeforeDrawn, hide_in_key_bar
from ..widgets.keybar import KeyBar
from ..widgets.moves import Moves
from ..widgets.scrolling import GrowsInPlace
from ..widgets.status import same_content, update_if_changed
from .base import GamePanel
from .fox_matters_words import COLOUR, GLYPH, LEGEND, card_symbols, card_text, glyph, knight_text, needs_glyphs, symbol_words

PHASE = {"planning": "Planning", "pick_fox": "Planning", "action": "Action", "share_cheese": "Problem check", "over": "Game over"}


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


class ColumnView(GrowsInPlace, ResizedBeforeDrawn, ScrollView):
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

    def resized(self) -> None:
        self._wrap()  # at the new width, for the frame this layout draws

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
        scrolls = len(self._lines) > height
        self._lines = lines
        self.virtual_size = Size(narrow if long else width, len(lines))
        if scrolls != (len(lines) > height):
            self.refresh_bindings()  # the key bar offers ] to scroll exactly when there is more

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        blank = RichStyle(bgcolor=self.visual_style.rich_style.bgcolor)  # as a container's
        index = self.scroll_offset.y + y
        if index >= len(self._lines):
            return Strip.blank(width, blank)
        return self._lines[index].crop_extend(0, width, blank)


class FoxMattersPanel(GamePanel[View, Action]):
    STYLESHEET: ClassVar[str | None] = "fox_matters.tcss"
    #: from this terminal size all six columns are shown at once (the README says so);
    #: decided on the terminal, not the panel, whose height depends on the log's rows
    ROOMY_TERMINAL = (120, 32)
    KEYS_HELP: ClassVar[str] = f"""\
## Fox Matters keys

The six columns are shown one at a time; the line at the top sums up all six
(`✓` met now, `have/need` symbols, `F` a Fear token, `!` one Fear token from
losing the game, `✗` a broken chain, `·` no problem).

Every card shows what it gives, an arrow, and what may follow it:
`♛→♛▲ Royal Pardon` gives a crown, and a crown or a sailboat may come next.
The symbols: {LEGEND}.

- **1–6**: zoom into a column; **← →** or **h l**: the column to the left or right.
- **a letter**: every face-up card has one, shown beside it: its letter plays that
  card at the zoomed column. So a card goes to a column in two keys: the column's
  digit, then the card's letter. A card that may not go there is refused with the
  reason.
- **↑ ↓** or **j k**: pick a move at this column (play a card, take one back, move
  a knight, face a Fear token, use a knight's cheese); **Enter** does it.
- **s**: ask the bots what they would do in your place; the move is highlighted and
  said in words, never played for you (Enter does it).
- **] [**: scroll a long column down and up (its "Next card must show" line stays
  in sight below it).
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
someone else's move changes the list, the highlight stays on your move and the line
below the moves says the list changed; if that move is gone, nothing is highlighted
and Enter does nothing until you pick again.
"""

    BINDINGS = [
        # (the arrows' own action: in a replay ← → step through the game, at its ends too)
        Binding("left", "arrow_column(-1)", "Column left", id="fox_matters.left", show=False),
        Binding("right", "arrow_column(1)", "Column right", id="fox_matters.right", show=False),
        Binding("h", "column(-1)", "Column left", id="fox_matters.left_h", show=False),
        Binding("l", "column(1)", "Column right", id="fox_matters.right_l", show=False),
        *(
            Binding(str(n), f"goto({n - 1})", f"Column {n}", id=f"fox_matters.column{n}", show=False)
            for n in range(1, NUM_COLUMNS + 1)
        ),
        Binding("r", "play('ready')", "Ready", id="fox_matters.ready"),
        Binding("e", "play('end')", "Done", id="fox_matters.end"),
        Binding("s", "suggest", "Hint", id="fox_matters.suggest"),
        Binding("right_square_bracket", "scroll_column(1)", "More", id="fox_matters.scroll_down"),
        Binding("left_square_bracket", "scroll_column(-1)", "Scroll up", id="fox_matters.scroll_up", show=False),
        Binding("t", "table", "Table", id="fox_matters.table"),
        *(
            Binding(x, f"card('{x}')", f"Card {x}: play it here", id=f"fox_matters.card_{x}", show=False)
            for x in LETTERS
        ),
    ]

    def __init__(self, *, id: str | None = None, replay: bool = False) -> None:
        super().__init__(id=id, replay=replay)
        self._column = 0  # the zoomed-in column
        self._whole_table = False  # t: the table in place of the moves (80x24)
        self._clock_left: int | None = None  # the table's clock, as last shown
        self._flag = ""  # the moves changed under this player's cursor: said below them
        self._suggested = ""  # the bots' suggestion, in words, until the next step

    def compose(self) -> ComposeResult:
        with Horizontal(id="fm-top"):
            yield Static(id="fm-head")
            yield Digits("", id="fm-timer")
        with Horizontal(id="fm-middle"):
            with Vertical(id="fm-left"):
                yield ColumnView(id="fm-column")
                yield Static(id="fm-next")  # always in sight, however long the column
            with Grid(id="fm-board"):  # a roomy terminal: all six columns at once
                for c in range(NUM_COLUMNS):
                    yield Static(id=f"fm-cell-{c}", classes="fm-cell")
            with Vertical(id="fm-right"):
                yield Static(id="fm-table")
                with VerticalScroll(id="fm-whole"):
                    yield Static(id="fm-whole-table")
                yield Moves(id="fm-moves", keys="fox_matters")
        yield Static(id="fm-hint")

    def on_mount(self) -> None:
        # Enter is named by the hint line and the help: the key bar keeps its room for the
        # table's keys (two players, a column to scroll: every one of them fits 80 columns)
        hide_in_key_bar(self.query_one(Moves), "enter")
        super().on_mount()

    def fit_roomy(self, size: Any) -> bool:
        # decided by the terminal's size, the one the README names (the log's rows vary)
        app = self.app.size
        roomy = app.width >= self.ROOMY_TERMINAL[0] and app.height >= self.ROOMY_TERMINAL[1]
        if roomy == self.roomy:
            return False
        self.set_class(roomy, "-roomy")
        return True

    def on_resize(self, event: events.Resize) -> None:
        if self.fit_roomy(event.size):
            self.redraw_if_shown()

    def rows_wanted(self, width: int, height: int) -> int | None:
        if width >= self.ROOMY_TERMINAL[0] and height >= self.ROOMY_TERMINAL[1]:
            return 28  # six columns of up to 8 lines each, the head and the hint
        return 20  # the head, a column with its footer beside ~12 moves, the hint

    # --- data down

    def own_state(self) -> object:
        return (self._column, self._whole_table)

    def set_own_state(self, state: object) -> None:
        self._column, self._whole_table = state if isinstance(state, tuple) else (0, False)
        self._flag = self._suggested = ""

    @property
    def letters(self) -> dict[str, str]:
        """The letter of each face-up card in a hand: the table's (View.letters), the same
        on every screen, never this screen's own."""
        return self.view.letters if self.has_view else {}

    def showing(self, before: Any, seat_before: int | None) -> None:
        if before is None or before.phase_steps != self.view.phase_steps or before.phase != self.view.phase:
            self._suggested = ""  # a step was taken: the suggestion was for the table before it
        if self.view.sharing and (before is None or not before.sharing or before.sharing[0] != self.view.sharing[0]):
            self._column = self.view.sharing[0].column  # the column whose cheese is being shared

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
        if action == "suggest":
            return bool(self.legal) and not self.replay
        if action == "scroll_column":
            if self.roomy or not self.is_mounted:
                return False
            column = self.query_one(ColumnView)
            return column.max_scroll_y > 0  # a column that fits has nothing to scroll
        if action == "card":
            return not self.replay and self.has_view
        if action == "arrow_column":
            return not self.replay
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
                keep = isinstance(a, (PickFox, ShareCheese))
            if keep:
                out.append(a)
        return out

    # --- player input

    def action_arrow_column(self, step: int) -> None:
        self.action_column(step)

    def action_column(self, step: int) -> None:
        self._goto((self._column + step) % NUM_COLUMNS)

    def action_goto(self, column: int) -> None:
        self._goto(column)

    def _goto(self, column: int) -> None:
        self._flag = ""
        if column != self._column:
            self._column = column
            self.query_one(ColumnView).scroll_to(y=0, animate=False)
            self.redraw_if_shown()

    def action_table(self) -> None:
        self._whole_table = not self._whole_table
        self.redraw_if_shown()
        target = "#fm-whole" if self._whole_table else "#fm-moves"
        self.query_one(target).focus()  # the arrow keys scroll what is in sight

    def action_play(self, what: str) -> None:
        self.choose(self._offered(Ready if what == "ready" else EndAction))

    def action_scroll_column(self, step: int) -> None:
        column = self.query_one(ColumnView)
        page = max(1, column.scrollable_content_region.height - 2)
        if step > 0 and column.scroll_y >= column.max_scroll_y:
            column.scroll_to(y=0, animate=False)  # at the end: back to the top
        else:
            column.scroll_to(y=column.scroll_y + step * page, animate=False)

    def action_card(self, letter: str) -> None:
        """The card with this letter goes to the zoomed column, or a sentence says why not."""
        view, c = self.view, self._column
        card = next((c for c, x in self.letters.items() if x == letter), None)
        if card is None:
            self.notify(f"No card carries the letter {letter} now.", severity="warning")
            return
        play = next((a for a in self.legal if isinstance(a, PlayCard) and a.card == card and a.column == c), None)
        if play is not None:
            self.choose(play)
            return
        name = content.CARDS[card].name
        if view.phase != "action":
            why = "cards are played during the Action."
        elif self.seat is None or not self.legal:
            why = "you have nothing to do now."
        elif not view.columns[c].problems:
            why = f"column {c + 1} has no problem."
        elif view.columns[c].accepts:
            allowed = " or ".join(content.LABELS[a] for a in view.columns[c].accepts)
            why = f"the next card of column {c + 1} must show {allowed}."
        else:
            why = f"it may not go to column {c + 1} now."
        self.notify(f"{name} cannot go to column {c + 1}: {why}", severity="warning")

    def action_suggest(self) -> None:
        found = suggestion(self.view, self.legal)
        if found is None:
            self.notify("Nothing to suggest: you have nothing to do now.")
            return
        action, why = found
        column = _column_of(self.view, action)
        if column is not None and column != self._column:
            self._column = column
        self._flag = ""
        self._suggested = f"Suggested: {self._label(action).plain} — {why}"
        self.redraw_if_shown()
        moves = self.query_one(Moves)
        moves.highlight(action)
        self.notify(self._suggested + " Enter does it.", title="The bots suggest")

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
                update_if_changed(cell, self._cell_text(view, c))
                cell.set_class(c == self._column, "-zoomed")
        else:
            self.query_one(ColumnView).show_text(self._column_text(view, self._column))
            update_if_changed(self.query_one("#fm-next", Static), self._footer_text(view, self._column), layout=False)
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
        before_line, before_action = moves.highlighted, moves.highlighted_action
        changed = self.offer(moves, self._moves_here(), self._label)
        if changed and self._follow and before_action is not None:
            # someone else's step changed the list under this player's cursor: say so
            if moves.highlighted_action is None:
                self._flag = "⚠ Your highlighted move went: pick again (Enter waits)."
            elif moves.highlighted != before_line:
                self._flag = "⚠ The list changed: the highlight stayed on your move."
        elif self._answered is not None:
            self._flag = ""
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
            out.append_text(self._overview_cell(c, col))
        waiting = sum(view.upcoming)
        out.append(f"\nWaiting: {waiting}", style="bold" if waiting else "")
        out.append(" · Fox cards: ")
        foxes = [f for f in view.fox_spots if f]
        for n, f in enumerate(foxes):
            if n:
                out.append(", ")
            out.append_text(card_text(f, short=True))
        if not foxes:
            out.append("none")
        if view.result:
            out.append(f" The team {view.result}!", style="bold")
        return out

    def _overview_cell(self, c: int, col: Any) -> Text:
        s = col.status
        if not col.problems:
            body = f"{c + 1}:·"
        elif s is None:  # the table's own check: no live result
            body = f"{c + 1}:{col.need_total}"
        else:
            body = f"{c + 1}:{'✓' if s.met else ''}{s.have_total}/{s.need_total}"
        body += "F" * len(col.fear)
        if col.one_fear_from_losing:
            body += "!"
        if s is not None and s.broken_links:
            body += "✗"
        if c == self._column:
            style = "reverse bold"
        elif col.one_fear_from_losing or (s is not None and s.broken_links):
            style = "bold red"
        else:
            style = "green" if col.problems and s and s.met else ""
        return Text(body.ljust(10), style=style)

    def _problem_lines(self, view: View, c: int, out: Text) -> None:
        col = view.columns[c]
        nightmare = content.NIGHTMARE[view.nightmare].name
        for needs in col.problem_needs:
            p = content.PROBLEM[needs.id]
            out.append(f"\n• {p.name}", style="bold magenta" if p.kind == "nightmare" else "bold")
            out.append(": ")
            out.append_text(needs_glyphs(needs.total, needs.need))
            if needs.changed:
                out.append(f" ({nightmare}: {needs.total - p.total:+d}, printed {p.total})", style="magenta")

    def _column_text(self, view: View, c: int) -> Text:
        col = view.columns[c]
        out = Text(f"Column {c + 1}", style="bold")
        if not col.problems:
            out.append(": no problem here, nothing may be played.")
        if col.one_fear_from_losing:
            out.append(" ‼ one Fear token from losing", style="bold red")
        if view.sharing and view.sharing[0].column == c:
            share = view.sharing[0]
            out.append(f"\nDealt with: {share.cheese} cheese to share among ", style="bold green")
            for n, k in enumerate(share.knights):
                if n:
                    out.append(", ")
                out.append_text(knight_text(k, short=True))
                out.append(f" (has {next(x.cheese for x in view.knights if x.id == k)})", style="dim")
            out.append(f"; {view.names[share.seat]} decides.", style="dim")
        self._problem_lines(view, c, out)
        for f in col.fear:
            if not f.up:
                out.append("\nFear: face down", style="red")
            elif f.kind == "two":
                out.append("\nFear: red 2 (two more symbols)", style="red")
            else:
                out.append("\nFear: one more ", style="red")
                out.append_text(symbol_words(f.kind))
        knights = [k for k in view.knights if k.column == c]
        if knights:
            out.append("\nKnights: ")
            for n, k in enumerate(knights):
                if n:
                    out.append(", ")
                out.append_text(knight_text(k.id, short=True))
        self._chain_lines(view, c, out)
        if view.last_check[c] and view.phase != "action":  # (in the Action: the chain's room)
            out.append(f"\nLast Problem check (round {view.reports[-1].round}):", style="bold")
            for line in view.last_check[c]:
                out.append(f"\n {line}")
        return out

    def _chain_lines(self, view: View, c: int, out: Text, *, short: bool = False, last: int | None = None) -> None:
        col = view.columns[c]
        s = col.status
        if not col.cards:
            return
        out.append("\nChain:", style="bold")
        cards = list(enumerate(col.cards, 1))
        if last is not None and len(cards) > last:
            out.append(f" ({len(cards) - last} before)", style="dim")
            cards = cards[-last:]
        for n, played in cards:
            broken = s is not None and n in s.broken_links
            out.append(f"\n{n}." if short else f"\n {n}. ")
            if broken:
                out.append("✗", style="bold red")
            out.append_text(card_text(played.card, short=short))
            if not short:
                out.append(f" ({view.names[played.owner]})", style="dim")

    def _footer_text(self, view: View, c: int, *, compact: bool = False) -> Text:
        """What the zoomed column still needs, where its chain breaks and what may come
        next: below the column, always in sight (``compact``: a roomy terminal's cell,
        no blank lines and the symbols without their names)."""
        col = view.columns[c]
        s = col.status
        lines: list[Text] = []
        if not col.problems:
            return Text("Nothing to deal with here.", style="dim")
        first = Text()
        if s is None:
            first.append("Needs ")
            first.append_text(needs_glyphs(col.need_total, col.need))
            first.append(" (the Problem check tells)" if not compact else "", style="dim")
        else:
            first.append(f"Have {s.have_total}/{s.need_total}: ", style="bold")
            if s.met:
                first.append("met ✓", style="bold green")
            else:
                first.append("missing " if not compact else "need ")
                first.append_text(_missing_glyphs(s.missing, s.missing_any, compact=compact))
            if s.gray_tail:
                first.append(f" (Gray Tail −{s.gray_tail})")
        lines.append(first)
        danger = Text()
        if s is not None and s.chain_note:
            danger.append(f"✗ {s.chain_note}", style="bold red")
        elif col.one_fear_from_losing and not compact:  # (a cell says so in its title)
            danger.append("‼ Failing here once more loses the game", style="bold red")
        if danger.plain or not compact:
            lines.append(danger)
        nxt = Text()
        if col.accepts == ["any"] and compact:
            nxt.append("Next card: any", style="dim")
        elif col.accepts == ["any"]:
            nxt.append("Any card may " + ("follow." if col.cards else "start the chain."), style="dim")
        elif col.accepts:
            words = Text("Next card must show: ")
            short = Text("Next card must show: ")
            for n, a in enumerate(col.accepts):
                if n:
                    words.append(" or ")
                    short.append(" or ")
                words.append_text(symbol_words(a))
                short.append_text(glyph(a))
            width = self.query_one("#fm-next").content_size.width if self.is_mounted else 0
            if compact:
                short = Text("Next card: ").append_text(short[len("Next card must show: "):])
            nxt.append_text(short if compact or (width and words.cell_len > width) else words)
        lines.append(nxt)
        return Text("\n").join(lines)

    def _cell_text(self, view: View, c: int) -> Text:
        """A column in a roomy terminal's grid: the problems, the danger, what may come
        next, then the last cards of the chain (a cell has about eight lines)."""
        col = view.columns[c]
        out = Text(f"Column {c + 1}", style="bold")
        if col.fear:
            out.append(" " + "F" * len(col.fear), style="red")
        if col.one_fear_from_losing:
            out.append(" ‼ one from losing", style="bold red")
        if not col.problems:
            out.append("\nno problem")
            return out
        for needs in col.problem_needs:
            p = content.PROBLEM[needs.id]
            out.append(f"\n• {p.name} ", style="bold magenta" if p.kind == "nightmare" else "")
            out.append_text(needs_glyphs(needs.total, needs.need, compact=True))
            if needs.changed:
                out.append(f" ({needs.total - p.total:+d} Nightmare)", style="magenta")
        out.append("\n")
        out.append_text(self._footer_text(view, c, compact=True))
        self._chain_lines(view, c, out, short=True, last=3)
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

    def _card_with_letter(self, card: str) -> Text:
        letter = self.letters.get(card)
        out = Text()
        out.append(letter or " ", style="bold reverse" if letter else "")
        out.append(" ")
        out.append_text(card_text(card))
        return out

    def _table_text(self, view: View) -> Text:
        """Every player's knights with their cheese and whole hand, a card a line."""
        out = Text()
        for seat in range(len(view.names)):
            if seat:
                out.append("\n")
            out.append_text(self._player_mark(view, seat))
            knights = [k for k in view.knights if k.owner == seat]
            if knights:
                out.append(" · ", style="dim")
                for n, k in enumerate(knights):
                    if n:
                        out.append(", ")
                    out.append_text(knight_text(k.id, short=True))
                    out.append(f" {k.cheese} cheese", style="dim")
            for card in view.hands[seat]:
                out.append("\n ")
                out.append_text(self._card_with_letter(card))
            if view.hidden[seat]:
                out.append(f"\n  {view.hidden[seat]} face down")
            if not view.hands[seat] and not view.hidden[seat]:
                out.append("\n  no cards", style="dim")
        foxes = [f for f in view.fox_spots if f]
        if foxes:
            out.append("\nFace-up Fox cards:", style="bold")
            for f in foxes:
                out.append("\n  ")
                out.append_text(card_text(f))
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

    def _label(self, a: Action) -> Text:
        view = self.view
        out = Text(no_wrap=True, overflow="ellipsis", end="")
        if isinstance(a, PlayCard):
            letter = self.letters.get(a.card, " ")
            out.append(letter, style="bold reverse")
            out.append(" ")
            out.append_text(card_symbols(a.card))
            out.append(f" {self._owner(a.card)}: {content.CARDS[a.card].name}")
            return out
        if isinstance(a, TakeBack):
            out.append("Take back ")
            out.append_text(card_text(a.card, short=True))
            out.append(f" to {self._owner(a.card)}", style="dim")
            return out
        if isinstance(a, MoveKnight):
            out.append("Move ")
            out.append_text(knight_text(a.knight))
            out.append(" back to its board" if a.column < 0 else f" to column {a.column + 1}")
            return out
        if isinstance(a, FaceFear):
            out.append(f"Turn Fear token {a.index + 1} face up")
            return out
        if isinstance(a, PickFox):
            out.append("Keep ")
            out.append_text(card_text(a.card))
            return out
        if isinstance(a, ShareCheese):
            share = view.sharing[0]
            if list(a.cheese) == view.suggested_share:
                out.append("Suggested: ", style="bold")
            for n, (k, given) in enumerate((k, g) for k, g in zip(share.knights, a.cheese) if g):
                if n:
                    out.append(", ")
                out.append(f"{given} to ")
                out.append_text(knight_text(k, short=True))
            return out
        if isinstance(a, UseAbility):
            # what it does to what first (a narrow list cuts the end), the cost last
            ability = content.KNIGHT[a.knight].abilities[a.ability]
            out.append_text(knight_text(a.knight, short=True))
            out.append(": ")
            kind = ability.kind
            if kind == "move_fear":
                out.append(f"move Fear {a.index + 1} to column {a.to + 1}")
            elif kind == "discard_fear":
                out.append(f"throw away Fear {a.index + 1}")
            elif kind == "remove_common":
                out.append(f"throw away {content.PROBLEM[view.columns[a.column].problems[a.index]].name}")
            elif kind == "move_common":
                out.append(f"move {content.PROBLEM[view.columns[a.column].problems[a.index]].name} to column {a.to + 1}")
            elif kind == "recruit_face_up_fox":
                out.append("take ")
                out.append_text(card_text(view.fox_spots[a.index], short=True))
            else:
                out.append(content.ability_short(ability))
                if a.to >= 0:
                    out.append(f" to column {a.to + 1}")
            out.append(f" · {ability.cost} cheese", style="dim")
            return out
        if isinstance(a, Ready):
            out.append("say you are Ready (r)")
        elif isinstance(a, EndAction):
            out.append("say you are done (e)")
        else:
            out.append(type(a).__name__)
        return out

    def _hint_text(self, view: View) -> Text:
        out = Text(no_wrap=True, overflow="ellipsis", style="italic")
        if self._flag and self.legal:
            out.append(self._flag, style="bold yellow")
            return out
        if self._suggested and self.legal:
            out.append(self._suggested, style="bold")
            return out
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
        if view.phase == "share_cheese" and view.sharing:
            share = view.sharing[0]
            out.append(
                f"Share column {share.column + 1}'s {share.cheese} cheese: Enter takes the suggestion, ↑↓ another split."
            )
            return out
        if view.phase == "planning" and any(view.hidden):
            # the one thing a new player must know now; the keys are in the key bar
            out.append("New cards stay face down until the timer starts. ↑↓ Enter: a move")
            return out
        if view.phase == "action":
            out.append("1–6 column, then a card's letter plays it · ↑↓ Enter: other moves")
            return out
        out.append("1–6 column · ↑↓ pick a move · Enter does it")
        return out


def _missing_glyphs(missing: dict[str, int], missing_any: int, *, compact: bool = False) -> Text:
    out = Text()
    for s, n in missing.items():
        if n:
            out.append(GLYPH[s] * n, style=COLOUR[s])
    if missing_any and compact:
        out.append(f"+{missing_any}")
    elif missing_any:
        out.append(f"{' + ' if out.plain else ''}{missing_any} any")
    if not out.plain:
        out.append("a whole chain")
    return out


def _column_of(view: View, action: Any) -> int | None:
    """The column a move concerns (where its line is listed), None for none."""
    if isinstance(action, (PlayCard, FaceFear)):
        return action.column
    if isinstance(action, MoveKnight):
        if action.column >= 0:
            return action.column
        return next((c for c, col in enumerate(view.columns) if action.knight in col.knights), None)
    if isinstance(action, TakeBack):
        return next((c for c, col in enumerate(view.columns) if any(p.card == action.card for p in col.cards)), None)
    if isinstance(action, UseAbility) and action.column >= 0:
        return action.column
    return None
