"""The fork server: one process that has imported every screen once and forks a
client process for each SSH session.

Starting a fresh Python that imports Textual, Rich and the games costs every
session about 30 MiB of its own memory and half a second before its first frame.
The fork server pays that once: it imports everything, collects and freezes the
garbage collector's generations (``gc.freeze``: the children's collections never
touch, and so never copy, the pages those objects live on), and then forks. A
child's code and data stay in pages it shares with the fork server and every other
child until it writes to them.

It is a process of its own, started by ``foxtui serve`` before anything else and
single-threaded: no event loop, no thread, nothing but this loop runs in it when it
forks (the asyncio server itself is never forked). It talks to the server over a
socketpair (SOCK_SEQPACKET, one message per packet):

- server → fork server: ``("spawn", request, spec)`` with two file descriptors (the
  session's pty slave, and the client's end of its socket to the hub), and
  ``("signal", pid, signum)``;
- fork server → server: ``("ready", immortal, why_not, filled)`` once (how many
  objects it made immortal, why none if so, the bytes of free blocks it took: see
  ``immortalize``), ``("started", request, pid)``, ``("failed", request, why)``,
  ``("over", pid, why)`` (the child went over its processor budget: told before its
  ``exited``) and ``("exited", pid, status)`` (a waitpid status).

What a child still costs (CPython 3.11, eight sessions in the lobby, measured with
``bench/fork_pages.py``): about 16 MiB of its pages become its own, nearly all of them
copies of inherited pages (0.4 MiB is memory it maps anew). Its own objects are only
about 1.4 MiB (tracemalloc); the rest are pages it merely read from: in 3.11 every
object a running program uses has its reference count written, and the objects the
lobby uses (code, functions, dicts, names) are spread thinly over the pages imports
filled, so reading one object copies its 4 KiB page. A child that forks and sleeps
copies about 2 MiB, one that runs an event loop 3.3 MiB, one that draws a one-widget
Textual app 10.6 MiB, the lobby 14 MiB (headless; a real terminal adds about 2).

On CPython 3.12 and 3.13 the fork server therefore makes every object it holds
immortal before it forks (``immortalize``, PEP 683: the interpreter never writes the
reference count of an immortal object), and takes the free blocks of the allocator's
partly used pools (``fill_pools``) so that what a child allocates goes to fresh pages
instead of holes between inherited objects. With eight sessions in the lobby a
child's copied pages fall from 13.9 MiB to 6.2 (CPython 3.12.1) and the median client
PSS from 16.8 MiB to 11.1 (3.13.0: 17.7 to 11.9). What a child still copies is what
it writes: pymalloc's and malloc's pages where its own objects go among inherited
ones, the specialised bytecode of code it runs for the first time, the caches and
sets it changes (``lru_cache`` order, weak sets, the random generator). Python 3.11
has no immortal objects; there nothing of this is done.

A client seated at a game costs more than one in the lobby (3.12.1, eight players at
Master Fox: 19.3 MiB against 11.2), though it holds only about 2 MiB more of objects
(tracemalloc): it copies 8.6 MiB of inherited pages and maps 7.3 MiB anew
(``bench/ssh_load.py --pages``). Of the pages a seated client copied, 860 of 1491 held
a code object (a headless client, Master Fox): the specialising interpreter writes to
the code it runs (its inline caches and counters), and a table runs much code the
lobby does not, one object here and one there over the 2780 pages that hold code.
Drawing every game's table here before forking, to run that code once, costs more
than it saves (``warm_up``).

It keeps each child's processor budget (``spawn.CpuBudget``) once a second, and tells
a child whose budget is spent (SIGXCPU, and the server "over"). When
the server goes, the fork server ends; the children end when their terminals do.

    python -m foxtui.server.forkserver --fd N
"""

from __future__ import annotations

import array
import gc
import os
import select
import signal
import socket
import sys
import time
from typing import Any

