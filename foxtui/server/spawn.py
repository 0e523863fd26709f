"""What every session's client process is given, however it is started.

The server opens a pseudo-terminal per SSH session and hands its slave end to a
client process: forked by the fork server (``forkserver.py``) in production, or
started as a command (tests' stand-ins). Either way the process is set up here
alike: a session of its own with the pty as its controlling terminal, raw mode
(nothing typed is a signal, and ctrl+s does not freeze the screen), the signals a
terminal could send ignored, and resource limits, so that one session can never
take what the others need:

- address space: the size the process has when it starts, plus ``memory`` bytes;
- open files: ``open_files``;
- processor: ``cpu_share`` of a core on average, with bursts of up to ``cpu_burst``
  seconds (a session drawing a large screen, a quick series of keys), and never a
  whole core for more than ``CORE_HELD`` seconds on end; the fork server looks at
  each process once a second and tells one whose budget is spent (SIGXCPU: the screen
  closes with a sentence), and kills it if it does not stop. Between two looks the
  process's RLIMIT_CPU, kept just ahead of its budget, has the kernel tell it
  (``core_held`` is ``CORE_HELD`` but for tests, which cannot wait so long).

The window a process sees is at most ``MAX_SIZE``: a screen's memory grows with
its cells (about 70 bytes each), and SSH allows 65535×65535.
"""

from __future__ import annotations

import fcntl
import math
import os
import resource
import signal
import struct
import termios
from dataclasses import dataclass
from typing import Any

#: seconds a client process may hold a whole core on end (a runaway session: its burst
#: would otherwise let it hold one for a minute); "whole": BUSY of each second or more
CORE_HELD = 10.0
BUSY = 0.9

#: what a player reads when their screen used more than its share of the processor
#: (the screen says it as it closes; the server, if it had to be killed)
TOO_BUSY = "This screen used more of the server's processor than one player may, and was closed; please connect again."

#: seconds of processor time short of its soft limit at which a process that ended is
#: taken to have reached it (``CpuBudget.reached``)
REACHED_MARGIN = 0.2

#: the largest window a client process is given, columns × rows (a larger terminal
#: is drawn in its top left corner, and the player is told)
MAX_SIZE = (320, 120)

#: signals a terminal (or a player's keys, were the pty not raw) could send to stop,
#: suspend or interrupt the screen: none of them does anything to a client process
IGNORED_SIGNALS = (signal.SIGTSTP, signal.SIGTTIN, signal.SIGTTOU, signal.SIGINT, signal.SIGQUIT)

#: what puts a player's terminal back as it was: the normal screen, a visible
#: cursor, no mouse or focus reports, no bracketed paste, the keyboard's plain mode,
#: line wrap and default colours. Written by the server after every session, however
#: it ended (each sequence is harmless when its mode is already off).
RESTORE_TERMINAL = (
    b"\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?1015l\x1b[?1016l"  # mouse reports
    b"\x1b[?1004l"  # focus reports
    b"\x1b[?2004l"  # bracketed paste
    b"\x1b[?2048l"  # in-band resize reports
    b"\x1b[<u"  # the kitty keyboard protocol, if it was pushed
    b"\x1b[?1049l"  # the normal screen
    b"\x1b[?7h\x1b[?25h\x1b[0m"  # line wrap, the cursor, default colours
)


@dataclass(frozen=True)
class ClientLimits:
    #: bytes of address space a client process may add to what it starts with
    memory: int = 384 * 1024 * 1024
    open_files: int = 64
    #: average share of one core a client process may use
    cpu_share: float = 0.5
    #: seconds of processor time a client process may use beyond its share at once (a
    #: spell of a whole core is cut at ``core_held`` first)
    cpu_burst: float = 30.0
    #: seconds a client process may hold a whole core on end
    core_held: float = CORE_HELD


def clamp(size: tuple[int, int]) -> tuple[int, int]:
    """The window size a client process is given for the player's ``size``."""
    columns, rows = size
    return (max(1, min(columns, MAX_SIZE[0])), max(1, min(rows, MAX_SIZE[1])))


def set_size(fd: int, size: tuple[int, int]) -> None:
    columns, rows = size
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))


def get_size(fd: int) -> tuple[int, int]:
    rows, columns, _, _ = struct.unpack("HHHH", fcntl.ioctl(fd, termios.TIOCGWINSZ, b"\0" * 8))
    return columns, rows


