"""Master Fox: one test per rule, named after the rulebook section it checks."""

from __future__ import annotations

import msgspec
import pytest
from master_fox_helpers import (
    ANIMALS,
    RUSE_KINDS,
    act,
    all_ruse_in_play,
    arrange,
    count_pawns,
    grab,
    loot_turn_of,
    new_game,
    touch,
)
from msgspec.structs import replace

from foxtui.engine import IllegalAction, Rng, SeatInfo
from foxtui.games.master_fox import GAME, content
from foxtui.games.master_fox.actions import (
    SPOT_INDEX,
    SPOTS,
    EndTurn,
    Grab,
    KeepMission,
    NoSteal,
    PutBack,
    Stash,
    StashStop,
    Steal,
    Stop,
    Touch,
)
from foxtui.games.master_fox.rules import egg_tokens, score_sack
from foxtui.games.master_fox.state import Options
from foxtui.games.master_fox.view import Heard, ago

A1, B1 = SPOT_INDEX["A1"], SPOT_INDEX["B1"]


def lines(kinds: list[str], missions: list[str]) -> dict[str, int]:
    return {line.category: line.points for line in score_sack(kinds, missions)}


def stop_with(state, sacks, missions=("cow", "hen", "fish"), eggs=None, stopper=0):
    """Arrange the sacks and let ``stopper`` call STOP (turn mode)."""
    state = arrange(state, sacks=sacks, missions=list(missions), eggs=eggs)
    return GAME.apply(loot_turn_of(state, stopper), stopper, Stop())


# --- Contents and Setup ------------------------------------------------------


def test_contents_counts_match_the_component_list() -> None:
    assert len(ANIMALS) == 8
    assert sum(p.count for p in content.PAWNS.loot) == 24
    assert sorted(m.animal for m in content.MISSIONS) == sorted(ANIMALS)
    assert {r.kind: r.count for r in content.PAWNS.ruse} == {"fox": 2, "snake": 2, "hammer": 1}


def test_content_is_checked_against_the_component_list() -> None:
    pawns, missions = content.PAWNS, content.MISSIONS
    short = replace(pawns, loot=[replace(pawns.loot[0], count=2), *pawns.loot[1:]])
    with pytest.raises(ValueError, match="3 loot pawns"):
        content._check(short, missions)
    with pytest.raises(ValueError, match="one per loot animal"):
        content._check(pawns, missions[:7])
    loud = replace(pawns, ruse=[replace(pawns.ruse[0], feel=["a clucking hen", "x", "y"]), *pawns.ruse[1:]])
    with pytest.raises(ValueError, match="ruse pawns"):
        content._check(loud, missions)


def test_content_files_are_decoded_strictly() -> None:
    with pytest.raises(msgspec.ValidationError):
        msgspec.json.decode(b'{"animal":"cow","title":"t","text":"x","extra":1}', type=content.Mission)


def test_setup_24_loot_pawns_in_the_box_and_three_missions() -> None:
    state = new_game(2)
    assert sorted(state.pawns) == sorted(a for a in ANIMALS for _ in range(3))
    on_spots = [p for p in state.spots if p >= 0]
    assert sorted(on_spots) == list(range(24))  # every pawn on its own spot
    assert len(state.missions) == 3 and len(set(state.missions)) == 3
    assert len(state.deck) == 5 and not set(state.deck) & set(state.missions)
    assert state.eggs == [0, 0] and state.round == 1 and state.phase == "loot"


def test_setup_two_to_four_players() -> None:
    for n in (2, 3, 4):
        assert len(new_game(n).players) == n
    for n in (1, 5):
        with pytest.raises(ValueError, match="2 to 4 players"):
            GAME.setup([SeatInfo(f"P{i}") for i in range(n)], Options(), 1)


def test_setup_options_are_validated() -> None:
    with pytest.raises(ValueError, match="touches_per_turn"):
        new_game(touches_per_turn=6)
    with pytest.raises(ValueError, match="touches_per_turn"):
        new_game(touches_per_turn=0)
    with pytest.raises(msgspec.ValidationError):
        msgspec.json.decode(b'{"touches_per_turn": 9}', type=Options)
    with pytest.raises(msgspec.ValidationError):
        msgspec.json.decode(b'{"target_eggs": 12}', type=Options)
    with pytest.raises(msgspec.ValidationError):
        msgspec.json.decode(b'{"colour": "red"}', type=Options)
    for field in msgspec.structs.fields(Options):
        assert isinstance(field.default, (int, str))


def test_how_to_play_the_shake_puts_pawns_on_random_hidden_spots() -> None:
    boxes = {tuple(new_game(2, seed=s).spots) for s in range(5)}
    assert len(boxes) == 5
    state = new_game(2)
    for seat in (None, 0, 1):
        view = GAME.view(state, seat)
        assert view.box == [] and all(f is None for f in view.memory)
    everything = GAME.view_all(state)  # replays of finished games show the truth
    assert everything.box == [None if p < 0 else state.pawns[p] for p in state.spots]
    assert sum(1 for k in everything.box if k) == 24


def test_how_to_play_oldest_starts_then_rotates() -> None:
    state = new_game(3, ages=[30, 50, 40])
    assert state.elders == [1, 2, 0]
    assert GAME.to_act(state) == {1}
    state = replace(state, round=1)
    from foxtui.games.master_fox.rules import start_round

    assert start_round(state).current == 2  # round 2: one seat onward


def test_ages_missing_or_equal_earlier_seat_counts_older() -> None:
    assert new_game(3, ages=[30, None, 50]).elders == [0, 1, 2]
    assert new_game(3, ages=[30, 30, 20]).elders == [0, 1, 2]
    assert new_game(2, ages=[20, 30]).elders == [1, 0]


# --- How to Play: grab the loot ---------------------------------------------------


def test_how_to_play_grab_the_loot_each_touch_tells_more() -> None:
    state = arrange(new_game(2), box={"A1": "cow"})
    texts = []
    for _ in range(3):
        state = touch(state, 0, "A1")
        texts.append(GAME.view(state, 0).memory[A1])
    assert [f.level for f in texts] == [1, 2, 3]
    assert texts[0].text == content.feel("horse", 1) and set(texts[0].could_be) == {"cow", "horse"}
    assert texts[1].text == content.feel("horse", 2) and set(texts[1].could_be) == {"cow", "horse"}
    assert texts[2].could_be == ("cow",)
    state = touch(loot_turn_of(state, 0), 0, "A1")
    assert GAME.view(state, 0).memory[A1].level == 3  # a fourth touch adds nothing


def test_how_to_play_grab_the_loot_look_alike_animals() -> None:
    for a, b in (("cow", "horse"), ("goose", "hen"), ("pig", "sheep")):
        for level in (1, 2):
            assert content.feel(a, level) == content.feel(b, level)
        assert content.feel(a, 3) != content.feel(b, 3)
    firsts = [content.feel(a, 1) for a in ANIMALS]
    assert firsts.count(content.feel("cheese", 1)) == 1
    assert firsts.count(content.feel("fish", 1)) == 1


