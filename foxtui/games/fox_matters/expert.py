"""The expert knights of Fox Matters: the search of foxtui/bots/root_search.py, with a table
mate that looks ahead to the Problem check.

The cooperative bot deals with every column it can, every round; the Nightmare of the
last round then finds the team's hands empty. The expert weighs each column against
what it costs:

- **Action, before the last round.** Of every set of columns the table could deal with
  (those at two Fear tokens always among them), it carries out the plan whose position
  after the check has the best outlook (outlook.py: the chance of winning from there,
  fitted over seeded games). A column left for later takes a Fear token but keeps its
  cards in hand; one dealt with earns cheese and clears its problems. Then the knights
  the plan does not need stand on dealt columns that no knight stands on, so that their
  cheese is earned, not lost.
- **The last round:** only the Nightmare and the columns at two Fear tokens count: the
  cooperative bot's plan.
- **Planning, picking a Fox card, sharing cheese:** the cooperative bot's choice is the
  favourite; the search tries the others.

The search's evaluation of a sampled position finishes the round by that plan (the
face-down cards as the sample deals them, face up as at the start of the Action) and
takes the outlook of the position after the check; in the last round, won or lost. A
move that ends the Action (the last to say done) is scored the same way, by the
position its check left, never by the next round's plans: the two differ in kind, and
a knight alone in the Action then found every other move better than saying done.
Everything here reads a seat's View (or the lean copy of it in rollouts), never a deck.
"""

from __future__ import annotations

from typing import Any, Sequence

import msgspec
from foxtui.bots.root_search import expert_level
from foxtui.engine.rng import Rng

from . import check, content, outlook
from .actions import END_ACTION, MoveKnight, PlayCard, TakeBack
from .bots import (
    MUST,
    STEP_CAP,
    _Col,
    _fox_value,
    _means,
    _Plan,
    _usable,
    _value,
    column_plan,
    cooperative_bot,
    in_planning_order,
    plan_action,
    plan_step,
)
from .rules import default_split
from .state import Played
from .view import rollout_view

#: simulations per decision and steps of the other seats per simulation (the evaluation
#: finishes the round itself): bench/expert_strength.py
BUDGET, HORIZON = 40, 0


# --- the plan with the best outlook -----------------------------------------------------


def _with(item: Any, **change: Any) -> Any:
    """A copy of a View part (a Struct) or of a lean view's (a NamedTuple) with ``change``."""
    if isinstance(item, tuple):
        return item._replace(**change)
    return msgspec.structs.replace(item, **change)


def _breaks(view: Any) -> dict[int, int]:
    """Columns whose chain is broken (a card taken out of its middle, or played anyhow at
    the table's own check), by where the first break is (0-based): such a column fails
    whatever is added to it."""
    out = {}
    for c, col in enumerate(view.columns):
        if len(col.cards) > 1:
            broken = check.broken_links([p.card for p in col.cards])
            if broken:
                out[c] = broken[0] - 1
    return out


def _mended(view: Any) -> tuple[Any, list[str]]:
    """The view once the table has taken back every card from each break of a chain on
    (its own and the bots' cards: a person's card it leaves alone, and then that column
    stays broken), and the cards to take back, the last of each column first."""
    breaks = _breaks(view)
    if not breaks:
        return view, []
    usable = _usable(view)
    hands = [list(h) for h in view.hands]
    columns = list(view.columns)
    back: list[str] = []
    for c, at in breaks.items():
        col = view.columns[c]
        tail = col.cards[at:]
        if all(usable[p.owner] for p in tail):
            for p in reversed(tail):
                back.append(p.card)
                hands[p.owner].append(p.card)
            columns[c] = _with(col, cards=col.cards[:at])
    if not back:
        return view, []
    return _with(view, columns=columns, hands=hands), back


