"""Breeding arithmetic: half symbols on a roll, the pairs a player may make, what a
pup card looks like, ``best_match`` (the pairing that makes the most symbols) and
``auto_match`` (what the auto-match step leaves on the roll).

Pure functions of plain values (dice as ``Die``/(kind, face), pairs as ``Pair``).

- A trait die shows whole symbols and half symbols of its trait; a friendly
  die shows wild (green) halves; a science card may add a wild half; a
  friendly token is a wild half.
- Two halves make a whole trait when they come from different dice (or
  tokens) and match: same colour, or one wild. Two wild halves make a trait
  the player names: they are listed once, as a pair of trait ``"any"``, and the
  player's next step says which trait it is (``WildTrait``).
- The halves on one die never join each other.
"""

from __future__ import annotations

from typing import Sequence

from .actions import TOKEN, Pair
from .content import ANY, BLANK, FACES, TRACK_LEN, TRAITS

N = len(TRAITS)
FULL = (1 << TRACK_LEN) - 1

_PAIRS: dict[tuple[int, int, int, int, int], Pair] = {}
WILD_TRAIT = "any"  # the trait of a pair of wild halves whose trait is not named yet
TRAIT_OF = {t: i for i, t in enumerate(TRAITS)}
_TRAIT_IDS = TRAITS + (WILD_TRAIT,)  # by index, ANY last


def pair(a: int, a_half: int, b: int, b_half: int, trait: int) -> Pair:
    """The shared Pair object for these refs (``a`` before ``b``; a token always second);
    ``trait`` ANY gives a wild pair whose trait is still to be named."""
    key = (a, a_half, b, b_half, trait)
    p = _PAIRS.get(key)
    if p is None:
        p = _PAIRS[key] = Pair(a, a_half, b, b_half, _TRAIT_IDS[trait])
    return p


def half_colour(dice: Sequence, die: int, half: int) -> int:
    """The colour of a half (ANY for a wild half or a friendly token)."""
    if die == TOKEN:
        return ANY
    return FACES[dice[die].kind][dice[die].face][1][half]


def is_wild_pair(dice: Sequence, p: Pair) -> bool:
    """Both halves wild (friendly dice, science wild halves, tokens): it makes any trait."""
    return half_colour(dice, p.a, p.a_half) == ANY and half_colour(dice, p.b, p.b_half) == ANY


def listed(dice: Sequence, p: Pair) -> Pair:
    """The pair as ``legal_pairs`` offers it: a wild pair with its trait still to name."""
    if p.trait != WILD_TRAIT and is_wild_pair(dice, p):
        return pair(p.a, p.a_half, p.b, p.b_half, ANY)
    return p


def deciding(pairs: Sequence[Pair]) -> bool:
    """The last pair is a wild pair whose trait the player has not named yet."""
    return bool(pairs) and pairs[-1].trait == WILD_TRAIT


def halves(dice: Sequence) -> list[tuple[int, int, int]]:
    """Every half symbol on the roll as (die, slot, colour)."""
    out = []
    for d, die in enumerate(dice):
        for s, c in enumerate(FACES[die.kind][die.face][1]):
            out.append((d, s, c))
    return out


def tokens_used(pairs: Sequence[Pair]) -> int:
    used = 0
    for p in pairs:
        if p.b == TOKEN:  # a token is always the second half, or both are tokens
            used += 2 if p.a == TOKEN else 1
        elif p.a == TOKEN:
            used += 1
    return used


def open_halves(dice: Sequence, pairs: Sequence[Pair]) -> list[tuple[int, int, int]]:
    used = {(p.a, p.a_half) for p in pairs} | {(p.b, p.b_half) for p in pairs}
    return [h for h in halves(dice) if (h[0], h[1]) not in used]


def _traits_for(c1: int, c2: int) -> tuple[int, ...]:
    """The traits two halves of these colours can make together (empty: they do not match)."""
    if c1 == ANY:
        return tuple(range(N)) if c2 == ANY else (c2,)
    if c2 == ANY or c2 == c1:
        return (c1,)
    return ()


