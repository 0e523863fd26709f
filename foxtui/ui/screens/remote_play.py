"""A shared table's screen (foxtui serve): the play screen for one seat, fed by the server.

The flow is the play screen's; what differs is where the steps come from. The
server pushes an update after every step (anyone's, a bot's, the clock's), and
the screen draws it: no handovers (one seat per terminal), no bots here, no undo.
"""

from __future__ import annotations

from typing import Any, Callable

from foxtui.engine.game import IllegalAction
from foxtui.server import protocol
from foxtui.server.remote import RemoteTable

from .play import PlayScreen


class RemotePlayScreen(PlayScreen):
    def __init__(self, table: RemoteTable) -> None:
        self.table = table  # before PlayScreen's __init__, which asks _seats_here
        super().__init__(table, bot_delay=0)  # type: ignore[arg-type]  # the Session subset it uses
        #: the public view the players last saw: an interlude compares it with the next
        self._seen_public: Any = None

    def _seats_here(self) -> list[int]:
        return [] if self.table.seat is None else [self.table.seat]

    def _round_text(self) -> str:
        return f"Round {self.table.round}"

    def on_mount(self) -> None:
        self._seen_public = self.table.view(None)

    def _step(self, move: Callable[[], Any]) -> None:
        """Send the player's move and draw nothing yet: the server answers every move
        with an update (its result, or the table as it is if the move was refused), and
        that is drawn once, instead of a "waiting" screen first and then the result.
        Keys pressed meanwhile do nothing, as the server has not said what is legal now."""
        if self.table.waiting:
            return
        try:
            move()
        except IllegalAction as exc:
            self.notify(str(exc), severity="error")

    def server_update(self, update: protocol.Update) -> None:
        """A step happened at the table (or the seat came back): draw it."""
        self.table.apply(update)
        if not self.is_mounted:
            return
        if not self.is_active:
            self._resume_flow = True  # the help or an interlude is on top: draw when back
            return
        before, self._seen_public = self._seen_public, self.table.view(None)
        self._tell_save_problem()
        self._after_step(before)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "undo":
            return False  # nothing is taken back at a shared table
        return super().check_action(action, parameters)

    def on_unmount(self) -> None:
        # Back to the lobby (q, or the results took the table's place): the server keeps
        # the seat for a rejoin. A screen replaced by another table's says nothing.
        if self.app.table is self.table:
            self.app.table = None
            self.table.link.send(protocol.Leave())
