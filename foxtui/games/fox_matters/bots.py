"""Fox Matters bots. They see only their seat's View (which, in this game, shows
everything any player may see) and are pure functions of it: the cooperative bot
draws no chance at all, so ``explain(view, action)`` can always say why it chose
what it chose, and ``suggestion(view, legal)`` tells a person what it would do in
their place.

The cooperative bot is a table mate. It uses its own seat's cards and knights and
those of the other bots' seats; a person's cards and knights are theirs: a bot never
plays, takes back or moves them, and counts a person's knight where it stands.

- Planning: spends its own knights' cheese (safety first: a Fear token away
  from a column about to get its third; then more cards, Gray Tails, fewer
  problems). It faces a Fear token only for a column it plans to deal with this
  round: it looks ahead at likely deals of the face-down cards (drawn from the
  cards nobody has seen, the same way for the same view) and faces the token when
  the Action plan deals with that column, token faced, in at least a third of
  them. Then Ready.
- Action: works out a plan from every face-up card and knight it may use: the
  columns that must not fail (two Fear tokens, or the Nightmare in the last round)
  first, then the best value for the symbols still missing. Each step carries out
  the next move of that plan (a knight marker first, then the next card of a
  chain); with nothing left to do it says it is done. The plan is rebuilt from the
  view every step and comes out the same as long as nobody else interferes, so bots
  never undo each other.
- Sharing cheese: the suggested share (one at a time to the knight with the least),
  except that a knight able to move or throw away Fear gets one while a column
  holds two Fear tokens.
"""

from __future__ import annotations

from typing import Any, Sequence

from foxtui.engine.rng import Rng, seed_state

from . import check, content
from .actions import END_ACTION, READY, EndAction, FaceFear, MoveKnight, PickFox, PlayCard, Ready, ShareCheese, UseAbility
from .content import ALL_MASK, ANY, CARDS, KNIGHT, PROBLEM, SYMBOL_INDEX

N = 5
#: a bot that has taken this many steps in one phase stops (a safety net; plans are much shorter)
STEP_CAP = 400
MUST = 10_000  # value of a column whose failure loses the game
#: Fear is faced (for a column the plan deals with) up to this round: a faced token goes
#: away with the problems, a face-down one never does; in the last round it is not worth it
FACE_UNTIL = 4
#: likely deals of the face-down cards looked at before facing Fear, and how many of them
#: (at least a third) must see the column dealt with (measured against half: more wins)
LOOKS = 6
LOOKS_NEEDED = 2


# --- planning the Action --------------------------------------------------------------


_BITS = [tuple(s for s in range(N) if m >> s & 1) for m in range(ALL_MASK + 1)]
_POP = [len(b) for b in _BITS]


class _Col:
    """One column as the planner sees it."""

    __slots__ = ("index", "problems", "faced", "fear", "cards", "gray", "value", "nightmare", "fixed")

    def __init__(self, index: int, col: Any, nightmare: str, fixed: list[int], faced: list[str] | None = None) -> None:
        self.index = index
        self.problems = list(col.problems)
        self.faced = [f.kind for f in col.fear if f.up] if faced is None else faced
        self.fear = len(col.fear)
        self.cards = [p.card for p in col.cards]
        self.gray = bool(self.cards) and CARDS[self.cards[0]].kind == "gray"
        self.nightmare = nightmare in self.problems
        self.value = 0.0
        self.fixed = fixed  # symbols of knights standing there that the bot may not move


def _usable(view: Any) -> list[bool]:
    """The seats whose cards and knights this bot may use: its own and every bot's."""
    humans = view.humans
    me = view.seat
    return [s == me or not humans[s] for s in range(len(humans))]


def _value(col: _Col, round_: int, rounds: int) -> float:
    if col.nightmare or col.fear >= 2:
        return MUST
    if round_ >= rounds:
        return 0.5  # the last round: only the Nightmare and the dangerous columns matter
    value = 2.0 * len(col.problems)
    value += 4.0 * col.fear  # a second token would make the column a danger
    value += 3.0 * len(col.faced)  # faced Fear goes away with the problems
    if len(col.problems) >= 3:
        value += 3.0  # full columns spill over
    value += sum(1.5 for p in col.problems if PROBLEM[p].kind == "complicated")
    return value


