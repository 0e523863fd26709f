"""The Fox Matters expert: its outlook (data, checked as it loads), its table mate that
carries out the plan with the best outlook, and the search's evaluation, which must be
the position the plan really reaches."""

from __future__ import annotations

import json

import msgspec
import pytest
from fox_matters_helpers import beside_ada
from msgspec.structs import replace

from foxtui.engine import Rng, SeatInfo
from foxtui.games.fox_matters import GAME, expert, outlook, rules
from foxtui.games.fox_matters.actions import END_ACTION, EndAction, MoveKnight, PlayCard, Ready
from foxtui.games.fox_matters.bots import MUST, _Col, _means, _value, cooperative_bot, plan_action
from foxtui.games.fox_matters.state import Options
from foxtui.games.fox_matters.view import rollout_view

DIFFICULTIES_BY_SEED = ["random-level-1", "random-level-3", "random-level-4", "random-level-2"]


def _seeded_states(players: int, seeds: range, every: int = 1, people: bool = True):
    """States met in seeded games of the expert's table mates with now and then a random
    step: every table size, a person in some games, all difficulties, Holiday in some."""
    for seed in seeds:
        humans = [0] if people and seed % 3 == 2 and players > 1 else []
        seats = [SeatInfo(f"P{i}", bot=None if i in humans else "expert") for i in range(players)]
        options = Options(timer_seconds=0, nightmare=DIFFICULTIES_BY_SEED[seed % 4], holiday=seed % 5 == 4 and seed % 4 != 1)
        state = GAME.setup(seats, options, 700 + seed)
        r = Rng(seed)
        steps = 0
        while GAME.outcome(state) is None:
            seat = min(GAME.to_act(state))
            legal = GAME.legal_actions(state, seat)
            if steps % every == 0:
                yield state
            steps += 1
            if r.below(8) == 0:
                action = legal[r.below(len(legal))]
            else:
                action = expert.expert_policy(GAME.view(state, seat), legal, r)
            state = GAME.apply(state, seat, action)


def _actions(players: int, seeds: range, every: int = 1):
    for state in _seeded_states(players, seeds, every):
        if state.phase == "action" and state.round < rules.ROUNDS:
            yield state


# --- the outlook ----------------------------------------------------------------------


def _outlook_json(**change) -> bytes:
    data = msgspec.to_builtins(outlook.OUTLOOK)
    data.update(change)
    return json.dumps(data, separators=(",", ":")).encode()


def test_the_outlook_is_data_checked_as_it_loads() -> None:
    assert outlook.load(_outlook_json()) == outlook.OUTLOOK
    names = list(outlook.FEATURES)
    wrong = [
        _outlook_json(features=names[::-1]),  # another order
        _outlook_json(rounds=outlook.OUTLOOK.rounds[:-1]),  # a round missing
        _outlook_json(rounds=[w[:-1] for w in outlook.OUTLOOK.rounds]),  # a weight missing
        _outlook_json(colour="red"),  # an unknown field
        _outlook_json().replace(b'"rounds":[[', b'"rounds":[[1e999,', 1),  # not a number
    ]
    for data in wrong:
        with pytest.raises((msgspec.ValidationError, msgspec.DecodeError, ValueError)):
            outlook.load(data)
    assert len(outlook.OUTLOOK.rounds) == rules.ROUNDS - 1


def _position(players: int = 2, cards: int = 6, fear: tuple[int, ...] = (1, 0, 0, 1, 0, 0)) -> list[float]:
    columns = [(["C01", "C02"] if c % 2 else ["C03"], [], f) for c, f in enumerate(fear)]
    hand = [f"R{n:02d}" for n in range(1, cards + 1)]
    return outlook.features("hollow-bell", players, False, columns, hand, [("fox-king", 1), ("fox-admiral", 0)])


def test_the_outlook_favours_cards_kept_and_fears_a_column_at_two_tokens() -> None:
    # what the expert trades against each other when it leaves a column for later: the
    # cards it keeps against the Fear the column takes. A fit gone wrong (features out of
    # order, a sign flipped) fails here
    for round_ in range(1, rules.ROUNDS):
        chance = outlook.chance
        assert chance(round_, _position(cards=8)) > chance(round_, _position(cards=6))
        assert chance(round_, _position(fear=(2, 0, 0, 1, 0, 0))) < chance(round_, _position())
        assert 0.0 < chance(round_, _position()) < 1.0


