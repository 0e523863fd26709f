"""The Foxpaw board at 80x24: the whole school in one page (a map of who stands where
in every location, the zoomed location under it), a side table that never cuts a
name, and a description box that never cuts a sentence."""

from __future__ import annotations

from typing import Any

from play_helpers import screen_text
from test_foxpaw_screen import PanelHost, _drive, _session, panel, run
from textual.widgets import Static

from foxtui.games.foxpaw import actions as A
from foxtui.games.foxpaw import content as C
from foxtui.games.foxpaw.state import OBSIDIO
from foxtui.ui.games.foxpaw_board import MAP_COLUMNS, MAP_WORD, marks
from foxtui.ui.games.foxpaw_house import scoreboard
from foxtui.ui.games.foxpaw_words import detail, rows_of
from foxtui.ui.widgets.moves import Moves


def late_in_year(players: int, seed: int, names: tuple[str, ...] | None = None) -> Any:
    """Seat 0's last placement turn of year 2: the board is full of meeples."""
    names = names or tuple(f"Player {n + 1}" for n in range(players))
    seats = [names[0], *((n, "sensible") for n in names[1:])]
    s = _session(*seats, seed=seed)
    return _drive(s, lambda s, who, m: who == 0 and s.state.round == 2 and s.state.tasks[-1].kind == "turn"
                  and s.state.players[0].wizards == 1)


def _rows_on_screen(app: Any) -> list[str]:
    return [strip.text for strip in app.screen._compositor.render_strips()]


def test_the_map_shows_who_stands_where_in_every_location_with_the_zoomed_one_below():
    session = late_in_year(4, seed=3)
    view = session.view(0)
    letters = marks(view)
    app = PanelHost(session, 0)

    async def body(pilot) -> None:
        rows = _rows_on_screen(app)
        mapped: dict[str, str] = {}
        for left, right in zip(*MAP_COLUMNS):
            line = next(r for r in rows if r.lstrip().startswith(MAP_WORD[left] + " ") and f" {MAP_WORD[right]} " in r
                        and "Lounge Kiosk" not in r).lstrip()
            cut = line.index(MAP_WORD[right])
            mapped[left], mapped[right] = line[: cut], line[cut: line.index("│") if "│" in line else None]
        placed = 0
        for loc, line in mapped.items():
            cells = line[len(MAP_WORD[loc]):].split()
            if loc == "duel":
                assert cells == ["v".join("■" if d == OBSIDIO else letters[d] for d in view.duelists)]
                continue
            spaces = rows_of(view, loc)
            assert len(cells) == len(spaces), (loc, cells)
            for cell, i in zip(cells, spaces):
                want = "".join(letters[m.owner].lower() if m.beast else letters[m.owner] for m in view.board[i])
                assert cell.rstrip("+") == want if want else cell in ("○", "·"), (loc, i, cell)
                placed += len(view.board[i])
        assert placed == sum(len(b) for b in view.board) >= 8  # every meeple of the year so far
        # the zoomed location under the map, on the same screen
        p = panel(app)
        page = C.LOCATION_NAME.get(p._page, "Duel Arena")
        assert any(page in r for r in rows)

    run(app, body)


def test_the_side_table_never_cuts_a_name():
    for names in (("Player 1", "Player 2", "Player 3"), ("Ada", "Bartholomew Ng", "Cy"), ("Ada", "Sixteen letters!", "Cy")):
        session = late_in_year(3, seed=5, names=names)
        view = session.view(0)
        text = scoreboard(view, 0).plain
        lines = text.split("\n")
        for name in names:
            assert any(name in line for line in lines), (name, text)
        assert all(len(line) <= 33 for line in lines[:-1]), text
    # at the screen: the table beside the board while someone else places
    app = PanelHost(late_in_year(3, seed=5), 1)

    async def body(pilot) -> None:
        text = screen_text(app)
        for name in ("Player 1", "Player 2", "Player 3"):
            assert f"{name} " in text

    run(app, body)


