"""Which games have a screen, and each one's panel, by game id.

``foxtui.games.GAMES`` may hold rules engines whose screen is not written yet: they
can be played from the command line but not offered on screen. Every screen that
lists or opens games asks here, never GAMES directly.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from .base import GamePanel


def _master_fox() -> type[GamePanel]:
    from .master_fox import MasterFoxPanel

    return MasterFoxPanel


def _fox_matters() -> type[GamePanel]:
    from .fox_matters import FoxMattersPanel

    return FoxMattersPanel


def _foxpaw() -> type[GamePanel]:
    from .foxpaw import FoxpawPanel

    return FoxpawPanel


def _fox_experiment() -> type[GamePanel]:
    from .fox_experiment import FoxExperimentPanel

    return FoxExperimentPanel


#: game id -> the loader of its panel (imported only when a table opens: the home
#: screen's first frame needs no game's widgets)
PANELS: dict[str, Callable[[], type[GamePanel]]] = {
    "master-fox": _master_fox,
    "fox-matters": _fox_matters,
    "foxpaw": _foxpaw,
    "fox-experiment": _fox_experiment,
}


class NoPanel(KeyError):
    """The game has no screen yet; str() is the sentence to show the player."""

    def __str__(self) -> str:
        return str(self.args[0])


def playable_infos() -> list[Any]:
    """Title and player counts of the games with a panel, without importing their rules
    (the home screen's first frame needs only these)."""
    from foxtui.games import GAMES

    return [GAMES.info(game_id) for game_id in GAMES if game_id in PANELS]


def playable_games() -> dict[str, Any]:
    """The games in GAMES that have a panel, in GAMES' order."""
    from foxtui.games import GAMES

    return {game_id: GAMES[game_id] for game_id in GAMES if game_id in PANELS}  # imports only those


def unplayable_reason(game_id: str) -> str | None:
    """None when the game can be shown; else the one sentence that says why not."""
    if game_id in PANELS:
        return None
    from ..words import game_title

    return f"{game_title(game_id)} cannot be played on screen yet."


def panel_for(game_id: str) -> type[GamePanel]:
    """The game's panel class; NoPanel (a KeyError) when it has none."""
    loader = PANELS.get(game_id)
    if loader is None:
        raise NoPanel(unplayable_reason(game_id))
    return loader()