def test_ruse_pawns_are_known_as_ruse_at_first_touch_but_not_which() -> None:
    state = arrange(all_ruse_in_play(new_game(2)), box={"A1": "fox", "B1": "hammer"})
    state = touch(state, 0, "A1")
    state = touch(state, 0, "B1")
    view = GAME.view(state, 0)
    assert view.memory[A1].text == view.memory[B1].text
    assert set(view.memory[A1].could_be) == set(RUSE_KINDS)
    state = touch(loot_turn_of(state, 0), 0, "A1", 2)
    assert GAME.view(state, 0).memory[A1].could_be == ("fox",)


def test_how_to_play_touching_an_empty_spot_finds_nothing() -> None:
    state = touch(arrange(new_game(2)), 0, "A1")
    felt = GAME.view(state, 0).memory[A1]
    assert felt.text == content.NOTHING and felt.level == 0 and felt.could_be == ()


def test_how_to_play_touches_per_turn_are_limited() -> None:
    state = arrange(new_game(2))
    state = act(state, 0, Touch("A1"), Touch("B1"), Touch("A1"))
    legal = GAME.legal_actions(state, 0)
    assert not any(isinstance(a, Touch) for a in legal)
    assert any(isinstance(a, Grab) for a in legal) and EndTurn() in legal
    with pytest.raises(IllegalAction, match="no touches left"):
        GAME.apply(state, 0, Touch("C1"))
    one = arrange(new_game(2, touches_per_turn=1))
    assert not any(isinstance(a, Touch) for a in GAME.legal_actions(touch(one, 0, "A1"), 0))


def test_legal_actions_do_not_leak_which_spots_are_empty() -> None:
    state = arrange(new_game(2), box={"A1": "cow"})
    legal = GAME.legal_actions(state, 0)
    assert {a.spot for a in legal if isinstance(a, Touch)} == set(SPOTS)
    assert {a.spot for a in legal if isinstance(a, Grab)} == set(SPOTS)
    assert GAME.legal_actions(state, 1) == []


def test_how_to_play_one_grab_per_turn_and_a_grab_is_a_touch() -> None:
    state = arrange(new_game(2), box={"A1": "goose", "B1": "cheese"})
    state = touch(state, 0, "A1", 2)
    state = grab(state, 0, "A1")
    view = GAME.view(state, 0)
    assert view.hand.level == 3 and view.hand.could_be == ("goose",)
    assert view.memory[A1].text == content.NOTHING  # the hand took it
    assert state.spots[A1] == -1
    assert GAME.legal_actions(state, 0) == [Stash(), PutBack()]
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, Touch("B1"))


def test_empty_grab_spends_the_grab_but_the_turn_goes_on() -> None:
    state = grab(arrange(new_game(2)), 0, "A1")
    assert GAME.view(state, 0).hand is None
    assert GAME.view(state, 0).memory[A1].text == content.NOTHING
    assert GAME.to_act(state) == {0}
    legal = GAME.legal_actions(state, 0)
    assert not any(isinstance(a, Grab) for a in legal)
    assert Touch("B1") in legal and EndTurn() in legal
    with pytest.raises(IllegalAction, match="already grabbed"):
        GAME.apply(state, 0, Grab("B1"))


def test_how_to_play_stash_moves_the_pawn_to_the_sack_and_ends_the_turn() -> None:
    state = act(arrange(new_game(2), box={"A1": "fish"}), 0, Grab("A1"), Stash())
    assert GAME.view(state, 0).sack[0].could_be == ("fish",)
    assert state.players[0].hand is None and GAME.to_act(state) == {1}
    assert state.turn == 2 and state.touches_left == 3
    assert GAME.view(state, None).sack_sizes == [1, 0]


def test_how_to_play_put_back_drops_the_pawn_on_a_random_empty_spot() -> None:
    state = arrange(new_game(2), box={"A1": "fish"})
    results = set()
    for seed in range(6):
        s = replace(state, rng=seed)
        s = act(s, 0, Grab("A1"), PutBack())
        assert count_pawns(s) == 24 and s.players[0].hand is None and GAME.to_act(s) == {1}
        results.add(s.spots.index(state.spots[A1]))
    assert len(results) > 1  # lands somewhere random among the empty spots


def test_how_to_play_sack_holds_at_most_four_pawns() -> None:
    state = arrange(all_ruse_in_play(new_game(2)), box={"A1": "fish"}, sacks={0: ["cow", "hen", "fox", "fox"]})
    state = grab(state, 0, "A1")
    assert GAME.legal_actions(state, 0) == [PutBack()]
    with pytest.raises(IllegalAction, match="full"):
        GAME.apply(state, 0, Stash())
    four_loot = grab(arrange(new_game(2), box={"A1": "fish"}, sacks={0: ["cow", "hen", "pig", "pig"]}), 0, "A1")
    assert GAME.legal_actions(four_loot, 0) == [PutBack(), Stop()]  # full, but STOP is there


def test_memory_goes_stale_when_another_player_takes_the_pawn() -> None:
    state = arrange(new_game(2), box={"A1": "cow"})
    state = act(state, 0, Touch("A1"), EndTurn())
    state = act(state, 1, Grab("A1"), Stash())
    assert set(GAME.view(state, 0).memory[A1].could_be) == {"cow", "horse"}  # still what Ada felt
    state = touch(state, 0, "A1")
    assert GAME.view(state, 0).memory[A1].text == content.NOTHING


def test_a_pawn_that_moved_feels_new_again() -> None:
    state = arrange(new_game(2), box={"A1": "sheep"})
    pawn = state.spots[A1]
    state = act(state, 0, Touch("A1"), Touch("A1"), EndTurn())
    state = act(state, 1, Grab("A1"), PutBack())
    spot = SPOTS[state.spots.index(pawn)]
    state = touch(state, 0, spot)
    assert GAME.view(state, 0).memory[SPOT_INDEX[spot]].level == 1


# --- What the board heard: grabs are public ----------------------------------------


def test_grabs_are_heard_a_spot_grabbed_by_another_since_you_felt_it_is_marked() -> None:
    state = arrange(new_game(2), box={"A1": "cow", "B1": "hen"})
    state = act(state, 0, Touch("A1"), EndTurn())  # Ada felt a big four-legged pawn at A1 in turn 1
    state = act(state, 1, Grab("A1"), Stash())  # Bo took it in turn 2
    heard = GAME.view(state, 0).heard
    assert heard[A1] == Heard(seats=[1], turn=2, took=True, stale=True)  # "Bo grabbed here"; memory may be wrong
    assert set(GAME.view(state, 0).memory[A1].could_be) == {"cow", "horse"}  # the memory itself stays as felt
    assert all(h is None for i, h in enumerate(heard) if i != A1)
    assert GAME.view(state, 1).heard[A1] is None  # Bo's own grab is in Bo's memory instead
    state = touch(state, 0, "A1")  # felt again: nothing to warn about any more
    assert GAME.view(state, 0).heard[A1] is None


