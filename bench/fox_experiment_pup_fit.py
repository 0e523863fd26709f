"""Where the Fox Experiment expert's pup constants come from (bots.PUP_BASE and the
FRIENDLIEST_* numbers): seeded games of sensible bots at 2 to 4 players, and at each
breeding the parents' trait dice, the friendly dice and the pups against what research
then promised (bots._prospect) and the friendliest pup's friendliness; least squares.

usage: python bench/fox_experiment_pup_fit.py [GAMES]   (400 by default, about 2 minutes)
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from foxtui.bots.ask import answer  # noqa: E402
from foxtui.engine.game import SeatInfo  # noqa: E402
from foxtui.engine.session import Session  # noqa: E402
from foxtui.games import GAMES  # noqa: E402
from foxtui.games.fox_experiment import bots  # noqa: E402
from foxtui.games.fox_experiment.foxes import N  # noqa: E402


def breedings(games: int) -> list[tuple[int, int, int, float, int]]:
    """(trait dice, friendly dice, pups, promised points, friendliest pup) per breeding."""
    game = GAMES["fox-experiment"]
    rows = []
    for seed in range(games):
        players = 2 + seed % 3
        seats = [SeatInfo(f"s{n}", bot="sensible", age=40 - n) for n in range(players)]
        session = Session.new(game, seats, game.Options(), seed)
        pools: dict[tuple[int, int], tuple[int, int, int]] = {}
        while session.outcome() is None:
            state = session.state
            for k, p in enumerate(state.players):
                key = (state.round, k)
                if state.phase == "breeding" and p.pool and key not in pools:
                    trait = sum(1 for d in p.pool if d < N)
                    pools[key] = (trait, len(p.pool) - trait, p.pups_left + (p.litter is not None))
                elif state.phase == "research" and key in pools and p.stage == "research" and not p.assigned:
                    friendliest = max((x.friendliness for x in p.pups), default=0)
                    rows.append((*pools.pop(key), bots._prospect(state, k), friendliest))
            seat = min(session.bots_to_act())
            session.act(seat, answer(session.bot_question(seat)))
    return rows


def least_squares(xs: list[list[float]], ys: list[float]) -> list[float]:
    """The coefficients of ys ~ xs (normal equations, Gaussian elimination)."""
    k = len(xs[0])
    a = [[sum(x[i] * x[j] for x in xs) for j in range(k)] + [sum(x[i] * y for x, y in zip(xs, ys))] for i in range(k)]
    for c in range(k):
        pivot = max(range(c, k), key=lambda r: abs(a[r][c]))
        a[c], a[pivot] = a[pivot], a[c]
        for r in range(k):
            if r != c:
                f = a[r][c] / a[c][c]
                a[r] = [v - f * w for v, w in zip(a[r], a[c])]
    return [a[i][k] / a[i][i] for i in range(k)]


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    rows = breedings(games)
    base, per_die = least_squares([[pups, pups * dice] for dice, _f, pups, _y, _b in rows], [r[3] for r in rows])
    print(f"{len(rows)} breedings: promised points per pup {base:.2f} + {per_die:.3f} per trait die (bots: {bots.PUP_BASE}, {bots.PUP_PER_DIE})")
    d, f, p, c = least_squares([[dice, fr, pups, 1.0] for dice, fr, pups, _y, _b in rows], [r[4] for r in rows])
    print(
        f"friendliest pup {d:.2f} per trait die + {f:.2f} per friendly die + {p:.2f} per pup {c:+.2f} (bots: "
        f"{bots.FRIENDLIEST_PER_DIE}, {bots.FRIENDLIEST_PER_FRIENDLY_DIE}, {bots.FRIENDLIEST_PER_PUP}, {bots.FRIENDLIEST_BASE:+})"
    )


if __name__ == "__main__":
    main()
