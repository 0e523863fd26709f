"""The Foxpaw house boards in text: your own (tracks with their limits, resources,
objects, beasts, Spells, Stars and VP, and your secret hand) and everyone's public
side (card counts only). Pure functions of a View: another house's secrets are never
in it, so they cannot be drawn."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from foxtui.games.foxpaw import content as C

from .foxpaw_words import (
    HOUSE_STYLE,
    darkness_card,
    event_after,
    house_name,
    mischief_line,
    object_text,
    plural,
    skill,
    who,
    who_text,
)


def _beasts(house: Any) -> str:
    parts = []
    for b in house.beasts:
        state = f"{b.exhausted}/{b.uses} used"
        if b.exhausted >= b.uses:
            state += ", leaves after this year"
        parts.append(f"{C.BEAST[b.id].name} ({state}{', placed' if b.placed else ''})")
    return ", ".join(parts) or "none"


def _to_place(view: Any, house: Any) -> str:
    if view.phase not in ("placement", "setup"):  # nobody places now: no count of wizards left to mislead
        return "nothing until the next Placement" if view.year < view.years else "nothing: the last Placement is over"
    beasts = [C.BEAST[b.id].name for b in house.beasts if not b.placed]
    parts = [plural(house.wizards_left, "wizard")] + beasts
    night = "a wizard is out for the night" if house.at_night else "no wizard at night yet"
    return f"{', '.join(parts)} ({night})"


def public_block(view: Any, seat: int, *, full: bool) -> Text:
    """What everyone sees of one house."""
    h = view.houses[seat]
    out = Text()
    out.append_text(who_text(view, seat))
    out.append(f" — {house_name(h.house)}" if h.house else " — no house yet", style=HOUSE_STYLE.get(h.house, ""))
    if h.house:
        out.append(" (family wish kept)" if h.wish else " (both abilities)")
    out.append(f" · VP {h.vp} · Stars {h.total_stars}", style="bold")
    out.append(f"\n Energy {h.energy} · Reputation {h.reputation:+d} · Strength {h.strength} · Knowledge {h.knowledge}")
    out.append(f"\n Herbs {h.herbs} · Goods {h.goods} · Coins {h.coins} · Stars {h.stars} expiring + {h.perm_stars} permanent")
    out.append(f"\n Objects: {', '.join(C.OBJECT[o].name for o in h.objects) or 'none'}")
    out.append(f"\n Beasts: {_beasts(h)}")
    out.append(f"\n Spells: {', '.join(C.SPELL[s].name for s in h.learned) or 'none'}"
               f" · Spell markers {h.spell_markers}/{C.SPELL_MARKERS}")
    out.append(f"\n Cards: {plural(h.mischief_cards, 'Mischief card')}, {plural(h.prophecies, 'secret Prophecy', 'secret Prophecies')}, "
               f"{plural(h.darkness_cards, 'Darkness card')}")
    if h.fulfilled:
        out.append(f"\n Fulfilled: {', '.join(C.PROPHECY[p].name for p in h.fulfilled)}")
    if full:
        out.append(f"\n To place: {_to_place(view, h)}")
        out.append(f" · Event markers {h.event_markers}/{C.EVENT_MARKERS}")
        if h.ice:
            out.append(f" · ice markers {h.ice}")
    return out


def _progress(view: Any, house: Any, seat: int, cond: C.Condition) -> str:
    """How far a secret Prophecy's condition is from being met (it is shown once met)."""
    k = cond.kind
    if k in ("have", "at_most"):
        return f"you have {getattr(house, cond.stat)}"
    if k == "on_space":
        return "no meeple there yet"
    if k == "darkness_drawn":
        return f"you have drawn {house.darkness_drawn}"
    have = {"spells": len(house.learned), "objects": len(house.objects), "beasts": len(house.beasts),
            "mischief": house.mischief_cards, "darkness_cards": house.darkness_cards}[k]
    return f"you have {have}"


