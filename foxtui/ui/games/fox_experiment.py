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
from foxtui.games.fox_experiment.content import SCIENCE_CARD, STUDY, TRACK_IDS, TRAITS, UPGRADE
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
    """The part of a selection turn's long list a move is offered in (see
    FoxExperimentPanel._grouped)."""
    if isinstance(line, TakeFox):
        return line.sex
    if isinstance(line, TakeSupply):
        return "supply"
    return None


def risky(line: object) -> bool:
    """A line whose Enter records or throws away work (records the pup, takes a pair
    apart, spends a science card): never the highlight a list starts on."""
    return isinstance(line, (ConfirmPup, Unpair, PlayScience)) or line == NAME_IT


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

- **↑ ↓** or **j k**: pick a move; **Enter** does it. The number key of an entry
  (shown before it) does it at once. A long list comes in parts, each numbered: a
  selection turn's female row, male row and supply track; in breeding the halves
  by colour, the pairs to take apart, each science card and then its die. Pick the
  part, then the entry in it; **Esc** goes back up. A list never starts on
  recording the pup, taking a pair apart or playing a science card: Enter alone
  does none of them.
- **PgDn**: the rest of the page (from its end, back to its top); **PgUp**: back up.
  The key bar shows PgDn whenever the page is longer than the screen.
- **t**: the table — automated opponent, supply track, kennel rows with each fox's
  dice, patrons with their tiles, friendliness track.
- **m**: your mat — tokens, upgrades, studies, parents, pups (and your science cards).
  In a replay's public view, each player's mat in turn (and **b** their dice).
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

- **a**: auto-match: the pairing worth most for the roll at once: the most symbols,
  but a level of one of your studies the pup can reach counts, and friendly tokens
  are kept for the pups still to breed this round; its line says why it chose.
