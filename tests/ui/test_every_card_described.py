"""Every card of every game's content, on every screen that describes it (issue 39: the
Foxpaw house page crashed for the Prophecy "A Dark Heart", the one Prophecy whose
condition kind its progress table did not know).

A seeded game's state is given one seat the cards in question (all of a kind at once,
or one at a time where a place holds one card), the seat's View is made from it by the
game's own view, and the screens' text is drawn from that View: each card must be
named, and no page may fail. The Foxpaw house page is also opened with its key in the
real panel."""

from __future__ import annotations

import asyncio
from typing import Any

from msgspec.structs import replace
from test_foxpaw_screen import PanelHost, _drive, _session, panel_text

from foxtui.games.foxpaw import actions as A
from foxtui.games.foxpaw import content as C
from foxtui.games.foxpaw.rules_core import set_player
from foxtui.games.foxpaw.state import BeastCard, State
from foxtui.games.foxpaw.view import make_view
from foxtui.ui.games.foxpaw_board import duel_body, events_body, location_body, zoomed_body
from foxtui.ui.games.foxpaw_house import houses_page, my_house, public_block, scoreboard, setup_page
from foxtui.ui.games.foxpaw_words import LOCATIONS, darkness_card, detail, label

# --- Foxpaw


def _foxpaw_year_two() -> State:
    """Three bots, seat 0's first placement turn of year 2 (houses joined, cards dealt)."""
    session = _session(*((f"P{n}", "sensible") for n in range(3)), seed=4)
    _drive(session, lambda s, seat, m: seat == 0 and s.state.round == 2 and s.state.tasks[-1].kind == "turn")
    return session.state


YEAR_TWO = _foxpaw_year_two()


def _given(state: State, **seat_zero: Any) -> State:
    """``state`` with seat 0 holding what is given."""
    return set_player(state, 0, **seat_zero)


def _pages(state: State, seat: int | None = 0) -> str:
    """Every page of the Foxpaw panel for ``seat``, as plain text."""
    view = make_view(state, seat)
    texts = [events_body(view, seat), houses_page(view, seat), scoreboard(view, seat)]
    texts += [public_block(view, n, full=True) for n in range(len(view.houses))]
    if seat is not None:
        texts.append(my_house(view, seat))
    for location in LOCATIONS:
        texts.append(location_body(view, location, seat))
        texts.append(location_body(view, location, seat, compact=True))
        texts.append(zoomed_body(view, location, seat, cursor=-1, legal=(), width=36, rows=8))
    texts.append(duel_body(view, seat))
    return "\n".join(t.plain for t in texts)


def test_foxpaw_every_prophecy_is_described_on_the_house_page_with_its_progress():
    """Secret in hand (with how far it is), and fulfilled (named on every house's side)."""
    every = tuple(p.id for p in C.PROPHECIES)
    text = _pages(_given(YEAR_TWO, prophecies=every))
    for card in C.PROPHECIES:
        assert f"{card.name}: {C.condition_text(card.condition)}" in text
    assert "A Dark Heart: have drawn at least 3 Darkness cards" in text
    drawn = YEAR_TWO.players[0].darkness_drawn
    assert f"— not yet, you have drawn {drawn}" in text
    for seat in (0, 1, None):
        text = _pages(_given(YEAR_TWO, fulfilled=every), seat)
        assert all(card.name in text for card in C.PROPHECIES)


def test_foxpaw_the_setup_page_shows_every_prophecy():
    """The house page while setting up (no house joined yet) lists the secret cards too."""
    session = _session(*((f"P{n}", "sensible") for n in range(3)), seed=4)
    every = tuple(p.id for p in C.PROPHECIES)
    state = _given(session.state, prophecies=every)
    assert state.phase == "setup" and not state.players[0].house
    view = make_view(state, 0)
    text = "\n".join(t.plain for t in setup_page(view, 0)) + my_house(view, 0).plain
    assert all(card.name in text for card in C.PROPHECIES)