class _Plan:
    __slots__ = ("column", "cards", "knights")

    def __init__(self, column: int, cards: list[str], knights: list[str]) -> None:
        self.column = column
        self.cards = cards
        self.knights = knights


#: card id -> (Gray Tail, Fox card, symbols shown as bits, follow-up bits, its symbols,
#: the symbols its follow-up bits stand for, shown and followed at once): what _solve reads
_INFO: dict[str, tuple[bool, bool, int, int, tuple[int, ...], tuple[int, ...], int]] = {
    cid: (c.kind == "gray", c.kind == "fox", c.mask, c.follow_mask, c.symbols, _BITS[c.follow_mask], _POP[c.mask & c.follow_mask])
    for cid, c in CARDS.items()
}
_SYMS = range(N)


def _symbols(col: _Col, *more: Sequence[str]) -> tuple[list[int], int]:
    """The symbols per kind and the wild ones of the column's cards (and of ``more``
    cards), with its fixed symbols."""
    info = _INFO
    have = [0] * N
    wild = 0
    for cards in (col.cards, *more):
        for cid in cards:
            for s in info[cid][4]:
                if s == ANY:
                    wild += 1
                else:
                    have[s] += 1
    for s in col.fixed:
        have[s] += 1
    return have, wild


def _solve(
    col: _Col,
    pool: list[str],
    knights: list[tuple[str, int]],
    nightmare: str,
    first: str | None,
    knights_first: bool = True,
) -> _Plan | None:
    """The plan for one column (see _greedy)."""
    return _greedy(col, pool, knights, nightmare, first, knights_first)[0]


