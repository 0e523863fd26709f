"""Where searching bots think: worker processes, for the app and for ``foxtui serve``.

A search is pure Python: in a thread of the app it holds the interpreter lock, and
a key press waits for it; on the server's loop it would stall every table. In a
worker process it takes another core and nobody waits. The workers start from a
fresh interpreter (``spawn``): the server and the app are never forked.

A question that is no longer wanted (the table changed or closed) is called off: a
flag in memory shared with the workers, read by the search between simulations, so
the worker is free again at once instead of finishing a move nobody will play.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
import os
import sys
from concurrent.futures import Future
from typing import Any, Callable, Iterator

from foxtui.engine.game import IllegalAction

LOG = logging.getLogger("foxtui.thinkers")

#: call-off flags, used round: more questions than this at once (one per table with
#: a bot thinking) would let a new question reuse an old one's flag
SLOTS = 4096

_flags: Any = None  # in a worker: the shared call-off flags


def _start_worker(flags: Any) -> None:
    global _flags
    _flags = flags
    # a worker's stray output would land on the player's screen (the app's terminal);
    # its errors travel back with its answers instead
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)
    os.close(devnull)


@contextlib.contextmanager
def _real_stdio() -> Iterator[None]:
    """The process's own stdout and stderr while workers start: the multiprocessing
    machinery passes their file descriptors on, and Textual's stand-ins for them
    have none."""
    saved = sys.stdout, sys.stderr
    if sys.__stdout__ is not None and sys.__stderr__ is not None:
        sys.stdout, sys.stderr = sys.__stdout__, sys.__stderr__
    try:
        yield
    finally:
        sys.stdout, sys.stderr = saved


class _CalledOff:
    """A worker's answer to a question that was called off."""


def _answer(question: Any, slot: int, budget: int | None) -> Any:
    from foxtui.bots.ask import answer
    from foxtui.bots.root_search import Abandoned

    try:
        return answer(question, budget, abandon=lambda: _flags[slot] != 0)
    except Abandoned:
        return _CalledOff()


def searching_budget(question: Any) -> int | None:
    """The simulations the question's level searches with here (a level's budget set
    in this process, as a test or a bench does, holds in the workers too)."""
    from foxtui.games import GAMES

    bot = GAMES[question.game_id].bots[question.level]
    expertise = getattr(bot, "expertise", None)
    return None if expertise is None else expertise.budget


class Workers:
    """A few worker processes, started when the first question comes."""

    def __init__(self, processes: int) -> None:
        self.processes = processes
        self._pool: Any = None  # a ProcessPoolExecutor
        self._flags: Any = None
        self._next = 0

    def submit(self, question: Any) -> tuple[Future, int]:
        # the pool's helper processes (its resource tracker, the workers) start here
        with _real_stdio():
            if self._pool is None:
                # imported here: an app that never meets an expert never loads them
                import multiprocessing
                from concurrent.futures import ProcessPoolExecutor

                context = multiprocessing.get_context("spawn")
                self._flags = context.RawArray("b", SLOTS)
                self._pool = ProcessPoolExecutor(
                    self.processes, mp_context=context, initializer=_start_worker, initargs=(self._flags,)
                )
            slot = self._next % SLOTS
            self._next += 1
            self._flags[slot] = 0
            future = self._pool.submit(_answer, question, slot, searching_budget(question))
        return future, slot

    def call_off(self, slot: int) -> None:
        if self._flags is not None:
            self._flags[slot] = 1

    def shutdown(self) -> None:
        """Every search called off, the workers left to end (nobody waits for them)."""
        if self._pool is None:
            return
        for slot in range(SLOTS):
            self._flags[slot] = 1
        self._pool.shutdown(wait=False, cancel_futures=True)
        self._pool = None


class Thought:
    """One question being answered in a worker; ``cancel`` calls it off."""

    def __init__(self, workers: Workers, future: Future, slot: int) -> None:
        self._workers = workers
        self._future = future
        self._slot = slot
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True
        if not self._future.cancel():  # already running: the search stops at its next simulation
            self._workers.call_off(self._slot)


class WorkerThinker:
    """A table driver's thinker (foxtui/table/driver.py): the question goes to a worker,
    the move comes back on the asyncio loop that asked (the server's or the app's)."""

    def __init__(self, workers: Workers) -> None:
        self.workers = workers

    def __call__(self, question: Any, done: Callable[[Any], None]) -> Thought:
        loop = asyncio.get_running_loop()
        future, slot = self.workers.submit(question)
        thought = Thought(self.workers, future, slot)

        def finished(f: Future) -> None:
            if thought.cancelled or f.cancelled():
                return
            error = f.exception()
            if error is not None:
                LOG.error("a bot could not decide: %r", error)
                done(IllegalAction("The bot could not decide."))
                return
            move = f.result()
            if not isinstance(move, _CalledOff):
                done(move)

        context = contextvars.copy_context()  # the asker's (the app's active screen, say)

        def handed(f: Future) -> None:
            # on the pool's thread: the answer goes to the loop, done runs there
            try:
                loop.call_soon_threadsafe(finished, f, context=context)
            except RuntimeError:
                pass  # the loop has closed: nobody is waiting

        future.add_done_callback(handed)
        return thought
