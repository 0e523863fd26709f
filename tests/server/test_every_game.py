"""Every playable game at a shared table: the server sends each seat exactly its own
View and moves, and the client's screen plays it by its panel."""

from __future__ import annotations

import random

import msgspec
import pytest
from server_helpers import ProtoClient, client_app, humans_to_act, make_hub, run, screen_text, wait_until

from foxtui.games import GAMES
from foxtui.server import protocol as p
from foxtui.server.hub import playable_game_ids

STEPS = 40


def encoded(value) -> bytes:
    return msgspec.msgpack.encode(value)


@pytest.mark.parametrize("game_id", playable_game_ids())
def test_each_seat_of_every_game_is_sent_its_own_view_and_moves_only(tmp_path, game_id):
    game = GAMES[game_id]

    async def main():
        hub = make_hub(tmp_path)
        ada = await ProtoClient.connect(hub, "key-ada", "Ada")
        bo = await ProtoClient.connect(hub, "key-bo", "Bo")
        ada.send(p.CreateTable(game_id, {}, ["you", "human"]))
        table_id = (await bo.expect(p.Lobby, lambda m: m.tables)).tables[0].id
        bo.send(p.Join(table_id))
        cy = await ProtoClient.connect(hub, "key-cy", "Cy")
        cy.send(p.Watch(table_id))
        session = hub.tables[table_id].play.session
        watchers = ((ada, 0), (bo, 1), (cy, None))
        latest = {seat: await client.expect(p.Update) for client, seat in watchers}
        rng = random.Random(game_id)
        seats_differed = False
        for steps in range(STEPS):
            state = session.state
            for client, seat in watchers:
                update = latest[seat]
                assert update.steps == steps
                # byte for byte what the rules give that seat, never more
                assert bytes(update.view) == encoded(game.view(state, seat))
                assert bytes(update.public) == encoded(game.view(state, None))
                legal = [] if seat is None else game.legal_actions(state, seat)
                assert bytes(update.legal) == encoded(legal)
            seats_differed |= bytes(latest[0].view) != bytes(latest[1].view)
            movers = [(c, s) for c, s in watchers[:2] if p.unraw(latest[s].legal, list[game.Action])]
            if not movers:
                assert game.outcome(state) is not None
                break
            client, seat = rng.choice(movers)
            client.act(rng.choice(p.unraw(latest[seat].legal, list[game.Action])))
            for c, s in watchers:
                latest[s] = await c.expect(p.Update, lambda m: m.steps == steps + 1)
        assert seats_differed  # the two seats were told apart: the check above means something

    run(main())


@pytest.mark.parametrize("game_id", [g for g in playable_game_ids() if g != "master-fox"])
def test_every_game_plays_on_the_client_screen_against_a_bot(tmp_path, game_id):
    async def main():
        hub = make_hub(tmp_path)
        hub.store.set_player_name("key-ada", "Ada")
        hub.names["key-ada"] = "Ada"
        app, _ = await client_app(hub, "key-ada")
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_until(pilot, lambda: "you are Ada" in screen_text(app), "the lobby")
            await pilot.press("n")
            await wait_until(pilot, lambda: type(app.screen).__name__ == "CreateTableScreen", "the new table form")
            form = app.screen
            form.query_one("#game").value = game_id
            await wait_until(pilot, lambda: form.game.id == game_id and form.query_one("#options").options_type is GAMES[game_id].Options, "the game's form")
            form.query_one("#players").value = 2
            await wait_until(pilot, lambda: form.query_one("#seat-row-1").display, "a second seat")
            bot = GAMES[game_id].bots
            form.query_one("#seat-1").value = next(iter(bot))
            await pilot.press("ctrl+s")
            await wait_until(pilot, lambda: type(app.screen).__name__ == "RemotePlayScreen", "the table")
            table = app.table
            await wait_until(pilot, lambda: "Ada's view" in screen_text(app), "Ada's view")
            served = hub.tables[1].play.session
            moved = 0
            for _ in range(200):
                if moved >= 5 or served.outcome() is not None:
                    break
                if humans_to_act(table) and table.step_count == served.step_count:
                    steps = table.step_count
                    legal = table.legal_actions(0)
                    app.screen.panel.post_message(app.screen.panel.ActionChosen(legal[0]))
                    await wait_until(pilot, lambda: table.step_count > steps, "the server's answer")
                    moved += 1
                else:
                    await pilot.pause(0.05)
            assert moved >= 5
            assert served.record.steps[-1].seat in (0, 1)
            assert any(step.seat == 0 for step in served.record.steps)
            # the screen shows Ada's seat, never the bot's secrets: it draws Ada's view
            assert table.view(0) == GAMES[game_id].view(served.state, 0)

    run(main())
