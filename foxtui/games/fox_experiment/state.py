"""The Fox Experiment state: everything, hidden or not, in one msgspec Struct tree.

Cards and tiles are referred to by their content ids. Decks are drawn from the
end of their list; "the bottom of the deck" is the front. Traits are ints 0..3
inside the state (content.TRAITS names them).
"""

from __future__ import annotations

from typing import Annotated

import msgspec
from msgspec import Meta

from foxtui.engine.game import SeatInfo

from .actions import Pair

AUTOMATON = -1  # the automated opponent's place in the turn order (2 players)
FREE = -1  # a supply-track space nobody has claimed
AUTO_GEAR, AUTO_MEEPLE = -2, -3  # the automated opponent's claims on the supply track


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    same_colour_penalty: Annotated[
        bool,
        Meta(
            description=(
                "Optional rule: a player whose two parents were bred by the same player "
                "discards 2 trait tokens of their choice in the Research phase"
            )
        ),
    ] = False


class Die(msgspec.Struct, frozen=True, array_like=True):
    """A rolled die: its kind (0..3 a trait die, 4 friendly, 5 a science wild half) and face."""

    kind: int
    face: int


class Fox(msgspec.Struct, frozen=True):
    """A fox card: from a parent deck (owner -1) or a pup a player bred."""

    card: str  # parent card id, or the blank fox card id of a pup
    owner: int  # -1: from a parent deck; else the seat that bred it
    name: str
    friendliness: int
    marks: list[int] = []  # pups: per trait, bit mask of the marked spaces (bit 0 = leftmost)
    points: int = 0  # pups: point tokens written beside full tracks
    extra: list[int] = []  # deck foxes: per trait, dice the automated opponent put on the card
    automaton: bool = False  # an automated opponent meeple stands on it


class Litter(msgspec.Struct, frozen=True):
    """The pup being bred now: its revealed blank card and the roll being matched."""

    card: str
    dice: list[Die]  # the pool as rolled, then dice added by science cards
    pairs: list[Pair]  # the last one of trait "any": a wild pair waiting for its trait
    science: list[str]  # science cards played on this pup
    name: str = ""  # the name suggested for it (kept unless the player types another)


class Pending(msgspec.Struct, frozen=True):
    """A choice a player owes before anything else: ``study`` (keep one of ``options``),
    ``trait`` (a trait token of their choice), ``patron`` (where a patron meeple goes)
    or ``discard`` (a token for the same-colour penalty)."""

    kind: str
    options: list[str] = []


class StudyProgress(msgspec.Struct, frozen=True, array_like=True):
    card: str
    level: int  # levels completed, 0..3


class Player(msgspec.Struct, frozen=True):
    blank_deck: list[str]  # face down, hidden even from its owner
    blank_discard: list[str]
    tokens: list[int]  # trait tokens, per trait
    friendly: int  # friendly tokens
    points: int  # point tokens
    science: list[str]  # secret hand
    upgrades: list[int]  # spaces unlocked per track (pup, study, friendly, patron)
    paid: list[list[int]]  # per track: the trait of the token left on each unlocked circle
    studies: list[StudyProgress]
    patrons: list[int]  # patron slots with this player's meeple
    rewards: list[int]  # friendliness-track spaces with this player's meeple
    pending: list[Pending]
    stage: str  # in simultaneous phases: "busy", "research", "penalty", "upgrades" or "done"
    female: Fox | None  # the parents selected this round
    male: Fox | None
    gear: int  # supply-track space of this player's gear token, -1 none
    pool: list[int]  # die kinds rolled for each pup this round
    pups: list[Fox]  # bred this round
    pups_left: int  # pups still to breed after the one on the table
    litter: Litter | None
    assigned: list[int]  # research: pups already used for a study level this round
    owed: int  # research: tokens still to discard for the same-colour penalty


class Space(msgspec.Struct, frozen=True, array_like=True):
    tile: str  # "" when empty
    claim: int  # FREE, a seat (its gear), AUTO_GEAR or AUTO_MEEPLE


class Automaton(msgspec.Struct, frozen=True):
    """The automated opponent of the 2-player game (not a seat)."""

    deck: list[str]  # selection cards, top last
    discard: list[str]
    shown: str  # the selection card turned over most recently
    study_deck: list[str]
    study: str  # its face-up study card
    took: list[int]  # this round's selections: females, males, supply spaces
    gear: int  # supply-track space of its gear (-1 none)
    meeple: int  # supply-track space of its meeple (-1 none)
    replace_study: bool  # a player completed a 3rd study level this Research phase


class State(msgspec.Struct, frozen=True):
    seats: list[SeatInfo]
    options: Options
    rng: int
    round: int  # 1..5
    phase: str  # "study" | "selection" | "upgrades" | "breeding" | "research" | "over"
    turn: int  # selection turns taken this round
    order: list[int]  # turn order (AUTOMATON for the automated opponent)
    players: list[Player]
    side: str  # board side in use
    track: list[Space]  # the supply track, space 0 first
    tiles: list[str]  # face-down supply tile stack
    tile_discard: list[str]
    patrons: list[str]  # patron cards in slots 0..3 (0-1 side A, 2-3 side B)
    patron_tiles: list[str]  # the supply tile beside each patron
    females: list[Fox]  # kennel rows
    males: list[Fox]
    female_deck: list[str]
    female_discard: list[str]
    male_deck: list[str]
    male_discard: list[str]
    science_deck: list[str]
    science_discard: list[str]
    study_deck: list[str]
    rewards: list[list[int]]  # friendliness track: seats with a meeple on each space
    automaton: Automaton | None
    pups_named: int  # pup names suggested so far (the next suggestion follows on)
    events: list[str]  # what the table did by itself during the last step (public)
    summary: list[str] = []  # of those, the lines of the round's end (Administration), if it ran


class Known(msgspec.Struct, frozen=True):
    """What one seat may know (rules.knowledge): the table with everything hidden from
    the seat dealt one fixed way, which tells nothing of the real deal."""

    seat: int
    table: State
