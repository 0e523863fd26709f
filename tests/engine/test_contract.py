"""The engine contract, checked over every game in GAMES (a new game gets this for free).

Seeded random playouts for every player count: they end; replays are identical;
State and records round-trip through JSON; apply never modifies its argument;
anything not in legal_actions is refused without changing the state; a clock's
step is never offered to a seat, yet the table may apply it; a seat's View does not change when what it cannot see is re-dealt; outcomes add up;
`foxtui verify` accepts autoplayed records and rejects tampered ones.
"""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from foxtui.bots import random_bot
from foxtui.cli import main as cli_main
from foxtui.engine import IllegalAction, Rng, SeatInfo
from foxtui.engine.autoplay import autoplay
from foxtui.engine.record import GameRecord, Step, decode_record, encode_record, save_record, state_hash
from foxtui.games import GAMES

MAX_STEPS = 50_000
CASES = [(g, n) for g, game in GAMES.items() for n in range(game.min_players, game.max_players + 1)]
enc = msgspec.json.encode


def seats_for(n: int) -> list[SeatInfo]:
    return [SeatInfo(name=f"P{i}", age=40 - i) for i in range(n)]


def random_playout(game: Any, players: int, seed: int, checks: bool = True) -> tuple[list[tuple[int, Any]], list[Any]]:
    """Play random legal actions to the end; returns the steps and every state.

    With ``checks``, every step also verifies purity, refusals and view stability.
    """
    rng = Rng(seed)
    state = game.setup(seats_for(players), game.Options(), seed)
    states, steps = [state], []
    pool: list[Any] = []  # actions seen anywhere, to offer where they are not legal
    redealt_differs = False
    while game.outcome(state) is None:
        assert len(steps) < MAX_STEPS, f"{game.id} did not end in {MAX_STEPS} steps"
        acting = sorted(game.to_act(state))
        assert acting, "no seat is to act, yet the game is not over"
        seat = acting[rng.below(len(acting))]
        legal = game.legal_actions(state, seat)
        assert legal, f"seat {seat} is to act but has no legal action"
        assert len(set(legal)) == len(legal), "legal_actions lists an action twice"
        clock = game.clock(state)
        if clock is not None:
            assert all(clock.step not in game.legal_actions(state, s) for s in acting), "a clock step is offered to a seat"
        if clock is not None and rng.below(40) == 0:
            seat, action = acting[0], clock.step  # the time runs out: the table applies it
        else:
            action = random_bot(game.view(state, seat), legal, rng)
        if len(pool) < 400 and action not in pool and action in legal:  # a clock step is accepted unoffered
            pool.append(action)
        if checks and len(steps) % 7 == 0:
            before = enc(state)
            for other in range(players):
                allowed = set(game.legal_actions(state, other))
                for candidate in pool[rng.below(len(pool)) :][:6]:
                    if candidate not in allowed:
                        with pytest.raises(IllegalAction):
                            game.apply(state, other, candidate)
                        assert enc(state) == before, "a refused action changed the state"
                if other not in game.to_act(state):
                    assert not allowed, "a seat that is not to act has legal actions"
                redealt = game.determinize(game.knowledge(state, other), rng.next64())
                assert game.view(redealt, other) == game.view(state, other), "a view changed when hidden info was re-dealt"
                redealt_differs |= enc(redealt) != enc(state)
                assert isinstance(game.describe(state, seat, action, other), str)
            assert game.describe(state, seat, action, None)
        before = enc(state) if checks else b""
        new = game.apply(state, seat, action)
        if checks:
            assert enc(state) == before, "apply modified its argument"
        steps.append((seat, action))
        states.append(new)
        state = new
    if checks:
        assert redealt_differs, "determinize never re-dealt anything: views were not really tested"
    return steps, states


@pytest.mark.parametrize("game_id,players", CASES)
def test_random_playouts_end_and_keep_the_contract(game_id: str, players: int) -> None:
    game = GAMES[game_id]
    for seed in (1, 2):
        steps, states = random_playout(game, players, seed)
        outcome = game.outcome(states[-1])
        assert not game.to_act(states[-1])
        assert len(outcome.scores) == players
        assert sorted(outcome.ranking) == list(range(players))
        assert set(outcome.winners) <= set(range(players))
        for seat in range(players):
            assert sum(outcome.breakdown[seat].values()) == outcome.scores[seat], "breakdown does not add up"


