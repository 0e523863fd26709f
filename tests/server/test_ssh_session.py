"""The SSH front with an asyncssh client in the same process (no OpenSSH, no tmux): what
a session's client process is started with."""

from __future__ import annotations

import asyncio
import os
import sys

import asyncssh
from server_helpers import TIMEOUT, make_hub, run

from foxtui.server.serve import host_key
from foxtui.server.ssh import Front, start_server

#: stands in for `foxtui _client`: shows what it was given, then ends the session
SHOW_ENVIRONMENT = (
    "import os; print('low bandwidth:', os.environ.get('FOXTUI_LOW_BANDWIDTH', 'no'), os.environ['PATH'])"
)


async def session_output(tmp_path, env: dict[str, str]) -> str:
    data = tmp_path / "data"
    data.mkdir(mode=0o700, parents=True)
    front = Front(make_hub(tmp_path), None)
    front.client_command = [sys.executable, "-c", SHOW_ENVIRONMENT]
    server = await start_server(front, "127.0.0.1", 0, host_key(data))
    port = server.sockets[0].getsockname()[1]
    try:
        async with asyncssh.connect(
            "127.0.0.1", port, username="ada", known_hosts=None, agent_path=None,
            client_keys=[asyncssh.generate_private_key("ssh-ed25519")],
        ) as conn:  # fmt: skip
            process = await conn.create_process(term_type="xterm", env=env, encoding="utf-8")
            return await asyncio.wait_for(process.stdout.read(), TIMEOUT)
    finally:
        server.close()


def test_a_player_may_ask_for_low_bandwidth_and_nothing_else_reaches_the_client(tmp_path):
    assert "low bandwidth: 1" in run(session_output(tmp_path / "slow", {"FOXTUI_LOW_BANDWIDTH": "yes"}))
    fast = run(session_output(tmp_path / "fast", {"FOXTUI_LOW_BANDWIDTH": "0", "PATH": "/evil"}))
    assert "low bandwidth: no" in fast and "/evil" not in fast
    assert os.environ.get("FOXTUI_LOW_BANDWIDTH") is None  # the server's own environment is untouched
