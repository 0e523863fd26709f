"""Fox Matters at the keyboard under the clock: every card shows its Relief and
follow-up symbols wherever it is shown, a card goes to a column in at most three keys
(the column's digit, the card's letter), the bots suggest and never play for a person,
a tall column scrolls with keys the key bar shows and keeps its "Next card must show"
line in sight, danger is marked, and the layout fits the sizes the README states.
"""

from __future__ import annotations

import asyncio
import statistics
from pathlib import Path
from typing import Any

import msgspec
import pytest
from play_helpers import hand_clock, notes, screen_text, wait_for

from foxtui.engine.game import SeatInfo
from foxtui.engine.session import Session
from foxtui.games import GAMES
from foxtui.games.fox_matters import content
from foxtui.games.fox_matters.actions import EndAction, MoveKnight, PickFox, PlayCard, Ready, UseAbility
from foxtui.games.fox_matters.bots import suggestion
from foxtui.games.fox_matters.state import Played
from foxtui.games.fox_matters.view import FearView
from foxtui.ui.app import FoxApp
from foxtui.ui.games.fox_matters import ColumnView, FoxMattersPanel
from foxtui.ui.games.fox_matters_words import card_symbols, knight_text
from foxtui.ui.screens.play import PlayScreen
from foxtui.ui.widgets.keybar import KeyBar
from foxtui.ui.widgets.log import GameLog
from foxtui.ui.widgets.moves import Moves

GAME = GAMES["fox-matters"]
README = Path(__file__).resolve().parents[2] / "README.md"


@pytest.fixture
def frozen_clock(monkeypatch):
    return hand_clock(monkeypatch)


def _session(*humans: str, bots: int = 0, seed: int = 5, **options: Any) -> Session:
    seats = [SeatInfo(h) for h in humans] + [SeatInfo(n, bot="cooperative") for n in ("Bo", "Cy")[:bots]]
    options.setdefault("nightmare", "random-level-1")
    return Session.new(GAME, seats, GAME.Options(**options), seed, None)


def _legal(session: Session, seat: int = 0) -> list[Any]:
    return GAME.legal_actions(session.state, seat)


def _suggested(session: Session, seat: int = 0) -> Any:
    return suggestion(session.view(seat), _legal(session, seat))[0]


def _play_by_suggestion_until(session: Session, done) -> Session:
    """A solo table played by the bots' suggestions (each step the suggested one) until ``done(view)``."""
    for _ in range(2000):
        if done(session.view(0)):
            return session
        seat = session.humans_to_act()[0]
        session.act(seat, _suggested(session, seat))
    raise AssertionError("never got there")


def run(app: FoxApp, body, size: tuple[int, int] = (80, 24)) -> None:
    async def go() -> None:
        async with app.run_test(size=size) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen))
            await body(pilot)

    asyncio.run(go())


def panel(app) -> FoxMattersPanel:
    return app.screen.query_one(FoxMattersPanel)


def moves(app) -> Moves:
    return app.screen.query_one("#fm-moves", Moves)


def bar_keys(app) -> dict[str, str]:
    return {k.display: k.description for k in app.screen.query_one(KeyBar).keys}


# --- every card shows what it gives and what may follow it


