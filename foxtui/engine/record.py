"""Game records: what was played, saved as readable JSON, loaded with full validation.

A record holds the format version, game id, options, seats, seed and every
step ``(seat, action)`` with a short hash of the state after it. Replaying the
steps from the seed reproduces every state; loading checks every hash.

Records carry no clock readings, so the same game always gives the same bytes
(the saved-games list takes its dates from the file's modification time). The one
exception is a paused game timer (:class:`TableClock`): the seconds a running
countdown had left when the game was last saved, so that a resumed game goes on
where it stopped instead of starting the countdown afresh.
"""

from __future__ import annotations

import os
import re
import stat
import tempfile
from hashlib import blake2b
from pathlib import Path
from typing import Any, Iterator, Literal

import msgspec

from .game import Game, IllegalAction, SeatInfo

FORMAT_VERSION = 1
#: no saved game comes near this many bytes (a long game is a few hundred kB): a
#: larger file is refused before it is read
MAX_RECORD_BYTES = 16 * 1024 * 1024
#: what a record nested deeper than msgspec decodes is told as
_TOO_DEEP = "it nests deeper than any saved game"


class RecordError(Exception):
    """A record that cannot be used; the message is one sentence naming the file."""


#: who made a step, when it was not the seat's own player: "bot", a bot that chose
#: for a player whose move time ran out (a shared table's move limit); "table", the
#: sensible level's move, played for a bot whose own went round or failed
#: (foxtui/engine/decision.py)
StepBy = Literal["bot", "table"]


class Step(msgspec.Struct, frozen=True, omit_defaults=True):
    seat: int
    action: Any
    hash: str
    #: None: the seat's own player (or its bot) chose it. Written only when set, so
    #: records without it stay byte for byte as they were.
    by: StepBy | None = None


