"""Master Fox bots: the sensible bot plays from its View alone, and plays well."""

from __future__ import annotations

import msgspec
from master_fox_helpers import act, all_ruse_in_play, arrange, loot_turn_of, new_game, seats, touch

from foxtui.engine import Rng
from foxtui.games.master_fox import GAME
from foxtui.games.master_fox.actions import SPOT_INDEX, EndTurn, Grab, NoSteal, PutBack, Stash, StashStop, Steal, Stop, Touch
from foxtui.games.master_fox.bots import expert_policy, sensible_bot
from foxtui.games.master_fox.state import Options

MAX_STEPS = 30_000
A1 = SPOT_INDEX["A1"]


def play(bots: list[str], seed: int, **options) -> tuple[object, int]:
    """Bots play a whole game through apply/legal_actions/view; returns the end state and steps."""
    state = GAME.setup(seats(len(bots)), Options(**options), seed)
    rng = Rng(seed * 7919 + 1)
    steps = 0
    while True:
        acting = sorted(GAME.to_act(state))
        if not acting:
            return state, steps
        seat = acting[rng.below(len(acting))]
        legal = GAME.legal_actions(state, seat)
        action = GAME.bots[bots[seat]](GAME.view(state, seat), legal, rng)
        assert action in legal
        state = GAME.apply(state, seat, action)
        steps += 1
        assert steps < MAX_STEPS, "the game stalled"


def test_sensible_beats_random_in_80_percent_of_200_games() -> None:
    wins = 0
    for game in range(200):
        bots = ["sensible", "random"] if game % 2 == 0 else ["random", "sensible"]
        state, _ = play(bots, seed=game)
        wins += bots[GAME.outcome(state).winners[0]] == "sensible"
    assert wins >= 160, f"sensible won only {wins} of 200"


def test_sensible_bots_finish_every_kind_of_game() -> None:
    for seed, n, options in [
        (1, 4, {}),
        (2, 3, {"mode": "realtime"}),
        (3, 2, {"touches_per_turn": 1, "target_eggs": 15}),
        (4, 4, {"mode": "realtime", "target_eggs": 15}),
    ]:
        state, _ = play(["sensible"] * n, seed, **options)
        outcome = GAME.outcome(state)
        assert max(outcome.scores) >= options.get("target_eggs", 10)


def test_sensible_bot_decides_from_its_view_alone() -> None:
    state = arrange(new_game(3), box={"A1": "cow", "B1": "hen"})
    state = touch(state, 0, "A1")
    legal = GAME.legal_actions(state, 0)
    for seed in range(5):
        redealt = GAME.determinize(GAME.knowledge(state, 0), seed)
        assert sensible_bot(GAME.view(redealt, 0), legal, Rng(9)) == sensible_bot(GAME.view(state, 0), legal, Rng(9))


def test_sensible_bot_makes_sure_before_grabbing_and_keeps_only_wanted_loot() -> None:
    state = arrange(new_game(2), box={"A1": "cow", "B1": "horse"}, missions=["cow", "fish", "hen"])
    state = touch(state, 0, "A1")
    view = GAME.view(state, 0)
    # cow or horse? touch again rather than grab
    assert sensible_bot(view, GAME.legal_actions(state, 0), Rng(1)) == Touch("A1")
    state = touch(state, 0, "A1", 2)
    assert sensible_bot(GAME.view(state, 0), GAME.legal_actions(state, 0), Rng(1)) == Grab("A1")
    state = act(state, 0, Grab("A1"))
    assert sensible_bot(GAME.view(state, 0), GAME.legal_actions(state, 0), Rng(1)) == Stash()
    horse = act(arrange(new_game(2), box={"A1": "horse"}, missions=["cow", "fish", "hen"]), 0, Touch("A1"), Grab("A1"))
    assert sensible_bot(GAME.view(horse, 0), GAME.legal_actions(horse, 0), Rng(1)) == PutBack()


