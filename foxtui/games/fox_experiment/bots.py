"""The Fox Experiment bots. A bot is a pure function (view, legal, rng) -> action
that looks only at its seat's View.

``sensible_bot`` weighs traits by what its studies still need, drafts the
parents and supply spaces that would be missed most if left, unlocks the
upgrades worth more than their tokens, pairs halves with ``best_match`` and
plays science cards when they clearly help.
"""

from __future__ import annotations

import math
from typing import Any, Sequence

from msgspec.structs import replace

from foxtui.bots.root_search import expert_level
from foxtui.engine.rng import Rng

from .actions import (
    AssignPup,
    ChoosePatron,
    ChooseTrait,
    ConfirmPup,
    DiscardToken,
    EndResearch,
    EndUpgrades,
    KeepStudy,
    Pair,
    PlayScience,
    TakeFox,
    TakeSupply,
    Unlock,
    WildTrait,
)
from .breeding import best_match, best_value, listed, symbols
from .content import (
    BEST_FACE,
    FACES,
    FRIENDLY_TRACK,
    PARENT,
    PATRON,
    PUP_TRACK,
    REWARDS,
    ROUNDS,
    SCIENCE_CARD,
    STUDY,
    STUDY_TRACK,
    TRAIT_INDEX,
    TRAITS,
    UPGRADE,
    WILD,
)
from .state import FREE, Die

N = len(TRAITS)
TOKEN_VALUE = 0.5  # a trait or friendly token left at the end is worth half a point
TOKEN_COST = 0.6  # breeding: a friendly token spent is worth a little more than half a symbol


def needs(view: Any) -> list[float]:
    """How much each trait is wanted: 1, plus what the next level of each unfinished study asks."""
    me = view.players[view.seat]
    w = [1.0] * N
    for st in me.studies:
        if st.level < len(st.levels):
            for t, n in st.levels[st.level].needs.items():
                w[TRAIT_INDEX[t]] += 0.25 * n
    return w


def _first(legal: Sequence[Any], kind: type) -> list[Any]:
    return [a for a in legal if isinstance(a, kind)]


def sensible_bot(view: Any, legal: Sequence[Any], rng: Rng) -> Any:
    if len(legal) == 1:
        return legal[0]
    kinds = {type(a) for a in legal}
    if KeepStudy in kinds:
        return _keep_study(view, _first(legal, KeepStudy))
    if ChooseTrait in kinds:
        return _choose_trait(view, _first(legal, ChooseTrait))
    if ChoosePatron in kinds:
        return _choose_patron(view, _first(legal, ChoosePatron))
    if DiscardToken in kinds:
        me = view.players[view.seat]
        return max(_first(legal, DiscardToken), key=lambda a: (me.tokens[a.trait], -TRAIT_INDEX[a.trait]))
    if TakeFox in kinds or TakeSupply in kinds:
        return _select(view, legal)
    if EndUpgrades in kinds:
        return _upgrade(view, legal)
    if ConfirmPup in kinds:
        return _breed(view, legal)
    if EndResearch in kinds:
        return _research(view, legal)
    return legal[0]


# --- studies, tokens, patrons --------------------------------------------------------


def _study_score(card: str, view: Any) -> float:
    s = STUDY[card]
    me = view.players[view.seat]
    mine = {TRAITS[t] for st in me.studies for lv in st.levels for t in range(N) if lv.needs.get(TRAITS[t])}
    overlap = sum(1 for t in range(N) if s.needs[2][t] and TRAITS[t] in mine)
    return s.points[1] - 1.2 * sum(s.needs[1]) + 0.1 * s.points[2] + 0.5 * overlap


def _keep_study(view: Any, options: list[KeepStudy]) -> KeepStudy:
    return max(options, key=lambda a: (_study_score(a.card, view), a.card))


def _upgrade_gap(tokens: dict[str, int], upgrades: dict[str, int]) -> dict[str, int]:
    """Per trait: tokens still missing for the cheapest next upgrade."""
    gaps = {}
    for t in TRAITS:
        best = 99
        for track in UPGRADE:
            k = upgrades[track.id]
            if k < len(track.costs):
                best = min(best, max(0, track.costs[k] - tokens[t]))
        gaps[t] = best
    return gaps


def _choose_trait(view: Any, options: list[ChooseTrait]) -> ChooseTrait:
    me = view.players[view.seat]
    gaps = _upgrade_gap(me.tokens, me.upgrades)
    return min(options, key=lambda a: (gaps[a.trait] if gaps[a.trait] > 0 else 50, -me.tokens[a.trait], a.trait))


