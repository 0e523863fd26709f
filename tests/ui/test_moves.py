"""The Moves list on its own: each line carries its action, Enter sends that action, the
highlight follows its action when the list changes under it (and goes when the action
does), a new decision starts at the same action or the first line, and a list of a
fixed size is rewritten in place without a layout of the screen."""

from __future__ import annotations

import asyncio
from typing import Any

import msgspec
from textual import on
from textual.app import App, ComposeResult
from textual.widget import Widget
from textual.widgets import OptionList

from foxtui.ui.widgets.moves import Moves


class Step(msgspec.Struct, frozen=True):
    name: str


A, B, C, D = Step("a"), Step("b"), Step("c"), Step("d")


class Host(App):
    CSS = """
    Moves { border: none; }
    #fixed { height: 6; }
    #grows { height: auto; max-height: 6; }
    """

    def __init__(self, list_id: str = "fixed") -> None:
        super().__init__()
        self.list_id = list_id
        self.chosen: list[Any] = []
        self.highlights: list[int] = []
        self.labels: list[Step] = []

    def compose(self) -> ComposeResult:
        yield Moves(id=self.list_id, keys="test", choose="Choose", item="choice")

    @property
    def moves(self) -> Moves[Step]:
        return self.query_one(Moves)

    def label(self, step: Step) -> str:
        self.labels.append(step)
        return f"Do {step.name}"

    def offer(self, *steps: Step, follow: bool = False, chosen: Step | None = None) -> bool:
        return self.moves.offer(steps, self.label, follow=follow, chosen=chosen)

    @on(Moves.Chosen)
    def _chosen(self, message: Moves.Chosen[Step]) -> None:
        self.chosen.append(message.action)

    @on(OptionList.OptionHighlighted)
    def _highlighted(self, message: OptionList.OptionHighlighted) -> None:
        self.highlights.append(message.option_index)


def run(app: Host, body) -> None:
    async def go() -> None:
        async with app.run_test(size=(40, 12)) as pilot:
            app.moves.focus()
            await pilot.pause()
            await body(pilot)

    asyncio.run(go())


def prompts(app: Host) -> list[str]:
    return [str(option.prompt) for option in app.moves.options]


def test_enter_sends_the_action_on_the_highlighted_line_itself():
    app = Host()

    async def body(pilot) -> None:
        app.offer(A, B, C)
        await pilot.pause()
        assert app.moves.highlighted == 0 and app.moves.actions == [A, B, C]
        await pilot.press("j", "enter")
        await pilot.pause()
        assert app.chosen == [B] and app.chosen[0] is app.moves.actions[1]
        await pilot.press("k", "up", "enter")  # up from the first line wraps to the last
        await pilot.pause()
        assert app.chosen == [B, C]

    run(app, body)


def test_the_same_actions_again_change_nothing_and_make_no_label():
    app = Host()

    async def body(pilot) -> None:
        app.offer(A, B, C)
        await pilot.press("down")
        made = len(app.labels)
        assert app.offer(A, B, C) is False and app.offer(A, B, C, follow=True) is False
        assert len(app.labels) == made and app.moves.highlighted == 1

    run(app, body)


def test_a_list_changed_by_someone_else_keeps_the_highlight_on_its_action():
    app = Host()

    async def body(pilot) -> None:
        app.offer(A, B, C)
        await pilot.press("down", "down")
        assert app.moves.highlighted_action == C
        app.offer(D, A, B, C, follow=True)  # a move came in above it: the highlight moves down with C
        await pilot.pause()
        assert app.moves.highlighted == 3 and app.moves.highlighted_action == C
        assert prompts(app) == ["Do d", "Do a", "Do b", "Do c"]
        await pilot.press("enter")
        await pilot.pause()
        assert app.chosen == [C]

    run(app, body)


def test_when_its_action_is_gone_nothing_is_highlighted_and_enter_waits_for_the_cursor():
    app = Host()

    async def body(pilot) -> None:
        app.offer(A, B, C)
        await pilot.press("down")
        app.offer(A, C, D, follow=True)  # B went (someone else took it)
        await pilot.pause()
        assert app.moves.highlighted is None and app.moves.highlighted_action is None
        await pilot.press("enter")
        await pilot.pause()
        assert app.chosen == []  # not C, which slid onto B's line
        app.offer(C, D, follow=True)  # another step: still nothing highlighted
        await pilot.pause()
        assert app.moves.highlighted is None
        await pilot.press("enter")
        await pilot.pause()
        assert app.chosen == []
        await pilot.press("down")  # the cursor comes back on the first line
        assert app.moves.highlighted == 0
        await pilot.press("enter")
        await pilot.pause()
        assert app.chosen == [C]

    run(app, body)


