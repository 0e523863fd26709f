"""Fox Matters: the shortcuts taken for speed (packed counts, the Problem check without
the memo, the legal list built in one pass over the columns) agree with the rules
worked out plainly, over random games."""

from __future__ import annotations

from fox_matters_helpers import new_game

from foxtui.bots import random_bot
from foxtui.engine import Rng
from foxtui.games.fox_matters import check, content, rules
from foxtui.games.fox_matters.actions import (
    END_ACTION,
    FACE,
    MOVE,
    NUM_COLUMNS,
    PLAY,
    READY,
    TAKE,
)
from foxtui.games.fox_matters.content import ANY, CARDS, KNIGHT_SYMBOL, PROBLEM, SYMBOLS

N = len(SYMBOLS)


def random_states(players: int, games: int, **options):
    """Every state met in some seeded random games (both phases, all rounds)."""
    for seed in range(1, games + 1):
        state = new_game(players, seed=seed, **options)
        rng = Rng(seed)
        while state.phase != "over":
            yield state
            seat = min(rules.to_act(state))
            state = rules.apply(state, seat, random_bot(None, rules.legal_actions(state, seat), rng))


def plain_check(problems, cards, symbols, faced, nightmare):
    """The Problem check of one column, counted the long way from the rulebook."""
    plus = {
        kind: content.effect_total(nightmare, "problem_plus", kind) for kind in ("common", "complicated")
    }
    total = sum(PROBLEM[p].total + plus.get(PROBLEM[p].kind, 0) for p in problems)
    need = [sum(PROBLEM[p].needs[i] for p in problems) for i in range(N)]
    for kind in faced:
        if kind == "two":
            total += 2
        else:
            need[SYMBOLS.index(kind)] += 1
    gray = CARDS[cards[0]].reduce if cards else 0
    need_total = max(total - gray, sum(need))
    have = [0] * N
    wild = 0
    for cid in cards:
        for s in CARDS[cid].symbols:
            if s == ANY:
                wild += 1
            else:
                have[s] += 1
    for s in symbols:
        have[s] += 1
    missing, missing_any = check.missing_symbols(need_total, need, have, wild)
    broken = check.broken_links(cards)
    met = bool(problems) and not broken and not any(missing) and missing_any == 0
    return need_total, need, have, wild, missing, missing_any, broken, gray, met


def test_problem_phase_the_check_agrees_with_a_plain_count() -> None:
    seen = 0
    for state in random_states(1, 25):
        for c, col in enumerate(state.columns):
            symbols = [KNIGHT_SYMBOL[k.id] for k in state.knights if k.column == c]
            faced = [content.FEAR_KIND[f.token] for f in col.fear if f.up]
            cards = [p.card for p in col.cards]
            got = check.evaluate(col.problems, cards, symbols, faced, state.nightmare)
            need_total, need, have, wild, missing, missing_any, broken, gray, met = plain_check(
                col.problems, cards, symbols, faced, state.nightmare
            )
            assert (got.need_total, got.need, got.have, got.have_any) == (need_total, need, have, wild)
            assert (got.missing, got.missing_any, got.broken, got.gray, got.met) == (
                missing,
                missing_any,
                broken,
                gray,
                met,
            )
            assert got.counts == (check.symbol_counts(need), check.symbol_counts(have), check.symbol_counts(missing))
            seen += bool(cards or symbols or faced)
    assert seen > 50  # columns with something in them were met, not only bare ones


def test_problem_phase_a_bare_column_is_checked_like_any_other() -> None:
    # the Problem check takes a remembered outcome for a column with only problems in it
    bare = 0
    for state in random_states(1, 25):
        for col in state.columns:
            if col.problems:
                bare += 1
                want = check.outcome(col.problems, (), (), (), state.nightmare)
                assert check.bare_outcome(col.problems, state.nightmare) == want
                assert check.bare_outcome(list(col.problems), state.nightmare) == want  # asked again: the memo
    assert bare > 100


def test_problem_phase_reports_match_the_live_check_of_each_column() -> None:
    checked = 0
    for state in random_states(2, 20):
        if state.phase != "action":
            continue
        live = [rules.check_column(state, c) for c in range(NUM_COLUMNS)]
        after = rules.resolve(state)
        for report in after.reports[-1].columns:
            want = live[report.column]
            assert (report.need_total, report.have_any, report.have_total, report.missing_any) == (
                want.need_total,
                want.have_any,
                want.have_total,
                want.missing_any,
            )
            assert (report.broken_links, report.gray_tail, report.met) == (want.broken, want.gray, want.met)
            assert (report.need, report.have, report.missing) == want.counts
            checked += 1
    assert checked > 100


def plain_legal(state, seat):
    """legal_actions written out plainly, in the documented order."""
    planning = state.phase == "planning"
    out = []
    accepts = []
    for col in state.columns:
        if not col.problems:
            accepts.append(None)
        elif col.cards and state.options.check != "table":
            accepts.append(CARDS[col.cards[-1].card].follow_mask)
        else:
            accepts.append(-1)
    hands = [state.hands[seat]] if planning else state.hands
    for hand in hands:
        for hc in hand:
            if hc.up:
                mask = CARDS[hc.card].mask
                for c, fm in enumerate(accepts):
                    if fm == -1 or (fm is not None and mask & fm):
                        out.append(PLAY[hc.card, c])
    for col in state.columns:
        out += [TAKE[p.card] for p in col.cards if p.owner == seat or not planning]
    for k in state.knights:
        if k.owner == seat or not planning:
            out += [MOVE[k.id, c] for c in range(-1, NUM_COLUMNS) if c != k.column]
            if planning and k.cheese:
                out += rules._ability_actions(state, k)
    if planning:
        for c, col in enumerate(state.columns):
            out += [FACE[c, i] for i, f in enumerate(col.fear) if not f.up]
        return out + [READY]
    return out + [END_ACTION]


def test_planning_and_action_phase_the_legal_list_is_the_plain_one_in_the_same_order() -> None:
    for players in (1, 3):
        for state in random_states(players, 12):
            if state.phase in ("planning", "action"):
                for seat in range(players):
                    if not state.ready[seat]:
                        assert rules.legal_actions(state, seat) == plain_legal(state, seat)


def test_the_tables_own_check_the_legal_list_is_the_plain_one_in_the_same_order() -> None:
    seen = 0
    for state in random_states(2, 8, check="table"):
        if state.phase in ("planning", "action"):
            for seat in range(2):
                if not state.ready[seat]:
                    assert rules.legal_actions(state, seat) == plain_legal(state, seat)
                    seen += 1
    assert seen > 100
