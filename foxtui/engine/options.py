"""Game options from text (``--option KEY=VALUE``), validated by the game's Options struct."""

from __future__ import annotations

from typing import Any

import msgspec

from .game import Game


def option_names(game: Game) -> list[str]:
    return [f.name for f in msgspec.structs.fields(game.Options)]


def parse_options(game: Game, pairs: list[str]) -> Any:
    """Build ``game.Options`` from KEY=VALUE strings; ValueError with one sentence if wrong."""
    names = option_names(game)
    values: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        key = key.strip().replace("-", "_")
        if not sep or not key:
            raise ValueError(f"Options are written KEY=VALUE, not {pair!r}.")
        if key not in names:
            known = ", ".join(names) or "none"
            raise ValueError(f"{game.title} has no option {key!r} (its options: {known}).")
        values[key] = _scalar(value.strip())
    try:
        return msgspec.convert(values, game.Options, strict=False)
    except msgspec.ValidationError as exc:
        raise ValueError(f"Bad option for {game.title}: {exc}.") from None


def _scalar(text: str) -> Any:
    """Numbers become ints so Literal[10, 15] options accept "15"; the rest stays text."""
    lowered = text.lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    try:
        return int(text)
    except ValueError:
        return text
