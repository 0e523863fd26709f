"""Engine speed: random playouts per game, steps per second of legal_actions + apply.

When OpenSpiel is installed (pip install open_spiel), the same run also measures
its pure-Python ``python_block_dominoes`` the same way and prints each player
count's ratio to it. The two take turns in slices of a quarter of a second until
each has its timed seconds: on a shared machine the load changes from one second
to the next, and a ratio means something only between measurements taken side by
side. Targets: ratio >= 1.0 at every player count (Foxpaw: >= 0.5).

usage: python bench/engine_speed.py [--seconds S] [--game ID ...]
"""

from __future__ import annotations

import argparse
import random
import time

from foxtui.bots import random_bot
from foxtui.engine import Rng, SeatInfo
from foxtui.games import GAMES

PLAYOUT_CAP = 5_000  # steps; random play of some games meanders


SLICE = 0.25  # seconds of one side before the other takes its turn


def foxtui_playouts(game, players: int):
    """Seeded random playouts, one per call: (timed seconds, steps)."""
    seats = [SeatInfo(f"P{i}", age=40 - i) for i in range(players)]
    clock = time.perf_counter
    seed = 0
    while True:
        seed += 1
        rng = Rng(seed)
        state = game.setup(seats, game.Options(), seed)
        timed, steps = 0.0, 0
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
        yield timed, steps


def openspiel_playouts():
    """Random playouts of python_block_dominoes, one per call; None without OpenSpiel."""
    try:
        import pyspiel
        from open_spiel.python.games import block_dominoes  # noqa: F401  registers the game
    except ImportError:
        return None
    game = pyspiel.load_game("python_block_dominoes")
    rnd = random.Random(0)
    clock = time.perf_counter

    def playouts():
        while True:
            state = game.new_initial_state()
            timed, steps = 0.0, 0
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
            yield timed, steps

    return playouts()


class Meter:
    """Timed seconds and steps taken so far from a source of playouts."""

    def __init__(self, playouts) -> None:
        self.playouts = playouts
        self.timed = 0.0
        self.steps = 0

    def run(self, seconds: float) -> None:
        until = self.timed + seconds
        while self.timed < until:
            timed, steps = next(self.playouts)
            self.timed += timed
            self.steps += steps

    @property
    def rate(self) -> float:
        return self.steps / self.timed


def side_by_side(game, players: int, seconds: float) -> tuple[Meter, Meter | None]:
    """foxtui's and OpenSpiel's meters, run in turns until each has ``seconds``."""
    ours = Meter(foxtui_playouts(game, players))
    reference_playouts = openspiel_playouts()
    reference = None if reference_playouts is None else Meter(reference_playouts)
    while ours.timed < seconds or (reference is not None and reference.timed < seconds):
        if reference is not None:
            reference.run(SLICE)
        ours.run(SLICE)
    return ours, reference


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="timed seconds per measurement")
    parser.add_argument("--game", action="append", choices=list(GAMES), help="only this game (repeatable)")
    args = parser.parse_args()
    if openspiel_playouts() is None:
        print("OpenSpiel is not installed: no reference rate (pip install open_spiel).")
    for game in GAMES.values():
        if args.game and game.id not in args.game:
            continue
        for players in range(game.min_players, game.max_players + 1):
            ours, reference = side_by_side(game, players, args.seconds)
            line = f"{game.id} {players}p: {ours.rate:,.0f} steps/s ({ours.steps:,} steps)"
            if reference is not None:
                line += f"  openspiel {reference.rate:,.0f} steps/s  ratio {ours.rate / reference.rate:.2f}"
            print(line, flush=True)


if __name__ == "__main__":
    main()
