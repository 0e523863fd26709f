"""The Fox Experiment: how often the sensible bot beats two random bots at a 3-player table.

usage: python tests/games/fox_experiment/fox_experiment_winrate.py [--games N] [--jobs J]

Game k is seeded k and puts the sensible bot in seat k % 3, so every seat and
starting turn position gets its share. The full measurement is --games 200 (the
target is a win in at least 75% of games); the test suite calls ``measure`` with
a few games only (see test_fox_experiment_bots.py).
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

if __name__ == "__main__":  # run as a script from anywhere
    sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from foxtui.engine import Rng, SeatInfo  # noqa: E402
from foxtui.games.fox_experiment import GAME  # noqa: E402

MAX_STEPS = 20_000


def play(bots: list[str], seed: int, options=None, watch=None):
    """One seeded game with these bot levels by seat; returns the final state.
    ``watch(state)``, if given, sees every state on the way."""
    options = options if options is not None else GAME.Options()
    state = GAME.setup([SeatInfo(f"Bot {i + 1}", bot=b) for i, b in enumerate(bots)], options, seed)
    rng = Rng(seed)
    steps = 0
    while True:
        if watch is not None:
            watch(state)
        acting = GAME.to_act(state)
        if not acting:
            return state
        seat = min(acting)  # as a session does: the first bot whose decision is pending
        action = GAME.bots[bots[seat]](GAME.view(state, seat), GAME.legal_actions(state, seat), rng)
        state = GAME.apply(state, seat, action)
        steps += 1
        if steps > MAX_STEPS:
            raise RuntimeError(f"seed {seed} did not end")


def _batch(args: tuple[int, int]) -> int:
    start, count = args
    wins = 0
    for seed in range(start, start + count):
        me = seed % 3
        bots = ["random"] * 3
        bots[me] = "sensible"
        outcome = GAME.outcome(play(bots, seed))
        wins += outcome.winners == [me]
    return wins


def measure(games: int, jobs: int = 1) -> float:
    """The sensible bot's win rate over seeds 0..games-1."""
    chunk = max(1, min(25, games))
    work = [(s, min(chunk, games - s)) for s in range(0, games, chunk)]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            wins = sum(pool.map(_batch, work))
    else:
        wins = sum(_batch(w) for w in work)
    return wins / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    t0 = time.perf_counter()
    rate = measure(args.games, args.jobs)
    print(f"The Fox Experiment, 3 players: sensible bot vs 2 random bots, {args.games} seeded games")
    print(f"sensible bot wins {rate:.1%} (target: at least 75%) ({time.perf_counter() - t0:.0f} s)")


if __name__ == "__main__":
    main()
