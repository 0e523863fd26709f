"""The Master Fox panel: the remembered box, the keys it offers, its choice lists,
the round summary, and that one seat never sees another seat's memory.

Every state comes from the engine with fixed seeds: actions applied through the
session (which calls the game's apply), bots' choices for the seats driven along.
"""

from __future__ import annotations

import asyncio
import re
from typing import Any, Callable

from play_helpers import screen_text, wait_for
from textual import on
from textual.app import App, ComposeResult
from textual.widgets import Static

from foxtui.engine.game import SeatInfo
from foxtui.engine.session import Session
from foxtui.games import GAMES
from foxtui.games.master_fox import content
from foxtui.games.master_fox.actions import (
    END_TURN,
    PUT_BACK,
    SPOT_INDEX,
    SPOTS,
    STASH,
    EndTurn,
    Grab,
    KeepMission,
    NoSteal,
    Stash,
    StashStop,
    Steal,
    Stop,
    Touch,
)
from foxtui.games.master_fox.rules import EXTRA, MATCHING, RUSES, WRONG, loot_count
from foxtui.games.master_fox.state import RoundSummary, ScoreLine, SeatRound, StealRecord
from foxtui.ui.app import FoxApp
from foxtui.ui.games.base import GamePanel
from foxtui.ui.games.master_fox import BoxBoard, MasterFoxPanel
from foxtui.ui.games.master_fox_summary import RoundSummaryScreen
from foxtui.ui.screens.confirm import ConfirmScreen
from foxtui.ui.screens.handover import HandoverScreen
from foxtui.ui.screens.play import PlayScreen
from foxtui.ui.stylesheets import stylesheets
from foxtui.ui.widgets.keybar import KeyBar
from foxtui.ui.widgets.moves import Moves

GAME = GAMES["master-fox"]


# --- states, built by playing through the engine


def _session(*seats: SeatInfo, seed: int) -> Session:
    return Session.new(GAME, list(seats), GAME.Options(), seed)


def _drive(session: Session, until: Callable[[Session, int, Any], bool], limit: int = 3000) -> Session:
    """Let each seat to act play its bot's move (humans too) until ``until(session,
    seat, move)`` holds for the move about to be played."""
    while session.step_count < limit and session.outcome() is None:
        seat = min(session.to_act())
        move = session.bot_action(seat)
        if until(session, seat, move):
            return session
        session.act(seat, move)
    raise AssertionError("the game never got there")


def _filled(session: Session) -> list[str]:
    """Spots holding a pawn right now (test setup only: the panel never sees this)."""
    return [SPOTS[i] for i, pawn in enumerate(session.state.spots) if pawn >= 0]


def mid_round() -> Session:
    """Ada (human) against Bob (bot), round 1: Ada has felt several spots, two pawns
    are in her sack and she holds a third in her looting hand."""
    s = _session(SeatInfo("Ada"), SeatInfo("Bob", bot="sensible"), seed=11)
    f = _filled(s)
    for spot in f[:3]:
        s.act(0, Touch(spot))
    s.act(0, Grab(f[2]))
    s.act(0, STASH)
    s.act(1, Touch(f[5]))
    s.act(1, END_TURN)
    f = _filled(s)
    s.act(0, Touch(f[0]))
    s.act(0, Touch(f[3]))
    s.act(0, Touch(f[3]))
    s.act(0, Grab(f[3]))
    s.act(0, STASH)
    s.act(1, END_TURN)
    f = _filled(s)
    s.act(0, Touch(f[7]))
    s.act(0, Touch(f[9]))
    s.act(0, Grab(f[9]))
    return s


def keep_choice() -> Session:
    """Round 3: Bob, the youngest and the only human, keeps one of last round's missions."""
    s = _session(SeatInfo("Ada", bot="sensible"), SeatInfo("Bob"), seed=3)
    return _drive(s, lambda s, seat, move: s.state.phase == "keep")


def snake_choice() -> Session:
    """Round 3, after a STOP: Ada's snake strikes first (Cy's after her)."""
    s = _session(SeatInfo("Ada"), SeatInfo("Bob", bot="sensible"), SeatInfo("Cy", bot="sensible"), seed=97)
    return _drive(s, lambda s, seat, move: s.state.phase == "steal" and seat == 0)


def before_stop() -> Session:
    """Ada (human) could call STOP now: her sack holds three loot pawns (she stashed the
    third without calling STOP, and the box came round to her again)."""
    s = _session(SeatInfo("Ada"), SeatInfo("Bob", bot="sensible"), seed=3)
    s = _drive(s, lambda s, seat, move: seat == 0 and isinstance(move, StashStop))
    s.act(0, STASH)
    s = _drive(s, lambda s, seat, move: seat == 0)
    assert Stop() in s.legal_actions(0)
    return s


