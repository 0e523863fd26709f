"""Load on `foxtui serve`: N SSH clients (asyncssh), each playing on its own table.

Not a test. Starts a server on 127.0.0.1 with a free port and a temporary data
folder, connects N clients at 80x24, and has each set up a table through the
lobby's form and then play step after step with one key each:

- master-fox: a real-time table against a slow bot; every step touches the next
  spot of the box (the cursor is moved there first; that move is not counted).
- fox-matters: a solo untimed table (no timer redrawn every second); after Ready,
  every step plays a card into column 1 or takes one back (Enter on the first
  move offered).
- foxpaw, fox-experiment: a table against a sensible bot; every step is Enter on
  the first move offered (the table's pace: a bot's turns come between).

Players keep a human pace by default: after the screen update a step caused, a
player thinks for ``--think`` seconds on average (from half to one and a half
times that, seeded) before the next key; ``--think 0`` plays flat out.

Prints the pace, steps per second, p50/p95 action-to-screen latency (from the key
to the last byte of the screen update it caused), bytes sent per step, CPU used
by the server and by the client processes it started, and the server's memory
per connected player (server process plus its client processes, divided by N).

Before the play, for every session: the time from opening it to its first frame
(the name question drawn), and once every player is in the lobby, each client
process's proportional memory (PSS: a page shared by k processes counts 1/k in
each), its median, and the players per GiB that implies. ``--lobby`` stops there:
N players in the lobby, nothing played. After the play, each client process's PSS
again, seated at its game (what a player costs at a table); ``--pages`` (as root)
then says where the median seated client's pages come from: shared with the fork
server, copied from it, or new (``bench/fork_pages.py``).

    python bench/ssh_load.py --clients 20 --seconds 20 [--game fox-matters] [--think 0] [--low-bandwidth]
    python bench/ssh_load.py --clients 8 --lobby
    python bench/ssh_load.py --clients 8 --experts 2   # do experts thinking slow the others?

``--experts K`` (Master Fox): the first K players set their bot to the expert, which
thinks in the server's worker processes; the figures printed are the other players'.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable, NamedTuple

import asyncssh

QUIET = 0.03  # an update is over when the screen stays quiet this long
TICKS = os.sysconf("SC_CLK_TCK")


def no_move(step: int) -> bytes:
    return b""


def next_spot(step: int) -> bytes:
    """The cursor key to the spot of Master Fox touch ``step``: the box row by row, left
    to right then back (A1 ... H1, H2 ... A2, ...), then from H5 to A1 again."""
    spot = step % 40
    if spot == 0:
        return b"kkkkhhhhhhh" if step else b""
    if spot % 8 == 0:
        return b"j"
    return b"l" if (spot // 8) % 2 == 0 else b"h"


class Setup(NamedTuple):
    form: tuple[bytes, ...]  # keys on the new-table form, each once the screen is quiet
    then: tuple[tuple[bytes, bytes], ...]  # (text to wait for, key to press) once at the table
    ready: bytes  # shown when the table is ready for the first step
    step: bytes  # the key of one step
    #: keys before step n that only move on screen (sent and settled before the step's
    #: key, as a player moves the cursor before touching; not counted as the step's)
    before: Callable[[int], bytes] = no_move


SETUPS = {
    # seat 2: another player -> Bot: sensible; mode: turns -> realtime; then ctrl+s (a
    # choice keeps the focus on its field). Every step touches the next spot: a new line
    # in the log, a new memory on the board.
    "master-fox": Setup(
        (b"\t\t\t", b"\r", b"\x1b[B", b"\r", b"\t\t\t\t\t", b"\r", b"\x1b[B", b"\r", b"\x13"),
        (),
        b"touch A1",
        b"t",
        next_spot,
    ),
    # game: Fox Matters (one seat); the Action timer (9th stop of tab from Game): 120 -> 0;
    # ctrl+s; Ready
    "fox-matters": Setup(
        (b"\r", b"\x1b[B", b"\r", *[b"\t"] * 9, b"\x7f\x7f\x7f", b"0", b"\x13"),
        ((b"Ready", b"r"),),
        b"letter plays it",  # the Action's hint line
        b"\r",
    ),
    # game: Foxpaw (the third); seat 2 (three tabs from Game): another player -> Bot:
    # sensible; ctrl+s. Every step: Enter on the first move offered.
    "foxpaw": Setup(
        (b"\r", b"\x1b[B\x1b[B", b"\r", b"\t\t\t", b"\r", b"\x1b[B", b"\r", b"\x13"),
        (),
        b"'s view",
        b"\r",
    ),
    # game: The Fox Experiment (the fourth); seat 2 a bot as for Foxpaw
    "fox-experiment": Setup(
        (b"\r", b"\x1b[B\x1b[B\x1b[B", b"\r", b"\t\t\t", b"\r", b"\x1b[B", b"\r", b"\x13"),
        (),
        b"'s view",
        b"\r",
    ),
}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Screen(asyncssh.SSHClientSession):
    def __init__(self) -> None:
        self.buffer = bytearray()
        self.total = 0
        self.arrived = asyncio.Event()
        self.last = 0.0

    def data_received(self, data: bytes, datatype) -> None:
        self.buffer += data
        del self.buffer[:-65536]  # enough to find what a setup waits for
        self.total += len(data)
        self.last = time.monotonic()
        self.arrived.set()

    async def wait_for(self, text: bytes, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while text not in self.buffer:
            self.arrived.clear()
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"never saw {text!r}")
            try:
                await asyncio.wait_for(self.arrived.wait(), left)
            except asyncio.TimeoutError:
                shown = re.sub(rb"\x1b\[[0-9;?]*[A-Za-z]", b"", bytes(self.buffer[-3000:])).decode(errors="replace")
                raise TimeoutError(f"never saw {text!r}; last shown: {shown[-600:]!r}") from None

    async def quiet(self, seconds: float, at_most: float = 3.0) -> None:
        """Wait until nothing has arrived for ``seconds`` (a blinking cursor never stops:
        ``at_most`` seconds then)."""
        given_up = time.monotonic() + at_most
        await asyncio.sleep(seconds)
        while time.monotonic() - self.last < seconds and time.monotonic() < given_up:
            await asyncio.sleep(seconds / 3)

    async def settle(self, timeout: float = 5.0) -> float:
        """Wait for output, then for QUIET; returns when the last byte came."""
        self.arrived.clear()
        await asyncio.wait_for(self.arrived.wait(), timeout)
        while time.monotonic() - self.last < QUIET:
            await asyncio.sleep(QUIET / 3)
        return self.last


#: the first ``--experts`` players set their bot to the expert: Bot: sensible, random,
#: expert (Master Fox's levels) — two more steps down the seat's list
EXPERT_DOWN = b"\x1b[B\x1b[B\x1b[B"


async def player(
    n: int, port: int, key, setup: Setup, options: argparse.Namespace, start: asyncio.Event, stop: list, results: dict
) -> None:
    think = options.think
    conn = await asyncssh.connect(
        "127.0.0.1", port, username=f"p{n}", client_keys=[key], known_hosts=None, agent_path=None
    )
    env = {"FOXTUI_LOW_BANDWIDTH": "1"} if options.low_bandwidth else {}
    opened = time.monotonic()
    chan, screen = await conn.create_session(
        Screen, term_type="xterm-256color", term_size=(80, 24), encoding=None, env=env
    )
    await screen.wait_for(b"Choose the name")
    results["first_frame"].append(time.monotonic() - opened)
    chan.write(f"P{n}\r".encode())
    await screen.wait_for(b"you are P")
    results["in_lobby"] += 1
    await results["lobby_measured"].wait()  # every player in the lobby while it is measured
    if options.lobby:
        await start.wait()  # measured in the lobby; then gone
        conn.close()
        return
    chan.write(b"n")
    await screen.wait_for(b"Create")
    # Each key waits for the screen to answer the one before (a busy machine is slow).
    form = list(setup.form)
    step_keys = setup.step
    if n < options.experts:
        # the expert's seat, and the table in turns: a real-time bot waits for a pause
        # in the others' moves, which a player moving flat out never leaves it
        first = form.index(b"\x1b[B")
        form[first] = EXPERT_DOWN
        mode = form.index(b"\x1b[B", first + 1)
        form[mode] = b""
        step_keys = b"te"  # touch, end the turn: the expert thinks about its own
    for keys in form:
        if keys:
            chan.write(keys)
            await screen.quiet(1.0)
    for text, keys in setup.then:
        await screen.wait_for(text)
        await screen.quiet(0.5)
        chan.write(keys)
    await screen.wait_for(setup.ready)
    await screen.quiet(0.5)
    results["ready"] += 1
    await start.wait()
    rng = random.Random(options.seed * 1000 + n)
    await asyncio.sleep(rng.uniform(0, think))  # players do not all start at the same instant
    latencies, sizes = [], []
    step = 0
    while not stop:
        move = setup.before(step)
        step += 1
        if move:
            chan.write(move)
            try:
                await screen.settle(timeout=1.0)
            except asyncio.TimeoutError:
                pass
        before = screen.total
        sent = time.monotonic()
        chan.write(step_keys)
        try:
            last = await screen.settle()
        except asyncio.TimeoutError:
            results["lost"] += 1
            continue
        latencies.append(last - sent)
        sizes.append(screen.total - before)
        if think:
            await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
    if n >= options.experts:  # the others' figures: do experts thinking slow them down?
        results["latencies"] += latencies
        results["sizes"] += sizes
    conn.close()


def _family(pid: int) -> list[int]:
    """The process and all its descendants."""
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        try:
            for task in Path(f"/proc/{p}/task").iterdir():
                todo += [int(c) for c in (task / "children").read_text().split()]
        except (OSError, ValueError):
            pass
    return out


def rss_kib(pid: int) -> int:
    total = 0
    for p in _family(pid):
        try:
            for line in Path(f"/proc/{p}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except (OSError, ValueError):
            pass
    return total


def pss_kib(pid: int) -> int:
    """A process's proportional set size (its private pages, plus each shared page
    divided by the number of processes sharing it)."""
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return 0


def client_pids(server: int) -> list[int]:
    """The server's descendants that are a session's screen: those with a controlling
    terminal (the fork server, if any, has none)."""
    out = []
    for p in _family(server)[1:]:
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[4]) != 0:  # tty_nr
            out.append(p)
    return out


def cpu_seconds(pid: int) -> tuple[float, float]:
    """CPU time (user + system) of the server process, and of its descendants alive now."""
    server = clients = 0.0
    for p in _family(pid):
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        used = (int(fields[11]) + int(fields[12])) / TICKS  # utime, stime
        if p == pid:
            server = used
        else:
            clients += used
    return server, clients


async def main(options: argparse.Namespace) -> None:
    clients, seconds, game, think = options.clients, options.seconds, options.game, options.think
    setup = SETUPS[game]
    folder = Path(tempfile.mkdtemp(prefix="foxtui-bench-"))
    port = free_port()
    log = open(folder / "server.log", "w")
    server = subprocess.Popen(
        [sys.executable, "-m", "foxtui", "serve", "--open", "--port", str(port), "--data", str(folder / "data"),
         "--bot-delay", "2", "--max-sessions", str(clients + 5), "--max-per-address", str(clients + 5)],
        stdout=log, stderr=log,
    )  # fmt: skip
    try:
        for _ in range(200):
            if "listening on" in (folder / "server.log").read_text():
                break
            await asyncio.sleep(0.05)
        keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(clients)]
        start, stop = asyncio.Event(), []
        results: dict = {"ready": 0, "in_lobby": 0, "lost": 0, "latencies": [], "sizes": [], "first_frame": []}
        results["lobby_measured"] = asyncio.Event()
        tasks = []
        for n in range(clients):
            tasks.append(asyncio.create_task(player(n, port, keys[n], setup, options, start, stop, results)))
            await asyncio.sleep(0.5)  # logins one after another, as people arrive
        deadline = time.monotonic() + 120
        while results["in_lobby"] < clients:
            for task in tasks:
                if task.done() and task.exception():
                    raise task.exception()
            if time.monotonic() > deadline:
                raise TimeoutError(f"only {results['in_lobby']} of {clients} clients got to the lobby")
            await asyncio.sleep(0.1)
        await asyncio.sleep(2.0)  # every lobby drawn and quiet
        pss = {pid: pss_kib(pid) for pid in client_pids(server.pid)}
        family_pss = sum(pss_kib(pid) for pid in _family(server.pid))
        server_pss = pss_kib(server.pid)
        report_lobby(options, results["first_frame"], pss, server_pss, family_pss)
        results["lobby_measured"].set()
        deadline = time.monotonic() + 120  # to set up every table
        if options.lobby:
            start.set()
            await asyncio.wait_for(asyncio.gather(*tasks), 30)
            return
        while results["ready"] < clients:
            for task in tasks:
                if task.done() and task.exception():
                    raise task.exception()
            if time.monotonic() > deadline:
                raise TimeoutError(f"only {results['ready']} of {clients} clients got to a table")
            await asyncio.sleep(0.1)
        memory = rss_kib(server.pid)
        cpu_before = cpu_seconds(server.pid)
        began = time.monotonic()
        start.set()
        await asyncio.sleep(seconds)
        # every player seated at a game in play: what a client process costs there
        seated = {pid: pss_kib(pid) for pid in client_pids(server.pid)}
        pages = where_pages_are(seated) if options.pages else None
        stop.append(True)
        cpu_after = cpu_seconds(server.pid)
        await asyncio.wait_for(asyncio.gather(*tasks), 30)
        elapsed = time.monotonic() - began
    finally:
        server.terminate()
        server.wait(10)
    lat = sorted(results["latencies"])
    steps = len(lat)
    q = statistics.quantiles(lat, n=100) if len(lat) >= 2 else [0] * 99
    sizes = results["sizes"]
    played = seconds  # the CPU was read when the players were told to stop
    server_cpu, client_cpu = (after - before for after, before in zip(cpu_after, cpu_before))
    if think:
        pace = f"human pace, {think:g} s mean think time between a screen update and the next key"
        pace += f" (±50%, seed {options.seed})"
    else:
        pace = "flat out (--think 0): every key as soon as the screen is updated"
    slow = "; low bandwidth (FOXTUI_LOW_BANDWIDTH sent)" if options.low_bandwidth else ""
    print(f"game: {game}; clients: {clients} at 80x24{slow}, {elapsed:.1f} s of play, {os.cpu_count()} cores")
    print(f"pace: {pace}")
    if options.experts:
        print(f"experts: {options.experts} of the players play an expert (figures below: the other {clients - options.experts})")
    print(f"steps: {steps} ({steps / elapsed:.1f} steps/s), {results['lost']} unanswered")
    print(
        f"action-to-screen latency: p50 {q[49] * 1000:.0f} ms, p95 {q[94] * 1000:.0f} ms"
        f" (update complete, {QUIET * 1000:.0f} ms quiet)"
    )
    print(f"bytes sent per step: mean {statistics.mean(sizes):.0f}, p95 {statistics.quantiles(sizes, n=100)[94]:.0f}")
    print(
        f"CPU: server {server_cpu / played * 100:.0f}% of a core,"
        f" its client processes {client_cpu / played * 100:.0f}%;"
        f" {(server_cpu + client_cpu) / max(steps, 1) * 1000:.1f} ms per step (cursor moves and bots' steps included)"
    )
    print(f"server memory: {memory / 1024:.0f} MiB for {clients} players, {memory / 1024 / clients:.1f} MiB per player")
    if seated:
        values = sorted(seated.values())
        median = statistics.median(values)
        print(
            f"client PSS seated at {game} after {played:g} s of play: median {median / 1024:.1f} MiB,"
            f" min {values[0] / 1024:.1f}, max {values[-1] / 1024:.1f} ({len(values)} client processes);"
            f" {1024 * 1024 / median:.0f} players per GiB"
        )
    if pages:
        print(pages)


def where_pages_are(pss: dict[int, int]) -> str:
    """The median client's pages against its parent's (``fork_pages.py``; needs root)."""
    from fork_pages import compare, parent_of

    pid = sorted(pss, key=pss.get)[len(pss) // 2]
    totals = compare(pid, parent_of(pid))
    lines = [f"pages of the median seated client ({pid}) against the fork server's, KiB: shared / copied / new"]
    for name, (shared, copied, new) in sorted(totals.items(), key=lambda kv: -sum(kv[1][1:])):
        if copied + new:
            lines.append(f"  {name:18s} shared {shared:7d}  copied {copied:7d}  new {new:7d}")
    shared, copied, new = (sum(v[i] for v in totals.values()) for i in range(3))
    lines.append(f"  {'all':18s} shared {shared:7d}  copied {copied:7d}  new {new:7d}")
    return "\n".join(lines)


def report_lobby(options, first_frame: list[float], pss: dict[int, int], server_pss: int, family_pss: int) -> None:
    clients = options.clients
    frames = sorted(first_frame)
    print(f"lobby: {clients} sessions at 80x24, {os.cpu_count()} cores")
    print(
        f"time from opening a session to its first frame: median {statistics.median(frames) * 1000:.0f} ms,"
        f" max {frames[-1] * 1000:.0f} ms (sessions opened 0.5 s apart)"
    )
    if not pss:
        print("client PSS: no client processes found")
        return
    values = sorted(pss.values())
    median = statistics.median(values)
    others = family_pss - sum(values)  # the server, and the fork server if there is one
    print(
        f"client PSS: median {median / 1024:.1f} MiB, min {values[0] / 1024:.1f}, max {values[-1] / 1024:.1f}"
        f" ({len(values)} client processes); server {server_pss / 1024:.1f} MiB,"
        f" everything else {(others - server_pss) / 1024:.1f} MiB"
    )
    print(
        f"players per GiB: {1024 * 1024 / median:.0f} by the median client PSS;"
        f" {1024 * 1024 * clients / family_pss:.0f} with the server's own share ({family_pss / 1024:.0f} MiB for {clients})"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--game", choices=sorted(SETUPS), default="master-fox")
    parser.add_argument(
        "--think", type=float, default=1.0, help="mean seconds a player thinks before each key; 0: flat out"
    )
    parser.add_argument("--seed", type=int, default=1, help="seeds the think times")
    parser.add_argument("--low-bandwidth", action="store_true", help="every player asks for the low-bandwidth screen")
    parser.add_argument("--lobby", action="store_true", help="only the lobby: first frames and memory, no play")
    parser.add_argument(
        "--pages", action="store_true",
        help="seated: where the median client's pages come from (shared, copied or new against the fork "
        "server's, by bench/fork_pages.py; needs root to read physical page numbers)",
    )  # fmt: skip
    parser.add_argument(
        "--experts", type=int, default=0,
        help="Master Fox: this many of the players play against the expert (thinking in the "
        "server's worker processes); the latency and bytes are those of the other players",
    )
    asyncio.run(main(parser.parse_args()))
