"""The Fox Experiment actions: one small step each, as tagged frozen Structs.

Traits are named by id ("spots", "barking", "ears", "tail"). In breeding, a
half symbol is named by its die (its index in the roll, ``TOKEN`` for a
friendly token) and its slot on that die's face (0 or 1).
"""

from __future__ import annotations

import msgspec

TOKEN = -1  # a friendly token used as a wild half


class KeepStudy(msgspec.Struct, frozen=True, tag="keep_study"):
    """Keep one of the study cards you drew (the others go under the deck)."""

    card: str


class TakeFox(msgspec.Struct, frozen=True, tag="take_fox"):
    """Select a parent: a fox of the kennel row (by position), or -1 for the top of the deck."""

    sex: str  # "female" | "male"
    index: int


class TakeSupply(msgspec.Struct, frozen=True, tag="take_supply"):
    """Select a supply-track space (0 is the empty first space)."""

    space: int


class ChooseTrait(msgspec.Struct, frozen=True, tag="choose_trait"):
    """Take the trait token of your choice an icon promised."""

    trait: str


class ChoosePatron(msgspec.Struct, frozen=True, tag="choose_patron"):
    """Put a meeple beside the patron in this slot (0..3) for a patron upgrade."""

    slot: int


class DiscardToken(msgspec.Struct, frozen=True, tag="discard_token"):
    """Pay the same-colour parents penalty one trait token at a time."""

    trait: str


class Unlock(msgspec.Struct, frozen=True, tag="unlock"):
    """Unlock the next upgrade of a track, paying with tokens of one trait."""

    track: str  # "pup" | "study" | "friendly" | "patron"
    trait: str


class EndUpgrades(msgspec.Struct, frozen=True, tag="end_upgrades"):
    """You are done unlocking upgrades for now."""


class Pair(msgspec.Struct, frozen=True, tag="pair"):
    """Join two half symbols from different dice (or tokens) into one whole trait. Two
    wild halves are joined as trait ``"any"``; the next step names the trait."""

    a: int
    a_half: int
    b: int
    b_half: int
    trait: str


class WildTrait(msgspec.Struct, frozen=True, tag="wild_trait"):
    """Name the trait the pair of wild halves just joined makes."""

    trait: str


class AutoMatch(msgspec.Struct, frozen=True, tag="auto_match"):
    """Leave the best pairing on the roll at once: the most symbols, then the fewest
    friendly tokens (every pair is made again if the pairs made are not part of it)."""


class Unpair(msgspec.Struct, frozen=True, tag="unpair"):
    """Take a pairing back (by its position in your list of pairs)."""

    pair: int


class PlayScience(msgspec.Struct, frozen=True, tag="science"):
    """Play a science card on this pup: ``die`` for the cards that change a die,
    ``trait`` for the card that adds one."""

    card: str
    die: int = -1
    trait: str = ""


class ConfirmPup(msgspec.Struct, frozen=True, tag="confirm_pup", omit_defaults=True):
    """Record the pup as paired now (loose halves are lost) and name it: ``name`` empty
    keeps the name suggested for it (the one its preview shows). The move on offer is
    the suggested name; a name the player types is accepted too, if ``rules.name_refusal``
    finds nothing wrong with it (the one move whose field is not drawn from a list)."""

    name: str = ""


class AssignPup(msgspec.Struct, frozen=True, tag="assign_pup"):
    """Use a pup of this round (by position) for the next level of one of your studies."""

    pup: int
    study: int


class EndResearch(msgspec.Struct, frozen=True, tag="end_research"):
    """You are done with studies: collect your trait tokens."""


Action = (
    KeepStudy
    | TakeFox
    | TakeSupply
    | ChooseTrait
    | ChoosePatron
    | DiscardToken
    | Unlock
    | EndUpgrades
    | Pair
    | WildTrait
    | AutoMatch
    | Unpair
    | PlayScience
    | ConfirmPup
    | AssignPup
    | EndResearch
)

END_UPGRADES = EndUpgrades()
CONFIRM_PUP = ConfirmPup()
AUTO_MATCH = AutoMatch()
END_RESEARCH = EndResearch()