def _pawn_at(spot: str, *seats: SeatInfo, **options: Any) -> Session:
    """A fresh table (the first seed that does it) with a pawn on ``spot`` and none on A1."""
    for seed in range(100):
        s = Session.new(GAME, list(seats), GAME.Options(**options), seed)
        if s.state.spots[SPOT_INDEX[spot]] >= 0 and s.state.spots[SPOT_INDEX["A1"]] < 0:
            return s
    raise AssertionError(f"no seed puts a pawn on {spot}")


def ben_grabbed_b1(ann_felt_it: bool) -> Session:
    """Ann and Ben, both at the keyboard: Ann's first turn (she touches B1, or only the
    empty A1), then Ben grabs the pawn on B1 and stashes it. Ann's turn again."""
    s = _pawn_at("B1", SeatInfo("Ann"), SeatInfo("Ben"))
    s.act(0, Touch("B1" if ann_felt_it else "A1"))
    s.act(0, END_TURN)
    s.act(1, Grab("B1"))
    s.act(1, STASH)
    assert s.to_act() == {0}
    return s


def third_loot_in_hand() -> Session:
    """Ann and Ben at one keyboard, round 1: two loot pawns in Ann's sack and a third in
    her hand, about to be stashed."""
    s = _session(SeatInfo("Ann"), SeatInfo("Ben"), seed=3)

    def stashing_the_third(s: Session, seat: int, move: Any) -> bool:
        st = s.state
        return (
            seat == 0 and isinstance(move, (Stash, StashStop)) and loot_count(st, 0) == 2
            and not content.is_ruse(st.pawns[st.players[0].hand.pawn])
        )

    return _drive(s, stashing_the_third)


def stop_with_a_pawn_in_hand() -> Session:
    """Ann's sack holds three loot pawns; she let a turn pass, and on her next one she
    has grabbed a fourth pawn: it is in her looting hand."""
    s = _session(SeatInfo("Ann"), SeatInfo("Ben"), seed=3)
    s = _drive(s, lambda s, seat, move: seat == 0 and isinstance(move, StashStop))
    s.act(0, STASH)
    while 0 not in s.to_act():
        s.act(1, s.bot_action(1))
    s.act(0, Grab(_filled(s)[0]))
    assert s.state.players[0].hand is not None and Stop() in s.legal_actions(0)
    return s


# --- a small host for the panel alone


class PanelHost(App):
    """The panel and the key bar, styled as in FoxApp, showing one seat's view."""

    CSS_PATH = [*stylesheets("app.tcss"), *MasterFoxPanel.stylesheets()]

    def __init__(self, session: Session, seat: int | None) -> None:
        super().__init__()
        self.session = session
        self.seat = seat
        self.chosen: list[Any] = []

    def compose(self) -> ComposeResult:
        yield MasterFoxPanel(id="panel")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one(MasterFoxPanel).focus()
        self.redraw()

    def redraw(self) -> None:
        legal = self.session.legal_actions(self.seat) if self.seat is not None else []
        self.query_one(MasterFoxPanel).show(self.session.view(self.seat), legal, self.seat)

    @on(GamePanel.ActionChosen)
    def _chosen(self, message: GamePanel.ActionChosen) -> None:
        self.chosen.append(message.action)


def panel_text(app: App) -> str:
    """Everything the panel draws, as plain text."""
    panel = app.query_one(MasterFoxPanel)
    parts = [str(panel.query_one(BoxBoard).render())]
    parts += [str(w.render()) for w in panel.query(Static)]
    parts += [str(option.prompt) for option in panel.query_one(Moves).options]
    return "\n".join(parts)


def spot_text(app: App) -> str:
    return str(app.query_one("#mf-spot", Static).render())


def run(app: App, body: Callable[[Any], Any], size: tuple[int, int] = (80, 24)) -> None:
    async def go() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await body(pilot)

    asyncio.run(go())


# --- keys


def test_arrow_keys_and_hjkl_move_the_cursor():
    app = PanelHost(mid_round(), 0)

    async def body(pilot) -> None:
        assert spot_text(app).startswith("A1")
        await pilot.press("right", "right", "down")
        assert spot_text(app).startswith("C2")
        await pilot.press("l", "j", "j", "h")
        assert spot_text(app).startswith("C4")
        await pilot.press("up", "up", "up", "up", "up", "left", "left", "left")
        assert spot_text(app).startswith("A1")  # the cursor stops at the edges
        for _ in range(9):
            await pilot.press("right", "down")
        assert spot_text(app).startswith("H5")

    run(app, body)


def test_clicking_a_spot_moves_the_cursor_there():
    app = PanelHost(mid_round(), 0)

    async def body(pilot) -> None:
        # row 3, column D: the board's label takes 2 cells, each spot 5 plus a gap
        await pilot.click(BoxBoard, offset=(2 + 3 * 6 + 1, 3))
        assert spot_text(app).startswith("D3")

    run(app, body)


