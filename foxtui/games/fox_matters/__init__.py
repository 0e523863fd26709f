"""Fox Matters: cooperative Fox Knights against a Nightmare, one Game object for the engine."""

from __future__ import annotations

from importlib import resources
from typing import Any

import msgspec

from foxtui.bots import random_bot
from foxtui.engine.game import Clock, ModuleGame, Outcome

from . import letters, rules
from .actions import Action, FaceFear, Ready, ShareCheese, UseAbility
from .bots import cooperative_bot
from .content import KNIGHT
from .expert import expert_bot
from .narrate import describe
from .state import Options, State
from .view import View, make_view

COMMON, COMPLICATED, NIGHTMARE = (
    "common problems dealt with",
    "complicated problems dealt with",
    "nightmare defeated",
)


class FoxMatters(ModuleGame):
    id = "fox-matters"
    title = "Fox Matters"
    min_players = rules.MIN_PLAYERS
    max_players = rules.MAX_PLAYERS
    Options = Options
    State = State
    Action = Action
    View = View
    bots = {"cooperative": cooperative_bot, "random": random_bot, "expert": expert_bot}
    # 2: the rules as audited in December 2026 (records of version 1 replay differently)
    rules_version = 2
    asks_ages = False
    open_table = True  # every card face up: no pass screens between players
    rules = rules
    make_view = staticmethod(make_view)
    narrate = staticmethod(describe)
    rules_markdown = resources.files(__package__).joinpath("rules.md").read_text(encoding="utf-8")

    def outcome(self, state: State) -> Outcome | None:
        """Cooperative: everyone shares one result. The score is the number of problem
        cards the team dealt with (the Nightmare counts as one)."""
        if state.phase != "over":
            return None
        n = len(state.seats)
        dealt = state.dealt_with
        breakdown = {
            COMMON: dealt["common"],
            COMPLICATED: dealt["complicated"],
            NIGHTMARE: dealt["nightmare"],
        }
        score = sum(breakdown.values())
        won = state.result == "won"
        return Outcome(
            scores=[score] * n,
            ranking=list(range(n)),
            winners=list(range(n)) if won else [],
            breakdown=[dict(breakdown) for _ in range(n)],
            coop_won=won,
            ending=state.end_reason or None,
        )

    def follow_marks(self, marks: letters.Letters | None, state: State) -> letters.Letters:
        return letters.follow(marks, state)

    def marked_view(self, view: View, marks: letters.Letters | None) -> View:
        if marks is None:
            return view
        return msgspec.structs.replace(view, letters=marks.held)

    def undo_blocker(self, before: State, seat: int, action: Any, after: State) -> str | None:
        if len(after.reports) > len(before.reports):
            return "The Problem check has been made; it cannot be taken back."
        if isinstance(action, ShareCheese) and (after.round != before.round or after.phase == "over"):
            return "The cheese is shared and the Clean-up has laid out the next round."
        if isinstance(action, Ready) and after.phase == "action":
            return "The timer has started and the new cards are face up."
        if isinstance(action, FaceFear):
            return "The Fear token is face up now; it cannot be hidden again."
        if isinstance(action, UseAbility) and after.phase == "pick_fox":
            return "Everyone has seen the Fox cards; the look cannot be taken back."
        if isinstance(action, UseAbility) and KNIGHT[action.knight].abilities[action.ability].kind == "recruit_gray_tail":
            return "The Gray Tail card has been drawn."
        return None

    def clock(self, state: State) -> Clock | None:
        return rules.clock(state)


GAME = FoxMatters()

__all__ = ["GAME", "FoxMatters"]
