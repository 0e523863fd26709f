"""Foxpaw: one test per rule, named after the rulebook section it checks, and the
rulebook's worked examples (test_*_example)."""

from __future__ import annotations

import pytest
from msgspec.structs import replace
from foxpaw_helpers import (
    SPACE,
    act,
    edit,
    edit_player,
    game_at_placement,
    new_game,
    resolving,
    with_board,
    with_tasks,
)

from foxtui.engine import IllegalAction
from foxtui.games.foxpaw import GAME
from foxtui.games.foxpaw import content as C
from foxtui.games.foxpaw.actions import (
    DONE,
    DOUBLE,
    LEAVE,
    REST,
    SKIP,
    USE,
    DiscardBeast,
    Learn,
    PickBeast,
    PickHouse,
    PickObject,
    PickStudent,
    Place,
    PlayMischief,
    Recover,
    SwapDuelist,
    Train,
)
from foxtui.games.foxpaw.rules_core import set_space
from foxtui.games.foxpaw.state import OBSIDIO, BeastCard, Meeple, Task

DON, MCCOY, PERRY, MINA = 0, 1, 2, 3
AQ, IG, TF, SV = C.HOUSES


def houses_b(state, *seats):
    """Those seats broke their family's wish: both house abilities."""
    for seat in seats:
        state = edit_player(state, seat, wish=False)
    return state


def turn(state, seat, a=0, b=0):
    return with_tasks(state, Task("turn", seat, a, b))


# --- Setup ----------------------------------------------------------------------------------------


def test_setup_board_side_by_player_count() -> None:
    four, three = new_game(4), new_game(3)
    assert SPACE["sports-4"] in GAME.view(four, 0).active_spaces
    assert SPACE["sports-4"] not in GAME.view(three, 0).active_spaces
    assert SPACE["dormitory-4"] not in GAME.view(three, 0).active_spaces
    assert SPACE["carnival-3"] in GAME.view(three, 0).active_spaces


def test_setup_four_player_objects_removed_below_four_players() -> None:
    for n in (2, 3):
        s = new_game(n)
        shown = s.objects + s.objects_high
        assert len(shown) == 12 and not any(C.OBJECT[o].four_players for o in shown)
    s = new_game(4)
    assert len(s.objects) == 8 and len(s.objects_high) == 8
    assert all(C.OBJECT[o].level == "low" for o in s.objects)


def test_setup_decks_and_offers() -> None:
    s = new_game(4)
    assert s.round == 1 and len(s.beasts) == 4 and len(s.display) == 4
    assert len(s.events) == 7 and len(new_game(3).events) == 5
    assert s.teacher and s.carnival and s.duel and len(s.duel_deck) == 5


# --- Start of the Game / The Choice of Houses ----------------------------------------------------------


def test_choice_of_houses_student_cards_are_kept_secretly_and_at_once() -> None:
    s = new_game(3)
    assert GAME.to_act(s) == {0, 1, 2}
    s = act(s, 1, PickStudent(s.players[1].students[1]))
    assert GAME.to_act(s) == {0, 2}
    assert GAME.view(s, 0).student == "" and GAME.view(s, 0).students == list(s.players[0].students)
    assert s.players[1].student not in GAME.view(s, 0).students
    with pytest.raises(IllegalAction):
        GAME.apply(s, 1, PickStudent(s.players[1].students[0]))


def test_choice_of_houses_highest_starting_number_chooses_first_lowest_starts() -> None:
    s = new_game(4)
    for seat in range(4):
        s = act(s, seat, PickStudent(s.players[seat].students[0]))
    by_number = sorted(range(4), key=lambda i: -s.players[i].start)
    assert s.tasks[-1].kind == "house" and s.tasks[-1].seat == by_number[0]
    assert list(s.order) == sorted(range(4), key=lambda i: s.players[i].start)


def test_start_of_the_game_family_wish_gives_coins_permanent_stars_and_one_ability() -> None:
    s = new_game(2, seed=3)
    for seat in range(2):
        s = act(s, seat, PickStudent(s.players[seat].students[0]))
    seat = s.tasks[-1].seat
    wish = C.STUDENT[s.players[seat].student].wish or AQ
    coins = s.players[seat].coins
    s = act(s, seat, PickHouse(wish))
    p = s.players[seat]
    if C.STUDENT[p.student].wish:
        assert p.wish and p.coins == coins + 2 and p.perm_stars == 2
        assert len(GAME.view(s, 0).houses[seat].abilities) == 1
    else:  # an orphan: no wish to keep
        assert not p.wish and p.perm_stars == 0
        assert len(GAME.view(s, 0).houses[seat].abilities) == 2


def test_start_of_the_game_breaking_the_wish_unlocks_both_abilities() -> None:
    s = new_game(2, seed=3)
    for seat in range(2):
        s = act(s, seat, PickStudent(s.players[seat].students[0]))
    seat = s.tasks[-1].seat
    other = next(h for h in C.HOUSES if h != C.STUDENT[s.players[seat].student].wish)
    s = act(s, seat, PickHouse(other))
    assert not s.players[seat].wish and s.players[seat].perm_stars == 0
    assert len(GAME.view(s, 1 - seat).houses[seat].abilities) == 2


def test_start_of_the_game_starting_materials_example() -> None:
    """Starting Material 1 picks an object first and gets its rewards."""
    s = new_game(4, seed=5)
    for seat in range(4):
        s = act(s, seat, PickStudent(s.players[seat].students[0]))
    for _ in range(4):
        seat = s.tasks[-1].seat
        s = act(s, seat, GAME.legal_actions(s, seat)[0])
    first = next(i for i in range(4) if s.players[i].start == 1)
    assert s.tasks[-1].kind == "start_object" and s.tasks[-1].seat == first
    knowledge = s.players[first].knowledge
    s = act(s, first, PickObject("birch-wand"))
    p = s.players[first]
    assert "birch-wand" in p.objects and p.knowledge == knowledge + 1 and p.perm_stars >= 1
    beast_seat = next(i for i in range(4) if s.players[i].start == 2)
    assert s.tasks[-1].kind == "start_beast" and s.tasks[-1].seat == beast_seat


# --- Houses -----------------------------------------------------------------------------------------------


def test_houses_aquatis_draws_two_mischief_cards_at_the_carnival() -> None:
    s = game_at_placement(4, houses=[AQ, IG, TF, SV])
    s = with_board(s, {"dormitory-1": [(1, "")], "dormitory-2": [(2, "")], "dormitory-3": [(3, "")], "carnival-2": [(0, "")]})
    before = [len(p.mischief) for p in s.players]
    s = with_tasks(s, Task("night"))
    assert len(s.players[0].mischief) - before[0] >= 2  # plus whatever the Carnival card gives


def test_houses_aquatis_second_ability_enters_occupied_morning_spaces() -> None:
    s = game_at_placement(4, houses=[AQ, IG, TF, SV])
    s = with_board(s, {"buy-goods": [(1, "")], "sports-1": [(1, "")]})
    s = turn(houses_b(s, 0), 0)
    legal = GAME.legal_actions(s, 0)
    assert Place(SPACE["buy-goods"]) in legal and Place(SPACE["sports-1"]) not in legal
    s = turn(edit_player(s, 0, wish=True), 0)
    assert Place(SPACE["buy-goods"]) not in GAME.legal_actions(s, 0)


def test_houses_ignis_refreshes_beasts_for_energy() -> None:
    s = game_at_placement(4, houses=[AQ, IG, TF, SV])
    s = edit_player(houses_b(s, 1), 1, energy=5, beasts=(BeastCard("owlet", 1), BeastCard("mudhopper", 1)))
    s = turn(s, 1)
    assert Recover(1) in GAME.legal_actions(s, 1) and Recover(2) in GAME.legal_actions(s, 1)
    s = act(s, 1, Recover(2))
    assert s.players[1].energy == 2 and all(b.exhausted == 0 for b in s.players[1].beasts)


def test_houses_ignis_may_keep_a_second_beast() -> None:
    s = game_at_placement(4, houses=[AQ, IG, TF, SV])
    for seat, expect_discard in ((1, False), (0, True)):
        t = houses_b(s, seat)
        t = edit_player(t, seat, herbs=3, coins=0, beasts=(BeastCard("owlet"),))
        t = with_board(t, {"beast-1": [(seat, "")]})
        t = resolving(t, seat, "beast-1")
        pick = next(a for a in GAME.legal_actions(t, seat) if getattr(a, "beast", "") and not C.BEAST[a.beast].special)
        t = act(t, seat, pick)
        assert ("discard_beast" in [x.kind for x in t.tasks]) == expect_discard