def test_t_posts_the_legal_touch_for_the_cursor_spot():
    session = _session(SeatInfo("Ada"), SeatInfo("Bob"), seed=2)
    app = PanelHost(session, 0)

    async def body(pilot) -> None:
        await pilot.press("right", "down", "t")
        await pilot.pause()
        assert app.chosen == [Touch("B2")]
        # the very object from the legal list, not one made up by the panel
        assert any(app.chosen[0] is action for action in session.legal_actions(0))
        await pilot.press("g", "e")
        await pilot.pause()
        assert app.chosen[1:] == [Grab("B2"), END_TURN]

    run(app, body)


def test_keys_for_moves_not_on_offer_do_nothing():
    app = PanelHost(mid_round(), 0)  # Ada holds a pawn: only stash or put back

    async def body(pilot) -> None:
        await pilot.press("t", "g", "e", "x")
        await pilot.pause()
        assert app.chosen == []
        assert not isinstance(app.screen, ConfirmScreen)
        shown = {b.binding.id for b in app.screen.active_bindings.values()}
        assert {"master_fox.stash", "master_fox.put_back"} <= shown
        hidden = {"master_fox.touch", "master_fox.grab", "master_fox.end_turn", "master_fox.stop"}
        assert not shown & hidden  # the footer stays true
        await pilot.press("s")
        await pilot.pause()
        assert app.chosen == [STASH]

    run(app, body)


def test_a_seat_not_to_act_is_offered_nothing():
    app = PanelHost(mid_round(), 1)  # Bob's view while Ada loots

    async def body(pilot) -> None:
        await pilot.press("t", "g", "s", "p", "e", "x")
        await pilot.pause()
        assert app.chosen == []
        assert "Waiting for Ada" in panel_text(app)

    run(app, body)


def test_stop_asks_first_then_posts_the_legal_stop():
    session = before_stop()
    app = PanelHost(session, 0)

    async def body(pilot) -> None:
        await pilot.press("x")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert app.chosen == []
        await pilot.press("x")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert app.chosen == [Stop()]
        assert any(app.chosen[0] is action for action in session.legal_actions(0))

    run(app, body)


def _status(app: App) -> str:
    return str(app.screen.query_one("#mf-status", Static).render()).splitlines()[0]


def _keys_shown(app: App) -> set[str]:
    return {b.binding.id for b in app.screen.active_bindings.values()}


async def _past_the_pass_screen(pilot, app: App) -> None:
    await wait_for(pilot, lambda: isinstance(app.screen, (HandoverScreen, PlayScreen)))
    if isinstance(app.screen, HandoverScreen):
        await pilot.press("enter")
    await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen))


def test_stop_timing_stash_the_third_loot_and_call_stop_in_the_same_move():
    """End the mission: STOP may be called the moment the sack holds three loot pawns.
    Ann holds her third: the key bar and the hint offer S (stash it and call STOP!), which
    asks first; the round is over without the box passing to Ben (no pass screen)."""
    session = third_loot_in_hand()  # Ben at the same keyboard: a passed turn would show his pass screen
    app = FoxApp(session=session, bot_delay=0)

    async def body(pilot) -> None:
        await _past_the_pass_screen(pilot, app)
        assert "your turn" in _status(app)
        assert {"master_fox.stash", "master_fox.stash_stop"} <= _keys_shown(app)
        hint = app.screen.query_one("#mf-hint", Static).render().plain
        assert "s stash it in your sack" in hint and "S stash + STOP!" in hint
        await pilot.press("S")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        assert app.screen.question.startswith("Stash the pawn and call STOP?")
        await pilot.press("y")
        await wait_for(pilot, lambda: isinstance(app.screen, RoundSummaryScreen))
        assert "Round 1 is over: Ann called STOP!" in screen_text(app)
        assert len(session.state.summaries[-1].seats[0].revealed) == 3

    run(app, body)


def test_stop_timing_a_plain_stash_of_the_third_loot_passes_the_box():
    """Issue 39: no turn waits for a key that does nothing: `s` stashes and passes the box
    (Ben's pass screen), whatever Ann's three pawns are."""
    session = third_loot_in_hand()
    app = FoxApp(session=session, bot_delay=0)

    async def body(pilot) -> None:
        await _past_the_pass_screen(pilot, app)
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))
        assert app.screen.player == "Ben" and session.to_act() == {1}
        assert len(session.state.players[0].sack) == 3

    run(app, body)


def test_stop_timing_a_turn_with_nothing_left_but_its_end_says_so():
    """No STOP to call: once the touches and the grab are used the status says the turn
    can only be ended (not "0 of 3 touches left, grab used")."""
    s = _pawn_at("B1", SeatInfo("Ann"), SeatInfo("Ben"))
    for spot in ("A1", "A1", "A1"):
        s.act(0, Touch(spot))
    s.act(0, Grab("A1"))  # empty: the turn goes on
    app = PanelHost(s, 0)

    async def body(pilot) -> None:
        assert _status(app).endswith("your turn: touches and grab used, end it")

    run(app, body)


