"""foxtui serve with real OpenSSH clients, each in its own tmux terminal.

The server runs as `python -m foxtui serve` on 127.0.0.1 with a free port; the
clients are `ssh -tt` with keys made by ssh-keygen and a known_hosts file. Every
wait has a deadline, so a terminal that never shows what is expected fails with
the screen it did show.
"""

from __future__ import annotations

import os
import random
import re
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
    """A port nobody listens on, from a range of this test worker's own (the suite runs
    on several cores at once: two workers never pick the same one), below the range the
    kernel hands out to outgoing connections."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
    low = 20000 + 600 * (int(worker.removeprefix("gw") or 0) % 20)
    for _ in range(200):
        port = random.randrange(low, low + 600)
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise AssertionError(f"no free port from {low} to {low + 599}")


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


def test_the_server_says_at_the_start_whether_its_fork_server_made_objects_immortal(tmp_path, keys):
    from foxtui.server.forkserver import why_not_immortal_here

    why = why_not_immortal_here()  # Python 3.11: it has no immortal objects
    server = Server(tmp_path, keys["authorized"]).start()
    try:
        log = server.log.read_text()
    finally:
        server.stop()
    if why is None:
        assert re.search(r"the fork server made \d{6,} objects immortal", log), log
    else:
        assert f"the fork server's objects stay mortal ({why}): each client process costs about 7 MiB more" in log, log


def login(tmux: Tmux, server: Server, key: Path, name: str, first: bool = True) -> Terminal:
    term = tmux.open(name, server.ssh_command(key))
    if first:
        term.wait_for("Choose the name")
        term.type(name)
        term.press("Enter")
    term.wait_for(f"you are {name}")
    return term


def play_one(term: Terminal, screen: str | None = None) -> bool:
    """Press the key this screen's key bar offers that moves the game on; False if none.
    At Master Fox it plays as a person after the round's eggs would: feel a spot twice
    before grabbing it, and stash only a pawn known to be a mission the sack lacks (a
    game to 10 eggs then takes a few rounds, where random stashes took some fourteen)."""
    screen = term.text() if screen is None else screen
    lines = [line for line in screen.splitlines() if line.strip()]
    bar = lines[-1] if lines else ""
    if "Yes" in bar:
        term.press("y")
    elif "Continue" in bar or "Choose" in bar:
        term.press("Enter")
    elif "STOP!" in bar:
        term.press("x")
    elif "Stash" in bar:
        term.press("s" if "Put back" not in bar or worth_stashing(screen) else "p")
    elif "Grab" in bar:
        term.press(random.choice("hjkl"), *(["t", "t"] if "Touch" in bar else []), "g")
    elif "End turn" in bar:
        term.press("e")
    else:
        return False
    return True


def worth_stashing(screen: str) -> bool:
    """Whether the pawn in the hand is surely one of the missions and none is in the sack yet."""
    missions = re.search(r"Missions: (.*?)(?: \+ one kept)?\s+Ruse pawns", screen)
    left = " ".join(" ".join(line.split("│")[0].split()) for line in screen.splitlines())  # the board's column
    hand = re.search(r"Hand: “[^”]*” → (.+?) Sack \d", left)
    sack = re.search(r"Sack \d+/\d+ \([^)]*\): (.*?)(?: · [a-z]| [a-z←]|$)", left)
    if not (missions and hand and sack):
        return False
    wanted = set(missions.group(1).split(" · "))
    could_be = set(hand.group(1).rstrip("?").split(" or "))
    held = set(sack.group(1).split(" · "))
    return could_be <= wanted and not could_be & held


def play_until(terms: list[Terminal], done, timeout: float = 90.0) -> None:
    deadline = time.monotonic() + timeout
    last: dict[str, str] = {}
    since: dict[str, float] = {}
    while not done():
        if time.monotonic() > deadline:
            raise AssertionError("the game did not get there in time:\n" + "\n".join(t.text() for t in terms))
        moved = False
        for term in terms:
            screen = term.text()
            # act once per new screen, never twice on one; but as a person would, again
            # on a screen that stayed the same for a while (a key that crossed a change)
            stale = time.monotonic() - since.get(term.name, 0.0) > 3.0
            if screen != last.get(term.name) or stale:
                if play_one(term, screen):
                    last[term.name] = screen
                    since[term.name] = time.monotonic()
                    moved = True
        if not moved:
            time.sleep(0.03)


def server_tracebacks(log: str) -> list[str]:
    """Tracebacks of the server's own in its log (a client process's, which it reports
    to the server's log instead of its player's screen, are not)."""
    lines = log.splitlines()
    return [
        lines[n - 1] if n else ""
        for n, line in enumerate(lines)
        if line.startswith("Traceback") and not (n and lines[n - 1].endswith("the client process reports:"))
    ]


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

        # (each real-time round waits for both summaries, then counts three)
        play_until([ada, bo], lambda: "results" in ada.text() and "results" in bo.text(), timeout=300.0)
        assert "wins" in ada.text() and "wins" in bo.text()
        log = server.log.read_text()
        assert re.search(r"Bo \(session \d+\) joined table 1, seat 2", log)
        assert re.search(r"Ada \(session \d+\) rejoined table 1, seat 1", log)
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
        assert not server_tracebacks(server.log.read_text())
    finally:
        server.stop()


# --- issue 17: hostile input, a stopping server, multiplexed sessions


def client_states(server: Server) -> list[tuple[int, str]]:
    """The server's descendants (the fork server, the client processes) and their states."""
    out, todo = [], [server.proc.pid]
    while todo:
        pid = todo.pop()
        try:
            for task in Path(f"/proc/{pid}/task").iterdir():
                todo += [int(c) for c in (task / "children").read_text().split()]
            if pid != server.proc.pid:
                state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
                out.append((pid, state))
        except OSError:
            pass
    return out


