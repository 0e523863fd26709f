"""Foxpaw state: everything, hidden or not, in one msgspec Struct tree.

Every Struct here is frozen and holds tuples, never lists: the rules build new states
(``msgspec.structs.replace``, helpers in ``rules_core``) and share with the old ones
only what did not change, so the states the undo and the log keep stay as they were.
Cards are referred to by content ids (Darkness cards by ints 0..35). Decks are drawn
from the end of their tuple.

``OBSIDIO`` (-1) stands for House Obsidio, the third house of the 2-player
game, wherever a seat could stand (turn order, duelists, event placings).
"""

from __future__ import annotations

from typing import Annotated

import msgspec
from msgspec import Meta

from foxtui.engine.game import SeatInfo

from .content import Reward

OBSIDIO = -1

#: the parts of a seat's victory points, in the order the final breakdown lists them
VP_PARTS = ("scoring", "talents", "brooms", "mischief", "darkness", "prophecies", "cards")


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    first_game: Annotated[
        bool,
        Meta(description="Your first game: four school years and two Magical Events, final scoring after the second"),
    ] = False


class Meeple(msgspec.Struct, frozen=True, array_like=True, gc=False):
    """A wizard, a Magical Beast (``beast`` is its card) or an Obsidio marker (``marker`` 1..5)."""

    owner: int
    beast: str = ""
    marker: int = 0


class Task(msgspec.Struct, frozen=True, array_like=True, gc=False):
    """One thing the game still has to do: a decision some seat owes, or a step the rules
    take by themselves. ``a``, ``b`` and ``s`` are the task's details (a space, a count ...)."""

    kind: str
    seat: int = -1
    a: int = 0
    b: int = 0
    s: str = ""


class BeastCard(msgspec.Struct, frozen=True, array_like=True, gc=False):
    id: str
    exhausted: int = 0
    placed: bool = False  # its meeple is on the board this year


class Player(msgspec.Struct, frozen=True, gc=False):
    students: tuple[str, ...]  # the two Student cards dealt (secret)
    start: int  # Starting Material number
    student: str = ""  # the Student card kept (secret)
    house: str = ""
    wish: bool = False  # chose the house the family wished for (A): +2 permanent Stars, one ability
    energy: int = 0
    reputation: int = 0
    strength: int = 0
    knowledge: int = 0
    herbs: int = 0
    goods: int = 0
    coins: int = 0
    stars: int = 0  # expiring Stars
    perm_stars: int = 0  # family wish and objects
    vp: tuple[int, ...] = (0,) * len(VP_PARTS)
    strength_vp: bool = False  # the +1 VP for Strength 8 was taken
    knowledge_vp: bool = False
    darkness: tuple[int, ...] = ()  # secret values
    darkness_drawn: int = 0  # Darkness cards drawn this game (not the 2-player starting three)
    mischief: tuple[str, ...] = ()  # secret
    prophecies: tuple[str, ...] = ()  # secret until fulfilled
    fulfilled: tuple[str, ...] = ()
    objects: tuple[str, ...] = ()
    beasts: tuple[BeastCard, ...] = ()
    wizards: int = 0  # wizards still to place this year
    resting: tuple[str, ...] = ()  # meeples on the rest space this year ("" a wizard, else a beast's card)
    night: bool = False  # a wizard of this house is at night this year
    spell_markers: int = 4
    learned: tuple[str, ...] = ()  # every Spell learned this game
    event_markers: int = 3
    ice: int = 0  # ice markers in hand (Tri-Frost)
    ability_used: bool = False  # Shadowvein's double placement or skip, this year
    teacher_seen: bool = False  # looked through the Teacher deck (Bribery)
    secret: str = ""  # a committed gesture or bet, until everyone has chosen
    secret_n: int = -1  # a committed bid, or Darkness card (2 players)
    event_bonus: int = 0  # Mischief played for the current Magical Event


class DuelReport(msgspec.Struct, frozen=True):
    year: int
    card: str
    duelists: tuple[int, ...]
    gestures: tuple[str, ...]  # final gestures, after Mischief
    changed: tuple[bool, ...]  # a Mischief card changed this duelist's gesture
    discarded: tuple[int, ...]  # Darkness card each duelist discarded (-1: none)
    outcome: str  # one / both / none
    rewarded: tuple[int, ...]  # duelists who got a reward
    audience_rewarded: bool
    bets: tuple[tuple[int, ...], ...]  # [seat, bet index] of the spectators who bet (secret: see view.py)
    right: tuple[int, ...]  # seats that bet right


class EventReport(msgspec.Struct, frozen=True):
    year: int
    event: str
    ranking: tuple[int, ...]  # best first (may include OBSIDIO)
    values: tuple[str, ...]  # what decided, in words, per line
    drawn: tuple[str, ...] = ()  # Event Action cards drawn, in order (Reshuffle included); public once drawn


