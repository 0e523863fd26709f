"""A shared table as a place: its chat, who is here, and real-time rounds that start
for everyone at once — through the protocol."""

from __future__ import annotations

import asyncio
import logging

from server_helpers import ProtoClient, make_hub, run

from foxtui.games import GAMES
from foxtui.server import protocol as p

MF = GAMES["master-fox"]


async def two_players(hub, game="master-fox", options=None, seats=("you", "human")):
    """Ada creates a table, Bo takes the free seat; both seated, their first updates read."""
    ada = await ProtoClient.connect(hub, "key-ada", "Ada")
    bo = await ProtoClient.connect(hub, "key-bo", "Bo")
    ada.send(p.CreateTable(game, options or {}, list(seats)))
    table_id = (await bo.expect(p.Lobby, lambda m: m.tables)).tables[0].id
    bo.send(p.Join(table_id))
    await bo.expect(p.Update)
    await ada.expect(p.Update)
    return ada, bo, table_id


def chats(client) -> list[p.ChatLine]:
    return [line for m in client.seen if isinstance(m, p.Chat) and not m.whole for line in m.lines]


async def quiet(client, seconds=0.1) -> list:
    """What the client is sent within ``seconds`` (nothing is an answer too)."""
    got = []
    try:
        while True:
            got.append(await asyncio.wait_for(client.next(), seconds))
    except asyncio.TimeoutError:
        return got


# --- the chat


def test_a_chat_line_reaches_every_seat_and_spectator_with_who_wrote_it(tmp_path):
    async def main():
        hub = make_hub(tmp_path)
        ada, bo, table_id = await two_players(hub)
        cy = await ProtoClient.connect(hub, "key-cy", "Cy")
        cy.send(p.Watch(table_id))
        await cy.expect(p.Update)
        # a terminal escape, a bidi override and a line break are not passed on
        ada.send(p.Say("hello \x1b[31mthere\u202e\nBo"))
        for client in (ada, bo, cy):
            message = await client.expect(p.Chat, lambda m: not m.whole)
            assert message.lines == [p.ChatLine("Ada", "hello [31mthere Bo", step=0)]  # (said before the first step)
        cy.send(p.Say("[bold]go Ada[/bold]"))
        for client in (ada, bo, cy):
            message = await client.expect(p.Chat, lambda m: not m.whole)
            assert message.lines == [p.ChatLine("Cy", "[bold]go Ada[/bold]", spectator=True, step=0)]
        # whoever comes to the table later is told what was said
        dee = await ProtoClient.connect(hub, "key-dee", "Dee")
        dee.send(p.Watch(table_id))
        whole = await dee.expect(p.Chat)
        assert whole.whole and [line.name for line in whole.lines] == ["Ada", "Cy"]

    run(main())


def test_chat_is_refused_past_its_length_and_its_rate_and_away_from_a_table(tmp_path):
    async def main():
        now = [1000.0]
        hub = make_hub(tmp_path, clock=lambda: now[0])
        ada, bo, table_id = await two_players(hub)
        ada.send(p.Say("x" * (p.CHAT_LENGTH + 1)))
        notice = await ada.expect(p.Notice)
        assert "at most 200 characters" in notice.text and notice.severity == "warning"
        ada.send(p.Say(" \x07\x1b "))
        assert "nothing to say" in (await ada.expect(p.Notice)).text
        for n in range(5):
            ada.send(p.Say(f"line {n}"))
        ada.send(p.Say("one too many"))
        assert "wait a moment" in (await ada.expect(p.Notice)).text
        await quiet(bo)
        assert [line.text for line in chats(bo)] == [f"line {n}" for n in range(5)]
        now[0] += 10  # the window has passed
        ada.send(p.Say("again"))
        assert (await bo.expect(p.Chat)).lines[0].text == "again"
        ada.send(p.Leave())
        await ada.expect(p.Lobby)
        ada.send(p.Say("from the lobby"))
        assert "sit down at one, or watch it" in (await ada.expect(p.Notice)).text

    run(main())


# --- who is here


def test_a_drop_a_return_and_a_leave_are_told_to_the_table_and_logged_apart(tmp_path, caplog):
    async def main():
        hub = make_hub(tmp_path)
        ada, bo, table_id = await two_players(hub)
        assert [m for m in ada.seen if isinstance(m, p.Presence)][-1].seats in ([p.HERE, p.AWAY], [p.HERE, p.HERE])
        await bo.close()  # the connection drops
        line = (await ada.expect(p.Chat, lambda m: not m.whole)).lines[0]
        assert line == p.ChatLine("", "Bo's connection dropped; the seat is kept for them.", step=0)
        assert (await ada.expect(p.Presence)).seats == [p.HERE, p.AWAY]
        bo = await ProtoClient.connect(hub, "key-bo")
        bo.send(p.Join(table_id))
        assert (await ada.expect(p.Chat, lambda m: not m.whole)).lines[0].text == "Bo is back."
        assert (await ada.expect(p.Presence)).seats == [p.HERE, p.HERE]
        assert (await bo.expect(p.Presence)).seats == [p.HERE, p.HERE]
        bo.send(p.Leave())
        assert "Bo left the table" in (await ada.expect(p.Chat, lambda m: not m.whole)).lines[0].text
        assert (await ada.expect(p.Presence)).seats == [p.HERE, p.LEFT]

    with caplog.at_level(logging.INFO, logger="foxtui.serve"):
        run(main())
    said = [r.getMessage() for r in caplog.records]
    assert "Bo dropped from table 1, seat 2 (the connection ended)" in said
    assert "Bo left table 1, seat 2 (back to the lobby)" in said


# --- a real-time round starts for everyone at once


async def play_to_round_two(hub, table_id, clients):
    """The players make the moves a bot would, until the second round begins."""
    await play_to_round(hub, table_id, clients, 2)


