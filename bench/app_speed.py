"""App speed: cold start to first frame, and key press to repaint on the Master Fox screen.

Cold start: a fresh Python process that starts the app headless and exits as soon
as the first frame is composed, timed from outside (interpreter start and imports
included), for `foxtui` and for a minimal Textual app. Target: within 1.3x.

Key press to repaint: in one headless app at 80x24, the time from a key event reaching
the driver to the next composed screen update (App._display), over many cursor moves
(the Master Fox board, or the move list of the other games). Target: 16 ms median.

Step: from Enter on the highlighted move to the first composed update drawn after the
table took the step, one human against sensible bots that answer at once. Enter is
pressed on a settled screen (the bots' answers drawn), as a person presses it; until
the frame the bench only looks (--pilot-waits: with the pilot's pause, whose own work
on every widget fell in the time measured). Target: 95th percentile at most 33 ms
(two frames).

usage: python bench/app_speed.py [--game GAME] [--starts N] [--presses N] [--steps N] [--no-starts] [--pilot-waits]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time

MINIMAL = """
from textual.app import App
from textual.widgets import Static
class Minimal(App):
    def compose(self):
        yield Static("hello")
    def on_mount(self):
        self.call_after_refresh(self.exit)
Minimal().run(headless=True)
"""

FOXTUI = """
from foxtui.ui.app import FoxApp
class Timed(FoxApp):
    def on_mount(self):
        super().on_mount()
        self.call_after_refresh(self.exit)
