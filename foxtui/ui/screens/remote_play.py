"""A shared table's screen (foxtui serve): the play screen for one seat, fed by the server.

The flow is the play screen's, driven by the same TableDriver; what differs is where
the steps come from. The server pushes an update after every step (anyone's, a
bot's, the clock's), and the screen draws it: no handovers (one seat per terminal),
no bots here, no undo.
"""

from __future__ import annotations

from typing import Any

from foxtui.table.remote import RemoteTable

from .play import PlayScreen


class RemotePlayScreen(PlayScreen):
    def __init__(self, table: RemoteTable) -> None:
        self.remote = table
        super().__init__(table, bot_delay=0, seats_here=[] if table.seat is None else [table.seat])

    def server_update(self, update: Any) -> None:
        """A step happened at the table (or the seat came back): draw it."""
        answered = self.remote.waiting
        self.remote.apply(update)
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

    def _whole_log(self, seat: int | None) -> list[str] | None:
        self.app.link.want_log()  # this client keeps the newest lines only; the server has all
        return None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "undo":
            return False  # nothing is taken back at a shared table
        return super().check_action(action, parameters)

    def on_unmount(self) -> None:
        super().on_unmount()
        # Back to the lobby (q, or the results took the table's place): the server keeps
        # the seat for a rejoin. A screen replaced by another table's says nothing.
        if self.app.table is self.remote:
            self.app.table = None
            self.app.link.leave()
