"""The Fox Experiment panel: one page of the table at a time (the table, a player's mat,
or the breeding puzzle) beside the moves on offer.

Everything drawn comes from the View handed to :meth:`FoxExperimentPanel.show`; the
panel keeps only UI state (the page in sight, the half picked first in the breeding
puzzle), and each seat's is its own. Every move it sends up is taken from the legal
list (a pup's typed name is the offered ConfirmPup with the name written in). A
player's science cards are on screen only in that player's own view. The pages' text
is in fox_experiment_pages.py.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, Static

from foxtui.games.fox_experiment.actions import (
    AUTO_MATCH,
    CONFIRM_PUP,
    TOKEN,
    Action,
    AssignPup,
    AutoMatch,
    ChoosePatron,
    ChooseTrait,
    ConfirmPup,
    DiscardToken,
    EndResearch,
    EndUpgrades,
    KeepStudy,
    Pair,
    PlayScience,
    TakeFox,
    TakeSupply,
    Unlock,
    Unpair,
    WildTrait,
)
from foxtui.games.fox_experiment.content import SCIENCE_CARD, STUDY, TRACK_IDS, UPGRADE
from foxtui.games.fox_experiment.rules import NAME_MAX, name_refusal
from foxtui.games.fox_experiment.view import View

from ..stylesheets import stylesheets
from ..widgets.keybar import KeyBar
from ..widgets.moves import Moves
from ..widgets.page import PageView
from ..widgets.status import update_if_changed
from .base import GamePanel
from .fox_experiment_pages import (
    SHORTHAND,
    fox_line,
    gains_text,
    space_gains,
    half_label,
    mat_text,
    pair_code,
    plural,
    puzzle_text,
    study_levels,
    table_text,
    tokens_text,
    counts_text,
    trait_words,
)

PHASE = {
    "study": "Choosing studies",
    "selection": "Selection",
    "upgrades": "Upgrades",
    "breeding": "Breeding",
    "research": "Research",
    "over": "Game over",
}
#: the page each phase opens on
PAGE_FOR = {
    "study": "mat",
    "selection": "table",
    "upgrades": "mat",
    "breeding": "puzzle",
    "research": "mat",
    "over": "table",
}
def _group_of(line: object) -> str | None:
    """The part of a long list a move is offered in (see FoxExperimentPanel._grouped)."""
    if isinstance(line, TakeFox):
        return line.sex
    if isinstance(line, TakeSupply):
        return "supply"
    return None


#: lists shorter than this take a number key per entry (1 to 9)
NUMBERED = 10
#: the moves list's line that opens the pup-name field
NAME_IT = "name"


class AdministrationScreen(ModalScreen[None]):
    """What Administration did at the end of a round (or the game): shown to everyone;
    Enter or Esc goes back."""

    CSS_PATH = stylesheets("fox_experiment.tcss")
    BINDINGS = [
        Binding("enter", "close", "Continue", id="fox_experiment.admin.close"),
        Binding("escape", "close", "Continue", id="fox_experiment.admin.close_escape", show=False),
    ]

    def __init__(self, title: str, lines: list[str]) -> None:
        super().__init__()
        self.title_text, self.lines = title, lines

    def compose(self) -> ComposeResult:
        with Vertical(id="fx-admin-box"):
            yield Static(Text(self.title_text + "  ↑↓ scroll", style="bold"), id="fx-admin-title")
            with VerticalScroll(id="fx-admin-body"):
                yield Static("\n".join(f"• {line}" for line in self.lines) or "Nothing happened.")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#fx-admin-body").focus()

    def action_close(self) -> None:
        self.dismiss(None)


class PupNameScreen(ModalScreen[str | None]):
    """The name written on the pup's card: the suggested one is in the field, so Enter
    keeps it; a name that cannot be written gets one sentence and the field stays open.
    Returns the name, or None (Esc) to go back to the puzzle."""

    CSS_PATH = stylesheets("fox_experiment.tcss")
    BINDINGS = [
        # priority: the field would take Enter (and say nothing in the key bar)
        Binding("enter", "record", "Record the pup", id="fox_experiment.name.record", priority=True),
        Binding("escape", "cancel", "Back to the puzzle", id="fox_experiment.name.cancel"),
    ]

    def __init__(self, suggested: str, symbols: int) -> None:
        super().__init__()
        self.suggested, self.symbols = suggested, symbols

    def compose(self) -> ComposeResult:
        with Vertical(id="fx-name-box"):
            yield Static(
                f"Name the pup ({plural(self.symbols, 'symbol')}), then Enter records it."
                f" {self.suggested} is suggested: Enter keeps it.",
                id="fx-name-question",
            )
            yield Input(value=self.suggested, max_length=NAME_MAX, id="fx-name-input")
            yield Static("", id="fx-name-error", classes="error")
        yield KeyBar()

    def on_mount(self) -> None:
        box = self.query_one(Input)
        box.focus()
        box.select_all()  # typing replaces the suggestion; Enter keeps it

    def action_record(self) -> None:
        name = self.query_one(Input).value
        refusal = name_refusal(name)
        if refusal is None:
            self.dismiss(name)
        else:
            self.query_one("#fx-name-error", Static).update(refusal)

    def action_cancel(self) -> None:
        self.dismiss(None)


#: a line of the moves list: a legal action, a step of the breeding puzzle's own
#: (("half", (die, half)) picks a half first, "back" puts it back), or NAME_IT
Line = Action | tuple[str, tuple[int, int]] | str


def _number_bindings() -> list[Binding]:
    """1 to 9: the entry of that number in a list of fewer than ten (each line shows it)."""
    return [
        Binding(str(n), f"number({n})", f"Entry {n} of a short list", id=f"fox_experiment.number_{n}", show=False)
        for n in range(1, NUMBERED)
    ]


class FoxExperimentPanel(GamePanel[View, Action]):
    STYLESHEET: ClassVar[str | None] = "fox_experiment.tcss"
    #: the rows the panel uses at most: a taller terminal gives the rest to the log
    ROWS = 22
    #: from this size of the panel a second page (the table, or your mat) is in sight
    ROOMY_SIZE = (120, ROWS)
    KEYS_HELP: ClassVar[str] = """\