# --- the plan with the best outlook -----------------------------------------------------


def _after_check(view, plans) -> float:
    return expert._after_check(view, plans)


def test_the_expert_plan_is_at_least_as_good_by_the_outlook_as_the_cooperative_one() -> None:
    # the cooperative bot's plan (every column it can deal with) is among the expert's
    # choices, so the one it carries out never looks worse
    better = same = 0
    for players in (1, 2, 3, 5):
        for state in _actions(players, range(3), every=2):
            view = GAME.view(state, min(GAME.to_act(state)))
            plans, chance = expert.best_plan(view)
            assert chance == pytest.approx(_after_check(view, plans))
            theirs = _after_check(view, plan_action(view))
            assert chance >= theirs - 1e-12
            better += chance > theirs + 1e-9
            same += chance <= theirs + 1e-9
    assert better > 20 and same > 20, (better, same)


def test_the_expert_plan_deals_with_every_column_it_must_that_the_cooperative_plan_does() -> None:
    checked = 0
    for players in (1, 2, 4):
        for state in _actions(players, range(4), every=2):
            view = GAME.view(state, min(GAME.to_act(state)))
            pool, knights, fixed = _means(view)
            must = set()
            for c, col in enumerate(view.columns):
                if col.problems and _value(_Col(c, col, view.nightmare, fixed[c]), view.round, view.rounds) >= MUST:
                    must.add(c)
            theirs = {p.column for p in plan_action(view)} & must
            mine = {p.column for p in expert.best_plan(view)[0]}
            assert theirs <= mine
            checked += bool(theirs)
    assert checked > 10, checked


def test_a_column_left_for_later_keeps_its_cards_and_takes_a_fear_token() -> None:
    # the outlook the expert compares is of the position after the check: a column it
    # leaves keeps its problems and takes a Fear token, and the cards a plan would spend
    # on it stay in hand
    from foxtui.games.fox_matters.content import CARDS

    tried = 0
    for state in _actions(2, range(6), every=5):
        view = GAME.view(state, min(GAME.to_act(state)))
        plans = plan_action(view)
        if not plans or len(view.columns[plans[0].column].fear) >= 2 or view.columns[plans[0].column].cards:
            continue
        left = plans[0]
        col = view.columns[left.column]
        with_it = dict(zip(outlook.FEATURES, _projected(view, plans)))
        without = dict(zip(outlook.FEATURES, _projected(view, plans[1:])))
        symbols = sum(len(CARDS[c].symbols) for c in left.cards if CARDS[c].kind != "gray")
        assert without["problems"] == with_it["problems"] + len(col.problems)
        assert without["symbols_in_hand"] == with_it["symbols_in_hand"] + symbols
        assert without["empty_columns"] == with_it["empty_columns"] - 1
        at = "columns_at_one_fear" if not col.fear else "columns_at_two_fear"
        assert without[at] == with_it[at] + 1
        tried += 1
    assert tried > 5, tried


def _played_to_the_check(state):
    """Every seat plays the expert's own choices to the Problem check: the state the check
    left (before the Clean-up), caught where rules.resolve hands it on."""
    seen = []
    clean_up = rules.clean_up

    def caught(s):
        seen.append(s)
        return clean_up(s)

    rules.clean_up = caught
    try:
        start = state.round
        while not seen and state.round == start and GAME.outcome(state) is None:
            seat = min(GAME.to_act(state))
            legal = GAME.legal_actions(state, seat)
            state = GAME.apply(state, seat, expert.expert_policy(GAME.view(state, seat), legal, Rng(0)))
    finally:
        rules.clean_up = clean_up
    return seen[0] if seen else state


#: the features the cheese is counted in by whose it is: a table shares the cheese of a
#: column where several knights stood by the suggestion, as the evaluation does, or to
#: a knight that can move Fear while a column holds two tokens (the cooperative way)
BY_KNIGHT = {"cheese_to_remove_problems", "cheese_to_draw", "cheese_for_fear", "cheese_for_gray_tails"}


