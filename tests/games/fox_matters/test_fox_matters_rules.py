"""Fox Matters: one test per rule, named after the rulebook section it checks,
and the rulebook's worked examples."""

from __future__ import annotations

import msgspec
import pytest
from fox_matters_helpers import (
    act,
    all_done,
    all_ready,
    chain,
    check_inventory,
    fox,
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

from foxtui.engine import IllegalAction
from foxtui.games.fox_matters import GAME, check, content, rules
from foxtui.games.fox_matters.actions import (
    EndAction,
    FaceFear,
    MoveKnight,
    PickFox,
    PlayCard,
    Ready,
    ShareCheese,
    TakeBack,
    TimeUp,
    UseAbility,
)
from foxtui.games.fox_matters.content import SYMBOLS
from foxtui.games.fox_matters.rules import check_column
from foxtui.games.fox_matters.state import HandCard, Options

C, B, P, W, H = SYMBOLS  # crown, sailboat, pot, sword, heart (the red one)


def needs(**kw: int) -> list[int]:
    return [kw.get(s, 0) for s in SYMBOLS]


def after_check(state, column: int = 0):
    """Play out the Action (everyone done) and return (new state, that column's report)."""
    state = all_done(in_action(state) if state.phase != "action" else state)
    report = state.reports[-1]
    return state, next(r for r in report.columns if r.column == column)


def bare(n: int = 1, **options):
    """A game whose columns are all empty (no problems, no cards), to lay out by hand."""
    state = new_game(n, **options)
    for c in range(6):
        state = set_column(state, c, [])
    return state


# --- Components -----------------------------------------------------------------


def test_components_counts_match_the_component_list() -> None:
    assert len(content.RELIEF) == 40
    assert len(content.PROBLEMS.common) == 25 and len(content.PROBLEMS.complicated) == 10
    assert len(content.NIGHTMARES) == 6
    assert len(content.FOX) == 25 and len(content.GRAY_TAILS) == 4
    assert len(content.FEAR_IDS) == 20
    assert {k for k in content.FEAR_KIND.values()} == {"two", *SYMBOLS}
    assert len(content.KNIGHTS) == 10 and len(content.BOARDS) == 5
    assert all(len(sides) == 2 for sides in content.BOARDS.values())
    assert content.CHEESE == 12
    assert any("any" in c.symbols for c in content.FOX)
    assert content.RED == "heart"


def test_fox_cards_the_rulebooks_three_example_fox_cards_are_in_the_deck() -> None:
    """Felice, Briegild and Dracofox, shown where the rulebook explains the universal
    symbol: between them they carry it as a Relief symbol and as a follow-up."""
    by_name = {c.name: c for c in content.FOX}
    felice = by_name["Felice, the Lamplighter Fox"]
    briegild = by_name["Briegild, the Correctness Fox"]
    dracofox = by_name["Dracofox, the Dragon Fox"]
    assert "any" in felice.symbols and len(felice.symbols) == 2
    assert briegild.follow == ["any"] and dracofox.follow == ["any"]
    for card in (felice, briegild, dracofox):
        assert card.id in content.FOX_IDS and len(card.symbols) == 2  # a stronger Relief card
    assert len(content.FOX) == 25  # they replaced cards of ours


def test_gray_tail_dirty_clothes_is_one_of_the_four_gray_tails() -> None:
    names = [g.name for g in content.GRAY_TAILS]
    assert "Dirty Clothes" in names and "Dorian" in names and len(names) == 4
    dirty = next(g for g in content.GRAY_TAILS if g.name == "Dirty Clothes")
    assert dirty.reduce == 3 and content.CARDS[dirty.id].kind == "gray"
    assert content.CARDS[dirty.id].follow_mask == content.ALL_MASK  # any card may follow it
    assert "Dirty Clothes" in GAME.rules_markdown and "Felice, the Lamplighter Fox" in GAME.rules_markdown


def test_components_every_lightning_level_has_a_nightmare_of_about_15_symbols() -> None:
    assert sorted({n.level for n in content.NIGHTMARES}) == [1, 2, 3, 4]
    for n in content.NIGHTMARES:
        assert 13 <= n.total <= 17
        if n.level == 1:
            assert n.effects == []  # easy: no significant rule change
        else:
            assert n.effects  # harder levels change the rules


def test_components_the_printed_knights_keep_their_abilities() -> None:
    kinds = {k.id: [a.kind for a in k.abilities] for k in content.KNIGHTS}
    assert kinds["fox-admiral"] == ["recruit_gray_tail", "draw_fox_pick", "recruit_face_up_fox"]
    assert kinds["vixen-rebel"] == ["draw_relief", "remove_common", "recruit_face_up_fox"]
    assert kinds["fox-wizard"] == ["remove_common", "recruit_gray_tail", "recruit_face_up_fox"]
    assert all(a.cost == 1 for k in content.KNIGHTS for a in k.abilities)


# --- Game Setup -----------------------------------------------------------------


def test_game_setup_board_nightmare_problems_and_first_complicated() -> None:
    state = new_game(2, seed=3)
    assert state.phase == "planning" and state.round == 1
    assert state.nightmare in content.NIGHTMARE and not state.nightmare_out
    assert all(len(col.problems) >= 1 for col in state.columns)
    assert [content.PROBLEM[p].kind for p in state.columns[0].problems] == ["common", "complicated"]
    assert all([content.PROBLEM[p].kind for p in col.problems] == ["common"] for col in state.columns[1:])
    assert state.upcoming[0] == "" and all(content.PROBLEM[p].kind == "complicated" for p in state.upcoming[1:])
    assert len(state.box) == 6  # the other Complicated Problems stay in the box
    assert all(not col.fear and not col.cards for col in state.columns)
    assert all(k.cheese == 0 and k.column == -1 for k in state.knights)
    check_inventory(state)


def test_game_setup_holiday_uses_four_common_problems_face_down() -> None:
    state = new_game(2, holiday=True)
    kinds = [content.PROBLEM[p].kind for p in state.columns[0].problems]
    assert kinds == ["common", "common"]
    assert all(content.PROBLEM[p].kind == "common" for p in state.upcoming[1:])
    assert len(state.box) == 10
    check_inventory(state)


@pytest.mark.parametrize("players,controls", [(1, [5]), (2, [2, 2]), (3, [2, 1, 1]), (4, [1, 1, 1, 1]), (5, [1] * 5)])
def test_game_setup_fox_knight_table(players: int, controls: list[int]) -> None:
    state = new_game(players)
    assert [sum(1 for k in state.knights if k.owner == p) for p in range(players)] == controls
    boards = [content.KNIGHT[k.id].board for k in state.knights]
    assert len(set(boards)) == len(boards), "only one side of each board plays"


@pytest.mark.parametrize("players,each", [(1, 10), (2, 6), (3, 4), (4, 3), (5, 2)])
def test_game_setup_relief_cards_are_dealt_evenly_and_hidden(players: int, each: int) -> None:
    state = new_game(players)
    assert [len(h) for h in state.hands] == [each] * players
    assert all(not hc.up for h in state.hands for hc in h)
    view = GAME.view(state, 0)
    assert view.hands == [[]] * players and view.hidden == [each] * players


def test_game_setup_knights_can_be_chosen_one_per_board() -> None:
    state = new_game(2, knights="fox-king,fox-admiral,vixen-rebel,fox-wizard")
    assert [k.id for k in state.knights] == ["fox-king", "fox-admiral", "vixen-rebel", "fox-wizard"]
    assert [k.owner for k in state.knights] == [0, 0, 1, 1]
    with pytest.raises(ValueError):
        new_game(2, knights="fox-king,fox-chancellor,vixen-rebel,fox-wizard")  # same board twice
    with pytest.raises(ValueError):
        new_game(2, knights="fox-king,fox-admiral")  # two players play with four knights


def test_game_setup_rejects_bad_options() -> None:
    with pytest.raises(ValueError):
        new_game(1, nightmare="the-tax-collector")
    with pytest.raises(ValueError):
        new_game(6)
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert({"timer_seconds": -5}, Options)
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert({"colour": "red"}, Options)


# --- Basic Rules: the rulebook's worked examples --------------------------------


def test_basic_rules_compulsive_nibbling_three_relief_cards() -> None:
    """3 symbols including 1 crown and 1 red: three Relief cards do it."""
    nibbling = problem("Compulsive Nibbling")
    assert content.PROBLEM[nibbling].total == 3 and content.PROBLEM[nibbling].needs == tuple(needs(crown=1, heart=1))
    crown = relief(C, follow=H)
    heart = relief(H, follow=W)
    sword = relief(W)
    state = set_column(bare(), 0, [nibbling], [crown, heart, sword])
    assert check_column(state, 0).met
    _, report = after_check(state)
    assert report.met and report.need_total == 3 and report.need == {C: 1, H: 1}
    # two cards are one short, and without the red one the specific need fails
    assert check_column(set_column(bare(), 0, [nibbling], [crown, heart]), 0).missing_any == 1
    short = check_column(set_column(bare(), 0, [nibbling], [relief(C, follow=W), sword, relief(W, skip=(sword,))]), 0)
    assert not short.met and short.missing == needs(heart=1)


def test_basic_rules_nightmare_sandwich_two_fox_cards_a_relief_card_and_a_knight() -> None:
    """6 symbols including 2 crown and 2 sailboat."""
    sandwich = problem("Nightmare Sandwich")
    assert content.PROBLEM[sandwich].total == 6 and content.PROBLEM[sandwich].needs == tuple(needs(crown=2, sailboat=2))
    chain = [fox([C, B]), fox([P, H]), relief(B)]
    state = with_knights(bare(), ["fox-king", "fox-admiral", "vixen-rebel", "fox-wizard", "fox-duelist"])
    state = set_column(state, 2, [sandwich], chain)
    assert not check_column(state, 2).met  # five symbols, one crown: not yet
    state = place_knight(state, "fox-king", 2)  # the Fox King marker adds a crown
    result = check_column(state, 2)
    assert result.met and result.have_total == 6 and result.have == needs(crown=2, sailboat=2, pot=1, heart=1)


def test_basic_rules_a_cluster_adds_up_its_problems() -> None:
    """Two problems in one column call for 6 symbols including 2 crown, 1 sailboat and 1 pot."""
    cluster = [problem("Lost Button"), problem("Burnt Porridge")]
    assert rules.requirement_of(cluster, [], 0, "endless-drizzle") == (6, needs(crown=2, sailboat=1, pot=1))
    four = chain(C, B, P, C)
    result = check_column(set_column(bare(), 1, cluster, four), 1)
    assert not result.met and result.missing_any == 2 and not any(result.missing)
    wrong = chain(C, C, C, C, C, C)  # six symbols, but no sailboat and no pot
    assert check_column(set_column(bare(), 1, cluster, wrong), 1).missing == needs(sailboat=1, pot=1)
    six = chain(C, B, P, C, C, C)
    assert check_column(set_column(bare(), 1, cluster, six), 1).met


def test_basic_rules_a_cluster_is_dealt_with_together_or_not_at_all() -> None:
    cluster = [problem("Squeaky Door"), problem("Stubbed Toe")]  # 2 incl sword + 2 incl heart
    cards = chain(W, H)  # enough for either one, not for both
    state = set_column(bare(), 0, cluster, cards)
    state, report = after_check(state)
    assert not report.met and report.missing_any == 2
    assert state.columns[0].problems[:2] == cluster  # both stay


# --- Relief Symbols ---------------------------------------------------------------


def test_relief_symbols_a_knight_marker_gives_its_symbol() -> None:
    door = problem("Squeaky Door")  # 2 incl 1 sword
    state = with_knights(set_column(bare(), 0, [door], [relief(C, follow=C)]), ["fox-duelist"])
    assert not check_column(state, 0).met
    assert check_column(place_knight(state, "fox-duelist", 0), 0).met


def test_relief_symbols_a_card_must_match_a_follow_up_symbol_of_the_card_before() -> None:
    first = relief(C, follow=B)  # follow-ups: crown, sailboat
    state = set_column(bare(), 0, [problem("Lost Button")], [first])
    state = give(in_action(state), 0, [relief(P, follow=W), relief(B, follow=P)])
    legal = GAME.legal_actions(state, 0)
    assert PlayCard(relief(P, follow=W), 0) not in legal
    with pytest.raises(IllegalAction, match="does not match"):
        GAME.apply(state, 0, PlayCard(relief(P, follow=W), 0))
    assert PlayCard(relief(B, follow=P), 0) in legal
    after = GAME.apply(state, 0, PlayCard(relief(B, follow=P), 0))
    assert [p.card for p in after.columns[0].cards] == [first, relief(B, follow=P)]


def test_relief_symbols_every_relief_card_may_follow_one_with_the_same_symbol() -> None:
    for a in content.RELIEF:
        for b in content.RELIEF:
            if a.symbols == b.symbols:
                assert content.CARDS[b.id].mask & content.CARDS[a.id].follow_mask


def test_relief_symbols_a_broken_chain_fails_and_the_check_names_the_link() -> None:
    """Taking a card out of the middle can leave a link broken; the check says which."""
    a, b, c = chain(C, B, P)
    state = set_column(bare(), 0, [problem("Burnt Porridge")], [a, b, c])  # 3 incl crown + pot
    assert check_column(state, 0).met
    state = act(in_action(state), 0, TakeBack(b))
    assert check_column(state, 0).broken == [2]
    state, report = after_check(state)
    assert not report.met and report.broken_links == [2] and report.have_total == 2
    text = " ".join(check.explain(report))
    assert "chain breaks at card 2" in text and "Missing 1 more symbol" in text


# --- Fox Cards --------------------------------------------------------------------


def test_fox_cards_the_universal_symbol_stands_for_any_missing_symbol() -> None:
    nibbling = problem("Compulsive Nibbling")  # 3 incl crown + heart
    wild = next(c.id for c in content.FOX if c.symbols == ["any", "crown"])
    state = set_column(bare(), 0, [nibbling], [wild, relief(C)])
    result = check_column(state, 0)
    assert result.met and result.have_any == 1  # the universal symbol is the red one


def test_fox_cards_a_universal_follow_up_lets_any_card_follow() -> None:
    double = next(c.id for c in content.FOX if c.follow == ["any"])
    state = set_column(bare(), 0, [problem("Lost Button")], [double])
    state = give(in_action(state), 0, [relief(H), relief(P), relief(W)])
    legal = GAME.legal_actions(state, 0)
    assert all(PlayCard(card, 0) in legal for card in (relief(H), relief(P), relief(W)))


# --- Gray Tail --------------------------------------------------------------------


def test_gray_tail_dorian_only_four_symbols_are_needed() -> None:
    """A problem of 7 including 1 sword, 1 crown and 1 sailboat: with a Gray Tail first, 4 do."""
    roof = problem("Leaky Roof")
    assert content.PROBLEM[roof].total == 7 and content.PROBLEM[roof].needs == tuple(needs(sword=1, crown=1, sailboat=1))
    dorian = next(g.id for g in content.GRAY_TAILS if g.name == "Dorian")
    four = chain(W, C, B, B)
    without = check_column(set_column(bare(), 0, [roof], four), 0)
    assert without.need_total == 7 and without.missing_any == 3
    three = check_column(set_column(bare(), 0, [roof], [dorian] + four[:3]), 0)
    assert three.need_total == 4 and three.gray == 3 and three.missing_any == 1 and not any(three.missing)
    state = set_column(bare(), 0, [roof], [dorian] + four)
    assert check_column(state, 0).met
    state, report = after_check(state)
    assert report.met and report.need_total == 4 and report.gray_tail == 3
    assert dorian in state.gray_deck  # resolved Gray Tails go back to their deck


def test_gray_tail_can_only_be_the_first_card() -> None:
    gray = content.GRAY_IDS[0]
    state = set_column(bare(), 0, [problem("Lost Button")], [relief(C)])
    state = set_column(state, 1, [problem("Soggy Socks")], [])
    state = give(in_action(state), 0, [gray])
    legal = GAME.legal_actions(state, 0)
    assert PlayCard(gray, 0) not in legal and PlayCard(gray, 1) in legal
    with pytest.raises(IllegalAction, match="first card"):
        GAME.apply(state, 0, PlayCard(gray, 0))


# --- Facing Your Fear -------------------------------------------------------------


def test_facing_your_fear_broken_mug() -> None:
    """Broken Mug (4) with a sword Fear token faced: 4 symbols including 1 crown and 2 sword."""
    mug = problem("Broken Mug")
    assert rules.requirement_of([mug], ["sword"], 0, "endless-drizzle") == (4, needs(crown=1, sword=2))
    state = set_column(bare(), 0, [mug], chain(C, W, C, C), fear=[("sword", True)])
    result = check_column(state, 0)
    assert result.need_total == 4 and result.need == needs(crown=1, sword=2)
    assert not result.met and result.missing == needs(sword=1)
    state = set_column(bare(), 0, [mug], chain(C, W, W, C), fear=[("sword", True)])
    assert check_column(state, 0).met
    _, report = after_check(state)
    assert report.met and report.need == {C: 1, W: 2} and report.faced_fear == ["sword"]


def test_facing_your_fear_matted_fur_the_larger_number_counts() -> None:
    """Matted Fur (3) with a pot faced: 3 pot + 1 sword is more than 3, so 4 are needed."""
    fur = problem("Matted Fur")
    assert content.PROBLEM[fur].total == 3
    assert rules.requirement_of([fur], ["pot"], 0, "endless-drizzle") == (4, needs(pot=3, sword=1))
    three = chain(P, P, P)
    result = check_column(set_column(bare(), 0, [fur], three, fear=[("pot", True)]), 0)
    assert result.need_total == 4 and result.missing == needs(sword=1)  # three symbols are not enough
    assert check_column(set_column(bare(), 0, [fur], three), 0).missing == needs(pot=0, sword=1)
    state = set_column(bare(), 0, [fur], chain(P, P, P, W), fear=[("pot", True)])
    assert check_column(state, 0).met


def test_facing_your_fear_a_red_two_adds_two_to_the_total() -> None:
    door = problem("Squeaky Door")  # 2 incl sword
    assert rules.requirement_of([door], ["two"], 0, "endless-drizzle") == (4, needs(sword=1))


def test_facing_your_fear_face_down_tokens_do_not_count_until_faced_in_planning() -> None:
    door = problem("Squeaky Door")
    state = set_column(bare(), 0, [door], chain(W, W), fear=[("two", False)])
    assert check_column(state, 0).met
    view = GAME.view(state, None)
    assert view.columns[0].fear[0].kind is None  # nobody knows what it is
    assert FaceFear(0, 0) in GAME.legal_actions(state, 0)
    faced = GAME.apply(state, 0, FaceFear(0, 0))
    assert faced.columns[0].fear[0].up and GAME.view(faced, None).columns[0].fear[0].kind == "two"
    assert check_column(faced, 0).need_total == 4
    with pytest.raises(IllegalAction):
        GAME.apply(faced, 0, FaceFear(0, 0))
    with pytest.raises(IllegalAction):
        GAME.apply(in_action(state), 0, FaceFear(0, 0))  # only in Planning


def test_facing_your_fear_faced_tokens_are_discarded_when_the_problems_are_dealt_with() -> None:
    door = problem("Squeaky Door")
    state = set_column(bare(), 0, [door], chain(W, W, C, C), fear=[("two", True), ("crown", False)])
    state, report = after_check(state)
    assert report.met and report.faced_fear == ["two"]
    assert [f.up for f in state.columns[0].fear] == [False]  # the face-down one stays
    check_inventory(state)


# --- Planning Phase ----------------------------------------------------------------


def test_planning_phase_new_cards_stay_hidden_and_cannot_be_played() -> None:
    state = new_game(2)
    card = state.hands[0][0].card
    assert all(not isinstance(a, PlayCard) for a in GAME.legal_actions(state, 0))
    with pytest.raises(IllegalAction, match="face down"):
        GAME.apply(state, 0, PlayCard(card, 1))


def test_planning_phase_kept_face_up_cards_may_be_placed_and_moved_by_their_owner() -> None:
    state = new_game(2)
    kept = relief(H)
    state = give(state, 0, [kept], up=True)
    c = next(i for i, col in enumerate(state.columns) if col.problems)
    assert PlayCard(kept, c) in GAME.legal_actions(state, 0)
    assert PlayCard(kept, c) not in GAME.legal_actions(state, 1)  # not Bo's card
    with pytest.raises(IllegalAction, match="not yours"):
        GAME.apply(state, 1, PlayCard(kept, c))
    state = GAME.apply(state, 0, PlayCard(kept, c))
    assert TakeBack(kept) in GAME.legal_actions(state, 0) and TakeBack(kept) not in GAME.legal_actions(state, 1)
    state = GAME.apply(state, 0, TakeBack(kept))
    assert HandCard(kept, True) in state.hands[0]


def test_planning_phase_knight_markers_go_on_columns() -> None:
    state = new_game(2)
    mine = next(k for k in state.knights if k.owner == 0)
    theirs = next(k for k in state.knights if k.owner == 1)
    state = GAME.apply(state, 0, MoveKnight(mine.id, 3))
    assert next(k for k in state.knights if k.id == mine.id).column == 3
    with pytest.raises(IllegalAction, match="not yours"):
        GAME.apply(state, 0, MoveKnight(theirs.id, 3))
    with pytest.raises(IllegalAction, match="already there"):
        GAME.apply(state, 0, MoveKnight(mine.id, 3))


def test_planning_phase_ends_when_everyone_is_ready() -> None:
    state = new_game(3)
    state = GAME.apply(state, 1, Ready())
    assert GAME.to_act(state) == {0, 2} and GAME.legal_actions(state, 1) == []
    with pytest.raises(IllegalAction, match="already"):
        GAME.apply(state, 1, Ready())
    state = GAME.apply(state, 0, Ready())
    assert state.phase == "planning"
    state = GAME.apply(state, 2, Ready())
    assert state.phase == "action" and GAME.to_act(state) == {0, 1, 2}


# --- Action Phase ------------------------------------------------------------------


def test_action_phase_the_new_cards_are_revealed_when_the_timer_starts() -> None:
    state = all_ready(new_game(2))
    assert all(hc.up for h in state.hands for hc in h)
    view = GAME.view(state, 1)
    assert [len(h) for h in view.hands] == [6, 6] and view.hidden == [0, 0]
    assert view.timer_seconds == 120


def test_action_phase_anyone_may_play_or_move_any_face_up_card_and_any_marker() -> None:
    state = bare(2)
    state = set_column(state, 0, [problem("Lost Button")])
    state = give(in_action(state), 1, [relief(C)])
    state = GAME.apply(state, 0, PlayCard(relief(C), 0))  # Ada plays Bo's card
    assert state.columns[0].cards[0].owner == 1
    state = GAME.apply(state, 0, TakeBack(relief(C)))
    assert HandCard(relief(C), True) in state.hands[1]  # back to its owner
    theirs = next(k for k in state.knights if k.owner == 1)
    state = GAME.apply(state, 0, MoveKnight(theirs.id, 0))
    assert next(k for k in state.knights if k.id == theirs.id).column == 0


def test_action_phase_ends_when_time_is_up_or_everyone_is_done() -> None:
    state = all_ready(new_game(2))
    # the table's clock ends the Action; no seat is offered its step
    assert GAME.clock(state).step == TimeUp() and GAME.clock(state).key == state.round
    assert TimeUp() not in GAME.legal_actions(state, 1)
    timed_out = GAME.apply(state, 1, TimeUp())
    assert timed_out.round == 2 and timed_out.phase == "planning" and len(timed_out.reports) == 1
    state = GAME.apply(state, 0, EndAction())
    assert state.phase == "action" and GAME.to_act(state) == {1}
    state = GAME.apply(state, 1, EndAction())
    assert state.round == 2 and len(state.reports) == 1


def test_action_phase_untimed_games_have_no_timer() -> None:
    state = all_ready(new_game(2, timer_seconds=0))
    assert TimeUp() not in GAME.legal_actions(state, 0) and GAME.clock(state) is None
    assert GAME.view(state, 0).timer_seconds == 0
    with pytest.raises(IllegalAction, match="untimed"):
        GAME.apply(state, 0, TimeUp())


# --- Problem Phase -----------------------------------------------------------------


def test_problem_phase_success_earns_cheese_and_discards_everything() -> None:
    cluster = [problem("Squeaky Door"), problem("Stubbed Toe")]  # 4 incl sword + heart
    cards = chain(W, H, H, C)
    state = with_knights(set_column(bare(1), 0, cluster, cards), ["fox-duelist", "fox-king", "vixen-rebel", "fox-wizard", "fox-admiral"])
    state = place_knight(place_knight(state, "fox-duelist", 0, cheese=1), "fox-king", 0)
    state, report = after_check(state)
    assert report.met and report.cheese == {} and report.cheese_to_share == 2  # the table shares it
    state = GAME.apply(state, 0, GAME.legal_actions(state, 0)[0])  # the suggested share
    report = state.reports[-1].columns[0]
    assert report.cheese == {"fox-king": 1, "fox-duelist": 1} and report.cheese_to_share == 0  # least cheese first
    assert [k.cheese for k in state.knights[:2]] == [2, 1] and state.round == 2
    assert all(p in state.common_discard for p in cluster)
    assert all(c in state.relief_discard for c in cards)
    assert state.dealt_with["common"] == 2
    assert not state.columns[0].cards and not set(cluster) & set(state.columns[0].problems)


def _two_knights_dealt_with(n: int = 1, owners: list[int] | None = None):
    """Column 1 (two problems) is dealt with by the Fox Duelist (1 cheese) and the Fox King."""
    cluster = [problem("Squeaky Door"), problem("Stubbed Toe")]  # 4 incl sword + heart
    ids = ["fox-duelist", "fox-king", "vixen-rebel", "fox-wizard", "fox-admiral"][: 5 if n == 1 else 4]
    state = with_knights(set_column(bare(n), 0, cluster, chain(W, H, H, C)), ids, owners)
    return place_knight(place_knight(state, "fox-duelist", 0, cheese=1), "fox-king", 0)


def test_problem_phase_the_table_distributes_the_cheese_among_the_knights_there() -> None:
    """One cheese per problem card, shared out among the knights that stood on the column
    as the table likes: here both go to the Fox King."""
    state, report = after_check(_two_knights_dealt_with())
    assert state.phase == "share_cheese" and GAME.to_act(state) == {0} and state.round == 1
    legal = GAME.legal_actions(state, 0)
    assert legal[0] == ShareCheese(0, (1, 1))  # the suggested share comes first: least cheese first
    assert set(legal) == {ShareCheese(0, (2, 0)), ShareCheese(0, (1, 1)), ShareCheese(0, (0, 2))}
    view = GAME.view(state, 0)
    assert view.sharing[0].knights == ["fox-duelist", "fox-king"] and view.sharing[0].cheese == 2
    assert view.suggested_share == [1, 1]
    assert "2 cheese to share among the knights there" in " ".join(view.last_check[0])
    state = GAME.apply(state, 0, ShareCheese(0, (0, 2)))
    assert [k.cheese for k in state.knights[:2]] == [1, 2]
    assert state.reports[-1].columns[0].cheese == {"fox-king": 2}
    assert state.phase == "planning" and state.round == 2  # then the Clean-up
    assert "2 to the Fox King" in " ".join(GAME.view(state, 0).last_check[0])
    check_inventory(state)


def test_problem_phase_a_share_must_give_out_exactly_the_cheese_earned() -> None:
    state, _ = after_check(_two_knights_dealt_with())
    before = msgspec.json.encode(state)
    for bad in [ShareCheese(0, (1, 0)), ShareCheese(0, (3, -1)), ShareCheese(0, (2,)), ShareCheese(1, (1, 1))]:
        with pytest.raises(IllegalAction):
            GAME.apply(state, 0, bad)
    assert msgspec.json.encode(state) == before
    with pytest.raises(IllegalAction, match="There is no cheese to share"):
        GAME.apply(new_game(1), 0, ShareCheese(0, (1, 1)))


def test_problem_phase_the_first_player_among_the_knights_decides_column_by_column() -> None:
    """Two columns to share: left to right, each decided by the first seat among the
    players whose knights stood there; the supply of 12 is counted out in that order."""
    state = _two_knights_dealt_with(2, owners=[1, 1, 0, 0])  # Duelist and King are Bo's
    used = tuple(p.card for p in state.columns[0].cards)
    state = set_column(state, 3, [problem("Lost Button")], chain(C, B, B, skip=used))  # 3 incl crown + sailboat
    state = place_knight(place_knight(state, "vixen-rebel", 3, cheese=4), "fox-wizard", 3, cheese=4)
    state, _ = after_check(state)
    assert [s.column for s in state.sharing] == [0, 3] and [s.seat for s in state.sharing] == [1, 0]
    assert GAME.to_act(state) == {1} and GAME.legal_actions(state, 0) == []
    assert state.sharing[1].cheese == 1  # 1 + 4 + 4 held, 2 promised to column 1: one is left
    with pytest.raises(IllegalAction, match="Wait: Bo"):
        GAME.apply(state, 0, ShareCheese(3, (1, 0)))
    line = GAME.describe(state, 1, ShareCheese(0, (2, 0)), 0)
    assert line == (
        "Bo shared the cheese of column 1: 2 to the Fox Duelist."
        " Ada shares out the 1 cheese of column 4 among the Vixen Rebel and the Fox Wizard."
    )
    first = GAME.apply(state, 1, ShareCheese(0, (2, 0)))
    assert first.phase == "share_cheese" and GAME.to_act(first) == {0} and first.round == 1
    assert GAME.undo_blocker(state, 1, ShareCheese(0, (2, 0)), first) is None  # nothing revealed yet
    last = GAME.apply(first, 0, GAME.legal_actions(first, 0)[0])
    assert last.round == 2 and sum(k.cheese for k in last.knights) == 12
    assert GAME.undo_blocker(first, 0, GAME.legal_actions(first, 0)[0], last) is not None  # the Clean-up dealt
    check_inventory(last)


def test_problem_phase_one_knight_takes_all_the_cheese_without_a_decision() -> None:
    state = _two_knights_dealt_with()
    state = place_knight(state, "fox-king", -1)
    state, report = after_check(state)
    assert state.phase == "planning" and report.cheese == {"fox-duelist": 2}


def test_problem_phase_the_last_check_shares_the_cheese_by_the_suggestion() -> None:
    state, report = after_check(replace(_two_knights_dealt_with(), round=5, nightmare_out=True))
    assert state.phase == "over" and report.cheese == {"fox-king": 1, "fox-duelist": 1}


def test_problem_phase_no_knight_there_means_no_cheese() -> None:
    state = set_column(bare(1), 0, [problem("Squeaky Door")], chain(W, W))
    state, report = after_check(state)
    assert report.met and report.cheese == {} and all(k.cheese == 0 for k in state.knights)


def test_problem_phase_cheese_never_exceeds_the_twelve_tokens() -> None:
    state = set_column(bare(1), 0, [problem("Squeaky Door")], chain(W, W))
    knights = [replace(k, cheese=12 if i == 1 else 0, column=0 if i == 0 else -1) for i, k in enumerate(state.knights)]
    state, report = after_check(replace(state, knights=knights))
    assert report.met and report.cheese == {}


def test_problem_phase_failure_adds_a_face_down_fear_and_returns_the_cards() -> None:
    state = bare(2)
    state = set_column(state, 0, [problem("Broken Mug")], [relief(C, follow=C)], owner=1)
    state, report = after_check(state)
    assert not report.met and report.fear_added and report.missing == {"sword": 1}
    assert [f.up for f in state.columns[0].fear] == [False]
    assert HandCard(relief(C, follow=C), True) in state.hands[1]  # back to whoever it belonged to
    check_inventory(state)


def test_problem_phase_a_third_fear_token_loses_the_game() -> None:
    state = set_column(bare(2), 3, [problem("Broken Mug")], [], fear=[("two", False), ("pot", False)])
    state, report = after_check(state, 3)
    assert report.third_fear and state.phase == "over" and state.result == "lost"
    outcome = GAME.outcome(state)
    assert outcome.coop_won is False and outcome.winners == []
    assert GAME.to_act(state) == frozenset()


def test_problem_phase_explains_what_is_missing() -> None:
    state = set_column(bare(), 0, [problem("Rainy Picnic")], [relief(B, follow=B)])  # 4 incl 2 sailboat + heart
    _, report = after_check(state)
    text = check.explain(report)
    assert "Needed 4 symbols, including 2 sailboat and 1 red heart." in text
    assert "Missing 1 sailboat and 1 red heart." in text
    assert "Missing 1 more symbol of any kind." in text
    view = GAME.view(after_check(state)[0], None)
    assert view.last_check[0] == text


# --- Clean-Up Phase ----------------------------------------------------------------


def test_clean_up_phase_new_problems_complicated_moves_down_fox_cards_and_relief_dealt() -> None:
    state = new_game(2, seed=5)
    before = [len(col.problems) for col in state.columns]
    second = state.upcoming[1]
    state = all_done(all_ready(state))  # nothing played: every column fails
    assert state.round == 2 and state.phase == "planning"
    assert second in state.columns[1].problems and state.upcoming[:2] == ["", ""]
    assert sum(len(col.problems) for col in state.columns) == sum(before) + 6 + 1
    assert all(state.fox_spots[s] for s in (0, 1)) and not any(state.fox_spots[2:])
    assert [sum(1 for hc in h if not hc.up) for h in state.hands] == [6, 6]
    assert all(len(col.fear) == 1 for col in state.columns)
    check_inventory(state)


def test_clean_up_phase_a_full_column_passes_the_problem_to_the_right_wrapping_round() -> None:
    full = [problem("Squeaky Door"), problem("Stubbed Toe"), problem("Soggy Socks")]
    state = bare(1)
    for c in range(6):
        state = set_column(state, c, [])
    state = set_column(state, 5, full)
    state = set_column(state, 0, [problem("Empty Pantry"), problem("Lost Mitten"), problem("Wobbly Table")])
    state = replace(state, upcoming=["", "", "", ""])
    state = rules.clean_up(state)
    assert [len(col.problems) for col in state.columns] == [3, 3, 1, 1, 1, 3]  # column 6's and 1's went on to 2


def test_clean_up_phase_the_nightmare_comes_down_for_the_last_round() -> None:
    state = new_game(1, seed=2)
    for _ in range(4):
        state = replace(state, columns=[replace(col, fear=[]) for col in state.columns], fear_pool=sorted(content.FEAR_IDS))
        state = all_done(all_ready(state))
    assert state.round == 5 and state.nightmare_out
    assert any(state.nightmare in col.problems for col in state.columns)
    assert not any(state.upcoming)


def test_clean_up_phase_the_fifth_round_ends_the_game_won_or_lost() -> None:
    state = replace(new_game(1, nightmare="endless-drizzle"), round=5, nightmare_out=True)
    state = set_column(state, 4, [state.nightmare], [])
    lost = all_done(in_action(state))
    assert lost.phase == "over" and lost.result == "lost" and "not defeated" in lost.end_reason
    # fifteen symbols of any kind, chained
    state = set_column(state, 4, [state.nightmare], chain(*[C] * 7 + [B] * 8))
    assert check_column(state, 4).met
    won = all_done(in_action(state))
    assert won.result == "won"
    outcome = GAME.outcome(won)
    assert outcome.coop_won and outcome.winners == [0] and outcome.breakdown[0]["nightmare defeated"] == 1
    assert sum(outcome.breakdown[0].values()) == outcome.scores[0]


# --- Deck Depletion ----------------------------------------------------------------


def test_deck_depletion_the_discard_pile_becomes_the_new_deck() -> None:
    state = new_game(1)
    discard = list(state.relief_deck)
    state = replace(state, relief_deck=[], relief_discard=discard)
    state = all_done(all_ready(state))
    assert len(state.relief_deck) == len(discard) - 10 and state.relief_discard == []
    check_inventory(state)


# --- Fox Knights Abilities ---------------------------------------------------------


def _planning_with(knights: list[str], cheese: int = 1, n: int = 1, **options):
    state = with_knights(new_game(n, **options), knights, [0] * len(knights))
    return replace(state, knights=[replace(k, cheese=cheese) for k in state.knights])


def test_fox_knights_abilities_cost_cheese_from_that_knight() -> None:
    state = _planning_with(["fox-admiral"], cheese=0)
    assert not any(isinstance(a, UseAbility) for a in GAME.legal_actions(state, 0))
    with pytest.raises(IllegalAction, match="needs 1 cheese"):
        GAME.apply(state, 0, UseAbility("fox-admiral", 0))
    state = _planning_with(["fox-admiral"], cheese=2)
    state = GAME.apply(state, 0, UseAbility("fox-admiral", 0))  # a Gray Tail
    assert state.knights[0].cheese == 1 and content.CARDS[state.hands[0][-1].card].kind == "gray"
    state = GAME.apply(state, 0, UseAbility("fox-admiral", 0))  # no limit but the cheese
    assert state.knights[0].cheese == 0
    with pytest.raises(IllegalAction):
        GAME.apply(in_action(_planning_with(["fox-admiral"])), 0, UseAbility("fox-admiral", 0))


def test_fox_knights_abilities_fox_admiral_draws_three_fox_cards_and_keeps_one() -> None:
    state = _planning_with(["fox-admiral"])
    top = state.fox_deck[-3:]
    state = GAME.apply(state, 0, UseAbility("fox-admiral", 1))
    assert state.phase == "pick_fox" and sorted(state.pending.cards) == sorted(top)
    assert GAME.legal_actions(state, 0) == [PickFox(c) for c in state.pending.cards]
    state = GAME.apply(state, 0, PickFox(top[0]))
    assert state.phase == "planning" and HandCard(top[0], True) in state.hands[0]
    assert len(state.fox_deck) == 24 and set(top[1:]) <= set(state.fox_deck)
    check_inventory(state)


def test_fox_knights_abilities_recruit_a_face_up_fox_card() -> None:
    state = _planning_with(["fox-wizard"])
    card = state.fox_deck[-1]
    state = replace(state, fox_deck=state.fox_deck[:-1], fox_spots=["", card, "", ""])
    assert UseAbility("fox-wizard", 2, index=1) in GAME.legal_actions(state, 0)
    state = GAME.apply(state, 0, UseAbility("fox-wizard", 2, index=1))
    assert state.fox_spots[1] == "" and HandCard(card, True) in state.hands[0]
    check_inventory(state)


def test_fox_knights_abilities_vixen_rebel_draws_three_hidden_relief_cards() -> None:
    state = _planning_with(["vixen-rebel"])
    state = GAME.apply(state, 0, UseAbility("vixen-rebel", 0))
    assert len(state.hands[0]) == 13 and sum(1 for hc in state.hands[0] if not hc.up) == 13
    check_inventory(state)


def test_fox_knights_abilities_remove_a_non_single_common_problem() -> None:
    state = _planning_with(["fox-wizard"])
    single = state.columns[1].problems[0]
    common = state.columns[0].problems[0]  # column 1 holds a Common and a Complicated
    legal = [a for a in GAME.legal_actions(state, 0) if isinstance(a, UseAbility) and a.ability == 0]
    assert legal == [UseAbility("fox-wizard", 0, 0, 0)]  # never the Complicated, never a single card
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, UseAbility("fox-wizard", 0, 1, 0))
    state = GAME.apply(state, 0, UseAbility("fox-wizard", 0, 0, 0))
    assert common in state.common_discard and len(state.columns[0].problems) == 1
    assert state.columns[1].problems == [single]