async def play_to_round(hub, table_id, clients, round):
    table = hub.tables[table_id]
    for _ in range(2000):
        if table.play.round() >= round:
            return
        if table.holding:
            await asyncio.sleep(0.01)
            continue
        humans = [s for s in sorted(table.play.to_act()) if s < len(clients) and table.play.legal_actions(s)]
        steps = table.play.step_count
        if humans:
            clients[humans[0]].act(table.play.bot_action(humans[0]))
        for _ in range(200):  # the server's answer (or a bot's move)
            await asyncio.sleep(0.005)
            if table.play.step_count != steps:
                break
    raise AssertionError(f"round {round} never began")


def test_the_next_real_time_round_waits_for_every_summary_then_counts_down(tmp_path):
    async def main():
        hub = make_hub(tmp_path, ready_wait=30, countdown=2)
        ada, bo, table_id = await two_players(hub, options={"mode": "realtime"})
        await play_to_round_two(hub, table_id, [ada, bo])
        table = hub.tables[table_id]
        held = await ada.expect(p.Update, lambda m: m.round == 2)
        assert p.unraw((await bo.expect(p.Update, lambda m: m.round == 2)).legal, list[MF.Action]) == [] and p.unraw(held.legal, list[MF.Action]) == []
        assert (await ada.expect(p.Start)) == p.Start(["Ada", "Bo"], None)
        steps = table.play.step_count
        # Bo read the summary first: he may not touch while Ada still reads hers
        bo.send(p.Ready())
        assert (await ada.expect(p.Start)) == p.Start(["Ada"], None)
        touch = next(a for a in table.play.legal_actions(1) if type(a).__name__ == "Touch")
        bo.act(touch)
        assert "wait for the count" in (await bo.expect(p.Notice)).text
        assert table.play.step_count == steps
        ada.send(p.Ready())
        for client in (ada, bo):
            assert (await client.expect(p.Start)).seconds == 2
            assert (await client.expect(p.Start)).seconds == 1
        bo.act(touch)
        assert "wait for the count" in (await bo.expect(p.Notice)).text
        for client in (ada, bo):
            assert (await client.expect(p.Start)).seconds == 0
            opened = await client.expect(p.Update)
            assert p.unraw(opened.legal, list[MF.Action])  # everyone's moves at once
        bo.act(touch)
        await bo.expect(p.Update, lambda m: m.steps == steps + 1)

    run(main())


def test_a_held_round_starts_after_its_time_even_if_a_player_never_reads_the_summary(tmp_path):
    async def main():
        hub = make_hub(tmp_path, ready_wait=0.3, countdown=1)
        ada, bo, table_id = await two_players(hub, options={"mode": "realtime"})
        await play_to_round_two(hub, table_id, [ada, bo])
        bo.send(p.Ready())
        assert (await ada.expect(p.Start, lambda m: m.seconds == 0)).waiting_for == []
        assert p.unraw((await ada.expect(p.Update)).legal, list[MF.Action])

    run(main())


def test_a_bot_does_not_move_in_a_held_round(tmp_path):
    async def main():
        hub = make_hub(tmp_path, ready_wait=30, countdown=1)
        ada = await ProtoClient.connect(hub, "key-ada", "Ada")
        bo = await ProtoClient.connect(hub, "key-bo", "Bo")
        ada.send(p.CreateTable("master-fox", {"mode": "realtime"}, ["you", "human", "sensible"]))
        table_id = (await bo.expect(p.Lobby, lambda m: m.tables)).tables[0].id
        bo.send(p.Join(table_id))
        await bo.expect(p.Update)
        await ada.expect(p.Update)
        table = hub.tables[table_id]
        await play_to_round_two(hub, table_id, [ada, bo])
        steps = table.play.step_count
        await quiet(ada, 0.3)
        assert table.play.step_count == steps and table.holding
        ada.send(p.Ready())
        bo.send(p.Ready())
        await ada.expect(p.Start, lambda m: m.seconds == 0)
        await ada.expect(p.Update, lambda m: m.steps > steps)  # now the bot plays

    run(main())


# --- on the client's screen


def test_a_spectator_reads_the_round_summary_and_chats_from_the_table(tmp_path):
    from server_helpers import client_app, screen_text, wait_until

    async def main():
        hub = make_hub(tmp_path, ready_wait=30, countdown=1)
        ada, bo, table_id = await two_players(hub, options={"mode": "realtime"})
        hub.store.set_player_name("key-cy", "Cy")
        hub.names["key-cy"] = "Cy"
        app, _ = await client_app(hub, "key-cy")
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_until(pilot, lambda: "you are Cy" in screen_text(app), "the lobby")
            await pilot.press("w")
            await wait_until(pilot, lambda: type(app.screen).__name__ == "RemotePlayScreen", "the table")
            assert "/ Chat" in screen_text(app)
            await play_to_round_two(hub, table_id, [ada, bo])
            await wait_until(pilot, lambda: type(app.screen).__name__ == "RoundSummaryScreen", "the summary")
            assert "Round 1" in screen_text(app)
            await pilot.press("enter")
            await wait_until(pilot, lambda: "Ada, Bo still reading" in screen_text(app), "the held round")
            await pilot.press("slash")
            await wait_until(pilot, lambda: type(app.screen).__name__ == "ChatScreen", "the chat")
            await pilot.press(*"nice round", "enter")
            line = (await ada.expect(p.Chat, lambda m: not m.whole)).lines[0]
            assert line == p.ChatLine("Cy", "nice round", spectator=True, step=hub.tables[table_id].play.step_count)
            await wait_until(pilot, lambda: type(app.screen).__name__ == "RemotePlayScreen", "back at the table")
            bo.send(p.Say("thanks [b]Cy[/b]"))
            await wait_until(pilot, lambda: any("Bo: thanks [b]Cy[/b]" in n.message for n in app._notifications), "Bo's line")
            await pilot.press("slash")
            await wait_until(pilot, lambda: "Cy (watching): nice round" in screen_text(app), "the kept lines")
            assert "Bo: thanks [b]Cy[/b]" in screen_text(app)

    run(main())


