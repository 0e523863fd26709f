"""The pages of The Fox Experiment panel as text: the table, a player's mat and the
breeding puzzle, each drawn from a View only (see fox_experiment.py for the panel).

The pages are written for a column of about 38 cells at 80x24: one line per fox, per
supply space, per patron and per friendliness space, so that PgDn brings every part of
the table into sight in two or three pages.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from foxtui.games.fox_experiment.actions import TOKEN
from foxtui.games.fox_experiment.content import (
    SCIENCE_CARD,
    STUDY,
    TRACK_IDS,
    TRACK_LEN,
    TRAIT_INDEX,
    TRAITS,
    UPGRADE,
    icon_text,
    trait_name,
)
from foxtui.games.fox_experiment.view import View, science_text

#: a colour per trait (16-colour safe, and apart in 256 colours: red and magenta were
#: too close for spots and curly tail) and a letter, so halves read without colour too;
#: wild halves and friendly tokens are the hearts' colour
COLOUR = {"spots": "red", "barking": "yellow", "ears": "blue", "tail": "green", "any": "magenta"}
LETTER = {"spots": "S", "barking": "B", "ears": "E", "tail": "T", "any": "W"}
SHORT = {"spots": "spots", "barking": "barking", "ears": "ears", "tail": "tail", "any": "any"}
#: what the study shorthand means, said where the shorthand is shown
SHORTHAND = "2S+3E=5: 2 spots and 3 ears on a pup score 5"


def trait_words(trait: str) -> str:
    return trait_name(TRAIT_INDEX[trait]) if trait in TRAIT_INDEX else "any trait (you name it next)"


def counts_text(values: dict[str, int], zero: bool = False) -> str:
    parts = [f"{n} {SHORT[t]}" for t, n in values.items() if n or zero]
    return ", ".join(parts) or "none"


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def gains_text(icons: list[str], whose: str = "your") -> str:
    """What icons give, the same ones counted: "2 spots tokens, a science card"."""
    counted: dict[str, int] = {}
    for icon in icons:
        counted[icon] = counted.get(icon, 0) + 1
    parts = []
    for icon, n in counted.items():
        one = icon_text(icon, whose)
        if n == 1:
            parts.append(one)
        else:  # "a spots token" -> "2 spots tokens"; "a trait token of your choice" alike
            words = one.removeprefix("a ").split(" ")
            noun = next(i for i, w in enumerate(words) if w in ("token", "card"))
            words[noun] += "s"
            parts.append(f"{n} " + " ".join(words))
    return ", ".join(parts) or "nothing"


def space_gains(view: View, sp: Any) -> str:
    """What taking a supply space gives; space 1 gives first place (in round 5, in the
    tie-break at the end: there is no next round)."""
    if sp.icons:
        return gains_text(sp.icons)
    if sp.index:
        return "nothing left"  # (its tile taken, nothing printed under it)
    return "nothing; first in the tie-break" if view.round >= view.rounds else "nothing; first next round"


def study_levels(card: str) -> str:
    """A study's levels in shorthand (explained by SHORTHAND): "2S+2E=2 / 3S+3E=5 / ..."."""
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


def track_text(track: Any, points: int = 0) -> Text:
    """A pup card's track: ■ □ marked and empty squares, ● ○ marked and empty circles;
    ``points``: the point tokens of the symbols past this track's end, beside it."""
    out = Text()
    out.append(f"{SHORT[track.trait]:8}", style=COLOUR[track.trait])
    for shape, marked in zip(track.spaces, track.marked):
        out.append(("■" if marked else "□") if shape == "square" else ("●" if marked else "○"))
    out.append(f" +{points}" if points else "  ", style="bold")
    return out


def tracks_text(tracks: list[Any], points: dict[str, int], indent: str = " ") -> Text:
    """A pup card's four tracks, two a line (the card in two lines)."""
    out = Text()
    for k, tr in enumerate(tracks):
        out.append("\n" + indent if k % 2 == 0 else "  ")
        out.append_text(track_text(tr, points.get(tr.trait, 0)))
    return out


def pup_points(fox: Any) -> int:
    """The point tokens written on a recorded pup (the View spreads them over its tracks)."""
    return sum(tr.points for tr in fox.tracks)


def half_code(lit: Any, die: int, half: int) -> str:
    """A half in a few letters: its die and colour ("9W"), or "♥" for a friendly token."""
    if die == TOKEN:
        return "♥"
    d = lit.dice[die]
    return f"{die + 1}{LETTER[d.halves[half]] if half < len(d.halves) else 'W'}"


