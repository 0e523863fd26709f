"""The Fox Experiment, 2 Player Rules: the automated opponent, step by step.

Selection cards (content/automaton.json): x01-x02 female+male arrow left, x03-x04
female+male right, x05-x06 female+supply left, x07-x08 female+supply right,
x09-x10 male+supply left, x11-x12 male+supply right. Automaton study a01 prefers
spots, then barking."""

from __future__ import annotations

import pytest
from fox_experiment_helpers import B, S, act, advance, female_blank, male_blank, new_game, player, pup, step
from msgspec.structs import replace

from foxtui.engine import IllegalAction
from foxtui.games.fox_experiment import GAME, automaton, foxes, rules
from foxtui.games.fox_experiment.actions import AssignPup, EndResearch, EndUpgrades, TakeFox, TakeSupply
from foxtui.games.fox_experiment.content import AUTO_STUDY, BLANK, STUDY
from foxtui.games.fox_experiment.state import AUTO_GEAR, AUTO_MEEPLE, AUTOMATON, FREE, Fox, Space, StudyProgress

FEMALES = ["f12", "f13", "f04", "f01", "f05"]  # spots 2,2,1,2,1; barking 0,1,0,1,1
MALES = ["m09", "m01", "m04", "m16", "m05"]  # spots 2,1,2,2,1; barking 2,2,0,1,1


def two_player(deck: list[str], study: str = "a01", took=(0, 0, 0)):
    """A 2-player game in Selection, both humans yet to move, the opponent's selection
    deck ``deck`` (top last) and the kennel rows above."""
    state = advance(new_game(2, seed=5), "selection")
    auto = replace(state.automaton, deck=deck, discard=[], study=study, took=list(took))
    return replace(
        state,
        automaton=auto,
        females=[foxes.deck_fox(c) for c in FEMALES],
        males=[foxes.deck_fox(c) for c in MALES],
    )


def humans_move(state):
    """Both humans take a turn (the second free supply space if they still may, else the
    last fox of the male row) so the opponent's turn comes."""
    for _ in range(2):
        seat = rules.current(state)
        legal = GAME.legal_actions(state, seat)
        free = [i for i, sp in enumerate(state.track) if sp.claim == FREE]
        if TakeSupply(free[1]) in legal:
            state = act(state, seat, TakeSupply(free[1]))
        else:
            state = act(state, seat, [a for a in legal if isinstance(a, TakeFox) and a.sex == "male" and a.index >= 0][-1])
        while state.players[seat].pending:
            state = step(state)
    return state


def test_two_player_rules_setup_as_for_four_players() -> None:
    state = new_game(2)
    assert state.side == "small" and len(state.track) == 5
    assert len(state.females) == len(state.males) == 5
    assert state.order[2] == AUTOMATON and sorted(state.order[:2]) == [0, 1]
    assert [state.players[s].friendly for s in state.order[:2]] == [0, 1]
    a = state.automaton
    assert a.study in AUTO_STUDY and a.study not in a.study_deck and len(a.study_deck) == 11
    assert len(a.deck) == 12 and a.gear == -1


def test_two_player_rules_the_opponent_takes_the_two_items_on_its_card() -> None:
    state = humans_move(two_player(["x09", "x03", "x01"]))  # turns over x01 (female+male); x03 (arrow right) shows
    a = state.automaton
    assert a.shown == "x01" and a.took == [1, 1, 0] and automaton.arrow(a) == "right"
    assert [f.card for f in state.females if f.automaton] == ["f13"]  # spots tie, barking tie, from the left
    assert [f.card for f in state.males if f.automaton] == ["m09"]  # most spots, then most barking
    assert len(state.females) == 5  # the opponent's foxes stay in the kennel
    assert any("automated opponent" in e for e in state.events)


def test_two_player_rules_a_left_arrow_picks_the_tied_fox_from_the_right() -> None:
    state = humans_move(two_player(["x09", "x01", "x02"]))  # x01 (arrow left) shows after x02
    assert [f.card for f in state.females if f.automaton] == ["f01"]


def test_two_player_rules_the_opponent_selects_what_it_still_needs() -> None:
    state = humans_move(two_player(["x09", "x01", "x05"], took=(2, 0, 1)))  # x05: female + supply
    assert state.automaton.took == [2, 1, 2]  # female already twice: a male instead
    assert sum(f.automaton for f in state.males) == 1