def test_houses_trifrost_takes_two_coins_each_year() -> None:
    s = game_at_placement(4, houses=[AQ, IG, TF, SV])
    coins = [p.coins for p in s.players]
    s = with_tasks(edit(s, phase="cleanup"), Task("year_start"))
    assert [p.coins for p in s.players] == [coins[0], coins[1], coins[2] + 2, coins[3]]


def test_houses_trifrost_ice_example() -> None:
    """Tri-Frost stood in the Kiosk and the Study Hall: ice there; the next player to enter
    pays her 1 Energy and the marker comes back."""
    s = houses_b(game_at_placement(4, houses=[AQ, IG, TF, SV]), 2)
    s = with_board(s, {"help-out": [(2, "")], "study-1": [(2, "")], "dormitory-1": [(2, "")], "buy-goods": [(0, "")]})
    s = with_tasks(s, Task("cleanup"))
    assert s.tasks[-1].kind == "freeze" and s.tasks[-1].seat == 2
    legal = GAME.legal_actions(s, 2)
    assert {a.location for a in legal if a != DONE} == {"kiosk", "study"}
    s = act(s, 2, next(a for a in legal if a != DONE and a.location == "kiosk"))
    s = act(s, 2, next(a for a in GAME.legal_actions(s, 2) if a != DONE))
    assert sorted(s.ice) == ["kiosk", "study"] and s.players[2].ice == 0
    s = turn(edit_player(edit_player(s, 0, energy=3), 2, energy=5), 0)
    s = act(s, 0, Place(SPACE["buy-herbs"]))
    assert s.players[0].energy == 2 and s.players[2].energy == 6
    assert s.ice == ("study",) and s.players[2].ice == 1
    s = turn(edit_player(s, 1, energy=0), 1)
    assert all(C.SPACES[a.space].location != "study" for a in GAME.legal_actions(s, 1) if isinstance(a, Place))


def test_houses_shadowvein_spells_cost_two_energy_less() -> None:
    s = game_at_placement(4, houses=[AQ, IG, TF, SV])
    s = edit(s, display=("kindle",) + s.display[1:], marks=[(), (), (), ()])
    s = edit_player(s, 3, herbs=1, energy=0)
    s = with_board(s, {"classroom-1": [(3, "")]})
    s = resolving(s, 3, "classroom-1")
    assert Learn("kindle") in GAME.legal_actions(s, 3)  # costs 2 Energy, less 2


def test_houses_shadowvein_places_twice_or_skips_once_a_year() -> None:
    s = houses_b(game_at_placement(4, houses=[AQ, IG, TF, SV]), 3)
    s = turn(s, 3)
    assert DOUBLE in GAME.legal_actions(s, 3) and SKIP in GAME.legal_actions(s, 3)
    s = act(s, 3, DOUBLE)
    s = act(s, 3, Place(SPACE["sports-1"]))
    assert s.tasks[-1].kind == "turn" and s.tasks[-1].seat == 3
    assert DOUBLE not in GAME.legal_actions(s, 3)
    s = act(s, 3, Place(SPACE["sports-2"]))
    assert s.tasks[-1].seat != 3
    s = turn(s, 3)
    assert DOUBLE not in GAME.legal_actions(s, 3) and SKIP not in GAME.legal_actions(s, 3)


# --- Character Board: Talents and Resources ------------------------------------------------------------


def test_character_board_talents_never_fall_and_eight_gives_one_vp_once() -> None:
    s = game_at_placement(4)
    s = edit_player(s, 0, strength=7, energy=6)
    s = with_board(s, {"sports-1": [(0, "")]})
    s = act(resolving(s, 0, "sports-1"), 0, Train(2))
    assert s.players[0].strength == 9 and s.players[0].vp[1] == 1
    s = with_board(s, {"sports-2": [(0, "")]})
    s = act(resolving(s, 0, "sports-2"), 0, Train(1))
    assert s.players[0].vp[1] == 1


def test_character_board_reputation_and_energy_stay_on_their_tracks() -> None:
    s = game_at_placement(4)
    s = edit_player(s, 0, reputation=4, energy=11)
    s = with_board(s, {"sucking-up": [(0, "")]})
    s = act(resolving(s, 0, "sucking-up"), 0, USE)
    assert s.players[0].reputation == 5
    s = act(resolving(s, 0, "sucking-up"), 0, REST)
    assert s.players[0].energy == 12


def test_character_board_coins_as_wildcard_example() -> None:
    """Don learns a Spell costing 2 Herbs with 2 Coins instead: -1 Reputation."""
    s = game_at_placement(4, houses=[IG, AQ, TF, SV])
    s = edit(s, display=("whisper",) + s.display[1:], marks=[(), (), (), ()])
    s = edit_player(s, DON, herbs=0, coins=2, energy=3, reputation=2)
    s = with_board(s, {"classroom-1": [(DON, "")]})
    s = act(resolving(s, DON, "classroom-1"), DON, Learn("whisper"))
    p = s.players[DON]
    assert p.coins == 0 and p.herbs == 0 and p.reputation == 1 and "whisper" in p.learned


def test_character_board_coins_cannot_stand_in_when_short() -> None:
    s = game_at_placement(4, houses=[IG, AQ, TF, SV])
    s = edit(s, display=("whisper",) + s.display[1:], marks=[(), (), (), ()])
    s = edit_player(s, DON, herbs=0, coins=1, energy=3)
    s = with_board(s, {"classroom-1": [(DON, "")]})
    assert Learn("whisper") not in GAME.legal_actions(resolving(s, DON, "classroom-1"), DON)


# --- Placement Phase ------------------------------------------------------------------------------------


def test_placement_phase_one_meeple_per_space_in_turn_order() -> None:
    s = game_at_placement(4)
    first = s.order[0]
    s = act(s, first, Place(SPACE["sports-1"]))
    second = s.order[1]
    assert GAME.to_act(s) == {second}
    assert Place(SPACE["sports-1"]) not in GAME.legal_actions(s, second)


def test_placement_phase_dormitory_fills_from_the_top() -> None:
    s = game_at_placement(4)
    seat = s.order[0]
    legal = GAME.legal_actions(s, seat)
    assert Place(SPACE["dormitory-1"]) in legal and Place(SPACE["dormitory-2"]) not in legal
    assert Place(SPACE["carnival-3"]) in legal  # the Carnival: any free space


def test_placement_phase_exactly_one_wizard_at_night() -> None:
    s = game_at_placement(4)
    seat = s.order[0]
    s = act(s, seat, Place(SPACE["dormitory-1"]))
    s = turn(s, seat)
    assert not any(C.SPACES[a.space].time == "night" for a in GAME.legal_actions(s, seat) if isinstance(a, Place))
    s = turn(edit_player(game_at_placement(4), seat, wizards=1), seat)
    assert all(C.SPACES[a.space].time == "night" for a in GAME.legal_actions(s, seat) if isinstance(a, Place))


def test_placement_phase_no_magical_beasts_at_night() -> None:
    s = game_at_placement(4)
    s = turn(edit_player(s, 0, beasts=(BeastCard("owlet"),)), 0)
    legal = GAME.legal_actions(s, 0)
    assert Place(SPACE["buy-goods"], "owlet") in legal
    assert not any(a.beast and C.SPACES[a.space].time == "night" for a in legal if isinstance(a, Place))


def test_placement_phase_every_meeple_is_placed() -> None:
    s = game_at_placement(3, seed=4)
    while s.phase == "placement":
        seat = min(GAME.to_act(s))
        legal = GAME.legal_actions(s, seat)
        s = act(s, seat, next((a for a in legal if isinstance(a, Place) or a == LEAVE), legal[0]))
    assert all(p.wizards == 0 and p.night for p in s.players)


def test_placement_phase_morning_spaces_are_resolved_at_once() -> None:
    s = game_at_placement(4)
    seat = s.order[0]
    goods = s.players[seat].goods
    s = act(s, seat, Place(SPACE["buy-goods"]))
    assert s.tasks[-1].kind == "resolve" and s.tasks[-1].seat == seat
    s = act(s, seat, USE)
    assert s.players[seat].goods == goods + 3


def test_placement_phase_entering_a_space_without_using_it() -> None:
    s = game_at_placement(4)
    seat = s.order[0]
    s = edit_player(s, seat, goods=0, coins=0)
    s = act(s, seat, Place(SPACE["information"]))
    assert USE not in GAME.legal_actions(s, seat) and LEAVE in GAME.legal_actions(s, seat)
    prophecies = len(s.players[seat].prophecies)
    s = act(s, seat, LEAVE)
    assert len(s.players[seat].prophecies) == prophecies