def pair_code(lit: Any, n: int, q: Any) -> str:
    made = LETTER.get(q.trait, "?") if q.trait in TRAIT_INDEX else "?"
    return f"{n + 1}){half_code(lit, q.a, q.a_half)}+{half_code(lit, q.b, q.b_half)}={made}"


def half_label(lit: Any, die: int, half: int) -> str:
    if die == TOKEN:
        return "a friendly token"
    d = lit.dice[die]
    colour = d.halves[half] if half < len(d.halves) else "any"
    what = "wild half" if colour == "any" else f"{SHORT[colour]} half"
    return f"the {what} on die {die + 1}"


def tokens_text(p: Any) -> Text:
    out = Text()
    for t in TRAITS:
        out.append(f"{LETTER[t]}{p.tokens[t]} ", style=COLOUR[t])
    out.append(f"♥{p.friendly}", style=COLOUR["any"])
    if p.points:
        out.append(f" · {plural(p.points, 'point token')}")
    return out


def table_text(view: View) -> Text:
    """The table: the automated opponent, the supply track, the kennel rows, the
    patrons with their tiles and the friendliness track, each under its heading."""
    out = Text()
    auto = view.automaton
    if auto is not None:
        out.append("Automated opponent", style="bold")
        out.append(f"\n wants {trait_words(auto.first)}, then {trait_words(auto.second)}; next arrow {auto.arrow}")
        took = ", ".join(f"{k} {n}" for k, n in auto.took.items() if n)
        out.append(f"\n took this round: {took or 'nothing'}")
        if auto.shown:
            out.append(f" (last card: {' + '.join(auto.shown_items)})")
        out.append("\n")
    out.append("Supply track", style="bold")
    for sp in view.track:
        out.append(f"\n {sp.index + 1}. ")
        out.append(space_gains(view, sp))
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
        if not row:
            out.append("\n none", style="dim")
    out.append("\nPatrons", style="bold")
    out.append(" · attracting one gains its tile", style="dim")
    for pat in view.patrons:
        out.append(f"\n {pat.slot + 1}. {pat.name} ({pat.side}): {pat.text}; tile: {gains_text(pat.icons)}")
        if pat.meeples:
            out.append(" · " + ", ".join(view.names[s] for s in pat.meeples), style="bold")
    out.append("\nFriendliness track", style="bold")
    for r in view.rewards:
        mark = "▶" if r.space == view.round - 1 and view.phase != "over" else " "
        out.append(f"\n{mark}{r.space + 1}. {r.points} pts, others {plural(r.tokens, 'token')}")
        if r.seats:
            out.append(" · " + ", ".join(view.names[s] for s in r.seats), style="bold")
    return out


def mat_text(view: View, seat: int, upgrading: bool = False, explain: bool = True) -> Text:
    """A player's mat: public for everyone, with the science cards for their owner only.
    What the phase asks about comes first (upgrades while upgrading; else the studies
    and pups), so it is in sight without PgDn. ``upgrading``: the seat is unlocking
    upgrades now (also after collecting tokens in research); ``explain``: the study
    shorthand is explained under the studies (once on screen: not when the hint line
    explains it, nor on every mat)."""
    p = view.players[seat]
    out = Text()
    out.append(f"{p.name}'s mat", style="bold")
    out.append(f" · turn {p.turn_position + 1}" + (f" · gear on space {p.gear + 1}" if p.gear >= 0 else ""))
    out.append("\nTokens: ")
    out.append_text(tokens_text(p))
    if view.phase == "research" and seat == view.seat and p.stage == "research":  # (not once collected)
        out.append(f"\nCollecting now gives: {counts_text(p.research_tokens)}")
    parts = [_studies(p, explain), _pups(p), _parents(p), _upgrades(p), _science(view, seat)]
    if view.phase == "upgrades" or upgrading:
        parts.insert(0, parts.pop(3))
    for part in parts:
        out.append_text(part)
    if p.patrons:
        out.append("\nPatrons: " + ", ".join(view.patrons[s].name for s in p.patrons))
    return out


def _science(view: View, seat: int) -> Text:
    if seat == view.seat:
        cards = [science_text(c) for c in view.science]
        return Text("\nYour science cards: " + ("; ".join(cards) if cards else "none"))
    return Text(f"\n{plural(view.players[seat].science, 'science card')} (kept secret)")


