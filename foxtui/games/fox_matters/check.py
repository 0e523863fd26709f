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

import msgspec

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


class Check(msgspec.Struct, frozen=True):
    """The result of checking one column. Results are memoised and shared: treat the
    lists and dicts in it as read-only."""

    need_total: int
    need: list[int]
    have: list[int]
    have_any: int
    have_total: int
    missing: list[int]
    missing_any: int
    broken: list[int]
    gray: int
    met: bool
    #: (need, have, missing) by symbol name, zeros left out, as the reports hold them
    counts: tuple[dict[str, int], dict[str, int], dict[str, int]]

    def dicts(self) -> tuple[dict[str, int], dict[str, int], dict[str, int]]:
        """(need, have, missing) by symbol name, zeros left out. Shared: do not modify."""
        return self.counts

    @property
    def short(self) -> int:
        """Symbols still to add, at the least."""
        return sum(self.missing) + self.missing_any


def requirement(problems: Sequence[str], faced: Sequence[str], gray: int, nightmare: str) -> tuple[int, list[int]]:
    """(symbols needed in all, specific symbols needed) for a cluster of problems."""
    total, need = _needs(problems, faced, nightmare)
    need_counts, specific, _ = _unpacked(need)
    total -= gray
    return (total if total > specific else specific), list(need_counts)


# Symbol counts are added up as packed ints, one byte per symbol, so a cluster of problems
# or a chain of cards sums with a few int additions (no count comes anywhere near 256).
# _unpacked turns a packed count back into (counts, their sum, counts by name), once per value.
_BYTE = 8


def _pack(counts: Sequence[int]) -> int:
    return sum(n << (_BYTE * i) for i, n in enumerate(counts))


#: nightmare -> problem id -> symbols the problem needs in all (with the Nightmare's extra)
_TOTAL: dict[str, dict[str, int]] = {
    nid: {pid: p.total + _PLUS[nid][p.kind] for pid, p in PROBLEM.items()} for nid in content.NIGHTMARE
}
#: problem id -> its specific needs, packed
_NEED: dict[str, int] = {pid: _pack(p.needs) for pid, p in PROBLEM.items()}
#: faced Fear kind -> (added to the total, added to the specific needs, packed)
_FACED: dict[str, tuple[int, int]] = {"two": (2, 0), **{s: (0, 1 << (_BYTE * i)) for i, s in enumerate(SYMBOLS)}}
#: knight symbol -> one of it, packed
_ONE: tuple[int, ...] = tuple(1 << (_BYTE * i) for i in range(N))
_UNPACKED: dict[int, tuple[tuple[int, ...], int, dict[str, int]]] = {}


def _unpacked(packed: int) -> tuple[tuple[int, ...], int, dict[str, int]]:
    hit = _UNPACKED.get(packed)
    if hit is None:
        counts = tuple((packed >> (_BYTE * i)) & 0xFF for i in range(N))
        if len(_UNPACKED) > 8192:
            _UNPACKED.clear()
        hit = _UNPACKED[packed] = (counts, sum(counts), symbol_counts(counts))
    return hit


# What a problem or a faced Fear token asks for fits in one int: its specific needs packed
# as above, and its total in the bits above them, so a cluster sums with one addition each.
_TOTAL_SHIFT = _BYTE * (N + 1)
_SPECIFIC = (1 << (_BYTE * N)) - 1
#: nightmare -> problem id -> (total << _TOTAL_SHIFT) + specific needs packed
_ASKS: dict[str, dict[str, int]] = {
    nid: {pid: (total << _TOTAL_SHIFT) + _NEED[pid] for pid, total in totals.items()} for nid, totals in _TOTAL.items()
}
#: faced Fear kind -> what it adds, packed the same way
_FACED_ASKS: dict[str, int] = {kind: (t << _TOTAL_SHIFT) + n for kind, (t, n) in _FACED.items()}


def _needs(problems: Sequence[str], faced: Sequence[str], nightmare: str) -> tuple[int, int]:
    """(total before any Gray Tail, specific needs packed) for problems and faced Fear."""
    asks = _ASKS[nightmare]
    both = 0
    for pid in problems:
        both += asks[pid]
    for kind in faced:
        both += _FACED_ASKS[kind]
    return both >> _TOTAL_SHIFT, both & _SPECIFIC


def problem_total(pid: str, nightmare: str) -> int:
    """The symbols problem ``pid`` needs in all under this Nightmare (its rule changes applied)."""
    return _TOTAL[nightmare][pid]


def chain_note(broken_at: Sequence[str]) -> str:
    """Where a chain breaks, in a few words ("" when it holds): 'chain broken at Kind Letter'."""
    if not broken_at:
        return ""
    return "chain broken at " + " and ".join(CARDS[c].name for c in broken_at)


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


#: card id -> (its specific symbols packed, how many universal ones), split once for evaluate
_GIVES: dict[str, tuple[int, int]] = {
    cid: (_pack([sum(1 for x in card.symbols if x == s) for s in range(N)]), card.symbols.count(ANY))
    for cid, card in CARDS.items()
}

#: cards -> (specific symbols they give packed, universal symbols, broken links, Gray Tail
#: reduction). A chain only changes when a card is played or taken back, so the same chain
#: is checked again and again (live status, Problem check) with different knights or Fear.
_CHAINS: dict[tuple[str, ...], tuple[int, int, list[int], int]] = {}
_NO_LINKS: list[int] = []  # shared like the rest: no broken link