def test_two_player_rules_players_cannot_select_a_fox_with_an_opponent_meeple() -> None:
    state = humans_move(two_player(["x09", "x03", "x01"]))
    seat = rules.current(state)
    k = next(i for i, f in enumerate(state.females) if f.automaton)
    assert TakeFox("female", k) not in GAME.legal_actions(state, seat)
    with pytest.raises(IllegalAction, match="automated opponent"):
        GAME.apply(state, seat, TakeFox("female", k))


def test_two_player_rules_supply_spaces_from_the_arrow_end_meeple_first_then_gear() -> None:
    state = two_player(["x01", "x11", "x09"])  # x09 male+supply; x11 (arrow right) shows
    tiles = [sp.tile for sp in state.track]
    before = state.tile_discard
    state = humans_move(state)  # the humans took spaces 2 and 3 (1-based)
    a = state.automaton
    assert a.meeple == 4 and state.track[4] == Space("", AUTO_MEEPLE)  # rightmost free
    assert tiles[4] in state.tile_discard and len(state.tile_discard) == len(before) + 3
    # next turn: x11 (male + supply), arrow left (x01 shows): the leftmost free space, the gear
    state = humans_move(state)
    a = state.automaton
    assert a.shown == "x11"
    assert a.gear == 0 and state.track[0] == Space("", AUTO_GEAR)


def test_two_player_rules_the_opponent_collects_no_supplies() -> None:
    state = two_player(["x01", "x11", "x09"])
    science = len(state.science_deck)
    state = humans_move(state)
    gained = [(sum(p.tokens), p.friendly, len(p.science)) for p in state.players]
    # the opponent's space gave nobody anything: only the humans' own spaces paid out
    paid = sum(len(state.players[s].science) for s in range(2))
    assert len(state.science_deck) == science - paid
    assert state.automaton.meeple == 4 and all(isinstance(g, tuple) for g in gained)


def test_two_player_rules_breeding_adds_the_two_traits_up_to_two_dice() -> None:
    state = new_game(2)
    deck_fox = replace(foxes.deck_fox("f04"), automaton=True)  # spots 1, tail 2
    full = replace(foxes.deck_fox("m09"), automaton=True)  # spots 2, barking 2
    card = male_blank()
    sq = BLANK[card].squares
    two_spots = sum(1 << i for i in [i for i in range(5) if sq[S] >> i & 1][:2])
    bred = Fox(card, 1, "Bred", 2, [two_spots, 0, 0, 0], 0, automaton=True)
    state = replace(state, females=[deck_fox], males=[full, bred], automaton=replace(state.automaton, study="a01"))
    events: list[str] = []
    after = automaton.breed(state, events)
    f, m, b = after.females[0], after.males[0], after.males[1]
    assert foxes.dice(f) == (2, 1, 0, 2) and f.extra == [1, 1, 0, 0]
    assert foxes.dice(m) == (2, 2, 0, 0)  # already two of each: nothing added
    assert foxes.dice(b)[S] == 2 and foxes.dice(b)[B] == 1  # the next empty barking square is marked
    first_square = min(i for i in range(5) if BLANK[card].squares[B] >> i & 1)
    assert b.marks[B] == 1 << first_square and b.friendliness == 2
    assert all(x.automaton for x in (f, m, b)) and events


def test_two_player_rules_breeding_happens_when_the_breeding_phase_begins() -> None:
    state = humans_move(two_player(["x09", "x03", "x01"]))
    state = advance(state, "breeding")
    f13 = next(f for f in state.females if f.card == "f13")
    assert f13.automaton and foxes.dice(f13)[S] == 2 and foxes.dice(f13)[B] == 2


def test_two_player_rules_a_completed_third_study_level_replaces_the_opponents_study() -> None:
    state = advance(new_game(2), "research")
    old = state.automaton.study
    nxt = state.automaton.study_deck[-1]
    made = pup(female_blank(), 0, list(STUDY["s01"].needs[2]))
    state = player(state, 0, studies=[StudyProgress("s01", 2)], pups=[made], assigned=[])
    state = player(state, 1, stage="done")
    state = act(state, 0, AssignPup(0, 0))
    assert state.automaton.replace_study and state.automaton.study == old
    state = act(state, 0, EndResearch())
    state = act(state, 0, EndUpgrades())
    assert state.automaton.study == nxt and state.automaton.study_deck[0] == old
    assert not state.automaton.replace_study


