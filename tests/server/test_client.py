"""The client process's screens (lobby, shared table) against a hub in the same event loop."""

from __future__ import annotations

import asyncio
import time

from server_helpers import ProtoClient, make_hub, run, socket_pair

from foxtui.games import GAMES
from foxtui.server import protocol as p
from foxtui.server.client import ClientApp
from foxtui.server.remote import ServerLink

MF = GAMES["master-fox"]


def screen_text(app) -> str:
    return " ".join(" ".join(strip.text for strip in app.screen._compositor.render_strips()).split())


async def wait_until(pilot, condition, what: str, seconds: float = 20.0) -> None:
    # a deadline, not a number of tries: a loaded 2-core machine is slow, never stuck
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            await pilot.pause()
            return
        await pilot.pause(0.01)
    notes = [n.message for n in pilot.app._notifications]
    raise AssertionError(f"never happened: {what}\n{screen_text(pilot.app)}\n{notes}")


async def client_app(hub, key: str):
    (hr, hw), (cr, cw) = await socket_pair()
    task = asyncio.create_task(hub.serve(hub.player(key), hr, hw, "test"))
    return ClientApp(ServerLink(cr, cw)), task


def test_first_login_then_a_table_with_a_bot(tmp_path):
    async def main():
        hub = make_hub(tmp_path)
        app, _ = await client_app(hub, "key-ada")
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_until(pilot, lambda: type(app.screen).__name__ == "NameScreen", "the name question")
            await pilot.press(*"Ada", "enter")
            await wait_until(pilot, lambda: "you are Ada" in screen_text(app), "the lobby")
            assert "No tables yet" in screen_text(app)
            await pilot.press("n")
            await wait_until(pilot, lambda: type(app.screen).__name__ == "CreateTableScreen", "the new table form")
            app.screen.query_one("#seat-1").value = "sensible"
            await pilot.press("ctrl+s")
            await wait_until(pilot, lambda: type(app.screen).__name__ == "RemotePlayScreen", "the table")
            table = app.table
            assert table.seat == 0 and table.seats[1].bot == "sensible"
            await wait_until(pilot, lambda: "Ada's view" in screen_text(app), "Ada's view")
            # play a few moves with the keys: the server answers each
            for _ in range(6):
                if table.humans_to_act():
                    steps = table.step_count
                    legal = table.legal_actions(0)
                    app.screen.panel.post_message(app.screen.panel.ActionChosen(legal[0]))
                    await wait_until(pilot, lambda: table.step_count > steps, "the server's answer")
                else:
                    await pilot.pause(0.05)
            assert hub.tables[1].session.step_count == table.step_count
            assert "Undo" not in screen_text(app)
            await pilot.press("q")
            await wait_until(pilot, lambda: "You have a seat at table 1" in screen_text(app), "the lobby again")

    run(main())


def test_two_players_see_each_other_move_and_a_spectator_sees_no_sack(tmp_path):
    async def main():
        hub = make_hub(tmp_path)
        bo = await ProtoClient.connect(hub, "key-bo", "Bo")
        bo.send(p.CreateTable("master-fox", {"mode": "realtime"}, ["human", "you"]))
        await bo.expect(p.Notice)
        for key, name in (("key-ada", "Ada"), ("key-cy", "Cy")):
            hub.store.set_player_name(key, name)
            hub.names[key] = name
        app, _ = await client_app(hub, "key-ada")
        app2, _ = await client_app(hub, "key-cy")
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_until(pilot, lambda: "waiting for 1" in screen_text(app), "the waiting table")
            await pilot.press("j")
            await wait_until(pilot, lambda: type(app.screen).__name__ == "RemotePlayScreen", "the table")
            table = app.table
            await bo.expect(p.Update)
            grab = MF.Action.__args__[1]
            bo.act(grab("A1"))
            await wait_until(pilot, lambda: table.step_count == 1, "Bo's move reaching Ada")
            assert table.view(0).seat == 0 and table.humans_to_act() == [0]
            await pilot.press("g")  # Ada grabs where her cursor is
            await wait_until(pilot, lambda: table.step_count == 2, "Ada's grab")
            assert hub.tables[1].session.record.steps[-1].seat == 0
        async with app2.run_test(size=(80, 24)) as pilot:
            await wait_until(pilot, lambda: "step 2" in screen_text(app2), "the lobby")
            await pilot.press("w")
            await wait_until(pilot, lambda: "Public view" in screen_text(app2), "the spectator's view")
            assert app2.table.seat is None and app2.table.humans_to_act() == []
            assert "sack:" not in screen_text(app2).lower()

    run(main())
