"""Fox Matters content: cards, tokens, knights and nightmares.

The data lives in content/*.json (all of it authored for foxtui, in our own
words), is decoded into strict Structs and is checked against the component
list at import, so a bad edit fails loudly and early.

Symbols are kept as small ints for speed: 0..4 are the five Relief symbols and
``ANY`` (5) is the universal one. Every card also gets two bit masks: the
symbols it shows and the symbols it lets follow (the universal symbol sets all
five bits), so the chain rule is a single ``&``.
"""

from __future__ import annotations

from importlib import resources
from typing import Literal

import msgspec

SYMBOLS: tuple[str, ...] = ("crown", "sailboat", "pot", "sword", "heart")
ANY_NAME = "any"
SYMBOL_INDEX: dict[str, int] = {s: i for i, s in enumerate(SYMBOLS)}
ANY = len(SYMBOLS)
ALL_MASK = (1 << len(SYMBOLS)) - 1
RED = "heart"  # the red Relief symbol
LABELS: dict[str, str] = {
    "crown": "crown",
    "sailboat": "sailboat",
    "pot": "pot",
    "sword": "sword",
    "heart": "red heart",
    "any": "universal",
}

Symbol = Literal["crown", "sailboat", "pot", "sword", "heart"]
SymbolOrAny = Literal["crown", "sailboat", "pot", "sword", "heart", "any"]


