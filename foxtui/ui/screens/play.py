"""The table in play: whose turn, handovers between humans, bots, undo and the log.

The screen owns the flow; the game's panel only draws a View and reports the
action a player chose. Everything shown comes from ``session.view(seat)`` and
``session.log(seat)`` for the one seat whose view is on screen.
"""

from __future__ import annotations

from typing import Any, Callable

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen

from foxtui.engine.game import IllegalAction
from foxtui.engine.session import Session

from ..games import panel_for
from ..games.base import GamePanel
from ..stylesheets import stylesheets
from ..widgets.keybar import KeyBar
from ..widgets.keys import help_keys
from ..widgets.log import GameLog
from ..widgets.status import StatusLine
from .handover import Handed, HandoverScreen

#: log lines handed to the widget; more than fit on screen, so the player can scroll back
LOG_LINES = 50


class PlayScreen(Screen[None]):
    CSS_PATH = stylesheets("play.tcss")
    BINDINGS = [
        Binding("question_mark", "help", "Help", id="play.help"),
        Binding("u", "undo", "Undo", id="play.undo"),
        Binding("p", "next_player", "Next player", id="play.next_player"),
        Binding("q", "home", "Home", id="play.home"),
    ]

    def __init__(self, session: Session, bot_delay: float = 0.5) -> None:
        super().__init__()
        self.session = session
        self._panel_type = panel_for(session.game.id)
        self.css_path = [*self.css_path, *self._panel_type.stylesheets()]
        self.bot_delay = bot_delay
        #: whose view the panel shows; None = the public view
        self.seat_on_screen: int | None = None
        # Bumped whenever the flow moves on, so a bot turn scheduled earlier does nothing.
        self._flow = 0
        self._resume_flow = False  # a bot's turn came while the help was open
        self._save_problem: str | None = None  # the autosave failure last told to the players
        self._humans = self._seats_here()

    def compose(self) -> ComposeResult:
        yield StatusLine(id="play-status")
        yield self._panel_type(id="play-panel")
        yield GameLog(max_lines=4 * LOG_LINES, id="play-log")  # wrapped rows, not steps
        yield KeyBar()

    def _seats_here(self) -> list[int]:
        """The seats played at this terminal: every human seat (a shared table's screen
        overrides this with its one seat, or none for a spectator)."""
        return [n for n, seat in enumerate(self.session.seats) if seat.bot is None]

    def _round_text(self) -> str:
        return f"Round {self.session.game.round_of(self.session.state)}"

    @property
    def panel(self) -> GamePanel:
        return self.query_one("#play-panel", GamePanel)

    def on_mount(self) -> None:
        clock = self.session.record.clock
        if clock is not None:
            self.panel.resumed_clock = (clock.key, clock.seconds_left)
        self._tell_save_problem()  # a new table's first save may already have failed
        self.advance()

    def on_unmount(self) -> None:
        self._flow += 1  # no bot may act for a table that has left the screen

    # --- the flow

    def advance(self) -> None:
        """Decide what happens next: results, a bot's move, a handover, or a human's turn."""
        self._flow += 1
        session = self.session
        if session.outcome() is not None:
            self._show_results()
            return
        if session.bots_to_act():
            self._show(self._seat_while_bots_act())
            self._later(self._bot_turn)
            return
        humans = session.humans_to_act()
        if not humans:
            self._show(self._seat_while_bots_act())  # nobody can act: show what is there
            return
        seat = self.seat_on_screen if self.seat_on_screen in humans else humans[0]
        if (
            seat != self.seat_on_screen
            and len(self._humans) > 1
            and session.game.has_secrets(session.state, seat)
        ):
            # Hide the previous player's secrets before the screen changes hands. The
            # player who just moved is still at the keyboard: the cover lets them take
            # that move back if the rules allow it.
            previous = self.seat_on_screen
            can_undo = previous is not None and session.undo_refusal(previous) is None
            self._show(None)
            self.app.push_screen(
                HandoverScreen(session.seats[seat].name, can_undo=can_undo),
                lambda handed: self._handed_over(seat, previous, handed),
            )
            return
        self._show(seat)

    def _seat_while_bots_act(self) -> int | None:
        if len(self._humans) == 1:
            return self._humans[0]  # a lone human always sees their own view
        if not self._humans:
            return None  # bots only: the public view
        return self.seat_on_screen  # whoever last had the screen keeps it

    def _handed_over(self, seat: int, previous: int | None, handed: Handed | None) -> None:
        if handed == "undo" and previous is not None:
            # the same player keeps the keyboard: their own view again, no handover
            if self._undo(previous):
                self.seat_on_screen = previous
            self.advance()
            return
        self.seat_on_screen = seat
        self.advance()

    def _later(self, callback: Callable[[], None]) -> None:
        """Run ``callback`` after the bot delay, through the event loop, unless the flow
        has moved on by then (a player acted, undid, or left)."""
        flow = self._flow

        def fire() -> None:
            if flow != self._flow:
                return
            if not self.is_active:
                # the help is open on top: go on when the table is back on screen
                self._resume_flow = True
                return
            callback()

        if self.bot_delay > 0:
            self.set_timer(self.bot_delay, fire)
        else:
            self.call_later(fire)

    def on_screen_resume(self) -> None:
        if self._resume_flow:
            self._resume_flow = False
            self.advance()

    def _bot_turn(self) -> None:
        self._step(self.session.play_bot)

    def _step(self, move: Callable[[], Any]) -> None:
        """Make one move through the session, then go on with the flow."""
        before = self.session.view(None)
        try:
            move()
        except IllegalAction as exc:
            self.notify(str(exc), severity="error")
            return
        self._tell_save_problem()
        self._after_step(before)

    def _tell_save_problem(self) -> None:
        """The session plays on when an autosave fails and says why in ``save_problem``:
        tell the players once per failure, and again when saving works again."""
        problem = self.session.save_problem
        if problem == self._save_problem:
            return
        if problem is not None:
            self.notify(problem, severity="error")
        else:
            self.notify("The game is saved again.")
        self._save_problem = problem

    def _after_step(self, public_before: Any) -> None:
        # A table of bots only has nobody to read an interlude (or to dismiss it).
        interlude = self.panel.interlude(public_before, self.session.view(None)) if self._humans else None
        if interlude is None:
            self.advance()
            return
        self._flow += 1
        if len(self._humans) > 1:
            self._show(None)  # everyone reads the interlude: no one's secrets behind it
        self.app.push_screen(interlude, lambda _: self.advance())

    def _show_results(self) -> None:
        session = self.session
        app = self.app
        app.pop_screen()  # the results replace the table
        app.open_results(session.game, session.record, session.state)

    def _show(self, seat: int | None) -> None:
        """Draw the table as ``seat`` sees it, with its legal actions if it is to act."""
        session = self.session
        self.seat_on_screen = seat
        self.refresh_bindings()  # undo and "next player" come and go with the turn
        legal = session.legal_actions(seat) if seat is not None and seat in session.humans_to_act() else []
        self.panel.show(session.view(seat), legal, seat)
        lines = session.log(seat, last=LOG_LINES)
        self.query_one(GameLog).show_lines(lines, session.step_count - len(lines), seat)
        self.query_one(StatusLine).show_parts(
            session.game.title,
            self._round_text(),
            self._turn_text(),
            "Public view" if seat is None else f"{session.seats[seat].name}'s view",
            "NOT SAVED" if session.save_problem else "",  # stays in sight while saving fails
        )

    def _turn_text(self) -> str:
        names = [self.session.seats[n].name for n in sorted(self.session.to_act())]
        if not names:
            return ""
        if len(names) == 1:
            return f"{names[0]} to play"
        return f"{', '.join(names[:-1])} and {names[-1]} to play"

    # --- the player's input

    @on(GamePanel.ActionChosen)
    def _action_chosen(self, message: GamePanel.ActionChosen) -> None:
        message.stop()
        seat = self.seat_on_screen
        if seat is None or seat not in self.session.humans_to_act():
            self.notify("It is not your turn.", severity="error")
            return
        self._step(lambda: self.session.act(seat, message.action))

    @on(GamePanel.TableStep)
    def _table_step(self, message: GamePanel.TableStep) -> None:
        message.stop()
        session = self.session
        clock = session.game.clock(session.state)
        if clock is not None and clock.step == message.action and session.to_act():
            seat = min(session.to_act())
            self._step(lambda: session.act(seat, message.action))

    @on(GamePanel.ClockMoved)
    def _clock_moved(self, message: GamePanel.ClockMoved) -> None:
        message.stop()
        self.session.keep_clock(message.key, message.seconds_left, save=message.save)
        if message.save:
            self._tell_save_problem()

    def _open_seats(self) -> list[int]:
        """The humans to act who may take the keyboard in any order: more than one, and
        none with anything to hide (a cooperative table, everything face up)."""
        session = self.session
        humans = session.humans_to_act()
        if len(humans) < 2 or any(session.game.has_secrets(session.state, s) for s in humans):
            return []
        return humans

    def action_next_player(self) -> None:
        humans = self._open_seats()
        if not humans:
            return
        later = [s for s in humans if self.seat_on_screen is None or s > self.seat_on_screen]
        self._show((later or humans)[0])

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next_player":
            return bool(self._open_seats())
        if action == "undo":
            # only a player whose view is on screen has a move to take back (a refusal
            # is still explained when they press u)
            return self.seat_on_screen is not None
        return True

    def action_undo(self) -> None:
        seat = self.seat_on_screen
        if seat is not None and self._undo(seat):
            self.advance()

    def _undo(self, seat: int) -> bool:
        """Take back ``seat``'s last move, or say in one sentence why it stands."""
        refusal = self.session.undo(seat)
        if refusal is not None:
            self.notify(refusal, severity="warning")
            return False
        self.notify("Undone.")
        self._tell_save_problem()
        return True

    def action_help(self) -> None:
        from .help import HelpScreen

        game = self.session.game
        markdown = "\n\n".join(part for part in (self.panel.KEYS_HELP, game.rules_markdown) if part)
        self.app.push_screen(HelpScreen(f"{game.title} — help", help_keys(self), markdown))

    def action_home(self) -> None:
        self._flow += 1
        if self.session.record.clock is not None:
            self.session.save()  # the countdown's last second, not just its last save
        if self.session.save_problem is not None:
            self.notify(f"{self.session.save_problem} The latest moves are not saved.", severity="error")
        elif self.session.path is not None:
            self.notify("Saved. Continue from the home screen.")
        self.app.pop_screen()
