"""The SSH front of ``foxtui serve``: who may connect, and a screen per session.

Each SSH session gets its own client process (``foxtui _client``) on its own
pseudo-terminal: the channel's bytes go to the pty master and back, window size
changes go to the pty (TIOCSWINSZ), and the process talks to the hub over a
socketpair it inherits. Only public keys log in; there is no shell, no exec, no
subsystem and no forwarding of any kind.
"""

from __future__ import annotations

import asyncio
import fcntl
import logging
import os
import signal
import socket
import struct
import sys
import termios
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncssh

from .hub import Hub
from .protocol import LOW_BANDWIDTH

LOG = logging.getLogger("foxtui.serve")

#: what a player's terminal may send before the client has read it; a huge paste
#: beyond this waits in SSH's flow control instead of in the server's memory
MAX_INPUT_BACKLOG = 64 * 1024


@dataclass
class Limits:
    max_connections: int = 50
    max_per_address: int = 8
    login_timeout: float = 30.0
    idle_timeout: float = 30 * 60.0  # no key pressed for this long: the session ends
    keepalive_interval: float = 30.0
    keepalive_count_max: int = 3


@dataclass
class Front:
    """What every SSH connection shares: the hub, who may log in, and the counts."""

    hub: Hub
    authorized: set[str] | None  # key fingerprints; None = any key (--open)
    limits: Limits = field(default_factory=Limits)
    client_command: list[str] = field(default_factory=lambda: [sys.executable, "-m", "foxtui", "_client"])
    connections: int = 0
    per_address: dict[str, int] = field(default_factory=dict)
    sessions: set["PtySession"] = field(default_factory=set)


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
    def __init__(self, front: Front) -> None:
        self.front = front
        self.conn: asyncssh.SSHServerConnection | None = None
        self.address = ""
        self.key: str | None = None  # the fingerprint of the key that logged in
        self.refusal: str | None = None
        self._counted = False

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername") or ("?",)
        self.address = str(peer[0])
        front, limits = self.front, self.front.limits
        if front.connections >= limits.max_connections:
            self.refusal = f"The foxtui server is full ({limits.max_connections} connections); please try again later."
        elif front.per_address.get(self.address, 0) >= limits.max_per_address:
            self.refusal = f"Too many connections from your address ({limits.max_per_address}); close one and try again."
        else:
            self._counted = True
            front.connections += 1
            front.per_address[self.address] = front.per_address.get(self.address, 0) + 1

    def connection_lost(self, exc: Exception | None) -> None:
        if self._counted:
            self._counted = False
            front = self.front
            front.connections -= 1
            left = front.per_address.get(self.address, 1) - 1
            if left:
                front.per_address[self.address] = left
            else:
                front.per_address.pop(self.address, None)

    def begin_auth(self, username: str) -> bool:
        if self.refusal is not None:
            assert self.conn is not None
            LOG.info("refused a connection from %s: %s", self.address, self.refusal)
            self.conn.send_auth_banner(self.refusal + "\r\n")
            self.conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, self.refusal)
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
            LOG.info("refused key %s from %s", fingerprint, self.address)
        return allowed

    def auth_completed(self) -> None:
        hub = self.front.hub
        LOG.info("%s connected from %s (%s)", hub.names.get(self.key or "", "a new player"), self.address, self.key)

    def session_requested(self) -> "PtySession":
        return PtySession(self)