class CardData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A Relief or Fox card: the symbols it gives and the follow-up symbols it shows."""

    id: str
    name: str
    symbols: list[SymbolOrAny]
    follow: list[SymbolOrAny]


class GrayTailData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    reduce: int  # symbols taken off the column's total


class ProblemData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    total: int  # Relief symbols needed in all
    needs: dict[Symbol, int]  # of which these specific ones


class Problems(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    common: list[ProblemData]
    complicated: list[ProblemData]


FearKind = Literal["two", "crown", "sailboat", "pot", "sword", "heart"]


class FearData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    kind: FearKind  # "two": the red 2, adds two to the total; a symbol: adds that need
    count: int


AbilityKind = Literal[
    "recruit_gray_tail",
    "draw_fox_pick",
    "recruit_face_up_fox",
    "draw_relief",
    "remove_common",
    "move_common",
    "move_fear",
    "discard_fear",
    "reclaim_relief",
]


class AbilityData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    kind: AbilityKind
    cost: int
    count: int = 0  # cards drawn, for the kinds that draw


class KnightData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    board: int  # the double-sided board (1..5); only one side of a board plays
    id: str
    name: str
    symbol: Symbol
    abilities: list[AbilityData]


EffectKind = Literal[
    "fewer_relief",  # that many fewer Relief cards are dealt each round
    "starting_fear",  # that many face-down Fear tokens start under the rightmost columns
    "problem_plus",  # every problem of one kind needs that many more symbols
    "extra_common",  # Clean-up adds that many more Common Problems
    "timer",  # the Action timer is that many seconds longer (negative: shorter)
]


class EffectData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    kind: EffectKind
    amount: int = 1
    problem: Literal["common", "complicated", ""] = ""  # problem_plus only


class NightmareData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    level: int  # lightning bolts, 1..4
    total: int
    needs: dict[Symbol, int]
    holiday_ok: bool  # may be combined with the Holiday difficulty
    effects: list[EffectData]
    text: str


# --- loading and checking ------------------------------------------------------------


def _load(name: str, typ: type):
    data = resources.files(__package__).joinpath("content", name).read_bytes()
    return msgspec.json.decode(data, type=typ)


RELIEF: list[CardData] = _load("relief.json", list[CardData])
FOX: list[CardData] = _load("fox.json", list[CardData])
GRAY_TAILS: list[GrayTailData] = _load("gray_tails.json", list[GrayTailData])
PROBLEMS: Problems = _load("problems.json", Problems)
FEAR: list[FearData] = _load("fear.json", list[FearData])
KNIGHTS: list[KnightData] = _load("knights.json", list[KnightData])
NIGHTMARES: list[NightmareData] = _load("nightmares.json", list[NightmareData])

#: the component list of the printed game
COUNTS = {
    "relief": 40,
    "common": 25,
    "complicated": 10,
    "nightmare": 6,
    "fox": 25,
    "gray_tail": 4,
    "fear": 20,
    "knight": 10,
    "board": 5,
    "cheese": 12,
}
CHEESE = COUNTS["cheese"]
LEVELS = (1, 2, 3, 4)


def _check() -> None:
    def fail(msg: str) -> None:
        raise ValueError(f"Fox Matters content: {msg}")

    if len(RELIEF) != COUNTS["relief"]:
        fail(f"{len(RELIEF)} Relief cards, the game has {COUNTS['relief']}")
    if len(PROBLEMS.common) != COUNTS["common"] or len(PROBLEMS.complicated) != COUNTS["complicated"]:
        fail("25 Common and 10 Complicated Problems are needed")
    if len(NIGHTMARES) != COUNTS["nightmare"]:
        fail("6 Nightmares are needed")
    if len(FOX) != COUNTS["fox"] or len(GRAY_TAILS) != COUNTS["gray_tail"]:
        fail("25 Fox cards and 4 Gray Tails are needed")
    if sum(f.count for f in FEAR) != COUNTS["fear"] or len({f.kind for f in FEAR}) != len(FEAR):
        fail("20 Fear tokens are needed, each kind listed once")
    if not any(f.kind == "two" for f in FEAR) or not any(f.kind != "two" for f in FEAR):
        fail("Fear tokens come as red 2s and as symbols")
    if len(KNIGHTS) != COUNTS["knight"]:
        fail("10 Fox Knights are needed")
    boards = sorted(k.board for k in KNIGHTS)
    if boards != [b for b in range(1, COUNTS["board"] + 1) for _ in range(2)]:
        fail("each of the 5 boards has a knight on each side")
    ids = [c.id for c in RELIEF + FOX] + [g.id for g in GRAY_TAILS]
    ids += [p.id for p in PROBLEMS.common + PROBLEMS.complicated] + [n.id for n in NIGHTMARES] + [k.id for k in KNIGHTS]
    if len(set(ids)) != len(ids):
        fail("every card, knight and nightmare needs its own id")
    for card in RELIEF:
        if ANY_NAME in card.symbols or len(card.symbols) != 1:
            fail(f"Relief card {card.id} must show exactly one ordinary symbol")
        if card.symbols[0] not in card.follow:
            fail(f"Relief card {card.id} must let a card with its own symbol follow it")
    for card in FOX:
        if not card.symbols or not card.follow:
            fail(f"Fox card {card.id} needs symbols and follow-up symbols")
    if not any(ANY_NAME in c.symbols for c in FOX) or not any(ANY_NAME in c.follow for c in FOX):
        fail("some Fox cards carry the universal symbol")
    for p in PROBLEMS.common + PROBLEMS.complicated:
        if sum(p.needs.values()) > p.total or any(n <= 0 for n in p.needs.values()):
            fail(f"problem {p.id} asks for more specific symbols than its total")
    if sorted({n.level for n in NIGHTMARES}) != list(LEVELS):
        fail("every lightning level from 1 to 4 needs a Nightmare")
    for n in NIGHTMARES:
        if not 12 <= n.total <= 18 or sum(n.needs.values()) > n.total:
            fail(f"Nightmare {n.id} should need about 15 symbols")
        for e in n.effects:
            if (e.kind == "problem_plus") != (e.problem != ""):
                fail(f"Nightmare {n.id}: only problem_plus names a problem kind")
    for k in KNIGHTS:
        if len(k.abilities) != 3 or any(a.cost != 1 for a in k.abilities):
            fail(f"knight {k.id} has three abilities costing one cheese each")
        for a in k.abilities:
            if (a.kind in ("draw_fox_pick", "draw_relief", "reclaim_relief")) != (a.count > 0):
                fail(f"knight {k.id}: only drawing abilities have a count")
    for printed, kinds in {
        "fox-admiral": ["recruit_gray_tail", "draw_fox_pick", "recruit_face_up_fox"],
        "vixen-rebel": ["draw_relief", "remove_common", "recruit_face_up_fox"],
        "fox-wizard": ["remove_common", "recruit_gray_tail", "recruit_face_up_fox"],
    }.items():
        knight = next((k for k in KNIGHTS if k.id == printed), None)
        if knight is None or [a.kind for a in knight.abilities] != kinds:
            fail(f"{printed} must keep its printed abilities")
    if not any(a.kind == "move_fear" for k in KNIGHTS for a in k.abilities):
        fail("some knight must be able to move Fear tokens")


_check()

# --- lookup tables -------------------------------------------------------------------


def _mask(symbols: list[str]) -> int:
    if ANY_NAME in symbols:
        return ALL_MASK
    m = 0
    for s in symbols:
        m |= 1 << SYMBOL_INDEX[s]
    return m


class Card(msgspec.Struct, frozen=True):
    """A playable card, ready for fast checks."""

    id: str
    name: str
    kind: Literal["relief", "fox", "gray"]
    symbols: tuple[int, ...]  # symbol ints; ANY for a universal symbol
    follow: tuple[int, ...]
    mask: int  # symbols shown, as bits (universal: all)
    follow_mask: int  # symbols that may follow it, as bits (universal: all)
    reduce: int  # Gray Tail: symbols taken off the total


def _sym(s: str) -> int:
    return ANY if s == ANY_NAME else SYMBOL_INDEX[s]


CARDS: dict[str, Card] = {}
for _c in RELIEF:
    CARDS[_c.id] = Card(_c.id, _c.name, "relief", tuple(map(_sym, _c.symbols)), tuple(map(_sym, _c.follow)), _mask(_c.symbols), _mask(_c.follow), 0)
for _c in FOX:
    CARDS[_c.id] = Card(_c.id, _c.name, "fox", tuple(map(_sym, _c.symbols)), tuple(map(_sym, _c.follow)), _mask(_c.symbols), _mask(_c.follow), 0)
for _g in GRAY_TAILS:
    # no symbols (nothing may come before it) and a universal follow-up
    CARDS[_g.id] = Card(_g.id, _g.name, "gray", (), (ANY,), 0, ALL_MASK, _g.reduce)

RELIEF_IDS: tuple[str, ...] = tuple(c.id for c in RELIEF)
FOX_IDS: tuple[str, ...] = tuple(c.id for c in FOX)
GRAY_IDS: tuple[str, ...] = tuple(g.id for g in GRAY_TAILS)


class Problem(msgspec.Struct, frozen=True):
    id: str
    name: str
    kind: Literal["common", "complicated", "nightmare"]
    total: int
    needs: tuple[int, ...]  # per symbol


def _needs(d: dict[str, int]) -> tuple[int, ...]:
    return tuple(d.get(s, 0) for s in SYMBOLS)


PROBLEM: dict[str, Problem] = {}
for _p in PROBLEMS.common:
    PROBLEM[_p.id] = Problem(_p.id, _p.name, "common", _p.total, _needs(_p.needs))
for _p in PROBLEMS.complicated:
    PROBLEM[_p.id] = Problem(_p.id, _p.name, "complicated", _p.total, _needs(_p.needs))
for _n in NIGHTMARES:
    PROBLEM[_n.id] = Problem(_n.id, _n.name, "nightmare", _n.total, _needs(_n.needs))

COMMON_IDS: tuple[str, ...] = tuple(p.id for p in PROBLEMS.common)
COMPLICATED_IDS: tuple[str, ...] = tuple(p.id for p in PROBLEMS.complicated)
NIGHTMARE: dict[str, NightmareData] = {n.id: n for n in NIGHTMARES}

#: Fear tokens: id -> kind ("two" or a symbol name)
FEAR_KIND: dict[str, str] = {}
_n_token = 0
for _f in FEAR:
    for _ in range(_f.count):
        _n_token += 1
        FEAR_KIND[f"T{_n_token:02d}"] = _f.kind
FEAR_IDS: tuple[str, ...] = tuple(FEAR_KIND)

KNIGHT: dict[str, KnightData] = {k.id: k for k in KNIGHTS}
KNIGHT_SYMBOL: dict[str, int] = {k.id: SYMBOL_INDEX[k.symbol] for k in KNIGHTS}
BOARDS: dict[int, tuple[str, str]] = {}
for _k in KNIGHTS:
    BOARDS[_k.board] = BOARDS.get(_k.board, ()) + (_k.id,)  # type: ignore[assignment]


_EFFECTS: dict[tuple[str, str, str], int] = {}
for _n in NIGHTMARES:
    for _e in _n.effects:
        _key = (_n.id, _e.kind, _e.problem)
        _EFFECTS[_key] = _EFFECTS.get(_key, 0) + _e.amount


def effect_total(nightmare: str, kind: str, problem: str = "") -> int:
    """The summed amount of a nightmare's effects of one kind (0 when it has none)."""
    return _EFFECTS.get((nightmare, kind, problem), 0)


