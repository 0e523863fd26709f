"""Who dropped, came back or left, in the game log of everyone at a shared table:
each told where it happened among the steps, none of them a step — through the
protocol and through a client's screen."""

from __future__ import annotations

import asyncio
import logging

from server_helpers import ProtoClient, client_app, make_hub, run, screen_text, wait_until

from foxtui.games import GAMES
from foxtui.server import protocol as p

MF = GAMES["master-fox"]
DROPPED = "— Bo's connection dropped; the seat is kept for them."
BACK = "— Bo is back."
LEFT = "— Bo left the table; the seat is kept for them."


def log_rows(app) -> list[str]:
    from foxtui.ui.widgets.log import GameLog

    return [strip.text.rstrip() for strip in app.screen.query_one(GameLog).lines]


def table_lines(client) -> list[p.ChatLine]:
    return [line for m in client.seen if isinstance(m, p.Chat) and not m.whole for line in m.lines if not line.name]


# --- through the protocol


def test_a_drop_a_return_and_a_leave_carry_their_step_and_the_server_log_tells_them_apart(tmp_path, caplog):
    async def main():
        hub = make_hub(tmp_path)
        ada = await ProtoClient.connect(hub, "key-ada", "Ada")
        bo = await ProtoClient.connect(hub, "key-bo", "Bo")
        ada.send(p.CreateTable("master-fox", {}, ["you", "human"]))
        table_id = (await bo.expect(p.Lobby, lambda m: m.tables)).tables[0].id
        bo.send(p.Join(table_id))
        first = await ada.expect(p.Update)
        cy = await ProtoClient.connect(hub, "key-cy", "Cy")
        cy.send(p.Watch(table_id))
        await cy.expect(p.Update)
        legal = p.unraw(first.legal, list[MF.Action])

        async def touch(n: int) -> None:
            ada.act(legal[n])
            for client in (ada, cy):
                await client.expect(p.Update, lambda m: m.steps == n + 1)

        await touch(0)
        await bo.close()  # the connection drops
        await touch(1)
        bo = await ProtoClient.connect(hub, "key-bo")
        bo.send(p.Join(table_id))
        await bo.expect(p.Update)
        await touch(2)
        bo.send(p.Leave())
        await bo.expect(p.Lobby)
        for client in (ada, cy):
            await client.expect(p.Presence, lambda m: m.seats == [p.HERE, p.LEFT])
            said = [(line.step, line.text) for line in table_lines(client)]
            assert said == [(1, DROPPED[2:]), (2, BACK[2:]), (3, LEFT[2:])]
        # none of it is a step of the game, nor in its record
        play = hub.tables[table_id].play
        assert play.step_count == 3 and len(play.session.record.steps) == 3
        cy.send(p.Leave())
        await cy.expect(p.Lobby)
        await cy.close()

    with caplog.at_level(logging.INFO, logger="foxtui.serve"):
        run(main())
    said = [r.getMessage() for r in caplog.records]
    assert "Bo dropped from table 1, seat 2 (the connection ended)" in said
    assert "Bo rejoined table 1, seat 2 (back after a drop)" in said
    assert "Bo left table 1, seat 2 (back to the lobby)" in said
    # a spectator going back to the lobby and one whose connection ended are told apart too
    assert "Cy stopped watching table 1 (back to the lobby)" in said


def test_a_spectator_whose_connection_ends_is_logged_as_a_drop(tmp_path, caplog):
    async def main():
        hub = make_hub(tmp_path)
        ada = await ProtoClient.connect(hub, "key-ada", "Ada")
        ada.send(p.CreateTable("master-fox", {}, ["you", "sensible"]))
        await ada.expect(p.Update)
        cy = await ProtoClient.connect(hub, "key-cy", "Cy")
        cy.send(p.Watch(1))
        await cy.expect(p.Update)
        await cy.close()
        await ada.expect(p.Presence, lambda m: m.watching == [])

    with caplog.at_level(logging.INFO, logger="foxtui.serve"):
        run(main())
    assert "Cy stopped watching table 1 (the connection ended)" in [r.getMessage() for r in caplog.records]


def test_sessions_the_stopping_server_ends_are_no_drop(tmp_path, caplog):
    """When the server stops, its sessions end: nobody dropped, and the table's chat (its
    database closing) is not told so."""

    async def main():
        hub = make_hub(tmp_path)
        ada = await ProtoClient.connect(hub, "key-ada", "Ada")
        bo = await ProtoClient.connect(hub, "key-bo", "Bo")
        ada.send(p.CreateTable("master-fox", {}, ["you", "human"]))
        bo.send(p.Join((await bo.expect(p.Lobby, lambda m: m.tables)).tables[0].id))
        await ada.expect(p.Update)
        hub.stop_tables()  # (as serve does first when it stops)
        await bo.close()
        assert [m for m in await quiet(ada) if isinstance(m, (p.Chat, p.Presence))] == []
        assert list(hub.tables[1].chat) == []

    async def quiet(client, seconds=0.2):
        import asyncio

        got = []
        try:
            while True:
                got.append(await asyncio.wait_for(client.next(), seconds))
        except asyncio.TimeoutError:
            return got

    with caplog.at_level(logging.INFO, logger="foxtui.serve"):
        run(main())
    said = [r.getMessage() for r in caplog.records]
    assert "Bo's session at table 1 ended (the server is stopping)" in said
    assert not [line for line in said if "dropped" in line or "could not store" in line]