def setup_page(view: Any, seat: int) -> list[Any]:
    """While setting up: your Starting Material, your Student cards, and the houses to join."""
    h = view.houses[seat]
    start = C.START.get(h.start)
    out = Text.assemble((f"Starting Material {h.start}: ", "bold"))
    if start is not None:
        out.append(C.reward_text(start.reward))
        if start.object:
            out.append(", a free Wand or Broom")
        if start.beast:
            out.append(", a free Magical Beast")
    out.append("\nHouses choose from the highest number down; materials come from the lowest up.", style="italic")
    parts: list[Any] = [out, secrets(view, seat)]
    houses = Text.assemble(("The houses", "bold"))
    taken = {v.house: n for n, v in enumerate(view.houses) if v.house}
    for house in C.HOUSE_LIST:
        houses.append(f"\n{house.name}", style=f"bold {HOUSE_STYLE[house.id]}")
        if house.id in taken:
            houses.append(f" (taken by {view.names[taken[house.id]]})")
        houses.append(f" · rival {house_name(house.rival)}; with the family's wish only ability {house.kept}")
        for n, text in enumerate(house.abilities, 1):
            houses.append(f"\n {n}. {text}")
    parts.append(houses)
    return parts


def my_house(view: Any, seat: int) -> Text:
    return Text("\n").join(_my_house(view, seat))


def _my_house(view: Any, seat: int) -> list[Any]:
    """Your house board: the public side in full with the tracks' limits, then your secrets."""
    h = view.houses[seat]
    if view.phase == "setup" and not h.house:
        return setup_page(view, seat)
    parts: list[Any] = []
    head = Text()
    head.append_text(who_text(view, seat))
    head.append(f" — House {house_name(h.house)}" if h.house else " — no house yet", style="bold")
    if h.start:
        head.append(f" · Starting Material {h.start}")
    if h.house:
        head.append(" · family wish kept: +2 permanent Stars, one ability" if h.wish else " · both abilities",
                    style="italic")
        for text in h.abilities:
            head.append(f"\n• {text}")
    parts.append(head)
    tracks = Text()
    tracks.append(f"VP {h.vp}", style="bold")
    tracks.append(f" · Stars {h.total_stars}", style="bold")
    tracks.append(f" ({h.stars} expiring + {h.perm_stars} permanent)")
    tracks.append(f"\nEnergy {h.energy}/{C.ENERGY_MAX} · Reputation {h.reputation:+d} ({C.REP_MIN} to +{C.REP_MAX})")
    tracks.append(f"\nStrength {h.strength}/{C.TALENT_MAX} · Knowledge {h.knowledge}/{C.TALENT_MAX} "
                  f"({C.TALENT_VP_AT}: +1 VP each)")
    tracks.append(f"\nHerbs {h.herbs} · Goods {h.goods} · Coins {h.coins}")
    parts.append(tracks)
    parts.append(secrets(view, seat))
    more = Text()
    more.append("To place: ", style="bold")
    more.append(_to_place(view, h))
    more.append(f" · Markers: Spell {h.spell_markers}/{C.SPELL_MARKERS}, Event {h.event_markers}/{C.EVENT_MARKERS}")
    if h.ice or h.house == "trifrost":
        more.append(f", ice {h.ice}")
    more.append("\nObjects: ", style="bold")
    more.append("; ".join(object_text(o) for o in h.objects) or "none")
    more.append("\nBeasts: ", style="bold")
    more.append(_beasts(h))
    for b in h.beasts:
        more.append(f"\n  {C.BEAST[b.id].name}: {skill(b.id)}", style="bright_black")
    more.append("\nSpells learned: ", style="bold")
    more.append(", ".join(C.SPELL[s].name for s in h.learned) or "none")
    if h.fulfilled:
        more.append("\nFulfilled Prophecies: ", style="bold")
        more.append(", ".join(f"{C.PROPHECY[p].name} (+{C.PROPHECY[p].stars} Stars)" for p in h.fulfilled))
    parts.append(more)
    return parts


