"""The table's outlook after a Problem check: how likely the team is to win from there.

The expert's judgement of an unfinished game. A position right after a round's check
(before the Clean-up lays out the next round) is described by a few numbers (FEATURES:
Fear under the columns, what the problems ask for, the cards in hand, the cheese and
whose it is, the Nightmare and the table) and a logistic model per round turns them
into a chance of winning. The weights are data (content/outlook.json), fitted by
bench/fox_matters_outlook_fit.py over seeded games of the expert's own play.

Only what every seat may see goes in: nothing here looks at a deck or a face-down card.
"""

from __future__ import annotations

import math
from importlib import resources
from typing import Iterable, Sequence

import msgspec

from . import check, content
from .content import ANY, CARDS, FEAR_KIND, KNIGHT, NIGHTMARE, SYMBOL_INDEX
from .rules import NIGHTMARE_COLUMN, ROUNDS, relief_deal

FEATURES: tuple[str, ...] = (
    "bias",
    "columns_at_two_fear",  # a column that fails once more loses the game
    "columns_at_one_fear",
    "symbols_asked",  # by every column with problems, faced Fear counted
    "symbols_asked_at_two_fear",
    "symbols_asked_at_one_fear",
    "problems",
    "full_columns",  # three problems: the next ones spill over
    "nightmare_column_asks",  # the column the Nightmare comes down into
    "nightmare_column_problems",
    "nightmare_column_fear",
    "symbols_in_hand",  # on Relief and Fox cards (a universal one counts once)
    "fox_cards",
    "gray_tails",
    "universal_symbols",
    "cheese",
    "cheese_to_remove_problems",  # held by knights that can throw away or move a problem
    "cheese_to_draw",
    "cheese_for_fear",
    "cheese_for_gray_tails",
    "symbols_the_nightmare_asks_in_hand",
    "faced_fear",
    "most_asked_at_two_fear",
    "empty_columns",
    "symbol_kinds_in_hand",
    "fear_under_empty_columns",
    "relief_per_round",
    "knights",
    "nightmare_symbols",
    "nightmare_specific",
    "extra_common",
    "harder_complicated",
    "holiday",
)


def _having(kinds: Iterable[str]) -> frozenset[str]:
    return frozenset(k for k, d in KNIGHT.items() if any(a.kind in kinds for a in d.abilities))


_REMOVERS = _having(("remove_common", "move_common"))
_DRAWERS = _having(("draw_relief", "reclaim_relief"))
_FEAR_KNIGHTS = _having(("move_fear", "discard_fear"))
_GRAY_KNIGHTS = _having(("recruit_gray_tail",))


