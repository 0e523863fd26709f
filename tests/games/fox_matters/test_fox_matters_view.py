"""Fox Matters: what the View tells a table (danger, where a chain breaks, the
Nightmare's changes on the problems, every card's face), and the option of the
table's own check (check=table): the Action takes any card and the Problem phase
finds the mistakes, as in the box."""

from __future__ import annotations

import msgspec
import pytest
from fox_matters_helpers import (
    act,
    all_ready,
    chain,
    give,
    in_action,
    new_game,
    place_knight,
    problem,
    relief,
    set_column,
    with_knights,
)
from msgspec.structs import replace

from foxtui.engine import IllegalAction, Rng, SeatInfo
from foxtui.games.fox_matters import GAME, check, content
from foxtui.games.fox_matters.actions import EndAction, PlayCard, TakeBack, UseAbility
from foxtui.games.fox_matters.bots import suggestion
from foxtui.games.fox_matters.content import SYMBOLS
from foxtui.games.fox_matters.state import Options

C, B, P, W, H = SYMBOLS


def bare(n: int = 1, **options):
    state = new_game(n, **options)
    for c in range(6):
        state = set_column(state, c, [])
    return state


# --- danger -------------------------------------------------------------------------


def test_fear_a_column_one_fear_token_from_losing_is_flagged() -> None:
    state = set_column(bare(), 1, [problem("Lost Button")], [], fear=[("two", False), ("pot", True)])
    state = set_column(state, 2, [problem("Broken Mug")], [], fear=[("sword", False)])
    view = GAME.view(state, 0)
    assert [c.one_fear_from_losing for c in view.columns] == [False, True, False, False, False, False]


def test_relief_symbols_a_broken_chain_says_at_which_card_it_breaks() -> None:
    a, b, c = chain(C, B, P)
    state = set_column(bare(), 0, [problem("Burnt Porridge")], [a, b, c])
    state = act(in_action(state), 0, TakeBack(b))  # crown, then pot: the pot does not follow
    status = GAME.view(state, 0).columns[0].status
    assert status.broken_links == [2] and status.broken_at == [c]
    assert status.chain_note == f"chain broken at {content.CARDS[c].name}"
    assert GAME.view(act(state, 0, TakeBack(c)), 0).columns[0].status.chain_note == ""


def test_difficulty_a_nightmares_changes_are_shown_on_the_problems_they_change() -> None:
    """The Gnawing Dark: every Complicated Problem needs one more symbol."""
    sandwich, door = problem("Nightmare Sandwich"), problem("Squeaky Door")
    state = set_column(bare(nightmare="gnawing-dark"), 0, [door, sandwich])
    column = GAME.view(state, 0).columns[0]
    needs = {n.id: n for n in column.problem_needs}
    assert needs[sandwich].total == 7 and needs[sandwich].changed
    assert needs[sandwich].need == {C: 2, B: 2}
    assert needs[door].total == 2 and not needs[door].changed
    assert column.need_total == 9 and column.need == {C: 2, B: 2, W: 1}
    plain = GAME.view(set_column(bare(nightmare="endless-drizzle"), 0, [door, sandwich]), 0).columns[0]
    assert [n.total for n in plain.problem_needs] == [2, 6] and not any(n.changed for n in plain.problem_needs)


# --- every card readable ------------------------------------------------------------


def test_fox_cards_every_card_the_view_names_has_its_symbols_and_follow_ups() -> None:
    state = with_knights(new_game(1, seed=3), ["fox-admiral"])
    state = replace(state, knights=[replace(state.knights[0], cheese=2)])
    state = replace(state, fox_spots=[state.fox_deck[-1], "", "", ""], fox_deck=state.fox_deck[:-1])
    state = give(state, 0, [content.GRAY_IDS[0], content.FOX_IDS[0]])
    state = GAME.apply(state, 0, UseAbility("fox-admiral", 1))  # look at three Fox cards
    view = GAME.view(state, 0)
    ids = [c for c in view.fox_spots if c] + view.pending.cards + [c for h in view.hands for c in h]
    assert len(view.pending.cards) == 3 and view.fox_spots[0]
    for cid in ids:
        face = content.card_face(cid)
        assert face.id == cid and face.name == content.CARDS[cid].name
        if face.kind == "gray":
            assert face.symbols == [] and face.follow == ["any"] and face.reduce == 3
        else:
            assert face.symbols and face.follow
            assert set(face.symbols + face.follow) <= {*SYMBOLS, "any"}
    felice = next(c for c in content.FOX if c.name.startswith("Felice"))
    assert content.card_face(felice.id).symbols == felice.symbols and content.card_face(felice.id).follow == felice.follow
    assert [k.symbol for k in view.knights] == ["sailboat"]