def secrets(view: Any, seat: int) -> Text:
    """Only this seat's view holds these: its Student card, Prophecies, Mischief and
    Darkness cards, and the Magical Events it spied."""
    h = view.houses[seat]
    out = Text.assemble(("Secret — only you see this", "bold reverse"))
    if view.student:
        s = C.STUDENT[view.student]
        out.append(f"\nStudent card: {s.name} ")
        out.append(f"(family wished {house_name(s.wish)})" if s.wish else "(an orphan: no family wish)")
    elif view.students:
        out.append("\nStudent cards dealt: " + ", ".join(C.STUDENT[c].name for c in view.students))
    out.append(f"\nProphecies ({len(view.prophecies)}):", style="bold")
    for p in view.prophecies:
        card = C.PROPHECY[p]
        out.append(f"\n• {card.name}: {C.condition_text(card.condition)} (+{card.stars} Stars) — not yet, "
                   f"{_progress(view, h, seat, card.condition)}")
    out.append(f"\nMischief cards ({len(view.mischief)}):", style="bold")
    for m in view.mischief:
        out.append(f"\n• {mischief_line(m)}")
    out.append(f"\nDarkness cards ({len(view.darkness)}), value {view.darkness_value}:", style="bold")
    if view.darkness:
        out.append(" " + ", ".join(darkness_card(c) for c in sorted(view.darkness, key=lambda c: (C.DARK_GESTURE[c], C.DARK_VALUE[c]))))
    spied = [n for n in range(view.events_done, len(view.events)) if view.events[n]]
    out.append("\nMagical Events you spied: ", style="bold")
    out.append("; ".join(f"{n + 1} ({event_after(view, n)}): {C.EVENT[view.events[n]].name}" for n in spied) or "none")
    return out


def houses_page(view: Any, seat: int | None) -> Text:
    """Every house as the table sees it; with replay's "everything", their secrets too."""
    out = Text()
    for n in range(len(view.names)):
        if n:
            out.append("\n")
        out.append_text(public_block(view, n, full=True))
        if view.all_prophecies:  # replay, everything shown
            out.append("\n Secret: ", style="bold")
            bits = [C.STUDENT[view.all_students[n]].name if view.all_students[n] else "no Student card"]
            bits += [C.PROPHECY[p].name for p in view.all_prophecies[n]]
            bits += [C.mischief(m).name for m in view.all_mischief[n]]
            bits += [darkness_card(c) for c in view.all_darkness[n]]
            out.append(", ".join(bits))
    if view.obsidio is not None:
        o = view.obsidio
        out.append("\nHouse Obsidio", style="bold bright_black")
        out.append(f" · VP {o.vp} · Stars {o.stars} · markers 1-4 held by "
                   + ", ".join(f"{k + 1}: {who(view, s)}" for k, s in enumerate(o.holders)))
    return out


def scoreboard(view: Any, seat: int | None, width: int = 33, legend: bool = True) -> Text:
    """One short row per house, in turn order, for the side of the board. A name is
    never cut: the name column is as wide as the longest name that fits, and a longer
    name has a line of its own above its numbers. ``legend``: the line that says what
    the columns are, under them."""
    numbers = 3 + 3 + 3 + 4 + 6  # VP, Stars, Energy, Reputation, " M/P/D"
    names = [view.names[w] if w >= 0 else "Obsidio" for w in view.order]
    room = max(6, width - 2 - numbers)
    col = max(6, min(room, max(len(n) for n in names) + 1))
    out = Text(f"  {'Player':<{col}}{'VP':>3}{'★':>3}{'En':>3}{'Rep':>4} M/P/D", style="bold", no_wrap=True)
    for w in view.order:
        out.append("\n")
        if w < 0:
            o = view.obsidio
            out.append(f"  {'Obsidio':<{col}}{o.vp if o else 0:>3}{o.stars if o else 0:>3}", style="bright_black")
            continue
        h = view.houses[w]
        out.append("▶ " if w in view.to_act else "  ")
        name = who_text(view, w)
        if w == seat:
            name.stylize("bold")
        if name.cell_len >= col:  # its own line, the numbers under it
            out.append_text(name)
            out.append("\n  ")
            name = Text()
        name.pad_right(col - name.cell_len)
        out.append_text(name)
        out.append(f"{h.vp:>3}{h.total_stars:>3}{h.energy:>3}{h.reputation:>+4d} "
                   f"{h.mischief_cards}/{h.prophecies}/{h.darkness_cards}")
    if legend:
        out.append("\n★ Stars · En Energy · Rep Reputation · M/P/D: Mischief, secret Prophecies and Darkness cards",
                   style="italic bright_black")
    return out