def _upgrades(p: Any) -> Text:
    out = Text()
    out.append("\nUpgrades", style="bold")
    out.append(" · ■ unlocked, □ cost", style="dim")
    for k, track in enumerate(UPGRADE):
        n = p.upgrades[TRACK_IDS[k]]
        steps = " ".join(("■" if i < n else "□") + str(c) for i, c in enumerate(track.costs))
        out.append(f"\n {track.name:13}{steps}")
    dice = "1 friendly die" if p.friendly_dice == 1 else f"{p.friendly_dice} friendly dice"
    out.append(f"\n {plural(p.pups_per_round, 'pup')} a round, {dice}")
    return out


def _studies(p: Any, explain: bool = True) -> Text:
    out = Text()
    out.append("\nStudies", style="bold")
    for st in p.studies:
        out.append(f"\n {st.name} ({study_levels(st.card)}): {st.level} of 3 done")
    if not p.studies:
        out.append(" none")
    elif explain:
        out.append(f"\n ({SHORTHAND})", style="dim")
    return out


def _parents(p: Any) -> Text:
    out = Text()
    if p.female or p.male:
        out.append("\nParents", style="bold")
        for fox in (p.female, p.male):
            if fox is not None:
                out.append("\n ")
                out.append_text(fox_line(fox))
        pool = " ".join(f"{LETTER.get(t, '♥')}{n}" for t, n in p.pool.items() if n)
        out.append(f"\n dice for each pup: {pool}")
    return out


def _pups(p: Any) -> Text:
    out = Text()
    if p.pups:
        out.append("\nPups this round", style="bold")
        for i, pup in enumerate(p.pups):
            used = " (used for a study)" if i in p.assigned else ""
            points = pup_points(pup)
            full = [tr.trait for tr in pup.tracks if all(tr.marked)]
            out.append(f"\n {pup.name} ♥{pup.friendliness}{used}")
            beside = {full[0]: points} if points and len(full) == 1 else {}  # the one that overflowed
            if points and not beside:  # (the card keeps the total, not which full track overflowed)
                out.append(f" · {plural(points, 'point token')}", style="bold")
            out.append_text(tracks_text(pup.tracks, beside, "  "))
    return out


def overflow(lit: Any) -> dict[str, int]:
    """Point tokens per trait of the pup as paired now: its symbols past a full track."""
    return {t: n - TRACK_LEN for t, n in lit.symbols.items() if n > TRACK_LEN}


def puzzle_text(lit: Any, picked: tuple[int, int] | None) -> Text:
    """The breeding puzzle: the roll by trait, the pairs made (all of them, wrapped, never
    cut), and the pup card as recording it now would mark it. ``picked``: the half
    picked first, shown reversed."""
    out = Text()
    out.append(f"Breeding a {lit.sex} pup", style="bold")
    out.append(f" · ♥ tokens free {lit.tokens_free}")
    by_kind: dict[int, list[Any]] = {}
    for d in lit.dice:
        by_kind.setdefault(d.kind, []).append(d)
    for kind in sorted(by_kind):
        dice = by_kind[kind]
        colour = COLOUR[TRAITS[kind]] if kind < len(TRAITS) else COLOUR["any"]
        out.append(f"\n{dice[0].kind_name:12}", style=colour)
        for d in dice:
            out.append(f" {d.index + 1}:")
            out.append("●" * d.wholes)
            for slot, (colour_, paired) in enumerate(zip(d.halves, d.paired)):
                half = "◐" + (LETTER[colour_] if kind >= len(TRAITS) else "")
                style = "dim strike" if paired else COLOUR[colour_] + " bold"
                if picked == (d.index, slot):
                    style += " reverse"  # the half picked first
                out.append(half, style=style)
            if not d.wholes and not d.halves:
                out.append("–", style="dim")
    out.append("\nPairs: ", style="bold")
    out.append(", ".join(pair_code(lit, n, q) for n, q in enumerate(lit.pairs)) or "none yet")
    out.append("\nPup card now", style="bold")
    out.append(f": {lit.preview.name} ♥{lit.preview.friendliness}")
    out.append_text(tracks_text(lit.preview.tracks, overflow(lit)))
    if lit.science:
        out.append("\nScience played: " + ", ".join(SCIENCE_CARD[c].name for c in lit.science))
    return out
