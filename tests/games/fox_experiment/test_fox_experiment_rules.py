"""The Fox Experiment: one test per rule, named after the rulebook section it checks
(setup, selection, upgrades, breeding, research, administration, game end). The
automated opponent of the 2-player game has its own file."""

from __future__ import annotations

import msgspec
import pytest
from fox_experiment_helpers import (
    BLANK_FACE,
    F_WILD1,
    F_WILD2,
    FRIENDLY,
    HALF,
    TWO_HALVES,
    WHOLE,
    WHOLE_HALF,
    WILD,
    B,
    E,
    S,
    T,
    act,
    advance,
    female_blank,
    make,
    male_blank,
    most_pairs,
    new_game,
    others_done,
    player,
    pup,
    roll,
    simple,
    step,
)
from msgspec.structs import replace

from foxtui.engine import IllegalAction, Rng
from foxtui.games.fox_experiment import GAME, administration, breeding, foxes, rules
from foxtui.games.fox_experiment.actions import (
    AssignPup,
    AutoMatch,
    ChoosePatron,
    ChooseTrait,
    ConfirmPup,
    DiscardToken,
    EndResearch,
    EndUpgrades,
    KeepStudy,
    Pair,
    PlayScience,
    TakeFox,
    TakeSupply,
    Unlock,
    Unpair,
    WildTrait,
)
from foxtui.games.fox_experiment.content import (
    BLANK,
    FACES,
    PARENT,
    REWARDS,
    SIDE_FOR,
    STUDY,
    TILE,
    TRAITS,
    UPGRADE,
)
from foxtui.games.fox_experiment.state import FREE, Die, Fox, Space, StudyProgress

# --- Setup ---------------------------------------------------------------------------


@pytest.mark.parametrize("n,side,spaces", [(2, "small", 5), (3, "small", 4), (4, "small", 5), (5, "large", 6), (6, "large", 7)])
def test_setup_board_side_and_supply_track_by_player_count(n: int, side: str, spaces: int) -> None:
    state = new_game(n)
    assert state.side == side
    assert len(state.track) == spaces  # the empty first space + one tile per player (4 with 2 players)
    assert state.track[0] == Space("", FREE)
    assert all(sp.tile for sp in state.track[1:])


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_setup_kennel_rows_hold_players_plus_one_foxes(n: int) -> None:
    state = new_game(n)
    need = 5 if n == 2 else n + 1  # the 2-player game sets up as for 4
    assert len(state.females) == len(state.males) == need
    assert all(foxes.is_female(f) and f.owner == -1 for f in state.females)
    assert not any(foxes.is_female(f) for f in state.males)


def test_setup_four_patrons_with_supply_tiles_two_on_each_side() -> None:
    state = new_game(3)
    assert len(state.patrons) == 4 and len(set(state.patrons)) == 4
    assert len(state.patron_tiles) == 4 and all(state.patron_tiles)
    view = GAME.view(state, None)
    assert [p.side for p in view.patrons] == ["A", "A", "B", "B"]


def test_setup_friendly_tokens_follow_the_turn_order() -> None:
    state = new_game(6, seed=4)
    got = [state.players[s].friendly for s in state.order]
    assert got == [0, 1, 1, 2, 2, 3]


def test_setup_turn_order_goes_round_the_table_from_a_random_first_player() -> None:
    firsts = set()
    for seed in range(12):
        state = new_game(4, seed=seed)
        first = state.order[0]
        firsts.add(first)
        assert state.order == [(first + i) % 4 for i in range(4)]
    assert len(firsts) > 1


def test_setup_each_player_keeps_one_of_three_studies_and_the_rest_go_under_the_deck() -> None:
    state = new_game(3)
    assert GAME.to_act(state) == {0, 1, 2}
    offer = state.players[1].pending[0].options
    assert len(offer) == 3
    state = act(state, 1, KeepStudy(offer[2]))
    assert state.players[1].studies == [StudyProgress(offer[2], 0)]
    assert state.study_deck[:2] == offer[:2]  # the bottom of the deck is the front
    for s in (0, 2):
        state = act(state, s, KeepStudy(state.players[s].pending[0].options[0]))
    assert state.phase == "selection"


def test_setup_each_player_has_twelve_blank_foxes_and_one_friendly_die() -> None:
    state = new_game(4)
    for p in state.players:
        assert sorted(p.blank_deck) == sorted(BLANK)
        assert p.upgrades == [0, 0, 0, 0]
    assert rules.pool_of(replace(state.players[0], female=None, male=None)) == [FRIENDLY]


# --- Selection -----------------------------------------------------------------------


def in_selection(n: int = 3, seed: int = 1):
    return advance(new_game(n, seed), "selection")


def test_selection_three_turns_each_in_turn_order() -> None:
    state = in_selection(3)
    order = list(state.order)
    seen = []
    while state.phase == "selection":
        seat = min(GAME.to_act(state))
        action = simple(GAME.legal_actions(state, seat))
        if not isinstance(action, ChooseTrait):  # a trait of one's choice is part of the same turn
            seen.append(seat)
        state = GAME.apply(state, seat, action)
    assert seen == order * 3
    assert state.phase == "upgrades"
    for p in state.players:
        assert p.female is not None and p.male is not None and p.gear >= 0


def test_selection_one_of_each_item_across_the_three_turns() -> None:
    state = in_selection(3)
    seat = rules.current(state)
    state = act(state, seat, TakeFox("female", 0))
    while rules.current(state) != seat:
        state = step(state)
    legal = GAME.legal_actions(state, seat)
    assert not any(isinstance(a, TakeFox) and a.sex == "female" for a in legal)
    with pytest.raises(IllegalAction):
        GAME.apply(state, seat, TakeFox("female", 0))


def test_selection_a_parent_from_the_row_or_the_top_of_the_deck() -> None:
    state = in_selection(3)
    seat = rules.current(state)
    wanted = state.males[1]
    after = act(state, seat, TakeFox("male", 1))
    assert after.players[seat].male == wanted and wanted not in after.males
    top = state.female_deck[-1]
    after = act(state, seat, TakeFox("female", -1))
    assert after.players[seat].female.card == top
    assert len(after.female_deck) == len(state.female_deck) - 1 and len(after.females) == len(state.females)


def test_selection_supply_space_gives_its_tile_and_printed_icons_and_takes_the_gear() -> None:
    state = in_selection(4)
    seat = rules.current(state)
    state = replace(state, track=[state.track[0], Space("t01", FREE), Space("t19", FREE), Space("t10", FREE), Space("t13", FREE)])
    before = state.players[seat]
    after = act(state, seat, TakeSupply(3))  # barking + friendly, and a friendly token printed on space 4
    p = after.players[seat]
    assert SIDE_FOR[4].printed[3] == ["friendly"]
    assert p.tokens[B] == before.tokens[B] + 1
    assert p.friendly == before.friendly + 2
    assert p.gear == 3 and after.track[3] == Space("", seat)
    assert "t10" in after.tile_discard


def test_selection_the_first_space_gives_nothing_but_first_place() -> None:
    state = in_selection(3)
    seat = rules.current(state)
    before = state.players[seat]
    after = act(state, seat, TakeSupply(0))
    p = after.players[seat]
    assert (p.tokens, p.friendly, p.science) == (before.tokens, before.friendly, before.science)
    assert p.gear == 0


def test_selection_trait_of_your_choice_icon_asks_which_trait() -> None:
    state = in_selection(3)
    seat = rules.current(state)
    state = replace(state, track=[state.track[0], Space("t17", FREE)] + state.track[2:])  # two "any" icons
    state = act(state, seat, TakeSupply(1))
    assert GAME.to_act(state) == {seat}
    assert set(GAME.legal_actions(state, seat)) == {ChooseTrait(t) for t in TRAITS}
    state = act(state, seat, ChooseTrait("tail"))
    state = act(state, seat, ChooseTrait("tail"))
    assert state.players[seat].tokens[T] == 2
    assert rules.current(state) != seat or state.phase != "selection"


def test_selection_science_card_from_a_tile_is_kept_secret() -> None:
    state = in_selection(3)
    seat = rules.current(state)
    other = next(s for s in range(3) if s != seat)
    state = replace(state, track=[state.track[0], Space("t13", FREE)] + state.track[2:])
    top = state.science_deck[-1]
    line_mine = GAME.describe(state, seat, TakeSupply(1), seat)
    line_theirs = GAME.describe(state, seat, TakeSupply(1), other)
    state = act(state, seat, TakeSupply(1))
    assert state.players[seat].science == [top]
    assert GAME.view(state, seat).science == [top]
    assert GAME.view(state, other).science == [] and GAME.view(state, other).players[seat].science == 1
    from foxtui.games.fox_experiment.content import SCIENCE_CARD

    assert SCIENCE_CARD[top].name in line_mine
    assert SCIENCE_CARD[top].name not in line_theirs and "a science card" in line_theirs


