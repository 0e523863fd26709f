"""The wheel, as a user installs it: built from a copy of the source tree, installed
into a fresh virtual environment of its own, and run there, where the source tree
cannot be reached (no editable finder, no .pth of the test environment, the working
folder elsewhere). What the wheel lacks, the user lacks: a module left out of it fails
here, in one line, even though the test environment's editable install has it.

The fresh environment gets the libraries foxtui depends on from the test environment's
site-packages, added as a plain path (a .pth line): that folder's own .pth files, the
editable install's among them, are not run for it.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from foxtui.games import GAMES

#: one test worker builds and installs the wheel once for all of this module's tests
pytestmark = pytest.mark.xdist_group("wheel")

ROOT = Path(__file__).resolve().parents[1]
#: what a fresh clone holds that a build must not see (caches, environments, old builds)
LEFT_OUT = shutil.ignore_patterns(".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".pytest_cache", ".hypothesis")

FIRST_FRAMES = """
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
        from textual.widgets import OptionList
        home_text = [str(o.prompt) for o in app.screen.query_one(OptionList).options]
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
    # the source tree's packages: on no path, and no module loaded from them
    import pathlib
    source = [pathlib.Path(folder).resolve() for folder in sys.argv[1:]]
    reachable = [p for p in sys.path if p and pathlib.Path(p, "foxtui").resolve() == source[0]]
    from_source = sorted(
        name for name, module in list(sys.modules.items())
        if any(pathlib.Path(getattr(module, "__file__", None) or "/").resolve().is_relative_to(s) for s in source)
    )
    finders = [type(f).__module__ for f in sys.meta_path if "editable" in type(f).__module__]
    print(json.dumps({"foxtui": foxtui.__file__, "home": home, "home_text": home_text, "table": table,
                      "declared": declared, "screens": screens, "reachable": reachable,
                      "from_source": from_source, "finders": finders}))

asyncio.run(main())
"""


class Installed:
    """The built wheel and a fresh virtual environment that has it installed."""

    def __init__(self, wheel: Path, venv: Path, home: Path) -> None:
        self.wheel, self.venv, self.home = wheel, venv, home
        self.python = venv / "bin" / "python"
        self.foxtui = venv / "bin" / "foxtui"
        self.env = {"PATH": f"{venv / 'bin'}:/usr/bin:/bin", "HOME": str(home), "FOXTUI_DATA_DIR": str(home / "data")}

    def run(self, *command: str | Path, timeout: float = 120) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(c) for c in command], cwd=self.home, env=self.env, capture_output=True, text=True, timeout=timeout
        )


def _last_line(out: subprocess.CompletedProcess[str]) -> str:
    lines = [line for line in (out.stderr or out.stdout).strip().splitlines() if line.strip()]
    return lines[-1] if lines else f"exit status {out.returncode}, nothing printed"


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    base = tmp_path_factory.mktemp("wheel")
    source, wheels, venv, home = base / "clone", base / "wheels", base / "venv", base / "home"
    shutil.copytree(ROOT, source, ignore=LEFT_OUT)
    home.mkdir()
    pip = [sys.executable, "-m", "pip", "-q", "--disable-pip-version-check"]
    built = subprocess.run([*pip, "wheel", "--no-deps", "-w", str(wheels), str(source)], capture_output=True, text=True)
    assert built.returncode == 0, f"the wheel did not build: {_last_line(built)}"
    (wheel,) = wheels.glob("foxtui-*.whl")
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, capture_output=True)
    target = venv / "bin" / "python"
    added = subprocess.run(
        [*pip, "--python", str(target), "install", "--no-deps", "--no-index", str(wheel)], capture_output=True, text=True
    )
    assert added.returncode == 0, f"the wheel did not install: {_last_line(added)}"
    # the libraries foxtui needs, as a plain path after the fresh environment's own
    purelib = subprocess.run(
        [str(target), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True, capture_output=True, text=True,
    ).stdout.strip()
    ours = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    Path(purelib, "test_environment_libraries.pth").write_text("\n".join(sorted(ours)) + "\n")
    return Installed(wheel, venv, home)


def test_the_wheel_holds_every_file_of_the_package(installed: Installed) -> None:
    names = set(zipfile.ZipFile(installed.wheel).namelist())
    wanted = {
        str(path.relative_to(ROOT))
        for path in (ROOT / "foxtui").rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }
    wanted |= {f"foxtui/styles/{path.name}" for path in (ROOT / "styles").iterdir() if path.suffix in (".py", ".tcss")}
    # the kinds the code reads are all there to be checked
    assert {Path(n).suffix for n in wanted} >= {".py", ".json", ".md", ".tcss"}
    missing = sorted(wanted - names)
    assert not missing, f"the wheel lacks {len(missing)} file(s) of the source tree: {', '.join(missing)}"


def test_the_installed_wheel_answers_its_version(installed: Installed) -> None:
    out = installed.run(installed.foxtui, "--version")
    assert out.returncode == 0, f"`foxtui --version` from the installed wheel failed: {_last_line(out)}"
    from foxtui import __version__

    assert out.stdout.strip() == f"foxtui {__version__}"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_installed_wheel_plays_every_game(installed: Installed, game_id: str) -> None:
    game = GAMES[game_id]
    out = installed.run(installed.foxtui, "autoplay", game_id, "--players", str(game.min_players), "--seed", "1")
    assert out.returncode == 0, f"`foxtui autoplay {game_id}` from the installed wheel failed: {_last_line(out)}"
    assert "steps)" in out.stdout, out.stdout


def test_the_installed_wheel_draws_its_first_frames_from_its_own_files(installed: Installed) -> None:
    out = installed.run(installed.python, "-c", FIRST_FRAMES, str(ROOT / "foxtui"), str(ROOT / "styles"))
    assert out.returncode == 0, f"the app from the installed wheel failed: {_last_line(out)}"
    result = json.loads(out.stdout.strip().splitlines()[-1])
    # nothing came from the source tree, and it could not have
    assert result["foxtui"].startswith(str(installed.venv)), result["foxtui"]
    assert result["reachable"] == [] and result["from_source"] == [] and result["finders"] == [], result
    assert any(line.startswith("New game: Foxpaw") for line in result["home_text"]), result["home_text"]
    assert result["screens"][-2:] == ["PlayScreen", "HandoverScreen"]
    shipped = sorted(p.name for p in (ROOT / "styles").glob("*.tcss"))
    assert shipped
    # every stylesheet comes from inside the installed package
    for paths in (result["home"], result["table"], result["declared"]):
        assert all(p.startswith(str(installed.venv)) for p in paths), paths
    # the first frame reads only the app-wide and home styles; a table in play, the rest
    assert sorted(Path(p).name for p in result["home"]) == ["app.tcss", "shell.tcss"]
    # a Master Fox table loads everything but the other games' own stylesheets
    others = {f"{g.replace('-', '_')}.tcss" for g in GAMES if g != "master-fox"}
    others |= {"lobby.tcss"}  # the shared tables' lobby (foxtui serve), not a table's
    expected = sorted(set(shipped) - others)
    assert sorted(Path(p).name for p in result["table"]) == expected
    assert sorted(Path(p).name for p in result["declared"]) == expected