def test_a_player_sees_another_seat_drop_and_come_back(tmp_path):
    from server_helpers import client_app, screen_text, wait_until

    async def main():
        hub = make_hub(tmp_path)
        bo = await ProtoClient.connect(hub, "key-bo", "Bo")
        bo.send(p.CreateTable("master-fox", {"mode": "realtime"}, ["human", "you"]))
        await bo.expect(p.Notice)
        hub.store.set_player_name("key-ada", "Ada")
        hub.names["key-ada"] = "Ada"
        app, _ = await client_app(hub, "key-ada")
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_until(pilot, lambda: "waiting for 1" in screen_text(app), "the waiting table")
            await pilot.press("j")
            await wait_until(pilot, lambda: type(app.screen).__name__ == "RemotePlayScreen", "the table")
            assert "away" not in screen_text(app)
            await bo.close()
            await wait_until(pilot, lambda: "Bo away" in screen_text(app), "Bo away on the status line")
            assert "— Bo's connection dropped" in screen_text(app)  # (in the log: see test_presence_log.py)
            bo = await ProtoClient.connect(hub, "key-bo")
            bo.send(p.Join(1))
            await wait_until(pilot, lambda: "Bo away" not in screen_text(app), "Bo back")
            assert "— Bo is back." in screen_text(app)

    run(main())


def test_a_players_summary_dismissed_starts_the_count_on_her_screen(tmp_path):
    from server_helpers import client_app, humans_to_act, screen_text, wait_until

    async def main():
        hub = make_hub(tmp_path, ready_wait=30, countdown=2)
        bo = await ProtoClient.connect(hub, "key-bo", "Bo")
        bo.send(p.CreateTable("master-fox", {"mode": "realtime"}, ["human", "you"]))
        await bo.expect(p.Notice)
        hub.store.set_player_name("key-ada", "Ada")
        hub.names["key-ada"] = "Ada"
        app, _ = await client_app(hub, "key-ada")
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_until(pilot, lambda: "waiting for 1" in screen_text(app), "the waiting table")
            await pilot.press("j")
            await wait_until(pilot, lambda: type(app.screen).__name__ == "RemotePlayScreen", "the table")
            ada = type("Seat", (), {"act": lambda self, action: app.link.send(p.Act(p.raw(action)))})()
            await play_to_round_two(hub, 1, [ada, bo])
            await wait_until(pilot, lambda: type(app.screen).__name__ == "RoundSummaryScreen", "the summary")
            bo.send(p.Ready())
            await wait_until(pilot, lambda: hub.tables[1].held == {0}, "Bo ready")
            await pilot.press("enter")
            await wait_until(pilot, lambda: "the round starts in" in screen_text(app), "the count")
            assert not humans_to_act(app.table)  # no move on offer while it counts
            await wait_until(pilot, lambda: bool(humans_to_act(app.table)), "the round open")

    run(main())


# --- the lobby


async def play_to_the_end(hub, table_id, clients):
    """The players make the moves a bot would until the game is over."""
    table = hub.tables[table_id]
    for _ in range(5000):
        if table.finished:
            return
        humans = [s for s in sorted(table.play.to_act()) if s < len(clients) and table.play.legal_actions(s)]
        steps = table.play.step_count
        if humans:
            clients[humans[0]].act(table.play.bot_action(humans[0]))
        for _ in range(200):
            await asyncio.sleep(0.002)
            if table.play.step_count != steps or table.finished:
                break
    raise AssertionError("the game never ended")


def test_the_creator_cancels_a_table_and_a_player_leaves_a_seat_before_the_game(tmp_path, caplog):
    async def main():
        hub = make_hub(tmp_path)
        ada = await ProtoClient.connect(hub, "key-ada", "Ada")
        bo = await ProtoClient.connect(hub, "key-bo", "Bo")
        ada.send(p.CreateTable("master-fox", {}, ["you", "human", "human"]))
        lobby = await bo.expect(p.Lobby, lambda m: m.tables)
        assert not lobby.tables[0].created
        bo.send(p.Join(1))
        await bo.expect(p.Notice)
        # Bo leaves his seat: it is free again, and he sits nowhere
        bo.send(p.Close(1))
        assert (await bo.expect(p.Notice)).text == "You left your seat at table 1."
        lobby = await ada.expect(p.Lobby, lambda m: m.tables and m.tables[0].seats[1].name == "")
        assert lobby.tables[0].created and hub.live_tables("key-bo") == 0
        bo.send(p.Join(1))
        await bo.expect(p.Notice)
        bo.send(p.Close(2))
        assert "no table 2" in (await bo.expect(p.Notice)).text
        # only the creator cancels; a player who is not at a table has nothing to leave
        cy = await ProtoClient.connect(hub, "key-cy", "Cy")
        cy.send(p.Close(1))
        assert "not yours to cancel" in (await cy.expect(p.Notice)).text
        ada.send(p.Close(1))
        assert (await ada.expect(p.Notice)).text == "Table 1 is cancelled."
        assert (await bo.expect(p.Notice, lambda m: "cancelled" in m.text)).text == "Ada cancelled table 1."
        assert (await cy.expect(p.Lobby, lambda m: not m.tables)).tables == []
        bo.send(p.Join(1))
        assert "no table 1" in (await bo.expect(p.Notice)).text
        # a game in play is not left
        ada.send(p.CreateTable("master-fox", {}, ["you", "sensible"]))
        await ada.expect(p.Update)
        ada.send(p.Close(2))
        assert "in play" in (await ada.expect(p.Notice)).text

    with caplog.at_level(logging.INFO, logger="foxtui.serve"):
        run(main())
    said = [r.getMessage() for r in caplog.records]
    assert "Bo gave up seat 2 at table 1 before its game began" in said
    assert "Ada cancelled table 1 before its game began" in said


