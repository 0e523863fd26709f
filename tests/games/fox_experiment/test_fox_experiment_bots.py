"""The Fox Experiment bots: the sensible bot plays from its View alone at every table
size, beats random bots, and no starting turn position runs away with the wins.

The full measurements are scripts (the tests take small samples):
python tests/games/fox_experiment/fox_experiment_winrate.py --games 200
python tests/games/fox_experiment/fox_experiment_balance.py --games 300
"""

from __future__ import annotations

from fox_experiment_balance import measure as balance
from fox_experiment_helpers import HALF, TWO_HALVES, WHOLE, B, S, advance, new_game, player, roll
from fox_experiment_winrate import measure, play

from foxtui.engine import Rng
from foxtui.engine.autoplay import autoplay
from foxtui.games.fox_experiment import GAME, breeding
from foxtui.games.fox_experiment.actions import ConfirmPup
from foxtui.games.fox_experiment.bots import needs, sensible_bot
from foxtui.games.fox_experiment.breeding import best_match


def test_sensible_bots_finish_small_and_large_tables() -> None:
    for n in (2, 6):
        state = play(["sensible"] * n, 100 + n)
        assert GAME.outcome(state) is not None


def test_sensible_and_random_bots_play_together() -> None:
    state = play(["sensible", "random", "sensible", "random"], 9)
    assert GAME.outcome(state) is not None


def test_sensible_bot_beats_random_bots() -> None:
    assert measure(9) >= 0.75


def test_no_starting_position_wins_far_more_than_its_share() -> None:
    # a small sample: no position may win twice its share here (the script checks 1.5x on 300 games)
    shares = balance(12, [3])[3]["shares"]
    assert abs(sum(shares) - 1) < 1e-9
    assert max(shares) <= 2 / 3, shares


def test_the_session_autoplays_with_the_sensible_bot() -> None:
    session = autoplay(GAME, 3, 4)
    assert session.outcome() is not None and session.record.seats[0].bot == "sensible"


def test_sensible_bot_pairs_with_best_match_then_records_the_pup() -> None:
    state = advance(new_game(3, seed=2), "breeding")
    state = roll(state, 0, [(S, HALF), (S, TWO_HALVES), (B, WHOLE)])
    state = player(state, 0, science=[])
    for _ in range(3):
        legal = GAME.legal_actions(state, 0)
        action = sensible_bot(GAME.view(state, 0), legal, Rng(0))
        if isinstance(action, ConfirmPup):
            break
        lit = state.players[0].litter
        assert action == best_match(lit.dice, state.players[0].friendly, lit.pairs, needs(GAME.view(state, 0)))[0]
        state = GAME.apply(state, 0, action)
    assert isinstance(action, ConfirmPup)
    assert breeding.symbols(state.players[0].litter.dice, state.players[0].litter.pairs) == [1, 1, 0, 0]


def test_sensible_bot_decides_from_its_view_alone() -> None:
    state = advance(new_game(3, seed=6), "selection")
    for _ in range(3):
        seat = min(GAME.to_act(state))
        legal = GAME.legal_actions(state, seat)
        action = sensible_bot(GAME.view(state, seat), legal, Rng(0))
        for seed in range(4):
            redealt = GAME.determinize(GAME.knowledge(state, seat), seed)
            assert sensible_bot(GAME.view(redealt, seat), GAME.legal_actions(redealt, seat), Rng(0)) == action
        state = GAME.apply(state, seat, action)


def test_the_experts_rollouts_choose_from_the_lean_view_what_the_sensible_bot_chooses_from_the_view() -> None:
    # rollout() reads view.rollout_view, a lean copy of what the sensible bot reads: over
    # seeded games (a random step now and then, for states the sensible bot would not reach)
    # every seat's choice from it is the choice from the full View, at every table size
    from foxtui.games.fox_experiment.bots import rollout

    checked = 0
    for players in (2, 3, 4):
        for seed in range(3):
            state = new_game(players, seed=seed)
            r = Rng(seed)
            while GAME.outcome(state) is None:
                seat = min(GAME.to_act(state))
                legal = GAME.legal_actions(state, seat)
                if not legal:
                    state = GAME.apply(state, seat, GAME.clock(state).step)
                    continue
                for s in GAME.to_act(state):
                    mine = GAME.legal_actions(state, s)
                    if len(mine) > 1:
                        assert rollout(state, s, mine, Rng(7)) == sensible_bot(GAME.view(state, s), mine, Rng(7))
                        checked += 1
                action = legal[r.below(len(legal))] if r.below(8) == 0 else sensible_bot(GAME.view(state, seat), legal, r)
                state = GAME.apply(state, seat, action)
    assert checked > 1000


