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


def _loaded_by(imports: str) -> set[str]:
    code = f"import json, sys\n{imports}\nprint(json.dumps(sorted(sys.modules)))\n"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return set(json.loads(out.stdout))


def _under(modules: set[str], *packages: str) -> list[str]:
    return sorted(m for m in modules if any(m == p or m.startswith(p + ".") for p in packages))


def test_the_table_layer_needs_neither_textual_nor_asyncio() -> None:
    loaded = _loaded_by("import foxtui.table, foxtui.table.remote")
    assert _under(loaded, "textual", "rich", "asyncio", "foxtui.ui") == []


def test_the_server_never_imports_the_ui() -> None:
    loaded = _loaded_by("import foxtui.server.hub, foxtui.server.ssh, foxtui.server.serve, foxtui.server.store")
    assert _under(loaded, "textual", "rich", "foxtui.ui") == []


def test_the_screens_reach_a_server_only_through_what_they_are_given() -> None:
    # the lobby is handed its link; the play screens know a shared table only as a
    # RemoteTable, whose one tie to the server is the wire format of its updates
    assert _under(_loaded_by("import foxtui.ui.screens.lobby"), "foxtui.server", "asyncssh") == []
    loaded = _loaded_by("import foxtui.ui.screens.play, foxtui.ui.screens.remote_play")
    assert _under(loaded, "foxtui.server", "asyncssh") == ["foxtui.server", "foxtui.server.protocol"]
