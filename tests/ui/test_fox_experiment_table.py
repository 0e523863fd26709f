"""The Fox Experiment at 80x24: every part of the table comes into sight by keys the key
bar shows, the breeding puzzle shows all of itself, and the log takes the rows a
taller terminal has.

Sessions are played on by the bots' choices from a fixed seed (see
test_fox_experiment_screen.py); FoxApp runs with bot_delay=0.
"""

from __future__ import annotations

import asyncio
from typing import Any

from play_helpers import wait_for

from foxtui.engine.game import SeatInfo
from foxtui.engine.session import Session
from foxtui.games import GAMES
from foxtui.games.fox_experiment.content import TRAITS
from foxtui.ui.app import FoxApp
from foxtui.ui.games.fox_experiment import FoxExperimentPanel
from foxtui.ui.games.fox_experiment_pages import LETTER, gains_text, pair_code
from foxtui.ui.screens.play import PlayScreen
from foxtui.ui.widgets.keybar import KeyBar
from foxtui.ui.widgets.log import GameLog

GAME = GAMES["fox-experiment"]


def session_at(phase: str, round_: int = 1, seed: int = 3, seats: tuple = ("Ada", ("Bo", "sensible"))) -> Session:
    """Played by the bots' choices until Ada (seat 0, human) is to act in ``phase`` of
    ``round_`` or later, the bots done."""
    infos = [SeatInfo(s) if isinstance(s, str) else SeatInfo(s[0], bot=s[1]) for s in seats]
    session = Session.new(GAME, infos, GAME.Options(), seed, None)
    while not (
        session.view(0).phase == phase
        and session.view(0).round >= round_
        and 0 in session.to_act()
        and not session.bots_to_act()
    ):
        seat = min(session.bots_to_act() or session.to_act())
        session.act(seat, session.bot_action(seat))
    return session


def run(app: FoxApp, body, size=(80, 24)) -> None:
    async def go() -> None:
        async with app.run_test(size=size) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen))
            await body(pilot)

    asyncio.run(asyncio.wait_for(go(), 60))


def panel(app) -> FoxExperimentPanel:
    return app.screen.query_one(FoxExperimentPanel)


def bar_keys(app) -> set[str]:
    """The keys the key bar shows now, as it writes them."""
    return {k.display for k in app.screen.query_one(KeyBar).keys}


def page_lines(app) -> list[str]:
    """The lines of the page on the left as the terminal shows them (the moves beside it
    left out): what the player can read of the table."""
    region = app.screen.query_one("#fx-page").region
    strips = app.screen._compositor.render_strips()
    return [strips[y].text[region.x : region.right] for y in range(region.y, region.bottom)]


def page_text(app) -> str:
    """The page's lines joined, wrapped lines read whole."""
    return " ".join(" ".join(page_lines(app)).split())


async def press_shown(pilot, app, key: str, display: str) -> None:
    """Press a key only if the key bar shows it now (the player can know it)."""
    assert display in bar_keys(app), f"{display} is not in the key bar: {sorted(bar_keys(app))}"
    await pilot.press(key)
    await pilot.pause()
    await pilot.pause()


async def read_page(pilot, app) -> str:
    """Everything the page shows, PgDn pressed while the key bar offers it."""
    seen = [page_text(app)]
    for _ in range(12):
        if "PgDn" not in bar_keys(app):
            break
        before = page_lines(app)
        await press_shown(pilot, app, "pagedown", "PgDn")
        if page_lines(app) == before:
            break
        seen.append(page_text(app))
        if panel(app).query_one("#fx-page").scroll_y == 0:
            break  # from the end, PgDn starts over
    return " ".join(seen)


def fox_words(fox: Any) -> str:
    dice = "".join(LETTER[t] * fox.dice[t] for t in TRAITS) or "no dice"
    return f"{fox.name} ♥{fox.friendliness} {dice}"