def test_foxpaw_the_house_key_opens_a_page_with_a_dark_heart():
    """The crash as it was met: `y` in year 2 for a house holding "A Dark Heart"."""
    state = _given(YEAR_TWO, prophecies=("dark-heart",))

    class Table:  # what PanelHost asks of a session, over this state
        def view(self, seat: int | None) -> Any:
            return make_view(state, seat)

        def legal_actions(self, seat: int) -> list[Any]:
            from foxtui.games.foxpaw.rules import legal_actions

            return legal_actions(state, seat)

    for size in ((80, 24), (120, 40)):
        app = PanelHost(Table(), 0)

        async def go() -> None:
            async with app.run_test(size=size) as pilot:
                await pilot.pause()
                await pilot.press("y")
                await pilot.pause()
                text = panel_text(app)
                assert "A Dark Heart" in text and "Mischief cards (" in text and "Darkness cards (" in text

        asyncio.run(go())


def test_foxpaw_every_mischief_darkness_object_beast_and_spell_on_the_house_pages():
    p = YEAR_TWO.players[0]
    mischief = tuple(f"{m.id}#{n}" for m in C.MISCHIEF_LIST for n in range(m.count))
    darkness = tuple(range(len(C.DARK_GESTURE)))
    state = _given(YEAR_TWO, mischief=mischief, darkness=darkness, objects=tuple(o.id for o in C.OBJECTS),
                   beasts=tuple(BeastCard(b.id) for b in C.BEASTS), learned=tuple(s.id for s in C.SPELLS),
                   perm_stars=p.perm_stars)
    text = _pages(state)
    for m in C.MISCHIEF_LIST:
        assert m.name in text
    assert all(darkness_card(n) in text for n in darkness)
    for group in (C.OBJECTS, C.BEASTS, C.SPELLS):
        assert all(card.name in text for card in group)
    other = _pages(state, 1)  # another house sees the public side: names, and counts of the secret cards
    assert all(o.name in other for o in C.OBJECTS) and all(b.name in other for b in C.BEASTS)
    assert f"{len(mischief)} Mischief cards" in other and f"{len(darkness)} Darkness cards" in other


def test_foxpaw_every_card_on_the_board_pages():
    """Whatever lies on the board, one card at a time: the Teacher, the Carnival card, the
    duel card, the Spells, beasts and objects on offer, and a Magical Event spied."""
    s = YEAR_TWO
    for t in C.TEACHERS:
        assert t.name in _pages(replace(s, teacher=t.id))
    for c in C.CARNIVAL_LIST:
        assert c.name in _pages(replace(s, carnival=c.id))
    for d in C.DUELS:
        assert d.name in _pages(replace(s, duel=d.id))
    spells = [sp.id for sp in C.SPELLS]
    for n in range(0, len(spells), len(s.display)):
        shown = tuple((spells[n:] + spells)[: len(s.display)])
        text = _pages(replace(s, display=shown))
        assert all(C.SPELL[x].name in text for x in shown)
    text = _pages(replace(s, beasts=tuple(b.id for b in C.BEASTS), objects=tuple(o.id for o in C.OBJECTS)))
    assert all(card.name in text for group in (C.BEASTS, C.OBJECTS) for card in group)
    later = s.events_done
    marks = s.event_marks[:later] + ((0,),) + s.event_marks[later + 1:]
    for e in C.EVENTS:
        events = s.events[:later] + (e.id,) + s.events[later + 1:]
        assert e.name in _pages(replace(s, events=events, event_marks=marks))