def make_raw(fd: int) -> None:
    """The pty's line discipline passes every byte through: no signals from ctrl+c,
    ctrl+z or ctrl+\\, no flow control from ctrl+s, no echo, no line editing. Textual
    sets raw mode too, and puts back this mode when it ends: never a cooked terminal."""
    attrs = termios.tcgetattr(fd)
    iflag, oflag, cflag, lflag = attrs[0], attrs[1], attrs[2], attrs[3]
    iflag &= ~(termios.IGNBRK | termios.BRKINT | termios.PARMRK | termios.ISTRIP | termios.INLCR)
    iflag &= ~(termios.IGNCR | termios.ICRNL | termios.IXON | termios.IXOFF | termios.IXANY)
    oflag &= ~termios.OPOST
    cflag = (cflag & ~(termios.CSIZE | termios.PARENB)) | termios.CS8
    lflag &= ~(termios.ECHO | termios.ECHONL | termios.ICANON | termios.ISIG | termios.IEXTEN)
    attrs[0], attrs[1], attrs[2], attrs[3] = iflag, oflag, cflag, lflag
    attrs[6][termios.VMIN], attrs[6][termios.VTIME] = 1, 0
    termios.tcsetattr(fd, termios.TCSANOW, attrs)


def address_space() -> int:
    """This process's address space now, in bytes."""
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")


def in_child(limits: ClientLimits) -> None:
    """In the client process, before it runs anything of the player's: the pty on
    fd 0 becomes its controlling terminal, terminal signals are ignored, and its
    limits are set. (A new session first: ``os.setsid`` by the caller.)"""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    for sig in IGNORED_SIGNALS:
        signal.signal(sig, signal.SIG_IGN)
    memory = address_space() + limits.memory
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    resource.setrlimit(resource.RLIMIT_NOFILE, (limits.open_files, limits.open_files))
    # the processor: a first budget; the fork server moves it on as time passes
    resource.setrlimit(resource.RLIMIT_CPU, (cpu_soft_limit(0.0, limits.cpu_burst), resource.RLIM_INFINITY))


def cpu_soft_limit(used: float, budget: float) -> int:
    """RLIMIT_CPU (whole seconds) for a process that has used ``used`` seconds and may
    use ``budget`` more."""
    return max(1, math.ceil(used + max(budget, 0.0)))


class CpuBudget:
    """A token bucket per client process: ``cpu_share`` seconds of processor time come
    in per second of wall time, up to ``cpu_burst``; what the process uses is taken out.
    A process that has held a whole core for more than ``core_held`` seconds on end has
    no budget left, whatever its bucket holds."""

    def __init__(self, limits: ClientLimits, now: float) -> None:
        self.limits = limits
        self.left = limits.cpu_burst
        self.used = 0.0
        self.when = now
        self.over_since: float | None = None
        self.busy_since: float | None = None  # since when it has held a whole core
        #: why it has no budget left, in words for the server's log ("" while it has)
        self.why = ""
        #: the soft RLIMIT_CPU the process has now (``in_child`` set the first)
        self.soft = cpu_soft_limit(0.0, limits.cpu_burst)

    def update(self, used: float, now: float) -> int:
        """The process has used ``used`` seconds in all: its new soft limit."""
        limits = self.limits
        spent, elapsed = used - self.used, now - self.when
        if elapsed > 0 and spent >= BUSY * elapsed:
            if self.busy_since is None:
                self.busy_since = self.when
        elif elapsed > 0:
            self.busy_since = None
        self.left = min(limits.cpu_burst, self.left - spent + limits.cpu_share * elapsed)
        self.used, self.when = used, now
        if self.busy_since is not None and now - self.busy_since > limits.core_held:
            self.left = min(self.left, 0.0)
            self.why = self.why or f"it held a whole core for more than {limits.core_held:g} seconds"
        elif self.left <= 0:
            self.why = self.why or self.share_spent
        self.soft = cpu_soft_limit(used, self.left)
        return self.soft

    @property
    def share_spent(self) -> str:
        return f"it used more than its share of the processor ({self.limits.cpu_share:g} of a core)"

    def reached(self, used: float) -> bool:
        """Whether a process that has ended after ``used`` seconds of processor time had
        reached its soft limit (the kernel told it so, SIGXCPU, and its screen closed):
        between two looks at it, the limit may be reached before the budget is seen spent.
        (What the kernel counted and what ``wait4`` reports of it differ a little: a child
        stopped at a soft limit of 1 s was reported at 0.96 to 0.98 s.)"""
        return used + REACHED_MARGIN >= self.soft


def cpu_used(pid: int) -> float | None:
    """Seconds of processor time (user and system) process ``pid`` has used; None
    when it is gone."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def describe_exit(status: int) -> str:
    """How a process ended (a waitpid status), in words for the log."""
    if os.WIFSIGNALED(status):
        number = os.WTERMSIG(status)
        try:
            name = signal.Signals(number).name
        except ValueError:
            name = str(number)
        return f"killed by {name}"
    return f"exit status {os.waitstatus_to_exitcode(status)}"


def session_env(term: str, low_bandwidth: bool) -> dict[str, Any]:
    """The whole environment of a client process: nothing of the server's own."""
    env = {
        "TERM": term,
        "LANG": "C.UTF-8",
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "FOXTUI_DATA_DIR": os.devnull,  # the client keeps nothing: the server has it all
    }
    if low_bandwidth:
        env["FOXTUI_LOW_BANDWIDTH"] = "1"
    return env