def _sensible_games(sizes: tuple[int, ...], seeds: range):  # type: ignore[no-untyped-def]
    """Every state of seeded games of sensible bots, with the seat to act next."""
    for players in sizes:
        for seed in seeds:
            state = new_game(players, seed=seed)
            r = Rng(seed)
            while GAME.outcome(state) is None:
                seat = min(GAME.to_act(state))
                legal = GAME.legal_actions(state, seat)
                yield state, seat
                action = GAME.clock(state).step if not legal else sensible_bot(GAME.view(state, seat), legal, r)
                state = GAME.apply(state, seat, action)
            yield state, None


def test_the_experts_estimate_ends_at_the_final_score() -> None:
    # at the end nothing is promised any more: the estimate is the score, but for the
    # half point a leftover odd token adds to the estimate and not to the count
    from foxtui.games.fox_experiment.administration import breakdown
    from foxtui.games.fox_experiment.bots import _estimate

    ends = 0
    for state, seat in _sensible_games((2, 3, 4), range(2)):
        if seat is None:
            for s in range(len(state.players)):
                score = sum(breakdown(state, s).values())
                assert score <= _estimate(state, s) <= score + 0.5
            ends += 1
    assert ends == 6


def test_the_experts_estimate_foresees_what_research_gives() -> None:
    # when research begins, this round's pups' promise is what the sensible bot's research
    # then earns: the study points it completes and half a point per token it collects
    from foxtui.games.fox_experiment.administration import breakdown
    from foxtui.games.fox_experiment.bots import TOKEN_VALUE, _prospect

    promised: dict[tuple[int, int], float] = {}
    before: dict[tuple[int, int], tuple[int, int]] = {}
    checked = 0
    for state, seat in _sensible_games((2, 3), range(2)):
        if seat is None:
            continue
        for s in GAME.to_act(state):
            p = state.players[s]
            key = (id(state.seats), s)
            if state.phase == "research" and p.stage == "research" and not p.assigned and key not in promised:
                promised[key] = _prospect(state, s)
                before[key] = (breakdown(state, s)["studies"], sum(p.tokens))
            elif key in promised and p.stage != "research":
                studies, tokens = before.pop(key)
                earned = breakdown(state, s)["studies"] - studies + TOKEN_VALUE * (sum(p.tokens) - tokens)
                assert promised.pop(key) == earned, (state.round, s)
                checked += 1
    assert checked >= 20


def test_the_experts_reward_outlook_is_the_reward_given() -> None:
    # once everyone has bred, the friendliness reward is sure: the space's points for the
    # breeders of the friendliest pup, the friendly tokens at half a point for the others
    from foxtui.games.fox_experiment.administration import friendliness_reward
    from foxtui.games.fox_experiment.bots import TOKEN_VALUE, _reward_outlook
    from foxtui.games.fox_experiment.content import REWARDS

    checked = shaded = 0
    for state, seat in _sensible_games((2, 3, 4), range(2)):
        if seat is None or state.phase not in ("breeding", "research"):
            continue
        space, winners, _best = friendliness_reward(state)
        if space < 0:  # nobody has bred yet: the space the reward will take
            space = next(k for k, seats in enumerate(state.rewards) if not seats)
        breeding_done = all(p.litter is None and not p.pups_left for p in state.players)
        for s in range(len(state.players)):
            outlook = _reward_outlook(state, s)
            if breeding_done:
                given = REWARDS[space].points if s in winners else TOKEN_VALUE * REWARDS[space].tokens
                assert outlook == given, (state.round, s)
                checked += 1
            else:
                assert TOKEN_VALUE * REWARDS[space].tokens <= outlook <= REWARDS[space].points
                shaded += outlook not in (REWARDS[space].points, TOKEN_VALUE * REWARDS[space].tokens)
    assert checked >= 50 and shaded >= 50


