"""The playable games, by id. Only games that work are listed here."""

from __future__ import annotations

from foxtui.engine.game import Game

from .master_fox import GAME as _master_fox

GAMES: dict[str, Game] = {g.id: g for g in (_master_fox,)}

__all__ = ["GAMES"]