# --- on the screen of a player and of a spectator


async def drop_return_leave(hub, table_id, bo, act, app, pilot):
    """Ada touches, Bo drops, Ada touches, Bo comes back, Ada touches, Bo leaves; each
    time ``app``'s log shows it before anything else happens."""

    async def step(n: int) -> None:
        await act(n)
        await wait_until(pilot, lambda: app.table is not None and app.table.step_count == n + 1, f"step {n + 1}")

    await step(0)
    await wait_until(pilot, lambda: len(log_rows(app)) == 1, "the first step's line")
    await bo.close()
    await wait_until(pilot, lambda: DROPPED in log_rows(app), "the drop in the log")
    await step(1)
    bo = await ProtoClient.connect(hub, "key-bo")
    bo.send(p.Join(table_id))
    await wait_until(pilot, lambda: BACK in log_rows(app), "the return in the log")
    await step(2)
    bo.send(p.Leave())
    await wait_until(pilot, lambda: LEFT in log_rows(app), "the leave in the log")
    return bo


MARK = "── since your last move ──"


def check_log(app, steps: list[str], news: list[str]) -> None:
    """``news``: what the log marks as news since the viewer's last move."""
    rows = log_rows(app)
    assert rows == [steps[0], DROPPED, steps[1], BACK, steps[2], *news, LEFT], rows
    # the notes change no step: the table still has three, the log's first line tells step 1
    assert app.table.step_count == 3 and len(app.table.log(None)) == 3
    # and they are in the log only, not also told at the corner
    assert not [n.message for n in app._notifications if "Bo " in n.message or "Bo's" in n.message]


def test_a_players_log_shows_another_seat_drop_come_back_and_leave_between_the_steps(tmp_path):
    async def main():
        hub = make_hub(tmp_path)
        bo = await ProtoClient.connect(hub, "key-bo", "Bo")
        bo.send(p.CreateTable("master-fox", {}, ["human", "you"]))
        await bo.expect(p.Notice)
        hub.store.set_player_name("key-ada", "Ada")
        hub.names["key-ada"] = "Ada"
        app, _ = await client_app(hub, "key-ada")
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_until(pilot, lambda: "waiting for 1" in screen_text(app), "the waiting table")
            await pilot.press("j")
            await wait_until(pilot, lambda: type(app.screen).__name__ == "RemotePlayScreen", "the table")
            legal = list(app.table.legal_actions(0))

            async def act(n):
                app.link.send(p.Act(p.raw(legal[n])))

            await drop_return_leave(hub, 1, bo, act, app, pilot)
            spots = [a.spot for a in legal[:3]]
            steps = [row for row in log_rows(app) if not row.startswith(("—", "──"))]
            assert [spot in row for spot, row in zip(spots, steps)] == [True] * 3 and len(steps) == 3
            check_log(app, steps, [MARK])  # (Bo left after Ada's last move)
            # the whole log (w) has them too, unnumbered between the numbered steps
            await pilot.press("w")
            await wait_until(pilot, lambda: "3. You touched" in screen_text(app), "the whole log")
            text = screen_text(app)
            order = [text.index(s) for s in ("1. You touched", DROPPED, "2. You touched", BACK, "3. You touched", LEFT)]
            assert order == sorted(order), text

    run(main())


def test_a_spectators_log_shows_a_player_drop_come_back_and_leave_between_the_steps(tmp_path):
    async def main():
        hub = make_hub(tmp_path)
        ada = await ProtoClient.connect(hub, "key-ada", "Ada")
        bo = await ProtoClient.connect(hub, "key-bo", "Bo")
        ada.send(p.CreateTable("master-fox", {}, ["you", "human"]))
        bo.send(p.Join((await bo.expect(p.Lobby, lambda m: m.tables)).tables[0].id))
        legal = p.unraw((await ada.expect(p.Update)).legal, list[MF.Action])
        hub.store.set_player_name("key-cy", "Cy")
        hub.names["key-cy"] = "Cy"
        app, _ = await client_app(hub, "key-cy")
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_until(pilot, lambda: "you are Cy" in screen_text(app), "the lobby")
            await pilot.press("w")
            await wait_until(pilot, lambda: type(app.screen).__name__ == "RemotePlayScreen", "the table")

            async def act(n):
                ada.act(legal[n])

            await drop_return_leave(hub, 1, bo, act, app, pilot)
            steps = [row for row in log_rows(app) if row.startswith("Ada touched")]
            assert len(steps) == 3
            check_log(app, steps, [])

    run(main())