class ScoringReport(msgspec.Struct, frozen=True):
    year: int
    stars: tuple[tuple[int, ...], ...]  # [participant, Stars]
    ranking: tuple[int, ...]
    vp: tuple[tuple[int, ...], ...]  # [participant, VP]
    mischief_to: int  # the participant that took a Mischief card instead of 1 VP (-2: nobody)
    #: [participant, permanent, expiring, Reputation track, beasts]: the Stars by kind as
    #: they were counted (expiring: Spells, events, the Carnival, Mischief, Prophecies ...)
    parts: tuple[tuple[int, ...], ...] = ()


class NightGain(msgspec.Struct, frozen=True):
    """What one meeple's bed gave its house in the latest night, with the tracks' limits
    applied (a house at 11 Energy gets 1 of a space's +6), and the Reputation of its place
    in the sleep order. In sleep order; House Obsidio's get nothing."""

    owner: int
    space: int
    gave: Reward
    reputation: int


class FinalReport(msgspec.Struct, frozen=True):
    darkness: tuple[int, ...]  # per seat, Darkness value
    prophecies: tuple[int, ...]  # per seat, fulfilled Prophecies
    lines: tuple[str, ...]


class EventRun(msgspec.Struct, frozen=True, gc=False):
    """A Magical Event in progress."""

    event: str
    number: int  # 1..3
    alive: tuple[int, ...]  # participants still in (deck events), best placings come last
    out: tuple[int, ...]  # participants out so far, first out first (they take the last places)
    deck: tuple[str, ...]
    used: tuple[str, ...]
    drawn: tuple[str, ...]  # Event Action cards drawn, in order
    pairs: tuple[tuple[int, ...], ...]  # bracket: the current matches
    winners: tuple[int, ...]
    losers: tuple[int, ...]
    ranking: tuple[int, ...]
    lines: tuple[str, ...]


class Obsidio(msgspec.Struct, frozen=True, gc=False):
    holders: tuple[int, ...]  # seat holding each of the markers 1..4
    next: int = 1  # the next marker to place this year (5: all placed)
    stars: int = 0
    vp: int = 0
    dark: int = -1  # the Darkness card revealed for its duel gesture


class State(msgspec.Struct, frozen=True, gc=False):
    seats: tuple[SeatInfo, ...]
    options: Options
    rng: int
    round: int  # the school year, 1..5
    phase: str  # setup | placement | evaluation | event | cleanup | over
    players: tuple[Player, ...]
    order: tuple[int, ...]  # turn order = the current sleep order (OBSIDIO included with 2 players)
    turn: int  # placement: index into order of the seat whose turn it is
    board: tuple[tuple[Meeple, ...], ...]  # per space (content.SPACES)
    ice: tuple[str, ...]  # locations holding an ice marker
    tasks: tuple[Task, ...]  # the last one is done first
    students_box: tuple[str, ...]
    spell_deck: tuple[str, ...]
    spell_discard: tuple[str, ...]
    display: tuple[str, ...]  # Spells on offer
    marks: tuple[tuple[int, ...], ...]  # per Spell on offer, the seats on its places, top first
    beast_deck: tuple[str, ...]
    beast_discard: tuple[str, ...]
    beasts: tuple[str, ...]  # the selection
    mischief_deck: tuple[str, ...]
    mischief_discard: tuple[str, ...]
    prophecy_deck: tuple[str, ...]
    darkness_deck: tuple[int, ...]
    darkness_discard: tuple[int, ...]
    teacher: str
    teacher_deck: tuple[str, ...]  # top card last
    carnival: str
    carnival_deck: tuple[str, ...]
    duel: str
    duel_deck: tuple[str, ...]
    duelists: tuple[int, ...]
    gestures: tuple[str, ...]  # the duelists' gestures once shown, until the duel is over
    changed: tuple[bool, ...]  # a Mischief card changed that duelist's gesture
    ring: tuple[int, ...]  # 2-3 players: the houses around the arena, clockwise
    objects: tuple[str, ...]  # objects on sale
    objects_high: tuple[str, ...]  # level III-V objects waiting for year 3
    events: tuple[str, ...]  # the Magical Events in a face-down row, played from the left
    event_marks: tuple[tuple[int, ...], ...]  # per event, the seats with an Event marker on it
    events_done: int
    event: EventRun | None
    obsidio: Obsidio | None
    duel_reports: tuple[DuelReport, ...]
    event_reports: tuple[EventReport, ...]
    scorings: tuple[ScoringReport, ...]
    final: FinalReport | None
    steps: int  # steps taken (shown to the UI for pacing)
    night: tuple[NightGain, ...] = ()  # the latest night, bed by bed


class Known(msgspec.Struct, frozen=True):
    """What one seat may know (rules.knowledge): the table with everything hidden from
    the seat dealt one fixed way, which tells nothing of the real deal."""

    seat: int
    table: State