def _greedy(
    col: _Col,
    pool: list[str],
    knights: list[tuple[str, int]],
    nightmare: str,
    first: str | None,
    knights_first: bool = True,
) -> tuple[_Plan | None, str | None]:
    """(the plan, or None; the first card it added, or None). Greedy. With ``knights_first``: knights for the specific symbols, then cards, then
    knights for the rest of the total. Otherwise cards first, and knights only for what
    the cards cannot give. Each card is chosen for what it covers and for keeping the
    chain open. ``first`` forces the first card added. (Written for speed: the rollouts
    of the expert ask it thousands of times a second.)"""
    info = _INFO
    gray = col.gray or (first is not None and not col.cards and info[first][0])
    need_total, need = check.requirement(col.problems, col.faced, 3 if gray else 0, nightmare)
    have, wild = _symbols(col)
    fm = info[col.cards[-1]][3] if col.cards else -1
    used_knights: list[str] = []
    free = list(knights)
    # Knights for the specific needs first (they come back every round). This is decided
    # from the problems alone, not from the cards already down, so that the plan stays
    # the same while it is being carried out.
    if knights_first:
        for s in _SYMS:
            for _ in range(need[s]):
                k = next((kn for kn in free if kn[1] == s), None)
                if k is None:
                    break
                free.remove(k)
                used_knights.append(k[0])
                have[s] += 1
    added: list[str] = []
    avail = list(pool)
    counts = [0] * N  # pool cards showing each symbol (a universal one counts everywhere)
    for cid in avail:
        m = info[cid][2]
        for s in _SYMS:
            if m >> s & 1:
                counts[s] += 1
    started = bool(col.cards)
    while True:
        # check.missing_symbols, written out
        missing = [0] * N
        left = wild
        lacking = 0
        for i in _SYMS:
            d = need[i] - have[i]
            if d > 0:
                use = d if d < left else left
                left -= use
                missing[i] = d - use
                lacking += d - use
        extra = need_total - (sum(have) + wild) - lacking
        if extra < 0:
            extra = 0
        short = lacking + extra
        if short == 0:
            return _Plan(col.index, added, used_knights), None
        # the rest of the total can come from any knight
        if knights_first and not lacking and extra <= len(free):
            for k in free[:extra]:
                used_knights.append(k[0])
            return _Plan(col.index, added, used_knights), None
        best, best_score = None, -1e9
        for cid in avail:
            is_gray, is_fox, mask, fmask, symbols, fbits, both = info[cid]
            if fm == -1:
                if is_gray and (started or added):
                    continue
            elif not mask & fm or is_gray:
                continue
            if first is not None and not added and cid != first:
                continue
            if is_gray:
                score = 30.0 if need_total >= 3 and not gray else -1e6
            else:
                gain_spec = 0
                gain_total = 0
                miss = missing[:]
                for s in symbols:
                    if s == ANY:
                        j = miss.index(max(miss))
                        if miss[j] > 0:
                            miss[j] -= 1
                            gain_spec += 1
                        else:
                            gain_total += 1
                    elif miss[s] > 0:
                        miss[s] -= 1
                        gain_spec += 1
                    else:
                        gain_total += 1
                spent = gain_total if gain_total < extra else extra
                useful = gain_spec + spent
                if useful == 0:
                    continue
                score = 10.0 * gain_spec + 4.0 * spent
                # keep the chain open for what is still missing after this card
                if useful < short:
                    followers = -both
                    for s in fbits:
                        followers += counts[s]
                    if followers <= 0:
                        score -= 50.0
                    elif fmask & (
                        (miss[0] > 0) | (miss[1] > 0) << 1 | (miss[2] > 0) << 2 | (miss[3] > 0) << 3 | (miss[4] > 0) << 4
                    ):
                        score += 3.0
                    score += (followers if followers < 6 else 6) * 0.3
                # spend plain Relief cards before the stronger Fox cards
                if is_fox:
                    score -= 2.5
            if score > best_score or (score == best_score and best is not None and cid < best):
                best, best_score = cid, score
        if best is None:
            picked = added[0] if added else None
            if knights_first:
                return None, picked
            return _knights_finish(col, added, used_knights, free, missing, extra), picked
        is_gray, _, mask, fmask, symbols, _, _ = info[best]
        avail.remove(best)
        for s in _SYMS:
            if mask >> s & 1:
                counts[s] -= 1
        added.append(best)
        if is_gray:
            gray = True
            need_total, need = check.requirement(col.problems, col.faced, 3, nightmare)
        for s in symbols:
            if s == ANY:
                wild += 1
            else:
                have[s] += 1
        fm = fmask


def _knights_finish(
    col: _Col, added: list[str], used: list[str], free: list[tuple[str, int]], missing: list[int], extra: int
) -> _Plan | None:
    """Cover what the cards could not with knights, or give up on the column."""
    free = list(free)
    used = list(used)
    for s in range(N):
        for _ in range(missing[s]):
            k = next((kn for kn in free if kn[1] == s), None)
            if k is None:
                return None
            free.remove(k)
            used.append(k[0])
    if extra > len(free):
        return None
    used.extend(k[0] for k in free[:extra])
    return _Plan(col.index, added, used)


def _within_reach(col: _Col, pool: list[str], knights: list[tuple[str, int]], nightmare: str) -> bool:
    """False when the column could not be dealt with even by every card of the pool and
    every knight at once, chain or no chain (and a Gray Tail first if there is one). A
    plan of _greedy only ever adds some of them, and more symbols never need more, so
    then there is no plan for the column, whatever card it began with."""
    info = _INFO
    gray = col.gray or (not col.cards and any(info[c][0] for c in pool))
    need_total, need = check.requirement(col.problems, col.faced, 3 if gray else 0, nightmare)
    have, wild = _symbols(col, pool)
    for _, s in knights:
        have[s] += 1
    missing, extra = check.missing_symbols(need_total, need, have, wild)
    return not extra and not any(missing)


