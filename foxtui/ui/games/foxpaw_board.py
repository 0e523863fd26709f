"""The Foxpaw school board in text: each location with its spaces and who stands there
(zoomed in at 80x24, as small cells on a roomy terminal), the Duel Arena with its
grandstand, and the row of Magical Events. Pure functions of a View."""

from __future__ import annotations

from typing import Any, Iterable

from rich.text import Text

from foxtui.games.foxpaw import content as C
from foxtui.games.foxpaw.state import OBSIDIO

from .foxpaw_words import (
    HOUSE_STYLE,
    LOCATION_NAME,
    OBSIDIO_STYLE,
    TIME_WORDS,
    me,
    occupant,
    plural,
    reward,
    rows_of,
    teacher_text,
    who,
    who_text,
)

DARK = "◆"
DARK_STYLE = "magenta"

#: a few words per space for the whole board's small cells (the zoomed page says it all)
SHORT = {
    "information": "Information",
    "beast-1": "Beast",
    "beast-2": "Beast",
    "buy-goods": "3 Goods",
    "buy-help-goods": "2 Goods 1 Coin",
    "help-out": "3 Coins",
    "buy-help-herbs": "2 Herbs 1 Coin",
    "buy-herbs": "3 Herbs",
    "study-1": "Buy", "study-2": "Buy", "study-3": "Buy",
    "classroom-1": "Spell", "classroom-2": "Spells", "classroom-3": "Spells", "classroom-4": "Spell +1★",
    "dormitory-1": "Bed", "dormitory-2": "Bed", "dormitory-3": "Bed", "dormitory-4": "Bed",
    "carnival-2": "Night", "carnival-3": "Night", "carnival-4": "Night",
}


def _space_effect(view: Any, i: int) -> str:
    """The space's effect in a few words, for its second line on a zoomed board."""
    sp = C.SPACES[i]
    k = sp.kind
    if k == "information":
        return f"pay {C.cost_text(sp.cost)} → {reward(sp.reward)}"
    if k == "attract":
        return f"pay {C.cost_text(sp.cost)} → a Magical Beast"
    if k == "spy":
        gift = f"{reward(sp.reward)}, " if sp.reward != C.NOTHING else ""
        return f"{gift}{plural(sp.markers, 'Event marker')}"
    if k == "gain":
        return reward(sp.reward)
    if k == "bribery":
        return "choose the Teacher"
    if k == "cut_in_line":
        return "throw out a Spell, learn one"
    if k == "call_in_sick":
        return "change the duelists"
    if k == "tattle":
        return "steal 2 Mischief cards"
    if k == "train":
        return f"1 Energy → {reward(sp.reward)} (and below)"
    if k == "study":
        return f"buy a Wand or Broom ({plural(view.object_price, 'Coin')})"
    if k == "classroom":
        n = "1 Spell" if sp.spells == 1 else "1 Spell, 2 with Reputation 3+"
        return n + (f", {reward(sp.reward)}" if sp.reward != C.NOTHING else "")
    if k == "dormitory":
        return reward(sp.reward)
    if k == "carnival":
        card = C.CARNIVAL.get(view.carnival)
        row = f"; card: {reward(card.rows[sp.row - 2])}" if card else ""
        return reward(sp.reward) + row
    return ""


def _space_name(i: int, compact: bool) -> Text:
    sp = C.SPACES[i]
    name = SHORT.get(sp.id, sp.name) if compact else sp.name
    if compact and sp.kind == "train":
        name = ("Str" if sp.location == "sports" else "Kno") + (" +Coin" if sp.reward.coins else "")
    out = Text(f"{C.shown_row(i)} ", style="bold")
    out.append(name)
    if sp.darkness:
        out.append(f" {DARK}", style=DARK_STYLE)
    return out