def _chain(cards: tuple[str, ...]) -> tuple[int, int, list[int], int]:
    have = wild = 0
    for cid in cards:
        given, universal = _GIVES[cid]
        have += given
        wild += universal
    if len(_CHAINS) > 8192:
        _CHAINS.clear()
    broken = broken_links(cards) if len(cards) > 1 else _NO_LINKS
    hit = _CHAINS[cards] = (have, wild, broken, CARDS[cards[0]].reduce)
    return hit


#: (needs, haves, universal symbols) -> (missing per symbol, their sum, missing by name):
#: universal symbols fill the specific gaps in symbol order (missing_symbols, remembered)
_MISSING: dict[tuple[int, int, int], tuple[tuple[int, ...], int, dict[str, int]]] = {}


def _missing(need: int, have: int, wild: int) -> tuple[tuple[int, ...], int, dict[str, int]]:
    key = (need, have, wild)
    hit = _MISSING.get(key)
    if hit is None:
        needs, haves = _unpacked(need)[0], _unpacked(have)[0]
        missing = [0] * N
        left = wild
        for i in range(N):
            d = needs[i] - haves[i]
            if d > 0:
                use = d if d < left else left
                left -= use
                missing[i] = d - use
        if len(_MISSING) > 8192:
            _MISSING.clear()
        counts = tuple(missing)
        hit = _MISSING[key] = (counts, sum(counts), symbol_counts(counts))
    return hit


_NOTHING = ((0,) * N, 0, {})  # _unpacked(0), kept apart from the memo (which may be cleared)


def outcome(
    problems: Sequence[str],
    cards: Sequence[str],
    knight_symbols: Sequence[int],
    faced: Sequence[str],
    nightmare: str,
) -> tuple:
    """What evaluate finds, as a plain tuple in the order of Check's fields (the counts
    as shared tuples). The Problem check reads it directly: it needs no Check."""
    total, need = _needs(problems, faced, nightmare)
    if not cards and not knight_symbols and problems:
        # a bare column (the usual one at the Problem check): the outcome follows from what it needs
        bare = _BARE.get((total, need))
        return bare if bare is not None else _bare(total, need)
    if cards:
        cards = tuple(cards)
        have, wild, broken, gray = _CHAINS.get(cards) or _chain(cards)
        total -= gray
    else:
        have = wild = gray = 0
        broken = _NO_LINKS
    for s in knight_symbols:
        have += _ONE[s]
    # the memo lookups written out: this runs for every column at every Problem check
    need_counts, specific, need_names = _UNPACKED.get(need) or _unpacked(need)
    if have or wild:
        have_counts, have_sum, have_names = _UNPACKED.get(have) or _unpacked(have)
        missing, short, missing_names = _MISSING.get((need, have, wild)) or _missing(need, have, wild)
    else:  # nothing there (the usual column): every specific symbol is missing
        have_counts, have_sum, have_names = _NOTHING
        missing, short, missing_names = need_counts, specific, need_names
    need_total = total if total > specific else specific
    rest = need_total - have_sum - wild - short
    missing_any = rest if rest > 0 else 0
    met = bool(problems) and not broken and short + missing_any == 0
    return (
        need_total,
        need_counts,
        have_counts,
        wild,
        have_sum + wild,
        missing,
        missing_any,
        broken,
        gray,
        met,
        (need_names, have_names, missing_names),
    )


#: (total, specific needs packed) -> outcome of a column with problems and nothing else
_BARE: dict[tuple[int, int], tuple] = {}
#: (nightmare, *problems) -> the same outcome, straight from the problems: most columns at the
#: Problem check are bare, and the same clusters come back round after round
_BARE_OF: dict[tuple[str, ...], tuple] = {}


def bare_outcome(problems: Sequence[str], nightmare: str) -> tuple:
    """outcome(problems, (), (), (), nightmare) for a column that has problems and
    nothing else (no card, no knight, no face-up Fear), through a memo."""
    key = (nightmare, *problems)
    hit = _BARE_OF.get(key)
    if hit is None:
        if len(_BARE_OF) > 8192:
            _BARE_OF.clear()
        hit = _BARE_OF[key] = outcome(problems, (), (), (), nightmare)
    return hit


def _bare(total: int, need: int) -> tuple:
    need_counts, specific, need_names = _unpacked(need)
    need_total = total if total > specific else specific
    missing_any = need_total - specific
    nothing, _, no_names = _NOTHING
    if len(_BARE) > 8192:
        _BARE.clear()
    hit = _BARE[total, need] = (
        need_total,
        need_counts,
        nothing,
        0,
        0,
        need_counts,
        missing_any,
        _NO_LINKS,
        0,
        specific + missing_any == 0,
        (need_names, no_names, need_names),
    )
    return hit


def evaluate(
    problems: Sequence[str],
    cards: Sequence[str],
    knight_symbols: Sequence[int],
    faced: Sequence[str],
    nightmare: str,
) -> Check:
    need_total, need, have, have_any, have_total, missing, missing_any, broken, gray, met, counts = outcome(
        problems, cards, knight_symbols, faced, nightmare
    )
    return Check(
        need_total, list(need), list(have), have_any, have_total, list(missing), missing_any, broken, gray, met, counts
    )


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
        if not r.knights:
            lines.append("Dealt with (no knight there to earn cheese).")
        elif r.cheese_to_share:
            s = "" if r.cheese_to_share == 1 else "s"
            lines.append(f"Dealt with: {r.cheese_to_share} cheese to share among the knights there.")
        else:
            given = ", ".join(f"{n} to the {content.KNIGHT[k].name}" for k, n in r.cheese.items())
            lines.append(f"Dealt with: {gained} cheese earned" + (f" ({given})." if given else "."))
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
