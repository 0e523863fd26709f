"""The SSH front against hostile clients (issue 17), with asyncssh clients in the same
process: caps that count sessions, slots for connections that have not logged in,
connections with no session, a huge window, the client process's limits, the
terminal put back however a session ends, and only current algorithms."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import random
import socket
import sys
import time

import asyncssh
import pytest
from server_helpers import TIMEOUT, make_hub, run

from foxtui.server import spawn
from foxtui.server.serve import host_key
from foxtui.server.ssh import Front, Limits, start_server

#: stands in for the client process: draws as Textual would (the alternate screen,
#: mouse reports), then waits for the end
ALTERNATE_SCREEN = """
import sys, time
sys.stdout.write('\\x1b[?1049h\\x1b[?1003h\\x1b[?1006hdrawn\\r\\n'); sys.stdout.flush()
time.sleep(60)
"""

#: says what it was given: its window, limits and signal dispositions, its terminal's mode
SHOW_LIMITS = """
import os, resource, signal, sys, termios, time
columns, rows = os.get_terminal_size(0)
lflag = termios.tcgetattr(0)[3]
iflag = termios.tcgetattr(0)[0]
print('size %dx%d' % (columns, rows))
print('nofile', resource.getrlimit(resource.RLIMIT_NOFILE)[0])
print('as', resource.getrlimit(resource.RLIMIT_AS)[0])
print('cpu', resource.getrlimit(resource.RLIMIT_CPU)[0])
print('tstp', signal.getsignal(signal.SIGTSTP) == signal.SIG_IGN, 'int', signal.getsignal(signal.SIGINT) == signal.SIG_IGN)
print('isig', bool(lflag & termios.ISIG), 'icanon', bool(lflag & termios.ICANON), 'ixon', bool(iflag & termios.IXON))
print('end')
sys.stdout.flush()
time.sleep(30)
"""

SLEEP = "import time; time.sleep(60)"


@contextlib.asynccontextmanager
async def serving(tmp_path, client: str | None, limits: Limits | None = None, authorized=None):
    """A server whose sessions run ``client`` (Python source; None: the fork server and
    the real client process). Yields (front, port)."""
    data = tmp_path / "data"
    data.mkdir(mode=0o700, parents=True, exist_ok=True)
    front = Front(make_hub(tmp_path), authorized, limits or Limits())
    forker = None
    if client is None:
        from foxtui.server.forkserver import Forker

        forker = Forker()
        await forker.start()
        front.forker = forker
    else:
        front.client_command = [sys.executable, "-c", client]
    server = await start_server(front, "127.0.0.1", 0, host_key(data))
    try:
        yield front, server.sockets[0].getsockname()[1]
    finally:
        server.close()
        front.hub.close()
        if forker is not None:
            forker.close()


def connect(port: int, key=None, **kwargs):
    return asyncssh.connect(
        "127.0.0.1", port, username="ada", known_hosts=None, agent_path=None,
        client_keys=[key or asyncssh.generate_private_key("ssh-ed25519")], **kwargs,
    )  # fmt: skip


async def until(condition, what: str, seconds: float = TIMEOUT) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"never happened: {what}")
        await asyncio.sleep(0.02)


# --- item 1: a huge window, and the client process's limits


def test_a_huge_window_is_served_at_most_320x120_and_the_client_has_limits(tmp_path):
    async def main():
        async with serving(tmp_path, SHOW_LIMITS) as (front, port):
            async with connect(port) as conn:
                process = await conn.create_process(term_type="xterm", term_size=(6000, 2000), encoding="utf-8")
                said = ""
                while "end" not in said:
                    said += await asyncio.wait_for(process.stdout.readline(), TIMEOUT)
                assert "size 320x120" in said
                assert "nofile 64" in said and f"cpu {int(spawn.ClientLimits().cpu_burst)}" in said
                address_space = int(said.split("as ")[1].split()[0])
                assert 0 < address_space < 8 * 1024**3
                assert "tstp True int True" in said
                assert "isig False icanon False ixon False" in said
                process.change_terminal_size(65535, 65535)
                await asyncio.sleep(0.2)
                (session,) = front.sessions
                assert spawn.get_size(session.master) == (320, 120)

    run(main())


def test_a_real_client_at_6000x2000_stays_small_and_says_its_window_is_larger(tmp_path):
    async def main():
        async with serving(tmp_path, None) as (front, port):
            async with connect(port) as conn:
                chan, screen = await conn.create_session(_Screen, term_type="xterm-256color", term_size=(6000, 2000), encoding=None)
                await screen.wait_for(b"Choose the name")
                await screen.wait_for(b"larger than this server draws")
                (session,) = front.sessions
                rss = _rss_kib(session.pid)
                assert rss < 200 * 1024, f"a client of {rss} KiB"
                limits = open(f"/proc/{session.pid}/limits").read()
                assert "Max open files            64" in limits
                chan.close()

    run(main(), timeout=120)


def test_a_window_too_small_and_too_wide_is_told_at_the_size_the_terminal_has(tmp_path):
    """100000x3: the client process draws on 320x3 of it; the message says 100000x3."""

    async def main():
        async with serving(tmp_path, None) as (front, port):
            async with connect(port) as conn:
                chan, screen = await conn.create_session(_Screen, term_type="xterm-256color", term_size=(100000, 3), encoding=None)
                await screen.wait_for("this one is 100000×3".encode())
                chan.change_terminal_size(200, 3)  # within what is drawn: the size it has
                await screen.wait_for("200×3".encode())
                chan.change_terminal_size(7000, 3)
                await screen.wait_for("7000×3".encode())
                chan.close()

    run(main(), timeout=120)


def test_the_fork_server_makes_its_objects_immortal_where_python_can_and_its_clients_play(tmp_path):
    from foxtui.server import forkserver

    why = forkserver.why_not_immortal_here()  # Python 3.11: it has no immortal objects

    async def main():
        async with serving(tmp_path, None) as (front, port):
            forker = front.forker
            if why is None:
                assert forker.immortal > 100_000 and forker.why_not_immortal is None
            else:
                assert (forker.immortal, forker.why_not_immortal) == (0, why)
            async with connect(port) as conn:
                chan, screen = await conn.create_session(_Screen, term_type="xterm-256color", term_size=(80, 24), encoding=None)
                await screen.wait_for(b"Choose the name")
                chan.write(b"Ada\r")
                await screen.wait_for(b"you are Ada")
                chan.close()
            process = forker.process
            forker._gone()  # the server's end closed: the fork server ends, and ends well
            assert await asyncio.wait_for(process.wait(), TIMEOUT) == 0

    run(main(), timeout=120)


class _Screen(asyncssh.SSHClientSession):
    def __init__(self) -> None:
        self.buffer = bytearray()
        self.arrived = asyncio.Event()

    def data_received(self, data: bytes, datatype) -> None:
        self.buffer += data
        self.arrived.set()

    async def wait_for(self, text: bytes, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while text not in bytes(self.buffer).replace(b"\x1b[", b"\x1b["):
            self.arrived.clear()
            if time.monotonic() > deadline:
                raise AssertionError(f"never saw {text!r}; saw {bytes(self.buffer[-2000:])!r}")
            try:
                await asyncio.wait_for(self.arrived.wait(), 0.5)
            except asyncio.TimeoutError:
                pass


def _rss_kib(pid: int) -> int:
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


# --- item 2: caps count sessions, however they are multiplexed


def test_one_connection_cannot_run_more_sessions_than_the_caps(tmp_path):
    async def main():
        limits = Limits(max_sessions=4, max_per_address=2, max_per_connection=3)
        async with serving(tmp_path, SLEEP, limits) as (front, port):
            async with connect(port) as conn:
                opened, refused = [], []
                for _ in range(10):
                    try:
                        opened.append(await conn.create_process(term_type="xterm"))
                    except asyncssh.ChannelOpenError as exc:
                        refused.append(exc.reason)
                assert len(opened) == 2 and len(front.sessions) == 2
                assert all("Too many sessions from your address (2)" in r for r in refused)
                opened[0].close()
                await until(lambda: len(front.sessions) == 1, "a session's end counted")
                opened.append(await conn.create_process(term_type="xterm"))  # a slot again

    run(main())


def test_the_sessions_of_one_connection_are_capped_too(tmp_path):
    async def main():
        limits = Limits(max_sessions=10, max_per_address=10, max_per_connection=2)
        async with serving(tmp_path, SLEEP, limits) as (front, port):
            async with connect(port) as conn:
                await conn.create_process(term_type="xterm")
                await conn.create_process(term_type="xterm")
                with pytest.raises(asyncssh.ChannelOpenError, match="on this connection"):
                    await conn.create_process(term_type="xterm")
                async with connect(port) as other:  # another connection has its own
                    await other.create_process(term_type="xterm")
                assert len(front.sessions) >= 2

    run(main())


# --- item 3: connections that never log in


def _silent(address: str, port: int) -> socket.socket:
    """A TCP connection from ``address`` that never says anything."""
    sock = socket.socket()
    sock.bind((address, 0))
    sock.connect(("127.0.0.1", port))
    return sock


def _closed_within(sock: socket.socket, seconds: float) -> bool:
    sock.settimeout(seconds)
    try:
        while sock.recv(4096):
            pass
        return True
    except ConnectionResetError:
        return True
    except socket.timeout:
        return False


def test_connections_that_do_not_log_in_are_closed_and_keep_no_player_out(tmp_path):
    async def main():
        limits = Limits(max_unauthenticated=6, max_unauthenticated_per_address=3, login_timeout=1.0)
        async with serving(tmp_path, SLEEP, limits) as (front, port):
            loop = asyncio.get_running_loop()
            flood = [_silent("127.0.0.1", port) for _ in range(12)]  # 3 are let wait, the rest refused
            flood += [_silent(f"127.0.0.{n}", port) for n in (3, 3, 3, 4, 4, 4)]
            await asyncio.sleep(0.3)
            assert front.pending_count() <= 6
            # a player from another address still logs in: the busiest address gives way
            async with connect(port, local_addr=("127.0.0.2", 0)) as conn:
                await conn.create_process(term_type="xterm")
            # and none of them is kept past the login timeout, whatever it does
            started = time.monotonic()
            closed = await asyncio.gather(*(loop.run_in_executor(None, _closed_within, s, 5.0) for s in flood))
            assert all(closed) and time.monotonic() - started < 4.0
            for s in flood:
                s.close()

    run(main())


def test_a_login_that_keeps_talking_is_closed_at_the_login_timeout(tmp_path):
    async def main():
        limits = Limits(login_timeout=1.0)
        async with serving(tmp_path, SLEEP, limits, authorized=set()) as (front, port):
            sock = _silent("127.0.0.1", port)
            sock.sendall(b"SSH-2.0-slow\r\n")
            started = time.monotonic()
            sock.setblocking(False)
            closed = False
            while time.monotonic() - started < 5 and not closed:
                try:
                    sock.send(b"\x00")  # a byte now and then: never a whole packet
                    data = sock.recv(65536)
                    closed = data == b""
                except BlockingIOError:
                    pass
                except OSError:
                    closed = True
                await asyncio.sleep(0.1)
            assert closed and time.monotonic() - started < 3
            sock.close()
            # many refused keys end the connection early
            keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(20)]
            with pytest.raises((asyncssh.PermissionDenied, asyncssh.ConnectionLost, asyncssh.DisconnectError)):
                async with asyncssh.connect(
                    "127.0.0.1", port, username="ada", known_hosts=None, agent_path=None, client_keys=keys
                ):
                    pass

    run(main())


# --- item 4: a connection with no session


def test_a_connection_that_opens_no_session_is_closed(tmp_path):
    async def main():
        async with serving(tmp_path, SLEEP, Limits(no_session_timeout=0.5)) as (front, port):
            conn = await connect(port)
            await asyncio.wait_for(conn.wait_closed(), 5)  # ssh -N: closed by the server
            conn = await connect(port)
            process = await conn.create_process(term_type="xterm")
            await asyncio.sleep(1.0)
            assert not conn.is_closed() if hasattr(conn, "is_closed") else True  # a session keeps it
            process.close()
            await asyncio.wait_for(conn.wait_closed(), 5)  # ... until it ends

    run(main())


# --- item 7: the terminal is put back however a session ends


def test_the_idle_timeout_puts_the_terminal_back_before_its_goodbye(tmp_path):
    async def main():
        async with serving(tmp_path, ALTERNATE_SCREEN, Limits(idle_timeout=0.4)) as (front, port):
            async with connect(port) as conn:
                process = await conn.create_process(term_type="xterm", encoding=None)
                said = await asyncio.wait_for(process.stdout.read(), TIMEOUT)
        drawn = said.index(b"drawn")
        tail = said[drawn:]
        assert spawn.RESTORE_TERMINAL in tail and b"No key pressed for a long time" in tail
        assert tail.index(spawn.RESTORE_TERMINAL) < tail.index(b"No key pressed")

    run(main())


def test_a_client_that_dies_leaves_the_terminal_put_back_and_one_sentence(tmp_path):
    crash = ALTERNATE_SCREEN.replace("time.sleep(60)", "import os; os._exit(3)")

    async def main():
        async with serving(tmp_path, crash) as (front, port):
            async with connect(port) as conn:
                process = await conn.create_process(term_type="xterm", encoding=None)
                said = await asyncio.wait_for(process.stdout.read(), TIMEOUT)
                await process.wait_closed()
        tail = said[said.index(b"drawn"):]
        assert spawn.RESTORE_TERMINAL in tail and b"Your screen ended unexpectedly" in tail
        assert b"Traceback" not in said

    run(main())


# --- item 13: only current algorithms


@pytest.mark.parametrize(
    "option,value",
    [
        ("kex_algs", ["diffie-hellman-group14-sha1"]),
        ("kex_algs", ["diffie-hellman-group1-sha1"]),
        ("mac_algs", ["hmac-sha1"]),
        ("mac_algs", ["hmac-sha1-etm@openssh.com"]),
        ("mac_algs", ["hmac-md5"]),
        ("encryption_algs", ["aes128-cbc"]),
    ],
)
def test_sha1_and_other_old_algorithms_are_refused(tmp_path, option, value):
    # a MAC is only negotiated with a cipher that is not authenticated itself
    cipher = {} if option == "encryption_algs" else {"encryption_algs": ["aes128-ctr"]}

    async def main():
        async with serving(tmp_path, SLEEP) as (front, port):
            with pytest.raises((asyncssh.KeyExchangeFailed, asyncssh.ProtocolError, asyncssh.DisconnectError, OSError)):
                async with connect(port, **{option: value}, **cipher):
                    pass
            async with connect(port):  # the defaults agree on current ones
                pass

    run(main())


def test_connections_that_send_nothing_do_not_keep_a_player_out_of_their_own_address(tmp_path):
    """Behind one NAT: twenty connections that send nothing, and more opened while the
    player logs in. The player's connection sent its identification and key exchange:
    it never waits behind theirs, which give way to it (it was refused, 'Too many
    connections from your address are logging in (4)', until they timed out)."""

    async def main():
        async with serving(tmp_path, SLEEP) as (front, port):  # the default limits: 4 per address, 10 s
            loop = asyncio.get_running_loop()
            flood = [_silent("127.0.0.1", port) for _ in range(20)]
            await until(lambda: front.pending_count() == Limits().max_unauthenticated_per_address, "the slots full")
            started = time.monotonic()
            player = asyncio.ensure_future(connect(port).__aenter__())
            await asyncio.sleep(0)
            flood += [_silent("127.0.0.1", port) for _ in range(4)]  # the attacker opens four more at once
            conn = await asyncio.wait_for(player, 5)
            await conn.create_process(term_type="xterm")
            assert time.monotonic() - started < 3.0  # not after the others' 10 s
            conn.close()
            closed = await asyncio.gather(*(loop.run_in_executor(None, _closed_within, s, 1.0) for s in flood[:16]))
            assert all(closed)  # the silent ones gave way (or were refused), long before their timeout
            for s in flood:
                s.close()

    run(main())


# --- issue 38, 4: a paste of noise costs a screen little; a screen that spins is closed


def _noise(size: int, seed: int) -> bytes:
    """Random bytes, but none of the keys that end a session (q, ctrl+c and ctrl+q ask,
    and a y would answer): the noise is to cost, not to quit."""
    rng = random.Random(seed)
    return bytes(b for b in rng.randbytes(2 * size) if b not in b"qQ\x03\x11")[:size]


def _status_kib(pid: int, field: str) -> int:
    for line in open(f"/proc/{pid}/status"):
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return 0


async def _lobby(port: int, key, name: str):
    conn = await connect(port, key)
    chan, screen = await conn.create_session(_Screen, term_type="xterm-256color", term_size=(80, 24), encoding=None)
    await screen.wait_for(b"Choose the name")
    chan.write(name.encode() + b"\r")
    await screen.wait_for(f"you are {name}".encode())
    return conn, chan, screen


def test_a_noise_paste_in_the_lobby_costs_its_screen_little_and_a_screen_that_spins_is_closed_at_its_limit(
    tmp_path, caplog
):
    """The issue pasted 64 KiB of noise into the lobby: a `j` in it joined a table, and the
    client held a core for a minute, RSS 45 -> 127 MB (every byte a key Textual queued and
    handled). A screen now takes KEY_BURST keys at once and KEY_RATE a second: the paste
    costs it a few seconds at most, and a few dozen MiB (the screens its keys open: the
    help of a table alone is about 18). Keys that never stop come to the
    processor limit, lowered here (1.5 s of a whole core, a twentieth of a core with 1 s
    of burst; the real ones are 10 s, half a core, 30 s): the screen closes with its
    sentence, and the server's log says it was the limit."""
    from server_helpers import ProtoClient

    from foxtui.server import protocol as p

    costs = {}

    async def main():
        async with serving(tmp_path, None) as (front, port):
            bo = await ProtoClient.connect(front.hub, "key-bo", "Bo")
            bo.send(p.CreateTable("master-fox", {}, ["you", "human"]))  # a table to join, for a stray j
            await bo.expect(p.Notice)
            conn, chan, screen = await _lobby(port, asyncssh.generate_private_key("ssh-ed25519"), "Ada")
            (session,) = front.sessions
            pid = session.pid
            rss, start = _status_kib(pid, "VmRSS"), spawn.cpu_used(pid)
            chan.write(_noise(64 * 1024, 38))
            began, used, peak, quiet = time.monotonic(), start, rss, 0
            while quiet < 2:  # until a second passes with (nearly) nothing used
                await asyncio.sleep(0.5)
                now, peak = spawn.cpu_used(pid), max(peak, _status_kib(pid, "VmHWM"))
                if now is None or session.done.done():
                    break  # (the noise may close it: a screen that keeps failing is closed, with a sentence)
                quiet, used = (quiet + 1 if now - used < 0.05 else 0), now
                busy = time.monotonic() - began
                assert busy < 20, f"the paste kept its screen busy for {busy:.0f} s ({now - start:.1f} s of processor)"
            costs["paste"] = (used - start, (peak - rss) / 1024, time.monotonic() - began)
            conn.close()
            await until(lambda: session not in front.sessions, "the first session gone")

            # keys without end, at a lowered limit (a key the lobby does nothing with:
            # reading them is work enough; noise might close the screen some other way)
            front.limits.client = spawn.ClientLimits(cpu_share=0.05, cpu_burst=1.0, core_held=1.5)
            conn, chan, screen = await _lobby(port, asyncssh.generate_private_key("ssh-ed25519"), "Cy")
            (session,) = front.sessions
            keys, began = b"z" * 65536, time.monotonic()
            while session in front.sessions:
                chan.write(keys)
                await asyncio.sleep(0.1)
                assert time.monotonic() - began < 15, "a screen that spins was not closed"
            costs["closed"] = (time.monotonic() - began, bytes(screen.buffer))
            conn.close()

    with caplog.at_level(logging.INFO, logger="foxtui"):
        run(main(), timeout=120)
    spent, grew, wall = costs["paste"]
    print(f"the paste: {spent:.2f} s of processor, {grew:.1f} MiB more at the peak, quiet after {wall:.1f} s;"
          f" the flood closed after {costs['closed'][0]:.1f} s")
    assert spent < 5.0 and grew < 32, f"the paste cost {spent:.1f} s of processor and {grew:.1f} MiB"
    seconds, said = costs["closed"]
    assert "its screen was closed at the processor limit (it " in caplog.text, caplog.text[-2000:]
    assert b"more of the server's processor than one player may" in said
    # it closed itself, told at once (the kernel's whole-second limit, moved on at every
    # look, let a screen kept short of the processor go on until it was killed)
    assert "session 2: the client process ended" not in caplog.text, caplog.text[-2000:]
