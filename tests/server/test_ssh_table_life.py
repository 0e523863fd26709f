"""A shared table's life with real OpenSSH clients in tmux terminals of 80×24 (issue 18):
a real-time round that starts for everyone at once, a table cancelled or left before
its game, My games and its replay, the new-table form's focus, and what a spectator
is shown. Everything is done with keys, as a player would, and checked on the screen.

The server, the keys and the terminals are test_ssh's.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from test_ssh import STEP_TIMEOUT, Server, Terminal, keys, login, steps_at, tmux  # noqa: F401 (fixtures)

pytestmark = pytest.mark.ssh  # (test_ssh's skip without ssh or tmux comes with its import)

COUNT = re.compile(r"the round starts in (\d)")


def status(term: Terminal, screen: str | None = None) -> str:
    """The status line: the first line the screen draws."""
    lines = [line for line in (screen if screen is not None else term.text()).splitlines() if line.strip()]
    return lines[0] if lines else ""


def settled(term: Terminal, timeout: float = STEP_TIMEOUT) -> str:
    """The screen once two captures 0.1 s apart agree (not a frame caught half written)."""
    deadline = time.monotonic() + timeout
    before = term.text()
    while True:
        time.sleep(0.1)
        now = term.text()
        if now == before or time.monotonic() > deadline:
            return now
        before = now


def changed(term: Terminal, before: str, timeout: float = 2.0) -> bool:
    """Whether the screen changes from ``before`` within ``timeout`` (no failure if not)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if term.text() != before:
            return True
        time.sleep(0.03)
    return False


def realtime_table(tmux, server: Server, keys) -> tuple[Terminal, Terminal]:
    """Ada sets up a real-time Master Fox table for two, Bo takes the other seat; both
    at the table once its first round has counted down."""
    ada = login(tmux, server, keys["ada"], "Ada")
    ada.press("n")
    ada.wait_for("New table", "Create")
    ada.press(*["Tab"] * 8, "Enter")  # the mode, past the bot speed
    ada.wait_until(lambda text: text.count("realtime") >= 2, "the list of modes")
    ada.press("Down", "Enter")
    ada.wait_until(lambda text: text.count("turns") == 1, "real time chosen")
    ada.press("C-s")
    ada.wait_for("waiting for 1")
    bo = login(tmux, server, keys["bo"], "Bo")
    bo.press("j")
    for term in (ada, bo):
        term.wait_for("g Grab")  # (the first round counts down too)
    return ada, bo


def loot_and_stop(term: Terminal, timeout: float = 30.0) -> str:
    """Round 1 (loot only in the box): grab and stash three pawns, then call STOP. The
    screen with the round's summary."""
    deadline = time.monotonic() + timeout
    while "is over" not in (screen := term.text()):
        if time.monotonic() > deadline:
            raise AssertionError(f"{term.name} never called STOP; the screen shows:\n{screen}")
        bar = term.keybar()
        if "Yes" in bar:
            term.press("y")
        elif "STOP!" in bar:
            term.press("x")
        elif "Stash" in bar:
            term.press("s")
        elif "Grab" in bar:
            term.press(*next_spot(screen), "g")  # (the one before is empty now)
        changed(term, screen)
    return screen


def next_spot(screen: str) -> list[str]:
    """The keys that move the cursor to the next spot of the box, row by row."""
    spot = re.search(r"│ ([A-H])([1-5]) ·", screen)
    if spot is None or spot.group(1) != "H":
        return ["l"]
    return ["j", *["h"] * 7]


def counts(terms: list[Terminal], until, timeout: float = 15.0, shown=lambda term, n: None) -> dict[str, list[int]]:
    """The countdown each terminal shows, in the order shown, until ``until()``;
    ``shown(term, n)`` as soon as a terminal shows a number."""
    seen: dict[str, list[int]] = {t.name: [] for t in terms}
    deadline = time.monotonic() + timeout
    while not until():
        if time.monotonic() > deadline:
            raise AssertionError(f"the count never ended: {seen}\n" + "\n".join(t.text() for t in terms))
        for term in terms:
            found = COUNT.search(status(term))
            if found and (not seen[term.name] or seen[term.name][-1] != int(found.group(1))):
                seen[term.name].append(int(found.group(1)))
                shown(term, int(found.group(1)))
    return seen


