"""The client process's screens (lobby, shared table) against a hub in the same event loop."""

from __future__ import annotations

from server_helpers import ProtoClient, client_app, humans_to_act, make_hub, run, screen_text, wait_until

from foxtui.games import GAMES
from foxtui.server import protocol as p

MF = GAMES["master-fox"]


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
                if humans_to_act(table):
                    steps = table.step_count
                    legal = table.legal_actions(0)
                    app.screen.panel.post_message(app.screen.panel.ActionChosen(legal[0]))
                    await wait_until(pilot, lambda: table.step_count > steps, "the server's answer")
                else:
                    await pilot.pause(0.05)
            assert hub.tables[1].play.session.step_count == table.step_count
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
            assert table.view(0).seat == 0 and humans_to_act(table) == [0]
            await pilot.press("g")  # Ada grabs where her cursor is
            await wait_until(pilot, lambda: table.step_count == 2, "Ada's grab")
            assert hub.tables[1].play.session.record.steps[-1].seat == 0
        async with app2.run_test(size=(80, 24)) as pilot:
            await wait_until(pilot, lambda: "round 1" in screen_text(app2), "the lobby")
            await pilot.press("w")
            await wait_until(pilot, lambda: "Public view" in screen_text(app2), "the spectator's view")
            assert app2.table.seat is None and humans_to_act(app2.table) == []
            assert "sack:" not in screen_text(app2).lower()

    run(main())


class FakeLink:
    def __init__(self) -> None:
        self.sent: list = []

    def send(self, message) -> None:
        self.sent.append(message)


def _update(state, steps: int, log: list[str], log_from: int) -> p.Update:
    return p.Update(
        steps=steps, round=1, view=p.raw(MF.view(state, 0)), public=p.raw(MF.view(state, None)),
        legal=p.raw(MF.legal_actions(state, 0)), to_act=[0, 1], log=log, status="playing", log_from=log_from,
    )  # fmt: skip


def test_a_remote_table_sends_one_move_at_a_time_and_keeps_the_log_it_was_sent():
    from foxtui.engine.game import IllegalAction, SeatInfo
    from foxtui.table.remote import RemoteTable

    state = MF.setup([SeatInfo("Ada"), SeatInfo("Bo")], MF.Options(mode="realtime"), 3)
    link = FakeLink()
    table = RemoteTable(link.send, 1, MF, 0, [SeatInfo("Ada"), SeatInfo("Bo")])
    table.apply(_update(state, 48, [f"step {n}" for n in range(48)], 0))
    legal = table.legal_actions(0)
    table.act(0, legal[0])
    assert table.waiting and len(link.sent) == 1
    try:
        table.act(0, legal[1])  # until the server answers, nothing more is sent
        raise AssertionError("a second move went out before the answer")
    except IllegalAction:
        pass
    assert len(link.sent) == 1
    table.apply(_update(state, 51, ["step 48", "step 49", "step 50"], 48))  # only the new lines come
    assert not table.waiting
    assert table.log(0) == [f"step {n}" for n in range(1, 51)]  # the newest protocol.LOG_LINES
    table.apply(_update(state, 51, [], 51))
    assert table.log(0, last=2) == ["step 49", "step 50"]


def test_keys_pressed_before_the_server_answers_do_nothing(tmp_path):
    async def main():
        hub = make_hub(tmp_path, realtime_bot_delay=60)  # the bot stays out of the way
        hub.store.set_player_name("key-ada", "Ada")
        hub.names["key-ada"] = "Ada"
        app, _ = await client_app(hub, "key-ada")
        async with app.run_test(size=(80, 24)) as pilot:
            app.link.send(p.CreateTable("master-fox", {"mode": "realtime"}, ["you", "sensible"]))
            await wait_until(pilot, lambda: type(app.screen).__name__ == "RemotePlayScreen", "the table")
            table, panel = app.table, app.screen.panel
            await wait_until(pilot, lambda: bool(humans_to_act(table)), "Ada's turn")
            table.waiting = True  # as if a move were on its way
            panel.post_message(panel.ActionChosen(table.legal_actions(0)[0]))
            await pilot.pause(0.1)
            assert hub.tables[1].play.session.step_count == 0 and not app._notifications
            table.waiting = False
            panel.post_message(panel.ActionChosen(table.legal_actions(0)[0]))
            await wait_until(pilot, lambda: table.step_count == 1, "the server's answer")

    run(main())
