"""Foxpaw actions: one small step each, as tagged frozen Structs.

Spaces are indexes into ``content.SPACES``; cards are content ids (Darkness
cards: ints). Compound choices are several steps: place a wizard, then use
the space (or rest, or leave it unused), then pick what the space offers.
"""

from __future__ import annotations

from functools import lru_cache

import msgspec


class _A(msgspec.Struct, frozen=True):
    pass


# --- setup ---
class PickStudent(_A, tag="student"):
    """Keep one of your two Student cards (secret)."""

    card: str


class PickHouse(_A, tag="house"):
    house: str


class PickObject(_A, tag="object"):
    """Take a Broom or Wand (Starting Material 1, or buying in the Study Hall)."""

    object: str


class PickBeast(_A, tag="beast"):
    """Take a Magical Beast from the selection."""

    beast: str


class PickPair(_A, tag="pair"):
    """2 players: keep Obsidio markers 1 and 3 (pair 0) or 2 and 4 (pair 1)."""

    pair: int


# --- placement ---
class Place(_A, tag="place"):
    """Put a wizard (``beast`` empty) or a Magical Beast on a space."""

    space: int
    beast: str = ""


class PlaceObsidio(_A, tag="place_obsidio"):
    """Put House Obsidio's next marker on a space (2 players)."""

    space: int


class Recover(_A, tag="recover"):
    """Ignis: refresh 1 exhausted Magical Beast (2 Energy) or 2 (3 Energy)."""

    count: int


class PlayMischief(_A, tag="mischief"):
    card: str


class DoubleTurn(_A, tag="double"):
    """Shadowvein: place two meeples this turn (once a year)."""


class SkipTurn(_A, tag="skip"):
    """Shadowvein: let this turn go by (once a year)."""


# --- using a space ---
class Use(_A, tag="use"):
    """Take the space's effect."""


class Train(_A, tag="train"):
    """Sports Field / Library: use your space and this many free spaces below it in all."""

    spaces: int


class Rest(_A, tag="rest"):
    """Move the meeple to your rest space instead: +4 Energy."""


class Leave(_A, tag="leave"):
    """Stand on the space without using it."""


class Learn(_A, tag="learn"):
    spell: str


class PayWith(_A, tag="pay"):
    """Pay this many of the cost's Herbs and Goods with Coins instead (Coins are
    wildcards for both; using any costs 1 Reputation)."""

    herbs: int
    goods: int


class Done(_A, tag="done"):
    """Stop here (no more Spells, markers, ice or Mischief for now)."""


class Spy(_A, tag="spy"):
    """Put an Event marker on the Magical Event at this position and look at it."""

    event: int


class DiscardSpell(_A, tag="discard_spell"):
    spell: str


class PickTeacher(_A, tag="teacher"):
    teacher: str


class SwapDuelist(_A, tag="swap_duelist"):
    """4 players: the duelist ``out`` leaves the arena and ``into`` takes their place."""

    out: int
    into: int


class StealFrom(_A, tag="steal"):
    seat: int


class TakeResource(_A, tag="resource"):
    resource: str


class Target(_A, tag="target"):
    """The player (or duelist; -1 is House Obsidio) a Mischief card aims at."""

    seat: int


class DiscardBeast(_A, tag="discard_beast"):
    beast: str


class Freeze(_A, tag="freeze"):
    """Tri-Frost: put an ice marker on this location."""

    location: str


# --- duels and events (secret choices) ---
class Gesture(_A, tag="gesture"):
    gesture: str


class ShowDarkness(_A, tag="darkness"):
    """2 players: duel with the gesture of this Darkness card."""

    card: int


class Bet(_A, tag="bet"):
    outcome: str


class Bid(_A, tag="bid"):
    energy: int


class Opponent(_A, tag="opponent"):
    seat: int


Action = (
    PickStudent | PickHouse | PickObject | PickBeast | PickPair | Place | PlaceObsidio | Recover | PlayMischief
    | DoubleTurn | SkipTurn | Use | Train | Rest | Leave | Learn | PayWith | Done | Spy | DiscardSpell | PickTeacher
    | SwapDuelist | StealFrom | TakeResource | Target | DiscardBeast | Freeze | Gesture | ShowDarkness | Bet | Bid
    | Opponent
)

USE, REST, LEAVE, DONE, DOUBLE, SKIP = Use(), Rest(), Leave(), Done(), DoubleTurn(), SkipTurn()


@lru_cache(maxsize=None)
def place(space: int, beast: str = "") -> Place:
    """Shared immutable Place actions: legal_actions hands out the same objects."""
    return Place(space, beast)


@lru_cache(maxsize=None)
def train(n: int) -> Train:
    return Train(n)


@lru_cache(maxsize=None)
def learn(spell: str) -> Learn:
    return Learn(spell)
