"""The server's memory: players and tables in one SQLite file in the data folder.

A started table keeps its game as a record in the saved-games format
(foxtui.engine.record), rewritten after every step; a server that starts again
replays each record and every table goes on from its last step.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import msgspec

from foxtui.engine.record import GameRecord, decode_record, encode_record

SCHEMA = """
CREATE TABLE IF NOT EXISTS players (
    key TEXT PRIMARY KEY,          -- the SSH public key's SHA256 fingerprint
    name TEXT NOT NULL UNIQUE COLLATE NOCASE
);
CREATE TABLE IF NOT EXISTS tables (
    id INTEGER PRIMARY KEY,
    spec BLOB NOT NULL,            -- TableSpec, JSON
    owners BLOB NOT NULL,          -- per seat: the owner's key, or null (a bot or a free seat)
    record BLOB,                   -- the game record once every seat is taken
    finished INTEGER NOT NULL DEFAULT 0
);
"""


class TableSpec(msgspec.Struct, frozen=True):
    """How a table was set up, before its game exists (seats are filled first)."""

    game: str
    options: msgspec.Raw  # the game's Options, JSON
    bots: list[str | None]  # per seat: a bot level, or None for a human
    seed: int
    move_seconds: float = 0.0
    #: how fast its bots play (foxtui.table.pace.BOT_SPEEDS)
    bot_speed: str = "normal"


class StoredTable(msgspec.Struct):
    id: int
    spec: TableSpec
    owners: list[str | None]
    record: GameRecord | None
    finished: bool


class Store:
    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(self.path, isolation_level=None)  # autocommit: one write, one commit
        # WAL: a step's write never waits for readers; NORMAL still survives a killed process.
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(SCHEMA)

    def close(self) -> None:
        self._db.close()

    # --- players

    def player_name(self, key: str) -> str | None:
        row = self._db.execute("SELECT name FROM players WHERE key = ?", (key,)).fetchone()
        return row[0] if row else None

    def set_player_name(self, key: str, name: str) -> bool:
        """False when another player already has that name."""
        try:
            self._db.execute(
                "INSERT INTO players (key, name) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET name = excluded.name",
                (key, name),
            )
        except sqlite3.IntegrityError:
            return False
        return True

    def player_names(self) -> dict[str, str]:
        return dict(self._db.execute("SELECT key, name FROM players"))

    # --- tables

    def new_table(self, spec: TableSpec, owners: list[str | None]) -> int:
        cur = self._db.execute(
            "INSERT INTO tables (spec, owners) VALUES (?, ?)",
            (msgspec.json.encode(spec), msgspec.json.encode(owners)),
        )
        return int(cur.lastrowid)

    def save_table(
        self, table_id: int, owners: list[str | None], record: GameRecord | None, *, round: int = 0, finished: bool = False
    ) -> None:
        data = None if record is None else encode_record(record, round=round, finished=finished)
        self._db.execute(
            "UPDATE tables SET owners = ?, record = ?, finished = ? WHERE id = ?",
            (msgspec.json.encode(owners), data, int(finished), table_id),
        )

    def tables(self) -> list[StoredTable]:
        """Every table, oldest first. Raises RecordError for a record that is not usable."""
        out = []
        for table_id, spec, owners, record, finished in self._db.execute(
            "SELECT id, spec, owners, record, finished FROM tables ORDER BY id"
        ):
            out.append(
                StoredTable(
                    table_id,
                    msgspec.json.decode(spec, type=TableSpec),
                    msgspec.json.decode(owners, type=list[str | None]),
                    None if record is None else decode_record(record, f"table {table_id}"),
                    bool(finished),
                )
            )
        return out


def options_json(options: Any) -> msgspec.Raw:
    return msgspec.Raw(msgspec.json.encode(options))