def test_grabs_are_heard_a_spot_never_felt_is_marked_but_nothing_is_stale() -> None:
    state = arrange(new_game(3), box={"B1": "hen"})
    state = act(state, 0, EndTurn())
    state = act(state, 1, Grab("B1"), PutBack())
    state = act(state, 2, Grab("B1"))
    heard = GAME.view(state, 0).heard[B1]
    assert heard == Heard(seats=[1, 2], turn=3, took=True, stale=False)  # "Bo and Cy grabbed here"
    assert GAME.view(state, 1).heard[B1] == Heard(seats=[2], turn=3, took=state.players[2].hand is not None, stale=False)
    assert GAME.view(state, 2).heard[B1] is None  # Cy's own grab is the newest news there
    assert GAME.view(state, None).heard[B1] == Heard(seats=[1, 2], turn=3, took=True, stale=False)


def test_grabs_are_heard_an_empty_grab_only_makes_a_remembered_pawn_stale() -> None:
    state = arrange(new_game(2), box={"A1": "cow"})
    state = act(state, 0, Touch("C1"), EndTurn())  # Ada felt nothing at C1
    state = act(state, 1, Grab("C1"), EndTurn())  # and Bo's hand closed on nothing there
    assert GAME.view(state, 0).heard[SPOT_INDEX["C1"]] == Heard(seats=[1], turn=2, took=False, stale=False)
    state = arrange(new_game(3), box={"A1": "cow"})
    state = act(state, 0, Touch("A1"), EndTurn())  # Ada felt the cow
    state = act(state, 1, Grab("A1"), PutBack())  # Bo took it and dropped it on a random empty spot
    state = act(state, 2, Grab("A1"))
    assert GAME.view(state, 0).heard[A1] == Heard(seats=[1, 2], turn=3, took=True, stale=True)


def test_grabs_are_heard_in_real_time_too_and_every_round_starts_quiet() -> None:
    state = arrange(new_game(2, mode="realtime"), box={"A1": "cow"}, sacks={1: ["hen", "fish", "pig"]})
    state = act(state, 0, Touch("A1"))
    state = act(state, 1, Grab("A1"))
    assert GAME.view(state, 0).heard[A1] == Heard(seats=[1], turn=2, took=True, stale=True)
    state = act(state, 1, Stop())
    assert state.round == 2 and state.grabs == []
    assert all(h is None for h in GAME.view(state, 0).heard)


def test_grabs_are_heard_from_public_grabs_and_your_own_memory_only() -> None:
    """What the board heard must not change with anything the seat cannot know: what the
    grabbing hand found, where a put-back pawn landed, what lies anywhere else."""

    def played(box: dict[str, str]):
        state = arrange(new_game(3), box=box)
        state = act(state, 0, Touch("A1"), Touch("C1"), EndTurn())
        state = act(state, 1, Grab("A1"), PutBack())
        return act(state, 2, Grab("B1"), Stash())

    cow, horse = played({"A1": "cow", "B1": "pig"}), played({"A1": "horse", "B1": "sheep"})
    for seat in (0, None):
        assert GAME.view(cow, seat).heard == GAME.view(horse, seat).heard
    heard = GAME.view(cow, 0).heard
    # A1 and B1 heard grabbed; C1, found empty before Bo's put-back, may hold that pawn now
    assert [SPOTS[i] for i, h in enumerate(heard) if h is not None] == ["A1", "B1", "C1"]
    for seed in range(8):
        redealt = GAME.determinize(GAME.knowledge(cow, 0), seed)
        assert GAME.view(redealt, 0).heard == heard


def test_you_hear_a_pawn_put_back_a_spot_found_empty_before_it_is_no_longer_proven() -> None:
    """A put-back lands unheard on an empty spot: a spot the seat found empty before it
    is marked `!` (not proven empty), as the expert's samples take it, until a hand
    closes there again or the seat feels it anew."""
    C1, D1 = SPOT_INDEX["C1"], SPOT_INDEX["D1"]
    state = arrange(new_game(2), box={"A1": "cow"})
    state = act(state, 0, Touch("C1"), Touch("D1"), EndTurn())  # Ada found C1 and D1 empty in turn 1
    assert GAME.view(state, 0).heard[C1] is None
    assert not any(GAME.determinize(GAME.knowledge(state, 0), seed).spots[C1] >= 0 for seed in range(20))
    state = act(state, 1, Grab("A1"), PutBack())  # Bo took the cow and dropped it somewhere unheard
    heard = GAME.view(state, 0).heard
    assert heard[C1] == heard[D1] == Heard(seats=[], turn=1, took=False, stale=True, put_back=True)
    assert heard[A1] == Heard(seats=[1], turn=2, took=True, stale=False)  # never felt by Ada: nothing in doubt
    assert any(GAME.determinize(GAME.knowledge(state, 0), seed).spots[C1] >= 0 for seed in range(20))
    state = touch(state, 0, "D1")  # felt again: what Ada remembers there is new
    assert GAME.view(state, 0).heard[D1] is None
    state = act(state, 0, EndTurn())
    state = act(state, 1, Grab("C1"))  # whatever lay on C1 is in Bo's hand now
    state = act(state, 1, Stash() if state.players[1].hand is not None else EndTurn())
    heard = GAME.view(state, 0).heard[C1]
    assert heard == Heard(seats=[1], turn=4, took=heard.took, stale=False)  # proven empty again
    assert not any(GAME.determinize(GAME.knowledge(state, 0), seed).spots[C1] >= 0 for seed in range(20))


def test_you_hear_a_pawn_put_back_the_marks_agree_with_the_samples_over_seeded_games() -> None:
    """Over seeded games of a sensible and a random bot (which puts back often): a spot
    the seat remembers empty is marked `!` exactly when some sample of what it knows puts
    a pawn there."""
    checked = marked = 0
    for seed, mode in ((1, "turns"), (2, "turns"), (3, "realtime")):
        state = new_game(2, seed=seed, mode=mode)
        rng = Rng(seed)
        for step in range(400):
            if state.phase == "over":
                break
            acting = sorted(GAME.to_act(state))
            seat = acting[rng.below(len(acting))]
            if state.phase == "loot" and step % 5 == 0:
                view = GAME.view(state, seat)
                known = GAME.knowledge(state, seat)
                filled = {i for n in range(12) for i, p in enumerate(GAME.determinize(known, n).spots) if p >= 0}
                for i, felt in enumerate(view.memory):
                    if felt is not None and not felt.could_be:
                        checked += 1
                        stale = view.heard[i] is not None and view.heard[i].stale
                        marked += stale
                        assert stale == (i in filled), (seed, step, SPOTS[i])
            bot = GAME.bots["sensible" if seat == 0 else "random"]
            state = GAME.apply(state, seat, bot(GAME.view(state, seat), GAME.legal_actions(state, seat), rng))
    assert checked > 100 and 0 < marked < checked


