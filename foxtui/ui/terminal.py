"""The terminal foxtui draws on, and what happens when it goes away.

Textual's Linux driver, with three changes for a terminal that is lost (the SSH
connection dropped, the terminal window or tmux pane closed, the pty deleted):

- a SIGHUP tells the app (:class:`TerminalLost`) instead of killing foxtui outright;
- a hung-up terminal is noticed without a signal: a thread waits (in ``poll``, asleep)
  for the terminal to report a hang-up or an error. Textual's key reader would read
  end-of-file from it over and over, at full speed (one foxtui was seen spinning for
  minutes on a deleted pty), or end with a traceback on an I/O error;
- writes to a terminal that has gone are dropped: Textual's writer thread would die on
  the first error and the next frames would wait forever for room in its queue.

And the keys are read as they were typed (:func:`read_keys_as_typed`): bytes that are
not UTF-8 are read as U+FFFD, and Escape pressed right before Enter is two keys.

The app saves and exits on :class:`TerminalLost` (see ``FoxApp.on_terminal_lost``).
Used only where Textual would use its Linux driver (not headless, not on Windows).
"""

from __future__ import annotations

import asyncio
import os
import select
import signal
import threading
from typing import IO, Any

from textual.message import Message

from .textual_internals import DriverHooks, read_keys_with

#: what ``poll`` reports for a terminal that has gone (asked for nothing, it reports only these)
GONE = select.POLLHUP | select.POLLERR | select.POLLNVAL


class TerminalLost(Message):
    """The terminal hung up (``why``: "hangup" for a SIGHUP, else what was noticed)."""

    def __init__(self, why: str) -> None:
        super().__init__()
        self.why = why


class _Output:
    """The terminal as the writer thread sees it: after the first failed write, every
    write is dropped and the driver is told (once) that the terminal is gone."""

    def __init__(self, file: IO[str], lost: Any) -> None:
        self._file = file
        self._lost = lost
        self.dead = False

    def write(self, text: str) -> None:
        if not self.dead:
            try:
                self._file.write(text)
            except OSError:
                self._died()

    def flush(self) -> None:
        if not self.dead:
            try:
                self._file.flush()
            except OSError:
                self._died()

    def _died(self) -> None:
        self.dead = True
        # What could not be written stays in the file's buffer, and Python would try it
        # again at exit and end with status 120; from now on the terminal's output (and
        # stdout, if it is the same terminal) goes nowhere, without failing.
        try:
            fd = self._file.fileno()
            device = os.fstat(fd).st_rdev
            null = os.open(os.devnull, os.O_WRONLY)
            for out in {1, fd}:
                if out == fd or os.fstat(out).st_rdev == device:
                    os.dup2(null, out)
            os.close(null)
        except OSError:
            pass
        self._lost("the terminal cannot be written to")

    def fileno(self) -> int:
        return self._file.fileno()

    def isatty(self) -> bool:
        return not self.dead and self._file.isatty()


#: Escape and Enter in one read: keys typed fast arrive so (over SSH they come bunched)
ESCAPE_ENTER = "\x1b\r"
#: what a terminal sends around pasted text (bracketed paste mode)
PASTE_START, PASTE_END = "\x1b[200~", "\x1b[201~"
ESC = "\x1b"
#: the Escape key as the kitty keyboard protocol spells it, which Textual's reader knows
ESCAPE_SPELLED = "\x1b[27u"


