"""The wheel ships the styles: built and installed apart from the source tree, the app loads
its .tcss files from inside the installed package."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHECK = """
import asyncio, json, sys
import foxtui
from foxtui.ui.app import FoxApp

async def main():
    app = FoxApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        paths = [str(p) for p in app.css_path]
        sources = sorted({str(key[0]) for key in app.stylesheet.source})
    print(json.dumps({"foxtui": foxtui.__file__, "css": paths, "sources": sources}))

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
    shipped = sorted(p.name for p in (ROOT / "styles").glob("*.tcss"))
    assert shipped and sorted(Path(p).name for p in result["css"]) == shipped
    assert all(p.startswith(str(target)) for p in result["css"])
    assert {Path(s).name for s in result["sources"] if s.endswith(".tcss")} == set(shipped)