# --- Ruse pawns: what a carved token may be -------------------------------------------


def test_adding_ruse_pawns_a_carved_token_may_only_be_a_ruse_pawn_already_added() -> None:
    from foxtui.games.master_fox.rules import start_round

    state = new_game(2)
    seen = {}
    for _ in range(4):
        state = start_round(state)  # rounds 2, 3, 4, 5
        box = {"A1": "fox"} if state.round < 4 else {"A1": "fox", "B1": "hammer"}
        looted = touch(arrange(loot_turn_of(state, 0), box=box), 0, "A1")
        view = GAME.view(looted, 0)
        seen[state.round] = (view.memory[A1].could_be, view.ruse_kinds)
    assert seen[2] == (("fox",), ["fox"])  # only foxes are in: a carved token is a fox
    assert seen[3] == (("fox", "snake"), ["fox", "snake"])  # "Fox or Snake?" once the snakes are in
    assert seen[4] == seen[5] == (("fox", "snake", "hammer"), ["fox", "snake", "hammer"])
    assert GAME.view(new_game(2), None).ruse_kinds == []
    state = touch(arrange(all_ruse_in_play(new_game(2)), box={"A1": "hammer"}), 0, "A1", 2)
    assert GAME.view(state, 0).memory[A1].could_be == ("hammer",)  # the second touch finds the T
    snake_round = arrange(loot_turn_of(start_round(start_round(new_game(2))), 0), box={"A1": "snake"}, hands={0: "fox"})
    assert GAME.view(snake_round, 0).hand.could_be == ("fox",)  # fully felt: one kind, whatever is in


# --- How long ago: turns, or moves in real time ---------------------------------------


def test_memory_age_in_turns_or_in_real_time_moves() -> None:
    state = arrange(new_game(2), box={"A1": "cow"})
    state = touch(state, 0, "A1")
    view = GAME.view(state, 0)
    assert ago(view, view.memory[A1].turn) == "this turn"
    state = act(state, 0, EndTurn())
    state = act(state, 1, EndTurn())
    view = GAME.view(state, 0)
    assert ago(view, view.memory[A1].turn) == "2 turns ago"
    rt = arrange(new_game(2, mode="realtime"), box={"A1": "cow"})
    rt = touch(rt, 0, "A1")
    view = GAME.view(rt, 0)
    assert ago(view, view.memory[A1].turn) == "just now"  # nobody has moved since
    rt = act(rt, 1, Touch("B1"))
    assert ago(GAME.view(rt, 0), view.memory[A1].turn) == "1 move ago"
    rt = act(rt, 1, *[Touch("B1")] * 128)
    assert ago(GAME.view(rt, 0), view.memory[A1].turn) == "129 moves ago"  # never "129 turns ago"


def test_memory_is_private_and_public_view_shows_none() -> None:
    state = touch(arrange(new_game(2), box={"A1": "cow"}), 0, "A1")
    assert GAME.view(state, 0).memory[A1] is not None
    assert GAME.view(state, 1).memory[A1] is None
    assert GAME.view(state, None).memory == []


def test_realtime_everyone_loots_at_once_and_the_first_hand_wins() -> None:
    state = arrange(new_game(2, mode="realtime"), box={"A1": "cow"})
    assert GAME.to_act(state) == {0, 1}
    assert EndTurn() not in GAME.legal_actions(state, 1)
    state = touch(state, 1, "A1", 5)  # no touch limit
    state = grab(state, 0, "A1")
    state = grab(state, 1, "A1")  # someone emptied it: the hand closes on nothing
    assert state.players[1].hand is None and state.players[0].hand is not None
    assert GAME.to_act(state) == {0, 1}
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, EndTurn())


# --- How to Play: end the mission -----------------------------------------------


def test_end_the_mission_stop_needs_three_loot_pawns() -> None:
    base = all_ruse_in_play(new_game(2))
    two = arrange(base, sacks={0: ["cow", "hen", "fox"]})
    assert Stop() not in GAME.legal_actions(two, 0)
    with pytest.raises(IllegalAction, match="three|3"):
        GAME.apply(two, 0, Stop())
    three = arrange(base, sacks={0: ["cow", "hen", "fish"]})
    assert Stop() in GAME.legal_actions(three, 0)
    assert Stop() not in GAME.legal_actions(three, 1)  # only on your turn
    two_holding = grab(arrange(base, box={"A1": "pig"}, sacks={0: ["cow", "hen", "fox"]}), 0, "A1")
    # the hand's pawn is not in the sack yet: STOP only with it stashed
    assert GAME.legal_actions(two_holding, 0) == [Stash(), PutBack(), StashStop()]


def test_end_the_mission_stop_as_soon_as_the_third_loot_pawn_is_in_the_sack() -> None:
    """The stash that brings the third loot pawn may call STOP in the same move; a plain
    stash passes the box on, and STOP is on offer again on the next turn."""
    state = arrange(new_game(2), box={"A1": "fish"}, sacks={0: ["cow", "hen"]}, missions=["cow", "hen", "fish"])
    state = act(state, 0, Touch("B1"), Grab("A1"))
    assert GAME.legal_actions(state, 0) == [Stash(), PutBack(), StashStop()]
    stopped = GAME.apply(state, 0, StashStop())
    assert stopped.summaries[-1].stopped_by == 0 and stopped.eggs == [3, 0]
    assert stopped.summaries[-1].seats[0].scored == ["cow", "hen", "fish"]
    assert GAME.describe(state, 0, StashStop(), 1) == "Ada stashed a pawn, the sack holds 3, and called STOP!"
    passed = GAME.apply(state, 0, Stash())  # or keep looting: the box goes round
    assert GAME.to_act(passed) == {1} and passed.touches_left == 3 and not passed.grab_used
    assert Stop() in GAME.legal_actions(loot_turn_of(passed, 0), 0)  # and STOP again on the next turn


def test_end_the_mission_a_stash_that_leaves_fewer_than_three_pawns_ends_the_turn() -> None:
    state = arrange(new_game(2), box={"A1": "cow"}, sacks={0: ["hen"]})
    state = act(state, 0, Grab("A1"), Stash())
    assert GAME.to_act(state) == {1}  # two pawns: no STOP could be near, nothing to wait for


def test_end_the_mission_a_stash_that_leaves_three_pawns_but_two_loot_ends_the_turn() -> None:
    """Issue 39: with a ruse pawn in the sack, `Sack 3/4 (2 loot; STOP needs 3)` then
    only `e End turn` on offer, a key for nothing. The stash ends the turn."""
    base = all_ruse_in_play(new_game(2))
    for sack, hand in ((["cow", "hen"], "fox"), (["cow", "snake"], "hen")):
        state = act(arrange(base, box={"A1": hand}, sacks={0: sack}), 0, Grab("A1"))
        assert StashStop() not in GAME.legal_actions(state, 0)
        with pytest.raises(IllegalAction, match="3 loot pawns"):
            GAME.apply(state, 0, StashStop())
        assert GAME.to_act(GAME.apply(state, 0, Stash())) == {1}