def _plans_of(plans) -> list:
    return [(p.column, list(p.cards), sorted(p.knights)) for p in plans]


def _step_of(plans, action) -> list:
    """The plans less the step ``action`` carries out (a card played, a knight moved)."""
    out = []
    for column, cards, knights in plans:
        if isinstance(action, PlayCard) and action.column == column and cards[:1] == [action.card]:
            cards = cards[1:]
        if isinstance(action, MoveKnight) and action.column == column and action.knight in knights:
            knights = [k for k in knights if k != action.knight]
        out.append((column, cards, knights))
    return out


def test_the_evaluation_is_the_position_the_plan_really_reaches_at_the_check() -> None:
    # the search scores a sample by finishing the round with the plan (expert._after_check
    # of the best plan); wherever the table carries that plan out as it stands (the plan
    # worked out afresh at each step is what is left of it), the check leaves that very
    # position. The cheese of a column where several knights stood is shared as the
    # table shares it, which the evaluation takes to be the suggestion: those features
    # (whose cheese it is) are left out
    compared = lost = replanned = 0
    for players in (1, 2, 3, 4, 5):
        for state in _seeded_states(players, range(4), every=7, people=False):
            if state.phase != "action" or state.round >= rules.ROUNDS or any(state.ready):
                continue
            seat = min(GAME.to_act(state))
            view = rollout_view(state, seat)
            plans, chance = expert.best_plan(view)
            # the table first mends any broken chain (the cards from the break on back in hand)
            want = dict(zip(outlook.FEATURES, _projected(expert._mended(view)[0], plans)))
            left, same = _plans_of(plans), True
            clean_up, caught = rules.clean_up, []
            rules.clean_up = lambda s: (caught.append(s), clean_up(s))[1]
            try:
                while state.phase == "action":
                    seat = min(GAME.to_act(state))
                    now = GAME.view(state, seat)
                    mine = _plans_of(expert.best_plan(now)[0])
                    same = same and [p for p in mine if p[1] or p[2]] == [p for p in left if p[1] or p[2]]
                    action = expert.expert_policy(now, GAME.legal_actions(state, seat), Rng(0))
                    left = _step_of(mine, action)
                    state = GAME.apply(state, seat, action)
                while state.phase == "share_cheese":  # the cheese shared, the Clean-up follows
                    seat = min(GAME.to_act(state))
                    state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
            finally:
                rules.clean_up = clean_up
            if not same:
                replanned += 1
                continue
            if state.phase == "over" and not caught:
                assert chance == 0.0
                lost += 1
                continue
            got = dict(zip(outlook.FEATURES, outlook.features_of(caught[0] if caught else state)))
            for name in outlook.FEATURES:
                if name not in BY_KNIGHT:
                    assert got[name] == want[name], (name, got[name], want[name])
            compared += 1
    assert compared > 20, (compared, lost, replanned)


def _projected(view, plans) -> list[float]:
    caught = []
    chance = outlook.chance

    def keep(round_, values, weights=None):
        caught.append(values)
        return chance(round_, values, weights)

    outlook.chance = keep
    try:
        expert._after_check(view, plans)
    finally:
        outlook.chance = chance
    return caught[0]


def test_knights_the_plan_does_not_need_stand_where_cheese_is_earned() -> None:
    # a dealt column with no knight on it would lose its cheese: the expert puts a knight
    # its plan does not need there before it says it is done
    for state in _actions(2, range(8), every=3):
        seat = min(GAME.to_act(state))
        view = GAME.view(state, seat)
        plans = expert.best_plan(view)[0]
        where = expert._standing(view, plans)
        spare = [k.id for k in view.knights if k.id not in {x for p in plans for x in p.knights}]
        for p in plans:
            if not any(c == p.column for c in where.values()):
                # no knight left for it: every spare knight already stands on a dealt column
                assert all(where[k] in {q.column for q in plans} for k in spare)
    # and when the policy says it is done, they stand there
    done = 0
    for state in _seeded_states(2, range(3), people=False):
        if state.phase == "action" and state.round < rules.ROUNDS:
            seat = min(GAME.to_act(state))
            view = GAME.view(state, seat)
            legal = GAME.legal_actions(state, seat)
            if expert.expert_policy(view, legal, Rng(0)) == END_ACTION:
                where = {k.id: k.column for k in view.knights}
                assert where == expert._standing(view, expert.best_plan(view)[0])
                done += 1
    assert done > 5