def column_plan(col: _Col, pool: list[str], knights: list[tuple[str, int]], nightmare: str, knights_first: bool) -> _Plan | None:
    """The plan for one column from this pool and these knights, or None."""
    if not _within_reach(col, pool, knights, nightmare):
        return None  # every greedy would fail
    plan, picked = _greedy(col, pool, knights, nightmare, None, knights_first)
    if plan is None and not col.cards and picked is not None:
        # A different first card sometimes opens a better chain. (Forced to begin
        # with the card it chose, or when it chose none, the greedy fails the same way.)
        firsts = sorted({c for c in pool if CARDS[c].kind != "gray"}, key=lambda c: (-len(CARDS[c].symbols), c))[:3]
        for f in firsts:
            if f == picked:
                continue
            plan = _solve(col, pool, knights, nightmare, f, knights_first)
            if plan is not None:
                break
    return plan


def _plan_with(
    nightmare: str,
    cols: list[_Col],
    pool: list[str],
    knights: list[tuple[str, int]],
    knights_first: bool,
    beat: float | None = None,
) -> tuple[list[_Plan], float, int] | None:
    """(the plans, the value of their columns, the cards they use); None as soon as the
    value could no longer reach ``beat`` (the columns left would not make it up)."""
    pool = sorted(pool)
    plans: list[_Plan] = []
    value = 0.0
    cards = 0
    left = sum(col.value for col in cols)
    for col in cols:
        left -= col.value
        plan = column_plan(col, pool, knights, nightmare, knights_first)
        if plan is None:
            if beat is not None and value + left < beat - 1e-6:
                return None
            continue
        plans.append(plan)
        value += col.value
        cards += len(plan.cards)
        for c in plan.cards:
            pool.remove(c)
        knights = [k for k in knights if k[0] not in plan.knights]
    return plans, value, cards


def _means(view: Any) -> tuple[list[str], list[tuple[str, int]], list[list[int]]]:
    """What the bot may use: (face-up cards, knights it may move with their symbols,
    per column the symbols of the knights standing there that it may not move)."""
    usable = _usable(view)
    pool = [c for seat, hand in enumerate(view.hands) if usable[seat] for c in hand]
    knights = []
    fixed: list[list[int]] = [[] for _ in view.columns]
    for k in view.knights:
        if usable[k.owner]:
            knights.append((k.id, SYMBOL_INDEX[k.symbol]))
        elif k.column >= 0:
            fixed[k.column].append(SYMBOL_INDEX[k.symbol])
    return pool, knights, fixed


def plan_action(view: Any) -> list[_Plan]:
    """The table's plan for the rest of this Action: which columns to complete, how
    (with the cards and knights this bot may use)."""
    pool, knights, fixed = _means(view)
    # The plan is a function of these alone (a column's value asks of the round only
    # whether it is the last): the expert's rollouts ask for the same plan again and
    # again, in every sample of a decision, at every step of carrying it out
    key = (
        view.nightmare,
        view.round >= view.rounds,
        tuple((tuple(c.problems), tuple(c.cards), tuple(c.fear)) for c in view.columns),
        tuple(map(tuple, fixed)),
        tuple(sorted(pool)),
        tuple(knights),
    )
    hit = _PLANS.get(key)
    if hit is None:
        if len(_PLANS) > 4096:
            _PLANS.clear()
        hit = _PLANS[key] = _plan(view, pool, knights, fixed, None)
    return list(hit)


#: plan_action's answers by what they are a function of (see there)
_PLANS: dict[tuple, list[_Plan]] = {}


def _plan(
    view: Any,
    pool: list[str],
    knights: list[tuple[str, int]],
    fixed: list[list[int]],
    faced: dict[int, list[str]] | None,
) -> list[_Plan]:
    """plan_action from given means; ``faced`` overrides the faced Fear of some columns."""
    nightmare = view.nightmare
    cols = [
        _Col(i, c, nightmare, fixed[i], faced.get(i) if faced else None)
        for i, c in enumerate(view.columns)
        if c.problems
    ]
    for col in cols:
        col.value = _value(col, view.round, view.rounds)
    return _best_plan(nightmare, cols, pool, knights)