def test_stop_with_a_pawn_in_hand_returns_it_to_the_box():
    """End the mission: a pawn still in the looting hand at STOP goes back into the box.
    Ann holds one; STOP is offered, the question says where the pawn goes, and her sack
    is scored without it."""
    session = stop_with_a_pawn_in_hand()
    sack = [session.state.pawns[h.pawn] for h in session.state.players[0].sack]
    app = FoxApp(session=session, bot_delay=0)

    async def body(pilot) -> None:
        await _past_the_pass_screen(pilot, app)
        assert "master_fox.stop" in _keys_shown(app)
        assert "x call STOP!" in app.screen.query_one("#mf-hint", Static).render().plain
        await pilot.press("x")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        assert app.screen.question.endswith("The pawn in your looting hand goes back into the box.")
        await pilot.press("y")
        await wait_for(pilot, lambda: isinstance(app.screen, RoundSummaryScreen))
        scored = session.state.summaries[-1].seats[0]
        assert scored.revealed == scored.scored == sack and len(sack) == 3  # the held pawn is not in it
        assert f"Sack: {', '.join(content.label(k) for k in sack)}" in screen_text(app)
        assert "You called STOP! The pawn in your hand goes back into the box." in session.log(0)

    run(app, body)


def test_help_tells_the_truth_about_carved_tokens_grab_marks_and_stop():
    help_text = " ".join(MasterFoxPanel.KEYS_HELP.split())
    assert "`ruse?` for a carved token" not in help_text  # not in rounds 2 and 3
    assert "`Fox` in round 2, `Fo/Sn` (fox or snake) in round 3, and `ruse?` from round 4" in help_text
    assert "`*` when that changes nothing you remember, `!` when your memory there is older" in help_text
    assert "stash the pawn in your hand and call STOP! at once" in help_text
    assert "when that stash brings your sack to three loot pawns; a plain stash ends your turn" in help_text
    assert "also with a pawn in your hand (it goes back into the box)" in help_text


def test_every_binding_has_an_id_and_a_description():
    for owner in (MasterFoxPanel, RoundSummaryScreen):
        for binding in owner.BINDINGS:
            assert binding.id and binding.description, (owner.__name__, binding.key)
    assert "Master Fox keys" in MasterFoxPanel.KEYS_HELP
    app = PanelHost(keep_choice(), 1)

    async def body(pilot) -> None:
        keys = [(b.key, b.id, b.description) for b in app.query_one(Moves).bindings]
        assert keys == [
            ("enter", "master_fox.choose", "Choose"),
            ("k", "master_fox.choice_up", "Previous choice"),
            ("j", "master_fox.choice_down", "Next choice"),
        ]

    run(app, body)


# --- what the panel shows