def test_placement_phase_resting_gives_four_energy_instead() -> None:
    s = game_at_placement(4)
    seat = s.order[0]
    s = edit_player(s, seat, energy=3)
    goods = s.players[seat].goods
    s = act(act(s, seat, Place(SPACE["buy-goods"])), seat, REST)
    p = s.players[seat]
    bonus = 1 if C.TEACHER[s.teacher].effect == "rest_energy" else 0
    assert p.energy == 7 + bonus and p.goods == goods
    assert s.board[SPACE["buy-goods"]] == () and p.resting == ("",)


# --- Evaluation Phase ---------------------------------------------------------------------------------------


def leave_all(state):
    """Leave every space unused as the path asks; return (state, seats asked in order)."""
    asked = []
    while state.tasks and state.tasks[-1].kind == "resolve":
        t = state.tasks[-1]
        asked.append((t.seat, C.SPACES[t.a].id))
        state = act(state, t.seat, LEAVE)
    return state, asked


def test_evaluation_phase_follows_the_path_top_to_bottom() -> None:
    s = game_at_placement(4)
    s = with_board(s, {"classroom-1": [(0, "")], "study-1": [(1, "")], "library-2": [(2, "")], "library-1": [(3, "")],
                       "sports-3": [(0, "")]})
    _, asked = leave_all(with_tasks(s, Task("path")))
    assert asked == [(0, "sports-3"), (3, "library-1"), (2, "library-2"), (1, "study-1"), (0, "classroom-1")]


def test_evaluation_phase_sports_field_example() -> None:
    """Parry on the first Strength space, Don on the second: Parry trains 1 (+1 Coin);
    Don could train 3 (+1 Coin) but saves Energy and trains 2 (+1 Coin)."""
    parry, don = 0, 1
    s = game_at_placement(4)
    for seat in (parry, don):
        s = edit_player(s, seat, energy=5, strength=0, coins=0)
    s = with_board(s, {"sports-1": [(parry, "")], "sports-2": [(don, "")]})
    s = with_tasks(s, Task("path"))
    assert [a for a in GAME.legal_actions(s, parry) if isinstance(a, Train)] == [Train(1)]
    s = act(s, parry, Train(1))
    assert (s.players[parry].energy, s.players[parry].strength, s.players[parry].coins) == (4, 1, 1)
    assert [a for a in GAME.legal_actions(s, don) if isinstance(a, Train)] == [Train(1), Train(2), Train(3)]
    s = act(s, don, Train(2))
    assert (s.players[don].energy, s.players[don].strength, s.players[don].coins) == (3, 2, 1)


def test_evaluation_phase_library_training_is_limited_by_energy() -> None:
    s = game_at_placement(3)
    s = edit_player(s, 0, energy=1, knowledge=0)
    s = with_board(s, {"library-1": [(0, "")]})
    s = resolving(s, 0, "library-1")
    assert [a for a in GAME.legal_actions(s, 0) if isinstance(a, Train)] == [Train(1)]


def test_evaluation_phase_dormitory_and_carnival_turn_order_example() -> None:
    """Don and McCoy in the Dormitory, Perry and Mina in the Midnight Carnival."""
    s = game_at_placement(4, houses=[AQ, IG, TF, SV])
    s = edit(s, carnival="fire-jugglers", teacher="brine")
    for seat in range(4):
        s = edit_player(s, seat, energy=0, reputation=0, stars=0, mischief=())
    s = with_board(s, {"dormitory-1": [(DON, "")], "carnival-2": [(PERRY, "")], "carnival-3": [(MINA, "")],
                       "dormitory-2": [(MCCOY, "")]})
    s = with_tasks(s, Task("night"))
    p = s.players
    assert s.order == (DON, MCCOY, PERRY, MINA)
    assert (p[DON].energy, p[DON].reputation) == (6, 2)
    assert (p[MCCOY].energy, p[MCCOY].reputation) == (6, 1)
    assert (p[PERRY].energy, p[PERRY].reputation, len(p[PERRY].mischief), p[PERRY].stars) == (4, -1, 1, 2)
    assert (p[MINA].energy, p[MINA].reputation, len(p[MINA].mischief), p[MINA].stars) == (3, -2, 1, 1)


def test_midnight_carnival_row_and_centered_rewards() -> None:
    s = game_at_placement(4, houses=[IG, TF, SV, AQ])
    s = edit(s, carnival="fortune-teller")
    for seat in range(4):
        s = edit_player(s, seat, stars=0, knowledge=0, strength=0, herbs=0, prophecies=())
    s = with_board(s, {"carnival-2": [(0, "")], "carnival-4": [(1, "")], "dormitory-1": [(2, "")], "dormitory-2": [(3, "")]})
    s = with_tasks(s, Task("night"))
    assert (s.players[0].knowledge, s.players[0].stars) == (1, 1)
    assert (s.players[1].herbs, s.players[1].stars) == (1, 1)
    assert s.players[2].stars == 0


# --- Objects (Brooms and Wands) ------------------------------------------------------------------------------


def study(state, seat, **player):
    s = edit_player(state, seat, **player)
    s = with_board(s, {"study-1": [(seat, "")]})
    return resolving(s, seat, "study-1")


def test_objects_cost_the_year_in_coins_and_need_the_year_in_talent() -> None:
    s = edit(game_at_placement(4, houses=[IG, AQ, TF, SV]), round=2, teacher="brine")
    assert PickObject("twig-broom") in GAME.legal_actions(study(s, 0, coins=2, strength=2, objects=()), 0)
    assert PickObject("twig-broom") not in GAME.legal_actions(study(s, 0, coins=2, strength=1, objects=()), 0)
    assert PickObject("twig-broom") not in GAME.legal_actions(study(s, 0, coins=1, strength=2, objects=()), 0)
    t = act(study(s, 0, coins=3, strength=2, objects=()), 0, PickObject("twig-broom"))
    assert t.players[0].coins == 1 and "twig-broom" in t.players[0].objects


def test_objects_one_broom_and_one_wand_of_each_level() -> None:
    s = edit(game_at_placement(4, houses=[IG, AQ, TF, SV]), round=1, teacher="brine")
    s = study(s, 0, coins=5, strength=5, knowledge=5, objects=("reed-broom",))
    legal = GAME.legal_actions(s, 0)
    assert PickObject("twig-broom") not in legal and PickObject("hazel-wand") in legal


def test_objects_broom_in_round_4_example() -> None:
    """Year 4: a level III-V broom costs 4 Coins and needs Strength 4; the old broom still counts."""
    s = edit(game_at_placement(4, houses=[IG, AQ, TF, SV]), round=4, teacher="brine")
    s = edit(s, objects=s.objects_high, objects_high=())
    assert PickObject("comet-broom") not in GAME.legal_actions(study(s, 0, coins=4, strength=3, objects=("twig-broom",)), 0)
    s = study(s, 0, coins=4, strength=4, objects=("twig-broom",), perm_stars=1)
    s = act(s, 0, PickObject("comet-broom"))
    p = s.players[0]
    assert p.coins == 0 and p.objects == ("twig-broom", "comet-broom") and p.perm_stars == 4
    assert p.vp[2] == 1  # both halves of the victory point


def test_objects_half_a_victory_point_alone_is_wasted() -> None:
    s = edit(game_at_placement(4, houses=[IG, AQ, TF, SV]), round=4, teacher="brine")
    s = edit(s, objects=s.objects_high, objects_high=())
    s = act(study(s, 0, coins=4, strength=4, objects=("reed-broom",)), 0, PickObject("comet-broom"))
    assert s.players[0].vp[2] == 0


def test_cleanup_phase_year_three_brings_the_level_three_to_five_objects() -> None:
    s = edit(game_at_placement(3), round=2)
    high = s.objects_high
    s = with_tasks(s, Task("cleanup2"))
    assert s.round == 3 and s.objects == high and s.objects_high == ()


# --- Learning Spells ---------------------------------------------------------------------------------------------


def classroom(state, seat, space="classroom-1", display=("kindle", "mend", "whisper", "shadow-bind"), **player):
    s = edit(state, display=display, marks=[() for _ in display], teacher="glacia")
    s = edit_player(s, seat, **player)
    s = with_board(s, {space: [(seat, "")]})
    return resolving(s, seat, space)


RICH = dict(herbs=9, goods=9, coins=0, energy=12, stars=0, prophecies=())  # no spare Coins: no payment choice


