"""A Fox Matters card's letter is the table's: a screen that followed the whole game, a
player's screen after a drop and a rejoin, a spectator's, and a screen after the server
restarted all give every card the same letter (people call cards out by letter)."""

from __future__ import annotations

from server_helpers import ProtoClient, client_app, make_hub, run, screen_text, wait_until

from foxtui.games import GAMES
from foxtui.games.fox_matters.actions import PlayCard, Ready
from foxtui.games.fox_matters.letters import follow
from foxtui.server import protocol as p
from foxtui.ui.games.fox_matters_words import card_text

FM = GAMES["fox-matters"]


def letters_on_screen(app) -> dict[str, str]:
    """Card id -> the letter the whole-table view (t) shows beside it, read off the screen."""
    text = str(app.screen.query_one("#fm-whole-table").render())
    names = {card_text(card).plain: card for hand in app.table.view(None).hands for card in hand}
    found = {}
    for line in text.splitlines():
        if len(line) > 3 and line[0] == " " and line[2] == " " and line[3:] in names:
            found[names[line[3:]]] = line[1]
    assert set(found) == set(names.values()), f"not every card in hand was on screen: {text}"
    return found


async def open_table(pilot, app, key: str) -> None:
    """From the lobby to the table as it is now, with the whole table (t) on screen."""
    await wait_until(pilot, lambda: type(app.screen).__name__ in ("RejoinScreen", "LobbyScreen"), "the lobby")
    if type(app.screen).__name__ == "RejoinScreen":
        await pilot.press("y")
    else:
        await pilot.press(key)
    await wait_until(pilot, lambda: type(app.screen).__name__ == "RemotePlayScreen", "the table")
    await wait_until(pilot, lambda: app.table.view(None).phase == "action", "the Action on screen")
    await pilot.press("t")
    await wait_until(pilot, lambda: app.screen.query_one("#fm-whole-table").region.height > 0, "the whole table")


def test_every_screen_gives_a_card_the_same_letter_after_a_drop_a_rejoin_and_a_restart(tmp_path):
    async def main():
        hub = make_hub(tmp_path)
        bo = await ProtoClient.connect(hub, "key-bo", "Bo")
        bo.send(p.CreateTable("fox-matters", {"timer_seconds": 0}, ["human", "you"]))
        await bo.expect(p.Notice)
        for key, name in (("key-ada", "Ada"), ("key-cat", "Cat")):
            hub.store.set_player_name(key, name)
            hub.names[key] = name
        session = lambda: hub.tables[1].play.session  # noqa: E731
        app, _ = await client_app(hub, "key-ada")
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_until(pilot, lambda: "waiting for 1" in screen_text(app), "the lobby")
            await pilot.press("j")
            await wait_until(pilot, lambda: type(app.screen).__name__ == "RemotePlayScreen", "the table")
            panel = app.screen.panel
            # Planning: both say Ready (Ada at her screen, Bo over the protocol)
            await wait_until(pilot, lambda: any(isinstance(a, Ready) for a in app.table.legal_actions(0)), "Ready")
            panel.post_message(panel.ActionChosen(next(a for a in app.table.legal_actions(0) if isinstance(a, Ready))))
            bo.act(next(a for a in FM.legal_actions(session().state, 1) if isinstance(a, Ready)))
            await wait_until(pilot, lambda: session().state.phase == "action", "the Action")
            # Bo plays three cards, his screen's first ones: later cards would get other
            # letters if a screen gave them afresh
            for _ in range(3):
                steps = session().step_count
                bo.act(next(a for a in FM.legal_actions(session().state, 1) if isinstance(a, PlayCard)))
                await wait_until(pilot, lambda: app.table.step_count == steps + 1, "Bo's card on Ada's screen")
            await pilot.press("t")
            await pilot.pause()
            ada_saw = letters_on_screen(app)
            assert ada_saw == session().view(None).letters
            assert ada_saw != follow(None, session().state).held  # letters given afresh would differ
            steps = session().step_count
            await bo.close()  # Bo's connection drops
        app.link.close()  # and Ada's, once her screen is read

        # Bo comes back, on a new client process; Cat watches
        for key, how in (("key-bo", "j"), ("key-cat", "w")):
            app, _ = await client_app(hub, key)
            async with app.run_test(size=(80, 24)) as pilot:
                await open_table(pilot, app, how)
                assert app.table.step_count == steps
                assert letters_on_screen(app) == ada_saw, key
            app.link.close()

        # the server restarts: Ada comes back to the same letters
        hub.close()
        hub.store.close()
        hub = make_hub(tmp_path)
        app, _ = await client_app(hub, "key-ada")
        async with app.run_test(size=(80, 24)) as pilot:
            await open_table(pilot, app, "j")
            assert letters_on_screen(app) == ada_saw
        app.link.close()
        hub.close()

    run(main())
