"""The Textual and Rich releases foxtui is tested with, checked when foxtui starts.

foxtui uses parts of both that are not their public API (the SSH client's driver, the
screen diff, scrolling and bindings helpers), and those change between minor releases.
pyproject.toml declares the same ranges (a test holds the two alike); a Python that has
another release, installed beside foxtui by hand, gets one sentence instead of a
traceback three screens later. Nothing here imports either library.
"""

from __future__ import annotations

import re
from importlib import metadata

#: distribution -> (the lowest release tested, the first release not allowed)
REQUIRED: dict[str, tuple[str, str]] = {
    "textual": ("8.2.8", "8.3"),
    "rich": ("15.0.0", "15.1"),
}

_TITLES = {"textual": "Textual", "rich": "Rich"}


def release(text: str) -> tuple[int, ...]:
    """"8.2.8" -> (8, 2, 8); a pre- or post-release suffix is read up to its first
    non-digit ("8.3.0rc1" -> (8, 3, 0)), which is all the ranges above need."""
    parts = []
    for piece in text.split("."):
        digits = re.match(r"\d+", piece)
        if digits is None:
            break
        parts.append(int(digits.group()))
        if digits.end() < len(piece):
            break
    return tuple(parts)


def installed(name: str) -> str | None:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return None


def mismatch() -> str | None:
    """One sentence when an installed Textual or Rich is outside its range, else None."""
    for name, (low, below) in REQUIRED.items():
        have = installed(name)
        if have is not None and release(low) <= release(have) < release(below):
            continue
        wanted = f"{_TITLES[name]} {low} or a later {'.'.join(low.split('.')[:2])} release"
        found = f"this Python has {have}" if have is not None else "this Python has none"
        return f"{wanted} is needed, and {found}; `pip install '{name}>={low},<{below}'` installs it."
    return None