def _offers(halves: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """(slot, colour) of the halves a face offers when none is used yet: a second half of
    the same colour is the same choice as the first."""
    if len(halves) == 2 and halves[0] == halves[1]:
        return ((0, halves[0]),)
    return tuple((s, c) for s, c in enumerate(halves))


_ROLLS: dict[int, tuple] = {}
_PATTERNS: dict[int, tuple] = {}
assert ANY == N == 4  # _roll_offers spells the five colours out


def _patterns(width: int) -> tuple[tuple[int, ...], ...]:
    """Per die kind and face, for die 0: one mask with a field of ``width`` bits per colour
    (ANY last), bit = slot, for the halves it offers while none is used, and a sixth field
    with bit 0 set if its two halves share a colour."""
    hit = _PATTERNS.get(width)
    if hit is None:
        hit = _PATTERNS[width] = tuple(
            tuple(
                sum([1 << (c * width + s) for s, c in _offers(h)]) | (len(h) == 2 and h[0] == h[1]) << 5 * width
                for _, h in faces
            )
            for faces in FACES
        )
    return hit


def _roll_offers(dice: Sequence) -> tuple[list[int], int]:
    """What a roll offers while no half is used: per colour (ANY last) a mask with bit
    2 * die + slot per half, and the mask of the first halves of dice showing two halves
    of one colour (when that one is used, the second takes its place). Kept per dice list."""
    hit = _ROLLS.get(id(dice))
    if hit is not None and hit[0] is dice:
        return hit[1], hit[2]
    width = 2 * len(dice)
    patterns = _patterns(width)
    m = shift = 0
    for die in dice:  # all the fields at once: one shift and one "or" a die
        m |= patterns[die.kind][die.face] << shift
        shift += 2
    field = (1 << width) - 1
    by_colour = [m & field, m >> width & field, m >> 2 * width & field, m >> 3 * width & field, m >> 4 * width & field]
    if len(_ROLLS) > 4096:
        _ROLLS.clear()
    _ROLLS[id(dice)] = (dice, by_colour, m >> 5 * width)  # keeps the list alive: its id is not reused
    return by_colour, m >> 5 * width


def _refs(mask: int) -> list[tuple[int, int]]:
    """(die, slot) of the halves in a mask, die by die."""
    out = []
    while mask:
        low = mask & -mask
        b = low.bit_length() - 1
        out.append((b >> 1, b & 1))
        mask ^= low
    return out


def legal_pairs(dice: Sequence, pairs: Sequence[Pair], tokens: int) -> list[Pair]:
    """Every pairing open now. ``tokens``: friendly tokens not yet used in a pair. Where a
    die shows two halves of the same colour, only its first free one is offered (the
    other is the same choice). A dice list is never changed in place (states share it):
    what a roll offers is worked out once per list."""
    offered, doubles = _roll_offers(dice)
    used = 0
    for p in pairs:
        if p.a != TOKEN:
            used |= 1 << 2 * p.a + p.a_half
        if p.b != TOKEN:
            used |= 1 << 2 * p.b + p.b_half
    free = ~used
    tok = tokens > 0
    groups = _GROUPS
    if len(groups) > 50_000:
        groups.clear()
    # free halves per colour: the ones offered and not used, and the second of a
    # same-colour double whose first is used
    wild = offered[ANY]
    if used:
        wild = (wild & free) | ((wild & doubles & used) << 1 & free)
    out: list[Pair] = []
    # the pairs of one colour depend only on that colour's free halves, the wild ones and
    # whether a token is free: remembered per group, so a roll mostly reuses them
    for c in range(N):
        own = offered[c]
        if used:
            own = (own & free) | ((own & doubles & used) << 1 & free)
        if own:
            key = (c, own, wild, tok)
            g = groups.get(key)
            if g is None:
                g = groups[key] = _colour_group(c, _refs(own), _refs(wild), tok)
            out.extend(g)
    if wild:
        key = (ANY, 0, wild, tok)
        g = groups.get(key)
        if g is None:
            g = groups[key] = _wild_group(_refs(wild), tok)
        out.extend(g)
    if tokens >= 2:
        out.extend(_TOKEN_PAIRS)
    global _LAST
    _LAST = (dice, tuple(pairs), min(tokens, 2), tuple(out))  # (the caller may extend ``out``)
    return out


_LAST: tuple = (None, (), 0, ())  # the last legal_pairs asked: (dice, pairs, tokens up to 2, answer)


_GROUPS: dict[tuple, tuple[Pair, ...]] = {}


def is_legal_pair(dice: Sequence, pairs: Sequence[Pair], tokens: int, p: Pair) -> bool:
    """Whether ``p`` is one of ``legal_pairs(dice, pairs, tokens)``."""
    last = _LAST  # a Pair step usually checks the list offered just before
    if last[0] is dice and last[2] == min(tokens, 2) and last[1] == tuple(pairs):
        return p in last[3]
    return p in legal_pairs(dice, pairs, tokens)


def _colour_group(c: int, own: Sequence[tuple[int, int]], wild: Sequence[tuple[int, int]], tok: bool) -> tuple[Pair, ...]:
    """Pairs with a free half of colour ``c`` first: with another of ``c``, with a wild
    half, with a token (in the order legal_pairs lists them)."""
    out = []
    for i, (d1, s1) in enumerate(own):
        for d2, s2 in own[i + 1 :]:
            if d1 != d2:
                out.append(pair(d1, s1, d2, s2, c))
        for d2, s2 in wild:
            if d1 < d2:
                out.append(pair(d1, s1, d2, s2, c))
            elif d2 < d1:
                out.append(pair(d2, s2, d1, s1, c))
        if tok:
            out.append(pair(d1, s1, TOKEN, 0, c))
    return tuple(out)


def _wild_group(wild: Sequence[tuple[int, int]], tok: bool) -> tuple[Pair, ...]:
    """Pairs of two wild halves (or a wild half and a token): one each, its trait named next."""
    out = []
    for i, (d1, s1) in enumerate(wild):
        for d2, s2 in wild[i + 1 :]:
            if d1 != d2:
                out.append(pair(d1, s1, d2, s2, ANY))
        if tok:
            out.append(pair(d1, s1, TOKEN, 0, ANY))
    return tuple(out)


_TOKEN_PAIRS = (pair(TOKEN, 0, TOKEN, 0, ANY),)


def symbols(dice: Sequence, pairs: Sequence[Pair]) -> list[int]:
    """Whole symbols per trait: wholes shown on trait dice plus the pairs made (a wild
    pair whose trait is not named yet counts for none)."""
    counts = [0] * N
    for die in dice:
        if die.kind < N:
            counts[die.kind] += FACES[die.kind][die.face][0]
    for p in pairs:
        t = TRAIT_OF.get(p.trait)
        if t is not None:
            counts[t] += 1
    return counts


def pup_marks(counts: Sequence[int]) -> tuple[list[int], int, int]:
    """A new pup card for these symbol counts: (marks per trait, point tokens for the
    symbols past a full track, friendliness)."""
    marks = []
    overflow = 0
    for k in counts:
        if k > TRACK_LEN:
            overflow += k - TRACK_LEN
            k = TRACK_LEN
        marks.append((1 << k) - 1)
    return marks, overflow, sum(counts)


# --- best_match ------------------------------------------------------------------------


def _internal(n1: int, n2: int) -> int:
    """Pairs among trait-die halves of one trait: ``n1`` dice show one half, ``n2`` two."""
    h = n1 + 2 * n2
    if h == 2 and n2 == 1:
        return 0  # both halves on one die
    return h // 2


def _with_externals(n1: int, n2: int, e: int) -> tuple[int, int]:
    """(pairs, externals used) when ``e`` outside halves (friendly, wild, tokens) may join
    this trait's dice halves: outside halves go to dice with two halves first."""
    key = (n1, n2, e)
    hit = _EXT.get(key)
    if hit is not None:
        return hit
    best, best_m = _internal(n1, n2), 0
    a, b = n1, n2
    for m in range(1, min(e, n1 + 2 * n2) + 1):
        if b:
            b, a = b - 1, a + 1
        else:
            a -= 1
        v = m + _internal(a, b)
        if v > best:
            best, best_m = v, m
    _EXT[key] = (best, best_m)
    return best, best_m


_EXT: dict[tuple[int, int, int], tuple[int, int]] = {}
_MEMO: dict = {}


def _leaf(e: tuple[int, ...], tokens: int, dice_halves: tuple, weights: tuple, cost: float):
    """Best value once the friendly halves are settled: tokens go where they help most."""
    if not tokens:
        return sum([weights[t] * _with_externals(*dice_halves[t], e[t])[0] for t in range(N)]), (0,) * N, 0
    # dp over traits: (value, allocation) for each number of tokens spent so far
    table: dict[int, tuple[float, tuple[int, ...]]] = {0: (0.0, ())}
    for t in range(N):
        n1, n2 = dice_halves[t]
        nxt: dict[int, tuple[float, tuple[int, ...]]] = {}
        for spent, (val, alloc) in table.items():
            room = max(0, n1 + 2 * n2 - e[t])  # more tokens than free halves cannot help
            for k in range(0, min(tokens - spent, room) + 1):
                pairs, _ = _with_externals(n1, n2, e[t] + k)
                v = val + weights[t] * pairs - cost * k
                key = spent + k
                if key not in nxt or v > nxt[key][0] + 1e-9:
                    nxt[key] = (v, alloc + (k,))
        table = nxt
    best = None
    for spent, (val, alloc) in sorted(table.items()):
        left = tokens - spent
        tt = max(weights) - 2 * cost
        extra = (left // 2) * tt if tt > 0 else 0.0
        if best is None or val + extra > best[0] + 1e-9:
            best = (val + extra, alloc, left // 2 if tt > 0 else 0)
    return best


def _canon(sources) -> tuple:
    return tuple(sorted(s for s in sources if s))


def _solve(F: tuple, e: tuple[int, ...], tokens: int, dice_halves: tuple, weights: tuple, cost: float):
    key = (F, e, tokens, dice_halves, weights, cost)
    hit = _MEMO.get(key)
    if hit is not None:
        return hit
    if tokens and max(weights) <= 2 * cost:
        # tokens only help by joining a free half: more than there are halves is the same
        cap = sum([n1 + 2 * n2 for n1, n2 in dice_halves]) + sum([len(s) for s in F])
        if tokens > cap:
            result = _MEMO[key] = _solve(F, e, cap, dice_halves, weights, cost)
            return result
    if not F:
        val, alloc, tt = _leaf(e, tokens, dice_halves, weights, cost)
        result = (val, ("leaf", alloc, tt))
    else:
        S, rest = F[0], F[1:]
        h, S_rest = S[0], S[1:]
        G = _canon(rest + (S_rest,))
        best = None
        for t in (range(N) if h == ANY else (h,)):
            if e[t] < dice_halves[t][0] + 2 * dice_halves[t][1]:  # a free die half is left to join
                e2 = e[:t] + (e[t] + 1,) + e[t + 1 :]
                v = _solve(G, e2, tokens, dice_halves, weights, cost)[0]
                if best is None or v > best[0] + 1e-9:
                    best = (v, ("ext", t))
        if best is None:  # leaving the half alone is never better than offering it to dice halves
            best = (_solve(G, e, tokens, dice_halves, weights, cost)[0], ("drop",))
        tried = set()
        for i, X in enumerate(rest):
            for j, x in enumerate(X):
                if (X, x) in tried:
                    continue
                tried.add((X, x))
                traits = _traits_for(h, x)
                if not traits:
                    continue
                t = max(traits, key=lambda k: (weights[k], -k))
                X_rest = X[:j] + X[j + 1 :]
                G2 = _canon(rest[:i] + rest[i + 1 :] + (X_rest, S_rest))
                v = weights[t] + _solve(G2, e, tokens, dice_halves, weights, cost)[0]
                if v > best[0] + 1e-9:
                    best = (v, ("pair", X, x, t))
        if tokens:
            t = max(_traits_for(h, ANY), key=lambda k: (weights[k], -k))
            v = weights[t] - cost + _solve(G, e, tokens - 1, dice_halves, weights, cost)[0]
            if v > best[0] + 1e-9:
                best = (v, ("token", t))
        result = best
    if len(_MEMO) > 100_000:
        _MEMO.clear()
    _MEMO[key] = result
    return result


def _setup_match(dice: Sequence, pairs: Sequence[Pair]):
    """Free halves split into trait-die halves (by trait and die) and friendly sources."""
    by_trait: list[dict[int, list[int]]] = [{} for _ in range(N)]
    friendly: dict[int, list[tuple[int, int]]] = {}
    for d, s, c in open_halves(dice, pairs):
        if dice[d].kind < N:
            by_trait[c].setdefault(d, []).append(s)
        else:
            friendly.setdefault(d, []).append((c, s))
    dice_halves = tuple(
        (sum(1 for v in by_trait[t].values() if len(v) == 1), sum(1 for v in by_trait[t].values() if len(v) == 2))
        for t in range(N)
    )
    return by_trait, friendly, dice_halves


SYMBOLS_FIRST = 0.01  # the default token cost: a token is spent wherever it adds a symbol


def best_value(
    dice: Sequence,
    tokens: int = 0,
    pairs: Sequence[Pair] = (),
    weights: Sequence[float] | None = None,
    token_cost: float = SYMBOLS_FIRST,
) -> float:
    """What ``best_match`` would add (weighted symbols minus tokens spent), without
    building the pairs: cheap enough for a bot to compare rolls."""
    w = tuple(float(x) for x in (weights if weights is not None else (1.0,) * N))
    _, friendly, dice_halves = _setup_match(dice, pairs)
    F = _canon(tuple(sorted(c for c, _ in hs)) for hs in friendly.values())
    return _solve(F, (0,) * N, tokens, dice_halves, w, float(token_cost))[0]


def best_match(
    dice: Sequence,
    tokens: int = 0,
    pairs: Sequence[Pair] = (),
    weights: Sequence[float] | None = None,
    token_cost: float = SYMBOLS_FIRST,
) -> list[Pair]:
    """The pairs that make the most of the halves still free on this roll.

    ``dice``: the roll (objects with ``kind`` and ``face``); ``tokens``: friendly tokens
    still free to use; ``pairs``: pairs already made (kept); ``weights``: what a whole
    symbol of each trait is worth (default 1 each); ``token_cost``: what spending a
    friendly token costs in the same units (by default next to nothing: the most symbols,
    then the fewest tokens, two tokens joined when that makes one more symbol). Returns
    new pairs, in the order to make them; a pair of two wild halves comes with the trait
    the weights prefer (``listed`` gives the step that makes it).
    """
    w = tuple(float(x) for x in (weights if weights is not None else (1.0,) * N))
    cost = float(token_cost)
    key = (tuple((d.kind, d.face) for d in dice), tuple(pairs), tokens, w, cost)
    hit = _PROPOSALS.get(key)
    if hit is not None:
        return list(hit)
    result = _best_match(dice, tokens, pairs, w, cost)
    # whoever makes these pairs one by one asks again after each: remember the rest
    if len(_PROPOSALS) > 20_000:
        _PROPOSALS.clear()
    made = list(pairs)
    left = tokens
    for k in range(len(result) + 1):
        _PROPOSALS[(key[0], tuple(made), left, w, cost)] = tuple(result[k:])
        if k < len(result):
            made.append(result[k])
            left -= (result[k].a == TOKEN) + (result[k].b == TOKEN)
    return result


_PROPOSALS: dict[tuple, tuple[Pair, ...]] = {}


def _best_match(dice: Sequence, tokens: int, pairs: Sequence[Pair], w: tuple, cost: float) -> list[Pair]:
    by_trait, friendly, dice_halves = _setup_match(dice, pairs)
    # concrete friendly sources: die -> halves sorted by colour (matching the canonical tuples)
    sources = {d: sorted(hs) for d, hs in friendly.items()}
    out: list[tuple[tuple[int, int], tuple[int, int], int]] = []  # (ref, ref, trait)
    externals: list[list[tuple[int, int]]] = [[] for _ in range(N)]  # per trait: friendly refs
    e = (0,) * N
    toks = tokens
    while True:
        order = sorted(sources, key=lambda d: (tuple(c for c, _ in sources[d]), d))
        F = tuple(tuple(c for c, _ in sources[d]) for d in order)
        _, decision = _solve(F, e, toks, dice_halves, w, cost)
        if decision[0] == "leaf":
            alloc, tt = decision[1], decision[2]
            break
        d0 = order[0]
        c0, s0 = sources[d0].pop(0)
        if not sources[d0]:
            del sources[d0]
        kind = decision[0]
        if kind == "ext":
            t = decision[1]
            externals[t].append((d0, s0))
            e = e[:t] + (e[t] + 1,) + e[t + 1 :]
        elif kind == "pair":
            X, x, t = decision[1], decision[2], decision[3]
            partner = next(d for d in order[1:] if d in sources and tuple(c for c, _ in sources[d]) == X)
            j = next(k for k, (c, _) in enumerate(sources[partner]) if c == x)
            _, s1 = sources[partner].pop(j)
            if not sources[partner]:
                del sources[partner]
            out.append(((d0, s0), (partner, s1), t))
        elif kind == "token":
            out.append(((d0, s0), (TOKEN, 0), decision[1]))
            toks -= 1
    # each trait: outside halves (then tokens) join dice halves, the rest pair among themselves
    for t in range(N):
        n1, n2 = dice_halves[t]
        ext = externals[t] + [(TOKEN, 0)] * alloc[t]
        _, m = _with_externals(n1, n2, len(ext))
        dice_refs = {d: list(ss) for d, ss in by_trait[t].items()}
        for ref in ext[:m]:
            d = max(dice_refs, key=lambda k: (len(dice_refs[k]), -k))
            out.append(((d, dice_refs[d].pop(0)), ref, t))
            if not dice_refs[d]:
                del dice_refs[d]
        while sum(len(v) for v in dice_refs.values()) >= 2 and len(dice_refs) >= 2:
            ranked = sorted(dice_refs, key=lambda k: (-len(dice_refs[k]), k))
            d1, d2 = ranked[0], ranked[1]
            out.append(((d1, dice_refs[d1].pop(0)), (d2, dice_refs[d2].pop(0)), t))
            for d in (d1, d2):
                if not dice_refs[d]:
                    del dice_refs[d]
    if tt:
        best_t = max(range(N), key=lambda k: (w[k], -k))
        out.extend(((TOKEN, 0), (TOKEN, 0), best_t) for _ in range(tt))
    return _canonical_pairs(dice, pairs, out)


def _canonical_pairs(dice: Sequence, pairs: Sequence[Pair], raw) -> list[Pair]:
    """Pairs in the form legal_pairs offers: refs ordered, and on a die whose free halves
    share a colour, the first free slot used first."""
    used = {(p.a, p.a_half) for p in pairs} | {(p.b, p.b_half) for p in pairs}
    result = []
    for r1, r2, t in raw:
        refs = []
        for d, s in (r1, r2):
            if d != TOKEN:
                c = FACES[dice[d].kind][dice[d].face][1][s]
                s = next(k for k, ck in enumerate(FACES[dice[d].kind][dice[d].face][1]) if ck == c and (d, k) not in used)
                used.add((d, s))
            refs.append((d, s))
        (a, sa), (b, sb) = refs
        if a == TOKEN or (b != TOKEN and b < a):
            (a, sa), (b, sb) = (b, sb), (a, sa)
        result.append(pair(a, sa, b, sb, t))
    return result


# --- auto_match ------------------------------------------------------------------------


def best_count(dice: Sequence, tokens: int) -> tuple[int, int]:
    """(the most pairs the roll makes, the fewest friendly tokens among ``tokens`` that
    make that many): what ``best_match`` reaches with its default weights, worked out
    without building the pairs (it is asked on every breeding step: kept per dice list,
    which is never changed in place)."""
    hit = _COUNTS.get(id(dice))
    if hit is not None and hit[0] is dice and hit[1] == tokens:
        return hit[2]
    result = _most(halves(dice), tokens)
    if len(_COUNTS) > 4096:
        _COUNTS.clear()
    _COUNTS[id(dice)] = (dice, tokens, result)  # keeps the list alive: its id is not reused
    return result


_COUNTS: dict[int, tuple] = {}


def _most(free: Sequence[tuple[int, int, int]], tokens: int) -> tuple[int, int]:
    """``best_count`` for these free halves (die, slot, colour).

    Each trait's halves pair among themselves (all but an odd one out, or none when its
    only two halves sit on one die); each half left over takes one wild half; the wild
    halves left pair among themselves, and when they are the two halves of one die, a
    pair of trait halves is split between them (nothing to split: they make nothing)."""
    count = [0] * N  # halves per trait
    last = [-1] * N  # the last die seen with a half of that trait
    dice_of = [0] * N  # dice showing halves of that trait
    wild = 0
    wild_dice: set[int] = set()
    for d, _, c in free:
        if c == ANY:
            wild += 1
            wild_dice.add(d)
        else:
            count[c] += 1
            if last[c] != d:
                last[c] = d
                dice_of[c] += 1
    inside = left = 0
    for t in range(N):
        if count[t] == 2 and dice_of[t] == 1:
            left += 2  # two halves on one die: each needs a wild partner
        else:
            inside += count[t] // 2
            left += count[t] % 2
    lone_pair = wild == 2 and len(wild_dice) == 1  # the two halves of one die, nothing else wild

    def pairs_with(k: int) -> int:
        w = wild + k
        used = min(w, left)
        if used == 0 and k == 0 and lone_pair and not inside:
            return 0  # (with a pair of trait halves to split, the die's two halves join those)
        return inside + used + (w - used) // 2

    best = pairs_with(tokens)
    k = 0
    while pairs_with(k) < best:
        k += 1
    return best, k


def _construct(free: Sequence[tuple[int, int, int]], tokens: int) -> list[tuple[tuple[int, int], tuple[int, int], int]]:
    """Pairs for these free halves using at most ``tokens`` friendly tokens, as many as
    ``_most`` counts: (ref, ref, trait), ANY for a pair of two wild halves."""
    by_trait: list[list[tuple[int, int]]] = [[] for _ in range(N)]
    wild: dict[int, list[int]] = {}
    for d, s, c in free:
        if c == ANY:
            wild.setdefault(d, []).append(s)
        else:
            by_trait[c].append((d, s))
    out: list = []
    inside: list[int] = []  # positions in out of pairs of two trait halves
    leftovers: list[tuple[tuple[int, int], int]] = []
    for t in range(N):
        hs = sorted(by_trait[t])
        if len(hs) == 2 and hs[0][0] == hs[1][0]:
            leftovers += [(h, t) for h in hs]
            continue
        if len(hs) % 2:  # the odd one out: a half of a die showing two, if there is one
            k = next((k for k in range(len(hs) - 1) if hs[k][0] == hs[k + 1][0]), len(hs) - 1)
            leftovers.append((hs.pop(k), t))
        half = len(hs) // 2
        for k in range(half):  # sorted by die, a die's two halves sit side by side: never together
            inside.append(len(out))
            out.append((hs[k], hs[k + half], t))
    # wild halves: the first halves of friendly dice showing two, single ones, the second
    # halves, then tokens; the leftovers take them in that order
    twos = [d for d in sorted(wild) if len(wild[d]) == 2]
    pool = [(d, wild[d][0]) for d in twos] + [(d, wild[d][0]) for d in sorted(wild) if len(wild[d]) == 1]
    pool += [(d, wild[d][1]) for d in twos] + [(TOKEN, 0)] * tokens
    for (ref, t), w in zip(leftovers, pool):
        out.append((ref, w, t))
    rest = pool[len(leftovers) :]
    # the rest pair among themselves: always a half of the die with most left and another's
    by_die: dict[int, list[tuple[int, int]]] = {}
    for ref in rest:
        by_die.setdefault(ref[0] if ref[0] != TOKEN else -2 - len(by_die), []).append(ref)  # a token: its own
    while True:
        live = sorted((k for k in by_die if by_die[k]), key=lambda k: -len(by_die[k]))
        if len(live) < 2:
            break
        a, b = by_die[live[0]].pop(0), by_die[live[1]].pop(0)
        out.append((a, b, ANY))
    left = [by_die[k] for k in by_die if by_die[k]]
    if len(left) == 1 and len(left[0]) == 2 and not leftovers and inside:
        # the two halves of one die and nothing else wild: split a pair of trait halves
        x, y, t = out[inside[0]]
        w1, w2 = left[0]
        out[inside[0]] = (x, w1, t)
        out.append((y, w2, t))
    return out


def auto_match(dice: Sequence, tokens: int, pairs: Sequence[Pair], prefer) -> list[Pair] | None:
    """The pairs the auto-match leaves on the roll: the most symbols, then the fewest
    friendly tokens spent. The pairs already made stay if they are part of such a pairing;
    if they are not (a science card changed a die, or they were made by hand), every pair
    is made again. ``tokens``: the player's friendly tokens, those in pairs included;
    ``prefer(counts)``: the trait (index) a wild pair is named for, given the symbols
    per trait so far. None when the pairs made are already as good (or a wild pair is
    waiting for its trait)."""
    if deciding(pairs):
        return None
    used = tokens_used(pairs)
    most, need = best_count(dice, tokens)
    if (most, -need) <= (len(pairs), -used):
        return None
    every = halves(dice)
    free = open_halves(dice, pairs) if pairs else every
    more, more_need = _most(free, tokens - used) if pairs else (0, 0)
    if pairs and (len(pairs) + more, -(used + more_need)) >= (most, -need):
        kept, raw = list(pairs), _construct(free, more_need)
    else:
        kept, raw, free = [], _construct(every, need), every
    return _as_pairs(dice, kept, free, raw, prefer)


def thrifty_match(dice: Sequence, tokens: int, price: float, prefer) -> list[Pair]:
    """The pairs of the whole roll that make the most of ``symbols - price * tokens
    spent`` (``price`` per friendly token; ties: fewer tokens), as ``auto_match`` names
    and orders them: the number of tokens worth spending is tried one by one."""
    every = halves(dice)
    best, spend = None, 0
    for k in range(tokens + 1):
        most, need = _most(every, k)
        value = most - price * need
        if best is None or value > best + 1e-9:
            best, spend = value, need
    return _as_pairs(dice, [], every, _construct(every, spend), prefer)


def _as_pairs(dice: Sequence, kept: list[Pair], free: Sequence[tuple[int, int, int]], raw, prefer) -> list[Pair]:
    """``kept`` and then the pairs of ``raw`` (refs and trait, ANY for a wild pair) among
    the halves ``free``, as steps: each wild pair named by ``prefer(counts)``."""
    counts = symbols(dice, kept)
    for _, _, t in raw:
        if t != ANY:
            counts[t] += 1
    # as legal_pairs offers them: refs in order, a token second, and on a die whose two
    # halves share a colour the first free one used first
    slots: dict[int, list[int]] = {}
    for d, sl, _ in free:
        slots.setdefault(d, []).append(sl)
    out = kept
    for (a, sa), (b, sb), t in raw:
        if t == ANY:
            t = prefer(counts)
            counts[t] += 1
        if a != TOKEN:
            sa = slots[a].pop(0)
        if b != TOKEN:
            sb = slots[b].pop(0)
        if a == TOKEN or (b != TOKEN and b < a):
            a, sa, b, sb = b, sb, a, sa
        out.append(pair(a, sa, b, sb, t))
    return out
