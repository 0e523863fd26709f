"""A bot's decision as a question that can travel: to a thread, or to a worker process.

The question holds only what the bot may use (its seat's View, the legal actions, the
state of its rng) and, for a bot that searches, what the seat may know to deal its
samples from (the game's ``knowledge``): never the real state itself. ``answer`` is a
pure function of the question, so asking it here, in a thread or in another process
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
    #: what the seat may know, its samples are dealt from (searching bots only), else None
    known: Any = None

    @property
    def searches(self) -> bool:
        return self.known is not None


def ask(game: Any, state: Any, seat: int, level: str, rng: int, view: Any = None) -> BotQuestion:
    """The question a seat's bot answers in ``state``: its view (``view``, when already
    made) and legal moves, and for a bot that searches what the seat may know.
    ValueError when the seat has nothing to do."""
    legal = game.legal_actions(state, seat)
    if not legal:
        raise ValueError("nothing to do")
    known = None
    if getattr(game.bots[level], "searches", False) and len(legal) > 1:
        known = game.knowledge(state, seat)
    if view is None:
        view = game.view(state, seat)
    return BotQuestion(game.id, level, seat, view, legal, rng, known)


def answer(question: BotQuestion, budget: int | None = None, abandon: Any = None) -> Any:
    """The bot's move (``budget``: a search's simulations, instead of its level's;
    ``abandon``: a search stops, raising root_search.Abandoned, once it says True)."""
    from foxtui.engine.rng import Rng
    from foxtui.games import GAMES

    from .root_search import Sampler

    game = GAMES[question.game_id]
    bot = game.bots[question.level]
    rng = Rng(question.rng)
    if getattr(bot, "searches", False):
        return bot(question.view, question.legal, rng, Sampler(game, question.seat, question.known), budget, abandon)
    return bot(question.view, question.legal, rng)