## The Fox Experiment keys

The left side shows one page at a time; the moves on offer are on the right.

- **↑ ↓** or **j k**: pick a move; **Enter** does it. In a list of fewer than ten,
  the number key of an entry (shown before it) does it at once. A selection turn
  comes in parts (the female row, the male row, the supply track): pick the part,
  then the fox or space in it; **Esc** goes back to the parts.
- **PgDn**: the rest of the page (from its end, back to its top); **PgUp**: back up.
  The key bar shows PgDn whenever the page is longer than the screen.
- **t**: the table — automated opponent, supply track, kennel rows with each fox's
  dice, patrons with their tiles, friendliness track.
- **m**: your mat — tokens, upgrades, studies, parents, pups (and your science cards).
- **o**: the next player's mat (their public state); press again for the one after.

In the breeding puzzle the dice are sorted by trait: `●` a whole symbol, `◐` a
half with its colour letter (S spots, B barking, E floppy ears, T curly tail,
W wild). Pick a half, then the half to join it with; the pup card's preview
shows what recording it now would mark (`■ □` squares, `● ○` circles, `+N` point
tokens beside the track that overflowed). Two wild halves make any trait: you
name it next. Pairs are listed as `1)3S+♥=S`: pair 1 joins the spots half of
die 3 and a friendly token into spots. Recording the pup keeps the suggested
name, or type one of your own (the line below it).

Studies are written `2S+3E=5`: a pup with 2 spots and 3 floppy ears scores 5.

