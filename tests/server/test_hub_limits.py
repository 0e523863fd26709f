"""The hub against what a hostile player or a damaged file does (issue 17): damaged
rows, a lobby of 100,000 tables, tables per key, look-alike names, move time limits
that players see, a table clock across a restart, and a client's troubles logged."""

from __future__ import annotations

import asyncio
import logging
import sqlite3

import msgspec
import pytest
from server_helpers import ProtoClient, client_app, make_hub, run, screen_text, wait_until

from foxtui.engine.record import GameRecord, Step, decode_record, encode_record, final_state
from foxtui.games import GAMES
from foxtui.server import hub as hub_module
from foxtui.server import protocol as p
from foxtui.server.store import Store, StoreError, TableSpec
from foxtui.table import TableDriver

MF = GAMES["master-fox"]


def legal_of(update: p.Update):
    return p.unraw(update.legal, list[MF.Action])


# --- item 8: one damaged row does not stop the server


def _table_with_a_game(tmp_path) -> int:
    async def main():
        hub = make_hub(tmp_path)
        ada = await ProtoClient.connect(hub, "key-ada", "Ada")
        ada.send(p.CreateTable("master-fox", {}, ["you", "sensible"]))
        await ada.expect(p.Update)
        ada.send(p.CreateTable("master-fox", {}, ["you", "sensible"]))
        await ada.expect(p.Seated, lambda m: m.table == 2)
        hub.close()
        hub.store.close()

    run(main())
    return 1