import msgspec

from . import spawn

#: the largest message either way (a spec is a few hundred bytes)
MAX_MESSAGE = 64 * 1024
#: seconds between two looks at the children's processor time
TICK = 1.0
#: seconds a child that is over its processor budget (and was told by SIGXCPU) has
#: to end before it is killed
GRACE = 5.0


class Spec(msgspec.Struct, frozen=True):
    """How to start one session's client process."""

    session: int
    env: dict[str, str]
    memory: int
    open_files: int
    cpu_share: float
    cpu_burst: float
    core_held: float = spawn.CORE_HELD

    def limits(self) -> spawn.ClientLimits:
        return spawn.ClientLimits(self.memory, self.open_files, self.cpu_share, self.cpu_burst, self.core_held)


_encoder = msgspec.msgpack.Encoder()
_decoder = msgspec.msgpack.Decoder()


def send(sock: socket.socket, message: Any, fds: list[int] | None = None) -> None:
    ancillary = [(socket.SOL_SOCKET, socket.SCM_RIGHTS, array.array("i", fds))] if fds else []
    sock.sendmsg([_encoder.encode(message)], ancillary)


def receive(sock: socket.socket) -> tuple[Any, list[int]] | None:
    """One message and the descriptors that came with it; None at the end."""
    data, ancillary, flags, _ = sock.recvmsg(MAX_MESSAGE, socket.CMSG_SPACE(4 * array.array("i").itemsize))
    fds: list[int] = []
    for level, kind, payload in ancillary:
        if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
            got = array.array("i")
            got.frombytes(payload[: len(payload) - len(payload) % got.itemsize])
            fds += list(got)
    if not data:
        for fd in fds:
            os.close(fd)
        return None
    return _decoder.decode(data), fds


def preload() -> None:
    """Import everything a client process draws with, so that children share it."""
    import foxtui.server.client  # noqa: F401  (the app, Textual, Rich)
    import foxtui.table.remote  # noqa: F401
    import foxtui.ui.screens.game_log  # noqa: F401
    import foxtui.ui.screens.help  # noqa: F401
    import foxtui.ui.screens.lobby  # noqa: F401
    import foxtui.ui.screens.remote_play  # noqa: F401
    import foxtui.ui.screens.results  # noqa: F401
    from foxtui.games import GAMES
    from foxtui.ui.games import panel_for

    for game_id in GAMES:
        GAMES[game_id]  # the game's rules and content
        try:
            panel_for(game_id)  # its screen
        except Exception:  # a game without a screen yet
            pass
    # What Textual would otherwise import when the first screen is drawn (an import in
    # a child walks the import system's finders and caches, copying their pages: the
    # scroll bars alone, imported by every session's lobby, cost each client 0.25 MiB)
    from foxtui.ui.textual_internals import import_first_screen

    import_first_screen()


def warm_up() -> None:
    """Draw a lobby once, headless, before the first fork: what Textual and Python do the
    first time (lazy imports, caches, stylesheets, the interpreter's specialised bytecode)
    is then done in pages every child shares, instead of again in each child.

    A table of every game drawn here too was tried, for a seated player's screen to be
    shared as the lobby is. It costs more than it saves, under every Python (eight
    players, Master Fox, ``bench/ssh_load.py``, median client PSS in the lobby and
    seated): 3.12.1, 11.2 and 19.3 MiB without it, 12.4 and 20.0 with it; 3.13.0, 12.0
    and 20.2 without, 13.6 and 21.7 with; 3.11, 26.9 seated without, 28.4 with."""
    import asyncio
    import threading

    from . import protocol as p
    from .client import ClientApp

    class Link:
        def send(self, message: Any) -> None:
            pass

        def set_name(self, name: str) -> None:
            pass

        def page(self, page: int) -> None:
            pass

        def leave(self) -> None:
            pass

        async def run(self, on_message: Any) -> str:
            on_message(p.Welcome(None))
            await asyncio.sleep(0.2)
            on_message(p.Welcome("Warm"))
            seats = [p.SeatSlot("Warm", yours=True, online=True), p.SeatSlot("")]
            on_message(p.Lobby([p.TableInfo(1, "master-fox", "Master Fox", seats, "waiting", 0)]))
            await asyncio.sleep(3600)
            return ""

        def close(self) -> None:
            pass

    async def lobby() -> None:
        app = ClientApp(Link())  # type: ignore[arg-type]
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause(0.5)
            await pilot.press("x", "escape")

    try:
        asyncio.run(lobby())
    except Exception:  # a warm-up that fails costs memory, not sessions
        pass
    asyncio.set_event_loop_policy(None)  # each child makes its own loop
    assert threading.active_count() == 1, "the fork server must fork with one thread"


