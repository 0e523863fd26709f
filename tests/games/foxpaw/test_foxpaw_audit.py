"""Foxpaw: tests from the audit of the engine against the rulebook, one per discrepancy
found, named after the rulebook section whose rule they check."""

from __future__ import annotations

from foxpaw_helpers import SPACE, act, edit, edit_player, game_at_placement, resolving, with_board, with_tasks

from foxtui.games.foxpaw import GAME
from foxtui.games.foxpaw import content as C
from foxtui.games.foxpaw.actions import (
    DONE,
    LEAVE as LEAVE_IT,
    REST as REST_IT,
    USE,
    Bet,
    Freeze,
    Gesture,
    Learn,
    PayWith,
    PickTeacher,
    Place,
    Train,
)
from foxtui.games.foxpaw.rules import determinize, knowledge
from foxtui.games.foxpaw.rules_core import has
from foxtui.games.foxpaw.state import OBSIDIO, BeastCard, Task

DON = 0
AQ, IG, TF, SV = C.HOUSES


# --- Start of the Game: a kept family wish keeps the first ability, breaking it unlocks the second ---


def test_start_of_the_game_a_kept_wish_keeps_the_first_ability_of_every_house() -> None:
    """Breaking the wish unlocks the second ability, so keeping it leaves the first (the Ignis
    case in play: test_start_of_the_game_a_kept_wish_keeps_one_chosen_ability)."""
    s = game_at_placement(4, houses=[AQ, IG, TF, SV])
    for seat, house in enumerate(C.HOUSES):
        kept = edit_player(s, seat, wish=True)
        assert (has(kept, seat, house, 1), has(kept, seat, house, 2)) == (True, False)
        assert GAME.view(kept, 0).houses[seat].abilities == [C.HOUSE[house].abilities[0]]
        broken = edit_player(s, seat, wish=False)
        assert (has(broken, seat, house, 1), has(broken, seat, house, 2)) == (True, True)


# --- Intermediate Scoring: the Reputation track pays -1 Star at -1 and +2 Stars at 5 ---


def test_intermediate_scoring_reputation_four_pays_no_star() -> None:
    s = game_at_placement(4, houses=[AQ, IG, TF, SV])
    s = edit(s, round=2, order=(0, 1, 2, 3))
    for seat, rep in enumerate((5, 4, 3, -1)):
        s = edit_player(s, seat, reputation=rep, stars=0, perm_stars=0, beasts=(), mischief=(), vp=(0,) * 7)
    s = with_tasks(s, Task("scoring"))
    assert [stars for _, stars in sorted(s.scorings[-1].stars)] == [2, 0, 0, -1]


# --- Character Board: Coins are wildcards for Herbs and Goods, even when you hold them ---


def spell_state(herbs: int, coins: int, spell: str = "whisper"):
    s = game_at_placement(4, houses=[IG, AQ, TF, SV])
    s = edit(s, display=(spell,) + s.display[1:], marks=[(), (), (), ()], teacher="glacia")
    s = edit_player(s, DON, herbs=herbs, goods=0, coins=coins, energy=3, reputation=2, learned=(), spell_markers=4)
    s = with_board(s, {"classroom-1": [(DON, "")]})
    return act(resolving(s, DON, "classroom-1"), DON, Learn(spell))


def test_character_board_coins_may_stand_in_for_herbs_you_hold_example() -> None:
    """Don learns a Spell costing 2 Herbs and pays 2 Coins instead (he has the Herbs too): -1 Reputation."""
    s = spell_state(herbs=2, coins=2)
    assert s.tasks[-1].kind == "pay" and GAME.to_act(s) == {DON}
    assert GAME.legal_actions(s, DON) == [PayWith(0, 0), PayWith(1, 0), PayWith(2, 0)]
    t = act(s, DON, PayWith(2, 0))
    p = t.players[DON]
    assert (p.coins, p.herbs, p.reputation, p.learned) == (0, 2, 1, ("whisper",))
    t = act(s, DON, PayWith(0, 0))
    p = t.players[DON]
    assert (p.coins, p.herbs, p.reputation, p.learned) == (2, 0, 2, ("whisper",))