def in_planning_order(cols: list[_Col], nightmare: str) -> None:
    """Sort the columns the way the planner takes them: those that must be dealt with
    first, then by value per symbol asked."""

    def cost(col: _Col) -> int:
        # from the problems alone (not the cards already down): a stable order
        return max(1, check.requirement(col.problems, col.faced, 0, nightmare)[0])

    cols.sort(key=lambda c: (-(c.value >= MUST), -c.value / cost(c), c.index))


def _best_plan(nightmare: str, cols: list[_Col], pool: list[str], knights: list[tuple[str, int]]) -> list[_Plan]:
    in_planning_order(cols, nightmare)
    # Two ways to spend the table's means; the one that deals with more (then uses
    # fewer cards, which are kept for later rounds) wins.
    best = None
    for knights_first in (True, False):
        got = _plan_with(nightmare, cols, pool, knights, knights_first, best[0][0] if best else None)
        if got is None:
            continue  # it could not have dealt with more
        plans, value, cards = got
        key = (value, -cards)
        if best is None or key > best[0]:
            best = (key, plans)
    return best[1]  # type: ignore[index]


def _action_move(view: Any, legal: Sequence[Any]) -> Any:
    if view.phase_steps >= STEP_CAP:
        return END_ACTION if END_ACTION in legal else legal[0]
    if END_ACTION not in legal:
        return legal[0]
    step = plan_step(view, plan_action(view), set(legal))
    return END_ACTION if step is None else step


def plan_step(view: Any, plans: Sequence[_Plan], legal: set[Any]) -> Any | None:
    """The next legal step toward ``plans``: a knight to its column, else the next card
    of a chain; None when there is none."""
    where = {k.id: k.column for k in view.knights}
    for plan in plans:
        for k in plan.knights:
            if where[k] != plan.column:
                move = MoveKnight(k, plan.column)
                if move in legal:
                    return move
        for c in plan.cards:
            play = PlayCard(c, plan.column)
            if play in legal:
                return play
            break  # the chain must be played in order
    return None


# --- Planning -----------------------------------------------------------------------


def _ability_choice(view: Any, legal: Sequence[Any]) -> Any | None:
    uses = [a for a in legal if isinstance(a, UseAbility)]
    if not uses:
        return None
    cols = view.columns
    last = view.round >= view.rounds

    def kind(a: UseAbility) -> str:
        return KNIGHT[a.knight].abilities[a.ability].kind

    def danger(c: int) -> bool:
        return len(cols[c].fear) >= 2 or view.nightmare in cols[c].problems

    best, best_score = None, 0.0
    for a in uses:
        k = kind(a)
        score = 0.0
        if k == "move_fear":
            if len(cols[a.column].fear) >= 2 and not cols[a.to].fear:
                score = 100.0
        elif k == "discard_fear":
            score = 90.0 if len(cols[a.column].fear) >= 2 else 40.0
        elif k == "remove_common":
            col = cols[a.column]
            score = 50.0 + PROBLEM[col.problems[a.index]].total
            if danger(a.column):
                score += 30.0
        elif k == "draw_relief":
            score = 45.0
        elif k == "recruit_gray_tail":
            score = 44.0
        elif k == "recruit_face_up_fox":
            card = CARDS[view.fox_spots[a.index]]
            score = 40.0 + len(card.symbols) + (1 if card.mask == ALL_MASK else 0)
        elif k == "draw_fox_pick":
            score = 42.0
        elif k == "reclaim_relief":
            score = 35.0 + min(len(view.relief_discard), 2)
        elif k == "move_common":
            col, to = cols[a.column], cols[a.to]
            if danger(a.column) and not danger(a.to) and len(to.problems) <= 1 and not last:
                score = 30.0
        if score > best_score or (score == best_score and best is not None and _key(a) < _key(best)):
            best, best_score = a, score
    return best


def _key(a: UseAbility) -> tuple:
    return (a.knight, a.ability, a.column, a.index, a.to)


# --- facing Fear as part of a plan --------------------------------------------------

#: the fear kinds of all 20 tokens, as a list (the unseen ones are what is left of it)
_ALL_FEAR: list[str] = [f.kind for f in content.FEAR for _ in range(f.count)]
_OUTLOOKS: dict[tuple, dict[int, int]] = {}


