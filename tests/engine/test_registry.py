"""The game registry: ids in order, each game imported on first use."""

from __future__ import annotations

import json
import subprocess
import sys

from foxtui.games import GAMES, INFO, MODULES


def test_every_registered_game_has_its_id_and_contract_attributes() -> None:
    assert list(GAMES) == list(MODULES)
    for game_id, game in GAMES.items():
        assert game.id == game_id
        assert game.min_players <= game.max_players and game.bots and game.rules_markdown.strip()
        info = INFO[game_id]
        assert (info.title, info.min_players, info.max_players) == (game.title, game.min_players, game.max_players)


def test_games_are_imported_only_when_used() -> None:
    code = (
        "import json, sys\n"
        "from foxtui.games import GAMES\n"
        "GAMES.info('master-fox').title, GAMES.info('fox-matters').max_players\n"
        "before = [m for m in sys.modules if m.startswith('foxtui.games.')]\n"
        "GAMES['master-fox'].title\n"
        "after = [m for m in sys.modules if m.startswith('foxtui.games.')]\n"
        "print(json.dumps([before, 'foxtui.games.fox_matters' in after, 'foxtui.games.master_fox' in after]))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    before, fox_matters, master_fox = json.loads(out.stdout)
    assert before == [] and master_fox and not fox_matters


def test_the_games_with_a_screen_are_those_the_app_has_a_panel_for() -> None:
    from foxtui.ui.games import PANELS

    assert {g for g, info in INFO.items() if info.has_screen} == set(PANELS)
