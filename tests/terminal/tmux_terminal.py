"""A real pseudo-terminal for foxtui, as `ssh -t host foxtui` gives it: a private tmux
server runs ``python -m foxtui`` at a chosen size and TERM; tests type keys and read the
screen as text. Every wait has a deadline and fails showing the screen, never hangs."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable

TMUX = shutil.which("tmux")
#: seconds one thing may take to appear (the app starting, a bot moving) on a busy machine
WAIT = 20.0
POLL = 0.05
SESSION = "foxtui"
#: what the pane's shell says when foxtui has ended (its traceback, if any, stays above)
EXITED = re.compile(r"foxtui exited with status (\d+)")


class Terminal:
    """One tmux server with one window running foxtui. Use it as a context manager:
    the server is killed on the way out, whatever happened."""

    def __init__(
        self, term: str, data_dir: Path, *args: str, size: tuple[int, int] = (80, 24), launcher: tuple[str, ...] = ()
    ) -> None:
        """``launcher``: a command that runs foxtui's command line given after it (its own
        arguments first), e.g. to watch how foxtui ends when the pane is killed."""
        assert TMUX is not None, "tmux is not installed: the terminal tests need it (apt-get install tmux)"
        # its own server, on a socket in the test's folder (-L would leave it in /tmp/tmux-UID)
        self.socket = str(data_dir / "tmux.socket")
        # A clean environment: the runner's COLORTERM or NO_COLOR would change what is drawn.
        env = [f"TERM={term}", f"FOXTUI_DATA_DIR={data_dir}"]
        env += [f"PYTHONPATH={os.environ['PYTHONPATH']}"] if "PYTHONPATH" in os.environ else []
        # The shell reports the exit status on screen (tmux does not always get to reap the
        # pane's process in time to tell it); remain-on-exit keeps the screen for reading.
        report = '"$@"; echo "foxtui exited with status $?"'
        command = ["env", "-i", *env, "/bin/sh", "-c", report, "sh", *launcher, sys.executable, "-m", "foxtui", *args]
        width, height = size
        self._start = [
            "start-server", ";", "set-option", "-g", "remain-on-exit", "on", ";",
            "new-session", "-d", "-s", SESSION, "-x", str(width), "-y", str(height), "-c", str(data_dir),
            *command,
        ]  # fmt: skip

    def __enter__(self) -> Terminal:
        try:
            self.tmux(*self._start)
        except BaseException:
            self.__exit__()
            raise
        return self

    def __exit__(self, *exc: object) -> None:
        subprocess.run([TMUX, "-S", self.socket, "kill-server"], capture_output=True, timeout=10)

    def tmux(self, *args: str) -> str:
        # -u: the screen is UTF-8 whatever locale the test runs in
        result = subprocess.run(
            [TMUX, "-u", "-S", self.socket, "-f", "/dev/null", *args], capture_output=True, text=True, timeout=10
        )
        assert result.returncode == 0, f"tmux {' '.join(args)} failed: {result.stderr.strip()}"
        return result.stdout

    # --- reading

    def screen(self) -> str:
        """The screen as text, one line per row (trailing spaces dropped by tmux)."""
        return self.tmux("capture-pane", "-p", "-t", SESSION)

    def history(self) -> str:
        """Everything the pane has shown, scrolled-off lines included."""
        return self.tmux("capture-pane", "-p", "-S", "-", "-t", SESSION)

    def screen_with_colours(self) -> str:
        """The screen with its SGR colour sequences, as tmux stored what foxtui wrote."""
        return self.tmux("capture-pane", "-p", "-e", "-t", SESSION)

    def pane(self, field: str) -> str:
        """A tmux format field of the pane, e.g. pane_dead, pane_width, mouse_all_flag."""
        return self.tmux("display-message", "-p", "-t", SESSION, f"#{{{field}}}").strip()

    def wait_for(self, what: str | Callable[[str], bool], timeout: float = WAIT, label: str = "") -> str:
        """Poll the screen until it shows ``what`` (text, or a test of the screen's text,
        named by ``label`` in the failure); return that screen, or fail showing the last one."""
        check = what if callable(what) else (lambda screen: what in screen)
        deadline = time.monotonic() + timeout
        while True:
            screen = self.screen()
            if check(screen):
                return screen
            if self.pane("pane_dead") == "1":
                raise AssertionError(f"foxtui ended while waiting for {label or what!r}:\n{self.history()}")
            if time.monotonic() > deadline:
                raise AssertionError(f"waited {timeout:.0f} s for {label or what!r}; the screen was:\n{screen}")
            time.sleep(POLL)

    # --- acting

    def keys(self, *keys: str) -> None:
        """Press tmux key names: "n", "Tab", "Enter", "Down", "C-s" ..."""
        self.tmux("send-keys", "-t", SESSION, *keys)

    def type(self, text: str) -> None:
        self.tmux("send-keys", "-t", SESSION, "-l", text)

    def kill(self) -> None:
        """Close the window as a terminal emulator closing would: tmux closes the pty and
        the kernel hangs it up (SIGHUP to the shell, then to foxtui)."""
        self.tmux("kill-session", "-t", SESSION)

    def resize(self, width: int, height: int) -> None:
        self.tmux("resize-window", "-t", SESSION, "-x", str(width), "-y", str(height))

    def wait_exit(self, timeout: float = WAIT) -> int:
        """Wait for foxtui to end; its exit status."""
        deadline = time.monotonic() + timeout
        while self.pane("pane_dead") != "1":
            if time.monotonic() > deadline:
                raise AssertionError(f"foxtui did not exit within {timeout:.0f} s; the screen was:\n{self.screen()}")
            time.sleep(POLL)
        history = self.history()
        exited = EXITED.search(history)
        assert exited, f"foxtui's shell did not report an exit status:\n{history}"
        return int(exited.group(1))