def test_end_the_mission_the_turn_after_a_third_pawn_tells_nobody_whether_they_are_loot() -> None:
    """Every plain stash passes the box on, so the others cannot tell three loot pawns
    from two and a fox; STOP at once is a move of its own, which shows every sack."""
    base = all_ruse_in_play(new_game(2))
    ruse = act(arrange(base, box={"A1": "fox"}, sacks={0: ["cow", "hen"]}), 0, Grab("A1"), Stash())
    loot = act(arrange(base, box={"A1": "pig"}, sacks={0: ["cow", "hen"]}), 0, Grab("A1"), Stash())
    assert GAME.to_act(ruse) == GAME.to_act(loot) == {1}
    assert GAME.view(ruse, 1) == GAME.view(loot, 1)  # Bo sees the same table either way


def test_end_the_mission_every_stash_with_three_loot_pawns_offers_stop() -> None:
    state = arrange(new_game(2), box={"A1": "pig"}, sacks={0: ["cow", "hen", "fish"]})
    state = act(state, 0, Grab("A1"))  # a fourth pawn: STOP with it put back, or with it stashed
    assert GAME.legal_actions(state, 0) == [Stash(), PutBack(), Stop(), StashStop()]
    assert GAME.apply(state, 0, StashStop()).summaries[-1].seats[0].revealed == ["cow", "hen", "fish", "pig"]


def test_end_the_mission_stash_and_stop_is_a_turn_mode_move() -> None:
    state = act(arrange(new_game(2, mode="realtime"), box={"A1": "fish"}, sacks={0: ["cow", "hen"]}), 0, Grab("A1"))
    assert StashStop() not in GAME.legal_actions(state, 0)  # no turn to pass: stash, then STOP
    with pytest.raises(IllegalAction, match="real-time"):
        GAME.apply(state, 0, StashStop())
    full = act(arrange(new_game(2), box={"A1": "pig"}, sacks={0: ["cow", "hen", "fish", "goose"]}), 0, Grab("A1"))
    assert GAME.legal_actions(full, 0) == [PutBack(), Stop()]


def test_end_the_mission_stop_with_a_pawn_in_the_looting_hand_puts_it_back_in_the_box() -> None:
    # Bo's snake keeps the round open after STOP, so the box can be looked at before the next shake.
    state = arrange(
        all_ruse_in_play(new_game(2)),
        box={"A1": "pig"},
        sacks={0: ["cow", "hen", "fish"], 1: ["sheep", "snake"]},
        missions=["cow", "hen", "fish"],
    )
    pig = state.spots[A1]
    state = grab(state, 0, "A1")
    assert GAME.legal_actions(state, 0) == [Stash(), PutBack(), Stop(), StashStop()]
    assert GAME.describe(state, 0, Stop(), 0) == "You called STOP! The pawn in your hand goes back into the box."
    assert GAME.describe(state, 0, Stop(), 1) == "Ada called STOP! The pawn in Ada's hand goes back into the box."
    stopped = GAME.apply(state, 0, Stop())
    assert stopped.phase == "steal" and stopped.stopped_by == 0
    assert stopped.players[0].hand is None and pig in stopped.spots and count_pawns(stopped) == 29
    assert stopped.revealed[0] == ["cow", "hen", "fish"]  # the pig is not in the sack
    assert GAME.undo_blocker(state, 0, Stop(), stopped) == "STOP showed every sack; it cannot be taken back."


def test_end_the_mission_in_real_time_stop_right_after_the_third_stash_and_with_a_pawn_in_hand() -> None:
    box = {"A1": "fish", "B1": "pig", "C1": "goose"}
    state = arrange(new_game(2, mode="realtime"), box=box, sacks={0: ["cow", "hen"]})
    state = act(state, 0, Grab("A1"), Stash())
    assert Stop() in GAME.legal_actions(state, 0) and GAME.to_act(state) == {0, 1}
    state = grab(state, 0, "B1")
    assert GAME.legal_actions(state, 0) == [Stash(), PutBack(), Stop()]
    state = grab(state, 1, "C1")
    assert GAME.describe(state, 0, Stop(), 1) == "Ada called STOP! The pawns in Ada's and your hands go back into the box."
    assert GAME.describe(state, 0, Stop(), None) == "Ada called STOP! The pawns in Ada's and Bo's hands go back into the box."
    stopped = GAME.apply(state, 0, Stop())
    assert stopped.summaries[-1].seats[1].scored == []  # Bo's goose was only in his hand
    assert stopped.summaries[-1].stopped_by == 0
    assert stopped.summaries[-1].seats[0].scored == ["cow", "hen", "fish"]


def test_end_the_mission_stop_puts_hands_back_and_opens_the_sacks() -> None:
    state = arrange(
        all_ruse_in_play(new_game(2, mode="realtime")),
        box={"A1": "pig"},
        sacks={0: ["cow", "hen", "fish"], 1: ["cow", "fox"]},
        missions=["cow", "hen", "fish"],
    )
    state = grab(state, 1, "A1")
    before = GAME.view(state, 0)
    assert before.revealed == [] and before.holding == [False, True]
    state = act(state, 0, Stop())
    assert count_pawns(state) == 29
    summary = state.summaries[-1]
    assert summary.stopped_by == 0
    assert [s.revealed for s in summary.seats] == [["cow", "hen", "fish"], ["cow", "fox"]]
    assert state.eggs == [3, 2] and state.round == 5


def test_round_ends_by_itself_when_nobody_can_call_stop() -> None:
    state = arrange(
        all_ruse_in_play(new_game(2)),
        box={"A1": "snake"},
        sacks={0: ["cow", "fox", "fox"], 1: ["hen", "snake", "hammer"]},
    )
    state = act(state, 0, Grab("A1"))
    line = GAME.describe(state, 0, Stash(), 1)
    state = act(state, 0, Stash())
    assert "Nobody can call STOP" in line
    assert state.summaries[-1].stopped_by == -1 and state.round == 5


# --- Count your points ----------------------------------------------------------------


def test_count_your_points_matching_loot_gains_one_each() -> None:
    assert lines(["cow", "hen", "fish"], ["cow", "hen", "fish"]) == {"matching loot": 3}


def test_count_your_points_wrong_loot_loses_one_each() -> None:
    assert lines(["cow", "pig", "sheep"], ["cow", "hen", "fish"]) == {"matching loot": 1, "wrong loot": -2}


