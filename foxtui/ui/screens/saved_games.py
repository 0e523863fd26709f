"""Saved games: every save, newest first, with resume, replay and delete."""

from __future__ import annotations

import time

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Static

from foxtui.engine.saves import SaveEntry, list_saves

from ..games import unplayable_reason
from ..widgets.keybar import KeyBar
from ..words import game_title, players_text


class SavesTable(DataTable, inherit_bindings=False):
    """A DataTable that leaves Enter to the screen, so the key bar shows what Enter does."""

    BINDINGS = [binding for binding in DataTable.BINDINGS if binding.key != "enter"]


class SavedGamesScreen(Screen):
    BINDINGS = [
        Binding("enter", "resume", "Open", id="saves.open"),
        Binding("r", "replay", "Replay", id="saves.replay"),
        Binding("d", "delete", "Delete", id="saves.delete"),
        Binding("escape", "back", "Back", id="saves.back"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self._entries: dict[str, SaveEntry] = {}

    def compose(self) -> ComposeResult:
        yield Static("Saved games", classes="screen-title")
        yield SavesTable(id="saves-table", cursor_type="row", zebra_stripes=True)
        yield Static("", id="saves-detail")
        yield KeyBar()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("Game", "Players", "Round", "Date", "Status")
        self.refresh_list()
        table.focus()

    def on_screen_resume(self) -> None:
        # a game played or deleted elsewhere changes the list
        self.refresh_list()

    def refresh_list(self) -> None:
        table = self.query_one(DataTable)
        row = table.cursor_row
        table.clear()
        self._entries = {}
        for entry in list_saves():
            key = str(entry.path)
            self._entries[key] = entry
            table.add_row(*_cells(entry), key=key)
        if self._entries:
            table.move_cursor(row=min(row, len(self._entries) - 1))
        self._show_detail()

    # --- the highlighted save

    def _selected(self) -> SaveEntry | None:
        table = self.query_one(DataTable)
        if not self._entries:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        return self._entries.get(key)

    def _show_detail(self) -> None:
        entry = self._selected()
        detail = self.query_one("#saves-detail", Static)
        if entry is None:
            detail.update("No saved games yet. Start a new game from the home screen.")
        elif entry.problem is not None:
            detail.update(f"Damaged: {entry.problem}")
        else:
            reason = unplayable_reason(entry.summary.game)
            detail.update(entry.path.name if reason is None else f"{entry.path.name} · {reason}")

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._show_detail()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_resume()  # a mouse click on a row

    # --- actions

    def _usable(self) -> SaveEntry | None:
        entry = self._selected()
        if entry is None:
            self.notify("There is no saved game to open.", severity="warning")
            return None
        if entry.summary is None:
            self.notify(entry.problem or f"{entry.path.name} cannot be read.", severity="error")
            return None
        reason = unplayable_reason(entry.summary.game)
        if reason is not None:  # listed, but neither resumed nor replayed
            self.notify(reason, severity="warning")
            return None
        return entry

    def action_resume(self) -> None:
        entry = self._usable()
        if entry is None:
            return
        if entry.summary.finished:
            self.app.open_replay(entry.path)  # a finished game can only be watched again
        else:
            self.app.resume_save(entry.path)

    def action_replay(self) -> None:
        entry = self._usable()
        if entry is not None:
            self.app.open_replay(entry.path)

    def action_delete(self) -> None:
        from .confirm import ConfirmScreen

        entry = self._selected()
        if entry is None:
            self.notify("There is no saved game to delete.", severity="warning")
            return
        what = entry.path.name
        if entry.summary is not None:
            what = f"the {game_title(entry.summary.game)} game of {players_text(entry.summary.seats)}"

        def answered(yes: bool | None) -> None:
            if not yes:
                return
            try:
                entry.path.unlink()
            except FileNotFoundError:
                pass  # already gone: the refresh shows that
            except OSError as exc:
                self.notify(f"{entry.path.name} cannot be deleted ({exc.strerror}).", severity="error")
            self.refresh_list()

        self.app.push_screen(ConfirmScreen(f"Delete {what}? This cannot be undone."), answered)

    def action_back(self) -> None:
        self.app.pop_screen()


def _cells(entry: SaveEntry) -> tuple[str, str, str, str, str]:
    date = time.strftime("%Y-%m-%d %H:%M", time.localtime(entry.modified))
    summary = entry.summary
    if summary is None:
        # the problem sentence (it names the file) is too long for a cell at 80 columns:
        # the line under the table shows it for the highlighted save
        return ("(unreadable)", "", "", date, "damaged")
    status = "finished" if summary.finished else "in progress"
    return (game_title(summary.game), players_text(summary.seats), str(summary.round), date, status)