# --- the search's inputs ----------------------------------------------------------------


def test_the_experts_rollouts_choose_from_the_lean_view_what_it_chooses_from_the_view() -> None:
    # rollout() reads view.rollout_view, a lean copy of what the expert's table mate
    # reads: over seeded games every seat's choice from it is the choice from the full
    # View, at every table size (the cooperative bot's Planning included)
    checked = 0
    phases = set()
    for players in range(1, 6):
        for n, state in enumerate(_seeded_states(players, range(3), every=2)):
            for variant in (state, replace(state, phase_steps=400) if n % 10 == 0 else None):
                if variant is None:
                    continue
                for s in GAME.to_act(variant):
                    mine = GAME.legal_actions(variant, s)
                    if len(mine) > 1:
                        assert expert.rollout(variant, s, mine, Rng(7)) == expert.expert_policy(GAME.view(variant, s), mine, Rng(7))
                        assert cooperative_bot(rollout_view(variant, s), mine, Rng(7)) == cooperative_bot(GAME.view(variant, s), mine, Rng(7))
                        checked += 1
                        phases.add(variant.phase)
    assert checked > 1500 and phases >= {"planning", "action", "share_cheese"}, (checked, phases)


def test_the_evaluation_is_won_or_lost_in_the_last_round() -> None:
    seen = set()
    for state in _seeded_states(2, range(6), every=3, people=False):
        # (the last round's first Planning state is where the Action of round 4 ended:
        # scored as the check left it, see the test below)
        if state.round == rules.ROUNDS and state.phase in ("planning", "action") and state.phase_steps:
            value = expert.evaluate(state, min(GAME.to_act(state)))
            assert value in (0.0, 1.0)
            seen.add(value)
    assert seen == {0.0, 1.0}


def test_the_evaluation_reads_no_deck() -> None:
    # two samples that differ only in the decks' order (and the Fear tokens beside the
    # board) are worth the same
    checked = 0
    for state in _seeded_states(2, range(3), every=11, people=False):
        if state.phase in ("over",):
            continue
        seat = min(GAME.to_act(state))
        shuffled = replace(
            state,
            relief_deck=state.relief_deck[::-1],
            common_deck=state.common_deck[::-1],
            fox_deck=state.fox_deck[::-1],
            fear_pool=state.fear_pool[::-1],
        )
        assert expert.evaluate(state, seat) == expert.evaluate(shuffled, seat)
        checked += 1
    assert checked > 20


def test_the_evaluation_scores_whatever_a_candidate_move_leaves() -> None:
    # the search plays every legal move in a sample and evaluates what it leaves: a card
    # taken out of the middle of a chain, a knight moved, a card played anyhow
    scored = broken = 0
    for players in (1, 2, 3):
        for state in _seeded_states(players, range(3), every=13):
            if state.phase not in ("planning", "action", "pick_fox", "share_cheese"):
                continue
            seat = min(GAME.to_act(state))
            sample = GAME.determinize(GAME.knowledge(state, seat), 5)
            for action in GAME.legal_actions(sample, seat)[::3]:
                after = GAME.apply(sample, seat, action)
                if GAME.outcome(after) is not None:
                    continue
                value = expert.evaluate(after, seat)
                assert 0.0 <= value <= 1.0
                broken += bool(expert._breaks(rollout_view(after, seat)))
                scored += 1
    assert scored > 500 and broken > 10, (scored, broken)


