"""Which package imports which: the core never imports the UI, the table layer needs
neither Textual nor asyncio, the server never imports the UI.

Each layer is checked by importing every module it has (found on disk, so a module
added tomorrow is checked too), not a few chosen ones.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "foxtui"

#: foxtui/server's modules that run in a player's client process, a Textual app (the
#: server forks it and never imports them itself)
CLIENT_PROCESS = ["foxtui.server.client", "foxtui.server.screen_diff"]


def modules(*packages: str) -> list[str]:
    """Every module of these packages, from the files on disk."""
    found = []
    for package in packages:
        folder = PACKAGE.parent.joinpath(*package.split("."))
        for path in sorted(folder.rglob("*.py")):
            parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found.append(".".join(parts))
    assert found, packages
    return found


def _loaded_by(names: list[str], then: str = "") -> set[str]:
    code = "import importlib, json, sys\n"
    code += f"for name in {names!r}:\n    importlib.import_module(name)\n{then}\n"
    code += "print(json.dumps(sorted(sys.modules)))\n"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return set(json.loads(out.stdout.strip().splitlines()[-1]))


def _under(loaded: set[str], *packages: str) -> list[str]:
    return sorted(m for m in loaded if any(m == p or m.startswith(p + ".") for p in packages))


def test_every_module_belongs_to_a_layer_checked_here() -> None:
    layers = {"engine", "games", "bots", "table", "server", "ui", "styles"}
    top = {p.name for p in PACKAGE.iterdir() if p.is_dir() and p.name != "__pycache__"}
    assert top - {"styles"} <= layers, f"a package no layer test speaks for: {sorted(top - layers)}"
    loose = {p.stem for p in PACKAGE.glob("*.py")}
    assert loose == {"__init__", "__main__", "cli", "versions"}, sorted(loose)


def test_engine_games_and_bots_do_not_import_textual_or_rich() -> None:
    every = modules("foxtui.engine", "foxtui.games", "foxtui.bots") + ["foxtui.cli", "foxtui.versions"]
    assert "foxtui.bots.workers" in every and "foxtui.games.foxpaw.rules_duel" in every
    play = (
        "from foxtui.games import GAMES\nfrom foxtui.engine.autoplay import autoplay\n"
        "for game in GAMES.values():\n    autoplay(game, game.min_players, 1)\n"
    )
    assert _under(_loaded_by(every, play), "textual", "rich", "foxtui.ui", "foxtui.server") == []


def test_the_table_layer_needs_neither_textual_nor_asyncio() -> None:
    every = modules("foxtui.table")
    assert {"foxtui.table.driver", "foxtui.table.remote", "foxtui.table.local"} <= set(every)
    loaded = _loaded_by(every)
    assert _under(loaded, "textual", "rich", "asyncio", "foxtui.ui") == []
    # its one tie to the server: the wire format of a shared table's updates
    assert _under(loaded, "foxtui.server") == ["foxtui.server", "foxtui.server.protocol"]


def test_the_server_never_imports_the_ui() -> None:
    every = modules("foxtui.server")
    assert set(CLIENT_PROCESS) <= set(every)
    server = [m for m in every if m not in CLIENT_PROCESS]
    assert "foxtui.server.hub" in server and "foxtui.server.forkserver" in server
    assert _under(_loaded_by(server), "textual", "rich", "foxtui.ui") == []
    # and the client process's modules are the ones that do (the list above is not a hiding place)
    for name in CLIENT_PROCESS:
        assert _under(_loaded_by([name]), "textual"), name


def test_the_screens_reach_a_server_only_through_what_they_are_given() -> None:
    # the lobby is handed its link; the screens know a shared table only as a
    # RemoteTable, whose one tie to the server is the wire format of its updates
    every = modules("foxtui.ui")
    assert "foxtui.ui.screens.lobby" in every and "foxtui.ui.screens.remote_play" in every
    loaded = _loaded_by(every)
    assert _under(loaded, "asyncssh") == []
    assert _under(loaded, "foxtui.server") == ["foxtui.server", "foxtui.server.protocol"]