def _occupants(view: Any, i: int, legal: bool, compact: bool, letters: list[str] | None = None) -> Text:
    """Who stands on space ``i``: names in full (a beast with *), or in a small cell
    with ``letters`` the houses' marks of the board map (a name is never cut)."""
    here = view.board[i]
    if not here:
        if compact:
            return Text("▸" if legal else "·", style="bold green" if legal else "bright_black")
        return Text("free", style="bold green" if legal else "bright_black")
    out = Text()
    for n, m in enumerate(here):
        if n:
            out.append(",")
        if compact and m.owner != OBSIDIO:
            text = who_text(view, m.owner)
            if letters is not None:
                text = Text(letters[m.owner], style=str(text.style) + " bold")
            if m.beast:
                text.append("*")  # a beast
            out.append_text(text)
        elif compact:
            out.append(f"Obs{m.marker}", style="bright_black")
        else:
            out.append_text(occupant(view, m))
    if legal:
        out.append(" +", style="bold green")  # you may still join (Aquatis)
    return out


def location_title(view: Any, location: str) -> Text:
    out = Text(LOCATION_NAME[location], style="bold")
    if location == "duel":
        return out
    if location in view.ice:
        out.append(" [iced]", style="bold cyan")
    return out


def spread(left: Text, right: Text, width: int) -> Text:
    """One line of ``width`` cells: ``left`` (cut with … when it does not fit), then
    ``right`` against the right edge."""
    room = max(1, width - right.cell_len - 1)
    line = left.copy()
    if line.cell_len > room:
        line.truncate(room - 1)
        line.append("…")
    line.pad_right(max(1, width - line.cell_len - right.cell_len))
    line.append_text(right)
    return line


def cut(text: Text, width: int) -> Text:
    """``text`` on one line of at most ``width`` cells."""
    line = text.copy()
    if line.cell_len > width:
        line.truncate(max(1, width - 1))
        line.append("…")
    return line


def location_body(
    view: Any,
    location: str,
    seat: int | None,
    *,
    cursor: int = -1,
    legal: Iterable[int] = (),
    compact: bool = False,
    width: int = 40,
) -> Text:
    """A location: its spaces (``cursor`` highlighted, ``legal`` marked free for the
    player to act) and what lies there (Spells on offer, objects for sale, the cards).
    Plain Text ``width`` cells wide: a page that did not change is not drawn again."""
    if location == "duel":
        body = duel_body(view, seat, compact=compact)
        if not compact:
            return body
        lines = body.split("\n")
        if any(line.cell_len > width for line in lines[1:]):  # (under the card) the houses' marks: no name cut
            body = duel_body(view, seat, compact=True, letters=marks(view))
        return Text("\n").join(cut(line, width) for line in body.split("\n"))
    legal = set(legal)
    rows = rows_of(view, location)
    lines: list[Text] = []
    if not compact:
        sp = C.SPACES[rows[0]]
        head = Text(TIME_WORDS[sp.time], style="italic")
        if location in view.ice:
            head.append(". Iced: entering costs 1 Energy, paid to Tri-Frost.", style="cyan")
        lines.append(head)
    for i in rows:
        name = _space_name(i, compact)
        if i == cursor:
            name.stylize("reverse")
        here = _occupants(view, i, i in legal, compact)
        if compact and here.cell_len > width - 4:  # no room for the name beside: the houses' marks
            here = _occupants(view, i, i in legal, compact, letters=marks(view))
        lines.append(spread(name, here, width))
        if not compact:  # the effect on its own line, under the name
            lines.append(Text("  " + _space_effect(view, i), style="bright_black"))
    if compact and location == "classroom":
        lines += compact_spells(view, width)
    elif not compact:
        extra = _location_extra(view, location, seat)
        if extra is not None:
            lines.append(extra)
    return Text("\n").join(lines)


def cell_title(view: Any, location: str, room: int) -> str:
    """A small cell's title in ``room`` cells: the location's name, its short name where
    the whole one does not fit ("Lounge", "Carnival"), never cut."""
    full = location_title(view, location).plain
    if len(full) <= room:
        return full
    short = MAP_WORD[location] + (" [iced]" if location in view.ice else "")
    return short if len(short) <= room else MAP_WORD[location]


def cell_subtitle(view: Any, location: str) -> str:
    """The line under a small cell of the whole board: the card that lies there."""
    if location == "lounge" and view.teacher in C.TEACHER:
        return C.TEACHER[view.teacher].name
    if location == "carnival" and view.carnival in C.CARNIVAL:
        return C.CARNIVAL[view.carnival].name
    if location == "study":
        return f"{len(view.objects)} for sale"
    if location == "farm":
        return f"{len(view.beasts)} beasts"
    return ""


