"""Fox Matters' Action clock stands still while nobody can play: from the moment the
server stops until the table's players are back after it started again (or BACK_WAIT),
and then through the 3-2-1 that held rounds count, on the server and on the screens."""

from __future__ import annotations

import asyncio
import time

import pytest
from server_helpers import ProtoClient, make_hub, run

from foxtui.games import GAMES
from foxtui.games.fox_matters.actions import READY
from foxtui.server import hub as hub_module
from foxtui.server import protocol as p
from foxtui.table import TableDriver

FM = GAMES["fox-matters"]


@pytest.fixture
def fast_clock(monkeypatch):
    monkeypatch.setattr(TableDriver, "TICK", 0.02)  # a second of the game's clock in 20 ms


async def until(condition, what: str, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"never happened: {what}"
        await asyncio.sleep(0.005)


async def a_running_clock(tmp_path, seats: list[str]) -> tuple[int, list[ProtoClient]]:
    """A Fox Matters Action whose clock has run a little, and the server stopped: the
    seconds it stopped at."""
    hub = make_hub(tmp_path)
    ada = await ProtoClient.connect(hub, "key-ada", "Ada")
    ada.send(p.CreateTable("fox-matters", {"timer_seconds": 60}, seats))
    clients = [ada]
    if "human" in seats:
        bo = await ProtoClient.connect(hub, "key-bo", "Bo")
        bo.send(p.Join(1))
        await bo.expect(p.Update)
        clients.append(bo)
    await ada.expect(p.Update)
    for seat, client in enumerate(clients):
        client.act(READY)
        await client.expect(p.Update, lambda m: m.steps > seat)
    driver = hub.tables[1].driver
    await until(lambda: (driver.clock_left() or 60) <= 55, "the clock running")
    hub.close()  # SIGTERM: the clock is kept to the second
    hub.store.close()
    left = hub.tables[1].play.session.record.clock.seconds_left
    assert 0 < left <= 55
    return left, clients


def test_the_clock_stands_until_the_players_are_back_then_counts_down_and_runs(tmp_path, fast_clock):
    async def main():
        left, _ = await a_running_clock(tmp_path, ["you", "human"])
        again = make_hub(tmp_path, countdown=2)
        driver = again.tables[1].driver
        await asyncio.sleep(0.3)  # 15 of the clock's seconds with nobody there
        assert driver.clock_left() == left
        ada = await ProtoClient.connect(again, "key-ada")
        ada.send(p.Join(1))
        update = await ada.expect(p.Update)
        assert update.clock == left and p.unraw(update.legal, list) == []  # Ada may not play alone
        start = await ada.expect(p.Start)
        assert start.waiting_for == ["Bo"] and start.coming_back and start.seconds is None
        ada.act(FM.legal_actions(again.tables[1].play.session.state, 0)[0])
        assert "every player is back" in (await ada.expect(p.Notice)).text
        await asyncio.sleep(0.2)
        assert driver.clock_left() == left
        bo = await ProtoClient.connect(again, "key-bo")
        bo.send(p.Join(1))
        # Bo is back: 2, 1, then play, and only then the clock runs
        counted = [(await ada.expect(p.Start, lambda m: m.seconds is not None)).seconds for _ in range(3)]
        assert counted == [2, 1, 0]
        assert driver.clock_left() == left
        await until(lambda: driver.clock_left() < left, "the clock running again")
        assert again.tables[1].play.session.step_count == 2  # nothing was played meanwhile
        again.close()

    run(main())


def test_a_player_who_does_not_come_back_is_waited_for_no_longer_than_back_wait(tmp_path, fast_clock):
    async def main():
        left, _ = await a_running_clock(tmp_path, ["you", "human"])
        again = make_hub(tmp_path, back_wait=0.3)
        driver = again.tables[1].driver
        await asyncio.sleep(0.1)
        assert driver.clock_left() == left
        await until(lambda: driver.clock_left() < left, "the clock running after the wait")
        again.close()

    run(main())


def test_the_wait_is_stated_where_the_readme_says_it():
    readme = (hub_module.__file__.rsplit("/foxtui/", 1)[0] + "/README.md")
    text = open(readme, encoding="utf-8").read()
    assert f"{hub_module.BACK_WAIT:g} seconds" in text and "3-2-1" in text
