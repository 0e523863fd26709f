"""The auto-match step: the pairing it leaves on a player's roll, and why, in one line.

The most symbols is not always the best pairing: a pup that reaches the next level of
one of the player's studies is worth that level's points, and a friendly token spent
on this pup is one fewer for the pups still to breed this round (and half a point at
the end). So the auto-match weighs, for each pairing it considers,

    symbols + study points this pup adds - a price per friendly token spent

and leaves the best (ties: fewer tokens, then the pairing with the most symbols and the
fewest tokens, as before). The pairings it considers are the most-symbols one and the
best pairings for weights that favour the traits each next study level lacks (a study
level is a threshold, which no one set of weights sees): a handful of ``best_match``
calls, each remembered.

Pure functions of the player (their roll, pairs, tokens, studies and this round's pups).
"""

from __future__ import annotations

from typing import NamedTuple, Sequence

from . import breeding
from .actions import Pair
from .content import STUDY, TRACK_LEN, TRAITS
from .state import Player

N = len(TRAITS)
#: what a friendly token spent is weighed at: about what it scores at the end (half a
#: point), a little less so that two tokens still join into a symbol ...
TOKEN_PRICE_LAST = 0.4
#: ... and more while pups are still to breed this round (they may need it): two tokens
#: are then kept rather than joined, one still completes a half
TOKEN_PRICE_MORE = 0.7
#: what the traits a study level lacks are weighed at when looking for pairings that reach it
LACKING_WEIGHT = 3.0


class Choice(NamedTuple):
    """A pairing of the whole roll and what it is worth."""

    pairs: tuple[Pair, ...]
    symbols: int
    tokens: int  # friendly tokens in its pairs
    gain: int  # study points the pup adds to what this round's pups already reach
    level: tuple[str, int] | None  # (study card, level index) the pup would take
    value: float


def token_price(p: Player) -> float:
    return TOKEN_PRICE_MORE if p.pups_left > 0 else TOKEN_PRICE_LAST


def _marked(counts: Sequence[int]) -> tuple[int, ...]:
    return tuple(min(k, TRACK_LEN) for k in counts)


def _reach(studies: Sequence[tuple[str, int]], pups: Sequence[tuple[int, ...]]) -> tuple[int, dict[int, tuple[str, int]]]:
    """The study points these pups (marked spaces per trait) reach this round, each pup
    one level, each study's levels in order, the biggest gain first; and the level each
    pup takes."""
    level = [lv for _, lv in studies]
    free = list(range(len(pups)))
    taken: dict[int, tuple[str, int]] = {}
    total = 0
    while free:
        best, pick = 0, None
        for i in free:
            for k, (card, _) in enumerate(studies):
                s = STUDY[card]
                lv = level[k]
                if lv < len(s.points) and all(pups[i][t] >= s.needs[lv][t] for t in range(N)):
                    gain = s.points[lv] - (s.points[lv - 1] if lv else 0)
                    if gain > best:
                        best, pick = gain, (i, k)
        if pick is None:
            break
        i, k = pick
        total += best
        taken[i] = (studies[k][0], level[k])
        free.remove(i)
        level[k] += 1
    return total, taken


def _studies(p: Player) -> tuple[tuple[str, int], ...]:
    return tuple((st.card, st.level) for st in p.studies)


def _recorded(p: Player) -> tuple[tuple[int, ...], ...]:
    from .foxes import marked

    return tuple(marked(pup) for pup in p.pups)


def evaluate(p: Player, pairs: Sequence[Pair]) -> Choice:
    """What recording the pup with these pairs would be worth (see the module's docstring)."""
    lit = p.litter
    assert lit is not None
    counts = breeding.symbols(lit.dice, pairs)
    tokens = breeding.tokens_used(pairs)
    studies, pups = _studies(p), _recorded(p)
    before, _ = _reach(studies, pups)
    after, taken = _reach(studies, pups + (_marked(counts),))
    gain = after - before
    level = taken.get(len(pups)) if gain else None
    symbols = sum(counts)
    return Choice(tuple(pairs), symbols, tokens, gain, level, symbols + gain - token_price(p) * tokens)


def _named(dice: Sequence, pairs: Sequence[Pair], prefer) -> list[Pair]:
    """The pairs with each pair of two wild halves named as the wild step suggests first."""
    kept = [q for q in pairs if not breeding.is_wild_pair(dice, q)]
    counts = breeding.symbols(dice, kept)
    out = []
    for q in pairs:
        if breeding.is_wild_pair(dice, q):
            t = prefer(counts)
            counts[t] += 1
            q = breeding.pair(q.a, q.a_half, q.b, q.b_half, t)
        out.append(q)
    return out


def _weights(p: Player) -> list[tuple[float, ...]]:
    """Weights that favour the traits the next level of each study lacks on this roll."""
    lit = p.litter
    assert lit is not None
    wholes = breeding.symbols(lit.dice, ())
    out: list[tuple[float, ...]] = []
    for card, lv in _studies(p):
        s = STUDY[card]
        if lv >= len(s.points):
            continue
        need = s.needs[lv]
        w = tuple(LACKING_WEIGHT if need[t] > wholes[t] else 1.0 for t in range(N))
        if w not in out and any(x > 1 for x in w):
            out.append(w)
    return out


