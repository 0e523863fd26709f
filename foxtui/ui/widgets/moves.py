"""Moves: the list of moves on offer in a game panel, each option carrying its action.

Every game panel offers its moves (or one decision's choices) in one of these. Each
option holds the action it plays as its payload, so what Enter sends up is the very
object on the highlighted line, never an index looked up in some other list that may
have changed since. Enter sends :class:`Moves.Chosen` with that action; the panel
checks it is still legal before sending it on to the play screen.

The highlight belongs to an action, not to a line. :meth:`Moves.offer` is told why
the list changed:

- ``follow=True``: someone else acted (another player, a bot) and the list changed
  under the player's cursor. The highlight stays on the same action wherever it is
  now; if that action is gone, nothing is highlighted and Enter does nothing until
  the player moves the cursor (a cursor key then highlights an entry). Otherwise a
  player who pressed Enter just after the other's step would play whatever move
  slid onto their line.
- ``chosen=action``: the list answers the player's own choice (Enter, or a key such
  as Ready): a new decision. The highlight goes on the action just chosen if it is
  offered again, else on the first entry.
- neither: the player's own doing without a move (another page, another column):
  the highlight stays on the same action if it is still offered, else it starts at
  the first entry.

A list that had no moves starts at its first entry in every case.

The list is rewritten in place, only the lines that changed. A list whose size is its
stylesheet's (not ``auto``) never asks for a layout of the whole screen as its moves
come and go: Fox Matters at a shared table redraws this list on nearly every step,
once for every player's terminal.
"""

from __future__ import annotations

from typing import Any, Callable, Generic, Sequence, TypeVar

from textual.binding import Binding
from textual.geometry import Size
from textual.message import Message
from textual.reactive import Reactive
from textual.visual import VisualType
from textual.widgets.option_list import Option

from ..textual_internals import DrawsOptionsOnce, bind_here, bound_here
from .scrolling import KeepsScrollBar
from .status import same_content

ActionT = TypeVar("ActionT")


class Move(Option, Generic[ActionT]):
    """One line of the list: its prompt and the action it plays."""

    def __init__(self, prompt: VisualType, action: ActionT) -> None:
        super().__init__(prompt)
        self.action = action


def move_bindings(keys: str, choose: str, item: str) -> list[Binding]:
    """Enter, k and j for a list of ``item``s; ids ``{keys}.choose``, ``{keys}.choice_up``
    and ``{keys}.choice_down`` (so a keymap names them per game)."""
    return [
        Binding("enter", "select", choose, id=f"{keys}.choose"),
        Binding("k", "cursor_up", f"Previous {item}", id=f"{keys}.choice_up", show=False),
        Binding("j", "cursor_down", f"Next {item}", id=f"{keys}.choice_down", show=False),
    ]


