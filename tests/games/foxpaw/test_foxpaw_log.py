"""Foxpaw: the log tells what each house gained, and the Magical Event report keeps
the Event Action cards drawn, without giving away anybody's secret cards."""

from __future__ import annotations

import random

from msgspec.structs import replace
from foxpaw_helpers import act, edit, edit_player, game_at_placement, new_game, with_board, with_tasks

from foxtui.games.foxpaw import GAME
from foxtui.games.foxpaw import content as C
from foxtui.games.foxpaw.actions import Train
from foxtui.games.foxpaw.narrate import house_gains
from foxtui.games.foxpaw.rules_core import new_event_run
from foxtui.games.foxpaw.state import Task
from foxtui.games.foxpaw.view import make_view

AQ, IG, TF, SV = C.HOUSES


def test_evaluation_phase_log_names_what_each_house_gained() -> None:
    """The Sports Field example: Don pays 3 Energy for +3 Strength and +1 Coin, and the log says so."""
    parry, don = 0, 1
    s = game_at_placement(4, houses=[AQ, IG, TF, SV])
    s = edit(s, teacher="glacia")
    for seat in (parry, don):
        s = edit_player(s, seat, energy=5, strength=0, coins=0, beasts=())
    s = with_board(s, {"sports-1": [(parry, "")], "sports-2": [(don, "")]})
    s = with_tasks(s, Task("path"))
    s = act(s, parry, Train(1))
    name = s.seats[don].name
    assert f"{name}: -3 Energy, +3 Strength, +1 Coin" in GAME.describe(s, don, Train(3), None)
    assert "You: -3 Energy, +3 Strength, +1 Coin" in GAME.describe(s, don, Train(3), don)
    # houses the step did not touch are left out
    assert s.seats[3].name + ":" not in house_gains(s, GAME.apply(s, don, Train(3)), None)


def test_hidden_information_log_gains_never_name_secret_cards() -> None:
    """Mischief cards, Prophecies and Student cards are only ever counted in the gains."""
    for n, seed in ((3, 4), (2, 7)):
        rng = random.Random(seed)
        s = new_game(n, seed)
        seen = 0
        while GAME.to_act(s):
            seat = min(GAME.to_act(s))
            after = GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
            for viewer in [None, *range(n)]:
                line = house_gains(s, after, viewer)
                seen += bool(line)
                for other in range(n):
                    if other == viewer:
                        continue
                    for st in (s, after):
                        p = st.players[other]
                        secret = [C.mischief(c).name for c in p.mischief] + [C.PROPHECY[c].name for c in p.prophecies]
                        secret += [C.STUDENT[c].name for c in (*p.students, p.student) if c]
                        leaked = [x for x in secret if x in line]
                        assert not leaked, f"{viewer} reads {leaked} in {line!r}"
            s = after
        assert seen > 50  # the gains were actually written


def test_magical_events_report_lists_the_event_action_cards_drawn_in_order() -> None:
    s = game_at_placement(4, houses=[AQ, IG, TF, SV])
    s = edit(s, events=("triathlon",) + tuple(e for e in s.events if e != "triathlon"), events_done=0, round=2)
    for seat in range(4):
        s = edit_player(s, seat, knowledge=seat, strength=3 - seat, energy=seat % 2, mischief=(), beasts=())
    run = new_event_run("triathlon", 1, (0, 1, 2, 3))
    run = replace(run, deck=("energy", "strength", "knowledge"))  # drawn from the end
    s = with_tasks(edit(s, event=run), Task("event_run"))
    report = s.event_reports[-1]
    assert report.drawn == ("knowledge", "strength", "energy")
    assert [v.split(":")[0] for v in report.values] == ["Knowledge", "Strength", "Energy"]
    for viewer in (None, 0, 2):
        assert make_view(s, viewer).event_reports[-1].drawn == ("knowledge", "strength", "energy")
    # a Reshuffle is listed too, where it was drawn
    run = new_event_run("triathlon", 1, (0, 1, 2, 3))
    run = replace(run, deck=("energy", "strength", "knowledge", "reshuffle"))
    s = with_tasks(edit(s, event=run), Task("event_run"))
    drawn = s.event_reports[-1].drawn
    assert drawn[0] == "reshuffle"
    knocked = [C.MEASURE_NAME[c] for c in drawn if c != "reshuffle"]
    assert knocked == [v.split(":")[0] for v in s.event_reports[-1].values]