def warm_up_terminal() -> None:
    """Draw a lobby once more as a session does, on a pseudo-terminal with Textual's
    Linux driver and a link over a socket: the code only a real session runs (the
    driver and its threads, the screen diff, the link's framing) has then run once
    here, and a first frame comes about 30 ms sooner (145 ms instead of 175, eight
    sessions; it saves no memory: the pages it warms are copied in a child all the same)."""
    import asyncio
    import threading

    from . import protocol as p
    from .client import ClientApp
    from .link import ServerLink

    master, slave = os.openpty()
    spawn.set_size(slave, (80, 24))
    ours, theirs = socket.socketpair()
    saved = [os.dup(fd) for fd in (0, 1, 2)]
    term = os.environ.get("TERM")
    seats = [p.SeatSlot("Warm", yours=True, online=True), p.SeatSlot("")]
    tables = [p.TableInfo(1, "master-fox", "Master Fox", seats, "waiting", 0)]
    for message in (p.Welcome(None), p.Welcome("Warm"), p.Lobby(tables)):
        ours.sendall(p.frame(message))  # a few hundred bytes: the socket holds them

    async def lobby() -> None:
        loop = asyncio.get_running_loop()

        def drain() -> None:
            try:
                os.read(master, 65536)
            except OSError:
                loop.remove_reader(master)

        loop.add_reader(master, drain)
        link = await ServerLink.from_fd(os.dup(theirs.fileno()))
        app = ClientApp(link)
        loop.call_later(1.5, app.exit)
        try:
            await asyncio.wait_for(app.run_async(), 30)
        finally:
            link.close()
        loop.remove_reader(master)

    try:
        os.environ["TERM"] = "xterm-256color"
        for fd in (0, 1, 2):
            os.dup2(slave, fd)
        asyncio.run(lobby())
    except Exception:  # a warm-up that fails costs memory, not sessions
        pass
    finally:
        for fd, copy in zip((0, 1, 2), saved):
            os.dup2(copy, fd)
            os.close(copy)
        if term is None:
            os.environ.pop("TERM", None)
        else:
            os.environ["TERM"] = term
        for fd in (master, slave):
            os.close(fd)
        ours.close()
        theirs.close()
    asyncio.set_event_loop_policy(None)
    assert threading.active_count() == 1, "the fork server must fork with one thread"


#: the reference count CPython 3.12 and 3.13 give an immortal object on a 64-bit build
#: (``_Py_IMMORTAL_REFCNT``, UINT_MAX: Py_INCREF sees its low 32 bits all set and
#: returns without writing; Py_DECREF sees them negative as an int32 and returns)
IMMORTAL = 0xFFFFFFFF
#: the versions whose object header and immortal value ``immortalize`` knows
IMMORTAL_VERSIONS = ((3, 12), (3, 13))


