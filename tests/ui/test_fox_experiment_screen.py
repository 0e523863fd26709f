"""The Fox Experiment panel through the real play screen: selection, upgrades, the
breeding puzzle with its auto-match, research, Administration, the automated
opponent, the results; whole games played by keys and by bots; and no page a seat
can reach shows another seat's science cards or the study cards it chooses from.

Sessions have a fixed seed; FoxApp runs with bot_delay=0. Snapshots start from a
session played on by the bots' choices (deterministic), with one human: no handovers.
"""

from __future__ import annotations

import asyncio
from typing import Any, Callable

from play_helpers import screen_text, wait_for

from foxtui.engine.game import SeatInfo
from foxtui.engine.session import Session
from foxtui.games import GAMES
from foxtui.games.fox_experiment.actions import AutoMatch, ConfirmPup, EndUpgrades, Pair
from foxtui.games.fox_experiment.breeding import best_match, listed
from foxtui.games.fox_experiment.content import SCIENCE_CARD, SCIENCE_TEXT, STUDY
from foxtui.ui.app import FoxApp
from foxtui.ui.games.fox_experiment import AdministrationScreen, FoxExperimentPanel
from foxtui.ui.screens.play import PlayScreen
from foxtui.ui.widgets.moves import Moves

GAME = GAMES["fox-experiment"]


def _session(*seats: str | tuple[str, str], seed: int = 3) -> Session:
    infos = [SeatInfo(s) if isinstance(s, str) else SeatInfo(s[0], bot=s[1]) for s in seats]
    return Session.new(GAME, infos, GAME.Options(), seed, None)


def _advance(session: Session, until: Callable[[Session], bool]) -> Session:
    """Play every seat (humans too) by the bots' choices until ``until`` holds; the bots
    go first, so a human waits with the bots done (what the screen shows is settled)."""
    while not until(session):
        seat = min(session.bots_to_act() or session.to_act())
        session.act(seat, session.bot_action(seat))
    return session


def _ada_at(phase: str, seed: int = 3, **more: Any) -> Session:
    """Ada (human) and Bo (bot) with the automated opponent; Ada to act in ``phase``."""
    session = _session("Ada", ("Bo", "sensible"), seed=seed)
    return _advance(session, lambda s: s.view(0).phase == phase and 0 in s.to_act() and not s.bots_to_act())


def run(app: FoxApp, body, size=(80, 24), wait: bool = True) -> None:
    async def go() -> None:
        async with app.run_test(size=size) as pilot:
            if wait:
                await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen))
            await body(pilot)

    asyncio.run(asyncio.wait_for(go(), 60))


def panel(app) -> FoxExperimentPanel:
    return app.screen.query_one(FoxExperimentPanel)


def shown_keys(app) -> set[str]:
    return {b.binding.id for b in app.screen.active_bindings.values() if b.enabled}


def offered(app) -> list[Any]:
    """The moves the list offers now, in its order."""
    return app.screen.query_one("#fx-moves", Moves).actions


def _legal_pairs(app) -> bool:
    return any(isinstance(a, Pair) for a in panel(app).legal)


async def _play_by_keys(pilot, app, session: Session, seen: set[str], limit: int = 400) -> None:
    """Ada plays by keys: `a` auto-matches a roll (then Enter records the pup), Enter
    does the first move on offer and passes the Administration summaries."""
    auto_at = -1
    for _ in range(limit):
        if session.outcome() is not None:
            return
        seen.add(type(app.screen).__name__)
        if isinstance(app.screen, PlayScreen) and _legal_pairs(app) and auto_at != session.step_count:
            auto_at = session.step_count
            await pilot.press("a")
            await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
    raise AssertionError(f"the game did not end: {session.view(None).phase}")


def test_a_two_player_game_by_keys_against_a_bot_and_the_automated_opponent():
    session = _session("Ada", ("Bo", "sensible"))
    app = FoxApp(session=session, bot_delay=0)
    seen: set[str] = set()

    async def body(pilot) -> None:
        assert session.view(0).automaton is not None
        await _play_by_keys(pilot, app, session, seen)
        await wait_for(pilot, lambda: isinstance(app.screen, AdministrationScreen))
        assert "last Administration" in screen_text(app)
        await pilot.press("enter")  # the last summary, then the results
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ResultsScreen")
        assert "studies" in screen_text(app) and "patrons" in screen_text(app)

    run(app, body)
    assert "AdministrationScreen" in seen
    kinds = {type(step.action).__name__ for step in session.record.steps if step.seat == 0}
    # (Enter unlocks the first upgrade on offer until none can be paid for: then Ada is
    # done with them by herself, never asked for a lone "Done with upgrades")
    assert {"KeepStudy", "TakeFox", "TakeSupply", "AutoMatch", "ConfirmPup", "EndResearch", "Unlock"} <= kinds


