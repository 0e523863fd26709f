"""App speed: cold start to first frame, and key press to repaint on the Master Fox screen.

Cold start: a fresh Python process that starts the app headless and exits as soon
as the first frame is composed, timed from outside (interpreter start and imports
included), for `foxtui` and for a minimal Textual app. Target: within 1.3x.

Key press to repaint: in one headless app, the time from a key event reaching the
driver to the next composed screen update (App._display), median over many
cursor moves on the Master Fox board. Target: 16 ms median.

usage: python bench/app_speed.py [--starts N] [--presses N]
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


async def key_latency(presses: int) -> list[float]:
    from textual import events

    from foxtui.engine import SeatInfo
    from foxtui.engine.session import Session
    from foxtui.games import GAMES
    from foxtui.ui.app import FoxApp

    game = GAMES["master-fox"]
    seats = [SeatInfo("Ada", age=40), SeatInfo("Reynard", bot="sensible", age=30)]
    session = Session.new(game, seats, game.Options(), 1)
    app = FoxApp(session=session, bot_delay=0)
    stamps: list[float] = []
    display = app._display

    def timed_display(screen, renderable):
        if renderable is not None:
            stamps.append(time.perf_counter())
        return display(screen, renderable)

    app._display = timed_display  # type: ignore[method-assign]
    latencies = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.2)
        keys = ["right"] * 7 + ["down"] * 4 + ["left"] * 7 + ["up"] * 4
        for n in range(presses):
            key = keys[n % len(keys)]
            stamps.clear()
            t0 = time.perf_counter()
            app._driver.send_message(events.Key(key, None))
            while not stamps and time.perf_counter() - t0 < 1.0:
                await asyncio.sleep(0)
            if stamps:
                latencies.append((stamps[0] - t0) * 1000)
            await pilot.pause()
    return latencies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--starts", type=int, default=15)
    parser.add_argument("--presses", type=int, default=100)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data:
        env = dict(os.environ, FOXTUI_DATA_DIR=data)
        minimal, foxtui = cold_starts([MINIMAL, FOXTUI], args.starts, env)
        print(f"cold start to first frame: minimal Textual app {minimal * 1000:.0f} ms, "
              f"foxtui {foxtui * 1000:.0f} ms, ratio {foxtui / minimal:.2f} (medians of {args.starts} alternating runs)")
        os.environ["FOXTUI_DATA_DIR"] = data
        latencies = asyncio.run(key_latency(args.presses))
    print(f"key press to repaint (Master Fox board, headless): median {statistics.median(latencies):.1f} ms, "
          f"p90 {sorted(latencies)[int(len(latencies) * 0.9)]:.1f} ms, max {max(latencies):.1f} ms "
          f"({len(latencies)} presses)")


if __name__ == "__main__":
    main()