def _outlook_key(view: Any) -> tuple:
    cols = tuple(
        (tuple(c.problems), tuple(p.card for p in c.cards), tuple((f.up, f.kind) for f in c.fear), tuple(c.knights))
        for c in view.columns
    )
    return (
        view.nightmare,
        view.round,
        view.rounds,
        tuple(_usable(view)),
        cols,
        tuple(tuple(h) for h in view.hands),
        tuple(view.hidden),
        tuple((k.id, k.owner, k.column) for k in view.knights),
        tuple(view.relief_discard),
    )


def fear_outlook(view: Any) -> dict[int, int]:
    """For each column with a face-down Fear token: in how many of LOOKS likely deals the
    Action plan deals with it when its face-down tokens are faced. The deals are drawn
    from what nobody has seen (the Relief cards not in sight for the face-down cards in
    the hands this bot may use, the Fear kinds not in sight for the tokens), seeded from
    the view, so the same view always looks at the same deals."""
    key = _outlook_key(view)
    hit = _OUTLOOKS.get(key)
    if hit is not None:
        return hit
    candidates = [c for c, col in enumerate(view.columns) if col.problems and any(not f.up for f in col.fear)]
    result = dict.fromkeys(candidates, 0)
    if candidates:
        usable = _usable(view)
        pool, knights, fixed = _means(view)
        seen = set(view.relief_discard)
        for col in view.columns:
            seen.update(p.card for p in col.cards)
        for hand in view.hands:
            seen.update(hand)
        unseen = [c for c in content.RELIEF_IDS if c not in seen]
        kinds = list(_ALL_FEAR)
        for col in view.columns:
            for f in col.fear:
                if f.up:
                    kinds.remove(f.kind)
        hidden = sum(n for seat, n in enumerate(view.hidden) if usable[seat])
        r = Rng(seed_state(view.round, repr(key)))
        for _ in range(LOOKS):
            deal = r.shuffled(unseen)[:hidden]
            tokens = r.shuffled(kinds)
            faced = {}
            for c in candidates:
                col = view.columns[c]
                faced[c] = [f.kind if f.up else tokens.pop() for f in col.fear]
            looked = pool + deal
            # a plan deals only with columns within reach of all the cards and knights
            if not any(
                _within_reach(_Col(c, view.columns[c], view.nightmare, fixed[c], faced[c]), looked, knights, view.nightmare)
                for c in candidates
            ):
                continue
            for plan in _plan(view, looked, knights, fixed, faced):
                if plan.column in result:
                    result[plan.column] += 1
    if len(_OUTLOOKS) > 512:
        _OUTLOOKS.clear()
    _OUTLOOKS[key] = result
    return result


def _fear_choice(view: Any, legal: Sequence[Any]) -> FaceFear | None:
    if view.round > FACE_UNTIL or view.round >= view.rounds:
        return None
    faces = [a for a in legal if isinstance(a, FaceFear)]
    if not faces:
        return None
    outlook = fear_outlook(view)
    for a in faces:
        if outlook.get(a.column, 0) >= LOOKS_NEEDED:
            return a
    return None


def _planning_move(view: Any, legal: Sequence[Any]) -> Any:
    if view.phase_steps < STEP_CAP:
        use = _ability_choice(view, legal)
        if use is not None:
            return use
        face = _fear_choice(view, legal)
        if face is not None:
            return face
    return READY if READY in legal else legal[0]


# --- sharing cheese -------------------------------------------------------------------

_FEAR_ABILITIES = ("move_fear", "discard_fear")


