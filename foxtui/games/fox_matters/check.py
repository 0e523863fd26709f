"""Does a column deal with its problems? Requirements, contributions and the chain.

Pure functions of plain values, used by the rules at the Problem check, by the
view (live status while playing), by the bot and by the tests.

- A column's problems are one cluster: totals and specific symbols add up.
- Face-up Fear tokens count: a red 2 adds two to the total, a symbol token adds
  one of that symbol to the specific needs.
- A Gray Tail as first card takes its number off the total.
- When the specific symbols add up to more than the total, the larger number
  is what is needed.
- Cards give their symbols, knight markers their knight's symbol; a universal
  symbol stands in for whichever specific symbol is still missing.
- Every card after the first must show a symbol matching a follow-up symbol of
  the card before it (a universal symbol on either side always matches).
"""

from __future__ import annotations

from typing import Sequence

from . import content
from .content import ANY, CARDS, PROBLEM, SYMBOL_INDEX, SYMBOLS

N = len(SYMBOLS)


def missing_symbols(need_total: int, need: list[int], have: list[int], wild: int) -> tuple[list[int], int]:
    """What a column still lacks: per symbol after universal symbols fill the gaps in
    symbol order, and how many symbols of any kind beyond those."""
    missing = [0] * N
    left = wild
    for i in range(N):
        d = need[i] - have[i]
        if d > 0:
            use = d if d < left else left
            left -= use
            missing[i] = d - use
    rest = need_total - (sum(have) + wild) - sum(missing)
    return missing, rest if rest > 0 else 0
_PLUS: dict[str, dict[str, int]] = {
    nid: {
        "common": content.effect_total(nid, "problem_plus", "common"),
        "complicated": content.effect_total(nid, "problem_plus", "complicated"),
        "nightmare": 0,
    }
    for nid in content.NIGHTMARE
}


class Check:
    """The result of checking one column (plain attributes, cheap to build)."""

    __slots__ = (
        "need_total",
        "need",
        "have",
        "have_any",
        "have_total",
        "missing",
        "missing_any",
        "broken",
        "gray",
        "met",
        "_dicts",
    )

    def __init__(self) -> None:
        self.need_total = 0
        self.need = [0] * N
        self.have = [0] * N
        self.have_any = 0
        self.have_total = 0
        self.missing = [0] * N
        self.missing_any = 0
        self.broken: list[int] = []
        self.gray = 0
        self.met = False
        self._dicts: tuple[dict[str, int], dict[str, int], dict[str, int]] | None = None

    def dicts(self) -> tuple[dict[str, int], dict[str, int], dict[str, int]]:
        """(need, have, missing) by symbol name, zeros left out. Shared: do not modify."""
        if self._dicts is None:
            self._dicts = (symbol_counts(self.need), symbol_counts(self.have), symbol_counts(self.missing))
        return self._dicts

    @property
    def short(self) -> int:
        """Symbols still to add, at the least."""
        return sum(self.missing) + self.missing_any


def requirement(problems: Sequence[str], faced: Sequence[str], gray: int, nightmare: str) -> tuple[int, list[int]]:
    """(symbols needed in all, specific symbols needed) for a cluster of problems."""
    plus = _PLUS[nightmare]
    total = 0
    c0 = c1 = c2 = c3 = c4 = 0
    for pid in problems:
        p = PROBLEM[pid]
        total += p.total + plus[p.kind]
        n0, n1, n2, n3, n4 = p.needs
        c0 += n0
        c1 += n1
        c2 += n2
        c3 += n3
        c4 += n4
    need = [c0, c1, c2, c3, c4]
    for kind in faced:
        if kind == "two":
            total += 2
        else:
            need[SYMBOL_INDEX[kind]] += 1
    total -= gray
    specific = c0 + c1 + c2 + c3 + c4 if not faced else sum(need)
    return (total if total > specific else specific), need


def broken_links(cards: Sequence[str]) -> list[int]:
    """Positions (1-based card numbers) of cards that do not follow the card before them."""
    out = []
    prev = None
    for i, cid in enumerate(cards):
        card = CARDS[cid]
        if prev is not None and not card.mask & prev.follow_mask:
            out.append(i + 1)
        prev = card
    return out


