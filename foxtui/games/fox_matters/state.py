"""Fox Matters state: everything, hidden or not, in one msgspec Struct tree.

Cards, problems and Fear tokens are referred to by their content ids (see
content.py). Decks are drawn from the end of their list.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec
from msgspec import Meta

from foxtui.engine.game import SeatInfo


#: what the nightmare option accepts: a difficulty level drawn at random, any Nightmare
#: at random, or one by its id (content/nightmares.json; a test checks they agree)
NightmareChoice = Literal[
    "random-level-1",
    "random-level-2",
    "random-level-3",
    "random-level-4",
    "random",
    "grumbling-cloud",
    "endless-drizzle",
    "whispering-wardrobe",
    "hollow-bell",
    "gnawing-dark",
    "long-winter",
]


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    nightmare: Annotated[
        NightmareChoice,
        Meta(
            description=(
                "The Nightmare: random-level-1 (easy) to random-level-4 (extremely difficult), "
                "random, or one by name"
            )
        ),
    ] = "random-level-1"
    holiday: Annotated[
        bool,
        Meta(description="Holiday difficulty: four Common Problems wait face down instead of Complicated ones"),
    ] = False
    timer_seconds: Annotated[
        int,
        Meta(ge=0, le=600, description="Length of the Action phase in seconds; 0 plays untimed"),
    ] = 120
    knights: Annotated[
        str,
        Meta(description="Comma-separated knight ids, one per board at most; empty picks board sides at random"),
    ] = ""
    check: Annotated[
        Literal["live", "table"],
        Meta(
            description=(
                "Who checks the chains: live (a card that does not follow is refused, and each column "
                "shows how it stands) or table (any card may be played; the Problem check finds the mistakes)"
            )
        ),
    ] = "live"


class HandCard(msgspec.Struct, frozen=True, array_like=True):
    """A card in a player's hand; face down (``up`` False) until the Action timer starts."""

    card: str
    up: bool


class Played(msgspec.Struct, frozen=True, array_like=True):
    """A card under a column, in the order played; it remembers whose it is."""

    card: str
    owner: int


class Fear(msgspec.Struct, frozen=True, array_like=True):
    token: str
    up: bool


class Column(msgspec.Struct, frozen=True):
    problems: list[str]  # top of the column first
    cards: list[Played]  # the chain, first card first
    fear: list[Fear]  # at most two: a third loses the game


class Knight(msgspec.Struct, frozen=True):
    id: str
    owner: int  # the player (seat) who controls this knight
    cheese: int
    column: int  # where its marker stands; -1: on its board


class PendingPick(msgspec.Struct, frozen=True):
    """A knight looked at the top Fox cards: its player keeps one, the rest go back."""

    seat: int
    knight: str
    cards: list[str]


class ColumnReport(msgspec.Struct, frozen=True):
    """One column at the Problem check: what it needed, what it had, and what happened."""

    column: int
    problems: list[str]
    cards: list[Played]
    knights: list[str]  # knights whose markers stood there
    faced_fear: list[str]  # kinds of the face-up Fear tokens that counted ("two" or a symbol)
    gray_tail: int  # symbols a Gray Tail took off the total
    need_total: int  # symbols needed in all (after Fear, Gray Tail and the larger-number rule)
    need: dict[str, int]  # specific symbols needed
    have: dict[str, int]  # specific symbols present (universal ones counted apart)
    have_any: int  # universal symbols present
    have_total: int
    missing: dict[str, int]  # specific symbols still missing after universal ones were used
    missing_any: int  # further symbols of any kind still missing
    broken_links: list[int]  # positions of cards that do not follow the card before them
    met: bool
    cheese: dict[str, int]  # knight -> cheese earned
    fear_added: bool  # a face-down Fear token was put under the column
    third_fear: bool  # ... or would have been the third: the game is lost
    cheese_to_share: int = 0  # cheese the table has still to share among the knights there


class RoundReport(msgspec.Struct, frozen=True):
    round: int
    columns: list[ColumnReport]


class CheeseShare(msgspec.Struct, frozen=True):
    """A column dealt with where several knights stood: the cheese it earned waits for
    ``seat`` to share it among them (``cheese`` is already within the supply)."""

    column: int
    cheese: int
    knights: list[str]  # the knights whose markers stood there, in the table's order
    seat: int  # the player who decides: the first seat among those knights' players


Phase = Literal["planning", "pick_fox", "action", "share_cheese", "over"]


class State(msgspec.Struct, frozen=True):
    seats: list[SeatInfo]
    options: Options
    rng: int
    round: int  # 1..5
    phase: Phase
    nightmare: str
    nightmare_out: bool  # the Nightmare has come down to the columns
    upcoming: list[str]  # the 4 face-down problem spots above the columns; "" when empty
    fox_spots: list[str]  # face-up Fox cards where those problems were; "" when empty
    columns: list[Column]
    knights: list[Knight]
    hands: list[list[HandCard]]  # per player
    ready: list[bool]  # Planning: said Ready; Action: said done
    phase_steps: int  # steps taken since this round's Planning (or Action) began
    pending: PendingPick | None
    relief_deck: list[str]
    relief_discard: list[str]
    common_deck: list[str]
    common_discard: list[str]
    complicated_discard: list[str]
    box: list[str]  # Complicated Problems left in the box (hidden)
    fox_deck: list[str]
    fox_discard: list[str]
    gray_deck: list[str]
    fear_pool: list[str]  # face-down Fear tokens beside the board
    reports: list[RoundReport]
    dealt_with: dict[str, int]  # problem kind -> cards dealt with
    result: Literal["", "won", "lost"]
    end_reason: str
    #: after the Problem check: the columns whose cheese is still to be shared, left to right
    sharing: list[CheeseShare] = []


class Known(msgspec.Struct, frozen=True):
    """What one seat may know (rules.knowledge): the table with everything nobody can
    see dealt one fixed way, which tells nothing of the real deal."""

    seat: int
    table: State