def test_three_bots_play_a_game_through_the_screen_to_the_results():
    session = _session(("Ada", "sensible"), ("Bo", "random"), ("Cy", "sensible"), seed=4)
    app = FoxApp(session=session, bot_delay=0)

    async def body(pilot) -> None:
        # a table of bots only: no summaries wait for anyone, the results come up
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ResultsScreen")
        assert session.outcome() is not None and session.view(None).automaton is None

    run(app, body, wait=False)
    assert len(session.record.steps) > 200  # five rounds of three players


def test_auto_match_sends_the_auto_match_step_then_enter_records_the_pup():
    session = _ada_at("breeding")
    app = FoxApp(session=session, bot_delay=0)

    async def body(pilot) -> None:
        lit = session.view(0).players[0].litter
        assert lit.auto_match and AutoMatch() in session.legal_actions(0)
        start = session.step_count
        await pilot.press("a")
        await wait_for(pilot, lambda: session.step_count == start + 1)
        assert [(s.seat, s.action) for s in session.record.steps[start:]] == [(0, AutoMatch())]
        lit = session.view(0).players[0].litter
        assert sum(lit.symbols.values()) == lit.best_symbols and not lit.auto_match
        await pilot.pause()
        assert isinstance(app.screen.query_one("#fx-moves", Moves).highlighted_action, ConfirmPup)
        await pilot.press("enter")
        await wait_for(pilot, lambda: session.step_count > start + 1)
        assert any(isinstance(s.action, ConfirmPup) for s in session.record.steps[start:])

    run(app, body)


def test_a_pair_is_made_half_by_half_and_esc_puts_the_half_back():
    session = _ada_at("breeding")
    app = FoxApp(session=session, bot_delay=0)

    async def body(pilot) -> None:
        assert "Breeding a" in screen_text(app) and "Pup card now" in screen_text(app)
        first = offered(app)[0]
        assert first[0] == "half"
        await pilot.press("enter")  # pick the first half
        await pilot.pause()
        choices = offered(app)
        assert choices[-1] == "back" and all(isinstance(a, Pair) for a in choices[:-1])
        assert all(first[1] in ((a.a, a.a_half), (a.b, a.b_half)) for a in choices[:-1])
        assert "fox_experiment.back" in shown_keys(app)
        await pilot.press("escape")
        await pilot.pause()
        assert offered(app)[0] == first
        await pilot.press("enter", "enter")  # the half, then its first partner
        await wait_for(pilot, lambda: session.step_count and isinstance(session.record.steps[-1].action, Pair))
        assert session.record.steps[-1].action == choices[0]

    run(app, body)


def test_pages_are_one_key_away():
    session = _ada_at("selection")
    app = FoxApp(session=session, bot_delay=0)

    async def body(pilot) -> None:
        assert "Supply track" in screen_text(app) and "Female row" in screen_text(app)
        await pilot.press("m")
        await pilot.pause()
        assert "Ada's mat" in screen_text(app) and "Your science cards" in screen_text(app)
        await pilot.press("o")
        await pilot.pause()
        assert "Bo's mat" in screen_text(app) and "(kept secret)" in screen_text(app)
        await pilot.press("t")
        await pilot.pause()
        assert "Supply track" in screen_text(app)

    run(app, body)


def _page_texts(p: FoxExperimentPanel, view: Any, legal: list[Any], seat: int) -> list[str]:
    """Every page the seat can bring up, and every move label, as plain text."""
    p.show(view, legal, seat)  # (not mounted: nothing is drawn)
    p._half = None
    texts = [p._head_text(view).plain, p._table_text(view).plain, p._hint_text(view).plain]
    texts += [p._mat_text(view, s).plain for s in range(len(view.names))]
    if view.players[seat].litter is not None:
        texts.append(p._puzzle_text(view).plain)
    todo: list[tuple] = [()]  # every part of the list, one within the other
    while todo:
        p._path = todo.pop()
        lines = p._moves()
        texts += [p._label(a) for a in lines]
        todo += [p._path + (line,) for line in lines if isinstance(line, tuple) and line[0] in ("half", "group")]
    p._path = ()
    return texts


def _choosing(state: Any, seat: int) -> set[str]:
    """The names of the study cards ``seat`` is choosing from now."""
    return {STUDY[c].name for pend in state.players[seat].pending if pend.kind == "study" for c in pend.options}


