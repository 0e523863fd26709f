"""How fast bots play at a table: a speed per table, chosen when it is set up."""

from __future__ import annotations

from typing import NamedTuple


class BotPace(NamedTuple):
    #: seconds a bot waits before its move when it alone is to act (turn by turn)
    turn: float
    #: ... and when several seats act at once (real time): people need room to think
    realtime: float


#: the speeds a table offers, slowest first; "normal" lets a person read each bot step
BOT_SPEEDS: dict[str, BotPace] = {
    "slow": BotPace(2.5, 4.0),
    "normal": BotPace(1.5, 2.5),
    "fast": BotPace(0.6, 1.2),
    "instant": BotPace(0.0, 0.0),
}
DEFAULT_SPEED = "normal"


def bot_pace(speed: str | None) -> BotPace:
    """The pace of a speed's name (None or unknown: the default)."""
    return BOT_SPEEDS.get(speed or DEFAULT_SPEED, BOT_SPEEDS[DEFAULT_SPEED])


def speed_refusal(speed: str) -> str | None:
    """One sentence when ``speed`` is not a bot speed, else None."""
    if speed in BOT_SPEEDS:
        return None
    return f"There is no bot speed {speed!r}; choose {', '.join(BOT_SPEEDS)}."
