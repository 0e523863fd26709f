"""CI does what the README says: the README's two commands (install and play, install
and run the tests) are in .ci/run word for word, and CI runs the play command as a user
would (not as an editable install)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def readme_commands() -> dict[str, str]:
    """The Quick start's commands, by the comment above each."""
    text = (ROOT / "README.md").read_text()
    blocks = re.findall(r"```sh\n# (.+)\n(.+)\n```", text)
    return dict(blocks)


def test_ci_runs_the_readme_commands_word_for_word() -> None:
    commands = readme_commands()
    assert set(commands) == {"install and play", "install and run the tests"}, commands
    ci = (ROOT / ".ci" / "run").read_text()
    play, tests = commands["install and play"], commands["install and run the tests"]
    # as a user installs it: no editable install in the play command
    assert " -e " not in play and play.endswith(".venv/bin/foxtui")
    assert f"PLAY='{play}'" in ci, "the play command in .ci/run is not the README's"
    assert "sh -c '$PLAY;" in ci.split(f"PLAY='{play}'", 1)[1], ".ci/run does not run the play command"
    # the test command is CI's last line, as written
    assert ci.rstrip().splitlines()[-1] == tests
    assert " -n " in tests and "--durations" in tests


def test_ci_plays_every_game_with_the_installed_entry_point() -> None:
    from foxtui.games import GAMES

    ci = (ROOT / ".ci" / "run").read_text()
    loop = re.search(r"for game in ([a-z\- ]+); do", ci)
    assert loop and sorted(loop.group(1).split()) == sorted(GAMES)
    assert '"$user/foxtui/.venv/bin/foxtui" autoplay "$game"' in ci
    assert '"$user/foxtui/.venv/bin/foxtui" --version' in ci