def board(screen: str) -> str:
    """The part of a Master Fox screen a move changes: the box, the hand and the sack."""
    lines = screen.splitlines()
    start = next(n for n, line in enumerate(lines) if line.lstrip().startswith("A     B"))
    return "\n".join(line.split("│")[0] for line in lines[start : start + 10])


# --- 1. a real-time round starts for everyone at once


def test_a_held_round_lets_nobody_act_until_both_read_the_summary_then_counts_3_2_1_on_both(tmp_path, keys, tmux):
    server = Server(tmp_path, keys["authorized"]).start()
    try:
        ada, bo = realtime_table(tmux, server, keys)
        loot_and_stop(ada)
        for term in (ada, bo):
            # (the summary may be drawn a frame before the status line under it is)
            term.wait_until(
                lambda s: "Round 1 is over: Ada called STOP!" in s and "⏎ Continue" in s
                and "Ada, Bo still reading" in status(term, s),
                "the summary, with both still reading",
            )
        # Bo reads it first: the round waits for Ada, and Bo has nothing to do
        bo.press("Enter")
        bo.wait_until(lambda s: "is over" not in s and "Ada still reading" in status(bo, s), "the held round")
        held = settled(bo)
        assert "Touch" not in bo.keybar() and "Grab" not in bo.keybar()
        ada.wait_until(lambda s: "Ada still reading" in status(ada, s), "Bo's reading told to Ada")
        assert "Round 1 is over" in ada.text()  # her summary stays until she reads it
        steps = steps_at(server)
        bo.press("t", "g", "l", "t", "g", "Enter")
        time.sleep(1.0)  # (nothing is to happen: a while in which it could)
        screen = bo.text()
        assert board(screen) == board(held) and "Hand: empty" in screen and "You grabbed" not in screen
        assert "Ada still reading" in status(bo, screen) and steps_at(server) == steps
        # Ada reads hers: the same 3, 2, 1 on both screens, and keys in it change nothing
        ada.press("Enter")

        def press(term: Terminal, n: int) -> None:
            if term is bo:  # as soon as each number shows (a second before the next)
                bo.press("t", "g")

        seen = counts([ada, bo], lambda: all("g Grab" in t.keybar() for t in (ada, bo)), shown=press)
        assert seen == {"Ada": [3, 2, 1], "Bo": [3, 2, 1]}
        time.sleep(1.0)  # (a key held back through the count would act now)
        screen = bo.text()
        assert board(screen) == board(held) and "You grabbed" not in screen and steps_at(server) == steps
        # the round is open: the same keys act now
        bo.press("g")
        bo.wait_for("You grabbed at")
        assert steps_at(server) == steps + 1
    finally:
        server.stop()


# --- 2. a table cancelled, a seat left, before the game


def lobby_note(screen: str) -> str:
    """The sentence under the lobby's title (the player's own tables)."""
    lines = [line for line in screen.splitlines() if line.strip()]
    return " ".join(lines[1].split()) if len(lines) > 1 else ""


def lobby_rows(screen: str) -> str:
    """The lobby's list of tables (seats and status), without the header and the notes."""
    lines = screen.splitlines()
    start = next(n for n, line in enumerate(lines) if line.lstrip().startswith("#    Game"))
    rows = []
    for line in lines[start + 1 :]:
        if not line.strip():
            break
        rows.append(line.rstrip())
    return "\n".join(rows)


