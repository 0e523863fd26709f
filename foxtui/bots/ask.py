"""A bot's decision as a question that can travel: to a thread, or to a worker process.

The question holds only what the bot may use (its seat's View, the legal actions, the
state of its rng) and, for a bot that searches, one determinization of the real
state to build its sampler from: never the real state itself. ``answer`` is a pure
function of the question, so asking it here, in a thread or in another process
gives the same move.
"""

from __future__ import annotations

from typing import Any, NamedTuple


class BotQuestion(NamedTuple):
    game_id: str
    level: str
    seat: int
    view: Any
    legal: list
    rng: int  # the state of the bot's Rng
    #: a state the seat cannot tell from the real one (searching bots only), else None
    base: Any = None

    @property
    def searches(self) -> bool:
        return self.base is not None


def answer(question: BotQuestion) -> Any:
    """The bot's move."""
    from foxtui.engine.rng import Rng
    from foxtui.games import GAMES

    from .ismcts import Sampler

    game = GAMES[question.game_id]
    bot = game.bots[question.level]
    rng = Rng(question.rng)
    if getattr(bot, "searches", False):
        return bot(question.view, question.legal, rng, Sampler(game, question.seat, question.base))
    return bot(question.view, question.legal, rng)