class PtySession(asyncssh.SSHServerSession):
    """One SSH session: a client process on its own pty, piped to the channel."""

    def __init__(self, server: FoxSSHServer) -> None:
        self.server = server
        self.front = server.front
        self.chan: Any = None
        self.term = "xterm-256color"
        self.size = (80, 24)
        self.has_pty = False
        self.master: int | None = None
        self.process: asyncio.subprocess.Process | None = None
        self._input = bytearray()
        self._reading_pty = False
        self._paused = False
        self._hub_task: asyncio.Task | None = None
        self.last_input = time.monotonic()

    # --- what the client asks for

    def connection_made(self, chan: Any) -> None:
        self.chan = chan
        self.front.sessions.add(self)

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int], term_modes: Any) -> bool:
        self.has_pty = True
        self.term = term_type or self.term
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
                _set_size(self.master, self.size)

    def data_received(self, data: bytes, datatype: Any) -> None:
        self.last_input = time.monotonic()
        if self.master is None:
            return  # keys before the screen is up are dropped, not queued
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
        self.front.sessions.discard(self)
        self._stop()

    # --- the client process

    async def _start(self) -> None:
        loop = asyncio.get_running_loop()
        key = self.server.key
        assert key is not None
        master, slave = os.openpty()
        _set_size(master, self.size)
        os.set_blocking(master, False)
        ours, theirs = socket.socketpair()
        env = {
            "TERM": self.term,
            "LANG": "C.UTF-8",
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "FOXTUI_DATA_DIR": os.devnull,  # the client keeps nothing: the server has it all
        }
        if self.chan.get_environment().get(LOW_BANDWIDTH, "0") not in ("", "0"):
            env[LOW_BANDWIDTH] = "1"  # the player asked for it (ssh -o SetEnv=FOXTUI_LOW_BANDWIDTH=1)
        try:
            self.process = await asyncio.create_subprocess_exec(
                *self.front.client_command,
                "--fd",
                str(theirs.fileno()),
                stdin=slave,
                stdout=slave,
                stderr=slave,
                pass_fds=(theirs.fileno(),),
                start_new_session=True,
                preexec_fn=_take_terminal,
                env=env,
            )
        except OSError as exc:
            LOG.error("could not start a client process: %s", exc)
            self.chan.write(b"The foxtui server could not open a screen; please try again later.\r\n")
            self.chan.exit(1)
            return
        finally:
            os.close(slave)
            theirs.close()
        self.master = master
        loop.add_reader(master, self._read_screen)
        self._reading_pty = True
        reader, writer = await asyncio.open_unix_connection(sock=ours)
        hub = self.front.hub
        self._hub_task = loop.create_task(hub.serve(hub.player(key), reader, writer, self.server.address))
        code = await self.process.wait()
        self._finish(code)

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
            except BrokenPipeError:  # the player's channel closed while the screen was drawing
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

    def _finish(self, code: int) -> None:
        # what the screen wrote last (a goodbye) reaches the player before the channel closes
        if self.master is not None:
            try:
                while data := os.read(self.master, 65536):
                    self.chan.write(data)
            except OSError:
                pass
        self._stop()
        try:
            self.chan.exit(0 if code == 0 else 1)
        except (OSError, asyncssh.Error):
            pass

    def _stop(self) -> None:
        self._stop_reading()
        if self.master is not None:
            loop = asyncio.get_running_loop()
            loop.remove_writer(self.master)
            os.close(self.master)
            self.master = None
        if self.process is not None and self.process.returncode is None:
            try:
                os.killpg(self.process.pid, signal.SIGHUP)  # as a terminal hanging up
            except ProcessLookupError:
                pass

    def close_idle(self) -> None:
        self.chan.write(b"\r\nNo key pressed for a long time: goodbye. Your seat is kept.\r\n")
        self.chan.close()


def _set_size(fd: int, size: tuple[int, int]) -> None:
    columns, rows = size
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))


def _take_terminal() -> None:
    """In the client process, before exec: its pty becomes its controlling terminal,
    so that window size changes reach it as SIGWINCH."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


async def _watch_idle(front: Front) -> None:
    while True:
        await asyncio.sleep(min(60.0, front.limits.idle_timeout / 4))
        now = time.monotonic()
        for session in list(front.sessions):
            if now - session.last_input > front.limits.idle_timeout:
                LOG.info("%s was idle; disconnected", front.hub.names.get(session.server.key or "", "a player"))
                session.close_idle()


async def start_server(front: Front, host: str, port: int, host_key: Any) -> Any:
    """Listen; returns the asyncssh server (close() it to stop)."""
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
