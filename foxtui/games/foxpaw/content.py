"""Foxpaw content: houses, the board, and every deck.

The rulebook names the decks but prints none of their cards, so all card data
in content/*.json is authored for foxtui (see rules.md). It is decoded into
strict Structs and checked at import against the component list and the rules
(counts, values in range, ids unique and cross-references resolving), so a bad
edit fails loudly and early.

Card effects are data: a ``Reward`` (what you gain, or pay when negative) plus
a few named effect kinds, never one function per card.
"""

from __future__ import annotations

from importlib import resources
from typing import Literal

import msgspec

HOUSES = ("aquatis", "ignis", "trifrost", "shadowvein")
RESOURCES = ("herbs", "goods", "coins")
STATS = ("energy", "reputation", "strength", "knowledge", "herbs", "goods", "coins")
GESTURES = ("share", "attack", "hold")
BETS = ("one", "both", "none")  # the outcomes a spectator may bet on
NO_BET = "no_bet"  # a spectator's choice not to bet (betting is optional)
LOCATIONS = ("farm", "lounge", "kiosk", "sports", "library", "study", "classroom", "dormitory", "carnival")
#: the order of the Evaluation phase (the Duel Arena comes first, on its own)
PATH = ("sports", "library", "study", "classroom", "dormitory", "carnival")

House = Literal["aquatis", "ignis", "trifrost", "shadowvein"]
Stat = Literal["energy", "reputation", "strength", "knowledge", "herbs", "goods", "coins"]