class Outlook(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """content/outlook.json: the features' names (as FEATURES) and one weight per
    feature for the check of each round before the last."""

    features: list[str]
    rounds: list[list[float]]
    fitted: str  # how: games, policy, the script's version

    def __post_init__(self) -> None:
        if tuple(self.features) != FEATURES:
            raise ValueError("outlook.json: its features are not outlook.FEATURES (refit it)")
        if len(self.rounds) != ROUNDS - 1 or any(len(w) != len(FEATURES) for w in self.rounds):
            raise ValueError(f"outlook.json: {ROUNDS - 1} rounds of {len(FEATURES)} weights expected")
        if not all(math.isfinite(x) for w in self.rounds for x in w):
            raise ValueError("outlook.json: a weight is not a number")


def load(data: bytes) -> Outlook:
    return msgspec.json.decode(data, type=Outlook)


OUTLOOK: Outlook = load(resources.files(__package__).joinpath("content/outlook.json").read_bytes())


#: (nightmare, players, knights, holiday) -> the features that stay the same all game
_CONSTANT: dict[tuple, tuple[float, ...]] = {}


def _constant(nightmare: str, players: int, knights: int, holiday: bool) -> tuple[float, ...]:
    key = (nightmare, players, knights, holiday)
    hit = _CONSTANT.get(key)
    if hit is None:
        nm = NIGHTMARE[nightmare]
        hit = _CONSTANT[key] = (
            float(sum(relief_deal(players, nightmare))),
            float(knights),
            float(nm.total),
            float(sum(nm.needs.values())),
            float(content.effect_total(nightmare, "extra_common")),
            float(content.effect_total(nightmare, "problem_plus", "complicated")),
            1.0 if holiday else 0.0,
        )
    return hit


#: one column after a check: (its problems, the kinds of its faced Fear, its Fear tokens)
Column = tuple[Sequence[str], Sequence[str], int]


def features(
    nightmare: str,
    players: int,
    holiday: bool,
    columns: Sequence[Column],
    cards: Iterable[str],
    knights: Sequence[tuple[str, int]],
) -> list[float]:
    """The FEATURES of a position after a check: ``cards`` every card in every hand,
    ``knights`` (id, cheese) of every knight."""
    two = one = asked = asked2 = asked1 = problems = full = faced = empty = idle_fear = 0
    most2 = 0
    nm_asks = nm_problems = nm_fear = 0
    for c, (probs, up, fear) in enumerate(columns):
        if c == NIGHTMARE_COLUMN:
            nm_fear = fear
        if not probs:
            empty += 1
            idle_fear += fear
            continue
        faced += len(up)
        total = check.requirement(probs, up, 0, nightmare)[0]
        asked += total
        problems += len(probs)
        if len(probs) >= 3:
            full += 1
        if fear >= 2:
            two += 1
            asked2 += total
            most2 = max(most2, total)
        elif fear == 1:
            one += 1
            asked1 += total
        if c == NIGHTMARE_COLUMN:
            nm_asks, nm_problems = total, len(probs)
    wanted = {SYMBOL_INDEX[s] for s in NIGHTMARE[nightmare].needs}
    symbols = fox = gray = wild = nm_symbols = 0
    kinds = 0
    for cid in cards:
        card = CARDS[cid]
        if card.kind == "gray":
            gray += 1
            continue
        if card.kind == "fox":
            fox += 1
        for s in card.symbols:
            symbols += 1
            if s == ANY:
                wild += 1
            else:
                kinds |= 1 << s
                if s in wanted:
                    nm_symbols += 1
    cheese = remove = draw = fear_cheese = gray_cheese = 0
    for kid, held in knights:
        cheese += held
        if kid in _REMOVERS:
            remove += held
        if kid in _DRAWERS:
            draw += held
        if kid in _FEAR_KNIGHTS:
            fear_cheese += held
        if kid in _GRAY_KNIGHTS:
            gray_cheese += held
    return [
        1.0,
        two,
        one,
        asked,
        asked2,
        asked1,
        problems,
        full,
        nm_asks,
        nm_problems,
        nm_fear,
        symbols,
        fox,
        gray,
        wild,
        cheese,
        remove,
        draw,
        fear_cheese,
        gray_cheese,
        nm_symbols,
        faced,
        most2,
        empty,
        bin(kinds).count("1"),
        idle_fear,
        *_constant(nightmare, players, len(knights), holiday),
    ]


def features_of(state, cheese: Sequence[tuple[str, int]] | None = None) -> list[float]:
    """The FEATURES of a game State as the check leaves it; ``cheese`` (id, cheese) of
    every knight when not the state's own (shares still to be made)."""
    return _state_features(
        state,
        [col.problems for col in state.columns],
        [hc.card for hand in state.hands for hc in hand],
        cheese if cheese is not None else [(k.id, k.cheese) for k in state.knights],
    )


def features_before_clean_up(state) -> list[float]:
    """The FEATURES of the position the last check left, read back from the State the
    Clean-up has made of it (the next round's Planning, before anyone acts): the check's
    report says which columns kept their problems (the Clean-up only adds problems after
    them), and the face-down cards in hand are the Clean-up's deal."""
    kept = {c.column: c.problems for c in state.reports[-1].columns if not c.met}
    return _state_features(
        state,
        [kept.get(c, []) for c in range(len(state.columns))],
        [hc.card for hand in state.hands for hc in hand if hc.up],
        [(k.id, k.cheese) for k in state.knights],
    )


def _state_features(state, problems: Sequence[Sequence[str]], cards: list[str], cheese) -> list[float]:
    return features(
        state.nightmare,
        len(state.seats),
        state.options.holiday,
        [(p, [FEAR_KIND[f.token] for f in col.fear if f.up], len(col.fear)) for p, col in zip(problems, state.columns)],
        cards,
        cheese,
    )


def chance(round_: int, values: Sequence[float], weights: Outlook | None = None) -> float:
    """The chance of winning from a position after the check of ``round_`` (1..ROUNDS-1)."""
    z = sum(w * x for w, x in zip((weights or OUTLOOK).rounds[round_ - 1], values))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
