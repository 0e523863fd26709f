"""Foxpaw: how often the sensible bot beats the random bot in 2-player games.

usage: python tests/games/foxpaw/foxpaw_winrate.py [--games N] [--first-game]

Game g is seeded with g; the sensible bot sits in seat 0 in even games and seat 1
in odd ones. The target is at least 80% over 200 games; the test suite calls
``measure`` with a few games only (see test_foxpaw_bots.py).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

if __name__ == "__main__":  # run as a script from anywhere
    sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from foxtui.engine import Rng, SeatInfo  # noqa: E402
from foxtui.games.foxpaw import GAME  # noqa: E402
from foxtui.games.foxpaw.state import Options  # noqa: E402

MAX_STEPS = 5_000


def play(bots: list[str], seed: int, options: Options | None = None):
    """One game, every seat played by the named bot from its own View; the end state."""
    state = GAME.setup([SeatInfo(f"{b} {i}", bot=b) for i, b in enumerate(bots)], options or Options(), seed)
    rng = Rng(seed * 7919 + 1)
    for _ in range(MAX_STEPS):
        acting = sorted(GAME.to_act(state))
        if not acting:
            return state
        seat = acting[rng.below(len(acting))]
        legal = GAME.legal_actions(state, seat)
        action = GAME.bots[bots[seat]](GAME.view(state, seat), legal, rng)
        state = GAME.apply(state, seat, action)
    raise RuntimeError(f"seed {seed} did not end")


def measure(games: int, options: Options | None = None, start: int = 0) -> int:
    """Games the sensible bot won against the random bot."""
    wins = 0
    for g in range(start, start + games):
        bots = ["sensible", "random"] if g % 2 == 0 else ["random", "sensible"]
        state = play(bots, g, options)
        wins += bots[GAME.outcome(state).winners[0]] == "sensible"
    return wins


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--first-game", action="store_true")
    args = parser.parse_args()
    t = time.time()
    wins = measure(args.games, Options(first_game=args.first_game))
    print(f"sensible beat random in {wins} of {args.games} 2-player games ({100 * wins / args.games:.0f}%, "
          f"target 80%) in {time.time() - t:.0f} s")


if __name__ == "__main__":
    main()