def why_not_immortal(
    version: tuple[int, int], implementation: str, pointer_bits: int, gil_disabled: bool, debug: bool
) -> str | None:
    """Why objects cannot be made immortal on this interpreter (None: they can)."""
    if implementation != "cpython":
        return f"{implementation} is not CPython"
    if version < (3, 12):
        return f"Python {version[0]}.{version[1]} has no immortal objects; they came with 3.12"
    if version not in IMMORTAL_VERSIONS:
        return f"Python {version[0]}.{version[1]} is newer than the 3.12 and 3.13 this was made for"
    if pointer_bits != 64:
        return "a 32-bit build keeps immortal objects differently"
    if gil_disabled:
        return "a free-threaded build keeps reference counts differently"
    if debug:
        return "a debug build (Py_TRACE_REFS or Py_REF_DEBUG) lays objects out differently"
    return None


def why_not_immortal_here() -> str | None:
    import sysconfig

    return why_not_immortal(
        sys.version_info[:2],
        sys.implementation.name,
        64 if sys.maxsize > 2**32 else 32,
        bool(sysconfig.get_config_var("Py_GIL_DISABLED")),
        hasattr(sys, "getobjects") or hasattr(sys, "gettotalrefcount"),
    )


def immortalize() -> tuple[int, str | None]:
    """Make every object the fork server holds immortal: the collector's objects and
    what they reach (strings, numbers, code and its constants, which the collector does
    not track). Returns how many objects it made immortal, and why none if so.

    Only where ``why_not_immortal_here`` allows (CPython 3.12 and 3.13, 64-bit, with the
    GIL, not a debug build), and only after a check that the interpreter treats an
    object so marked as immortal. What it costs: the fork server never frees these
    objects (it holds nearly all of them until it ends anyway, and it never holds more
    than it did here), and an optimisation that needs a reference count of one (a
    string grown in place) takes its ordinary path on them.
    """
    why = why_not_immortal_here()
    if why is not None:
        return 0, why
    import types

    try:
        import ctypes
    except ImportError:  # a Python built without it
        return 0, "this Python has no ctypes"
    header = ctypes.c_ssize_t.from_address
    probe = [1 << 70]
    header(id(probe)).value = IMMORTAL
    held = [probe] * 100
    del held
    if sys.getrefcount(probe) != IMMORTAL or header(id(probe)).value != IMMORTAL:
        return 0, "this interpreter did not keep an object marked immortal as immortal"
    roots = gc.get_objects()  # (after gc.freeze this would miss what it froze)
    stack: list[Any] = []
    ours = {id(roots), id(stack)}
    get_referents, getrefcount, code_type = gc.get_referents, sys.getrefcount, types.CodeType
    count = 0
    for root in roots:
        if id(root) in ours:
            continue
        stack.append(root)
        while stack:
            obj = stack.pop()
            if getrefcount(obj) >= IMMORTAL:
                continue  # immortal already (None, small ints, interned names), or seen
            header(id(obj)).value = IMMORTAL
            count += 1
            if type(obj) is code_type:  # not tracked, and it has no traverse
                stack += (obj.co_consts, obj.co_names, obj.co_filename, obj.co_name, obj.co_qualname)
                stack += (obj.co_linetable, obj.co_exceptiontable)
                continue
            stack += get_referents(obj)
            if issubclass(type(obj), dict):
                stack += dict.keys(obj)  # a dict of string keys does not visit them
    return count, None


#: the free blocks ``fill_pools`` took, held for as long as the fork server runs
_fillers: list[list[Any]] = []
#: the most ``fill_pools`` takes
FILL_LIMIT = 16 * 1024 * 1024


def free_blocks(stats: str) -> dict[int, int]:
    """The free blocks of each size in the allocator's used pools, from the table
    ``sys._debugmallocstats`` prints: class, size, pools, blocks in use, free blocks."""
    import re

    out: dict[int, int] = {}
    for line in stats.splitlines():
        match = re.fullmatch(r"\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*", line)
        if match and int(match[2]) % 16 == 0 and 16 <= int(match[2]) <= 512:
            out[int(match[2])] = int(match[5])
    return out


