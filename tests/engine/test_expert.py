"""The expert level sees only what its seat may know, checked over every game in GAMES
and every player count (a new game gets these for free), over seeded random play:

(a) ``determinize`` keeps nothing beyond the View: for t = determinize(s, seat, j),
    determinize(t, seat, k) == determinize(s, seat, k). So no hidden fact of the real
    state survives into a sample, and a search built on any indistinguishable state
    draws the very same samples.
(b) the expert's move is the same when the real state is replaced by a
    determinization of it (same rng): it cannot depend on anything the seat cannot see.
"""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from foxtui.bots import random_bot
from foxtui.bots.ask import answer, ask
from foxtui.engine import Rng, SeatInfo
from foxtui.games import GAMES

CASES = [(g, n) for g, game in GAMES.items() for n in range(game.min_players, game.max_players + 1)]
enc = msgspec.json.encode
MAX_STEPS = 50_000


def seats_for(n: int) -> list[SeatInfo]:
    return [SeatInfo(name=f"P{i}", age=40 - i) for i in range(n)]


def random_states(game: Any, players: int, seed: int, every: int) -> list[Any]:
    """Every ``every``-th state of a seeded random game, to its end."""
    rng = Rng(seed)
    state = game.setup(seats_for(players), game.Options(), seed)
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


@pytest.mark.parametrize("game_id,players", CASES)
def test_determinize_keeps_nothing_beyond_the_view(game_id: str, players: int) -> None:
    game = GAMES[game_id]
    checked = 0
    for seed in (1, 2):
        for n, state in enumerate(random_states(game, players, seed, every=9)):
            for seat in range(players):
                base = enc(game.determinize(state, seat, 1000 + n))
                for j in (11, 12):
                    t = game.determinize(state, seat, j)
                    for k in (1000 + n, 77):
                        want = game.determinize(state, seat, k) if k != 1000 + n else None
                        got = game.determinize(t, seat, k)
                        expected = base if want is None else enc(want)
                        assert enc(got) == expected, (
                            f"{game_id} {players}p seed {seed} state {n} seat {seat}: a sample of a sample "
                            f"differs from a sample of the state in {first_difference(got, msgspec.json.decode(expected, type=game.State))!r}"
                        )
                        checked += 1
    assert checked > 20


# A handful of simulations is enough to prove the point; the property does not depend on it.
BUDGET = 6


@pytest.mark.parametrize("game_id,players", CASES)
def test_the_expert_plays_the_same_from_any_state_it_cannot_tell_apart(game_id: str, players: int) -> None:
    game = GAMES[game_id]
    assert getattr(game.bots["expert"], "searches", False)
    asked = differed = 0
    for seed in (5, 6, 7, 8):
        states = random_states(game, players, seed, every=23)
        for n, state in enumerate(states[:-1]):
            seat = min(game.to_act(state))
            if len(game.legal_actions(state, seat)) < 2:
                continue
            real = ask(game, state, seat, "expert", 4242 + n, 99 + n)
            twin = game.determinize(state, seat, 7 + n)
            differed += enc(twin) != enc(state)
            other = ask(game, twin, seat, "expert", 4242 + n, 99 + n)
            assert answer(real, BUDGET) == answer(other, BUDGET), f"{game_id} {players}p state {n}: the move followed the hidden state"
            asked += 1
            if asked >= 6:
                break
        if asked >= 6:
            break
    assert asked >= 3
    if game_id != "fox-matters" or players > 1:
        assert differed  # the hidden state really was different


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
