"""A game in progress and its record: applies actions, asks bots, autosaves, decides undo.

The session is the only thing that changes a game in progress. It does not decide
the flow (which bot moves when, clocks, pass screens): a table's driver does
(foxtui/table/driver.py), through a Table that holds the session (table/local.py at
one keyboard, the server's hub for foxtui serve); screens draw ``view(seat)`` as the
driver says. It never imports the UI.
"""

from __future__ import annotations

from hashlib import blake2b
from pathlib import Path
from typing import Any, Callable

import msgspec

from . import saves_lock
from .decision import BotDecision, BotMove
from .game import Game, IllegalAction, Outcome, SeatInfo, rng_field_changed
from .record import GameRecord, Step, TableClock, load_record, replay_states, save_record, state_hash
from .rng import seed_state

_encode = msgspec.msgpack.encode


def _digest(view: Any) -> bytes:
    """A position as a seat sees it, short."""
    return blake2b(_encode(view), digest_size=16).digest()


class SaveError(Exception):
    """A save that failed; the message is one sentence for the players."""


#: writes a record somewhere other than a file (a server's database): the record, the
#: round shown, whether it is finished; raises SaveError with a sentence when it fails
Saver = Callable[[GameRecord, int, bool], None]


class Session:
    def __init__(
        self, game: Game, record: GameRecord, states: list[Any], path: Path | None, saver: Saver | None = None
    ) -> None:
        self.game = game
        self.record = record
        self._states = states  # states[n] is the state after n steps
        # _marks[n]: what the table's history marks on its views after n steps (Game.follow_marks)
        self._marks: list[Any] = []
        for state in states:
            self._marks.append(game.follow_marks(self._marks[-1] if self._marks else None, state))
        self.path = path
        #: where the record is kept instead of ``path`` (None: the file at ``path``, if any)
        self.saver = saver
        #: why the last autosave failed (disk full, folder removed ...), None when it worked
        self.save_problem: str | None = None
        self._lines: dict[tuple[int, int | None], tuple[Step, Any, str]] = {}  # see _told
        #: per step: the state after it and who was to act there (see positions)
        self._acting: dict[int, tuple[Any, frozenset[int]]] = {}
        #: per (step, seat): the state after it and the digest of the seat's View of it
        self._seen: dict[tuple[int, int], tuple[Any, bytes]] = {}
        #: the last move tried by brings_back: (state, seat, action, the state it makes,
        #: the seat's View of that and its digest, or None), for act
        self._tried: tuple[Any, int, Any, Any, Any, bytes | None] | None = None
        #: (state, seat, its View) made by brings_back for the step just taken
        self._after: tuple[Any, int, Any] | None = None
        self._closed = False

    # --- starting

    @classmethod
    def new(
        cls,
        game: Game,
        seats: list[SeatInfo],
        options: Any,
        seed: int,
        path: Path | None = None,
        bot_speed: str | None = None,
    ) -> "Session":
        """Raises ValueError with a clear sentence when the table is not valid.
        ``bot_speed`` is the table's (kept in the record, so a resumed game keeps it)."""
        if not game.min_players <= len(seats) <= game.max_players:
            raise ValueError(f"{game.title} is for {game.min_players} to {game.max_players} players, not {len(seats)}.")
        for seat in seats:
            if seat.bot is not None and seat.bot not in game.bots:
                levels = ", ".join(game.bots)
                raise ValueError(f"{game.title} has no bot level {seat.bot!r} (levels: {levels}).")
        state = game.setup(list(seats), options, seed)
        record = GameRecord(game.id, options, list(seats), seed, bot_speed=bot_speed, rules=game.rules_version)
        if path is not None:
            saves_lock.hold(path)
        session = cls(game, record, [state], path)
        session.save()
        return session

    @classmethod
    def resume(cls, path: Path) -> "Session":
        """Raises RecordError (one sentence naming the file) when the save is not usable,
        GameInUse (a RecordError) when another foxtui process is playing it."""
        from foxtui.games import GAMES

        saves_lock.hold(path)  # before reading: the other process may be writing it
        try:
            record, _ = load_record(path)
            states = list(replay_states(record, Path(path).name, GAMES[record.game]))
        except BaseException:
            saves_lock.release(path)
            raise
        return cls(GAMES[record.game], record, states, Path(path))

    def close(self) -> None:
        """This process is done with the table: another may continue its save."""
        if self.path is not None and not self._closed:
            self._closed = True
            saves_lock.release(self.path)

    @classmethod
    def from_record(cls, game: Game, record: GameRecord, name: str, saver: Saver | None = None) -> "Session":
        """A game kept elsewhere (a server's database), replayed to its last step.
        Raises RecordError naming ``name`` when a step is illegal or was changed."""
        return cls(game, record, list(replay_states(record, name, game)), None, saver)

    # --- reading

    @property
    def state(self) -> Any:
        return self._states[-1]

    @property
    def seats(self) -> list[SeatInfo]:
        return self.record.seats

    @property
    def step_count(self) -> int:
        return len(self.record.steps)

    def to_act(self) -> frozenset[int]:
        return self.game.to_act(self.state)

    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state)

    def view(self, seat: int | None) -> Any:
        return self.game.marked_view(self.game.view(self.state, seat), self._marks[-1])

    def legal_actions(self, seat: int) -> list[Any]:
        return self.game.legal_actions(self.state, seat)

    def is_bot(self, seat: int) -> bool:
        return self.record.seats[seat].bot is not None

    def humans_to_act(self) -> list[int]:
        return sorted(s for s in self.to_act() if not self.is_bot(s))

    def bots_to_act(self) -> list[int]:
        return sorted(s for s in self.to_act() if self.is_bot(s))

    def log(self, viewer: int | None, last: int = 200) -> list[str]:
        """The newest log lines (oldest first), each told from ``viewer``'s side."""
        steps = self.record.steps
        start = max(0, len(steps) - last)
        return [self._told(n, viewer) for n in range(start, len(steps))]

    def _told(self, n: int, viewer: int | None) -> str:
        # a step's line is told once per viewer (the screen asks for the newest lines
        # after every step); kept with the step and state it told, so an undone step's
        # line is never told for the step that replaces it
        step, state = self.record.steps[n], self._states[n]
        kept = self._lines.get((n, viewer))
        if kept is not None and kept[0] is step and kept[1] is state:
            return kept[2]
        line = self._tell(step, state, viewer)
        self._lines[(n, viewer)] = (step, state, line)
        return line

    def _tell(self, step: Step, state: Any, viewer: int | None) -> str:
        line = self.game.describe(state, step.seat, step.action, viewer)
        if step.by == "bot":  # the player's move time ran out: they did not choose it
            who = "you" if viewer == step.seat else self.record.seats[step.seat].name
            return f"Time ran out: a bot chose for {who}. {line}"
        if step.by == "table":  # the seat's bot went round or failed (see decision.py)
            whose = "Your" if viewer == step.seat else f"{self.record.seats[step.seat].name}'s"
            return f"{whose} bot could not decide, so the table made the sensible move for it. {line}"
        return line

    # --- acting

    def act(self, seat: int, action: Any, by: str | None = None) -> Any:
        """Apply one step, record it and autosave. IllegalAction leaves everything as it was.
        ``by`` "bot": a bot chose it for the seat's player (their move time ran out);
        "table": the sensible move played for a bot whose own went round or failed."""
        tried, self._tried = self._tried, None
        if tried is not None and tried[0] is self.state and tried[1] == seat and tried[2] == action:
            state = tried[3]  # brings_back has just applied it (the same pure step)
        else:
            tried = None
            state = self.game.apply(self.state, seat, action)
        self.record.steps.append(Step(seat, action, state_hash(state), by))  # type: ignore[arg-type]
        self._states.append(state)
        self._marks.append(self.game.follow_marks(self._marks[-1], state))
        if tried is not None and tried[5] is not None:
            # the seat's View after it, already made: a position of its decision, and
            # its next question's view if it acts again
            self._seen[(len(self._states) - 1, seat)] = (state, tried[5])
            self._after = (state, seat, tried[4])
        self.save()
        return state

    def bot_action(self, seat: int) -> Any:
        """What the seat's bot plays now. It sees only its seat's view, and its chance is
        drawn from the seed and the step number, so a resumed game plays on the same way."""
        return self.bot_move(seat).action

    def bot_move(self, seat: int) -> BotMove:
        """What the table plays for the seat's bot now: its own move, or the sensible
        level's when its own went round or failed (foxtui/engine/decision.py)."""
        from foxtui.bots.ask import answer

        decision = self.bot_decision(seat)
        while True:
            try:
                move = answer(decision.question)
            except Exception as exc:  # a bot's bug must not stop the table (the log says so)
                move = exc
            played = decision.answered(move)
            if played is not None:
                return played

    def bot_decision(self, seat: int) -> BotDecision:
        """The seat's bot's decision now, to answer here or elsewhere (a worker process)."""
        return BotDecision(self, seat)

    def bot_question(self, seat: int) -> Any:
        """The seat's bot's decision as a BotQuestion (foxtui/bots/ask.py), to answer here
        or elsewhere (a thread, a worker process): its view, legal moves and rng and, for
        a bot that searches, what its seat may know, never the state itself."""
        from foxtui.bots.ask import ask

        level = self.record.seats[seat].bot
        if level is None:
            level = next(iter(self.game.bots))
        rng = seed_state(self.record.seed, "bot", self.step_count, seat)
        after = self._after
        view = after[2] if after is not None and after[0] is self.state and after[1] == seat else None
        try:
            question = ask(self.game, self.state, seat, level, rng, view)
        except ValueError:
            raise IllegalAction(f"{self.record.seats[seat].name} has nothing to do now.") from None
        self._position(len(self._states) - 1, seat, question.view)  # (kept: a position it decides at)
        return question

    # --- positions a bot has had (foxtui/engine/decision.py)

    def positions(self, seat: int) -> set[bytes]:
        """The positions the seat has had in its decision so far (since it last came to
        act, through others' steps too where several seats act at once): the digests of
        its View where it decided, the present one included, and where its own steps
        led. (Its own steps' ends count, so that two seats that take turns going round
        are caught as well as one alone.)"""
        seen = set()
        steps, last = self.record.steps, len(self._states) - 1
        for n in range(last, -1, -1):
            if seat not in self._to_act_at(n):
                break
            if n == last or steps[n].seat == seat or (n > 0 and steps[n - 1].seat == seat):
                seen.add(self._position(n, seat))
        return seen

    def _to_act_at(self, n: int) -> frozenset[int]:
        state = self._states[n]
        kept = self._acting.get(n)
        if kept is None or kept[0] is not state:  # (an undone step's state is replaced)
            kept = self._acting[n] = (state, self.game.to_act(state))
        return kept[1]

    def _position(self, n: int, seat: int, view: Any = None) -> bytes:
        """The digest of the seat's View of the state after step ``n`` (``view``: that
        View, when already made)."""
        state = self._states[n]
        kept = self._seen.get((n, seat))
        if kept is None or kept[0] is not state:
            kept = self._seen[(n, seat)] = (state, _digest(self.game.view(state, seat) if view is None else view))
        return kept[1]

    def brings_back(self, seat: int, action: Any, seen: set[bytes] | None = None) -> bool:
        """Whether ``action`` would bring back a position the seat has had in its decision
        (``seen``: ``positions(seat)``, when already known). A step that draws by chance
        never does (it brings something new), nor one that ends the seat's decision.
        IllegalAction when the rules refuse it."""
        state = self.state
        after = self.game.apply(state, seat, action)
        if rng_field_changed(state, after) or seat not in self.game.to_act(after):
            self._tried = (state, seat, action, after, None, None)
            return False
        view = self.game.view(after, seat)
        digest = _digest(view)
        self._tried = (state, seat, action, after, view, digest)
        return digest in (self.positions(seat) if seen is None else seen)

    def bot_searches(self, seat: int) -> bool:
        """The seat's bot will think for a while (a search) rather than answer at once."""
        level = self.record.seats[seat].bot
        return level is not None and getattr(self.game.bots[level], "searches", False)

    def play_bot(self) -> bool:
        """Let one bot whose decision is pending act. False when no bot is to act."""
        bots = self.bots_to_act()
        if not bots:
            return False
        move = self.bot_move(bots[0])
        self.act(bots[0], move.action, move.by)
        return True

    def undo_refusal(self, seat: int) -> str | None:
        """Why ``seat`` may not undo its last step now, or None if it may."""
        steps = self.record.steps
        if self.is_bot(seat):
            return "Bots do not take back their moves."
        mine = [n for n in range(len(steps)) if steps[n].seat == seat]
        if not mine:
            return "You have not made a move to undo."
        if mine[-1] != len(steps) - 1:
            return "Someone else has acted since your last move, so it stands."
        before, after = self._states[-2], self._states[-1]
        if self.game.outcome(after) is not None:
            return "The game is over."
        if rng_field_changed(before, after):
            return "Your last move drew something by chance, so it stands."
        return self.game.undo_blocker(before, seat, steps[-1].action, after)

    def undo(self, seat: int) -> str | None:
        """Take back ``seat``'s last step. Returns the refusal sentence, or None when undone."""
        reason = self.undo_refusal(seat)
        if reason is not None:
            return reason
        self.record.steps.pop()
        self._states.pop()
        self._marks.pop()
        self.save()
        return None

    # --- a game timer

    def keep_clock(self, key: int, seconds_left: int, *, save: bool = True) -> None:
        """Remember how long a running countdown has left (see TableClock), so a resumed
        game continues it; ``save`` writes the file now rather than with the next step."""
        self.record.clock = TableClock(key, max(0, seconds_left))
        if save:
            self.save()

    def clock_left(self, key: int) -> int | None:
        """The seconds left saved for the timed period ``key``; None when none was saved."""
        clock = self.record.clock
        return clock.seconds_left if clock is not None and clock.key == key else None

    # --- saving

    def save(self) -> None:
        """Autosave. A failure does not stop the game: it is kept in ``save_problem``
        for the screen to show, and the next step tries again."""
        if self.path is None and self.saver is None:
            return
        round, finished = self.game.round_of(self.state), self.outcome() is not None
        try:
            if self.saver is not None:
                self.saver(self.record, round, finished)
            else:
                assert self.path is not None
                save_record(self.record, self.path, round=round, finished=finished)
        except SaveError as exc:
            self.save_problem = str(exc)
        except OSError as exc:
            self.save_problem = f"Could not save to {self.path}: {exc.strerror or exc}."
        else:
            self.save_problem = None