class Moves(KeepsScrollBar, DrawsOptionsOnce, Generic[ActionT]):
    """The moves on offer (Enter plays the highlighted one).

    ``keys`` names the bindings (``fox_matters`` gives ``fox_matters.choose`` ...),
    ``choose`` is Enter's description in the key bar and ``item`` what j and k step
    through. Prompts are plain text: a player's name is never read as markup."""

    BINDINGS = move_bindings("moves", "Do it", "move")

    #: A list whose size is its stylesheet's: a longer or shorter list redraws its own
    #: lines and scrollbar, and OptionList's layout of the whole screen is not needed
    #: (a list sized ``auto`` still gets its layout: see watch_virtual_size).
    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)

    class Chosen(Message, Generic[ActionT]):
        """Enter (or a click) on an option: ``action`` is the one it carries."""

        def __init__(self, moves: "Moves[ActionT]", action: ActionT) -> None:
            super().__init__()
            self.moves = moves
            self.action = action

        @property
        def control(self) -> "Moves[ActionT]":
            return self.moves

    def __init__(self, *, id: str | None = None, keys: str = "moves", choose: str = "Do it", item: str = "move") -> None:
        super().__init__(id=id, markup=False)
        bind_here(self, move_bindings(keys, choose, item))  # this list's own (named per game)

    @property
    def bindings(self) -> list[Binding]:
        """Enter, k and j as this list binds them."""
        return bound_here(self, ("enter", "k", "j"))

    # --- what is on offer

    @property
    def actions(self) -> list[ActionT]:
        """The actions on offer, in the list's order."""
        return [self._action(option) for option in self.options]

    @property
    def highlighted_action(self) -> ActionT | None:
        """The action on the highlighted line; None when nothing is highlighted."""
        option = self.highlighted_option
        return None if option is None else self._action(option)

    @staticmethod
    def _action(option: Option) -> Any:
        assert isinstance(option, Move)
        return option.action

    def highlight(self, action: ActionT) -> bool:
        """Put the highlight on the line of ``action``; False (and no change) if it is not offered."""
        index = self._index_of(action)
        if index is None:
            return False
        self.highlighted = index
        return True

    def _index_of(self, action: ActionT | None) -> int | None:
        if action is None:
            return None
        return next((n for n, option in enumerate(self.options) if self._action(option) == action), None)

    def offer(
        self,
        actions: Sequence[ActionT],
        label: Callable[[ActionT], VisualType],
        *,
        follow: bool = False,
        chosen: object = None,
    ) -> bool:
        """Offer ``actions``, each labelled by ``label(action)``; True if the list changed.

        The same actions again change nothing (not even the highlight, and no label is
        made). Otherwise only the lines that changed are rewritten (a list cleared and
        filled again is laid out again, scrolled back to the top and drawn whole), and
        the highlight goes where the module's docstring says: after the same action
        when ``follow`` (someone else acted), on ``chosen`` (the player's choice this
        list answers) or else the first entry, a new decision."""
        actions = list(actions)
        if actions == self.actions:
            return False
        had_moves = bool(self.options)
        action = self.highlighted_action if chosen is None or follow else chosen
        prompts = [label(a) for a in actions]
        # no highlight while the lines change (a line removed would move it, and say so)
        self.highlighted = None
        kept = min(len(self.options), len(actions))
        self._rewritten = set()
        self.keep_drawn_lines = True  # a kept line keeps its place, its index and so what it drew
        try:
            for index in range(kept):
                option = self.options[index]
                assert isinstance(option, Move)
                option.action = actions[index]
                if not same_content(option.prompt, prompts[index]):
                    self._rewritten.add(option)
                    self.replace_option_prompt_at_index(index, prompts[index])
            for index in range(len(self.options) - 1, kept - 1, -1):
                self._rewritten.add(self.options[index])
                self.remove_option_at_index(index)
        finally:
            rewritten, self._rewritten = self._rewritten, None
            self.keep_drawn_lines = False
            self._forget(rewritten)
        self.add_options([Move(prompt, a) for prompt, a in zip(prompts[kept:], actions[kept:])])
        target = self._index_of(action)
        if target is None and actions and (not had_moves or not follow):
            target = 0  # a new decision, or moves where there were none: the first entry
        self.highlighted = target  # (an OptionHighlighted for it, as a cursor move sends)
        return True

    #: while :meth:`offer` rewrites lines: the options changed or removed so far (only
    #: what they drew is forgotten, once it is done: _forget)
    _rewritten: set[Option] | None = None

    def _forget(self, options: set[Option]) -> None:
        """Forget what the lines of ``options`` drew (they changed or went)."""
        if not options:
            return
        self.forget_drawn(options)
        self.refresh()

    # --- keys

    def action_select(self) -> None:
        option = self.highlighted_option
        if option is None or option.disabled:
            return  # nothing highlighted (its move went): Enter waits for the cursor
        self.post_message(self.Chosen(self, self._action(option)))

    # --- drawing

    def watch_virtual_size(self) -> None:
        if self.styles.auto_dimensions:
            self.refresh(layout=True)  # as tall as its moves: the screen makes room

    def watch_show_vertical_scrollbar(self) -> None:
        # The moves now wrap at another width. OptionList learns it from a resize only,
        # and a list of a fixed size is not resized when its scrollbar comes or goes.
        self.forget_all_drawn()