class _KeyText:
    """The decoder Textual's key reader uses, lenient, with Escape and Enter kept apart.

    Textual reads ESC followed by a key within its escape delay as that key with Alt,
    and Alt+Enter as a plain Enter: the Escape was lost. A player who closed the chat
    with Escape and at once pressed Enter on the round summary below had the chat
    closed by the Enter, and the summary waited for an Enter they had pressed. foxtui
    binds no Alt key, so the pair is told as the two keys it was typed as."""

    def __init__(self, encoding: str) -> None:
        import codecs

        from textual import constants

        self._decode = codecs.getincrementaldecoder(encoding)(errors="replace").decode
        self._split = not constants.DISABLE_KITTY_KEY  # (else the reader would not know the spelling)
        self._pasting = False  # inside a bracketed paste
        self._started = 0  # outside one: how much of PASTE_START the text so far ends with
        self._held = ""  # inside one: the start of what may be PASTE_END, kept for the next read

    def decode(self, data: bytes, final: bool = False) -> str:
        text = self._paste_as_text(self._decode(data, final), final)
        if self._split and ESCAPE_ENTER in text:
            text = text.replace(ESCAPE_ENTER, ESCAPE_SPELLED + "\r")
        return text

    def _paste_as_text(self, text: str, final: bool) -> str:
        """A paste is text, whatever it holds: an ESC inside one is dropped, except the
        one that ends it. Textual's reader reads what follows an ESC in a paste as keys
        (``\\e[200~hello\\eworld\\x03\\e[201~`` was a ctrl+c that ended a session)."""
        out: list[str] = []
        at = 0
        if self._held:
            text, self._held = self._held + text, ""
        while at < len(text):
            if not self._pasting:
                if self._started:  # the last read ended with the marker's beginning
                    rest = PASTE_START[self._started :]
                    if text.startswith(rest, at):
                        out.append(rest)
                        at += len(rest)
                        self._pasting, self._started = True, 0
                        continue
                    if rest.startswith(text[at:]):
                        self._started += len(text) - at
                        out.append(text[at:])
                        break
                    self._started = 0
                begin = text.find(PASTE_START, at)
                if begin < 0:
                    out.append(text[at:])
                    self._started = _ends_with_part_of(text, PASTE_START)
                    break
                out.append(text[at : begin + len(PASTE_START)])
                at = begin + len(PASTE_START)
                self._pasting = True
                continue
            esc = text.find(ESC, at)
            if esc < 0:
                out.append(text[at:])
                break
            out.append(text[at:esc])
            if text.startswith(PASTE_END, esc):
                out.append(PASTE_END)
                at = esc + len(PASTE_END)
                self._pasting = False
            elif PASTE_END.startswith(text[esc:]) and not final:
                self._held = text[esc:]  # the end may be on its way
                break
            else:
                at = esc + 1  # not the end: no key, and the rest is text
        return "".join(out)


def _ends_with_part_of(text: str, marker: str) -> int:
    """How long a beginning of ``marker`` (not all of it) ``text`` ends with."""
    for n in range(min(len(marker) - 1, len(text)), 0, -1):
        if text.endswith(marker[:n]):
            return n
    return 0


def read_keys_as_typed() -> None:
    """Have Textual's Linux key reader decode with :class:`_KeyText`: input that is not
    UTF-8 (a pasted Latin-1 "café", a stray 0xFF) is read as U+FFFD instead of ending
    the reader, and Escape before Enter stays two keys. (The reader takes its decoder
    from its module's ``getincrementaldecoder``: tests/terminal pin that it is used.)"""
    read_keys_with(_KeyText)


class FoxDriver(DriverHooks):
    def __init__(self, app: Any, **kwargs: Any) -> None:
        read_keys_as_typed()
        self._lost_told = False
        self._loop: asyncio.AbstractEventLoop | None = None
        self._watch: threading.Thread | None = None
        self._wake_r, self._wake_w = -1, -1
        super().__init__(app, **kwargs)
        self.wrap_output(lambda file: _Output(file, self._lost))

    # --- telling the app (from any thread, at most once)

    def _lost(self, why: str) -> None:
        if self._lost_told:
            return
        self._lost_told = True
        self.app.post_message(TerminalLost(why))  # thread-safe

    # --- application mode

    def start_application_mode(self) -> None:
        loop = asyncio.get_running_loop()
        try:  # before Textual's own start, whose first writes may already fail
            loop.add_signal_handler(signal.SIGHUP, self._lost, "hangup")
            self._loop = loop
        except (ValueError, RuntimeError):  # not the main thread: no signals here
            pass
        super().start_application_mode()
        self._wake_r, self._wake_w = os.pipe()
        self._watch = threading.Thread(target=self._watch_terminal, name="foxtui-hangup", daemon=True)
        self._watch.start()

    def stop_application_mode(self) -> None:
        if self._watch is not None:
            os.write(self._wake_w, b"x")
            self._watch.join()
            self._watch = None
            os.close(self._wake_r)
            os.close(self._wake_w)
        super().stop_application_mode()
        if self._loop is not None:
            self._loop.remove_signal_handler(signal.SIGHUP)
            self._loop = None

    def _watch_terminal(self) -> None:
        """Sleep until the terminal hangs up (or application mode ends)."""
        poll = select.poll()
        poll.register(self.fileno, 0)  # no events asked for: only a hang-up or an error wakes it
        poll.register(self._wake_r, select.POLLIN)
        while True:
            try:
                events = poll.poll()
            except InterruptedError:  # a signal came in; Python retries, but to be sure
                continue
            for fd, mask in events:
                if fd == self._wake_r:
                    return
                if mask & GONE:
                    self._lost("the terminal hung up")
                    return

    def input_failed(self, error: OSError) -> None:
        # Textual's key reader ends the app with a traceback when a read fails; a read
        # fails when the terminal has gone
        self._lost("the terminal cannot be read")