def test_character_board_no_payment_choice_when_there_is_only_one_way() -> None:
    s = spell_state(herbs=0, coins=2)  # the rulebook's numbers with no Herbs at hand
    p = s.players[DON]
    assert (p.coins, p.herbs, p.reputation, p.learned) == (0, 0, 1, ("whisper",)) and not s.tasks
    s = spell_state(herbs=2, coins=0)
    assert s.players[DON].learned == ("whisper",) and s.players[DON].herbs == 0 and not s.tasks


def test_character_board_coins_stand_in_at_the_farm_too() -> None:
    s = game_at_placement(4)
    s = edit_player(s, DON, goods=1, coins=1, prophecies=(), fulfilled=(), reputation=2)
    s = with_board(s, {"information": [(DON, "")]})
    s = act(resolving(s, DON, "information"), DON, USE)
    assert GAME.legal_actions(s, DON) == [PayWith(0, 0), PayWith(0, 1)]
    s = act(s, DON, PayWith(0, 1))
    p = s.players[DON]
    assert (p.goods, p.coins, p.reputation) == (1, 0, 1) and len(p.prophecies) + len(p.fulfilled) == 2


# --- Teacher's Lounge: Bribery arranges the whole Teacher deck, in secret ---


def bribe(state, seat):
    s = with_board(state, {"bribery": [(seat, "")]})
    return act(resolving(s, seat, "bribery"), seat, USE)


def test_teachers_lounge_bribery_arranges_the_teacher_deck_as_you_like() -> None:
    s = bribe(game_at_placement(4), 0)
    s = act(s, 0, DONE)  # keep the supervising Teacher
    first, second, third = s.teacher_deck[0], s.teacher_deck[1], s.teacher_deck[2]
    for pick in (first, second, third):
        assert PickTeacher(pick) in GAME.legal_actions(s, 0)
        s = act(s, 0, PickTeacher(pick))
    assert GAME.view(s, 0).teacher_order[:3] == [first, second, third]
    s = act(s, 0, DONE)
    assert not s.tasks
    for year, expected in ((2, first), (3, second), (4, third)):
        s = with_tasks(edit(s, round=year - 1), Task("cleanup2"))
        assert s.teacher == expected


def test_teachers_lounge_bribery_a_later_bribe_is_secret_from_earlier_bribers() -> None:
    s = bribe(game_at_placement(4), 0)
    s = act(act(s, 0, DONE), 0, DONE)
    assert GAME.view(s, 0).teacher_order
    s = bribe(s, 1)
    assert GAME.view(s, 0).teacher_order == [] and GAME.view(s, 1).teacher_order


# --- hidden information: what determinize may re-deal ---


def test_two_player_game_obsidio_duel_card_stays_hidden_until_the_gestures_are_shown() -> None:
    s = game_at_placement(2)
    s = edit(s, duelists=(0, OBSIDIO))
    s = with_tasks(s, Task("duel"))
    assert s.tasks[-1].kind == "duel_secret" and s.obsidio.dark >= 0
    seen = {determinize(knowledge(s, 0), seed).obsidio.dark for seed in range(20)}
    assert len(seen) > 1


def test_magical_events_the_event_being_played_is_not_re_dealt() -> None:
    s = game_at_placement(4, houses=[AQ, IG, TF, SV])
    s = edit(s, events=("dragon",) + tuple(e for e in s.events if e != "dragon"), events_done=0, round=2)
    s = with_tasks(s, Task("event"))
    assert s.event is not None and s.event.event == "dragon"
    for seed in range(10):
        assert determinize(knowledge(s, 0), seed).events[0] == "dragon"


# --- worked examples: the part of the Sports Field example no test applied ---


def test_evaluation_phase_sports_field_example_don_spends_three_energy() -> None:
    """Don, below Parry, could pay 3 Energy for +3 Strength and +1 Coin (the three rows down)."""
    parry, don = 0, 1
    s = game_at_placement(4, houses=[AQ, IG, TF, SV])
    s = edit(s, teacher="glacia")
    for seat in (parry, don):
        s = edit_player(s, seat, energy=5, strength=0, coins=0, beasts=())
    s = with_board(s, {"sports-1": [(parry, "")], "sports-2": [(don, "")]})
    s = with_tasks(s, Task("path"))
    s = act(act(s, parry, Train(1)), don, Train(3))
    p = s.players[don]
    assert (p.energy, p.strength, p.coins) == (2, 3, 1)


