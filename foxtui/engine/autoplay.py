"""Bots play every seat of a game, headless (``foxtui autoplay``, tests, benchmarks)."""

from __future__ import annotations

from typing import Any

from .game import Game, Outcome, SeatInfo
from .session import Session

#: a game that has not ended after this many steps is a bug, not a long game
MAX_STEPS = 200_000


def autoplay(game: Game, players: int, seed: int, options: Any = None, level: str | None = None) -> Session:
    """A finished game between bots of ``level`` (default: the game's first level).
    The same arguments give the same record, byte for byte."""
    level = level or next(iter(game.bots))
    seats = [SeatInfo(name=f"Bot {n}", bot=level) for n in range(1, players + 1)]
    session = Session.new(game, seats, options if options is not None else game.Options(), seed)
    while session.outcome() is None:
        if session.step_count >= MAX_STEPS:
            raise RuntimeError(f"{game.title} did not end within {MAX_STEPS} steps (seed {seed}).")
        session.play_bot()
    return session


def outcome_line(game: Game, seats: list[SeatInfo], outcome: Outcome, steps: int) -> str:
    """One line: every seat's score, best first, and who won."""
    scores = ", ".join(f"{seats[s].name} {outcome.scores[s]}" for s in outcome.ranking)
    if outcome.coop_won is not None:
        result = "the players won" if outcome.coop_won else "the players lost"
    else:
        result = "winner: " + " & ".join(seats[s].name for s in outcome.winners)
    return f"{game.title}: {scores} — {result} ({steps} steps)"