class CardFace(msgspec.Struct, frozen=True):
    """A card as printed: what it gives and what may follow it, by symbol name."""

    id: str
    name: str
    kind: Literal["relief", "fox", "gray"]
    symbols: list[str]  # Relief symbols it gives ("any": the universal one); [] for a Gray Tail
    follow: list[str]  # follow-up symbols ("any": any card may follow it)
    reduce: int  # a Gray Tail: symbols taken off the column's total


def symbol_id(i: int) -> str:
    """A symbol int as its name: "crown" ... "heart", or "any" for the universal one."""
    return ANY_NAME if i == ANY else SYMBOLS[i]


#: card id -> its printed face, for any card (a hand, the face-up Fox cards, a look at three)
FACES: dict[str, CardFace] = {
    c.id: CardFace(c.id, c.name, c.kind, [symbol_id(s) for s in c.symbols], [symbol_id(s) for s in c.follow], c.reduce)
    for c in CARDS.values()
}


def card_face(card_id: str) -> CardFace:
    return FACES[card_id]


# --- words ---------------------------------------------------------------------------


def symbol_name(i: int) -> str:
    return "universal" if i == ANY else LABELS[SYMBOLS[i]]


def card_label(card_id: str) -> str:
    """A card's name with what it gives, e.g. 'Warm Soup (pot)'."""
    card = CARDS[card_id]
    if card.kind == "gray":
        return f"{card.name} (Gray Tail)"
    return f"{card.name} ({' + '.join(symbol_name(s) for s in card.symbols)})"


