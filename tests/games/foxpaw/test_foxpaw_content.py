"""Foxpaw content: the card data decodes, matches the component counts and the rules,
and the in-app rules describe every card."""

from __future__ import annotations

from importlib import resources

import msgspec
import pytest

from foxtui.games.foxpaw import GAME
from foxtui.games.foxpaw import content as C


def test_material_component_counts() -> None:
    assert len(C.DUELS) == 6
    for kind in ("wand", "broom"):
        for level in ("low", "high"):
            assert sum(1 for o in C.OBJECTS if o.kind == kind and o.level == level) == 4
    assert sum(o.four_players for o in C.OBJECTS) == 4  # removed with 2-3 players
    assert len(C.MISCHIEF_CARDS) == C.COUNTS["mischief"] and len(set(C.MISCHIEF_CARDS)) == len(C.MISCHIEF_CARDS)
    assert len(C.DARK_CARDS) == C.COUNTS["darkness"] and set(C.DARK_VALUE) == {1, 2, 3}
    assert len(C.EVENTS) == 7 and len(C.SPACES) == C.COUNTS["spaces"]
    assert len(C.STARTING) == 4 and len(C.HOUSES) == 4


def test_material_content_is_checked_when_loaded() -> None:
    raw = resources.files("foxtui.games.foxpaw").joinpath("content", "beasts.json").read_bytes()
    broken = raw.replace(b'"uses": 2', b'"uses": 2, "colour": "red"', 1)
    with pytest.raises(msgspec.ValidationError):
        msgspec.json.decode(broken, type=list[C.BeastData])


def test_material_every_card_is_described_in_the_rules() -> None:
    text = GAME.rules_markdown
    names = [s.name for s in C.SPELLS] + [b.name for b in C.BEASTS] + [m.name for m in C.MISCHIEF_LIST]
    names += [p.name for p in C.PROPHECIES] + [t.name for t in C.TEACHERS] + [c.name for c in C.CARNIVAL_LIST]
    names += [d.name for d in C.DUELS] + [o.name for o in C.OBJECTS] + [e.name for e in C.EVENTS]
    missing = [n for n in names if n not in text]
    assert not missing, f"rules.md does not describe {missing}"


def test_material_words_for_rewards_and_costs() -> None:
    assert C.reward_text(C.Reward(stars=1, coins=2)) == "+2 Coins, +1 Star"
    assert C.cost_text(C.Cost(herbs=1, energy=2)) == "1 Herb, 2 Energy"
    assert C.reward_text(C.NOTHING) == "nothing"


def test_material_the_card_tables_in_the_rules_match_the_card_data() -> None:
    """The in-app rules' tables of Spells, Duel cards and Prophecies say what the cards do."""
    rows = {line.split("|")[1].strip(): line for line in GAME.rules_markdown.splitlines() if line.startswith("| ")}
    for s in C.SPELLS:
        kind = "Forbidden" if s.forbidden else "Regular"
        assert rows[s.name] == f"| {s.name} | {kind} | {C.cost_text(s.cost)} | {C.reward_text(s.reward)} |"
    for d in C.DUELS:
        houses = " and ".join(C.HOUSE_NAME[h] for h in d.duelists)
        cells = " | ".join(C.reward_text(getattr(d, k)) for k in ("share", "attack", "hold", "audience"))
        assert rows[d.name] == f"| {d.name} | {houses} | {cells} |"
    for p in C.PROPHECIES:
        assert rows[p.name] == f"| {p.name} | {C.condition_text(p.condition)} | {p.stars} |"
