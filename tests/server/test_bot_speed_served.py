"""A shared table's bots play at the speed its creator chose (the table form's Bot
speed), unless the server was started with one --bot-delay for all."""

from __future__ import annotations

from server_helpers import ProtoClient, make_hub, run

from foxtui.server import protocol as p


def test_a_shared_table_keeps_the_bot_speed_it_was_set_up_with(tmp_path):
    async def main():
        hub = make_hub(tmp_path, bot_delay=None, realtime_bot_delay=None)
        ada = await ProtoClient.connect(hub, "key-ada", "Ada")
        ada.send(p.CreateTable("master-fox", {}, ["you", "sensible"], bot_speed="slow"))
        await ada.expect(p.Update)
        driver = hub.tables[1].driver
        assert (driver.bot_delay, driver.realtime_bot_delay) == (2.5, 4.0)
        assert hub.tables[1].spec.bot_speed == "slow"
        ada.send(p.CreateTable("master-fox", {}, ["you", "sensible"], bot_speed="lightning"))
        notice = await ada.expect(p.Notice)
        assert notice.text == "There is no bot speed 'lightning'; choose slow, normal, fast, instant."

    run(main())


def test_one_bot_delay_for_the_whole_server_wins(tmp_path):
    async def main():
        hub = make_hub(tmp_path, bot_delay=0.2, realtime_bot_delay=0.6)
        ada = await ProtoClient.connect(hub, "key-ada", "Ada")
        ada.send(p.CreateTable("master-fox", {}, ["you", "sensible"], bot_speed="slow"))
        await ada.expect(p.Update)
        driver = hub.tables[1].driver
        assert (driver.bot_delay, driver.realtime_bot_delay) == (0.2, 0.6)

    run(main())


def test_the_table_form_offers_the_bot_speeds(tmp_path):
    from server_helpers import client_app, wait_until
    from textual.widgets import Select

    async def main():
        hub = make_hub(tmp_path, bot_delay=None, realtime_bot_delay=None)
        hub.store.set_player_name("key-ada", "Ada")
        hub.names["key-ada"] = "Ada"
        app, _ = await client_app(hub, "key-ada")
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_until(pilot, lambda: type(app.screen).__name__ == "LobbyScreen", "the lobby")
            await pilot.press("n")
            await wait_until(pilot, lambda: type(app.screen).__name__ == "CreateTableScreen", "the form")
            speed = app.screen.query_one("#bot-speed", Select)
            assert [v for _, v in speed._options] == ["slow", "normal", "fast", "instant"]
            assert speed.value == "normal"
            speed.value = "fast"
            app.screen.query_one("#seat-1", Select).value = "sensible"
            await pilot.press("ctrl+s")
            await wait_until(pilot, lambda: 1 in hub.tables, "the table")
            assert hub.tables[1].spec.bot_speed == "fast"

    run(main())