def test_every_part_of_the_table_is_reachable_at_80x24_by_keys_the_key_bar_shows():
    session = session_at("research", round_=2)
    view = session.view(0)
    assert view.automaton is not None and all(p.pups for p in view.players)  # mats with pups to read
    app = FoxApp(session=session, bot_delay=0)

    async def body(pilot) -> None:
        await press_shown(pilot, app, "t", "t")
        assert panel(app).page == "table"
        table = await read_page(pilot, app)
        expected = ["Automated opponent", "Supply track", "Female row", "Male row", "Patrons", "Friendliness track"]
        expected += [fox_words(f) for f in view.females + view.males]  # each fox with its dice
        expected += [f"{sp.index + 1}. {gains_text(sp.icons)}" for sp in view.track if sp.icons]
        expected += [f"{p.name} ({p.side})" for p in view.patrons]
        expected += [f"tile: {gains_text(p.icons)}" for p in view.patrons]  # the patrons' tiles
        expected += [f"{r.space + 1}. {r.points} pts" for r in view.rewards]
        missing = [e for e in expected if e not in table]
        assert not missing, missing
        # every player's mat: the own one with m, the others with o
        await press_shown(pilot, app, "m", "m")
        mats = {0: await read_page(pilot, app)}
        for _ in range(len(view.names) - 1):
            await press_shown(pilot, app, "o", "o")
            mats[panel(app)._mat_seat] = await read_page(pilot, app)
        assert set(mats) == set(range(len(view.names)))
        for seat, text in mats.items():
            p = view.players[seat]
            assert f"{p.name}'s mat" in text and "Upgrades" in text and "Studies" in text
            for st in p.studies:
                assert st.name in text, (seat, st.name)
            for pup in p.pups:
                assert f"{pup.name} ♥{pup.friendliness}" in text, (seat, pup.name)
        await press_shown(pilot, app, "t", "t")
        assert "Automated opponent" in page_text(app)  # back on the table, from its top

    run(app, body)


def test_pgup_and_pgdn_scroll_the_page_not_the_moves():
    session = session_at("selection", round_=2)
    app = FoxApp(session=session, bot_delay=0)

    async def body(pilot) -> None:
        moves = app.screen.query_one("#fx-moves")
        page = app.screen.query_one("#fx-page")
        highlighted = moves.highlighted
        assert app.focused is moves and page.max_scroll_y > 0
        await pilot.press("pagedown")
        await pilot.pause()
        assert page.scroll_y > 0 and moves.highlighted == highlighted
        await pilot.press("pageup")
        await pilot.pause()
        assert page.scroll_y == 0 and moves.highlighted == highlighted

    run(app, body)


def test_the_pairs_line_is_whole_on_screen_and_names_every_pair_taken_apart():
    session = session_at("breeding", round_=5)
    app = FoxApp(session=session, bot_delay=0)

    async def body(pilot) -> None:
        await pilot.press("a")  # the best pairing: the most pairs there can be
        await wait_for(pilot, lambda: not session.view(0).players[0].litter.auto_match)
        await pilot.pause()
        lit = session.view(0).players[0].litter
        assert len(lit.pairs) >= 6
        text = page_text(app)  # what is in sight, without scrolling
        codes = [pair_code(lit, n, q) for n, q in enumerate(lit.pairs)]
        assert "Pairs: " + ", ".join(codes) in text
        assert ("group", "unpair") in app.screen.query_one("#fx-moves").actions  # the pairs to take apart: a part of the list
        labels = [panel(app)._label(a) for a in panel(app)._members((("group", "unpair"),))]
        for n, code in enumerate(codes):
            assert f"Take apart pair {code}" in labels  # the move names the pair it means

    run(app, body)


def test_a_taller_terminal_gives_the_log_more_rows():
    async def rows(size: tuple[int, int]) -> int:
        app = FoxApp(session=session_at("selection"), bot_delay=0)
        async with app.run_test(size=size) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen))
            await pilot.pause()
            return app.screen.query_one(GameLog).size.height

    small, tall = asyncio.run(rows((80, 24))), asyncio.run(rows((120, 40)))
    assert small == 4  # the four rows 80x24 can spare, below its border
    assert tall == 40 - 2 - FoxExperimentPanel.ROWS - 1  # status and key bar, the panel's rows, the border
    assert tall > small


def test_the_since_mark_moves_on_without_writing_the_log_again():
    """After the teller's own move its news starts later: the old mark goes, one mark
    stands before the first line after the move, and the lines are not all written
    again (that took most of a Fox Experiment step)."""
    from textual.app import App

    class LogApp(App):
        def compose(self):
            yield GameLog(max_lines=100)

    def shown(app) -> list[str]:
        return [strip.text.rstrip() for strip in app.query_one(GameLog).lines]

    async def run() -> None:
        app = LogApp()
        async with app.run_test(size=(80, 24)) as pilot:
            log = app.query_one(GameLog)
            lines = ["You keep a study.", "Bo keeps a study.", "Bo takes Vera."]
            log.show_lines(lines, 0, 0, since=1)
            await pilot.pause()
            mark = "── since your last move ──"
            assert shown(app) == [lines[0], mark, *lines[1:]]
            writes = []
            log._write_all = lambda: writes.append(1)  # type: ignore[method-assign]
            lines += ["You take Kolya.", "Bo takes space 3."]
            log.show_lines(lines, 0, 0, since=4)
            await pilot.pause()
            assert shown(app) == [*lines[:4], mark, lines[4]] and not writes
            lines += ["You take space 2."]
            log.show_lines(lines, 0, 0, since=6)  # the news begins after the last line
            await pilot.pause()
            assert shown(app) == lines and not writes

    asyncio.run(run())
