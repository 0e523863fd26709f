"""The Fox Experiment balance: sensible bots in every seat, seeded games per player
count, and the figures the economy is tuned to.

usage: python tests/games/fox_experiment/fox_experiment_balance.py [--games N] [--jobs J]
       [--players 2,3,...] [--winrate-games N]

Targets (issue 20), over --games 300 per player count:

- the starting turn position does not decide games: no position wins more than 1.5
  times its fair share (1 / players); "position 1" is whoever started first (seat
  numbers alone would be fair by construction);
- upgrades unlocked per player at the end: 5 to 8 of the 10 on average;
- study levels completed per player: at most 6 of 9 on average;
- point tokens (symbols past a full track): at most 10 % of the winner's score on average;
- dice rolled per pup in round 5: at most twice round 1's;
- and, from fox_experiment_winrate.py, the sensible bot beats two random bots in at
  least 75 % of games (--winrate-games of them; 0 skips it).

The test suite calls ``measure`` with a few games only.
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

import fox_experiment_winrate as winrate  # noqa: E402
from fox_experiment_winrate import play  # noqa: E402

from foxtui.engine import SeatInfo  # noqa: E402
from foxtui.games.fox_experiment import GAME  # noqa: E402
from foxtui.games.fox_experiment.content import ROUNDS, UPGRADE  # noqa: E402
from foxtui.games.fox_experiment.state import AUTOMATON  # noqa: E402

LIMIT = 1.5  # most a position may win, in fair shares
UPGRADES = (5.0, 8.0)  # mean upgrades unlocked per player, of 10
STUDY_LEVELS = 6.0  # most mean study levels completed per player, of 9
POINT_SHARE = 0.10  # most point tokens may be of the winner's score, on average
DICE_GROWTH = 2.0  # most round 5's dice per pup may be of round 1's
WINRATE = 0.75  # least the sensible bot wins against two random bots
ALL_UPGRADES = sum(len(t.costs) for t in UPGRADE)

FIELDS = ("upgrades", "levels", "point_share", "score", "winner_score", "pups", "studies")


def game_figures(players: int, seed: int) -> dict:
    """One seeded game of sensible bots: who won from which starting position, and the
    economy's figures."""
    first = GAME.setup([SeatInfo(f"P{i}") for i in range(players)], GAME.Options(), seed)
    start_order = [s for s in first.order if s != AUTOMATON]
    dice: dict[int, list[int]] = {}

    def watch(state) -> None:
        if state.phase == "breeding" and state.round not in dice:
            dice[state.round] = [len(p.pool) for p in state.players]

    final = play(["sensible"] * players, seed, watch=watch)
    outcome = GAME.outcome(final)
    winner = outcome.winners[0]
    ps = final.players
    return {
        "position": start_order.index(winner),
        "upgrades": sum(sum(p.upgrades) for p in ps) / players,
        "levels": sum(sum(st.level for st in p.studies) for p in ps) / players,
        "studies": sum(len(p.studies) for p in ps) / players,
        "pups": sum(1 + p.upgrades[0] for p in ps) / players,
        "point_share": ps[winner].points / max(1, outcome.scores[winner]),
        "score": sum(outcome.scores) / players,
        "winner_score": outcome.scores[winner],
        "dice": {r: sum(v) / len(v) for r, v in dice.items()},
        "breakdown": {k: sum(b[k] for b in outcome.breakdown) / players for k in outcome.breakdown[0]},
    }


def _batch(args: tuple[int, int, int]) -> list[dict]:
    players, start, count = args
    return [game_figures(players, 1000 * players + game) for game in range(start, start + count)]


def measure(games: int, players: list[int], jobs: int = 1) -> dict[int, dict]:
    """Per player count: the win share of each starting turn position ("shares"), and the
    mean of every figure over the games."""
    chunk = max(1, min(25, games))
    work = [(p, s, min(chunk, games - s)) for p in players for s in range(0, games, chunk)]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(_batch, work))
    else:
        results = [_batch(w) for w in work]
    per: dict[int, list[dict]] = {p: [] for p in players}
    for (p, _, _), figures in zip(work, results):
        per[p].extend(figures)
    out: dict[int, dict] = {}
    for p, figs in per.items():
        n = len(figs)
        shares = [sum(f["position"] == i for f in figs) / n for i in range(p)]
        mean = {k: sum(f[k] for f in figs) / n for k in FIELDS}
        mean["dice"] = {r: sum(f["dice"].get(r, 0.0) for f in figs) / n for r in range(1, ROUNDS + 1)}
        mean["breakdown"] = {k: sum(f["breakdown"][k] for f in figs) / n for k in figs[0]["breakdown"]}
        out[p] = {"shares": shares, **mean}
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--players", default="2,3,4,5,6")
    parser.add_argument("--winrate-games", type=int, default=300)
    args = parser.parse_args()
    players = [int(p) for p in args.players.split(",")]
    t0 = time.perf_counter()
    results = measure(args.games, players, args.jobs)
    print(f"The Fox Experiment, sensible bots in every seat, {args.games} seeded games per player count")
    ok = True
    for p in players:
        r = results[p]
        fair = 1 / p
        worst = max(r["shares"]) / fair
        growth = r["dice"][ROUNDS] / r["dice"][1]
        checks = {
            "position": worst <= LIMIT,
            "upgrades": UPGRADES[0] <= r["upgrades"] <= UPGRADES[1],
            "levels": r["levels"] <= STUDY_LEVELS,
            "points": r["point_share"] <= POINT_SHARE,
            "dice": growth <= DICE_GROWTH,
        }
        ok &= all(checks.values())
        mark = {k: "" if v else " (OFF TARGET)" for k, v in checks.items()}
        row = "  ".join(f"{i + 1}: {s:5.1%}" for i, s in enumerate(r["shares"]))
        dice = ", ".join(f"{r['dice'][k]:.1f}" for k in range(1, ROUNDS + 1))
        parts = ", ".join(f"{k} {v:.1f}" for k, v in r["breakdown"].items())
        print(f"{p} players")
        print(f"  win share by starting position (fair {fair:.1%}): {row}   worst {worst:.2f}x{mark['position']}")
        print(f"  upgrades unlocked per player: {r['upgrades']:.2f} of {ALL_UPGRADES}{mark['upgrades']}")
        print(f"  study levels completed per player: {r['levels']:.2f} of 9 (studies held {r['studies']:.2f}){mark['levels']}")
        print(f"  point tokens from full tracks: {r['point_share']:.1%} of the winner's score{mark['points']}")
        print(f"  dice per pup, rounds 1-5: {dice}   round 5 / round 1 {growth:.2f}x{mark['dice']}")
        print(f"  mean score {r['score']:.1f}, winner {r['winner_score']:.1f}; pups a round at the end {r['pups']:.2f}")
        print(f"  mean points per player: {parts}")
    if args.winrate_games:
        rate = winrate.measure(args.winrate_games, args.jobs)
        ok &= rate >= WINRATE
        print(f"sensible bot vs 2 random bots, 3 players, {args.winrate_games} seeded games: wins {rate:.1%}"
              + ("" if rate >= WINRATE else " (OFF TARGET)"))
    print(f"{'OK' if ok else 'OFF TARGET'}: all targets ({time.perf_counter() - t0:.0f} s)")


if __name__ == "__main__":
    main()
