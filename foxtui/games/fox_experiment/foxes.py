"""Small facts about fox cards, shared by the rules, the automated opponent, the view
and the bots."""

from __future__ import annotations

from .content import BLANK, PARENT, POPCOUNT, TRAITS
from .state import Fox

N = len(TRAITS)
ZEROS = (0,) * N
assert N == 4  # dice(), marked() and circles() below spell the four traits out


_FEMALE = {**{c: p.female for c, p in PARENT.items()}, **{c: b.female for c, b in BLANK.items()}}
assert len(_FEMALE) == len(PARENT) + len(BLANK)  # blank fox and parent ids never collide


def is_female(fox: Fox) -> bool:
    return _FEMALE[fox.card]


def dice(fox: Fox) -> tuple[int, ...]:
    """Trait dice the fox gives as a parent: printed dice (plus any the automated
    opponent added) for a deck fox, marked squares for a pup."""
    if fox.owner < 0:
        printed = PARENT[fox.card].dice
        e = fox.extra
        if not e:
            return printed
        return (printed[0] + e[0], printed[1] + e[1], printed[2] + e[2], printed[3] + e[3])
    sq = BLANK[fox.card].squares
    m = fox.marks
    return (POPCOUNT[m[0] & sq[0]], POPCOUNT[m[1] & sq[1]], POPCOUNT[m[2] & sq[2]], POPCOUNT[m[3] & sq[3]])


def marked(fox: Fox) -> tuple[int, ...]:
    """Marked spaces per trait (squares and circles): what studies look at."""
    if fox.owner < 0:
        return ZEROS
    m = fox.marks
    return (POPCOUNT[m[0]], POPCOUNT[m[1]], POPCOUNT[m[2]], POPCOUNT[m[3]])


def circles(fox: Fox) -> tuple[int, ...]:
    if fox.owner < 0:
        return ZEROS
    ci = BLANK[fox.card].circles
    m = fox.marks
    return (POPCOUNT[m[0] & ci[0]], POPCOUNT[m[1] & ci[1]], POPCOUNT[m[2] & ci[2]], POPCOUNT[m[3] & ci[3]])


def deck_fox(card: str) -> Fox:
    p = PARENT[card]
    return Fox(card, -1, p.name, p.friendliness)


def meets(fox: Fox, needs: tuple[int, ...]) -> bool:
    have = marked(fox)
    return all(have[t] >= needs[t] for t in range(N))