def test_the_board_shows_this_seats_memory_hand_and_sack():
    app = PanelHost(mid_round(), 0)

    async def body(pilot) -> None:
        text = panel_text(app)
        assert "your turn" in text
        assert "Hand: “" in text
        assert "Sack 2/4" in text
        view = app.session.view(0)
        felt = [i for i, f in enumerate(view.memory) if f is not None and f.could_be]
        assert len(felt) >= 3
        # walk the cursor to a felt spot: its memory is described in full
        target = felt[0]
        for _ in range(target % 8):
            await pilot.press("right")
        for _ in range(target // 8):
            await pilot.press("down")
        assert view.memory[target].text in spot_text(app)

    run(app, body)


def test_status_lines_missions_apart_from_the_ruse_pawns():
    app = PanelHost(mid_round(), 0)

    async def body(pilot) -> None:
        status = str(app.query_one("#mf-status", Static).render()).splitlines()
        missions = " · ".join(content.label(a) for a in app.session.view(0).missions)
        assert status[1] == f"Missions: {missions}   Ruse pawns: none yet"

    run(app, body)


def test_players_table_keeps_its_columns_with_the_turn_marker():
    app = PanelHost(mid_round(), 0)

    async def body(pilot) -> None:
        head, ada, bob = str(app.query_one("#mf-players", Static).render()).splitlines()[:3]
        assert ada.startswith("▶ Ada") and bob.startswith("  Bob")  # the marker column is kept for all
        assert len(head) == len(ada) == len(bob)  # numbers right-aligned under their heads

    run(app, body)


def _seat0_screens(bob_spots: list[str]) -> list[str]:
    """Seat 0's panel, with the cursor on each of the 40 spots in turn, after Bob has
    felt ``bob_spots`` and grabbed at the last of them."""
    session = _session(SeatInfo("Ada"), SeatInfo("Bob"), seed=9)
    session.act(0, END_TURN)
    for spot in bob_spots:
        session.act(1, Touch(spot))
    session.act(1, Grab(bob_spots[-1]))
    if session.state.players[1].hand is not None:
        session.act(1, STASH)
    app = PanelHost(session, 0)
    screens: list[str] = []

    async def body(pilot) -> None:
        panel = app.query_one(MasterFoxPanel)
        for row in range(5):
            for col in range(8):
                screens.append(panel_text(app))
                panel.action_move(1, 0)  # what the right arrow does, without the key round trip
            panel.action_move(-8, 1)

    run(app, body)
    return screens


def test_seat_0_never_sees_seat_1s_memory():
    session = _session(SeatInfo("Ada"), SeatInfo("Bob"), seed=9)
    bob = _filled(session)[:3]
    screens = _seat0_screens(bob)
    felt_by_bob = [f.text for f in session.view(1).memory if f is not None]
    for screen in screens:
        assert "“" not in screen  # Ada has felt nothing: no felt words anywhere
        for text in felt_by_bob:
            assert text not in screen
    # whatever Bob felt elsewhere, Ada's panel is the same, spot by spot (his grab,
    # which everyone hears, at the same spot)
    other = [s for s in _filled(session) if s not in bob][:2] + bob[-1:]
    assert _seat0_screens(other) == screens


def board_row(app: App, row: int) -> str:
    return str(app.query_one(BoxBoard).render()).splitlines()[row]


def test_grab_marks_anns_board_shows_that_ben_grabbed_at_b1():
    """Ann never felt B1; Ben grabbed the pawn there. Ann's board marks B1 (`*`: nothing
    she remembers is put in doubt), the spot says who grabbed, when, and that a pawn was
    taken; Ben's own board has his empty grab there and no mark."""
    session = ben_grabbed_b1(ann_felt_it=False)
    app = PanelHost(session, 0)

    async def body(pilot) -> None:
        row = board_row(app, 1)
        assert row[2:14] == "×     ·*    "  # A1 felt empty, B1 never felt and grabbed
        assert row.count("*") == 1 and "!" not in row
        await pilot.press("right")
        assert spot_text(app) == "B1 · not felt this round\n* Ben grabbed here 1 turn ago and took a pawn."
        legend = str(app.query_one("#mf-legend", Static).render())
        assert "·* others grabbed here  Cow! may be stale now" in legend

    run(app, body)
    bens = PanelHost(session, 1)

    async def ben(pilot) -> None:
        assert board_row(bens, 1)[2:14] == "·     ×     "  # no mark where only he grabbed
        await pilot.press("right")
        assert "grabbed here" not in spot_text(bens)

    run(bens, ben)


def test_grab_marks_a_memory_older_than_bens_grab_is_shown_as_possibly_stale():
    session = ben_grabbed_b1(ann_felt_it=True)
    felt = session.view(0).memory[SPOT_INDEX["B1"]]
    app = PanelHost(session, 0)

    async def body(pilot) -> None:
        row = board_row(app, 1)
        glyph = row[8:14].rstrip()
        assert glyph.endswith("!") and len(glyph) >= 2 and "*" not in row  # what she felt, marked
        await pilot.press("right")
        spot = spot_text(app).splitlines()
        assert spot[0] == "B1 · felt 1× · 2 turns ago"  # in Ann's first turn
        assert f"“{felt.text}”" in spot_text(app)  # the memory stays as she felt it
        assert spot[-1] == "! Ben grabbed here 1 turn ago: may be stale."

    run(app, body)


def test_grab_marks_go_once_the_spot_is_felt_again_and_show_in_the_public_view():
    session = ben_grabbed_b1(ann_felt_it=True)
    public = PanelHost(session, None)

    async def look(pilot) -> None:
        assert board_row(public, 1)[2:14] == "·     ·*    "  # grabs are heard by everyone
        await pilot.press("right")
        assert spot_text(public).endswith("* Ben grabbed here 1 turn ago and took a pawn.")

    run(public, look)
    session.act(0, Touch("B1"))
    app = PanelHost(session, 0)

    async def body(pilot) -> None:
        assert "!" not in board_row(app, 1) and "*" not in board_row(app, 1)
        assert board_row(app, 1)[8:14] == "×     "  # felt again: empty now

    run(app, body)


def test_grab_marks_several_grabbers_on_one_spot():
    s = _pawn_at("B1", SeatInfo("Ann"), SeatInfo("Ben"), SeatInfo("Cy"))
    s.act(0, END_TURN)
    s.act(1, Grab("B1"))
    s.act(1, PUT_BACK)  # it lands on a random empty spot
    s.act(2, Grab("B1"))
    assert s.view(0).heard[SPOT_INDEX["B1"]].seats == [1, 2]
    app = PanelHost(s, 0)

    async def body(pilot) -> None:
        await pilot.press("right")
        # the latest grab is named last; Ben's came up with the pawn, whatever Cy's found
        assert spot_text(app).endswith("* Ben and Cy grabbed here, Cy this turn; a pawn was taken.")

    run(app, body)


def test_grab_marks_a_spot_found_empty_before_a_put_back_may_hold_that_pawn():
    """Ann found A1 empty; then Ben took the pawn on B1 and put it back: it landed on an
    empty spot nobody heard, so Ann's A1 is marked `!` and its details say why."""
    s = _pawn_at("B1", SeatInfo("Ann"), SeatInfo("Ben"))
    s.act(0, Touch("A1"))
    s.act(0, END_TURN)
    s.act(1, Grab("B1"))
    s.act(1, PUT_BACK)
    app = PanelHost(s, 0)

    async def body(pilot) -> None:
        row = board_row(app, 1)
        assert row[2:14] == "×!    ·*    "  # A1 found empty before the put-back; B1 never felt
        assert spot_text(app) == "A1 · empty · 2 turns ago\n! A pawn put back since may have landed here."

    run(app, body)


def test_memory_age_in_real_time_is_told_in_moves_not_turns():
    """Real time has no turns: how old a memory is, and a grab heard, is said in the
    moves made at the table since."""
    s = _pawn_at("B1", SeatInfo("Ann"), SeatInfo("Ben"), mode="realtime")
    s.act(0, Touch("B1"))
    s.act(1, Touch("C1"))
    s.act(1, Grab("B1"))
    s.act(1, STASH)
    s.act(1, Touch("C1"))
    app = PanelHost(s, 0)

    async def body(pilot) -> None:
        await pilot.press("right")
        text = spot_text(app)
        assert text.splitlines()[0] == "B1 · felt 1× · 4 moves ago"
        assert text.endswith("! Ben grabbed here 2 moves ago: may be stale.")
        assert "turn" not in text

    run(app, body)


def test_a_carved_token_is_named_as_the_ruse_kinds_in_the_box_allow():
    """Round 2 only foxes are in: a carved token is a Fox; round 3 Fox or Snake; from
    round 4, with the hammer, any ruse pawn (the board glyph and the spot say the same)."""
    seen = {}
    for rnd in (2, 3, 4):
        s = _session(SeatInfo("Ann"), SeatInfo("Ben", bot="sensible"), seed=3)
        s = _drive(
            s,
            lambda s, seat, move: s.state.round == rnd and s.state.phase == "loot" and seat == 0
            and s.state.touches_left > 0 and s.state.players[0].hand is None,
        )
        token = next(i for i, p in enumerate(s.state.spots) if p >= 0 and content.is_ruse(s.state.pawns[p]))
        s.act(0, Touch(SPOTS[token]))
        app = PanelHost(s, 0)

        async def body(pilot, token=token) -> None:
            app.query_one(MasterFoxPanel)._move_to(token)
            await pilot.pause()
            cell = str(app.query_one(BoxBoard).render()).splitlines()[1 + token // 8][2 + token % 8 * 6 :][:5]
            seen[rnd] = (cell.strip(), spot_text(app).splitlines()[-1])

        run(app, body)
    assert seen == {2: ("Fox", "→ Fox"), 3: ("Fo/Sn", "→ Fox or Snake?"), 4: ("ruse?", "→ a ruse pawn?")}


def test_public_view_shows_no_memory_and_offers_nothing():
    app = PanelHost(mid_round(), None)

    async def body(pilot) -> None:
        await pilot.press("t")
        assert app.chosen == []
        text = panel_text(app)
        assert "Hand: —" in text
        assert "“" not in text  # no felt words at all

    run(app, body)


# --- decisions


def test_the_youngest_keeps_a_mission_from_a_list():
    session = keep_choice()
    app = PanelHost(session, 1)

    async def body(pilot) -> None:
        assert isinstance(app.focused, Moves)
        text = panel_text(app)
        assert "You are the youngest" in text
        await pilot.press("down", "enter")
        await pilot.pause()
        legal = session.legal_actions(1)
        assert app.chosen == [legal[1]] and isinstance(legal[1], KeepMission)
        assert app.chosen[0] is legal[1]

    run(app, body)


def _bobs_decision(s: Session, seat: int, move: Any) -> bool:
    return seat == 1 and any(isinstance(a, (KeepMission, Steal, NoSteal)) for a in s.legal_actions(1))


def test_a_later_decision_starts_on_its_first_choice():
    """Bob keeps a mission in round 3, and later his snake strikes. Between the two
    the choice list is hidden while everyone loots; the second list, reached through
    the other seat's steps (as at a shared table), starts on its first choice: nothing
    is left of the first decision for the highlight to follow."""
    session = _drive(_session(SeatInfo("Ada", bot="sensible"), SeatInfo("Bob"), seed=0), _bobs_decision)
    app = PanelHost(session, 1)

    async def body(pilot) -> None:
        assert session.state.phase == "keep"
        await pilot.press("end", "enter")  # the last mission
        await pilot.pause()
        session.act(1, app.chosen[-1])
        app.redraw()
        assert session.state.phase == "loot"
        while not _bobs_decision(session, min(session.to_act()), None):
            seat = min(session.to_act())
            session.act(seat, session.bot_action(seat))
            app.redraw()  # every step shown as it comes
            await pilot.pause()
        assert session.state.phase == "steal"
        moves = app.query_one(Moves)
        assert moves.highlighted == 0 and moves.option_count > 1
        await pilot.press("enter")
        await pilot.pause()
        assert app.chosen[-1] == session.legal_actions(1)[0]

    run(app, body)


def test_a_snake_picks_a_victim_and_animal_or_no_steal():
    session = snake_choice()
    app = PanelHost(session, 0)
    legal = session.legal_actions(0)

    async def body(pilot) -> None:
        text = panel_text(app)
        assert "Your snake may steal" in text
        for action in legal:
            if isinstance(action, Steal):
                assert f"Steal {session.seats[action.victim].name}'s" in text
        await pilot.press("end", "enter")  # the last choice: steal nothing
        await pilot.pause()
        assert app.chosen == [legal[-1]] and isinstance(legal[-1], NoSteal)

    run(app, body)


# --- the round summary


def test_interlude_only_when_a_round_was_scored():
    session = before_stop()
    panel = MasterFoxPanel()
    before = session.view(None)
    assert panel.interlude(before, before) is None
    session.act(0, session.bot_action(0))  # STOP
    after = session.view(None)
    assert len(after.summaries) == len(before.summaries) + 1
    assert isinstance(panel.interlude(before, after), RoundSummaryScreen)


def test_round_summary_appears_after_stop_and_closes_with_enter():
    session = before_stop()
    app = FoxApp(session=session, bot_delay=0)

    async def body(pilot) -> None:
        await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen))
        await pilot.press("x")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("y")
        await wait_for(pilot, lambda: isinstance(app.screen, RoundSummaryScreen))
        summary = session.view(None).summaries[-1]
        text = screen_text(app)
        assert f"Round {summary.round} is over: Ada called STOP!" in text
        for line in summary.seats[0].lines:
            assert line.category in text
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen))

    run(app, body)


