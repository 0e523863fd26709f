"""The Fox Experiment content: dice, fox cards, studies, patrons, science cards,
supply tiles, the board's tracks and the automated opponent's two decks.

The rulebook gives no component list or card texts, so all of it is authored
for foxtui (see rules.md). The data lives in content/*.json, is decoded into
strict Structs and checked at import, then turned into small int tables the
rules use: traits are 0..3, ``ANY`` (4) is a wild half.
"""

from __future__ import annotations

from importlib import resources
from typing import Literal

import msgspec

TraitId = Literal["spots", "barking", "ears", "tail"]
Icon = Literal["spots", "barking", "ears", "tail", "any", "friendly", "science"]
TrackId = Literal["pup", "study", "friendly", "patron"]
ScienceKind = Literal["reroll", "best_face", "extra_die", "wild_half"]
PatronKind = Literal[
    "per_study_level",  # every study level completed
    "per_full_study",  # every study card completed to its 3rd level
    "per_upgrade",  # every upgrade unlocked
    "per_track_upgrade",  # every upgrade unlocked on one track
    "per_reward",  # every meeple on the friendliness track
    "per_kennel_fox",  # every fox of yours in the kennel at the end
    "per_tokens",  # every ``per`` trait and friendly tokens left
    "per_science",  # every science card kept
    "per_point_token",  # every point token
    "per_patron",  # every patron you attracted (this one included)
]


class TraitData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: TraitId
    name: str
    colour: str
    words: list[str]  # words that name this trait in a card's name (lower case)