class Reward(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """What a card or space gives. Negative numbers take away (Stars, Reputation)."""

    energy: int = 0
    reputation: int = 0
    strength: int = 0
    knowledge: int = 0
    herbs: int = 0
    goods: int = 0
    coins: int = 0
    stars: int = 0  # expiring Stars (they count at the next Intermediate Scoring)
    vp: int = 0
    darkness: int = 0  # Darkness cards drawn
    mischief: int = 0  # Mischief cards drawn
    prophecies: int = 0  # Prophecy cards drawn
    choice: int = 0  # resources of the player's choice (Herbs, Goods or Coins)


class Cost(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    herbs: int = 0
    goods: int = 0
    coins: int = 0
    energy: int = 0


NOTHING = Reward()
FREE = Cost()


class HouseData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: House
    name: str
    rival: House
    kept: int  # the one ability a house that kept its family's wish may use: always its first
    abilities: list[str]


class StudentData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    wish: Literal["", "aquatis", "ignis", "trifrost", "shadowvein"]  # "": an orphan


class StartingData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    number: int
    reward: Reward
    object: bool  # choose a level 0-II Broom or Wand, free
    beast: bool  # choose a Magical Beast from the selection, free


class SpellData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    forbidden: bool
    cost: Cost
    reward: Reward


SkillKind = Literal["gain", "scoring_stars", "rest_energy", "event_bonus", "spell_discount", "kiosk_coin", "train_bonus"]


class Skill(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    kind: SkillKind
    reward: Reward = NOTHING  # gain: once, when the beast joins you
    amount: int = 0  # the permanent kinds
    location: str = ""  # train_bonus: sports or library


class BeastData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    uses: int  # exhaustions before it leaves
    skill: Skill
    special: bool = False  # the orange beast: its own orange meeple; it counts toward the beast limit


MischiefKind = Literal["gain", "drain", "take_coins", "double_turn", "set_gesture", "event_bonus", "end_vp"]


class MischiefEffect(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    kind: MischiefKind
    reward: Reward = NOTHING
    amount: int = 0
    gesture: str = ""
    needs: int = 0  # end_vp: fulfilled Prophecies needed


class MischiefData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    count: int
    phase: Literal["placement", "duel", "event", "end"]
    effect: MischiefEffect


class Condition(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    kind: Literal["have", "at_most", "spells", "objects", "beasts", "mischief", "darkness_cards", "darkness_drawn",
                  "on_space"]
    stat: str = ""
    amount: int = 0
    space: str = ""


class ProphecyData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    condition: Condition
    stars: int


TeacherEffect = Literal["extra_darkness", "no_darkness", "rest_energy", "study_discount", "dorm_energy", "kiosk_coin"]


class TeacherData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    house: House
    effect: TeacherEffect


class CarnivalData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    rows: list[Reward]  # for the Carnival spaces 2, 3 and 4
    centered: Reward  # for everyone at the Carnival


class DuelData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    duelists: list[House]
    share: Reward
    attack: Reward
    hold: Reward
    audience: Reward


class ObjectData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    kind: Literal["wand", "broom"]
    level: Literal["low", "high"]  # low: levels 0-II, high: levels III-V
    stars: int  # permanent Stars
    reward: Reward  # once, when bought
    forbidden: bool  # a wand that casts Forbidden Spells
    half: Literal["", "left", "right"]  # half a victory point (brooms)
    four_players: bool


class DarknessKind(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    gesture: Literal["share", "attack", "hold"]
    value: int
    count: int


class DeckCard(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    symbol: Literal["knowledge", "strength", "energy", "herbs", "goods", "cards", "darkness_spaces", "reshuffle"]
    count: int


class EventData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    kind: Literal["sum", "bid", "bracket", "deck"]
    measures: list[str]  # what it rewards having (shown to spies)
    deck: list[DeckCard]  # the Event Action cards of the deck kind
    four_players: bool
    rewards: list[Reward]  # by placing, best first


class ObsidioValues(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    herbs: int
    goods: int
    coins: int
    energy: int
    strength: int
    knowledge: int


class ObsidioData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    events: list[ObsidioValues]  # for the 1st, 2nd and 3rd Magical Event


class ReputationStep(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    value: int
    reward: Reward


SpaceKind = Literal[
    "information", "attract", "spy", "gain", "bribery", "cut_in_line", "call_in_sick", "tattle",
    "train", "study", "classroom", "dormitory", "carnival",
]


class SpaceData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    location: str
    row: int
    time: Literal["morning", "path", "night"]
    kind: SpaceKind
    darkness: bool = False  # entering draws a Darkness card
    cost: Cost = FREE
    reward: Reward = NOTHING
    markers: int = 0  # spy: Event markers placed
    spells: int = 0  # classroom: spells learnable (2 needs Reputation 3)
    four_players: bool = False  # only on the 4-player side of the board


class BoardData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    dormitory_reputation: list[int]
    spaces: list[SpaceData]


def _load(name: str, typ: type):
    data = resources.files(__package__).joinpath("content", name).read_bytes()
    return msgspec.json.decode(data, type=typ)


HOUSE_LIST: list[HouseData] = _load("houses.json", list[HouseData])
STUDENTS: list[StudentData] = _load("students.json", list[StudentData])
STARTING: list[StartingData] = _load("starting.json", list[StartingData])
SPELLS: list[SpellData] = _load("spells.json", list[SpellData])
BEASTS: list[BeastData] = _load("beasts.json", list[BeastData])
MISCHIEF_LIST: list[MischiefData] = _load("mischief.json", list[MischiefData])
PROPHECIES: list[ProphecyData] = _load("prophecies.json", list[ProphecyData])
TEACHERS: list[TeacherData] = _load("teachers.json", list[TeacherData])
CARNIVAL_LIST: list[CarnivalData] = _load("carnival.json", list[CarnivalData])
DUELS: list[DuelData] = _load("duels.json", list[DuelData])
OBJECTS: list[ObjectData] = _load("objects.json", list[ObjectData])
DARKNESS_KINDS: list[DarknessKind] = _load("darkness.json", list[DarknessKind])
EVENTS: list[EventData] = _load("events.json", list[EventData])
OBSIDIO: ObsidioData = _load("obsidio.json", ObsidioData)
REPUTATION_TRACK: list[ReputationStep] = _load("reputation.json", list[ReputationStep])
BOARD: BoardData = _load("board.json", BoardData)

#: the component counts foxtui plays with (the rulebook gives the Duel cards and objects;
#: the rest are ours, see rules.md)
COUNTS = {
    "houses": 4,
    "students": 12,
    "starting": 4,
    "spells": 22,
    "forbidden": 6,
    "beasts": 16,
    "mischief": 24,
    "prophecies": 20,
    "teachers": 8,
    "carnival": 8,
    "duels": 6,
    "objects": 16,
    "darkness": 36,
    "events": 7,
    "spaces": 37,
}
REP_MIN, REP_MAX = -2, 5
ENERGY_MAX = 12
TALENT_MAX = 12  # Strength and Knowledge tracks
TALENT_VP_AT = 8
SPELL_MARKERS = 4
EVENT_MARKERS = 3
ICE_MARKERS = 2
WIZARDS = 4
SPELL_DISPLAY = 4
BEAST_SELECTION = 4
REST_ENERGY = 4
REGULAR_PLACES, FORBIDDEN_PLACES = 3, 2


def _check() -> None:
    def fail(msg: str) -> None:
        raise ValueError(f"Foxpaw content: {msg}")

    def count(name: str, n: int) -> None:
        if n != COUNTS[name]:
            fail(f"{n} {name}, foxtui plays with {COUNTS[name]}")

    count("houses", len(HOUSE_LIST))
    if [h.id for h in HOUSE_LIST] != list(HOUSES):
        fail("the four houses are Aquatis, Ignis, Tri-Frost and Shadowvein, in that order")
    for h in HOUSE_LIST:
        if len(h.abilities) != 2 or h.rival == h.id or h.kept != 1:
            fail(f"house {h.id} has two abilities (the first kept with the wish) and a rival other than itself")
        if next(r.rival for r in HOUSE_LIST if r.id == h.rival) != h.id:
            fail(f"rivalry of {h.id} must go both ways")
    count("students", len(STUDENTS))
    for house in HOUSES:
        if sum(s.wish == house for s in STUDENTS) < 2:
            fail(f"at least two Student cards wish for {house}")
    if not any(s.wish == "" for s in STUDENTS):
        fail("some Student cards are orphans")
    count("starting", len(STARTING))
    if [s.number for s in STARTING] != [1, 2, 3, 4]:
        fail("Starting Material cards are numbered 1 to 4")
    count("spells", len(SPELLS))
    count("forbidden", sum(s.forbidden for s in SPELLS))
    for s in SPELLS:
        if s.reward.stars <= 0 or min(s.cost.herbs, s.cost.goods, s.cost.coins, s.cost.energy) < 0:
            fail(f"spell {s.id} must give Stars and cost nothing negative")
        if not s.cost.herbs + s.cost.goods + s.cost.coins:
            # Shadowvein's 2 Energy off (and a beast's 1 more) must never make a Spell free
            fail(f"spell {s.id} costs at least one Herb, Goods or Coin besides its Energy")
    count("beasts", len(BEASTS))
    if sum(b.special for b in BEASTS) != 1:
        fail("exactly one Magical Beast is the special orange one")
    for b in BEASTS:
        if not 1 <= b.uses <= 3:
            fail(f"beast {b.id} is used 1 to 3 times")
        if (b.skill.kind == "gain") != (b.skill.reward != NOTHING):
            fail(f"beast {b.id}: only a one-time gain carries a reward")
        if b.skill.kind == "train_bonus" and b.skill.location not in ("sports", "library"):
            fail(f"beast {b.id} trains at the Sports Field or the Library")
    count("mischief", sum(m.count for m in MISCHIEF_LIST))
    for m in MISCHIEF_LIST:
        e = m.effect
        want = {"gain": "placement", "drain": "placement", "take_coins": "placement", "double_turn": "placement",
                "set_gesture": "duel", "event_bonus": "event", "end_vp": "end"}[e.kind]
        if m.phase != want:
            fail(f"Mischief {m.id} ({e.kind}) is played in the {want} phase")
        if e.kind == "set_gesture" and e.gesture not in GESTURES:
            fail(f"Mischief {m.id} names an unknown gesture")
    count("prophecies", len(PROPHECIES))
    space_ids = {s.id for s in BOARD.spaces}
    for p in PROPHECIES:
        c = p.condition
        if not 1 <= p.stars <= 3:
            fail(f"Prophecy {p.id} gives 1 to 3 Stars")
        if c.kind in ("have", "at_most") and c.stat not in STATS:
            fail(f"Prophecy {p.id} names an unknown value")
        if c.kind == "on_space" and c.space not in space_ids:
            fail(f"Prophecy {p.id} names an unknown space")
    count("teachers", len(TEACHERS))
    for house in HOUSES:
        if sum(t.house == house for t in TEACHERS) != 2:
            fail(f"two Teachers belong to {house}")
    count("carnival", len(CARNIVAL_LIST))
    for c in CARNIVAL_LIST:
        if len(c.rows) != 3:
            fail(f"Carnival card {c.id} has a reward for each of its three rows")
    count("duels", len(DUELS))
    pairs = sorted(tuple(sorted(d.duelists)) for d in DUELS)
    if pairs != sorted((a, b) for i, a in enumerate(sorted(HOUSES)) for b in sorted(HOUSES)[i + 1 :]):
        fail("the six Duel cards pair every two houses once")
    count("objects", len(OBJECTS))
    for kind in ("wand", "broom"):
        for level in ("low", "high"):
            group = [o for o in OBJECTS if o.kind == kind and o.level == level]
            if len(group) != 4 or sum(o.four_players for o in group) != 1:
                fail(f"four {level} {kind}s, one of them for 4 players only")
    if any(o.forbidden for o in OBJECTS if o.kind == "broom"):
        fail("only wands cast Forbidden Spells")
    if any(o.half for o in OBJECTS if o.kind == "wand"):
        fail("only brooms carry half victory points")
    if {o.half for o in OBJECTS if o.level == "low"} - {"", "left"} or {o.half for o in OBJECTS if o.level == "high"} - {"", "right"}:
        fail("low brooms carry left halves, high brooms right halves")
    for level in ("low", "high"):
        if not any(o.forbidden and not o.four_players for o in OBJECTS if o.level == level):
            fail(f"every table can buy a {level} wand for Forbidden Spells")
    count("darkness", sum(k.count for k in DARKNESS_KINDS))
    if {(k.gesture, k.value) for k in DARKNESS_KINDS} != {(g, v) for g in GESTURES for v in (1, 2, 3)}:
        fail("Darkness cards come in every gesture with the values 1, 2 and 3")
    count("events", len(EVENTS))
    if sorted(e.id for e in EVENTS if e.four_players) != ["conflict", "quina"]:
        fail("Magical Conflict and Quina are the 4-player events")
    for e in EVENTS:
        if len(e.rewards) != 4:
            fail(f"event {e.id} rewards four placings")
        if (e.kind == "deck") != bool(e.deck):
            fail(f"only deck events have Event Action cards ({e.id})")
        if e.kind == "deck" and [c.count for c in e.deck if c.symbol == "reshuffle"] != [1]:
            fail(f"event {e.id} has one Reshuffle card")
    if len(OBSIDIO.events) != 3:
        fail("the Obsidio card lists three Magical Events")
    if [r.value for r in REPUTATION_TRACK] != list(range(REP_MIN, REP_MAX + 1)):
        fail("the Reputation track runs from -2 to 5")
    count("spaces", len(BOARD.spaces))
    if len(space_ids) != len(BOARD.spaces):
        fail("every space needs its own id")
    for s in BOARD.spaces:
        if s.location not in LOCATIONS:
            fail(f"space {s.id} is in an unknown location")
        morning = s.location in ("farm", "lounge", "kiosk")
        if morning != (s.time == "morning") or (s.location in ("dormitory", "carnival")) != (s.time == "night"):
            fail(f"space {s.id} has the wrong time of day")
    if len(BOARD.dormitory_reputation) != 4:
        fail("the Dormitory has four positions")


_check()

# --- lookup tables -------------------------------------------------------------------

HOUSE: dict[str, HouseData] = {h.id: h for h in HOUSE_LIST}
HOUSE_NAME: dict[str, str] = {h.id: h.name for h in HOUSE_LIST}
STUDENT: dict[str, StudentData] = {s.id: s for s in STUDENTS}
STUDENT_IDS: tuple[str, ...] = tuple(s.id for s in STUDENTS)
START: dict[int, StartingData] = {s.number: s for s in STARTING}
SPELL: dict[str, SpellData] = {s.id: s for s in SPELLS}
SPELL_IDS: tuple[str, ...] = tuple(s.id for s in SPELLS)
BEAST: dict[str, BeastData] = {b.id: b for b in BEASTS}
BEAST_IDS: tuple[str, ...] = tuple(b.id for b in BEASTS)
MISCHIEF: dict[str, MischiefData] = {m.id: m for m in MISCHIEF_LIST}
#: one id per Mischief card: the card's id, with "#2", "#3" for its copies
MISCHIEF_CARDS: tuple[str, ...] = tuple(
    m.id if i == 0 else f"{m.id}#{i + 1}" for m in MISCHIEF_LIST for i in range(m.count)
)


def mischief(card: str) -> MischiefData:
    return MISCHIEF[card.partition("#")[0]]


PROPHECY: dict[str, ProphecyData] = {p.id: p for p in PROPHECIES}
PROPHECY_IDS: tuple[str, ...] = tuple(p.id for p in PROPHECIES)
TEACHER: dict[str, TeacherData] = {t.id: t for t in TEACHERS}
TEACHER_IDS: tuple[str, ...] = tuple(t.id for t in TEACHERS)
CARNIVAL: dict[str, CarnivalData] = {c.id: c for c in CARNIVAL_LIST}
CARNIVAL_IDS: tuple[str, ...] = tuple(c.id for c in CARNIVAL_LIST)
DUEL: dict[str, DuelData] = {d.id: d for d in DUELS}
DUEL_IDS: tuple[str, ...] = tuple(d.id for d in DUELS)
OBJECT: dict[str, ObjectData] = {o.id: o for o in OBJECTS}
EVENT: dict[str, EventData] = {e.id: e for e in EVENTS}
REPUTATION_REWARD: dict[int, Reward] = {r.value: r.reward for r in REPUTATION_TRACK}

#: Darkness cards are ints 0..35; their gesture and value
DARK_GESTURE: tuple[str, ...] = tuple(k.gesture for k in DARKNESS_KINDS for _ in range(k.count))
DARK_VALUE: tuple[int, ...] = tuple(k.value for k in DARKNESS_KINDS for _ in range(k.count))
DARK_CARDS: tuple[int, ...] = tuple(range(len(DARK_VALUE)))

SPACES: list[SpaceData] = BOARD.spaces
SPACE_INDEX: dict[str, int] = {s.id: i for i, s in enumerate(SPACES)}
DORM_REPUTATION: list[int] = BOARD.dormitory_reputation


def active_spaces(four: bool) -> tuple[int, ...]:
    """The spaces on the board side in play (4 players, or 2-3 players)."""
    return tuple(i for i, s in enumerate(SPACES) if four or not s.four_players)


#: spaces of each location, top row first
LOCATION_SPACES: dict[str, tuple[int, ...]] = {
    loc: tuple(sorted((i for i, s in enumerate(SPACES) if s.location == loc), key=lambda i: SPACES[i].row))
    for loc in LOCATIONS
}


def shown_row(i: int) -> int:
    """The number space ``i`` goes by in foxtui's words and keys: its place in its
    location from the top, 1 first. (The printed board numbers the Carnival's spaces
    2 to 4, as its cards do; ``Space.row`` keeps that number. Every location's spaces
    are told 1 up, so that the row's number key picks the space it names.)"""
    return LOCATION_SPACES[SPACES[i].location].index(i) + 1


MORNING: frozenset[int] = frozenset(i for i, s in enumerate(SPACES) if s.time == "morning")
NIGHT: frozenset[int] = frozenset(i for i, s in enumerate(SPACES) if s.time == "night")
DARK_SPACES: frozenset[int] = frozenset(i for i, s in enumerate(SPACES) if s.darkness)

LOCATION_NAME = {
    "farm": "Farm",
    "lounge": "Teacher's Lounge",
    "kiosk": "Kiosk",
    "sports": "Sports Field",
    "library": "Library",
    "study": "Study Hall",
    "classroom": "Classroom",
    "dormitory": "Dormitory",
    "carnival": "Midnight Carnival",
}
GESTURE_NAME = {"share": "Share?", "attack": "Attack!", "hold": "Hold back"}
BET_NAME = {"one": "one duelist wins", "both": "both duelists win", "none": "nobody wins"}
MEASURE_NAME = {
    "energy": "Energy", "reputation": "Reputation", "coins": "Coins", "herbs": "Herbs", "goods": "Goods", "strength": "Strength",
    "knowledge": "Knowledge", "wand": "Wand Stars", "broom": "Broom Stars",
    "cards": "Mischief cards and open Prophecies", "darkness_spaces": "meeples on Darkness spaces",
    "reshuffle": "Reshuffle",
}
TEACHER_EFFECT_TEXT = {
    "extra_darkness": "Everyone draws one more Darkness card each time they draw on the board.",
    "no_darkness": "Nobody draws Darkness cards on the board this year.",
    "rest_energy": "Resting gives 1 more Energy.",
    "study_discount": "Objects cost 1 Coin less.",
    "dorm_energy": "The Dormitory gives 1 more Energy.",
    "kiosk_coin": "Every Kiosk visit gives 1 more Coin.",
}

# --- words ---------------------------------------------------------------------------

_REWARD_WORDS = (
    ("energy", "Energy", "Energy"),
    ("reputation", "Reputation", "Reputation"),
    ("strength", "Strength", "Strength"),
    ("knowledge", "Knowledge", "Knowledge"),
    ("herbs", "Herb", "Herbs"),
    ("goods", "Goods", "Goods"),
    ("coins", "Coin", "Coins"),
    ("stars", "Star", "Stars"),
    ("vp", "VP", "VP"),
    ("darkness", "Darkness card", "Darkness cards"),
    ("mischief", "Mischief card", "Mischief cards"),
    ("prophecies", "Prophecy", "Prophecies"),
    ("choice", "resource of your choice", "resources of your choice"),
)


def reward_text(r: Reward) -> str:
    """'+2 Stars, +1 Coin' (or 'nothing')."""
    parts = []
    for field, one, many in _REWARD_WORDS:
        n = getattr(r, field)
        if n:
            parts.append(f"{'+' if n > 0 else ''}{n} {one if abs(n) == 1 else many}")
    return ", ".join(parts) or "nothing"


def cost_text(c: Cost) -> str:
    parts = [
        f"{n} {one if n == 1 else many}"
        for n, one, many in ((c.herbs, "Herb", "Herbs"), (c.goods, "Goods", "Goods"), (c.coins, "Coin", "Coins"),
                             (c.energy, "Energy", "Energy"))
        if n
    ]
    return ", ".join(parts) or "nothing"


def skill_text(s: Skill) -> str:
    if s.kind == "gain":
        return f"When it joins you: {reward_text(s.reward)}."
    return {
        "scoring_stars": f"+{s.amount} Star at every Intermediate Scoring while you keep it.",
        "rest_energy": f"Resting gives you {s.amount} more Energy while you keep it.",
        "event_bonus": f"+{s.amount} to your values in Magical Events while you keep it.",
        "spell_discount": f"Spells cost you {s.amount} Energy less while you keep it.",
        "kiosk_coin": f"+{s.amount} Coin at every Kiosk visit while you keep it.",
        "train_bonus": f"+{s.amount} when you train at the {LOCATION_NAME.get(s.location, s.location)} while you keep it.",
    }[s.kind]


def mischief_text(card: str, yours: bool = True) -> str:
    """What a Mischief card does, said to its holder (``yours``) or about them (a line
    another house reads: "+2 to their values")."""
    m = mischief(card)
    e = m.effect
    if yours:
        return {
            "gain": f"Gain {reward_text(e.reward)}.",
            "drain": f"A player of your choice loses {e.amount} Energy.",
            "take_coins": f"Take up to {e.amount} Coins from a player of your choice.",
            "double_turn": "Place a second meeple right after this one.",
            "set_gesture": f"Change a duelist's gesture to {GESTURE_NAME.get(e.gesture, e.gesture)}.",
            "event_bonus": f"+{e.amount} to your values in this Magical Event.",
            "end_vp": f"+{e.amount} VP at the end of the game" + (f" if you fulfilled {e.needs} Prophecies." if e.needs else "."),
        }[e.kind]
    return {
        "gain": f"they gain {reward_text(e.reward)}.",
        "drain": f"a player of their choice loses {e.amount} Energy.",
        "take_coins": f"they take up to {e.amount} Coins from a player of their choice.",
        "double_turn": "they place a second meeple right after this one.",
        "set_gesture": f"a duelist's gesture changes to {GESTURE_NAME.get(e.gesture, e.gesture)}.",
        "event_bonus": f"+{e.amount} to their values in this Magical Event.",
        "end_vp": f"+{e.amount} VP for them at the end of the game" + (
            f" if they fulfilled {e.needs} Prophecies." if e.needs else "."),
    }[e.kind]


def condition_text(c: Condition) -> str:
    if c.kind == "have":
        return f"have at least {c.amount} {MEASURE_NAME[c.stat]}"
    if c.kind == "at_most":
        return f"have at most {c.amount} {MEASURE_NAME[c.stat]}"
    if c.kind == "on_space":
        return f"have a meeple on {SPACES[SPACE_INDEX[c.space]].name}"
    if c.kind == "darkness_drawn":
        return f"have drawn at least {c.amount} Darkness cards (not the three a 2-player game deals at the start)"
    what = {"spells": "Spells learned", "objects": "objects", "beasts": "Magical Beasts",
            "mischief": "Mischief cards", "darkness_cards": "Darkness cards"}[c.kind]
    return f"have at least {c.amount} {what}"