# --- Prophecies: a fulfilled Prophecy is shown and pays its Stars at once ---


def night_of_year(year: int, prophecies: tuple[str, ...]):
    """Year ``year``'s Evaluation down to its last path space: Don sleeps first with 4
    Energy (the Dormitory brings him to 10) holding ``prophecies``; Behemoth Fighting is
    the next Magical Event. Leaving the last space runs the night, the event, the
    scoring (and in year 5 the final scoring) in one step."""
    s = game_at_placement(4, houses=[AQ, IG, TF, SV])
    done = 0 if year == 2 else 2
    rest = [e for e in s.events if e != "behemoth"]
    s = edit(s, round=year, events=tuple(rest[:done]) + ("behemoth",) + tuple(rest[done:]), events_done=done,
             teacher="ripple")
    for seat in range(4):
        s = edit_player(s, seat, prophecies=(), fulfilled=(), mischief=(), beasts=(), stars=0, perm_stars=0,
                        reputation=0, energy=4, vp=(0,) * 7)
    s = edit_player(s, DON, prophecies=prophecies)
    s = with_board(s, {"library-1": [(DON, "")], "dormitory-1": [(DON, "")], "dormitory-2": [(1, "")],
                       "dormitory-3": [(2, "")], "dormitory-4": [(3, "")]})
    return resolving(s, DON, "library-1", 0, Task("night"), Task("after_night"))


def test_prophecies_a_prophecy_the_nights_gains_fulfil_counts_in_that_years_scoring() -> None:
    with_it = act(night_of_year(2, ("tireless",)), DON, LEAVE_IT)
    without = act(night_of_year(2, ()), DON, LEAVE_IT)
    assert with_it.players[DON].fulfilled == ("tireless",)
    stars = {w: n for w, n in with_it.scorings[-1].stars}
    assert stars[DON] == {w: n for w, n in without.scorings[-1].stars}[DON] + C.PROPHECY["tireless"].stars


def test_prophecies_one_fulfilled_in_the_fifth_years_night_counts_for_the_most_prophecies() -> None:
    s = act(night_of_year(5, ("tireless",)), DON, LEAVE_IT)
    assert s.phase == "over" and s.final.prophecies[DON] == 1
    assert s.players[DON].vp[5] == 2  # the most fulfilled Prophecies: +2 VP
    assert f"{s.seats[DON].name}: +2 VP for 1 fulfilled Prophecy" in s.final.lines


# --- Getting Rest: a resting meeple goes to the rest space of its house's board ---


def test_getting_rest_the_meeple_leaves_its_space_for_the_character_board() -> None:
    s = game_at_placement(4)
    seat, nxt = s.order[0], s.order[1]
    s = act(act(s, seat, Place(SPACE["buy-goods"])), seat, REST_IT)
    assert s.board[SPACE["buy-goods"]] == () and s.players[seat].resting == ("",)
    assert GAME.view(s, nxt).houses[seat].resting == [""]
    assert Place(SPACE["buy-goods"]) in GAME.legal_actions(s, nxt)  # the Morning space is free again
    s = with_tasks(edit(s, phase="cleanup"), Task("year_start"))
    assert s.players[seat].resting == ()


def test_getting_rest_tri_frost_cannot_freeze_a_place_it_rested_from() -> None:
    s = game_at_placement(4, houses=[AQ, IG, TF, SV])
    s = edit_player(s, 2, wish=False, ice=2)
    s = with_board(s, {"buy-goods": [(2, "")], "sports-1": [(2, "")]})
    s = act(resolving(s, 2, "buy-goods"), 2, REST_IT)
    s = with_tasks(s, Task("cleanup"))
    assert s.tasks[-1].kind == "freeze"
    assert GAME.legal_actions(s, 2) == [Freeze("sports"), DONE]


def test_getting_rest_a_rested_meeple_is_not_on_its_darkness_space_for_the_skirmish_cup() -> None:
    from foxtui.games.foxpaw.rules_event import value

    s = edit(game_at_placement(4), teacher="gloam")
    s = with_board(s, {"sucking-up": [(DON, "")], "tattle": [(DON, "")]})
    assert value(s, DON, "darkness_spaces") == 2
    s = act(resolving(s, DON, "sucking-up"), DON, REST_IT)
    assert value(s, DON, "darkness_spaces") == 1