def test_expert_knights_leave_a_persons_cards_and_knights_alone_all_game() -> None:
    # the search tries other moves than its own favourite, but never one that plays or
    # takes back a person's card or moves a person's knight (expert.manners)
    from foxtui.bots.ask import answer, ask
    from foxtui.games.fox_matters.actions import TakeBack

    tried = 0
    for seed in range(2):
        seats = [SeatInfo("Ada"), SeatInfo("Bo", bot="expert"), SeatInfo("Cy", bot="expert")]
        state = GAME.setup(seats, Options(timer_seconds=0, nightmare="random-level-3"), seed)
        ada_knights = {k.id for k in state.knights if k.owner == 0}

        def expert_move(state, seat, legal, steps, seed=seed):
            return answer(ask(GAME, state, seat, "expert", seed * 1000 + steps), 8)

        for state, _seat, legal, action in beside_ada(state, expert_move, 5000):
            ada_cards = {hc.card for hc in state.hands[0]}
            ada_cards |= {p.card for col in state.columns for p in col.cards if p.owner == 0}
            if isinstance(action, (PlayCard, TakeBack)):
                assert action.card not in ada_cards, "a bot played or took back Ada's card"
            if isinstance(action, MoveKnight):
                assert action.knight not in ada_knights, "a bot moved Ada's knight"
            tried += any(isinstance(a, PlayCard) and a.card in ada_cards for a in legal)
    assert tried > 20


def test_the_log_says_which_columns_expert_knights_leave_for_later() -> None:
    # a person at the table sees the knights stop with columns they could have dealt
    # with: the line that says they are done says which and why
    from foxtui.games.fox_matters.narrate import describe

    said = 0
    for state in _seeded_states(2, range(6), people=False):
        if state.phase != "action" or state.round >= rules.ROUNDS:
            continue
        seat = min(GAME.to_act(state))
        view = GAME.view(state, seat)
        if expert.expert_policy(view, GAME.legal_actions(state, seat), Rng(0)) != END_ACTION:
            continue
        line = describe(state, seat, END_ACTION, None)
        left = expert.left_for_later(view)
        if left:
            assert "for later" in line and f"{left[-1] + 1} for later" in line, line
            said += 1
        else:
            assert "for later" not in line
    assert said > 3, said


def test_a_state_the_clean_up_made_is_scored_as_the_position_the_check_left(monkeypatch) -> None:
    # A candidate that is the last to say done ends the Action: the search then scores
    # the next round's Planning. It must score it as the plans of the Action are scored
    # (the position the check left), read back from the report of the check
    caught = []
    clean_up = rules.clean_up
    monkeypatch.setattr(rules, "clean_up", lambda s: (caught.append(s), clean_up(s))[1])
    compared = 0
    for players in (1, 2, 3, 4, 5):
        caught.clear()
        for state in _seeded_states(players, range(3)):
            if state.phase != "planning" or state.phase_steps or state.round == 1:
                continue
            before = caught[-1]
            assert before.round == state.round - 1
            assert outlook.features_before_clean_up(state) == outlook.features_of(before)
            chance = outlook.chance(before.round, outlook.features_of(before))
            assert expert.evaluate(state, min(GAME.to_act(state))) == chance
            compared += 1
    assert compared > 40, compared


def test_an_expert_left_alone_in_the_action_does_not_go_round_in_circles() -> None:
    # Seen in tmux: a person said done at once, then the other expert; the last one,
    # alone, took cards back and moved knights to and fro for hundreds of steps, because
    # saying done (the next round's plans) scored lower than any other move (this
    # round's plans). No arrangement of the table may come back within an Action.
    from foxtui.bots.ask import answer
    from foxtui.engine.session import Session

    for seed in (0, 2):
        seats = [SeatInfo("Ada"), SeatInfo("Bo", bot="expert"), SeatInfo("Cy", bot="expert")]
        session = Session.new(GAME, seats, Options(timer_seconds=0, nightmare="random-level-3"), seed)
        seen: dict[int, set] = {}
        while session.outcome() is None:
            state = session.state
            if 0 in GAME.to_act(state):  # Ada says she is ready, or done, at once
                legal = GAME.legal_actions(state, 0)
                session.act(0, next((a for a in legal if isinstance(a, (Ready, EndAction))), legal[0]))
                continue
            seat = min(session.bots_to_act())
            action = answer(session.bot_question(seat))
            if state.phase == "action" and action != END_ACTION:
                table = (
                    tuple(tuple(p.card for p in col.cards) for col in state.columns),
                    tuple(k.column for k in state.knights),
                )
                assert table not in seen.setdefault(state.round, set()), (seed, state.round, state.phase_steps, action)
                seen[state.round].add(table)
            session.act(seat, action)
