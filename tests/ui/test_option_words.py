"""Every option of a new game's form, at one keyboard and at a shared table, shows its
name and what it sets, in full at 80×24 (its value too)."""

from __future__ import annotations

import asyncio

import msgspec.inspect as mi
import pytest
from textual.widgets import Select

from foxtui.games import GAMES
from foxtui.ui.app import FoxApp
from foxtui.ui.games import PANELS
from foxtui.ui.screens.lobby import CreateTableScreen, TableRequest
from foxtui.ui.screens.new_game import NewGameScreen

GAMES_SHOWN = [game_id for game_id in GAMES if game_id in PANELS]


def options_of(game) -> list[tuple[str, str, bool]]:
    """(field, its description, whether a table at one keyboard offers it), from the struct."""
    out = []
    for field in mi.type_info(game.Options).fields:
        info = field.type
        assert isinstance(info, mi.Metadata), f"{game.id}'s option {field.name} says nothing of what it sets"
        description = (info.extra_json_schema or {}).get("description")
        assert description, f"{game.id}'s option {field.name} says nothing of what it sets"
        out.append((field.name, description, (info.extra or {}).get("local") is not False))
    return out


def rows_of(app, widget) -> list[str]:
    strips = app.screen._compositor.render_strips()
    region = widget.region
    assert 0 <= region.x and region.right <= app.size.width, f"{widget} is wider than the screen"
    return [strips[y].text[region.x : region.right].rstrip() for y in range(region.y, region.bottom)]


def words(rows: list[str]) -> str:
    return " ".join(" ".join(rows).split())


@pytest.mark.parametrize("shared", [False, True], ids=["one keyboard", "shared table"])
@pytest.mark.parametrize("game_id", GAMES_SHOWN)
def test_every_option_shows_its_name_and_what_it_sets_in_full(tmp_path, monkeypatch, game_id, shared):
    monkeypatch.setenv("FOXTUI_DATA_DIR", str(tmp_path))
    game = GAMES[game_id]
    expected = [(name, description) for name, description, local in options_of(game) if shared or local]
    assert expected, f"{game.title} has no option to show"

    async def main():
        app = FoxApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            if shared:
                screen = CreateTableScreen(TableRequest(game_id, {}, ["you", "human"], 0.0, "normal"))
            else:
                screen = NewGameScreen(game_id)
            await app.push_screen(screen)
            await pilot.pause()
            for name, description in expected:
                control = app.screen.query_one(f"#opt-{name}")
                row = control.parent
                row.scroll_visible(animate=False, immediate=True)
                await pilot.pause()
                [label] = row.query(".option-label")
                shown = words(rows_of(app, label))
                title = name.replace("_", " ").capitalize()
                assert shown == words([f"{title} — {description}"]), shown
                form = app.screen.query_one("#create-form" if shared else "#new-game-form")
                assert form.region.contains_region(label.region)  # all of it in sight, none under the key bar
                if isinstance(control, Select):
                    # its value, and its longest value, in full
                    assert str(control.value) in words(rows_of(app, control))
                    longest = max((v for _, v in control._options), key=lambda v: len(str(v)))
                    control.value = longest
                    await pilot.pause()
                    assert str(longest) in words(rows_of(app, control)), rows_of(app, control)

    asyncio.run(main())
