"""Game options from text (``--option KEY=VALUE``), validated by the game's Options struct.

Nothing here knows a game: what a wrong value is told is read from the Options type
itself (``msgspec.inspect``): a fixed set of values lists them, a number gives its range.
"""

from __future__ import annotations

import re
import typing
from typing import Any, Sequence

import msgspec
import msgspec.inspect as mi

from .game import Game


def parse_options(game: Game, pairs: list[str], *, local: bool = False) -> Any:
    """Build ``game.Options`` from KEY=VALUE strings; ValueError with one sentence if wrong.

    ``local``: the game is played at one terminal, so an option marked
    ``Meta(extra={"local": False})`` (it needs a terminal per player) keeps its default.
    """
    fields = {f.name: f for f in mi.type_info(game.Options).fields}
    values: dict[str, Any] = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        key = key.strip().replace("-", "_")
        if not sep or not key:
            example = f" (e.g. {_example(game, fields)})" if fields else ""
            raise ValueError(f"Options are written KEY=VALUE{example}, not {pair!r}.")
        if key not in fields:
            if not fields:
                raise ValueError(f"{game.title} has no options; {key!r} is not one.")
            raise ValueError(f"{game.title} has no option {key!r}; its options are {_words(list(fields), 'and')}.")
        field = fields[key]
        value = _value(game, field, text.strip())
        if local and _needs_a_terminal_each(field) and value != field.default:
            raise ValueError(
                f"In {game.title}, {key}={text.strip()} needs a terminal for every player: "
                "choose it when you set up a table on `foxtui serve`."
            )
        values[key] = value
    try:
        return msgspec.convert(values, game.Options, strict=False)
    except msgspec.ValidationError as exc:  # a rule between options (each one alone was fine)
        raise ValueError(f"These {game.title} options do not go together ({_msgspec_words(exc)}).") from None


def accepted(info: Any, declared: Sequence[Any] | None = None) -> str:
    """What a value of this msgspec type may be, in words: "10 or 15", "a whole number
    from 1 to 5", "true or false". ``declared``: a Literal's values in declaration order."""
    if isinstance(info, mi.Metadata):
        return accepted(info.type, declared)
    if isinstance(info, mi.LiteralType):
        values = [_shown(v, quote=False) for v in (declared or info.values)]
        return _words(values, "or") if len(values) <= 3 else "one of " + _words(values, "or")
    if isinstance(info, mi.BoolType):
        return "true or false"
    if isinstance(info, (mi.IntType, mi.FloatType)):
        return number_words(isinstance(info, mi.IntType), *_bounds(info))
    if isinstance(info, mi.StrType):
        return "text"
    if isinstance(info, mi.NoneType):
        return "nothing"
    if isinstance(info, mi.UnionType):
        return " or ".join(accepted(t) for t in info.types)
    return "a value of another kind"


def option_problem(game: Game, raw: bytes, exc: Exception) -> str | None:
    """Why the options JSON ``raw`` (as in a saved game) was refused, in the words of
    ``--option``: "target_eggs cannot be 12: it takes 10 or 15"; None when msgspec's
    complaint is not about one option's value."""
    fields = {f.name: f for f in mi.type_info(game.Options).fields}
    name = _error_field(exc) if isinstance(exc, msgspec.ValidationError) else None
    try:
        given = msgspec.json.decode(raw)
    except msgspec.DecodeError:
        return None
    if name not in fields or not isinstance(given, dict) or name not in given:
        return None
    wanted = accepted(fields[name].type, _declared_values(game.Options, name))
    return f"{name} cannot be {_shown(given[name])}: it takes {wanted}"


class OptionText(typing.NamedTuple):
    """One option of a game in words, for a help page."""

    name: str
    default: str  # as typed: 10, false, random-level-1 ("" for empty text)
    takes: str  # what it may be: "10 or 15", "a whole number from 1 to 5"
    description: str
    local: bool  # settable at one terminal (False: only at a shared table)


