"""Foxpaw's words on screen, as issue 19 found them wrong: the last step's gains (a
fulfilled Prophecy named, not counted as one lost; one Star, one Prophecy), nothing
"to place" outside the Placement, no "next year" in the last year, a spied Magical
Event with what it measures, a Darkness space under a Teacher who spares you."""

from __future__ import annotations

from typing import Any, Callable

from test_foxpaw_screen import _session

from foxtui.engine.session import Session
from foxtui.games.foxpaw import content as C
from foxtui.games.foxpaw import effects as E
from foxtui.ui.games.foxpaw import gains
from foxtui.ui.games.foxpaw_board import event_rules, events_body, location_body
from foxtui.ui.games.foxpaw_house import my_house
from foxtui.ui.games.foxpaw_words import space_lines


def bots(seed: int, players: int = 3) -> Session:
    return _session(*((f"P{n}", "sensible") for n in range(players)), seed=seed)


def play_until(session: Session, stop: Callable[[Any, Any], bool], limit: int = 3000) -> tuple[Any, Any]:
    """Bots play until ``stop(before, after)`` holds for two public views a step apart."""
    before = session.view(None)
    while session.outcome() is None and session.step_count < limit:
        seat = min(session.to_act())
        session.act(seat, session.bot_action(seat))
        after = session.view(None)
        if stop(before, after):
            return before, after
        before = after
    raise AssertionError("never got there")


def test_a_fulfilled_prophecy_is_named_among_the_gains_not_counted_as_lost():
    for seed in (1, 2, 3):
        session = bots(seed)
        before, after = play_until(session, lambda a, b: any(len(y.fulfilled) > len(x.fulfilled)
                                                               for x, y in zip(a.houses, b.houses)))
        text = " ".join(line.plain for line in gains(before, after))
        assert "-1 Prophec" not in text and "(fulfilled)" in text, text
        for x, y in zip(before.houses, after.houses):
            for card in y.fulfilled[len(x.fulfilled):]:
                assert f"+{C.PROPHECY[card].name} (fulfilled)" in text
        assert "+1 Stars" not in text and "+1 Prophecies" not in text and "+1 Coins" not in text


def test_nothing_is_to_place_outside_the_placement():
    session = bots(2)
    play_until(session, lambda a, b: b.phase == "evaluation")  # (the Cleanup says the same)
    view = session.view(0)
    text = my_house(view, 0).plain
    assert "To place: nothing until the next Placement" in text and "0 wizards" not in text


def test_the_last_year_speaks_of_no_next_year():
    session = bots(2)
    play_until(session, lambda a, b: b.year == b.years and b.phase == "placement")
    view = session.view(0)
    dorm = location_body(view, "dormitory", 0).plain
    assert "next year" not in dorm and "the last year" in dorm
    beds = [i for i in C.LOCATION_SPACES["dormitory"] if i in view.active_spaces]
    assert all("next year" not in line for line in space_lines(view, beds[0], 0))


def test_a_spied_magical_event_says_what_it_measures():
    session = bots(1)
    while True:
        seat = min(session.to_act())
        session.act(seat, session.bot_action(seat))
        view = session.view(seat)
        spied = [n for n in range(view.events_done, len(view.event_years)) if view.events[n]]
        if spied and view.event is None:
            break
    text = events_body(view, seat).plain.replace("\n   ", " ")
    for n in spied:
        assert event_rules(view.events[n]) in text, text


def test_a_darkness_space_under_a_teacher_who_spares_you_says_so():
    for seed in range(1, 40):
        session = bots(seed)
        play_until(session, lambda a, b: b.phase == "placement")
        view = session.view(0)
        if E.darkness_count(view.teacher, view.houses[0]) == 0:
            break
    else:
        raise AssertionError("no Teacher spared seat 0 in year 1")
    dark = next(i for i in view.active_spaces if C.SPACES[i].darkness)
    text = " ".join(space_lines(view, dark, 0))
    assert f"no Darkness card for you under {C.TEACHER[view.teacher].name}" in text and "draws 0" not in text


def test_every_new_school_year_is_shown_in_a_reveal_with_its_teacher_duel_and_carnival():
    """Issue 39: the night's page told the next year's Teacher, Duel and Carnival, but year
    3 (and 5) begins after a Magical Event and its scoring: nobody was shown them."""
    from test_foxpaw_screen import _text_of

    from foxtui.ui.games.foxpaw_interlude import interlude_pages

    for players, seed in ((3, 5), (2, 4)):
        session = bots(seed, players)
        shown: dict[int, str] = {}
        before = session.view(None)
        while session.outcome() is None:
            seat = min(session.to_act())
            session.act(seat, session.bot_action(seat))
            after = session.view(None)
            if after.year > before.year and after.phase != "over":
                text = "\n".join(f"{title}\n{_text_of(body)}" for title, body in interlude_pages(before, after))
                shown[after.year] = text
                assert f"School year {after.year} begins" in text, (players, seed, after.year)
                assert C.TEACHER[after.teacher].name in text and C.DUEL[after.duel].name in text
                assert C.CARNIVAL[after.carnival].name in text
            before = after
        assert sorted(shown) == list(range(2, session.view(None).years + 1)), (players, seed, sorted(shown))
