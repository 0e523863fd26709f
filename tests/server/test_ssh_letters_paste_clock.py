"""Three things real players met over real OpenSSH clients (issue 38), each in tmux at
80x24: a Fox Matters card has one letter on every screen, after a drop and a rejoin too;
a paste with an ESC and a ctrl+c inside is text (and ctrl+c alone asks first); the Action
clock stands still while the server is down and until its players are back."""

from __future__ import annotations

import re
import signal
import time

import pytest
from test_ssh import STEP_TIMEOUT, Server, Terminal, keys, login, tmux  # noqa: F401 (fixtures)

from foxtui.games.fox_matters import content

pytestmark = [pytest.mark.ssh, pytest.mark.skipif("not __import__('shutil').which('ssh')", reason="needs OpenSSH")]

#: every card's name, longest first (a name inside another is found in the longer one)
NAMES = sorted({c.name for c in content.CARDS.values()}, key=len, reverse=True)


def letters_shown(text: str) -> dict[str, str]:
    """Card name -> the letter beside it, wherever a card is drawn with one on the screen
    (the moves, ``a †→†♛ Ada: Brave Stance``, and the whole table, ``a †→†♛ Brave Stance``)."""
    found: dict[str, str] = {}
    for name in NAMES:
        for m in re.finditer(rf"(?:^|[\s│])([a-zA-Z]) \S+ (?:\w+: )?{re.escape(name)}(?![\w ]*\w)", text, re.M):
            found.setdefault(name, m.group(1))
    return found


def fox_matters_for_two(tmux, server: Server, keys) -> tuple[Terminal, Terminal]:  # noqa: F811
    """Ada sets up Fox Matters for two (its 2-minute Action timer), Bo joins, both say Ready."""
    ada = login(tmux, server, keys["ada"], "Ada")
    ada.press("n")
    ada.wait_for("New table", "Create")
    ada.press("Enter")  # Game's list
    ada.wait_for("Fox Matters")
    ada.press("Down", "Enter")
    ada.wait_until(lambda text: "Seat 1" in text and "Master Fox" not in text, "Fox Matters picked")
    ada.press("Tab", "Enter")  # Players' list (the pick keeps the focus on Game)
    ada.wait_for("Dismiss menu")  # the list of player counts is open
    ada.press("Down", "Enter")
    ada.wait_for("Seat 2")
    ada.press("C-s")
    ada.wait_for("waiting for 1")
    bo = login(tmux, server, keys["bo"], "Bo")
    bo.press("j")
    bo.wait_for("Bo's view")
    ada.wait_for("Ada's view")
    for term in (ada, bo):
        term.press("r")
    for term in (ada, bo):
        term.wait_for("Done")  # the Action: "e Done" in the key bar
    return ada, bo


def test_over_ssh_a_card_has_the_same_letter_on_both_screens_after_a_drop_and_a_rejoin(tmp_path, keys, tmux):  # noqa: F811
    server = Server(tmp_path, keys["authorized"]).start()
    try:
        ada, bo = fox_matters_for_two(tmux, server, keys)
        # Bo plays the moves on top of his list, three cards; both screens agree all along
        for n in range(3):
            before = letters_shown(bo.text())
            bo.press("Enter")
            bo.wait_until(lambda text: letters_shown(text) != before, f"card {n + 1} played")
        for term in (ada, bo):
            term.press("t")  # the whole table: every card in hand with its letter
        ada_saw = ada.wait_until(lambda text: len(letters_shown(text)) >= 6, "the whole table")
        ada_letters = letters_shown(ada_saw)
        bo.kill()  # his terminal closes: the connection drops
        ada.wait_for("Bo away")
        bo = tmux.open("Bo-again", server.ssh_command(keys["bo"]))
        bo.wait_for("Rejoin it?")
        bo.press("y")
        bo.wait_for("Bo's view")
        ada.wait_until(lambda text: "Bo away" not in text, "Bo back")
        bo.press("t")
        bo_saw = bo.wait_until(lambda text: len(letters_shown(text)) >= 6, "the whole table after the rejoin")
        bo_letters = letters_shown(bo_saw)
        common = set(ada_letters) & set(bo_letters)
        assert len(common) >= 6, (ada_saw, bo_saw)
        assert {n: ada_letters[n] for n in common} == {n: bo_letters[n] for n in common}, (ada_saw, bo_saw)
        # and the letters are the table's, not ones given afresh from a
        assert sorted(bo_letters.values())[:3] != ["a", "b", "c"] or len(bo_letters) < 3, bo_saw
    finally:
        server.stop()


def test_over_ssh_a_paste_with_esc_and_ctrl_c_inside_is_text_and_ctrl_c_asks(tmp_path, keys, tmux):  # noqa: F811
    server = Server(tmp_path, keys["authorized"]).start()
    try:
        ada = login(tmux, server, keys["ada"], "Ada")
        paste = b"\x1b[200~hello\x1bworld\x03more\x1b[201~"
        tmux.run("send-keys", "-t", ada.name, "-H", *(f"{b:02x}" for b in paste))  # one write, as a paste comes
        ada.press("?")  # a key after the paste: the help opens (a quit question would block it)
        shown = ada.wait_for("foxtui server — keys")
        assert "end this session" not in shown
        ada.press("Escape")
        ada.wait_for("you are Ada")
        ada.press("C-c")  # one byte: asks, as q does
        ada.wait_for("Quit foxtui and end this session?")
        ada.press("n")
        ada.wait_until(lambda text: "end this session" not in text and "you are Ada" in text, "the lobby again")
        ada.press("C-q")
        ada.wait_for("Quit foxtui and end this session?")
        ada.press("y")
        ada.wait_until(lambda text: "you are Ada" not in text, "the session ended")
        assert "Traceback" not in server.log.read_text()
    finally:
        server.stop()


def saved_clock(server: Server) -> int:
    from foxtui.server.store import Store

    store = Store(server.data / "server.sqlite3")
    try:
        clock = store.tables()[0].record.clock
        assert clock is not None, "no clock was kept"
        return clock.seconds_left
    finally:
        store.close()


def test_over_ssh_the_clock_stands_while_the_server_is_down_and_until_its_players_are_back(tmp_path, keys, tmux):  # noqa: F811
    server = Server(tmp_path, keys["authorized"]).start()
    try:
        ada, bo = fox_matters_for_two(tmux, server, keys)
        server.stop(signal.SIGTERM)  # the Action's clock running
        stopped = saved_clock(server)
        assert 100 < stopped <= 120
        for term in (ada, bo):
            term.kill()
        server.start()
        time.sleep(3)  # seconds with nobody back (the issue saw six)
        server.stop(signal.SIGTERM)
        assert saved_clock(server) == stopped  # (it ran on: 3 seconds fewer)
        server.start()
        ada = login(tmux, server, keys["ada"], "Ada", first=False)
        ada.wait_for("Rejoin it?")
        ada.press("y")
        ada.wait_for("the clock waits for Bo to be back")
        bo = login(tmux, server, keys["bo"], "Bo", first=False)
        bo.wait_for("Rejoin it?")
        bo.press("y")
        for term in (ada, bo):
            term.wait_for("the round starts in", timeout=STEP_TIMEOUT)
        assert saved_clock(server) == stopped
        ada.wait_until(lambda text: "the round starts in" not in text, "the count over", timeout=10)
        time.sleep(1.2)  # now it runs
        server.stop(signal.SIGTERM)
        assert saved_clock(server) < stopped
    finally:
        server.stop()
