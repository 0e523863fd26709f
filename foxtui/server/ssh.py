"""The SSH front of ``foxtui serve``: who may connect, and a screen per session.

Each SSH session gets its own client process on its own pseudo-terminal: forked by
the fork server (``forkserver.py``), or started as a command (``client_command``,
the tests' stand-ins). The channel's bytes go to the pty master and back, window
size changes go to the pty (TIOCSWINSZ, at most ``spawn.MAX_SIZE``), and the
process talks to the hub over a socket of its own. Only public keys log in; there
is no shell, no exec, no subsystem and no forwarding of any kind, and only current
algorithms are offered (no SHA-1 key exchange, MAC or signature).

What the limits protect (see ``Limits``):

- connections that have not logged in have slots of their own (a few per address,
  the oldest from the busiest address given up first when all are taken) and
  ``login_timeout`` seconds to log in, never renewed: they cannot keep a player
  with a key out. When an address's slots are full, a new connection takes the slot
  of the one that has shown least that it is an SSH client (sent nothing, then only
  its identification), never one that has done its key exchange: behind one NAT,
  connections that send nothing cannot keep a player out of their own address;
- a logged-in connection that opens no session is closed after ``no_session_timeout``;
- sessions (client processes) are counted in total, per address and per
  connection, however many sessions one connection multiplexes;
- a session with no key pressed for ``idle_timeout`` ends (the seat is kept);
- each client process has its own memory, open-file and processor limits
  (``spawn.ClientLimits``).

Every way a session ends puts the player's terminal back as it was
(``spawn.RESTORE_TERMINAL``) and says why in one sentence.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import os
import signal
import socket
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import asyncssh

from . import spawn
from .hub import Hub
from .protocol import LOW_BANDWIDTH, Notice, Window

LOG = logging.getLogger("foxtui.serve")

#: what a player's terminal may send before the client has read it; a huge paste
#: beyond this waits in SSH's flow control instead of in the server's memory
MAX_INPUT_BACKLOG = 64 * 1024
#: what a player reads when their screen ended of itself, not as it should
UNEXPECTED = "Your screen ended unexpectedly; please connect again (your seat is kept)."
#: seconds a client process has to end when its session is closed (then it is killed)
END_GRACE = 3.0

#: what the server offers, strongest first: nothing that rests on SHA-1 (nor MD5, nor
#: small groups); OpenSSH from 7.x on and PuTTY agree on several of each
KEX_ALGS = [
    "mlkem768x25519-sha256",
    "curve25519-sha256",
    "curve25519-sha256@libssh.org",
    "ecdh-sha2-nistp521",
    "ecdh-sha2-nistp384",
    "ecdh-sha2-nistp256",
    "diffie-hellman-group18-sha512",
    "diffie-hellman-group16-sha512",
    "diffie-hellman-group-exchange-sha256",
    "diffie-hellman-group14-sha256",
]
MAC_ALGS = [
    "hmac-sha2-256-etm@openssh.com",
    "hmac-sha2-512-etm@openssh.com",
    "umac-128-etm@openssh.com",
    "hmac-sha2-256",
    "hmac-sha2-512",
    "umac-128@openssh.com",
]
ENCRYPTION_ALGS = [
    "chacha20-poly1305@openssh.com",
    "aes256-gcm@openssh.com",
    "aes128-gcm@openssh.com",
    "aes256-ctr",
    "aes192-ctr",
    "aes128-ctr",
]
#: signatures a player's key may log in with (ssh-rsa is RSA with SHA-1)
SIGNATURE_ALGS = [
    "ssh-ed25519",
    "sk-ssh-ed25519@openssh.com",
    "ecdsa-sha2-nistp521",
    "ecdsa-sha2-nistp384",
    "ecdsa-sha2-nistp256",
    "sk-ecdsa-sha2-nistp256@openssh.com",
    "rsa-sha2-512",
    "rsa-sha2-256",
]


@dataclass
class Limits:
    #: sessions (client processes) at once, in total and from one address
    max_sessions: int = 50
    max_per_address: int = 8
    #: sessions one connection may multiplex (ssh -M, then ssh -S)
    max_per_connection: int = 3
    #: connections that have not logged in yet, in total and from one address
    max_unauthenticated: int = 32
    max_unauthenticated_per_address: int = 4
    #: seconds to log in, from the moment the connection is made (never renewed)
    login_timeout: float = 10.0
    #: public keys a connection may offer before it is closed
    max_auth_attempts: int = 6
    #: a logged-in connection with no session for this long is closed
    no_session_timeout: float = 30.0
    idle_timeout: float = 30 * 60.0  # no key pressed for this long: the session ends
    keepalive_interval: float = 30.0
    keepalive_count_max: int = 3
    client: spawn.ClientLimits = field(default_factory=spawn.ClientLimits)


@dataclass
class Front:
    """What every SSH connection shares: the hub, who may log in, and the counts."""

    hub: Hub
    authorized: set[str] | None  # key fingerprints; None = any key (--open)
    limits: Limits = field(default_factory=Limits)
    #: the fork server; None: start ``client_command`` for each session instead
    forker: Any = None
    client_command: list[str] = field(default_factory=lambda: [sys.executable, "-m", "foxtui", "_client"])
    #: connections that have not logged in, per address, oldest first
    pending: dict[str, list["FoxSSHServer"]] = field(default_factory=dict)
    sessions: set["PtySession"] = field(default_factory=set)
    numbers: Any = field(default_factory=lambda: itertools.count(1))

    def pending_count(self) -> int:
        return sum(len(conns) for conns in self.pending.values())

    def sessions_from(self, address: str) -> int:
        return sum(1 for s in self.sessions if s.server.address == address)


def least_advanced(conns: list["FoxSSHServer"]) -> "FoxSSHServer | None":
    """Of connections that have not logged in, the one that has shown least that it is
    an SSH client: one that sent nothing, then one that sent only its identification,
    the oldest first; None when every one has done its key exchange (it is logging in)."""
    slower = [c for c in conns if not c.auth_begun]
    return min(slower, key=lambda c: (c.identified(), c.started)) if slower else None


def read_authorized_keys(path: Path) -> set[str]:
    """SHA256 fingerprints of an authorized_keys file's keys (options before a key are
    allowed and ignored). Raises ValueError naming the first line that is not a key."""
    keys = set()
    for number, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), start=1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        key = _public_key(line) or _public_key(line.split(None, 1)[-1])
        if key is None:
            raise ValueError(f"{Path(path).name} line {number} is not a public key.")
        keys.add(key.get_fingerprint("sha256"))
    return keys


def _public_key(text: str) -> Any:
    try:
        return asyncssh.import_public_key(text)
    except (asyncssh.KeyImportError, ValueError):
        return None


class FoxSSHServer(asyncssh.SSHServer):
    """One SSH connection."""

    def __init__(self, front: Front) -> None:
        self.front = front
        self.conn: asyncssh.SSHServerConnection | None = None
        self.address = ""
        self.key: str | None = None  # the fingerprint of the key that logged in
        self.authenticated = False
        self.sessions: set[PtySession] = set()
        self.attempts = 0
        self._timer: asyncio.TimerHandle | None = None
        self._closed = False
        self.started = time.monotonic()
        self.auth_begun = False  # its key exchange is done: it asks to log in

    # --- before the login: slots of their own

    def identified(self) -> bool:
        """It has sent a valid SSH identification (the version line)."""
        return self.conn is not None and self.conn.get_extra_info("client_version") is not None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername") or ("?",)
        self.address = str(peer[0])
        front, limits = self.front, self.front.limits
        waiting = front.pending.setdefault(self.address, [])
        if len(waiting) >= limits.max_unauthenticated_per_address:
            slower = least_advanced(waiting)
            if slower is None:  # every one of them is logging in
                self._refuse(f"Too many connections from your address are logging in ({len(waiting)}); try again soon.")
                return
            LOG.info("a connection from %s that %s gave way to a new one", self.address, slower.progress_words())
            slower.give_up("Too many connections from your address are logging in; try again soon.")
        if front.pending_count() >= limits.max_unauthenticated:
            # the busiest address gives way, its least advanced connection first: a flood
            # from one address pushes out its own connections, not a player's from another
            busiest = max(front.pending.values(), key=lambda conns: (len(conns), -conns[0].started if conns else 0))
            if busiest:
                (least_advanced(busiest) or busiest[0]).give_up("The server has too many connections logging in; try again soon.")
        waiting.append(self)
        self._timer = asyncio.get_running_loop().call_later(limits.login_timeout, self._login_expired)

    def _refuse(self, reason: str) -> None:
        LOG.info("refused a connection from %s: %s", self.address, reason)
        self._closed = True
        conn = self.conn
        assert conn is not None
        asyncio.get_running_loop().call_soon(conn.disconnect, asyncssh.DISC_TOO_MANY_CONNECTIONS, reason)

    def give_up(self, reason: str) -> None:
        """Close this connection before it has logged in."""
        self._not_pending()
        self._refuse(reason)

    def _not_pending(self) -> None:
        waiting = self.front.pending.get(self.address)
        if waiting is not None and self in waiting:
            waiting.remove(self)
            if not waiting:
                del self.front.pending[self.address]

    def _login_expired(self) -> None:
        self._timer = None
        if not self.authenticated and not self._closed:
            LOG.info("a connection from %s did not log in within %g s; closed", self.address, self.front.limits.login_timeout)
            self.give_up("Logging in took too long.")

    def connection_lost(self, exc: Exception | None) -> None:
        self._closed = True
        self._not_pending()
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    # --- logging in

    def progress_words(self) -> str:
        if self.identified():
            return "sent only its identification"
        return "sent nothing"

    def begin_auth(self, username: str) -> bool:
        self.auth_begun = True
        return True

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return False

    def host_based_auth_supported(self) -> bool:
        return False

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        fingerprint = key.get_fingerprint("sha256")
        allowed = self.front.authorized is None or fingerprint in self.front.authorized
        if allowed:
            # asyncssh asks again, with the signature, just before a login succeeds:
            # the last key asked about is the one that logged in
            self.key = fingerprint
        else:
            self.attempts += 1
            LOG.info("refused key %s from %s", fingerprint, self.address)
            if self.attempts >= self.front.limits.max_auth_attempts:
                self.give_up("Too many keys were refused.")
        return allowed

    def auth_completed(self) -> None:
        self.authenticated = True
        self._not_pending()
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        hub = self.front.hub
        LOG.info("%s connected from %s (%s)", hub.names.get(self.key or "", "a new player"), self.address, self.key)
        self._wait_for_a_session()

    # --- sessions

    def _wait_for_a_session(self) -> None:
        """A connection that opens no session (ssh -N) is closed after a while."""
        if self._timer is not None:
            self._timer.cancel()
        self._timer = asyncio.get_running_loop().call_later(self.front.limits.no_session_timeout, self._no_session)

    def _no_session(self) -> None:
        self._timer = None
        if not self.sessions and not self._closed and self.conn is not None:
            LOG.info("a connection from %s opened no session; closed", self.address)
            self._closed = True
            self.conn.disconnect(asyncssh.DISC_BY_APPLICATION, "This connection opened no screen for a while; closed.")

    def session_requested(self) -> "PtySession":
        front, limits = self.front, self.front.limits
        refusal = None
        if len(front.sessions) >= limits.max_sessions:
            refusal = f"The foxtui server is full ({limits.max_sessions} players); please try again later."
        elif front.sessions_from(self.address) >= limits.max_per_address:
            refusal = f"Too many sessions from your address ({limits.max_per_address}); close one and try again."
        elif len(self.sessions) >= limits.max_per_connection:
            refusal = f"Too many sessions on this connection ({limits.max_per_connection}); close one and try again."
        if refusal is not None:
            LOG.info("refused a session from %s: %s", self.address, refusal)
            raise asyncssh.ChannelOpenError(asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED, refusal)
        session = PtySession(self, next(front.numbers))
        self.sessions.add(session)
        front.sessions.add(session)
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        return session

    def session_ended(self, session: "PtySession") -> None:
        self.sessions.discard(session)
        self.front.sessions.discard(session)
        if not self.sessions and not self._closed:
            self._wait_for_a_session()


class PtySession(asyncssh.SSHServerSession):
    """One SSH session: a client process on its own pty, piped to the channel."""

    def __init__(self, server: FoxSSHServer, number: int) -> None:
        self.server = server
        self.front = server.front
        self.number = number
        self.chan: Any = None
        self.term = "xterm-256color"
        self.size = (80, 24)  # the player's window
        self.has_pty = False
        self.master: int | None = None
        self.pid: int | None = None
        self._kill: Callable[[int], None] | None = None
        self._input = bytearray()
        self._reading_pty = False
        self._paused = False
        self._hub_task: asyncio.Task | None = None
        self._conn: Any = None  # the hub's connection of this session, once made
        self._told_size: tuple[int, int] | None = None
        self._ending: str | None = None  # why the server ends the session, if it does
        self._over = False  # the client process went over its processor limit
        self._ended = False
        self.done = asyncio.get_running_loop().create_future()
        self.last_input = time.monotonic()

    # --- what the client asks for

    def connection_made(self, chan: Any) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int], term_modes: Any) -> bool:
        self.has_pty = True
        self.term = _term(term_type) or self.term
        if term_size[0] and term_size[1]:
            self.size = (term_size[0], term_size[1])
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        return False  # a foxtui server runs no commands

    def subsystem_requested(self, subsystem: str) -> bool:
        return False  # no sftp or anything else

    def session_started(self) -> None:
        if not self.has_pty:
            self.chan.write(b"foxtui needs a terminal: connect with ssh -t.\r\n")
            self.chan.exit(1)
            return
        asyncio.get_running_loop().create_task(self._start())

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        if width and height:
            self.size = (width, height)
            if self.master is not None:
                spawn.set_size(self.master, spawn.clamp(self.size))
                self._tell_size()

    def data_received(self, data: bytes, datatype: Any) -> None:
        self.last_input = time.monotonic()
        if self.master is None or self._ending is not None:
            return  # keys before the screen is up (or as it closes) are dropped, not queued
        self._input += data
        self._write_input()

    def eof_received(self) -> bool:
        return False  # closes the session

    def pause_writing(self) -> None:
        self._paused = True  # the player's connection is slow: stop reading the screen

    def resume_writing(self) -> None:
        self._paused = False
        self._read_screen()

    def connection_lost(self, exc: Exception | None) -> None:
        self._ended = True
        self.server.session_ended(self)
        self._stop()
        if not self.done.done() and self.pid is None:
            self.done.set_result(None)

    # --- the client process

    async def _start(self) -> None:
        loop = asyncio.get_running_loop()
        key = self.server.key
        assert key is not None
        master, slave = os.openpty()
        spawn.make_raw(slave)
        spawn.set_size(master, spawn.clamp(self.size))
        os.set_blocking(master, False)
        ours, theirs = socket.socketpair()
        low = self.chan.get_environment().get(LOW_BANDWIDTH, "0") not in ("", "0")  # ssh -o SetEnv=...
        env = spawn.session_env(self.term, low)
        limits = self.front.limits.client
        wait: Any
        try:
            forker = self.front.forker
            if forker is not None:
                from .forkserver import Spec

                spec = Spec(
                    self.number, env, limits.memory, limits.open_files,
                    limits.cpu_share, limits.cpu_burst, limits.core_held,
                )  # fmt: skip
                pid = await forker.spawn(spec, slave, theirs.fileno())
                self._kill = lambda sig: forker.signal(pid, sig)
                wait = forker.wait(pid)
            else:
                process = await asyncio.create_subprocess_exec(
                    *self.front.client_command,
                    "--fd",
                    str(theirs.fileno()),
                    stdin=slave,
                    stdout=slave,
                    stderr=slave,
                    pass_fds=(theirs.fileno(),),
                    start_new_session=True,
                    preexec_fn=lambda: spawn.in_child(limits),
                    env=env,
                )
                pid = process.pid
                self._kill = lambda sig: _killpg(pid, sig)
                wait = _exit_status(process)
        except OSError as exc:
            LOG.error("session %d: could not start a client process: %s", self.number, exc)
            os.close(master)
            ours.close()
            self._say_and_exit("The foxtui server could not open a screen; please try again later.")
            return
        finally:
            os.close(slave)
            theirs.close()
        self.pid = pid
        if self._ended:  # the player went while the process started
            os.close(master)
            ours.close()
            self._kill(signal.SIGHUP)
            await wait
            self.done.set_result(None)
            return
        self.master = master
        loop.add_reader(master, self._read_screen)
        self._reading_pty = True
        reader, writer = await asyncio.open_unix_connection(sock=ours)
        hub = self.front.hub
        self._hub_task = loop.create_task(
            hub.serve(hub.player(key), reader, writer, self.server.address, session=self.number, conn_made=self._conn_made)
        )
        status = await wait
        over = self.front.forker.over.pop(pid, None) if self.front.forker is not None else None
        if over:
            LOG.info("session %d: its screen was closed at the processor limit (%s)", self.number, over)
            self._over = True
        self._finish(status)

    def _conn_made(self, conn: Any) -> None:
        self._conn = conn
        self._tell_size()

    def _tell_size(self) -> None:
        """A window larger than a client process is given: the player is told, once per size."""
        served = spawn.clamp(self.size)
        if self._conn is None or self._told_size == self.size:
            return
        if served == self.size and self._told_size is None:
            return
        self._told_size = self.size
        columns, rows = self.size
        self._conn.send(Window(columns, rows))  # (a too-small message says this size)
        if served == self.size or rows < 24 or columns < 80:
            return  # (a window too small is told so, with its size)
        self._conn.send(
            Notice(
                f"Your window is {columns}×{rows}, larger than this server draws: the screen uses"
                f" {served[0]}×{served[1]} of it, in the top left corner.",
                "warning",
            )
        )

    def _read_screen(self) -> None:
        if self.master is None or self._paused:
            self._stop_reading()
            return
        if not self._reading_pty:
            asyncio.get_running_loop().add_reader(self.master, self._read_screen)
            self._reading_pty = True
        try:
            data = os.read(self.master, 65536)
        except BlockingIOError:
            return
        except OSError:  # EIO: the client process has closed its terminal
            self._stop_reading()
            return
        if data:
            try:
                self.chan.write(data)
            except (BrokenPipeError, OSError, asyncssh.Error):  # the channel closed while the screen was drawing
                self._stop_reading()

    def _stop_reading(self) -> None:
        if self._reading_pty and self.master is not None:
            asyncio.get_running_loop().remove_reader(self.master)
        self._reading_pty = False

    def _write_input(self) -> None:
        loop = asyncio.get_running_loop()
        if self.master is None:
            return
        try:
            while self._input:
                written = os.write(self.master, self._input[:4096])
                del self._input[:written]
        except BlockingIOError:
            pass
        except OSError:
            self._input.clear()
            return
        if self._input:
            loop.remove_writer(self.master)
            loop.add_writer(self.master, self._input_drained)
            if len(self._input) > MAX_INPUT_BACKLOG:
                self.chan.pause_reading()  # SSH flow control holds the rest of a huge paste
        else:
            loop.remove_writer(self.master)
            self.chan.resume_reading()

    def _input_drained(self) -> None:
        self._write_input()

    def _finish(self, status: int) -> None:
        """The client process has ended: what it wrote last (its goodbye, Textual's
        restoring of the terminal) reaches the player, then the terminal is put back
        whatever the process did, then why the server ended it, if it did."""
        if self.master is not None and not self._ended:
            try:
                while data := os.read(self.master, 65536):
                    self.chan.write(data)
            except (OSError, asyncssh.Error):
                pass
        self._stop()
        clean = os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0
        if not clean:
            LOG.info("session %d: the client process ended (%s)", self.number, spawn.describe_exit(status))
        words = self._ending
        if words is None and not clean:
            # (a screen over its limit that did not close in time was killed: it said nothing)
            words = spawn.TOO_BUSY if self._over else UNEXPECTED
        self._say_and_exit(words, 0 if clean else 1)
        if not self.done.done():
            self.done.set_result(None)

    def _say_and_exit(self, words: str | None, code: int = 1) -> None:
        if self._ended:
            return
        try:
            self.chan.write(spawn.RESTORE_TERMINAL)
            if words:
                self.chan.write(b"\r\n" + words.encode() + b"\r\n")
            self.chan.exit(code)
        except (OSError, asyncssh.Error):
            pass

    def _stop(self) -> None:
        self._stop_reading()
        if self.master is not None:
            loop = asyncio.get_running_loop()
            loop.remove_writer(self.master)
            os.close(self.master)
            self.master = None
        if self._kill is not None and not self.done.done():
            self._kill(signal.SIGHUP)  # as a terminal hanging up

    def end(self, words: str) -> None:
        """The server ends this session (idle, stopping): the client process is asked
        to end (and restores the terminal), then the player reads ``words``. A process
        that does not end within END_GRACE is killed."""
        if self._ending is not None or self._ended:
            return
        self._ending = words
        if self._kill is None:  # no process (yet): just the words
            self._say_and_exit(words, 0)
            return
        self._kill(signal.SIGTERM)
        asyncio.get_running_loop().call_later(END_GRACE, self._end_now)

    def _end_now(self) -> None:
        if not self.done.done() and self._kill is not None:
            self._kill(signal.SIGKILL)

    def close_idle(self) -> None:
        self.end(idle_goodbye(self.front.hub, self._conn, self.server.key))


def idle_goodbye(hub: Hub, conn: Any, key: str | None) -> str:
    """What a session that ended for want of keys says: a seat is named only to a
    player who has one (a spectator, a player in the lobby with no table, have none)."""
    words = "No key pressed for a long time: goodbye."
    if conn is not None and conn.seat is not None:
        return f"{words} Your seat is kept."
    if key is not None and hub.live_tables(key):
        return f"{words} Your seats are kept: log in again to rejoin them."
    return words


def _term(term: str) -> str:
    """A TERM value that is a terminal's name, or nothing."""
    term = term.strip()
    if 0 < len(term) <= 64 and all(c.isalnum() or c in "-_.+" for c in term):
        return term
    return ""


