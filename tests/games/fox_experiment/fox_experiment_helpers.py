"""Building The Fox Experiment states by hand for rule tests."""

from __future__ import annotations

from msgspec.structs import replace

from foxtui.engine import SeatInfo
from foxtui.games.fox_experiment import GAME, breeding
from foxtui.games.fox_experiment.actions import (
    ChoosePatron,
    ChooseTrait,
    ConfirmPup,
    DiscardToken,
    EndResearch,
    EndUpgrades,
    KeepStudy,
    Pair,
    WildTrait,
)
from foxtui.games.fox_experiment.content import BLANK, TRAIT_INDEX
from foxtui.games.fox_experiment.state import Die, Fox, Litter, Options, State

NAMES = ["Ada", "Bo", "Cy", "Di", "Ed", "Flo"]
S, B, E, T = 0, 1, 2, 3  # trait indexes: spots, barking, ears, tail
FRIENDLY, WILD = 4, 5
# trait die faces (content/dice.json): 0-1 whole, 2 whole + half, 3 half, 4 two halves, 5 blank
WHOLE, WHOLE_HALF, HALF, TWO_HALVES, BLANK_FACE = 0, 2, 3, 4, 5
# friendly die faces (content/dice.json): wild halves only; 0 two, 1 one
F_WILD2, F_WILD1 = 0, 1


def seats(n: int) -> list[SeatInfo]:
    return [SeatInfo(NAMES[i]) for i in range(n)]


def new_game(n: int = 3, seed: int = 1, **options) -> State:
    return GAME.setup(seats(n), Options(**options), seed)


def act(state: State, seat: int, action) -> State:
    assert action in GAME.legal_actions(state, seat), (action, GAME.legal_actions(state, seat))
    return GAME.apply(state, seat, action)


def simple(legal: list):
    """A plain policy for getting through phases: keep the first study, take the first
    thing offered, unlock nothing, record pups as rolled, finish research."""
    for kind in (EndUpgrades, ConfirmPup, EndResearch):
        for a in legal:
            if isinstance(a, kind):
                return a
    for a in legal:
        if isinstance(a, (KeepStudy, ChooseTrait, ChoosePatron, DiscardToken)):
            return a
    return legal[0]


def step(state: State, policy=simple) -> State:
    seat = min(GAME.to_act(state))
    return GAME.apply(state, seat, policy(GAME.legal_actions(state, seat)))


def advance(state: State, phase: str, policy=simple, round_: int | None = None) -> State:
    """Play on until the game is in ``phase`` (of round ``round_`` if given)."""
    for _ in range(5000):
        if state.phase == phase and (round_ is None or state.round == round_):
            return state
        state = step(state, policy)
    raise AssertionError(f"never reached {phase}")


def player(state: State, seat: int, **changes) -> State:
    players = list(state.players)
    players[seat] = replace(players[seat], **changes)
    return replace(state, players=players)


def pup(card: str, owner: int, counts: list[int], name: str = "Pup", friendliness: int | None = None, points: int = 0) -> Fox:
    """A bred pup whose tracks are marked from the left with these symbol counts."""
    marks = [(1 << min(k, 5)) - 1 for k in counts]
    return Fox(card, owner, name, sum(counts) if friendliness is None else friendliness, marks, points)


def female_blank() -> str:
    return next(c for c, b in BLANK.items() if b.female)


def male_blank() -> str:
    return next(c for c, b in BLANK.items() if not b.female)


def roll(state: State, seat: int, dice: list[tuple[int, int]], card: str | None = None, friendly: int = 0) -> State:
    """Put this roll on the table for ``seat`` (in breeding), with no pairs yet and
    ``friendly`` friendly tokens."""
    p = state.players[seat]
    lit = p.litter
    assert lit is not None, "the seat is not breeding"
    new = Litter(card or lit.card, [Die(k, f) for k, f in dice], [], [])
    return player(state, seat, litter=new, friendly=friendly)


def make(state: State, seat: int, pair: Pair) -> State:
    """Make this pair on ``seat``'s roll as a player does: a pair of two wild halves is
    joined as "any", then its trait is named."""
    step = breeding.listed(state.players[seat].litter.dice, pair)
    state = act(state, seat, step)
    if step.trait != pair.trait:
        state = act(state, seat, WildTrait(pair.trait))
    return state


def trait(name: str) -> int:
    return TRAIT_INDEX[name]


def others_done(state: State, seat: int) -> State:
    """Mark every other seat done in a simultaneous phase."""
    players = [p if s == seat else replace(p, stage="done", litter=None) for s, p in enumerate(state.players)]
    return replace(state, players=players)



def most_pairs(dice, tokens: int) -> int:
    """The most pairs a roll allows, by trying every way (small rolls only): two halves
    on different dice that match, a half and a token, two tokens."""
    hs = breeding.halves(dice)
    best = 0

    def rec(i: int, used: frozenset, toks: int, val: int) -> None:
        nonlocal best
        best = max(best, val + toks // 2)  # two tokens make any trait
        if i == len(hs):
            return
        d, s, c = hs[i]
        rec(i + 1, used, toks, val)
        if (d, s) in used:
            return
        for d2, s2, c2 in hs[i + 1 :]:
            if d2 != d and (d2, s2) not in used and breeding._traits_for(c, c2):
                rec(i + 1, used | {(d2, s2)}, toks, val + 1)
        if toks:
            rec(i + 1, used, toks - 1, val + 1)

    rec(0, frozenset(), tokens, 0)
    return best