def needs_text(total: int, needs: tuple[int, ...] | list[int]) -> str:
    """'3 symbols, including 1 crown and 1 red heart'."""
    parts = [f"{n} {LABELS[SYMBOLS[i]]}" for i, n in enumerate(needs) if n]
    text = f"{total} symbol{'s' if total != 1 else ''}"
    if parts:
        text += ", including " + (", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else parts[0])
    return text


_ABILITY_TEXT = {
    "recruit_gray_tail": "Take the top Gray Tail card from its deck.",
    "draw_fox_pick": "Look at the top {count} Fox cards, keep one and shuffle the others back.",
    "recruit_face_up_fox": "Take one of the face-up Fox cards.",
    "draw_relief": "Draw {count} Relief cards; they stay face down until the timer starts.",
    "remove_common": "Throw away a Common Problem that shares its column with another problem.",
    "move_common": "Move a Common Problem that shares its column with another problem to a column with room.",
    "move_fear": "Move a Fear token to a column with a free Fear spot.",
    "discard_fear": "Throw away a face-up Fear token.",
    "reclaim_relief": "Take the top {count} Relief cards of the discard pile into your hand, face up.",
}


def ability_text(a: AbilityData) -> str:
    return _ABILITY_TEXT[a.kind].format(count=a.count)


_ABILITY_SHORT = {
    "recruit_gray_tail": "take a Gray Tail",
    "draw_fox_pick": "look at {count} Fox cards and keep one",
    "recruit_face_up_fox": "take a face-up Fox card",
    "draw_relief": "draw {count} Relief cards face down",
    "remove_common": "throw away a Common Problem",
    "move_common": "move a Common Problem",
    "move_fear": "move a Fear token",
    "discard_fear": "throw away a face-up Fear token",
    "reclaim_relief": "take back the top {count} discarded Relief cards",
}


def ability_short(a: AbilityData) -> str:
    """A few words for an ability, for menus and the log."""
    return _ABILITY_SHORT[a.kind].format(count=a.count)


def effect_text(e: EffectData) -> str:
    """One sentence for a Nightmare's rule change."""
    n = abs(e.amount)
    s = "" if n == 1 else "s"
    if e.kind == "fewer_relief":
        return f"Each round, {n} fewer Relief card{s} {'is' if n == 1 else 'are'} dealt."
    if e.kind == "starting_fear":
        return f"The game starts with {n} face-down Fear token{s}, under the rightmost column{s}."
    if e.kind == "problem_plus":
        return f"Every {e.problem.capitalize()} Problem needs {n} more symbol{s}."
    if e.kind == "extra_common":
        return f"Clean-up adds {n} more Common Problem{s}, to the column with the fewest problems."
    return f"The Action timer runs {n} seconds {'longer' if e.amount > 0 else 'shorter'}."


def nightmare_rule_changes(nightmare: str) -> list[str]:
    return [effect_text(e) for e in NIGHTMARE[nightmare].effects]
