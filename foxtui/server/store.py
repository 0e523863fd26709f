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

from foxtui.engine.record import GameRecord, RecordError, decode_record, encode_record


class StoreError(Exception):
    """The database cannot be used at all: one sentence for the command line."""

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
#: columns added since the first schema: (name, definition); added to an older file
LATER_COLUMNS = (
    ("activity", "REAL"),  # when a player last moved, joined or created it (Unix time)
    ("abandoned", "INTEGER NOT NULL DEFAULT 0"),  # nobody came back for too long, or cancelled
    ("creator", "TEXT"),  # the key that set it up (it may cancel it before the game begins)
    ("result", "TEXT"),  # a finished game's result in words ("Ada won"), for the lobby
    ("chat", "BLOB"),  # the table's chat lines (protocol.ChatLine), JSON; not the game's record
)


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
    #: the record of a game in play (None: not begun; a finished game's is read when wanted)
    record: GameRecord | None
    finished: bool
    activity: float | None = None
    abandoned: bool = False
    has_record: bool = False
    creator: str | None = None
    result: str = ""
    chat: bytes | None = None  # the chat's lines, JSON (read by the hub, which knows their type)


class DamagedRow(msgspec.Struct):
    """A row that cannot be read back: which one, and why (a sentence)."""

    id: int
    reason: str
    owners: list[str | None] = []


class Store:
    def __init__(self, path: Path) -> None:
        """Raises StoreError (a sentence) for a file that is not a usable database."""
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self._db = sqlite3.connect(self.path, isolation_level=None)  # autocommit: one write, one commit
            # WAL: a step's write never waits for readers; NORMAL still survives a killed process.
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.executescript(SCHEMA)
            have = {row[1] for row in self._db.execute("PRAGMA table_info(tables)")}
            for name, definition in LATER_COLUMNS:
                if name not in have:
                    self._db.execute(f"ALTER TABLE tables ADD COLUMN {name} {definition}")
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"{self.path} is not a foxtui server database, or is damaged ({exc}).") from None

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

    def new_table(
        self, spec: TableSpec, owners: list[str | None], activity: float | None = None, creator: str | None = None
    ) -> int:
        cur = self._db.execute(
            "INSERT INTO tables (spec, owners, activity, creator) VALUES (?, ?, ?, ?)",
            (msgspec.json.encode(spec), msgspec.json.encode(owners), activity, creator),
        )
        return int(cur.lastrowid)

    def set_chat(self, table_id: int, lines: bytes) -> None:
        self._db.execute("UPDATE tables SET chat = ? WHERE id = ?", (lines, table_id))

    def set_result(self, table_id: int, result: str) -> None:
        self._db.execute("UPDATE tables SET result = ? WHERE id = ?", (result, table_id))

    def save_table(
        self,
        table_id: int,
        owners: list[str | None],
        record: GameRecord | None,
        *,
        round: int = 0,
        finished: bool = False,
        activity: float | None = None,
    ) -> None:
        data = None if record is None else encode_record(record, round=round, finished=finished)
        self._db.execute(
            "UPDATE tables SET owners = ?, record = ?, finished = ?, activity = COALESCE(?, activity) WHERE id = ?",
            (msgspec.json.encode(owners), data, int(finished), activity, table_id),
        )

    def abandon(self, table_id: int) -> None:
        self._db.execute("UPDATE tables SET abandoned = 1 WHERE id = ?", (table_id,))

    def record_of(self, table_id: int) -> GameRecord | None:
        """A table's record, read now (a finished game's); RecordError if it is damaged."""
        row = self._db.execute("SELECT record FROM tables WHERE id = ?", (table_id,)).fetchone()
        if row is None or row[0] is None:
            return None
        return decode_record(row[0], f"table {table_id}")

    def tables(self) -> list[StoredTable | DamagedRow]:
        """Every table, oldest first; a row that cannot be read back is a DamagedRow
        (the others are read all the same). The records of finished games are not read.
        Raises StoreError when the database itself is damaged."""
        out: list[StoredTable | DamagedRow] = []
        try:
            rows = self._db.execute(
                "SELECT id, spec, owners, record IS NOT NULL, finished, activity, abandoned, creator, result, chat"
                " FROM tables ORDER BY id"
            ).fetchall()
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"{self.path} is damaged ({exc}).") from None
        for table_id, spec, owners, has_record, finished, activity, abandoned, creator, result, chat in rows:
            row = self._read_row(table_id, spec, owners, bool(has_record), bool(finished), activity, bool(abandoned))
            if isinstance(row, StoredTable):
                row.creator = creator if isinstance(creator, str) else None
                row.result = result if isinstance(result, str) else ""
                row.chat = chat if isinstance(chat, bytes) else None
            out.append(row)
        return out

    def _read_row(
        self, table_id: int, spec: Any, owners: Any, has_record: bool, finished: bool, activity: Any, abandoned: bool
    ) -> StoredTable | DamagedRow:
        seat_owners: list[str | None] = []
        try:
            seat_owners = msgspec.json.decode(owners, type=list[str | None])
            table_spec = msgspec.json.decode(spec, type=TableSpec)
            record = None
            if has_record and not finished and not abandoned:
                row = self._db.execute("SELECT record FROM tables WHERE id = ?", (table_id,)).fetchone()
                record = decode_record(row[0], f"table {table_id}")
        except RecordError as exc:
            return DamagedRow(table_id, str(exc), seat_owners)
        except (msgspec.DecodeError, msgspec.ValidationError, TypeError) as exc:
            return DamagedRow(table_id, f"table {table_id} cannot be read back ({exc}).", seat_owners)
        except (RecursionError, sqlite3.DatabaseError) as exc:
            return DamagedRow(table_id, f"table {table_id} cannot be read back ({type(exc).__name__}).", seat_owners)
        activity = activity if isinstance(activity, (int, float)) else None
        return StoredTable(table_id, table_spec, seat_owners, record, finished, activity, abandoned, has_record)


def options_json(options: Any) -> msgspec.Raw:
    return msgspec.Raw(msgspec.json.encode(options))
