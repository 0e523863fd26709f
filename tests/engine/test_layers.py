"""The core never imports the UI: rules and records run without Textual or Rich."""

from __future__ import annotations

import json
import subprocess
import sys


def test_engine_and_games_do_not_import_textual_or_rich() -> None:
    code = (
        "import json, sys\n"
        "import foxtui.engine, foxtui.engine.session, foxtui.engine.replay, foxtui.engine.autoplay\n"
        "import foxtui.games, foxtui.bots, foxtui.cli\n"
        "from foxtui.games import GAMES\n"
        "from foxtui.engine.autoplay import autoplay\n"
        "for game in GAMES.values():\n"
        "    autoplay(game, game.min_players, 1)\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == []
