"""One log line per move, told from the viewer's side.

Others hear where a hand went and what it did, never what it felt.
"""

from __future__ import annotations

from . import content
from .actions import SPOT_INDEX, EndTurn, Grab, KeepMission, NoSteal, PutBack, Stash, StashStop, Steal, Stop, Touch
from .rules import touch_level
from .state import State


def _feel_at(state: State, seat: int, spot: str) -> str | None:
    i = SPOT_INDEX[spot]
    pawn = state.spots[i]
    if pawn < 0:
        return None
    return content.feel(state.pawns[pawn], touch_level(state, seat, i))


def _ends_looting(state: State, seat: int, pawn: int) -> bool:
    """Whether stashing ``pawn`` leaves every sack with two or more ruse pawns."""
    for s, player in enumerate(state.players):
        kinds = [state.pawns[h.pawn] for h in player.sack] + ([state.pawns[pawn]] if s == seat else [])
        if sum(1 for k in kinds if content.is_ruse(k)) < 2:
            return False
    return True


def _hands_emptied(state: State, viewer: int | None) -> str:
    """At STOP every pawn still in a looting hand goes back into the box (whose hands
    are full is public, what they hold is not)."""
    holders = [s for s, p in enumerate(state.players) if p.hand is not None]
    if not holders:
        return ""
    names = ["your" if s == viewer else f"{state.seats[s].name}'s" for s in holders]
    if len(names) == 1:
        return f" The pawn in {names[0]} hand goes back into the box."
    listed = ", ".join(names[:-1]) + " and " + names[-1]
    return f" The pawns in {listed} hands go back into the box."


def describe(state: State, seat: int, action, viewer: int | None) -> str:
    me = viewer == seat
    name = "You" if me else state.seats[seat].name
    if isinstance(action, Touch):
        if me:
            return f"You touched {action.spot}: {_feel_at(state, seat, action.spot) or content.NOTHING}."
        return f"{name} touched {action.spot}."
    if isinstance(action, Grab):
        if me:
            felt = _feel_at(state, seat, action.spot)
            if felt is None:
                return f"You grabbed at {action.spot}: your hand closed on nothing."
            return f"You grabbed at {action.spot} and hold a pawn: {felt}."
        # everyone hears whether the hand came up holding a pawn, never what it holds
        if state.spots[SPOT_INDEX[action.spot]] < 0:
            return f"{name} grabbed at {action.spot} and came up empty."
        return f"{name} grabbed at {action.spot} and came up holding a pawn."
    hand = state.players[seat].hand
    if isinstance(action, Stash):
        size = len(state.players[seat].sack) + 1
        if me and hand is not None:
            felt = content.feel(state.pawns[hand.pawn], hand.level)
            line = f"You stashed the pawn ({felt}); your sack holds {size}."
        else:
            line = f"{name} stashed a pawn; the sack holds {size}."
        if hand is not None and _ends_looting(state, seat, hand.pawn):
            line += " Nobody can call STOP any more, so looting ends."
        return line
    if isinstance(action, StashStop):
        size = len(state.players[seat].sack) + 1
        if me and hand is not None:
            felt = content.feel(state.pawns[hand.pawn], hand.level)
            return f"You stashed the pawn ({felt}), your sack holds {size}, and you called STOP!"
        return f"{name} stashed a pawn, the sack holds {size}, and called STOP!"
    if isinstance(action, PutBack):
        if me and hand is not None:
            felt = content.feel(state.pawns[hand.pawn], hand.level)
            return f"You put the pawn ({felt}) back into the box."
        return f"{name} put a pawn back into the box."
    if isinstance(action, EndTurn):
        return "You ended your turn." if me else f"{name} ended the turn."
    if isinstance(action, Stop):
        return f"{name} called STOP!" + _hands_emptied(state, viewer)
    if isinstance(action, KeepMission):
        return f"{name} kept the {content.label(action.animal)} mission uncovered."
    if isinstance(action, Steal):
        whose = "Your" if me else f"{state.seats[seat].name}'s"
        animal = content.label(action.animal).lower()
        if viewer == action.victim:
            return f"{whose} snake stole your {animal}."
        return f"{whose} snake stole a {animal} from {state.seats[action.victim].name}."
    if isinstance(action, NoSteal):
        return "You let your snake rest." if me else f"{state.seats[seat].name}'s snake stole nothing."
    return f"{name} did something unexpected."