def test_selection_taken_spaces_and_other_turns_are_refused() -> None:
    state = in_selection(3)
    seat = rules.current(state)
    state = act(state, seat, TakeSupply(1))
    nxt = rules.current(state)
    with pytest.raises(IllegalAction, match="taken"):
        GAME.apply(state, nxt, TakeSupply(1))
    with pytest.raises(IllegalAction, match="not your turn"):
        GAME.apply(state, seat, TakeSupply(2))


# --- Upgrades ------------------------------------------------------------------------


def in_upgrades(n: int = 3, seed: int = 1):
    """The upgrades, every player still to choose (one who cannot pay for any upgrade is
    done with them at once: the tests give the tokens they need)."""
    state = advance(new_game(n, seed), "upgrades")
    return replace(state, players=[replace(p, stage="busy") for p in state.players])


PUP_COSTS = UPGRADE[0].costs  # content/tracks.json
FRIENDLY_COSTS = UPGRADE[2].costs


def test_upgrades_are_unlocked_left_to_right_with_matching_tokens() -> None:
    first, second = PUP_COSTS[:2]
    state = in_upgrades()
    state = player(state, 0, tokens=[first, first - 1, 1, 0])
    legal = GAME.legal_actions(state, 0)
    assert Unlock("pup", "spots") in legal
    assert Unlock("pup", "barking") not in legal  # barking tokens and an ear do not match
    with pytest.raises(IllegalAction, match="matching"):
        GAME.apply(state, 0, Unlock("pup", "barking"))
    state = act(state, 0, Unlock("pup", "spots"))
    p = state.players[0]
    assert p.upgrades[0] == 1 and p.tokens == [0, first - 1, 1, 0] and p.paid[0] == [S]
    state = player(state, 0, tokens=[0, second - 1, 0, 0])
    assert Unlock("pup", "barking") not in GAME.legal_actions(state, 0)  # the next pup costs more
    state = player(state, 0, tokens=[0, second, 0, 0])
    state = act(state, 0, Unlock("pup", "barking"))
    assert state.players[0].upgrades[0] == 2


def test_upgrades_example_two_tail_tokens_pay_a_cost_of_two_but_a_tail_and_an_ear_do_not() -> None:
    assert FRIENDLY_COSTS[0] == 2  # the first friendly-die upgrade costs 2
    state = player(in_upgrades(), 0, tokens=[0, 0, 1, 1])
    assert not any(isinstance(a, Unlock) and a.track == "friendly" for a in GAME.legal_actions(state, 0))
    state = player(state, 0, tokens=[0, 0, 1, 2])
    assert Unlock("friendly", "tail") in GAME.legal_actions(state, 0)
    assert act(state, 0, Unlock("friendly", "tail")).players[0].tokens == [0, 0, 1, 0]


def test_upgrades_any_number_on_any_tracks_then_done() -> None:
    state = in_upgrades()
    state = player(state, 1, tokens=[9, 9, 9, 9])
    state = act(state, 1, Unlock("friendly", "spots"))
    state = act(state, 1, Unlock("friendly", "spots"))
    state = act(state, 1, Unlock("pup", "tail"))
    assert state.players[1].upgrades == [1, 0, 2, 0]
    state = act(state, 1, EndUpgrades())
    assert 1 not in GAME.to_act(state)


def test_upgrades_a_player_who_cannot_pay_for_any_is_done_without_a_step() -> None:
    """Issue 39: "Done with upgrades" alone on offer cost a pass screen and a key. Whoever
    cannot pay for any upgrade when the upgrades begin is done with them, and told so."""
    state = in_selection(3)
    while True:  # up to the last selection turn
        seat = min(GAME.to_act(state))
        action = simple(GAME.legal_actions(state, seat))
        if GAME.apply(state, seat, action).phase != "selection":
            break
        state = GAME.apply(state, seat, action)
    others = [s for s in range(3) if s != seat]
    for s in others:
        state = player(state, s, tokens=[0, 0, 0, 0])
    state = player(state, seat, tokens=[9, 9, 9, 9])  # (the last to select has upgrades to choose)
    after = GAME.apply(state, seat, action)
    told = " ".join(after.events)
    assert after.phase == "upgrades" and GAME.to_act(after) == {seat}
    for s in others:
        assert after.players[s].stage == "done"
        assert f"{after.seats[s].name} cannot pay for any upgrade, so is done with upgrades." in told
    # and one who runs out of what to pay with is done too
    state = player(in_upgrades(), 1, tokens=[PUP_COSTS[0], 0, 0, 0], upgrades=[0, 0, 3, 0], pending=[], stage="busy")
    assert len(GAME.legal_actions(state, 1)) > 1
    after = act(state, 1, Unlock("pup", "spots"))
    assert 1 not in GAME.to_act(after) and after.players[1].upgrades[0] == 1
    assert "cannot pay for any upgrade" in " ".join(after.events)


def test_upgrades_after_collecting_tokens_none_to_pay_for_ends_the_research() -> None:
    """Collecting no token worth an upgrade: done at once (no lone "Done with upgrades")."""
    state = in_research(seed=3)
    state = player(state, 0, pups=[], tokens=[0, 0, 0, 0], studies=[], stage="research")
    after = act(state, 0, EndResearch())
    assert after.players[0].stage == "done" or after.phase != "research"
    assert "cannot pay for any upgrade" in " ".join(after.events)


def test_upgrades_study_draws_three_and_keeps_one() -> None:
    state = in_upgrades()
    state = player(state, 0, tokens=[UPGRADE[1].costs[0], 0, 0, 0])
    top3 = state.study_deck[-3:][::-1]
    state = act(state, 0, Unlock("study", "spots"))
    offer = state.players[0].pending[0].options
    assert offer == top3
    assert set(GAME.legal_actions(state, 0)) == {KeepStudy(c) for c in offer}
    assert GAME.view(state, 1).pending is None and GAME.view(state, 1).players[0].pending == "study"
    state = act(state, 0, KeepStudy(offer[1]))
    assert [s.card for s in state.players[0].studies][-1] == offer[1]
    assert state.study_deck[:2] == [offer[0], offer[2]]


def test_upgrades_friendly_die_adds_a_die_to_every_pool() -> None:
    state = in_upgrades()
    state = player(state, 0, tokens=[FRIENDLY_COSTS[0], 0, 0, 0])
    state = act(state, 0, Unlock("friendly", "spots"))
    assert rules.pool_of(state.players[0]).count(FRIENDLY) == 2


def test_upgrades_patron_places_a_meeple_and_gains_the_tile_and_a_science_card() -> None:
    state = in_upgrades()
    state = replace(state, patron_tiles=["t02", "t09", "t13", "t21"])
    state = player(state, 0, tokens=[0, 0, UPGRADE[3].costs[0], 0])
    state = act(state, 0, Unlock("patron", "ears"))
    assert set(GAME.legal_actions(state, 0)) == {ChoosePatron(i) for i in range(4)}
    before = state.players[0]
    state = act(state, 0, ChoosePatron(1))  # spots + friendly
    p = state.players[0]
    assert p.patrons == [1] and p.tokens[S] == before.tokens[S] + 1 and p.friendly == before.friendly + 1
    assert len(p.science) == len(before.science) + 1
    # (the spots token bought nothing: done with upgrades, until given the next cost)
    state = player(state, 0, tokens=[0, 0, UPGRADE[3].costs[1], 0], stage="busy")
    state = act(state, 0, Unlock("patron", "ears"))
    assert ChoosePatron(1) not in GAME.legal_actions(state, 0)  # one meeple per patron


def test_upgrades_come_after_selection_and_after_research() -> None:
    state = in_upgrades()
    assert GAME.to_act(state) == {0, 1, 2}
    state = advance(state, "research")
    seat = 0
    state = player(state, seat, tokens=[PUP_COSTS[0], 0, 0, 0])
    with pytest.raises(IllegalAction, match="studies"):
        GAME.apply(state, seat, Unlock("pup", "spots"))
    state = act(state, seat, EndResearch())
    assert Unlock("pup", "spots") in GAME.legal_actions(state, seat)