@pytest.mark.parametrize("game_id,players", CASES)
def test_same_seed_and_actions_give_identical_states(game_id: str, players: int) -> None:
    game = GAMES[game_id]
    steps, states = random_playout(game, players, 11, checks=False)
    state = game.setup(seats_for(players), game.Options(), 11)
    assert enc(state) == enc(states[0])
    for n, (seat, action) in enumerate(steps, start=1):
        state = game.apply(state, seat, action)
        assert enc(state) == enc(states[n]), f"step {n} replayed differently"


@pytest.mark.parametrize("game_id,players", CASES)
def test_state_and_record_round_trip_through_json(game_id: str, players: int) -> None:
    game = GAMES[game_id]
    steps, states = random_playout(game, players, 5, checks=False)
    for state in states[:: max(1, len(states) // 40)] + [states[-1]]:
        assert msgspec.json.decode(enc(state), type=game.State) == state
        for seat in [None, *range(players)]:
            enc(game.view(state, seat))  # views are plain data
        enc(game.view_all(state))
    record = GameRecord(game.id, game.Options(), seats_for(players), 5, rules=game.rules_version)
    for (seat, action), state in zip(steps, states[1:]):
        record.steps.append(Step(seat, action, state_hash(state)))
    data = encode_record(record, finished=True)
    again = decode_record(data, "test.json")
    assert again == record
    assert encode_record(again, finished=True) == data


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_seed_plays_through(data: st.DataObject) -> None:
    game_id, players = data.draw(st.sampled_from(CASES))
    seed = data.draw(st.integers(min_value=0, max_value=2**63))
    random_playout(GAMES[game_id], players, seed, checks=False)


@pytest.mark.parametrize("game_id,players", CASES)
def test_verify_accepts_autoplayed_records_and_rejects_tampered_ones(game_id: str, players: int, tmp_path, capsys) -> None:
    game = GAMES[game_id]
    session = autoplay(game, players, 3)
    path = tmp_path / "game.json"
    save_record(session.record, path, finished=True)
    assert cli_main(["verify", str(path)]) == 0
    # tamper: one step's recorded hash no longer matches; the replay must name that step
    steps = session.record.steps
    n = len(steps) // 2
    tampered = GameRecord(
        session.record.game, session.record.options, session.record.seats, session.record.seed,
        [*steps[:n], Step(steps[n].seat, steps[n].action, "0" * 16), *steps[n + 1 :]],
        rules=session.record.rules,
    )
    bad = tmp_path / "bad.json"
    bad.write_bytes(encode_record(tampered))
    capsys.readouterr()
    assert cli_main(["verify", str(bad)]) == 2
    err = capsys.readouterr().err.strip()
    assert f"step {n + 1}" in err and "\n" not in err


@pytest.mark.parametrize("game_id", list(GAMES))
def test_autoplay_is_byte_for_byte_reproducible(game_id: str, tmp_path) -> None:
    game = GAMES[game_id]
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    assert cli_main(["autoplay", game_id, "--players", str(game.min_players), "--seed", "9", "--out", str(a)]) == 0
    assert cli_main(["autoplay", game_id, "--players", str(game.min_players), "--seed", "9", "--out", str(b)]) == 0
    assert a.read_bytes() == b.read_bytes()


@pytest.mark.parametrize("game_id", list(GAMES))
def test_records_are_the_same_in_processes_with_different_hash_seeds(game_id: str, tmp_path) -> None:
    """Set iteration order changes with PYTHONHASHSEED; rules and bots must not depend on it."""
    import os
    import subprocess
    import sys

    game = GAMES[game_id]
    for players, seed in ((game.min_players, 1), (game.max_players, 3)):
        outputs = []
        for hash_seed in ("1", "2"):
            out = tmp_path / f"{players}-{hash_seed}.json"
            env = dict(os.environ, PYTHONHASHSEED=hash_seed)
            command = ["autoplay", game_id, "--players", str(players), "--seed", str(seed), "--out", str(out)]
            subprocess.run([sys.executable, "-m", "foxtui", *command], check=True, env=env, capture_output=True, timeout=300)
            outputs.append(out.read_bytes())
        assert outputs[0] == outputs[1], f"{players} players, seed {seed}: the records differ"
