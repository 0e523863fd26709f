"""The server's tables through its protocol, without SSH or a terminal."""

from __future__ import annotations

import asyncio

import msgspec
import pytest
from server_helpers import ProtoClient, make_hub, run

from foxtui.games import GAMES
from foxtui.server import hub as hub_module
from foxtui.server import protocol as p
from foxtui.table import TableDriver

MF = GAMES["master-fox"]


def view_of(update: p.Update):
    return p.unraw(update.view, MF.View)


def legal_of(update: p.Update):
    return p.unraw(update.legal, list[MF.Action])


async def two_players(hub, **options):
    """Ada creates a two-seat Master Fox table, Bo joins: both seated, first updates read."""
    ada = await ProtoClient.connect(hub, "key-ada", "Ada")
    bo = await ProtoClient.connect(hub, "key-bo", "Bo")
    ada.send(p.CreateTable("master-fox", options, ["you", "human"]))
    lobby = await bo.expect(p.Lobby, lambda m: m.tables)
    table_id = lobby.tables[0].id
    bo.send(p.Join(table_id))
    seated_bo = await bo.expect(p.Seated)
    seated_ada = await ada.expect(p.Seated)
    return ada, bo, table_id, (seated_ada, seated_bo), (await ada.expect(p.Update), await bo.expect(p.Update))


def test_first_login_asks_a_name_and_the_next_one_remembers_it(tmp_path):
    async def main():
        hub = make_hub(tmp_path)
        first = await ProtoClient.connect(hub, "key-ada")
        assert first.seen[0] == p.Welcome(None)
        first.send(p.CreateTable("master-fox", {}, ["you", "human"]))
        assert "name first" in (await first.expect(p.Notice)).text
        first.send(p.SetName("Bot 7"))
        assert "kept for bots" in (await first.expect(p.Notice)).text
        first.send(p.SetName("  Ada  "))
        assert (await first.expect(p.Welcome)).name == "Ada"
        await first.expect(p.Lobby)
        other = await ProtoClient.connect(hub, "key-other")
        other.send(p.SetName("ada"))
        assert "Someone else is called ada" in (await other.expect(p.Notice)).text
        await first.close()
        again = await ProtoClient.connect(hub, "key-ada")
        assert again.seen[0] == p.Welcome("Ada")
        assert isinstance(await again.expect(p.Lobby), p.Lobby)

    run(main())


def test_each_seat_receives_only_its_own_view(tmp_path):
    async def main():
        hub = make_hub(tmp_path)
        ada, bo, table_id, seated, (ua, ub) = await two_players(hub)
        assert [s.seat for s in seated] == [0, 1]
        assert view_of(ua).seat == 0 and view_of(ub).seat == 1
        assert p.unraw(ua.public, MF.View).seat is None
        first = 0 if legal_of(ua) else 1
        mover, other = (ada, bo) if first == 0 else (bo, ada)
        update = ua if first == 0 else ub
        mover.act(legal_of(update)[0])
        for client, seat in ((mover, first), (other, 1 - first)):
            u = await client.expect(p.Update, lambda m: m.steps == 1)
            assert view_of(u).seat == seat
        # every update either client ever got was its own seat's
        for client, seat in ((ada, 0), (bo, 1)):
            assert all(view_of(m).seat == seat for m in client.seen if isinstance(m, p.Update))
            assert not any(isinstance(m, p.Seated) and m.seat != seat for m in client.seen)

    run(main())


def test_moves_are_checked_by_the_server(tmp_path):
    async def main():
        hub = make_hub(tmp_path)
        ada, bo, table_id, _, (ua, ub) = await two_players(hub)
        idle, idle_update = (bo, ub) if legal_of(ua) else (ada, ua)
        mover_update = ua if idle is bo else ub
        idle.act(legal_of(mover_update)[0])  # not its turn
        assert "not your move" in (await idle.expect(p.Notice)).text
        idle.send(p.Act(p.raw({"type": "teleport"})))
        assert "not a Master Fox move" in (await idle.expect(p.Notice)).text
        spectator = await ProtoClient.connect(hub, "key-cy", "Cy")
        spectator.send(p.Watch(table_id))
        seated = await spectator.expect(p.Seated)
        watched = await spectator.expect(p.Update)
        assert seated.seat is None and view_of(watched).seat is None and legal_of(watched) == []
        assert view_of(watched).sack == [] and view_of(watched).memory == []
        spectator.act(legal_of(mover_update)[0])
        assert "Spectators" in (await spectator.expect(p.Notice)).text
        assert hub.tables[table_id].play.session.step_count == 0

    run(main())


