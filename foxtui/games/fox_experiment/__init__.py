"""The Fox Experiment: breeding friendly foxes over five rounds, one Game object for the engine."""

from __future__ import annotations

from importlib import resources
from typing import Any

from foxtui.bots import random_bot
from foxtui.engine.game import ModuleGame, Outcome

from . import rules
from .actions import CONFIRM_PUP, Action, ChoosePatron, ConfirmPup, PlayScience, TakeFox, TakeSupply, Unlock
from .administration import breakdown, ranking
from .bots import sensible_bot, expert_bot
from .content import TILE
from .narrate import describe
from .state import Options, State
from .view import View, make_view


#: the face-down piles a step may draw from (the automated opponent's are checked apart)
DECKS = ("female_deck", "male_deck", "science_deck", "study_deck", "tiles")


class FoxExperiment(ModuleGame):
    id = "fox-experiment"
    title = "The Fox Experiment"
    min_players = rules.MIN_PLAYERS
    max_players = rules.MAX_PLAYERS
    Options = Options
    State = State
    Action = Action
    View = View
    bots = {"sensible": sensible_bot, "random": random_bot, "expert": expert_bot}
    # 2: the rules as audited in December 2026 (records of version 1 replay differently);
    # 3: the auto-match weighs studies and tokens (issue 39), and the automated opponent's
    # lines say what each fox gained (an AutoMatch step, and the hashes, differ)
    # 4: a player who cannot pay for any upgrade is done with them by itself (issue 39:
    # a pass screen and a key for "Done with upgrades" alone); records of 3 have that step
    rules_version = 4
    asks_ages = False
    companions = {2: "the automated opponent"}  # the 2 Player Rules: it is no seat
    rules = rules
    make_view = staticmethod(make_view)
    narrate = staticmethod(describe)
    rules_markdown = resources.files(__package__).joinpath("rules.md").read_text(encoding="utf-8")

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != "over":
            return None
        n = len(state.seats)
        parts = [breakdown(state, s) for s in range(n)]
        scores = [sum(b.values()) for b in parts]
        order = ranking(state)
        tied = [s for s in order if scores[s] == scores[order[0]]]
        tiebreak = None
        if len(tied) > 1:
            tiebreak = (
                f"Tied on {scores[order[0]]} points: {state.seats[order[0]].name} is nearest "
                "the start of the supply track."
            )
        return Outcome(
            scores=scores,
            ranking=order,
            winners=[order[0]],
            breakdown=parts,
            coop_won=None,
            tiebreak=tiebreak,
        )

    def offered(self, legal: list[Any], action: Any) -> bool:
        # a pup recorded under a name the player typed is the listed ConfirmPup with the
        # name written in (apply checks the name)
        return action in legal or (isinstance(action, ConfirmPup) and CONFIRM_PUP in legal)

    def undo_blocker(self, before: State, seat: int, action: Any, after: State) -> str | None:
        if isinstance(action, TakeFox) and action.index == -1:
            return "The top card of the deck has been revealed."
        if isinstance(action, TakeSupply) and 0 <= action.space < len(before.track):
            tile = before.track[action.space].tile
            if tile and "science" in TILE[tile]:
                return "A science card has been drawn."
        if isinstance(action, ChoosePatron):
            return "A science card has been drawn."
        if isinstance(action, Unlock) and action.track == "study":
            return "Study cards have been drawn."
        if isinstance(action, PlayScience):
            return "The science card has been played face up."
        if after.phase != before.phase or after.round != before.round:
            return "A new phase has begun."
        # the decks are shuffled at the start, so a draw leaves the PRNG as it was
        auto, was = after.automaton, before.automaton
        if auto is not None and was is not None and (auto.shown != was.shown or auto.deck != was.deck
                                                     or auto.study_deck != was.study_deck):
            return "The automated opponent has turned over a card."
        if any(len(getattr(after, deck)) < len(getattr(before, deck)) for deck in DECKS):
            return "A card has been drawn from a face-down deck."
        return None


GAME = FoxExperiment()

__all__ = ["GAME", "FoxExperiment"]