def _location_extra(view: Any, location: str, seat: int | None) -> Text | None:
    if location == "farm":
        beasts = ", ".join(C.BEAST[b].name for b in view.beasts) or "none"
        return Text(f"Beasts on offer: {beasts} ({view.beast_deck} in the deck)")
    if location == "lounge":
        t = C.TEACHER.get(view.teacher)
        if t is None:
            return None
        out = Text.assemble(("Teacher: ", "bold"))
        out.append(teacher_text(view.teacher))
        out.append(f"\nTeacher deck: {plural(view.teacher_deck, 'card')}")
        if view.teacher_order:
            out.append(" (you bribed: top first " + ", ".join(C.TEACHER[x].name for x in view.teacher_order) + ")")
        return out
    if location == "study":
        out = Text(f"For sale at {plural(view.object_price, 'Coin')}, with Strength (Brooms) or Knowledge "
                   f"(Wands) of at least {view.year}:", style="bold")
        for o in view.objects:
            from .foxpaw_words import object_text

            out.append(f"\n• {object_text(o)}")
        if not view.objects:
            out.append(" nothing")
        if view.objects_later:
            out.append(f"\n{plural(len(view.objects_later), 'level III-V object')} replace these in year 3.",
                       style="italic")
        return out
    if location == "classroom":
        return spells_text(view, seat)
    if location == "dormitory":
        reps = ", ".join(f"{'+' if r > 0 else ''}{r}" for r in C.DORM_REPUTATION[: len(view.order)])
        order = ("is next year's turn order" if view.year < view.years
                 else "counts for Reputation only: this is the last year")
        return Text(f"Sleep order (the Dormitory, then the Carnival) {order}; "
                    f"Reputation by place: {reps}.", style="italic")
    if location == "carnival":
        card = C.CARNIVAL.get(view.carnival)
        if card is None:
            return None
        out = Text.assemble((f"Carnival card: {card.name}", "bold"))
        for i in rows_of(view, "carnival"):  # (the card's rows: the printed spaces 2 to 4)
            out.append(f"\n  space {C.shown_row(i)}: {reward(card.rows[C.SPACES[i].row - 2])}")
        out.append(f"\n  everyone here: {reward(card.centered)}")
        if C.HOUSE["aquatis"].abilities[0] in [a for h in view.houses for a in h.abilities]:
            out.append("\n  Aquatis draws 2 Mischief cards here instead of 1.", style="italic")
        return out
    return None


def compact_spells(view: Any, width: int) -> list[Text]:
    """The Spells on offer, one line each: the houses' marks on its places, then its name."""
    lines = []
    letters = marks(view)
    for n, spell in enumerate(view.spells):
        s = C.SPELL[spell]
        places = C.FORBIDDEN_PLACES if s.forbidden else C.REGULAR_PLACES
        placed = view.spell_marks[n] if n < len(view.spell_marks) else []
        line = Text()
        for m in placed:  # the houses' marks of the board map (initials, unless they clash)
            line.append(OBSIDIO_MARK if m == OBSIDIO else letters[m], style="bold")
        line.append("·" * (places - len(placed)) + " ", style="bright_black")
        line.append(s.name + (" (F)" if s.forbidden else ""))
        lines.append(cut(line, width))
    return lines


def spells_text(view: Any, seat: int | None) -> Text:
    """The Spells on offer with the houses' markers on their places (the top one +1 Star)."""
    out = Text()
    for n, spell in enumerate(view.spells):
        s = C.SPELL[spell]
        places = C.FORBIDDEN_PLACES if s.forbidden else C.REGULAR_PLACES
        marks = view.spell_marks[n] if n < len(view.spell_marks) else []
        out.append(f"\n• {s.name}", style="bold")
        out.append(" (Forbidden)" if s.forbidden else " (Regular)")
        slots = [who(view, m) for m in marks] + ["free"] * (places - len(marks))
        out.append(f" · places: {', '.join(slots)}", style="bright_black")
        if seat is not None and spell in view.houses[seat].learned:
            out.append(" · you know it", style="italic")
        out.append(f"\n  pay {C.cost_text(s.cost)} → {reward(s.reward)}")
    out.append(f"\nThe top place gives 1 more Star. Forbidden Spells need a Wand that casts them. "
               f"Spell deck: {view.spell_deck}.", style="italic")
    return out