def test_foxpaw_every_card_in_the_moves_list():
    """The moves that name a card, for every card: the line and its details."""
    view = make_view(YEAR_TWO, 0)
    moves: list[tuple[Any, str]] = []
    moves += [(A.PickStudent(c), C.STUDENT[c].name) for c in C.STUDENT]
    moves += [(A.PickHouse(h.id), h.name) for h in C.HOUSE_LIST]
    moves += [(A.PickObject(o.id), o.name) for o in C.OBJECTS]
    moves += [(A.PickBeast(b.id), b.name) for b in C.BEASTS] + [(A.DiscardBeast(b.id), b.name) for b in C.BEASTS]
    moves += [(A.PlayMischief(f"{m.id}#0"), m.name) for m in C.MISCHIEF_LIST]
    moves += [(A.Learn(sp.id), sp.name) for sp in C.SPELLS] + [(A.DiscardSpell(sp.id), sp.name) for sp in C.SPELLS]
    moves += [(A.PickTeacher(t.id), t.name) for t in C.TEACHERS]
    moves += [(A.ShowDarkness(n), C.GESTURE_NAME[C.DARK_GESTURE[n]]) for n in range(len(C.DARK_GESTURE))]
    for move, name in moves:
        assert name in label(view, move, 0), move
        detail(view, move, 0)  # (its lines: whatever they say, they are drawn)


# --- Fox Matters


def _fox_matters_panel_texts(state: Any, seat: int | None = 0) -> str:
    """The Fox Matters panel's head, every column (cell and page) and the whole table."""
    from foxtui.games.fox_matters.view import make_view as fm_view
    from foxtui.ui.games.fox_matters import FoxMattersPanel

    view = fm_view(state, seat)
    panel = FoxMattersPanel()  # (its text methods read the View they are given, and the column cursor)
    texts = [panel._head_text(view), panel._table_text(view), panel._table_summary(view)]
    for c in range(len(view.columns)):
        texts += [panel._column_text(view, c), panel._cell_text(view, c)]
    return "\n".join(t.plain for t in texts) + "\n" + "\n".join(view.rule_changes)


def _fox_matters_start() -> Any:
    from foxtui.engine.game import SeatInfo
    from foxtui.games import GAMES

    game = GAMES["fox-matters"]
    return game.setup([SeatInfo("Ada"), SeatInfo("Bo")], game.Options(), 3)


def test_fox_matters_every_card_in_a_hand_and_in_a_chain():
    from foxtui.games.fox_matters import content
    from foxtui.games.fox_matters.state import HandCard, Played
    from foxtui.ui.games.fox_matters_words import card_plain, card_symbols, card_text

    state = _fox_matters_start()
    cards = list(content.CARDS)
    hands = [[HandCard(c, True) for c in cards], state.hands[1]]
    columns = [replace(col, cards=[Played(c, 0) for c in cards[n::len(state.columns)]])
               for n, col in enumerate(state.columns)]
    text = _fox_matters_panel_texts(replace(state, hands=hands, columns=columns))
    for c in cards:
        face = content.card_face(c)
        assert face.name in text, c
        assert face.name in card_text(c).plain and face.name in card_plain(c) and card_symbols(c).plain
        assert face.name.split(",")[0] in card_text(c, short=True).plain


def test_fox_matters_every_problem_nightmare_and_knight():
    from foxtui.games.fox_matters import content
    from foxtui.games.fox_matters.state import Knight

    state = _fox_matters_start()
    problems = list(content.PROBLEM)
    width = len(state.columns)
    columns = [replace(col, problems=problems[n::width]) for n, col in enumerate(state.columns)]
    text = _fox_matters_panel_texts(replace(state, columns=columns))
    assert all(content.PROBLEM[p].name in text for p in problems)
    for n in content.NIGHTMARES:
        text = _fox_matters_panel_texts(replace(state, nightmare=n.id))
        assert n.name in text and all(line in text for line in content.nightmare_rule_changes(n.id))
    knights = [Knight(k.id, n % 2, n, -1) for n, k in enumerate(content.KNIGHTS)]
    text = _fox_matters_panel_texts(replace(state, knights=knights))
    for k in content.KNIGHTS:
        assert k.name.removeprefix("Fox ") in text
        for a in k.abilities:
            assert content.ability_text(a) and content.ability_short(a)


