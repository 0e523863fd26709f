"""Engine speed: random playouts per game, steps per second of legal_actions + apply.

When OpenSpiel is installed (pip install open_spiel), the same run also measures
its pure-Python ``python_block_dominoes`` the same way, just before each game, and
prints each player count's ratio to it.
Target for Master Fox: ratio >= 1.0.

usage: python bench/engine_speed.py [--seconds S]
"""

from __future__ import annotations

import argparse
import random
import time

from foxtui.bots import random_bot
from foxtui.engine import Rng, SeatInfo
from foxtui.games import GAMES

PLAYOUT_CAP = 5_000  # steps; random play of some games meanders


def foxtui_rate(game, players: int, seconds: float) -> tuple[float, int]:
    """Steps per second over seeded random playouts (only legal_actions + apply are timed)."""
    timed, steps, seed = 0.0, 0, 0
    seats = [SeatInfo(f"P{i}", age=40 - i) for i in range(players)]
    clock = time.perf_counter
    while timed < seconds:
        seed += 1
        rng = Rng(seed)
        state = game.setup(seats, game.Options(), seed)
        for _ in range(PLAYOUT_CAP):
            acting = game.to_act(state)
            if not acting:
                break
            seat = min(acting)
            t0 = clock()
            legal = game.legal_actions(state, seat)
            t1 = clock()
            action = random_bot(None, legal, rng)
            t2 = clock()
            state = game.apply(state, seat, action)
            t3 = clock()
            timed += (t1 - t0) + (t3 - t2)
            steps += 1
    return steps / timed, steps


def openspiel_rate(seconds: float) -> tuple[float, int] | None:
    try:
        import pyspiel
        from open_spiel.python.games import block_dominoes  # noqa: F401  registers the game
    except ImportError:
        return None
    game = pyspiel.load_game("python_block_dominoes")
    rnd = random.Random(0)
    timed, steps = 0.0, 0
    clock = time.perf_counter
    while timed < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            t0 = clock()
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                t1 = clock()
                action = rnd.choice(outcomes)[0]
            else:
                legal = state.legal_actions()
                t1 = clock()
                action = rnd.choice(legal)
            t2 = clock()
            state.apply_action(action)
            t3 = clock()
            timed += (t1 - t0) + (t3 - t2)
            steps += 1
    return steps / timed, steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="timed seconds per measurement")
    args = parser.parse_args()
    for game in GAMES.values():
        # The reference is measured again next to each game: on a shared machine the
        # load changes over a run, and a ratio means something only between neighbours.
        reference = openspiel_rate(args.seconds)
        if reference is None:
            print("OpenSpiel is not installed: no reference rate (pip install open_spiel).")
        else:
            print(f"openspiel python_block_dominoes: {reference[0]:,.0f} steps/s ({reference[1]:,} steps)")
        for players in range(game.min_players, game.max_players + 1):
            rate, steps = foxtui_rate(game, players, args.seconds)
            line = f"{game.id} {players}p: {rate:,.0f} steps/s ({steps:,} steps)"
            if reference is not None:
                line += f"  ratio {rate / reference[0]:.2f}"
            print(line)


if __name__ == "__main__":
    main()
