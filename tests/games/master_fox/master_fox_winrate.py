"""Master Fox: how often the sensible bot beats the random bot, and how often it wins a
table of sensible bots from each seat.

usage: python tests/games/master_fox/master_fox_winrate.py [--games N] [--mode turns|realtime]

Game g is seeded with g; against the random bot, the sensible bot sits in seat 0 in even
games and seat 1 in odd ones. The target is at least 80% over 200 games (the suite checks
it in test_master_fox_bots.py). The other lines play ``--games`` games of sensible bots
only, per player count, and print each seat's share of the wins: the oldest (seat 0)
starts round 1, and every seat would win about equally often in a fair game.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

if __name__ == "__main__":  # run as a script from anywhere
    sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from foxtui.engine import Rng, SeatInfo  # noqa: E402
from foxtui.games.master_fox import GAME  # noqa: E402
from foxtui.games.master_fox.state import Options  # noqa: E402

MAX_STEPS = 30_000


def play(bots: list[str], seed: int, options: Options | None = None) -> tuple[object, int]:
    """One game, every seat played by the named bot from its own View: (end state, steps)."""
    seats = [SeatInfo(f"{b} {i}", bot=b, age=40 - 10 * i) for i, b in enumerate(bots)]
    state = GAME.setup(seats, options or Options(), seed)
    rng = Rng(seed * 7919 + 1)
    for steps in range(MAX_STEPS):
        acting = sorted(GAME.to_act(state))
        if not acting:
            return state, steps
        seat = acting[rng.below(len(acting))]
        legal = GAME.legal_actions(state, seat)
        action = GAME.bots[bots[seat]](GAME.view(state, seat), legal, rng)
        state = GAME.apply(state, seat, action)
    raise RuntimeError(f"seed {seed} did not end")


def measure(games: int, options: Options | None = None, start: int = 0) -> tuple[int, int]:
    """(Games the sensible bot won against the random bot, steps played in all.)"""
    wins = total = 0
    for g in range(start, start + games):
        bots = ["sensible", "random"] if g % 2 == 0 else ["random", "sensible"]
        state, steps = play(bots, g, options)
        wins += bots[GAME.outcome(state).winners[0]] == "sensible"
        total += steps
    return wins, total


def seat_shares(players: int, games: int, options: Options | None = None) -> tuple[list[int], float, float]:
    """Sensible bots in every seat: (wins per seat, mean rounds per game, mean steps per game)."""
    wins = [0] * players
    rounds = steps = 0
    for g in range(games):
        state, n = play(["sensible"] * players, 1_000 * players + g, options)
        wins[GAME.outcome(state).winners[0]] += 1
        rounds += state.round
        steps += n
    return wins, rounds / games, steps / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--mode", choices=("turns", "realtime"), default="turns")
    args = parser.parse_args()
    options = Options(mode=args.mode)
    t = time.time()
    wins, steps = measure(args.games, options)
    print(
        f"{args.mode}: sensible beat random in {wins} of {args.games} 2-player games "
        f"({100 * wins / args.games:.0f}%, target 80%; {steps / args.games:.0f} steps a game)"
    )
    for players in (2, 3, 4):
        seat_wins, rounds, steps_each = seat_shares(players, args.games, options)
        shares = " ".join(f"{100 * w / args.games:.0f}%" for w in seat_wins)
        print(
            f"{args.mode}: {players} sensible bots, wins by seat {shares} "
            f"({rounds:.1f} rounds, {steps_each:.0f} steps a game)"
        )
    print(f"({time.time() - t:.0f} s)")


if __name__ == "__main__":
    main()