def test_sensible_bot_avoids_a_second_ruse_pawn_and_stops_when_it_can() -> None:
    state = arrange(all_ruse_in_play(new_game(2)), box={"A1": "fox"}, sacks={0: ["cow", "snake"]}, missions=["cow", "fish", "hen"])
    state = act(state, 0, Grab("A1"))
    assert sensible_bot(GAME.view(state, 0), GAME.legal_actions(state, 0), Rng(1)) == PutBack()
    full = arrange(new_game(2), sacks={0: ["cow", "fish", "hen"]}, missions=["cow", "fish", "hen"])
    assert sensible_bot(GAME.view(full, 0), GAME.legal_actions(full, 0), Rng(1)) == Stop()


def test_sensible_bot_steals_a_mission_animal_it_lacks() -> None:
    state = arrange(
        all_ruse_in_play(new_game(2)),
        sacks={0: ["cow", "hen", "snake"], 1: ["pig", "fish", "cow"]},
        missions=["cow", "fish", "hen"],
    )
    state = act(loot_turn_of(state, 1), 1, Stop())
    assert GAME.to_act(state) == {0}
    assert sensible_bot(GAME.view(state, 0), GAME.legal_actions(state, 0), Rng(1)) == Steal(1, "fish")
    useless = arrange(
        all_ruse_in_play(new_game(2)),
        sacks={0: ["cow", "hen", "fish", "snake"], 1: ["pig", "sheep", "cow", "cow"]},
        missions=["cow", "fish", "hen"],
    )
    useless = act(loot_turn_of(useless, 1), 1, Stop())
    assert sensible_bot(GAME.view(useless, 0), GAME.legal_actions(useless, 0), Rng(1)) == NoSteal()


def test_sensible_bot_stashes_the_third_loot_pawn_and_calls_stop_in_the_same_move() -> None:
    state = arrange(new_game(2), box={"A1": "fish"}, sacks={0: ["cow", "hen"]}, missions=["cow", "fish", "hen"])
    state = act(state, 0, Touch("A1"), Grab("A1"))
    assert sensible_bot(GAME.view(state, 0), GAME.legal_actions(state, 0), Rng(1)) == StashStop()
    assert GAME.apply(state, 0, StashStop()).summaries[-1].stopped_by == 0


def test_sensible_bot_stashes_a_ruse_pawn_and_its_turn_passes() -> None:
    """Issue 39: "Rex stashed a pawn; the sack holds 3." then "Rex ended the turn." — a
    third pawn that is not loot: the stash ends the turn, no move is left to make."""
    state = arrange(all_ruse_in_play(new_game(2)), box={"A1": "fox"}, sacks={0: ["cow", "hen"]},
                    missions=["cow", "fish", "hen"])
    state = act(state, 0, Touch("A1"), Grab("A1"))
    assert sensible_bot(GAME.view(state, 0), GAME.legal_actions(state, 0), Rng(1)) == Stash()
    assert GAME.to_act(GAME.apply(state, 0, Stash())) == {1}


def test_sensible_bot_calls_stop_rather_than_put_back_a_pawn_it_does_not_want() -> None:
    state = arrange(new_game(2), box={"A1": "pig"}, sacks={0: ["cow", "fish", "hen"]}, missions=["cow", "fish", "hen"])
    state = act(state, 0, Touch("A1"), Touch("A1"), Grab("A1"))
    assert sensible_bot(GAME.view(state, 0), GAME.legal_actions(state, 0), Rng(1)) == Stop()


