"""The games whose rules are complete, by id.

Each game's module is imported the first time the game is used, so that the
app's first frame does not wait for the rules of games it does not show.
"""

from __future__ import annotations

from collections.abc import Iterator, MutableMapping
from importlib import import_module
from typing import NamedTuple

from foxtui.engine.game import Game


class GameInfo(NamedTuple):
    """What menus show of a game, known without importing its rules (a test checks it
    matches the game)."""

    id: str
    title: str
    min_players: int
    max_players: int
    module: str
    #: the app has a screen for it (``foxtui.ui.games.PANELS``; a test keeps the two
    #: alike), so the server can offer it without importing the UI
    has_screen: bool = True


#: every game with complete rules; the app and the server offer those with a screen
INFO = {
    info.id: info
    for info in (
        GameInfo("master-fox", "Master Fox", 2, 4, "foxtui.games.master_fox"),
        GameInfo("fox-matters", "Fox Matters", 1, 5, "foxtui.games.fox_matters"),
        GameInfo("foxpaw", "Foxpaw", 2, 4, "foxtui.games.foxpaw"),
        GameInfo("fox-experiment", "The Fox Experiment", 2, 6, "foxtui.games.fox_experiment"),
    )
}
MODULES = {game_id: info.module for game_id, info in INFO.items()}


class GameRegistry(MutableMapping[str, Game]):
    def __init__(self, modules: dict[str, str]) -> None:
        self._ids = list(modules)
        self._modules = dict(modules)
        self._games: dict[str, Game] = {}

    def __getitem__(self, game_id: str) -> Game:
        game = self._games.get(game_id)
        if game is None:
            game = self._games[game_id] = import_module(self._modules[game_id]).GAME
        return game

    def __setitem__(self, game_id: str, game: Game) -> None:  # tests lend extra games
        if game_id not in self._ids:
            self._ids.append(game_id)
        self._games[game_id] = game
        self._modules.pop(game_id, None)  # a lent game has no entry in INFO to trust

    def info(self, game_id: str) -> GameInfo:
        """Title and player counts, without importing the game's rules when INFO knows them."""
        if game_id in self._modules and game_id in INFO:
            return INFO[game_id]
        game = self[game_id]
        return GameInfo(game.id, game.title, game.min_players, game.max_players, "", has_screen=False)

    def __delitem__(self, game_id: str) -> None:
        self._ids.remove(game_id)
        self._games.pop(game_id, None)
        self._modules.pop(game_id, None)

    def __iter__(self) -> Iterator[str]:
        return iter(list(self._ids))

    def __len__(self) -> int:
        return len(self._ids)

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._ids


GAMES = GameRegistry(MODULES)

__all__ = ["GAMES", "GameRegistry"]
