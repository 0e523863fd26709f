"""foxtui as `ssh -t host foxtui` runs it: the real program in a pseudo-terminal (tmux),
driven by keys only, read back as screen text. Without tmux these tests fail, saying so."""

from __future__ import annotations

import re
from typing import Callable

import pytest
from tmux_terminal import Terminal

pytestmark = pytest.mark.terminal

TABLE = "Master Fox · Round 1 · Player 1 to play"
SIXTEEN = "xterm"
TWO_FIFTY_SIX = "xterm-256color"
#: SGR colours finer than the 16 of the ANSI palette: 256-colour and RGB, foreground or background
FINE_COLOURS = re.compile(r"\x1b\[[0-9;]*[34]8;[25];")
RGB_COLOURS = re.compile(r"\x1b\[[0-9;]*[34]8;2;")
#: any background colour (tmux writes one SGR parameter per sequence)
BACKGROUND = re.compile(r"\x1b\[(4[0-7]|10[0-7]|48;[0-9;]+)m")


def rows(screen: str) -> list[str]:
    return screen.split("\n")[:-1]  # tmux ends the last row with a newline too


def row_of(screen: str, label: str) -> int:
    """The number of the first row that starts with ``label``."""
    return next(n for n, row in enumerate(rows(screen)) if row.lstrip().startswith(label))


def row_text(screen: str, label: str) -> str:
    return rows(screen)[row_of(screen, label)]


def framed(width: int, height: int, first: str, *texts: str) -> Callable[[str], bool]:
    """A test of the screen: drawn whole at ``width`` x ``height``, ``first`` on the top row,
    the key bar on the bottom one, and ``texts`` somewhere (nothing cut off or left over)."""

    def check(screen: str) -> bool:
        lines = rows(screen)
        return (
            len(lines) == height
            and first in lines[0]
            and lines[-1].lstrip().startswith("? Help")
            and all(len(line) <= width for line in lines)
            and all(text in screen for text in texts)
        )

    return check


def focus_input(t: Terminal, keys: list[str], label: str, field_text: str) -> None:
    """Press ``keys``, then wait until the input showing ``field_text`` on the row that
    starts with ``label`` has the focus. Textual hands each key to the widget focused when
    the key is read, so a letter sent before a Tab has been handled lands in the old field."""
    screen = t.screen()
    line = row_text(screen, label)
    row, start = row_of(screen, label), line.index(field_text, line.index(label) + len(label))
    columns = range(start, start + len(field_text) + 2)  # the text, and the cursor after it

    def focused(_: str) -> bool:
        # Textual parks the terminal's hidden cursor in the focused input
        return int(t.pane("cursor_y")) == row and int(t.pane("cursor_x")) in columns

    t.keys(*keys)
    t.wait_for(focused, label=f"the focus in {field_text!r} on the row {line.strip()!r}")


def choose_bot(t: Terminal, seat: str) -> None:
    """Open the "Plays" list of the seat whose input has the focus (Tab to the list, Enter),
    and pick the first bot level."""
    t.keys("Tab")
    for _ in range(3):  # an Enter read before the Tab was handled goes to the name input
        t.keys("Enter")
        try:
            t.wait_for("Bot: random", timeout=3)
            break
        except AssertionError:
            continue
    t.keys("Down", "Enter")
    t.wait_for(lambda s: "Bot: sensible" in row_text(s, seat) and "Bot: random" not in s, label="the bot chosen")


def start_master_fox_against_a_bot(t: Terminal) -> str:
    """Home → New game → Player 1 human aged 30, Player 2 the bot, seed 5 → the table."""
    t.wait_for("New game: Master Fox")
    t.keys("n")
    t.wait_for("Players (2–4)")
    # Tab order: game, players, then per seat name, plays, age
    focus_input(t, ["Tab"] * 4, "1.", "age")
    t.type("30")
    t.wait_for(lambda s: row_text(s, "1.").endswith("30"), label="age 30 on seat 1")
    focus_input(t, ["Tab"], "2.", "Player 2")
    choose_bot(t, "2.")
    # then the bot's age, the two options, the bot speed, the seed
    focus_input(t, ["Tab"] * 5, "Seed", "blank = random")
    t.type("5")
    t.wait_for(lambda s: row_text(s, "Seed").endswith(" 5"), label="seed 5")
    t.keys("C-s")
    return t.wait_for(framed(80, 24, TABLE, "your turn: 3 of 3 touches left"), label="the table at 80x24")


@pytest.mark.parametrize("term", [SIXTEEN, TWO_FIFTY_SIX])
def test_master_fox_against_a_bot_by_keys_resized_and_quit(term, tmp_path) -> None:
    with Terminal(term, tmp_path) as t:
        start_master_fox_against_a_bot(t)
        assert t.pane("mouse_any_flag") == "1"  # the mouse works, though nothing needs it

        # a few steps: touch A1, move right, touch B1, end the turn; the bot plays its turn
        t.keys("t")
        t.wait_for("You touched A1")
        t.keys("Right", "t")
        t.wait_for("You touched B1")
        t.keys("e")
        screen = t.wait_for(framed(80, 24, TABLE, "Player 2 ended the turn.", "your turn: 3 of 3"), label="my turn again")

        colours = t.screen_with_colours()
        if term == SIXTEEN:
            assert not FINE_COLOURS.search(colours), "TERM=xterm got colours beyond the 16 ANSI ones"
            # the terminal's own palette (Textual's ANSI theme): the key bar has no grey bar
            assert not BACKGROUND.search(colours.splitlines()[-1])
        else:
            assert "38;5;" in colours and not RGB_COLOURS.search(colours)

        # larger, then back: everything redrawn to the new size, then exactly as before
        t.resize(120, 40)
        t.wait_for(framed(120, 40, TABLE), label="the table at 120x40")
        t.resize(80, 24)
        t.wait_for(lambda s: s == screen, label=f"the table at 80x24 as before:\n{screen}")

        # ctrl+z does not stop the program (that would leave an SSH player a dead session)
        t.keys("C-z")
        t.wait_for("foxtui does not suspend")

        t.keys("q")  # home: the game was saved and can be continued
        t.wait_for("Continue: Master Fox — Player 1, Player 2 (bot), round 1")
        t.keys("q")
        assert t.wait_exit() == 0
        assert "Traceback" not in t.history()


@pytest.mark.parametrize(
    "term,args,fine,rgb",
    [
        (SIXTEEN, ["--low-bandwidth", "--color", "truecolor"], True, True),
        (TWO_FIFTY_SIX, ["--color", "16"], False, False),
    ],
    ids=["xterm-forced-truecolor-low-bandwidth", "xterm-256color-forced-16"],
)
def test_color_and_low_bandwidth_options(term, args, fine, rgb, tmp_path) -> None:
    with Terminal(term, tmp_path, *args) as t:
        t.wait_for(framed(80, 24, "", "New game: Master Fox"), label="the home screen")
        colours = t.screen_with_colours()
        assert bool(FINE_COLOURS.search(colours)) == fine and bool(RGB_COLOURS.search(colours)) == rgb
        # low bandwidth: the terminal does not report the mouse (each move would cross the link)
        assert t.pane("mouse_any_flag") == ("0" if "--low-bandwidth" in args else "1")
        t.keys("q")
        assert t.wait_exit() == 0