def test_the_description_box_never_cuts_a_sentence():
    """Every move of several decisions highlighted in turn: the box under the moves
    holds all of the move's description, inside the panel, wrapped (not cut)."""
    session = late_in_year(3, seed=5)
    app = PanelHost(session, 0)
    longest: list[int] = []

    async def body(pilot) -> None:
        p = panel(app)
        moves = p.query_one(Moves)
        box = p.query_one("#fp-detail", Static)
        right = p.query_one("#fp-right")
        for action in list(moves.actions):
            moves.highlight(action)
            await pilot.pause()
            lines = detail(session.view(0), action, 0)
            words = " ".join(lines).split()
            shown = " ".join(strip.text for strip in _box_rows(app, box)).split()
            assert shown == words, (action, lines, shown)
            assert box.region.bottom <= right.region.bottom, action
            longest.append(len(_box_rows(app, box)))
        print(f"longest description: {max(longest)} lines")

    run(app, body)


def _box_rows(app: Any, box: Static) -> list[Any]:
    region = box.region
    strips = app.screen._compositor.render_strips()
    rows = []
    for y in range(region.y, region.bottom):
        text = strips[y].text
        rows.append(type("Row", (), {"text": text[region.x: region.right]})())
    return [r for r in rows if r.text.strip()]


import pytest


@pytest.mark.parametrize("kind, seed", [("resolve", 5), ("house", 1)])  # a house: up to 8 lines at 80x24
def test_every_move_of_a_decision_is_told_whole(kind: str, seed: int):
    session = _drive(_session("Ada", ("Bo", "sensible"), ("Cy", "sensible"), seed=seed),
                     lambda s, who, m: who == 0 and s.view(0).decision.kind == kind
                     and (kind != "resolve" or s.state.round == 2) and len(s.legal_actions(0)) >= 3)
    app = PanelHost(session, 0)

    async def body(pilot) -> None:
        p = panel(app)
        moves = p.query_one(Moves)
        box = p.query_one("#fp-detail", Static)
        for action in list(moves.actions):
            moves.highlight(action)
            await pilot.pause()
            words = " ".join(detail(session.view(0), action, 0)).split()
            assert " ".join(r.text for r in _box_rows(app, box)).split() == words, action
            assert box.region.bottom <= p.query_one("#fp-right").region.bottom, action

    run(app, body)


def test_a_taller_terminal_gives_the_log_more_rows():
    import asyncio

    from play_helpers import wait_for

    from foxtui.ui.app import FoxApp
    from foxtui.ui.screens.play import PlayScreen
    from foxtui.ui.widgets.log import GameLog

    async def rows(size: tuple[int, int]) -> tuple[int, bool]:
        app = FoxApp(session=late_in_year(3, seed=5), bot_delay=60)
        async with app.run_test(size=size) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen))
            await pilot.pause()
            return app.screen.query_one(GameLog).size.height, panel(app).roomy

    small, tall, narrow_tall = asyncio.run(rows((80, 24))), asyncio.run(rows((120, 40))), asyncio.run(rows((80, 40)))
    print(f"log rows: 80x24 {small[0]}, 120x40 {tall[0]}, 80x40 {narrow_tall[0]}")
    assert small == (4, False)  # (its border above)
    assert tall[0] > small[0] and tall[1]  # the whole board still in sight
    assert narrow_tall[0] > small[0] and not narrow_tall[1]


def test_the_map_keeps_every_space_when_aquatis_may_join_one():
    """Aquatis may join an occupied Morning space: the map marks it without a wider
    cell, so no location loses a space off its line."""
    from foxtui.ui.games.foxpaw_board import board_map

    def joinable(s: Any, who: int, m: Any) -> bool:
        return s.state.tasks[-1].kind == "turn" and any(
            type(a) is A.Place and s.state.board[a.space] for a in s.legal_actions(who))

    for seed in range(1, 12):
        try:
            session = _drive(_session("Ada", "Bo", "Cy", seed=seed), joinable, limit=400)
        except AssertionError:
            continue
        seat = min(session.to_act())
        view = session.view(seat)
        legal = {a.space for a in session.legal_actions(seat) if type(a) is A.Place}
        break
    else:
        raise AssertionError("no house of Aquatis with an occupied space to join")
    text = board_map(view, keys={}, page="farm", legal=legal, width=41).plain.split("\n")
    for left, right in zip(*MAP_COLUMNS):
        line = next(r for r in text if r.startswith(MAP_WORD[left]))
        for loc, part in ((left, line[: line.index(MAP_WORD[right])]), (right, line[line.index(MAP_WORD[right]):])):
            if loc != "duel":
                assert len(part[len(MAP_WORD[loc]):].split()) == len(rows_of(view, loc)), (loc, line)
