"""Run a command (foxtui) and write how it ended to a file, surviving the terminal it
runs in: the lost-terminal tests kill the tmux pane and then read the file.

    python watch_exit.py STATUS_FILE attached|detached COMMAND...

It ignores SIGHUP itself (the command gets the default back), and waits at most
WATCH_SECONDS (default 20) before killing the command and writing "still running".
"attached": the command is in the terminal's session and gets the SIGHUP a hangup
sends; "detached": in a session of its own (``setsid``), so it gets no signal at all
and can only notice that the terminal has gone.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time


def main() -> None:
    status_file, mode, *command = sys.argv[1:]
    signal.signal(signal.SIGHUP, signal.SIG_IGN)
    started = time.monotonic()
    child = subprocess.Popen(
        command,
        preexec_fn=lambda: signal.signal(signal.SIGHUP, signal.SIG_DFL),
        start_new_session=mode == "detached",
    )
    try:
        result = str(child.wait(timeout=float(os.environ.get("WATCH_SECONDS", "20"))))
    except subprocess.TimeoutExpired:
        child.kill()
        child.wait()
        result = "still running"
    temporary = status_file + ".tmp"
    with open(temporary, "w") as out:
        out.write(f"{result} {time.monotonic() - started:.2f}\n")
    os.replace(temporary, status_file)


if __name__ == "__main__":
    main()
