"""Each playable game's panel, by game id."""

from __future__ import annotations

from .base import GamePanel


def panel_for(game_id: str) -> type[GamePanel]:
    from .master_fox import MasterFoxPanel

    panels: dict[str, type[GamePanel]] = {"master-fox": MasterFoxPanel}
    return panels[game_id]
