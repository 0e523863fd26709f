"""The Fox Experiment panel: one page of the table at a time (the kennel and supply
track, a player's mat, or the breeding puzzle) beside the moves on offer.

Everything drawn comes from the View handed to :meth:`FoxExperimentPanel.show`; the
panel keeps only UI state (the page in sight, the half picked first in the breeding
puzzle, whether the auto-match was just sent). Every move it sends up is taken from the
legal list. A player's science cards are on screen only in that player's own view.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from foxtui.games.fox_experiment.actions import (
    TOKEN,
    AUTO_MATCH,
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
from foxtui.games.fox_experiment.actions import Action
from foxtui.games.fox_experiment.view import View, science_text
from foxtui.games.fox_experiment.content import (
    SCIENCE_CARD,
    STUDY,
    TRACK_IDS,
    TRAIT_INDEX,
    TRAITS,
    UPGRADE,
    icon_text,
    trait_name,
)

from ..stylesheets import stylesheets
from ..widgets.keybar import KeyBar
from ..widgets.moves import Moves
from ..widgets.status import update_if_changed
from .base import GamePanel

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
#: a colour per trait (16-colour safe) and a letter, so halves read without colour too
COLOUR = {"spots": "red", "barking": "yellow", "ears": "blue", "tail": "magenta", "any": "green"}
LETTER = {"spots": "S", "barking": "B", "ears": "E", "tail": "T", "any": "W"}
SHORT = {"spots": "spots", "barking": "barking", "ears": "ears", "tail": "tail", "any": "any"}


def _name(trait: str) -> str:
    return trait_name(TRAIT_INDEX[trait]) if trait in TRAIT_INDEX else "any trait (you name it next)"


def _counts(values: dict[str, int], zero: bool = False) -> str:
    parts = [f"{n} {SHORT[t]}" for t, n in values.items() if n or zero]
    return ", ".join(parts) or "none"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _icons(icons: list[str]) -> str:
    return ", ".join(icon_text(i) for i in icons) or "nothing"


def _study_levels(card: str) -> str:
    s = STUDY[card]
    levels = []
    for need, pts in zip(s.needs, s.points):
        levels.append("+".join(f"{n}{LETTER[TRAITS[t]]}" for t, n in enumerate(need) if n) + f"={pts}")
    return " / ".join(levels)


def fox_line(fox: Any) -> Text:
    """A fox in a row or on a mat: name, friendliness, and the dice it gives as a parent."""
    out = Text()
    out.append(fox.name, style="bold")
    out.append(f" ♥{fox.friendliness} ")
    for t in TRAITS:
        n = fox.dice[t]
        if n:
            out.append(LETTER[t] * n, style=COLOUR[t])
    if not any(fox.dice.values()):
        out.append("no dice", style="dim")
    if fox.automaton:
        out.append(" (opponent's meeple)", style="italic")
    return out


def track_text(track: Any) -> Text:
    """A pup card's track: ■ □ marked and empty squares, ● ○ marked and empty circles."""
    out = Text()
    out.append(f"{SHORT[track.trait]:8}", style=COLOUR[track.trait])
    for shape, marked in zip(track.spaces, track.marked):
        out.append(("■" if marked else "□") if shape == "square" else ("●" if marked else "○"))
    if track.points:
        out.append(f" +{track.points}", style="bold")
    return out


def half_label(view: Any, die: int, half: int) -> str:
    if die == TOKEN:
        return "a friendly token"
    d = view.players[view.seat].litter.dice[die]
    colour = d.halves[half] if half < len(d.halves) else "any"
    what = "wild half" if colour == "any" else f"{SHORT[colour]} half"
    return f"the {what} on die {die + 1}"


def half_code(lit: Any, die: int, half: int) -> str:
    """A half in a few letters: its die and colour ("9W"), or "token"."""
    if die == TOKEN:
        return "token"
    d = lit.dice[die]
    return f"{die + 1}{LETTER[d.halves[half]] if half < len(d.halves) else 'W'}"


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


#: a line of the moves list: a legal action, or a step of the breeding puzzle's own
#: (("half", (die, half)) picks a half first, "back" puts it back)
Line = Action | tuple[str, tuple[int, int]] | str