def test_sensible_bot_touches_again_where_it_heard_another_hand_take_a_pawn() -> None:
    state = arrange(new_game(2), box={"A1": "cow", "B1": "hen"}, missions=["cow", "fish", "hen"])
    state = act(state, 0, Touch("A1"), Touch("A1"), Touch("A1"), EndTurn())  # Ada is sure of the cow
    again = loot_turn_of(state, 0)
    assert sensible_bot(GAME.view(again, 0), GAME.legal_actions(again, 0), Rng(1)) == Grab("A1")  # had Bo not come
    state = act(state, 1, Grab("A1"), Stash())  # Bo took it
    view = GAME.view(state, 0)
    assert view.memory[A1].could_be == ("cow",) and view.heard[A1].stale
    assert sensible_bot(view, GAME.legal_actions(state, 0), Rng(1)) == Touch("A1")  # not a grab at an empty spot


# --- The expert's own way to play (the move its search starts from) ---------------------


def test_the_expert_spends_its_touches_before_it_grabs_a_sure_pawn() -> None:
    """A stash ends the turn: the sensible bot grabs a sure pawn at once and loses the
    touches left; the expert feels elsewhere first, then grabs."""
    state = arrange(new_game(2), box={"A1": "cheese"}, missions=["cheese", "cow", "hen"])
    state = touch(state, 0, "A1")  # a wedge: cheese, sure at the first touch
    legal = GAME.legal_actions(state, 0)
    assert sensible_bot(GAME.view(state, 0), legal, Rng(1)) == Grab("A1")
    first = expert_policy(GAME.view(state, 0), legal, Rng(1))
    assert isinstance(first, Touch) and first.spot != "A1"
    state = act(state, 0, first)
    state = act(state, 0, expert_policy(GAME.view(state, 0), GAME.legal_actions(state, 0), Rng(2)))
    assert state.touches_left == 0
    assert expert_policy(GAME.view(state, 0), GAME.legal_actions(state, 0), Rng(3)) == Grab("A1")


def test_the_expert_feels_first_where_nobody_else_felt_or_grabbed() -> None:
    """The others want the same missions: a spot another touched and left, or grabbed at,
    is a worse touch than one nobody felt."""
    state = act(new_game(2), 0, EndTurn())
    state = act(state, 1, Touch("B1"), Touch("C1"), Touch("D1"), Grab("E1"))
    if state.players[1].hand is not None:
        state = act(state, 1, PutBack())
    else:
        state = act(state, 1, EndTurn())
    view, legal = GAME.view(state, 0), GAME.legal_actions(state, 0)
    theirs = {"B1", "C1", "D1", "E1"}
    assert {sensible_bot(view, legal, Rng(seed)).spot for seed in range(60)} & theirs
    picks = {expert_policy(view, legal, Rng(seed)) for seed in range(60)}
    assert all(isinstance(p, Touch) for p in picks) and not {p.spot for p in picks} & theirs


def test_the_expert_grabs_a_pawn_felt_twice_that_may_be_wanted_with_its_touches_spent() -> None:
    """Cow or horse after two touches, the cow wanted, no touch left: the grab is the
    third touch (a horse goes back); the sensible bot ends its turn instead."""
    state = arrange(new_game(2, touches_per_turn=2), box={"A1": "cow"}, missions=["cow", "fish", "hen"])
    state = touch(state, 0, "A1", 2)
    view, legal = GAME.view(state, 0), GAME.legal_actions(state, 0)
    assert set(view.memory[A1].could_be) == {"cow", "horse"} and view.touches_left == 0
    assert sensible_bot(view, legal, Rng(1)) == EndTurn()
    assert expert_policy(view, legal, Rng(1)) == Grab("A1")


def test_the_expert_keeps_the_mission_that_feels_like_another_one() -> None:
    from foxtui.games.master_fox.actions import KeepMission

    view = GAME.view(new_game(2), 0)
    view = msgspec.structs.replace(view, phase="keep", missions=["cow", "fish"], keep_from=["pig", "horse", "hen"])
    legal = [KeepMission(a) for a in view.keep_from]
    # beside the cow, a big four-legged pawn is wanted whichever it is
    assert {expert_policy(view, legal, Rng(seed)) for seed in range(20)} == {KeepMission("horse")}