- **Esc**: put the half you picked back (or leave a part of the list).
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
        # where in the list of moves the player is: the parts opened, one within the other
        # (("group", "male"), or ("group", "halves:spots") then ("half", (3, 0)) ...)
        self._path: tuple[tuple[str, Any], ...] = ()
        #: the lines the number keys pick now (1 the first), empty when the list is too long
        self._numbered: list[Line] = []
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
        return (self._page, self._phase, self._mat_seat, self._path)

    def set_own_state(self, state: object) -> None:
        # a seat seen for the first time opens on the phase's own page, its own mat
        if isinstance(state, tuple) and len(state) == 4:
            self._page, self._phase, self._mat_seat, self._path = state
        else:
            self._page, self._phase, self._mat_seat, self._path = None, "", 0, ()
        self._auto_done = False

    @property
    def _half(self) -> tuple[int, int] | None:
        """The half picked first in the puzzle (its partners are on offer), or None."""
        return next((h for kind, h in reversed(self._path) if kind == "half"), None)

    @_half.setter
    def _half(self, half: tuple[int, int] | None) -> None:
        depth = next((i for i, (kind, _) in enumerate(self._path) if kind == "half"), len(self._path))
        self._path = self._path[:depth] + ((("half", half),) if half is not None else ())

    @property
    def _group(self) -> str | None:
        """The innermost part of the list opened (None: the whole list)."""
        return self._path[-1][1] if self._path and self._path[-1][0] == "group" else None

    def showing(self, before: View | None, seat_before: int | None) -> None:
        view, seat = self.view, self.seat
        restoring = self._restoring
        if view.phase != self._phase:  # (a seat's own page comes back with its screen state)
            self._page, self._phase = None, view.phase  # a new phase opens on its own page
            self._mat_seat = seat if seat is not None else 0
        if seat != seat_before and restoring is None:
            self._auto_done = False  # an auto-match is one player's
        # the parts opened stay open while they offer something (a part emptied, and
        # the parts within it, close: the list one level up again)
        kept: tuple[tuple[str, Any], ...] = ()
        for step in self._path:
            if not self._members(kept + (step,)):
                break
            kept += (step,)
        self._path = kept

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
            return bool(self._path)
        if action == "scroll_page":
            return self._page_scrolls()
        if action == "number":
            n = parameters[0]
            return isinstance(n, int) and 1 <= n <= len(self._numbered)
        if action == "page" and self.page == parameters[0] and PAGE_FOR.get(self.view.phase, "table") == parameters[0]:
            if parameters[0] != "mat" or (self.seat is not None and self._mat_seat == self.seat):
                return False  # already on it, and it is the phase's own page: nothing to go to
            # (the public view's m goes on to the next player's mat)
        if action == "page" and parameters[0] == "puzzle":
            return self._litter() is not None
        return True

    # --- player input

    def action_page(self, page: str) -> None:
        own_mat = self.seat if self.seat is not None else self._mat_seat
        if page == "mat" and self.seat is None and self.page == "mat":
            # the public view has no mat of its own: m goes through every player's (and
            # their dice, the breeding page's), then back to the phase's own page
            if self._mat_seat + 1 < len(self.view.names):
                self._mat_seat += 1
            else:
                self._mat_seat, self._page = 0, None
            self._turned()
            return
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
        """One level up: the part of the list opened last closes (the half picked goes back)."""
        if self._path:
            self._path = self._path[:-1]
            self.redraw_if_shown()

    def action_number(self, n: int) -> None:
        if not 1 <= n <= len(self._numbered):
            return
        line = self._numbered[n - 1]
        self.query_one(Moves).highlight(line)
        self.picked(line)

    def action_auto_match(self) -> None:
        litter = self.view.players[self.seat].litter if self.seat is not None else None
        if litter is None:
            return
        if AUTO_MATCH not in self.legal:
            self.notify("Nothing more to pair: the pairs made are the best for this roll.")
            self._highlight_record()
            return
        self._path = ()
        self.choose(AUTO_MATCH)  # one step: the engine leaves the best pairing on the roll
        self._auto_done = True

    def _highlight_record(self) -> None:
        """After an auto-match the next thing to do is recording the pup: Enter does it."""
        moves = self.query_one(Moves)
        record = next((a for a in moves.actions if isinstance(a, ConfirmPup)), None)
        if record is not None:
            moves.highlight(record)

    def picked(self, action: Line) -> None:
        if isinstance(action, tuple) and action[0] in ("half", "group"):
            self._path += (action,)  # its entries (a half: its partners) take the list
            self.redraw_if_shown()
        elif action == "back":
            self.action_back()
        elif action == NAME_IT:
            self._ask_name()
        else:
            if risky(action):
                self._path = ()  # work recorded or undone: the whole list again after it
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
        # the number keys pick the entries of a short list ("← back" is Esc's, unnumbered)
        entries = [line for line in lines if line != "back"]
        self._numbered = entries if len(entries) < NUMBERED else []
        numbered = {line: n for n, line in enumerate(self._numbered, 1)}
        had_moves = moves.option_count > 0
        changed = self.offer(moves, lines, lambda a: f"{numbered[a]} {self._label(a)}" if a in numbered else self._label(a))
        defaulted = not self._follow or not had_moves  # (else the highlight followed its move)
        if changed and defaulted and self._restoring is None and risky(moves.highlighted_action):
            # a list that starts afresh never starts on recording or undoing work (a
            # double Enter would record the next pup unpaired): on the first safe entry
            moves.highlighted = next((n for n, line in enumerate(lines) if not risky(line)), None)
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
        # the study shorthand explained once on screen: on the player's own mat, unless
        # the hint line explains it already (choosing a study)
        explain = seat == view.seat and not any(isinstance(a, KeepStudy) for a in self.legal)
        return mat_text(view, seat, upgrading=self._upgrading(), explain=explain)

    def _upgrading(self) -> bool:
        """Unlocking upgrades (in the upgrades phase, or after collecting tokens in research)."""
        return any(isinstance(a, (Unlock, EndUpgrades)) for a in self.legal)

    def _puzzle_text(self, view: View) -> Text:
        return puzzle_text(self._litter(), self._half)

    def _moves(self) -> list[Line]:
        """The lines of the list where the player is in it (see _members)."""
        lines = self._members(self._path)
        return lines + ["back"] if self._path else lines

    def _members(self, path: tuple[tuple[str, Any], ...]) -> list[Line]:
        """The entries of the list at ``path`` (empty: nothing there to take now).

        A list of ten or more entries has no number keys, so a long list is offered a
        part at a time, each part a short numbered list of its own: a selection turn's
        rows and supply track; in the breeding puzzle the halves by colour, the pairs
        to take apart, each science card with its dice (by kind when there are many),
        and a half's partners (the coloured ones by colour). Every entry is at most
        three keys away; Esc goes back up a level."""
        if not path:
            return self._top()
        kind, what = path[-1]
        if kind == "half":
            partners: list[Line] = list(self._pairs_with(what))
            if len(partners) < NUMBERED:
                return partners
            # (the wild partners each a line: a pair of two wild halves has no coloured side)
            return self._by_colour(partners, lambda a: self._colour(self._other(a, what)), "partners", whole="any")
        if what.startswith("partners:"):  # (within a half: path[-2] is ("half", it))
            half = self._half
            c = what.split(":", 1)[1]
            pairs = self._pairs_with(half) if half is not None else []
            return [a for a in pairs if half is not None and self._colour(self._other(a, half)) == c]
        if what in ("female", "male", "supply"):
            return [a for a in self.legal if _group_of(a) == what]
        if what.startswith("halves:"):
            c = what.split(":", 1)[1]
            return [("half", h) for h in self._halves() if self._colour(h) == c]
        if what == "unpair":
            return [a for a in self.legal if isinstance(a, Unpair)]
        if what == "science":  # the cards, or when there is room each card's dice by kind
            cards = self._science_lines()
            spread = [m for line in cards for m in (self._members(path + (line,)) if isinstance(line, tuple) else [line])]
            return spread if len(spread) < NUMBERED else cards
        if what.startswith("science:"):
            _, card, *die_kind = what.split(":")
            plays: list[Line] = [a for a in self.legal if isinstance(a, PlayScience) and a.card == card]
            if die_kind:
                return [a for a in plays if isinstance(a, PlayScience) and self._die_kind(a) == int(die_kind[0])]
            if len(plays) < NUMBERED:
                return plays
            kinds: list[Line] = []
            for a in plays:
                assert isinstance(a, PlayScience)
                k = self._die_kind(a)
                same = [b for b in plays if isinstance(b, PlayScience) and self._die_kind(b) == k]
                line: Line = same[0] if len(same) == 1 else ("group", f"science:{card}:{k}")
                if line not in kinds:
                    kinds.append(line)
            return kinds
        return []

    def _top(self) -> list[Line]:
        """The whole list: the legal moves, a long one in parts (see _members)."""
        legal = self.legal
        breeding = any(isinstance(a, (Pair, Unpair, PlayScience, ConfirmPup)) for a in legal)
        if not breeding:
            return self._grouped(list(legal))
        halves: list[Line] = [("half", h) for h in self._halves()]
        auto: list[Line] = [AUTO_MATCH] if AUTO_MATCH in legal else []
        record: list[Line] = [CONFIRM_PUP, NAME_IT] if CONFIRM_PUP in legal else []
        unpair: list[Line] = [("group", "unpair")] if any(isinstance(a, Unpair) for a in legal) else []
        science = self._science_lines()

        def lines() -> list[Line]:
            # recording the pup comes first once no half is left to pair
            if not halves:
                return record + auto + unpair + science
            return halves + auto + record + unpair + science

        if len(lines()) >= NUMBERED:  # the halves by colour (a colour with one half: that half)
            halves = self._by_colour(halves, lambda line: self._colour(line[1]), "halves")
        if len(lines()) >= NUMBERED:
            auto = []  # (the a key auto-matches, and the key bar says so)
        if len(lines()) >= NUMBERED and len(science) > 1:
            science = [("group", "science")]
        return lines()

    def _by_colour(self, lines: list[Line], colour: Any, prefix: str, whole: str = "") -> list[Line]:
        """``lines`` a colour at a time: a part per colour, a colour of one line that line
        (the lines of colour ``whole`` each a line of their own)."""
        order = [*TRAITS, "any"]
        out: list[Line] = []
        for c in order:
            same = [line for line in lines if colour(line) == c]
            if len(same) == 1 or c == whole:
                out.extend(same)
            elif same:
                out.append(("group", f"{prefix}:{c}"))
        return out

    def _halves(self) -> list[tuple[int, int]]:
        """The halves that can be paired now, die by die, friendly tokens last."""
        halves: list[tuple[int, int]] = []
        for a in self.legal:
            if isinstance(a, Pair):
                for h in ((a.a, a.a_half), (a.b, a.b_half)):
                    if h not in halves:
                        halves.append(h)
        halves.sort(key=lambda h: (h[0] == TOKEN, h))
        return halves

    @staticmethod
    def _other(a: Pair, half: tuple[int, int]) -> tuple[int, int]:
        return (a.b, a.b_half) if (a.a, a.a_half) == half else (a.a, a.a_half)

    def _colour(self, half: tuple[int, int]) -> str:
        """A half's colour: a trait id, or "any" for a wild half or a friendly token."""
        lit = self._litter()
        die, slot = half
        if die == TOKEN or lit is None or not 0 <= die < len(lit.dice):
            return "any"
        halves = lit.dice[die].halves
        return halves[slot] if slot < len(halves) else "any"

    def _die_kind(self, a: PlayScience) -> int:
        lit = self._litter()
        return lit.dice[a.die].kind if lit is not None and 0 <= a.die < len(lit.dice) else -1

    def _science_lines(self) -> list[Line]:
        """A line per science card on offer: the card's one move, or the card opening
        the list of its dice (or traits)."""
        out: list[Line] = []
        for a in self.legal:
            if not isinstance(a, PlayScience):
                continue
            plays = [b for b in self.legal if isinstance(b, PlayScience) and b.card == a.card]
            line: Line = a if len(plays) == 1 else ("group", f"science:{a.card}")
            if line not in out:
                out.append(line)
        return out

    def _grouped(self, lines: list[Line]) -> list[Line]:
        """A list too long for number keys (a selection turn: foxes and supply spaces) is
        offered a part at a time: the female row, the male row, the supply track, each a
        short numbered list of its own (Esc goes back to the parts)."""
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
            return self._group_label(a[1], len(self._members(self._path + (a,))))
        if isinstance(a, tuple):  # a half of the breeding puzzle
            return "Pair " + half_label(lit, *a[1])
        if a == "back":
            return "← back to the parts of the list" if self._path[-1][0] == "group" else "← put the half back"
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
            return f"Auto-match, {plural(lit.auto_symbols, 'symbol')}: {lit.auto_reason}"
        if isinstance(a, PlayScience):
            name = SCIENCE_CARD[a.card].name
            if self._group is not None and self._group.startswith("science:"):
                name = ""  # (the card is named above the list)
            if a.trait:
                return f"{name}: add a {trait_words(a.trait)} die" if name else f"Add a {trait_words(a.trait)} die"
            if a.die >= 0:
                d = lit.dice[a.die]
                return f"{name + ' on d' if name else 'D'}ie {a.die + 1} ({d.kind_name}: {d.text})"
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

    def _group_label(self, group: str, count: int) -> str:
        """The line that opens a part of the list (``count``: its entries)."""
        kind, _, rest = group.partition(":")
        if kind == "supply":
            return f"A supply space… ({plural(count, 'space')} free)"
        if kind in ("female", "male"):
            return f"A {kind} parent… ({plural(count, 'choice')}: the row or the deck)"
        if kind == "halves":
            what = "a wild half or a friendly token" if rest == "any" else f"a {trait_words(rest)} half"
            return f"Pair {what}… ({count})"
        if kind == "partners":
            what = "a wild half or a friendly token" if rest == "any" else f"a {trait_words(rest)} half"
            return f"with {what}… ({count})"
        if kind == "unpair":
            return f"Take a pair apart… ({plural(count, 'pair')})"
        if group == "science":
            return f"Play a science card… ({plural(count, 'card')})"
        card, _, die_kind = rest.partition(":")
        if die_kind:
            lit = self._litter()
            name = next((d.kind_name for d in lit.dice if d.kind == int(die_kind)), "") if lit else ""
            return f"{SCIENCE_CARD[card].name}: a {name} die… ({count})"
        c = SCIENCE_CARD[card]
        does = {"reroll": "roll a die again", "best_face": "turn a die to its best face", "extra_die": "add a die"}
        return f"{c.name}: {does.get(c.kind, 'play it')}… ({count})"

    def _hint_text(self, view: View) -> Text:
        out = Text(no_wrap=True, overflow="ellipsis", style="italic")
        if not self.legal:
            if view.phase == "over" or self.replay or self.seat is None:
                out.append("t table · m mat · o other players")
            else:
                waiting = ", ".join(view.names[s] for s in view.to_act) or "the table"
                out.append(f"Waiting for {waiting}. t table · o other players")
        elif self._half is not None:
            out.append("Join it with which half? its number or Enter · Esc put it back")
        elif self._group is not None:
            out.append("Which one? its number, or ↑↓ and Enter · Esc back")
        elif any(isinstance(a, Pair) for a in self.legal):
            out.append("Pick a half, then its partner · a auto-match · ? the codes")
        elif any(isinstance(a, KeepStudy) for a in self.legal):
            out.append(SHORTHAND)
        else:
            out.append("↑↓ move · Enter do it · t table · m mat · o others")
        return out