def _four_player_summary() -> RoundSummaryScreen:
    """A busy round for four players, built from the public summary type: long sacks,
    snakes on both sides, several score lines, and a round below zero."""
    seats = [
        SeatRound(["pig", "cow", "snake", "goose"], ["pig", "cow", "snake", "goose", "cow"],
                  [ScoreLine(MATCHING, 3), ScoreLine(EXTRA, -1)], 2, 2),
        SeatRound(["cow", "pig"], [], [], 0, 0),
        SeatRound(["fish", "sheep", "fox", "hammer"], ["fish", "sheep", "fox", "hammer"],
                  [ScoreLine(WRONG, -2), ScoreLine(RUSES, -1)], -3, 0),
        SeatRound(["pig", "goose", "cow"], ["pig", "goose", "cow", "pig"],
                  [ScoreLine(MATCHING, 3), ScoreLine(EXTRA, -1)], 2, 2),
    ]
    steals = [StealRecord(0, 1, "cow"), StealRecord(3, 1, "pig"), StealRecord(2, None, None)]
    summary = RoundSummary(3, ["pig", "goose", "cow"], 3, steals, seats)
    names = ["Ada", "Bartholomew", "Cy", "Dee"]
    return RoundSummaryScreen(summary, names, [7, 6, 4, 9], [(2, 1), (2, 0), (1, 1), (3, 0)], 10)