# --- the Duel Arena ------------------------------------------------------------------------------


def duel_body(view: Any, seat: int | None, *, compact: bool = False, letters: list[str] | None = None) -> Text:
    """The Duel Arena; ``letters``: the houses named by their marks (a small cell)."""
    card = C.DUEL.get(view.duel)

    def named(w: int) -> Text:
        text = who_text(view, w)
        return Text(letters[w], style=str(text.style) + " bold") if letters is not None and w >= 0 else text

    out = Text()
    if card is not None:
        out.append(card.name, style="bold")
        if not compact:
            out.append(f" (Duel card; {view.duel_deck} left)")
    duelists = list(view.duelists)
    out.append("\n" if compact else "\nDuelists: ")
    for n, d in enumerate(duelists):
        if n:
            out.append(" vs ")
        out.append_text(Text("Obsidio", style="bright_black") if compact and d == OBSIDIO else named(d))
    audience = [s for s in range(len(view.names)) if s not in duelists]
    out.append("\nWatching: " if compact else "\nGrandstand: ")
    for n, s in enumerate(audience):
        if n:
            out.append(", ")
        out.append_text(named(s))
    if not audience:
        out.append("nobody")
    if card is not None and not compact:
        for g in C.GESTURES:
            out.append(f"\n  {C.GESTURE_NAME[g]:<10}", style="bold")
            out.append(reward(getattr(card, g)))
        out.append("\n  Audience  ", style="bold")
        out.append(f"{reward(card.audience)} (only when both attack)")
        out.append("\nShare?/Share?: both share · Attack! beats Share? · Hold back earns its reward against anything; "
                   "both Attack!: nobody, the audience is paid.", style="bright_black")
    d = view.decision
    if d is not None and d.kind == "duel_secret":
        out.append("\nIn secret: ", style="bold")
        for n, s in enumerate(range(len(view.names))):
            if n:
                out.append(", ")
            out.append(view.names[s])
            out.append(" chose" if view.houses[s].chosen else " …", style="green" if view.houses[s].chosen else "yellow")
    if view.gestures:
        out.append("\nShown: ", style="bold")
        for n, (s, g) in enumerate(zip(duelists, view.gestures)):
            if n:
                out.append(" · ")
            out.append(f"{who(view, s)} {C.GESTURE_NAME[g]}")
        out.append(" (a Mischief card may still change one)", style="italic")
    if seat is not None and (view.secret or view.secret_n >= 0) and not compact:
        out.append("\nYour secret choice: ", style="bold")
        if view.secret in C.GESTURE_NAME:
            out.append(C.GESTURE_NAME[view.secret])
        elif view.secret in C.BET_NAME:
            out.append(f"bet that {C.BET_NAME[view.secret]}")
        elif 0 <= view.secret_n < len(C.DARK_VALUE) and seat in view.duelists:
            from .foxpaw_words import darkness_card

            out.append(f"Darkness card {darkness_card(view.secret_n)}")
    if view.duel_reports and not compact:
        out.append("\n")
        out.append_text(duel_report_line(view, view.duel_reports[-1]))
    return out


def duel_report_line(view: Any, r: Any) -> Text:
    out = Text.assemble((f"Year {r.year} duel: ", "bold"))
    for n, (d, g) in enumerate(zip(r.duelists, r.gestures)):
        if n:
            out.append(" vs ")
        out.append(f"{who(view, d)} {C.GESTURE_NAME[g]}")
    out.append(f": {C.BET_NAME[r.outcome]}.")
    return out


# --- Magical Events ------------------------------------------------------------------------------


