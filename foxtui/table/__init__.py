"""A table in play, whatever plays it: the one interface screens and servers drive.

``Table`` is what a table offers (views, moves, the log, acting, undo, its clock);
``LocalTable`` is one whose rules run here (over a ``Session``), ``RemoteTable`` one
whose rules run on a foxtui server. ``TableDriver`` owns the flow of either: whose
turn it is, bots and their pace, move time limits, the game's clock, which seat is
on screen and when a pass screen is due. It is given a ``Scheduler`` (Textual timers
in the app, the asyncio loop in the server) and has no other tie to either.

Nothing here imports Textual or asyncio.
"""

from __future__ import annotations

from .base import FinishedGame, Table
from .driver import Scheduler, StepKind, StepNews, TableDriver, TableListener, Timer, Turn
from .local import LocalTable
from .pace import BOT_SPEEDS, DEFAULT_SPEED, BotPace, bot_pace

__all__ = [
    "BOT_SPEEDS",
    "BotPace",
    "DEFAULT_SPEED",
    "bot_pace",
    "FinishedGame",
    "LocalTable",
    "Scheduler",
    "StepKind",
    "StepNews",
    "Table",
    "TableDriver",
    "TableListener",
    "Timer",
    "Turn",
]