def test_fox_knights_abilities_move_a_fear_token_to_another_column() -> None:
    state = _planning_with(["fox-king"])
    state = set_column(state, 2, state.columns[2].problems, [], fear=[("two", False), ("pot", False)])
    state = set_column(state, 3, state.columns[3].problems, [], fear=[("sword", False), ("crown", False)])
    legal = {a for a in GAME.legal_actions(state, 0) if isinstance(a, UseAbility) and a.ability == 0}
    assert UseAbility("fox-king", 0, 2, 0, 3) not in legal  # column 4 has no free spot
    state = GAME.apply(state, 0, UseAbility("fox-king", 0, 2, 1, 5))
    assert len(state.columns[2].fear) == 1 and len(state.columns[5].fear) == 1


def test_fox_knights_abilities_cheese_belongs_to_one_knight() -> None:
    state = with_knights(new_game(1), ["fox-admiral", "fox-wizard"])
    state = replace(state, knights=[replace(state.knights[0], cheese=1), state.knights[1]])
    assert all(a.knight == "fox-admiral" for a in GAME.legal_actions(state, 0) if isinstance(a, UseAbility))


# --- Difficulty --------------------------------------------------------------------


def test_difficulty_levels_pick_a_nightmare_of_that_many_lightning_bolts() -> None:
    for level in (1, 2, 3, 4):
        for seed in range(4):
            state = new_game(1, seed=seed, nightmare=f"random-level-{level}")
            assert content.NIGHTMARE[state.nightmare].level == level
    assert new_game(1, nightmare="hollow-bell").nightmare == "hollow-bell"