#: card id -> (its specific symbols, how many universal ones), split once for evaluate
_GIVES: dict[str, tuple[tuple[int, ...], int]] = {
    cid: (tuple(s for s in card.symbols if s != ANY), card.symbols.count(ANY)) for cid, card in CARDS.items()
}


def evaluate(
    problems: Sequence[str],
    cards: Sequence[str],
    knight_symbols: Sequence[int],
    faced: Sequence[str],
    nightmare: str,
) -> Check:
    c = Check()
    gray = CARDS[cards[0]].reduce if cards else 0
    c.gray = gray
    c.need_total, need = requirement(problems, faced, gray, nightmare)
    c.need = need
    have = c.have
    wild = 0
    for cid in cards:
        specific, universal = _GIVES[cid]
        wild += universal
        for s in specific:
            have[s] += 1
    for s in knight_symbols:
        have[s] += 1
    c.have_any = wild
    c.have_total = sum(have) + wild
    c.missing, c.missing_any = missing_symbols(c.need_total, need, have, wild)
    c.broken = broken_links(cards) if len(cards) > 1 else []
    c.met = bool(problems) and not c.broken and sum(c.missing) + c.missing_any == 0
    return c


def _list(counts: dict[str, int]) -> str:
    parts = [f"{n} {content.LABELS[s]}" for s, n in counts.items() if n]
    if len(parts) > 1:
        return ", ".join(parts[:-1]) + " and " + parts[-1]
    return parts[0] if parts else "nothing"


def explain(report) -> list[str]:
    """Plain sentences for a column of the Problem check (a state.ColumnReport):
    what it needed, what it had, and exactly what was missing."""
    r = report
    need = [r.need.get(s, 0) for s in SYMBOLS]
    lines = [f"Needed {content.needs_text(r.need_total, need)}."]
    if r.faced_fear:
        faced = ", ".join("a red 2" if k == "two" else f"a {content.LABELS[k]}" for k in r.faced_fear)
        lines.append(f"Faced Fear added {faced}.")
    if r.gray_tail:
        lines.append(f"A Gray Tail took {r.gray_tail} off the total.")
    if not r.cards and not r.knights:
        lines.append("Nothing was played there.")
    else:
        parts = [_list(r.have)] if r.have else []
        if r.have_any:
            parts.append(f"{r.have_any} universal")
        s = "s" if r.have_total != 1 else ""
        lines.append(f"Had {r.have_total} symbol{s}" + (": " + " + ".join(parts) if parts else "") + ".")
    if r.missing:
        lines.append(f"Missing {_list(r.missing)}.")
    if r.missing_any:
        lines.append(f"Missing {r.missing_any} more symbol{'s' if r.missing_any != 1 else ''} of any kind.")
    cards = [p.card for p in r.cards]
    for pos in r.broken_links:
        prev, card = CARDS[cards[pos - 2]], CARDS[cards[pos - 1]]
        if card.kind == "gray":
            lines.append(f"The chain breaks at card {pos}: a Gray Tail may only be the first card.")
        else:
            follow = ", ".join(content.symbol_name(s) for s in prev.follow)
            lines.append(
                f"The chain breaks at card {pos}: {content.card_label(card.id)} does not match "
                f"what may follow {prev.name} ({follow})."
            )
    if r.met:
        gained = sum(r.cheese.values())
        lines.append(f"Dealt with: {gained} cheese earned." if r.knights else "Dealt with (no knight there to earn cheese).")
    else:
        lines.append("Not dealt with.")
    if r.third_fear:
        lines.append("A third Fear token would have to go under it: the game is lost.")
    elif r.fear_added:
        lines.append("A face-down Fear token goes under it.")
    return lines


def symbol_counts(counts: Sequence[int]) -> dict[str, int]:
    if not any(counts):
        return {}
    return {SYMBOLS[i]: n for i, n in enumerate(counts) if n}
