"""The Fox Experiment: does the starting turn position decide games? Sensible bots in
every seat, seeded games per player count, win share per starting turn position.

usage: python tests/games/fox_experiment/fox_experiment_balance.py [--games N] [--jobs J] [--players 2,3,...]

The first player is drawn at setup, so "position 1" is whoever started first (seat
numbers alone would be fair by construction). The target: no position wins more
than 1.5 times its fair share (1 / players). The full measurement is --games 300;
the test suite calls ``measure`` with a few games only.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

if __name__ == "__main__":  # run as a script from anywhere
    sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
    sys.path.insert(0, str(Path(__file__).resolve().parent))

from fox_experiment_winrate import play  # noqa: E402

from foxtui.engine import SeatInfo  # noqa: E402
from foxtui.games.fox_experiment import GAME  # noqa: E402
from foxtui.games.fox_experiment.state import AUTOMATON  # noqa: E402

LIMIT = 1.5  # most a position may win, in fair shares


def _batch(args: tuple[int, int, int]) -> list[int]:
    players, start, count = args
    wins = [0] * players
    for game in range(start, start + count):
        seed = 1000 * players + game
        first = GAME.setup(
            [SeatInfo(f"P{i}") for i in range(players)],
            GAME.Options(),
            seed,
        )
        start_order = [s for s in first.order if s != AUTOMATON]
        final = play(["sensible"] * players, seed)
        wins[start_order.index(GAME.outcome(final).winners[0])] += 1
    return wins


def measure(games: int, players: list[int], jobs: int = 1) -> dict[int, list[float]]:
    """Per player count: the win share of each starting turn position."""
    chunk = max(1, min(25, games))
    work = [(p, s, min(chunk, games - s)) for p in players for s in range(0, games, chunk)]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(_batch, work))
    else:
        results = [_batch(w) for w in work]
    totals: dict[int, list[int]] = {p: [0] * p for p in players}
    for (p, _, _), wins in zip(work, results):
        totals[p] = [a + b for a, b in zip(totals[p], wins)]
    return {p: [w / games for w in totals[p]] for p in players}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--players", default="2,3,4,5,6")
    args = parser.parse_args()
    players = [int(p) for p in args.players.split(",")]
    t0 = time.perf_counter()
    shares = measure(args.games, players, args.jobs)
    print(f"The Fox Experiment, sensible bots in every seat, {args.games} seeded games per player count")
    print("win share by starting turn position (fair share; worst position in fair shares)")
    ok = True
    for p in players:
        fair = 1 / p
        worst = max(shares[p]) / fair
        ok &= worst <= LIMIT
        row = "  ".join(f"{i + 1}: {s:5.1%}" for i, s in enumerate(shares[p]))
        print(f"{p} players (fair {fair:.1%}): {row}   worst {worst:.2f}x")
    print(f"{'OK' if ok else 'TOO UNEVEN'}: limit {LIMIT}x ({time.perf_counter() - t0:.0f} s)")


if __name__ == "__main__":
    main()
