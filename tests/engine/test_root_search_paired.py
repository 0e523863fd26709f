"""The paired search (common random numbers): every candidate is played in the same
samples, and a move is judged by its difference from the favourite in each. A small,
steady gain that the noise of the samples hides from means over different samples is
found (Foxpaw's moves differ so: a point or two over a few steps)."""

from __future__ import annotations

from typing import Any

import msgspec

from foxtui.bots.root_search import Expertise, Sampler, search
from foxtui.engine import Rng


class Pick(msgspec.Struct, frozen=True):
    """One decision: the seat picks a move; the luck it cannot see (``luck``) is dealt
    by ``determinize``."""

    luck: int = 0
    picked: str = ""


class OneDecision:
    """A toy game on the part of the engine contract the search uses."""

    def determinize(self, known: Pick, seed: int) -> Pick:
        return Pick(Rng(seed).below(1000), known.picked)

    def apply(self, state: Pick, seat: int, action: str) -> Pick:
        return Pick(state.luck, action)

    def outcome(self, state: Pick) -> None:
        return None

    def to_act(self, state: Pick) -> list[int]:
        return [] if state.picked else [0]


def _value(state: Any, seat: int) -> float:
    # the luck swings the value by 0.9; "steady" is worth 0.02 more in every deal
    return state.luck / 1000 * 0.9 + (0.02 if state.picked == "steady" else 0.0)


def _chosen(paired: bool) -> list[str]:
    expertise = Expertise(
        rollout=lambda state, seat, legal, rng: legal[0],
        evaluate=_value,
        budget=80,
        horizon=1,
        prior=lambda view, legal, rng: "plain",
        paired=paired,
    )
    game = OneDecision()
    sampler = Sampler(game, 0, Pick())  # type: ignore[arg-type]
    return [search(None, ["plain", "steady"], Rng(seed), sampler, expertise) for seed in range(10)]


def test_a_paired_search_finds_a_steady_gain_the_luck_of_the_samples_hides():
    assert _chosen(paired=True) == ["steady"] * 10
    # the same question unpaired: the gain is within the noise, the favourite stays
    assert _chosen(paired=False).count("steady") <= 2


def test_a_paired_search_keeps_the_favourite_when_no_move_is_better():
    expertise = Expertise(
        rollout=lambda state, seat, legal, rng: legal[0],
        evaluate=lambda state, seat: state.luck / 1000,  # the move changes nothing
        budget=80,
        horizon=1,
        prior=lambda view, legal, rng: "steady",
        paired=True,
    )
    sampler = Sampler(OneDecision(), 0, Pick())  # type: ignore[arg-type]
    assert [search(None, ["plain", "steady"], Rng(s), sampler, expertise) for s in range(10)] == ["steady"] * 10
