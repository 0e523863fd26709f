"""Watch a recorded game step by step, from the public side, one seat's, or everyone's.

Every move goes through the record's ReplayCursor, which starts from its nearest
checkpoint: a key press costs a bounded number of steps however long the game.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Static

from foxtui.engine.record import GameRecord
from foxtui.engine.replay import ReplayCursor

from ..games import panel_for
from ..games.base import GamePanel
from ..stylesheets import stylesheets
from ..widgets.keybar import KeyBar
from ..widgets.keys import help_keys
from ..widgets.status import StatusLine


#: seconds per step while playing on its own, slowest first (+ and - choose)
PLAY_SPEEDS = (2.0, 1.0, 0.5, 0.25, 0.1, 0.05)
DEFAULT_SPEED = 3  # a quarter of a second a step: a 433-step game in under two minutes


class ReplayScreen(Screen[None]):
    CSS_PATH = stylesheets("play.tcss")

    # Priority: the panel (shared with the play screen) may bind arrows for its own
    # cursor; in a replay they always move through the game.
    BINDINGS = [
        Binding("left", "step(-1)", "Prev", id="replay.back", priority=True),
        Binding("right", "step(1)", "Next", id="replay.forward", priority=True),
        Binding("home", "first", "First step", id="replay.first", show=False, priority=True),
        Binding("end", "last", "Last step", id="replay.last", show=False, priority=True),
        Binding("pageup", "round(-1)", "Previous round", id="replay.round_back", show=False, priority=True),
        Binding("pagedown", "round(1)", "Next round", id="replay.round_forward", show=False, priority=True),
        Binding("g", "goto", "Go to", id="replay.goto", priority=True),
        Binding("space", "auto", "Play/pause", id="replay.auto", priority=True),
        Binding("plus", "speed(1)", "Faster", id="replay.faster", show=False),
        Binding("equals_sign", "speed(1)", "Faster", id="replay.faster_equals", show=False),
        Binding("minus", "speed(-1)", "Slower", id="replay.slower", show=False),
        # (priority: a game's panel may have v for its own page; in a replay it chooses the view)
        Binding("v", "perspective", "View", id="replay.perspective", priority=True),
        Binding("question_mark", "help", "Help", id="replay.help"),
        Binding("escape", "back", "Close", id="replay.close"),
    ]

    def __init__(self, game: Any, record: GameRecord, name: str, chat: list[Any] | None = None) -> None:
        """Replays the record once to check it: raises RecordError (one sentence naming
        ``name``) for a damaged record, before the screen is shown. ``chat``: a shared
        table's chat lines, each shown at the step the game had when it was said."""
        super().__init__()
        self.chat: dict[int, list[Any]] = {}
        for line in chat or []:
            if getattr(line, "step", -1) >= 0:
                self.chat.setdefault(line.step, []).append(line)
        self.game = game
        self._panel_type = panel_for(game.id)
        self.css_path = [*self.css_path, *self._panel_type.stylesheets()]
        self.record = record
        self.cursor = ReplayCursor(game, record, name)
        #: 0 = public, 1..seats = that seat, seats + 1 = everything
        self.perspective = 0
        self._spoilers_accepted = self.cursor.finished
        self._auto: Timer | None = None
        self.speed = DEFAULT_SPEED  # an index into PLAY_SPEEDS

    def compose(self) -> ComposeResult:
        yield StatusLine(id="replay-status")
        yield self._panel_type(id="replay-panel", replay=True)
        yield Static("", id="replay-line")
        yield Static("", id="replay-chat")
        yield KeyBar()

    def on_mount(self) -> None:
        self._draw()

    # --- what is on screen

    @property
    def _everything(self) -> int:
        return len(self.record.seats) + 1

    def _perspective_seat(self) -> int | None:
        """The seat whose view is shown (None for public and everything)."""
        return self.perspective - 1 if 0 < self.perspective < self._everything else None

    def _perspective_name(self) -> str:
        if self.perspective == 0:
            return "Public view"
        if self.perspective == self._everything:
            return "Everything"
        return f"{self.record.seats[self.perspective - 1].name}'s view"

    def _view_at(self, state: Any) -> Any:
        """``state`` as the replay's perspective sees it."""
        if self.perspective == self._everything:
            return self.game.view_all(state)
        return self.game.view(state, self._perspective_seat())

    def _draw(self) -> None:
        cursor = self.cursor
        n = cursor.position
        seat = self._perspective_seat()
        # what "the last step" changed is the change step n made, however we came here
        previous = cursor.state_before(n) if n else None
        before = self._view_at(previous) if n else None
        if self.perspective == self._everything:
            view = cursor.view(None, everything=True)
            # told to the seat that acted, so its secret shows too; named, as it says "you"
            mover = self.record.steps[n - 1].seat if n else None
            line = cursor.describe(n, mover, previous)
            if mover is not None:
                line = f"{self.record.seats[mover].name}: {line}"
        else:
            view = cursor.view(seat)
            line = cursor.describe(n, seat, previous)
        self.query_one("#replay-panel", GamePanel).show(view, [], seat, before=before)
        self.query_one(StatusLine).show_parts(*self._status_parts(n))
        self.query_one("#replay-line", Static).update(Text(line))
        said = self.chat.get(n, [])
        chat = self.query_one("#replay-chat", Static)
        chat.display = bool(said)
        if said:
            from .chat import chat_words

            shown = Text("Said at the table here:\n", style="italic")
            shown.append_text(Text("\n").join(chat_words(line) for line in said))
            chat.update(shown)

    def _status_parts(self, n: int) -> list[str]:
        """The status line: it fits the width (80 columns: the game's title goes first,
        then the pace is told shorter), the step and the view always in it."""
        game, cursor = self.game, self.cursor
        speed = f"{PLAY_SPEEDS[self.speed]:g} s"
        playing = self._auto is not None
        parts = [
            f"{game.title} replay",
            f"Step {n} / {cursor.length}",
            f"Round {game.round_of(cursor.state)}",
            self._perspective_name(),
            f"Playing, {speed} a step (+ -)" if playing else "",
        ]
        room = self.app.size.width - 2
        for shorter in ("Replay", None):
            if len(" · ".join(p for p in parts if p)) <= room:
                break
            if shorter is not None:
                parts[0] = shorter
            elif playing:
                parts[4] = f"▶ {speed}/step (+ -)"
        return parts

    def seek(self, n: int) -> None:
        self.refresh_bindings()  # Prev and Next come and go at the ends
        cursor = self.cursor
        stepped = n == cursor.position + 1 and n <= cursor.length
        before = self._view_at(cursor.state) if stepped else None
        cursor.seek(n)
        self._draw()
        if stepped:
            # what the game showed at this step (a round's end, a reveal), as the table did
            interlude = self.query_one("#replay-panel", GamePanel).interlude(before, self._view_at(cursor.state))
            if interlude is not None:
                self.app.push_screen(interlude)

    # --- moving

    def action_step(self, delta: int) -> None:
        self.seek(self.cursor.position + delta)

    def action_first(self) -> None:
        self.seek(0)

    def action_last(self) -> None:
        self.seek(self.cursor.length)

    def action_round(self, direction: int) -> None:
        at = self.cursor.position
        self.seek(self.cursor.round_start_after(at) if direction > 0 else self.cursor.round_start_before(at))

    def action_goto(self) -> None:
        from .goto_step import GotoStepScreen

        def chosen(n: int | None) -> None:
            if n is not None:
                self.seek(n)

        self.app.push_screen(GotoStepScreen(self.cursor.length, self.cursor.position), chosen)

    def action_auto(self) -> None:
        if self._auto is not None:
            self._stop_auto()
        elif self.cursor.position >= self.cursor.length:
            self.notify("This is the last step; press Home to watch from the start.")
        else:
            self._auto = self.set_interval(PLAY_SPEEDS[self.speed], self._auto_step)
        self._draw()

    def action_speed(self, change: int) -> None:
        self.speed = min(max(self.speed + change, 0), len(PLAY_SPEEDS) - 1)
        if self._auto is not None:
            self._auto.stop()
            self._auto = self.set_interval(PLAY_SPEEDS[self.speed], self._auto_step)
        else:
            self.notify(f"Plays at {PLAY_SPEEDS[self.speed]:g} s a step: space to play.")
        self._draw()

    def _auto_step(self) -> None:
        if not self.is_active:
            return  # an interlude is up: the replay waits for it, as the table did
        self.action_step(1)
        if self.cursor.position >= self.cursor.length:
            self._stop_auto()
            self._draw()

    def _stop_auto(self) -> None:
        if self._auto is not None:
            self._auto.stop()
            self._auto = None

    # --- perspective

    def action_perspective(self) -> None:
        nxt = (self.perspective + 1) % (self._everything + 1)
        # a game still being played: nobody sits at a bot's seat to be handed the screen,
        # so its view (its secrets) is not among the seats' (everything shows it, warned)
        while 0 < nxt < self._everything and not self.cursor.finished and self.record.seats[nxt - 1].bot:
            nxt += 1
        if nxt == self._everything and not self._spoilers_accepted:
            from .spoiler import SpoilerScreen

            def answered(yes: bool | None) -> None:
                self._spoilers_accepted = bool(yes)
                self._set_perspective(self._everything if yes else 0)

            self.app.push_screen(SpoilerScreen(), answered)
            return
        if 0 < nxt < self._everything and not self.cursor.finished:
            # A game still being played: a seat's view holds its secrets, so it is drawn
            # only once that player says they alone can see the screen.
            from .handover import Handed, HandoverScreen

            def handed(answer: Handed | None) -> None:
                self._set_perspective(nxt if answer == "ready" else 0)

            self.app.push_screen(HandoverScreen(self.record.seats[nxt - 1].name), handed)
            return
        self._set_perspective(nxt)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # the key bar names only moves that go somewhere from here
        position, length = self.cursor.position, self.cursor.length
        if action in ("step", "round"):
            return position < length if int(str(parameters[0])) > 0 else position > 0
        if action == "first":
            return position > 0
        if action == "last":
            return position < length
        return True

    def _set_perspective(self, perspective: int) -> None:
        self.perspective = perspective
        self._draw()

    # --- help and leaving

    def action_help(self) -> None:
        from .help import HelpScreen

        markdown = (
            "Watch the game again. **View** cycles the public view, each player's view, "
            "and everything (every secret). For a game that is not finished, a player's "
            "view is shown only after a pass screen to that player, and everything only "
            "after you agree.\n\n"
            + self.game.rules_markdown
        )
        self.app.push_screen(HelpScreen(f"{self.game.title} replay — help", help_keys(self), markdown))

    def action_back(self) -> None:
        self._stop_auto()
        self.app.pop_screen()