def test_count_your_points_extra_pawns_of_an_animal_lose_one_each() -> None:
    assert lines(["cow", "cow", "cow", "hen"], ["cow", "hen", "fish"]) == {"matching loot": 2, "extra of an animal": -2}
    # two of a wrong animal: -1 each either way (the first wrong, the other extra)
    assert lines(["pig", "pig", "hen"], ["cow", "hen", "fish"]) == {
        "matching loot": 1,
        "wrong loot": -1,
        "extra of an animal": -1,
    }


def test_count_your_points_two_ruse_pawns_cancel_and_cost_a_point() -> None:
    assert lines(["cow", "hen", "fox", "fox"], ["cow", "hen", "fish"]) == {"matching loot": 2, "two or more ruse pawns": -1}
    assert lines(["cow", "fox", "snake", "hammer"], ["cow"]) == {"matching loot": 1, "two or more ruse pawns": -1}


def test_ruse_pawns_fox_gains_a_point() -> None:
    assert lines(["cow", "hen", "fish", "fox"], ["cow", "hen", "fish"]) == {"matching loot": 3, "fox": 1}
    assert lines(["cow", "snake"], ["cow"]) == {"matching loot": 1}
    assert lines(["cow", "hammer"], ["cow"]) == {"matching loot": 1}


def test_round_score_never_negative() -> None:
    state = stop_with(new_game(2), {0: ["pig", "pig", "sheep", "goose"], 1: ["cow", "hen", "fish"]})
    seat0 = state.summaries[-1].seats[0]
    assert seat0.raw == -4 and seat0.eggs == 0
    assert state.eggs == [0, 3]
    assert state.breakdown[0]["negative rounds raised to 0"] == 4
    assert sum(state.breakdown[0].values()) == 0


def test_count_your_points_eggs_come_as_3_and_1_tokens() -> None:
    assert egg_tokens(0) == (0, 0) and egg_tokens(7) == (2, 1) and egg_tokens(9) == (3, 0)
    state = stop_with(new_game(2), {0: ["cow", "hen", "fish"], 1: []}, eggs=[4, 0])
    assert GAME.view(state, None).egg_tokens == [(2, 1), (0, 0)]


def test_count_your_points_whole_round_is_summarised_publicly() -> None:
    state = stop_with(all_ruse_in_play(new_game(2)), {0: ["cow", "hen", "fish", "fox"], 1: ["pig", "cow"]})
    summary = GAME.view(state, None).summaries[-1]
    assert summary.round == 4 and summary.missions == ["cow", "hen", "fish"]
    assert [(s.raw, s.eggs) for s in summary.seats] == [(4, 4), (0, 0)]
    assert {line.category: line.points for line in summary.seats[1].lines} == {"matching loot": 1, "wrong loot": -1}


# --- Ruse pawns -----------------------------------------------------------------------


def test_ruse_pawns_round_2_foxes_round_3_snakes_round_4_hammer() -> None:
    from foxtui.games.master_fox.rules import start_round

    state = new_game(2)
    counts = []
    for _ in range(6):
        counts.append(sorted(k for k in state.pawns if k in RUSE_KINDS))
        assert sorted(p for p in state.spots if p >= 0) == list(range(len(state.pawns)))  # all shaken in
        state = start_round(state)
    assert counts[0] == []
    assert counts[1] == ["fox", "fox"]
    assert counts[2] == ["fox", "fox", "snake", "snake"]
    assert counts[3] == counts[4] == counts[5] == ["fox", "fox", "hammer", "snake", "snake"]


def test_snake_steals_a_loot_pawn_before_counting() -> None:
    state = stop_with(all_ruse_in_play(new_game(2)), {0: ["cow", "hen", "snake"], 1: ["fish", "pig", "cow"]}, stopper=1)
    assert state.phase == "steal" and GAME.to_act(state) == {0}
    legal = GAME.legal_actions(state, 0)
    assert set(legal) == {Steal(1, "fish"), Steal(1, "pig"), Steal(1, "cow"), NoSteal()}
    state = GAME.apply(state, 0, Steal(1, "fish"))
    summary = state.summaries[-1]
    assert summary.seats[0].scored == ["cow", "hen", "snake", "fish"]
    assert summary.seats[1].scored == ["pig", "cow"]
    assert summary.seats[0].revealed == ["cow", "hen", "snake"]
    assert state.eggs == [3, 0]
    assert summary.steals[0].victim == 1 and summary.steals[0].animal == "fish"


def test_snake_cannot_steal_a_ruse_pawn() -> None:
    state = stop_with(all_ruse_in_play(new_game(2)), {0: ["cow", "hen", "snake", "fish"], 1: ["pig", "fox"]})
    assert GAME.legal_actions(state, 0) == [Steal(1, "pig"), NoSteal()]
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, Steal(1, "fox"))


def test_snake_steals_higher_score_first() -> None:
    sacks = {0: ["cow", "hen", "fish"], 1: ["pig", "snake"], 2: ["goose", "snake"]}
    state = stop_with(all_ruse_in_play(new_game(3)), sacks, eggs=[0, 2, 5])
    assert state.thieves == [2, 1] and GAME.to_act(state) == {2}
    state = GAME.apply(state, 2, Steal(0, "cow"))
    assert GAME.to_act(state) == {1}
    state = GAME.apply(state, 1, Steal(2, "cow"))  # the second snake may rob the first
    assert state.summaries[-1].seats[1].scored == ["pig", "snake", "cow"]


def test_snake_ties_older_first() -> None:
    sacks = {0: ["cow", "hen", "fish"], 1: ["pig", "snake"], 2: ["goose", "snake"]}
    state = stop_with(all_ruse_in_play(new_game(3, ages=[30, 40, 50])), sacks, eggs=[0, 3, 3])
    assert state.thieves == [2, 1]
    state = stop_with(all_ruse_in_play(new_game(3, ages=[30, 50, 40])), sacks, eggs=[0, 3, 3])
    assert state.thieves == [1, 2]


def test_hammer_protects() -> None:
    sacks = {0: ["cow", "hen", "fish", "hammer"], 1: ["pig", "snake"], 2: ["goose", "sheep"]}
    state = stop_with(all_ruse_in_play(new_game(3)), sacks)
    assert GAME.to_act(state) == {1}
    legal = GAME.legal_actions(state, 1)
    assert all(a.victim == 2 for a in legal if isinstance(a, Steal))
    with pytest.raises(IllegalAction):
        GAME.apply(state, 1, Steal(0, "cow"))


def test_snake_with_nothing_to_steal_is_skipped() -> None:
    sacks = {0: ["cow", "hen", "fish", "hammer"], 1: ["pig", "snake"]}
    state = stop_with(all_ruse_in_play(new_game(2)), sacks)
    assert state.round == 5  # scored straight away
    assert state.summaries[-1].steals[0].thief == 1 and state.summaries[-1].steals[0].victim is None