def test_a_list_answering_the_players_choice_starts_on_that_action_if_offered_again_else_first():
    app = Host()

    async def body(pilot) -> None:
        app.offer(A, B, C)
        await pilot.press("down")  # B highlighted
        app.offer(D, C, B, chosen=B)  # B played, and on offer again (another touch, say)
        assert app.moves.highlighted == 2 and app.moves.highlighted_action == B
        app.offer(C, D, A, chosen=B)  # B played and gone: the first entry
        assert app.moves.highlighted == 0
        await pilot.press("down", "down")  # A highlighted; a key chose something else (Ready)
        app.offer(B, A, D, chosen=Step("ready"))
        assert app.moves.highlighted == 0 and app.moves.highlighted_action == B  # not A

    run(app, body)


def test_a_change_of_the_players_own_keeps_the_same_action_if_offered_else_starts_at_the_first():
    app = Host()

    async def body(pilot) -> None:
        app.offer(A, B, C)
        await pilot.press("down")
        app.offer(D, A, B)  # B still offered: the highlight stays on it
        assert app.moves.highlighted_action == B and app.moves.highlighted == 2
        app.offer(C, D)  # B gone: the first line
        assert app.moves.highlighted == 0 and app.moves.highlighted_action == C
        app.offer(D, follow=True)  # C gone under the cursor ...
        assert app.moves.highlighted is None
        app.offer(A, B)  # ... and then the player's own doing: a new decision
        assert app.moves.highlighted == 0

    run(app, body)


def test_moves_where_there_were_none_start_at_the_first_line():
    app = Host()

    async def body(pilot) -> None:
        app.offer(A, B)
        await pilot.press("down")
        app.offer(follow=True)  # nothing to do for a while
        assert app.moves.highlighted is None and app.moves.option_count == 0
        app.offer(B, C, follow=True)  # a turn comes round again
        assert app.moves.highlighted == 0

    run(app, body)


def test_a_changed_list_says_once_which_line_is_highlighted():
    """A panel shows what the highlighted move does (Foxpaw's preview): every list that
    changes with something highlighted sends one OptionHighlighted, as a cursor move does."""
    app = Host()

    async def body(pilot) -> None:
        app.offer(A, B)
        await pilot.pause()
        app.highlights.clear()
        app.offer(C, B)  # a new decision on line 0 again, playing another action
        await pilot.pause()
        assert app.highlights == [0]
        app.offer(C, B)  # no change: no message
        app.offer(C, follow=True)  # the highlighted C stays
        await pilot.pause()
        assert app.highlights == [0, 0]

    run(app, body)


def test_lines_are_rewritten_in_place_only_where_they_changed():
    app = Host()

    async def body(pilot) -> None:
        app.offer(A, B, C)
        await pilot.pause()
        first, second = app.moves.options[0], app.moves.options[1]
        app.offer(A, D, follow=True)
        assert app.moves.options[0] is first and app.moves.options[1] is second
        assert prompts(app) == ["Do a", "Do d"] and app.moves.actions == [A, D]

    run(app, body)


def test_a_fixed_size_list_changes_length_without_a_layout_and_an_auto_one_with_one(monkeypatch):
    for list_id, layouts in (("fixed", False), ("grows", True)):
        app = Host(list_id)
        asked: list[str] = []
        refresh = Widget.refresh

        def spy(widget, *regions, **kwargs):
            if kwargs.get("layout"):
                asked.append(f"{type(widget).__name__}#{widget.id}")
            return refresh(widget, *regions, **kwargs)

        async def body(pilot) -> None:
            app.offer(A, B)
            await pilot.pause()
            with monkeypatch.context() as patched:
                patched.setattr(Widget, "refresh", spy)
                app.offer(A, B, C, follow=True)
                await pilot.pause()
                app.offer(B, follow=True)
                await pilot.pause()
            assert bool(asked) == layouts, (list_id, asked)
            assert app.moves.size.height == (1 if list_id == "grows" else 6)

        run(app, body)


def test_prompts_are_plain_text():
    app = Host()

    async def body(pilot) -> None:
        app.moves.offer([A], lambda step: "Play [bold]Bob[/bold]'s card")
        await pilot.pause()
        assert "[bold]Bob[/bold]" in app.moves.render_line(0).text

    run(app, body)


def test_each_list_names_its_keys():
    moves = Moves(keys="fox_matters", choose="Do it", item="move")
    assert [(b.key, b.id, b.description) for b in moves.bindings] == [
        ("enter", "fox_matters.choose", "Do it"),
        ("k", "fox_matters.choice_up", "Previous move"),
        ("j", "fox_matters.choice_down", "Next move"),
    ]
    other = Moves(keys="master_fox", choose="Choose", item="choice")
    assert [b.description for b in other.bindings] == ["Choose", "Previous choice", "Next choice"]
    assert [b.id for b in moves.bindings][0] == "fox_matters.choose"  # one list's keys are not another's
    assert all(b.id and b.description for b in Moves.BINDINGS)