def events_body(view: Any, seat: int | None, *, compact: bool = False, width: int = 40) -> Text:
    """The row of Magical Events: which are known to this seat, the Event markers on
    them, the one being played, and the results so far."""
    years = view.event_years
    out = Text()
    if view.event is not None and not compact:
        out.append_text(event_now(view))
        out.append("\n\n")
    if not compact:
        out.append("Magical Events after years " + ", ".join(str(y) for y in years), style="bold")
        out.append(f" (now year {view.year} of {view.years})")
    for n in range(len(years)):
        known = view.events[n] or (view.all_events[n] if view.all_events else "")
        if view.event is not None and n == view.events_done:
            known = view.event.event  # turned up: everyone sees it now
        if n or not compact:
            out.append("\n")
        when = f"Year {years[n]}" if compact else f"{n + 1} after year {years[n]}"
        out.append(f"{when}: ", style="bold" if n == view.events_done else "")
        if compact and not known:
            out.append("?", style="bright_black")
        elif n < view.events_done or (view.event is not None and n == view.events_done):
            out.append(C.EVENT[known].name, style="green")
            if not compact:
                out.append(" (played)" if n < view.events_done else " (now)")
        elif known:
            out.append(C.EVENT[known].name, style="bold yellow")
            if not compact:
                out.append(" (you spied)" if view.events[n] else " (secret)")
                out.append(f"\n   {event_rules(known)}", style="bright_black")  # what it measures: worth knowing early
        else:
            out.append("face down", style="bright_black")
        marks = view.event_marks[n] if n < len(view.event_marks) else []
        if marks and not compact:
            out.append(" · markers: " + ", ".join(who(view, m) for m in marks), style="bright_black")
    if compact:
        return Text("\n").join(cut(line, width) for line in out.split("\n"))
    spare = range(len(years), len(view.events))
    if spare:
        out.append(f"\n{plural(len(spare), 'more Magical Event')} lie face down, never played this game", style="italic")
        spied = [view.events[n] or (view.all_events[n] if view.all_events else "") for n in spare]
        spied = [C.EVENT[e].name for e in spied if e]
        out.append(f" (you spied {', '.join(spied)})." if spied else ".", style="italic")
    house = me(view, seat)
    if house is not None:
        out.append(f"\nYour Event markers: {house.event_markers} of {C.EVENT_MARKERS} left.")
    for r in view.event_reports:
        out.append(f"\n{C.EVENT[r.event].name} (year {r.year}): ", style="bold")
        out.append(", ".join(f"{k + 1}. {who(view, w)}" for k, w in enumerate(r.ranking)))
    if view.obsidio is not None:
        out.append("\nHouse Obsidio's values (1st / 2nd / 3rd event):", style="bold")
        for field in ("energy", "strength", "knowledge", "coins", "herbs", "goods"):
            vals = " / ".join(str(getattr(v, field)) for v in view.obsidio.values)
            out.append(f"\n  {field.title():<10}{vals}")
    return out


def event_rules(event: str) -> str:
    e = C.EVENT[event]
    if e.kind == "sum":
        what = " + ".join(C.MEASURE_NAME[m] for m in e.measures) + ", highest first"
    elif e.kind == "bid":
        what = "secret Energy bids; unmatched bids first, highest first; matched bids last; bids are paid"
    elif e.kind == "bracket":
        extra = " + ".join(C.MEASURE_NAME[m] for m in e.measures[1:])
        what = f"1 against 1: secret Energy bid + {extra}; winners meet in the final; bids are paid"
    else:
        cards = ", ".join(f"{c.count} {C.MEASURE_NAME[c.symbol]}" for c in e.deck)
        what = f"an Event Action card each round knocks out the lowest ({cards})"
    prizes = " / ".join(reward(r) for r in e.rewards[:3])
    return f"{what}. Prizes: {prizes}."


def _measure(view: Any, w: int, measure: str) -> int:
    """A participant's public value in one measure of the event being played."""
    if w < 0:
        values = view.obsidio.values[min(view.event.number, 3) - 1]
        return 0 if measure in ("cards", "darkness_spaces") else getattr(values, measure)
    h = view.houses[w]
    if measure == "cards":
        return h.mischief_cards + h.prophecies
    if measure == "darkness_spaces":
        return sum(1 for i in C.DARK_SPACES for m in view.board[i] if m.owner == w)
    if measure in ("wand", "broom"):
        return sum(C.OBJECT[o].stars for o in h.objects if C.OBJECT[o].kind == measure)
    return getattr(h, measure)


