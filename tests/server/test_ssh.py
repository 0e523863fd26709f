"""foxtui serve with real OpenSSH clients, each in its own tmux terminal.

The server runs as `python -m foxtui serve` on 127.0.0.1 with a free port; the
clients are `ssh -tt` with keys made by ssh-keygen and a known_hosts file. Every
wait has a deadline, so a terminal that never shows what is expected fails with
the screen it did show.
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = [
    pytest.mark.ssh,
    pytest.mark.skipif(
        not all(shutil.which(tool) for tool in ("ssh", "ssh-keygen", "tmux")),
        reason="needs OpenSSH's ssh and ssh-keygen, and tmux",
    ),
]

STEP_TIMEOUT = 15.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, folder: Path, keys: Path, *extra: str) -> None:
        self.data = folder / "data"
        self.keys = keys
        self.extra = extra
        self.port = free_port()
        self.log = folder / "server.log"
        self.proc: subprocess.Popen | None = None
        self.known_hosts = folder / "known_hosts"

    def start(self) -> "Server":
        from foxtui.server.serve import host_key

        self.data.mkdir(parents=True, exist_ok=True)
        os.chmod(self.data, 0o700)
        public = host_key(self.data).export_public_key().decode().strip()
        self.known_hosts.write_text(f"[127.0.0.1]:{self.port} {public}\n")
        command = [sys.executable, "-m", "foxtui", "serve", "--port", str(self.port), "--data", str(self.data)]
        command += ["--authorized-keys", str(self.keys), "--bot-delay", "0.05", *self.extra]
        log = open(self.log, "a")
        start = log.tell()
        self.proc = subprocess.Popen(command, stdout=log, stderr=log, stdin=subprocess.DEVNULL)
        deadline = time.monotonic() + 20
        while "listening on" not in self.log.read_text()[start:]:
            if self.proc.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(f"the server did not start:\n{self.log.read_text()}")
            time.sleep(0.05)
        return self

    def stop(self, sig: int = signal.SIGTERM) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(sig)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        self.proc = None

    def ssh_command(self, key: Path) -> list[str]:
        return [
            "ssh", "-tt", "-p", str(self.port), "-i", str(key),
            "-o", "BatchMode=yes", "-o", "IdentitiesOnly=yes", "-o", f"UserKnownHostsFile={self.known_hosts}",
            "-o", "StrictHostKeyChecking=yes", "-o", "ConnectTimeout=10", "-F", "/dev/null",
            "player@127.0.0.1",
        ]  # fmt: skip


class Tmux:
    """A private tmux server: one session (terminal) per player."""

    def __init__(self) -> None:
        self.socket = f"foxtui-test-{os.getpid()}-{random.randrange(10**6)}"

    def run(self, *args: str) -> str:
        result = subprocess.run(
            ["tmux", "-L", self.socket, "-f", "/dev/null", *args], capture_output=True, text=True, timeout=10
        )
        return result.stdout

    def open(self, name: str, command: list[str]) -> "Terminal":
        line = " ".join(f"'{part}'" for part in command)
        self.run("new-session", "-d", "-s", name, "-x", "80", "-y", "24", f"{line}; sleep 60")
        return Terminal(self, name)

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True, timeout=10)


class Terminal:
    def __init__(self, tmux: Tmux, name: str) -> None:
        self.tmux = tmux
        self.name = name

    def text(self) -> str:
        return self.tmux.run("capture-pane", "-p", "-t", self.name)

    def keybar(self) -> str:
        lines = [line for line in self.text().splitlines() if line.strip()]
        return lines[-1] if lines else ""

    def press(self, *keys: str) -> None:
        self.tmux.run("send-keys", "-t", self.name, *keys)

    def type(self, text: str) -> None:
        self.tmux.run("send-keys", "-t", self.name, "-l", text)

    def wait_for(self, *words: str, timeout: float = STEP_TIMEOUT) -> str:
        deadline = time.monotonic() + timeout
        while True:
            text = self.text()
            if all(word in text for word in words):
                return text
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.name}'s terminal never showed {words}; it shows:\n{text}")
            time.sleep(0.05)

    def wait_until(self, condition, what: str, timeout: float = STEP_TIMEOUT) -> str:
        deadline = time.monotonic() + timeout
        while not condition(text := self.text()):
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.name}'s terminal never showed {what}; it shows:\n{text}")
            time.sleep(0.05)
        return text

    def kill(self) -> None:
        self.tmux.run("kill-session", "-t", self.name)


@pytest.fixture(scope="module")
def keys(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("keys")
    made = {}
    for name in ("ada", "bo", "cy", "stranger"):
        path = folder / name
        subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", name, "-f", str(path)], check=True, timeout=20)
        made[name] = path
    authorized = folder / "authorized_keys"
    authorized.write_text("".join((folder / f"{n}.pub").read_text() for n in ("ada", "bo", "cy")))
    made["authorized"] = authorized
    return made


@pytest.fixture
def tmux():
    t = Tmux()
    yield t
    t.close()


def login(tmux: Tmux, server: Server, key: Path, name: str, first: bool = True) -> Terminal:
    term = tmux.open(name, server.ssh_command(key))
    if first:
        term.wait_for("Choose the name")
        term.type(name)
        term.press("Enter")
    term.wait_for(f"you are {name}")
    return term


def play_one(term: Terminal) -> bool:
    """Press the one key this screen's key bar offers that moves the game on; False if none."""
    bar = term.keybar()
    if "Yes" in bar:
        term.press("y")
    elif "Continue" in bar or "Choose" in bar:
        term.press("Enter")
    elif "STOP!" in bar:
        term.press("x")
    elif "Stash" in bar:
        term.press("s")
    elif "Put back" in bar:
        term.press("p")
    elif "Grab" in bar:
        term.press(random.choice("hjkl"), "g")
    elif "End turn" in bar:
        term.press("e")
    else:
        return False
    return True


