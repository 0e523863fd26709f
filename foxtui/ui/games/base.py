"""What every game's screen part provides to the shared play screen.

The play screen (ui/screens/play.py) owns the session, handovers, bots, undo,
the log and help. A game contributes one ``GamePanel`` widget: data comes down
through :meth:`GamePanel.show` (a seat's View and its legal actions, nothing
else), choices go up as :class:`GamePanel.ActionChosen` messages. The panel
never sees the State and never keeps game state of its own beyond what the
last View said (a cursor position is fine).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from textual.message import Message
from textual.screen import Screen
from textual.widget import Widget

from ..stylesheets import stylesheets


class GamePanel(Widget, can_focus=True):
    #: Markdown for the `?` help: this panel's keys (bindings are listed automatically too)
    KEYS_HELP: ClassVar[str] = ""
    #: the panel's .tcss file in foxtui.styles; every screen showing the panel loads it
    STYLESHEET: ClassVar[str | None] = None
    #: (columns, rows) from which the panel is roomy: it gets the ``-roomy`` class and
    #: lays out more at once; None: the panel has one layout for every size
    ROOMY_SIZE: ClassVar[tuple[int, int] | None] = None

    @classmethod
    def stylesheets(cls) -> list[Path]:
        """The panel's stylesheet paths, for the CSS_PATH of the screens that show it."""
        return stylesheets(cls.STYLESHEET) if cls.STYLESHEET else []

    def __init__(self, *, id: str | None = None, replay: bool = False) -> None:
        super().__init__(id=id)
        #: drawn in a replay: nothing is offered, and the replay screen takes the arrow keys
        self.replay = replay

    @property
    def roomy(self) -> bool:
        return self.has_class("-roomy")

    def fit_roomy(self, size: Any) -> bool:
        """Set ``-roomy`` for the panel's new size; True if it changed."""
        roomy = self.ROOMY_SIZE is not None and size.width >= self.ROOMY_SIZE[0] and size.height >= self.ROOMY_SIZE[1]
        if roomy == self.roomy:
            return False
        self.set_class(roomy, "-roomy")
        return True

    class ActionChosen(Message):
        """The player picked one of the legal actions the panel was given."""

        def __init__(self, action: Any) -> None:
            super().__init__()
            self.action = action

    def show(self, view: Any, legal: list[Any], seat: int | None) -> None:
        """Draw ``view`` (what ``seat`` may know; seat None = public or replay) and offer
        ``legal`` (empty when this seat has nothing to do now or in replay)."""
        raise NotImplementedError

    def show_clock(self, seconds_left: int | None) -> None:
        """The game's clock shows ``seconds_left`` (None: no clock runs). The clock is
        the table's (its driver counts down and applies the step when time is up);
        a panel only draws it."""

    def interlude(self, before: Any, after: Any) -> Screen | None:
        """A screen to show between two public views (a round summary, a reveal), or None."""
        return None