def _bytes_read(pid: int) -> int | None:
    """What process ``pid`` has read in all (its terminal and its sockets)."""
    try:
        for line in Path(f"/proc/{pid}/io").read_text().splitlines():
            if line.startswith("rchar:"):
                return int(line.split()[1])
    except OSError:
        pass
    return None


def test_invalid_utf8_and_random_bytes_leave_every_session_playing(tmp_path, keys, tmux):
    import termios

    from foxtui.server import spawn

    server = Server(tmp_path, keys["authorized"]).start()
    try:
        ada = tmux.open("ada", server.ssh_command(keys["ada"]))
        ada.wait_for("Choose the name")
        for raw in ("ff", "c0 80", "63 61 66 e9"):  # a lone 0xFF, an overlong NUL, Latin-1 "café"
            ada.tmux.run("send-keys", "-t", ada.name, "-H", *raw.split())
        ada.wait_for("\ufffd")  # read as U+FFFD, drawn in the name's input
        # 64 KiB of random bytes: everything but Enter, ctrl+c and ctrl+q (which would
        # submit a name or quit, as they should)
        rng = random.Random(17)
        noise = bytes(b for b in (rng.randrange(256) for _ in range(70000)) if b not in (3, 10, 13, 17))[: 64 * 1024]
        for start in range(0, len(noise), 2048):
            chunk = noise[start : start + 2048]
            ada.tmux.run("send-keys", "-t", ada.name, "-H", *(f"{b:02x}" for b in chunk))
        time.sleep(2.0)
        for _ in range(60):  # the client reads all of it: wait until it is idle and reads nothing more
            # (it leaves out keys beyond a player's pace, and may look idle while the
            # noise still comes: the keys below would be left out with the rest)
            before = {pid: (spawn.cpu_used(pid), _bytes_read(pid)) for pid, _ in client_states(server)}
            time.sleep(1.0)
            after = {pid: (spawn.cpu_used(pid), _bytes_read(pid)) for pid, _ in client_states(server)}
            busy = {pid: round((now[0] or 0) - (before.get(pid, (0, 0))[0] or 0), 2) for pid, now in after.items()}
            reading = [pid for pid, now in after.items() if now[1] != before.get(pid, (0, 0))[1]]
            if all(v < 0.2 for v in busy.values()) and not reading:
                break
        time.sleep(1.0)  # (a second of keys' pace back)
        states = client_states(server)
        assert states and all(state not in "TtZ" for _, state in states), states
        for pid, _ in states:
            try:
                fd = os.open(f"/proc/{pid}/fd/0", os.O_RDONLY | os.O_NOCTTY | os.O_NONBLOCK)
            except OSError:
                continue
            try:
                lflag = termios.tcgetattr(fd)[3]
            except termios.error:
                continue  # the fork server: no terminal
            finally:
                os.close(fd)
            assert not lflag & (termios.ICANON | termios.ISIG), "a client's terminal went back to cooked mode"
        # the session still plays: whatever the noise left half-typed (a paste begun, an
        # escape sequence) is ended, the name cleared; then a name, and the lobby
        ada.tmux.run("send-keys", "-t", ada.name, "-H", *"1b 5b 32 30 31 7e".split())  # a paste's end
        time.sleep(0.5)
        ada.press("Escape")
        time.sleep(0.5)
        ada.press(*["BSpace"] * 20)
        ada.type("Ada")
        ada.press("Enter")
        ada.wait_for("you are Ada")
        assert "Traceback" not in ada.tmux.run("capture-pane", "-p", "-S", "-", "-t", ada.name)
        assert not server_tracebacks(server.log.read_text())
    finally:
        server.stop()