def test_every_card_surface_shows_relief_and_follow_up_symbols(frozen_clock):
    """Hand (t), moves, chain, face-up Fox cards, the look at three and the ability that
    takes a face-up Fox card: each shows the card's symbols and its follow-ups (the
    printed card), and knights show their symbol in every move that names them."""
    session = _play_by_suggestion_until(_session("Ada"), lambda v: v.phase == "action")
    app = FoxApp(session=session, bot_delay=0)

    async def body(pilot) -> None:
        view = session.view(0)
        shown = lambda: " ".join(str(o.prompt) for o in moves(app).options)  # noqa: E731
        plays = [a for a in moves(app).actions if isinstance(a, PlayCard)]
        assert plays
        for a in plays:  # the moves
            face = content.card_face(a.card)
            assert f"{card_symbols(a.card).plain} Ada: {face.name}" in shown()
            assert face.follow and all(s in content.LABELS for s in face.follow)
        for a in moves(app).actions:
            if isinstance(a, MoveKnight):
                assert knight_text(a.knight).plain in str(moves(app).options[moves(app).actions.index(a)].prompt)
        # the chain
        first = plays[0]
        await pilot.press(panel(app).letters[first.card])
        await wait_for(pilot, lambda: session.view(0).columns[first.column].cards)
        assert f"1. {card_symbols(first.card).plain} {content.CARDS[first.card].name}" in screen_text(app)
        # the whole table: every card in hand with its letter and symbols, knights with theirs
        await pilot.press("t")
        table = str(app.screen.query_one("#fm-whole-table").render())
        for card in session.view(0).hands[0]:
            assert f"{panel(app).letters[card]} {card_symbols(card).plain} {content.CARDS[card].name}" in table
        for k in view.knights:
            assert knight_text(k.id, short=True).plain in table
        await pilot.press("t")
        # face-up Fox cards (head, table view), the look at three and the take-a-face-up-Fox move
        fox = [f for f in content.FOX_IDS if f not in {c for hand in view.hands for c in hand}][:3]
        p = panel(app)
        p.show(msgspec.structs.replace(session.view(0), fox_spots=[fox[0], fox[1], ""]), [], 0)
        await pilot.pause()
        head = str(app.screen.query_one("#fm-head").render())
        assert card_symbols(fox[0]).plain in head and card_symbols(fox[1]).plain in head
        assert p._label(PickFox(fox[2])).plain == f"Keep {card_symbols(fox[2]).plain} {content.CARDS[fox[2]].name}"
        king = next(k for k in content.KNIGHT.values() if any(a.kind == "recruit_face_up_fox" for a in k.abilities))
        which = next(i for i, a in enumerate(king.abilities) if a.kind == "recruit_face_up_fox")
        label = p._label(UseAbility(king.id, which, index=1)).plain
        assert card_symbols(fox[1]).plain in label and knight_text(king.id, short=True).plain in label

    run(app, body)


def test_every_move_line_fits_one_line_at_80x24(frozen_clock):
    session = _play_by_suggestion_until(_session("Ada"), lambda v: v.phase == "action")
    app = FoxApp(session=session, bot_delay=0)

    async def body(pilot) -> None:
        for column in "123456":
            await pilot.press(column)
            await pilot.pause()
            lines = moves(app)
            assert lines.option_count
            # as many rows as moves: no move wraps to a second line
            assert lines.virtual_size.height == lines.option_count, [str(o.prompt) for o in lines.options]

    run(app, body)


# --- a card in at most three keys, and the median of a scripted round 2


def test_a_scripted_round_2_plays_each_card_in_at_most_three_keys(frozen_clock):
    """Round 2 of a solo game, played by keys only: each card the bots would play goes
    to its column with the column's digit (when another column is zoomed) and the
    card's letter; the other moves with s (the suggestion) and Enter. The letters stay
    with their cards while the hand changes."""
    session = _play_by_suggestion_until(_session("Ada"), lambda v: v.round == 2 and v.phase == "action")
    app = FoxApp(session=session, bot_delay=0)
    keys_per_card: list[int] = []

    async def body(pilot) -> None:
        # in the Action the column's room is the chain's: round 1's check is in the log
        assert any(session.view(0).last_check)
        assert "Last Problem check" not in screen_text(app)
        for _ in range(60):
            view, legal = session.view(0), _legal(session)
            if view.phase != "action":
                break
            action = _suggested(session)
            steps = session.step_count
            if isinstance(action, PlayCard):
                keys = [] if panel(app)._column == action.column else [str(action.column + 1)]
                letters = dict(panel(app).letters)
                keys.append(letters[action.card])
                await pilot.press(*keys)
                await wait_for(pilot, lambda: session.step_count > steps)
                assert session.record.steps[steps].action == action
                keys_per_card.append(len(keys))
                for card, letter in panel(app).letters.items():
                    assert letters[card] == letter  # the others kept their letters
            elif isinstance(action, EndAction):
                await pilot.press("e")
                await wait_for(pilot, lambda: session.step_count > steps)
            else:
                await pilot.press("s", "enter")
                await wait_for(pilot, lambda: session.step_count > steps)
                assert session.record.steps[steps].action == action
        assert session.view(0).round > 2 or session.view(0).phase != "action"

    run(app, body)
    assert len(keys_per_card) >= 5, keys_per_card
    median = statistics.median(keys_per_card)
    print(f"round 2: {len(keys_per_card)} cards played, keys per card {keys_per_card}, median {median}")
    assert max(keys_per_card) <= 3 and median <= 2