def test_upgrades_fully_unlocked_track_is_not_offered() -> None:
    state = in_upgrades()
    state = player(state, 0, tokens=[20, 0, 0, 0], upgrades=[3, 0, 0, 0])
    assert not any(isinstance(a, Unlock) and a.track == "pup" for a in GAME.legal_actions(state, 0))
    with pytest.raises(IllegalAction, match="fully unlocked"):
        GAME.apply(state, 0, Unlock("pup", "spots"))


# --- Breeding ------------------------------------------------------------------------


def in_breeding(n: int = 3, seed: int = 1):
    return advance(new_game(n, seed), "breeding")


def test_breeding_pool_is_both_parents_dice_plus_friendly_dice() -> None:
    deck = Fox("f01", -1, "Alisa", 3)
    bred = pup(female_blank(), 1, [0, 0, 0, 0])
    card = BLANK[male_blank()]
    # a bred male: mark two squares and one circle on the spots track
    squares = [i for i in range(5) if card.squares[S] >> i & 1][:2]
    circle = next(i for i in range(5) if card.circles[S] >> i & 1)
    marks = [sum(1 << i for i in squares) | 1 << circle, 0, 0, 0]
    male = Fox(male_blank(), 1, "Bred", 3, marks, 0)
    p = replace(new_game(3).players[0], female=deck, male=male)
    pool = rules.pool_of(p)
    expect = [t for t in range(4) for _ in range(PARENT["f01"].dice[t])] + [S, S]
    assert pool == sorted(expect) + [FRIENDLY]  # the marked circle gives no die


def test_breeding_everyone_breeds_at_once_with_a_revealed_blank_card() -> None:
    state = in_breeding(3)
    assert GAME.to_act(state) == {0, 1, 2}
    for p in state.players:
        assert p.litter is not None and p.litter.card in BLANK and len(p.blank_deck) == 11
        assert len(p.litter.dice) == len(p.pool)


def _pairs(state, seat):
    return [a for a in GAME.legal_actions(state, seat) if isinstance(a, Pair)]


def test_breeding_two_halves_on_one_die_do_not_make_a_trait() -> None:
    state = roll(in_breeding(), 0, [(S, TWO_HALVES)])
    assert _pairs(state, 0) == []
    assert breeding.best_match(state.players[0].litter.dice) == []


def test_breeding_halves_of_one_trait_on_two_dice_make_a_whole_trait() -> None:
    state = roll(in_breeding(), 0, [(S, HALF), (S, TWO_HALVES)])
    assert _pairs(state, 0) == [Pair(0, 0, 1, 0, "spots")]  # the second half of die 2 is the same choice
    state = act(state, 0, Pair(0, 0, 1, 0, "spots"))
    assert breeding.symbols(state.players[0].litter.dice, state.players[0].litter.pairs) == [1, 0, 0, 0]
    assert _pairs(state, 0) == []  # the other half of die 2 has no partner left


def test_breeding_halves_of_different_traits_do_not_join() -> None:
    state = roll(in_breeding(), 0, [(S, HALF), (B, HALF)])
    assert _pairs(state, 0) == []
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, Pair(0, 0, 1, 0, "spots"))


def test_breeding_whole_symbols_count_by_themselves_and_a_whole_plus_half_keeps_its_half() -> None:
    state = roll(in_breeding(), 0, [(S, WHOLE), (S, WHOLE_HALF), (S, HALF), (E, BLANK_FACE)])
    lit = state.players[0].litter
    assert breeding.symbols(lit.dice, lit.pairs) == [2, 0, 0, 0]
    state = act(state, 0, Pair(1, 0, 2, 0, "spots"))
    lit = state.players[0].litter
    assert breeding.symbols(lit.dice, lit.pairs) == [3, 0, 0, 0]


def test_breeding_friendly_dice_and_tokens_are_wilds_every_friendly_half_completes_any_trait() -> None:
    for face, (_, halves) in enumerate(FACES[FRIENDLY]):
        for t in (S, B, E, T):
            state = roll(in_breeding(), 0, [(t, HALF), (FRIENDLY, face)])
            assert _pairs(state, 0) == ([Pair(0, 0, 1, 0, TRAITS[t])] if halves else []), (face, t)
    assert all(set(h) <= {4} for _, h in FACES[FRIENDLY])  # no friendly half has a colour of its own
    state = roll(in_breeding(), 0, [(E, HALF)], friendly=1)
    assert _pairs(state, 0) == [Pair(0, 0, -1, 0, "ears")]  # a token completes a half of any trait


def test_breeding_a_two_half_friendly_die_matches_two_different_trait_dice() -> None:
    faces = [f for f, (_, halves) in enumerate(FACES[FRIENDLY]) if len(halves) == 2]
    assert len(faces) == 5
    for face in faces:
        for first, second in ((S, B), (E, T), (S, T), (B, E), (S, E), (B, T)):
            state = roll(in_breeding(), 0, [(first, HALF), (second, HALF), (FRIENDLY, face)])
            state = act(state, 0, Pair(0, 0, 2, 0, TRAITS[first]))
            state = act(state, 0, Pair(1, 0, 2, 1, TRAITS[second]))
            lit = state.players[0].litter
            expect = [0, 0, 0, 0]
            expect[first] = expect[second] = 1
            assert breeding.symbols(lit.dice, lit.pairs) == expect


def test_breeding_one_die_with_two_halves_makes_no_trait_a_friendly_one_neither() -> None:
    state = roll(in_breeding(), 0, [(FRIENDLY, F_WILD2)])
    assert _pairs(state, 0) == [] and breeding.best_match(state.players[0].litter.dice) == []


def test_breeding_a_trait_of_friendly_dice_alone_is_any_trait_the_player_names() -> None:
    state = roll(in_breeding(), 0, [(FRIENDLY, F_WILD1), (FRIENDLY, F_WILD2)])
    assert _pairs(state, 0) == [Pair(0, 0, 1, 0, "any")]  # listed once: the trait is the next step
    state = act(state, 0, Pair(0, 0, 1, 0, "any"))
    assert {a for a in GAME.legal_actions(state, 0)} == {WildTrait(t) for t in TRAITS}  # nothing else meanwhile
    assert GAME.view(state, 0).players[0].litter.deciding
    with pytest.raises(IllegalAction, match="wild"):
        GAME.apply(state, 0, ConfirmPup())
    state = act(state, 0, WildTrait("ears"))
    lit = state.players[0].litter
    assert lit.pairs == [Pair(0, 0, 1, 0, "ears")] and breeding.symbols(lit.dice, lit.pairs) == [0, 0, 1, 0]
    with pytest.raises(IllegalAction, match="no pair of wild halves"):
        GAME.apply(state, 0, WildTrait("tail"))


def test_breeding_a_trait_of_friendly_dice_and_tokens_alone_is_any_trait() -> None:
    # a friendly half and a token, two tokens, a science card's wild half and a friendly half
    state = roll(in_breeding(), 0, [(FRIENDLY, F_WILD1), (WILD, 0)], friendly=3)
    assert _pairs(state, 0) == [Pair(0, 0, 1, 0, "any"), Pair(0, 0, -1, 0, "any"), Pair(1, 0, -1, 0, "any"), Pair(-1, 0, -1, 0, "any")]
    state = act(state, 0, Pair(0, 0, -1, 0, "any"))
    state = act(state, 0, WildTrait("barking"))
    state = act(state, 0, Pair(-1, 0, -1, 0, "any"))
    state = act(state, 0, WildTrait("tail"))
    lit = state.players[0].litter
    assert breeding.symbols(lit.dice, lit.pairs) == [0, 1, 0, 1]


def test_breeding_the_trait_a_wild_pair_makes_is_offered_the_sensible_one_first() -> None:
    # the study's next level asks for 2 floppy ears: a pair of wild halves is offered as ears first
    state = roll(in_breeding(), 0, [(FRIENDLY, F_WILD1), (FRIENDLY, F_WILD1), (S, WHOLE)])
    state = player(state, 0, studies=[StudyProgress("s08", 0)])
    assert STUDY["s08"].needs[0][E] > max(STUDY["s08"].needs[0][t] for t in (S, B, T))
    state = act(state, 0, Pair(0, 0, 1, 0, "any"))
    assert GAME.legal_actions(state, 0)[0] == WildTrait("ears")
    assert GAME.view(state, 0).players[0].litter.wild_order[0] == "ears"
    # no study asks for more: the trait with the fewest symbols on the pup, never a full track
    state = roll(in_breeding(), 0, [(FRIENDLY, F_WILD1), (FRIENDLY, F_WILD1)] + [(S, WHOLE)] * 5 + [(B, WHOLE), (E, WHOLE)])
    state = player(state, 0, studies=[])
    state = act(state, 0, Pair(0, 0, 1, 0, "any"))
    assert GAME.legal_actions(state, 0) == [WildTrait("tail"), WildTrait("barking"), WildTrait("ears"), WildTrait("spots")]