def test_difficulty_the_nightmare_option_offers_every_level_and_every_nightmare() -> None:
    from typing import get_args

    from foxtui.games.fox_matters.state import NightmareChoice

    levels = [f"random-level-{n}" for n in (1, 2, 3, 4)]
    assert list(get_args(NightmareChoice)) == [*levels, "random", *content.NIGHTMARE]
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert({"nightmare": "tuesday"}, GAME.Options)


def test_difficulty_holiday_combines_with_almost_any_nightmare() -> None:
    assert new_game(1, holiday=True, nightmare="long-winter").nightmare == "long-winter"
    with pytest.raises(ValueError, match="Holiday"):
        new_game(1, holiday=True, nightmare="gnawing-dark")
    for seed in range(6):
        assert new_game(1, seed=seed, holiday=True, nightmare="random-level-3").nightmare == "hollow-bell"


def test_difficulty_nightmare_rule_changes() -> None:
    easy, winter = new_game(4, nightmare="endless-drizzle"), new_game(4, nightmare="long-winter")
    # fewer Relief cards, shared as evenly as they go
    assert [len(h) for h in easy.hands] == [3] * 4 and [len(h) for h in winter.hands] == [2, 3, 3, 3]
    assert rules.relief_deal(3, "long-winter") == [3, 4, 4]  # the player with two knights gets no more
    assert rules.relief_deal(5, "long-winter") == [1, 2, 2, 2, 2]
    assert rules.relief_deal(1, "whispering-wardrobe") == [9]
    # Fear tokens from the start, under the rightmost columns
    assert [len(col.fear) for col in winter.columns] == [0, 0, 0, 0, 1, 1]
    assert [len(col.fear) for col in easy.columns] == [0] * 6
    # a shorter timer
    assert GAME.view(winter, 0).timer_seconds == 90 and GAME.view(easy, 0).timer_seconds == 120
    # harder Complicated Problems
    sandwich = problem("Nightmare Sandwich")
    assert rules.requirement_of([sandwich], [], 0, "gnawing-dark")[0] == 7
    assert rules.requirement_of([problem("Squeaky Door")], [], 0, "gnawing-dark")[0] == 2
    # one more Common Problem at each Clean-up
    for nightmare, extra in [("long-winter", 1), ("endless-drizzle", 0)]:
        state = new_game(4, nightmare=nightmare)
        after = rules.clean_up(state)
        added = sum(len(c.problems) for c in after.columns) - sum(len(c.problems) for c in state.columns)
        assert added == 6 + 1 + extra
    # every rule change is described in words
    view = GAME.view(winter, None)
    assert view.difficulty == "Extremely difficult" and len(view.rule_changes) == 4


