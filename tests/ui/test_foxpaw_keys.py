"""Foxpaw at the keyboard: any free space in at most three keys from the start of a turn
(its location's letter, its row's digit, Enter), the cursor kept from one turn to the
next for each seat, and a choice with one option not asked (a Morning space used as
it is placed on)."""

from __future__ import annotations

from typing import Any

from play_helpers import wait_for
from test_foxpaw_screen import PanelHost, _drive, _session, offered, panel, panel_text, run

from foxtui.engine.session import Session
from foxtui.games.foxpaw import GAME
from foxtui.games.foxpaw import actions as A
from foxtui.games.foxpaw import content as C
from foxtui.ui.app import FoxApp
from foxtui.ui.games.foxpaw import LOCATION_KEY
from foxtui.ui.screens.handover import HandoverScreen
from foxtui.ui.screens.play import PlayScreen
from foxtui.ui.widgets.keybar import KeyBar
from foxtui.ui.widgets.moves import Moves


def first_turn(*seats: Any, seed: int, seat: int = 0) -> Session:
    """``seat``'s first placement turn of the game."""
    return _drive(_session(*seats, seed=seed),
                  lambda s, who, m: who == seat and s.state.tasks[-1].kind in ("turn", "obs_turn"))


async def walk(pilot, app: PanelHost, target: Any) -> int:
    """Press what a player would to place ``target``; the number of keys pressed."""
    p = panel(app)
    moves = p.query_one(Moves)
    pressed = 0
    if moves.highlighted_action != target:
        sp = C.SPACES[target.space]
        if p._page != sp.location:
            await pilot.press(LOCATION_KEY[sp.location])
            pressed += 1
        if moves.highlighted_action != target:
            await pilot.press(str(C.shown_row(target.space)))
            pressed += 1
    if isinstance(app, PanelHost):
        await pilot.press("enter")
        assert app.chosen[-1] == target, (target, app.chosen[-1:])
    else:
        assert moves.highlighted_action == target
        await pilot.press("enter")
    return pressed + 1


def _walk_every_space(session: Session, seat: int) -> tuple[int, str]:
    app = PanelHost(session, seat)
    targets = [a for a in session.legal_actions(seat) if type(a) in (A.Place, A.PlaceObsidio) and not getattr(a, "beast", "")]
    assert len(targets) > 10
    worst: list[tuple[int, str]] = []

    async def body(pilot) -> None:
        p = panel(app)
        for fresh in (True, False):  # a fresh screen; the cursor where the last placement left it
            for target in targets:
                if fresh:
                    p.restore_screen_state(None)
                    app.redraw()
                    await pilot.pause()
                count = await walk(pilot, app, target)
                worst.append((count, C.SPACES[target.space].location + f" {C.shown_row(target.space)}"))

    run(app, body)
    return max(worst)


def test_every_free_space_is_at_most_three_keys_from_the_start_of_a_turn():
    largest = _walk_every_space(first_turn("Ada", ("Bo", "sensible"), ("Cy", "sensible"), seed=5), 0)
    print(f"largest count (3 players, seed 5): {largest[0]} keys, e.g. {largest[1]}")
    assert largest[0] <= 3


def test_house_obsidios_markers_are_three_keys_away_too():
    session = _drive(_session("Ada", ("Bo", "sensible"), seed=4),
                     lambda s, who, m: who == 0 and s.state.tasks[-1].kind == "obs_turn")
    largest = _walk_every_space(session, 0)
    print(f"largest count (House Obsidio's marker): {largest[0]} keys, e.g. {largest[1]}")
    assert largest[0] <= 3