def play_until(terms: list[Terminal], done, timeout: float = 90.0) -> None:
    deadline = time.monotonic() + timeout
    last: dict[str, str] = {}
    while not done():
        if time.monotonic() > deadline:
            raise AssertionError("the game did not get there in time:\n" + "\n".join(t.text() for t in terms))
        moved = False
        for term in terms:
            screen = term.text()
            if screen != last.get(term.name):  # act once per new screen, never twice on one
                if play_one(term):
                    last[term.name] = screen
                    moved = True
        if not moved:
            time.sleep(0.03)


def steps_at(server: Server) -> int:
    from foxtui.server.store import Store

    store = Store(server.data / "server.sqlite3")
    try:
        tables = store.tables()
        return len(tables[0].record.steps) if tables and tables[0].record else 0
    finally:
        store.close()


def test_two_players_play_master_fox_to_the_end_across_a_restart(tmp_path, keys, tmux):
    random.seed(3)
    from foxtui.server.serve import host_key

    server = Server(tmp_path, keys["authorized"]).start()
    try:
        # the fingerprint players check on their first connection is printed at the start
        assert host_key(server.data).get_fingerprint("sha256") in server.log.read_text()
        ada = login(tmux, server, keys["ada"], "Ada")
        ada.press("n")
        ada.wait_for("New table", "Create")
        # real time (everyone loots at once) is the last option: tab to it, open it, pick it
        ada.press(*["Tab"] * 8, "Enter")  # (past the bot speed too)
        ada.wait_until(lambda text: text.count("realtime") >= 2, "the list of modes")  # the label + the list
        ada.press("Down", "Enter")
        ada.wait_until(lambda text: text.count("turns") == 1, "real time chosen")  # only the label still
        ada.press("C-s")
        ada.wait_for("waiting for 1")
        bo = login(tmux, server, keys["bo"], "Bo")
        bo.press("j")
        bo.wait_for("Bo's view")
        ada.wait_for("Ada's view", "everyone")

        cy = login(tmux, server, keys["cy"], "Cy")
        cy.press("w")
        watched = cy.wait_for("Public view")
        assert "Hand: —" in watched and "Sack " not in watched  # no one's secrets

        play_until([ada, bo], lambda: steps_at(server) >= 12)
        for term, name in ((ada, "Ada"), (bo, "Bo")):
            screen = term.text()
            assert f"{name}'s view" in screen and "Sack " in screen  # its own sack, nobody else's
        assert "Hand: —" in cy.text() and "Sack " not in cy.text()

        # a crash mid-game: nothing is lost, both rejoin their seats
        server.stop(signal.SIGKILL)
        before = steps_at(server)
        for term in (ada, bo, cy):
            term.kill()
        server.start()
        ada = login(tmux, server, keys["ada"], "Ada", first=False)
        bo = login(tmux, server, keys["bo"], "Bo", first=False)
        for term, name in ((ada, "Ada"), (bo, "Bo")):
            term.wait_for("Rejoin it?")
            term.press("y")
            term.wait_for(f"{name}'s view")
        assert steps_at(server) == before

        play_until([ada, bo], lambda: "results" in ada.text() and "results" in bo.text())
        assert "wins" in ada.text() and "wins" in bo.text()
        log = server.log.read_text()
        assert "Bo joined table 1, seat 2" in log and "Ada rejoined table 1, seat 1" in log
        assert "the game is over" in log
    finally:
        server.stop()


def test_unknown_keys_garbage_and_dropped_connections_leave_the_server_intact(tmp_path, keys, tmux):
    server = Server(tmp_path, keys["authorized"], "--max-connections", "3").start()
    try:
        stranger = subprocess.run(
            [*server.ssh_command(keys["stranger"]), "true"], capture_output=True, text=True, timeout=20
        )
        assert stranger.returncode == 255 and "Permission denied (publickey)" in stranger.stderr

        ada = login(tmux, server, keys["ada"], "Ada")
        ada.press("n")
        ada.wait_for("Create")
        ada.press("C-s")
        ada.wait_for("waiting for 1")
        bo = login(tmux, server, keys["bo"], "Bo")
        bo.press("j")
        bo.wait_for("Bo's view")
        # garbage: random bytes, escape sequences, and a huge paste
        rng = random.Random(1)
        bo.type("".join(chr(rng.randrange(32, 0x2FF)) for _ in range(300)))
        bo.press("Escape", "[", "9", "9", "9", "~", "C-@", "Escape", "O")
        paste = tmp_path / "paste.txt"
        paste.write_text("tgsepx" * 20000)  # 120 kB
        tmux.run("load-buffer", "-b", "big", str(paste))
        tmux.run("paste-buffer", "-b", "big", "-t", bo.name)
        # ... and gone in the middle of it
        bo.press("g")
        bo.kill()

        cy = login(tmux, server, keys["cy"], "Cy")
        screen = cy.wait_for("Master Fox", "Bo (away)")
        assert "Ada" in screen
        # over the cap (3 connections: Ada, Cy and this one): a polite refusal
        tmux.open("fill", server.ssh_command(keys["bo"])).wait_for("you are Bo")
        refused = subprocess.run(
            [*server.ssh_command(keys["bo"]), "true"], capture_output=True, text=True, timeout=20
        )
        assert refused.returncode == 255 and "server is full" in refused.stderr
        assert server.proc is not None and server.proc.poll() is None
        assert "Traceback" not in server.log.read_text()
    finally:
        server.stop()