def _killpg(pid: int, sig: int) -> None:
    try:
        os.killpg(pid, sig)
    except (ProcessLookupError, PermissionError):
        pass


async def _exit_status(process: asyncio.subprocess.Process) -> int:
    """A started command's end as a waitpid status."""
    code = await process.wait()
    return code << 8 if code >= 0 else -code


async def _watch_idle(front: Front) -> None:
    while True:
        await asyncio.sleep(min(60.0, front.limits.idle_timeout / 4))
        now = time.monotonic()
        for session in list(front.sessions):
            if now - session.last_input > front.limits.idle_timeout:
                LOG.info("%s was idle; disconnected", front.hub.names.get(session.server.key or "", "a player"))
                session.close_idle()


def _offered(wanted: list[str], available: list[bytes]) -> list[str]:
    have = {alg.decode() for alg in available}
    return [alg for alg in wanted if alg in have]


async def start_server(front: Front, host: str, port: int, host_key: Any) -> Any:
    """Listen; returns the asyncssh server (close() it to stop)."""
    from asyncssh.encryption import get_encryption_algs
    from asyncssh.kex import get_kex_algs
    from asyncssh.mac import get_mac_algs
    from asyncssh.public_key import get_public_key_algs

    limits = front.limits
    server = await asyncssh.create_server(
        lambda: FoxSSHServer(front),
        host,
        port,
        server_host_keys=[host_key],
        encoding=None,  # bytes both ways: the pty speaks bytes
        login_timeout=limits.login_timeout,
        keepalive_interval=limits.keepalive_interval,
        keepalive_count_max=limits.keepalive_count_max,
        kex_algs=_offered(KEX_ALGS, get_kex_algs()),
        mac_algs=_offered(MAC_ALGS, get_mac_algs()),
        encryption_algs=_offered(ENCRYPTION_ALGS, get_encryption_algs()),
        signature_algs=_offered(SIGNATURE_ALGS, get_public_key_algs()),
        agent_forwarding=False,
        x11_forwarding=False,
        allow_scp=False,
        allow_pty=True,
        line_editor=False,
        password_auth=False,
        kbdint_auth=False,
        host_based_auth=False,
        gss_host=None,
    )
    asyncio.get_running_loop().create_task(_watch_idle(front))
    return server


async def end_sessions(front: Front, words: str, timeout: float = END_GRACE + 2) -> None:
    """Every session ends with ``words`` (the server is stopping): each terminal put back."""
    sessions = list(front.sessions)
    for session in sessions:
        session.end(words)
    waiting = [session.done for session in sessions if not session.done.done()]
    if waiting:
        await asyncio.wait(waiting, timeout=timeout)
