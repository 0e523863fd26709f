"""A spectator of a shared table is shown every reveal a player is shown — Fox Matters'
Problem checks, Foxpaw's duels, nights, events and scorings, The Fox Experiment's
administrations, Master Fox's round summaries — in the public perspective, however fast
the steps come; and is never sent a secret. Through the protocol and the client's screen."""

from __future__ import annotations

import asyncio

import msgspec
import pytest
from server_helpers import ProtoClient, client_app, make_hub, run, screen_text, wait_until
from test_table_place import play_to_the_end

from foxtui.engine.record import decode_record, replay_states
from foxtui.engine.replay import ReplayCursor
from foxtui.games import GAMES
from foxtui.server import protocol as p
from foxtui.server.framing import read_server_message
from foxtui.ui.games import panel_for

#: per game: the seats (Ada first, played by the test as fast as it can) and options
TABLES = {
    "master-fox": (["you", "sensible"], {}),
    "fox-matters": (["you", "cooperative"], {"timer_seconds": 0}),
    "foxpaw": (["you", "sensible", "sensible"], {}),
    "fox-experiment": (["you", "sensible"], {}),
}
#: words every game's reveals must include (the test means something only if they come)
MUST_SHOW = {
    "master-fox": ["RoundSummaryScreen"],
    "fox-matters": ["CheckScreen"],
    "foxpaw": ["gestures are shown", "The duel of year", "The night of year", "Magical Event", "Scoring"],
    "fox-experiment": ["Administration of round", "the last Administration"],
}


def signature(screen) -> str:
    """What a reveal shows, in words a comparison can read (its kind and its titles)."""
    kind = type(screen).__name__
    if hasattr(screen, "pages"):  # Foxpaw: one screen, a page per thing that happened
        return f"{kind}: " + " | ".join(title for title, _ in screen.pages)
    if hasattr(screen, "title_text"):  # The Fox Experiment's administration
        return f"{kind}: {screen.title_text}: {' '.join(screen.lines)}"
    if hasattr(screen, "summary"):  # Master Fox's round summary
        return f"{kind}: {msgspec.json.encode(screen.summary).decode()}"
    return f"{kind}: {len(screen.view.reports)} {msgspec.json.encode(screen.view.reports[-1]).decode()}"


def reveals_in(game, record, first_step: int) -> list[str]:
    """Every reveal between two public views of the game from ``first_step`` on."""
    panel = panel_for(game.id)
    views = [game.view(state, None) for state in replay_states(record, "the game", game)]
    found = []
    for n in range(first_step + 1, len(views)):
        screen = panel.interlude(None, views[n - 1], views[n])  # (interlude reads its two views only)
        if screen is not None:
            found.append(signature(screen))
    return found


@pytest.mark.parametrize("game_id", list(TABLES))
def test_a_spectator_is_shown_every_reveal_in_turn_and_never_a_secret(tmp_path, game_id, monkeypatch):
    from foxtui.table.remote import RemoteTable
    from foxtui.ui.screens.remote_play import RemotePlayScreen

    game = GAMES[game_id]
    seats, options = TABLES[game_id]
    told: list[int] = []  # the steps of the updates the watching screen took in
    applied = RemoteTable.apply

    def apply(self, update):
        told.append(update.steps)
        applied(self, update)

    monkeypatch.setattr(RemoteTable, "apply", apply)

    async def main():
        hub = make_hub(tmp_path)
        ada = await ProtoClient.connect(hub, "key-ada", "Ada")
        ada.send(p.CreateTable(game_id, options, seats))
        await ada.expect(p.Update)
        table = hub.tables[1]
        dee = await ProtoClient.connect(hub, "key-dee", "Dee")  # watches through the protocol
        dee.send(p.Watch(1))
        await dee.expect(p.Update)

        async def read_all() -> None:  # (a client that did not read would be cut off)
            while True:
                message = await dee.next()
                if isinstance(message, p.Update) and message.status == "finished":
                    return

        reading = asyncio.ensure_future(read_all())

        async def ada_reads() -> None:  # (likewise: Ada's screen is the test)
            while True:
                await read_server_message(ada.reader)

        ada_reading = asyncio.ensure_future(ada_reads())
        hub.store.set_player_name("key-cy", "Cy")
        hub.names["key-cy"] = "Cy"
        app, _ = await client_app(hub, "key-cy")
        shown: list[str] = []
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_until(pilot, lambda: "you are Cy" in screen_text(app), "the lobby")
            await pilot.press("w")
            await wait_until(pilot, lambda: isinstance(app.screen, RemotePlayScreen), "the table")
            playing = asyncio.ensure_future(play_to_the_end(hub, 1, [ada]))
            # Cy reads each reveal for a moment, as the game goes on without him
            while not (playing.done() and type(app.screen).__name__ == "ResultsScreen"):
                if playing.done() and playing.exception() is not None:
                    raise playing.exception()
                screen = app.screen
                if type(screen).__name__ not in ("RemotePlayScreen", "ResultsScreen", "LobbyScreen") and screen.is_mounted:
                    shown.append(signature(screen))
                    await pilot.pause(0.02)
                    screen.dismiss()
                    await wait_until(pilot, lambda: app.screen is not screen, "the reveal read")
                await pilot.pause(0.01)
        await asyncio.wait_for(reading, 30)
        ada_reading.cancel()
        record = table.play.session.record
        expected = reveals_in(game, record, told[0])
        for words in MUST_SHOW[game_id]:
            assert any(words in line for line in expected), (words, expected)
        assert shown == expected
        # what the spectator was sent: the public view of each step, no moves, no record
        # before the end (then the whole record, when nothing is hidden any more)
        cursor = ReplayCursor(game, record)  # (the views with the table's marks: Fox Matters' letters)
        updates = [m for m in dee.seen if isinstance(m, p.Update)]
        assert updates[-1].status == "finished"
        for update in updates:
            cursor.seek(update.steps)
            public = msgspec.msgpack.encode(cursor.view(None))
            assert bytes(update.view) == public and bytes(update.public) == public
            assert p.unraw(update.legal, list) == []
            assert (update.record is None) == (update.status != "finished")

    run(main(), timeout=400)