def test_two_ruse_pawns_cancel_snake_and_hammer() -> None:
    # Bo's snake is cancelled by his fox; Ada's hammer is cancelled by her fox.
    sacks = {0: ["cow", "hen", "fish", "hammer", "fox"], 1: ["pig", "snake", "snake"]}
    state = stop_with(all_ruse_in_play(new_game(2)), sacks)
    assert state.round == 5 and state.summaries[-1].steals == []
    sacks = {0: ["cow", "hen", "fish", "hammer", "fox"], 1: ["pig", "snake"]}
    state = stop_with(all_ruse_in_play(new_game(2)), sacks)
    assert GAME.to_act(state) == {1}  # Ada's hammer does not work: she can be robbed


def test_snake_may_decline() -> None:
    state = stop_with(all_ruse_in_play(new_game(2)), {0: ["cow", "hen", "snake"], 1: ["fish", "pig", "cow"]}, stopper=1)
    before = state
    state = GAME.apply(state, 0, NoSteal())
    assert state.eggs == [2, 1]
    assert GAME.describe(before, 0, NoSteal(), 1) == "Ada's snake stole nothing."
    assert GAME.describe(before, 0, Steal(1, "cow"), 1) == "Ada's snake stole your cow."


# --- Missions ----------------------------------------------------------------------


def _next_round(state):
    from foxtui.games.master_fox.rules import start_round

    return start_round(state)


def test_mission_deck_new_round_covers_with_three_new_cards() -> None:
    first = new_game(2)
    second = _next_round(first)
    assert len(second.missions) == 3 and not set(second.missions) & set(first.missions)
    assert second.phase == "loot" and len(second.deck) == 2


def test_mission_deck_third_round_youngest_keeps_one_of_the_old() -> None:
    state = _next_round(_next_round(new_game(3, ages=[40, 20, 30])))
    old = _next_round(new_game(3, ages=[40, 20, 30])).missions
    assert state.round == 3 and state.phase == "keep"
    assert state.keep_from == old and len(state.missions) == 2 and state.deck == []
    assert GAME.to_act(state) == {1}  # the youngest
    assert set(GAME.legal_actions(state, 1)) == {KeepMission(a) for a in old}
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, KeepMission(old[0]))
    with pytest.raises(IllegalAction):
        GAME.apply(state, 1, KeepMission(state.missions[0]))
    kept = GAME.apply(state, 1, KeepMission(old[1]))
    assert kept.phase == "loot" and sorted(kept.missions) == sorted([old[1], *state.missions])
    assert GAME.to_act(kept) == {kept.current}


def test_reshuffle_after_third_round() -> None:
    state = new_game(2)
    cycle = list(state.missions)
    for _ in range(2):
        state = _next_round(state)
        cycle += state.missions
    assert sorted(cycle) == sorted(ANIMALS)  # rounds 1-3 draw each card once
    state = GAME.apply(state, state.elders[-1], KeepMission(state.keep_from[0]))
    fourth = _next_round(state)
    assert fourth.round == 4 and len(fourth.deck) == 5 and len(fourth.missions) == 3
    assert fourth.seen == fourth.missions
    decks = {tuple(_next_round(replace(state, rng=s)).missions) for s in range(6)}
    assert len(decks) > 1  # shuffled anew


def test_missions_are_public() -> None:
    state = new_game(2)
    assert GAME.view(state, None).missions == state.missions
    assert GAME.view(state, None).deck_size == 5


# --- End of the game ---------------------------------------------------------------


def test_end_of_game_10_eggs() -> None:
    state = stop_with(new_game(2), {0: ["cow", "hen", "fish"], 1: ["cow"]}, eggs=[6, 8])
    assert state.eggs == [9, 9] and state.phase == "loot" and GAME.outcome(state) is None
    state = stop_with(state, {0: ["cow", "hen", "fish"], 1: ["cow"]})
    assert state.eggs == [12, 10] and state.phase == "over"
    assert GAME.to_act(state) == frozenset() and GAME.legal_actions(state, 0) == []
    outcome = GAME.outcome(state)
    assert outcome.winners == [0] and outcome.ranking == [0, 1] and outcome.scores == [12, 10]
    assert outcome.tiebreak is None
    for seat in (0, 1):
        assert sum(outcome.breakdown[seat].values()) == outcome.scores[seat]


def test_end_of_game_15_eggs_option() -> None:
    state = stop_with(new_game(2, target_eggs=15), {0: ["cow", "hen", "fish"]}, eggs=[9, 0])
    assert state.eggs[0] == 12 and GAME.outcome(state) is None
    state = stop_with(state, {0: ["cow", "hen", "fish"]})
    assert state.eggs[0] == 15 and GAME.outcome(state).winners == [0]


def test_tie_goes_to_youngest() -> None:
    game = new_game(3, ages=[50, 20, 30])
    state = stop_with(game, {0: ["cow", "hen", "fish"], 1: ["cow", "hen", "fish"], 2: ["cow"]}, eggs=[7, 7, 3])
    outcome = GAME.outcome(state)
    assert outcome.scores == [10, 10, 4]
    assert outcome.winners == [1] and outcome.ranking == [1, 0, 2]
    assert outcome.tiebreak == "Tied on 10 eggs: Bo is the youngest."


# --- Engine contract details ------------------------------------------------------


def test_illegal_moves_are_refused_with_a_sentence() -> None:
    state = arrange(new_game(2))
    with pytest.raises(IllegalAction, match="not Bo's move"):
        GAME.apply(state, 1, Touch("A1"))
    with pytest.raises(IllegalAction, match="no spot"):
        GAME.apply(state, 0, Touch("Z9"))
    with pytest.raises(IllegalAction, match="empty"):
        GAME.apply(state, 0, Stash())
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, KeepMission("cow"))
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, Steal(1, "cow"))


def test_apply_never_modifies_its_argument() -> None:
    state = arrange(new_game(2, mode="realtime"), box={"A1": "cow"}, sacks={0: ["hen", "fish", "cow"]})
    before = msgspec.json.encode(state)
    for seat, action in [(0, Touch("A1")), (1, Grab("A1")), (0, Stop())]:
        GAME.apply(state, seat, action)
        assert msgspec.json.encode(state) == before
    state = grab(state, 1, "A1")
    before = msgspec.json.encode(state)
    GAME.apply(state, 1, PutBack())
    GAME.apply(state, 1, Stash())
    assert msgspec.json.encode(state) == before


def test_state_round_trips_through_json() -> None:
    state = touch(arrange(new_game(3), box={"A1": "cow"}), 0, "A1")
    assert msgspec.json.decode(msgspec.json.encode(state), type=GAME.State) == state
    action = msgspec.json.decode(msgspec.json.encode(Steal(1, "cow")), type=GAME.Action)
    assert action == Steal(1, "cow")


def _samples(state, seat: int = 0, seeds: int = 40) -> list:
    known = GAME.knowledge(state, seat)
    return [GAME.determinize(known, seed) for seed in range(seeds)]


