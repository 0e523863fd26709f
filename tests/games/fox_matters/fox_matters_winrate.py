"""Fox Matters: how often a table of cooperative bots wins, per player count and difficulty.

usage: python tests/games/fox_matters/fox_matters_winrate.py [--games N] [--jobs J] [--players 1,2,...] [--expert]

--expert: the expert's table mate in every seat instead (its own moves, without its
search: the search is far slower and measured by bench/expert_strength.py).

Every game is seeded (seed = 100000 * players + game number), so the figures are
reproducible, and each player count gets games of its own (with the same seed, two to
four players would get the very same deal, since the cooperative bot pools every hand).
The full measurement is --games 500; the test suite calls ``measure`` with a
few games only (see test_fox_matters_bots.py).
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
from foxtui.games.fox_matters import GAME  # noqa: E402
from foxtui.games.fox_matters.state import Options  # noqa: E402

DIFFICULTIES: dict[str, dict] = {
    "holiday": {"holiday": True, "nightmare": "random-level-1"},
    "easy": {"nightmare": "random-level-1"},
    "intermediate": {"nightmare": "random-level-2"},
    "difficult": {"nightmare": "random-level-3"},
    "extreme": {"nightmare": "random-level-4"},
}
MAX_STEPS = 20_000


def play(players: int, difficulty: str, seed: int, expert: bool = False) -> tuple[bool, int, int]:
    """One game of cooperative bots in every seat (or the expert's table mates):
    (won, rounds reached, steps)."""
    options = Options(timer_seconds=0, **DIFFICULTIES[difficulty])
    level = "expert" if expert else "cooperative"
    state = GAME.setup([SeatInfo(f"Bot {i + 1}", bot=level) for i in range(players)], options, seed)
    if expert:
        from foxtui.games.fox_matters.expert import expert_policy as bot
    else:
        bot = GAME.bots["cooperative"]
    rng = Rng(seed)
    steps = 0
    while True:
        acting = GAME.to_act(state)
        if not acting:
            break
        seat = min(acting)  # as a session does: the first bot whose decision is pending
        action = bot(GAME.view(state, seat), GAME.legal_actions(state, seat), rng)
        state = GAME.apply(state, seat, action)
        steps += 1
        if steps > MAX_STEPS:
            raise RuntimeError(f"{players}p {difficulty} seed {seed} did not end")
    return state.result == "won", state.round, steps


def _batch(args: tuple[int, str, int, int, bool]) -> tuple[int, str, int, int, int]:
    players, difficulty, start, count, expert = args
    wins = steps = 0
    for game in range(start, start + count):
        won, _, n = play(players, difficulty, 100_000 * players + game, expert)
        wins += won
        steps += n
    return players, difficulty, wins, count, steps


def measure(
    games: int, players: list[int], difficulties: list[str], jobs: int = 1, expert: bool = False
) -> dict[tuple[int, str], float]:
    """Win rate per (players, difficulty) over seeds 0..games-1."""
    chunk = max(1, min(50, games))
    work = [(p, d, s, min(chunk, games - s), expert) for p in players for d in difficulties for s in range(0, games, chunk)]
    wins: dict[tuple[int, str], int] = {}
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(_batch, work))
    else:
        results = [_batch(w) for w in work]
    for p, d, w, _, _ in results:
        wins[p, d] = wins.get((p, d), 0) + w
    return {key: wins[key] / games for key in wins}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500, help="games per player count and difficulty")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--players", default="1,2,3,4,5")
    parser.add_argument("--difficulties", default=",".join(DIFFICULTIES))
    parser.add_argument("--expert", action="store_true", help="the expert's table mates (without the search)")
    args = parser.parse_args()
    players = [int(p) for p in args.players.split(",")]
    difficulties = args.difficulties.split(",")
    t0 = time.perf_counter()
    rates = measure(args.games, players, difficulties, args.jobs, args.expert)
    who = "the expert's table mates (no search)" if args.expert else "cooperative bots"
    print(f"Fox Matters, {who} in every seat, {args.games} seeded games per cell (win rate):")
    print("players " + "".join(f"{d:>14}" for d in difficulties))
    for p in players:
        print(f"{p:>7} " + "".join(f"{rates[p, d]:>13.1%} " for d in difficulties))
    print(f"({time.perf_counter() - t0:.0f} s)")


if __name__ == "__main__":
    main()
