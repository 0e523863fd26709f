"""The Fox Experiment's words that come from the rules side (narrate, view): told from
the viewer's side, no stray punctuation, nothing offered that the round cannot give,
and a round's summary that holds only that round's end."""

from __future__ import annotations

from fox_experiment_helpers import act, advance, new_game, player
from msgspec.structs import replace

from foxtui.games.fox_experiment import GAME, rules
from foxtui.games.fox_experiment.actions import ChoosePatron, EndUpgrades, TakeSupply, Unlock
from foxtui.games.fox_experiment.content import SCIENCE_IDS
from foxtui.games.fox_experiment.state import FREE, Space
from foxtui.games.fox_experiment.view import science_text


def test_others_read_a_trait_token_of_their_choice_the_taker_of_your_choice() -> None:
    state = advance(new_game(3), "selection")
    seat = rules.current(state)
    other = next(s for s in range(3) if s != seat)
    state = replace(state, track=[state.track[0], Space("t05", FREE)] + state.track[2:])  # spots + any
    theirs = GAME.describe(state, seat, TakeSupply(1), other)
    mine = GAME.describe(state, seat, TakeSupply(1), seat)
    assert "a trait token of their choice" in theirs and "your" not in theirs
    assert "a trait token of your choice" in mine


def test_others_read_their_choice_when_a_patron_tile_gives_a_trait_of_choice() -> None:
    state = advance(new_game(3), "upgrades")
    state = replace(state, patron_tiles=["t21", "t01", "t02", "t03"])  # any + friendly on the first
    state = player(state, 0, tokens=[0, 0, 0, 9], stage="busy")  # (one who could pay for nothing is done)
    state = act(state, 0, Unlock("patron", "tail"))
    line = GAME.describe(state, 0, ChoosePatron(0), 1)
    assert "a trait token of their choice" in line and "your" not in line


def test_science_cards_listed_together_read_as_one_sentence() -> None:
    joined = "; ".join(science_text(c) for c in SCIENCE_IDS)
    assert ".;" not in joined and not joined.endswith(".")
    assert science_text("sc01").startswith("Second Opinion: roll one die")


def test_the_empty_first_space_promises_the_next_round_only_before_round_5() -> None:
    state = advance(new_game(3), "selection")
    assert "next round" in GAME.view(state, 0).track[0].text
    assert "next round" in GAME.describe(state, rules.current(state), TakeSupply(0), None)
    state = advance(state, "selection", round_=5)
    text = GAME.view(state, 0).track[0].text
    line = GAME.describe(state, rules.current(state), TakeSupply(0), None)
    assert "next round" not in text and "next round" not in line
    assert "tie" in text and "tie" in line


def test_the_summary_of_a_round_holds_only_that_rounds_end() -> None:
    # two players: the automated opponent's gear on the first space makes it first in round 2,
    # so the step that ends round 1 also runs its first selection turn of round 2
    state = advance(new_game(2, seed=5), "research")
    state = replace(state, automaton=replace(state.automaton, gear=0))
    track = list(state.track)
    track[0] = Space("", -2)
    state = replace(state, track=track)
    state = player(state, 1, stage="done")
    state = player(state, 0, stage="upgrades")
    after = act(state, 0, EndUpgrades())
    assert after.round == 2 and after.order[0] == -1
    assert any("turns over" in e for e in after.events)  # round 2 has begun in the same step
    view = GAME.view(after, None)
    assert view.summary and any("Friendliest" in e for e in view.summary)
    assert not any("turns over" in e for e in view.summary)
    assert view.summary == view.events[: len(view.summary)]
    # the next step has no summary
    seat = min(GAME.to_act(after))
    later = GAME.apply(after, seat, GAME.legal_actions(after, seat)[0])
    assert GAME.view(later, None).summary == []


def test_unlocking_names_the_tokens_paid_as_the_game_calls_them() -> None:
    state = player(advance(new_game(3), "upgrades"), 0, tokens=[0, 0, 4, 0])
    assert "floppy ears tokens" in GAME.describe(state, 0, Unlock("pup", "ears"), 1)


def test_three_tied_for_the_friendliest_pup_are_named_as_a_list() -> None:
    # issue 39: "Ada and Bo and Cy place a meeple"
    from foxtui.engine import Rng
    from foxtui.games.fox_experiment.administration import administration
    from fox_experiment_helpers import female_blank, pup

    state = advance(new_game(3), "research")
    for s in range(3):
        state = player(state, s, pups=[pup(female_blank(), s, [2, 2, 0, 0], name=f"Pup{s}")])
    events: list[str] = []
    administration(state, Rng(1), events)
    line = next(e for e in events if e.startswith("Friendliest pup"))
    assert "Ada, Bo and Cy place a meeple" in line, line