def test_learning_spells_two_spells_on_spaces_two_and_three_from_reputation_three() -> None:
    s = game_at_placement(4, houses=[IG, AQ, TF, SV])
    t = act(classroom(s, 0, "classroom-2", reputation=2, **RICH), 0, Learn("kindle"))
    assert not t.tasks
    t = act(classroom(s, 0, "classroom-2", reputation=3, **RICH), 0, Learn("kindle"))
    assert t.tasks[-1].kind == "learn2" and DONE in GAME.legal_actions(t, 0)
    t = act(t, 0, Learn("mend"))
    assert t.players[0].learned == ("kindle", "mend")
    t = act(classroom(s, 0, "classroom-1", reputation=5, **RICH), 0, Learn("kindle"))
    assert not t.tasks


def test_learning_spells_first_place_gives_a_bonus_star() -> None:
    s = game_at_placement(4, houses=[IG, AQ, TF, SV])
    t = act(classroom(s, 0, **RICH), 0, Learn("kindle"))
    assert t.players[0].stars == 2 + 1 and t.marks[0] == (0,)
    t = edit_player(t, 1, **RICH)
    t = with_board(t, {"classroom-1": [(1, "")]})
    t = act(resolving(t, 1, "classroom-1"), 1, Learn("kindle"))
    assert t.players[1].stars == 2 and t.marks[0] == (0, 1)


def test_learning_spells_regular_three_places_forbidden_two() -> None:
    s = game_at_placement(4, houses=[IG, AQ, TF, SV])
    s = edit(s, display=("kindle", "shadow-bind"), marks=[(1, 2, 3), (1, 2)])
    s = edit_player(s, 0, objects=("rowan-wand",), **RICH)
    s = with_board(s, {"classroom-1": [(0, "")]})
    legal = GAME.legal_actions(resolving(s, 0, "classroom-1"), 0)
    assert Learn("kindle") not in legal and Learn("shadow-bind") not in legal


def test_learning_spells_forbidden_needs_the_right_wand_and_draws_darkness() -> None:
    s = game_at_placement(4, houses=[IG, AQ, TF, SV])
    assert Learn("shadow-bind") not in GAME.legal_actions(classroom(s, 0, objects=("birch-wand",), **RICH), 0)
    t = classroom(s, 0, objects=("rowan-wand",), darkness=(), **RICH)
    t = act(t, 0, Learn("shadow-bind"))
    assert len(t.players[0].darkness) == 1 and t.players[0].stars == 4 + 1


def test_learning_spells_the_same_spell_once_per_house_and_markers_limit() -> None:
    s = game_at_placement(4, houses=[IG, AQ, TF, SV])
    assert Learn("kindle") not in GAME.legal_actions(classroom(s, 0, learned=("kindle",), **RICH), 0)
    assert not [a for a in GAME.legal_actions(classroom(s, 0, spell_markers=0, **RICH), 0) if isinstance(a, Learn)]


def test_learning_spells_last_classroom_space_gives_a_star() -> None:
    s = game_at_placement(4, houses=[IG, AQ, TF, SV])
    t = act(classroom(s, 0, "classroom-4", **RICH), 0, Learn("kindle"))
    assert t.players[0].stars == 1 + 2 + 1
    t = classroom(s, 0, "classroom-4", herbs=0, goods=0, coins=0, energy=0, stars=0)
    t = act(t, 0, USE)
    assert t.players[0].stars == 1


def test_learning_spells_markers_come_back_when_the_spell_is_exchanged() -> None:
    s = game_at_placement(4, houses=[IG, AQ, TF, SV])
    s = edit(s, display=("kindle", "mend", "whisper", "gust"), marks=[(1, 2), (), (), ()], teacher="glacia")
    s = edit_player(s, 1, spell_markers=3)
    s = edit_player(s, 2, spell_markers=3)
    s = with_board(s, {"cut-in-line": [(0, "")]})
    s = act(resolving(s, 0, "cut-in-line"), 0, USE)
    s = act(s, 0, next(a for a in GAME.legal_actions(s, 0) if getattr(a, "spell", "") == "kindle"))
    assert s.players[1].spell_markers == 4 and s.players[2].spell_markers == 4
    assert "kindle" not in s.display and len(s.display) == 4 and s.tasks[-1].kind == "cut"


# --- Teacher ---------------------------------------------------------------------------------------------------


def darkness_drawn(state, seat):
    s = edit_player(state, seat, darkness=())
    s = with_board(s, {"sucking-up": [(seat, "")]})
    s = edit(set_space(s, SPACE["sucking-up"], ()), tasks=(Task("turn", seat),))
    s = act(s, seat, Place(SPACE["sucking-up"]))
    return len(s.players[seat].darkness)


def test_teacher_own_house_draws_none_rival_house_draws_two() -> None:
    s = edit(game_at_placement(4, houses=[AQ, IG, TF, SV]), teacher="glacia")  # Tri-Frost, no darkness effect
    assert [darkness_drawn(s, seat) for seat in range(4)] == [1, 1, 0, 2]


def test_teacher_extra_darkness_and_blind_eye() -> None:
    s = edit(game_at_placement(4, houses=[AQ, IG, TF, SV]), teacher="brine")  # Aquatis, one more card
    assert [darkness_drawn(s, seat) for seat in range(4)] == [0, 3, 2, 2]
    s = edit(s, teacher="gloam")  # nobody draws
    assert [darkness_drawn(s, seat) for seat in range(4)] == [0, 0, 0, 0]


def test_teacher_bribery_swaps_the_teacher_and_arranges_the_deck() -> None:
    s = game_at_placement(4)
    old = s.teacher
    s = with_board(s, {"bribery": [(0, "")]})
    s = act(resolving(s, 0, "bribery"), 0, USE)
    pick = s.teacher_deck[0]
    s = act(s, 0, next(a for a in GAME.legal_actions(s, 0) if getattr(a, "teacher", "") == pick))
    assert s.teacher == pick and s.teacher_deck[0] == old
    nxt = s.teacher_deck[1]
    s = act(s, 0, next(a for a in GAME.legal_actions(s, 0) if getattr(a, "teacher", "") == nxt))
    assert s.teacher_deck[-1] == nxt
    assert GAME.view(s, 0).teacher_order[0] == nxt and GAME.view(s, 1).teacher_order == []
    s = with_tasks(s, Task("cleanup2"))
    assert s.teacher == nxt and s.teacher_deck[0] == pick


# --- Action Spaces: Farm, Teacher's Lounge, Kiosk --------------------------------------------------------------------


def test_farm_get_information_pays_a_goods_for_two_prophecies() -> None:
    s = edit_player(game_at_placement(4), 0, goods=1, coins=0, prophecies=())
    s = with_board(s, {"information": [(0, "")]})
    s = act(resolving(s, 0, "information"), 0, USE)
    assert s.players[0].goods == 0 and len(s.players[0].prophecies) + len(s.players[0].fulfilled) >= 2


def test_farm_attract_a_magical_beast_and_refill_the_selection() -> None:
    s = edit_player(game_at_placement(4), 0, herbs=1, coins=0, beasts=())
    s = with_board(s, {"beast-2": [(0, "")]})
    s = resolving(s, 0, "beast-2")
    beast = next(a for a in GAME.legal_actions(s, 0) if getattr(a, "beast", "")).beast
    s = act(s, 0, next(a for a in GAME.legal_actions(s, 0) if getattr(a, "beast", "") == beast))
    assert s.players[0].herbs == 0 and s.players[0].beasts[0].id == beast
    assert beast not in s.beasts and len(s.beasts) == 4


def test_farm_spy_and_blink_mark_events_only_the_spy_sees() -> None:
    s = edit(game_at_placement(4), teacher="glacia")
    s = edit_player(s, 0, stars=0)
    s = with_board(s, {"spy": [(0, "")], "blink": [(1, "")]})
    s = resolving(s, 0, "spy")
    s = act(s, 0, next(a for a in GAME.legal_actions(s, 0) if getattr(a, "event", -1) == 0))
    s = act(s, 0, next(a for a in GAME.legal_actions(s, 0) if getattr(a, "event", -1) == 1))
    assert s.players[0].event_markers == 1
    assert GAME.view(s, 0).events[:2] == list(s.events[:2]) and GAME.view(s, 1).events[:2] == ["", ""]
    s = edit_player(s, 1, stars=0)
    s = resolving(s, 1, "blink")
    s = act(s, 1, next(a for a in GAME.legal_actions(s, 1) if getattr(a, "event", -1) == 2))
    assert s.players[1].stars == 2 and s.players[1].event_markers == 2 and not s.tasks