- **a**: auto-match: the best pairing for the roll at once (the most symbols).
- **Esc**: put the half you picked back (or leave a part of the selection list).
"""

    BINDINGS = [
        Binding("t", "page('table')", "Table", id="fox_experiment.table"),
        Binding("m", "page('mat')", "Mat", id="fox_experiment.mat"),
        Binding("o", "others", "Others", id="fox_experiment.others"),
        Binding("b", "page('puzzle')", "Breeding", id="fox_experiment.puzzle", show=False),
        Binding("a", "auto_match", "Auto-match", id="fox_experiment.auto_match"),
        Binding("escape", "back", "Back", id="fox_experiment.back", show=False),
        # priority: the moves list would take them to move its highlight instead
        Binding("pagedown", "scroll_page(1)", "More", id="fox_experiment.page_down", key_display="PgDn", priority=True),
        Binding(
            "pageup", "scroll_page(-1)", "Back up the page", id="fox_experiment.page_up", key_display="PgUp", show=False, priority=True
        ),
        *_number_bindings(),
    ]

    def __init__(self, *, id: str | None = None, replay: bool = False) -> None:
        super().__init__(id=id, replay=replay)
        self._page: str | None = None  # None: the phase's own page
        self._mat_seat = 0  # whose mat the "mat" page shows
        self._phase = ""
        self._half: tuple[int, int] | None = None  # the half picked first in the puzzle
        self._group: str | None = None  # the part of a long list opened ("female", "male", "supply")
        self._auto_done = False  # the auto-match step was just sent

    def compose(self) -> ComposeResult:
        yield Static(id="fx-head")
        with Horizontal(id="fx-middle"):
            yield PageView(id="fx-page")
            yield PageView(id="fx-side")  # a roomy terminal: a second page in sight
            yield Moves(id="fx-moves", keys="fox_experiment")
        yield Static(id="fx-hint")

    def on_resize(self, event: events.Resize) -> None:
        if self.fit_roomy(event.size):
            self.redraw_if_shown()
        self.call_after_refresh(self._keys_again)  # PgDn comes with a page too long

    def _keys_again(self) -> None:
        """The key bar again, once the page is laid out (PgDn: whether it is too long)."""
        if self.is_attached and self._mounted and self.app.screen is self.screen:
            self.refresh_bindings()

    def rows_wanted(self, width: int, height: int) -> int | None:
        return self.ROWS  # the head, a page of the table beside the moves, the hint

    # --- data down

    def own_state(self) -> object:
        return (self._page, self._phase, self._mat_seat, self._half, self._group)

    def set_own_state(self, state: object) -> None:
        # a seat seen for the first time opens on the phase's own page, its own mat
        if isinstance(state, tuple) and len(state) == 5:
            self._page, self._phase, self._mat_seat, self._half, self._group = state
        else:
            self._page, self._phase, self._mat_seat, self._half, self._group = None, "", 0, None, None
        self._auto_done = False

    def showing(self, before: View | None, seat_before: int | None) -> None:
        view, seat = self.view, self.seat
        restoring = self._restoring
        if view.phase != self._phase:  # (a seat's own page comes back with its screen state)
            self._page, self._phase = None, view.phase  # a new phase opens on its own page
            self._mat_seat = seat if seat is not None else 0
        if seat != seat_before and restoring is None:
            self._auto_done = False  # an auto-match is one player's
        if not any(isinstance(a, Pair) for a in self.legal):
            self._half = None
        if self._half is not None and not self._pairs_with(self._half):
            self._half = None
        if self._group is not None and not any(_group_of(a) == self._group for a in self.legal):
            self._group = None  # nothing of it left to take: the whole list again

    def show(self, view: View, legal: list[Action], seat: int | None, *, before: View | None = None) -> None:
        super().show(view, legal, seat, before=before)
        if self._auto_done:
            self._auto_done = False
            self._highlight_record()

    def interlude(self, before: Any, after: Any) -> Screen | None:
        if after.phase == "over" and before.phase != "over":
            return AdministrationScreen("Round 5 is over: the last Administration", after.summary)
        if after.round > before.round:  # (the round's end only: not the next round's first turns)
            return AdministrationScreen(f"Administration of round {before.round}", after.summary)
        return None

    # --- what is on offer

    @property
    def page(self) -> str:
        page = self._page or PAGE_FOR.get(self.view.phase, "table")
        if page == "puzzle" and self._litter() is None:
            return "mat"
        return page

    def _litter(self) -> Any | None:
        if not self.has_view:
            return None
        view = self.view
        seat = view.seat if view.seat is not None else self._mat_seat
        return view.players[seat].litter

    def _pairs_with(self, half: tuple[int, int]) -> list[Pair]:
        return [a for a in self.legal if isinstance(a, Pair) and half in ((a.a, a.a_half), (a.b, a.b_half))]

    def _page_scrolls(self) -> bool:
        try:
            return self.query_one("#fx-page", PageView).max_scroll_y > 0
        except Exception:  # not composed yet
            return False

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if not self.has_view:
            return False  # nothing drawn yet: no page to turn to
        if action == "auto_match":
            return AUTO_MATCH in self.legal
        if action == "back":
            return self._half is not None or self._group is not None
        if action == "scroll_page":
            return self._page_scrolls()
        if action == "number":
            moves = self.query_one(Moves)
            n = parameters[0]
            return isinstance(n, int) and n <= moves.option_count < NUMBERED
        if action == "page" and self.page == parameters[0] and PAGE_FOR.get(self.view.phase, "table") == parameters[0]:
            if parameters[0] != "mat" or self._mat_seat == (self.seat if self.seat is not None else self._mat_seat):
                return False  # already on it, and it is the phase's own page: nothing to go to
        if action == "page" and parameters[0] == "puzzle":
            return self._litter() is not None
        return True

    # --- player input

    def action_page(self, page: str) -> None:
        own_mat = self.seat if self.seat is not None else self._mat_seat
        if self.page == page and (page != "mat" or self._mat_seat == own_mat):
            self._page = None  # the same key again: back to the phase's own page
        else:
            self._page = page
            if page == "mat":
                self._mat_seat = own_mat
        self._turned()

    def _turned(self) -> None:
        """Another page is in sight: from its top."""
        self.query_one("#fx-page", PageView).scroll_home(animate=False, immediate=True)
        self.redraw_if_shown()
        self.call_after_refresh(self._keys_again)  # PgDn: the new page's length

    def action_scroll_page(self, step: int) -> None:
        page = self.query_one("#fx-page", PageView)
        if step > 0 and page.scroll_y >= page.max_scroll_y:
            page.scroll_home(animate=False, immediate=True)  # the end: PgDn starts over
        else:  # a page less one line: the line last in sight stays in sight
            y = page.scroll_y + step * max(1, page.scrollable_content_region.height - 1)
            page.scroll_to(y=max(0, min(y, page.max_scroll_y)), animate=False, immediate=True)

    def action_others(self) -> None:
        n = len(self.view.names)
        start = self._mat_seat if self.page == "mat" else (self.seat if self.seat is not None else -1)
        self._mat_seat = (start + 1) % n
        self._page = "mat"
        self._turned()

    def action_back(self) -> None:
        if self._half is not None or self._group is not None:
            self._half = self._group = None
            self.redraw_if_shown()

    def action_number(self, n: int) -> None:
        moves = self.query_one(Moves)
        if moves.option_count >= NUMBERED or not 1 <= n <= moves.option_count:
            return
        moves.highlighted = n - 1
        self.picked(moves.actions[n - 1])

    def action_auto_match(self) -> None:
        litter = self.view.players[self.seat].litter if self.seat is not None else None
        if litter is None:
            return
        if AUTO_MATCH not in self.legal:
            self.notify("Nothing more to pair: the pairs made are the best for this roll.")
            self._highlight_record()
            return
        self._half = None
        self.choose(AUTO_MATCH)  # one step: the engine leaves the best pairing on the roll
        self._auto_done = True

    def _highlight_record(self) -> None:
        """After an auto-match the next thing to do is recording the pup: Enter does it."""
        moves = self.query_one(Moves)
        record = next((a for a in moves.actions if isinstance(a, ConfirmPup)), None)
        if record is not None:
            moves.highlight(record)

    def picked(self, action: Line) -> None:
        if isinstance(action, tuple) and action[0] == "half":
            self._half = action[1]  # its partners take the list, the first one highlighted
            self.redraw_if_shown()
        elif isinstance(action, tuple) and action[0] == "group":
            self._group = action[1]  # its entries take the list, numbered
            self.redraw_if_shown()
        elif action == "back":
            self.action_back()
        elif action == NAME_IT:
            self._ask_name()
        else:
            self.choose(action)

    def _ask_name(self) -> None:
        lit = self._litter()
        if lit is None or CONFIRM_PUP not in self.legal:
            return
        self.app.push_screen(PupNameScreen(lit.preview.name, sum(lit.symbols.values())), self._named)

    def _named(self, name: str | None) -> None:
        lit = self._litter()
        if name is None or lit is None or CONFIRM_PUP not in self.legal:
            return
        if name == lit.preview.name:
            self.choose(CONFIRM_PUP)  # the suggestion kept: the move as offered
            return
        # the move on offer with the player's name written in (the rules check the name)
        self.legal = [*self.legal, ConfirmPup(name)]
        self.choose(ConfirmPup(name))

    # --- drawing

    def redraw(self) -> None:
        view = self.view
        update_if_changed(self.query_one("#fx-head", Static), self._head_text(view), layout=False)
        page = self.page
        if page == "puzzle":
            detail = self._puzzle_text(view)
        elif page == "mat":
            detail = self._mat_text(view, self._mat_seat)
        else:
            detail = self._table_text(view)
        if self.query_one("#fx-page", PageView).show(detail):
            self.call_after_refresh(self._keys_again)  # PgDn: whether the page is longer now
        if self.roomy:
            side = self._table_text(view) if page != "table" else self._mat_text(view, self._mat_seat)
            self.query_one("#fx-side", PageView).show(side)
        moves = self.query_one(Moves)
        lines = self._moves()
        numbered = {line: n for n, line in enumerate(lines, 1)} if len(lines) < NUMBERED else {}
        self.offer(moves, lines, lambda a: f"{numbered[a]} {self._label(a)}" if numbered else self._label(a))
        update_if_changed(self.query_one("#fx-hint", Static), self._hint_text(view), layout=False)
        # (the column of moves stays, empty while waiting: its coming and going would lay
        # out the whole screen on every turn; a replay never has moves)
        moves.display = not self.replay
        # the moves keep the arrow keys whenever there are any (PgUp/PgDn scroll the page)
        focused = self.screen.focused
        if moves.option_count:
            moves.focus()
        elif focused is None or focused is self or focused is moves or not focused.display:
            self.query_one("#fx-page").focus()  # (an empty list's Enter would do nothing)
        self.refresh_bindings()

    def _head_text(self, view: View) -> Text:
        """One line: the round and phase, and the seat's own tokens (who is to play is
        the status line's, above: one place says it)."""
        out = Text(no_wrap=True, overflow="ellipsis")
        phase = PHASE["upgrades"] if self._upgrading() else PHASE.get(view.phase, view.phase)
        out.append(f"Round {view.round}/{view.rounds} · {phase}", style="bold")
        if view.seat is not None:
            me = view.players[view.seat]
            out.append(f" · {me.name}: ", style="bold")
            out.append_text(tokens_text(me))
            out.append(f" · {plural(len(view.science), 'science card')}")
        return out

    def _table_text(self, view: View) -> Text:
        return table_text(view)

    def _mat_text(self, view: View, seat: int) -> Text:
        return mat_text(view, seat, upgrading=self._upgrading())

    def _upgrading(self) -> bool:
        """Unlocking upgrades (in the upgrades phase, or after collecting tokens in research)."""
        return any(isinstance(a, (Unlock, EndUpgrades)) for a in self.legal)

    def _puzzle_text(self, view: View) -> Text:
        return puzzle_text(self._litter(), self._half)

    def _moves(self) -> list[Line]:
        """The legal moves, with a breeding roll's pairs offered half by half."""
        pairs = [a for a in self.legal if isinstance(a, Pair)]
        # recording the pup comes first once no half is left to pair; naming it next
        rest: list[Line] = sorted(
            (a for a in self.legal if not isinstance(a, Pair) and a != CONFIRM_PUP and not isinstance(a, ConfirmPup)),
            key=lambda a: not isinstance(a, AutoMatch),
        )
        if CONFIRM_PUP in self.legal:
            record: list[Line] = [CONFIRM_PUP, NAME_IT]
            rest = record + rest if not pairs else rest + record
        if not pairs:
            return self._grouped(rest)
        if self._half is not None:
            return [*self._pairs_with(self._half), "back"]
        halves: list[tuple[int, int]] = []
        for a in pairs:
            for h in ((a.a, a.a_half), (a.b, a.b_half)):
                if h not in halves:
                    halves.append(h)
        halves.sort(key=lambda h: (h[0] == TOKEN, h))
        return [("half", h) for h in halves] + rest

    def _grouped(self, lines: list[Line]) -> list[Line]:
        """A list too long for number keys (a selection turn: foxes and supply spaces) is
        offered a part at a time: the female row, the male row, the supply track, each a
        short numbered list of its own (Esc goes back to the parts)."""
        if self._group is not None:
            return [a for a in lines if _group_of(a) == self._group] + ["back"]
        if len(lines) < NUMBERED:
            return lines
        out: list[Line] = []
        for line in lines:
            group = _group_of(line)
            if group is None:
                out.append(line)
            elif ("group", group) not in out:
                out.append(("group", group))
        return out

    def _label(self, a: Line) -> str:
        view = self.view
        me = view.players[view.seat] if view.seat is not None else None
        lit = me.litter if me is not None else None
        if isinstance(a, tuple) and a[0] == "group":
            members = [m for m in self.legal if _group_of(m) == a[1]]
            if a[1] == "supply":
                return f"A supply space… ({plural(len(members), 'space')} free)"
            return f"A {a[1]} parent… ({plural(len(members), 'choice')}: the row or the deck)"
        if isinstance(a, tuple):  # a half of the breeding puzzle
            return "Pair " + half_label(lit, *a[1])
        if a == "back":
            return "← back to the parts of the list" if self._group is not None else "← put the half back"
        if a == NAME_IT:
            return "Record it under a name you type…"
        if isinstance(a, Pair):
            other = (a.b, a.b_half) if (a.a, a.a_half) == self._half else (a.a, a.a_half)
            return f"with {half_label(lit, *other)} → {trait_words(a.trait)}"
        if isinstance(a, KeepStudy):
            return f"Keep {STUDY[a.card].name}: {study_levels(a.card)}"
        if isinstance(a, TakeFox):
            if a.index < 0:
                return f"The top of the {a.sex} deck (unseen)"
            fox = (view.females if a.sex == "female" else view.males)[a.index]
            return f"{a.sex.capitalize()} {a.index + 1}: {fox_line(fox).plain}"
        if isinstance(a, TakeSupply):
            return f"Space {a.space + 1}: {space_gains(view, view.track[a.space])}"
        if isinstance(a, ChooseTrait):
            return f"Take a {trait_words(a.trait)} token"
        if isinstance(a, ChoosePatron):
            pat = view.patrons[a.slot]
            return f"{pat.name}: {pat.text}; gain {gains_text(pat.icons)}"
        if isinstance(a, DiscardToken):
            return f"Discard a {trait_words(a.trait)} token"
        if isinstance(a, Unlock):
            k = TRACK_IDS.index(a.track)
            n = me.upgrades[a.track] if me else 0
            track = UPGRADE[k]
            return f"Unlock {track.name} ({track.costs[n]} {trait_words(a.trait)}, {plural(track.points[n], 'pt')})"
        if isinstance(a, EndUpgrades):
            return "Done with upgrades"
        if isinstance(a, Unpair):
            q = lit.pairs[a.pair] if lit is not None and a.pair < len(lit.pairs) else None
            return f"Take apart pair {pair_code(lit, a.pair, q)}" if q is not None else f"Take apart pair {a.pair + 1}"
        if isinstance(a, WildTrait):
            return f"The wild pair makes {trait_words(a.trait)}"
        if isinstance(a, AutoMatch):
            return f"Auto-match: the best pairing ({plural(lit.best_symbols, 'symbol')})"
        if isinstance(a, PlayScience):
            name = SCIENCE_CARD[a.card].name
            if a.trait:
                return f"{name}: add a {trait_words(a.trait)} die"
            if a.die >= 0:
                d = lit.dice[a.die]
                return f"{name} on die {a.die + 1} ({d.kind_name})"
            return f"{name}: add a wild half"
        if isinstance(a, ConfirmPup):
            symbols = sum(lit.symbols.values()) if lit is not None else 0
            return f"Record {lit.preview.name if lit else 'the pup'} ({plural(symbols, 'symbol')})"
        if isinstance(a, AssignPup):
            pup = me.pups[a.pup]
            st = me.studies[a.study]
            level = st.levels[st.level]
            return f"{pup.name} for {st.name} level {st.level + 1} ({plural(level.points, 'pt')})"
        if isinstance(a, EndResearch):
            return f"Done with studies: collect {counts_text(me.research_tokens) if me else ''}"
        return type(a).__name__

    def _hint_text(self, view: View) -> Text:
        out = Text(no_wrap=True, overflow="ellipsis", style="italic")
        if not self.legal:
            if view.phase == "over" or self.replay or self.seat is None:
                out.append("t table · m mat · o other players")
            else:
                waiting = ", ".join(view.names[s] for s in view.to_act) or "the table"
                out.append(f"Waiting for {waiting}. t table · o other players")
        elif self._half is not None:
            out.append("Join it with which half? Enter pair · Esc put it back")
        elif self._group is not None:
            out.append("Which one? its number or Enter takes it · Esc back")
        elif any(isinstance(a, Pair) for a in self.legal):
            out.append("Pick a half, then its partner · a auto-match · ? the codes")
        elif any(isinstance(a, KeepStudy) for a in self.legal):
            out.append(SHORTHAND)
        else:
            out.append("↑↓ move · Enter do it · t table · m mat · o others")
        return out