def test_a_finished_table_shows_its_winner_and_my_games_lists_every_game_with_its_replay(tmp_path):
    async def main():
        hub = make_hub(tmp_path)
        ada = await ProtoClient.connect(hub, "key-ada", "Ada")
        ada.send(p.CreateTable("master-fox", {}, ["you", "sensible"]))
        await ada.expect(p.Update)
        info = hub.tables[1].info(ada_player := hub.player("key-ada"))
        assert info.round == 1 and info.phase == "loot"
        await play_to_the_end(hub, 1, [ada])
        info = hub.tables[1].info(ada_player)
        assert info.status == "finished" and info.result.endswith(" won")
        winner = info.result
        ada.send(p.Leave())
        for n in range(2, 8):  # more games than a lobby keeps
            ada.send(p.CreateTable("master-fox", {}, ["you", "human"] if n == 7 else ["human", "human"]))
        await ada.expect(p.Notice, lambda m: "You sit at table 7" in m.text)
        ada.send(p.WantGames(0))
        games = await ada.expect(p.Games)
        assert [t.id for t in games.tables] == [7, 1] and games.total == 2  # her own only, newest first
        assert games.tables[1].result == winner
        # after a restart, and out of the lobby, the result is still known and the replay there
        await ada.close()
        hub.close()
        hub = make_hub(tmp_path)
        hub.tables[1].activity -= 2 * 3600
        hub.sweep()
        ada = await ProtoClient.connect(hub, "key-ada")
        lobby = await ada.expect(p.Lobby)
        assert 1 not in [t.id for t in lobby.tables]
        ada.send(p.WantGames(0))
        games = await ada.expect(p.Games)
        assert games.tables[1].id == 1 and games.tables[1].result == winner
        ada.send(p.Watch(1))
        update = await ada.expect(p.Update)
        assert update.status == "finished" and update.record is not None

    run(main())


def test_the_lobby_at_80_columns_cuts_no_seat_and_says_round_phase_and_winner(tmp_path):
    from server_helpers import client_app, screen_text, wait_until

    from foxtui.ui.screens.lobby import seats_text, status_text

    async def main():
        hub = make_hub(tmp_path)
        for key, name in (("key-ada", "Ada"), ("key-bobby", "Bobby-Lee")):
            hub.store.set_player_name(key, name)
            hub.names[key] = name
        bo = await ProtoClient.connect(hub, "key-bobby")
        bo.send(p.CreateTable("master-fox", {}, ["you", "random", "sensible", "human"]))
        await bo.expect(p.Notice)
        await bo.close()
        app, _ = await client_app(hub, "key-ada")
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_until(pilot, lambda: "waiting for 1" in screen_text(app), "the lobby")
            await pilot.press("j")
            await wait_until(pilot, lambda: type(app.screen).__name__ == "RemotePlayScreen", "the table")
            await pilot.press("q")
            await wait_until(pilot, lambda: type(app.screen).__name__ == "LobbyScreen", "the lobby again")
            await wait_until(pilot, lambda: "round 1" in screen_text(app), "the table in play")
            text = screen_text(app)
            for words in ("Bobby-Lee (away)", "Bot 2 (random)", "Bot 3 (sensible)", "Ada (you)", "loot"):
                assert words in text, words
            assert "step" not in text

    run(main())
    finished = p.TableInfo(1, "master-fox", "Master Fox", [p.SeatSlot("Ada"), p.SeatSlot("Bot 2", bot="random")], "finished", 90, result="Ada won")
    assert "away" not in seats_text(finished) and status_text(finished) == "finished\nAda won"


def test_the_rejoin_question_ignores_the_lobbys_keys_and_the_lobby_cancels_and_lists_my_games(tmp_path):
    from server_helpers import client_app, screen_text, wait_until

    async def main():
        hub = make_hub(tmp_path)
        ada = await ProtoClient.connect(hub, "key-ada", "Ada")
        ada.send(p.CreateTable("master-fox", {}, ["you", "sensible"]))
        await ada.expect(p.Update)
        ada.send(p.CreateTable("master-fox", {}, ["you", "human"]))
        await ada.expect(p.Notice, lambda m: "table 2" in m.text)
        await ada.close()
        app, _ = await client_app(hub, "key-ada")
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_until(pilot, lambda: type(app.screen).__name__ == "RejoinScreen", "the rejoin question")
            await pilot.press("n")  # the lobby's New table: not an answer here
            await pilot.pause(0.2)
            assert type(app.screen).__name__ == "RejoinScreen"
            await pilot.press("escape")
            await wait_until(pilot, lambda: type(app.screen).__name__ == "LobbyScreen", "the lobby")
            assert "press j on it to rejoin" in screen_text(app)
            await pilot.press("g")
            await wait_until(pilot, lambda: "2 games" in screen_text(app), "my games")
            assert type(app.screen).__name__ == "MyGamesScreen"
            await pilot.press("escape")
            await wait_until(pilot, lambda: type(app.screen).__name__ == "LobbyScreen", "the lobby again")
            grid = app.screen.query_one("DataTable")
            grid.move_cursor(row=[t.id for t in app.lobby.tables].index(2))
            await pilot.press("x")
            await wait_until(pilot, lambda: "Cancel table 2" in screen_text(app), "the question")
            await pilot.press("y")
            await wait_until(pilot, lambda: [t.id for t in app.lobby.tables] == [1], "table 2 gone")
            await pilot.press("g")
            await wait_until(pilot, lambda: "1 game;" in screen_text(app), "my games without it")
            await pilot.press("enter")  # the game in play: rejoined
            await wait_until(pilot, lambda: type(app.screen).__name__ == "RemotePlayScreen", "the table")

    run(main())


# --- the new-table form


