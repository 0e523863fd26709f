"""The fork server's objects made immortal before it forks (CPython 3.12 and 3.13), so
that a child reading them leaves their pages shared; and nothing of it on 3.11."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from foxtui.server import forkserver

HERE = forkserver.why_not_immortal_here()


def test_only_cpython_3_12_and_3_13_on_64_bits_with_the_gil_make_objects_immortal():
    def why(version=(3, 12), implementation="cpython", bits=64, free_threaded=False, debug=False):
        return forkserver.why_not_immortal(version, implementation, bits, free_threaded, debug)

    assert why() is None
    assert why((3, 13)) is None
    assert why((3, 11)) == "Python 3.11 has no immortal objects; they came with 3.12"
    assert "3.14" in why((3, 14))
    assert "32-bit" in why(bits=32)
    assert "free-threaded" in why((3, 13), free_threaded=True)
    assert "debug" in why(debug=True)
    assert "pypy" in why(implementation="pypy")
    if sys.version_info < (3, 12):
        assert HERE == "Python 3.11 has no immortal objects; they came with 3.12"


@pytest.mark.skipif(sys.version_info >= (3, 12), reason="on 3.12 and later this would make the test process immortal")
def test_on_python_3_11_nothing_is_made_immortal():
    thing = ["a list only this test holds"]
    before = sys.getrefcount(thing)
    assert forkserver.immortalize() == (0, "Python 3.11 has no immortal objects; they came with 3.12")
    assert sys.getrefcount(thing) == before
    held = [thing, thing]
    assert sys.getrefcount(thing) == before + 2
    del held


#: builds objects of every kind the fork server holds (tracked by the collector or
#: not: tuples, lists, strings that are not names, large numbers), makes them immortal
#: (or not), forks, and has the child read each once: prints what it made immortal and
#: how many KiB of the child's pages became its own
TOUCH = textwrap.dedent(
    """
    import gc, os, sys
    from foxtui.server import forkserver

    items = [(f"item {n}", n * 1_000_003, [n]) for n in range(50_000)]
    gc.collect()
    made, why = forkserver.immortalize() if sys.argv[1] == "immortal" else (0, "not asked")
    gc.freeze()
    s = items[7][0]
    s += "!"  # a string grown in place needs a reference count of one: takes the slow path
    assert s == "item 7!" and items[7][0] == "item 7"

    def private_dirty():
        for line in open("/proc/self/smaps_rollup"):
            if line.startswith("Private_Dirty:"):
                return int(line.split()[1])

    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        before = private_dirty()
        for item in items:
            for part in item:
                pass
        os.write(w, str(private_dirty() - before).encode())
        os._exit(0)
    os.close(w)
    os.waitpid(pid, 0)
    print(made, why, int(os.read(r, 100)), sys.getrefcount(items[3][0]))
    """
)


def _touch(mode: str) -> tuple[int, int, int]:
    out = subprocess.run([sys.executable, "-c", TOUCH, mode], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    made, *_, copied, refcount = out.stdout.split()
    return int(made), int(copied), int(refcount)


@pytest.mark.skipif(HERE is not None, reason=f"objects cannot be made immortal here: {HERE}")
def test_a_child_that_reads_immortal_objects_leaves_their_pages_shared():
    made, copied, refcount = _touch("immortal")
    assert made >= 200_000  # each tuple, string, number and list
    assert refcount == forkserver.IMMORTAL
    assert copied < 1024, f"the child copied {copied} KiB"
    _, copied_mortal, _ = _touch("mortal")  # the same objects left mortal: each read copies a page
    assert copied_mortal > 4 * 1024, f"the child copied only {copied_mortal} KiB"


def test_free_blocks_are_read_from_the_allocators_table():
    stats = textwrap.dedent(
        """
        Small block threshold = 512, in 32 size classes.

        class   size   num pools   blocks in use  avail blocks
        -----   ----   ---------   -------------  ------------
            0     16           2            1270           772
            1     32          19            8512          1178
           31    512          12             341            31

        # arenas allocated total           =                   25
        25 arenas * 1048576 bytes/arena    =           26,214,400
        """
    )
    assert forkserver.free_blocks(stats) == {16: 772, 32: 1178, 512: 31}
    assert forkserver.free_blocks("nothing like it") == {}


FILL = textwrap.dedent(
    """
    import gc, os, sys, tempfile
    from foxtui.server import forkserver

    def free():
        saved = os.dup(2)
        with tempfile.TemporaryFile() as out:
            os.dup2(out.fileno(), 2)
            sys._debugmallocstats()
            os.dup2(saved, 2)
            out.seek(0)
            blocks = forkserver.free_blocks(out.read().decode())
        return sum(size * count for size, count in blocks.items())

    things = [(f"thing {n}", float(n), bytes(n % 400)) for n in range(30_000)]
    del things[::2]  # holes all over the pools
    gc.collect()
    before = free()
    taken = forkserver.fill_pools()
    print(before, taken, free())
    """
)


def test_filling_the_pools_takes_their_free_blocks():
    out = subprocess.run([sys.executable, "-c", FILL], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    before, taken, after = (int(n) for n in out.stdout.split())
    assert before > 1024 * 1024  # the holes are there
    assert taken >= before * 0.9
    assert after < before / 10


def _newer_pythons() -> list[str]:
    """CPython 3.12 and 3.13 interpreters on this machine (pyenv's, or on the PATH)."""
    import glob
    import shutil

    found = sorted(glob.glob("/root/.pyenv/versions/3.1[23].*/bin/python3"))
    found += [p for p in (shutil.which("python3.12"), shutil.which("python3.13")) if p and "shims" not in p]
    return found


NEWER = _newer_pythons()


@pytest.mark.skipif(sys.version_info >= (3, 12) or not NEWER, reason="runs on 3.11 when a 3.12 or 3.13 is on the machine")
def test_under_the_machines_python_3_12_a_child_reading_immortal_objects_leaves_their_pages_shared(tmp_path):
    """The suite runs on 3.11, where nothing is made immortal; the lean fork server is
    for 3.12 and 3.13. So the page test runs under such an interpreter too, with only
    what the fork server's module needs beside it (msgspec, at the version we pin)."""
    from pathlib import Path

    root = Path(forkserver.__file__).resolve().parents[2]
    python = NEWER[0]
    site = tmp_path / "site"
    pip = subprocess.run(
        [python, "-m", "pip", "install", "-q", "--target", str(site), "-c", str(root / "constraints.txt"), "msgspec"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    if pip.returncode != 0:
        pytest.skip(f"msgspec could not be installed for {python}: {pip.stderr.strip()[-300:]}")
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": f"{site}:{root}"}
    results = {}
    for mode in ("immortal", "mortal"):
        out = subprocess.run([python, "-c", TOUCH, mode], capture_output=True, text=True, timeout=120, env=env)
        assert out.returncode == 0, out.stderr
        made, *_, copied, refcount = out.stdout.split()
        results[mode] = int(made), int(copied), int(refcount)
    made, copied, refcount = results["immortal"]
    assert made >= 200_000 and refcount == forkserver.IMMORTAL
    assert copied < 1024, f"the child copied {copied} KiB under {python}"
    assert results["mortal"][1] > 4 * 1024


#: a fork server without its imports and warm-ups, whose children spin instead of
#: drawing, and which never looks at their budgets (its TICK an hour away): only the
#: kernel's limit can stop a child
SPINNING_FORK_SERVER = """
import socket, sys, time
from foxtui.server import forkserver

def spin(link):
    while True:
        pass

forkserver.run_child = spin
forkserver.TICK = 3600.0
sys.exit(forkserver.ForkServer(socket.socket(fileno=int(sys.argv[1]))).run())
"""


def test_a_child_stopped_by_the_kernel_between_two_looks_is_told_as_over_its_limit():
    """The fork server looks at its children's processor time once a second; the kernel
    may stop one at its limit between two looks (SIGXCPU), before the budget was seen
    spent. The server's log said nothing of the limit then: the fork server now tells it
    ("over") when it reaps a child that had reached its soft limit."""
    import os
    import socket

    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    server = subprocess.Popen(
        [sys.executable, "-c", SPINNING_FORK_SERVER, str(theirs.fileno())], pass_fds=(theirs.fileno(),)
    )
    theirs.close()
    master, slave = os.openpty()
    link_a, link_b = socket.socketpair()
    try:
        spec = forkserver.Spec(1, {"PATH": os.environ.get("PATH", "")}, 384 * 1024 * 1024, 64, 0.5, 0.5)
        forkserver.send(ours, ("spawn", 7, forkserver.msgspec.to_builtins(spec)), [slave, link_b.fileno()])
        ours.settimeout(20)
        told = []
        while not told or told[-1][0] != "exited":
            message, _ = forkserver.receive(ours)
            told.append(message)
        assert [m[0] for m in told] == ["started", "over", "exited"], told
        assert told[1][2] == "it used more than its share of the processor (0.5 of a core)"
        assert os.WIFSIGNALED(told[2][2]) and os.WTERMSIG(told[2][2]) == __import__("signal").SIGXCPU
    finally:
        ours.close()
        server.wait(10)
        for fd in (master, slave):
            os.close(fd)
        link_a.close()
        link_b.close()