def test_teachers_lounge_call_in_sick_changes_the_duelists() -> None:
    s = game_at_placement(4)
    s = edit(s, duelists=(0, 1))
    s = with_board(s, {"call-in-sick": [(2, "")]})
    s = act(resolving(s, 2, "call-in-sick"), 2, SwapDuelist(0, 2))
    assert s.duelists == (2, 1)
    s = game_at_placement(3)
    s = edit(s, duelists=(0, 1))
    s = with_board(s, {"call-in-sick": [(2, "")]})
    s = act(resolving(s, 2, "call-in-sick"), 2, USE)
    assert s.duelists == (2, 0)  # clockwise: the watcher steps in, the right duelist watches


def test_teachers_lounge_tattle_steals_one_card_from_two_players() -> None:
    s = game_at_placement(4)
    s = edit_player(s, 0, mischief=())
    s = edit_player(s, 1, mischief=("boast",))
    s = edit_player(s, 2, mischief=("trophy",))
    s = edit_player(s, 3, mischief=())
    s = with_board(s, {"tattle": [(0, "")]})
    s = act(resolving(s, 0, "tattle"), 0, USE)
    assert sorted(s.players[0].mischief) == ["boast", "trophy"] and not s.players[1].mischief
    s = game_at_placement(2)
    s = edit_player(edit_player(s, 0, mischief=()), 1, mischief=("boast", "trophy"))
    s = with_board(s, {"tattle": [(0, "")]})
    s = act(resolving(s, 0, "tattle"), 0, USE)
    assert len(s.players[0].mischief) == 2 and len(s.players[1].mischief) == 1  # one from the deck


def test_kiosk_spaces_give_their_wares() -> None:
    s = edit(game_at_placement(4), teacher="glacia")
    for space, field, n in (("buy-goods", "goods", 3), ("help-out", "coins", 3), ("buy-herbs", "herbs", 3)):
        t = edit_player(s, 0, goods=0, coins=0, herbs=0)
        t = with_board(t, {space: [(0, "")]})
        t = act(resolving(t, 0, space), 0, USE)
        assert getattr(t.players[0], field) == n


# --- Dueling Club ---------------------------------------------------------------------------------------------------

from foxtui.games.foxpaw.actions import Bet, Gesture, PickPair, PlaceObsidio, ShowDarkness, Target  # noqa: E402
from foxtui.games.foxpaw.rules_event import value  # noqa: E402


def card_of(gesture: str, value_: int) -> int:
    return next(c for c in C.DARK_CARDS if C.DARK_GESTURE[c] == gesture and C.DARK_VALUE[c] == value_)


def duel_state(n=4, duelists=(0, 1), card="tide-against-flame", **player):
    s = game_at_placement(n, houses=[AQ, IG, TF, SV][:n])
    s = edit(s, duel=card, duelists=duelists)
    for seat in range(n):
        s = edit_player(s, seat, **{"mischief": (), "stars": 0, "energy": 5, "prophecies": (), "darkness": (), **player})
    return with_tasks(s, Task("duel"))


DUEL_TABLE = {  # Tide against Flame: Share? 3 Stars (and 1 Energy), Attack! 2, Hold back 1, Audience 1
    ("share", "share"): (3, 3, 0, "both"),
    ("share", "attack"): (0, 2, 0, "one"),
    ("share", "hold"): (0, 1, 0, "one"),
    ("attack", "share"): (2, 0, 0, "one"),
    ("attack", "attack"): (0, 0, 1, "none"),
    ("attack", "hold"): (2, 1, 0, "one"),  # issue 39: the attack wins; Hold back is paid anyway
    ("hold", "share"): (1, 0, 0, "one"),
    ("hold", "attack"): (1, 2, 0, "one"),
    ("hold", "hold"): (1, 1, 0, "both"),
}


@pytest.mark.parametrize("gestures", list(DUEL_TABLE))
def test_dueling_club_gestures_are_resolved_as_written(gestures) -> None:
    s = duel_state()
    assert GAME.to_act(s) == {0, 1, 2, 3}
    assert GAME.legal_actions(s, 2) == [Bet("one"), Bet("both"), Bet("none"), Bet(C.NO_BET)]
    s = act(s, 0, Gesture(gestures[0]))
    s = act(s, 1, Gesture(gestures[1]))
    s = act(s, 2, Bet("one"))
    s = act(s, 3, Bet("both"))
    first, second, crowd, outcome = DUEL_TABLE[gestures]
    assert [p.stars for p in s.players] == [first, second, crowd, crowd]
    report = s.duel_reports[-1]
    assert report.outcome == outcome
    right = [2] if outcome == "one" else [3] if outcome == "both" else []
    assert report.right == tuple(right)
    assert [t.seat for t in s.tasks if t.kind == "resource"] == right


def test_dueling_club_a_right_bet_takes_one_resource_of_choice() -> None:
    s = duel_state()
    for seat, a in ((0, Gesture("hold")), (1, Gesture("hold")), (2, Bet("both")), (3, Bet("none"))):
        s = act(s, seat, a)
    coins = s.players[2].coins
    s = act(s, 2, next(a for a in GAME.legal_actions(s, 2) if a.resource == "coins"))
    assert s.players[2].coins == coins + 1 and not s.tasks


def test_dueling_club_each_duelist_discards_one_darkness_card_of_its_gesture() -> None:
    s = duel_state(darkness=(card_of("attack", 1), card_of("attack", 3), card_of("share", 2)))
    for seat, a in ((0, Gesture("attack")), (1, Gesture("hold")), (2, Bet("one")), (3, Bet("one"))):
        s = act(s, seat, a)
    assert s.players[0].darkness == (card_of("attack", 1), card_of("share", 2))
    assert len(s.players[1].darkness) == 3  # no Hold back card to give up
    assert card_of("attack", 3) in s.darkness_discard


def test_dueling_club_mischief_card_changes_a_gesture() -> None:
    s = duel_state()
    s = edit_player(s, 2, mischief=("feint",))
    for seat, a in ((0, Gesture("share")), (1, Gesture("share")), (2, Bet("one")), (3, Bet("both"))):
        s = act(s, seat, a)
    assert s.tasks[-1].kind == "duel_mischief" and s.tasks[-1].seat == 2
    assert GAME.view(s, 3).gestures == ["share", "share"]
    s = act(s, 2, PlayMischief("feint"))
    assert GAME.legal_actions(s, 2) == [Target(0), Target(1)]
    s = act(s, 2, Target(1))  # no Feint left to change anything: the window closes
    assert [p.stars for p in s.players[:2]] == [0, 2] and s.duel_reports[-1].changed == (False, True)
    assert s.duel_reports[-1].right == (2,)


def test_dueling_club_a_mischief_card_that_would_change_nothing_is_not_offered() -> None:
    s = duel_state()
    s = edit_player(s, 2, mischief=("feint", "white-flag"))
    for seat, a in ((0, Gesture("attack")), (1, Gesture("attack")), (2, Bet("one")), (3, Bet("both"))):
        s = act(s, seat, a)
    assert GAME.legal_actions(s, 2) == [PlayMischief("white-flag"), DONE]  # both attack already
    s = act(s, 2, PlayMischief("white-flag"))
    s = act(s, 2, Target(0))
    assert GAME.legal_actions(s, 2) == [PlayMischief("feint"), DONE]  # Don shares now
    s = act(s, 2, PlayMischief("feint"))
    assert GAME.legal_actions(s, 2) == [Target(0)]  # McCoy attacks already
    t = duel_state()
    t = edit_player(t, 2, mischief=("feint",))
    for seat, a in ((0, Gesture("attack")), (1, Gesture("attack")), (2, Bet("one")), (3, Bet("both"))):
        t = act(t, seat, a)
    assert t.duel_reports and not t.tasks  # Feint would change nothing: no window at all


def test_dueling_club_gestures_and_bets_stay_secret_until_all_chose() -> None:
    s = duel_state()
    a = act(s, 0, Gesture("attack"))
    b = act(s, 0, Gesture("share"))
    for seat in (1, 2, 3):
        assert GAME.view(a, seat) == GAME.view(b, seat)
    assert GAME.view(a, 1).houses[0].chosen and GAME.view(a, 0).secret == "attack"
    assert "attack" not in GAME.describe(s, 0, Gesture("attack"), 1)