# --- The Fox Experiment


def test_fox_experiment_every_science_card_study_patron_and_parent_on_the_mat_and_table():
    from foxtui.engine.game import SeatInfo
    from foxtui.games import GAMES
    from foxtui.games.fox_experiment import content
    from foxtui.games.fox_experiment.foxes import deck_fox
    from foxtui.games.fox_experiment.state import StudyProgress
    from foxtui.games.fox_experiment.view import make_view as fe_view
    from foxtui.games.fox_experiment.view import science_text
    from foxtui.ui.games.fox_experiment_pages import mat_text, study_levels, table_text

    game = GAMES["fox-experiment"]
    state = game.setup([SeatInfo("Ada"), SeatInfo("Bo")], game.Options(), 3)
    me = replace(state.players[0], science=list(content.SCIENCE_IDS),
                 studies=[StudyProgress(s, n % 4) for n, s in enumerate(content.STUDY_IDS)])
    rows = dict(females=[deck_fox(c) for c in content.FEMALE_IDS], males=[deck_fox(c) for c in content.MALE_IDS])
    s = replace(state, players=[me, *state.players[1:]], **rows)
    mine, theirs = fe_view(s, 0), fe_view(s, 1)
    text = mat_text(mine, 0).plain + table_text(mine).plain
    for card in content.SCIENCE_IDS:
        assert science_text(card) in text
    for study in content.STUDIES:
        assert f"{study.name} ({study_levels(study.id)})" in text
    for parent in content.FEMALES + content.MALES:
        assert parent.name in text
    assert "24 science cards (kept secret)" in mat_text(theirs, 0).plain
    patrons = content.PATRON_IDS
    for n in range(0, len(patrons), 2):  # (slots 0-1 show side A, 2-3 side B: each patron on both)
        shown = (list(patrons[n:]) + list(patrons))[: len(state.patrons)]
        view = fe_view(replace(s, patrons=shown), 0)
        text = table_text(view).plain
        for slot, p in enumerate(shown):
            side = content.patron_side(p, slot)
            assert f"{side.name} ({view.patrons[slot].side}): {content.patron_text(side)}" in text


# --- Master Fox


def test_master_fox_every_pawn_kind_on_the_board_the_sack_and_the_choices():
    """Every loot and ruse kind in a spot and in the sack; every mission
    where the missions are told. Issue 39: cells cut "Chees", "Hamme": a cell shows the
    whole name, or its first letters with a full stop."""
    from foxtui.engine.game import SeatInfo
    from foxtui.games import GAMES
    from foxtui.games.master_fox import content
    from foxtui.games.master_fox.actions import KeepMission
    from foxtui.games.master_fox.view import Feel
    from foxtui.ui.games.master_fox import CELL, MasterFoxPanel, cell_glyph
    from foxtui.ui.games.master_fox_summary import guess

    kinds = list(content.ANIMALS) + list(content.RUSE_KINDS)
    for kind in kinds:
        label = content.label(kind)
        cell = cell_glyph(Feel("felt", 3, 0, (kind,))).plain
        assert len(cell) <= CELL and (cell == label or (cell.endswith(".") and label.startswith(cell[:-1]))), cell
        assert guess((kind,)) == label
    game = GAMES["master-fox"]
    state = game.setup([SeatInfo("Ada", age=40), SeatInfo("Bo", age=30)], game.Options(), 3)
    view = replace(game.view(state, 0), missions=list(content.ANIMALS), keep_from=[],
                   sack=[Feel("felt", 3, 0, (k,)) for k in kinds])
    panel = MasterFoxPanel()
    panel.seat = 0
    text = panel._sack_text(view).plain + panel._missions_detail(view).plain + panel._status_text(view).plain
    for kind in kinds:
        assert content.label(kind) in text
    for mission in content.MISSIONS:
        assert mission.title in text
        assert mission.title in panel._choice_label(KeepMission(mission.animal), view).plain