class TableClock(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A game timer's countdown as last saved. ``key`` says which timed period it
    belongs to (the game's choice, e.g. the round of a Fox Matters Action), so a
    stale reading is never applied to a later period. Not part of the rules: replays
    and hashes ignore it."""

    key: int
    seconds_left: int = msgspec.field(default=0)

    def __post_init__(self) -> None:
        if self.seconds_left < 0:
            raise ValueError("seconds_left must not be negative")


class GameRecord(msgspec.Struct):
    """A game from its seed. ``options`` and step actions are the game's own types."""

    game: str
    options: Any
    seats: list[SeatInfo]
    seed: int
    steps: list[Step] = msgspec.field(default_factory=list)
    format: int = FORMAT_VERSION
    clock: TableClock | None = None
    #: how fast the table's bots play (a name of foxtui.table.pace.BOT_SPEEDS; None: the
    #: default). A table's setting, not a rule: replays and hashes ignore it.
    bot_speed: str | None = None
    #: the version of the game's rules that played it (``Game.rules_version``); a record
    #: of other rules cannot replay to the same states. None: written before versions (1).
    rules: int | None = None


# --- the file layout: the same fields with game-specific parts left raw until the game is known


class _StepFile(msgspec.Struct, forbid_unknown_fields=True):
    seat: int
    action: msgspec.Raw
    hash: str
    by: StepBy | None = None


class _Header(msgspec.Struct, forbid_unknown_fields=True):
    format: int
    game: str
    options: msgspec.Raw
    seats: list[SeatInfo]
    seed: int
    round: int = 0
    finished: bool = False
    clock: TableClock | None = None
    bot_speed: str | None = None
    rules: int | None = None
    steps: list[_StepFile] = msgspec.field(default_factory=list)


class _Version(msgspec.Struct):
    format: Any = None
    game: Any = None


class RecordSummary(msgspec.Struct, frozen=True):
    """What the saved-games list shows, read without replaying the game."""

    game: str
    seats: list[SeatInfo]
    round: int
    finished: bool
    steps: int


_encoder = msgspec.json.Encoder()


def state_hash(state: Any) -> str:
    """A short, machine-independent fingerprint of a state."""
    return blake2b(_encoder.encode(state), digest_size=8).hexdigest()


def encode_record(record: GameRecord, *, round: int = 0, finished: bool = False) -> bytes:
    """The record as JSON: a readable header, then one step per line (diffable)."""
    head = {
        "format": record.format,
        "game": record.game,
        "options": record.options,
        "seats": record.seats,
        "seed": record.seed,
        "round": round,
        "finished": finished,
    }
    if record.clock is not None:  # only while a countdown is paused: records stay alike
        head["clock"] = record.clock
    if record.bot_speed is not None:  # only when chosen: records of autoplay stay alike
        head["bot_speed"] = record.bot_speed
    if record.rules is not None:
        head["rules"] = record.rules
    parts = [msgspec.json.format(_encoder.encode(head), indent=1)[:-2], b',\n "steps": [']
    parts.append(b",".join(b"\n  " + _encoder.encode(step) for step in record.steps))
    parts.append(b"\n ]\n}\n" if record.steps else b"]\n}\n")
    return b"".join(parts)


def _decode_header(data: bytes, name: str) -> _Header:
    if not data.strip():
        raise RecordError(f"{name} is empty.")
    try:
        version = msgspec.json.decode(data, type=_Version)
    except msgspec.DecodeError as exc:
        raise RecordError(f"{name} is damaged or truncated ({_short(exc)}).") from None
    except RecursionError:
        raise RecordError(f"{name} is damaged or was edited by hand ({_TOO_DEEP}).") from None
    if version.format is None:
        raise RecordError(f"{name} is not a foxtui saved game (it names no record format).")
    if version.format != FORMAT_VERSION:
        raise RecordError(
            f"{name} has record format {version.format!r}; this foxtui reads format {FORMAT_VERSION}."
        )
    try:
        return msgspec.json.decode(data, type=_Header)
    except msgspec.DecodeError as exc:
        raise RecordError(f"{name} is damaged or was edited by hand ({_short(exc)}).") from None
    except RecursionError:
        raise RecordError(f"{name} is damaged or was edited by hand ({_TOO_DEEP}).") from None


#: msgspec's names of JSON types, as a person would say them
_KINDS = {"int": "a whole number", "float": "a number", "str": "text", "bool": "true or false",
          "object": "an object", "array": "a list", "null": "null"}  # fmt: skip


def _short(exc: Exception) -> str:
    """msgspec's reason in words of ours: "seed should be a whole number, not text",
    "the field options is missing", "JSON is malformed: invalid character at byte 0"."""
    text = str(exc)
    if not text:
        return "unreadable"
    reason, at, where = text.partition(" - at `$")
    where = where.rstrip("`").lstrip(".")
    kinds = lambda match: [_KINDS.get(k, k) for k in match.groups()]  # noqa: E731
    if match := re.fullmatch(r"Expected `(\w+)`, got `(\w+)`", reason):
        wanted, got = kinds(match)
        return f"{where or 'it'} should be {wanted}, not {got}"
    if match := re.fullmatch(r"Object missing required field `(\w+)`", reason):
        return f"the field {match.group(1)} is missing" + (f" in {where}" if where else "")
    if match := re.fullmatch(r"Object contains unknown field `(\w+)`", reason):
        return f"it has a field {match.group(1)} no saved game has" + (f" (in {where})" if where else "")
    if reason == "Input data was truncated":
        return "it ends too early"
    if match := re.fullmatch(r"Invalid (?:enum )?value (.+)", reason):
        return f"{where or 'a value'} cannot be {match.group(1)}"
    reason = re.sub(r" \(byte (\d+)\)$", r" at byte \1", reason.replace("`", ""))
    if at:
        reason += f" at {where or 'the top'}"
    return reason[0].lower() + reason[1:] if reason[1:2].islower() else reason


def _game_for(header: _Header, name: str) -> Game:
    from foxtui.games import GAMES  # the engine stays importable without any game

    game = GAMES.get(header.game)
    if game is None:
        raise RecordError(f"{name} is a game of {header.game!r}, which this foxtui does not know.")
    made, plays = header.rules or 1, getattr(game, "rules_version", 1)
    if made != plays:
        raise RecordError(
            f"{name} was played with {'older' if made < plays else 'newer'} {game.title} rules "
            f"(version {made}; this foxtui plays version {plays}), so it cannot be replayed here."
        )
    return game


def decode_record(data: bytes, name: str = "the record") -> GameRecord:
    """Decode and type-check a record, without replaying it (see :func:`replay_states`)."""
    header = _decode_header(data, name)
    game = _game_for(header, name)
    try:
        options = msgspec.json.decode(header.options, type=game.Options)
    except RecursionError:
        raise RecordError(f"{name} has options {game.title} does not accept ({_TOO_DEEP}).") from None
    except msgspec.DecodeError as exc:
        from .options import option_problem

        reason = option_problem(game, header.options, exc) or _short(exc)
        raise RecordError(f"{name} has options {game.title} does not accept ({reason}).") from None
    if not game.min_players <= len(header.seats) <= game.max_players:
        raise RecordError(
            f"{name} has {len(header.seats)} seats; {game.title} is for "
            f"{game.min_players} to {game.max_players} players."
        )
    steps = []
    for n, raw in enumerate(header.steps, start=1):
        try:
            action = msgspec.json.decode(raw.action, type=game.Action)
        except RecursionError:
            raise RecordError(f"{name}: step {n} is not a {game.title} action ({_TOO_DEEP}).") from None
        except msgspec.DecodeError as exc:
            raise RecordError(f"{name}: step {n} is not a {game.title} action ({_short(exc)}).") from None
        steps.append(Step(raw.seat, action, raw.hash, raw.by))
    return GameRecord(
        header.game, options, header.seats, header.seed, steps,
        clock=header.clock, bot_speed=header.bot_speed, rules=header.rules,
    )  # fmt: skip


def read_summary(path: Path) -> RecordSummary:
    """The saved-games list entry for a file (header only; steps are counted, not replayed)."""
    header = _decode_header(_read(path), path.name)
    _game_for(header, path.name)  # a game of other rules is listed with why it cannot go on
    return RecordSummary(header.game, header.seats, header.round, header.finished, len(header.steps))


def replay_states(record: GameRecord, name: str = "the record", game: Game | None = None) -> Iterator[Any]:
    """Yield the state after setup and after every step, checking legality and hashes.

    Raises RecordError naming the first step that is illegal or does not match its hash.
    """
    if game is None:
        from foxtui.games import GAMES

        game = GAMES[record.game]
    try:
        state = game.setup(list(record.seats), record.options, record.seed)
    except (ValueError, IllegalAction) as exc:
        raise RecordError(f"{name}: the game cannot be set up ({exc})") from None
    yield state
    for n, step in enumerate(record.steps, start=1):
        if step.seat not in game.to_act(state):
            raise RecordError(f"{name}: step {n} is played by seat {step.seat}, whose turn it was not.")
        try:
            state = game.apply(state, step.seat, step.action)
        except IllegalAction as exc:
            raise RecordError(f"{name}: step {n} is not legal ({exc})") from None
        if state_hash(state) != step.hash:
            raise RecordError(f"{name}: step {n} does not match its recorded state (edited or damaged).")
        yield state


def final_state(record: GameRecord, name: str = "the record") -> Any:
    state = None
    for state in replay_states(record, name):
        pass
    return state


def read_record_file(path: Path) -> bytes:
    """A saved game's bytes. Anything that is not a regular file (a folder, a FIFO, a
    device such as /dev/zero) and anything larger than MAX_RECORD_BYTES is refused
    before it is read: RecordError, one sentence naming the path."""
    # the path as given: "/nonexistent does not exist", not "nonexistent does not exist"
    try:
        # O_NONBLOCK: a FIFO opens at once instead of waiting for a writer
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except FileNotFoundError:
        raise RecordError(f"{path} does not exist.") from None
    except IsADirectoryError:
        raise RecordError(f"{path} is a folder, not a saved game.") from None
    except OSError as exc:
        raise RecordError(f"{path} cannot be read ({exc.strerror}).") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise RecordError(f"{path} is a folder, not a saved game.")
        if not stat.S_ISREG(info.st_mode):
            raise RecordError(f"{path} is not a regular file, so not a saved game.")
        if info.st_size > MAX_RECORD_BYTES:
            raise RecordError(f"{path} is larger than any saved game ({info.st_size:,} bytes).")
        os.set_blocking(fd, True)
        chunks, size = [], 0
        while size <= MAX_RECORD_BYTES and (chunk := os.read(fd, 1 << 20)):
            chunks.append(chunk)
            size += len(chunk)
        if size > MAX_RECORD_BYTES:  # it grew while being read
            raise RecordError(f"{path} is larger than any saved game.")
        return b"".join(chunks)
    except OSError as exc:
        raise RecordError(f"{path} cannot be read ({exc.strerror}).") from None
    finally:
        os.close(fd)


_read = read_record_file


def load_record(path: Path) -> tuple[GameRecord, Any]:
    """Read, decode and verify a saved game: returns the record and its current state.

    The file is only read, never changed, whatever is wrong with it.
    """
    path = Path(path)
    record = decode_record(_read(path), path.name)
    return record, final_state(record, path.name)


def save_record(record: GameRecord, path: Path, *, round: int = 0, finished: bool = False) -> None:
    """Write atomically: a temp file in the same folder, fsync, then os.replace.

    A crash at any point leaves either the old file or the new one, never half of one.
    """
    write_atomically(Path(path), encode_record(record, round=round, finished=finished))


def write_atomically(path: Path, data: bytes) -> None:
    """``data`` as the whole of ``path``: a temp file in the same folder, fsync, then
    os.replace, so a crash leaves the old file or the new one, never half of one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _fsync_dir(path.parent)


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
