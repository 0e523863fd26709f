"""Who dropped, came back or left, with real OpenSSH clients in tmux: told in the game
log of the other player and of a spectator, and apart in the server's log."""

from __future__ import annotations

import os
import re
import shutil
import signal
import time

import pytest
from test_ssh import STEP_TIMEOUT, Server, Terminal, keys, login, tmux  # noqa: F401 (fixtures)

pytestmark = [
    pytest.mark.ssh,
    pytest.mark.skipif(
        not all(shutil.which(tool) for tool in ("ssh", "ssh-keygen", "tmux")),
        reason="needs OpenSSH's ssh and ssh-keygen, and tmux",
    ),
]


def ssh_pid(term: Terminal) -> int:
    """The ssh process in the terminal (a child of the pane's shell)."""
    shell = int(term.tmux.run("display-message", "-p", "-t", term.name, "#{pane_pid}").strip())
    deadline = time.monotonic() + STEP_TIMEOUT
    while time.monotonic() < deadline:
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                with open(f"/proc/{entry}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
                with open(f"/proc/{entry}/comm") as f:
                    name = f.read().strip()
            except OSError:
                continue
            if int(fields[1]) == shell and name == "ssh":
                return int(entry)
        time.sleep(0.05)
    raise AssertionError(f"no ssh process under the shell {shell}")


def log_part(term: Terminal) -> str:
    """The rows of the game log: under the line that sets it off, above the key bar."""
    rows = term.text().splitlines()
    border = max(n for n, row in enumerate(rows) if row.startswith("─" * 20))
    return "\n".join(row.strip() for row in rows[border + 1 :])


def test_over_ssh_a_drop_a_return_and_a_leave_are_told_in_the_log_of_a_player_and_a_spectator(tmp_path, keys, tmux):  # noqa: F811
    server = Server(tmp_path, keys["authorized"]).start()
    try:
        ada = login(tmux, server, keys["ada"], "Ada")
        ada.press("n")
        ada.wait_for("New table", "Create")
        ada.press("C-s")  # You and another player, Master Fox
        ada.wait_for("waiting for 1")
        bo = login(tmux, server, keys["bo"], "Bo")
        bo.press("j")
        bo.wait_for("Bo's view")
        ada.wait_for("Ada's view", "Touch")
        cy = login(tmux, server, keys["cy"], "Cy")
        cy.press("w")
        cy.wait_for("Public view")
        ada.press("t")  # a touch: the log's first line
        for term in (ada, cy):
            term.wait_until(lambda text: "touched A1" in text, "the touch in the log")

        os.kill(ssh_pid(bo), signal.SIGKILL)  # his ssh dies: no goodbye, the connection drops
        for term in (ada, cy):
            term.wait_for("— Bo's connection dropped; the seat is kept for them.", "Bo away")
        bo = tmux.open("Bo-again", server.ssh_command(keys["bo"]))
        bo.wait_for("Rejoin it?")
        bo.press("y")
        bo.wait_for("Bo's view")
        for term in (ada, cy):
            term.wait_for("— Bo is back.")
            term.wait_until(lambda text: "Bo away" not in text, "Bo no longer away")
        # he is told what happened while he was gone, in his own log
        bo.wait_for("— Bo's connection dropped", "— Bo is back.")
        bo.press("q")
        bo.wait_for("you are Bo")
        for term in (ada, cy):
            term.wait_for("— Bo left the table; the seat is kept for them.", "Bo left")
        # the step's line and the three sentences, in the order they happened (Ada's log
        # has one row more: the mark of what came since her move, before the drop)
        for term, told in ((cy, ("Ada touched A1",)), (ada, ("since your last move",))):
            log = log_part(term)
            order = [log.index(s) for s in (*told, "connection dropped", "Bo is back.", "Bo left the table")]
            assert order == sorted(order), log
        said = server.log.read_text()
        # each line names the session it happened in (the README says so)
        assert re.search(r"Bo \(session \d+\) dropped from table 1, seat 2 \(the connection ended\)", said)
        assert re.search(r"Bo \(session \d+\) rejoined table 1, seat 2 \(back after a drop\)", said)
        assert re.search(r"Bo \(session \d+\) left table 1, seat 2 \(back to the lobby\)", said)
    finally:
        server.stop()