def test_over_ssh_a_player_leaves_a_seat_and_the_creator_cancels_the_table_and_both_lobbies_say_so(tmp_path, keys, tmux):
    server = Server(tmp_path, keys["authorized"]).start()
    try:
        ada = login(tmux, server, keys["ada"], "Ada")
        ada.press("n")
        ada.wait_for("New table", "Create")
        ada.press("Tab")
        choose(ada, "Players", "Down")  # three players: Ada and two free seats
        ada.wait_for("Seat 3")
        ada.press("C-s")
        ada.wait_for("waiting for 2")
        bo = login(tmux, server, keys["bo"], "Bo")
        bo.press("j")
        bo.wait_for("You sit at table 1 (Master Fox), waiting for 1 more player; x leaves it.")
        assert lobby_rows(bo.text()).split() == ["1", "Master", "Fox", "Ada", "waiting", "for", "1", "Bo", "(you)", "free"]
        ada.wait_until(lambda s: "Bo" in lobby_rows(s) and "waiting for 1" in s, "Bo at her table")
        # Bo leaves his seat: free again, on both screens, and Bo sits nowhere
        bo.press("x")
        bo.wait_for("Leave your seat at table 1 (Master Fox)?")
        bo.press("y")
        screen = bo.wait_for("You left your seat at table 1.")
        bo.wait_until(lambda s: "waiting for 2" in lobby_rows(s), "his seat free")
        screen = bo.text()
        assert lobby_note(screen) == "j joins a free seat, w watches a game, n sets up a new table."
        assert lobby_rows(screen).split() == ["1", "Master", "Fox", "Ada", "waiting", "for", "2", "free", "free"]
        ada.wait_until(lambda s: "waiting for 2" in lobby_rows(s), "Bo's seat free")
        assert "Bo" not in lobby_rows(ada.text())
        assert lobby_note(ada.text()) == "You sit at table 1 (Master Fox), waiting for 2 more players; x cancels it."
        # he sits down again; Ada cancels the table: it leaves both lobbies, Bo is told
        bo.press("j")
        bo.wait_for("x leaves it.")
        ada.wait_until(lambda s: "waiting for 1" in lobby_rows(s), "Bo back at her table")
        ada.press("x")
        ada.wait_for("Cancel table 1 (Master Fox)?")
        ada.press("y")
        ada.wait_for("Table 1 is cancelled.")
        bo.wait_for("Ada cancelled table 1.")
        for term in (ada, bo):
            screen = term.wait_until(lambda s: not lobby_rows(s), "an empty lobby")
            assert lobby_note(screen) == "No tables yet: press n to set one up."
        # nobody can sit at it any more: it is gone for good
        bo.press("j")
        bo.wait_for("There is no table to choose yet.")
        log = server.log.read_text()
        assert re.search(r"Bo \(session \d+\) gave up seat 2 at table 1 before its game began", log)
        assert re.search(r"Ada \(session \d+\) cancelled table 1 before its game began", log)
    finally:
        server.stop()


# --- 3. My games: every game of the key, with its replay


def finished_game_long_ago(server: Server, key: Path, name: str) -> str:
    """Before the server starts: a game of Master Fox the player with ``key`` played to
    the end against a bot two hours ago (a finished game leaves the lobby after one).
    Played through the protocol in this process, on the server's database; its result."""
    import asyncssh
    from server_helpers import ProtoClient, run
    from test_table_place import play_to_the_end

    from foxtui.server import protocol as p
    from foxtui.server.hub import Hub
    from foxtui.server.store import Store

    fingerprint = asyncssh.read_public_key(f"{key}.pub").get_fingerprint("sha256")  # (the server's name for it)
    server.data.mkdir(parents=True, exist_ok=True)

    async def main() -> str:
        hub = Hub(Store(server.data / "server.sqlite3"), bot_delay=0, realtime_bot_delay=0.01, seed=lambda: 5,
                  clock=lambda: time.time() - 2 * 3600)  # fmt: skip
        hub.load()
        player = await ProtoClient.connect(hub, fingerprint, name)
        player.send(p.CreateTable("master-fox", {}, ["you", "sensible"]))
        await player.expect(p.Update)
        await play_to_the_end(hub, 1, [player])
        result = hub.tables[1].result
        await player.close()
        hub.close()
        return result

    return run(main())