def fill_pools() -> int:
    """Take every free block of pymalloc's partly used pools, and hold it.

    After the imports and warm-ups, objects freed leave holes spread over the pages of
    the fork server's pools. A child's first objects would go into those holes, and each
    copies the page it lands on (4 KiB shared, for a few dozen bytes); with the holes
    taken, a child's objects go to pools of their own, side by side. Costs the fork
    server the holes it holds (about 1.3 MiB, on pages it has anyway). Returns the bytes
    it took (0 if the allocator's statistics could not be read)."""
    try:
        out = os.memfd_create("foxtui-mallocstats")
    except (AttributeError, OSError):
        return 0
    try:
        sys.stderr.flush()
        saved = os.dup(2)
        try:
            os.dup2(out, 2)  # (it prints to the C stderr)
            sys._debugmallocstats()
        finally:
            os.dup2(saved, 2)
            os.close(saved)
        os.lseek(out, 0, os.SEEK_SET)
        with open(out, "rb", closefd=False) as stats:
            blocks = free_blocks(stats.read().decode(errors="replace"))
    finally:
        os.close(out)
    if sum(size * count for size, count in blocks.items()) > FILL_LIMIT:
        return 0  # not what a fork server's pools look like: leave them
    taken = 0
    for size, count in blocks.items():
        if size == 16:
            made: list[Any] = [object() for _ in range(count)]  # 16 bytes
        elif size == 32:
            made = [float(n) for n in range(count)]  # 24 bytes
        else:
            made = [bytes(size - 33) for _ in range(count)]  # 33 bytes and the rest
        _fillers.append(made)
        taken += size * count
    return taken