def test_a_damaged_row_is_skipped_logged_and_listed_as_damaged(tmp_path, caplog):
    _table_with_a_game(tmp_path)
    db = sqlite3.connect(tmp_path / "server.sqlite3")
    (record,) = db.execute("SELECT record FROM tables WHERE id = 1").fetchone()
    db.execute("UPDATE tables SET record = ? WHERE id = 1", (record[: len(record) // 2],))  # truncated
    db.commit()
    db.close()

    async def main():
        with caplog.at_level(logging.ERROR, logger="foxtui.serve"):
            hub = make_hub(tmp_path)
        assert "table 1 is damaged" in caplog.text
        assert hub.tables[2].play is not None  # the other table plays on
        ada = await ProtoClient.connect(hub, "key-ada")
        lobby = await ada.expect(p.Lobby)
        status = {t.id: t.status for t in lobby.tables}
        assert status == {1: "damaged", 2: "playing"}
        ada.send(p.Join(1))
        assert "Table 1 is damaged" in (await ada.expect(p.Notice)).text
        ada.send(p.Watch(1))
        assert "Table 1 is damaged" in (await ada.expect(p.Notice)).text

    run(main())


def test_a_file_that_is_not_a_database_is_one_sentence(tmp_path):
    path = tmp_path / "server.sqlite3"
    path.write_bytes(b"this is not a database, it is a shopping list\n" * 100)
    with pytest.raises(StoreError, match="is not a foxtui server database"):
        Store(path)


# --- item 9: tables per key, a lobby that stays small, tables that leave it


def test_a_key_may_have_only_a_few_open_tables(tmp_path):
    async def main():
        hub = make_hub(tmp_path, max_tables_per_key=2)
        ada = await ProtoClient.connect(hub, "key-ada", "Ada")
        for _ in range(2):
            ada.send(p.CreateTable("master-fox", {}, ["you", "human"]))
            await ada.expect(p.Notice)
        ada.send(p.CreateTable("master-fox", {}, ["you", "human"]))
        refusal = await ada.expect(p.Notice, lambda m: m.severity == "error")
        assert "2 open tables already" in refusal.text
        assert len(hub.tables) == 2
        bo = await ProtoClient.connect(hub, "key-bo", "Bo")
        bo.send(p.CreateTable("master-fox", {}, ["human", "you"]))
        await bo.expect(p.Notice)
        ada.send(p.Join(3))  # taking a seat counts as well
        assert "open tables already" in (await ada.expect(p.Notice, lambda m: m.severity == "error")).text

    run(main())


def _many_tables(path, count: int) -> None:
    spec = msgspec.json.encode(TableSpec("master-fox", msgspec.Raw(b"{}"), [None, None], 1, 0.0))
    owners = msgspec.json.encode(["key-someone", None])
    db = sqlite3.connect(path)
    db.executescript(
        "CREATE TABLE players (key TEXT PRIMARY KEY, name TEXT NOT NULL UNIQUE COLLATE NOCASE);"
        "CREATE TABLE tables (id INTEGER PRIMARY KEY, spec BLOB NOT NULL, owners BLOB NOT NULL,"
        " record BLOB, finished INTEGER NOT NULL DEFAULT 0);"
    )  # the schema of a server from before this issue: the new columns are added
    db.executemany("INSERT INTO tables (spec, owners) VALUES (?, ?)", ((spec, owners) for _ in range(count)))
    db.commit()
    db.close()


def test_the_lobby_is_paged_and_its_frame_stays_small_at_100000_tables(tmp_path):
    _many_tables(tmp_path / "server.sqlite3", 100_000)

    async def main():
        hub = make_hub(tmp_path)
        ada = await ProtoClient.connect(hub, "key-ada", "Ada")
        ada.send(p.CreateTable("master-fox", {}, ["you", "human"]))
        lobby = await ada.expect(p.Lobby, lambda m: m.total == 100_001)
        size = len(p.frame(lobby))
        assert size < 8 * 1024, f"a lobby frame of {size} bytes"
        assert lobby.pages == -(-100_001 // hub_module.LOBBY_PAGE)
        assert lobby.tables[0].id == 100_001 and lobby.tables[0].seats[0].yours  # her own first
        ada.send(p.LobbyPage(2))
        page = await ada.expect(p.Lobby, lambda m: m.page == 2)
        ids = [t.id for t in page.tables]
        assert len(ids) == hub_module.LOBBY_PAGE and ids == sorted(ids, reverse=True)
        assert ids[0] == 100_000 - 2 * hub_module.LOBBY_PAGE + 1  # newest first, none twice
        ada.send(p.LobbyPage(10**9))  # past the end: the last page
        last = await ada.expect(p.Lobby, lambda m: m.page == lobby.pages - 1)
        assert last.tables[-1].id == 1

    run(main(), timeout=240)


def test_finished_and_abandoned_tables_leave_the_lobby_and_their_records_stay(tmp_path):
    now = [1_000_000.0]

    async def main():
        hub = make_hub(tmp_path, clock=lambda: now[0])
        ada = await ProtoClient.connect(hub, "key-ada", "Ada")
        ada.send(p.CreateTable("master-fox", {}, ["you", "human"]))  # nobody ever joins
        await ada.expect(p.Notice)
        ada.send(p.CreateTable("master-fox", {}, ["you", "sensible"]))
        await ada.expect(p.Seated, lambda m: m.table == 2)
        table = hub.tables[2]
        table.finished = True  # as if the game had ended now
        table.active()
        ada.send(p.Leave())
        lobby = await ada.expect(p.Lobby)
        assert {t.id for t in lobby.tables} == {1, 2}
        now[0] += hub_module.FINISHED_SHOWN_FOR + 1
        hub.sweep()
        lobby = await ada.expect(p.Lobby, lambda m: len(m.tables) == 1)
        assert [t.id for t in lobby.tables] == [1]
        now[0] += hub_module.WAITING_ABANDONED_AFTER
        hub.sweep()
        lobby = await ada.expect(p.Lobby, lambda m: not m.tables)
        assert hub.live_tables("key-ada") == 0  # abandoned: it no longer counts
        ada.send(p.Join(1))
        assert "There is no table 1" in (await ada.expect(p.Notice)).text
        stored = {t.id: t for t in hub.store.tables()}
        assert stored[1].abandoned and stored[2].has_record  # nothing is deleted

    run(main())


# --- item 11: a move time limit the player sees; a bot's step told as such


def test_the_seat_to_move_is_told_its_time_and_a_bot_step_is_told_and_recorded(tmp_path):
    async def main():
        hub = make_hub(tmp_path)
        ada = await ProtoClient.connect(hub, "key-ada", "Ada")
        bo = await ProtoClient.connect(hub, "key-bo", "Bo")
        ada.send(p.CreateTable("master-fox", {}, ["you", "human"], move_seconds=0.5))
        await ada.expect(p.Notice)
        bo.send(p.Join(1))
        first = await ada.expect(p.Update)
        other = await bo.expect(p.Update)
        mover, update, idle = (ada, first, other) if legal_of(first) else (bo, other, first)
        assert update.move_left is not None and 0 < update.move_left <= 0.5
        assert idle.move_left is None  # not to move: no limit runs for it
        name = "Ada" if mover is ada else "Bo"
        told = await mover.expect(p.Update, lambda m: m.steps >= 1)
        watcher = await (bo if mover is ada else ada).expect(p.Update, lambda m: m.steps >= 1)
        assert told.log[-1].startswith("Time ran out: a bot chose for you.")
        assert watcher.log[-1].startswith(f"Time ran out: a bot chose for {name}.")
        step = hub.tables[1].play.session.record.steps[0]
        assert step.by == "bot"
        data = hub.store._db.execute("SELECT record FROM tables WHERE id = 1").fetchone()[0]
        assert b'"by":"bot"' in data
        record = decode_record(data)
        assert record.steps[0].by == "bot" and final_state(record) is not None

    run(main())


def test_records_without_the_field_stay_byte_for_byte_and_replay_unchanged():
    from foxtui.engine.autoplay import autoplay

    session = autoplay(MF, 2, 7, MF.Options(), None)
    data = encode_record(session.record, round=3, finished=True)
    assert b'"by"' not in data
    again = decode_record(data)
    assert encode_record(again, round=3, finished=True) == data
    assert final_state(again) == session.state
    marked = GameRecord(again.game, again.options, again.seats, again.seed, [
        Step(s.seat, s.action, s.hash, "bot" if n == 0 else None) for n, s in enumerate(again.steps)
    ], rules=again.rules)  # fmt: skip
    assert final_state(decode_record(encode_record(marked))) == session.state


def test_the_player_to_move_sees_the_time_left_and_is_warned(tmp_path):
    async def main():
        hub = make_hub(tmp_path, realtime_bot_delay=600)
        hub.store.set_player_name("key-ada", "Ada")
        hub.names["key-ada"] = "Ada"
        app, _ = await client_app(hub, "key-ada")
        async with app.run_test(size=(80, 24)) as pilot:
            app.link.send(p.CreateTable("master-fox", {"mode": "realtime"}, ["you", "sensible"], 6.0))
            await wait_until(pilot, lambda: "s to move" in screen_text(app), "the time left")
            text = screen_text(app)
            assert "6 s to move" in text or "5 s to move" in text  # a third of it left: the warning
            await wait_until(pilot, lambda: any("then a bot moves for you" in n.message for n in app._notifications), "the warning")

    run(main())


# --- item 13: names that look like one in use


def test_a_name_confusable_with_one_in_use_or_a_bots_is_refused(tmp_path):
    async def main():
        hub = make_hub(tmp_path)
        await ProtoClient.connect(hub, "key-ada", "Ada")
        other = await ProtoClient.connect(hub, "key-other")
        other.send(p.SetName("\u0410da"))  # Cyrillic А
        assert "looks like the name of another player, Ada" in (await other.expect(p.Notice)).text
        other.send(p.SetName("\u0412ot 1"))  # Cyrillic В: "Bot 1"
        assert "kept for bots" in (await other.expect(p.Notice)).text
        other.send(p.SetName("B0t 2"))
        assert "kept for bots" in (await other.expect(p.Notice)).text
        other.send(p.SetName("Adam"))
        assert (await other.expect(p.Welcome)).name == "Adam"
        assert hub.names["key-other"] == "Adam"

    run(main())


def test_names_equal_when_their_spaces_are_left_out_are_one_name(tmp_path):
    async def main():
        hub = make_hub(tmp_path)
        await ProtoClient.connect(hub, "key-bo", "Bo")
        other = await ProtoClient.connect(hub, "key-other")
        for name in ("B o", "b O", "В o"):  # (the last with a Cyrillic В)
            other.send(p.SetName(name))
            said = (await other.expect(p.Notice)).text
            assert "another player" in said and "Bo" in said, (name, said)
        other.send(p.SetName("Botany"))  # a name that begins with "Bot" and no space is a name
        assert (await other.expect(p.Welcome)).name == "Botany"

    run(main())


# --- item 6: a client's trouble goes to the server's log, never to a screen


def test_a_failing_screen_is_logged_by_the_server_and_the_player_stays_in_the_lobby(tmp_path, caplog):
    from foxtui.ui.screens.lobby import LobbyScreen

    async def main():
        hub = make_hub(tmp_path)
        hub.store.set_player_name("key-ada", "Ada")
        hub.names["key-ada"] = "Ada"
        bo = await ProtoClient.connect(hub, "key-bo", "Bo")
        bo.send(p.CreateTable("master-fox", {}, ["you", "sensible"]))
        await bo.expect(p.Update)
        app, _ = await client_app(hub, "key-ada")
        with caplog.at_level(logging.ERROR, logger="foxtui.serve"):
            async with app.run_test(size=(80, 24)) as pilot:
                await wait_until(pilot, lambda: "you are Ada" in screen_text(app), "the lobby")
                await pilot.press("w")
                await wait_until(pilot, lambda: type(app.screen).__name__ == "RemotePlayScreen", "the table")

                def broken(*args):
                    raise RuntimeError("a bug in a screen, with secrets in its locals")

                # as a key's handler would fail on that screen (pilot.press would wait
                # for the failed screen to answer, which it never does)
                app.screen.call_later(broken)
                for _ in range(2000):  # (not wait_until: its last pause may wait on the screen as it goes)
                    told = any("back in the lobby" in n.message for n in app._notifications)
                    if isinstance(app.screen, LobbyScreen) and told and "a bug in a screen" in caplog.text:
                        break
                    await asyncio.sleep(0.01)
                assert isinstance(app.screen, LobbyScreen), "not back in the lobby"
                assert app.is_running and not app._exit_renderables
                assert any("back in the lobby" in n.message for n in app._notifications)
                await asyncio.sleep(0.5)
        assert "Traceback" in caplog.text and "the client process reports" in caplog.text

    run(main())


# --- item 10: the Fox Matters Action timer goes on after a restart


@pytest.mark.parametrize("stop", ["graceful", "killed"])
def test_the_action_timer_goes_on_after_a_restart(tmp_path, monkeypatch, stop):
    monkeypatch.setattr(hub_module, "playable_game_ids", lambda: ["master-fox", "fox-matters"])
    monkeypatch.setattr(TableDriver, "TICK", 0.02)
    fm = GAMES["fox-matters"]
    from foxtui.games.fox_matters.actions import READY

    async def main():
        hub = make_hub(tmp_path)
        ada = await ProtoClient.connect(hub, "key-ada", "Ada")
        ada.send(p.CreateTable("fox-matters", {"timer_seconds": 30}, ["you"]))
        await ada.expect(p.Update)
        ada.act(READY)
        await ada.expect(p.Update, lambda m: p.unraw(m.public, fm.View).phase == "action")
        await asyncio.sleep(0.02 * 16)
        if stop == "graceful":
            hub.close()
        hub.store.close()  # killed: whatever was written last
        again = make_hub(tmp_path)
        left = again.tables[1].driver.clock_left()
        assert left is not None and left <= (14 if stop == "graceful" else 15 + TableDriver.CLOCK_SAVE_EVERY)
        ada = await ProtoClient.connect(again, "key-ada")
        ada.send(p.Join(1))
        update = await ada.expect(p.Update)
        assert update.clock is not None and update.clock <= left

    run(main())


def test_the_lobby_screen_turns_the_pages(tmp_path):
    _many_tables(tmp_path / "server.sqlite3", 40)

    async def main():
        hub = make_hub(tmp_path)
        hub.store.set_player_name("key-ada", "Ada")
        hub.names["key-ada"] = "Ada"
        app, _ = await client_app(hub, "key-ada")
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_until(pilot, lambda: "Page 1 of 3" in screen_text(app), "the first page")
            assert "40" in screen_text(app) and " 25 " not in screen_text(app)
            await pilot.press("pagedown")
            await wait_until(pilot, lambda: "Page 2 of 3" in screen_text(app), "the second page")
            assert app.lobby.tables[0].id == 40 - hub_module.LOBBY_PAGE
            await pilot.press("pageup", "pageup")
            await wait_until(pilot, lambda: "Page 1 of 3" in screen_text(app), "back to the first")

    run(main())


def test_a_client_process_may_use_its_share_of_the_processor_and_bursts_only():
    from foxtui.server.spawn import ClientLimits, CpuBudget

    budget = CpuBudget(ClientLimits(cpu_share=0.5, cpu_burst=10.0), now=0.0)
    assert budget.update(used=0.0, now=0.0) == 10  # a burst of 10 s at first
    soft = budget.update(used=1.0, now=10.0)  # an idle player: the budget stays full
    assert soft == 11 and budget.left == 10.0
    for second in range(11, 60):  # spinning: a core for every second of wall time
        soft = budget.update(used=1.0 + second - 10, now=float(second))
    assert budget.left <= 0 and soft <= 1.0 + 49 + 1  # the kernel's limit is reached now


def test_a_client_process_that_holds_a_whole_core_for_more_than_ten_seconds_is_over():
    """Its burst alone would let a runaway session hold a core for a minute (30 s of
    burst, half a core coming back each second)."""
    from foxtui.server.spawn import CORE_HELD, ClientLimits, CpuBudget

    budget = CpuBudget(ClientLimits(), now=0.0)
    used = 0.0
    for second in range(1, int(CORE_HELD) + 1):  # a core, ten seconds: still in
        used += 1.0
        budget.update(used=used, now=float(second))
        assert budget.left > 0 and not budget.why, second
    used += 1.0
    soft = budget.update(used=used, now=CORE_HELD + 1)
    assert budget.left <= 0 and soft <= used + 1 and "whole core for more than 10 seconds" in budget.why
    # a busy screen that breathes (nine seconds of a core, then a quiet one) is in
    budget, used = CpuBudget(ClientLimits(), now=0.0), 0.0
    for second in range(1, 41):
        used += 0.0 if second % 10 == 0 else 1.0
        budget.update(used=used, now=float(second))
        assert budget.left > 0 and not budget.why, second


def test_a_process_that_ended_at_its_soft_limit_was_told_by_the_kernel_between_two_looks():
    """The fork server looks once a second; the kernel may reach the limit between two
    looks, and the process ends before its budget was seen spent: it was the limit all
    the same (the server's log said nothing)."""
    from foxtui.server.spawn import ClientLimits, CpuBudget

    budget = CpuBudget(ClientLimits(cpu_share=0.1, cpu_burst=1.5), now=0.0)
    assert budget.soft == 2 and not budget.reached(0.4)  # in_child's first limit
    soft = budget.update(used=1.0, now=1.0)  # a core for a second: 0.6 s left
    assert soft == 2 and budget.left > 0 and not budget.why
    assert budget.reached(2.0) and budget.reached(1.9) and not budget.reached(1.6)
    assert "share of the processor (0.1 of a core)" in budget.share_spent


def test_a_screen_takes_keys_at_a_players_pace_and_leaves_the_rest_out():
    from foxtui.server.client import KEY_BURST, KEY_RATE, KeyPace

    pace = KeyPace(now=0.0)
    assert all(pace.take(0.0) for _ in range(KEY_BURST)) and not pace.take(0.0)  # a burst, then no more
    assert sum(pace.take(0.5) for _ in range(1000)) == int(KEY_RATE / 2)  # half a second: half the rate
    typing = KeyPace(now=0.0)
    assert all(typing.take(n / 40) for n in range(40 * 60))  # a key held down for a minute: every one


def test_a_chat_line_holds_printable_text_only_and_noise_is_refused(tmp_path):
    from foxtui.server.hub import chat_text

    assert chat_text("Zoe\u0308 and Ame\u0301lie \x1b[31m") == "Zoe\u0308 and Ame\u0301lie [31m"  # accents kept
    assert chat_text("L" + "\u0305" * 40 + " \u0301x") == "L\u0305\u0305 x"  # a stack of marks is not text

    async def main():
        hub = make_hub(tmp_path)
        ada = await ProtoClient.connect(hub, "key-ada", "Ada")
        ada.send(p.CreateTable("master-fox", {}, ["you", "sensible"]))
        await ada.expect(p.Update)
        ada.send(p.Say("B o: \ufffdD\ufffdL\u0305\ufffd\ufffd%j"))  # a line of a paste of random bytes
        notice = await ada.expect(p.Notice)
        assert notice.text == "That line holds bytes that are not text; it was not sent."
        ada.send(p.Say("good luck"))
        line = (await ada.expect(p.Chat, lambda m: not m.whole)).lines[0]
        assert line.text == "good luck" and [c.text for c in hub.tables[1].chat] == ["good luck"]

    run(main())


def test_a_screen_closed_at_the_processor_limit_is_a_drop_in_the_log_not_a_leave(tmp_path, caplog):
    from foxtui.server.client import TOO_BUSY

    async def main():
        hub = make_hub(tmp_path, realtime_bot_delay=60)
        hub.store.set_player_name("key-ada", "Ada")
        hub.names["key-ada"] = "Ada"
        app, task = await client_app(hub, "key-ada")
        async with app.run_test(size=(80, 24)) as pilot:
            app.link.send(p.CreateTable("master-fox", {}, ["you", "sensible"]))
            await wait_until(pilot, lambda: type(app.screen).__name__ == "RemotePlayScreen", "the table")
            app._close_with(TOO_BUSY)  # as SIGXCPU does
            await pilot.pause()
        app.link.close()
        await asyncio.wait_for(task, 10)

    with caplog.at_level(logging.INFO, logger="foxtui"):
        run(main())
    said = caplog.text
    assert "Ada dropped from table 1, seat 1 (the connection ended)" in said and "back to the lobby" not in said


def test_the_idle_goodbye_names_a_seat_only_to_a_player_who_has_one(tmp_path):
    from foxtui.server.ssh import idle_goodbye

    async def main():
        hub = make_hub(tmp_path, realtime_bot_delay=60)
        ada = await ProtoClient.connect(hub, "key-ada", "Ada")
        cat = await ProtoClient.connect(hub, "key-cat", "Cat")
        ada.send(p.CreateTable("master-fox", {}, ["you", "sensible"]))
        await ada.expect(p.Update)
        cat.send(p.Watch(1))
        await cat.expect(p.Update)
        conn = {c.player.key: c for c in hub.conns}
        bye = "No key pressed for a long time: goodbye."
        assert idle_goodbye(hub, conn["key-ada"], "key-ada") == f"{bye} Your seat is kept."
        assert idle_goodbye(hub, conn["key-cat"], "key-cat") == bye  # watching: no seat
        ada.send(p.Leave())
        await ada.expect(p.Lobby)
        assert idle_goodbye(hub, conn["key-ada"], "key-ada") == f"{bye} Your seats are kept: log in again to rejoin them."
        cat.send(p.Leave())
        await cat.expect(p.Lobby)
        assert idle_goodbye(hub, conn["key-cat"], "key-cat") == bye  # in the lobby, no table

    run(main())