def _plan_choices(view: Any, leave_out: frozenset[int]) -> dict[int, list[_Plan]]:
    """For every set of columns (bits over the planner's order) the plans the cooperative
    planner makes for them: the columns it must deal with in every set, the rest in or
    out. A column the planner cannot deal with is the same in or out (it is kept once).
    ``leave_out``: columns kept out unless they must be dealt with (for the fit's
    exploration)."""
    pool, knights, fixed = _means(view)
    nightmare = view.nightmare
    broken = _breaks(view)  # what is left broken cannot be dealt with
    cols = [
        _Col(i, c, nightmare, fixed[i])
        for i, c in enumerate(view.columns)
        if c.problems and i not in broken and (i not in leave_out or len(c.fear) >= 2 or nightmare in c.problems)
    ]
    for col in cols:
        col.value = _value(col, view.round, view.rounds)
    in_planning_order(cols, nightmare)
    found: dict[int, list[tuple[list[_Plan], float, int]]] = {}
    n = len(cols)

    def walk(i: int, bits: int, pool: list[str], knights: list[tuple[str, int]], plans: list[_Plan], value: float, cards: int, first: bool) -> None:
        if i == n:
            found.setdefault(bits, []).append((plans, value, cards))
            return
        col = cols[i]
        plan = column_plan(col, pool, knights, nightmare, first)
        if plan is None:
            walk(i + 1, bits, pool, knights, plans, value, cards, first)
            return
        rest = list(pool)
        for c in plan.cards:
            rest.remove(c)
        free = [k for k in knights if k[0] not in plan.knights]
        walk(i + 1, bits | 1 << i, rest, free, [*plans, plan], value + col.value, cards + len(plan.cards), first)
        if col.value < MUST:
            walk(i + 1, bits, pool, knights, plans, value, cards, first)

    for knights_first in (True, False):
        walk(0, 0, sorted(pool), list(knights), [], 0.0, 0, knights_first)
    # per set, the cooperative planner's choice of the two ways: the one that deals with
    # more, then uses fewer cards (knights first on a tie)
    return {bits: max(ways, key=lambda w: (w[1], -w[2]))[0] for bits, ways in sorted(found.items())}


def _standing(view: Any, plans: list[_Plan]) -> dict[str, int]:
    """Where every knight stands once the plan is carried out: the plan's knights on their
    columns, then each dealt column that no knight stands on gets a knight the plan does
    not need (one not on a dealt column already), the column with most problems first."""
    where = {k.id: k.column for k in view.knights}
    needed = set()
    for p in plans:
        for k in p.knights:
            where[k] = p.column
            needed.add(k)
    usable = _usable(view)
    dealt = {p.column for p in plans}
    spare = [k.id for k in view.knights if usable[k.owner] and k.id not in needed and where[k.id] not in dealt]
    for c in sorted(dealt, key=lambda c: (-len(view.columns[c].problems), c)):
        if spare and c not in where.values():
            where[spare.pop(0)] = c
    return where


def _after_check(view: Any, plans: list[_Plan]) -> float:
    """The chance of winning once these plans are carried out and the check made."""
    dealt = {p.column for p in plans} - _breaks(view).keys()
    last = view.round >= view.rounds
    lost = any(
        c not in dealt and col.problems and (len(col.fear) >= 2 or (last and view.nightmare in col.problems))
        for c, col in enumerate(view.columns)
    )
    if lost or last:
        return 0.0 if lost else 1.0
    used = {c for p in plans for c in p.cards}
    cards = [c for hand in view.hands for c in hand if c not in used]
    where = _standing(view, plans)
    cheese = {k.id: k.cheese for k in view.knights}
    supply = content.CHEESE - sum(cheese.values())
    columns: list[outlook.Column] = []
    for c, col in enumerate(view.columns):
        fear = len(col.fear)
        if not col.problems:
            columns.append(((), (), fear))
        elif c in dealt:
            on = [k.id for k in view.knights if where[k.id] == c]
            amount = min(len(col.problems), supply)
            if on and amount:
                supply -= amount
                for k, n in zip(on, default_split([cheese[k] for k in on], amount)):
                    cheese[k] += n
            columns.append(((), (), sum(1 for f in col.fear if not f.up)))
        else:
            cards.extend(p.card for p in col.cards)  # back to their owners' hands
            columns.append((col.problems, [f.kind for f in col.fear if f.up], fear + 1))
    values = outlook.features(
        view.nightmare,
        len(view.humans),
        view.holiday,
        columns,
        cards,
        list(cheese.items()),
    )
    return outlook.chance(view.round, values)