def test_dueling_club_duelists_turn_clockwise_below_four_players() -> None:
    s = edit(game_at_placement(3), duelists=(0, 1))
    s = with_tasks(s, Task("cleanup2"))
    assert s.duelists == (2, 0)
    s = edit(game_at_placement(4, houses=[AQ, IG, TF, SV]), duel_deck=("frost-and-gloom",))
    s = with_tasks(s, Task("cleanup2"))
    assert s.duel == "frost-and-gloom" and s.duelists == (2, 3)


# --- Prophecies --------------------------------------------------------------------------------------------------


def test_prophecies_are_shown_and_pay_their_stars_once_fulfilled() -> None:
    s = edit_player(game_at_placement(4), 0, prophecies=("merchant", "titan"), goods=4, stars=0, fulfilled=())
    s = with_board(s, {"buy-goods": [(0, "")]})
    assert GAME.view(s, 1).houses[0].prophecies == 2 and GAME.view(s, 1).prophecies != ["merchant", "titan"]
    s = act(resolving(s, 0, "buy-goods"), 0, USE)
    assert s.players[0].fulfilled == ("merchant",) and s.players[0].stars == 2
    assert GAME.view(s, 1).houses[0].fulfilled == ["merchant"] and GAME.view(s, 1).houses[0].prophecies == 1


def test_prophecies_standing_on_a_space() -> None:
    s = edit(game_at_placement(4), teacher="gloam")
    s = edit_player(s, 0, prophecies=("seer",), stars=0)
    s = act(turn(s, 0), 0, Place(SPACE["spy"]))
    assert s.players[0].fulfilled == ("seer",) and s.players[0].stars == 1


# --- Magical Beasts ----------------------------------------------------------------------------------------------


def test_magical_beasts_exhaust_when_used_and_leave_after_the_last_use() -> None:
    s = edit_player(game_at_placement(4), 0, beasts=(BeastCard("owlet", 1),))
    s = with_board(s, {"buy-goods": [(0, "owlet")]})
    s = act(resolving(s, 0, "buy-goods"), 0, USE)
    assert s.players[0].beasts[0].exhausted == 2
    s = with_tasks(s, Task("cleanup2"))
    assert s.players[0].beasts == () and "owlet" in s.beast_discard


def test_magical_beasts_permanent_skills_last_while_kept() -> None:
    s = edit(game_at_placement(4), teacher="brine")
    s = edit_player(s, 1, beasts=(BeastCard("stone-tortoise"),), energy=0)
    s = with_board(s, {"buy-goods": [(1, "")]})
    s = act(resolving(s, 1, "buy-goods"), 1, REST)
    assert s.players[1].energy == 4 + 2


# --- Mischief Cards ------------------------------------------------------------------------------------------------


def test_mischief_cards_are_played_in_their_phase() -> None:
    s = edit_player(game_at_placement(4), 0, mischief=("second-breakfast", "feint", "lucky-charm", "trophy"), energy=2)
    s = turn(s, 0)
    played = [a.card for a in GAME.legal_actions(s, 0) if isinstance(a, PlayMischief)]
    assert played == ["second-breakfast"]
    s = act(s, 0, PlayMischief("second-breakfast"))
    assert s.players[0].energy == 5 and GAME.to_act(s) == {0} and "second-breakfast" in s.mischief_discard


def test_mischief_cards_aim_at_a_player() -> None:
    s = edit_player(game_at_placement(4), 0, mischief=("sneak-attack",))
    s = edit_player(s, 2, energy=5)
    s = act(act(turn(s, 0), 0, PlayMischief("sneak-attack")), 0, Target(2))
    assert s.players[2].energy == 3 and s.tasks[-1].kind == "turn" and s.tasks[-1].seat == 0


def test_mischief_cards_extra_shift_places_two_meeples() -> None:
    s = edit_player(game_at_placement(4), 0, mischief=("extra-shift",))
    s = act(act(turn(s, 0), 0, PlayMischief("extra-shift")), 0, Place(SPACE["sports-1"]))
    assert s.tasks[-1].kind == "turn" and s.tasks[-1].seat == 0


# --- Magical Events ---------------------------------------------------------------------------------------------


def event_state(event, n=4, order=None, **player):
    s = game_at_placement(n, houses=[AQ, IG, TF, SV][:n])
    s = edit(s, events=(event,) + tuple(e for e in s.events if e != event), events_done=0, round=2)
    if order is not None:
        s = edit(s, order=tuple(order))
    for seat in range(n):
        s = edit_player(s, seat, **{"mischief": (), "stars": 0, "beasts": (), "prophecies": (), **player})
    return s


def test_magical_events_behemoth_fighting_adds_energy_and_coins() -> None:
    s = event_state("behemoth", order=(3, 2, 1, 0))
    for seat, (energy, coins) in enumerate([(5, 1), (2, 2), (3, 1), (1, 1)]):
        s = edit_player(s, seat, energy=energy, coins=coins)
    s = with_tasks(s, Task("event"))
    assert s.event_reports[-1].ranking == (0, 2, 1, 3)  # 6, 4 (went to bed earlier), 4, 2
    assert [p.stars for p in s.players] == [4, 1, 2, 0]


def test_magical_events_dragon_fighting_example() -> None:
    """Parry and Don bid 12, Helga 10: Helga first, Parry (earlier to bed) second, Don third."""
    parry, don, helga = 0, 1, 2
    s = event_state("dragon", n=3, order=(helga, parry, don), energy=12)
    s = with_tasks(s, Task("event"))
    assert GAME.to_act(s) == {0, 1, 2}
    s = act(s, parry, GAME.legal_actions(s, parry)[12])
    s = act(s, helga, GAME.legal_actions(s, helga)[10])
    s = act(s, don, GAME.legal_actions(s, don)[12])
    assert s.event_reports[-1].ranking == (helga, parry, don)
    assert [p.energy for p in s.players] == [0, 0, 2]
    assert [p.stars for p in s.players] == [3, 1, 5]


def test_magical_events_trimagic_triathlon_example() -> None:
    """Knowledge: Don 2, Parry 4, Lisa 5, Carla 3 - Don is out. Reshuffle. Energy: Parry 2,
    Lisa 2, Carla 6 - Lisa is out, having gone to bed later."""
    don, parry, lisa, carla = 0, 1, 2, 3
    base = event_state("triathlon", order=(carla, parry, lisa, don))
    for seat, (knowledge, energy) in enumerate([(2, 9), (4, 2), (5, 2), (3, 6)]):
        base = edit_player(base, seat, knowledge=knowledge, energy=energy, strength=seat)
    for rng in range(500):
        s = edit(base, rng=rng)
        from foxtui.games.foxpaw.rules_core import new_event_run

        run = new_event_run("triathlon", 1, (0, 1, 2, 3))
        run = replace(run, deck=("strength", "strength", "energy", "energy", "knowledge", "reshuffle", "knowledge"))
        s = edit(s, event=run)
        s = with_tasks(s, Task("event_run"))
        drawn = s.event_reports[-1].values
        if drawn[1].startswith("Energy"):
            break
    else:
        raise AssertionError("no seed drew Energy after the Reshuffle")
    ranking = s.event_reports[-1].ranking
    assert ranking[-1] == don and ranking[-2] == lisa
    assert drawn[0].startswith("Knowledge")


def test_magical_events_potion_brewing_and_skirmish_cup_values() -> None:
    s = event_state("potion")
    s = edit_player(s, 0, herbs=4, goods=1, mischief=("boast", "trophy"), prophecies=("sage",))
    s = with_board(s, {"spy": [(0, "")], "tattle": [(0, "")], "buy-goods": [(0, "")]})
    s = edit(s, event=__import__("foxtui.games.foxpaw.rules_core", fromlist=["x"]).new_event_run("potion", 1, (0, 1, 2, 3)))
    assert (value(s, 0, "herbs"), value(s, 0, "goods")) == (4, 1)
    assert (value(s, 0, "cards"), value(s, 0, "darkness_spaces")) == (3, 2)


def test_magical_events_magical_conflict_bracket() -> None:
    s = event_state("conflict", order=(0, 1, 2, 3), energy=4, knowledge=0, objects=())
    s = edit_player(s, 3, vp=(0,) * 7)
    for seat in (0, 1, 2):
        s = edit_player(s, seat, vp=(1,) + (0,) * 6)
    s = with_tasks(s, Task("event"))
    assert s.tasks[-1].kind == "opponent" and s.tasks[-1].seat == 3  # fewest VP chooses
    s = act(s, 3, GAME.legal_actions(s, 3)[0])  # against seat 0; 1 plays 2
    assert s.event.pairs == ((3, 0), (1, 2))
    for seat, bid in ((0, 1), (1, 2), (2, 0), (3, 3)):
        s = act(s, seat, GAME.legal_actions(s, seat)[bid])
    assert s.event.pairs == ((3, 1), (0, 2))
    for seat, bid in ((0, 0), (1, 2), (2, 3), (3, 1)):
        s = act(s, seat, GAME.legal_actions(s, seat)[bid])
    assert s.event_reports[-1].ranking == (1, 3, 2, 0)
    assert [p.energy for p in s.players] == [3, 0, 1, 0]