def test_the_experts_selection_outlook_counts_the_parents_to_come() -> None:
    # a parent not taken yet counts as the fox with the most dice still free in its row
    # (or the deck's average): taking that fox changes nothing, a lesser one costs its
    # missing dice; by the breeding, the parents' dice are the pool's trait dice
    from foxtui.games.fox_experiment import foxes
    from foxtui.games.fox_experiment.actions import TakeFox
    from foxtui.games.fox_experiment.bots import _DECK_DICE, _parent_dice

    def male(state):  # type: ignore[no-untyped-def]
        p = state.players[seat]
        if p.male is not None:
            return sum(foxes.dice(p.male))
        return max([sum(foxes.dice(f)) for f in state.males if not f.automaton] + [_DECK_DICE])
    from foxtui.games.fox_experiment.rules import pool_of

    took = pools = 0
    for state, seat in _sensible_games((2, 3), range(2)):
        if seat is None:
            continue
        p = state.players[seat]
        if state.phase == "selection" and p.female is None:
            free = [(sum(foxes.dice(f)), i) for i, f in enumerate(state.females) if not f.automaton]
            assert _parent_dice(state, p) == max(max(d for d, _ in free), _DECK_DICE) + male(state)
            for dice, i in free:
                action = TakeFox("female", i)
                if action not in GAME.legal_actions(state, seat):
                    continue
                after = GAME.apply(state, seat, action)  # the automated opponent may take a male then
                assert _parent_dice(after, after.players[seat]) == dice + male(after)
                took += dice < max(d for d, _ in free)
                took += 1
        if state.phase == "upgrades":
            pool = pool_of(p)
            assert _parent_dice(state, p) == sum(1 for k in pool if k < foxes.N)
            pools += 1
    assert took >= 10 and pools >= 10


def test_the_experts_estimate_is_the_same_before_and_after_the_last_pup_is_recorded() -> None:
    # The pup on the table counts as recording it leaves things: its pairs' friendly
    # tokens spent, its point tokens won. Counted as still held, those tokens made
    # recording the pup look like a loss, and the expert took a pair apart and joined it
    # again for ever (issue 35). Only the reward's shading may change (the seat may be
    # the last to breed).
    from foxtui.games.fox_experiment.bots import _estimate, _reward_outlook

    def without_reward(state, s):  # type: ignore[no-untyped-def]
        return _estimate(state, s) - _reward_outlook(state, s)

    checked = tokens = points = 0
    for state, seat in _sensible_games((2, 3, 4), range(2)):
        if seat is None or state.phase != "breeding":
            continue
        p = state.players[seat]
        if p.litter is None or p.pups_left or breeding.deciding(p.litter.pairs):
            continue
        after = GAME.apply(state, seat, ConfirmPup())
        assert abs(without_reward(after, seat) - without_reward(state, seat)) < 1e-9, (state.round, seat)
        checked += 1
        tokens += breeding.tokens_used(p.litter.pairs) > 0
        points += after.players[seat].points > p.points
    assert checked >= 30 and tokens >= 10 and points >= 1


def test_a_wild_pair_waiting_for_its_trait_counts_as_the_trait_worth_most() -> None:
    # left out until named, the pup looked worse for the join, and the expert took the
    # pair apart again rather than name it
    from foxtui.games.fox_experiment.actions import WildTrait
    from foxtui.games.fox_experiment.bots import _estimate
    from foxtui.games.fox_experiment.content import TRAITS

    checked = 0
    for state, seat in _sensible_games((2, 3, 4), range(2)):
        if seat is None or state.phase != "breeding":
            continue
        p = state.players[seat]
        if p.litter is None or not breeding.deciding(p.litter.pairs):
            continue
        named = [_estimate(GAME.apply(state, seat, WildTrait(t)), seat) for t in TRAITS]
        assert _estimate(state, seat) == max(named)
        checked += 1
    assert checked >= 10