def test_breeding_best_match_and_the_preview_follow_the_wild_friendly_halves() -> None:
    # two friendly dice showing two halves each make two traits (their halves across)
    dice = [Die(FRIENDLY, 2), Die(FRIENDLY, 3)]
    got = breeding.best_match(dice)
    assert [(p.a, p.b) for p in got] == [(0, 1), (0, 1)]
    # a friendly die's halves go to the trait dice of any colour
    dice = [Die(E, HALF), Die(T, HALF), Die(FRIENDLY, 2)]
    got = breeding.best_match(dice)
    assert sorted(p.trait for p in got) == ["ears", "tail"]
    state = roll(in_breeding(), 0, [(E, HALF), (T, HALF), (FRIENDLY, 2)])
    for p in got:
        state = make(state, 0, p)
    preview = GAME.view(state, 0).players[0].litter.preview
    assert preview.marked == {"spots": 0, "barking": 0, "ears": 1, "tail": 1} and preview.friendliness == 2


def test_breeding_friendly_tokens_are_wild_halves_and_are_discarded_when_used() -> None:
    state = roll(in_breeding(), 0, [(B, HALF)], friendly=3)
    pairs = _pairs(state, 0)
    assert Pair(0, 0, -1, 0, "barking") in pairs
    assert Pair(-1, 0, -1, 0, "any") in pairs  # two tokens make any trait
    state = act(state, 0, Pair(0, 0, -1, 0, "barking"))
    state = act(state, 0, Pair(-1, 0, -1, 0, "any"))
    state = act(state, 0, WildTrait("tail"))
    assert _pairs(state, 0) == []  # one token left: nothing for it to join
    state = others_done(state, 0)
    state = act(state, 0, ConfirmPup())
    assert state.players[0].friendly == 0
    made = state.players[0].pups[-1]
    assert foxes.marked(made) == (0, 1, 0, 1)


def test_breeding_trait_tokens_cannot_be_used() -> None:
    state = roll(in_breeding(), 0, [(S, HALF)])
    state = player(state, 0, tokens=[5, 5, 5, 5], friendly=0)
    assert _pairs(state, 0) == []
    state = others_done(state, 0)
    state = act(state, 0, ConfirmPup())
    assert state.players[0].tokens == [5, 5, 5, 5] and state.phase == "research"


def test_breeding_symbols_mark_squares_and_circles_from_the_left_and_loose_halves_are_lost() -> None:
    card = female_blank()
    state = roll(in_breeding(), 0, [(S, WHOLE), (S, WHOLE), (S, WHOLE), (B, HALF)], card=card)
    state = others_done(state, 0)
    state = act(state, 0, ConfirmPup())
    made = state.players[0].pups[0]
    assert made.marks == [0b111, 0, 0, 0]
    layout = BLANK[card].tracks[S][:3]
    assert foxes.dice(made)[S] == layout.count("s") and foxes.circles(made)[S] == layout.count("c")


def test_breeding_past_a_full_track_gives_point_tokens_that_count_as_friendliness() -> None:
    state = roll(in_breeding(), 0, [(T, WHOLE)] * 7 + [(E, WHOLE)])
    before = state.players[0].points
    state = others_done(state, 0)
    state = act(state, 0, ConfirmPup())
    made = state.players[0].pups[0]
    assert made.marks[T] == 0b11111 and made.points == 2
    assert state.players[0].points == before + 2
    assert made.friendliness == 8  # 5 marked + 2 point tokens + 1 ear


def test_breeding_friendliness_is_the_total_of_symbols() -> None:
    state = roll(in_breeding(), 0, [(S, WHOLE), (B, WHOLE), (E, WHOLE_HALF), (E, HALF), (T, BLANK_FACE)])
    state = act(state, 0, Pair(2, 0, 3, 0, "ears"))
    assert GAME.view(state, 0).players[0].litter.preview.friendliness == 4
    state = others_done(state, 0)
    state = act(state, 0, ConfirmPup())
    assert state.players[0].pups[0].friendliness == 4


def test_breeding_multiple_pups_reroll_the_same_pool_one_at_a_time() -> None:
    state = in_upgrades()
    state = player(state, 0, tokens=[PUP_COSTS[0], 0, 0, 0])
    state = act(state, 0, Unlock("pup", "spots"))
    state = advance(state, "breeding")
    p = state.players[0]
    assert p.pups_left == 1 and len(p.blank_deck) == 11
    first = p.litter
    state = act(state, 0, ConfirmPup())
    p = state.players[0]
    assert len(p.pups) == 1 and p.litter is not None and p.litter.card != first.card
    assert [d.kind for d in p.litter.dice] == [d.kind for d in first.dice] == p.pool
    assert 0 in GAME.to_act(state)
    state = act(state, 0, ConfirmPup())
    assert len(state.players[0].pups) == 2 and state.players[0].stage == "done"


def test_breeding_science_cards_and_tokens_do_not_carry_to_the_next_pup() -> None:
    state = in_upgrades()
    state = player(state, 0, tokens=[PUP_COSTS[0], 0, 0, 0], science=["sc21", "sc22"])
    state = act(state, 0, Unlock("pup", "spots"))
    state = advance(state, "breeding")
    state = roll(state, 0, [(S, HALF)], friendly=1)
    state = act(state, 0, PlayScience("sc21"))
    lit = state.players[0].litter
    assert lit.dice[-1] == Die(WILD, 0) and lit.science == ["sc21"]
    state = act(state, 0, Pair(0, 0, -1, 0, "spots"))
    state = act(state, 0, ConfirmPup())
    p = state.players[0]
    assert p.science == ["sc22"] and "sc21" in state.science_discard and p.friendly == 0
    assert all(d.kind != WILD for d in p.litter.dice)


def test_breeding_science_card_kinds() -> None:
    base = player(roll(in_breeding(), 0, [(S, BLANK_FACE), (B, HALF)]), 0, science=["sc01", "sc09", "sc15", "sc21"])
    legal = GAME.legal_actions(base, 0)
    assert PlayScience("sc01", 0) in legal and PlayScience("sc01", 1) in legal  # reroll any die
    assert PlayScience("sc09", 0) in legal  # best face on a trait die
    assert {a.trait for a in legal if isinstance(a, PlayScience) and a.card == "sc15"} == set(TRAITS)
    after = act(base, 0, PlayScience("sc09", 0))
    assert after.players[0].litter.dice[0] == Die(S, WHOLE_HALF)
    after = act(base, 0, PlayScience("sc15", -1, "tail"))
    assert after.players[0].litter.dice[-1].kind == T and len(after.players[0].litter.dice) == 3
    after = act(base, 0, PlayScience("sc01", 1))
    assert after.players[0].litter.dice[1].kind == B and after.rng != base.rng
    with pytest.raises(IllegalAction):
        GAME.apply(base, 0, PlayScience("sc02", 0))  # not in hand


def test_breeding_rerolled_die_comes_out_of_its_pairs_and_unpair_takes_a_pair_back() -> None:
    state = player(roll(in_breeding(), 0, [(S, HALF), (S, HALF)]), 0, science=["sc01"])
    state = act(state, 0, Pair(0, 0, 1, 0, "spots"))
    assert GAME.legal_actions(state, 0).count(Unpair(0)) == 1
    undone = act(state, 0, Unpair(0))
    assert undone.players[0].litter.pairs == []
    state = act(state, 0, PlayScience("sc01", 1))
    assert state.players[0].litter.pairs == []


def test_breeding_view_shows_the_roll_the_pairs_and_a_preview_of_the_pup() -> None:
    state = roll(in_breeding(), 0, [(S, HALF), (S, HALF), (B, WHOLE), (FRIENDLY, F_WILD2)])
    state = act(state, 0, Pair(0, 0, 1, 0, "spots"))
    lit = GAME.view(state, 0).players[0].litter
    assert [d.kind_name for d in lit.dice] == ["spots", "spots", "barking", "friendly"]
    assert lit.dice[0].paired == [True] and lit.dice[3].halves == ["any", "any"]
    assert lit.pairs == [Pair(0, 0, 1, 0, "spots")] and "spots" in lit.pair_texts[0]
    assert lit.symbols == {"spots": 1, "barking": 1, "ears": 0, "tail": 0}
    assert lit.preview.marked == {"spots": 1, "barking": 1, "ears": 0, "tail": 0}
    assert lit.preview.friendliness == 2 and len(lit.preview.tracks) == 4
    assert GAME.view(state, 1).players[0].litter == lit  # rolls are public