def test_magical_events_after_years_two_four_and_five() -> None:
    from foxtui.bots import random_bot
    from foxtui.engine import Rng

    for first_game, years in ((False, [2, 4, 5]), (True, [2, 4])):
        s = new_game(3, seed=8, first_game=first_game)
        rng = Rng(8)
        while s.phase != "over":
            seat = min(GAME.to_act(s))
            s = GAME.apply(s, seat, random_bot(None, GAME.legal_actions(s, seat), rng))
        assert [r.year for r in s.event_reports] == years
        assert [r.year for r in s.scorings] == years


# --- Intermediate Scoring ------------------------------------------------------------------------------------------


def scoring_state(n=4, stars=(5, 3, 3, 1), order=(3, 2, 1, 0), year=2, reputation=0):
    s = game_at_placement(n, houses=[AQ, IG, TF, SV][:n])
    s = edit(s, order=tuple(order[:n]) if n == 4 else tuple(range(n)), round=year)
    for seat in range(n):
        s = edit_player(s, seat, stars=stars[seat], perm_stars=0, beasts=(), reputation=reputation, mischief=(),
                        vp=(0,) * 7)
    return s


def test_intermediate_scoring_three_two_one_vp_with_ties_to_the_earlier_sleeper() -> None:
    s = with_tasks(scoring_state(), Task("scoring"))
    assert [p.vp[0] for p in s.players] == [3, 1, 2, 0]


def test_intermediate_scoring_third_place_takes_a_mischief_card_below_four_players() -> None:
    s = with_tasks(scoring_state(n=3, stars=(1, 5, 3)), Task("scoring"))
    assert [p.vp[0] for p in s.players] == [0, 3, 2] and len(s.players[0].mischief) == 1


def test_intermediate_scoring_counts_the_reputation_track() -> None:
    s = scoring_state(stars=(0, 0, 0, 0))
    for seat, rep in enumerate((5, 4, -1, -2)):
        s = edit_player(s, seat, reputation=rep, darkness=())
    s = with_tasks(s, Task("scoring"))
    assert [r[1] for r in sorted(s.scorings[-1].stars)] == [2, 0, -1, -1]  # only -1 and 5 pay Stars
    assert len(s.players[3].darkness) == 1


def test_intermediate_scoring_clears_expiring_stars_and_renews_spells_and_beasts() -> None:
    s = scoring_state()
    s = edit(s, marks=[(0,), (), (), ()])
    s = edit_player(s, 0, spell_markers=3, perm_stars=2)
    old_spells, old_beasts = s.display, s.beasts
    s = with_tasks(s, Task("scoring"))
    assert all(p.stars == 0 for p in s.players) and s.players[0].perm_stars == 2
    assert s.players[0].spell_markers == 4 and set(s.display).isdisjoint(old_spells)
    assert set(s.beasts).isdisjoint(old_beasts) and len(s.beasts) == 4


# --- Cleanup Phase ---------------------------------------------------------------------------------------------------


def test_cleanup_phase_new_cards_meeples_back_and_time_moves_on() -> None:
    s = game_at_placement(4)
    s = with_board(s, {"sports-1": [(0, "")], "dormitory-1": [(1, "")]})
    carnival, duel = s.carnival_deck[-1], s.duel_deck[-1]
    s = with_tasks(s, Task("cleanup2"))
    assert s.round == 2 and s.carnival == carnival and s.duel == duel
    assert s.phase == "placement" and all(p.wizards == 4 for p in s.players)
    assert not any(s.board)


# --- End of the Game and Final Scoring ----------------------------------------------------------------------------


def test_end_of_the_game_darkness_prophecies_and_mischief() -> None:
    s = scoring_state(year=5)
    dark = [(card_of("share", 3), card_of("hold", 2)), (card_of("share", 3),), (), (card_of("hold", 3),)]
    done = [("merchant", "sage"), ("titan", "scholar"), ("seer",), ()]
    for seat in range(4):
        s = edit_player(s, seat, darkness=dark[seat], fulfilled=done[seat])
    s = edit(s, order=(0, 1, 2, 3))
    s = edit_player(s, 2, mischief=("trophy", "secret-diary"))
    s = with_tasks(s, Task("final"))
    assert [p.vp[4] for p in s.players] == [-2, 0, 0, -1]  # tie at 3: the later sleeper takes it
    assert [p.vp[5] for p in s.players] == [2, 1, 0, 0]
    assert s.players[2].vp[3] == 1  # the diary needs 3 fulfilled Prophecies
    assert s.phase == "over" and GAME.outcome(s) is not None


def test_end_of_the_game_ties_go_to_the_earlier_sleeper() -> None:
    s = scoring_state(year=5)
    s = edit(s, order=(2, 0, 3, 1))
    s = with_tasks(s, Task("final"))
    outcome = GAME.outcome(s)
    assert outcome.ranking == [2, 0, 3, 1] and outcome.winners == [2] and outcome.tiebreak


# --- 2-Player Game: House Obsidio ------------------------------------------------------------------------------------


def test_two_player_game_setup() -> None:
    s = game_at_placement(2)
    starts = sorted(p.start for p in s.players)
    assert set(starts) < {1, 2, 3} and OBSIDIO in s.order
    assert "conflict" not in s.events and "quina" not in s.events and len(s.events) == 5
    assert s.board[SPACE["carnival-2"]] == (Meeple(OBSIDIO, marker=5),)
    for p in s.players:
        assert sorted(C.DARK_VALUE[c] for c in p.darkness) == [1, 2, 3]
    assert not any(C.OBJECT[o].four_players for o in s.objects)


def test_two_player_game_obsidio_markers_block_spaces() -> None:
    s = game_at_placement(2)
    s = edit(s, order=(OBSIDIO, 0, 1), obsidio=s.obsidio.__class__((1, 0, 1, 0)))
    s = with_tasks(s, Task("year_start"))
    assert s.tasks[-1].kind == "obs_turn" and GAME.to_act(s) == {1}
    legal = GAME.legal_actions(s, 1)
    assert all(C.SPACES[a.space].time != "night" for a in legal)
    s = act(s, 1, PlaceObsidio(SPACE["buy-goods"]))
    assert Place(SPACE["buy-goods"]) not in GAME.legal_actions(s, 0)
    s = act(s, 0, Place(SPACE["sports-1"]))
    s = act(s, 1, Place(SPACE["sports-2"]))
    assert GAME.to_act(s) == {0} and s.tasks[-1].kind == "obs_turn"  # marker 2 is seat 0's


def test_two_player_game_obsidio_gets_nothing_from_its_spaces() -> None:
    s = game_at_placement(2)
    s = with_board(s, {"sports-1": [(OBSIDIO, "")], "library-1": [(0, "")]})
    s = with_tasks(s, Task("path"))
    assert s.tasks[-1].seat == 0 and C.SPACES[s.tasks[-1].a].id == "library-1"


def test_two_player_game_first_sleeper_chooses_the_marker_pair_each_year() -> None:
    s = edit(game_at_placement(2), order=(1, OBSIDIO, 0))
    s = with_tasks(s, Task("cleanup2"))
    assert s.tasks[-1].kind == "pair" and GAME.to_act(s) == {1}
    s = act(s, 1, PickPair(1))
    assert s.obsidio.holders == (0, 1, 0, 1)


def test_two_player_game_duelists_use_their_darkness_card_gestures() -> None:
    s = duel_state(n=2, duelists=(0, 1), darkness=(card_of("share", 1), card_of("attack", 2), card_of("hold", 3)))
    assert GAME.to_act(s) == {0, 1}
    assert {a.card for a in GAME.legal_actions(s, 0)} == {card_of("share", 1), card_of("attack", 2), card_of("hold", 3)}
    s = act(s, 0, ShowDarkness(card_of("attack", 2)))
    s = act(s, 1, ShowDarkness(card_of("share", 1)))
    assert s.duel_reports[-1].gestures == ("attack", "share") and s.players[0].stars == 2
    assert card_of("attack", 2) not in s.players[0].darkness and len(s.players[1].darkness) == 2


