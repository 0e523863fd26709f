"""The games whose rules are complete, by id.

Each game's module is imported the first time the game is used, so that the
app's first frame does not wait for the rules of games it does not show.
"""

from __future__ import annotations

from collections.abc import Iterator, MutableMapping
from importlib import import_module

from foxtui.engine.game import Game

#: game id -> the module that defines it as ``GAME`` (the app offers those that also have a screen)
MODULES = {
    "master-fox": "foxtui.games.master_fox",
    "fox-matters": "foxtui.games.fox_matters",
}


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
