"""One process at a time plays a saved game.

A lock beside the save (``.NAME.lock``) names the process that holds it. A second
process is refused with one sentence naming that process; a lock left by a process
that was killed is taken over (filelock checks that its owner is gone, PID reuse
included). Within one process, every Session on the same file shares one hold.
"""

from __future__ import annotations

from pathlib import Path

from filelock import SoftFileLock, Timeout

from .record import RecordError


class GameInUse(RecordError):
    """The save is being played by another foxtui process."""


class _Hold:
    def __init__(self, lock: SoftFileLock) -> None:
        self.lock = lock
        self.count = 1  # Sessions of this process on the save


_HELD: dict[Path, _Hold] = {}


def lock_path(save: Path) -> Path:
    return save.with_name(f".{save.name}.lock")


def hold(save: Path) -> None:
    """Take the save for this process, or raise GameInUse naming the process that has it."""
    save = Path(save).resolve()
    held = _HELD.get(save)
    if held is not None:
        held.count += 1
        return
    try:
        save.parent.mkdir(parents=True, exist_ok=True)
    except OSError:
        return  # nowhere to keep a lock, nor the game: saving will say why
    lock = SoftFileLock(str(lock_path(save)), timeout=0, thread_local=False)
    try:
        lock.acquire()
    except Timeout:
        pid = lock.pid
        owner = f"process {pid}" if pid is not None else "another process"
        raise GameInUse(f"{save.name} is open in another foxtui ({owner}).") from None
    except OSError:
        return  # a folder where no lock can be made (read-only): play on, as before
    _HELD[save] = _Hold(lock)


def release(save: Path) -> None:
    """Give up one hold; the last one frees the save for other processes."""
    save = Path(save).resolve()
    held = _HELD.get(save)
    if held is None:
        return
    held.count -= 1
    if held.count <= 0:
        del _HELD[save]
        held.lock.release()