def test_the_form_keeps_focus_offers_one_you_names_the_mode_and_remembers_the_last_table(tmp_path):
    from server_helpers import client_app, screen_text, wait_until

    async def main():
        hub = make_hub(tmp_path)
        hub.store.set_player_name("key-ada", "Ada")
        hub.names["key-ada"] = "Ada"
        app, _ = await client_app(hub, "key-ada")
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_until(pilot, lambda: "you are Ada" in screen_text(app), "the lobby")
            await pilot.press("n")
            await wait_until(pilot, lambda: type(app.screen).__name__ == "CreateTableScreen", "the form")
            form = app.screen
            assert app.focused.id == "game"
            await pilot.press("tab")
            order = [o[1] for o in form.query_one("#game")._options]
            for game in ("fox-matters", "master-fox"):
                moves = order.index(game) - order.index(form.game.id)
                await pilot.press("shift+tab")  # (from Players) back on Game
                assert app.focused.id == "game"
                await pilot.press("enter", *(["down"] * moves if moves > 0 else ["up"] * -moves), "enter")
                await wait_until(pilot, lambda: form.game.id == game, f"{game} picked")
                # a choice keeps the focus on its field (it moved on: every Tab after it was one off)
                await wait_until(pilot, lambda: app.focused is not None and app.focused.id == "game", "focus on Game")
                await pilot.press("tab")
                assert app.focused.id == "players"
            await pilot.press("tab")
            assert app.focused.id == "seat-0"  # not back on Game
            # seat 2 takes "You": seat 1 gives it up
            await pilot.press("tab", "enter", "up", "enter")
            await wait_until(pilot, lambda: form.query_one("#seat-1").value == "you", "seat 2 is Ada's")
            assert form.query_one("#seat-0").value == "human"
            await pilot.pause(0.1)
            assert app.focused.id == "seat-1"  # still where the choice was made
            await pilot.press("enter", "enter")  # Enter twice: the list opens and closes, no table is made
            await pilot.pause(0.1)
            assert type(app.screen).__name__ == "CreateTableScreen" and not hub.tables
            assert "Mode — turns" in screen_text(app)
            form.query_one("#seat-0").value = "sensible"
            form.query_one("#opt-target_eggs").value = 15
            form.query_one("#bot-speed").value = "fast"
            await pilot.press("ctrl+s")
            await wait_until(pilot, lambda: type(app.screen).__name__ == "RemotePlayScreen", "the table")
            await pilot.press("q")
            await wait_until(pilot, lambda: type(app.screen).__name__ == "LobbyScreen", "the lobby again")
            await pilot.press("n")
            await wait_until(pilot, lambda: type(app.screen).__name__ == "CreateTableScreen", "the form again")
            form = app.screen
            await pilot.pause(0.1)
            assert form.game.id == "master-fox"
            assert [form.query_one(f"#seat-{n}").value for n in (0, 1)] == ["sensible", "you"]
            assert form.query_one("#opt-target_eggs").value == 15 and form.query_one("#bot-speed").value == "fast"

    run(main())


# --- words


def test_a_spectator_has_no_do_it_the_help_no_keyboard_passing_and_the_name_question_no_connecting(tmp_path):
    from server_helpers import client_app, screen_text, wait_until

    async def main():
        hub = make_hub(tmp_path)
        ada = await ProtoClient.connect(hub, "key-ada", "Ada")
        ada.send(p.CreateTable("fox-matters", {}, ["you", "cooperative"]))
        await ada.expect(p.Update)
        app, _ = await client_app(hub, "key-cy")
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_until(pilot, lambda: type(app.screen).__name__ == "NameScreen", "the name question")
            assert "Connecting" not in screen_text(app)
            await pilot.press(*"Cy", "enter")
            await wait_until(pilot, lambda: "you are Cy" in screen_text(app), "the lobby")
            await pilot.press("w")
            await wait_until(pilot, lambda: "Public view" in screen_text(app), "the table")
            assert "Do it" not in screen_text(app) and "/ Chat" in screen_text(app)
            await pilot.press("question_mark")
            await wait_until(pilot, lambda: type(app.screen).__name__ == "HelpScreen", "the help")
            words = " ".join(w for k, w in app.screen.keys) + app.screen.markdown
            assert "Column left" in words  # (the help is the game's)
            assert "Do it" not in words and "takes the keyboard" not in words

    run(main())


def test_a_terminal_that_hangs_up_at_the_table_is_a_drop_and_q_is_a_leave(tmp_path):
    from server_helpers import client_app, screen_text, wait_until

    from foxtui.ui.terminal import TerminalLost

    async def main():
        hub = make_hub(tmp_path)
        ada = await ProtoClient.connect(hub, "key-ada", "Ada")
        ada.send(p.CreateTable("master-fox", {}, ["you", "human"]))
        await ada.expect(p.Notice)
        hub.store.set_player_name("key-bo", "Bo")
        hub.names["key-bo"] = "Bo"
        for key, gone in (("q", "Bo left the table"), (None, "Bo's connection dropped")):
            app, task = await client_app(hub, "key-bo")
            async with app.run_test(size=(80, 24)) as pilot:
                await wait_until(pilot, lambda: "you are Bo" in screen_text(app), "the lobby")
                if key:
                    await pilot.press("j")
                else:  # his seat in play: the question comes
                    await wait_until(pilot, lambda: type(app.screen).__name__ == "RejoinScreen", "the question")
                    await pilot.press("y")
                await wait_until(pilot, lambda: type(app.screen).__name__ == "RemotePlayScreen", "the table")
                if key:
                    await pilot.press(key)
                else:
                    app.post_message(TerminalLost("a test"))
                    await wait_until(pilot, lambda: app._exit, "the app ending")
            app.link.close()  # (as the process's end closes it), once the app has ended
            line = (await ada.expect(p.Chat, lambda m: not m.whole and not m.lines[0].text.endswith("back."))).lines[0]
            assert line.text.startswith(gone), line
            await asyncio.wait_for(task, 10)

    run(main())