def _key(view: Any, leave_out: frozenset[int]) -> tuple:
    return (
        view.nightmare,
        view.round,
        view.holiday,
        tuple(view.humans),
        view.seat,
        tuple((tuple(c.problems), tuple(c.cards), tuple(c.fear)) for c in view.columns),
        tuple((k.id, k.owner, k.cheese, k.column) for k in view.knights),
        tuple(map(tuple, view.hands)),
        leave_out,
    )


_BEST: dict[tuple, tuple[list[_Plan], float]] = {}


def best_plan(view: Any, leave_out: frozenset[int] = frozenset()) -> tuple[list[_Plan], float]:
    """The plans of the set of columns whose position after the check has the best
    outlook, and that chance, for the table once it has mended its broken chains (see
    _mended). A function of the view alone: remembered by all it reads."""
    key = _key(view, leave_out)
    hit = _BEST.get(key)
    if hit is None:
        view = _mended(view)[0]
        best: tuple[list[_Plan], float] | None = None
        seen = set()
        for plans in _plan_choices(view, leave_out).values():
            same = tuple(sorted((p.column, tuple(sorted(p.cards)), tuple(sorted(p.knights))) for p in plans))
            if same in seen:
                continue
            seen.add(same)
            chance = _after_check(view, plans)
            if best is None or chance > best[1] + 1e-12:
                best = (plans, chance)
        if len(_BEST) > 4096:
            _BEST.clear()
        hit = _BEST[key] = best or ([], _after_check(view, []))
    return hit


def left_for_later(view: Any) -> list[int]:
    """The columns the cooperative plan would deal with this round and the expert's plan
    leaves for later (none in the last round, when the two plans are the same)."""
    if view.round >= view.rounds:
        return []
    mine = {p.column for p in best_plan(view)[0]}
    return sorted({p.column for p in plan_action(_mended(view)[0])} - mine)


# --- the table mate -----------------------------------------------------------------------


def _action_move(view: Any, legal: Sequence[Any], leave_out: frozenset[int] = frozenset()) -> Any:
    if view.phase_steps >= STEP_CAP or END_ACTION not in legal:
        return cooperative_bot(view, legal, Rng(0))
    back = _mended(view)[1]
    if back:  # first mend the broken chains
        return TakeBack(back[0])
    if view.round >= view.rounds:
        return cooperative_bot(view, legal, Rng(0))
    plans = best_plan(view, leave_out)[0]
    legal_set = set(legal)
    step = plan_step(view, plans, legal_set)
    if step is not None:
        return step
    where = {k.id: k.column for k in view.knights}
    for k, c in _standing(view, plans).items():
        if where[k] != c:
            move = MoveKnight(k, c)
            if move in legal_set:
                return move
    return END_ACTION


def expert_policy(view: Any, legal: Sequence[Any], rng: Rng) -> Any:
    """The expert's own choice, from the View alone (see the module docstring); it draws
    no chance."""
    if view.phase == "action":
        return _action_move(view, legal)
    return cooperative_bot(view, legal, rng)


# --- the search's evaluation ------------------------------------------------------------


