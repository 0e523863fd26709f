"""Foxpaw's bets are secret (issue 15, item 5): spectators bet in secret; a right bet shows
itself when its owner takes the resource, a wrong one (or none) is never shown to
another seat: not in the log for any viewer, the duel's reveal page, the public view a
replay shows, nor any seat's view. Only view_all (a replay's "everything") shows all."""

from __future__ import annotations

import io

import msgspec
from foxpaw_helpers import edit, edit_player, game_at_placement, with_tasks
from rich.console import Console

from foxtui.games.foxpaw import GAME
from foxtui.games.foxpaw import content as C
from foxtui.games.foxpaw.actions import Bet, Gesture, TakeResource
from foxtui.games.foxpaw.state import Task
from foxtui.ui.games.foxpaw_interlude import interlude_pages

AQ, IG, TF, SV = C.HOUSES
RIGHT, QUIET = 2, 3  # Perry bets right; what Mina does must never show


def duel(mina: str):
    """Don and McCoy both hold back (both win); Perry bets "both", Mina ``mina``. Every
    step, with its state before."""
    s = game_at_placement(4, houses=[AQ, IG, TF, SV])
    s = edit(s, duel="tide-against-flame", duelists=(0, 1))
    for seat in range(4):
        s = edit_player(s, seat, mischief=(), prophecies=())
    s = with_tasks(s, Task("duel"))
    steps = []
    for seat, a in ((QUIET, Bet(mina)), (0, Gesture("hold")), (RIGHT, Bet("both")), (1, Gesture("hold")),
                    (RIGHT, TakeResource("coins"))):
        steps.append((s, seat, a))
        s = GAME.apply(s, seat, a)
    return steps, s


def page_text(before, after) -> str:
    console = Console(width=100, record=True, file=io.StringIO())
    for _, body in interlude_pages(GAME.view(before, None), GAME.view(after, None)):
        console.print(body)
    return console.export_text()


def test_dueling_club_a_right_bet_shows_itself_a_wrong_one_never() -> None:
    steps, end = duel("one")
    report = end.duel_reports[-1]
    assert report.outcome == "both" and report.right == (RIGHT,)
    assert sorted(report.bets) == [(RIGHT, C.BETS.index("both")), (QUIET, C.BETS.index("one"))]
    assert GAME.view(end, None).duel_reports[-1].bets == ((RIGHT, C.BETS.index("both")),)
    for seat in (0, 1, RIGHT):
        assert GAME.view(end, seat).duel_reports[-1].bets == ((RIGHT, C.BETS.index("both")),)
    assert sorted(GAME.view(end, QUIET).duel_reports[-1].bets) == sorted(report.bets)  # her own
    assert GAME.view_all(end).duel_reports[-1].bets == report.bets
    before, seat, a = steps[3]
    reveal = page_text(before, GAME.apply(before, seat, a))
    assert "both duelists win" in reveal and "Perry" in reveal and "Mina" not in reveal


def test_dueling_club_nobody_else_can_tell_a_wrong_bet_from_another_or_from_none() -> None:
    """Mina bets "one duelist wins", "nobody wins" or not at all: for every other seat and
    the public, every log line, every view and the duel's page read the same."""
    runs = [duel(choice) for choice in ("one", "none", C.NO_BET)]
    for n in range(len(runs[0][0])):
        seen = set()
        for steps, _ in runs:
            s, seat, a = steps[n]
            after = GAME.apply(s, seat, a)
            seen.add((
                tuple(GAME.describe(s, seat, a, viewer) for viewer in (None, 0, 1, RIGHT)),
                tuple(msgspec.json.encode(GAME.view(after, viewer)) for viewer in (None, 0, 1, RIGHT)),
                page_text(s, after),
            ))
        assert len(seen) == 1, n
    steps, _ = runs[0]
    s, seat, a = steps[0]
    assert GAME.describe(s, seat, a, QUIET) == "You bet that one duelist wins."
    assert GAME.describe(s, seat, a, 0) == "Mina made their choice in the grandstand."