def test_two_player_game_a_duelist_without_darkness_draws_one() -> None:
    s = duel_state(n=2, duelists=(0, 1))
    assert len(s.players[0].darkness) == 1 and len(s.players[1].darkness) == 1


def test_two_player_game_obsidio_duels_with_a_random_darkness_card() -> None:
    s = duel_state(n=2, duelists=(0, OBSIDIO), darkness=(card_of("hold", 1),))
    assert GAME.to_act(s) == {0, 1} and s.obsidio.dark >= 0
    gesture = C.DARK_GESTURE[s.obsidio.dark]
    s = act(s, 0, ShowDarkness(card_of("hold", 1)))
    s = act(s, 1, Bet("one"))
    report = s.duel_reports[-1]
    assert report.gestures == ("hold", gesture)
    assert (OBSIDIO in report.rewarded) == (gesture in ("hold", "attack"))
    assert s.obsidio.stars == 0 and s.obsidio.dark == -1  # evaluated, but never rewarded


def test_two_player_game_obsidio_takes_part_in_events_with_its_card() -> None:
    s = event_state("dragon", n=2, energy=11)
    s = with_tasks(s, Task("event"))
    s = act(s, 0, GAME.legal_actions(s, 0)[11])
    s = act(s, 1, GAME.legal_actions(s, 1)[9])
    assert s.event_reports[-1].ranking == (0, OBSIDIO, 1)  # Obsidio bids all its 10 Energy
    assert s.obsidio.stars == 3
    s = event_state("potion", n=2)
    s = edit(s, event=__import__("foxtui.games.foxpaw.rules_core", fromlist=["x"]).new_event_run("potion", 2, (0, 1, OBSIDIO)))
    assert value(s, OBSIDIO, "herbs") == C.OBSIDIO.events[1].herbs == 3


def test_two_player_game_final_scoring() -> None:
    s = scoring_state(n=2, stars=(0, 0), year=5)
    s = edit(s, order=(0, OBSIDIO, 1))
    s = edit_player(s, 0, darkness=(card_of("share", 3),), fulfilled=("seer",))
    s = edit_player(s, 1, darkness=(card_of("share", 2),), fulfilled=("merchant", "sage"))
    s = with_tasks(s, Task("final"))
    assert [p.vp[4] for p in s.players] == [-1, 0] and [p.vp[5] for p in s.players] == [0, 1]


# --- hidden information ----------------------------------------------------------------------------------------------


def test_views_never_show_another_houses_secrets() -> None:
    from foxtui.bots import random_bot
    from foxtui.engine import Rng

    for n in (2, 4):
        s = new_game(n, seed=21)
        rng = Rng(21)
        steps = 0
        while s.phase != "over":
            if steps % 11 == 0:
                for viewer in range(n):
                    for other in range(n):
                        if other == viewer:
                            continue
                        t = edit_player(s, other, prophecies=("titan",), mischief=("boast",), darkness=(0,),
                                        student="ada" if s.players[other].student else "", students=("ada", "bram"),
                                        secret="hold" if s.players[other].secret else "",
                                        secret_n=1 if s.players[other].secret_n >= 0 else -1)
                        a, b = GAME.view(s, viewer), GAME.view(t, viewer)
                        assert a.houses[other].prophecies == len(s.players[other].prophecies)
                        assert (a.prophecies, a.mischief, a.darkness, a.student, a.secret, a.secret_n) == (
                            b.prophecies, b.mischief, b.darkness, b.student, b.secret, b.secret_n)
                        assert a.board == b.board and a.duel_reports == b.duel_reports
                        assert a.all_prophecies == [] and a.all_darkness == []
            seat = min(GAME.to_act(s))
            s = GAME.apply(s, seat, random_bot(None, GAME.legal_actions(s, seat), rng))
            steps += 1


def test_magical_beasts_the_orange_beast_counts_toward_the_beast_limit() -> None:
    """One Magical Beast per house unless a card lifts the limit, and no card lifts it for
    the orange one: taking it beside another means letting one of the two go (either)."""
    s = edit_player(game_at_placement(4, houses=[AQ, IG, TF, SV]), 0, herbs=2, coins=0, beasts=(BeastCard("owlet"),))
    s = edit(s, beasts=("ember-fox", "mudhopper"))
    s = with_board(s, {"beast-1": [(0, "")]})
    t = act(resolving(s, 0, "beast-1"), 0, PickBeast("ember-fox"))
    assert [b.id for b in t.players[0].beasts] == ["owlet", "ember-fox"]
    assert t.tasks[-1].kind == "discard_beast"
    assert GAME.legal_actions(t, 0) == [DiscardBeast("owlet"), DiscardBeast("ember-fox")]
    kept = act(t, 0, DiscardBeast("owlet"))
    assert [b.id for b in kept.players[0].beasts] == ["ember-fox"] and not kept.tasks


def test_magical_beasts_the_orange_meeple_stands_for_the_ember_fox_alone() -> None:
    """The beast already placed keeps its space for the year; the orange meeple is the
    Ember Fox's own, so an Ember Fox taken in its place may still go out this year, while
    a beast that would need the house's one figure may not."""
    s = edit_player(game_at_placement(4, houses=[AQ, IG, TF, SV]), 0, herbs=2, coins=0,
                    beasts=(BeastCard("owlet", placed=True),))
    s = edit(s, beasts=("ember-fox", "mudhopper"))
    s = with_board(s, {"beast-1": [(0, "owlet")]})
    for newcomer, placed in (("ember-fox", False), ("mudhopper", True)):
        t = act(act(resolving(s, 0, "beast-1"), 0, PickBeast(newcomer)), 0, DiscardBeast("owlet"))
        assert [(b.id, b.placed) for b in t.players[0].beasts] == [(newcomer, placed)]


def test_two_player_game_aquatis_cannot_join_an_obsidio_marker() -> None:
    s = houses_b(game_at_placement(2, houses=[AQ, IG]), 0)
    s = with_board(s, {"buy-goods": [(OBSIDIO, "")], "buy-herbs": [(1, "")]})
    s = set_space(s, SPACE["buy-goods"], (Meeple(OBSIDIO, marker=1),))
    legal = GAME.legal_actions(turn(s, 0), 0)
    assert Place(SPACE["buy-goods"]) not in legal and Place(SPACE["buy-herbs"]) in legal


def test_log_lines_keep_secret_choices_secret() -> None:
    from foxtui.games.foxpaw.actions import Bid

    s = new_game(2)
    card = s.players[0].students[0]
    assert C.STUDENT[card].name in GAME.describe(s, 0, PickStudent(card), 0)
    assert C.STUDENT[card].name not in GAME.describe(s, 0, PickStudent(card), 1)
    assert C.STUDENT[card].name not in GAME.describe(s, 0, PickStudent(card), None)
    assert "7" not in GAME.describe(s, 0, Bid(7), 1) and "7" in GAME.describe(s, 0, Bid(7), 0)
    dark = card_of("attack", 3)
    assert "Attack" not in GAME.describe(s, 0, ShowDarkness(dark), 1)


def test_darkness_cards_counts_are_public_values_are_not() -> None:
    s = edit_player(game_at_placement(3), 0, darkness=(card_of("share", 3), card_of("hold", 1)))
    assert GAME.view(s, 1).houses[0].darkness_cards == 2 and GAME.view(s, 1).darkness != list(s.players[0].darkness)
    assert GAME.view(s, 0).darkness == list(s.players[0].darkness) and GAME.view(s, 0).darkness_value == 4


def test_start_of_the_game_a_kept_wish_keeps_one_chosen_ability() -> None:
    """With the wish kept only the first ability stays: Ignis may refresh beasts but keeps one."""
    s = game_at_placement(4, houses=[AQ, IG, TF, SV])
    s = edit_player(s, 1, wish=True, energy=5, herbs=2, coins=0, beasts=(BeastCard("owlet", 1), BeastCard("mudhopper", 1)))
    assert any(isinstance(a, Recover) for a in GAME.legal_actions(turn(s, 1), 1))  # the refresh ...
    s = with_board(s, {"beast-1": [(1, "")]})
    s = resolving(edit_player(s, 1, beasts=(BeastCard("owlet"),)), 1, "beast-1")
    pick = next(a for a in GAME.legal_actions(s, 1) if getattr(a, "beast", "") and not C.BEAST[a.beast].special)
    assert "discard_beast" in [x.kind for x in act(s, 1, pick).tasks]  # ... but not a second beast
    assert GAME.view(s, 0).houses[1].abilities == [C.HOUSE[IG].abilities[0]]
