"""The game log under the table, in every game: each step adds its line without a
layout of the whole screen (CPU on every step, for every player over SSH), and the
log still shows the newest line with its scrollbar right, and scrolls back."""

from __future__ import annotations

import asyncio

import pytest
from textual.widget import Widget

from foxtui.engine.game import SeatInfo
from foxtui.engine.session import Session
from foxtui.games import GAMES
from foxtui.ui.app import FoxApp
from foxtui.ui.screens.play import PlayScreen
from foxtui.ui.widgets.log import GameLog
from play_helpers import hand_clock, play_bots_until

STEPS = 12


def _bots_table(game_id: str) -> Session:
    game = GAMES[game_id]
    seats = [SeatInfo(f"Bot {n + 1}", bot="random") for n in range(max(2, game.min_players))]
    return play_bots_until(Session.new(game, seats, game.Options(), 5, None), 3)


def _rows(app, region) -> list[str]:
    """The terminal's rows inside ``region``, as drawn."""
    strips = app.screen._compositor.render_strips()
    return [strips[y].text[region.x : region.right] for y in range(region.y, region.bottom)]


def _assert_at_the_newest_line(app, log: GameLog, newest: str) -> None:
    assert log.scroll_y == log.max_scroll_y
    drawn = [row for row in _rows(app, log.content_region) if row.strip()]  # a tall log may not be full yet
    bottom = drawn[-1]
    assert bottom.strip() == log.lines[-1].text.strip() and newest.endswith(bottom.strip())
    # the scrollbar's thumb is where a layout would have put it
    bar = log.vertical_scrollbar
    assert bar.window_virtual_size == log.virtual_size.height
    assert bar.position == log.scroll_y or log.max_scroll_y == 0  # (Textual's layout may leave -1 then)


@pytest.mark.parametrize(
    "game_id, size",
    [(game_id, (80, 24)) for game_id in GAMES] + [("master-fox", (120, 40)), ("fox-matters", (140, 45))],
)
def test_a_step_adds_its_log_line_without_a_layout(game_id, size, monkeypatch):
    session = _bots_table(game_id)
    if game_id == "master-fox" and size[1] > 24:  # its log takes the rows the board does not use
        play_bots_until(session, size[1])  # enough lines to scroll
    clock = hand_clock(monkeypatch)
    app = FoxApp(session=session, bot_delay=60)  # the bots wait: the test moves the clock for each step
    laid_out: list[str] = []
    refresh = Widget.refresh

    def spy(widget, *regions, **kwargs):
        if kwargs.get("layout") and isinstance(widget, GameLog):
            laid_out.append(str(session.step_count))
        return refresh(widget, *regions, **kwargs)

    async def run() -> None:
        async with app.run_test(size=size) as pilot:
            for _ in range(100):
                if isinstance(app.screen, PlayScreen):
                    break
                await pilot.pause(0.01)
            play = app.screen
            assert isinstance(play, PlayScreen)
            await pilot.pause()
            log = play.query_one(GameLog)
            monkeypatch.setattr(Widget, "refresh", spy)
            for _ in range(STEPS):
                if session.outcome() is not None:
                    break
                clock.last.advance(60)  # the next bot's move
                await pilot.pause()
                _assert_at_the_newest_line(app, log, session.log(None)[-1])
            monkeypatch.setattr(Widget, "refresh", refresh)
            assert session.step_count > 3 + STEPS // 2 and log.max_scroll_y > 0
            assert laid_out == []
            # scrolled back, the oldest lines are in sight; the next step shows the newest again
            log.scroll_home(animate=False, immediate=True)
            await pilot.pause()
            assert _rows(app, log.content_region)[0].strip() == log.lines[0].text.strip()
            assert log.vertical_scrollbar.position == 0
            if session.outcome() is None:
                clock.last.advance(60)
                await pilot.pause()
                _assert_at_the_newest_line(app, log, session.log(None)[-1])

    asyncio.run(asyncio.wait_for(run(), 30))


def test_a_kept_scroll_bar_draws_what_a_plain_one_draws():
    # KeptScrollBar reuses its drawn lines while its key is unchanged; it reaches into
    # Textual (``_vertical_scrollbar``, ``_start_widget``): this pins that the bar drawn
    # is the kept one and that it is never stale after a scroll or a change of focus
    from textual.app import App
    from textual.scrollbar import ScrollBar
    from textual.widgets import Input

    from foxtui.ui.widgets.scrolling import KeptScrollBar

    class Bare(App):
        def compose(self):
            yield Input()
            yield GameLog(id="log")

    async def run() -> None:
        app = Bare()
        async with app.run_test(size=(40, 12)) as pilot:
            log = app.query_one(GameLog)
            for n in range(60):
                log.write(f"line {n}")
            await pilot.pause()
            bar = log.vertical_scrollbar
            assert isinstance(bar, KeptScrollBar) and bar.display
            seen = []
            for change in (lambda: None, lambda: log.scroll_home(animate=False, immediate=True),
                           lambda: app.query_one(Input).blur(), lambda: log.scroll_end(animate=False, immediate=True)):
                change()
                await pilot.pause()
                crop = bar.size.region
                drawn = [s.text + str(s._segments) for s in bar.render_lines(crop)]
                assert drawn == [s.text + str(s._segments) for s in ScrollBar.render_lines(bar, crop)]
                seen.append(drawn)
            assert seen[0] != seen[1] and seen[1] != seen[3]  # the thumb moved with the scroll

    asyncio.run(asyncio.wait_for(run(), 30))