def test_no_page_shows_another_seats_science_cards_or_study_choices():
    session = _session("Ada", "Bea", "Cy", seed=6)
    p = FoxExperimentPanel()
    checked = 0
    while session.outcome() is None:
        state = session.state
        for seat in range(3):
            view = session.view(seat)
            # what the viewer may know: its own cards, and those played face up on a pup
            played = {c for pl in view.players if pl.litter for c in pl.litter.science}
            known = set(state.players[seat].science) | played
            theirs = [c for o in range(3) if o != seat for c in state.players[o].science]
            secrets = {SCIENCE_CARD[c].name for c in theirs} - {SCIENCE_CARD[c].name for c in known}
            secrets |= {SCIENCE_TEXT[SCIENCE_CARD[c].kind] for c in theirs} - {
                SCIENCE_TEXT[SCIENCE_CARD[c].kind] for c in known
            }
            # study cards being chosen: secret unless kept face up, or the viewer's own choice
            public = {st.name for pl in view.players for st in pl.studies} | _choosing(state, seat)
            secrets |= {name for o in range(3) if o != seat for name in _choosing(state, o)} - public
            text = "\n".join(_page_texts(p, view, session.legal_actions(seat), seat))
            for secret in secrets:
                assert secret not in text, (session.step_count, seat, secret)
            checked += bool(secrets)
        seat = min(session.to_act())
        session.act(seat, session.bot_action(seat))
    assert checked > 50  # secrets were there to leak, often


# --- snapshots (80x24, through the real play screen)


def _snap(snap_compare, session: Session, before=None, size=(80, 24)) -> None:
    app = FoxApp(session=session, bot_delay=0)

    async def ready(pilot) -> None:
        await wait_for(pilot, lambda: type(app.screen).__name__ in ("PlayScreen", "ResultsScreen"))
        if before is not None:
            await before(pilot, app)
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=ready)


def test_snapshot_selection(snap_compare):
    _snap(snap_compare, _ada_at("selection"))


def test_snapshot_breeding_puzzle_mid_match(snap_compare):
    session = _ada_at("breeding")
    lit = session.view(0).players[0].litter
    for pair in [p for p in best_match(lit.dice, lit.tokens_free, lit.pairs) if listed(lit.dice, p) == p][:2]:
        session.act(0, pair)

    async def pick_a_half(pilot, app) -> None:
        await pilot.press("enter")

    _snap(snap_compare, session, pick_a_half)


def test_snapshot_research(snap_compare):
    _snap(snap_compare, _ada_at("research"))


def test_snapshot_administration(snap_compare):
    session = _ada_at("research")

    def last_of_round(s: Session) -> bool:
        """Ada alone to act, and her "Done with upgrades" (the list's last line) ends the round."""
        legal = s.legal_actions(0) if s.to_act() == frozenset({0}) else []
        done = EndUpgrades()
        return done in legal and GAME.apply(s.state, 0, done).round > s.state.round

    _advance(session, last_of_round)

    async def last_step(pilot, app) -> None:
        await pilot.press("end", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, AdministrationScreen))

    _snap(snap_compare, session, last_step)


def test_snapshot_the_automated_opponents_turn(snap_compare):
    session = _session("Ada", ("Bo", "sensible"), seed=3)
    _advance(session, lambda s: s.view(0).phase == "selection" and s.view(0).automaton.shown != "" and 0 in s.to_act())
    _snap(snap_compare, session)


def test_snapshot_results_with_the_score_breakdown(snap_compare):
    session = _advance(_session("Ada", ("Bo", "sensible"), seed=3), lambda s: s.outcome() is not None)
    _snap(snap_compare, session)


def test_snapshot_roomy_terminal_shows_the_table_beside_the_puzzle(snap_compare):
    session = _ada_at("breeding")
    _snap(snap_compare, session, size=(160, 48))


def test_a_replay_draws_the_pages_and_offers_no_moves():
    session = _advance(_session("Ada", ("Bo", "sensible"), seed=3), lambda s: s.outcome() is not None)
    app = FoxApp(session=session, bot_delay=0)

    async def body(pilot) -> None:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ResultsScreen")
        await pilot.press("r")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ReplayScreen")
        await pilot.press("pageup", "pageup", "pageup")
        await pilot.pause()
        assert not app.screen.query_one("#fx-moves").display
        assert "fox_experiment.auto_match" not in shown_keys(app)
        await pilot.press("m")  # (the public view: the next player's mat)
        await pilot.pause()
        assert "Bo's mat" in screen_text(app)

    run(app, body, wait=False)


def test_the_replays_public_view_goes_through_every_players_mat_with_m():
    # issue 39: in the public view m showed Ada's mat (and dice) only
    session = _advance(_session("Ada", ("Bo", "sensible"), seed=3), lambda s: s.outcome() is not None)
    app = FoxApp(session=session, bot_delay=0)

    async def body(pilot) -> None:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ResultsScreen")
        await pilot.press("r")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ReplayScreen")
        assert panel(app).seat is None  # the public view
        await pilot.press("right")  # step 1: still choosing studies, whose page is Ada's mat
        await pilot.pause()
        seen = ["Ada's mat" in screen_text(app)]
        for _ in range(2):
            assert "fox_experiment.mat" in shown_keys(app)
            await pilot.press("m")
            await pilot.pause()
            text = screen_text(app)
            seen.append("Ada's mat" if "Ada's mat" in text else "Bo's mat" if "Bo's mat" in text else "no mat")
        assert seen == [True, "Bo's mat", "Ada's mat"], seen  # then back to the phase's own page

    run(app, body, wait=False)