def test_over_ssh_my_games_lists_a_finished_and_an_unfinished_game_and_opens_the_replay(tmp_path, keys, tmux):
    server = Server(tmp_path, keys["authorized"])
    result = finished_game_long_ago(server, keys["ada"], "Ada")
    winner = result.removesuffix(" won")
    assert result.endswith(" won")
    server.start()
    try:
        ada = login(tmux, server, keys["ada"], "Ada", first=False)
        screen = ada.wait_for("No tables yet")  # the finished game is no longer in the lobby
        # a game in play: Ada and a bot; she touches a spot, then goes back to the lobby
        ada.press("n")
        ada.wait_for("New table", "Create")
        ada.press("Tab", "Tab", "Tab", "Enter")  # Seat 2's list
        ada.wait_for("Bot: sensible")
        ada.press("Down", "Enter")  # the first bot
        ada.wait_until(lambda s: "Another player" not in s, "a bot at seat 2")
        ada.press("C-s")
        ada.wait_for("Ada's view", "t Touch")
        ada.press("t")
        ada.wait_for("You touched A1")
        ada.press("q")
        ada.wait_for("You have a seat at table 2 (Master Fox): press j on it to rejoin.")
        # My games: both, newest first, the finished one with its winner
        ada.press("g")
        screen = ada.wait_for("My games", "2 games;")
        rows = lobby_rows(screen)
        assert rows.index("2    Master Fox") < rows.index("1    Master Fox")
        assert "round 1" in rows and "finished" in rows and f"{winner} won" in rows
        ada.press("Enter")  # the game in play: her seat again, with what she felt
        ada.wait_for("Ada's view", "You touched A1")
        ada.press("q")
        ada.wait_for("press j on it to rejoin")
        ada.press("g")
        ada.wait_for("2 games;")
        ada.press("Down", "Enter")  # the finished one: its results, then the replay
        ada.wait_for("Master Fox — results", f"{winner} wins!", "r Replay")
        ada.press("r")
        first = ada.wait_for("Master Fox replay · Step 0 / ")
        last = int(re.search(r"Step 0 / (\d+)", first).group(1))
        assert last > 20
        ada.press("Right")
        ada.wait_for("Step 1 / ", "Ada touched")
        ada.press("Right", "Right", "Left")
        ada.wait_for("Step 2 / ")
        ada.press("End")
        end = ada.wait_for(f"Step {last} / {last}")
        assert "the game is over" in end and "Next" not in ada.keybar()
    finally:
        server.stop()


# --- 4. the new-table form keeps the focus, and the last table


def field(screen: str, label: str) -> str:
    """What a field of the new-table form shows."""
    found = re.search(rf"^ {re.escape(label)} {{2,}}(.*?) +[▼▲]", screen, re.MULTILINE)
    assert found, f"no field {label} on:\n{screen}"
    return found.group(1)


def open_list(screen: str) -> str | None:
    """The field whose list of choices is open (its arrow points up), or None."""
    found = re.search(r"^ (\S.*?) {2,}.*▲ *$", screen, re.MULTILINE)
    return found.group(1) if found else None


def choose(term: Terminal, label: str, *keys: str) -> str:
    """Enter opens the focused field's list (it must be ``label``'s), ``keys`` pick, Enter
    chooses; the screen once the list is closed."""
    term.press("Enter")
    screen = term.wait_until(lambda s: open_list(s) is not None, f"a list open ({label}'s)")
    assert open_list(screen) == label, f"the focus is on {open_list(screen)}, not {label}:\n{screen}"
    term.press(*keys, "Enter")
    term.wait_until(lambda s: open_list(s) is None, "the list closed")
    return settled(term)