def test_a_letter_that_does_not_fit_the_column_says_why_and_plays_nothing(frozen_clock):
    session = _play_by_suggestion_until(_session("Ada"), lambda v: v.phase == "action")
    first = next(a for a in _legal(session) if isinstance(a, PlayCard))
    session.act(0, first)  # a chain begun: not every card may follow it
    app = FoxApp(session=session, bot_delay=0)

    async def body(pilot) -> None:
        p = panel(app)
        view = session.view(0)
        legal = _legal(session)
        # a card and a column whose chain it may not follow
        for card in view.hands[0]:
            bad = [c for c in range(6) if view.columns[c].problems and PlayCard(card, c) not in legal]
            if bad:
                break
        else:
            raise AssertionError("every card fits everywhere")
        await pilot.press(str(bad[0] + 1), p.letters[card])
        await pilot.pause()
        assert session.view(0) == view  # nothing played
        said = " ".join(m for _, m in notes(app))
        assert f"{content.CARDS[card].name} cannot go to column {bad[0] + 1}" in said

    run(app, body)


# --- the bots suggest, never play for a person


def test_s_asks_the_bots_and_plays_nothing(frozen_clock):
    """Mid-Action, s says the bots' move in words and highlights it; only Enter plays it."""
    session = _play_by_suggestion_until(_session("Ada"), lambda v: v.phase == "action")
    app = FoxApp(session=session, bot_delay=0)

    async def body(pilot) -> None:
        assert bar_keys(app).get("s") == "Hint"
        steps = session.step_count
        expected, why = suggestion(session.view(0), _legal(session))
        await pilot.press("s")
        await pilot.pause()
        assert session.step_count == steps  # shown in words, not played
        assert why in " ".join(m for _, m in notes(app))
        assert "Suggested:" in screen_text(app)
        assert moves(app).highlighted_action == expected
        await pilot.press("enter")  # the person decides to take it
        await wait_for(pilot, lambda: session.step_count > steps)
        assert session.record.steps[steps].action == expected and session.record.steps[steps].seat == 0

    run(app, body)


# --- no key trap: a tall column scrolls with keys in the key bar, its footer stays


def _tall_column(view) -> Any:
    """The view with column 1's chain fifteen cards long (a column as long as any at a table)."""
    cards = [Played(card, 0) for card in content.RELIEF_IDS[:15]]
    columns = list(view.columns)
    columns[0] = msgspec.structs.replace(columns[0], cards=cards, accepts=["crown", "pot"])
    return msgspec.structs.replace(view, columns=columns)


def test_a_tall_column_at_80x24_scrolls_with_keys_and_keeps_its_next_card_line(frozen_clock):
    session = _play_by_suggestion_until(_session("Ada"), lambda v: v.phase == "action")
    app = FoxApp(session=session, bot_delay=0)

    async def body(pilot) -> None:
        p = panel(app)
        await pilot.press("1")
        assert "]" not in bar_keys(app)  # a short column: nothing to scroll
        tall = _tall_column(session.view(0))
        p.show(tall, _legal(session), 0)
        await pilot.pause()
        await pilot.pause()
        column = app.screen.query_one(ColumnView)
        assert column.max_scroll_y > 0
        assert bar_keys(app).get("]") == "More"
        last = f"15. {card_symbols(content.RELIEF_IDS[14]).plain}"
        assert "Next card must show" in screen_text(app) and last not in screen_text(app)
        await pilot.press("right_square_bracket")
        await pilot.pause()
        assert column.scroll_y > 0 and "Next card must show" in screen_text(app)
        for _ in range(5):
            if last in screen_text(app):
                break
            await pilot.press("right_square_bracket")
            await pilot.pause()
        assert last in screen_text(app) and "Next card must show" in screen_text(app)
        await pilot.press("left_square_bracket")
        await pilot.pause()
        assert column.scroll_y < column.max_scroll_y

    run(app, body)