def _patron_value(view: Any, slot: int) -> float:
    me = view.players[view.seat]
    pv = view.patrons[slot]
    side = PATRON[pv.card].a if slot < 2 else PATRON[pv.card].b
    left = ROUNDS - view.round
    kind = side.kind
    if kind == "per_study_level":
        count = sum(s.level for s in me.studies) + 0.6 * left
    elif kind == "per_full_study":
        count = sum(1 for s in me.studies if s.level >= 2) * 0.5
    elif kind == "per_upgrade":
        count = sum(me.upgrades.values()) + 1 + 0.8 * left
    elif kind == "per_track_upgrade":
        count = me.upgrades[side.track] + (0.3 * left)
    elif kind == "per_reward":
        count = len(me.rewards) + 0.25 * left
    elif kind == "per_kennel_fox":
        count = 0.8 * me.pups_per_round
    elif kind == "per_tokens":
        count = (sum(me.tokens.values()) + me.friendly + 2) / side.per
    elif kind == "per_science":
        count = me.science + 1
    elif kind == "per_point_token":
        count = me.points + 0.3 * left
    else:
        count = len(me.patrons) + 1
    return side.amount * count + 0.5 * len(pv.icons)


def _choose_patron(view: Any, options: list[ChoosePatron]) -> ChoosePatron:
    return max(options, key=lambda a: (_patron_value(view, a.slot), -a.slot))


# --- selection -------------------------------------------------------------------------


def _fox_value(fox: Any, w: list[float]) -> float:
    return sum(fox.dice[t] * w[i] for i, t in enumerate(TRAITS)) + 0.05 * fox.friendliness


def _icon_value(icon: str, view: Any) -> float:
    if icon == "science":
        return 1.2
    if icon == "friendly":
        return 0.8
    if icon == "any":
        return 1.3
    me = view.players[view.seat]
    gaps = _upgrade_gap(me.tokens, me.upgrades)
    return 1.3 if 0 < gaps[icon] <= 1 else 1.0


def _space_value(view: Any, space: int) -> float:
    sp = view.track[space]
    order_bonus = 0.25 * (len(view.track) - space) / len(view.track)
    return sum(_icon_value(i, view) for i in sp.icons) + order_bonus + (0.6 if space == 0 else 0.0)