def test_two_player_rules_administration_keeps_the_opponents_foxes_moved_left() -> None:
    state = advance(new_game(2), "research")
    row = [foxes.deck_fox(c) for c in ("f01", "f02", "f03", "f05")]
    row[2] = replace(row[2], automaton=True, extra=[1, 0, 0, 0])
    row[3] = replace(row[3], automaton=True)
    state = replace(state, females=row)
    state = player(state, 0, pups=[pup(female_blank(), 0, [2, 0, 0, 0], name="Pup")])
    state = player(state, 1, stage="done", pups=[])
    state = player(state, 0, stage="upgrades")
    after = act(state, 0, EndUpgrades())
    assert [f.card for f in after.females[:3]] == ["f03", "f05", female_blank()]
    assert not any(f.automaton for f in after.females + after.males)  # meeples come off after the rewards
    assert after.females[0].extra == [1, 0, 0, 0]
    assert "f01" in after.female_discard and "f02" in after.female_discard


def test_two_player_rules_the_opponent_takes_no_friendliness_reward() -> None:
    state = advance(new_game(2), "research")
    state = replace(state, females=[replace(foxes.deck_fox("f20"), automaton=True, friendliness=30)])
    state = player(state, 0, pups=[pup(female_blank(), 0, [1, 0, 0, 0])], stage="upgrades")
    state = player(state, 1, pups=[pup(male_blank(), 1, [1, 1, 0, 0])], stage="done")
    before = state.players[0].friendly
    after = act(state, 0, EndUpgrades())
    assert after.rewards[0] == [1]
    assert after.players[0].friendly == before + 1


def test_two_player_rules_turn_order_follows_the_opponents_gear_not_its_meeple() -> None:
    state = advance(new_game(2), "research")
    track = [Space("", AUTO_MEEPLE), Space("", 0), Space("", FREE), Space("", 1), Space("", AUTO_GEAR)]
    state = replace(state, track=track, automaton=replace(state.automaton, meeple=0, gear=4))
    state = player(state, 0, gear=1)
    state = player(state, 1, gear=3, stage="done")
    state = player(state, 0, stage="upgrades")
    after = act(state, 0, EndUpgrades())
    assert after.order == [0, 1, AUTOMATON]
    assert after.automaton.gear == -1 and after.automaton.meeple == -1
    assert all(sp.claim == FREE for sp in after.track)


def test_two_player_rules_the_opponent_scores_nothing() -> None:
    state = advance(new_game(2), "over")
    outcome = GAME.outcome(state)
    assert len(outcome.scores) == 2 and sorted(outcome.ranking) == [0, 1]


def test_two_player_rules_the_arrow_on_top_stays_when_hidden_cards_are_redealt() -> None:
    state = two_player(["x09", "x03", "x01"])
    for seed in range(5):
        again = GAME.determinize(GAME.knowledge(state, 0), seed)
        assert automaton.arrow(again.automaton) == automaton.arrow(state.automaton)
        assert GAME.view(again, 0) == GAME.view(state, 0)


def test_two_player_rules_the_log_tells_what_the_opponent_did() -> None:
    state = two_player(["x09", "x03", "x01"])
    seat = rules.current(state)
    state = act(state, seat, TakeSupply(3))
    while state.players[seat].pending:
        state = step(state)
    other = rules.current(state)
    free = [i for i, sp in enumerate(state.track) if sp.claim == FREE]
    line = GAME.describe(state, other, TakeSupply(free[0]), None)
    assert "automated opponent" in line and "puts a meeple on" in line


# --- issue 39: the opponent's lines say what it did -------------------------------------


def test_two_player_rules_the_breeding_line_says_what_each_fox_gained() -> None:
    # study a01: spots, then barking. f12 has 2 spots 0 barking: it gains barking only;
    # f13 (2 spots, 1 barking) also barking only; f04 (1 spots, 0 barking) gains both
    state = two_player(["x09", "x03", "x01"])
    females = [replace(f, automaton=f.card in ("f12", "f13", "f04")) for f in state.females]
    state = replace(state, females=females, males=[replace(m, automaton=False) for m in state.males])
    events: list[str] = []
    bred = automaton.breed(state, events)
    names = {f.card: f.name for f in state.females}
    assert [foxes.dice(f)[:2] for f in bred.females if f.automaton] == [(2, 1), (2, 2), (2, 1)]
    line = events[0]
    assert f"{names['f12']} and {names['f13']} gain a barking die" in line, line
    assert f"{names['f04']} gains a spots die and a barking die" in line, line
    assert "gain spots and barking" not in line


def test_two_player_rules_the_selection_line_says_when_the_opponent_takes_something_instead() -> None:
    state = humans_move(two_player(["x09", "x01", "x05"], took=(2, 0, 1)))  # x05: female + supply
    line = " ".join(state.events)
    assert "having two female foxes already, takes a male fox instead: puts a meeple on" in line, line
