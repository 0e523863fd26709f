"""A bot's decision at a table, from its question to the move the table plays.

Written once for every game and every level, where the table decides a bot's moves.
A level that keeps choosing a step and its undoing (a pair taken apart and joined
again, a card played and taken back) holds the table for good, its people too, since
the table waits for the bot. So within one decision of a seat (the steps since it
last came to act) its bot never takes a step that brings back a position it has had:
its View after the step is one it saw before in that decision. Such a move is taken
out of its choice and the bot is asked again. When no move is left, or the bot's
answer is not one of its moves, or it raised, the table plays the sensible level's
move for it (a step marked ``by="table"``, which the log tells), so the people at the
table can always go on.

A bot that does not go round is asked once, the question it always had: records of
games in which no bot went round are the same as before, byte for byte.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, NamedTuple

from .game import IllegalAction
from .rng import Rng

if TYPE_CHECKING:
    from .session import Session

LOG = logging.getLogger("foxtui.decision")


class BotMove(NamedTuple):
    """The move the table plays for a seat's bot."""

    action: Any
    #: None: the bot's own choice; "table": the bot's own was refused, went round or
    #: failed, and the table played the sensible level's move for it
    by: str | None = None


class BotDecision:
    """One decision of a seat's bot: ``question`` (a BotQuestion, foxtui/bots/ask.py) is
    answered, here or elsewhere, and ``answered`` says what the table plays."""

    def __init__(self, session: "Session", seat: int) -> None:
        self.session = session
        self.seat = seat
        #: what the bot is to answer (after an answer that went round: the same, its
        #: legal moves without those that would bring a position back)
        self.question = session.bot_question(seat)
        self._asked_again = False

    def answered(self, move: Any) -> BotMove | None:
        """The move to play for the bot's answer ``move`` (an exception: the bot raised),
        or None when the bot is to answer ``question`` again."""
        if isinstance(move, BaseException):
            why = f"it raised {move!r}"
        else:
            verdict = self._verdict(move)
            if verdict is None:
                return BotMove(move)
            if verdict == "round" and not self._asked_again:
                fresh = self._fresh(self.question.legal)
                if fresh:
                    self._asked_again = True
                    self.question = self.question._replace(legal=fresh)
                    return None
            why = f"its move {move!r} " + ("went round" if verdict == "round" else "was not one of its moves")
        level, seat = self.question.level, self.seat
        LOG.warning("the %s bot of seat %d could not decide (%s): the sensible move is played", level, seat, why)
        return BotMove(self._sensible(), "table")

    def _verdict(self, move: Any) -> str | None:
        """None: the move may be played; "refused": it is not one of the bot's moves;
        "round": it brings back a position of this decision."""
        session = self.session
        if not session.game.offered(self.question.legal, move):
            return "refused"
        try:
            back = session.brings_back(self.seat, move)
        except IllegalAction:
            return "refused"
        return "round" if back else None

    def _fresh(self, legal: list) -> list:
        """The moves of ``legal`` that bring no position of this decision back."""
        session, seen = self.session, self.session.positions(self.seat)
        fresh = []
        for action in legal:
            try:
                if not session.brings_back(self.seat, action, seen):
                    fresh.append(action)
            except IllegalAction:
                pass  # (a listed move is legal: never happens)
        return fresh

    def _sensible(self) -> Any:
        """The sensible level's move (the game's first level), among the moves that bring
        nothing back where there are any; the first of them if that bot fails too."""
        game, question = self.session.game, self.question
        legal = list(question.legal)
        choices = self._fresh(legal) or legal
        bot = next(iter(game.bots.values()))
        if not getattr(bot, "searches", False):
            try:
                move = bot(question.view, choices, Rng(question.rng))
                if game.offered(choices, move):
                    return move
            except Exception as exc:  # a bug in it too: the table still goes on
                LOG.error("the sensible bot of seat %d could not decide either: %r", self.seat, exc)
        return choices[0]
