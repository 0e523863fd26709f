"""Table clocks: rules that run against real time, kept by the server, never a client.

Fox Matters' Action ends when its timer runs out: the server's clock submits the
game's TimeUp step, and clients are neither offered that step nor allowed to send it.
"""

from __future__ import annotations

from typing import Any, NamedTuple


class Clock(NamedTuple):
    key: int  # the timed period (a Fox Matters round): a saved countdown belongs to it
    seconds: float
    step: Any  # what the clock plays when the time is up


def clock_for(game: Any, public_view: Any) -> Clock | None:
    """The clock that should be running now, if any."""
    if game.id == "fox-matters" and public_view.phase == "action" and public_view.timer_seconds > 0:
        from foxtui.games.fox_matters.actions import TIME_UP

        return Clock(public_view.round, float(public_view.timer_seconds), TIME_UP)
    return None


def is_clock_step(game: Any, action: Any) -> bool:
    if game.id == "fox-matters":
        from foxtui.games.fox_matters.actions import TimeUp

        return isinstance(action, TimeUp)
    return False
