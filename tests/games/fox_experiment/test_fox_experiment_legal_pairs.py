"""The Fox Experiment breeding: ``legal_pairs`` (worked out on bit masks, per roll and per
colour group, for speed) lists exactly the pairs a plain reading of the rules gives, in
the same order (bots pick from the list by position)."""

from __future__ import annotations

from fox_experiment_helpers import most_pairs

from foxtui.engine import Rng
from foxtui.games.fox_experiment import breeding
from foxtui.games.fox_experiment.actions import TOKEN
from foxtui.games.fox_experiment.content import ANY, FACES, FRIENDLY, WILD
from foxtui.games.fox_experiment.state import Die

N = 4


def plain_legal_pairs(dice: list[Die], pairs: list, tokens: int) -> list:
    """The listing rule spelled out: free halves by colour, die by die (of a die's two
    same-colour halves only the first free one), then per colour its pairs with later
    halves of that colour, with wild halves and with a token; then wild pairs (one each,
    trait "any": the next step names it); then two tokens (the same)."""
    used = {(p.a, p.a_half) for p in pairs} | {(p.b, p.b_half) for p in pairs}
    free: list[list[tuple[int, int]]] = [[] for _ in range(N + 1)]
    for d, die in enumerate(dice):
        halves = FACES[die.kind][die.face][1]
        if len(halves) == 2 and halves[0] == halves[1]:
            slots = [s for s in (0, 1) if (d, s) not in used][:1]
        else:
            slots = [s for s in range(len(halves)) if (d, s) not in used]
        for s in slots:
            free[halves[s]].append((d, s))
    wild = free[ANY]
    out = []
    for c in range(N):
        for i, (d1, s1) in enumerate(free[c]):
            out += [breeding.pair(d1, s1, d2, s2, c) for d2, s2 in free[c][i + 1 :] if d2 != d1]
            for d2, s2 in wild:
                if d1 != d2:
                    out.append(breeding.pair(*((d1, s1, d2, s2) if d1 < d2 else (d2, s2, d1, s1)), c))
            if tokens > 0:
                out.append(breeding.pair(d1, s1, TOKEN, 0, c))
    for i, (d1, s1) in enumerate(wild):
        for d2, s2 in wild[i + 1 :]:
            out.append(breeding.pair(d1, s1, d2, s2, ANY))
        if tokens > 0:
            out.append(breeding.pair(d1, s1, TOKEN, 0, ANY))
    if tokens >= 2:
        out.append(breeding.pair(TOKEN, 0, TOKEN, 0, ANY))
    return out


def test_breeding_legal_pairs_match_the_plain_listing_while_pairs_are_made_and_taken_back() -> None:
    r = Rng(7)
    kinds = [0, 1, 2, 3, FRIENDLY, WILD]
    for _ in range(300):
        dice = []
        for _ in range(r.randint(1, 14)):
            kind = r.choice(kinds)
            dice.append(Die(kind, r.below(len(FACES[kind]))))
        tokens = r.choice([0, 1, 2, 3])
        made: list = []
        for _ in range(12):
            free_tokens = tokens - breeding.tokens_used(made)
            legal = breeding.legal_pairs(dice, made, free_tokens)
            assert legal == plain_legal_pairs(dice, made, free_tokens), (dice, made, tokens)
            assert all(breeding.is_legal_pair(dice, made, free_tokens, p) for p in legal)
            if made and (not legal or r.below(4) == 0):
                made.pop(r.below(len(made)))  # an Unpair: a second half may stay used alone
            elif legal:
                made.append(legal[r.below(len(legal))])
            else:
                break


def test_breeding_auto_match_reaches_the_most_pairs_with_the_fewest_tokens_by_legal_pairs() -> None:
    """best_count (asked on every breeding step) is what an exhaustive search finds and what
    best_match makes; the auto-match's pairs get there, each one a pair the player could
    have made (a wild pair as "any", then its trait), from any pairs made before."""
    r = Rng(5)
    for _ in range(400):
        dice = []
        for _ in range(r.randint(0, 7)):
            kind = r.choice([0, 1, 2, 3, FRIENDLY, FRIENDLY, WILD])
            dice.append(Die(kind, r.below(len(FACES[kind]))))
        tokens = r.choice([0, 0, 1, 2, 3])
        most, need = breeding.best_count(dice, tokens)
        assert most == most_pairs(dice, tokens), (dice, tokens)
        proposal = breeding.best_match(dice, tokens)
        assert (len(proposal), breeding.tokens_used(proposal)) == (most, need), (dice, tokens)
        made: list = []
        for _ in range(r.below(3)):  # a pair or two by hand, maybe
            legal = breeding.legal_pairs(dice, made, tokens - breeding.tokens_used(made))
            if not legal:
                break
            p = legal[r.below(len(legal))]
            made.append(breeding.pair(p.a, p.a_half, p.b, p.b_half, 0) if p.trait == "any" else p)
        auto = breeding.auto_match(dice, tokens, made, lambda counts: 1)
        if auto is None:
            assert (len(made), -breeding.tokens_used(made)) >= (most, -need)
            continue
        assert (len(auto), breeding.tokens_used(auto)) == (most, need), (dice, tokens, made, auto)
        if auto[: len(made)] != made:
            made = []  # made again from scratch
        else:
            auto = auto[len(made) :]
        for p in auto:
            step = breeding.listed(dice, p)
            assert step in breeding.legal_pairs(dice, made, tokens - breeding.tokens_used(made)), (dice, made, p)
            assert step == p or p.trait == "barking"  # a wild pair gets the trait ``prefer`` names
            made.append(p)