class SummaryHost(App):
    CSS_PATH = stylesheets("app.tcss")

    def on_mount(self) -> None:
        self.push_screen(_four_player_summary())


def test_round_summary_for_four_players_fits_80_columns_and_scrolls():
    app = SummaryHost()

    async def body(pilot) -> None:
        screen = app.screen
        summary = screen.summary

        def lines() -> list[str]:
            return [strip.text for strip in screen._compositor.render_strips()]

        seen = "\n".join(lines())
        # each player's row: name, round points, eggs gained, total; apart, on one line
        assert re.search(r"Ada +\+2 +\+2 +7 \(2×3\+1×1\)", seen)
        assert re.search(r"Bartholomew +0 +\+0 +6 \(2×3\+0×1\)", seen)
        words = " ".join(seen.replace("█", " ").split())  # a wrapped sack line reads whole
        # the sack as scored, after the snakes: Ada's snake brought Bartholomew's cow
        assert "Sack: Pig, Cow, Snake, Goose, Cow · snake brought: Cow" in words
        assert "Sack: empty · snake took: Cow, Pig" in words
        for line in summary.seats[0].lines:  # every score line with its points on its line
            assert re.search(rf"{line.category} +[+−]{abs(line.points)}", seen)
        body_widget = screen.query_one("#mf-summary-body")
        assert body_widget.max_scroll_y > 0  # four players need more than 24 lines: it scrolls
        assert "↑↓ scroll for more" in seen  # and the title says so
        await pilot.press("end")
        await pilot.pause()
        seen = "\n".join(lines())
        assert re.search(r"Dee +\+2 +\+2 +9 \(3×3\+0×1\)", seen)
        assert "Cy" in seen and "below 0 counts as 0: no eggs lost" in seen
        assert "First to 10 eggs ends the game." in seen

    run(app, body)