# --- danger is plain


def test_danger_is_marked_in_the_overview_and_the_column(frozen_clock):
    """The Gnawing Dark starts with two face-down Fear tokens under the rightmost
    column and adds a symbol to every Complicated Problem: the column one token from
    losing is marked in the overview and the column, the changed problem says so; a
    broken chain is marked ✗ with where it breaks."""
    session = _session("Ada", nightmare="gnawing-dark")
    app = FoxApp(session=session, bot_delay=0)

    async def body(pilot) -> None:
        view = session.view(0)
        assert [len(col.fear) for col in view.columns[4:]] == [1, 1]
        # a round later column 6 failed once more: two tokens, one more loses the game
        c = 5
        columns = list(view.columns)
        columns[c] = msgspec.structs.replace(columns[c], fear=[FearView(False, None)] * 2, one_fear_from_losing=True)
        view = msgspec.structs.replace(view, columns=columns)
        panel(app).show(view, _legal(session), 0)
        await pilot.pause()
        head = str(app.screen.query_one("#fm-head").render()).split("\n")[1]
        assert f"{c + 1}:0/{view.columns[c].need_total}FF!" in head
        await pilot.press(str(c + 1))
        await pilot.pause()
        text = screen_text(app)
        assert "one Fear token from losing" in text and "Failing here once more loses the game" in text
        changed = next((n for col in view.columns for n in col.problem_needs if n.changed), None)
        assert changed is not None
        at = next(i for i, col in enumerate(view.columns) if changed in col.problem_needs)
        await pilot.press(str(at + 1))
        await pilot.pause()
        printed = content.PROBLEM[changed.id].total
        column = " ".join(" ".join(line.text for line in app.screen.query_one(ColumnView)._lines).split())
        assert f"(The Gnawing Dark: +{changed.total - printed}, printed {printed})" in column
        # a broken chain (as the View gives it): ✗ on the card, the place in words, ✗ above
        col = view.columns[0]
        cards = [Played(content.RELIEF_IDS[0], 0), Played(content.RELIEF_IDS[20], 0)]
        status = msgspec.structs.replace(
            col.status, broken_links=[2], broken_at=[cards[1].card],
            chain_note=f"chain broken at {content.CARDS[cards[1].card].name}",
        )
        columns = list(view.columns)
        columns[0] = msgspec.structs.replace(col, cards=cards, status=status)
        panel(app).show(msgspec.structs.replace(view, columns=columns), _legal(session), 0)
        await pilot.press("1")
        await pilot.pause()
        text = screen_text(app)
        assert f"✗ chain broken at {content.CARDS[cards[1].card].name}" in text
        assert f"2. ✗{card_symbols(cards[1].card).plain}" in text
        assert "1:" in text and "✗" in str(app.screen.query_one("#fm-head").render()).split("\n")[1]

    run(app, body)


# --- sizes: the README's six-column size, and the log uses the rows there are


def test_the_six_columns_appear_at_the_size_the_readme_states(frozen_clock):
    assert "terminal of 120×32 or more shows all six columns at once" in " ".join(README.read_text().split())

    def roomy(size: tuple[int, int]) -> bool:
        app = FoxApp(session=_session("Ada"), bot_delay=0)
        seen: list[bool] = []

        async def body(pilot) -> None:
            await pilot.pause()
            cells = list(app.screen.query(".fm-cell"))
            seen.append(all(cell.display and cell.region.height >= 8 for cell in cells))
            seen.append(not app.screen.query_one("#fm-left").display)
            if seen[0]:  # every column's needs and next-card line in its cell
                for c, cell in enumerate(cells):
                    assert "Have" in str(cell.render()) or "no problem" in str(cell.render())

        run(app, body, size=size)
        return all(seen)

    assert roomy((120, 32))
    assert not roomy((119, 32)) and not roomy((120, 31))