def event_now(view: Any) -> Text:
    """The Magical Event being played: its rules, everyone's values in what it measures,
    the matches, and what is decided so far."""
    ev = view.event
    e = C.EVENT[ev.event]
    out = Text.assemble((f"Now: {e.name}", "bold reverse"))
    out.append(f"\n{event_rules(ev.event)}")
    measures = list(e.measures) if e.kind != "deck" else [c.symbol for c in e.deck if c.symbol != "reshuffle"]
    out.append("\nValues now (before Mischief and beasts):", style="bold")
    for w in [*range(len(view.names)), *([OBSIDIO] if view.obsidio is not None else [])]:
        vals = ", ".join(f"{C.MEASURE_NAME[m]} {_measure(view, w, m)}" for m in measures)
        out.append(f"\n  {who(view, w)}: {vals}")
    if ev.pairs:
        out.append("\nMatches: " + "; ".join(" vs ".join(who(view, w) for w in pair) for pair in ev.pairs))
    for line in ev.lines:
        out.append(f"\n  {line}")
    d = view.decision
    if d is not None and d.kind == "bid":
        out.append("\nEnergy dials: ", style="bold")
        for n in range(len(view.names)):
            if n:
                out.append(", ")
            out.append(f"{view.names[n]} {'set' if view.houses[n].chosen else '…'}")
        if view.secret_n >= 0 and view.seat is not None:
            out.append(f" (yours: {view.secret_n})", style="italic")
    return out


def overview_cell(view: Any, location: str) -> str:
    """A tab's word for a location."""
    return {"lounge": "Lounge", "sports": "Sports", "library": "Library", "classroom": "Class", "study": "Study",
            "dormitory": "Dorm", "carnival": "Carnival", "duel": "Duel"}.get(location, LOCATION_NAME[location])


# --- the whole board at a glance (80x24) ---------------------------------------------------------

#: the map's two columns, in the order of the pages
MAP_COLUMNS = (("farm", "lounge", "kiosk", "duel", "sports"), ("library", "study", "classroom", "dormitory", "carnival"))
MAP_WORD = {"farm": "Farm", "lounge": "Lounge", "kiosk": "Kiosk", "duel": "Duel", "sports": "Sports",
            "library": "Library", "study": "Study", "classroom": "Class", "dormitory": "Dorm", "carnival": "Carnival"}
OBSIDIO_MARK = "■"


def marks(view: Any) -> list[str]:
    """One character per seat for the map, from its name where that tells them apart:
    the initials ("A" Ada), else the last characters ("3" Player 3), else A, B, C, D
    in seat order (the legend under the map names those)."""
    names = [name.strip() or "?" for name in view.names]
    for pick in (lambda n: n[0].upper(), lambda n: n[-1].upper()):
        chars = [pick(n) for n in names]
        if len(set(chars)) == len(chars) and all(c.isalnum() for c in chars):
            return chars
    return [chr(ord("A") + n) for n in range(len(names))]


def unnamed_marks(view: Any, letters: list[str]) -> dict[int, str]:
    """The seats whose mark their name does not show (A, B ... in seat order), with it."""
    out = {}
    for seat, letter in enumerate(letters):
        name = view.names[seat].strip().upper()
        if not (name.startswith(letter) or name.endswith(letter)):
            out[seat] = letter
    return out


def _mark(view: Any, m: Any, letters: list[str]) -> Text:
    if m.owner == OBSIDIO:
        return Text(OBSIDIO_MARK, style=OBSIDIO_STYLE)
    style = HOUSE_STYLE.get(view.houses[m.owner].house, "") + " bold"
    letter = letters[m.owner]
    return Text(letter.lower() if letter.isalpha() else letter, style=style + " underline") if m.beast else Text(letter, style=style)