def test_over_ssh_the_table_form_keeps_the_focus_on_each_choice_and_starts_from_the_last_table(tmp_path, keys, tmux):
    server = Server(tmp_path, keys["authorized"]).start()
    try:
        ada = login(tmux, server, keys["ada"], "Ada")
        ada.press("n")
        ada.wait_for("New table", "Create")
        screen = choose(ada, "Game", "Down")  # Fox Matters: a new set of fields
        screen = ada.wait_for("The Nightmare")
        assert field(screen, "Game") == "Fox Matters"
        # a choice keeps the focus on its field, as in any form: Tab goes on from there
        # (it moved on by itself, every Tab after it was one off, and a second Enter
        # could land on Create)
        ada.press("Tab")
        screen = choose(ada, "Players", "Down", "Down")
        assert field(screen, "Players") == "3"
        ada.press("Tab", "Tab")  # Seat 1 keeps "You": on to Seat 2
        screen = choose(ada, "Seat 2", "Down")  # (from Another player)
        assert field(screen, "Seat 2") == "Bot: cooperative"
        ada.press("Tab", "Tab")  # Seat 3 keeps "Another player"
        screen = choose(ada, "Move limit", "Down", "Down")
        assert field(screen, "Move limit") == "30 s" and field(screen, "Game") == "Fox Matters"
        ada.press("C-s")
        screen = ada.wait_for("waiting for 1")
        assert "Fox Matters" in lobby_rows(screen) and "Bot 2 (cooperative)" in lobby_rows(screen)
        # the form starts from the last table
        ada.press("n")
        screen = ada.wait_for("New table", "The Nightmare")
        assert [field(screen, label) for label in ("Game", "Players", "Seat 1", "Seat 2", "Seat 3", "Move limit")] == [
            "Fox Matters", "3", "You", "Bot: cooperative", "Another player", "30 s"
        ]  # fmt: skip
        # the Enter that picks a game and the keys after it come together (as over SSH):
        # they go to the form rebuilt for that game, from Game (Tab: Players)
        ada.press("Enter")
        ada.wait_until(lambda s: open_list(s) == "Game", "the list of games")
        ada.press("Up")
        time.sleep(0.3)  # (the highlight on Master Fox: no text shows it)
        ada.press("Enter", "Tab", "Enter")
        screen = ada.wait_until(lambda s: "Eggs that end the game" in s and open_list(s) is not None, "a list open")
        assert open_list(screen) == "Players" and field(screen, "Game") == "Master Fox"
        ada.press("Down", "Down", "Enter")
        ada.wait_until(lambda s: open_list(s) is None, "the list closed")
        screen = settled(ada)
        assert (field(screen, "Game"), field(screen, "Players")) == ("Master Fox", "4")
    finally:
        server.stop()


# --- 5. a spectator is shown the reveals the players are shown


def boxed(screen: str) -> list[str]:
    """The lines of the box drawn over the table (a round's summary)."""
    lines = screen.splitlines()
    top = next(n for n, line in enumerate(lines) if "█▀▀" in line)
    bottom = next(n for n, line in enumerate(lines) if "█▄▄" in line)
    return [line.rstrip() for line in lines[top : bottom + 1]]


def test_over_ssh_a_spectator_reads_the_round_summary_with_the_opened_sacks_the_players_read(tmp_path, keys, tmux):
    server = Server(tmp_path, keys["authorized"]).start()
    try:
        ada, bo = realtime_table(tmux, server, keys)
        cy = login(tmux, server, keys["cy"], "Cy")
        cy.press("w")
        watching = cy.wait_for("Public view")
        assert "Hand: —" in watching and "Sack " not in watching  # nobody's secrets while they loot
        ada.wait_for("Cy watching")
        loot_and_stop(ada)
        # (the whole box drawn: a frame may be caught half written)
        summaries = {term.name: term.wait_for("Round 1 is over: Ada called STOP!", "█▄▄", "⏎ Continue") for term in (ada, bo, cy)}
        sacks = [line for line in boxed(summaries["Ada"]) if "Sack:" in line]
        assert len(sacks) == 2 and "Sack: empty" in sacks[1] and "Sack: empty" not in sacks[0]  # Ada's 3, Bo's none
        assert boxed(summaries["Cy"]) == boxed(summaries["Ada"]) == boxed(summaries["Bo"])
        assert "⏎ Continue" in cy.keybar()
        # the spectator's reading holds nobody back: the round waits for the players
        cy.press("Enter")
        screen = cy.wait_until(lambda s: "is over" not in s, "the summary read")
        assert "Public view" in screen and "Ada, Bo still reading" in status(cy, screen)
        assert "Round 1 is over" in ada.text() and "Round 1 is over" in bo.text()
    finally:
        server.stop()
