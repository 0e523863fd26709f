"""Trivial decisions take no search: one legal move, or moves that all do the same.
And a move that does what another does is searched once, never merged with one that
differs only in what the seat cannot see."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
from test_expert import CASES, random_states

from foxtui.bots import root_search
from foxtui.bots.root_search import Expertise, Sampler, equivalents, search
from foxtui.engine import Rng
from foxtui.engine.game import IllegalAction
from foxtui.games import GAMES


class Toy(msgspec.Struct, frozen=True):
    hidden: int  # the seat cannot see it: determinize deals it
    mark: int = 0
    done: bool = False


class ToyGame:
    """One decision for seat 0, then the game is over (outcome by the mark)."""

    def __init__(self, effects: dict[str, Any]) -> None:
        self.effects = effects
        self.applied: list[str] = []

    def to_act(self, state: Toy) -> frozenset[int]:
        return frozenset() if state.done else frozenset({0})

    def legal_actions(self, state: Toy, seat: int) -> list[str]:
        return list(self.effects)

    def apply(self, state: Toy, seat: int, action: str) -> Toy:
        if action not in self.effects:
            raise IllegalAction(action)
        self.applied.append(action)
        return Toy(state.hidden, self.effects[action](state), True)

    def outcome(self, state: Toy) -> None:
        return None  # the evaluation below scores it

    def clock(self, state: Toy) -> None:
        return None

    def determinize(self, known: Toy, seed: int) -> Toy:
        return Toy(Rng(seed).below(10), known.mark, known.done)


EXPERTISE = Expertise(rollout=lambda s, seat, legal, rng: legal[0], evaluate=lambda s, seat: s.mark / 10, budget=40)


def run(effects: dict[str, Any]) -> tuple[str, ToyGame]:
    game = ToyGame(effects)
    choice = search(None, list(effects), Rng(1), Sampler(game, 0, Toy(3)), EXPERTISE)  # type: ignore[arg-type]
    return choice, game


def steps_comparing(effects: dict[str, Any]) -> int:
    """How many steps a search first plays to compare the moves (as comparing them alone does)."""
    alone = ToyGame(effects)
    equivalents(alone, Sampler(alone, 0, Toy(3)), list(effects), Rng(1))  # type: ignore[arg-type]
    return len(alone.applied)


def test_moves_that_all_do_the_same_take_no_search() -> None:
    choice, _ = run({"a": lambda s: 1, "b": lambda s: 1, "c": lambda s: 1})
    assert choice == "a"
    assert root_search.last_stats is not None and root_search.last_stats.simulations == 0


def test_a_move_that_does_what_another_does_is_searched_once() -> None:
    effects = {"a": lambda s: 1, "b": lambda s: 1, "c": lambda s: 5}
    choice, game = run(effects)
    assert choice == "c"
    assert root_search.last_stats is not None and root_search.last_stats.simulations > 0
    searched = game.applied[steps_comparing(effects) :]
    assert "b" not in searched and "a" in searched and "c" in searched


def test_moves_that_differ_only_in_a_hidden_fact_stay_apart() -> None:
    # "x" marks the hidden value, "y" marks 3: the same state when the hidden value is 3
    game = ToyGame({"x": lambda s: s.hidden, "y": lambda s: 3})
    same_as = equivalents(game, Sampler(game, 0, Toy(3)), ["x", "y"], Rng(1))  # type: ignore[arg-type]
    assert same_as == [0, 1]


@pytest.mark.parametrize("game_id,players", CASES)
def test_moves_counted_as_the_same_do_the_same_in_other_samples(game_id: str, players: int) -> None:
    game = GAMES[game_id]
    enc = msgspec.msgpack.encode
    merged = 0
    for state in random_states(game, players, 11, every=7)[:-1][:60]:
        seat = min(game.to_act(state))
        legal = game.legal_actions(state, seat)
        if len(legal) < 2:
            continue
        sampler = Sampler(game, seat, game.knowledge(state, seat))
        same_as = equivalents(game, sampler, legal, Rng(2))
        for c, first in enumerate(same_as):
            if first == c:
                continue
            merged += 1
            for seed in range(100, 106):
                sample = sampler.sample(seed)
                assert enc(game.apply(sample, seat, legal[c])) == enc(game.apply(sample, seat, legal[first])), (
                    f"{game_id}: {legal[c]} and {legal[first]} were counted as the same move"
                )
    if game_id == "master-fox":
        assert merged  # the property was really exercised


def every_move_in_every_sample(game: Any, sampler: Sampler, legal: list, rng: Rng) -> list[int]:
    """Equivalents the plain way (a twin of root_search.equivalents written apart from it):
    every move played in every one of the samples, moves alike in all of them merged."""
    enc = msgspec.msgpack.encode
    samples = [sampler.sample(rng.next64()) for _ in range(root_search.EQUIVALENCE_SAMPLES)]
    keys = []
    for action in legal:
        key = []
        for sample in samples:
            try:
                key.append(enc(game.apply(sample, sampler.seat, action)))
            except IllegalAction:
                key.append(None)
        keys.append(key)
    return [
        next(d for d in range(len(legal)) if keys[d] == keys[c]) if None not in keys[c] else c
        for c in range(len(legal))
    ]


@pytest.mark.parametrize("game_id,players", CASES)
def test_equivalents_stop_playing_a_move_once_it_is_unlike_every_other_and_answer_the_same(
    game_id: str, players: int
) -> None:
    # equivalents plays a move in the next sample only while it still matches another:
    # the answer, and where the bot's rng is left, are those of playing every move in all
    game = GAMES[game_id]
    tried = merged = 0
    for state in random_states(game, players, 5, every=5)[:-1][:40]:
        seat = min(game.to_act(state))
        legal = game.legal_actions(state, seat)
        if len(legal) < 2:
            continue
        sampler = Sampler(game, seat, game.knowledge(state, seat))
        quick_rng, plain_rng = Rng(7), Rng(7)
        same_as = equivalents(game, sampler, legal, quick_rng)
        assert same_as == every_move_in_every_sample(game, sampler, legal, plain_rng), f"{game_id}: {legal}"
        assert quick_rng.next64() == plain_rng.next64()
        tried += 1
        merged += sum(first != c for c, first in enumerate(same_as))
    assert tried
    if game_id == "master-fox":
        assert merged  # moves alike in every sample were met, not only moves told apart


class Race(msgspec.Struct, frozen=True):
    seat: int = 0  # whose step it is
    score: int = 0  # seat 0's: every step of seat 1 takes one away


class RaceGame:
    """Seat 0 may "wait" (a step of its own that changes nothing) or "pass" to seat 1,
    whose every step costs seat 0 a point. Waiting only puts seat 1's step off: a
    search whose horizon counted seat 0's own steps saw one step of seat 1 fewer after
    "wait", and chose it (the Fox Experiment's expert took back and re-made a pair,
    over and over)."""

    def to_act(self, state: Race) -> frozenset[int]:
        return frozenset({state.seat})

    def legal_actions(self, state: Race, seat: int) -> list[str]:
        return ["pass", "wait"] if seat == 0 else ["move"]

    def apply(self, state: Race, seat: int, action: str) -> Race:
        if action == "wait":
            return state
        if action == "pass":
            return Race(1, state.score)
        return Race(0, state.score - 1)

    def outcome(self, state: Race) -> None:
        return None

    def clock(self, state: Race) -> None:
        return None

    def determinize(self, known: Race, seed: int) -> Race:
        return known


def _race_expertise(paired: bool = False) -> Expertise:
    """Seat 0's first move (pass, or work) in the rollouts, seat 1's one move; seat 0's
    score is the value; three steps of seat 1 ahead."""
    return Expertise(
        rollout=lambda s, seat, legal, rng: legal[0],
        evaluate=lambda s, seat: 0.5 + s.score / 100,
        budget=40,
        horizon=3,
        prior=lambda view, legal, rng: legal[0],
        paired=paired,
    )


def test_steps_of_the_seats_own_do_not_put_the_others_out_of_sight() -> None:
    choice = search(None, ["pass", "wait"], Rng(1), Sampler(RaceGame(), 0, Race()), _race_expertise())  # type: ignore[arg-type]
    assert choice == "pass"


class Chores(msgspec.Struct, frozen=True):
    seat: int = 0
    left: int = 10  # seat 0's steps of work before seat 1's turn
    score: int = 0  # seat 0's: every step of seat 1 takes one away


class ChoresGame(RaceGame):
    """Seat 0 has ten steps of work to do before seat 1 plays; "undo" takes one back.
    A simulation capped at a count of steps in all (own and others') ran out of steps
    sooner after "undo", saw fewer of seat 1's, and chose it: the Fox Experiment's
    expert took pairs back in a breeding of many pups (217 times in one game)."""

    def legal_actions(self, state: Chores, seat: int) -> list[str]:  # type: ignore[override]
        return ["work", "undo"] if seat == 0 else ["move"]

    def apply(self, state: Chores, seat: int, action: str) -> Chores:  # type: ignore[override]
        if action == "undo":
            return Chores(0, state.left + 1, state.score)
        if action == "work":
            return Chores(0 if state.left > 1 else 1, max(0, state.left - 1), state.score)
        return Chores(1, 0, state.score - 1)  # seat 1 plays on


def test_a_long_run_of_the_seats_own_steps_does_not_cut_the_others_short() -> None:
    sampler = Sampler(ChoresGame(), 0, Chores())  # type: ignore[arg-type]
    assert search(None, ["work", "undo"], Rng(1), sampler, _race_expertise(paired=True)) == "work"


def _never(state: Toy) -> int:
    raise IllegalAction("not in any sample")  # (the View said it could be played)


def test_a_move_whose_simulations_all_come_back_empty_is_not_scored() -> None:
    # "b" cannot be played in any sample: it has no visit to divide its total by, and
    # the search still ends with one of the moves that could
    effects = {"a": lambda s: 1, "b": _never, "c": lambda s: 5}
    choice, game = run(effects)
    assert choice == "c"
    assert root_search.last_stats is not None and root_search.last_stats.simulations == EXPERTISE.budget - 1
    searched = game.applied[steps_comparing(effects) :]
    assert searched.count("b") == 1  # tried once, as every move is, then left alone