def test_notes_written_as_they_come_stand_where_a_whole_rewrite_puts_them():
    """The log adds each step's line and each note as they come (only the new rows are
    written): the rows are those of writing the whole log again at once, the mark of
    the teller's news included, and a note of a step before the lines kept is not shown."""
    import asyncio

    from textual.app import App

    from foxtui.ui.widgets.log import GameLog

    class LogApp(App):
        def compose(self):
            yield GameLog(max_lines=100, id="one")
            yield GameLog(max_lines=100, id="two")

    def rows(log) -> list[str]:
        return [strip.text.rstrip() for strip in log.lines]

    async def main() -> None:
        app = LogApp()
        async with app.run_test(size=(80, 24)) as pilot:
            one, two = app.query_one("#one", GameLog), app.query_one("#two", GameLog)
            lines = ["Ada touched A1.", "Ada touched B1.", "Ada ended the turn.", "You touched C1."]
            notes: list[tuple[int, str]] = []
            mark = MARK
            one.show_lines(lines[:1], 0, 1, since=1)
            await pilot.pause()
            write_all = one._write_all
            one._write_all = lambda: None  # (from here on, nothing may be written again)
            notes.append((1, "— Bo is back."))
            one.show_lines(lines[:1], 0, 1, since=1, notes=notes)  # a note, no new step
            await pilot.pause()
            assert rows(one) == [lines[0], mark, "— Bo is back."]  # (news to the teller)
            one.show_lines(lines[:3], 0, 1, since=3, notes=notes)  # the teller moved: the mark moves on
            notes.append((3, "— Cy left the table."))
            one.show_lines(lines[:3], 0, 1, since=3, notes=notes)
            one.show_lines(lines, 0, 1, since=3, notes=notes)
            await pilot.pause()
            expected = [lines[0], "— Bo is back.", *lines[1:3], mark, "— Cy left the table.", lines[3]]
            assert rows(one) == expected
            one._write_all = write_all
            two.show_lines(lines, 0, 1, since=3, notes=notes)  # all at once
            await pilot.pause()
            assert rows(two) == expected
            # a log that keeps the newest lines only: a note before them is not shown
            two.show_lines(lines[2:], 2, 2, notes=notes)
            await pilot.pause()
            assert rows(two) == [lines[2], "— Cy left the table.", lines[3]]

    asyncio.run(main())


def test_the_log_names_the_session_and_where_a_player_went_from_a_table(tmp_path, caplog):
    """A client that went back to the lobby without saying so and set up another table
    was logged as 'left table 6 … (back to the lobby)' after 'created table 7'."""
    import logging

    from server_helpers import socket_pair

    async def main():
        hub = make_hub(tmp_path, realtime_bot_delay=60)
        hub.store.set_player_name("key-ada", "Ada")
        hub.names["key-ada"] = "Ada"
        (hr, hw), (cr, cw) = await socket_pair()
        task = asyncio.create_task(hub.serve(hub.player("key-ada"), hr, hw, "test", session=7))
        ada = ProtoClient(cr, cw, task)
        await ada.expect(p.Lobby)
        ada.send(p.CreateTable("master-fox", {}, ["you", "sensible"]))
        await ada.expect(p.Update)
        ada.send(p.CreateTable("master-fox", {}, ["you", "sensible"]))  # no Leave in between
        await ada.expect(p.Seated, lambda m: m.table == 2)
        await ada.close()

    with caplog.at_level(logging.INFO, logger="foxtui"):
        run(main())
    said = [r.getMessage() for r in caplog.records]
    assert "Ada (session 7) created table 1 (Master Fox, 2 seats)" in said
    left = said.index("Ada (session 7) left table 1, seat 1 (for table 2)")
    assert left < said.index("Ada (session 7) created table 2 (Master Fox, 2 seats)")
    assert not any("back to the lobby" in line for line in said)


def test_a_session_the_stopping_server_ends_at_a_waiting_table_ended_in_the_lobby(tmp_path, caplog):
    """A table waiting for its players is shown in the lobby: the log said 'Ada's session
    at table 1 ended' while Ada was in the lobby."""

    async def main():
        hub = make_hub(tmp_path)
        ada = await ProtoClient.connect(hub, "key-ada", "Ada")
        ada.send(p.CreateTable("master-fox", {}, ["you", "human"]))
        await ada.expect(p.Notice)
        hub.stop_tables()
        await ada.close()

    with caplog.at_level(logging.INFO, logger="foxtui.serve"):
        run(main())
    said = [r.getMessage() for r in caplog.records]
    assert "Ada's session in the lobby ended (the server is stopping); the seat at table 1 is kept" in said
    assert not [line for line in said if "at table 1 ended" in line]