class ForkServer:
    def __init__(self, control: socket.socket) -> None:
        self.control = control
        self.children: dict[int, tuple[int, spawn.CpuBudget]] = {}  # pid -> session, budget
        self.wake_r, self.wake_w = os.pipe()
        os.set_blocking(self.wake_w, False)
        os.set_blocking(self.wake_r, False)

    def run(self) -> int:
        signal.set_wakeup_fd(self.wake_w)
        signal.signal(signal.SIGCHLD, lambda *_: None)  # wakes the loop through the pipe
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # the server's ctrl+c is the server's
        next_tick = time.monotonic() + TICK
        while True:
            timeout = max(0.0, next_tick - time.monotonic())
            try:
                ready, _, _ = select.select([self.control, self.wake_r], [], [], timeout)
            except InterruptedError:
                ready = []
            if self.wake_r in ready:
                try:
                    while os.read(self.wake_r, 512):
                        pass
                except BlockingIOError:
                    pass
            self.reap()
            if self.control in ready:
                try:
                    got = receive(self.control)
                except (ConnectionError, OSError):
                    got = None
                if got is None:
                    return 0  # the server has gone
                self.handle(*got)
            if time.monotonic() >= next_tick:
                self.keep_budgets()
                next_tick = time.monotonic() + TICK

    def handle(self, message: Any, fds: list[int]) -> None:
        kind = message[0]
        if kind == "spawn" and len(fds) == 2:
            _, request, spec = message
            self.spawn(request, msgspec.convert(spec, Spec), *fds)
        elif kind == "signal":
            _, pid, signum = message
            if pid in self.children:  # never a process that has been reaped
                try:
                    os.killpg(pid, signum)
                except ProcessLookupError:
                    pass
            for fd in fds:
                os.close(fd)
        else:
            for fd in fds:
                os.close(fd)

    def spawn(self, request: int, spec: Spec, slave: int, link: int) -> None:
        sys.stdout.flush()
        sys.stderr.flush()
        try:
            pid = os.fork()
        except OSError as exc:
            os.close(slave)
            os.close(link)
            send(self.control, ("failed", request, str(exc)))
            return
        if pid == 0:
            code = 1
            try:
                self._become_client(spec, slave, link)
                code = run_child(link)
            finally:
                os._exit(code)
        os.close(slave)
        os.close(link)
        self.children[pid] = (spec.session, spawn.CpuBudget(spec.limits(), time.monotonic()))
        send(self.control, ("started", request, pid))

    def _become_client(self, spec: Spec, slave: int, link: int) -> None:
        """In the child, before anything of the session runs."""
        signal.set_wakeup_fd(-1)
        for sig in (signal.SIGCHLD, signal.SIGTERM, signal.SIGINT):
            signal.signal(sig, signal.SIG_DFL)
        self.control.close()
        os.close(self.wake_r)
        os.close(self.wake_w)
        os.setsid()
        for fd in (0, 1, 2):
            os.dup2(slave, fd)
        if slave > 2:
            os.close(slave)
        os.closerange(3, link)
        os.closerange(link + 1, os.sysconf("SC_OPEN_MAX"))
        os.environ.clear()
        os.environ.update(spec.env)
        spawn.in_child(spec.limits())

    def reap(self) -> None:
        while self.children:
            try:
                pid, status, usage = os.wait4(-1, os.WNOHANG)
            except ChildProcessError:
                return
            if pid == 0:
                return
            _, budget = self.children.pop(pid, (0, None))
            try:
                if budget is not None and budget.over_since is None and budget.reached(usage.ru_utime + usage.ru_stime):
                    # the kernel's limit came before this loop saw the budget spent (it
                    # looks once a second): the server's log says so all the same
                    send(self.control, ("over", pid, budget.why or budget.share_spent))
                send(self.control, ("exited", pid, status))
            except OSError:
                pass

    def keep_budgets(self) -> None:
        import resource

        now = time.monotonic()
        for pid, (session, budget) in list(self.children.items()):
            used = spawn.cpu_used(pid)
            if used is None:
                continue
            soft = budget.update(used, now)
            try:
                resource.prlimit(pid, resource.RLIMIT_CPU, (soft, resource.RLIM_INFINITY))
            except (OSError, ValueError):
                continue
            if budget.left <= 0:
                if budget.over_since is None:
                    budget.over_since = now
                    try:
                        send(self.control, ("over", pid, budget.why))  # for the server's log
                    except OSError:
                        pass
                    # told at once: the kernel's limit is in whole seconds, moved on at every
                    # look, and a process the machine keeps short of the processor could stay
                    # under it until its grace had passed (then it is killed, and says nothing)
                    try:
                        os.kill(pid, signal.SIGXCPU)
                    except ProcessLookupError:
                        pass
                elif now - budget.over_since > GRACE:
                    try:
                        os.killpg(pid, signal.SIGKILL)  # told by SIGXCPU, and still going
                    except ProcessLookupError:
                        pass
            else:
                budget.over_since = None


def run_child(link: int) -> int:
    """The session's screen, in the forked child."""
    from .client import run_client

    return run_client(link)


def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(prog="foxtui.server.forkserver")
    parser.add_argument("--fd", type=int, required=True)
    args = parser.parse_args(argv)
    control = socket.socket(fileno=args.fd)
    preload()
    warm_up()
    warm_up_terminal()
    gc.collect()
    immortal, why = immortalize()
    filled = fill_pools() if immortal else 0  # (on 3.11 the reference counts copy the pages anyway)
    gc.freeze()
    send(control, ("ready", immortal, why, filled))
    return ForkServer(control).run()


if __name__ == "__main__":
    sys.exit(main())