Timed().run(headless=True)
"""


def cold_starts(codes: list[str], runs: int, env: dict[str, str]) -> list[float]:
    """Median wall time of each program; runs alternate between them so that a busy
    moment on the machine falls on both alike."""
    times: list[list[float]] = [[] for _ in codes]
    for _ in range(runs):
        for k, code in enumerate(codes):
            t0 = time.perf_counter()
            subprocess.run([sys.executable, "-c", code], check=True, env=env, capture_output=True)
            times[k].append(time.perf_counter() - t0)
    return [statistics.median(t) for t in times]


#: the seats of each game's measured table: one human (Ada) and sensible bots, so that
#: after each step the bots answer at once and the keyboard comes back to Ada
TABLES = {
    "master-fox": 2,
    "foxpaw": 2,
    "fox-matters": 2,
    "fox-experiment": 2,
}
#: cursor keys that move a highlight without playing a move, per game
CURSOR_KEYS = {
    "master-fox": ["right"] * 7 + ["down"] * 4 + ["left"] * 7 + ["up"] * 4,
}
BOT_DELAY = 0.15
#: as `foxtui` runs the app (what the first frame built is frozen out of the collector's
#: walks); --collect-all measures without
STEADY_GC = [True]
LIST_KEYS = ["down"] * 3 + ["up"] * 3
#: --pilot-waits: a step's time is waited out with the pilot's pause, as the bench did
#: before (the pilot is put here once the app runs); empty: the bench only looks
PILOT_WAITS: list = []
#: keys tried in turn to play a step; those that play nothing (a move not legal now,
#: closing a round summary) are not counted
STEP_KEYS = {
    "master-fox": ["t", "g", "s", "e", "enter", "right", "down"],
}


def _session(game_id: str, seed: int):
    from foxtui.engine import SeatInfo
    from foxtui.engine.session import Session
    from foxtui.games import GAMES

    game = GAMES[game_id]
    level = next(name for name in game.bots if name != "random")  # the thinking level
    seats = [SeatInfo("Ada", age=40)] + [
        SeatInfo(f"Bot {n}", bot=level, age=30 - n) for n in range(1, TABLES[game_id])
    ]
    return Session.new(game, seats, game.Options(), seed)


class Stamps:
    """When the app composed a screen update, and how many steps the table held then."""

    def __init__(self, app) -> None:
        self.app = app
        self.frames: list[tuple[float, int]] = []
        display = app._display

        def timed_display(screen, renderable):
            if renderable is not None:
                self.frames.append((time.perf_counter(), steps(app)))
            return display(screen, renderable)

        app._display = timed_display  # type: ignore[method-assign]


def steps(app) -> int:
    from foxtui.ui.screens.play import PlayScreen

    for screen in app.screen_stack:
        if isinstance(screen, PlayScreen):
            return screen.table.step_count
    return -1


async def _wait(pilot, until, limit: float = 5.0) -> bool:
    t0 = time.perf_counter()
    while not until():
        if time.perf_counter() - t0 > limit:
            return False
        await pilot.pause(0.01)
    return True


async def key_latency(game_id: str, presses: int) -> list[float]:
    """Key press to the next composed frame, over cursor keys that play nothing."""
    from textual import events

    from foxtui.ui.app import FoxApp

    app = FoxApp(session=_session(game_id, 1), bot_delay=0, steady_gc=STEADY_GC[0])
    stamps = Stamps(app)
    keys = CURSOR_KEYS.get(game_id, LIST_KEYS)
    latencies = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.3)
        for n in range(presses):
            stamps.frames.clear()
            t0 = time.perf_counter()
            app._driver.send_message(events.Key(keys[n % len(keys)], None))
            while not stamps.frames and time.perf_counter() - t0 < 1.0:
                await asyncio.sleep(0)
            if stamps.frames:
                latencies.append((stamps.frames[0][0] - t0) * 1000)
            await pilot.pause()
    return latencies


async def step_latency(game_id: str, wanted: int) -> list[float]:
    """A key that plays a step (Enter on the highlighted move) to the first composed frame drawn after the table
    took the step (its result on screen). Enter that plays nothing (closing a summary)
    is not counted; a finished game starts a new one with the next seed."""
    from textual import events

    from foxtui.ui.app import FoxApp
    from foxtui.ui.screens.play import PlayScreen

    latencies: list[float] = []
    seed = 1
    while len(latencies) < wanted and seed < 20:
        # the bots wait a little, so the frame measured is the step's own, not the
        # bots' answer drawn with it
        app = FoxApp(session=_session(game_id, seed), bot_delay=BOT_DELAY, steady_gc=STEADY_GC[0])
        stamps = Stamps(app)
        async with app.run_test(size=(80, 24)) as pilot:
            if PILOT_WAITS:
                PILOT_WAITS[0] = pilot
            await pilot.pause(0.3)
            idle = 0
            keys = STEP_KEYS.get(game_id, ["enter"])
            tries = 0
            while len(latencies) < wanted and idle < 3 * len(keys):
                play = next((s for s in app.screen_stack if isinstance(s, PlayScreen)), None)
                if play is None or play.table.outcome() is not None:
                    break
                before = steps(app)
                stamps.frames.clear()
                t0 = time.perf_counter()
                app._driver.send_message(events.Key(keys[tries % len(keys)], None))
                tries += 1
                took = await _watch(lambda: _own_step(play, before) is not None, 0.3)
                own = _own_step(play, before)
                if took and own is not None:
                    idle, tries = 0, 0
                    # the frame that shows Ada's step (a bot breeding at the same time may
                    # have stepped first: its frame is not this key's)
                    await _watch(lambda: any(n > own for _, n in stamps.frames), 1.0)
                    first = next((t for t, n in stamps.frames if n > own), None)
                    if first is not None:
                        latencies.append((first - t0) * 1000)
                else:
                    idle += 1
                # the keyboard comes back to Ada once the bots have answered, and she
                # reads the screen before her next key: it has drawn all it had to draw
                await _wait(pilot, lambda: 0 in play.table.to_act() and not play.driver.bots_to_move(), 10.0)
                await _settled(pilot, stamps)
        seed += 1
    return latencies


async def _settled(pilot, stamps: Stamps, quiet: float = 0.05, limit: float = 2.0) -> None:
    """Until no frame has been drawn for ``quiet`` seconds (a person presses a key on
    the screen drawn, not on one still being drawn)."""
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < limit:
        last = stamps.frames[-1][0] if stamps.frames else t0
        if time.perf_counter() - last >= quiet:
            return
        await pilot.pause(0.01)


async def _watch(until, limit: float) -> bool:
    """Until ``until()`` (True) or ``limit`` seconds (False), looking every millisecond
    and doing nothing else. In the time measured the pilot's pause would be the
    bench's own work: it posts a callback to every widget on the screen, waits for
    each to run it, and draws a frame itself."""
    if PILOT_WAITS and PILOT_WAITS[0] is not None:
        return await _wait(PILOT_WAITS[0], until, limit)
    t0 = time.perf_counter()
    while not until():
        if time.perf_counter() - t0 > limit:
            return False
        await asyncio.sleep(0.001)
    return True


def _own_step(play, before: int) -> int | None:
    """The index of the first step from ``before`` on played by Ada (seat 0), or None."""
    steps = play.table.session.record.steps
    return next((k for k in range(before, len(steps)) if steps[k].seat == 0), None)


def _figures(what: str, latencies: list[float]) -> str:
    if not latencies:
        return f"{what}: nothing measured"
    ordered = sorted(latencies)
    pick = lambda q: ordered[min(len(ordered) - 1, int(len(ordered) * q))]  # noqa: E731
    return (f"{what}: median {statistics.median(ordered):.1f} ms, p90 {pick(0.9):.1f} ms, "
            f"p95 {pick(0.95):.1f} ms, max {ordered[-1]:.1f} ms ({len(ordered)} samples)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--starts", type=int, default=15)
    parser.add_argument("--presses", type=int, default=100)
    parser.add_argument("--steps", type=int, default=60)
    parser.add_argument("--game", choices=sorted(TABLES), default="master-fox")
    parser.add_argument("--no-starts", action="store_true", help="skip the cold starts")
    parser.add_argument("--collect-all", action="store_true",
                        help="leave what the first frame built in the collector's walks (not as foxtui runs)")
    parser.add_argument("--pilot-waits", action="store_true",
                        help="wait out a step with the pilot's pause, whose own work falls in the time measured (as before)")
    args = parser.parse_args()
    STEADY_GC[0] = not args.collect_all
    if args.pilot_waits:
        PILOT_WAITS.append(None)
    with tempfile.TemporaryDirectory() as data:
        env = dict(os.environ, FOXTUI_DATA_DIR=data)
        if not args.no_starts:
            minimal, foxtui = cold_starts([MINIMAL, FOXTUI], args.starts, env)
            print(f"cold start to first frame: minimal Textual app {minimal * 1000:.0f} ms, "
                  f"foxtui {foxtui * 1000:.0f} ms, ratio {foxtui / minimal:.2f} "
                  f"(medians of {args.starts} alternating runs)")
        os.environ["FOXTUI_DATA_DIR"] = data
        cursor = asyncio.run(key_latency(args.game, args.presses))
        step = asyncio.run(step_latency(args.game, args.steps))
    print(_figures(f"cursor key to repaint ({args.game}, 80x24, headless)", cursor))
    print(_figures(f"step key to the frame with its result ({args.game}, 80x24, headless)", step))


if __name__ == "__main__":
    main()
