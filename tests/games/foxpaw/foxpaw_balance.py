"""Foxpaw balance check: sensible bots in every seat, how often each house wins.

usage: python tests/games/foxpaw/foxpaw_balance.py [--games N] [--players 2,3,4] [--first-game]

For each player count, N seeded games (seed = 100000 * players + game number). A
house's win rate is its wins divided by the games it played; its fair share is
1 / players. No house may win more than 1.5 times its fair share. Exit status 1
when one does. The test suite calls ``measure`` on a small sample.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

if __name__ == "__main__":  # run as a script from anywhere
    sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from foxtui.games.foxpaw import GAME, content  # noqa: E402
from foxtui.games.foxpaw.state import Options  # noqa: E402

from foxpaw_winrate import play  # noqa: E402

LIMIT = 1.5


def measure(players: int, games: int, options: Options | None = None, start: int = 0) -> dict[str, tuple[int, int]]:
    """house -> (games won, games played)."""
    table = {h: [0, 0] for h in content.HOUSES}
    for g in range(start, start + games):
        state = play(["sensible"] * players, 100_000 * players + g, options)
        winner = GAME.outcome(state).winners[0]
        for seat, p in enumerate(state.players):
            table[p.house][1] += 1
            table[p.house][0] += seat == winner
    return {h: (w, n) for h, (w, n) in table.items()}


def report(players: int, table: dict[str, tuple[int, int]]) -> bool:
    fair = 1 / players
    ok = True
    for house, (won, played) in table.items():
        rate = won / played if played else 0.0
        flag = ""
        if played and rate > LIMIT * fair:
            flag, ok = "  <-- more than 1.5x its fair share", False
        print(f"  {content.HOUSE_NAME[house]:<11} won {won:>4} of {played:>4} ({100 * rate:5.1f}%, fair {100 * fair:.1f}%){flag}")
    return ok


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", default="2,3,4")
    parser.add_argument("--first-game", action="store_true")
    args = parser.parse_args()
    ok = True
    for players in (int(p) for p in args.players.split(",")):
        t = time.time()
        table = measure(players, args.games, Options(first_game=args.first_game))
        print(f"{players} players, {args.games} games ({time.time() - t:.0f} s):")
        ok &= report(players, table)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