def test_seats_cannot_be_taken_twice_and_tables_wait_for_players(tmp_path):
    async def main():
        hub = make_hub(tmp_path)
        ada = await ProtoClient.connect(hub, "key-ada", "Ada")
        ada.send(p.CreateTable("master-fox", {}, ["you", "human", "human"]))
        lobby = await ada.expect(p.Lobby, lambda m: m.tables)
        assert lobby.tables[0].status == "waiting"
        assert any("starts when every seat is taken" in m.text for m in ada.seen if isinstance(m, p.Notice))
        bo = await ProtoClient.connect(hub, "key-bo", "Bo")
        bo.send(p.Join(lobby.tables[0].id, 0))
        assert "not free" in (await bo.expect(p.Notice)).text
        bo.send(p.Join(lobby.tables[0].id))
        await bo.expect(p.Notice)
        bo.send(p.Join(lobby.tables[0].id, 2))
        assert "already have seat 2" in (await bo.expect(p.Notice)).text
        ada.send(p.CreateTable("master-fox", {"mode": "sideways"}, ["you", "human"]))
        assert "options do not work" in (await ada.expect(p.Notice)).text
        ada.send(p.CreateTable("fox-chess", {}, ["you", "human"]))  # no game of that name
        assert "no such game" in (await ada.expect(p.Notice)).text

    run(main())


def test_real_time_lets_every_seat_act_at_once(tmp_path):
    async def main():
        hub = make_hub(tmp_path)
        ada, bo, table_id, _, (ua, ub) = await two_players(hub, mode="realtime")
        assert ua.to_act == [0, 1]
        grab = MF.Action.__args__[1]("C3")  # both grab the same spot at once
        ada.act(grab)
        bo.act(grab)
        await ada.expect(p.Update, lambda m: m.steps == 2)
        session = hub.tables[table_id].play.session
        holding = [session.state.players[s].hand is not None for s in (0, 1)]
        assert holding.count(True) <= 1  # the first hand took the pawn; the second found nothing

    run(main())


def test_a_bot_moves_for_a_player_who_runs_out_of_time(tmp_path):
    async def main():
        hub = make_hub(tmp_path)
        ada = await ProtoClient.connect(hub, "key-ada", "Ada")
        ada.send(p.CreateTable("master-fox", {}, ["you", "sensible"], move_seconds=0.05))
        await ada.expect(p.Update, lambda m: m.steps >= 6)

    run(main())


def test_a_table_with_its_players_survives_a_restart(tmp_path):
    async def main():
        hub = make_hub(tmp_path)
        ada, bo, table_id, _, (ua, ub) = await two_players(hub)
        mover, update = (ada, ua) if legal_of(ua) else (bo, ub)
        mover.act(legal_of(update)[0])
        await mover.expect(p.Update, lambda m: m.steps == 1)
        before = hub.tables[table_id].play.session.state
        hub.close()
        hub.store.close()

        again = make_hub(tmp_path)
        table = again.tables[table_id]
        assert table.play.session.step_count == 1 and table.play.session.state == before
        ada = await ProtoClient.connect(again, "key-ada")
        lobby = await ada.expect(p.Lobby)
        assert lobby.tables[0].seats[0].yours and lobby.tables[0].status == "playing"
        ada.send(p.Join(table_id))
        assert (await ada.expect(p.Seated)).seat == 0
        assert (await ada.expect(p.Update)).steps == 1

    run(main())


