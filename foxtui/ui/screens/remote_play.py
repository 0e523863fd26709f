"""A shared table's screen (foxtui serve): the play screen for one seat, fed by the server.

The flow is the play screen's, driven by the same TableDriver; what differs is where
the steps come from. The server pushes an update after every step (anyone's, a
bot's, the clock's), and the screen draws it: no handovers (one seat per terminal),
no bots here, no undo.
"""

from __future__ import annotations

import math
import time
from collections import deque
from typing import Any

from rich.text import Text
from textual.binding import Binding

from foxtui.server import protocol as p
from foxtui.table import StepNews
from foxtui.table.remote import RemoteTable

from ..textual_internals import unbind_here
from ..widgets.keys import help_keys
from ..widgets.status import StatusLine, update_if_changed
from .play import PlayScreen

#: seconds before a move time limit runs out at which the player is warned (or a
#: third of the limit, if that is less)
WARN_BEFORE = 10.0


class RemotePlayScreen(PlayScreen):
    BINDINGS = [
        # "/": every letter is some game's key (Fox Matters' cards take a to z)
        Binding("slash", "chat", "Chat", id="remote_play.chat"),
        # a quick signal is one key from the table (the help lists what each says)
        *[
            Binding(f"f{n}", f"signal({n - 1})", f"Quick signal {n}", id=f"remote_play.signal{n}", show=False)
            for n in range(1, 6)
        ],
    ]

    def __init__(self, table: RemoteTable) -> None:
        self.remote = table
        super().__init__(table, bot_delay=0, seats_here=[] if table.seat is None else [table.seat])
        self._status_text = ""  # the status line as the play screen drew it
        self._warned_for: float | None = None  # the deadline the player was warned of
        self._limit: float | None = None  # the whole limit the deadline came with
        #: the public view of the last step looked at for a reveal, the steps told since
        #: (before, after: not looked at yet) and the reveals waiting to be shown, in order
        self._public_seen: Any = table.view(None)
        self._unlooked: deque[tuple[Any, Any]] = deque()
        self._reveals: deque[Any] = deque()

    def on_mount(self) -> None:
        # (PlayScreen's on_mount runs too: Textual calls each class's own)
        self.set_interval(1.0, self._show_move_time)

    def on_screen_resume(self) -> None:
        # (PlayScreen's runs after this one and resumes the driver): a reveal that came
        # while the chat or the help was over the table is shown once the table is back
        self.call_next(self._reveal_waiting)

    # --- a move time limit: the player to move sees it run, and is warned near its end

    def _show(self, seat: int | None) -> None:
        super()._show(seat)
        if self.remote.seat is None:
            self._no_moves_here()
        self._status_text = self.query_one(StatusLine).content.plain
        self._show_move_time()

    def _no_moves_here(self) -> None:
        """A spectator chooses nothing: the panel's lists keep no Enter ("Do it") or j, k."""
        from ..widgets.moves import Moves

        changed = False
        for moves in self.panel.query(Moves):
            changed |= unbind_here(moves, ("enter", "j", "k"))
        if changed:
            self.refresh_bindings()

    def action_help(self) -> None:
        from .help import HelpScreen

        game = self.table.game
        from .chat import quick_signals

        keys_help = _shared_table_words(self.panel.KEYS_HELP)
        signals = quick_signals(game.id, self._column())
        table_help = SHARED_TABLE_HELP + "".join(f"\n  - **F{n + 1}**: “{s}”" for n, s in enumerate(signals))
        markdown = "\n\n".join(part for part in (keys_help, table_help, game.rules_markdown) if part)
        tab = self.panel.FOCUS_WORDS  # where Tab gives the focus back to is the game's own
        words = {"play.focus_game": tab, "play.focus_game_back": tab}
        keys = help_keys(self, all_of=(self, self.panel), words=words)
        self._over(HelpScreen(f"{game.title} — help", keys, markdown), lambda _: None)

    def _show_move_time(self) -> None:
        status = self.query_one(StatusLine)
        deadline = self.remote.move_deadline
        seat = self.remote.seat
        acting = seat is not None and seat in self.remote.to_act() and bool(self.remote.legal_actions(seat))
        if deadline is None or not acting or not self._status_text:
            update_if_changed(status, Text(self._fitted()), layout=False)
            self._limit = None
            return
        left = max(0.0, deadline - time.monotonic())
        if self._limit is None or left > self._limit:
            self._limit = left
        seconds = math.ceil(left)
        update_if_changed(status, Text(self._fitted(f"{seconds} s to move")), layout=False)
        if left <= min(WARN_BEFORE, self._limit / 3) and self._warned_for != deadline and seconds > 0:
            self._warned_for = deadline
            self.notify(f"{seconds} seconds left to move; then a bot moves for you.", severity="warning")

    def _fitted(self, *more: str) -> str:
        """The status line with who is away or watches (and ``more``) after it, within the
        terminal's width: the game's title gives way first, then the watchers' names."""
        width = self.app.size.width - 2
        title = f"{self.table.game.title} · "
        status, news = self._status_text, self._table_news()

        def line() -> str:
            return " · ".join(part for part in (status, *news, *more) if part)

        if len(line()) > width and status.startswith(title):
            status = status[len(title) :]
        if len(line()) > width and self.remote.watching:
            news = [n for n in news if not n.endswith("watching")] + [f"{len(self.remote.watching)} watching"]
        return line()

    def _table_news(self) -> list[str]:
        """What the status line says besides the game: who is not here."""
        return self.remote.away()

    def _turn_text(self) -> str:
        # a held round: nobody plays yet, whoever is "to play"
        start = self.remote.start
        if start is not None and start.seconds:
            return f"the round starts in {start.seconds}"
        if start is not None and start.waiting_for and start.coming_back:
            return f"the clock waits for {' and '.join(start.waiting_for)} to be back"
        if start is not None and start.waiting_for:
            return f"{', '.join(start.waiting_for)} still reading"
        return super()._turn_text()

    def table_news_changed(self, message: Any) -> None:
        """Who is here, or a held round, changed: the status line says it (and the
        table's clock stands while the round is held)."""
        if self.is_mounted and isinstance(message, p.Start):
            self.driver.refresh()
        if self.is_mounted and self.panel.has_view:
            self._show(self.driver.on_screen)

    # --- the table's chat

    def _column(self) -> int | None:
        column = getattr(self.panel, "_column", None)  # (Fox Matters' signals name the column)
        return None if column is None else column + 1

    def action_chat(self) -> None:
        from .chat import ChatScreen

        chat = ChatScreen(
            self.remote.chat,
            self.remote.game.id,
            self.app.link.say,
            column=self._column(),
            player=self.remote.seat is not None,
        )
        self._over(chat, lambda _: None)

    def action_signal(self, n: int) -> None:
        from .chat import quick_signals

        signals = quick_signals(self.remote.game.id, self._column())
        if n < len(signals):
            self.app.link.say(signals[n])
            self.notify(f"You said: {signals[n]}", markup=False, timeout=4)

    def chat_arrived(self, lines: list[Any]) -> None:
        """New chat lines: into the chat if it is open, else told at the corner. What the
        table itself says (who dropped, came back or left) goes into the log instead."""
        from .chat import ChatScreen, chat_words

        if any(not line.name for line in lines) and self.is_mounted and self.panel.has_view:
            self._show_log(self.driver.on_screen)
        if isinstance(self.app.screen, ChatScreen):
            self.app.screen.add(lines)
            return
        me = self.app.lobby.name_
        for line in lines:
            if not line.name:
                continue  # in the log already
            if line.name == me and line.spectator == (self.remote.seat is None):
                continue  # one's own line: it was just written
            self.notify(chat_words(line).plain, markup=False, timeout=8)

    def _log_notes(self) -> list[tuple[int, str]]:
        """What the table itself said (who dropped, came back or left), each where it
        happened among the steps; a line from before the game's first step stands first."""
        from .chat import chat_words

        return [(max(line.step, 0), chat_words(line).plain) for line in self.remote.chat if not line.name]

    # --- interludes: spectators read them too; a player's reading may hold a round

    # The server plays on while a reveal (or the chat, the help) is over the table: the
    # steps that come meanwhile are each looked at as they come, so two reveals in a row
    # (the gestures, then the duel; a night, then an event) are both shown, in turn,
    # never only the state after the last of them.

    def _note_step(self) -> None:
        after = self.remote.view(None)
        before, self._public_seen = self._public_seen, after
        if before is None or after is None or before is after:
            return
        self._unlooked.append((before, after))
        if self.is_mounted:
            self._look()

    def _look(self) -> None:
        """The reveals of the steps told and not looked at yet (public views only)."""
        while self._unlooked:
            before, after = self._unlooked.popleft()
            interlude = self.panel.interlude(before, after)
            if interlude is not None:
                self._reveals.append(interlude)

    def table_changed(self, news: StepNews) -> None:
        self._tell_save_problem()
        self._look()
        self._show_reveals()

    def _show_reveals(self) -> None:
        """The next reveal waiting, or what is next once every one was read."""
        if self.app.screen is not self:
            return  # something over the table: the reveal waits its turn
        if not self._reveals:
            self.advance()
            return
        self._show(self.driver.on_screen)  # one seat per terminal: its own view behind
        self._over(self._reveals.popleft(), self._interlude_read)

    def _reveal_waiting(self) -> None:
        if self.is_mounted and self._reveals and self.app.screen is self and not self.driver.paused:
            self._show_reveals()

    def _interlude_read(self, _: Any) -> None:
        if self.remote.seat is not None and not self._reveals:
            self.app.link.ready()  # a real-time round may wait for everyone's summary
        self._show_reveals()

    def server_update(self, update: Any) -> None:
        """A step happened at the table (or the seat came back): draw it."""
        answered = self.remote.waiting
        self.remote.apply(update)
        self._note_step()
        if self.is_mounted:
            self.driver.refresh()
        if answered:
            self.app.release_keys()  # the keys typed meanwhile now act on what the server said

    def choose(self, action: Any) -> None:
        # The server answers every move with an update (its result, or the table as it
        # is if the move was refused), drawn once instead of a "waiting" screen first.
        # Keys pressed meanwhile do nothing: the server has not said what is legal now.
        if not self.remote.waiting:
            super().choose(action)
            if self.remote.waiting:
                self.app.hold_keys()  # sent: the next keys wait for the server's answer

    def _results_chat(self) -> list[Any] | None:
        return list(self.remote.chat)  # the results' replay shows what was said when

    def _whole_log(self, seat: int | None) -> list[str] | None:
        self.app.link.want_log()  # this client keeps the newest lines only; the server has all
        return None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "undo":
            return False  # nothing is taken back at a shared table
        if action == "signal":
            from .chat import quick_signals

            return int(parameters[0]) < len(quick_signals(self.remote.game.id, self._column()))  # type: ignore[call-overload]
        return super().check_action(action, parameters)

    def on_unmount(self) -> None:
        super().on_unmount()
        # Back to the lobby (q, or the results took the table's place): the server keeps
        # the seat for a rejoin. A screen replaced by another table's says nothing.
        if self.app.table is self.remote:
            self.app.table = None
            if not getattr(self.app, "hung_up", False):
                self.app.link.leave()


SHARED_TABLE_HELP = """\
**At a shared table**

- **/** opens the table's chat: what players and spectators said, and a line to
  write (enter sends it). A player may write `/mute NAME` there to silence
  someone watching, `/unmute NAME` to let them write again.
- The status line says who is away (their connection dropped) or left, and who
  watches; the log says when a player's connection dropped, when they came back
  and when they left the table.
- A real-time round starts on every screen at once: when everyone has read the
  last round's summary, a count of three.
- Quick signals, one key each, said to the table:"""


def _shared_table_words(markdown: str) -> str:
    """A panel's key help as a shared table has it: one player per terminal, so no
    item about passing the keyboard (**p**) to the next player."""
    out: list[str] = []
    skipping = False
    for line in markdown.splitlines():
        if line.startswith("- **p**"):
            skipping = True
            continue
        if skipping and line.startswith("  "):
            continue  # the item's own next lines
        skipping = False
        out.append(line)
    return "\n".join(out)
