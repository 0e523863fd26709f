"""``foxtui serve``: start the hub and its SSH front, log one line per event, stop cleanly."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
from pathlib import Path
from typing import Any

LOG = logging.getLogger("foxtui.serve")
HOST_KEY = "ssh_host_ed25519_key"
DATABASE = "server.sqlite3"


class ServeError(Exception):
    """Cannot serve: one sentence for the command line."""


def host_key(folder: Path) -> Any:
    """The server's persistent host key (created on first start, mode 0600)."""
    import asyncssh

    path = folder / HOST_KEY
    if not path.exists():
        key = asyncssh.generate_private_key("ssh-ed25519")
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as fh:
            fh.write(key.export_private_key())
    if path.stat().st_mode & 0o077:
        raise ServeError(f"{path} may be read by others; make it private with chmod 600.")
    try:
        return asyncssh.read_private_key(path)
    except (asyncssh.KeyImportError, OSError) as exc:
        raise ServeError(f"{path} is not a usable host key ({exc}).") from None


def data_folder(data: Path) -> None:
    """The data folder: made private (0700) when it is new; one that others may read
    is refused (the tables, players and host key are in it), never changed silently."""
    if not data.exists():
        data.mkdir(parents=True, mode=0o700)
        os.chmod(data, 0o700)  # whatever the umask
        return
    if not data.is_dir():
        raise ServeError(f"The data folder {data} is not a folder.")
    mode = data.stat().st_mode & 0o777
    if mode & 0o077:
        raise ServeError(
            f"The data folder {data} may be read by others (mode {mode:o}); make it private with"
            f" chmod 700 {data}, or choose another with --data."
        )


def serve(
    *,
    host: str,
    port: int,
    data: Path,
    authorized_keys: Path | None,
    open_to_all: bool,
    max_sessions: int,
    max_per_address: int,
    max_tables_per_key: int = 5,
    bot_delay: float | None = None,
    fork_server: bool = True,
) -> int:
    from .hub import Hub
    from .ssh import Front, Limits, read_authorized_keys
    from .store import Store

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", datefmt="%Y-%m-%d %H:%M:%S")
    logging.getLogger("asyncssh").setLevel(logging.WARNING)  # ours is one line per event
    if authorized_keys is None and not open_to_all:
        raise ServeError("Say who may connect: --authorized-keys FILE, or --open for any key.")
    if authorized_keys is not None and open_to_all:
        raise ServeError("Choose one: --authorized-keys FILE lets only those keys in, --open lets any key in.")
    authorized = None
    if authorized_keys is not None:
        try:
            authorized = read_authorized_keys(authorized_keys)
        except OSError as exc:
            raise ServeError(f"Cannot read {authorized_keys} ({exc.strerror}).") from None
        except ValueError as exc:
            raise ServeError(str(exc)) from None
    from .store import StoreError

    try:
        data_folder(data)
        key = host_key(data)
        store = Store(data / DATABASE)
    except OSError as exc:
        raise ServeError(f"Cannot use the data folder {data} ({exc.strerror or exc}).") from None
    except StoreError as exc:
        raise ServeError(str(exc)) from None
    limits = Limits(max_sessions=max_sessions, max_per_address=max_per_address)
    settings = dict(bot_delay=bot_delay, max_tables_per_key=max_tables_per_key, fork_server=fork_server)
    return asyncio.run(_run(store, key, host, port, authorized, limits, **settings))


async def _run(
    store: Any,
    key: Any,
    host: str,
    port: int,
    authorized: Any,
    limits: Any,
    *,
    bot_delay: float | None,
    max_tables_per_key: int,
    fork_server: bool,
) -> int:
    from .forkserver import Forker
    from .hub import Hub
    from .ssh import Front, end_sessions, start_server

    # each table's own bot speed, unless --bot-delay sets one pace for all
    realtime = None if bot_delay is None else max(bot_delay * 3, 0.2)
    hub = Hub(store, bot_delay=bot_delay, realtime_bot_delay=realtime, max_tables_per_key=max_tables_per_key)
    hub.load()
    forker = None
    if fork_server:
        forker = Forker()
        try:
            await forker.start()
        except OSError as exc:
            raise ServeError(f"Cannot start the client processes' fork server ({exc}).") from None
        if forker.why_not_immortal is None:
            made = forker.immortal
            LOG.info("foxtui serve: the fork server made %d objects immortal (its children share them)", made)
        else:
            LOG.info(
                "foxtui serve: the fork server's objects stay mortal (%s): each client process costs"
                " about 7 MiB more than under Python 3.12 or 3.13",
                forker.why_not_immortal,
            )
    front = Front(hub, authorized, limits, forker=forker)
    try:
        server = await start_server(front, host, port, key)
    except OSError as exc:
        if forker is not None:
            forker.close()
        raise ServeError(f"Cannot listen on {host}:{port} ({exc.strerror or exc}).") from None
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    playing = sum(1 for t in hub.tables.values() if t.status() == "playing")
    LOG.info(
        "foxtui serve: listening on %s:%d; host key %s; %d tables in play; %s",
        host,
        port,
        key.get_fingerprint("sha256"),
        playing,
        "any key may connect" if authorized is None else f"{len(authorized)} authorized keys",
    )
    await stop.wait()
    LOG.info("foxtui serve: stopping; every table is saved")
    hub.stop_tables()  # nothing more is played; every running clock is saved
    await end_sessions(front, "The foxtui server is stopping; every table is saved. Please connect again later.")
    server.close()  # (this closes every connection too)
    hub.close()
    store.close()
    if forker is not None:
        forker.close()
    return 0
