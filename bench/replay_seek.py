"""Replay seek: time to reach any step of a long record (target: under 16 ms).

Builds a record of at least 2,000 steps by bot play (longer games are joined
from several seeds until one is long enough), opens a ReplayCursor, then times
seeks to random steps and single steps back and forth.

usage: python bench/replay_seek.py [--steps N] [--seeks K]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from foxtui.engine.autoplay import autoplay
from foxtui.engine.replay import ReplayCursor
from foxtui.games import GAMES


def long_record(game_id: str, min_steps: int, tries: int = 60):
    """The first random-bot game of at least ``min_steps`` steps, else the longest of ``tries``
    (some games, like Fox Matters' five rounds, are never that long)."""
    game = GAMES[game_id]
    options = game.Options(target_eggs=15) if game_id == "master-fox" else game.Options()
    best = None
    for seed in range(1, tries + 1):
        session = autoplay(game, game.max_players, seed, options, level="random")
        if best is None or session.step_count > len(best.steps):
            best = session.record
        if session.step_count >= min_steps:
            break
    return game, best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=2000)
    parser.add_argument("--seeks", type=int, default=300)
    args = parser.parse_args()
    for game_id in GAMES:
        game, record = long_record(game_id, args.steps)
        t0 = time.perf_counter()
        cursor = ReplayCursor(game, record)
        opened = time.perf_counter() - t0
        rnd = random.Random(1)
        times = []
        for _ in range(args.seeks):
            n = rnd.randrange(cursor.length + 1)
            t0 = time.perf_counter()
            cursor.seek(n)
            times.append((time.perf_counter() - t0) * 1000)
        back = []
        for _ in range(100):
            n = max(0, cursor.position - 1)
            t0 = time.perf_counter()
            cursor.seek(n)
            back.append((time.perf_counter() - t0) * 1000)
        print(
            f"{game_id}: {cursor.length} steps, opened in {opened * 1000:.0f} ms; "
            f"random seek median {statistics.median(times):.2f} ms, max {max(times):.2f} ms; "
            f"step back median {statistics.median(back):.2f} ms, max {max(back):.2f} ms"
        )


if __name__ == "__main__":
    main()