def test_a_row_that_is_not_free_is_told_and_changes_nothing():
    session = first_turn("Ada", ("Bo", "sensible"), ("Cy", "sensible"), seed=5)
    view = session.view(0)
    taken = next(i for i in view.active_spaces if view.board[i])
    sp = C.SPACES[taken]
    app = PanelHost(session, 0)

    async def body(pilot) -> None:
        p = panel(app)
        await pilot.press(LOCATION_KEY[sp.location])
        before = p.query_one(Moves).highlighted_action
        assert C.SPACES[before.space].location == sp.location
        await pilot.press(str(C.shown_row(taken)))
        assert p.query_one(Moves).highlighted_action == before
        assert any("is taken" in n.message for n in app._notifications)
        assert app.chosen == []

    run(app, body)


def at_the_kiosk():
    """A three-player first turn, Ada's placement on a Kiosk (Morning) space, her panel."""
    session = first_turn("Ada", ("Bo", "sensible"), ("Cy", "sensible"), seed=5)
    kiosk = next(a for a in session.legal_actions(0) if type(a) is A.Place and not a.beast
                 and C.SPACES[a.space].location == "kiosk")
    return session, kiosk, PanelHost(session, 0)


def test_a_morning_space_with_one_use_is_used_as_it_is_placed_on():
    session, kiosk, app = at_the_kiosk()

    async def body(pilot) -> None:
        await walk(pilot, app, kiosk)
        session.act(0, kiosk)
        assert session.state.tasks[-1].kind == "resolve"
        app.redraw()
        await pilot.pause()
        assert app.chosen == [kiosk, A.USE]  # not asked: sent up as the answer
        # the same question shown again (after an undo, say) is asked
        app.chosen.clear()
        app.redraw()
        await pilot.pause()
        assert app.chosen == [] and A.REST in offered(app)

    run(app, body)


def test_a_places_on_a_morning_space_and_asks():
    session, kiosk, app = at_the_kiosk()

    async def body(pilot) -> None:
        p = panel(app)
        await pilot.press("i")
        p.query_one(Moves).highlight(kiosk)
        await pilot.pause()
        assert "Ask first" in {k.description for k in app.query_one(KeyBar).keys}
        await pilot.press("a")
        assert app.chosen == [kiosk]
        session.act(0, kiosk)
        app.redraw()
        await pilot.pause()
        assert app.chosen == [kiosk] and A.REST in offered(app) and A.LEAVE in offered(app)

    run(app, body)


def test_the_cursor_stays_from_one_turn_to_the_next_for_each_seat():
    """Ada and Bea at one keyboard: each finds the cursor where their last placement
    left it (near it: the space itself is taken), not at the top of the list."""
    session = first_turn("Ada", "Bea", ("Cy", "sensible"), seed=5)
    app = FoxApp(session=session, bot_delay=0)
    placed: dict[int, Any] = {}

    async def to_seat(pilot, seat: int) -> None:
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen)
                       or (isinstance(app.screen, PlayScreen) and app.screen.seat_on_screen == seat and panel(app).legal))
        if isinstance(app.screen, HandoverScreen):
            await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen) and app.screen.seat_on_screen == seat
                       and bool(panel(app).legal))

    async def body(pilot) -> None:
        for turn in range(2):
            for seat, location in ((0, "sports"), (1, "library")):
                await to_seat(pilot, seat)
                await wait_for(pilot, lambda: session.state.tasks[-1].kind == "turn" and seat in session.to_act())
                moves = panel(app).query_one(Moves)
                if turn == 1:  # back at the seat's own cursor: its location (the space itself is taken)
                    now = moves.highlighted_action
                    assert type(now) is A.Place and C.SPACES[now.space].location == location, (seat, now)
                    assert panel(app)._page == location
                target = next(a for a in offered(app) if type(a) is A.Place and C.SPACES[a.space].location == location)
                steps = session.step_count
                await walk(pilot, app, target) if turn == 0 else await pilot.press("enter")
                placed[seat] = target if turn == 0 else moves.highlighted_action
                await wait_for(pilot, lambda: session.step_count > steps)

    run(app, body)


