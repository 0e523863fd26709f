"""Fox Matters actions: one small step each, as tagged frozen Structs.

Columns are numbered 0..5 from the left (shown as 1..6); -1 means a knight's
own board. Compound choices are several steps: moving a card is TakeBack then
PlayCard; a knight ability names its targets in one step (at most a column,
an index in it and a destination column).
"""

from __future__ import annotations

import msgspec

from . import content

NUM_COLUMNS = 6
MAX_FEAR = 2  # Fear spots under a column; a third token loses the game
MAX_PROBLEMS = 3  # problems a column holds before the next one spills over


class PlayCard(msgspec.Struct, frozen=True, tag="play"):
    """Put a face-up card from a hand at the end of a column's chain."""

    card: str
    column: int


class TakeBack(msgspec.Struct, frozen=True, tag="take_back"):
    """Take a played card back into its owner's hand."""

    card: str


class MoveKnight(msgspec.Struct, frozen=True, tag="move_knight"):
    """Put a knight's marker on a column (-1: back on its board)."""

    knight: str
    column: int


class UseAbility(msgspec.Struct, frozen=True, tag="ability"):
    """Pay cheese from a knight for one of its abilities (Planning only).

    ``column``/``index`` pick a problem, Fear token or face-up Fox spot (index only);
    ``to`` is the destination column for the abilities that move something.
    """

    knight: str
    ability: int
    column: int = -1
    index: int = -1
    to: int = -1


class PickFox(msgspec.Struct, frozen=True, tag="pick_fox"):
    """Keep one of the Fox cards a knight looked at."""

    card: str


class FaceFear(msgspec.Struct, frozen=True, tag="face_fear"):
    """Turn a face-down Fear token face up (Planning only)."""

    column: int
    index: int


class Ready(msgspec.Struct, frozen=True, tag="ready"):
    """This player is done planning; the Action starts when everyone is."""


class EndAction(msgspec.Struct, frozen=True, tag="end_action"):
    """This player is done acting; the Action ends when everyone is (or time is up)."""


class ShareCheese(msgspec.Struct, frozen=True, tag="share_cheese"):
    """Share the cheese a column earned: how many each knight that stood there gets, in
    the order of the table's knights on that column (see state.CheeseShare)."""

    column: int
    cheese: tuple[int, ...]


class TimeUp(msgspec.Struct, frozen=True, tag="time_up"):
    """The table's clock ran out: the Action ends now. Submitted by the timer, not a player."""


Action = PlayCard | TakeBack | MoveKnight | UseAbility | PickFox | FaceFear | Ready | EndAction | ShareCheese | TimeUp

# Built once: legal_actions hands out these shared immutable objects.
PLAY: dict[tuple[str, int], PlayCard] = {(c, col): PlayCard(c, col) for c in content.CARDS for col in range(NUM_COLUMNS)}
TAKE: dict[str, TakeBack] = {c: TakeBack(c) for c in content.CARDS}
MOVE: dict[tuple[str, int], MoveKnight] = {
    (k, col): MoveKnight(k, col) for k in content.KNIGHT for col in range(-1, NUM_COLUMNS)
}
PICK: dict[str, PickFox] = {c: PickFox(c) for c in content.FOX_IDS}
FACE: dict[tuple[int, int], FaceFear] = {(c, i): FaceFear(c, i) for c in range(NUM_COLUMNS) for i in range(MAX_FEAR)}
READY = Ready()
END_ACTION = EndAction()
TIME_UP = TimeUp()
_ABILITY: dict[tuple[str, int, int, int, int], UseAbility] = {}


def ability(knight: str, which: int, column: int = -1, index: int = -1, to: int = -1) -> UseAbility:
    key = (knight, which, column, index, to)
    a = _ABILITY.get(key)
    if a is None:
        a = _ABILITY[key] = UseAbility(knight, which, column, index, to)
    return a
