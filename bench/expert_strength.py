"""How strong and how fast the expert level is, over seeded games.

usage: python bench/expert_strength.py [N] [game ...] [--seeds A..B] [--first S] [--budget B] [--horizon H] [--jobs J] [--cache DIR]

Figures to quote are played on seeds no constant was tuned on: ``--seeds
100000..100199`` (the fits and the tuning used seeds below 100000). Each win rate comes
with its 95 % confidence interval (Wilson), each mean finishing position with its
95 % interval (normal, from the games' spread).

For Master Fox, Foxpaw and The Fox Experiment: N two-player games of the expert
against the sensible bot (seeds 0..N-1, the expert in the first seat in even games and
the second in odd ones): the expert's win rate. ``--players P`` (3 or 4): one expert
among P-1 sensible bots, the expert's seat turning with the seed: the mean finishing
position (1 = first) of the expert and of the sensible seats, and the win shares. For Fox Matters: N games at the
Difficult level (untimed, two knights) played by a table of expert knights and by a
table of cooperative ones, on the same seeds: both win rates and their ratio.
For every game: the median and 95th percentile of the thinking time per decision that
searched (one legal action, or moves that all do the same, take no search) and the simulations per second.
``--seeds A..B``: the seeds A to B (inclusive), or a list ``1,5,9``; ``--first S``: seeds
S..S+N-1 (N games from S). Fox Matters plays the game seeded 200000 + S for seed S.
``--budget``/``--horizon`` try other settings than the levels' own, and the
environment variable FOXTUI_PAIRED=1 (or 0) a paired (or unpaired) search.
``--jobs J``: J processes play the seeds (the figures are the same as with one; only
the thinking times depend on how busy the machine is).
``--cache DIR``: every game's result is kept in DIR as it ends and is not played again, so a
long run on a busy machine can be cut short and taken up later (the figures are the same;
the thinking times are those of the runs that played each game). The results are filed
under a digest of foxtui's source, so a changed tree never reuses them.
``--no-search``: the expert plays its favourite move (its level's own policy, which the
search starts from) without searching: what the search adds is the difference.

``--keys K``: K key presses on the Master Fox board while an expert thinks (in the
app's thread for bots): key press to repaint, as bench/app_speed.py measures it.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from foxtui.bots import root_search  # noqa: E402
from foxtui.bots.ask import answer  # noqa: E402
from foxtui.engine.game import SeatInfo  # noqa: E402
from foxtui.engine.session import Session  # noqa: E402
from foxtui.games import GAMES  # noqa: E402

COMPETITIVE = ["master-fox", "foxpaw", "fox-experiment"]
MAX_STEPS = 20_000


class Clock:
    """Thinking times and simulations of the decisions that searched."""

    def __init__(self) -> None:
        self.times: list[float] = []
        self.sims = 0
        self.trivial = 0

    def ask(self, session: Session, seat: int, budget: int | None) -> object:
        question = session.bot_question(seat)
        if not question.searches:
            return answer(question)
        if budget == 0:  # --no-search: the favourite the search would start from
            from foxtui.engine.rng import Rng

            prior = session.game.bots[question.level].expertise.prior
            return prior(question.view, question.legal, Rng(question.rng))
        start = time.perf_counter()
        move = answer(question, budget)
        took = time.perf_counter() - start
        sims = root_search.last_stats.simulations if root_search.last_stats else 0
        if sims == 0:
            self.trivial += 1  # every move did the same: no search
        else:
            self.times.append(took)
            self.sims += sims
        return move

    def add(self, other: "Clock") -> None:
        self.times += other.times
        self.sims += other.sims
        self.trivial += other.trivial

    def line(self) -> str:
        if not self.times:
            return "no decision searched"
        t = sorted(self.times)
        p95 = t[min(len(t) - 1, int(0.95 * len(t)))]
        return (
            f"thinking median {statistics.median(t):.2f} s, p95 {p95:.2f} s over {len(t)} decisions; "
            f"{self.sims / sum(t):.0f} simulations/s; {self.trivial} decisions of equivalent moves took no search"
        )


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % confidence interval of a win rate (Wilson's, good near 0 and 1 too)."""
    if n == 0:
        return 0.0, 1.0
    rate = wins / n
    centre = (rate + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(rate * (1 - rate) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def rate_text(wins: float, n: int) -> str:
    low, high = wilson(wins, n)
    return f"{wins:g}/{n} ({100 * wins / n:.0f} %, 95 % CI {100 * low:.0f}-{100 * high:.0f} %)"


def mean_text(values: list[float]) -> str:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else float("nan")
    return f"{mean:.2f} (95 % CI {mean - half:.2f}-{mean + half:.2f})"


def parse_seeds(text: str) -> list[int]:
    """"100000..100199" or "3,7,11"."""
    try:
        if ".." in text:
            low, high = (int(part) for part in text.split(".."))
            if high < low:
                raise ValueError
            return list(range(low, high + 1))
        return [int(part) for part in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"--seeds takes A..B or a list like 1,5,9, not {text!r}") from None


def span_text(seeds: list[int]) -> str:
    if seeds == list(range(seeds[0], seeds[0] + len(seeds))):
        return f"seeds {seeds[0]}..{seeds[-1]}"
    return f"{len(seeds)} seeds from {min(seeds)} to {max(seeds)}"


def play(game_id: str, levels: list[str], seed: int, options: object, clock: Clock, budget: int | None) -> Session:
    game = GAMES[game_id]
    seats = [SeatInfo(f"{level} {n + 1}", bot=level, age=40 - n) for n, level in enumerate(levels)]
    session = Session.new(game, seats, options, seed)
    while session.outcome() is None:
        if session.step_count > MAX_STEPS:
            raise RuntimeError(f"{game_id} seed {seed} did not end")
        seat = min(session.bots_to_act())
        session.act(seat, clock.ask(session, seat, budget))
    return session


def expert_seat(seed: int, players: int) -> int:
    """Where the expert sits in the game of ``seed``: every seat in turn."""
    return seed % players


def set_horizon(game_id: str, horizon: int | None) -> None:
    """Try another horizon than the expert level's own (in this process); the
    environment variable FOXTUI_PAIRED=1 or 0 tries the other kind of search."""
    import os

    bot = GAMES[game_id].bots["expert"]
    if horizon is not None:
        bot._expertise = bot.expertise._replace(horizon=horizon)
    paired = os.environ.get("FOXTUI_PAIRED")
    if paired in ("0", "1"):
        bot._expertise = bot.expertise._replace(paired=paired == "1")


#: --cache: the folder that keeps each game's result (None: nothing is kept)
CACHE: Path | None = None


def source_digest() -> str:
    """A digest of foxtui's source and content files: results kept under it are of this tree."""
    import hashlib

    root = Path(__file__).resolve().parents[1] / "foxtui"
    h = hashlib.sha256()
    for path in sorted(root.rglob("*")):
        if path.is_file() and path.suffix in (".py", ".json", ".toml", ".md") and "__pycache__" not in path.parts:
            h.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes())
    return h.hexdigest()[:16]


def _kept(one, a: tuple) -> object:  # type: ignore[no-untyped-def]
    """``one(*a)``, read from the cache when it was played before, else played and kept."""
    import os
    import pickle

    assert CACHE is not None
    name = "-".join([one.__name__, *map(str, a), os.environ.get("FOXTUI_PAIRED", "")]) + ".pickle"
    path = CACHE / name
    if path.exists():
        return pickle.loads(path.read_bytes())
    result = one(*a)
    part = path.with_suffix(".part")
    part.write_bytes(pickle.dumps(result))
    part.replace(path)  # whole or not at all: a run cut short leaves no half result
    return result


def run_all(one, args: list[tuple], jobs: int) -> list:  # type: ignore[no-untyped-def]
    """``one(*a)`` for every ``a``, in ``jobs`` spawned processes when more than one."""
    if CACHE is not None:
        one, args = _kept, [(one, a) for a in args]  # type: ignore[assignment]
    if jobs <= 1:
        return [one(*a) for a in args]
    import multiprocessing

    with multiprocessing.get_context("spawn").Pool(jobs, initializer=_set_cache, initargs=(CACHE,)) as pool:
        return pool.starmap(one, args)


def _set_cache(cache: Path | None) -> None:
    global CACHE
    CACHE = cache


def one_game(game_id: str, players: int, seed: int, budget: int | None, horizon: int | None) -> tuple[list[int], list[int], Clock]:
    """One seeded game of one expert among sensible bots: (ranking, winners, clock)."""
    set_horizon(game_id, horizon)
    levels = ["sensible"] * players
    levels[expert_seat(seed, players)] = "expert"
    clock = Clock()
    out = play(game_id, levels, seed, GAMES[game_id].Options(), clock, budget).outcome()
    return list(out.ranking), list(out.winners), clock


def competitive(game_id: str, seeds: list[int], budget: int | None, players: int = 2, jobs: int = 1, horizon: int | None = None) -> None:
    game = GAMES[game_id]
    n = len(seeds)
    args = [(game_id, players, seed, budget, horizon) for seed in seeds]
    results = run_all(one_game, args, jobs)
    clock = Clock()
    wins = 0.0
    expert_places: list[float] = []
    other_place = 0
    other_wins = 0.0
    for seed, (ranking, winners, c) in zip(seeds, results):
        clock.add(c)
        me = expert_seat(seed, players)
        share = 1.0 / len(winners) if winners else 0.0
        wins += share if me in winners else 0.0
        other_wins += share * sum(1 for w in winners if w != me)
        expert_places.append(ranking.index(me) + 1)
        other_place += sum(ranking.index(s) + 1 for s in range(players) if s != me)
    span = span_text(seeds)
    if players == 2:
        print(
            f"{game.title} ({span}): expert won {rate_text(wins, n)} two-player games against sensible; "
            f"{clock.line()}"
        )
    else:
        print(
            f"{game.title} ({players} players, {span}): mean finishing position expert "
            f"{mean_text(expert_places)}, sensible {other_place / (n * (players - 1)):.2f} (1 = first); "
            f"wins: expert {rate_text(wins, n)}, each sensible seat {100 * other_wins / (n * (players - 1)):.0f} %; "
            f"{clock.line()}"
        )


def fox_matters_game(level: str, seed: int, budget: int | None, horizon: int | None) -> tuple[bool, Clock]:
    """One seeded Difficult game of a table of two ``level`` knights: (won, clock)."""
    from foxtui.games.fox_matters.state import Options

    set_horizon("fox-matters", horizon)
    options = Options(timer_seconds=0, nightmare="random-level-3")
    clock = Clock()
    won = play("fox-matters", [level, level], 200_000 + seed, options, clock, budget).outcome().coop_won
    return bool(won), clock


def fox_matters(seeds: list[int], budget: int | None, jobs: int = 1, horizon: int | None = None) -> None:
    n = len(seeds)
    args = [(level, seed, budget, horizon) for seed in seeds for level in ("expert", "cooperative")]
    results = run_all(fox_matters_game, args, jobs)
    clock, plain = Clock(), Clock()
    won = {"expert": 0, "cooperative": 0}
    for (level, _seed, _b, _h), (w, c) in zip(args, results):
        won[level] += w
        (clock if level == "expert" else plain).add(c)
    e, c = won["expert"], won["cooperative"]
    ratio = f"{e / c:.2f}" if c else "n/a"
    print(
        f"Fox Matters (Difficult, 2 knights, {span_text(seeds)}): expert table won {rate_text(e, n)}, "
        f"cooperative table {rate_text(c, n)}, ratio {ratio}; {clock.line()}"
    )


async def keys_while_thinking(presses: int) -> list[float]:
    import asyncio

    from textual import events

    from foxtui.ui.app import FoxApp

    game = GAMES["master-fox"]
    expert = game.bots["expert"]
    expert._expertise = expert.expertise._replace(budget=10**6)  # thinks all along
    seats = [SeatInfo("Ada", age=30), SeatInfo("Reynard", bot="expert", age=40)]  # Reynard begins
    session = Session.new(game, seats, game.Options(), 1)
    app = FoxApp(session=session, bot_delay=0)
    stamps: list[float] = []
    display = app._display

    def timed_display(screen, renderable):  # type: ignore[no-untyped-def]
        if renderable is not None:
            stamps.append(time.perf_counter())
        return display(screen, renderable)

    app._display = timed_display  # type: ignore[method-assign]
    latencies = []
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(200):
            await pilot.pause(0.05)
            driver = getattr(app.screen, "driver", None)
            if driver is not None and driver.thinking == 1:
                break
        else:
            raise RuntimeError("the expert never began to think")
        keys = ["right"] * 7 + ["down"] * 4 + ["left"] * 7 + ["up"] * 4
        for n in range(presses):
            stamps.clear()
            t0 = time.perf_counter()
            app._driver.send_message(events.Key(keys[n % len(keys)], None))
            while not stamps and time.perf_counter() - t0 < 1.0:
                await asyncio.sleep(0)
            if stamps:
                latencies.append((stamps[0] - t0) * 1000)
            await pilot.pause()
        assert app.screen.driver.thinking == 1, "the expert stopped thinking"
    return latencies


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("which", nargs="*", help="[N] [game ...]: N seeded games from --first, and the games (default: all)")
    parser.add_argument("--budget", type=int, default=None)
    parser.add_argument("--horizon", type=int, default=None)
    parser.add_argument("--keys", type=int, default=0)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--seeds", type=parse_seeds, default=None, help="A..B or 1,5,9: the seeds to play")
    parser.add_argument("--players", type=int, default=2, help="3 or 4: one expert among sensible bots")
    parser.add_argument("--jobs", type=int, default=1, help="processes playing the seeds")
    parser.add_argument("--no-search", action="store_true", help="the expert's favourite moves, no search")
    parser.add_argument("--cache", type=Path, default=None, help="a folder that keeps each game's result as it ends")
    args = parser.parse_args()
    if args.cache is not None:
        global CACHE
        CACHE = args.cache / source_digest()
        CACHE.mkdir(parents=True, exist_ok=True)
    args.games = int(args.which.pop(0)) if args.which and args.which[0].isdigit() else None
    args.which = args.which or [*COMPETITIVE, "fox-matters"]
    unknown = [g for g in args.which if g not in GAMES]
    if unknown:
        parser.error(f"no game {', '.join(unknown)}; the games are {', '.join(GAMES)}")
    if args.no_search:
        args.budget = 0
    if args.seeds is None and args.games is None and not args.keys:
        parser.error("say how many games (N) or which seeds (--seeds A..B)")
    seeds = args.seeds if args.seeds is not None else list(range(args.first, args.first + (args.games or 0)))
    if args.keys:
        import asyncio

        lat = sorted(asyncio.run(keys_while_thinking(args.keys)))
        print(
            f"key press to repaint while an expert thinks (Master Fox board, headless): median "
            f"{statistics.median(lat):.1f} ms, p90 {lat[int(len(lat) * 0.9)]:.1f} ms, max {lat[-1]:.1f} ms "
            f"({len(lat)} presses)"
        )
        return
    for game_id in args.which:
        set_horizon(game_id, args.horizon)  # here too, so that the header tells it
        bot = GAMES[game_id].bots["expert"]
        e = bot.expertise
        kind = "paired" if e.paired else "unpaired"
        if args.no_search:
            print(f"[{game_id}: no search, the expert's favourite moves only]", flush=True)
        else:
            print(f"[{game_id}: budget {args.budget or e.budget} simulations, horizon {e.horizon} steps, {kind}]", flush=True)
        if game_id == "fox-matters":
            fox_matters(seeds, args.budget, args.jobs, args.horizon)
        else:
            competitive(game_id, seeds, args.budget, args.players, args.jobs, args.horizon)
        sys.stdout.flush()


if __name__ == "__main__":
    main()
