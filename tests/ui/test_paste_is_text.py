"""A paste is text, whatever it holds: nothing that arrives inside a bracketed paste is
a key, an ESC inside one included (Textual's reader read what followed such an ESC as
keys: a ctrl+c in a paste ended an SSH session). Fed to Textual's own key reader through
foxtui's decoder, as the terminal driver does, in every way the bytes may be split."""

from __future__ import annotations

import pytest
from textual import events
from textual._xterm_parser import XTermParser

from foxtui.ui.terminal import _KeyText

ATTACK = b"\x1b[200~hello\x1bworld\x03more\x1b[201~"


def read(data: bytes, cuts: list[int] = []) -> list[events.Event]:
    """What Textual's reader makes of ``data`` read in pieces cut at ``cuts``."""
    decoder, parser = _KeyText("utf-8"), XTermParser()
    out: list[events.Event] = []
    bounds = [0, *cuts, len(data)]
    for start, end in zip(bounds, bounds[1:]):
        text = decoder.decode(data[start:end])
        if text:  # (the driver feeds nothing for a read that decoded to nothing yet)
            out += parser.feed(text)
    out += parser.feed("")  # end of input: what waits for more is told
    return out


def keys(found: list[events.Event]) -> list[str]:
    return [e.key for e in found if isinstance(e, events.Key)]


def pastes(found: list[events.Event]) -> list[str]:
    return [e.text for e in found if isinstance(e, events.Paste)]


def test_an_esc_inside_a_paste_makes_no_key_of_what_follows() -> None:
    found = read(ATTACK + b"q")
    assert keys(found) == ["q"]  # the key after the paste still is one
    assert pastes(found) == ["helloworld\x03more"]


@pytest.mark.parametrize("cut", range(1, len(ATTACK)))
def test_however_the_paste_is_split_between_reads(cut: int) -> None:
    found = read(ATTACK + b"q", [cut])
    assert keys(found) == ["q"], cut
    assert pastes(found) == ["helloworld\x03more"], cut


def test_a_paste_in_many_pieces_with_escapes_and_an_end_marker_cut_in_three() -> None:
    data = b"x\x1b[200~a\x1b\x1b[20\x1bb\x03\x1b[201~y"
    found = read(data, list(range(1, len(data))))  # a byte a read
    assert keys(found) == ["x", "y"]
    assert pastes(found) == ["a[20b\x03"]


def test_outside_a_paste_keys_are_keys() -> None:
    assert keys(read(b"\x03")) == ["ctrl+c"]
    assert keys(read(b"\x1b")) == ["escape"]
    assert keys(read(b"\x1b[A")) == ["up"]
    assert keys(read(b"\x1b[200~hello\x03world\x1b[201~\x03")) == ["ctrl+c"]