# --- Hidden information ------------------------------------------------------------


def test_hidden_information_views_are_the_same_for_everyone_and_hide_face_down_things() -> None:
    state = new_game(3, seed=4)
    views = [GAME.view(state, s) for s in range(3)]
    assert all(replace(v, seat=None) == replace(views[0], seat=None) for v in views)
    text = msgspec.json.encode(views[0]).decode()
    for hand in state.hands:
        for hc in hand:
            assert hc.card not in text  # dealt face down: nobody may know them
    for u in state.upcoming:
        if u:
            assert u not in text
    assert GAME.open_table  # nothing secret between players: no pass screens


def test_hidden_information_determinize_keeps_every_view() -> None:
    state = set_column(new_game(2, seed=8), 1, [problem("Lost Button")], [], fear=[("two", False), ("pot", True)])
    for seed in range(5):
        other = GAME.determinize(GAME.knowledge(state, 0), seed)
        assert GAME.view(other, 0) == GAME.view(state, 0)
        assert GAME.view(other, 1) == GAME.view(state, 1)
        check_inventory(other)


# --- The log, undo and the in-app rules ---------------------------------------------


def test_the_log_tells_each_step_and_what_it_set_off() -> None:
    state = bare(2)
    state = set_column(state, 0, [problem("Squeaky Door")])
    state = give(in_action(state), 1, chain(W, W))
    card = state.hands[1][-2].card
    line = GAME.describe(state, 0, PlayCard(card, 0), 1)
    assert line == f"Ada played {content.card_label(card)} (yours) under column 1."
    assert GAME.describe(state, 0, PlayCard(card, 0), 0).startswith("You played")
    assert GAME.describe(state, 0, EndAction(), None) == "Ada is done."
    state = GAME.apply(state, 0, EndAction())
    last = GAME.describe(state, 1, EndAction(), None)
    assert last.startswith("Bo is done. Problem check: 0 of 1 column dealt with. Round 2 begins.")
    faced = GAME.describe(set_column(new_game(1), 2, [problem("Lost Button")], [], fear=[("two", False)]), 0, FaceFear(2, 0), None)
    assert faced == "Ada faced a Fear token under column 3: it is a red 2 (two more symbols)."
    admiral = _planning_with(["fox-admiral"])
    assert GAME.describe(admiral, 0, UseAbility("fox-admiral", 0), None) == "Ada spent cheese of the Fox Admiral to take a Gray Tail."


