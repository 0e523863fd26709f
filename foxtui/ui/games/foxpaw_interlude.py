"""Foxpaw's interludes: the screens everyone reads between two steps. A duel revealed
(gestures, bets, rewards), a round of a Magical Event, a whole Magical Event, the
Intermediate Scoring and the final scoring with every category, and the night with
the new turn order. All are built from the public view only: nobody's secrets."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from foxtui.games.foxpaw import content as C
from foxtui.games.foxpaw.state import OBSIDIO, VP_PARTS

from ..stylesheets import stylesheets
from ..widgets.keybar import KeyBar
from .foxpaw_board import event_rules
from .foxpaw_words import darkness_card, house_name, ordinal, reward, rows_of, who, who_text

#: the final breakdown's words for the VP categories (as the results screen names them)
VP_WORDS = {
    "scoring": "Intermediate Scorings",
    "talents": "Strength and Knowledge 8",
    "brooms": "Broom halves",
    "mischief": "Mischief cards",
    "darkness": "Darkness",
    "prophecies": "Prophecies",
    "cards": "other cards",
}

Page = tuple[str, RenderableType]


class FoxpawInterlude(ModalScreen[None]):
    """One or more pages shown to the whole table; Enter turns the page, the last one
    goes back to the game."""

    CSS_PATH = stylesheets("foxpaw.tcss")
    BINDINGS = [
        Binding("enter", "next", "Continue", id="foxpaw.interlude.next"),
        Binding("backspace", "previous", "Previous page", id="foxpaw.interlude.previous"),
        Binding("escape", "close", "Back to the game", id="foxpaw.interlude.close", show=False),
        Binding("question_mark", "help", "Help", id="foxpaw.interlude.help"),
    ]

    def __init__(self, pages: list[Page]) -> None:
        super().__init__()
        self.pages = list(pages)
        self.page = 0

    def compose(self) -> ComposeResult:
        with Vertical(id="fp-interlude-box"):
            yield Static(id="fp-interlude-title")
            with VerticalScroll(id="fp-interlude-body"):
                yield Static(id="fp-interlude-text")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#fp-interlude-body").focus()  # the arrow keys scroll a long page
        self._draw()

    def on_resize(self) -> None:
        self.call_after_refresh(self._draw_title)

    def _draw(self) -> None:
        _, body = self.pages[self.page]
        self.query_one("#fp-interlude-text", Static).update(body)
        self.query_one("#fp-interlude-body", VerticalScroll).scroll_home(animate=False)
        self._draw_title()
        self.call_after_refresh(self._draw_title)
        self.refresh_bindings()

    def _draw_title(self) -> None:
        """The title, the page number, and a word when there is more below (a scroll bar
        alone is easy to miss)."""
        if not self.is_attached or not self.query("#fp-interlude-body"):
            return  # closed before its first frame (an Enter that came with it, over SSH)
        title, _ = self.pages[self.page]
        head = Text.assemble((title, "bold"))
        if len(self.pages) > 1:
            head.append(f"  (page {self.page + 1} of {len(self.pages)})")
        if self.query_one("#fp-interlude-body", VerticalScroll).max_scroll_y > 0:
            head.append("  ↑↓ scroll for more", style="italic")
        self.query_one("#fp-interlude-title", Static).update(head)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "previous":
            return self.page > 0
        return True

    def action_next(self) -> None:
        if self.page + 1 < len(self.pages):
            self.page += 1
            self._draw()
        else:
            self.dismiss(None)

    def action_previous(self) -> None:
        if self.page > 0:
            self.page -= 1
            self._draw()

    def action_close(self) -> None:
        self.dismiss(None)

    def action_help(self) -> None:
        from foxtui.games.foxpaw import GAME

        from ..screens.help import HelpScreen
        from ..widgets.keys import help_keys

        notes = "Everyone at the table may read this: it shows no one's secrets.\n\n"
        self.app.push_screen(HelpScreen("Foxpaw — help", help_keys(self), notes + GAME.rules_markdown))


# --- which pages a step brings -------------------------------------------------------------------


def interlude_pages(before: Any, after: Any) -> list[Page]:
    """The pages for what happened between two public views, in the order it happened."""
    pages: list[Page] = []
    if after.gestures and not before.gestures:
        pages.append(("The duel: the gestures are shown", gestures_shown(after)))
    for r in after.duel_reports[len(before.duel_reports):]:
        pages.append((f"The duel of year {r.year}", duel_page(after, r)))
    night = before.phase == "evaluation" and after.phase != "evaluation"
    if night:
        pages.append((f"The night of year {before.year}", night_page(before, after)))
    ev_before = before.event
    if after.event is not None and len(after.event.lines) > (len(ev_before.lines) if ev_before and ev_before.event == after.event.event else 0):
        e = after.event
        pages.append((f"{C.EVENT[e.event].name}: the first round", event_round_page(after)))
    for r in after.event_reports[len(before.event_reports):]:
        pages.append((f"Magical Event {len(after.event_reports)}: {C.EVENT[r.event].name}", event_page(after, r)))
    for r in after.scorings[len(before.scorings):]:
        pages.append((f"Intermediate Scoring after year {r.year}", scoring_page(after, r)))
    if after.final is not None and before.final is None:
        pages.append(("Final scoring", final_page(after)))
    if after.year > before.year and after.phase != "over":
        # the new year's cards, last: under the night's table when the year begins right
        # after the night, else (after a Magical Event and its scoring) a page of its own
        if night and pages[-1][0] == f"The night of year {before.year}":
            pages[-1] = (pages[-1][0], night_page(before, after, year=True))
        else:
            pages.append((f"School year {after.year} begins", year_begins(after, head=False)))
    return pages


def year_begins(after: Any, *, head: bool = True) -> Text:
    """The new year's Teacher, Duel card with its duelists, and Midnight Carnival card
    (``head``: under a line that says the year begins: a page's title says it otherwise)."""
    lines = []
    if after.teacher in C.TEACHER:
        t = C.TEACHER[after.teacher]
        lines.append(f" Teacher: {t.name} ({house_name(t.house)}): {C.TEACHER_EFFECT_TEXT[t.effect]}")
    if after.duel in C.DUEL:
        lines.append(f" Duel: {C.DUEL[after.duel].name}: " + " vs ".join(who(after, d) for d in after.duelists))
    if after.carnival in C.CARNIVAL:
        lines.append(f" Midnight Carnival: {C.CARNIVAL[after.carnival].name}")
    if after.year == 3:
        lines.append(" The level III-V Wands and Brooms are for sale now.")
    out = Text.assemble((f"School year {after.year} begins:\n", "bold")) if head else Text()
    out.append("\n".join(lines))
    return out


# --- the duel ------------------------------------------------------------------------------------


def gestures_shown(view: Any) -> Text:
    out = Text()
    for d, g in zip(view.duelists, view.gestures):
        out.append_text(who_text(view, d, house=True))
        out.append(f" shows {C.GESTURE_NAME[g]}\n", style="bold")
    out.append("\nIn turn order, anyone holding a Mischief card that changes a gesture may play it now; "
               "then the duel is settled and the bets are shown.", style="italic")
    return out


def duel_page(view: Any, r: Any) -> RenderableType:
    card = C.DUEL[r.card]
    head = Text(f"{card.name}: ", style="bold")
    head.append(C.BET_NAME[r.outcome] + ".", style="bold green" if r.outcome != "none" else "bold yellow")
    table = Table(box=None, pad_edge=False, padding=(0, 2, 0, 0), header_style="bold", expand=True)
    table.add_column("Duelist", ratio=2)
    table.add_column("Gesture", no_wrap=True)
    table.add_column("Reward", ratio=2)
    table.add_column("Darkness given up", ratio=1)
    for n, (d, g) in enumerate(zip(r.duelists, r.gestures)):
        gesture = Text(C.GESTURE_NAME[g])
        if r.changed[n]:
            gesture.append(" (Mischief)", style="italic")
        other = r.gestures[1 - n]
        from foxtui.games.foxpaw.rules_duel import PAYS

        pays = PAYS[(g, other)]
        got = reward(getattr(card, pays)) if pays else "nothing"
        if d == OBSIDIO and pays:
            got += " (Obsidio takes no rewards)"
        gave = darkness_card(r.discarded[n]) if n < len(r.discarded) and r.discarded[n] >= 0 else "none"
        table.add_row(who_text(view, d, house=True), gesture, Text(got), Text(gave))
    parts: list[RenderableType] = [head, Text(""), table]
    if r.outcome == "one" and len(r.rewarded) == 2:
        parts.append(Text("\nThe attack wins the duel; holding back is paid anyway.", style="italic"))
    if r.audience_rewarded:
        parts.append(Text(f"\nBoth attacked: every spectator gets {reward(card.audience)}.", style="bold"))
    # bets are secret: the view holds the right ones (shown as their owners take the
    # resource) and the viewer's own; a wrong bet is nobody else's business
    shown = [(seat, bet) for seat, bet in r.bets if seat in r.right or seat == view.seat]
    if shown:
        bets = Table(box=None, pad_edge=False, padding=(0, 2, 0, 0), header_style="bold", expand=True)
        bets.add_column("In the grandstand", ratio=2)
        bets.add_column("Bet", ratio=2)
        bets.add_column("", ratio=1)
        for seat, bet in shown:
            right = seat in r.right
            bets.add_row(who_text(view, seat), Text(C.BET_NAME[C.BETS[bet]]),
                         Text("right: +1 resource" if right else "wrong", style="green" if right else "bright_black"))
        parts += [Text(""), bets]
    parts.append(Text("\nA right bet shows itself as its owner takes a resource; other bets stay secret.",
                      style="italic"))
    return Group(*parts)


# --- the night -----------------------------------------------------------------------------------


def night_page(before: Any, after: Any, *, year: bool = False) -> RenderableType:
    """Who slept where and what it gave, the new turn order with its Reputation, and what
    the next year brings (the rewards follow the rules; the log lists every step)."""
    card = C.CARNIVAL.get(before.carnival)
    teacher = C.TEACHER.get(before.teacher)
    table = Table(box=None, pad_edge=False, padding=(0, 2, 0, 0), header_style="bold", expand=True)
    table.add_column("Order", no_wrap=True)
    table.add_column("House", ratio=1)
    table.add_column("Slept", ratio=1)
    table.add_column("The night gave", ratio=2)
    table.add_column("Reputation", justify="right", no_wrap=True)
    place = 0
    beds = after.night if after.phase != "evaluation" else []  # what the rules really gave
    for loc in ("dormitory", "carnival"):
        for i in rows_of(before, loc):
            for m in before.board[i]:
                sp = C.SPACES[i]
                bed = beds[place] if place < len(beds) and beds[place].space == i else None
                rep = C.DORM_REPUTATION[place] if place < len(C.DORM_REPUTATION) else 0
                if m.owner == OBSIDIO:
                    gave = "nothing (Obsidio)"
                else:
                    if loc == "dormitory":
                        extra = C.Reward(energy=1) if teacher is not None and teacher.effect == "dorm_energy" else C.NOTHING
                        offered = _sum(sp.reward, extra)
                    else:
                        aq = C.Reward(mischief=1) if _aquatis_draws_two(before, m.owner) else C.NOTHING
                        offered = _sum(sp.reward, aq, card.rows[sp.row - 2] if card else C.NOTHING,
                                       card.centered if card else C.NOTHING)
                    gave = reward(offered)
                    if bed is not None:  # what the rules gave: a track at its limit takes less
                        rep = bed.reputation
                        if bed.gave != offered:
                            full = f"; Energy stops at {C.ENERGY_MAX}" if bed.gave.energy < offered.energy else ""
                            gave = f"{reward(bed.gave)} (the bed offers {gave}{full})"
                table.add_row(ordinal(place + 1), who_text(before, m.owner),
                              Text(f"{'Dormitory' if loc == 'dormitory' else 'Carnival'} {C.shown_row(i)}"),
                              Text(gave), Text("—" if m.owner == OBSIDIO else f"{rep:+d}"))
                place += 1
    last = before.year >= before.years
    order = ("the sleep order settles every tie of the final scoring" if last
             else "the sleep order is next year's turn order")
    parts: list[RenderableType] = [Text(f"Everyone goes to bed; {order}.", style="italic"), table]
    if year:  # (the next year's cards, when nothing else is told after the night)
        parts += [Text(""), year_begins(after)]
    return Group(*parts)


def _aquatis_draws_two(view: Any, seat: int) -> bool:
    h = view.houses[seat]
    return h.house == "aquatis" and C.HOUSE["aquatis"].abilities[0] in h.abilities


def _sum(*rewards: C.Reward) -> C.Reward:
    return C.Reward(**{f: sum(getattr(r, f) for r in rewards) for f in C.Reward.__struct_fields__})



# --- Magical Events --------------------------------------------------------------------------------


def event_round_page(view: Any) -> Text:
    e = view.event
    out = Text.assemble((event_rules(e.event) + "\n", "italic"))
    for line in e.lines:
        out.append(f"\n{line}")
    if e.pairs:
        out.append("\n\nNext: " + "; ".join(" vs ".join(who(view, w) for w in pair) for pair in e.pairs), style="bold")
        out.append(" — everyone sets a secret Energy dial again.")
    return out


def event_page(view: Any, r: Any) -> RenderableType:
    ev = C.EVENT[r.event]
    parts: list[RenderableType] = [Text(event_rules(r.event), style="italic")]
    if r.values:
        rounds = Text("\n")
        title = {"deck": "Round by round (Event Action card: who went out)", "bracket": "The matches",
                 "bid": "The Energy dials", "sum": "The values"}[ev.kind]
        rounds.append(title, style="bold")
        for n, line in enumerate(r.values, 1):
            prefix = f"{n}. " if ev.kind == "deck" else ""
            if ev.kind == "bracket":
                prefix = "Round 1: " if n <= 2 else ("Final: " if n == 3 else "3rd place: ")
            rounds.append(f"\n {prefix}{line}")
        parts.append(rounds)
    drawn = getattr(r, "drawn", None)
    if drawn:
        cards = Text("\n")
        cards.append("Cards drawn: ", style="bold")
        cards.append(", ".join(C.MEASURE_NAME.get(c, c) for c in drawn))
        parts.append(cards)
    table = Table(box=None, pad_edge=False, padding=(0, 2, 0, 0), header_style="bold", expand=True)
    table.add_column("Place", no_wrap=True)
    table.add_column("House", ratio=2)
    table.add_column("Reward", ratio=2)
    for n, w in enumerate(r.ranking):
        prize = reward(ev.rewards[n]) if n < len(ev.rewards) else "nothing"
        table.add_row(ordinal(n + 1), who_text(view, w, house=True), Text(prize))
    parts += [Text(""), table, Text("\nTies go to whoever went to bed earlier.", style="italic")]
    return Group(*parts)


# --- scorings --------------------------------------------------------------------------------------


def _tie_note(view: Any, ranking: list[int], value: dict[int, int], what: str) -> str:
    """The sentence naming the tie-break, when two neighbours in the ranking tied."""
    notes = []
    for a, b in zip(ranking, ranking[1:]):
        if value.get(a) == value.get(b):
            notes.append(f"{who(view, a)} and {who(view, b)} tied on {value[a]} {what}: "
                         f"{who(view, a)} went to bed earlier.")
    return " ".join(notes)


def scoring_page(view: Any, r: Any) -> RenderableType:
    """The Stars of every house by kind, as the scoring counted them (from its report: the
    beasts and expiring Stars may be gone by the time the page is read)."""
    stars = {w: n for w, n in r.stars}
    vp = {w: n for w, n in r.vp}
    kinds = {w: rest for w, *rest in getattr(r, "parts", [])}
    table = Table(box=None, pad_edge=False, padding=(0, 2, 0, 0), header_style="bold", expand=True)
    table.add_column("", no_wrap=True)
    table.add_column("House", ratio=1, min_width=8, overflow="ellipsis", no_wrap=True)
    table.add_column("Perm.", justify="right", no_wrap=True)
    table.add_column("Exp.", justify="right", no_wrap=True)
    table.add_column("Rep.", justify="right", no_wrap=True)
    table.add_column("Beasts", justify="right", no_wrap=True)
    table.add_column("Stars", justify="right", no_wrap=True)
    table.add_column("Gets", ratio=1, overflow="fold")
    for n, w in enumerate(r.ranking):
        if w == OBSIDIO or w not in kinds:
            cells = ["", str(stars[w]) if w == OBSIDIO else "", "", ""]
        else:
            perm, expiring, track, beasts = kinds[w]
            cells = [str(perm), str(expiring), f"{track:+d}", f"{beasts:+d}"]
        gets = f"+{vp[w]} VP" if w in vp else ("a Mischief card" if w == r.mischief_to else "")
        if gets == "a Mischief card" and w == OBSIDIO:
            gets = "nothing (no cards)"
        table.add_row(ordinal(n + 1), who_text(view, w), *cells, Text(str(stars[w]), style="bold"), gets)
    parts: list[RenderableType] = [
        Text("Most Stars: 3 VP, second 2 VP, third 1 VP"
             + (" (with fewer than 4 players the third takes a Mischief card instead)." if len(view.names) < 4 else ".")
             + " Stars: permanent + expiring (Spells, events, the Carnival, Prophecies ...) + what the "
               "Reputation track and beasts pay now.", style="italic"),
        Text(""), table,
    ]
    tie = _tie_note(view, list(r.ranking), stars, "Stars")
    if tie:
        parts.append(Text(f"\nTie-break: {tie}", style="bold"))
    if r.year != view.years:
        parts.append(Text("\nExpiring Stars go back to 0; the Spells and the beasts on offer are replaced.", style="italic"))
    return Group(*parts)


def final_page(view: Any) -> RenderableType:
    f = view.final
    seats = list(range(len(view.names)))
    table = Table(box=None, pad_edge=False, padding=(0, 2, 0, 0), header_style="bold", expand=True)
    table.add_column("VP", ratio=2)
    for s in seats:
        table.add_column(Text(view.names[s], justify="right"), justify="right", no_wrap=True)
    def number(n: int, style: str = "") -> Text:
        return Text(str(n), style=style, justify="right")

    for k, part in enumerate(VP_PARTS):
        table.add_row(VP_WORDS[part], *(number(view.houses[s].vp_parts[k]) for s in seats))
    table.add_row(Text("Total", style="bold"), *(number(view.houses[s].vp, "bold") for s in seats))
    table.add_row(Text("Darkness value", style="bright_black"), *(number(f.darkness[s]) for s in seats))
    table.add_row(Text("Fulfilled Prophecies", style="bright_black"), *(number(f.prophecies[s]) for s in seats))
    ranking = sorted(seats, key=lambda s: (-view.houses[s].vp, view.order.index(s) if s in view.order else 99))
    out = Text()
    for line in f.lines:
        out.append(f"{line}\n")
    if not f.lines:
        out.append("No Mischief, Darkness or Prophecy points this time.\n")
    parts: list[RenderableType] = [out, table]
    winner = Text(f"\n{who(view, ranking[0])} wins with {view.houses[ranking[0]].vp} VP.", style="bold green")
    parts.append(winner)
    tie = _tie_note(view, ranking[:2], {s: view.houses[s].vp for s in seats}, "VP")
    if tie:
        parts.append(Text(f"Tie-break: {tie}", style="bold"))
    if view.obsidio is not None:
        parts.append(Text(f"House Obsidio ends with {view.obsidio.vp} VP; it cannot win.", style="italic"))
    return Group(*parts)
