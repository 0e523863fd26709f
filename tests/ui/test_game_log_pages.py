"""The whole log (w) reads as pages do: PageUp turns a page from the bottom (it moved one
line, and the next PageUp jumped to the top), the arrows stop at either end (Up at the
top jumped to the bottom)."""

from __future__ import annotations

import asyncio

from foxtui.ui.app import FoxApp
from foxtui.ui.screens.game_log import GameLogScreen, LogLines


LINES = 60


def test_page_up_turns_a_page_and_the_arrows_stop_at_the_ends() -> None:
    async def main() -> None:
        app = FoxApp()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.push_screen(GameLogScreen("The log", [f"step line {n}" for n in range(LINES)]))
            await pilot.pause(0.2)
            view = app.screen.query_one(LogLines)
            page = view.scrollable_content_region.height
            last = LINES - 1
            assert 10 < page < LINES / 2 and view.highlighted == last  # the newest, at the bottom
            top = round(view.scroll_y)
            await pilot.press("pageup")
            await pilot.pause()
            assert view.highlighted == last - page and round(view.scroll_y) == top - page  # a page, not a line
            await pilot.press("pageup")
            await pilot.pause()
            assert view.highlighted == last - 2 * page and round(view.scroll_y) == max(0, top - 2 * page)
            await pilot.press("home", "up")
            await pilot.pause()
            assert view.highlighted == 0  # Up at the top stays there
            await pilot.press("pagedown")
            await pilot.pause()
            assert view.highlighted == page and round(view.scroll_y) == page
            await pilot.press("end", "down")
            await pilot.pause()
            assert view.highlighted == last  # Down at the bottom stays there

    asyncio.run(main())
