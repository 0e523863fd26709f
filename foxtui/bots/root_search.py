"""The expert level: a search among the root moves only, by rollouts over
determinizations (flat Monte Carlo, also called perfect-information Monte Carlo). It
builds no tree: the seat's later decisions, and every other seat's, are played by the
game's rollout policy, not searched (an information-set tree search, as in OpenSpiel's
ISMCTS, would search them too).

Written once for every game, on the engine contract. A search sees what its seat may
see and nothing more: the seat's View, its legal actions, its rng, and a
:class:`Sampler` that deals states the seat cannot tell apart from the real one
(built on the game's ``determinize``). Each simulation takes a fresh sample, plays a
candidate action in it, lets every seat play on by the game's rollout policy for a
while, and scores the position by the game's evaluation; the statistics of every
sample are pooled per candidate (the one information set searched: what the seat
knows now), and candidates are tried by UCB. A game may ask for a paired search
instead (``Expertise.paired``): each sample is played with every candidate, and a
move is judged by its difference from the favourite's.

Its budget is a number of simulations, never the clock, and every random choice
comes from the bot's rng: the same question gives the same answer on every machine,
so a record replays byte for byte.

Per game only two things are given (:class:`Expertise`): the rollout policy (the
sensible bot's choices) and the evaluation of an unfinished position.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Any, Callable, NamedTuple, Sequence

import msgspec

from foxtui.engine.game import Game, IllegalAction
from foxtui.engine.rng import Rng

#: a rollout policy: (sampled state, seat to act, its legal actions, rng) -> one of them
Rollout = Callable[[Any, int, list, Rng], Any]
#: an evaluation: (sampled state, seat) -> how good it is for the seat, 0 (lost) to 1 (won)
Evaluate = Callable[[Any, int], float]


class Sampler:
    """States one seat cannot tell apart from the real one.

    It is built from what the seat may know (the game's ``knowledge``, never the real
    state); ``sample(seed)`` deals everything hidden from the seat. So the samples are
    the same from any two states the seat cannot tell apart (tests/engine/test_expert.py).
    """

    __slots__ = ("game", "seat", "_known")

    def __init__(self, game: Game, seat: int, known: Any) -> None:
        self.game = game
        self.seat = seat
        self._known = known

    def sample(self, seed: int) -> Any:
        return self.game.determinize(self._known, seed)


class Expertise(NamedTuple):
    """What one game gives the search."""

    #: how every seat plays inside a simulation
    rollout: Rollout
    #: the value of a (sampled) position for a seat, 0..1; finished games are scored
    #: by their Outcome before this is asked
    evaluate: Evaluate
    #: simulations per decision (tuned by bench/expert_strength.py)
    budget: int = 200
    #: steps of the other seats a simulation plays after the candidate before it is
    #: evaluated (the seat's own steps in between are not counted: see simulate)
    horizon: int = 40
    #: the move the search starts from and keeps unless another is clearly better
    #: (the sensible bot's, from the View alone); None: no favourite
    prior: Callable[[Any, Sequence[Any], Rng], Any] | None = None
    #: every candidate is played in the same samples with the same rollout seeds, and
    #: judged by its difference from the favourite in each (common random numbers):
    #: where a move's worth shows only as a small change of score, the noise of the
    #: samples would hide it from means taken over different samples
    paired: bool = False
    #: the legal moves a bot of this game may make at all, from the View (a bot's
    #: manners, not its judgement: a Fox Matters knight never plays a person's card);
    #: None: every legal move
    manners: Callable[[Any, Sequence[Any]], list] | None = None


def bot_rollout(game: Game, bot: Callable[[Any, Sequence[Any], Rng], Any]) -> Rollout:
    """A rollout policy that lets ``bot`` choose from the acting seat's view of the sample."""

    def rollout(state: Any, seat: int, legal: list, rng: Rng) -> Any:
        return bot(game.view(state, seat), legal, rng)

    return rollout


