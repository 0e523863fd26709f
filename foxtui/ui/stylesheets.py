"""Where the .tcss files are: shipped inside the package foxtui.styles (top-level styles/).

Each screen names the stylesheets it needs in its CSS_PATH, and Textual reads a
screen's files when that screen is first shown: the first frame parses only what
the home screen uses.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path


def stylesheets(*names: str) -> list[Path]:
    """The paths of the named files in foxtui.styles, in the order given."""
    folder = files("foxtui.styles")
    return [Path(str(folder / name)) for name in names]
