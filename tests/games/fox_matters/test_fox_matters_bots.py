"""Fox Matters bots: the cooperative bot plays from its View alone, for any number
of seats, and wins often enough (but not always) at every difficulty."""

from __future__ import annotations

from fox_matters_helpers import chain, give, in_action, new_game, problem, set_column, with_knights
from fox_matters_winrate import DIFFICULTIES, measure, play
from msgspec.structs import replace

from foxtui.bots import random_bot
from foxtui.engine import Rng, SeatInfo
from foxtui.engine.autoplay import autoplay
from foxtui.games.fox_matters import GAME, content
from foxtui.games.fox_matters.actions import EndAction, FaceFear, PlayCard, Ready
from foxtui.games.fox_matters.bots import cooperative_bot, plan_action
from foxtui.games.fox_matters.rules import check_column
from foxtui.games.fox_matters.state import Options

MAX_STEPS = 20_000

#: the test's sample: games per player count for Easy and for Extremely difficult.
#: The full measurement (500 per cell, every difficulty) is
#: python tests/games/fox_matters/fox_matters_winrate.py --games 500
SAMPLE = 16


def run(bots: list[str], seed: int, **options) -> tuple[object, int]:
    state = GAME.setup([SeatInfo(f"P{i}") for i in range(len(bots))], Options(**options), seed)
    rng = Rng(seed)
    steps = 0
    while GAME.to_act(state):
        acting = sorted(GAME.to_act(state))
        seat = acting[rng.below(len(acting))]
        legal = GAME.legal_actions(state, seat)
        action = GAME.bots[bots[seat]](GAME.view(state, seat), legal, rng)
        assert action in legal
        state = GAME.apply(state, seat, action)
        steps += 1
        assert steps < MAX_STEPS, "the game stalled"
    return state, steps


def test_cooperative_bots_finish_every_kind_of_game() -> None:
    for seed, n, options in [
        (1, 1, {}),
        (2, 2, {"nightmare": "random-level-2", "timer_seconds": 0}),
        (3, 3, {"nightmare": "random-level-3"}),
        (4, 4, {"nightmare": "random-level-4"}),
        (5, 5, {"holiday": True, "nightmare": "random"}),
    ]:
        state, _ = run(["cooperative"] * n, seed, **options)
        assert GAME.outcome(state) is not None


def test_cooperative_bots_play_with_random_teammates() -> None:
    for seed in range(3):
        state, _ = run(["cooperative", "random", "cooperative"], seed)
        assert GAME.outcome(state) is not None


def test_cooperative_bots_beat_random_play() -> None:
    coop = sum(play(2, "easy", seed)[0] for seed in range(12))
    rand = sum(run(["random", "random"], seed)[0].result == "won" for seed in range(12))
    assert coop >= 6 and rand == 0, (coop, rand)


def test_the_session_autoplays_fox_matters_with_the_cooperative_bot() -> None:
    session = autoplay(GAME, 3, 7)
    assert session.outcome() is not None
    assert session.record.seats[0].bot == "cooperative"


def test_cooperative_bot_decides_from_its_view_alone() -> None:
    state = in_action(new_game(3, seed=2))
    state = replace(state, hands=[[replace(hc, up=True) for hc in h] for h in state.hands])
    legal = GAME.legal_actions(state, 1)
    action = cooperative_bot(GAME.view(state, 1), legal, Rng(0))
    for seed in range(5):
        redealt = GAME.determinize(state, 1, seed)
        assert cooperative_bot(GAME.view(redealt, 1), GAME.legal_actions(redealt, 1), Rng(seed)) == action


def test_cooperative_bot_completes_a_column_it_can_complete() -> None:
    state = new_game(1, seed=3)
    for c in range(6):
        state = set_column(state, c, [])
    nibbling = problem("Compulsive Nibbling")  # 3 incl crown + heart
    state = set_column(state, 2, [nibbling])
    cards = chain("crown", "heart", "sword")
    state = give(in_action(state), 0, cards)
    state = with_knights(state, ["fox-wizard"])  # a pot knight: no help with the specific symbols
    plans = plan_action(GAME.view(state, 0))
    assert [p.column for p in plans] == [2]
    for _ in range(10):
        action = cooperative_bot(GAME.view(state, 0), GAME.legal_actions(state, 0), Rng(0))
        if isinstance(action, EndAction):
            break
        assert isinstance(action, PlayCard) or action.column == 2
        state = GAME.apply(state, 0, action)
    assert check_column(state, 2).met


def test_cooperative_bot_faces_fear_early_and_says_ready() -> None:
    state = set_column(new_game(1, seed=4), 1, [problem("Lost Button")], fear=[("two", False)])
    state = replace(state, knights=[replace(k, cheese=0) for k in state.knights])
    action = cooperative_bot(GAME.view(state, 0), GAME.legal_actions(state, 0), Rng(0))
    assert action == FaceFear(1, 0)
    state = GAME.apply(state, 0, action)
    assert cooperative_bot(GAME.view(state, 0), GAME.legal_actions(state, 0), Rng(0)) == Ready()


def test_cooperative_bot_spends_cheese_on_abilities() -> None:
    state = with_knights(new_game(1, seed=5), ["vixen-rebel"])
    state = replace(state, knights=[replace(state.knights[0], cheese=2)])
    for _ in range(2):
        state = GAME.apply(state, 0, cooperative_bot(GAME.view(state, 0), GAME.legal_actions(state, 0), Rng(0)))
    assert state.knights[0].cheese == 0


def test_cooperative_bot_keeps_its_win_rate_between_difficulties() -> None:
    """A sample of the win-rate measurement: Easy is won more often than Extremely
    difficult, and neither is always won or always lost."""
    rates = measure(SAMPLE, [1, 2, 3, 4, 5], ["easy", "extreme"])
    easy = sum(rates[p, "easy"] for p in range(1, 6)) / 5
    extreme = sum(rates[p, "extreme"] for p in range(1, 6)) / 5
    print(f"\nwin rate over {SAMPLE} games per player count: easy {easy:.0%}, extreme {extreme:.0%}")
    assert 0 < extreme < easy < 1
    assert easy >= 0.5, "Easy should be won more often than not"


def test_every_difficulty_is_measured() -> None:
    assert set(DIFFICULTIES) == {"holiday", "easy", "intermediate", "difficult", "extreme"}
    for options in DIFFICULTIES.values():
        Options(**options)


def test_random_bot_is_offered_too() -> None:
    assert list(GAME.bots) == ["cooperative", "random"] and GAME.bots["random"] is random_bot
    assert content.NIGHTMARE  # content loaded