def outcome_value(game: Game, state: Any, seat: int) -> float | None:
    """1 for a win, 0 for a loss, 1/2 for a shared win; None while the game goes on."""
    out = game.outcome(state)
    if out is None:
        return None
    if out.coop_won is not None:
        return 1.0 if out.coop_won else 0.0
    if seat not in out.winners:
        # a place counts a little: second of four is better than last
        n = len(out.ranking)
        return 0.25 * (n - 1 - out.ranking.index(seat)) / max(1, n - 1)
    return 1.0 / len(out.winners)


def margin_value(scores: Sequence[float], seat: int, scale: float) -> float:
    """A competitive position from the seats' scores so far: the lead over the best of
    the others, squashed into 0..1 (``scale`` points of lead is about 3 to 1)."""
    others = [s for n, s in enumerate(scores) if n != seat]
    lead = scores[seat] - (max(others) if others else 0.0)
    return 0.5 + 0.5 * math.tanh(lead / (2.0 * scale))


class SearchStats(NamedTuple):
    """What one search did (bench/expert_strength.py reports it)."""

    simulations: int
    candidates: int
    chosen: int


#: the statistics of the last search in this process (for the benchmark only)
last_stats: SearchStats | None = None

# A candidate other than the favourite is chosen only when its mean beats the
# favourite's by this many standard errors, more among many candidates (the best of
# forty noisy means beats the favourite by chance alone): the search has to prove a
# change. Below 2.0 the expert lost seeded Master Fox games by changing good moves.
_PROOF = 2.0
_UCB = 0.7
#: simulations each candidate should get at least (fewer candidates are searched)
MIN_VISITS = 8


class Abandoned(Exception):
    """The search was called off (its answer is no longer wanted)."""