def candidates(p: Player, prefer) -> list[list[Pair]]:
    """The pairings of the whole roll the auto-match weighs besides the most-symbols one
    (they depend on the roll, not on the pairs made so far): the best for symbols less
    the tokens' price, and when the pup might reach a study level the other pairings
    could not, the best for weights favouring the traits each next level lacks (each
    as ``best_match`` names its wild pairs and as the wild step would)."""
    lit = p.litter
    assert lit is not None
    out = [breeding.thrifty_match(lit.dice, p.friendly, token_price(p), prefer)]
    if _gain_bound(p) > evaluate(p, out[0]).gain:
        for w in _weights(p):
            made = breeding.best_match(lit.dice, p.friendly, (), w, token_price(p))
            out += [made, _named(lit.dice, made, prefer)]
    return out


def _gain_bound(p: Player) -> int:
    """Study points no pairing of this roll can beat: as if each trait had the pairs its
    halves make with every wild half and friendly token, and among themselves."""
    lit = p.litter
    assert lit is not None
    wholes = breeding.symbols(lit.dice, ())
    per = [0] * N
    wild = p.friendly
    for _, _, c in breeding.halves(lit.dice):
        if c < N:
            per[c] += 1
        else:
            wild += 1
    most = tuple(min(TRACK_LEN, wholes[t] + _pairs_at_most(per[t], wild)) for t in range(N))
    studies, pups = _studies(p), _recorded(p)
    return _reach(studies, pups + (most,))[0] - _reach(studies, pups)[0]


def _pairs_at_most(halves: int, wild: int) -> int:
    """Pairs of one trait from its halves and ``wild`` wild halves (tokens too), if every
    one of them went to it: each half with a wild one, the rest among themselves."""
    m = min(halves, wild)
    return m + (halves - m) // 2 + (wild - m) // 2


def _key(p: Player) -> tuple:
    lit = p.litter
    assert lit is not None
    return (id(lit.dice), p.friendly, _studies(p), _recorded(p), p.pups_left > 0)


def _better(c: Choice, best: Choice | None) -> bool:
    return best is None or (c.value, -c.tokens) > (best.value + 1e-9, -best.tokens)


def choose(p: Player, prefer) -> Choice | None:
    """The pairing the auto-match leaves on the roll, or None when it would not do better
    than the pairs made (or a wild pair waits for its trait). ``prefer(counts)``: the
    trait a wild pair is named for (the wild step's first suggestion).

    The most-symbols pairing comes first (it keeps the pairs made when they are part of
    one), so it wins a tie; the other pairings weighed are the roll's own, worked out
    once per roll (it is asked on every breeding step, by the legal moves)."""
    lit = p.litter
    if lit is None or breeding.deciding(lit.pairs):
        return None
    key = _key(p)
    hit = _CHOICES.get((key, tuple(lit.pairs)))
    if hit is not None and hit[0] is lit.dice:
        return hit[1]
    roll = _ROLLS.get(key)
    if roll is None or roll[0] is not lit.dice:
        best_of_roll = None
        for pairs in candidates(p, prefer):
            c = evaluate(p, pairs)
            if _better(c, best_of_roll):
                best_of_roll = c
        if len(_ROLLS) > 4096:
            _ROLLS.clear()
        roll = _ROLLS[key] = (lit.dice, best_of_roll)  # keeps the list alive: its id is not reused
    first = breeding.auto_match(lit.dice, p.friendly, lit.pairs, prefer)
    best = evaluate(p, first if first is not None else lit.pairs)
    if roll[1] is not None and _better(roll[1], best):
        best = roll[1]
    result = best if best.value > evaluate(p, lit.pairs).value + 1e-9 else None
    if len(_CHOICES) > 4096:
        _CHOICES.clear()
    _CHOICES[key, tuple(lit.pairs)] = (lit.dice, result)
    return result


_ROLLS: dict[tuple, tuple] = {}
_CHOICES: dict[tuple, tuple] = {}


def reason(p: Player, choice: Choice, prefer) -> str:
    """Why the auto-match chose this pairing, in a few words ("it meets Gentle Temper
    level 1 for 1 more friendly token")."""
    lit = p.litter
    assert lit is not None
    plain = breeding.auto_match(lit.dice, p.friendly, [], prefer) or []
    most = evaluate(p, plain)  # the most symbols, the fewest tokens
    parts = []
    if choice.level is not None:
        card, lv = choice.level
        parts.append(f"it meets {STUDY[card].name} level {lv + 1}")
    if choice.tokens > most.tokens and choice.level is not None:
        parts.append(f"for {_count(choice.tokens - most.tokens, 'more friendly token')}")
    if choice.tokens < most.tokens:
        left = p.friendly - choice.tokens
        parts.append(f"it keeps {_count(left, 'friendly token')}" + (" for the next pup" if p.pups_left > 0 else ""))
    if choice.symbols < most.symbols:
        parts.append(f"{_count(most.symbols - choice.symbols, 'symbol')} short of the most")
    if not parts:
        return "the most symbols, the fewest friendly tokens"
    return " ".join(parts[:1]) + "".join((" " if part.startswith("for ") else ", ") + part for part in parts[1:])


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"