def _select(view: Any, legal: Sequence[Any]) -> Any:
    w = needs(view)
    deck_value = 3.8 * sum(w) / N
    groups: dict[str, list[tuple[float, Any]]] = {"female": [], "male": [], "supply": []}
    for a in legal:
        if isinstance(a, TakeFox):
            if a.index < 0:
                v = deck_value
            else:
                row = view.females if a.sex == "female" else view.males
                v = _fox_value(row[a.index], w)
            groups[a.sex].append((v, a))
        elif isinstance(a, TakeSupply):
            groups["supply"].append((_space_value(view, a.space), a))
    others = max(1, len(view.order) - 1)
    best_choice, best_loss = None, -1e9
    for kind in ("female", "male", "supply"):
        opts = sorted(groups[kind], key=lambda x: -x[0])
        if not opts:
            continue
        if kind != "supply":
            opts = [o for o in opts if o[1].index >= 0] + [o for o in opts if o[1].index < 0]
            opts.sort(key=lambda x: -x[0])
        later = opts[min(len(opts) - 1, (others + 1) // 2)][0]
        loss = opts[0][0] - later
        if loss > best_loss + 1e-9:
            best_choice, best_loss = opts[0][1], loss
    return best_choice


# --- upgrades --------------------------------------------------------------------------


def _upgrade_value(view: Any, track: str) -> float:
    me = view.players[view.seat]
    breedings = ROUNDS - view.round + (1 if view.phase == "upgrades" else 0)
    k = me.upgrades[track]
    points = next(t.points[k] for t in UPGRADE if t.id == track)
    if track == "pup":
        return points + 1.6 * breedings
    if track == "friendly":
        return points + 0.5 * breedings * me.pups_per_round
    if track == "study":
        return points + (4.0 if breedings >= 2 else 1.5 if breedings == 1 else 0.0)
    free = [s for s in range(4) if s not in me.patrons]
    return points + 1.0 + max((_patron_value(view, s) for s in free), default=0.0)


def _upgrade(view: Any, legal: Sequence[Any]) -> Any:
    me = view.players[view.seat]
    best, best_v = None, 0.0
    for a in legal:
        if not isinstance(a, Unlock):
            continue
        track = next(t for t in UPGRADE if t.id == a.track)
        cost = track.costs[me.upgrades[a.track]]
        v = _upgrade_value(view, a.track) - TOKEN_VALUE * cost + 0.01 * me.tokens[a.trait]
        if v > best_v + 1e-9:
            best, best_v = a, v
    return best if best is not None else next(a for a in legal if isinstance(a, EndUpgrades))


# --- breeding --------------------------------------------------------------------------


def _value(dice: list, tokens: int, pairs: list, w: list[float]) -> float:
    counts = symbols(dice, pairs)
    return sum(c * w[t] for t, c in enumerate(counts)) + best_value(dice, tokens, pairs, w, TOKEN_COST)


def _worth_trying(lit: Any, a: PlayScience, w: list[float]) -> bool:
    """Science cards are tried where they can matter: on a blank trait die, or adding a
    die of the most wanted trait."""
    if a.die >= 0:
        d = lit.dice[a.die]
        return d.kind < N and d.wholes == 0 and not d.halves
    if a.trait:
        return TRAIT_INDEX[a.trait] == max(range(N), key=lambda t: (w[t], -t))
    return True


def _science_gain(lit: Any, a: PlayScience, w: list[float], base: float) -> float:
    dice = [Die(d.kind, d.face) for d in lit.dice]
    kind = SCIENCE_CARD[a.card].kind
    pairs = list(lit.pairs)
    if kind in ("reroll", "best_face"):
        pairs = [p for p in pairs if p.a != a.die and p.b != a.die]
        k = dice[a.die].kind
        faces = range(len(FACES[k])) if kind == "reroll" else (BEST_FACE,)
        total = 0.0
        for f in faces:
            trial = dice[:]
            trial[a.die] = Die(k, f)
            total += _value(trial, lit.tokens_free, pairs, w)
        return total / len(faces) - base
    if kind == "extra_die":
        t = TRAIT_INDEX[a.trait]
        return sum(_value(dice + [Die(t, f)], lit.tokens_free, pairs, w) for f in range(len(FACES[t]))) / len(FACES[t]) - base
    return _value(dice + [Die(WILD, 0)], lit.tokens_free, pairs, w) - base


def _breed(view: Any, legal: Sequence[Any]) -> Any:
    me = view.players[view.seat]
    lit = me.litter
    w = needs(view)
    if lit.deciding:  # the wild pair just made: the trait worth most with what is left
        dice = [Die(d.kind, d.face) for d in lit.dice]
        last = lit.pairs[-1]

        def worth(a: WildTrait) -> float:
            pairs = list(lit.pairs[:-1]) + [Pair(last.a, last.a_half, last.b, last.b_half, a.trait)]
            return _value(dice, lit.tokens_free, pairs, w)

        return max(_first(legal, WildTrait), key=worth)
    science = [a for a in _first(legal, PlayScience) if _worth_trying(lit, a, w)][:4] if not lit.pairs else []
    if science:
        dice = [Die(d.kind, d.face) for d in lit.dice]
        base = _value(dice, lit.tokens_free, list(lit.pairs), w)
        scored = [(_science_gain(lit, a, w, base), a) for a in science]
        gain, pick = max(scored, key=lambda x: x[0])
        if gain >= 1.1:
            return pick
    proposal = best_match(lit.dice, lit.tokens_free, lit.pairs, w, TOKEN_COST)
    if proposal:
        step = listed(lit.dice, proposal[0])
        if step in set(a for a in legal if isinstance(a, Pair)):
            return step
    return next(a for a in legal if isinstance(a, ConfirmPup))


# --- research --------------------------------------------------------------------------


def _research(view: Any, legal: Sequence[Any]) -> Any:
    me = view.players[view.seat]
    best, best_v = None, 0.0
    for a in legal:
        if isinstance(a, AssignPup):
            st = me.studies[a.study]
            gain = st.levels[st.level].points - (st.levels[st.level - 1].points if st.level else 0)
            if gain > best_v:
                best, best_v = a, gain
    return best if best is not None else next(a for a in legal if isinstance(a, EndResearch))



#: the expert's simulations per decision and steps per simulation: tuned so that it
#: thinks about a second at most on this 2-core machine (bench/expert_strength.py)
BUDGET, HORIZON = 40, 3


# --- the expert level: the search of foxtui/bots/root_search.py, with this bot's judgement


def _prospect(state: Any, seat: int) -> float:
    """Points this round's pups still promise: the study levels they would complete
    (greedily, the biggest gain first) and the tokens research would give. The pup on
    the table counts as it stands, so a pair made shows at once in the evaluation."""
    from . import foxes
    from .breeding import deciding
    from .rules import make_pup

    p = state.players[seat]
    if state.phase == "research":
        if p.stage != "research":
            return 0.0
    elif state.phase != "breeding":
        return 0.0
    pups = list(p.pups)
    if p.litter is not None and not deciding(p.litter.pairs):
        pups.append(make_pup(state, seat))
    if not pups:
        return 0.0
    free = [i for i in range(len(pups)) if i not in p.assigned]
    level = [st.level for st in p.studies]
    gain = 0.0
    while free:
        best, pick = 0.0, None
        for i in free:
            for k, st in enumerate(p.studies):
                s = STUDY[st.card]
                if level[k] < len(s.points) and foxes.meets(pups[i], s.needs[level[k]]):
                    g = s.points[level[k]] - (s.points[level[k] - 1] if level[k] else 0)
                    if g > best:
                        best, pick = g, (i, k)
        if pick is None:
            break
        gain += best
        free.remove(pick[0])
        level[pick[1]] += 1
    tokens = sum(map(max, zip(*map(foxes.circles, pups))))
    return gain + TOKEN_VALUE * tokens


def _estimate(state: Any, seat: int) -> float:
    """The points a seat can count on: what the final count would give now (tokens at
    their half point each, not rounded down), this round's pups' promise, and what its
    upgrades are still worth in the breedings to come (as the sensible bot weighs them)."""
    from .administration import breakdown
    from .breeding import deciding, pup_marks, tokens_used
    from .rules import WILD_TRAIT, apply

    p = state.players[seat]
    if p.litter is not None and deciding(p.litter.pairs):
        # A pair of wild halves waiting for its trait: counted as the trait worth most,
        # which the seat's next step names. Counted as nothing (the pup left out), joining
        # two wild halves looked like a loss, and the expert took the pair apart again.
        return max(_estimate(apply(state, seat, name), seat) for name in WILD_TRAIT)
    if p.litter is not None:
        # The pup on the table counts as recording it leaves the count: the friendly
        # tokens in its pairs spent, the point tokens of its symbols past a full track
        # won. Counted as still held, those tokens made recording the pup look like a
        # loss, and the expert took a pair apart and joined it again, for ever.
        lit = p.litter
        won = pup_marks(symbols(lit.dice, lit.pairs))[1]
        p = replace(p, friendly=p.friendly - tokens_used(lit.pairs), points=p.points + won)
        state = replace(state, players=[*state.players[:seat], p, *state.players[seat + 1 :]])
    b = breakdown(state, seat)
    fixed = sum(b.values()) - b["leftover tokens"]
    tokens = TOKEN_VALUE * (sum(p.tokens) + p.friendly)
    breedings = ROUNDS - state.round + (1 if state.phase in ("study", "selection", "upgrades") else 0)
    pups_per_round = 1 + p.upgrades[PUP_TRACK]
    future = breedings * (1.6 * p.upgrades[PUP_TRACK] + 0.5 * pups_per_round * p.upgrades[FRIENDLY_TRACK])
    future += p.upgrades[STUDY_TRACK] * (4.0 if breedings >= 2 else 1.5 if breedings == 1 else 0.0)
    outlook = _selection_outlook(state, seat) + _reward_outlook(state, seat)
    return fixed + tokens + _prospect(state, seat) + future + outlook


#: seeded games of sensible bots (2 to 4 players, 6000 breedings): the study points and
#: research tokens (_prospect) a round's pups gave were about PUP_BASE + PUP_PER_DIE per
#: trait die of the parents, per pup; the friendliest pup had about FRIENDLIEST_PER_DIE
#: symbols per trait die, FRIENDLIEST_PER_FRIENDLY_DIE per friendly die and
#: FRIENDLIEST_PER_PUP per pup, FRIENDLIEST_BASE besides (give or take 1.5): bench/fox_experiment_pup_fit.py
PUP_BASE, PUP_PER_DIE = 1.0, 0.19
FRIENDLIEST_PER_DIE, FRIENDLIEST_PER_FRIENDLY_DIE, FRIENDLIEST_PER_PUP, FRIENDLIEST_BASE = 0.96, 0.88, 0.37, -0.5


#: the trait dice of a parent from a deck, on average
_DECK_DICE = sum(sum(c.dice) for c in PARENT.values()) / len(PARENT)


def _icons_worth(icons: Sequence[str]) -> float:
    return sum(1.0 if i == "science" else TOKEN_VALUE for i in icons)


def _parent_dice(state: Any, p: Any) -> int | float:
    """The trait dice of a player's parents this round; for a parent not taken yet, the
    most a fox still free in that row (or the deck, on average) would give."""
    from . import foxes

    total: float = 0
    for fox, row in ((p.female, state.females), (p.male, state.males)):
        if fox is not None:
            total += sum(foxes.dice(fox))
        else:
            total += max([sum(foxes.dice(f)) for f in row if not f.automaton] + [_DECK_DICE])
    return total


def _selection_outlook(state: Any, seat: int) -> float:
    """Before the breeding: what the seat's parents promise its pups (as _prospect will
    count them), with the best fox still free for a parent not taken yet and the best
    supply space still free for one not taken; and this round's friendliness reward,
    from the friendliness such parents breed against the others' (loosely: nothing is
    rolled yet)."""
    from .rules import space_icons

    if state.phase not in ("study", "selection", "upgrades"):
        return 0.0
    p = state.players[seat]
    pups = 1 + p.upgrades[PUP_TRACK]
    value = pups * (PUP_BASE + PUP_PER_DIE * _parent_dice(state, p))
    if p.gear < 0:
        free = [i for i, sp in enumerate(state.track) if sp.claim == FREE]
        value += max((_icons_worth(space_icons(state, i)) for i in free), default=0.0)
    space = _reward_space(state)
    if space >= 0:
        def friendliest(q: Any) -> float:
            friendly_dice, pups = 1 + q.upgrades[FRIENDLY_TRACK], 1 + q.upgrades[PUP_TRACK]
            dice = _parent_dice(state, q)
            return FRIENDLIEST_PER_DIE * dice + FRIENDLIEST_PER_FRIENDLY_DIE * friendly_dice + FRIENDLIEST_PER_PUP * pups + FRIENDLIEST_BASE

        best = [friendliest(q) for q in state.players]
        lead = best[seat] - max(b for s, b in enumerate(best) if s != seat)
        value += _reward_worth(space, 0.5 + 0.5 * math.tanh((lead + 0.5) / 2.0))
    return value


def _reward_space(state: Any) -> int:
    """The friendliness-track space this round's reward goes to (-1: the track is full)."""
    return next((k for k, seats in enumerate(state.rewards) if not seats), -1)


def _reward_worth(space: int, chance: float) -> float:
    """The reward of ``space`` won with this chance (ties win too), else the friendly
    tokens everyone else takes, half a point each."""
    r = REWARDS[space]
    return chance * r.points + (1.0 - chance) * TOKEN_VALUE * r.tokens


def _friendliest(p: Any) -> int:
    """The friendliness of a player's best pup this round, the one on the table as it
    stands (-1: none yet)."""
    best = max((pup.friendliness for pup in p.pups), default=-1)
    if p.litter is not None:
        best = max(best, sum(symbols(p.litter.dice, p.litter.pairs)))
    return best


def _reward_outlook(state: Any, seat: int) -> float:
    """What this round's friendliness reward promises the seat: its space's points if
    its friendliest pup is at least as friendly as everyone else's, else the friendly
    tokens the others take (half a point each); sure once nobody breeds any more,
    shaded while someone still may."""
    if state.phase not in ("breeding", "research"):
        return 0.0
    space = _reward_space(state)
    if space < 0:
        return 0.0
    best = [_friendliest(p) for p in state.players]
    if max(best) < 0:
        return 0.0
    lead = best[seat] - max(b for s, b in enumerate(best) if s != seat)
    if any(p.litter is not None or p.pups_left for p in state.players):
        chance = 0.5 + 0.5 * math.tanh((lead + 0.5) / 1.5)
    else:
        chance = 1.0 if lead >= 0 else 0.0
    return _reward_worth(space, chance)


def _evaluate(state: Any, seat: int) -> float:
    """The seat's estimated points (_estimate) as a lead over the others."""
    from foxtui.bots.root_search import margin_value

    scores = [_estimate(state, s) for s in range(len(state.players))]
    return margin_value(scores, seat, 5.0)


def rollout(state: Any, seat: int, legal: list, rng: Rng) -> Any:
    """The sensible bot's choice for ``seat`` in a sampled state, from the lean view of
    it (view.rollout_view: the same choice as from the full View, at a fraction of the cost)."""
    from .view import rollout_view

    return sensible_bot(rollout_view(state, seat), legal, rng)


# paired: a pup's pairs, a parent or a supply space differ by a point or two, which the
# luck of the samples (the dice to come) would hide from means over different samples
expert_bot = expert_level("fox-experiment", sensible_bot, _evaluate, BUDGET, HORIZON, paired=True, rollout=rollout)