def evaluate(state: Any, seat: int) -> float:
    """The chance of winning from a sampled position: the round finished by the plan with
    the best outlook, the face-down cards of the sample face up as the Action would show
    them; at a sharing of cheese (the check made), the outlook of the position as the
    suggested shares leave it."""
    if state.phase == "share_cheese":
        cheese = {k.id: k.cheese for k in state.knights}
        for share in state.sharing:
            for k, n in zip(share.knights, default_split([cheese[k] for k in share.knights], share.cheese)):
                cheese[k] += n
        values = outlook.features_of(state, list(cheese.items()))
        return outlook.chance(state.round, values)
    if state.phase == "planning" and state.phase_steps == 0 and state.reports and state.reports[-1].round < state.round:
        # The Action has just ended (a candidate that was the last to say done): the
        # position the check left, scored as the plans of that Action are. Scored by the
        # next round's plans instead it differs from them in kind, and a seat left alone
        # in the Action found "anything but done" better, without end (seen in tmux).
        return outlook.chance(state.round - 1, outlook.features_before_clean_up(state))
    view = rollout_view(state, seat)
    hands = [[hc.card for hc in hand] for hand in state.hands]
    if state.pending is not None:  # the Fox card its player would keep
        pick = state.pending
        hands[pick.seat] = [*hands[pick.seat], max(pick.cards, key=lambda c: (_fox_value(c), c))]
    view = view._replace(phase="action", phase_steps=0, hands=hands, hidden=[0] * len(hands))
    if view.round >= view.rounds:
        view = _mended(view)[0]
        return _after_check(view, plan_action(view))
    return settled_chance(view)


#: times the evaluation carries a plan out and plans again from there
SETTLE = 3


def settled_chance(view: Any) -> float:
    """The chance after the check once the table has carried out the best plan, planning
    again from the cards it has put down while that finds a better one (the table mate
    plans afresh at every step, and cards already under a column can free others for a
    column the first plan had to leave)."""
    view = _mended(view)[0]  # the plans are the mended table's
    plans, chance = best_plan(view)
    for _ in range(SETTLE):
        done = _carried_out(view, plans)
        more, better = best_plan(done)
        if better <= chance + 1e-12:
            break
        view, plans, chance = done, more, better
    return chance


def _carried_out(view: Any, plans: list[_Plan]) -> Any:
    """The (lean) view once ``plans`` are carried out: their cards at the end of their
    columns' chains, their knights on their columns."""
    owner = {c: seat for seat, hand in enumerate(view.hands) for c in hand}
    added: dict[int, list[Played]] = {}
    moved: dict[str, int] = {}
    for p in plans:
        added[p.column] = [Played(c, owner[c]) for c in p.cards]
        for k in p.knights:
            moved[k] = p.column
    used = {c for p in plans for c in p.cards}
    knights = [k._replace(column=moved.get(k.id, k.column)) for k in view.knights]
    columns = []
    for c, col in enumerate(view.columns):
        on = [k.id for k in knights if k.column == c]
        columns.append(col._replace(cards=[*col.cards, *added.get(c, ())], knights=on))
    hands = [[c for c in hand if c not in used] for hand in view.hands]
    return view._replace(columns=columns, knights=knights, hands=hands)


def manners(view: Any, legal: Sequence[Any]) -> list:
    """The moves a bot may make: none that plays or takes back a person's card or moves a
    person's knight (they are that person's to play, as with the cooperative bot)."""
    humans = view.humans
    if not any(humans):
        return list(legal)
    theirs = {c for seat, hand in enumerate(view.hands) if humans[seat] for c in hand}
    theirs.update(p.card for col in view.columns for p in col.cards if humans[p.owner])
    knights = {k.id for k in view.knights if humans[k.owner]}
    return [
        a
        for a in legal
        if not (isinstance(a, (PlayCard, TakeBack)) and a.card in theirs)
        and not (isinstance(a, MoveKnight) and a.knight in knights)
    ]


def rollout(state: Any, seat: int, legal: list, rng: Rng) -> Any:
    """The expert's own choice for ``seat`` in a sampled state, from the lean view of it."""
    return expert_policy(rollout_view(state, seat), legal, rng)


expert_bot = expert_level(
    "fox-matters", expert_policy, evaluate, BUDGET, HORIZON, paired=True, rollout=rollout, manners=manners
)