class FoxExperimentPanel(GamePanel[View, Action]):
    STYLESHEET: ClassVar[str | None] = "fox_experiment.tcss"
    #: from this size a second page (the table, or your mat) is always in sight
    ROOMY_SIZE = (120, 32)
    KEYS_HELP: ClassVar[str] = """\
## The Fox Experiment keys

The left side shows one page at a time; the moves on offer are on the right.

- **↑ ↓** or **j k**: pick a move; **Enter** does it. **PgUp PgDn** scroll the page.
- **t**: the table — supply track, kennel rows, patrons, friendliness track and the
  automated opponent.
- **m**: your mat — tokens, upgrades, studies, parents, pups (and your science cards).
- **o**: the next player's mat (their public state); press again for the one after.
- **b**: the breeding puzzle (while you breed).

In the breeding puzzle the dice are sorted by trait: `●` a whole symbol, `◐` a
half with its colour letter (S spots, B barking, E floppy ears, T curly tail,
W wild). Pick a half, then the half to join it with; the pup card's preview
shows what recording it now would mark (`■ □` squares, `● ○` circles). Two wild
halves make any trait: you name it next.

- **a**: auto-match: the best pairing for the roll at once (the most symbols).
- **Esc**: put the half you picked back.
"""

    BINDINGS = [
        Binding("t", "page('table')", "Table", id="fox_experiment.table"),
        Binding("m", "page('mat')", "My mat", id="fox_experiment.mat"),
        Binding("o", "others", "Others", id="fox_experiment.others"),
        Binding("b", "page('puzzle')", "Breeding", id="fox_experiment.puzzle", show=False),
        Binding("a", "auto_match", "Auto-match", id="fox_experiment.auto_match"),
        Binding("escape", "back", "Back", id="fox_experiment.back", show=False),
        Binding("pageup", "scroll_page(-1)", "Scroll the page up", id="fox_experiment.page_up", show=False),
        Binding("pagedown", "scroll_page(1)", "Scroll the page down", id="fox_experiment.page_down", show=False),
    ]

    def __init__(self, *, id: str | None = None, replay: bool = False) -> None:
        super().__init__(id=id, replay=replay)
        self._page: str | None = None  # None: the phase's own page
        self._mat_seat = 0  # whose mat the "mat" page shows
        self._phase = ""
        self._half: tuple[int, int] | None = None  # the half picked first in the puzzle
        self._auto_done = False  # the auto-match step was just sent

    def compose(self) -> ComposeResult:
        yield Static(id="fx-head")
        with Horizontal(id="fx-middle"):
            with VerticalScroll(id="fx-page"):
                yield Static(id="fx-detail")
            with VerticalScroll(id="fx-side"):  # a roomy terminal: a second page in sight
                yield Static(id="fx-side-detail")
            yield Moves(id="fx-moves", keys="fox_experiment")
        yield Static(id="fx-hint")

    def on_resize(self, event: events.Resize) -> None:
        if self.fit_roomy(event.size):
            self.redraw_if_shown()

    # --- data down

    def own_state(self) -> object:
        return (self._page, self._phase, self._mat_seat)

    def set_own_state(self, state: object) -> None:
        # a seat seen for the first time opens on the phase's own page, its own mat
        self._page, self._phase, self._mat_seat = state if isinstance(state, tuple) else (None, "", 0)

    def showing(self, before: View | None, seat_before: int | None) -> None:
        view, seat = self.view, self.seat
        if view.phase != self._phase:  # (a seat's own page comes back with its screen state)
            self._page, self._phase = None, view.phase  # a new phase opens on its own page
            self._mat_seat = seat if seat is not None else 0
        if seat != seat_before:
            self._auto_done = False  # an auto-match is one player's
        if seat != seat_before or not any(isinstance(a, Pair) for a in self.legal):
            self._half = None
        if self._half is not None and not self._pairs_with(self._half):
            self._half = None

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

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if not self.has_view:
            return False  # nothing drawn yet: no page to turn to
        if action == "auto_match":
            return AUTO_MATCH in self.legal
        if action == "back":
            return self._half is not None
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
        self.redraw_if_shown()
        self.refresh_bindings()

    def action_scroll_page(self, step: int) -> None:
        page = self.query_one("#fx-page", VerticalScroll)
        page.scroll_page_down() if step > 0 else page.scroll_page_up()

    def action_others(self) -> None:
        n = len(self.view.names)
        start = self._mat_seat if self.page == "mat" else (self.seat if self.seat is not None else -1)
        self._mat_seat = (start + 1) % n
        self._page = "mat"
        self.redraw_if_shown()

    def action_back(self) -> None:
        if self._half is not None:
            self._half = None
            self.redraw_if_shown()

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
        elif action == "back":
            self.action_back()
        else:
            self.choose(action)

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
        update_if_changed(self.query_one("#fx-detail", Static), detail)
        if self.roomy:
            side = self._table_text(view) if page != "table" else self._mat_text(view, self._mat_seat)
            update_if_changed(self.query_one("#fx-side-detail", Static), side)
        moves = self.query_one(Moves)
        self.offer(moves, self._moves(), self._label)
        update_if_changed(self.query_one("#fx-hint", Static), self._hint_text(view), layout=False)
        moves.display = bool(moves.option_count)
        # the moves keep the arrow keys whenever there are any (PgUp/PgDn scroll the page)
        focused = self.screen.focused
        if moves.display or focused is None or focused is self or not focused.display:
            (moves if moves.display else self.query_one("#fx-page")).focus()
        self.refresh_bindings()

    def _head_text(self, view: View) -> Text:
        out = Text(no_wrap=True, overflow="ellipsis")
        out.append(f"Round {view.round}/{view.rounds} · {PHASE.get(view.phase, view.phase)}", style="bold")
        if view.current is not None:
            who = "the automated opponent" if view.current == -1 else view.names[view.current]
            out.append(f" · {who}'s turn")
        elif view.to_act and view.phase != "over":
            others = [view.names[s] for s in view.to_act if s != view.seat]
            if view.seat in view.to_act:
                out.append(" · your move")
            if others:
                out.append(" · waiting for " + ", ".join(others))
        if view.seat is not None:
            me = view.players[view.seat]
            out.append("\n")
            out.append(f"{me.name}: ", style="bold")
            out.append_text(self._tokens(me))
            out.append(f" · {_plural(len(view.science), 'science card')}")
        return out

    def _tokens(self, p: Any) -> Text:
        out = Text()
        for t in TRAITS:
            out.append(f"{LETTER[t]}{p.tokens[t]} ", style=COLOUR[t])
        out.append(f"♥{p.friendly} friendly")
        if p.points:
            out.append(f" · {p.points} point tokens")
        return out

    def _table_text(self, view: View) -> Text:
        out = Text()
        auto = view.automaton
        if auto is not None:
            out.append("Automated opponent", style="bold")
            out.append(f"\n traits {_name(auto.first)}, then {_name(auto.second)}; next arrow {auto.arrow}")
            took = ", ".join(f"{k} {n}" for k, n in auto.took.items() if n)
            out.append(f"\n took this round: {took or 'nothing'}")
            if auto.shown:
                out.append(f" (last card: {' + '.join(auto.shown_items)})")
            out.append("\n")
        out.append("Supply track", style="bold")
        for sp in view.track:
            out.append(f"\n {sp.index + 1}. ")
            out.append(_icons(sp.icons) if sp.index else "first next round")
            if sp.holder >= 0:
                out.append(f" ⚙ {view.names[sp.holder]}", style="bold")
            elif sp.automaton:
                out.append(f" ({'gear' if sp.automaton == 'gear' else 'meeple'} of the opponent)", style="italic")
        for sex, row, deck in (("Female", view.females, view.female_deck), ("Male", view.males, view.male_deck)):
            out.append(f"\n{sex} row", style="bold")
            out.append(f" (deck {deck})", style="dim")
            for i, fox in enumerate(row):
                out.append(f"\n {i + 1}. ")
                out.append_text(fox_line(fox))
        out.append("\nPatrons", style="bold")
        for pat in view.patrons:
            out.append(f"\n {pat.slot + 1}. {pat.name} ({pat.side}): {pat.text}")
            if pat.meeples:
                out.append(" · " + ", ".join(view.names[s] for s in pat.meeples), style="bold")
        out.append("\nFriendliness track", style="bold")
        for r in view.rewards:
            mark = "▶" if r.space == view.round - 1 and view.phase != "over" else " "
            out.append(f"\n{mark}{r.space + 1}. {r.points} pts, others {_plural(r.tokens, 'token')}")
            if r.seats:
                out.append(" · " + ", ".join(view.names[s] for s in r.seats), style="bold")
        return out

    def _mat_text(self, view: View, seat: int) -> Text:
        p = view.players[seat]
        out = Text()
        out.append(f"{p.name}'s mat", style="bold")
        out.append(f" · turn {p.turn_position + 1}" + (f" · gear on space {p.gear + 1}" if p.gear >= 0 else ""))
        out.append("\nTokens: ")
        out.append_text(self._tokens(p))
        if seat == view.seat:
            cards = [science_text(c) for c in view.science]
            out.append("\nYour science cards: " + ("; ".join(cards) if cards else "none"))
        else:
            out.append(f"\n{_plural(p.science, 'science card')} (kept secret)")
        out.append("\nUpgrades", style="bold")
        for k, track in enumerate(UPGRADE):
            n = p.upgrades[TRACK_IDS[k]]
            steps = " ".join(("■" if i < n else "□") + str(c) for i, c in enumerate(track.costs))
            out.append(f"\n {track.name:13}{steps}")
        dice = "1 friendly die" if p.friendly_dice == 1 else f"{p.friendly_dice} friendly dice"
        out.append(f"\n {_plural(p.pups_per_round, 'pup')} a round, {dice}")
        out.append("\nStudies", style="bold")
        for st in p.studies:
            out.append(f"\n {st.name} ({_study_levels(st.card)}): {st.level} of 3 done")
        if not p.studies:
            out.append(" none")
        if p.patrons:
            out.append("\nPatrons: " + ", ".join(view.patrons[s].name for s in p.patrons))
        if p.female or p.male:
            out.append("\nParents", style="bold")
            for fox in (p.female, p.male):
                if fox is not None:
                    out.append("\n ")
                    out.append_text(fox_line(fox))
            pool = " ".join(f"{LETTER.get(t, 'F')}{n}" for t, n in p.pool.items() if n)
            out.append(f"\n pool: {pool}")
        if p.pups:
            out.append("\nPups this round", style="bold")
            for i, pup in enumerate(p.pups):
                used = " (used for a study)" if i in p.assigned else ""
                out.append(f"\n {pup.name} ♥{pup.friendliness}{used}")
                for tr in pup.tracks:
                    out.append("\n  ")
                    out.append_text(track_text(tr))
        if view.phase == "research" and seat == view.seat:
            out.append(f"\nCollecting now gives: {_counts(p.research_tokens)}")
        return out

    def _puzzle_text(self, view: View) -> Text:
        lit = self._litter()
        out = Text()
        out.append(f"Breeding a {lit.sex} pup", style="bold")
        out.append(f" · friendly tokens free {lit.tokens_free}")
        by_kind: dict[int, list[Any]] = {}
        for d in lit.dice:
            by_kind.setdefault(d.kind, []).append(d)
        for kind in sorted(by_kind):
            dice = by_kind[kind]
            out.append(f"\n{dice[0].kind_name:12}", style=COLOUR.get(TRAITS[kind], "green") if kind < 4 else "green")
            for d in dice:
                out.append(f" {d.index + 1}:")
                out.append("●" * d.wholes)
                for slot, (colour, paired) in enumerate(zip(d.halves, d.paired)):
                    half = "◐" + (LETTER[colour] if kind >= 4 else "")
                    style = "dim strike" if paired else COLOUR[colour] + " bold"
                    if self._half == (d.index, slot):
                        style += " reverse"  # the half picked first
                    out.append(half, style=style)
                if not d.wholes and not d.halves:
                    out.append("–", style="dim")
        out.append("\nPup card now", style="bold")
        out.append(f" ({lit.preview.name}, ♥{lit.preview.friendliness})")
        for tr in lit.preview.tracks:
            out.append("\n ")
            out.append_text(track_text(tr))
        out.append("\nPairs: ", style="bold")
        pairs = [
            f"{n + 1}) {half_code(lit, q.a, q.a_half)}+{half_code(lit, q.b, q.b_half)}={SHORT[q.trait]}"
            for n, q in enumerate(lit.pairs)
        ]
        out.append(", ".join(pairs) or "none yet")
        if lit.science:
            out.append("\nScience played: " + ", ".join(SCIENCE_CARD[c].name for c in lit.science))
        return out

    def _moves(self) -> list[Line]:
        """The legal moves, with a breeding roll's pairs offered half by half."""
        pairs = [a for a in self.legal if isinstance(a, Pair)]
        # recording the pup comes first once no half is left to pair
        rest = sorted((a for a in self.legal if not isinstance(a, Pair)), key=lambda a: not isinstance(a, ConfirmPup))
        if not pairs:
            return rest
        if self._half is not None:
            return [*self._pairs_with(self._half), "back"]
        halves: list[tuple[int, int]] = []
        for a in pairs:
            for h in ((a.a, a.a_half), (a.b, a.b_half)):
                if h not in halves:
                    halves.append(h)
        halves.sort(key=lambda h: (h[0] == TOKEN, h))
        return [("half", h) for h in halves] + rest

    def _label(self, a: Line) -> str:
        view = self.view
        me = view.players[view.seat] if view.seat is not None else None
        if isinstance(a, tuple):  # a half of the breeding puzzle
            return "Pair " + half_label(view, *a[1])
        if a == "back":
            return "← put the half back"
        if isinstance(a, Pair):
            other = (a.b, a.b_half) if (a.a, a.a_half) == self._half else (a.a, a.a_half)
            return f"with {half_label(view, *other)} → {_name(a.trait)}"
        if isinstance(a, KeepStudy):
            return f"Keep {STUDY[a.card].name}: {_study_levels(a.card)}"
        if isinstance(a, TakeFox):
            if a.index < 0:
                return f"The top of the {a.sex} deck (unseen)"
            fox = (view.females if a.sex == "female" else view.males)[a.index]
            return f"{a.sex.capitalize()} {a.index + 1}: {fox_line(fox).plain}"
        if isinstance(a, TakeSupply):
            if a.space == 0:
                return "Space 1: nothing, first next round"
            return f"Space {a.space + 1}: {_icons(view.track[a.space].icons)}"
        if isinstance(a, ChooseTrait):
            return f"Take a {_name(a.trait)} token"
        if isinstance(a, ChoosePatron):
            pat = view.patrons[a.slot]
            return f"{pat.name}: {pat.text}; gain {_icons(pat.icons)}"
        if isinstance(a, DiscardToken):
            return f"Discard a {_name(a.trait)} token"
        if isinstance(a, Unlock):
            k = TRACK_IDS.index(a.track)
            n = me.upgrades[a.track] if me else 0
            track = UPGRADE[k]
            return f"Unlock {track.name} ({track.costs[n]} {_name(a.trait)}, {_plural(track.points[n], 'pt')})"
        if isinstance(a, EndUpgrades):
            return "Done with upgrades"
        if isinstance(a, Unpair):
            return f"Take apart pair {a.pair + 1}"
        if isinstance(a, WildTrait):
            return f"The wild pair makes {_name(a.trait)}"
        if isinstance(a, AutoMatch):
            return f"Auto-match: the best pairing ({_plural(me.litter.best_symbols, 'symbol')})"
        if isinstance(a, PlayScience):
            name = SCIENCE_CARD[a.card].name
            if a.trait:
                return f"{name}: add a {_name(a.trait)} die"
            if a.die >= 0:
                d = me.litter.dice[a.die]
                return f"{name} on die {a.die + 1} ({d.kind_name})"
            return f"{name}: add a wild half"
        if isinstance(a, ConfirmPup):
            symbols = sum(me.litter.symbols.values()) if me and me.litter else 0
            return f"Record the pup ({_plural(symbols, 'symbol')})"
        if isinstance(a, AssignPup):
            pup = me.pups[a.pup]
            st = me.studies[a.study]
            level = st.levels[st.level]
            return f"{pup.name} for {st.name} level {st.level + 1} ({_plural(level.points, 'pt')})"
        if isinstance(a, EndResearch):
            return f"Done with studies: collect {_counts(me.research_tokens) if me else ''}"
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
        elif any(isinstance(a, Pair) for a in self.legal):
            out.append("Pick a half, then its partner · a auto-match · t m o pages")
        else:
            out.append("↑↓ move · Enter do it · t table · m mat · o others")
        return out