# --- the table's own check ----------------------------------------------------------


def test_problem_phase_the_default_check_refuses_a_card_that_does_not_follow() -> None:
    state = set_column(bare(), 0, [problem("Lost Button")], [relief(C, follow=B)])
    state = give(in_action(state), 0, [relief(P, follow=W)])
    assert GAME.Options().check == "live"
    with pytest.raises(IllegalAction, match="does not match"):
        GAME.apply(state, 0, PlayCard(relief(P, follow=W), 0))


def test_problem_phase_with_the_tables_check_any_card_goes_and_the_check_finds_the_mistake() -> None:
    gray = content.GRAY_IDS[0]
    state = set_column(bare(check="table"), 0, [problem("Lost Button")], [relief(C, follow=B)])
    state = set_column(state, 2, [], [])  # a column with no problem takes no card, either way
    state = give(in_action(state), 0, [relief(P, follow=W), gray])
    legal = GAME.legal_actions(state, 0)
    assert PlayCard(relief(P, follow=W), 0) in legal and PlayCard(gray, 0) in legal  # physically, it goes
    assert not any(isinstance(a, PlayCard) and a.column == 2 for a in legal)
    state = GAME.apply(state, 0, PlayCard(gray, 0))  # a Gray Tail that is not first
    view = GAME.view(state, 0)
    assert not view.live_check and all(c.status is None for c in view.columns)  # no live result
    assert view.columns[0].need_total == 3  # the requirement is what the cards say
    state = GAME.apply(state, 0, EndAction())
    report = state.reports[-1].columns[0]
    assert not report.met and report.broken_links == [2]
    assert "a Gray Tail may only be the first card" in " ".join(check.explain(report))


def test_problem_phase_a_whole_game_under_the_tables_check_catches_a_broken_chain() -> None:
    """Two bots and a person who, in round 2, adds a card that does not follow: the
    Action takes it, nothing tells, and the Problem check finds the break and explains it."""
    seats = [SeatInfo("Ada"), SeatInfo("Bo", bot="cooperative"), SeatInfo("Cy", bot="cooperative")]
    state = GAME.setup(seats, Options(check="table", timer_seconds=0), 11)
    bot = GAME.bots["cooperative"]
    rng = Rng(11)
    caught = None
    found = False
    steps = 0
    while GAME.to_act(state):
        steps += 1
        assert steps < 20_000
        acting = sorted(GAME.to_act(state))
        seat = next((s for s in acting if s != 0), 0)  # the bots first; Ada when they are done
        legal = GAME.legal_actions(state, seat)
        if seat == 0:
            view = GAME.view(state, 0)
            if state.phase == "action" and state.round == 2 and caught is None:
                assert not view.live_check and all(c.status is None for c in view.columns)
                wrong = _a_card_that_does_not_follow(state, legal)
                if wrong is not None:
                    state = GAME.apply(state, 0, wrong)
                    caught = wrong
                    continue
            action = suggestion(view, legal)[0]  # Ada otherwise plays as the bots would
        else:
            action = bot(GAME.view(state, seat), legal, rng)
        before = len(state.reports)
        state = GAME.apply(state, seat, action)
        if caught is not None and len(state.reports) > before and state.reports[-1].round == 2:
            report = next(r for r in state.reports[-1].columns if r.column == caught.column)
            assert not report.met and report.broken_links
            text = " ".join(check.explain(report))
            assert f"The chain breaks at card {report.broken_links[0]}" in text
            assert content.card_label(caught.card) in text or content.CARDS[caught.card].kind == "gray"
            assert report.fear_added or report.third_fear
            found = True
    assert caught is not None, "no wrong card could be played"
    assert found, "the Problem check of round 2 was not seen"
    assert GAME.outcome(state) is not None


def _a_card_that_does_not_follow(state, legal):
    for a in legal:
        if not isinstance(a, PlayCard):
            continue
        col = state.columns[a.column]
        if col.cards and not content.CARDS[a.card].mask & content.CARDS[col.cards[-1].card].follow_mask:
            return a
    return None


def test_the_check_option_is_in_the_readme() -> None:
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[3] / "README.md").read_text(encoding="utf-8")
    assert "`check=table`" in readme
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert({"check": "nobody"}, Options)
