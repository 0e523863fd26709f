"""TableDriver: the flow of a table, written once for the app and for foxtui serve.

The driver decides what happens next at a table: which bot moves and when, when a
move time limit runs out, how the game's clock counts down and when its step is
applied, which seat's view goes on screen and whether a pass screen is due first.
Time reaches it only through its ``Scheduler``; what it decides reaches its owner
through a ``TableListener``. It never touches a screen, a socket or a clock itself,
so a fake scheduler tests every flow in microseconds.
"""

from __future__ import annotations

import math
from typing import Any, Callable, ClassVar, Literal, NamedTuple, Protocol, Sequence

from foxtui.engine.decision import BotDecision, BotMove
from foxtui.engine.game import IllegalAction

from .base import Table


class Timer(Protocol):
    def cancel(self) -> None: ...


class Scheduler(Protocol):
    """Time as the driver's owner keeps it (Textual's timers, the asyncio loop, a fake)."""

    def now(self) -> float:
        """Seconds on a clock that only moves forward."""
        ...

    def call_later(self, delay: float, callback: Callable[[], None]) -> Timer:
        """Call ``callback`` once, ``delay`` seconds from now (0: as soon as possible)."""
        ...


#: who made a step: a player, a bot in its own seat, a bot standing in for a player
#: whose move time ran out, the game's clock, or the server (a table elsewhere)
StepKind = Literal["player", "bot", "stand_in", "clock", "remote"]


class StepNews(NamedTuple):
    """A step the table took (or, for a table elsewhere, that the server reported)."""

    kind: StepKind
    seat: int | None
    #: the public view before it: interludes (a round's summary, a reveal) compare it
    #: with the public view after
    public_before: Any


#: what the owner gives a driver to think off its thread: ``think(question, done)``
#: answers ``question`` (a BotQuestion: foxtui/bots/ask.py) elsewhere (a thread, a
#: worker process) and calls ``done(move)``, or ``done(error)``, back on the owner's
#: thread; what it returns is cancelled when the answer is no longer wanted
Thinker = Callable[[Any, Callable[[Any], None]], Timer]


class TableListener(Protocol):
    def table_changed(self, news: StepNews) -> None:
        """A step was taken: draw it, store it, send it."""
        ...

    def clock_changed(self, seconds_left: int | None) -> None:
        """The game's clock shows a new second (None: no clock runs now)."""
        ...

    def step_failed(self, news: StepNews, error: Exception) -> None:
        """A bot's or the clock's step was refused (a bug: the table goes on)."""
        ...


class Turn(NamedTuple):
    """What a screen shows now (``TableDriver.turn``)."""

    #: the game is over: the results
    over: bool = False
    #: whose view to draw (None: the public view); its legal moves if it is to act
    seat: int | None = None
    #: a pass screen is due first, to this seat; nothing of anyone's is drawn behind it
    handover_to: int | None = None
    #: who may take back their last move from that pass screen (None: nobody)
    undo_seat: int | None = None


