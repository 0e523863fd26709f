"""Master Fox actions: one small step each, as tagged frozen Structs."""

from __future__ import annotations

import msgspec

COLUMNS = "ABCDEFGH"
ROWS = 5
#: the 40 spots of the box, row by row: A1 B1 ... H1 A2 ... H5
SPOTS: tuple[str, ...] = tuple(f"{c}{r}" for r in range(1, ROWS + 1) for c in COLUMNS)
SPOT_INDEX: dict[str, int] = {s: i for i, s in enumerate(SPOTS)}


class Touch(msgspec.Struct, frozen=True, tag="touch"):
    """Feel the pawn (if any) on a spot of the box."""

    spot: str


class Grab(msgspec.Struct, frozen=True, tag="grab"):
    """Close the looting hand on a spot; holds the pawn there, if any."""

    spot: str


class Stash(msgspec.Struct, frozen=True, tag="stash"):
    """Move the pawn in the looting hand into the sack."""


class PutBack(msgspec.Struct, frozen=True, tag="put_back"):
    """Drop the pawn in the looting hand back into the box."""


class EndTurn(msgspec.Struct, frozen=True, tag="end_turn"):
    """Pass the box to the next player (turn mode only)."""


class Stop(msgspec.Struct, frozen=True, tag="stop"):
    """Call STOP!: looting ends for everyone and the sacks are shown."""


class StashStop(msgspec.Struct, frozen=True, tag="stash_stop"):
    """Stash the pawn in the looting hand and call STOP! in the same move (turn mode,
    when that stash brings the sack to three loot pawns): a plain stash ends the turn."""


class KeepMission(msgspec.Struct, frozen=True, tag="keep_mission"):
    """Every third round the youngest leaves one of last round's missions uncovered."""

    animal: str


class Steal(msgspec.Struct, frozen=True, tag="steal"):
    """A snake takes one loot pawn of this animal from the victim's sack."""

    victim: int
    animal: str


class NoSteal(msgspec.Struct, frozen=True, tag="no_steal"):
    """A snake's owner declines to steal."""


Action = Touch | Grab | Stash | PutBack | EndTurn | Stop | StashStop | KeepMission | Steal | NoSteal

# Built once: legal_actions hands out these shared immutable objects.
TOUCHES: tuple[Touch, ...] = tuple(Touch(s) for s in SPOTS)
GRABS: tuple[Grab, ...] = tuple(Grab(s) for s in SPOTS)
STASH = Stash()
PUT_BACK = PutBack()
END_TURN = EndTurn()
STOP = Stop()
STASH_STOP = StashStop()
NO_STEAL = NoSteal()