def test_quitting_with_more_keys_behind_shows_no_traceback(tmp_path, keys, tmux):
    server = Server(tmp_path, keys["authorized"]).start()
    try:
        ada = login(tmux, server, keys["ada"], "Ada")
        ada.type("qyn")  # q asks, y quits the lobby; n arrives while the screen is closing
        ada.wait_until(lambda text: "you are Ada" not in text, "the session ended")
        time.sleep(1.0)
        history = ada.tmux.run("capture-pane", "-p", "-S", "-", "-t", ada.name)
        assert "Traceback" not in history and "locals" not in history
    finally:
        server.stop()


def pane_flag(term: Terminal, field: str) -> str:
    return term.tmux.run("display-message", "-p", "-t", term.name, f"#{{{field}}}").strip()


def test_a_stopping_server_puts_every_terminal_back_and_says_so(tmp_path, keys, tmux):
    server = Server(tmp_path, keys["authorized"]).start()
    try:
        ada = login(tmux, server, keys["ada"], "Ada")
        bo = login(tmux, server, keys["bo"], "Bo")
        for term in (ada, bo):
            assert pane_flag(term, "alternate_on") == "1" and pane_flag(term, "mouse_any_flag") == "1"
        server.stop(signal.SIGTERM)
        for term in (ada, bo):
            term.wait_for("The foxtui server is stopping")
            term.wait_until(lambda _: pane_flag(term, "alternate_on") == "0", "the normal screen back")
            assert pane_flag(term, "mouse_any_flag") == "0" and pane_flag(term, "cursor_flag") == "1"
    finally:
        server.stop()


def test_sessions_multiplexed_over_one_connection_are_capped(tmp_path, keys, tmux):
    server = Server(tmp_path, keys["authorized"], "--max-sessions", "4", "--max-per-address", "2").start()
    control = tmp_path / "ctl"
    master = subprocess.Popen(
        [*server.ssh_command(keys["ada"])[:-1], "-M", "-S", str(control), "-N", "player@127.0.0.1"],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 15
        while not control.exists():
            assert time.monotonic() < deadline and master.poll() is None, "the master connection did not start"
            time.sleep(0.05)
        terms = [
            tmux.open(f"s{n}", ["ssh", "-S", str(control), "-tt", "-F", "/dev/null", "player@127.0.0.1"])
            for n in range(10)
        ]
        deadline = time.monotonic() + 30
        while True:
            screens = [t.text() for t in terms]
            playing = sum("Choose the name" in s for s in screens)
            refused = sum("Session open refused" in s for s in screens)
            if playing + refused == 10 or time.monotonic() > deadline:
                break
            time.sleep(0.2)
        assert (playing, refused) == (2, 8), "\n=====\n".join(screens)
        assert len([p for p, _ in client_states(server)]) <= 3  # two clients and the fork server
    finally:
        master.terminate()
        master.wait(10)
        server.stop()


def test_over_ssh_a_line_said_at_the_table_reaches_the_other_player_and_a_drop_is_told(tmp_path, keys, tmux):
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
        ada.wait_for("Ada's view", "/ Chat")
        ada.press("/")
        ada.wait_for("Table chat")
        ada.type("good luck, Bo \x1b[31m")
        ada.press("Enter")
        bo.wait_for("Ada: good luck, Bo")
        bo.kill()  # his terminal closes: the connection drops
        ada.wait_for("Bo's connection dropped")
        ada.wait_for("Bo away")
        log = server.log.read_text()
        assert re.search(r"Bo \(session \d+\) dropped from table 1, seat 2 \(the connection ended\)", log)
    finally:
        server.stop()
