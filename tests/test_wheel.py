"""The wheel ships the styles: built and installed apart from the source tree, the app loads
its .tcss files from inside the installed package (the home screen's at start, the others
when a screen that needs them is first shown)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHECK = """
import asyncio, json, sys
import foxtui
from foxtui.engine import SeatInfo
from foxtui.engine.session import Session
from foxtui.games import GAMES
from foxtui.ui.app import FoxApp

def loaded(app):
    return sorted({str(key[0]) for key in app.stylesheet.source if str(key[0]).endswith(".tcss")})

async def main():
    # the home screen alone: only what the first frame needs
    app = FoxApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        home = loaded(app)
    # a table of two humans: the play screen and its handover load the rest
    game = GAMES["master-fox"]
    seats = [SeatInfo("Ada", age=40), SeatInfo("Bob", age=12)]
    app = FoxApp(session=Session.new(game, seats, game.Options(), 1), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screens = [type(screen).__name__ for screen in app.screen_stack]
        declared = {str(p) for p in app.css_path}
        declared = sorted(declared | {str(p) for s in app.screen_stack for p in s.css_path})
        table = loaded(app)
    print(json.dumps({"foxtui": foxtui.__file__, "home": home, "table": table, "declared": declared, "screens": screens}))

asyncio.run(main())
"""


def test_wheel_ships_styles_and_the_app_loads_them(tmp_path: Path) -> None:
    wheels, target = tmp_path / "wheels", tmp_path / "site"
    pip = [sys.executable, "-m", "pip", "-q", "--disable-pip-version-check"]
    subprocess.run([*pip, "wheel", "--no-deps", "-w", str(wheels), str(ROOT)], check=True, capture_output=True)
    (wheel,) = wheels.glob("foxtui-*.whl")
    subprocess.run([*pip, "install", "--no-deps", "--target", str(target), str(wheel)], check=True, capture_output=True)
    out = subprocess.run(
        [sys.executable, "-c", CHECK],
        cwd=tmp_path,
        env={"PYTHONPATH": str(target), "FOXTUI_DATA_DIR": str(tmp_path / "data"), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr[-2000:]
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert result["foxtui"].startswith(str(target))
    assert result["screens"][-2:] == ["PlayScreen", "HandoverScreen"]
    shipped = sorted(p.name for p in (ROOT / "styles").glob("*.tcss"))
    assert shipped
    # every stylesheet comes from inside the installed package, none from the source tree
    for paths in (result["home"], result["table"], result["declared"]):
        assert all(p.startswith(str(target)) for p in paths), paths
    # the first frame reads only the app-wide and home styles; a table in play, the rest
    assert sorted(Path(p).name for p in result["home"]) == ["app.tcss", "shell.tcss"]
    # a Master Fox table loads everything but the other games' own stylesheets
    from foxtui.games import GAMES

    others = {f"{g.replace('-', '_')}.tcss" for g in GAMES if g != "master-fox"}
    others |= {"lobby.tcss"}  # the shared tables' lobby (foxtui serve), not a table's
    expected = sorted(set(shipped) - others)
    assert sorted(Path(p).name for p in result["table"]) == expected
    assert sorted(Path(p).name for p in result["declared"]) == expected
    # and those are in the wheel too
    assert sorted(p.name for p in (target / "foxtui" / "styles").glob("*.tcss")) == shipped