# --- Betting on Duels from the Audience: a spectator may bet, in secret, or not ---


def test_betting_on_duels_from_the_audience_is_optional() -> None:
    s = game_at_placement(4, houses=[AQ, IG, TF, SV])
    s = edit(s, duel="tide-against-flame", duelists=(0, 1))
    s = with_tasks(s, Task("duel"))
    assert Bet(C.NO_BET) in GAME.legal_actions(s, 2)
    for seat, a in ((0, Gesture("hold")), (1, Gesture("hold")), (2, Bet(C.NO_BET)), (3, Bet("both"))):
        s = act(s, seat, a)
    report = s.duel_reports[-1]
    assert report.outcome == "both" and report.right == (3,)
    assert [t.seat for t in s.tasks if t.kind == "resource"] == [3]  # no bet, nothing to win


def test_prophecies_one_fulfilled_by_the_reputation_tracks_darkness_card_counts_in_that_scoring() -> None:
    s = game_at_placement(4, houses=[AQ, IG, TF, SV])
    s = edit(s, round=2)
    for seat in range(4):
        s = edit_player(s, seat, prophecies=(), fulfilled=(), mischief=(), beasts=(), stars=0, perm_stars=0,
                        reputation=0, vp=(0,) * 7)
    s = edit_player(s, DON, prophecies=("dark-heart",), darkness_drawn=2, reputation=-2)
    s = with_tasks(s, Task("scoring"))
    assert s.players[DON].fulfilled == ("dark-heart",)
    # the track's -1 Star and the Prophecy's Star, in this scoring
    assert dict(map(tuple, s.scorings[-1].stars))[DON] == -1 + C.PROPHECY["dark-heart"].stars


# --- authored content against the rules ---


def test_prophecies_a_dark_heart_is_no_free_star_in_a_two_player_game() -> None:
    """Both houses start a 2-player game with three Darkness cards: A Dark Heart asks for
    three Darkness cards drawn in play."""
    s = game_at_placement(2, houses=[AQ, IG])
    s = edit(s, teacher="glacia")  # a Tri-Frost Teacher: one card per Darkness space
    s = edit_player(s, DON, prophecies=("dark-heart",), fulfilled=())
    assert len(s.players[DON].darkness) == 3
    s = with_tasks(s, Task("turn", DON))
    assert s.players[DON].fulfilled == ()
    for space in ("sucking-up", "tattle", "spy"):
        s = act(with_tasks(s, Task("turn", DON)), DON, Place(SPACE[space]))
    assert s.players[DON].darkness_drawn == 3 and s.players[DON].fulfilled == ("dark-heart",)


def test_houses_shadowvein_no_spell_is_free_with_two_energy_off() -> None:
    """"Spells cost 2 Energy less" (and the Inkwing Raven 1 more): every Spell still costs
    Herbs, Goods or Coins, so none is learned for nothing."""
    from foxtui.games.foxpaw.effects import spell_cost

    s = game_at_placement(4, houses=[AQ, IG, TF, SV])
    s = edit_player(s, 3, wish=True, beasts=(BeastCard("inkwing-raven"),))
    for spell in C.SPELL:
        cost = spell_cost(s.players[3], spell)
        assert cost.energy == max(0, C.SPELL[spell].cost.energy - 3)
        assert cost != C.FREE and cost.herbs + cost.goods + cost.coins > 0, spell


def test_houses_tri_frost_ice_every_other_house_pays_and_the_house_text_says_so() -> None:
    """The rulebook has whoever next uses an iced place give Tri-Frost 1 Energy: anyone, not
    only its rival house (the word the Teacher rule uses)."""
    text = C.HOUSE["trifrost"].abilities[1]
    assert "rival" not in text and "any other house" in text
    s = game_at_placement(4, houses=[AQ, IG, TF, SV])
    s = edit(s, ice=("kiosk",))
    for seat in (0, 3):  # Aquatis, and Tri-Frost's rival Shadowvein
        t = edit_player(edit_player(s, seat, energy=3), 2, energy=5)
        t = act(with_tasks(t, Task("turn", seat)), seat, Place(SPACE["help-out"]))
        assert (t.players[seat].energy, t.players[2].energy, t.ice) == (2, 6, ())