class Forker:
    """The server's end of the fork server (asyncio): start it, ask it for client
    processes, learn when they end."""

    def __init__(self) -> None:
        self.process: Any = None
        self.sock: socket.socket | None = None
        self._ready: Any = None
        self._started: dict[int, Any] = {}  # request -> future of the pid
        self._exits: dict[int, Any] = {}  # pid -> future of the waitpid status
        #: children that went over their processor budget: pid -> why, in words
        self.over: dict[int, str] = {}
        self._requests = 0
        #: objects the fork server made immortal, and why none if so (``immortalize``)
        self.immortal = 0
        self.why_not_immortal: str | None = None

    async def start(self, timeout: float = 120.0) -> None:
        import asyncio
        import subprocess

        loop = asyncio.get_running_loop()
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        env = spawn.session_env("dumb", False)  # each child gets its own; nothing of the server's
        self.process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "foxtui.server.forkserver",
            "--fd",
            str(theirs.fileno()),
            pass_fds=(theirs.fileno(),),
            stdin=subprocess.DEVNULL,
            env=env,
        )
        theirs.close()
        ours.setblocking(False)
        self.sock = ours
        self._ready = loop.create_future()
        loop.add_reader(ours, self._readable)
        try:
            await asyncio.wait_for(self._ready, timeout)
        except (asyncio.TimeoutError, ConnectionError) as exc:
            self.close()
            raise OSError(f"the fork server did not start ({exc or 'no answer'})") from None

    def _readable(self) -> None:
        assert self.sock is not None
        while True:
            try:
                got = receive(self.sock)
            except BlockingIOError:
                return
            except OSError:
                got = None
            if got is None:
                self._gone()
                return
            message, fds = got
            for fd in fds:
                os.close(fd)
            self._dispatch(message)

    def _dispatch(self, message: Any) -> None:
        kind = message[0]
        if kind == "ready" and self._ready is not None and not self._ready.done():
            self.immortal, self.why_not_immortal = message[1], message[2]
            self._ready.set_result(None)
        elif kind == "started":
            future = self._started.pop(message[1], None)
            if future is not None and not future.done():
                future.set_result(message[2])
        elif kind == "failed":
            future = self._started.pop(message[1], None)
            if future is not None and not future.done():
                future.set_exception(OSError(message[2]))
        elif kind == "over":
            self.over[message[1]] = str(message[2])
        elif kind == "exited":
            future = self._exit_future(message[1])
            if not future.done():
                future.set_result(message[2])

    def _exit_future(self, pid: int) -> Any:
        import asyncio

        future = self._exits.get(pid)
        if future is None:
            future = self._exits[pid] = asyncio.get_running_loop().create_future()
        return future

    def _gone(self) -> None:
        """The fork server ended: every request and child waiting is told."""
        import asyncio

        if self.sock is not None:
            asyncio.get_running_loop().remove_reader(self.sock)
            self.sock.close()
            self.sock = None
        if self._ready is not None and not self._ready.done():
            self._ready.set_exception(ConnectionError("it ended"))
        for future in self._started.values():
            if not future.done():
                future.set_exception(OSError("the fork server has ended"))
        self._started.clear()
        for future in self._exits.values():
            if not future.done():
                future.set_result(signal.SIGKILL)  # as good as gone: its terminal closes
        self._exits.clear()

    async def spawn(self, spec: Spec, slave: int, link: int) -> int:
        import asyncio

        if self.sock is None:
            raise OSError("the fork server is not running")
        self._requests += 1
        request = self._requests
        future = self._started[request] = asyncio.get_running_loop().create_future()
        send(self.sock, ("spawn", request, msgspec.to_builtins(spec)), [slave, link])
        pid = await future
        self._exit_future(pid)
        return pid

    async def wait(self, pid: int) -> int:
        """The child's waitpid status once it has ended."""
        status = await self._exit_future(pid)
        self._exits.pop(pid, None)
        return status

    def signal(self, pid: int, signum: int) -> None:
        if self.sock is not None:
            try:
                send(self.sock, ("signal", pid, int(signum)))
            except OSError:
                pass

    def close(self) -> None:
        if self.sock is not None:
            self._gone()
        if self.process is not None and self.process.returncode is None:
            try:
                self.process.terminate()
            except ProcessLookupError:
                pass