def test_broken_clients_lose_only_themselves(tmp_path):
    async def main():
        hub = make_hub(tmp_path)
        ada, bo, table_id, _, _ = await two_players(hub)
        bo.writer.write(b"\x00\x00\x00\x05hello")  # a frame that is no message
        await asyncio.wait_for(bo.task, 5)
        huge = await ProtoClient.connect(hub, "key-huge", "Huge")
        huge.writer.write(b"\x7f\xff\xff\xff" + b"x" * 1000)  # a frame over the limit
        await asyncio.wait_for(huge.task, 5)
        cut = await ProtoClient.connect(hub, "key-cut", "Cut")
        cut.writer.write(p.frame(p.Watch(table_id))[:5])  # gone in the middle of a frame
        cut.writer.close()
        await asyncio.wait_for(cut.task, 5)
        # Ada still plays; Bo's seat is still Bo's
        assert hub.tables[table_id].owners == ["key-ada", "key-bo"]
        ada.send(p.Leave())
        lobby = await ada.expect(p.Lobby)
        assert lobby.tables[0].seats[1].name == "Bo" and not lobby.tables[0].seats[1].online

    run(main())


@pytest.fixture
def fox_matters_served(monkeypatch):
    monkeypatch.setattr(hub_module, "playable_game_ids", lambda: ["master-fox", "fox-matters"])
    # a 30-second timer runs out in 3 s: time enough, on a loaded machine, for the
    # client to try its own time-up first, and still a short wait for the real one
    monkeypatch.setattr(TableDriver, "TICK", 0.1)


def test_the_server_clock_ends_fox_matters_action(tmp_path, fox_matters_served):
    fm = GAMES["fox-matters"]
    from foxtui.games.fox_matters.actions import READY, TimeUp

    async def main():
        hub = make_hub(tmp_path)
        ada = await ProtoClient.connect(hub, "key-ada", "Ada")
        ada.send(p.CreateTable("fox-matters", {"timer_seconds": 30}, ["you"]))
        update = await ada.expect(p.Update)
        assert not any(isinstance(a, TimeUp) for a in p.unraw(update.legal, list[fm.Action]))
        ada.act(READY)
        action = await ada.expect(p.Update, lambda m: p.unraw(m.public, fm.View).phase == "action")
        legal = p.unraw(action.legal, list[fm.Action])
        assert legal and not any(isinstance(a, TimeUp) for a in legal)
        ada.act(fm.Action.__args__[-1]())  # a client may not say time is up
        assert "clock" in (await ada.expect(p.Notice)).text
        await ada.expect(p.Update, lambda m: p.unraw(m.public, fm.View).phase != "action")

    run(main())


def test_a_refused_move_is_answered_with_the_table_as_it_is(tmp_path):
    async def main():
        hub = make_hub(tmp_path)
        ada, bo, table_id, _, (ua, ub) = await two_players(hub)
        idle, mover_update = (bo, ua) if legal_of(ua) else (ada, ub)
        idle.act(legal_of(mover_update)[0])  # not its turn
        await idle.expect(p.Notice)
        answer = await idle.expect(p.Update)  # the client waits for an answer to its move
        assert answer.steps == 0 and legal_of(answer) == []

    run(main())


def test_each_update_carries_only_the_log_lines_not_sent_yet(tmp_path):
    async def main():
        hub = make_hub(tmp_path)
        ada = await ProtoClient.connect(hub, "key-ada", "Ada")
        ada.send(p.CreateTable("master-fox", {"mode": "realtime"}, ["you", "human"]))
        bo = await ProtoClient.connect(hub, "key-bo", "Bo")
        bo.send(p.Join(1))
        update = await ada.expect(p.Update, lambda m: m.status == "playing")
        assert (update.log_from, update.log) == (0, [])
        touch = MF.Action.__args__[0]
        for n, spot in enumerate(("A1", "B1", "C1")):
            ada.act(touch(spot))
            update = await ada.expect(p.Update, lambda m: m.steps == n + 1)
            assert update.log_from == n and len(update.log) == 1 and spot in update.log[0]
        # a spectator (and anyone taking a seat) gets the newest lines at once, from its side
        cy = await ProtoClient.connect(hub, "key-cy", "Cy")
        cy.send(p.Watch(1))
        watched = await cy.expect(p.Update)
        assert watched.log_from == 0 and len(watched.log) == 3
        assert watched.log != [line for m in ada.seen if isinstance(m, p.Update) for line in m.log]

    run(main())