def test_determinize_keeps_the_view_and_re_deals_the_rest() -> None:
    state = arrange(new_game(3), box={"A1": "cow", "B1": "hen"}, sacks={1: ["fish"]})
    state = act(state, 0, Touch("A1"), Grab("B1"))
    at_a1, in_hand = set(), set()
    for other in _samples(state, seeds=20):
        assert GAME.view(other, 0) == GAME.view(state, 0)
        at_a1.add(other.pawns[other.spots[A1]])
        in_hand.add(other.pawns[other.players[0].hand.pawn])
    # felt once: a cow feels like a horse, a hen like a goose, and the sample knows no better
    assert at_a1 == {"cow", "horse"} and in_hand == {"hen", "goose"}


def test_a_spot_felt_empty_before_a_put_back_is_dealt_again() -> None:
    """A pawn put back lands on an empty spot nobody hears: the spot Ada felt empty may
    hold it now. Until the put-back her memory proves the spot empty."""
    state = arrange(new_game(2), box={"A1": "cow"})  # B1 and C1 empty
    state = act(state, 0, Touch("B1"), EndTurn())
    assert all(s.spots[B1] < 0 for s in _samples(state))
    state = act(state, 1, Grab("A1"), PutBack())
    assert {s.spots[B1] >= 0 for s in _samples(state)} == {True, False}
    # twins: wherever the cow landed, the same samples
    cow = next(p for p, kind in enumerate(state.pawns) if kind == "cow" and p in state.spots)
    twins = []
    for spot in ("B1", "C1"):
        spots = [-1 if p == cow else p for p in state.spots]
        spots[SPOT_INDEX[spot]] = cow
        twins.append(replace(state, spots=spots))
    assert GAME.view(twins[0], 0) == GAME.view(twins[1], 0) == GAME.view(state, 0)
    assert [msgspec.json.encode(s) for s in _samples(twins[0])] == [msgspec.json.encode(s) for s in _samples(twins[1])]


def test_a_pawn_felt_before_another_grabbed_it_is_in_the_grabbers_sack() -> None:
    state = arrange(new_game(2), box={"A1": "cow"})
    state = act(state, 0, Touch("A1"), EndTurn())
    state = act(state, 1, Grab("A1"), Stash())
    kinds = set()
    for s in _samples(state):
        assert s.spots[A1] < 0  # Bo's hand found it there, and the spot stays empty
        stolen = s.players[1].sack[0].pawn
        kinds.add(s.pawns[stolen])
        assert s.players[0].memory[A1].pawn == stolen  # what Ada felt is what Bo took
    assert kinds == {"cow", "horse"}


def test_the_others_remember_where_they_were_heard_to_touch() -> None:
    state = arrange(new_game(2), box={"A1": "cow", "B1": "pig"})
    state = act(state, 0, EndTurn())
    state = act(state, 1, Touch("A1"), Touch("A1"), Touch("C1"), EndTurn())
    for s in _samples(state):
        memory = s.players[1].memory
        assert [i for i, f in enumerate(memory) if f is not None] == [A1, SPOT_INDEX["C1"]]
        assert memory[A1].pawn == s.spots[A1] and memory[SPOT_INDEX["C1"]].pawn == s.spots[SPOT_INDEX["C1"]]


def test_describe_tells_the_actor_what_was_felt_and_others_only_where() -> None:
    state = arrange(new_game(2), box={"A1": "hen"})
    assert GAME.describe(state, 0, Touch("A1"), 0) == f"You touched A1: {content.feel('hen', 1)}."
    assert GAME.describe(state, 0, Touch("A1"), 1) == "Ada touched A1."
    assert GAME.describe(state, 0, Touch("A1"), None) == "Ada touched A1."
    assert GAME.describe(state, 0, Grab("B1"), 0) == "You grabbed at B1: your hand closed on nothing."
    # issue 39: everyone learns whether the hand came up holding a pawn (never which)
    assert GAME.describe(state, 0, Grab("B1"), 1) == "Ada grabbed at B1 and came up empty."
    assert GAME.describe(state, 0, Grab("A1"), 1) == "Ada grabbed at A1 and came up holding a pawn."
    assert GAME.describe(state, 0, Grab("A1"), None) == "Ada grabbed at A1 and came up holding a pawn."
    holding = grab(state, 0, "A1")
    for viewer in (1, None):
        line = GAME.describe(holding, 0, Stash(), viewer)
        assert "wings" not in line and "hen" not in line.lower()
    assert "wings" in GAME.describe(holding, 0, PutBack(), 0)


def test_undo_is_blocked_after_feeling_something() -> None:
    state = arrange(new_game(2))
    after = GAME.apply(state, 0, Touch("A1"))
    assert GAME.undo_blocker(state, 0, Touch("A1"), after) == "You already felt that pawn; a touch cannot be taken back."
    after_grab = GAME.apply(state, 0, Grab("A1"))
    assert GAME.undo_blocker(state, 0, Grab("A1"), after_grab)
    ended = GAME.apply(state, 0, EndTurn())
    assert GAME.undo_blocker(state, 0, EndTurn(), ended) is None
    assert not GAME.open_table and GAME.round_of(state) == 1


def test_undo_a_stash_that_could_have_stopped_may_be_taken_back_but_not_the_stop() -> None:
    from foxtui.engine.session import Session
    from foxtui.games.master_fox.rules import loot_count

    session = Session.new(GAME, [SeatInfo("Ada", age=40), SeatInfo("Bo", age=30)], Options(), 3)
    while True:  # both seats play the sensible bot's moves until Ada is about to stash her third loot pawn
        seat = min(session.to_act())
        move = session.bot_action(seat)
        if seat == 0 and move == StashStop() and loot_count(session.state, 0) == 2:
            held = session.state.players[0].hand.pawn
            break
        session.act(seat, move)
    session.act(0, Stash())
    assert session.to_act() == {1}  # the box goes round
    assert session.undo(0) is None  # nothing was felt or drawn: the pawn is back in the hand
    assert session.state.players[0].hand.pawn == held
    assert session.legal_actions(0) == [Stash(), PutBack(), StashStop()]
    before = session.state
    session.act(0, StashStop())
    assert session.state.summaries[-1].stopped_by == 0 and len(session.state.summaries[-1].seats[0].revealed) == 3
    assert session.undo(0) == "Your last move drew something by chance, so it stands."  # the next round's shake
    assert GAME.undo_blocker(before, 0, StashStop(), session.state) == "STOP showed every sack; it cannot be taken back."


def test_game_object_describes_itself() -> None:
    assert (GAME.id, GAME.title, GAME.min_players, GAME.max_players) == ("master-fox", "Master Fox", 2, 4)
    assert list(GAME.bots)[0] == "sensible" and "random" in GAME.bots
    assert GAME.rules_markdown.startswith("# Master Fox")
    assert Options() == Options(target_eggs=10, touches_per_turn=3, mode="turns")
