"""A bot that goes round never holds the table (issue 35): a move that brings back a
position of its decision is taken out of its choice and the bot asked again; when it
still will not choose another, the table plays the sensible move for it and the log
says so. The same whether the bot answers at once or thinks elsewhere."""

from __future__ import annotations

from typing import Any, Sequence

import msgspec
import pytest

from foxtui.engine import Rng
from foxtui.engine.game import IllegalAction
from foxtui.engine.record import replay_states
from foxtui.engine.session import Session
from foxtui.games import GAMES
from foxtui.games.fox_experiment.actions import Pair, Unpair
from foxtui.games.fox_experiment.bots import sensible_bot

from test_driver import MF, driven, table
from test_thinking import driven as driven_thinking

FE = GAMES["fox-experiment"]
FELL_BACK = "Bo's bot could not decide, so the table made the sensible move for it. "
enc = msgspec.msgpack.encode


def stubborn(view: Any, legal: Sequence[Any], rng: Rng) -> Any:
    """While breeding: takes its last pair apart when it has one, else joins the first
    pair on offer, round and round. It names the pair to take apart from its view, not
    from the moves it is offered, so asked again without that move it names it still."""
    lit = view.players[view.seat].litter if view.phase == "breeding" else None
    if lit is not None and not lit.deciding:
        if lit.pairs:
            return Unpair(len(lit.pairs) - 1)
        pair = next((a for a in legal if isinstance(a, Pair)), None)
        if pair is not None:
            return pair
    return sensible_bot(view, legal, rng)


class SearchingStubborn:
    """The same bot as one that searches: the table asks it through its thinker."""

    searches = True

    def __call__(self, view: Any, legal: Sequence[Any], rng: Rng, sampler: Any, *search: Any) -> Any:
        return stubborn(view, legal, rng)  # (the search's budget and call-off are not needed)


def circles(session: Session, seat: int) -> list[int]:
    """The steps at which the seat's own step brought back a position of its decision
    (its Views where it decided and where its steps led, since it last came to act; a
    step that drew by chance brings something new)."""
    game = session.game
    states = list(replay_states(session.record, "the game", game))
    found: list[int] = []
    seen: set[bytes] = set()
    for n, step in enumerate(session.record.steps):
        before, after = states[n], states[n + 1]
        if seat not in game.to_act(before):
            seen = set()
            continue
        if step.seat != seat:
            continue
        seen.add(enc(game.view(before, seat)))
        if seat in game.to_act(after) and before.rng == after.rng:
            position = enc(game.view(after, seat))
            if position in seen:
                found.append(n)
            seen.add(position)
    return found


def fell_back(session: Session) -> list[int]:
    return [n for n, step in enumerate(session.record.steps) if step.by == "table"]


def test_a_bot_that_goes_round_has_the_sensible_move_played_and_the_game_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(FE.bots, "stubborn", stubborn)
    local = table(FE, ("Ada", "sensible"), ("Bo", "stubborn"), seed=5)
    driver, clock, listener = driven(local, bot_delay=0.1, realtime_bot_delay=0.2)
    for _ in range(5000):
        if local.outcome() is not None:
            break
        clock.advance(0.5)
    session = local.session
    assert local.outcome() is not None and listener.failed == []
    assert circles(session, 1) == []
    steps, log = session.record.steps, local.log(None, last=10**6)
    assert fell_back(session) and all(steps[n].seat == 1 for n in fell_back(session))
    assert all(log[n].startswith(FELL_BACK) for n in fell_back(session))
    assert not any(line.startswith(FELL_BACK) for n, line in enumerate(log) if n not in fell_back(session))


def test_a_bot_that_thinks_elsewhere_is_asked_again_without_the_moves_that_go_round(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(FE.bots, "stubborn", SearchingStubborn())
    local = table(FE, ("Ada", "sensible"), ("Bo", "stubborn"), seed=5)
    driver, clock, listener, thinker = driven_thinking(local, bot_delay=0.1, realtime_bot_delay=0.2)
    answered = 0
    for _ in range(5000):
        if local.outcome() is not None:
            break
        clock.advance(0.5)
        while answered < len(thinker.asked):
            thinker.answer(answered)
            answered += 1
    session = local.session
    assert local.outcome() is not None and listener.failed == []
    assert circles(session, 1) == [] and fell_back(session)
    # asked again about the same table: the moves that would go round left out
    again = [
        (first, second)
        for (first, _, _), (second, _, _) in zip(thinker.asked, thinker.asked[1:])
        if second.view == first.view and second.rng == first.rng
    ]
    assert again
    for first, second in again:
        assert set(map(enc, second.legal)) < set(map(enc, first.legal))


def test_a_thinker_that_fails_has_the_sensible_move_played() -> None:
    local = table(MF, ("Ada", "expert"), "Bob")
    driver, clock, listener, thinker = driven_thinking(local, bot_delay=0.5)
    clock.advance(0.5)
    question, done, _ = thinker.asked[0]
    done(IllegalAction("The bot could not decide."))  # as a worker that raised answers
    assert local.step_count == 1 and listener.failed == []
    step = local.session.record.steps[0]
    assert step.by == "table" and step.action == MF.bots["sensible"](question.view, question.legal, Rng(question.rng))
    assert local.log(None)[-1].startswith("Ada's bot could not decide, so the table made the sensible move for it. ")
