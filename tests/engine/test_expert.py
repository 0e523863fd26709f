"""The expert level sees only what its seat may know, checked over every game in GAMES
and every player count, over seeded random play:

(a) a sample is a function of what the seat may know: twins (two states whose Views
    for a seat are equal but whose hidden parts differ, made by hand by each game's
    twin-maker in twins.py) give the same sample for the same seed, and a sample's
    View for the seat is the seat's View. So no hidden fact of the real state reaches
    a sample. (A new game needs a twin-maker there.)
(b) the expert's move is the same in twins (same rng): it cannot depend on anything
    the seat cannot see.
"""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
from twins import TWIN_MAKERS, VARIANTS

from foxtui.bots import random_bot
from foxtui.bots.ask import answer, ask
from foxtui.engine import Rng, SeatInfo
from foxtui.games import GAMES

CASES = [(g, n) for g, game in GAMES.items() for n in range(game.min_players, game.max_players + 1)]
enc = msgspec.json.encode
MAX_STEPS = 50_000


def seats_for(n: int) -> list[SeatInfo]:
    return [SeatInfo(name=f"P{i}", age=40 - i) for i in range(n)]


def random_states(game: Any, players: int, seed: int, every: int, **options: Any) -> list[Any]:
    """Every ``every``-th state of a seeded random game, to its end."""
    rng = Rng(seed)
    state = game.setup(seats_for(players), game.Options(**options), seed)
    out = []
    steps = 0
    while game.outcome(state) is None:
        assert steps < MAX_STEPS
        if steps % every == 0:
            out.append(state)
        acting = sorted(game.to_act(state))
        seat = acting[rng.below(len(acting))]
        legal = game.legal_actions(state, seat)
        clock = game.clock(state)
        if clock is not None and rng.below(40) == 0:
            seat, action = acting[0], clock.step
        else:
            action = random_bot(game.view(state, seat), legal, rng)
        state = game.apply(state, seat, action)
        steps += 1
    out.append(state)
    return out


def first_difference(a: Any, b: Any) -> str:
    """The name of the first field where two states differ (for a readable failure)."""
    da, db = msgspec.to_builtins(a), msgspec.to_builtins(b)
    for key in da:
        if da[key] != db.get(key):
            return key
    return "?"


def valid_twins(game: Any, state: Any, seat: int, rng: Rng) -> list[Any]:
    """The twins of ``state`` for ``seat`` its game's twin-maker made: the View is the
    same, the state is not."""
    view, real = game.view(state, seat), enc(state)
    return [t for t in TWIN_MAKERS[game.id](state, seat, rng) if game.view(t, seat) == view and enc(t) != real]


VARIANT_CASES = [
    (g, n, options)
    for g, game in GAMES.items()
    for options in [{}, *VARIANTS.get(g, [])]
    for n in range(game.min_players, game.max_players + 1)
    if not options or n in (game.min_players, game.max_players)
]


@pytest.mark.parametrize(
    "game_id,players,options",
    VARIANT_CASES,
    ids=[f"{g}-{n}" + "".join(f"-{k}={v}" for k, v in o.items()) for g, n, o in VARIANT_CASES],
)
def test_twins_give_the_same_samples(game_id: str, players: int, options: dict) -> None:
    game = GAMES[game_id]
    assert game_id in TWIN_MAKERS, f"{game_id} needs a twin-maker in tests/engine/twins.py"
    rng = Rng(3)
    twins = 0
    for seed in (1, 2):
        states = random_states(game, players, seed, every=9, **options)
        for n, state in enumerate(states[:: max(1, len(states) // 20)]):  # a long game's spread over 20
            for seat in range(players):
                sample = game.determinize(game.knowledge(state, seat), 1000 + n)
                assert game.view(sample, seat) == game.view(state, seat), f"{game_id} {players}p: a sample's View is not the seat's"
                expected = enc(sample)
                for twin in valid_twins(game, state, seat, rng):
                    got = game.determinize(game.knowledge(twin, seat), 1000 + n)
                    assert enc(got) == expected, (
                        f"{game_id} {players}p seed {seed} state {n} seat {seat}: twins the seat cannot tell apart "
                        f"gave different samples, in {first_difference(got, sample)!r}"
                    )
                    twins += 1
    assert twins > 20


# A handful of simulations is enough to prove the point; the property does not depend on it.
BUDGET = 6


@pytest.mark.parametrize("game_id,players", CASES)
def test_the_expert_plays_the_same_from_any_state_it_cannot_tell_apart(game_id: str, players: int) -> None:
    game = GAMES[game_id]
    assert getattr(game.bots["expert"], "searches", False)
    rng = Rng(4)
    asked = 0
    for seed in (5, 6, 7, 8):
        states = random_states(game, players, seed, every=23)
        for n, state in enumerate(states[:-1]):
            seat = min(game.to_act(state))
            if len(game.legal_actions(state, seat)) < 2:
                continue
            twins = valid_twins(game, state, seat, rng)
            if not twins:
                continue
            real = ask(game, state, seat, "expert", 4242 + n)
            other = ask(game, twins[rng.below(len(twins))], seat, "expert", 4242 + n)
            assert answer(real, BUDGET) == answer(other, BUDGET), f"{game_id} {players}p state {n}: the move followed the hidden state"
            asked += 1
            if asked >= 6:
                break
        if asked >= 6:
            break
    assert asked >= 3


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_game_offers_the_expert_on_the_command_line(game_id: str) -> None:
    from foxtui.cli import _bot_levels, _seats

    game = GAMES[game_id]
    levels, wrong = _bot_levels(game, "2:expert")
    seats = _seats(game, 2, None, levels, wrong)
    assert [s.bot for s in seats] == [None, "expert"]
    assert next(iter(game.bots)) != "expert"  # the default level stays the quick one


@pytest.mark.parametrize("game_id", list(GAMES))
def test_an_expert_game_replays_byte_for_byte(game_id: str, monkeypatch) -> None:
    from foxtui.engine.record import encode_record
    from foxtui.engine.session import Session

    game = GAMES[game_id]
    expert = game.bots["expert"]
    monkeypatch.setattr(expert, "_expertise", expert.expertise._replace(budget=12))

    def record() -> bytes:
        seats = [SeatInfo(f"Bot {n}", bot="expert", age=40 - n) for n in range(2)]
        session = Session.new(game, seats, game.Options(), 31)
        for _ in range(15):
            if session.outcome() is not None:
                break
            session.play_bot()
        return encode_record(session.record)

    assert record() == record()
