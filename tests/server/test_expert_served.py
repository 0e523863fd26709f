"""An expert at a served table thinks in the hub's worker processes: the event loop
(every other table, every frame) is not held up while it does."""

from __future__ import annotations

import asyncio
import time

from server_helpers import ProtoClient, make_hub, run

from foxtui.games import GAMES
from foxtui.server import protocol as p

MF = GAMES["master-fox"]


def test_an_expert_thinks_outside_the_event_loop(tmp_path):
    async def main():
        hub = make_hub(tmp_path)
        lags: list[float] = []
        stop = False

        async def ticker() -> None:
            while not stop:
                start = time.monotonic()
                await asyncio.sleep(0.01)
                lags.append(time.monotonic() - start - 0.01)

        tick = asyncio.create_task(ticker())
        try:
            ada = await ProtoClient.connect(hub, "key-ada", "Ada")
            ada.send(p.CreateTable("master-fox", {}, ["you", "expert"]))
            bot_steps = 0
            update = await ada.expect(p.Update)
            while bot_steps < 2:
                legal = p.unraw(update.legal, list[MF.Action])
                steps = update.steps
                if legal:
                    ada.act(legal[0])
                update = await ada.expect(p.Update, lambda m: m.steps > steps)
                session = hub.tables[1].play.session
                bot_steps = sum(1 for s in session.record.steps if s.seat == 1)
            assert hub._thinkers._pool is not None  # the moves were thought in the worker processes
        finally:
            stop = True
            await tick
            hub.close()
        # the loop went on turning while the expert thought (its search takes far longer)
        assert lags and max(lags) < 0.25, max(lags)

    run(main(), timeout=120)
