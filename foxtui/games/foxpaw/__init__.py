"""Foxpaw: four houses of a school of magic compete over five school years. One Game
object for the engine."""

from __future__ import annotations

from importlib import resources
from typing import Any

from foxtui.bots import random_bot
from foxtui.engine.game import ModuleGame, Outcome

from . import rules
from .actions import Action
from .bots import sensible_bot, expert_bot
from .narrate import describe
from .rules_core import SIMULTANEOUS
from .state import VP_PARTS, Options, State
from .view import View, make_view

BREAKDOWN = {
    "scoring": "Intermediate Scorings",
    "talents": "Strength and Knowledge 8",
    "brooms": "Broom halves",
    "mischief": "Mischief cards",
    "darkness": "Darkness",
    "prophecies": "Prophecies",
    "cards": "other cards",
}


#: the face-down piles a step may draw from
DECKS = ("spell_deck", "beast_deck", "mischief_deck", "prophecy_deck", "darkness_deck", "teacher_deck",
         "carnival_deck", "duel_deck", "students_box")


class Foxpaw(ModuleGame):
    id = "foxpaw"
    title = "Foxpaw"
    min_players = rules.MIN_PLAYERS
    max_players = rules.MAX_PLAYERS
    Options = Options
    State = State
    Action = Action
    View = View
    bots = {"sensible": sensible_bot, "random": random_bot, "expert": expert_bot}
    # 2: the rules as audited in December 2026 (records of version 1 replay differently);
    # 3: an attack on Hold back is "one duelist wins" for bets
    rules_version = 3
    asks_ages = False
    rules = rules
    make_view = staticmethod(make_view)
    narrate = staticmethod(describe)
    rules_markdown = resources.files(__package__).joinpath("rules.md").read_text(encoding="utf-8")

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != "over":
            return None
        order = rules.ranking(state)
        scores = [rules.score(state, i) for i in range(len(state.seats))]
        tiebreak = None
        if len(order) > 1 and scores[order[0]] == scores[order[1]]:
            tiebreak = f"Tied on {scores[order[0]]} VP: {state.seats[order[0]].name} went to bed earlier."
        return Outcome(
            scores=scores,
            ranking=order,
            winners=[order[0]],
            breakdown=[{BREAKDOWN[k]: v for k, v in zip(VP_PARTS, p.vp)} for p in state.players],
            coop_won=None,
            tiebreak=tiebreak,
        )

    def undo_blocker(self, before: State, seat: int, action: Any, after: State) -> str | None:
        # The decks are shuffled at the start, so a draw leaves the PRNG as it was: a step
        # that showed a face-down card (a draw, a peek) must be refused here instead.
        if any(seat in after.event_marks[n] and seat not in before.event_marks[n]
               for n in range(after.events_done, len(after.events))):
            return "You have seen that Magical Event; the look cannot be taken back."
        if after.players[seat].teacher_seen and not before.players[seat].teacher_seen:
            return "You have seen the Teacher deck; the look cannot be taken back."
        if any(len(getattr(after, deck)) < len(getattr(before, deck)) for deck in DECKS):
            return "A card has been drawn from a face-down deck."
        top = before.tasks[-1].kind if before.tasks else ""
        if top in ("duel_secret", "bid") and SIMULTANEOUS[top](before) == [seat]:
            return "Everyone has chosen, and the choices are shown."
        if len(after.duel_reports) > len(before.duel_reports):
            return "The duel has been fought."
        if len(after.event_reports) > len(before.event_reports):
            return "The Magical Event has been played."
        for p, q in zip(before.players, after.players):
            if len(q.fulfilled) > len(p.fulfilled):
                return "A Prophecy has been shown."
        return None


GAME = Foxpaw()

__all__ = ["GAME", "Foxpaw"]
