"""Shared helpers for the play, handover, results, replay and flow tests."""

from __future__ import annotations

import time
from typing import Any, Callable

from foxtui.engine.game import SeatInfo
from foxtui.engine.saves import new_save_path
from foxtui.engine.session import Session
from foxtui.games import GAMES

GAME = GAMES["master-fox"]


def table(*seats: str | tuple[str, str], seed: int = 5, saved: bool = True, **options: Any) -> Session:
    """A Master Fox session: "Ada" is a human, ("Bo", "sensible") a bot of that level."""
    infos = [SeatInfo(s) if isinstance(s, str) else SeatInfo(s[0], bot=s[1]) for s in seats]
    path = new_save_path(GAME.id, seed) if saved else None
    return Session.new(GAME, infos, GAME.Options(**options), seed, path)


def finished_session(seed: int = 7) -> Session:
    """A whole game played by three bots, saved once at the end."""
    session = table(("Ada", "sensible"), ("Bob", "sensible"), ("Cy", "random"), seed=seed, saved=False)
    return _saved(play_bots_until(session, 10**6), seed)


def tied_session() -> Session:
    """A finished game whose winner was decided by the tie-break."""
    for seed in range(100):
        session = finished_session(seed)
        if session.outcome().tiebreak:
            return session
    raise AssertionError("no tied game in 100 seeds")


def play_bots_until(session: Session, steps: int) -> Session:
    while session.step_count < steps and not session.outcome():
        session.play_bot()
    return session


def unfinished_session(steps: int = 120, seed: int = 5) -> Session:
    """Two bots' game stopped after ``steps`` steps, saved."""
    session = table(("Ada", "sensible"), ("Bob", "sensible"), seed=seed, saved=False)
    return _saved(play_bots_until(session, steps), seed)


def _saved(session: Session, seed: int) -> Session:
    # one save at the end instead of one per step: quicker, and the same file
    session.path = new_save_path(GAME.id, seed)
    session.save()
    return session


def screen_text(app) -> str:
    """Everything on the terminal right now as plain text, runs of spaces and line
    breaks made one space (so wrapped sentences read whole)."""
    return " ".join(" ".join(strip.text for strip in app.screen._compositor.render_strips()).split())


def notes(app) -> list[tuple[str, str]]:
    """(severity, message) of every notification shown so far."""
    return [(n.severity, n.message) for n in app._notifications]


def screen_names(app) -> list[str]:
    return [type(screen).__name__ for screen in app.screen_stack]


async def wait_for(pilot, condition: Callable[[], bool], tries: int = 500) -> None:
    """Let the event loop run (bots act through it) until ``condition`` holds, then let
    the screen draw once more. Gives up after ``tries`` turns of the loop, but never
    before a few seconds have passed: a loaded machine is slow, not stuck."""
    deadline = time.monotonic() + 10.0
    n = 0
    while n < tries or time.monotonic() < deadline:
        if condition():
            await pilot.pause()
            return
        await pilot.pause()
        n += 1
    raise AssertionError("the app never got there")


class HandClock:
    """A play screen's scheduler whose clock moves only when a test says so: timers of
    no delay still run on the app's loop (bots at bot_delay=0 play as usual); every
    other timer waits for ``advance``. Install with ``hand_clock(monkeypatch)``."""

    def __init__(self, widget) -> None:
        from foxtui.ui.screens.play import TextualScheduler

        self._soon = TextualScheduler(widget)
        self._now = 0.0
        self._timers: list[list] = []  # [due, order, callback or None]
        self._order = 0
        HandClock.last = self

    def now(self) -> float:
        return self._now

    def call_later(self, delay: float, callback):
        if delay <= 0:
            return self._soon.call_later(0, callback)
        self._order += 1
        entry = [self._now + delay, self._order, callback]
        self._timers.append(entry)

        class _Cancel:
            def cancel(self) -> None:
                entry[2] = None

        return _Cancel()

    def advance(self, seconds: float) -> None:
        """Move the clock on, running every timer that falls due, in order."""
        end = self._now + seconds
        while True:
            due = sorted((t for t in self._timers if t[2] is not None and t[0] <= end), key=lambda t: (t[0], t[1]))
            if not due:
                break
            entry = due[0]
            self._timers.remove(entry)
            self._now, callback, entry[2] = entry[0], entry[2], None
            callback()
        self._now = end


def hand_clock(monkeypatch) -> type[HandClock]:
    """Play screens made from now on keep time by hand: ``HandClock.last.advance(s)``."""
    from foxtui.ui.screens.play import PlayScreen

    monkeypatch.setattr(PlayScreen, "scheduler", HandClock)
    return HandClock


def burst(app, keys: list[str]) -> None:
    """Send ``keys`` to the app at once, as they arrive over SSH (bunched), not one by
    one with a pause for each as Pilot.press does."""
    import unicodedata

    from textual import events
    from textual.app import REPLACED_KEYS, _character_to_key, _get_unicode_name_from_key

    for key in keys:
        if len(key) == 1 and not key.isalnum():
            key = _character_to_key(key)
        original = REPLACED_KEYS.get(key, key)
        try:
            char = unicodedata.lookup(_get_unicode_name_from_key(original))
        except KeyError:
            char = key if len(key) == 1 else None
        event = events.Key(key, char)
        event.set_sender(app)
        app._driver.send_message(event)