def test_the_carnivals_spaces_are_numbered_from_1_and_each_number_is_its_key():
    """Issue 39: the Carnival's rows were numbered 2 and 3 (the printed board's), so v 1
    did nothing; every location's spaces are now told, and keyed, 1 up from the top."""
    session = first_turn("Ada", ("Bo", "sensible"), ("Cy", "sensible"), ("Di", "sensible"), seed=3)
    top = A.Place(C.SPACE_INDEX["carnival-2"])
    assert top in session.legal_actions(0)
    app = PanelHost(session, 0)

    async def body(pilot) -> None:
        p = panel(app)
        await pilot.press("v", "3")
        assert p.query_one(Moves).highlighted_action == A.Place(C.SPACE_INDEX["carnival-4"])
        await pilot.press("1")
        assert p.query_one(Moves).highlighted_action == top
        text = panel_text(app)
        assert "1 Night activities" in text and "3 Night activities" in text and "4 Night activities" not in text
        assert "space 1: " in text  # the Carnival card's rows in the same numbers

    run(app, body)


class _StateSession:
    """A Session stand-in over a State made by hand: the panel asks it for views and moves."""

    def __init__(self, state: Any) -> None:
        self.state = state

    def view(self, seat: int | None) -> Any:
        return GAME.view(self.state, seat)

    def legal_actions(self, seat: int) -> list[Any]:
        return GAME.legal_actions(self.state, seat)

    def act(self, seat: int, action: Any) -> None:
        self.state = GAME.apply(self.state, seat, action)


def _learning_mend(goods: int) -> _StateSession:
    """Ada at the Classroom, Mend (1 Goods, 2 Energy) on offer, 3 Coins in hand."""
    from msgspec.structs import replace

    from foxtui.games.foxpaw.rules_core import advance, set_player, set_space
    from foxtui.games.foxpaw.state import Meeple, Task

    s = first_turn("Ada", ("Bo", "sensible"), ("Cy", "sensible"), seed=5).state
    s = replace(s, display=("mend", "kindle", "gust", "whisper"), marks=((), (), (), ()))
    s = set_player(s, 0, herbs=0, goods=goods, coins=3, energy=5, learned=(), spell_markers=4)
    s = set_space(s, C.SPACE_INDEX["classroom-1"], (Meeple(0, ""),))
    s = replace(s, tasks=(Task("resolve", 0, C.SPACE_INDEX["classroom-1"], 0),))
    return _StateSession(advance(s))


def test_a_house_holding_the_goods_is_not_asked_whether_coins_pay_for_them():
    """Issue 39: "Pay for Mend: use Coins for Herbs or Goods?" asked a house that held the
    Goods. Enter pays with its own; a asks (Coins may still stand in, for 1 Reputation)."""
    mend = A.Learn("mend")
    for ask in (False, True):
        session = _learning_mend(goods=1)
        assert mend in session.legal_actions(0)
        app = PanelHost(session, 0)  # type: ignore[arg-type]

        async def body(pilot) -> None:
            p = panel(app)
            p.query_one(Moves).highlight(mend)
            await pilot.pause()
            assert "(a: pay with Coins instead)" in panel_text(app)
            assert "Ask first" in {k.description for k in app.query_one(KeyBar).keys}
            await pilot.press("a" if ask else "enter")
            assert app.chosen == [mend]
            session.act(0, mend)
            assert session.state.tasks[-1].kind == "pay"  # the rules still let Coins stand in
            app.redraw()
            await pilot.pause()
            if ask:
                assert app.chosen == [mend] and A.PayWith(0, 1) in offered(app)
            else:
                assert app.chosen == [mend, A.PayWith(0, 0)]  # paid with its own, unasked

        run(app, body)
    # a house short of the Goods has one way to pay: nothing is asked, as before
    short = _learning_mend(goods=0)
    short.act(0, mend)
    assert all(t.kind != "pay" for t in short.state.tasks) and short.state.players[0].coins == 2