def option_texts(game: Game) -> list[OptionText]:
    """The game's options, in declaration order, in words."""
    out = []
    for field in mi.type_info(game.Options).fields:
        info = field.type
        meta = info if isinstance(info, mi.Metadata) else None
        description = str(((meta.extra_json_schema if meta else None) or {}).get("description", ""))
        default = "" if field.default is msgspec.NODEFAULT else _shown(field.default, quote=False)
        takes = accepted(info, _declared_values(game.Options, field.name))
        out.append(OptionText(field.name, default, takes, description, not _needs_a_terminal_each(field)))
    return out


def number_words(whole: bool, low: float | None, high: float | None) -> str:
    """ "a whole number from 1 to 5", "a number of at least 0" ..."""
    kind = "a whole number" if whole else "a number"
    if low is not None and high is not None:
        return f"{kind} from {low} to {high}"
    if low is not None:
        return f"{kind} of at least {low}"
    if high is not None:
        return f"{kind} of at most {high}"
    return kind


# --- inside


def _value(game: Game, field: mi.Field, text: str) -> Any:
    """The value ``text`` gives the field: "15" is the number 15 for ``Literal[10, 15]``,
    "yes" is true for a bool, "1" stays text for a str."""
    candidates = [_scalar(text), text]
    for candidate in candidates:
        try:
            msgspec.convert({field.name: candidate}, game.Options, strict=False)
        except msgspec.ValidationError as exc:
            if _error_field(exc) != field.name:
                return candidate  # refused by a rule between options: told when all are known
            continue
        return candidate
    wanted = accepted(field.type, _declared_values(game.Options, field.name))
    given = text if re.fullmatch(r"-?\d+", text) else repr(text)  # as typed: 12, 'x', 'yes'
    raise ValueError(f"In {game.title}, {field.name} cannot be {given}: it takes {wanted}.")


def _scalar(text: str) -> Any:
    """Numbers become ints and yes/no words bools; the rest stays text."""
    lowered = text.lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    try:
        return int(text)
    except ValueError:
        return text


def _needs_a_terminal_each(field: mi.Field) -> bool:
    return isinstance(field.type, mi.Metadata) and (field.type.extra or {}).get("local") is False


def _declared_values(options_type: type, name: str) -> tuple[Any, ...] | None:
    """A Literal field's values as the game declared them (msgspec.inspect sorts them)."""
    try:
        hint = typing.get_type_hints(options_type, include_extras=True)[name]
    except Exception:  # an annotation that cannot be resolved: the sorted values will do
        return None
    while typing.get_origin(hint) is typing.Annotated:
        hint = typing.get_args(hint)[0]
    return typing.get_args(hint) if typing.get_origin(hint) is typing.Literal else None


def _bounds(info: Any) -> tuple[Any, Any]:
    whole = isinstance(info, mi.IntType)
    low = info.ge if info.ge is not None else (info.gt + 1 if whole and info.gt is not None else info.gt)
    high = info.le if info.le is not None else (info.lt - 1 if whole and info.lt is not None else info.lt)
    return low, high


def _example(game: Game, fields: dict[str, mi.Field]) -> str:
    field = next(iter(fields.values()))
    default = field.default if field.default is not msgspec.NODEFAULT else ""
    return f"{field.name}={_shown(default, quote=False)}"


def _shown(value: Any, quote: bool = True) -> str:
    """A value as a person types it: true, 15, random-level-1 (text quoted if ``quote``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return str(value)
    return repr(str(value)) if quote else str(value)


def _words(items: Sequence[str], last: str) -> str:
    """a, b and c / a or b."""
    items = list(items)
    if len(items) <= 2:
        return f" {last} ".join(items)
    return ", ".join(items[:-1]) + f" {last} " + items[-1]


_AT = re.compile(r"^(.*) - at `\$(?:\.(\w+))?.*`$")


def _error_field(exc: msgspec.ValidationError) -> str | None:
    match = _AT.match(str(exc))
    return match.group(2) if match else None


def _msgspec_words(exc: Exception) -> str:
    """msgspec's message without its backticks and JSON path."""
    match = _AT.match(str(exc))
    text = match.group(1) if match else str(exc)
    text = text.replace("`", "")
    return text[:1].lower() + text[1:] if text[1:2].islower() else text
