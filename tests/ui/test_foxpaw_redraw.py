"""What a Foxpaw step draws again at 80x24: the parts of the panel keep their sizes from
one step to the next (a change of size lays out the whole screen and draws it all
again), and the page and the moves draw again only the lines that changed.
"""

from __future__ import annotations

from play_helpers import wait_for
from rich.text import Text
from textual.app import App, ComposeResult

from foxtui.engine.game import SeatInfo
from foxtui.engine.session import Session
from foxtui.games import GAMES
from foxtui.ui.app import FoxApp
from foxtui.ui.games.foxpaw import FoxpawPanel
from foxtui.ui.screens.play import PlayScreen
from foxtui.ui.widgets.moves import Moves
from foxtui.ui.widgets.page import PageView

GAME = GAMES["foxpaw"]


def _ada_to_place() -> Session:
    """Ada against Bo (a sensible bot), Ada's first placement of the game on the table."""
    session = Session.new(GAME, [SeatInfo("Ada"), SeatInfo("Bo", bot="sensible")], GAME.Options(), 3)
    while not (session.to_act() == {0} and session.view(0).decision.kind == "turn"):
        seat = min(session.to_act())
        session.act(seat, session.bot_action(seat))
    return session


def test_at_80x24_a_move_that_leaves_nothing_to_do_keeps_every_part_of_the_panel_in_its_place():
    # Bo takes his time: the screen stays as it is drawn after Ada's move
    app = FoxApp(session=_ada_to_place(), bot_delay=60)
    parts = ("#fp-prompt", "#fp-choices", "#fp-detail")

    async def go() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen) and bool(app.screen.query_one(Moves).actions))
            await pilot.pause()
            panel = app.screen.query_one(FoxpawPanel)
            before = [panel.query_one(p).region for p in parts]
            for _ in range(4):  # the placement, and how to use or pay for it if asked
                if not panel.query_one(Moves).actions:
                    break
                await pilot.press("enter")
                await pilot.pause()
            await wait_for(pilot, lambda: not panel.query_one(Moves).actions)
            await pilot.pause()
            assert [panel.query_one(p).region for p in parts] == before
            # the empty list's rows show the scores (they run on into the description's)
            moves = panel.query_one(Moves)
            rows = [moves.render_line(y).text for y in range(moves.size.height)]
            assert any("VP" in row for row in rows), rows
            assert any("Ada" in row for row in rows), rows

    import asyncio

    asyncio.run(go())


class OnePage(App[None]):
    CSS = "PageView { width: 30; height: 6; overflow-y: scroll; }"

    def compose(self) -> ComposeResult:
        yield PageView(id="page")


def test_a_page_shown_with_one_line_changed_draws_only_that_row_again():
    app = OnePage()
    lines = [f"line {n}" for n in range(6)]

    async def go() -> None:
        async with app.run_test(size=(40, 10)) as pilot:
            page = app.query_one(PageView)
            page.show(Text("\n".join(lines)))
            await pilot.pause()
            drawn: list[int] = []
            render_line = page.render_line

            def counted(y: int):
                drawn.append(y)
                return render_line(y)

            page.render_line = counted  # type: ignore[method-assign]
            page.show(Text("\n".join(lines[:3] + ["line 3, changed"] + lines[4:])))
            await pilot.pause()
            assert drawn == [3]
            assert page.render_line(3).text.startswith("line 3, changed")

    import asyncio

    asyncio.run(go())


class OneList(App[None]):
    CSS = "Moves { width: 30; height: 6; }"

    def compose(self) -> ComposeResult:
        yield Moves(id="moves")


def test_moves_offered_again_with_one_label_changed_keep_what_the_other_lines_drew():
    app = OneList()

    async def go() -> None:
        async with app.run_test(size=(40, 10)) as pilot:
            moves = app.query_one(Moves)
            moves.offer(["a", "b", "c", "d"], lambda a: f"move {a}")  # (an action is what the line plays)
            await pilot.pause()
            kept = {key[0].prompt: moves._option_render_cache.get(key) for key in list(moves._option_render_cache.keys())}
            moves.offer(["a", "b", "c2", "d"], lambda a: "move c (changed)" if a == "c2" else f"move {a}", follow=True)
            await pilot.pause()
            now = {key[0].prompt: moves._option_render_cache.get(key) for key in list(moves._option_render_cache.keys())}
            for prompt in ("move a", "move b", "move d"):  # drawn once, kept
                assert now[prompt] is kept[prompt]
            assert "move c (changed)" in now and "move c" not in now
            assert [moves.render_line(y).text.strip() for y in range(4)] == [
                "move a", "move b", "move c (changed)", "move d"]

    import asyncio

    asyncio.run(go())
