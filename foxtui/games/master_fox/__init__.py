"""Master Fox: blind paws in the farmyard box, one Game object for the engine."""

from __future__ import annotations

from importlib import resources
from typing import Any

from foxtui.bots import random_bot
from foxtui.engine.game import GameBase, Outcome, SeatInfo

from . import rules
from .actions import Action, Grab, Stop, Touch
from .bots import sensible_bot
from .narrate import describe
from .state import Options, State
from .view import View, make_view


class MasterFox(GameBase):
    id = "master-fox"
    title = "Master Fox"
    min_players = rules.MIN_PLAYERS
    max_players = rules.MAX_PLAYERS
    Options = Options
    State = State
    Action = Action
    View = View
    bots = {"sensible": sensible_bot, "random": random_bot}
    asks_ages = True  # the oldest shakes the box and starts; the youngest keeps a mission and wins ties
    rules_markdown = resources.files(__package__).joinpath("rules.md").read_text(encoding="utf-8")

    def setup(self, seats: list[SeatInfo], options: Options, seed: int) -> State:
        return rules.setup(seats, options, seed)

    def to_act(self, state: State) -> frozenset[int]:
        return rules.to_act(state)

    def legal_actions(self, state: State, seat: int) -> list[Any]:
        return rules.legal_actions(state, seat)

    def apply(self, state: State, seat: int, action: Any) -> State:
        return rules.apply(state, seat, action)

    def view(self, state: State, seat: int | None) -> View:
        return make_view(state, seat)

    def view_all(self, state: State) -> View:
        return make_view(state, None, everything=True)

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

    def describe(self, state: State, seat: int, action: Any, viewer: int | None) -> str:
        return describe(state, seat, action, viewer)

    def round_of(self, state: State) -> int:
        return state.round

    def determinize(self, state: State, seat: int, seed: int) -> State:
        return rules.determinize(state, seat, seed)

    def undo_blocker(self, before: State, seat: int, action: Any, after: State) -> str | None:
        if isinstance(action, Touch):
            return "You already felt that pawn; a touch cannot be taken back."
        if isinstance(action, Grab):
            return "You already felt what your hand closed on; a grab cannot be taken back."
        if isinstance(action, Stop):
            return "STOP showed every sack; it cannot be taken back."
        return None

    def has_secrets(self, state: State, seat: int) -> bool:
        return True


GAME = MasterFox()

__all__ = ["GAME", "MasterFox"]