def search(
    view: Any,
    legal: Sequence[Any],
    rng: Rng,
    sampler: Sampler,
    expertise: Expertise,
    budget: int | None = None,
    abandon: Callable[[], bool] | None = None,
) -> Any:
    """The action the search prefers among ``legal`` (see the module docstring).
    ``abandon``: asked between simulations; True raises Abandoned (never a move)."""
    global last_stats
    legal = list(legal)
    if expertise.manners is not None:
        legal = expertise.manners(view, legal) or legal
    if len(legal) == 1:
        last_stats = SearchStats(0, 1, 0)
        return legal[0]  # a trivial decision takes no search
    budget = expertise.budget if budget is None else budget
    game, seat = sampler.game, sampler.seat
    same_as = equivalents(game, sampler, legal, rng)
    if all(c == 0 for c in same_as):
        last_stats = SearchStats(0, len(legal), 0)
        return legal[0]  # every move does the same: nothing to search
    favourite = 0
    if expertise.prior is not None:
        choice = expertise.prior(view, legal, Rng(rng.next64()))
        favourite = same_as[legal.index(choice)] if choice in legal else 0
    # Among many moves a small budget learns nothing about each: the favourite and a
    # few others drawn at random, each simulated about MIN_VISITS times. A move that
    # does what an earlier one does is not searched again.
    others = [c for c in range(len(legal)) if c != favourite and same_as[c] == c]
    keep = max(1, budget // (MIN_ROUNDS if expertise.paired else MIN_VISITS) - 1)
    if len(others) > keep:
        rng.shuffle(others)
        others = sorted(others[:keep])
    pool = [favourite, *others]
    all_legal, legal, favourite = legal, [legal[c] for c in pool], 0
    if expertise.paired:
        chosen, sims = _search_paired(sampler, legal, rng, expertise, budget, abandon)
        last_stats = SearchStats(sims, len(legal), all_legal.index(legal[chosen]))
        return legal[chosen]
    n = len(legal)
    visits = [0] * n
    total = [0.0] * n
    squares = [0.0] * n
    sims = 0
    for i in range(budget):
        if abandon is not None and abandon():
            raise Abandoned()
        # a candidate whose simulations all came back empty (it could not be played in
        # the samples) has no mean: it is not scored, and tried again only while none is
        scored = [c for c in range(n) if visits[c]] if i >= n else []
        if not scored:
            k = (favourite + i) % n  # everyone once, the favourite first
        else:
            log_n = math.log(i)
            k = max(
                scored,
                key=lambda c: total[c] / visits[c] + _UCB * math.sqrt(log_n / visits[c]),
            )
        value = simulate(game, sampler.sample(rng.next64()), seat, legal[k], Rng(rng.next64()), expertise)
        if value is None:
            continue
        sims += 1
        visits[k] += 1
        total[k] += value
        squares[k] += value * value
    chosen = _choose(visits, total, squares, favourite)
    last_stats = SearchStats(sims, n, all_legal.index(legal[chosen]))
    return legal[chosen]


#: rounds a paired search plays at least (each candidate once per round)
MIN_ROUNDS = 20


def _search_paired(
    sampler: Sampler,
    legal: list,
    rng: Rng,
    expertise: Expertise,
    budget: int,
    abandon: Callable[[], bool] | None,
) -> tuple[int, int]:
    """The index of the candidate to play (the favourite, 0, unless another's mean
    difference from it over the rounds is proven, as _choose asks) and the simulations."""
    game, seat, n = sampler.game, sampler.seat, len(legal)
    diffs: list[list[float]] = [[] for _ in range(n)]
    sims = 0
    for _ in range(max(1, budget // n)):
        if abandon is not None and abandon():
            raise Abandoned()
        sample = sampler.sample(rng.next64())
        seed = rng.next64()
        values = [simulate(game, sample, seat, action, Rng(seed), expertise) for action in legal]
        sims += sum(v is not None for v in values)
        if values[0] is None:
            continue
        for c in range(1, n):
            if values[c] is not None:
                diffs[c].append(values[c] - values[0])
    best, best_mean = 0, 0.0
    proof = _proof(n)
    for c in range(1, n):
        d = diffs[c]
        if len(d) < 2:
            continue
        m = sum(d) / len(d)
        var = max(0.0, sum(x * x for x in d) / len(d) - m * m) / (len(d) - 1)
        if m > best_mean and m > proof * math.sqrt(var) + 1e-9:
            best, best_mean = c, m
    return best, sims


#: samples in which two moves must give the same state to count as the same move:
#: enough that chance rarely makes two different moves agree in all of them (two
#: Fox Experiment re-rolls of different dice showing the same face give the same state
#: in about one sample in five; in 3 samples they were merged now and then)
EQUIVALENCE_SAMPLES = 8


def equivalents(game: Game, sampler: Sampler, legal: Sequence[Any], rng: Rng) -> list[int]:
    """For each move, the index of the first move that does the same: the states they
    lead to are equal in each of a few samples (two Touches of spots that differ only
    in what is hidden lead to different states in some sample, so they stay apart)."""
    keys: list[list[bytes]] = [[] for _ in legal]
    # Only moves whose states so far match another's are played in the next sample: a
    # move unlike every other in one sample stays apart whatever the rest show. (Every
    # sample's seed is still drawn, so the bot's rng goes on as if all were played.)
    undecided = list(range(len(legal)))
    for _ in range(EQUIVALENCE_SAMPLES):
        seed = rng.next64()
        if not undecided:
            continue
        state = sampler.sample(seed)
        for c in undecided:
            try:
                keys[c].append(_encode(game.apply(state, sampler.seat, legal[c])))
            except IllegalAction:
                keys[c].append(b"")  # never happens for a legal move; kept apart below
        alike = Counter(tuple(keys[c]) for c in undecided)
        undecided = [c for c in undecided if keys[c][-1] and alike[tuple(keys[c])] > 1]
    first: dict[tuple[bytes, ...], int] = {}
    left = set(undecided)
    return [first.setdefault(tuple(keys[c]), c) if c in left else c for c in range(len(legal))]


_encode = msgspec.msgpack.encode


def _choose(visits: list[int], total: list[float], squares: list[float], favourite: int) -> int:
    def mean(c: int) -> float:
        return total[c] / visits[c] if visits[c] else -1.0

    best = max(range(len(visits)), key=lambda c: (visits[c], mean(c), -c))
    if best == favourite or not visits[favourite] or visits[best] < 2:
        return favourite if visits[favourite] else best
    # the standard error of the difference of the two means
    var = 0.0
    for c in (best, favourite):
        m = mean(c)
        var += max(0.0, squares[c] / visits[c] - m * m) / visits[c]
    margin = mean(best) - mean(favourite)
    return best if margin > _proof(len(visits)) * math.sqrt(var) + 1e-9 else favourite


def _proof(candidates: int) -> float:
    """How many standard errors a change of the favourite must be proven by."""
    return max(_PROOF, math.sqrt(2.0 * math.log(candidates)))


#: a simulation plays at most this many of the seat's own steps (which the horizon does
#: not count), so that it ends whatever the rollout does. Only a guard: a cap that cuts
#: a simulation short takes steps from the others, and a move that spends more of the
#: seat's own steps (taking a pair back) would look better for the others' lost progress.
OWN_STEPS_CAP = 200


def simulate(game: Game, state: Any, seat: int, action: Any, rng: Rng, expertise: Expertise) -> float | None:
    """Play ``action`` in a sample, then rollout until the other seats have taken
    ``horizon`` steps, and evaluate.
    None when the action cannot be played in this sample (a seat's legal actions
    follow from its View, so it always should)."""
    try:
        state = game.apply(state, seat, action)
    except IllegalAction:
        return None
    rollout = expertise.rollout
    # The horizon counts what the others do (their steps and the clock's), not the
    # seat's own steps: otherwise a move that only spends steps pushes the others'
    # next moves out of sight and looks better for it. The Fox Experiment's expert
    # took a pair back and made it again, without end, to put off its rival's turn.
    others = own = 0
    while others < expertise.horizon and own < OWN_STEPS_CAP:
        if game.outcome(state) is not None:
            break
        to_act = game.to_act(state)
        if not to_act:
            break
        actor = min(to_act)  # as a session does: the first seat whose decision is pending
        legal = game.legal_actions(state, actor)
        if not legal:
            clock = game.clock(state)
            if clock is None:
                break
            others += 1  # the clock's step is nobody's own
            state = game.apply(state, actor, clock.step)
            continue
        if actor == seat:
            own += 1
        else:
            others += 1
        state = game.apply(state, actor, rollout(state, actor, legal, rng))
    value = outcome_value(game, state, seat)
    return expertise.evaluate(state, seat) if value is None else value


class ExpertBot:
    """The expert level of one game: a bot that searches (see :func:`search`).

    Unlike the other levels it needs a :class:`Sampler` too; the session gives it one
    (``searches`` says so)."""

    searches = True

    def __init__(self, game_id: str, expertise: Callable[[], Expertise]) -> None:
        self.game_id = game_id
        self._make = expertise
        self._expertise: Expertise | None = None

    @property
    def expertise(self) -> Expertise:
        if self._expertise is None:
            self._expertise = self._make()  # late: the game's module may still be loading
        return self._expertise

    def __call__(
        self,
        view: Any,
        legal: Sequence[Any],
        rng: Rng,
        sampler: Sampler,
        budget: int | None = None,
        abandon: Callable[[], bool] | None = None,
    ) -> Any:
        return search(view, legal, rng, sampler, self.expertise, budget, abandon)


def expert_level(
    game_id: str,
    policy: Callable[[Any, Sequence[Any], Rng], Any],
    evaluate: Evaluate,
    budget: int,
    horizon: int,
    paired: bool = False,
    rollout: Rollout | None = None,
    manners: Callable[[Any, Sequence[Any]], list] | None = None,
) -> ExpertBot:
    """A game's expert: ``policy`` (its sensible bot) names the favourite and plays the
    rollouts (from each seat's View of the sample, unless the game gives ``rollout``, a
    cheaper way to the same choices), ``evaluate`` scores where a simulation stops,
    ``manners`` keeps the moves a bot may not make out of the search."""

    def expertise() -> Expertise:
        from foxtui.games import GAMES  # late: the game's module may still be loading

        play = rollout if rollout is not None else bot_rollout(GAMES[game_id], policy)
        return Expertise(play, evaluate, budget=budget, horizon=horizon, prior=policy, paired=paired, manners=manners)

    return ExpertBot(game_id, expertise)