def test_breeding_best_match_pairs_the_most_halves() -> None:
    # die 0 has two spots halves: they must go to different partners
    dice = [Die(S, TWO_HALVES), Die(S, HALF), Die(FRIENDLY, F_WILD1), Die(B, HALF), Die(FRIENDLY, F_WILD2)]
    got = breeding.best_match(dice)
    assert len(got) == 3
    counts = breeding.symbols(dice, got)
    assert counts[S] >= 2 and counts[S] + counts[B] == 3


def test_breeding_best_match_agrees_with_an_exhaustive_search() -> None:
    r = Rng(7)

    def brute(dice, tokens):
        hs = breeding.halves(dice)
        best = 0

        def rec(i, used, toks, val):
            nonlocal best
            best = max(best, val + toks // 2)  # two tokens make any trait
            if i == len(hs):
                return
            d, s, c = hs[i]
            if (d, s) in used:
                rec(i + 1, used, toks, val)
                return
            rec(i + 1, used, toks, val)
            for d2, s2, c2 in hs[i + 1 :]:
                if d2 != d and (d2, s2) not in used and breeding._traits_for(c, c2):
                    rec(i + 1, used | {(d2, s2)}, toks, val + 1)
            if toks:
                rec(i + 1, used, toks - 1, val + 1)

        rec(0, frozenset(), tokens, 0)
        return best

    for _ in range(150):
        dice = [Die(k, r.below(6) if k != WILD else 0) for k in (r.choice([S, B, S, B, E, FRIENDLY, WILD]) for _ in range(r.randint(1, 7)))]
        tokens = r.choice([0, 0, 1, 2])
        proposal = breeding.best_match(dice, tokens, token_cost=0.0)
        made = []
        for p in proposal:
            assert breeding.listed(dice, p) in breeding.legal_pairs(dice, made, tokens - breeding.tokens_used(made))
            made.append(p)
        assert len(made) == brute(dice, tokens), dice
        assert len(breeding.best_match(dice, tokens)) == len(made)  # the default spends tokens for symbols too


def test_breeding_a_pair_is_accepted_exactly_when_it_is_listed() -> None:
    base = in_breeding()
    r = Rng(11)
    for _ in range(25):
        kinds = [r.choice([S, B, E, T, FRIENDLY, WILD]) for _ in range(r.randint(1, 5))]
        state = roll(base, 0, [(k, r.below(6) if k != WILD else 0) for k in kinds], friendly=r.choice([0, 1, 2, 3]))
        for p in breeding.best_match(state.players[0].litter.dice, state.players[0].friendly)[: r.randint(0, 2)]:
            state = make(state, 0, p)
        listed = set(a for a in GAME.legal_actions(state, 0) if isinstance(a, Pair))
        refs = [(d, s) for d in range(len(kinds)) for s in range(2)] + [(-1, 0), (-1, 1)]
        for a, sa in refs:
            for b, sb in refs:
                for t in TRAITS + ("any",):
                    p = Pair(a, sa, b, sb, t)
                    if p in listed:
                        GAME.apply(state, 0, p)
                    else:
                        with pytest.raises(IllegalAction):
                            GAME.apply(state, 0, p)


def test_breeding_only_during_breeding() -> None:
    state = in_upgrades()
    with pytest.raises(IllegalAction, match="breeding"):
        GAME.apply(state, 0, ConfirmPup())


# --- Breeding: the auto-match --------------------------------------------------------


def test_breeding_auto_match_joins_two_friendly_tokens_when_that_makes_one_more_symbol() -> None:
    # two halves to complete and four tokens: two complete the halves, the other two make a trait
    dice = [Die(S, HALF), Die(B, HALF), Die(E, WHOLE)]
    got = breeding.best_match(dice, 4)
    assert len(got) == most_pairs(dice, 4) == 3 and breeding.tokens_used(got) == 4
    state = roll(in_breeding(), 0, [(S, HALF), (B, HALF), (E, WHOLE)], friendly=4)
    state = act(state, 0, AutoMatch())
    lit = state.players[0].litter
    assert sum(breeding.symbols(lit.dice, lit.pairs)) == 4
    assert AutoMatch() not in GAME.legal_actions(state, 0)  # nothing left to gain
    # a token is not spent for nothing: with the same symbols, the fewest tokens
    assert breeding.best_match([Die(S, HALF), Die(S, HALF)], 1) == [Pair(0, 0, 1, 0, "spots")]


def test_breeding_auto_match_after_a_science_card_changed_a_die_makes_every_pair_again() -> None:
    # spots half + wild half were paired by hand; Careful Notes turns die 4 to whole + spots half:
    # the best is now spots half + spots half and barking half + wild half
    state = roll(in_breeding(), 0, [(S, HALF), (FRIENDLY, F_WILD1), (B, HALF), (S, BLANK_FACE)])
    state = player(state, 0, science=["sc09"])
    state = act(state, 0, Pair(0, 0, 1, 0, "spots"))
    state = act(state, 0, PlayScience("sc09", 3))
    lit = state.players[0].litter
    assert lit.pairs == [Pair(0, 0, 1, 0, "spots")] and lit.dice[3] == Die(S, WHOLE_HALF)
    assert breeding.best_match(lit.dice, 0, lit.pairs) == []  # the unpaired halves alone: nothing more
    assert AutoMatch() in GAME.legal_actions(state, 0)
    state = act(state, 0, AutoMatch())
    lit = state.players[0].litter
    assert len(lit.pairs) == most_pairs(lit.dice, 0) == 2
    assert breeding.symbols(lit.dice, lit.pairs) == [2, 1, 0, 0]


def test_breeding_auto_match_keeps_the_pairs_made_when_they_are_part_of_the_best() -> None:
    state = roll(in_breeding(), 0, [(S, HALF), (S, HALF), (B, HALF), (FRIENDLY, F_WILD1)])
    state = act(state, 0, Pair(0, 0, 1, 0, "spots"))
    state = act(state, 0, AutoMatch())
    assert state.players[0].litter.pairs == [Pair(0, 0, 1, 0, "spots"), Pair(2, 0, 3, 0, "barking")]


def test_breeding_auto_match_names_the_trait_of_wild_pairs_as_the_wild_step_would_first_offer() -> None:
    state = roll(in_breeding(), 0, [(FRIENDLY, F_WILD2), (FRIENDLY, F_WILD2), (S, WHOLE)])
    state = player(state, 0, studies=[StudyProgress("s08", 0)])  # level 1: floppy ears and barking
    auto = act(state, 0, AutoMatch()).players[0].litter.pairs
    by_hand = state
    for q in auto:
        by_hand = act(by_hand, 0, Pair(q.a, q.a_half, q.b, q.b_half, "any"))
        by_hand = act(by_hand, 0, GAME.legal_actions(by_hand, 0)[0])  # the trait offered first
    assert by_hand.players[0].litter.pairs == auto and len(auto) == 2
    assert {p.trait for p in auto} <= {"ears", "barking"}  # what the study's level asks for


def test_breeding_auto_match_is_offered_only_when_it_does_better() -> None:
    state = roll(in_breeding(), 0, [(S, WHOLE), (B, HALF)])
    assert AutoMatch() not in GAME.legal_actions(state, 0)
    with pytest.raises(IllegalAction, match="already the best"):
        GAME.apply(state, 0, AutoMatch())
    state = roll(in_breeding(), 0, [(FRIENDLY, F_WILD1), (FRIENDLY, F_WILD1)])
    state = act(state, 0, Pair(0, 0, 1, 0, "any"))
    assert AutoMatch() not in GAME.legal_actions(state, 0)  # the wild pair's trait comes first


# issue 39: the auto-match weighs the seat's studies and the tokens later pups need


def _gentle_temper_roll(**changes):
    """Ada's roll of issue 39, in small: halves of spots, barking and floppy ears, a
    friendly die with two wild halves, two friendly tokens, and Gentle Temper (its first
    level 2 floppy ears + 2 curly tail) to study; one whole ear and one whole tail."""
    dice = [(S, WHOLE), (S, HALF), (B, HALF), (E, WHOLE), (E, HALF), (T, WHOLE), (FRIENDLY, F_WILD2)]
    state = roll(in_breeding(), 0, dice, friendly=2)
    return player(state, 0, studies=[StudyProgress("s24", 0)], **changes)


def test_breeding_auto_match_completes_a_study_level_rather_than_keep_a_token() -> None:
    state = _gentle_temper_roll()
    # the most symbols with the fewest tokens leaves curly tail at 1: 6 symbols either way
    plain = breeding.auto_match(state.players[0].litter.dice, 2, [], lambda counts: 0)
    assert breeding.symbols(state.players[0].litter.dice, plain)[T] == 1 and breeding.tokens_used(plain) == 1
    line = GAME.describe(state, 0, AutoMatch(), 0)
    after = act(state, 0, AutoMatch())
    lit = after.players[0].litter
    counts = breeding.symbols(lit.dice, lit.pairs)
    assert sum(counts) == 6 and counts[E] >= 2 and counts[T] >= 2  # Gentle Temper level 1 met
    assert breeding.tokens_used(lit.pairs) == 2
    assert "it meets Gentle Temper level 1 for 1 more friendly token" in line, line  # why, in the log
    view = GAME.view(state, 0).players[0].litter
    assert view.auto_match and view.auto_symbols == 6 and "Gentle Temper level 1" in view.auto_reason
    # recorded, the pup completes the level in research
    pupped = act(after, 0, ConfirmPup())
    assert foxes.meets(pupped.players[0].pups[-1], STUDY["s24"].needs[0])


def test_breeding_auto_match_keeps_two_tokens_for_the_pups_still_to_breed() -> None:
    # two tokens joined make one symbol: worth it on the round's last pup, not before another
    state = roll(in_breeding(), 0, [(S, WHOLE)], friendly=2)
    assert AutoMatch() in GAME.legal_actions(state, 0)
    assert sum(breeding.symbols([Die(S, WHOLE)], act(state, 0, AutoMatch()).players[0].litter.pairs)) == 2
    more = player(state, 0, pups_left=1)
    assert AutoMatch() not in GAME.legal_actions(more, 0)  # nothing better than keeping them
    # one token that completes a half is still spent
    half = player(roll(in_breeding(), 0, [(S, HALF)], friendly=2), 0, pups_left=1)
    assert breeding.tokens_used(act(half, 0, AutoMatch()).players[0].litter.pairs) == 1


def test_breeding_auto_match_is_never_worth_less_than_the_most_symbols_and_its_pairs_are_legal() -> None:
    from foxtui.games.fox_experiment import automatch

    base = in_breeding()
    cards = sorted(STUDY)
    r = Rng(39)
    for _ in range(150):
        dice = []
        for _ in range(r.randint(1, 9)):
            kind = r.choice([S, B, E, T, FRIENDLY, FRIENDLY, WILD])
            dice.append((kind, r.below(len(FACES[kind]))))
        studies = [StudyProgress(cards[r.below(len(cards))], r.below(3)) for _ in range(r.randint(0, 2))]
        state = roll(base, 0, dice, friendly=r.choice([0, 1, 2, 3]))
        state = player(state, 0, studies=studies, pups_left=r.below(2))
        p = state.players[0]
        prefer = lambda counts, p=p: rules.wild_order(p, counts)[0]  # noqa: E731
        most = automatch.evaluate(p, breeding.auto_match(p.litter.dice, p.friendly, [], prefer) or [])
        choice = rules.auto_choice(p)
        if choice is None:
            assert AutoMatch() not in GAME.legal_actions(state, 0)
            assert automatch.evaluate(p, []).value >= most.value - 1e-9
            continue
        assert choice.value >= most.value - 1e-9
        lit = act(state, 0, AutoMatch()).players[0].litter
        by_hand = state
        for q in lit.pairs:  # every pair one that could be made by hand, in this order
            by_hand = make(by_hand, 0, q)
        assert by_hand.players[0].litter.pairs == lit.pairs


# --- Breeding, step 6: the pup gets a name, written on its card ------------------------


def test_breeding_give_your_pup_a_name_the_suggested_one_is_the_one_the_preview_shows_and_recorded() -> None:
    state = in_breeding(3)
    shown = GAME.view(state, 0).players[0].litter.preview.name
    assert shown and shown == state.players[0].litter.name
    assert [a for a in GAME.legal_actions(state, 0) if isinstance(a, ConfirmPup)] == [ConfirmPup()]
    # the others record their pups meanwhile: the name shown to me does not change
    for seat in (1, 2):
        state = act(state, seat, ConfirmPup())
        assert GAME.view(state, 0).players[0].litter.preview.name == shown
    line = GAME.describe(state, 0, ConfirmPup(), 1)
    state = act(state, 0, ConfirmPup())
    assert state.players[0].pups[0].name == shown and shown in line


def test_breeding_give_your_pup_a_name_every_pup_on_the_table_is_offered_a_different_one() -> None:
    state = in_breeding(6)
    names = [p.litter.name for p in state.players]
    assert len(set(names)) == 6
    taken = {f.name for f in state.females + state.males}
    taken |= {fox.name for p in state.players for fox in (p.female, p.male)}
    assert not taken & set(names)
    # a pup used as a parent keeps its name to itself: the next suggestion skips it
    state = in_breeding(3)
    nxt = rules.suggest_name(state, state.players)[0]
    mum = replace(state.players[0].female, name=nxt, owner=1)
    state = player(state, 0, female=mum)
    assert rules.suggest_name(state, state.players)[0] != nxt


def test_breeding_give_your_pup_a_name_of_your_own() -> None:
    state = others_done(in_breeding(3), 0)
    line = GAME.describe(state, 0, ConfirmPup("Belka II"), 1)
    after = GAME.apply(state, 0, ConfirmPup("Belka II"))
    assert after.players[0].pups[0].name == "Belka II" and "Belka II" in line


@pytest.mark.parametrize(
    "name,why",
    [
        ("A" * 17, "16 characters"),
        (" Belka", "space"),
        ("Bel\tka", "printable"),
        ("Bel\x1bka", "printable"),
        ("   ", "letter"),
        ("!!", "letter"),
    ],
)
def test_breeding_give_your_pup_a_name_a_name_that_cannot_be_written_is_refused(name: str, why: str) -> None:
    state = in_breeding(3)
    before = msgspec.json.encode(state)
    with pytest.raises(IllegalAction, match=why) as refused:
        GAME.apply(state, 0, ConfirmPup(name))
    assert str(refused.value).count(".") == 1  # one sentence
    assert msgspec.json.encode(state) == before
    assert rules.name_refusal(name) == str(refused.value)


# --- Research ------------------------------------------------------------------------


def in_research(n: int = 3, seed: int = 1):
    return advance(new_game(n, seed), "research")


def with_study(state, seat: int, card: str, level: int = 0, pups: list | None = None):
    return player(state, seat, studies=[StudyProgress(card, level)], pups=pups or [], assigned=[])


# s01 (content/studies.json) asks for spots and barking; LEVEL[k] is what its level k + 1 asks
LEVEL = [list(need) for need in STUDY["s01"].needs]


def test_research_a_pup_completes_the_next_level_of_a_study() -> None:
    assert LEVEL[0][S] and LEVEL[0][B] and not LEVEL[0][E] and not LEVEL[0][T]
    state = with_study(in_research(), 0, "s01", pups=[pup(female_blank(), 0, LEVEL[0])])
    assert GAME.legal_actions(state, 0) == [AssignPup(0, 0), EndResearch()]
    state = act(state, 0, AssignPup(0, 0))
    assert state.players[0].studies[0].level == 1


def test_research_a_pup_must_meet_the_level_alone() -> None:
    pups = [pup(female_blank(), 0, [LEVEL[0][S], 0, 0, 0]), pup(male_blank(), 0, [0, LEVEL[0][B], 0, 0])]
    state = with_study(in_research(), 0, "s01", pups=pups)
    assert GAME.legal_actions(state, 0) == [EndResearch()]
    with pytest.raises(IllegalAction, match="does not meet"):
        GAME.apply(state, 0, AssignPup(0, 0))


def test_research_levels_go_in_order_without_skipping() -> None:
    state = with_study(in_research(), 0, "s01", pups=[pup(female_blank(), 0, LEVEL[1])])
    state = act(state, 0, AssignPup(0, 0))
    assert state.players[0].studies[0].level == 1  # one level, though it met level 2 as well
    assert GAME.legal_actions(state, 0) == [EndResearch()]  # each pup completes one level


def test_research_two_pups_can_take_a_study_up_two_levels() -> None:
    pups = [pup(female_blank(), 0, LEVEL[1]), pup(male_blank(), 0, LEVEL[1])]
    state = with_study(in_research(), 0, "s01", pups=pups)
    state = act(state, 0, AssignPup(0, 0))
    state = act(state, 0, AssignPup(1, 0))
    assert state.players[0].studies[0].level == 2


def test_research_one_pup_goes_to_one_study_card() -> None:
    state = in_research()
    state = player(state, 0, studies=[StudyProgress("s01", 0), StudyProgress("s02", 0)], pups=[pup(female_blank(), 0, [5, 5, 5, 5])], assigned=[])
    state = act(state, 0, AssignPup(0, 0))
    assert not any(isinstance(a, AssignPup) for a in GAME.legal_actions(state, 0))
    with pytest.raises(IllegalAction, match="already"):
        GAME.apply(state, 0, AssignPup(0, 1))


def test_research_a_completed_study_takes_no_more_levels() -> None:
    state = with_study(in_research(), 0, "s01", level=3, pups=[pup(female_blank(), 0, [5, 5, 0, 0])])
    assert GAME.legal_actions(state, 0) == [EndResearch()]
    with pytest.raises(IllegalAction, match="complete"):
        GAME.apply(state, 0, AssignPup(0, 0))


def test_research_trait_tokens_come_from_the_pup_with_most_circles_per_trait() -> None:
    card = female_blank()
    a = Fox(card, 0, "A", 0, [BLANK[card].circles[S], 0, BLANK[card].circles[E], 0], 0)
    b = Fox(card, 0, "B", 0, [0, BLANK[card].circles[B], BLANK[card].squares[E], 0], 0)
    state = player(in_research(), 0, pups=[a, b], tokens=[0, 0, 0, 0], studies=[])
    circ = BLANK[card].tracks
    state = act(state, 0, EndResearch())
    assert state.players[0].tokens == [circ[S].count("c"), circ[B].count("c"), circ[E].count("c"), 0]


def test_research_a_single_pup_gives_a_token_per_marked_circle() -> None:
    card = male_blank()
    made = pup(card, 0, [5, 2, 0, 1])
    state = player(in_research(), 0, pups=[made], tokens=[0, 0, 0, 0], studies=[])
    state = act(state, 0, EndResearch())
    assert state.players[0].tokens == list(foxes.circles(made))


def test_research_same_colour_parents_penalty_is_optional() -> None:
    bred_f, bred_m = pup(female_blank(), 2, [1, 0, 0, 0]), pup(male_blank(), 2, [1, 0, 0, 0])
    for option, owed in ((False, 0), (True, 2)):
        state = in_research(seed=3)
        state = replace(state, options=replace(state.options, same_colour_penalty=option))
        state = player(state, 0, female=bred_f, male=bred_m, pups=[], tokens=[1, 0, 3, 0], studies=[])
        state = act(state, 0, EndResearch())
        assert state.players[0].owed == owed
        if option:
            assert set(GAME.legal_actions(state, 0)) == {DiscardToken("spots"), DiscardToken("ears")}
            state = act(state, 0, DiscardToken("ears"))
            state = act(state, 0, DiscardToken("spots"))
            assert state.players[0].tokens == [0, 0, 2, 0] and state.players[0].stage == "upgrades"
    # parents from the deck, or bred by two different players, carry no penalty
    state = replace(in_research(seed=3), options=replace(new_game().options, same_colour_penalty=True))
    state = player(state, 0, female=bred_f, male=replace(bred_m, owner=1), pups=[], tokens=[3, 0, 0, 0], studies=[])
    assert act(state, 0, EndResearch()).players[0].owed == 0


# --- Administration ------------------------------------------------------------------


def at_end_of_research(n: int = 3, seed: int = 1):
    """Research with every seat but 0 done and seat 0 about to finish (upgrades then done)."""
    state = in_research(n, seed)
    for s in range(1, n):
        state = player(state, s, stage="done")
    return player(state, 0, stage="upgrades")


def finish(state):
    return act(state, 0, EndUpgrades())


def test_administration_previous_generation_and_parents_leave() -> None:
    state = at_end_of_research()
    bred_f = pup(female_blank(), 2, [1, 0, 0, 0], name="Old")
    state = replace(state, females=state.females[:2] + [bred_f])
    state = player(state, 1, female=pup(female_blank(), 0, [1, 0, 0, 0], name="Mum"))
    old_deck = [f.card for f in state.females if f.owner < 0]
    assert old_deck
    parent_cards = [p.male.card for p in state.players]
    after = finish(state)
    names = {f.name for f in after.females + after.males}
    assert "Old" not in names and "Mum" not in names
    assert all(c in after.female_discard for c in old_deck)
    assert all(c in after.male_discard for c in parent_cards if c in PARENT)
    assert bred_f.card in after.players[2].blank_discard  # a bred fox goes back to its breeder
    assert female_blank() in after.players[0].blank_discard


def test_administration_new_pups_enter_the_rows_by_sex() -> None:
    state = at_end_of_research(3)
    fem, mal = female_blank(), male_blank()
    for s in range(3):
        state = player(state, s, pups=[pup(fem, s, [1, 1, 1, 1], name=f"F{s}"), pup(mal, s, [1, 1, 1, 0], name=f"M{s}")])
    after = finish(state)
    assert sorted(f.name for f in after.females if f.owner >= 0) == ["F0", "F1", "F2"]
    assert sorted(f.name for f in after.males if f.owner >= 0) == ["M0", "M1", "M2"]


def _pups(state, scores: dict[int, list[int]]):
    for s, fs in scores.items():
        state = player(state, s, pups=[pup(female_blank(), s, [0, 0, 0, 0], friendliness=f, name=f"{s}-{i}") for i, f in enumerate(fs)])
    return state


def test_administration_friendliest_pup_earns_the_reward_and_the_others_get_tokens() -> None:
    state = _pups(at_end_of_research(3), {0: [5], 1: [7], 2: [6]})
    before = [p.friendly for p in state.players]
    after = finish(state)
    assert after.rewards[0] == [1] and after.players[1].rewards == [0]
    assert [p.friendly for p in after.players] == [before[0] + REWARDS[0].tokens, before[1], before[2] + REWARDS[0].tokens]
    assert any("Friendliest" in e for e in after.events)


def test_administration_tied_players_all_place_a_meeple_on_the_same_space() -> None:
    state = _pups(at_end_of_research(3), {0: [7], 1: [7], 2: [6]})
    state = replace(state, rewards=[[2], [], [], [], []])
    before = state.players[2].friendly
    after = finish(state)
    assert after.rewards[1] == [0, 1]
    assert after.players[0].rewards == [1] and after.players[1].rewards == [1]
    assert after.players[2].friendly == before + REWARDS[1].tokens


def test_administration_a_player_with_several_tied_pups_places_one_meeple() -> None:
    state = _pups(at_end_of_research(3), {0: [8, 8], 1: [3], 2: [8]})
    after = finish(state)
    assert after.rewards[0] == [0, 2] and after.players[0].rewards == [0]


def test_administration_kennel_rows_are_refilled_to_players_plus_one() -> None:
    state = _pups(at_end_of_research(3), {0: [], 1: [], 2: []})
    after = finish(state)
    assert len(after.females) == len(after.males) == 4


def test_administration_a_row_at_the_minimum_draws_nothing() -> None:
    state = at_end_of_research(3)
    fem = female_blank()
    state = _pups(state, {0: [], 1: [], 2: []})
    state = player(state, 0, pups=[pup(fem, 0, [1, 0, 0, 0], name=f"P{i}") for i in range(5)])
    deck = len(state.female_deck)
    after = finish(state)
    assert len(after.females) == 5 and len(after.female_deck) == deck


def test_administration_rows_over_eight_shed_the_least_friendly_first() -> None:
    row = [Fox(female_blank(), 0, f"P{f}", f, [0, 0, 0, 0], 0) for f in (4, 9, 2, 7, 3, 8, 6, 5, 10, 1)]
    piles = administration.Piles(new_game(3))
    kept, dropped = administration.settle_row(row, True, 4, piles, Rng(1))
    assert [f.friendliness for f in kept] == [4, 9, 7, 3, 8, 6, 5, 10]
    assert sorted(f.friendliness for f in dropped) == [1, 2]


def test_administration_ties_can_shed_a_row_below_the_minimum_and_it_is_refilled() -> None:
    # 10 foxes, four tied at the lowest: all four go, leaving 6 (< 7 for 6 players), then one is drawn
    row = [Fox(female_blank(), 0, f"P{i}", f, [0, 0, 0, 0], 0) for i, f in enumerate((2, 2, 2, 2, 5, 6, 7, 8, 9, 9))]
    state = new_game(6)
    piles = administration.Piles(state)

    top = piles.female_deck[-1]
    kept, dropped = administration.settle_row(row, True, 7, piles, Rng(1))
    assert len(dropped) == 4 and len(kept) == 7 and kept[-1].card == top


def test_administration_ties_at_eight_shed_every_tied_fox() -> None:
    row = [Fox(female_blank(), 0, f"P{i}", f, [0, 0, 0, 0], 0) for i, f in enumerate((3, 3, 4, 5, 6, 7, 8, 9, 9))]
    kept, dropped = administration.settle_row(row, True, 4, administration.Piles(new_game(3)), Rng(1))
    assert [f.friendliness for f in dropped] == [3, 3] and len(kept) == 7


def test_administration_turn_order_follows_the_supply_track() -> None:
    state = at_end_of_research(3)
    gears = {0: 3, 1: 0, 2: 1}
    for s, g in gears.items():
        state = player(state, s, gear=g)
    after = finish(state)
    assert after.order == [1, 2, 0]


def test_administration_leftover_tiles_are_discarded_and_the_track_refilled() -> None:
    state = at_end_of_research(3)
    track = list(state.track)
    track[2] = Space("t05", FREE)
    stack = [t for t in state.tiles if t != "t05"]
    state = replace(state, track=track, tiles=stack)
    after = finish(state)
    left = [sp.tile for sp in track if sp.tile]
    assert "t05" in left and after.tile_discard == state.tile_discard + left
    assert [sp.tile for sp in after.track[1:]] == stack[::-1][:3]  # dealt from the top of the stack
    assert after.track[0] == Space("", FREE) and all(sp.claim == FREE for sp in after.track)


def test_administration_an_empty_supply_stack_is_rebuilt_from_the_discards() -> None:
    state = at_end_of_research(3)
    state = replace(state, tiles=["t01"], tile_discard=["t02", "t03", "t04"])
    after = finish(state)
    dealt = [sp.tile for sp in after.track[1:]]
    assert dealt[0] == "t01" and set(dealt[1:]) <= {"t02", "t03", "t04"} | {sp.tile for sp in state.track}
    assert sorted(after.tiles + after.tile_discard + dealt) == sorted(["t01", "t02", "t03", "t04"] + [sp.tile for sp in state.track if sp.tile])


def test_administration_starts_the_next_round_with_selection() -> None:
    after = finish(at_end_of_research(3))
    assert after.round == 2 and after.phase == "selection"
    assert all(p.female is None and p.male is None and p.gear == -1 and p.pups == [] for p in after.players)


# --- Game end ------------------------------------------------------------------------


def test_game_end_after_the_fifth_round_friendliness_reward() -> None:
    state = advance(new_game(3), "research", round_=5)
    assert GAME.outcome(state) is None
    state = advance(state, "over")
    assert state.round == 5 and all(state.rewards)
    assert GAME.outcome(state) is not None and not GAME.to_act(state)


def test_game_end_scores_every_category() -> None:
    state = advance(new_game(3), "over")
    state = replace(state, patrons=["p01", "p02", "p03", "p04"])
    state = player(
        state,
        0,
        studies=[StudyProgress("s01", 2), StudyProgress("s02", 0), StudyProgress("s03", 3)],
        patrons=[0, 3],
        upgrades=[2, 1, 3, 0],
        rewards=[0, 4],
        points=3,
        science=["sc01", "sc02"],
        tokens=[1, 2, 0, 1],
        friendly=3,
    )
    got = administration.breakdown(state, 0)
    assert got == {
        "studies": STUDY["s01"].points[1] + STUDY["s03"].points[2],
        "patrons": 1 * (2 + 0 + 3) + 1 * 3,  # Academy A: per study level; Weekly Digest B: per point token
        "upgrades": (1 + 2) + 1 + (0 + 1 + 2),
        "friendliness track": REWARDS[0].points + REWARDS[4].points,
        "point tokens": 3,
        "science cards": 2,
        "leftover tokens": 3,  # 4 trait + 3 friendly = 7 -> 3
    }
    outcome = GAME.outcome(state)
    assert outcome.scores[0] == sum(got.values()) and outcome.breakdown[0] == got


def test_game_end_patron_scoring_kinds() -> None:
    state = advance(new_game(3), "over")
    me = dict(
        studies=[StudyProgress("s01", 3), StudyProgress("s02", 1)],
        upgrades=[1, 2, 1, 2],
        rewards=[1, 2],
        points=4,
        science=["sc01"],
        tokens=[3, 0, 0, 0],
        friendly=4,
        patrons=[0, 1, 2, 3],
    )
    state = player(state, 0, **me)
    state = replace(state, females=[pup(female_blank(), 0, [1, 0, 0, 0])], males=[pup(male_blank(), 0, [1, 0, 0, 0]), pup(male_blank(), 1, [1, 0, 0, 0])])
    expect = {  # slot 0/1 side A, 2/3 side B
        ("p01", 0): 4,  # study levels 3 + 1
        ("p01", 2): 4,  # one full study x 4
        ("p02", 0): 6,  # 6 upgrades
        ("p02", 2): 2,  # one pup upgrade x 2
        ("p03", 0): 6,  # two rewards x 3
        ("p03", 2): 2,  # two of my foxes in the kennel
        ("p04", 0): 2,  # 7 tokens / 3
        ("p04", 2): 4,  # point tokens
        ("p05", 0): 2,  # one science card x 2
        ("p05", 2): 2,  # one friendly-die upgrade x 2
        ("p06", 0): 4,  # two kennel foxes x 2
        ("p06", 2): 4,  # two rewards x 2
        ("p07", 0): 6,  # two study upgrades x 3
        ("p07", 2): 3,  # one full study x 3
        ("p08", 0): 12,  # four patrons x 3
        ("p08", 2): 6,  # two patron upgrades x 3
    }
    for (card, slot), points in expect.items():
        patrons = list(state.patrons)
        patrons[slot] = card
        assert administration.patron_points(replace(state, patrons=patrons), 0, slot) == points, (card, slot)


def test_game_end_a_tie_goes_to_the_player_nearest_the_start_of_the_supply_track() -> None:
    state = advance(new_game(3), "over")
    zero = dict(studies=[], patrons=[], upgrades=[0, 0, 0, 0], rewards=[], points=0, science=[], tokens=[0, 0, 0, 0], friendly=0)
    for s in range(3):
        state = player(state, s, **zero)
    state = player(state, 2, points=5)
    state = player(state, 0, points=5)
    state = replace(state, order=[1, 2, 0])
    outcome = GAME.outcome(state)
    assert outcome.ranking == [2, 0, 1] and outcome.winners == [2]
    assert outcome.tiebreak and "supply track" in outcome.tiebreak


def test_game_end_outcome_only_when_over() -> None:
    assert GAME.outcome(new_game(3)) is None


# --- hidden information -------------------------------------------------------------


def test_hidden_science_cards_and_study_offers_are_secret_to_their_owner() -> None:
    state = player(new_game(3), 0, science=["sc05"])
    mine, theirs = GAME.view(state, 0), GAME.view(state, 1)
    assert mine.science == ["sc05"] and theirs.science == []
    assert mine.pending.options == state.players[0].pending[0].options
    assert theirs.pending.options == state.players[1].pending[0].options
    assert theirs.players[0].pending == "study"
    for seed in range(3):
        assert GAME.view(GAME.determinize(GAME.knowledge(state, 1), seed), 1) == theirs
    assert not GAME.open_table


def test_hidden_the_kept_study_is_public() -> None:
    state = new_game(3)
    card = state.players[0].pending[0].options[0]
    line = GAME.describe(state, 0, KeepStudy(card), 1)
    assert STUDY[card].name in line


def test_illegal_actions_leave_the_state_unchanged() -> None:
    state = in_upgrades()
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, Unlock("pup", "spots"))
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, Unlock("warp", "spots"))
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, TakeFox("female", 0))


def test_tiles_and_icons_are_as_authored() -> None:
    assert TILE["t01"] == ("spots", "spots") and len(UPGRADE) == 4
    assert simple([EndUpgrades()]) == EndUpgrades()
