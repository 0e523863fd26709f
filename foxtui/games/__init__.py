"""The games whose rules are complete, by id."""

from __future__ import annotations

from foxtui.engine.game import Game

from .fox_matters import GAME as _fox_matters
from .master_fox import GAME as _master_fox

#: every rules engine; the app offers those that also have a screen (foxtui.ui.games)
GAMES: dict[str, Game] = {g.id: g for g in (_master_fox, _fox_matters)}

__all__ = ["GAMES"]