def test_the_first_real_time_round_counts_down_for_everyone_before_anyone_plays(tmp_path):
    async def main():
        hub = make_hub(tmp_path, countdown=2)
        ada = await ProtoClient.connect(hub, "key-ada", "Ada")
        bo = await ProtoClient.connect(hub, "key-bo", "Bo")
        ada.send(p.CreateTable("master-fox", {"mode": "realtime"}, ["you", "human", "sensible"]))
        table_id = (await bo.expect(p.Lobby, lambda m: m.tables)).tables[0].id
        bo.send(p.Join(table_id))
        for client in (ada, bo):
            first = await client.expect(p.Update)
            assert p.unraw(first.legal, list[MF.Action]) == [] and first.steps == 0
            assert (await client.expect(p.Start)).seconds == 2
        await quiet(ada, 0.3)
        assert hub.tables[table_id].play.step_count == 0  # not even the bot
        for client in (ada, bo):
            await client.expect(p.Start, lambda m: m.seconds == 0)
            assert p.unraw((await client.expect(p.Update)).legal, list[MF.Action])

    run(main())


def test_a_round_that_begins_with_one_seats_turn_is_held_when_everyone_loots(tmp_path):
    async def main():
        hub = make_hub(tmp_path, ready_wait=30, countdown=1)
        ada, bo, table_id = await two_players(hub, options={"mode": "realtime"})
        table = hub.tables[table_id]
        for round in (2, 3):  # round 3 begins with the elder keeping a mission
            await play_to_round(hub, table_id, [ada, bo], round)
            ada.send(p.Ready())
            bo.send(p.Ready())
            if round == 2:
                await ada.expect(p.Start, lambda m: m.seconds == 0)
        assert len(table.play.to_act()) == 1 and not table.holding  # one seat's turn: nothing to hold
        elder = min(table.play.to_act())
        await quiet(ada, 0.1)
        [ada, bo][elder].act(table.play.legal_actions(elder)[0])
        # both read the summary already: the loot counts down at once, no one waited for
        start = await ada.expect(p.Start)
        assert start.waiting_for == [] and start.seconds == 1
        await ada.expect(p.Start, lambda m: m.seconds == 0)

    run(main())


def test_a_player_mutes_a_spectator_and_the_table_knows_who_watches(tmp_path):
    async def main():
        hub = make_hub(tmp_path)
        ada, bo, table_id = await two_players(hub)
        cy = await ProtoClient.connect(hub, "key-cy", "Cy")
        cy.send(p.Watch(table_id))
        assert (await ada.expect(p.Presence, lambda m: m.watching)).watching == ["Cy"]
        cy.send(p.Say("spoilers!"))
        await ada.expect(p.Chat, lambda m: not m.whole)
        cy.send(p.Say("/mute Ada"))  # a spectator mutes nobody
        assert "Only the players" in (await cy.expect(p.Notice)).text
        ada.send(p.Say("/mute Dee"))
        assert "Nobody called Dee" in (await ada.expect(p.Notice)).text
        ada.send(p.Say("/mute cy"))
        assert "Cy is muted" in (await ada.expect(p.Notice)).text
        cy.send(p.Say("more spoilers"))
        assert "muted you" in (await cy.expect(p.Notice)).text
        await quiet(bo)
        assert [line.text for line in chats(bo)] == ["spoilers!"]
        ada.send(p.Say("/unmute Cy"))
        await ada.expect(p.Notice)
        cy.send(p.Say("sorry"))
        assert (await bo.expect(p.Chat, lambda m: not m.whole)).lines[0].text == "sorry"
        await cy.close()
        assert (await ada.expect(p.Presence, lambda m: not m.watching)).watching == []

    run(main())


def test_the_chat_is_kept_with_the_table_across_a_restart_and_not_in_its_record(tmp_path):
    async def main():
        hub = make_hub(tmp_path)
        ada, bo, table_id = await two_players(hub)
        ada.send(p.Say("see you after the restart"))
        await bo.expect(p.Chat, lambda m: not m.whole)
        record = hub.tables[table_id].play.session.record
        assert "restart" not in repr(record)
        await ada.close()
        await bo.close()
        hub.close()
        hub = make_hub(tmp_path)
        ada = await ProtoClient.connect(hub, "key-ada")
        ada.send(p.Join(table_id))
        whole = await ada.expect(p.Chat, lambda m: m.whole)
        assert [line.text for line in whole.lines if line.name] == ["see you after the restart"]

    run(main())


def test_a_quick_signal_is_one_key_from_the_fox_matters_table_and_names_the_column(tmp_path):
    from server_helpers import client_app, screen_text, wait_until

    async def main():
        hub = make_hub(tmp_path)
        bo = await ProtoClient.connect(hub, "key-bo", "Bo")
        bo.send(p.CreateTable("fox-matters", {}, ["human", "you"]))
        await bo.expect(p.Notice)
        hub.store.set_player_name("key-ada", "Ada")
        hub.names["key-ada"] = "Ada"
        app, _ = await client_app(hub, "key-ada")
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_until(pilot, lambda: "waiting for 1" in screen_text(app), "the lobby")
            await pilot.press("j")
            await wait_until(pilot, lambda: type(app.screen).__name__ == "RemotePlayScreen", "the table")
            await pilot.press("3", "f1")  # zoom into column 3, then say so
            line = (await bo.expect(p.Chat, lambda m: not m.whole)).lines[0]
            assert line == p.ChatLine("Ada", "I take column 3.", step=0)
            await pilot.press("question_mark")
            await wait_until(pilot, lambda: type(app.screen).__name__ == "HelpScreen", "the help")
            assert "“Help on column 3, please.”" in app.screen.markdown
            assert any(k.lower() == "f1" and w == "Quick signal 1" for k, w in app.screen.keys), app.screen.keys

    run(main())