def board_map(view: Any, *, keys: dict[str, str], page: str, cursor: int = -1, legal: Iterable[int] = (),
              width: int = 40) -> Text:
    """Who stands where in every location, two locations a line: each name with its
    key underlined, then one mark per space, top row first (a house's letter, lower
    case for a beast, ■ House Obsidio, · free, a green ○ free for you, a mark on green
    one you may join); the zoomed
    location in reverse, the cursor's space too. A legend line follows."""
    legal = set(legal)
    letters = marks(view)
    half = (width - 1) // 2
    lines = []
    for left, right in zip(*MAP_COLUMNS):
        line = Text(no_wrap=True)
        for n, loc in enumerate((left, right)):
            cell = _map_cell(view, loc, keys.get(loc, ""), page == loc, cursor, legal, letters)
            cell.truncate(half)
            if n == 0:
                cell.pad_right(half - cell.cell_len + 1)
            line.append_text(cell)
        lines.append(line)
    legend = Text(no_wrap=True, overflow="ellipsis", style="bright_black")
    for seat, letter in unnamed_marks(view, letters).items():  # a mark the name does not show is named
        legend.append(letter, style=HOUSE_STYLE.get(view.houses[seat].house, "") + " bold")
        legend.append(f" {view.names[seat]} ")
    legend.append("beasts underlined")
    if view.obsidio is not None:
        legend.append(f" · {OBSIDIO_MARK} Obsidio")
    legend.append(" · ○ free" if view.obsidio is not None else " · ○ free for you")
    legend.truncate(width, overflow="ellipsis")
    lines.append(legend)
    return Text("\n").join(lines)


def _map_cell(view: Any, loc: str, key: str, zoomed: bool, cursor: int, legal: set[int], letters: list[str]) -> Text:
    word = MAP_WORD[loc]
    name = Text(word)
    name.stylize(("reverse bold" if zoomed else "") + (" cyan" if loc in view.ice else ""))  # the word only
    at = word.lower().find(key) if key else -1
    if at >= 0:
        name.stylize("underline bold", at, at + 1)
    out = Text()
    out.append_text(name)
    out.append(" " * (9 - name.cell_len))
    if loc == "duel":
        for n, d in enumerate(view.duelists):
            if n:
                out.append("v", style="bright_black")
            out.append(OBSIDIO_MARK if d == OBSIDIO else letters[d],
                       style=OBSIDIO_STYLE if d == OBSIDIO else HOUSE_STYLE.get(view.houses[d].house, "") + " bold")
        return out
    for n, i in enumerate(rows_of(view, loc)):
        if n:
            out.append(" ")
        here = view.board[i]
        if here:
            mark = Text().join(_mark(view, m, letters) for m in here)
            if i in legal:
                mark.stylize("on dark_green")  # you may still join (Aquatis): no wider a cell
        elif i in legal:
            mark = Text("○", style="bold green")
        else:
            mark = Text("·", style="bright_black")
        if i == cursor:
            mark.stylize("reverse")
        out.append_text(mark)
    return out


def zoomed_body(view: Any, location: str, seat: int | None, *, cursor: int, legal: Iterable[int], width: int,
                rows: int) -> Text:
    """A location zoomed in beside the map: every space with its effect when that fits in
    ``rows`` lines, else one line a space and the effect under the cursor's only; what
    lies there (the Spells, the offer, the cards) after."""
    full = location_body(view, location, seat, cursor=cursor, legal=legal, width=width)
    spaces = rows_of(view, location)
    # every space on two lines (its effect wraps to a third when long) if that fits
    needed = 1 + sum(2 + (len(_space_effect(view, i)) + 2 > width) for i in spaces)
    if location == "duel" or needed <= rows:
        return full
    legal = set(legal)
    sp = C.SPACES[spaces[0]]
    head = Text(TIME_WORDS[sp.time], style="italic")
    if location in view.ice:
        head.append(". Iced: entering costs 1 Energy, paid to Tri-Frost.", style="cyan")
    lines = [head]
    for i in spaces:
        name = _space_name(i, False)
        if i == cursor:
            name.stylize("reverse")
        lines.append(spread(name, _occupants(view, i, i in legal, False), width))
        if i == cursor:
            lines.append(Text("  " + _space_effect(view, i), style="bright_black"))
    extra = _location_extra(view, location, seat)
    if extra is not None:
        lines.append(extra)
    return Text("\n").join(lines)
