"""What every game's screen part provides to the shared play screen.

The play screen (ui/screens/play.py, or remote_play.py at a foxtui serve table)
draws what the table's driver decides (whose view, pass screens, bots, undo) and
holds the log and help. A game contributes one ``GamePanel`` widget: data comes down
through :meth:`GamePanel.show` (a seat's View and its legal actions, nothing
else), choices go up as :class:`GamePanel.ActionChosen` messages. The panel
never sees the State and never keeps game state of its own beyond what the
last View said (a cursor position is fine).

The base keeps what ``show`` was given (:attr:`GamePanel.view`, ``legal``,
``seat``) and calls the panel's :meth:`GamePanel.redraw` once the panel is mounted
and after every show; a panel draws from those and keeps only what is its own. Its
moves are offered in a :class:`~foxtui.ui.widgets.moves.Moves` list through
:meth:`GamePanel.offer` (which knows whether the list changed because someone else
acted, or because this player did), and go up through :meth:`GamePanel.choose`,
which sends only an action still in the legal list.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, ClassVar, Generic, NamedTuple, Sequence, TypeVar

from textual import on
from textual.message import Message
from textual.screen import Screen
from textual.containers import ScrollableContainer
from textual.notifications import SeverityLevel
from textual.visual import VisualType
from textual.widget import Widget

from ..stylesheets import stylesheets
from ..widgets.moves import Moves

#: the game's View (a frozen msgspec Struct) and its Action (a union of them)
ViewT = TypeVar("ViewT")
ActionT = TypeVar("ActionT")
#: what a line of a Moves list carries: a legal action, or a step of the panel's own
LineT = TypeVar("LineT")

#: a highlight to start afresh from (never an action: a list given it starts at its top)
_FRESH = object()


class ScreenState(NamedTuple):
    """What a panel keeps for the seat on screen, to give back when that seat has the
    keyboard again: its own part (cursor, page, zoom ...), the move each of its lists
    had highlighted, and how far its scrolling parts were scrolled."""

    own: object
    highlights: dict[str, object]
    scrolls: dict[str, float]


class GamePanel(Widget, Generic[ViewT, ActionT], can_focus=True):
    #: Markdown for the `?` help: this panel's keys (bindings are listed automatically too)
    KEYS_HELP: ClassVar[str] = ""
    #: what Tab (the table's "focus the game" key) gives the focus back to, for the help
    FOCUS_WORDS: ClassVar[str] = "Back to the moves"
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
        self._shown: ViewT | None = None
        #: the legal actions last shown (empty when this seat has nothing to do now)
        self.legal: list[ActionT] = []
        #: whose view is drawn; None: the public view (or a replay's public view)
        self.seat: int | None = None
        self._chosen: object = None  # the action the player sent up since the last show
        # during the redraw of a show, why its lists change (see offer): someone else
        # acted, or the show answers the player's choice
        self._follow = False
        self._answered: object = None
        self._mounted = False
        self._restoring: ScreenState | None = None  # a seat's screen state, for the next show

    @property
    def view(self) -> ViewT:
        """The View last shown. Read only once there is one (``redraw`` is called only then)."""
        if self._shown is None:
            raise LookupError("the panel has not been shown a view yet")
        return self._shown

    @property
    def has_view(self) -> bool:
        return self._shown is not None

    @property
    def can_draw(self) -> bool:
        """Mounted, with a view to draw (what ``redraw`` needs)."""
        return self._mounted and self._shown is not None

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

    # --- data down

    def on_mount(self) -> None:
        self._mounted = True
        self.redraw_if_shown()

    def show(self, view: ViewT, legal: list[ActionT], seat: int | None, *, before: ViewT | None = None) -> None:
        """Draw ``view`` (what ``seat`` may know; seat None = public or replay) and offer
        ``legal`` (empty when this seat has nothing to do now or in replay). ``before``:
        the view of the step before this one, when that is not the view last shown (a
        replay that jumped): what "the last step" changed is told from it."""
        seat_before = self.seat
        if before is None:
            before = self._shown
        self._shown, self.legal, self.seat = view, list(legal), seat
        answered, self._chosen = self._chosen, None
        # the same player still at the screen, who did not move: someone else did
        follow = before is not None and seat == seat_before and answered is None
        self.showing(before, seat_before)
        self._follow, self._answered = follow, answered
        try:
            self.redraw_if_shown()
        finally:
            self._follow, self._answered = False, None
            restored, self._restoring = self._restoring, None
        if restored is not None and restored.scrolls:
            self.call_after_refresh(self._scroll_back, restored.scrolls)

    # --- each seat's own screen

    def screen_state(self) -> ScreenState:
        """What the panel keeps for the seat on screen now (see ScreenState)."""
        highlights = {moves.id: moves.highlighted_action for moves in self.query(Moves) if moves.id}
        scrolls = {w.id: w.scroll_y for w in self.query(ScrollableContainer) if w.id and w.scroll_y}
        return ScreenState(self.own_state(), highlights, scrolls)

    def restore_screen_state(self, state: ScreenState | None) -> None:
        """The keyboard changes hands: take up what ``screen_state`` kept for the seat
        about to be shown (None: a seat not shown before, which starts afresh). Call it
        before that seat's ``show``: nothing of the last seat's screen may be left."""
        self._restoring = state if state is not None else ScreenState(None, {}, {})
        self.set_own_state(None if state is None else state.own)
        for widget in self.query(ScrollableContainer):
            widget.scroll_to(y=0, animate=False, immediate=True)

    def start_from(self, moves: list[Any]) -> None:
        """A seat this screen has no state of its own for (a game taken up again): its
        moves so far, oldest first, for a panel that starts where the seat left off.
        The default starts afresh."""

    def own_state(self) -> object:
        """The panel's own part of a seat's screen state (a cursor, a page ...)."""
        return None

    def set_own_state(self, state: object) -> None:
        """Take up ``own_state`` as it was (None: the panel's fresh state)."""

    def _scroll_back(self, scrolls: dict[str, float]) -> None:
        for widget in self.query(ScrollableContainer):
            if widget.id in scrolls:
                widget.scroll_to(y=scrolls[widget.id], animate=False, immediate=True)

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        # through the screen, which keeps what is said to each seat for that seat alone
        self.screen.notify(message, title=title, severity=severity, timeout=timeout, markup=markup)

    def showing(self, before: ViewT | None, seat_before: int | None) -> None:
        """A new view was just stored (``before`` and ``seat_before`` are the last
        show's): bring the panel's own state along before the redraw (the page a new
        decision opens on, say). Nothing by default."""

    def redraw(self) -> None:
        """Draw ``self.view`` for ``self.seat`` and offer ``self.legal``. Called by the
        base once the panel is mounted and has a view, and after each show."""
        raise NotImplementedError

    def redraw_if_shown(self) -> None:
        """``redraw()``, if the panel is mounted and has been shown a view (for a key,
        a resize or a page turned, which may come before the first show)."""
        if self.can_draw:
            self.redraw()

    def focus_game(self) -> None:
        """Give the focus back to where the game's keys work: the list of moves in sight,
        else the panel itself (Tab does this at the table, so it never traps the keys)."""
        for moves in self.query(Moves):
            if moves.display and moves.option_count and all(a.display for a in moves.ancestors if a is not self.screen):
                moves.focus()
                return
        self.focus()

    def rows_wanted(self, width: int, height: int) -> int | None:
        """How many rows of a ``width`` x ``height`` terminal the panel can use; the game
        log below it gets the rest (None: the panel takes all it is given, the log its
        few rows). A panel whose layout stops growing says where."""
        return None

    def show_clock(self, seconds_left: int | None) -> None:
        """The game's clock shows ``seconds_left`` (None: no clock runs). The clock is
        the table's (its driver counts down and applies the step when time is up);
        a panel only draws it."""

    def interlude(self, before: Any, after: Any) -> Screen | None:
        """A screen to show between two public views (a round summary, a reveal), or None."""
        return None

    def offer(self, moves: Moves[LineT], lines: Sequence[LineT], label: Callable[[LineT], VisualType]) -> bool:
        """Offer ``lines`` (legal actions, each labelled by ``label``) in one of the
        panel's Moves lists, its highlight placed for what brought the change: during a
        show because someone else acted it follows its action (or goes with it); a show
        that answers the player's choice is a new decision; a change the player made
        otherwise (another page) keeps the same action or starts at the first."""
        if self._restoring is not None:  # another seat's turn at the screen: its own highlight
            saved = self._restoring.highlights.get(str(moves.id), None)
            changed = moves.offer(lines, label, follow=False, chosen=_FRESH if saved is None else saved)
            if saved is None or not moves.highlight(saved):  # (the same lines: placed here)
                moves.highlighted = 0 if moves.option_count else None
            return changed
        return moves.offer(lines, label, follow=self._follow, chosen=self._answered)

    # --- choices up

    def choose(self, action: object) -> bool:
        """Send ``action`` up as the player's choice if it is one of the legal actions
        last shown (a list or a key may name a move that is gone); True if it was sent."""
        if action is None or action not in self.legal:
            return False
        self._chosen = action  # the next show answers it: a new decision, not a list changed under the cursor
        hold = getattr(self.app, "hold_keys", None)
        if hold is not None:
            hold()  # the next key waits until the table has taken this move (a burst acts as typed slowly)
        self.post_message(self.ActionChosen(action))
        return True

    @on(Moves.Chosen)
    def _move_chosen(self, message: Moves.Chosen[Any]) -> None:
        message.stop()
        self.picked(message.action)

    def picked(self, action: Any) -> None:
        """Enter on a line of one of the panel's Moves lists: by default the line's action
        goes up if it is still legal (a panel with lines of its own, such as "put the half
        back", handles those first)."""
        self.choose(action)