def _share_choice(view: Any, legal: Sequence[Any]) -> Any:
    """The suggested share (measured: spreading the cheese wins more often than piling it
    on the knight with the best abilities), except that when a column holds two Fear
    tokens a knight there that can move or throw away Fear gets a cheese for it."""
    shares = [a for a in legal if isinstance(a, ShareCheese)]
    if not shares or not view.sharing:
        return legal[0]
    share = view.sharing[0]
    best = shares[0]
    if not any(len(c.fear) >= 2 and c.problems for c in view.columns):
        return best
    held = {k.id: k.cheese for k in view.knights}
    split = list(best.cheese)
    for i, k in enumerate(share.knights):
        if held[k] == 0 and split[i] == 0 and any(a.kind in _FEAR_ABILITIES for a in KNIGHT[k].abilities):
            donor = max(range(len(split)), key=lambda j: (split[j], j))
            if split[donor] > 0 and donor != i:
                split[donor] -= 1
                split[i] += 1
                wanted = ShareCheese(share.column, tuple(split))
                return wanted if wanted in shares else best
    return best


def _fox_value(cid: str) -> float:
    card = CARDS[cid]
    return len(card.symbols) + 0.5 * (ANY in card.symbols) + 0.3 * (card.follow_mask == ALL_MASK)


def cooperative_bot(view: Any, legal: Sequence[Any], rng: Rng) -> Any:
    """Plays for the whole table (see the module docstring)."""
    phase = view.phase
    if phase == "pick_fox":
        return max((a for a in legal if isinstance(a, PickFox)), key=lambda a: (_fox_value(a.card), a.card))
    if phase == "planning":
        return _planning_move(view, legal)
    if phase == "action":
        return _action_move(view, legal)
    if phase == "share_cheese":
        return _share_choice(view, legal)
    return legal[0]


# --- saying why ----------------------------------------------------------------------


def _col_name(view: Any, c: int) -> str:
    names = [content.PROBLEM[p].name for p in view.columns[c].problems]
    return f"column {c + 1} ({', '.join(names)})" if names else f"column {c + 1}"


def explain(view: Any, action: Any) -> str:
    """Why the cooperative bot, seeing ``view``, chose ``action``: one sentence. A pure
    function of the two (the bot draws no chance), for the log and for suggestions."""
    if isinstance(action, FaceFear):
        looks = fear_outlook(view).get(action.column, 0)
        return (
            f"The plan deals with {_col_name(view, action.column)} this round "
            f"(in {looks} of {LOOKS} likely deals, with the token faced), so its Fear can go with it."
        )
    if isinstance(action, (PlayCard, MoveKnight)):
        for plan in plan_action(view):
            if plan.column != action.column:
                continue
            if isinstance(action, PlayCard):
                left = len(plan.cards) - plan.cards.index(action.card) if action.card in plan.cards else 0
                more = f"; {left - 1} more card{'s' if left != 2 else ''} to follow" if left > 1 else ""
                return f"Part of the plan to deal with {_col_name(view, plan.column)}{more}."
            symbol = content.LABELS[KNIGHT[action.knight].symbol]
            return f"The {KNIGHT[action.knight].name}'s {symbol} is part of the plan for {_col_name(view, plan.column)}."
        return "Part of the plan for this Action."
    if isinstance(action, UseAbility):
        a = KNIGHT[action.knight].abilities[action.ability]
        return f"Cheese is best spent now: {content.ability_short(a)}."
    if isinstance(action, PickFox):
        return f"{CARDS[action.card].name} gives the most symbols of the cards on offer."
    if isinstance(action, ShareCheese):
        if list(action.cheese) == list(view.suggested_share):
            return "The suggested share: each cheese to the knight with the least."
        return "A column holds two Fear tokens: a knight that can move or throw away Fear gets a cheese."
    if isinstance(action, Ready):
        return "Nothing more to do before the Action: no Fear worth facing, no cheese worth spending."
    if isinstance(action, EndAction):
        return "The plan is carried out: nothing more it may play would deal with a column."
    return "It is what the rules leave."


def suggestion(view: Any, legal: Sequence[Any]) -> tuple[Any, str] | None:
    """What the cooperative bot would do in this seat's place, and why (None with nothing
    to do). For a person's seat: it uses that seat's cards and knights and the bots',
    never another person's."""
    if not legal:
        return None
    action = cooperative_bot(view, legal, Rng(0))
    return action, explain(view, action)


__all__ = ["cooperative_bot", "explain", "fear_outlook", "plan_action", "suggestion"]