def test_undo_is_refused_once_something_was_revealed_or_checked() -> None:
    state = new_game(1)
    after = GAME.apply(state, 0, Ready())
    assert GAME.undo_blocker(state, 0, Ready(), after) is not None  # the cards are face up now
    state = set_column(new_game(1), 1, [problem("Lost Button")], [], fear=[("two", False)])
    assert GAME.undo_blocker(state, 0, FaceFear(1, 0), GAME.apply(state, 0, FaceFear(1, 0))) is not None
    action = in_action(new_game(1))
    assert GAME.undo_blocker(action, 0, EndAction(), GAME.apply(action, 0, EndAction())) is not None
    state = set_column(bare(1), 0, [problem("Lost Button")])
    state = give(in_action(state), 0, [relief(C)])
    assert GAME.undo_blocker(state, 0, PlayCard(relief(C), 0), GAME.apply(state, 0, PlayCard(relief(C), 0))) is None


def test_the_in_app_rules_describe_every_knight_and_nightmare() -> None:
    text = GAME.rules_markdown
    for k in content.KNIGHTS:
        assert k.name in text
    for n in content.NIGHTMARES:
        assert n.name in text
    for word in ("Holiday", "Gray Tail", "universal", "Ready", "done", "Where we had to decide"):
        assert word in text