def test_a_taller_terminal_gives_the_log_more_rows(frozen_clock):
    def rows(size: tuple[int, int]) -> tuple[int, int]:
        app = FoxApp(session=_session("Ada", bots=1), bot_delay=3600)
        out: list[int] = []

        async def body(pilot) -> None:
            await pilot.pause()
            out.append(app.screen.query_one(GameLog).size.height)
            out.append(app.screen.query_one(FoxMattersPanel).size.height)

        run(app, body, size=size)
        return out[0], out[1]

    small_log, small_panel = rows((80, 24))
    tall_log, tall_panel = rows((120, 40))
    assert small_log == 4 and small_panel == 17  # as before: the 4-line log at 80x24
    assert tall_log == 40 - 2 - 1 - 28 and tall_panel == 28  # 40 rows: the panel's 28, status, key bar, border
    assert rows((80, 40)) == (40 - 2 - 1 - 20, 20)


def test_s_names_the_key_of_a_suggestion_that_is_a_key(frozen_clock):
    """A suggestion to say Ready is not in the list of moves: the words name its key."""
    session = _session("Ada", seed=5)
    app = FoxApp(session=session, bot_delay=0)

    async def body(pilot) -> None:
        expected, _ = suggestion(session.view(0), _legal(session))
        while not isinstance(expected, Ready):
            session.act(0, expected)
            expected, _ = suggestion(session.view(0), _legal(session))
        panel(app).show(session.view(0), _legal(session), 0)
        await pilot.press("s")
        await pilot.pause()
        assert "Suggested: say you are Ready (r)" in screen_text(app) and session.view(0).phase == "planning"

    run(app, body)


def test_two_humans_in_the_action_keep_every_table_key_in_the_bar(frozen_clock):
    """At 80x24 with two humans the key bar has room for the hint, the next player and
    the log as well as the game's keys."""
    session = _session("Ada", "Bea", timer_seconds=0)
    for seat in (0, 1):
        session.act(seat, Ready())
    app = FoxApp(session=session, bot_delay=0)

    async def body(pilot) -> None:
        await pilot.pause()
        wanted = [("s", "Hint"), ("p", "Next player"), ("w", "Log"), ("e", "Done"), ("t", "Table"), ("q", "Home")]
        bar = app.screen.query_one(KeyBar).render().plain
        assert all(f" {key} {what} " in bar for key, what in wanted), bar
        # a column to scroll as well: its key joins them, and still nothing gives way
        panel(app).show(_tall_column(session.view(0)), _legal(session), 0)
        await pilot.pause()
        await pilot.pause()
        bar = app.screen.query_one(KeyBar).render().plain
        assert all(f" {key} {what} " in bar for key, what in [*wanted, ("]", "More")]), bar

    run(app, body)


def test_snapshot_six_columns_at_120x32(snap_compare, frozen_clock):
    """The README's size: all six columns, the whole table and the moves."""
    session = _play_by_suggestion_until(_session("Ada", "Bea", timer_seconds=0), lambda v: v.phase == "action")
    session.act(0, next(a for a in _legal(session) if isinstance(a, PlayCard)))

    async def ready(pilot) -> None:
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, PlayScreen))

    assert snap_compare(FoxApp(session=session, bot_delay=0), terminal_size=(120, 32), run_before=ready)


def test_snapshot_a_tall_column_at_80x24(snap_compare, frozen_clock):
    session = _play_by_suggestion_until(_session("Ada"), lambda v: v.phase == "action")

    async def ready(pilot) -> None:
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, PlayScreen))
        pilot.app.screen.query_one(FoxMattersPanel).show(_tall_column(session.view(0)), _legal(session), 0)
        await pilot.pause()
        await pilot.press("right_square_bracket")
        await pilot.pause()

    assert snap_compare(FoxApp(session=session, bot_delay=0), terminal_size=(80, 24), run_before=ready)
