"""Master Fox state: everything, hidden or not, in one msgspec Struct tree."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec
from msgspec import Meta

from foxtui.engine.game import SeatInfo


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    target_eggs: Annotated[
        Literal[10, 15],
        Meta(description="Eggs that end the game: 10, or 15 for experienced foxes"),
    ] = 10
    touches_per_turn: Annotated[
        int,
        Meta(ge=1, le=5, description="Touches allowed per turn before grabbing (turn mode)"),
    ] = 3
    mode: Annotated[
        Literal["turns", "realtime"],
        # real time needs a terminal per player (foxtui serve); local tables keep "turns"
        Meta(
            description="turns: one player loots at a time; realtime: everyone loots at once",
            extra={"local": False},
        ),
    ] = "turns"


class Felt(msgspec.Struct, frozen=True, array_like=True):
    """What a seat last felt on a spot: a pawn (by number) felt ``level`` times, or nothing.

    Kept as it was felt: when someone else takes that pawn, the memory goes stale.
    """

    pawn: int  # -1: nothing there
    level: int  # 1..3 touches of that pawn (0 for nothing)
    turn: int  # the round's turn when felt


class Held(msgspec.Struct, frozen=True, array_like=True):
    """A pawn in a looting hand or sack, with how well its owner has felt it."""

    pawn: int
    level: int
    turn: int


class GrabRecord(msgspec.Struct, frozen=True, array_like=True):
    """A grab everyone heard: which hand closed on which spot, when, and whether it came
    up holding a pawn (public too: everyone sees whose looting hand is full)."""

    spot: int
    seat: int
    turn: int  # the round's turn (realtime: looting step) of the grab
    took: bool


class Player(msgspec.Struct, frozen=True):
    memory: list[Felt | None]  # per spot of the box, this round; None = never felt
    hand: Held | None  # the looting hand
    sack: list[Held]


class StealRecord(msgspec.Struct, frozen=True):
    thief: int
    victim: int | None  # None: the snake's owner chose not to steal
    animal: str | None


class ScoreLine(msgspec.Struct, frozen=True):
    category: str
    points: int


class SeatRound(msgspec.Struct, frozen=True):
    revealed: list[str]  # the sack as shown at STOP
    scored: list[str]  # the sack after the snakes struck
    lines: list[ScoreLine]
    raw: int  # the round's points before negatives are raised to 0
    eggs: int  # eggs gained this round


class RoundSummary(msgspec.Struct, frozen=True):
    round: int
    missions: list[str]
    stopped_by: int  # -1: nobody could call STOP any more, the round ended by itself
    steals: list[StealRecord]
    seats: list[SeatRound]


Phase = Literal["keep", "loot", "steal", "over"]


class State(msgspec.Struct, frozen=True):
    seats: list[SeatInfo]
    options: Options
    elders: list[int]  # seats from oldest to youngest
    rng: int
    round: int
    phase: Phase
    deck: list[str]  # mission cards face down; drawn from the end
    missions: list[str]  # this round's face-up missions
    keep_from: list[str]  # "keep" phase: last round's missions, one stays uncovered
    seen: list[str]  # missions drawn since the deck was last shuffled
    pawns: list[str]  # kind of every pawn in play, by pawn number
    spots: list[int]  # the box: pawn number on each of the 40 spots, -1 when empty
    players: list[Player]
    current: int  # turn mode: whose turn it is
    touches_left: int
    grab_used: bool
    turn: int  # turn mode: turns begun this round; realtime: looting steps taken
    stopped_by: int  # -1 until someone calls STOP (and when the round ends with nobody able to)
    revealed: list[list[str]]  # every sack as shown at STOP (empty while looting)
    thieves: list[int]  # "steal" phase: snake owners still to choose, first one now
    steals: list[StealRecord]
    grabs: list[GrabRecord]  # this round's grabs, oldest first: public, everyone hears a hand close
    eggs: list[int]
    breakdown: list[dict[str, int]]  # eggs by category over the whole game
    summaries: list[RoundSummary]