def test_the_lobby_header_tells_the_players_own_tables_truly():
    from foxtui.ui.screens.lobby import lobby_note

    def table(id, status, yours=True, free=0, created=False, result=""):
        seats = [p.SeatSlot("Ada", yours=yours)] + [p.SeatSlot("") for _ in range(free)]
        return p.TableInfo(id, "master-fox", "Master Fox", seats, status, 0, result=result, created=created)

    done = table(3, "finished", result="Ada won")
    assert lobby_note([done], 0, 1) == "Your game at table 3 (Master Fox) is over: Ada won. w shows it again."
    waiting = table(2, "waiting", free=2, created=True)
    assert lobby_note([done, waiting], 0, 1).startswith("You sit at table 2 (Master Fox), waiting for 2 more players; x cancels it")
    assert "x leaves it" in lobby_note([table(2, "waiting", free=1)], 0, 1)
    assert "press j on it to rejoin" in lobby_note([done, waiting, table(4, "playing")], 0, 1)
    assert lobby_note([table(5, "finished", yours=False)], 1, 2).startswith("j joins a free seat")


def test_long_options_wrap_in_the_game_column():
    from foxtui.ui.screens.lobby import COLUMNS, game_text

    info = p.TableInfo(1, "master-fox", "Master Fox", [], "waiting", 0, options="target eggs 15, touches per turn 5, mode realtime")
    lines = game_text(info).splitlines()
    assert lines[0] == "Master Fox" and all(len(line) < COLUMNS[1][2] for line in lines)
    assert " ".join(lines[1:]) == "(target eggs 15, touches per turn 5, mode realtime)"


def test_the_lobby_header_is_true_waiting_after_a_finished_game_and_at_several_tables(tmp_path):
    from foxtui.ui.screens.lobby import lobby_note

    async def main():
        hub = make_hub(tmp_path)
        ada = await ProtoClient.connect(hub, "key-ada", "Ada")
        bo = await ProtoClient.connect(hub, "key-bo", "Bo")

        async def note(where=lambda m: True) -> str:
            lobby = await ada.expect(p.Lobby, where)
            return lobby_note(lobby.tables, lobby.page, lobby.pages)

        ada.send(p.CreateTable("master-fox", {}, ["you", "human"]))
        await ada.expect(p.Notice)
        assert await note(lambda m: m.tables) == "You sit at table 1 (Master Fox), waiting for 1 more player; x cancels it."
        # a seat at someone else's table that has not begun: x leaves it, not cancels
        bo.send(p.CreateTable("master-fox", {}, ["you", "human", "human"]))
        await bo.expect(p.Notice)
        ada.send(p.Join(2))
        await ada.expect(p.Notice, lambda m: "table 2" in m.text)
        said = await note(lambda m: len(m.tables) == 2 and m.tables[0].seats[1].yours)
        assert said == "Tables 2 and 1 are yours and wait for players; x cancels or leaves one."
        ada.send(p.Close(1))
        await ada.expect(p.Notice, lambda m: "cancelled" in m.text)
        said = await note(lambda m: [t.id for t in m.tables] == [2])
        assert said == "You sit at table 2 (Master Fox), waiting for 1 more player; x leaves it."
        # a game played to its end meanwhile: the waiting seat is still told, and the game's end
        ada.send(p.CreateTable("master-fox", {}, ["you", "sensible"]))
        await ada.expect(p.Update)
        await play_to_the_end(hub, 3, [ada])
        result = hub.tables[3].result
        ada.send(p.Leave())
        said = await note(lambda m: [t.id for t in m.tables] == [3, 2])
        assert said == (
            "You sit at table 2 (Master Fox), waiting for 1 more player; x leaves it."
            f" Your game at table 3 (Master Fox) is over: {result}. w shows it again."
        )
        # and a game in play besides: every one of her tables is in the sentence
        ada.send(p.CreateTable("master-fox", {}, ["you", "sensible"]))
        await ada.expect(p.Update)
        ada.send(p.Leave())
        said = await note(lambda m: [t.id for t in m.tables] == [4, 3, 2])
        assert said.startswith("You have a seat at table 4 (Master Fox): press j on it to rejoin. You sit at table 2")
        assert said.endswith(f"Your game at table 3 (Master Fox) is over: {result}. w shows it again.")
        ada.send(p.CreateTable("master-fox", {}, ["you", "sensible"]))
        await ada.expect(p.Update)
        ada.send(p.Leave())
        said = await note(lambda m: [t.id for t in m.tables] == [5, 4, 3, 2])
        assert said.startswith("You have seats at tables 5 and 4, in play: press j on one to rejoin.")
        # Bo's view of the same tables: his own waiting table, nothing of Ada's
        bo.send(p.LobbyPage(0))
        lobby = await bo.expect(p.Lobby, lambda m: len(m.tables) == 4)
        assert lobby_note(lobby.tables, 0, 1) == "You sit at table 2 (Master Fox), waiting for 1 more player; x cancels it."

    run(main())


def test_a_finished_table_leaves_the_lobby_after_an_hour_and_my_games_keeps_it(tmp_path):
    from foxtui.server import hub as hub_module

    now = [1_000_000.0]

    async def main():
        hub = make_hub(tmp_path, clock=lambda: now[0])
        ada = await ProtoClient.connect(hub, "key-ada", "Ada")
        cy = await ProtoClient.connect(hub, "key-cy", "Cy")
        ada.send(p.CreateTable("master-fox", {}, ["you", "sensible"]))
        await ada.expect(p.Update)
        now[0] += 5000  # the game took a while: the hour counts from its end
        await play_to_the_end(hub, 1, [ada])
        ada.send(p.Leave())
        await ada.expect(p.Lobby)
        now[0] += hub_module.FINISHED_SHOWN_FOR - 60
        hub.sweep()
        await quiet(cy)  # (the lobbies sent as the game went)
        cy.send(p.LobbyPage(0))
        assert [t.id for t in (await cy.expect(p.Lobby)).tables] == [1]  # still listed, for everyone
        now[0] += 120
        hub.sweep()
        for client in (ada, cy):
            assert (await client.expect(p.Lobby, lambda m: not m.tables)).tables == []
        ada.send(p.WantGames(0))
        games = await ada.expect(p.Games)
        assert [t.id for t in games.tables] == [1] and games.tables[0].status == "finished"
        ada.send(p.Watch(1))
        assert (await ada.expect(p.Update)).record is not None  # its replay is still there

    run(main())


