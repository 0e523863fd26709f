"""ctrl+c and ctrl+q ask before a session ends, as q does, in the lobby and at a table:
one byte, typed by mistake or sent by a program, never ends a session."""

from __future__ import annotations

import pytest
from server_helpers import client_app, make_hub, run, screen_text, wait_until

from foxtui.server import protocol as p


async def asked(pilot, app, where: str) -> None:
    """The question is up; a session that ended instead fails at once."""
    await pilot.pause()
    assert not app._exit, f"the key ended the session without asking ({where})"
    await wait_until(pilot, lambda: type(app.screen).__name__ == "QuitScreen", f"the question ({where})")


@pytest.mark.parametrize("key", ["ctrl+c", "ctrl+q"])
def test_ctrl_c_and_ctrl_q_ask_first_in_the_lobby_and_at_a_table(tmp_path, key):
    async def main():
        hub = make_hub(tmp_path, realtime_bot_delay=60)
        hub.store.set_player_name("key-ada", "Ada")
        hub.names["key-ada"] = "Ada"
        app, task = await client_app(hub, "key-ada")
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_until(pilot, lambda: "you are Ada" in screen_text(app), "the lobby")
            await pilot.press(key)
            await asked(pilot, app, "the lobby")
            assert "end this session" in screen_text(app) and app.is_running
            await pilot.press("n")
            await wait_until(pilot, lambda: type(app.screen).__name__ == "LobbyScreen", "the lobby again")
            app.link.send(p.CreateTable("master-fox", {}, ["you", "sensible"]))
            await wait_until(pilot, lambda: type(app.screen).__name__ == "RemotePlayScreen", "the table")
            await pilot.press(key)
            await asked(pilot, app, "at a table")
            await pilot.press("escape")
            await wait_until(pilot, lambda: type(app.screen).__name__ == "RemotePlayScreen", "the table again")
            assert app.is_running and not task.done()
            await pilot.press(key, "y")  # yes: the session ends, the seat is kept
            await wait_until(pilot, lambda: not app.is_running, "the end", seconds=5)
        assert hub.tables[1].owners[0] == "key-ada"

    run(main())


def test_every_game_has_five_quick_signals_and_the_readme_says_so():
    """F1 to F5 are bound at every shared table; Master Fox had three signals, so F4 and
    F5 did nothing there (and the README said F1–F5 for every table)."""
    from pathlib import Path

    from foxtui.ui.games import playable_games
    from foxtui.ui.screens.chat import quick_signals

    readme = " ".join((Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8").split())
    counts = {game_id: len(quick_signals(game_id, 1)) for game_id in playable_games()}
    assert set(counts.values()) == {5}, counts
    assert "F1–F5 are quick signals at every game" in readme


def test_f4_and_f5_at_master_fox_say_their_lines_and_the_help_lists_all_five(tmp_path):
    from textual.binding import Binding

    from foxtui.ui.screens.chat import quick_signals

    async def main():
        hub = make_hub(tmp_path, realtime_bot_delay=60)
        hub.store.set_player_name("key-ada", "Ada")
        hub.names["key-ada"] = "Ada"
        app, _ = await client_app(hub, "key-ada")
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_until(pilot, lambda: "you are Ada" in screen_text(app), "the lobby")
            app.link.send(p.CreateTable("master-fox", {}, ["you", "sensible"]))
            await wait_until(pilot, lambda: type(app.screen).__name__ == "RemotePlayScreen", "the table")
            signals = quick_signals("master-fox")
            assert len(signals) == 5, signals
            await pilot.press("f4", "f5")
            said = lambda: [line.text for line in hub.tables[1].chat]  # noqa: E731
            await wait_until(pilot, lambda: said() == signals[3:5], "F4 and F5 said")
            await pilot.press("question_mark")
            await wait_until(pilot, lambda: type(app.screen).__name__ == "HelpScreen", "the help")
            keys = dict(app.screen.keys)
            for n in range(1, 6):
                assert keys[app.get_key_display(Binding(f"f{n}", ""))] == f"Quick signal {n}", keys  # not "(not now)"
                assert f"**F{n}**: “{signals[n - 1]}”" in app.screen.markdown
            await pilot.press("escape")
            await wait_until(pilot, lambda: type(app.screen).__name__ == "RemotePlayScreen", "the table again")
            await pilot.press("slash")
            await wait_until(pilot, lambda: type(app.screen).__name__ == "ChatScreen", "the chat")
            await pilot.pause()
            assert f"F5 {signals[4]}" in screen_text(app)  # a key and its words on one line (F5 ended a line)

    run(main())


def test_the_status_line_of_a_shared_table_fits_80_columns_with_who_is_away_and_watching(tmp_path):
    """It was cut: 'Fox Matters · Round 1 · Ada and Bo to play · Ada's view · Bo away · Cat'."""
    from server_helpers import ProtoClient

    from foxtui.ui.widgets.status import StatusLine

    async def main():
        hub = make_hub(tmp_path)
        bo = await ProtoClient.connect(hub, "key-bo", "Bo")
        bo.send(p.CreateTable("fox-matters", {"timer_seconds": 0}, ["human", "you"]))
        await bo.expect(p.Notice)
        hub.store.set_player_name("key-ada", "Ada")
        hub.names["key-ada"] = "Ada"
        app, _ = await client_app(hub, "key-ada")
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_until(pilot, lambda: "waiting for 1" in screen_text(app), "the lobby")
            await pilot.press("j")
            await wait_until(pilot, lambda: type(app.screen).__name__ == "RemotePlayScreen", "the table")
            await bo.close()  # Bo's connection drops
            cat = await ProtoClient.connect(hub, "key-cat", "Cat")
            cat.send(p.Watch(1))
            await cat.expect(p.Update)
            status = app.screen.query_one(StatusLine)
            await wait_until(pilot, lambda: "watching" in status.content.plain, "Cat watching on Ada's screen")
            text = status.content.plain
            assert len(text) <= 78 and "Bo away · Cat watching" in text and "Ada's view" in text, text
            assert text in screen_text(app)  # drawn whole

    run(main())


def test_n_says_at_once_that_the_table_limit_is_reached(tmp_path):
    """It was told only after the whole form was filled in and ctrl+s pressed."""

    async def main():
        hub = make_hub(tmp_path, max_tables_per_key=1, realtime_bot_delay=60)
        hub.store.set_player_name("key-ada", "Ada")
        hub.names["key-ada"] = "Ada"
        app, _ = await client_app(hub, "key-ada")
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_until(pilot, lambda: "you are Ada" in screen_text(app), "the lobby")
            await pilot.press("n")
            await wait_until(pilot, lambda: type(app.screen).__name__ == "CreateTableScreen", "the form")
            await pilot.press("ctrl+s")  # a waiting table: one open table, the most here
            await wait_until(pilot, lambda: "waiting for 1" in screen_text(app), "the table waiting")
            await pilot.press("n")
            await wait_until(pilot, lambda: any("most this server allows" in n.message for n in app._notifications), "the limit said")
            assert type(app.screen).__name__ == "LobbyScreen"  # no form to fill in for nothing

    run(main())
