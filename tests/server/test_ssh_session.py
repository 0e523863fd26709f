"""The SSH front with an asyncssh client in the same process (no OpenSSH, no tmux): what
a session's client process is started with."""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys

import asyncssh
import pytest
from server_helpers import TIMEOUT, make_hub, run

from foxtui.server.serve import host_key
from foxtui.server.ssh import Front, Limits, start_server

#: stands in for `foxtui _client`: shows what it was given, then ends the session
SHOW_ENVIRONMENT = (
    "import os; print('low bandwidth:', os.environ.get('FOXTUI_LOW_BANDWIDTH', 'no'), os.environ['PATH'])"
)


#: stands in for `foxtui _client`: tells its terminal's size at the start and at every
#: change (os.write: a signal may come in the middle of the first line)
SHOW_SIZE = """
import os, signal, time
def show(*_):
    os.write(1, b'size %dx%d\\n' % tuple(os.get_terminal_size(0)))
signal.signal(signal.SIGWINCH, show)
show()
time.sleep(30)
"""


async def told(process, columns: int, rows: int) -> None:
    """Wait until the stand-in says its terminal has that size."""

    async def lines() -> None:
        while (line := await process.stdout.readline()).strip() != f"size {columns}x{rows}":
            assert line, f"the session ended before the terminal was {columns}x{rows}"

    await asyncio.wait_for(lines(), TIMEOUT)


@contextlib.asynccontextmanager
async def connected(tmp_path, client: str, limits: Limits | None = None):
    """An SSH connection to a server whose sessions run ``client`` (Python source)."""
    data = tmp_path / "data"
    data.mkdir(mode=0o700, parents=True)
    front = Front(make_hub(tmp_path), None, limits or Limits())
    front.client_command = [sys.executable, "-c", client]
    server = await start_server(front, "127.0.0.1", 0, host_key(data))
    port = server.sockets[0].getsockname()[1]
    try:
        async with asyncssh.connect(
            "127.0.0.1", port, username="ada", known_hosts=None, agent_path=None,
            client_keys=[asyncssh.generate_private_key("ssh-ed25519")],
        ) as conn:  # fmt: skip
            yield conn
    finally:
        server.close()


async def session_output(tmp_path, env: dict[str, str]) -> str:
    async with connected(tmp_path, SHOW_ENVIRONMENT) as conn:
        process = await conn.create_process(term_type="xterm", env=env, encoding="utf-8")
        return await asyncio.wait_for(process.stdout.read(), TIMEOUT)


def test_a_player_may_ask_for_low_bandwidth_and_nothing_else_reaches_the_client(tmp_path):
    assert "low bandwidth: 1" in run(session_output(tmp_path / "slow", {"FOXTUI_LOW_BANDWIDTH": "yes"}))
    fast = run(session_output(tmp_path / "fast", {"FOXTUI_LOW_BANDWIDTH": "0", "PATH": "/evil"}))
    assert "low bandwidth: no" in fast and "/evil" not in fast
    assert os.environ.get("FOXTUI_LOW_BANDWIDTH") is None  # the server's own environment is untouched


def test_the_window_size_reaches_the_screen_at_the_start_and_at_every_change(tmp_path):
    async def main():
        async with connected(tmp_path, SHOW_SIZE) as conn:
            process = await conn.create_process(term_type="xterm", term_size=(100, 30), encoding="utf-8")
            await told(process, 100, 30)
            process.change_terminal_size(120, 40)
            await told(process, 120, 40)
            process.change_terminal_size(80, 24)
            await told(process, 80, 24)

    run(main())


def test_a_session_with_no_key_pressed_for_too_long_is_closed_politely(tmp_path):
    async def main():
        async with connected(tmp_path, SHOW_SIZE, Limits(idle_timeout=0.4)) as conn:
            process = await conn.create_process(term_type="xterm", encoding="utf-8")
            said = await asyncio.wait_for(process.stdout.read(), TIMEOUT)  # to the end: the session closed
            assert said.startswith("size 80x24") and "No key pressed for a long time" in said

    run(main())


def test_commands_and_sessions_without_a_terminal_are_refused(tmp_path):
    async def main():
        async with connected(tmp_path, SHOW_SIZE) as conn:
            with pytest.raises(asyncssh.ChannelOpenError):
                await asyncio.wait_for(conn.run("cat /etc/passwd"), TIMEOUT)
            with pytest.raises(asyncssh.ChannelOpenError):
                await asyncio.wait_for(conn.run(subsystem="sftp"), TIMEOUT)
            shell = await conn.create_process(encoding="utf-8")  # no pty asked for
            said = await asyncio.wait_for(shell.stdout.read(), TIMEOUT)
            assert "needs a terminal" in said and "size" not in said

    run(main())


def test_the_host_key_is_made_once_private_and_kept(tmp_path):
    from foxtui.server.serve import HOST_KEY, ServeError

    first = host_key(tmp_path)
    path = tmp_path / HOST_KEY
    assert path.stat().st_mode & 0o777 == 0o600
    assert host_key(tmp_path).get_fingerprint("sha256") == first.get_fingerprint("sha256")  # the next start
    os.chmod(path, 0o644)
    with pytest.raises(ServeError, match="may be read by others"):
        host_key(tmp_path)
    os.chmod(path, 0o600)
    path.write_bytes(b"not a key")
    with pytest.raises(ServeError, match="not a usable host key"):
        host_key(tmp_path)