def test_q_in_the_lobby_asks_before_it_ends_the_session(tmp_path):
    from server_helpers import client_app, screen_text, wait_until

    async def main():
        hub = make_hub(tmp_path)
        hub.store.set_player_name("key-ada", "Ada")
        hub.names["key-ada"] = "Ada"
        app, task = await client_app(hub, "key-ada")
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_until(pilot, lambda: "you are Ada" in screen_text(app), "the lobby")
            assert "q Quit" in screen_text(app)
            await pilot.press("question_mark")
            await wait_until(pilot, lambda: type(app.screen).__name__ == "HelpScreen", "the help")
            assert ("q", "Quit") in app.screen.keys and "**q** asks whether to quit (so do ctrl+c and ctrl+q)" in app.screen.markdown
            await pilot.press("escape")
            await wait_until(pilot, lambda: type(app.screen).__name__ == "LobbyScreen", "the lobby again")
            await pilot.press("q")
            await wait_until(pilot, lambda: type(app.screen).__name__ == "QuitScreen", "the question")
            assert "Quit foxtui and end this session?" in screen_text(app)
            await pilot.press("n")  # no: still in the lobby, still connected
            await wait_until(pilot, lambda: type(app.screen).__name__ == "LobbyScreen", "the lobby after no")
            await pilot.pause(0.2)
            assert not app._exit and not task.done()
            await pilot.press("q")
            await wait_until(pilot, lambda: type(app.screen).__name__ == "QuitScreen", "the question again")
            await pilot.press("y")
            await wait_until(pilot, lambda: app._exit, "the session ending")

    run(main())


def test_the_chat_is_shown_in_the_replay_of_a_shared_game_where_it_was_said(tmp_path):
    from server_helpers import client_app, screen_text, wait_until

    async def main():
        hub = make_hub(tmp_path)
        ada = await ProtoClient.connect(hub, "key-ada", "Ada")
        ada.send(p.CreateTable("master-fox", {}, ["you", "sensible"]))
        await ada.expect(p.Update)
        table = hub.tables[1]
        ada.send(p.Say("good luck"))
        await ada.expect(p.Chat, lambda m: not m.whole)
        for _ in range(6):  # a few steps, then a line
            if table.play.legal_actions(0):
                ada.act(table.play.bot_action(0))
            await asyncio.sleep(0.05)
        said_at = table.play.step_count
        ada.send(p.Say("nice grab"))
        line = (await ada.expect(p.Chat, lambda m: not m.whole and m.lines[0].text == "nice grab")).lines[0]
        assert line.step == said_at and said_at > 0
        await play_to_the_end(hub, 1, [ada])
        assert "nice grab" not in repr(table.play.session.record)  # kept with the table, not the record
        await ada.close()
        app, _ = await client_app(hub, "key-ada")
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_until(pilot, lambda: "you are Ada" in screen_text(app), "the lobby")
            await pilot.press("g")
            await wait_until(pilot, lambda: "1 game;" in screen_text(app), "my games")
            await pilot.press("enter")
            await wait_until(pilot, lambda: type(app.screen).__name__ == "ResultsScreen", "the results")
            await pilot.press("r")
            await wait_until(pilot, lambda: type(app.screen).__name__ == "ReplayScreen", "the replay")
            await wait_until(pilot, lambda: "Ada: good luck" in screen_text(app), "the first line, before any step")
            replay = app.screen
            replay.seek(said_at - 1)
            await pilot.pause(0.1)
            assert "nice grab" not in screen_text(app) and "good luck" not in screen_text(app)
            replay.seek(said_at)
            await wait_until(pilot, lambda: "Ada: nice grab" in screen_text(app), "the line where it was said")
            assert "Said at the table here" in screen_text(app)

    run(main())


def test_a_reveal_closed_by_a_key_that_came_with_it_does_not_fail(tmp_path):
    """Over SSH an Enter can come in the same read as the summary it closes: the screen is
    gone before the first frame it asked to look at (a failure there threw the player out
    of the table, back to the lobby)."""
    from textual.app import App

    from foxtui.engine.game import SeatInfo
    from foxtui.engine.session import Session
    from foxtui.ui.games.foxpaw_interlude import FoxpawInterlude
    from foxtui.ui.games.master_fox_summary import RoundSummaryScreen

    session = Session.new(MF, [SeatInfo("Ada", bot="sensible"), SeatInfo("Bo", bot="sensible")], MF.Options(), 5)
    while not MF.view(session.state, None).summaries:
        seat = min(session.to_act())
        session.act(seat, session.bot_action(seat))
    view = MF.view(session.state, None)

    async def main():
        app = App()
        async with app.run_test() as pilot:
            for screen in (
                RoundSummaryScreen(view.summaries[-1], view.names, view.eggs, view.egg_tokens, view.target_eggs),
                FoxpawInterlude([("The night of year 1", "text"), ("Final scoring", "more")]),
            ):
                await app.push_screen(screen)
                await pilot.pause()
                screen.dismiss(None)
                await pilot.pause()
                # what each asked for after a refresh, or a resize, now comes: nothing to draw on
                for late in ("_say_if_it_scrolls", "_draw_title"):
                    if hasattr(screen, late):
                        getattr(screen, late)()

    run(main())
