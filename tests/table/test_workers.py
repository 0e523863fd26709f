"""The worker processes where searching bots think, for the app and for the server:
the move is the one the bot would choose here, and a question called off frees its
worker at once (the search stops between simulations)."""

from __future__ import annotations

import asyncio
import time

import pytest

from foxtui.bots.ask import answer
from foxtui.engine import SeatInfo
from foxtui.engine.session import Session
from foxtui.games import GAMES
from foxtui.bots.workers import WorkerThinker, Workers

GAME = GAMES["master-fox"]


def question(seed: int):
    seats = [SeatInfo("Bot 1", bot="expert", age=40), SeatInfo("Bot 2", bot="expert", age=30)]
    session = Session.new(GAME, seats, GAME.Options(), seed)
    seat = min(session.to_act())
    q = session.bot_question(seat)
    assert q.searches
    return q


def test_a_worker_answers_as_the_bot_would_here(monkeypatch) -> None:
    expert = GAME.bots["expert"]
    monkeypatch.setattr(expert, "_expertise", expert.expertise._replace(budget=30))
    q = question(3)
    workers = Workers(1)

    async def main() -> object:
        answered: asyncio.Future = asyncio.get_running_loop().create_future()
        WorkerThinker(workers)(q, answered.set_result)
        return await asyncio.wait_for(answered, 120)

    try:
        assert asyncio.run(main()) == answer(q)  # the budget set here holds in the worker
    finally:
        workers.shutdown()


@pytest.mark.parametrize("queued", [False, True])
def test_a_question_called_off_frees_the_worker(monkeypatch, queued: bool) -> None:
    expert = GAME.bots["expert"]
    workers = Workers(1)

    async def main() -> float:
        think = WorkerThinker(workers)
        monkeypatch.setattr(expert, "_expertise", expert.expertise._replace(budget=10**8))  # hours
        endless = think(question(4), lambda move: pytest.fail("a called-off search answered"))
        if not queued:
            # the worker has taken the question up and is searching (a deadline, not a sleep)
            deadline = time.monotonic() + 60
            while not endless._future.running():
                assert time.monotonic() < deadline, "the worker never took the question up"
                await asyncio.sleep(0.05)
            await asyncio.sleep(0.5)  # past the imports, into the simulations
        endless.cancel()
        monkeypatch.setattr(expert, "_expertise", expert.expertise._replace(budget=20))
        answered: asyncio.Future = asyncio.get_running_loop().create_future()
        start = time.monotonic()
        think(question(5), answered.set_result)
        await asyncio.wait_for(answered, 60)
        await asyncio.sleep(0.2)  # a late answer of the endless search would fail above
        return time.monotonic() - start

    try:
        assert asyncio.run(main()) < 60
    finally:
        workers.shutdown()