class TableDriver:
    #: real seconds per second of a game's clock (tests speed it up, or stop it)
    TICK: ClassVar[float] = 1.0
    #: a running clock is saved every this many of its seconds (a crash loses no more)
    CLOCK_SAVE_EVERY: ClassVar[int] = 5

    def __init__(
        self,
        table: Table,
        scheduler: Scheduler,
        listener: TableListener,
        *,
        seats_here: Sequence[int] | None = None,
        bot_delay: float = 0.5,
        realtime_bot_delay: float | None = None,
        move_seconds: float = 0.0,
        thinker: Thinker | None = None,
    ) -> None:
        """``seats_here``: the seats played at this keyboard (default: every human seat;
        a shared table's screen: its one seat, or none for a spectator). Where several
        seats act at once (real time), bots wait ``realtime_bot_delay`` (default: the
        same as ``bot_delay``). ``move_seconds`` > 0: a human who takes longer has a
        bot move for them (a table that runs here). ``thinker``: where a bot that
        searches (the expert level) thinks, off the owner's thread; without one it
        thinks in the driver's own call (tests, headless play)."""
        self.table = table
        self.scheduler = scheduler
        self.listener = listener
        humans = [n for n, seat in enumerate(table.seats) if seat.bot is None]
        self.seats_here: list[int] = list(humans if seats_here is None else seats_here)
        self.bot_delay = bot_delay
        self.realtime_bot_delay = bot_delay if realtime_bot_delay is None else realtime_bot_delay
        self.move_seconds = move_seconds
        #: whose view is on screen (None: the public view)
        self.on_screen: int | None = None
        #: the player here who holds the keyboard, as far as the table knows (None: not
        #: known): an interlude everyone reads puts the public view on screen, but leaves
        #: the keyboard where it was
        self.at_keyboard: int | None = None
        self._public = table.view(None)
        self._paused = False
        self._pending = False  # something came due while paused
        self._hurry = False  # bots play at once until a human here is to act
        self._closed = False
        self._bot_timer: Timer | None = None
        #: per bot seat, the table's change count when it was last asked to move
        self._bot_moved: dict[int, int] = {}
        self._limits: dict[int, Timer] = {}  # human seat -> its move time limit
        self._limit_ends: dict[int, float] = {}  # ... and when it runs out (scheduler time)
        self._clock_timer: Timer | None = None
        self._clock_key: int | None = None  # the timed period counting down
        self._deadline = 0.0
        self._left: int | None = None  # the second the clock shows
        self._clock_held = False  # the clock stands where it is (hold_clock)
        self.thinker = thinker
        #: the seat whose bot is thinking now (a search running elsewhere), None when none
        self.thinking: int | None = None
        self._think_job: Timer | None = None
        self._think_changes = -1
        self._think_token: object | None = None
        self._changes = 0  # every change of the table: an answer to an older one is stale
        self._answer: tuple[int, int, BotMove] | None = None  # (changes, seat, move) kept while paused

    # --- starting, pausing, stopping

    def start(self) -> None:
        """Begin: the first bot move, the clock, the move limits (a table elsewhere: the
        countdown the server last told of)."""
        if self.table.runs_here:
            self._schedule()
        else:
            self._follow_remote_clock()

    def pause(self) -> None:
        """Nothing is played while the table is out of sight (a help, an interlude or a
        pass screen on top): a bot's move or the clock's step that comes due waits."""
        self._paused = True
        self._hurry = False  # an interlude (or a pass screen) ends a skip ahead

    def resume(self) -> None:
        """The table is back in sight: what came due meanwhile happens now."""
        if not self._paused:
            return
        self._paused = False
        if self._pending:
            self._pending = False
            if self.table.runs_here:
                self._schedule()
            else:
                self.refresh()

    @property
    def paused(self) -> bool:
        return self._paused

    def hold_clock(self) -> None:
        """The game's clock stands where it is, its seconds kept, until ``release_clock``:
        nobody can play (the table's players are not back after a restart, its round
        counts down to a start). Its step never comes meanwhile. (``pause`` only keeps
        the step waiting: the time runs on behind an interlude, as at a real table.)"""
        if self._clock_held:
            return
        left = self.clock_left()
        self._clock_held = True
        if self._clock_timer is not None:
            self._clock_timer.cancel()
            self._clock_timer = None
        if left is not None and left != self._left:
            self._left = left
            self.listener.clock_changed(left)

    def release_clock(self) -> None:
        """The clock runs again from the seconds it stood at."""
        if not self._clock_held:
            return
        self._clock_held = False
        if self._left is not None:
            self._start_countdown(self._left)

    @property
    def clock_held(self) -> bool:
        return self._clock_held

    def hurry(self) -> bool:
        """Skip ahead: the bots play without waiting until a human here is to act (or
        an interlude stops the table). False when no bot is about to move."""
        if not self.bots_to_move():
            return False
        self._hurry = True
        self._schedule()
        return True

    def bots_to_move(self) -> bool:
        """Only bots are to move, nobody at this keyboard (the skip-ahead key is worth
        offering; in real time, with a person still playing, the bots keep their pace)."""
        table = self.table
        if not table.runs_here or table.outcome() is not None:
            return False
        to_act = table.to_act()
        humans_here = any(s in self.seats_here and not table.is_bot(s) for s in to_act)
        return not humans_here and any(table.is_bot(s) for s in to_act)

    def save(self) -> None:
        """Write the table now, a running countdown kept to the second."""
        if self._closed or not self.table.runs_here:
            return
        if self._clock_key is not None:
            self.table.keep_clock(self._clock_key, self.clock_left() or 0, save=True)
        else:
            self.table.save()

    def close(self) -> None:
        """The table leaves this process's hands (its screen closes, the server stops):
        a running countdown is kept to the second and saved; nothing more is played."""
        if self._closed:
            return
        if self._clock_key is not None:
            self.save()
        self._closed = True
        self._cancel_all()
        self._stop_thinking()

    # --- what the owner asks

    def move_left(self, seat: int) -> float | None:
        """Seconds left before a bot moves for ``seat`` (its move time limit); None when
        no limit runs for it."""
        end = self._limit_ends.get(seat)
        if end is None or seat not in self._limits:
            return None
        return max(0.0, end - self.scheduler.now())

    def clock_left(self) -> int | None:
        """Whole seconds the running clock has left now; None when none runs."""
        if self._left is None:
            return None
        if self._clock_held:
            return self._left
        return max(0, math.ceil((self._deadline - self.scheduler.now()) / self.TICK - 1e-6))

    def turn(self) -> Turn:
        """What the screen at this keyboard shows now; remembers the seat it puts on screen."""
        table = self.table
        if table.outcome() is not None:
            return Turn(over=True, seat=self.on_screen)
        to_act = sorted(table.to_act())
        humans = [s for s in to_act if s in self.seats_here and not table.is_bot(s)]
        bots_act = table.runs_here and any(table.is_bot(s) for s in to_act)
        if bots_act or not humans:
            return self._put_on_screen(self._seat_while_others_act())
        holder = self.on_screen if self.on_screen is not None else self.at_keyboard
        seat = holder if holder in humans else humans[0]
        if seat != holder and len(self.seats_here) > 1 and not table.open_table:
            # The keyboard must change hands: hide the previous player's view first, even
            # when the next one holds no secret right now (nobody moves for someone else
            # by pressing Enter). The previous player is still at the keyboard, so they
            # may take their move back from there.
            previous = holder
            undo = previous if previous is not None and table.undo_refusal(previous) is None else None
            return Turn(handover_to=seat, undo_seat=undo)
        return self._put_on_screen(seat)

    def handed_over(self, seat: int) -> None:
        """The pass screen was answered: ``seat``'s player has the keyboard."""
        self.on_screen = self.at_keyboard = seat

    def undo_at_handover(self, seat: int) -> str | None:
        """``seat``'s move is taken back from the pass screen (None when it was; else why
        not). Whoever holds the keyboard now may not be that player: nobody's view is
        on screen, so the next turn is a pass screen to the seat to act again."""
        self.on_screen = self.at_keyboard = None
        return self.undo(seat)

    def open_seats(self) -> list[int]:
        """The humans here who may take the keyboard in any order: more than one is to
        act, and none of them has anything to hide (a cooperative table, face up)."""
        table = self.table
        humans = [s for s in sorted(table.to_act()) if s in self.seats_here and not table.is_bot(s)]
        if len(humans) < 2 or not table.open_table:
            return []
        return humans

    def next_player(self) -> int | None:
        """Give the keyboard to the next of the open seats (``open_seats``)."""
        humans = self.open_seats()
        if not humans:
            return None
        later = [s for s in humans if self.on_screen is None or s > self.on_screen]
        self.on_screen = (later or humans)[0]
        return self.on_screen

    # --- moves

    def act(self, seat: int, action: Any) -> None:
        """A player's move. IllegalAction (a sentence) changes nothing. A table elsewhere
        sends it on; its result comes back through ``refresh``."""
        if not self.table.runs_here:
            self.table.act(seat, action)
            return
        before = self._public
        self.table.act(seat, action)
        self._stepped(StepNews("player", seat, before))

    def undo(self, seat: int) -> str | None:
        """Take back ``seat``'s last move: None when done, else why not (a sentence)."""
        refusal = self.table.undo(seat)
        if refusal is None:
            self._changes += 1
            self._public = self.table.view(None)
            self._schedule()
        return refusal

    def refresh(self) -> None:
        """A table elsewhere changed (the server sent an update): tell the listener once
        the table is in sight, comparing with the public view it last saw."""
        self._follow_remote_clock()
        if self._paused:
            self._pending = True
            return
        before, self._public = self._public, self.table.view(None)
        self.listener.table_changed(StepNews("remote", None, before))

    # --- the flow

    def _put_on_screen(self, seat: int | None) -> Turn:
        self.on_screen = seat
        if seat is not None and seat in self.seats_here:
            self.at_keyboard = seat
        return Turn(seat=seat)

    def _seat_while_others_act(self) -> int | None:
        if len(self.seats_here) == 1:
            return self.seats_here[0]  # a lone human always sees their own view
        if not self.seats_here:
            return None  # nobody plays here (bots only, a spectator): the public view
        return self.on_screen  # whoever last had the screen keeps it

    def _stepped(self, news: StepNews) -> None:
        self._changes += 1
        self._public = self.table.view(None)
        self._schedule(actor=news.seat)
        self.listener.table_changed(news)

    def _schedule(self, actor: int | None = None) -> None:
        """After every change: the next bot move, the clock and the move limits."""
        table = self.table
        if self._closed or not table.runs_here:
            if self._bot_timer is not None:
                self._bot_timer.cancel()
                self._bot_timer = None
            return
        if table.outcome() is not None:
            self._cancel_all()
            self._follow_clock()
            return
        to_act = table.to_act()
        if self._hurry and any(s in self.seats_here and not table.is_bot(s) for s in to_act):
            self._hurry = False  # someone here has a decision: back to the table's pace
        bots = [s for s in to_act if table.is_bot(s)]
        realtime = len(to_act) > 1
        # Where several seats play at once (real time), bots keep a human pace: a
        # human's move does not put their wait back to the start (a quick player
        # would keep them from ever moving).
        keep = self._bot_timer is not None and bots and realtime and not self._hurry and actor not in bots
        if not keep:
            if self._bot_timer is not None:
                self._bot_timer.cancel()
                self._bot_timer = None
            if bots:
                # in real time each bot moves about once per realtime_bot_delay: the
                # bots take turns (see _bot_due) on one timer
                delay = self.realtime_bot_delay / len(bots) if realtime else self.bot_delay
                self._bot_timer = self.scheduler.call_later(0 if self._hurry else delay, self._bot_due)
        self._follow_clock()
        if self.move_seconds > 0:
            humans = {s for s in to_act if not table.is_bot(s)}
            for seat in list(self._limits):
                if seat not in humans or seat == actor:
                    self._limits.pop(seat).cancel()
                    self._limit_ends.pop(seat, None)
            for seat in sorted(humans - set(self._limits)):
                self._limits[seat] = self.scheduler.call_later(self.move_seconds, self._limit_due(seat))
                self._limit_ends[seat] = self.scheduler.now() + self.move_seconds

    def _cancel_all(self) -> None:
        self._stop_thinking()
        for timer in [self._bot_timer, self._clock_timer, *self._limits.values()]:
            if timer is not None:
                timer.cancel()
        self._bot_timer = self._clock_timer = None
        self._limits.clear()
        self._limit_ends.clear()

    def _bot_due(self) -> None:
        self._bot_timer = None
        if self._closed:
            return
        if self._paused:
            self._pending = True
            return
        table = self.table
        bots = [s for s in sorted(table.to_act()) if table.is_bot(s)]
        if bots:
            # the bot that has waited longest (in real time several may act at once)
            seat = min(bots, key=lambda s: (self._bot_moved.get(s, -1), s))
            self._bot_moved[seat] = self._changes
            self._play_for(seat, "bot")

    def _limit_due(self, seat: int) -> Callable[[], None]:
        def due() -> None:
            self._limits.pop(seat, None)
            self._limit_ends.pop(seat, None)
            if self._closed:
                return
            if self._paused:  # (a held round): the limit starts again when play resumes
                self._pending = True
                return
            table = self.table
            if seat in table.to_act() and not table.is_bot(seat):
                self._play_for(seat, "stand_in")

        return due

    def _play_for(self, seat: int, kind: StepKind) -> None:
        news = StepNews(kind, seat, self._public)
        answer = self._answer
        self._answer = None
        if answer is not None and answer[:2] == (self._changes, seat):
            self._bot_moves(news, answer[2])  # thought out while the table was out of sight
            return
        if kind == "bot" and self.thinker is not None and self.table.bot_searches(seat):
            self._think(news)
            return
        try:
            move = self.table.bot_move(seat)
        except IllegalAction as exc:
            self.listener.step_failed(news, exc)
            return
        self._bot_moves(news, move)

    def _bot_moves(self, news: StepNews, move: BotMove) -> None:
        assert news.seat is not None
        # a step a bot takes for a player is recorded as such (and told so in the log),
        # as is the sensible move played for a bot whose own went round or failed
        by = "bot" if news.kind == "stand_in" else move.by
        try:
            self.table.act(news.seat, move.action, by)
        except IllegalAction as exc:
            self.listener.step_failed(news, exc)
            return
        self._stepped(news)

    # --- a bot that thinks elsewhere

    def _think(self, news: StepNews) -> None:
        """Ask the thinker; the table goes on meanwhile (a human in real time may move:
        the answer is then stale and the bot thinks again about the new table)."""
        seat = news.seat
        assert seat is not None and self.thinker is not None
        changes = self._changes
        if self.thinking == seat and self._think_token is not None and self._think_changes == changes:
            return  # already thinking about this very table
        self._stop_thinking()
        try:
            decision = self.table.bot_decision(seat)
        except IllegalAction as exc:
            self.listener.step_failed(news, exc)
            return
        self._ask(news, decision, changes)

    def _ask(self, news: StepNews, decision: BotDecision, changes: int) -> None:
        """Send the decision's question to the thinker (again, when its answer went round:
        the question then leaves out the moves that would bring a position back)."""
        seat = news.seat
        assert seat is not None and self.thinker is not None
        token = object()

        def done(move: Any) -> None:
            if self._closed or self._think_token is not token:
                return  # a later question replaced this one, or the table closed
            self._think_token = None
            self._think_job = None
            self._set_thinking(None)
            if changes != self._changes:
                self._schedule()  # the table changed while the bot thought: again
                return
            played = decision.answered(move)  # (a failure too: the sensible move is played)
            if played is None:
                self._ask(news, decision, changes)
                return
            if self._paused:
                self._answer = (changes, seat, played)
                self._pending = True
                return
            self._bot_moves(news, played)

        self._think_changes = changes
        self._think_token = token
        self._set_thinking(seat)
        job = self.thinker(decision.question, done)
        if self._think_token is token:  # (not answered at once)
            self._think_job = job

    def _stop_thinking(self) -> None:
        self._think_token = None
        if self._think_job is not None:
            self._think_job.cancel()
            self._think_job = None
        self._set_thinking(None)

    def _set_thinking(self, seat: int | None) -> None:
        if seat == self.thinking:
            return
        self.thinking = seat
        told = getattr(self.listener, "bot_thinking", None)  # optional for a listener
        if told is not None:
            told(seat)

    # --- the game's clock

    def _follow_clock(self) -> None:
        """Start the countdown when a timed period begins (a saved one goes on where it
        stopped); stop it when the period is over."""
        table = self.table
        clock = table.clock() if table.outcome() is None else None
        key = None if clock is None else clock.key
        if key != self._clock_key:
            self._stop_clock()
            if self._clock_key is not None:
                table.keep_clock(None, 0, save=False)  # the period is over
            self._clock_key = key
            if clock is not None:
                kept = table.kept_clock(clock.key)
                self._start_countdown(clock.seconds if kept is None else min(kept, clock.seconds))
        elif self._left == 0 and self._clock_timer is None and not self._clock_held:
            # it ran out while the table was out of sight: the step, on the next turn
            self._clock_timer = self.scheduler.call_later(0, self._tick)

    def _follow_remote_clock(self) -> None:
        """A table elsewhere: show the server's countdown, going on between its updates
        (standing still while the server holds it)."""
        if self.table.clock_held:
            self.hold_clock()
        left = self.table.clock_left()
        if left is None:
            self._stop_clock()
            return
        if self._clock_timer is not None:
            self._clock_timer.cancel()
            self._clock_timer = None
        if self._clock_held and not self.table.clock_held:
            self._clock_held = False  # (the server's countdown runs again from ``left``)
        self._start_countdown(left)

    def _start_countdown(self, left: int) -> None:
        self._deadline = self.scheduler.now() + left * self.TICK
        if left != self._left:
            self._left = left
            self.listener.clock_changed(left)
        if self._clock_held:
            return  # it stands at ``left`` until release_clock
        # (already out of time: the step comes on the next turn, not inside this change)
        self._clock_timer = self.scheduler.call_later(self.TICK if left > 0 else 0, self._tick)

    def _stop_clock(self) -> None:
        if self._clock_timer is not None:
            self._clock_timer.cancel()
            self._clock_timer = None
        if self._left is not None:
            self._left = None
            self.listener.clock_changed(None)

    def _tick(self) -> None:
        self._clock_timer = None
        if self._closed or self._left is None or self._clock_held:
            return
        remaining = self._deadline - self.scheduler.now()
        left = max(0, math.ceil(remaining / self.TICK - 1e-6))
        if left != self._left:
            self._left = left
            if self._clock_key is not None and self.table.runs_here:
                # kept every second; written every few (and with every step)
                save = left % self.CLOCK_SAVE_EVERY == 0
                self.table.keep_clock(self._clock_key, left, save=save)
            self.listener.clock_changed(left)
        if left <= 0:
            self._time_up()
            return
        self._clock_timer = self.scheduler.call_later(max(0.0, remaining - (left - 1) * self.TICK), self._tick)

    def _time_up(self) -> None:
        table = self.table
        if not table.runs_here:
            return  # the server's clock applies the step; its update will say so
        if self._paused:
            self._pending = True
            return
        clock = table.clock()
        if clock is None or clock.key != self._clock_key or table.outcome() is not None:
            return
        before = self._public
        news = StepNews("clock", None, before)
        try:
            table.clock_step(clock)
        except IllegalAction as exc:
            self.listener.step_failed(news, exc)
            return
        self._stepped(news)