def test_round_summary_when_nobody_could_call_stop():
    screen = _four_player_summary()
    screen.summary = RoundSummary(4, ["pig"], -1, [], screen.summary.seats)
    assert str(screen._title()) == "Round 4 is over: nobody could call STOP any more."


# --- snapshots (80x24, through the real play screen)


def _snap_app(session: Session) -> FoxApp:
    return FoxApp(session=session, bot_delay=0)


def test_snapshot_board_mid_round(snap_compare):
    app = _snap_app(mid_round())

    async def ready(pilot) -> None:
        await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen))
        # the cursor starts where Ada's hand last was (she grabbed at E3): up to C1, a spot she felt
        await pilot.press("left", "left", "up", "up")

    assert snap_compare(app, terminal_size=(80, 24), run_before=ready)


def test_snapshot_board_with_grabs_heard(snap_compare):
    """Ann felt B1; Ben took the pawn there (her memory of B1 may be stale); Ann felt C1,
    then Ben grabbed at F1, which Ann never felt. Her cursor on B1."""
    session = ben_grabbed_b1(ann_felt_it=True)
    session.act(0, Touch("C1"))
    session.act(0, END_TURN)
    session.act(1, Grab("F1"))
    if session.state.players[1].hand is not None:
        session.act(1, STASH)
    else:
        session.act(1, END_TURN)
    app = _snap_app(session)

    async def ready(pilot) -> None:
        await _past_the_pass_screen(pilot, app)
        await pilot.press("left")  # from C1, where her hand last was

    assert snap_compare(app, terminal_size=(80, 24), run_before=ready)


def test_snapshot_mission_keep_choice(snap_compare):
    app = _snap_app(keep_choice())

    async def ready(pilot) -> None:
        await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen))

    assert snap_compare(app, terminal_size=(80, 24), run_before=ready)


def test_snapshot_round_summary(snap_compare):
    app = _snap_app(snake_choice())

    async def ready(pilot) -> None:
        await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen))
        await pilot.press("down", "enter")  # Ada's snake takes Bob's cheese; Cy's bot strikes next
        await wait_for(pilot, lambda: isinstance(app.screen, RoundSummaryScreen))

    assert snap_compare(app, terminal_size=(80, 24), run_before=ready)


def test_snapshot_round_summary_four_players(snap_compare):
    assert snap_compare(SummaryHost(), terminal_size=(80, 24))


def test_a_game_taken_up_again_puts_each_cursor_where_its_hand_last_was():
    """Issue 39: after `foxtui resume` Bo's cursor was at A1, not at A2 where he left it.
    A seat this screen has not shown yet starts on the spot its hand last touched or
    grabbed (from its moves in the record); in a new game that is A1."""
    from foxtui.engine.saves import new_save_path

    s = Session.new(GAME, [SeatInfo("Ada", age=40), SeatInfo("Bo", age=30)], GAME.Options(), 4,
                    new_save_path(GAME.id, 4))
    s.act(0, Touch("C3"))
    s.act(0, END_TURN)
    s.act(1, Touch("A1"))
    s.act(1, Touch("A2"))
    s.close()
    resumed = Session.resume(s.path)
    for session, spot in ((resumed, "A2"), (_session(SeatInfo("Ann"), SeatInfo("Ben"), seed=3), "A1")):
        app = FoxApp(session=session, bot_delay=0)

        async def body(pilot) -> None:
            await _past_the_pass_screen(pilot, app)
            assert str(app.screen.query_one("#mf-spot", Static).render()).startswith(spot)

        run(app, body)


def test_help_says_what_tab_gives_the_focus_back_to():
    """Issue 39: `?` listed tab / shift+tab "Back to the moves", which Master Fox has not
    (its keys work on the board; a list comes only for a mission or a snake)."""
    from foxtui.ui.screens.help import HelpScreen

    app = FoxApp(session=mid_round(), bot_delay=0)

    async def body(pilot) -> None:
        await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen))
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        keys = dict(app.screen.keys)
        assert keys["tab"] == keys["shift+tab"] == "Back to the board, or to the choice list"
        assert "Back to the moves" not in " ".join(keys.values())

    run(app, body)
