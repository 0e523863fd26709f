"""Master Fox: blind paws in the farmyard box, one Game object for the engine."""

from __future__ import annotations

from importlib import resources
from typing import Any

from foxtui.bots import random_bot
from foxtui.engine.game import ModuleGame, Outcome

from . import rules, sample
from .actions import Action, Grab, StashStop, Stop, Touch
from .bots import expert_bot, sensible_bot
from .narrate import describe
from .state import Options, State
from .view import View, make_view


class MasterFox(ModuleGame):
    id = "master-fox"
    title = "Master Fox"
    min_players = rules.MIN_PLAYERS
    max_players = rules.MAX_PLAYERS
    Options = Options
    State = State
    Action = Action
    View = View
    bots = {"sensible": sensible_bot, "random": random_bot, "expert": expert_bot}
    # 2: the rules as audited in December 2026 (records of version 1 replay differently);
    # 3: every plain stash ends the turn, and a stash may call STOP in the same move
    rules_version = 3
    asks_ages = True  # the oldest shakes the box and starts; the youngest keeps a mission and wins ties
    rules = rules
    make_view = staticmethod(make_view)
    narrate = staticmethod(describe)
    rules_markdown = resources.files(__package__).joinpath("rules.md").read_text(encoding="utf-8")

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != "over":
            return None
        order = rules.ranking(state)
        top = state.eggs[order[0]]
        tied = [s for s in order if state.eggs[s] == top]
        tiebreak = None
        if len(tied) > 1:
            tiebreak = f"Tied on {top} eggs: {state.seats[order[0]].name} is the youngest."
        return Outcome(
            scores=list(state.eggs),
            ranking=order,
            winners=[order[0]],
            breakdown=[dict(b) for b in state.breakdown],
            coop_won=None,
            tiebreak=tiebreak,
        )

    def knowledge(self, state: State, seat: int) -> View:
        """The seat's View: it holds all the seat may know of the round."""
        return make_view(state, seat)

    def determinize(self, known: View, seed: int) -> State:
        return sample.determinize(known, seed)

    def undo_blocker(self, before: State, seat: int, action: Any, after: State) -> str | None:
        if isinstance(action, Touch):
            return "You already felt that pawn; a touch cannot be taken back."
        if isinstance(action, Grab):
            return "You already felt what your hand closed on; a grab cannot be taken back."
        if isinstance(action, (Stop, StashStop)):
            return "STOP showed every sack; it cannot be taken back."
        return None


GAME = MasterFox()

__all__ = ["GAME", "MasterFox"]