class TraitFace(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    wholes: int  # whole symbols of the die's trait
    halves: int  # half symbols of the die's trait (never joinable with each other)


class DiceData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    traits: list[TraitData]
    trait_die: list[TraitFace]  # the same six faces on every trait's dice
    friendly_die: list[int]  # each face: how many wild halves it shows (0, 1 or 2)


class BlankFoxData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    sex: Literal["female", "male"]
    tracks: list[str]  # per trait, 5 spaces left to right: "s" square, "c" circle


class ParentData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    dice: dict[TraitId, int]
    friendliness: int


class LevelData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    needs: dict[TraitId, int]  # marked spaces needed on each named track
    points: int


class StudyData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    levels: list[LevelData]
    implies: list[TraitId] = []  # the traits its name speaks of (each one a trait it asks for)


class PatronSide(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    kind: PatronKind
    amount: int
    track: TrackId | Literal[""] = ""
    per: int = 1


class PatronData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    a: PatronSide
    b: PatronSide


class ScienceData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    kind: ScienceKind


class TileData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    icons: list[Icon]


class SideData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    players: list[int]
    printed: list[list[Icon]]  # icons printed on each supply-track space; its length is the track


class SupplyData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    tiles: list[TileData]
    sides: list[SideData]


class UpgradeTrack(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: TrackId
    name: str
    costs: list[int]
    points: list[int]


class RewardSpace(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    points: int  # for each meeple placed here, at the end
    tokens: int  # friendly tokens every other player gets that round


class TracksData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    upgrades: list[UpgradeTrack]
    friendliness: list[RewardSpace]


class SelectionCard(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    items: list[Literal["female", "male", "supply"]]
    arrow: Literal["left", "right"]  # printed on the back: seen while the card is on top


class AutomatonStudy(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    first: TraitId
    second: TraitId


class AutomatonData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    selection: list[SelectionCard]
    studies: list[AutomatonStudy]


def _load(name: str, typ: type):
    return msgspec.json.decode(resources.files(__package__).joinpath("content", name).read_bytes(), type=typ)


DICE: DiceData = _load("dice.json", DiceData)
BLANKS: list[BlankFoxData] = _load("blank_foxes.json", list[BlankFoxData])
FEMALES: list[ParentData] = _load("female_parents.json", list[ParentData])
MALES: list[ParentData] = _load("male_parents.json", list[ParentData])
STUDIES: list[StudyData] = _load("studies.json", list[StudyData])
PATRONS: list[PatronData] = _load("patrons.json", list[PatronData])
SCIENCE: list[ScienceData] = _load("science.json", list[ScienceData])
SUPPLY: SupplyData = _load("supply.json", SupplyData)
TRACKS: TracksData = _load("tracks.json", TracksData)
AUTOMATON: AutomatonData = _load("automaton.json", AutomatonData)
PUP_NAMES: list[str] = _load("pup_names.json", list[str])

#: the component list as authored for foxtui
COUNTS = {
    "blank_foxes": 12,  # per player colour
    "female_parents": 20,
    "male_parents": 20,
    "studies": 30,
    "patrons": 8,
    "science": 24,
    "supply_tiles": 24,
    "selection_cards": 12,
    "automaton_studies": 12,
    "meeples": 10,  # per player
}
TRACK_LEN = 5
LEVELS = 3
ROUNDS = 5
ROW_CAP = 8  # a kennel row holds at most this many foxes after administration

TRAITS: tuple[str, ...] = ("spots", "barking", "ears", "tail")
TRAIT_INDEX = {t: i for i, t in enumerate(TRAITS)}
ANY = len(TRAITS)  # a wild half
FRIENDLY, WILD = 4, 5  # die kinds beyond the trait dice: a friendly die, a science card's wild half
TRACK_IDS: tuple[str, ...] = ("pup", "study", "friendly", "patron")
PUP_TRACK, STUDY_TRACK, FRIENDLY_TRACK, PATRON_TRACK = range(4)


def name_traits(name: str) -> set[str]:
    """The traits a card name speaks of: those with one of their words (dice.json) in it."""
    words = set("".join(c if c.isalpha() else " " for c in name.lower()).split())
    return {t.id for t in DICE.traits if words & set(t.words)}


def study_name_problem(s: StudyData) -> str | None:
    """What is wrong with a study's name, or None: it must speak of exactly the traits it
    declares it implies, and those must be traits the study asks for."""
    asked = {t for lv in s.levels for t in lv.needs}
    if not set(s.implies) <= asked:
        return f"study {s.id} ({s.name}) is named for a trait it does not ask for"
    spoken = name_traits(s.name)
    if spoken != set(s.implies):
        return f"study {s.id} ({s.name}) speaks of {sorted(spoken)} but declares {sorted(s.implies)}"
    return None


def _check() -> None:
    def fail(msg: str) -> None:
        raise ValueError(f"The Fox Experiment content: {msg}")

    if tuple(t.id for t in DICE.traits) != TRAITS:
        fail("the four traits are spots, barking, ears and tail, in that order")
    if len(DICE.trait_die) != 6 or len(DICE.friendly_die) != 6:
        fail("dice have six faces")
    kinds = {(f.wholes, f.halves) for f in DICE.trait_die}
    for need in ((1, 0), (0, 1), (0, 2), (1, 1)):
        if need not in kinds:
            fail("trait dice show a whole symbol, a half, two unconnected halves and a whole plus a half")
    if any(not 0 <= f <= 2 for f in DICE.friendly_die) or 2 not in DICE.friendly_die:
        fail("friendly dice show at most two wild halves a face, some faces two")
    if len(BLANKS) != COUNTS["blank_foxes"] or sum(b.sex == "female" for b in BLANKS) != COUNTS["blank_foxes"] // 2:
        fail("12 blank fox cards, half of them female")
    for b in BLANKS:
        if len(b.tracks) != len(TRAITS) or any(len(t) != TRACK_LEN or set(t) - {"s", "c"} for t in b.tracks):
            fail(f"blank fox {b.id} needs 4 tracks of 5 squares (s) and circles (c)")
    for deck, name in ((FEMALES, "female_parents"), (MALES, "male_parents")):
        if len(deck) != COUNTS[name]:
            fail(f"{COUNTS[name]} {name.replace('_', ' ')} are needed")
        for p in deck:
            if not p.dice or any(not 1 <= n <= 2 for n in p.dice.values()):
                fail(f"parent {p.id} shows 1 or 2 dice of a trait")
    if len(STUDIES) != COUNTS["studies"]:
        fail("30 study cards are needed")
    for s in STUDIES:
        if len(s.levels) != LEVELS:
            fail(f"study {s.id} has 3 levels")
        for i, lv in enumerate(s.levels):
            if len(lv.needs) < 2 or any(not 1 <= n <= TRACK_LEN for n in lv.needs.values()):
                fail(f"study {s.id} level {i + 1} needs marks on 2 or more tracks, at most 5 each")
            if i and (lv.points <= s.levels[i - 1].points or any(lv.needs.get(t, 0) < n for t, n in s.levels[i - 1].needs.items())):
                fail(f"study {s.id}: each level asks at least as much as the last and scores more")
    for s in STUDIES:
        problem = study_name_problem(s)
        if problem:
            fail(problem)
    if len(PATRONS) != COUNTS["patrons"]:
        fail("8 patron cards are needed")
    for p in PATRONS:
        for side in (p.a, p.b):
            if (side.kind == "per_track_upgrade") != bool(side.track) or side.per < 1 or side.amount < 1:
                fail(f"patron {p.id}: a track only for per_track_upgrade, positive amounts")
    if len(SCIENCE) != COUNTS["science"] or {s.kind for s in SCIENCE} != {"reroll", "best_face", "extra_die", "wild_half"}:
        fail("24 science cards of the four kinds are needed")
    if len(SUPPLY.tiles) != COUNTS["supply_tiles"] or any(not t.icons for t in SUPPLY.tiles):
        fail("24 supply tiles, each with icons")
    covered = sorted(n for s in SUPPLY.sides for n in s.players)
    if covered != [2, 3, 4, 5, 6]:
        fail("each player count from 2 to 6 has one board side")
    for s in SUPPLY.sides:
        if len(s.printed) < max(s.players) + 1 or s.printed[0]:
            fail(f"board side {s.id}: one space per player plus the empty first one, which shows nothing")
    if tuple(t.id for t in TRACKS.upgrades) != TRACK_IDS:
        fail("the upgrade tracks are pup, study, friendly die and patron")
    for t in TRACKS.upgrades:
        if len(t.costs) != len(t.points) or not t.costs or any(c < 1 for c in t.costs):
            fail(f"upgrade track {t.id}: a cost and points for every space")
    if len(TRACKS.friendliness) != ROUNDS:
        fail("the friendliness track has a space per round")
    meeples = 1 + len(TRACKS.upgrades[STUDY_TRACK].costs) + len(TRACKS.upgrades[PATRON_TRACK].costs) + ROUNDS
    if meeples > COUNTS["meeples"]:
        fail("a player's 10 meeples must cover every study, patron and friendliness reward")
    sel = AUTOMATON.selection
    if len(sel) != COUNTS["selection_cards"] or any(len(c.items) != 2 or c.items[0] == c.items[1] for c in sel):
        fail("12 selection cards, each showing two different items")
    pairs = [(s.first, s.second) for s in AUTOMATON.studies]
    if len(pairs) != COUNTS["automaton_studies"] or len(set(pairs)) != len(pairs) or any(a == b for a, b in pairs):
        fail("12 automaton studies, each a different ordered pair of traits")
    if len(set(PUP_NAMES)) != len(PUP_NAMES) or len(PUP_NAMES) < 40:
        fail("at least 40 different pup names")
    ids = [b.id for b in BLANKS] + [p.id for p in FEMALES + MALES] + [s.id for s in STUDIES] + [p.id for p in PATRONS]
    ids += [s.id for s in SCIENCE] + [t.id for t in SUPPLY.tiles] + [c.id for c in sel] + [s.id for s in AUTOMATON.studies]
    if len(set(ids)) != len(ids):
        fail("every card and tile needs its own id")


_check()

# --- tables the rules use ------------------------------------------------------------


def _bits(track: str, ch: str) -> int:
    return sum(1 << i for i, c in enumerate(track) if c == ch)


class Blank(msgspec.Struct, frozen=True):
    id: str
    female: bool
    squares: tuple[int, ...]  # per trait: bit mask of its square spaces
    circles: tuple[int, ...]
    tracks: tuple[str, ...]


class Parent(msgspec.Struct, frozen=True):
    id: str
    name: str
    female: bool
    dice: tuple[int, ...]  # per trait
    friendliness: int


class Study(msgspec.Struct, frozen=True):
    id: str
    name: str
    needs: tuple[tuple[int, ...], ...]  # per level, per trait
    points: tuple[int, ...]  # per level


BLANK: dict[str, Blank] = {
    b.id: Blank(
        b.id,
        b.sex == "female",
        tuple(_bits(t, "s") for t in b.tracks),
        tuple(_bits(t, "c") for t in b.tracks),
        tuple(b.tracks),
    )
    for b in BLANKS
}
BLANK_IDS: list[str] = [b.id for b in BLANKS]
PARENT: dict[str, Parent] = {
    p.id: Parent(p.id, p.name, deck is FEMALES, tuple(p.dice.get(t, 0) for t in TRAITS), p.friendliness)  # type: ignore[call-overload]
    for deck in (FEMALES, MALES)
    for p in deck
}
FEMALE_IDS: list[str] = [p.id for p in FEMALES]
MALE_IDS: list[str] = [p.id for p in MALES]
STUDY: dict[str, Study] = {
    s.id: Study(
        s.id,
        s.name,
        tuple(tuple(lv.needs.get(t, 0) for t in TRAITS) for lv in s.levels),  # type: ignore[call-overload]
        tuple(lv.points for lv in s.levels),
    )
    for s in STUDIES
}
STUDY_IDS: list[str] = [s.id for s in STUDIES]
PATRON: dict[str, PatronData] = {p.id: p for p in PATRONS}
PATRON_IDS: list[str] = [p.id for p in PATRONS]
SCIENCE_CARD: dict[str, ScienceData] = {s.id: s for s in SCIENCE}
SCIENCE_IDS: list[str] = [s.id for s in SCIENCE]
TILE: dict[str, tuple[str, ...]] = {t.id: tuple(t.icons) for t in SUPPLY.tiles}
TILE_IDS: list[str] = [t.id for t in SUPPLY.tiles]
SIDE_FOR: dict[int, SideData] = {n: s for s in SUPPLY.sides for n in s.players}
UPGRADE = TRACKS.upgrades
REWARDS = TRACKS.friendliness
SELECTION: dict[str, SelectionCard] = {c.id: c for c in AUTOMATON.selection}
SELECTION_IDS: list[str] = [c.id for c in AUTOMATON.selection]
AUTO_STUDY: dict[str, tuple[int, int]] = {s.id: (TRAIT_INDEX[s.first], TRAIT_INDEX[s.second]) for s in AUTOMATON.studies}
AUTO_STUDY_IDS: list[str] = [s.id for s in AUTOMATON.studies]

#: die kind -> per face (whole symbols, half colours); kinds 0..3 are trait dice
FACES: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...] = tuple(
    tuple((f.wholes, (t,) * f.halves) for f in DICE.trait_die) for t in range(len(TRAITS))
) + (
    tuple((0, (ANY,) * n) for n in DICE.friendly_die),
    ((0, (ANY,)),),
)
#: the trait die face a "best face" science card turns a die to
BEST_FACE: int = max(range(len(DICE.trait_die)), key=lambda i: (DICE.trait_die[i].wholes * 2 + DICE.trait_die[i].halves, -i))
POPCOUNT = tuple(bin(i).count("1") for i in range(1 << TRACK_LEN))

KIND_NAMES = ("spots", "barking", "floppy ears", "curly tail", "friendly", "wild")


def trait_name(t: int) -> str:
    return DICE.traits[t].name if 0 <= t < len(TRAITS) else "any trait"


def face_text(kind: int, face: int) -> str:
    """What a rolled die shows, in words."""
    wholes, halves = FACES[kind][face]
    parts = []
    if wholes:
        parts.append(f"{wholes} whole")
    if halves:
        wild = "" if kind < len(TRAITS) else "wild "
        parts.append(f"two {wild}halves" if len(halves) == 2 else f"a {wild}half")
    return ", ".join(parts) or "blank"


SCIENCE_TEXT = {
    "reroll": "Roll one die of your pool again.",
    "best_face": "Turn one trait die to its whole-and-a-half face.",
    "extra_die": "Add one trait die of your choice to this pup's roll.",
    "wild_half": "Add a wild half to this pup's roll.",
}


def patron_side(patron_id: str, slot: int) -> PatronSide:
    """Slots 0 and 1 show side A, slots 2 and 3 side B."""
    p = PATRON[patron_id]
    return p.a if slot < 2 else p.b


def patron_text(side: PatronSide) -> str:
    what = {
        "per_study_level": "study level you completed",
        "per_full_study": "study you completed to its 3rd level",
        "per_upgrade": "upgrade you unlocked",
        "per_track_upgrade": f"{side.track} upgrade you unlocked",
        "per_reward": "meeple of yours on the friendliness track",
        "per_kennel_fox": "fox of yours in the kennel at the end",
        "per_tokens": "trait and friendly tokens left" if side.per == 1 else f"{side.per} trait and friendly tokens left",
        "per_science": "science card you kept",
        "per_point_token": "point token",
        "per_patron": "patron you attracted",
    }[side.kind]
    return f"{side.amount} pt{'s' if side.amount != 1 else ''} per {what}"


def icon_text(icon: str, whose: str = "your") -> str:
    """What a supply icon gives, in words; ``whose`` choice a "trait of your choice" is
    ("their" when told to the other players)."""
    if icon == "science":
        return "a science card"
    if icon == "friendly":
        return "a friendly token"
    if icon == "any":
        return f"a trait token of {whose} choice"
    return f"a {trait_name(TRAIT_INDEX[icon])} token"
