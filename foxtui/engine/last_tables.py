"""The last table set up for each game (its seats' names, bots and ages, its options,
the bots' speed), kept in the data folder so that the new-game form offers it again.

It is a convenience, never needed: a file that cannot be read (damaged, edited, of
another version) is ignored, the form starts afresh, and the next table started
writes a good one. Written atomically, like the saves.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec

from .game import SeatInfo
from .record import write_atomically
from .saves import data_dir

FORMAT = 1


class LastSeat(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    name: str
    bot: str | None = None  # a bot level, None: a human
    age: int | None = None


class LastTable(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    seats: list[LastSeat]
    #: the game's options as JSON values (read back with the game's Options type)
    options: dict[str, Any] = msgspec.field(default_factory=dict)
    bot_speed: str | None = None


class LastTables(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    format: int = FORMAT
    games: dict[str, LastTable] = msgspec.field(default_factory=dict)


def path() -> Path:
    return data_dir() / "last_tables.json"


def load() -> LastTables:
    """Every game's last table; an empty set when the file is missing or cannot be read."""
    try:
        tables = msgspec.json.decode(path().read_bytes(), type=LastTables)
    except (OSError, msgspec.DecodeError, msgspec.ValidationError, RecursionError, UnicodeError):
        return LastTables()
    return tables if tables.format == FORMAT else LastTables()


def last_table(game: Any) -> tuple[list[SeatInfo], Any, str | None] | None:
    """The last table of ``game``: its seats, its options (the game's Options) and bot
    speed; None when there is none, or it no longer fits the game (a seat count, a bot
    level or an option it does not take)."""
    table = load().games.get(game.id)
    if table is None or not game.min_players <= len(table.seats) <= game.max_players:
        return None
    if any(s.bot is not None and s.bot not in game.bots for s in table.seats):
        return None
    try:
        options = msgspec.convert(table.options, game.Options)
    except (msgspec.ValidationError, TypeError, ValueError):
        return None
    seats = [SeatInfo(s.name, s.bot, s.age) for s in table.seats]
    return seats, options, table.bot_speed


def remember(game: Any, seats: list[SeatInfo], options: Any, bot_speed: str | None) -> None:
    """Keep this table as ``game``'s last (the other games' stay). A folder that cannot
    be written is no reason to stop a game: nothing is kept then."""
    table = LastTable([LastSeat(s.name, s.bot, s.age) for s in seats], msgspec.to_builtins(options), bot_speed)
    tables = load()
    data = msgspec.json.format(msgspec.json.encode(LastTables(FORMAT, {**tables.games, game.id: table})))
    try:
        write_atomically(path(), data)
    except OSError:
        pass
