"""Master Fox content: what each pawn feels like, and the mission cards.

The data lives in content/*.json and is decoded into strict Structs and checked
against the component list at import, so a bad edit fails loudly and early.
"""

from __future__ import annotations

from importlib import resources

import msgspec


class LootPawn(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    animal: str
    label: str
    count: int
    feel: list[str]  # what a hand learns on the 1st, 2nd and 3rd touch


class RusePawn(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    kind: str
    label: str
    count: int
    enters_round: int
    feel: list[str]


class Pawns(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    nothing: str
    loot: list[LootPawn]
    ruse: list[RusePawn]


class Mission(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    animal: str
    title: str
    text: str


LEVELS = 3  # touches after which a pawn is fully identified


def _load(name: str, typ: type):
    data = resources.files(__package__).joinpath("content", name).read_bytes()
    return msgspec.json.decode(data, type=typ)


def _check(pawns: Pawns, missions: list[Mission]) -> None:
    animals = [p.animal for p in pawns.loot]
    if len(animals) != 8 or len(set(animals)) != 8:
        raise ValueError("Master Fox needs 8 different loot animals")
    if sum(p.count for p in pawns.loot) != 24 or any(p.count != 3 for p in pawns.loot):
        raise ValueError("Master Fox needs 3 loot pawns of each animal, 24 in all")
    counts = {r.kind: r.count for r in pawns.ruse}
    if counts != {"fox": 2, "snake": 2, "hammer": 1} or len(pawns.ruse) != 3:
        raise ValueError("Master Fox needs 5 ruse pawns: 2 foxes, 2 snakes, 1 hammer")
    if sorted(m.animal for m in missions) != sorted(animals):
        raise ValueError("Master Fox needs 8 mission cards, one per loot animal")
    specs = [(p.animal, p.feel) for p in pawns.loot] + [(r.kind, r.feel) for r in pawns.ruse]
    for kind, feel in specs:
        if len(feel) != LEVELS or not all(feel):
            raise ValueError(f"the {kind} pawn needs {LEVELS} feel descriptions")
    # A full third touch must tell every kind apart.
    if len({feel[-1] for _, feel in specs}) != len(specs):
        raise ValueError("every pawn kind needs its own third-touch description")
    # A ruse pawn must feel like a ruse pawn from the first touch, and like no
    # loot pawn at any touch, so a sack's loot count is always known to its owner.
    ruse_texts = {t for r in pawns.ruse for t in r.feel}
    loot_texts = {t for p in pawns.loot for t in p.feel}
    if len({r.feel[0] for r in pawns.ruse}) != 1 or ruse_texts & loot_texts:
        raise ValueError("ruse pawns must share one first feel and never feel like loot")
    if pawns.nothing in ruse_texts | loot_texts:
        raise ValueError("an empty spot must not feel like a pawn")


PAWNS: Pawns = _load("pawns.json", Pawns)
MISSIONS: list[Mission] = _load("missions.json", list[Mission])
_check(PAWNS, MISSIONS)

ANIMALS: tuple[str, ...] = tuple(p.animal for p in PAWNS.loot)
RUSE_KINDS: tuple[str, ...] = tuple(r.kind for r in PAWNS.ruse)
NOTHING: str = PAWNS.nothing
LABELS: dict[str, str] = {p.animal: p.label for p in PAWNS.loot} | {r.kind: r.label for r in PAWNS.ruse}
MISSION_BY_ANIMAL: dict[str, Mission] = {m.animal: m for m in MISSIONS}
#: ruse pawns added to the box at the start of a round: round -> kinds
RUSE_ENTERING: dict[int, tuple[str, ...]] = {}
for _r in PAWNS.ruse:
    RUSE_ENTERING[_r.enters_round] = RUSE_ENTERING.get(_r.enters_round, ()) + (_r.kind,) * _r.count

_FEEL: dict[str, list[str]] = {p.animal: p.feel for p in PAWNS.loot} | {r.kind: r.feel for r in PAWNS.ruse}
#: feel text -> every kind that could feel like that (what a player may deduce)
_COULD_BE: dict[str, tuple[str, ...]] = {}
for _kind, _texts in _FEEL.items():
    for _t in _texts:
        if _kind not in _COULD_BE.get(_t, ()):
            _COULD_BE[_t] = _COULD_BE.get(_t, ()) + (_kind,)
_COULD_BE[NOTHING] = ()


def feel(kind: str, level: int) -> str:
    """What a hand feels touching a ``kind`` pawn for the ``level``-th time (1-based)."""
    return _FEEL[kind][min(level, LEVELS) - 1]


def could_be(text: str) -> tuple[str, ...]:
    """Every pawn kind that feels like ``text`` (public knowledge: the content is no secret)."""
    return _COULD_BE[text]


def is_ruse(kind: str) -> bool:
    return kind in RUSE_KINDS


def label(kind: str) -> str:
    return LABELS[kind]
