"""The one authoritative process: every table, every player, every connection.

Each connection is one player's client process (one SSH session). The hub
decides who owns which seat, checks every action against ``legal_actions``,
plays the bots and the table clocks, stores every step, and sends each
connection only what its seat may see.
"""

from __future__ import annotations

import asyncio
import bisect
import logging
import re
import secrets
import time
import unicodedata
from collections import deque
from typing import Any, Callable

import msgspec

from foxtui.engine.game import IllegalAction, SeatInfo
from foxtui.engine.record import GameRecord, RecordError
from foxtui.engine.session import SaveError, Session
from foxtui.table import LocalTable, StepNews, TableDriver, bot_pace
from foxtui.table.pace import speed_refusal
from foxtui.bots.workers import WorkerThinker, Workers

from . import protocol as p
from .framing import read_client_message
from .names import looks_like_a_bot, name_key
from .store import DamagedRow, Store, StoredTable, TableSpec, options_json

LOG = logging.getLogger("foxtui.serve")

#: tables on one page of the lobby (its frame stays small whatever the server holds)
LOBBY_PAGE = 15
#: seconds a finished game stays in the lobby (its record stays in the database)
FINISHED_SHOWN_FOR = 60 * 60.0
#: a table nobody has joined, moved at or come back to for this long is abandoned:
#: it leaves the lobby and no longer counts as one of its players' open tables
WAITING_ABANDONED_AFTER = 24 * 60 * 60.0
PLAYING_ABANDONED_AFTER = 7 * 24 * 60 * 60.0
#: seconds between two looks for tables that leave the lobby
SWEEP_EVERY = 60.0
#: open tables (waiting or in play) a key may sit at
MAX_TABLES_PER_KEY = 5
#: a client that reads no more than this far behind is cut off, not buffered forever
MAX_BACKLOG = 4 * 1024 * 1024
NAME_RE = re.compile(r"^[\w][\w .'-]{0,15}$")
MOVE_SECONDS = (0.0, 0.05, 3600.0)  # off, and the smallest and largest limits
CHAT_LENGTH = p.CHAT_LENGTH
#: chat lines a key may write within CHAT_WINDOW seconds (every table together)
CHAT_BURST = 5
CHAT_WINDOW = 10.0
#: seconds the next real-time round waits for its players to read the last one's
#: summary, then the seconds of its countdown (the shaker's "3, 2, 1")
READY_WAIT = 20.0
COUNTDOWN = 3
#: seconds a game read back after a restart, whose play runs against time (a table
#: clock, real time), waits for its players to come back before it counts down anyway
BACK_WAIT = 60.0
#: chat lines a table keeps (and sends to whoever sits down or comes to watch)
CHAT_KEPT = 100


#: combining marks kept on one letter (an accent or two; a stack of them is noise)
MARKS_PER_LETTER = 2


def chat_text(text: str) -> str:
    """A chat line as the table reads it, printable text only: no control or format
    characters (a terminal escape, a bidi override, a zero-width joiner), no combining
    mark without a letter or beyond MARKS_PER_LETTER on one, runs of white space as
    one space."""
    out: list[str] = []
    marks = MARKS_PER_LETTER  # (a mark at the start has no letter)
    for ch in text:
        if ch.isspace():
            out.append(" ")
            marks = MARKS_PER_LETTER
            continue
        kind = unicodedata.category(ch)
        if kind.startswith("C"):
            continue
        if kind.startswith("M"):
            if marks >= MARKS_PER_LETTER:
                continue
            marks += 1
        else:
            marks = 0
        out.append(ch)
    return " ".join("".join(out).split())


def chat_refusal(text: str) -> str | None:
    """Why a line typed for the chat is not text, or None: bytes that were not UTF-8
    (read as U+FFFD) are noise, a paste of random bytes, never words."""
    if "\ufffd" in text:
        return "That line holds bytes that are not text; it was not sent."
    return None


def playable_game_ids() -> list[str]:
    """Games a client can show (a screen exists for them), as the registry says."""
    from foxtui.games import GAMES

    return [game_id for game_id in GAMES if GAMES.info(game_id).has_screen]


class Player:
    def __init__(self, key: str, name: str | None) -> None:
        self.key = key
        self.name = name


#: trouble reports (tracebacks) logged per connection; a client that sends more is
#: broken beyond what more lines would tell
MAX_TROUBLES = 20


class Conn:
    """One connected client process."""

    def __init__(self, hub: Hub, player: Player, writer: asyncio.StreamWriter, address: str, session: int = 0) -> None:
        self.hub = hub
        self.player = player
        self.writer = writer
        self.address = address
        self.session = session  # the SSH session's number, as the log names it
        self.troubles = 0
        #: where the client is: None (the lobby), or a table and its seat (None: spectator)
        self.table: HostedTable | None = None
        self.seat: int | None = None
        #: steps whose log lines the client has been sent at this table (None: none yet)
        self.logged: int | None = None
        self.lobby_page = 0
        self.closed = False

    @property
    def who(self) -> str:
        """The player and the session, as the log names them ("Ada (session 3)")."""
        name = self.player.name or self.player.key
        return f"{name} (session {self.session})" if self.session else name

    def send(self, message: Any) -> None:
        if self.closed or self.writer.is_closing():
            return
        if self.writer.transport.get_write_buffer_size() > MAX_BACKLOG:
            LOG.info("%s is not reading its screen; disconnected", self.who)
            self.close()
            return
        self.writer.write(p.frame(message))

    def close(self) -> None:
        self.closed = True
        self.writer.close()


class AsyncioScheduler:
    """The table driver's time, on the server's event loop."""

    def now(self) -> float:
        return asyncio.get_running_loop().time()

    def call_later(self, delay: float, callback: Callable[[], None]) -> asyncio.TimerHandle:
        return asyncio.get_running_loop().call_later(delay, callback)


class HostedTable:
    """A shared table: its seats' owners, the connections at it, and, once every seat
    is taken, the game (a LocalTable whose TableDriver plays its bots, clock and move
    limits). Every step is stored, then sent to each connection as its seat sees it."""

    def __init__(self, hub: Hub, table_id: int, spec: TableSpec, owners: list[str | None]) -> None:
        from foxtui.games import GAMES

        self.hub = hub
        self.id = table_id
        self.spec = spec
        self.game = GAMES[spec.game]
        self.options = msgspec.json.decode(spec.options, type=self.game.Options)
        self.owners = owners
        self.play: LocalTable | None = None
        self.driver: TableDriver | None = None
        self.finished = False
        self.abandoned = False
        self.damaged: str | None = None
        #: when a player last created, joined or moved at it (the hub's clock)
        self.activity = hub.clock()
        #: a finished game whose record is in the database, read when someone watches it
        self.stored_record = False
        self.conns: set[Conn] = set()
        #: the key that set it up (None: a table stored before this was kept)
        self.creator: str | None = None
        self.result = ""  # once finished: who won, in words
        #: the table's chat (kept while the server runs, not in the game's record)
        self.chat: deque[p.ChatLine] = deque(maxlen=CHAT_KEPT)
        #: how each seat's player went, when they are not here: AWAY or LEFT
        self.gone: dict[int, str] = {}
        #: the keys of spectators a player muted here
        self.muted: set[str] = set()
        #: a real-time round that starts for everyone at once: the seats still reading
        #: the summary, then the countdown's seconds (None: no round is held back)
        self.held: set[int] | None = None
        self.countdown: int | None = None
        #: ``held`` are the seats whose players are not back yet (after a restart)
        self.coming_back = False
        self._hold_timer: asyncio.TimerHandle | None = None
        self._round_seen = 0
        #: the seats whose players read this round's summary already (a round that
        #: begins with one seat's turn, Master Fox's mission to keep, is held later)
        self._read: set[int] = set()
        self._read_round = 0

    # --- seats

    @property
    def free_seats(self) -> list[int]:
        return [n for n, bot in enumerate(self.spec.bots) if bot is None and self.owners[n] is None]

    def seat_of(self, key: str) -> int | None:
        return next((n for n, owner in enumerate(self.owners) if owner == key), None)

    def status(self) -> str:
        if self.finished:
            return "finished"
        return "playing" if self.play is not None else "waiting"

    @property
    def live(self) -> bool:
        """Waiting or in play, and not abandoned: one of its players' live tables."""
        return not self.finished and not self.abandoned

    def active(self) -> None:
        self.activity = self.hub.clock()

    def info(self, viewer: Player) -> p.TableInfo:
        online = {c.player.key for c in self.conns if c.seat is not None}
        slots = []
        for n, bot in enumerate(self.spec.bots):
            owner = self.owners[n]
            if bot is not None:
                slots.append(p.SeatSlot(self._bot_name(n), bot=bot))
            else:
                name = self.hub.names.get(owner, "") if owner else ""
                slots.append(p.SeatSlot(name, yours=owner == viewer.key, online=owner in online))
        play = self.play
        phase = getattr(play.session.state, "phase", "") if play is not None and not self.finished else ""
        return p.TableInfo(
            self.id,
            self.game.id,
            self.game.title,
            slots,
            self.status(),
            play.step_count if play else 0,
            self.spec.move_seconds,
            _options_words(self.game, self.options),
            round=play.round() if play is not None else 0,
            phase=phase.replace("_", " ") if isinstance(phase, str) else "",
            result=self.result,
            created=self.creator is not None and self.creator == viewer.key,
        )

    def _bot_name(self, seat: int) -> str:
        return f"Bot {seat + 1}"

    def start(self) -> None:
        """Every seat is taken: the game begins (seat names are part of the game from now on)."""
        names: list[str] = []
        for n, bot in enumerate(self.spec.bots):
            name = self._bot_name(n) if bot is not None else (self.hub.names.get(self.owners[n] or "") or f"Seat {n + 1}")
            names.append(name if name not in names else f"{name} ({n + 1})")
        seats = [SeatInfo(name, bot=bot) for name, bot in zip(names, self.spec.bots)]
        session = Session.new(self.game, seats, self.options, self.spec.seed)
        session.saver = self._store
        LOG.info("table %d: %s begins (%s)", self.id, self.game.title, ", ".join(names))
        self._begin(session)
        session.save()
        self._round_seen = 0
        self._hold_new_round(summary=False)  # a real-time first round counts down too
        for conn in list(self.conns):
            self.seat_conn(conn)

    def resume(self, record: GameRecord) -> None:
        """A stored game, replayed to its last step (RecordError when it cannot be)."""
        self._begin(Session.from_record(self.game, record, f"table {self.id}", self._store))
        self._hold_until_back()

    def _begin(self, session: Session) -> None:
        self.play = LocalTable(session)
        pace = bot_pace(self.spec.bot_speed)
        hub = self.hub  # (a server started with --bot-delay: that pace at every table)
        self.driver = TableDriver(
            self.play,
            AsyncioScheduler(),
            self,
            seats_here=[],  # every player at a terminal of their own: no screen here
            bot_delay=pace.turn if hub.bot_delay is None else hub.bot_delay,
            realtime_bot_delay=pace.realtime if hub.realtime_bot_delay is None else hub.realtime_bot_delay,
            move_seconds=self.spec.move_seconds,
            thinker=WorkerThinker(hub.thinkers()),
        )
        self._round_seen = self.play.round()
        if not self.finished:
            self.driver.start()

    def _store(self, record: GameRecord | None, round: int, finished: bool) -> None:
        """The table's row in the database (the game's record, once it has one)."""
        try:
            self.hub.store.save_table(self.id, self.owners, record, round=round, finished=finished, activity=self.activity)
        except Exception as exc:  # sqlite3.Error, OSError: the table plays on and says so
            LOG.error("table %d: could not be saved: %s", self.id, exc)
            raise SaveError(f"The server could not save this table ({exc}).") from None

    def save(self) -> None:
        """Store the seats (and the game, once it runs)."""
        if self.play is not None:
            self.play.save()
            return
        try:
            self._store(None, 0, self.finished)
        except SaveError:
            pass  # logged; a table not yet begun has nothing to show it on

    def stop(self) -> None:
        """The server is stopping: a running clock is kept to the second."""
        if self._hold_timer is not None:
            self._hold_timer.cancel()
            self._hold_timer = None
        if self.driver is not None:
            self.driver.close()

    # --- a real-time round starts for everyone at once

    @property
    def holding(self) -> bool:
        return self.held is not None or self.countdown is not None

    def _hold_new_round(self, summary: bool = True) -> None:
        """A new round where several seats act at once (real time) waits until every
        player here has read the last round's summary (or READY_WAIT), then counts
        down on every screen; nobody, bot or player, acts before it ends. The first
        round (``summary`` False) has nothing to read: it counts down at once."""
        play, driver = self.play, self.driver
        assert play is not None and driver is not None
        if getattr(self.options, "mode", None) != "realtime":
            return  # (where nobody races, as in turns or secret choices, nothing is unfair)
        round = play.round()
        if round != self._read_round:
            self._read, self._read_round = set(), round
        if round <= self._round_seen:
            return
        to_act = play.to_act()
        if len(to_act) < 2 and not self.finished:
            return  # one seat's turn first: the round is held when everyone plays at once
        self._round_seen = round
        if not summary and self.hub.countdown <= 0:
            return  # no count: the first round opens as its players are seated
        humans = [s for s in to_act if not play.is_bot(s)]
        if self.finished or not humans or driver.clock_left() is not None:
            return  # (a table clock runs on the game's own time: Fox Matters has its Ready)
        here = {c.seat for c in self.conns if c.seat is not None and c.seat in humans}
        self.held = here - self._read if summary else set()
        driver.pause()
        self._hold_timer = asyncio.get_running_loop().call_later(self.hub.ready_wait, self._count_down)
        if not self.held:
            self._count_down()

    def _hold_until_back(self) -> None:
        """A game read back after a restart whose play runs against time (Fox Matters'
        Action clock, a real-time round): nothing runs, the clock stands where the server
        stopped it, until every player of the table is back (or BACK_WAIT); then it counts
        down as a held round does. Nobody could play while the server was down."""
        play, driver = self.play, self.driver
        assert play is not None and driver is not None
        if self.finished or play.outcome() is not None:
            return
        humans = {s for s in range(len(play.seats)) if not play.is_bot(s)}
        realtime = getattr(self.options, "mode", None) == "realtime" and len(play.to_act()) >= 2
        if not humans or (driver.clock_left() is None and not realtime):
            return
        self._round_seen = play.round()  # (this round is held now, not again)
        self.held, self.coming_back = humans, True
        driver.pause()
        driver.hold_clock()
        self._hold_timer = asyncio.get_running_loop().call_later(self.hub.back_wait, self._count_down)

    def seat_back(self, seat: int) -> None:
        """The seat's player is at the table again (a held game after a restart)."""
        if self.coming_back:
            self.seat_ready(seat)

    def seat_ready(self, seat: int) -> None:
        """The seat's player dismissed the summary."""
        self._read.add(seat)
        if self.held is None or seat not in self.held:
            return
        self.held.discard(seat)
        if self.held:
            self._tell_start()
        else:
            self._count_down()

    def seat_left(self, seat: int) -> None:
        """The seat's player is no longer here: the round does not wait for them."""
        self.seat_ready(seat)

    def _count_down(self) -> None:
        if self._hold_timer is not None:
            self._hold_timer.cancel()
        self.held = None
        self.coming_back = False
        self.countdown = self.hub.countdown if self.countdown is None else self.countdown - 1
        if self.countdown <= 0:
            self.countdown = None
            self._hold_timer = None
            self._tell_start(0)
            assert self.driver is not None
            self.driver.release_clock()
            self.driver.resume()  # the bots' moves that came due meanwhile
            self.broadcast()  # everyone's moves, at once
            return
        self._tell_start(self.countdown)
        self._hold_timer = asyncio.get_running_loop().call_later(1.0, self._count_down)

    def _tell_start(self, seconds: int | None = None) -> None:
        play = self.play
        assert play is not None
        names = [play.seats[s].name for s in sorted(self.held or ())]
        message = p.Start(names, seconds, self.coming_back)
        for conn in list(self.conns):
            if conn.logged is not None:  # (seated at the game: a first count is told there)
                conn.send(message)

    # --- who sees what

    def seat_conn(self, conn: Conn) -> None:
        """Tell a connection at this table what it needs to draw the game."""
        if self.play is None:
            return
        conn.logged = None  # a new seat (or none): its log is told again from its side
        conn.send(p.Seated(self.id, self.game.id, conn.seat, list(self.play.seats)))
        conn.send(p.Chat(list(self.chat), whole=True))
        conn.send(p.Presence(self.presence(), self.watching()))
        conn.send(self.update_for(conn))
        if self.coming_back and conn.seat in (self.held or ()):
            self.seat_back(conn.seat)  # (tells every screen at the table, this one too)
        elif self.holding:
            names = [self.play.seats[s].name for s in sorted(self.held or ())]
            conn.send(p.Start(names, self.countdown, self.coming_back))

    def update_for(self, conn: Conn, table_part: dict[str, Any] | None = None) -> p.Update:
        """What ``conn`` may see now: its seat's view and moves, and the log lines it
        has not been sent yet. ``table_part`` is what every seat gets alike, when one
        broadcast has it already."""
        play = self.play
        assert play is not None
        seat = conn.seat
        legal = [] if seat is None or self.finished or self.holding else play.legal_actions(seat)
        steps = play.step_count
        told = max(steps - p.LOG_LINES, conn.logged or 0)
        conn.logged = steps
        return p.Update(
            view=p.raw(play.view(seat)),
            legal=p.raw(legal),
            log=play.log(seat, last=steps - told) if steps > told else [],
            log_from=told,
            since=play.since_move(seat) if seat is not None else 0,
            move_left=self.driver.move_left(seat) if seat is not None and self.driver is not None else None,
            **(table_part or self._table_part()),
        )

    def _table_part(self) -> dict[str, Any]:
        """The part of an update that is the same for every seat."""
        play, driver = self.play, self.driver
        assert play is not None and driver is not None
        outcome = play.outcome()
        round = play.round()
        finished = play.finished()
        record = None
        if finished is not None:
            from foxtui.engine.record import encode_record

            record = encode_record(finished.record, round=round, finished=True)
        return dict(
            steps=play.step_count,
            round=round,
            public=p.raw(play.view(None)),
            to_act=sorted(play.to_act()),
            status=self.status(),
            problem=play.save_problem,
            outcome=outcome,
            record=record,
            clock=driver.clock_left(),
        )

    def broadcast(self) -> None:
        table_part = self._table_part() if self.conns else None
        for conn in list(self.conns):
            conn.send(self.update_for(conn, table_part))

    # --- who is here, and what they say

    def watching(self) -> list[str]:
        return sorted({c.player.name or "" for c in self.conns if c.seat is None} - {""})

    def presence(self) -> list[str]:
        here = {c.seat for c in self.conns if c.seat is not None}
        return [
            p.BOT if bot is not None else p.HERE if n in here else self.gone.get(n, p.AWAY)
            for n, bot in enumerate(self.spec.bots)
        ]

    def tell_presence(self) -> None:
        if self.play is None:
            return
        message = p.Presence(self.presence(), self.watching())
        for conn in list(self.conns):
            conn.send(message)

    def say(self, line: p.ChatLine) -> None:
        """A chat line, to everyone at the table (players and spectators), kept with the
        step the game is at, so that a replay shows it where it was said."""
        if self.play is not None:
            line = msgspec.structs.replace(line, step=self.play.step_count)
        self.chat.append(line)
        try:  # kept with the table (a restart keeps it), never in the game's record
            self.hub.store.set_chat(self.id, msgspec.json.encode(list(self.chat)))
        except Exception as exc:  # (as a save that fails: the chat goes on)
            LOG.error("table %d: could not store its chat: %s", self.id, exc)
        message = p.Chat([line])
        for conn in list(self.conns):
            conn.send(message)

    # --- play

    def player_act(self, conn: Conn, action: Any) -> None:
        """A player's move. IllegalAction (a sentence for the player) changes nothing."""
        if conn.seat is None or conn.table is not self:
            raise IllegalAction("Spectators watch; they do not play.")
        if self.owners[conn.seat] != conn.player.key:
            raise IllegalAction("That seat is not yours.")  # never: the hub placed the connection
        if self.driver is None:
            raise IllegalAction("The game starts when every seat is taken.")
        if self.finished:
            raise IllegalAction("The game is over.")
        if self.holding and self.coming_back:
            raise IllegalAction("The server started again: play goes on, with a count, once every player is back.")
        if self.holding:
            raise IllegalAction("The round starts on every screen at once; wait for the count.")
        self.driver.act(conn.seat, action)

    # --- the driver's listener

    def table_changed(self, news: StepNews) -> None:
        play = self.play
        assert play is not None
        if news.kind == "player":
            self.active()
        if news.kind == "stand_in" and news.seat is not None:
            LOG.info("table %d: time ran out for seat %d; a bot chose for it", self.id, news.seat + 1)
        outcome = play.outcome()
        if outcome is not None and not self.finished:
            self.finished = True
            self.active()  # it stays in the lobby a while from now
            self.result = result_words(outcome, [seat.name for seat in play.seats])
            LOG.info("table %d: the game is over after %d steps (%s)", self.id, play.step_count, self.result)
            play.save()  # now marked finished
            try:
                self.hub.store.set_result(self.id, self.result)
            except Exception as exc:  # (as a save that fails: the lobby just says less)
                LOG.error("table %d: could not store its result: %s", self.id, exc)
        self._hold_new_round()
        self.broadcast()
        if self.held is not None:
            self._tell_start()
        if self.finished:
            self.hub.lobby_changed()

    def clock_changed(self, seconds_left: int | None) -> None:
        pass  # each update says how far the clock is; clients count down between them

    def step_failed(self, news: StepNews, error: Exception) -> None:
        # a bot or clock step that fails is a bug: log it, keep the table and the server
        LOG.error("table %d: a %s step failed: %s", self.id, news.kind, error)


class DamagedTable:
    """A stored table that cannot be read back or resumed: shown in the lobby as
    damaged, played by nobody; its row stays in the database as it was."""

    play = None
    driver = None
    finished = False
    abandoned = False
    live = False

    def __init__(self, table_id: int, reason: str, owners: list[str | None]) -> None:
        self.id = table_id
        self.damaged = reason
        self.owners = owners
        self.conns: set[Conn] = set()
        self.activity = 0.0

    def status(self) -> str:
        return "damaged"

    def seat_of(self, key: str) -> int | None:
        return next((n for n, owner in enumerate(self.owners) if owner == key), None)

    def info(self, viewer: Player) -> p.TableInfo:
        return p.TableInfo(self.id, "", "(damaged)", [], "damaged", 0)

    def stop(self) -> None:
        pass

    def refusal(self) -> str:
        return f"Table {self.id} is damaged: its game cannot go on here. The host keeps its record."


class Hub:
    def __init__(
        self,
        store: Store,
        *,
        bot_delay: float | None = None,
        realtime_bot_delay: float | None = None,
        seed: Callable[[], int] = lambda: secrets.randbelow(2**31),
        max_tables_per_key: int = MAX_TABLES_PER_KEY,
        clock: Callable[[], float] = time.time,
        ready_wait: float = READY_WAIT,
        countdown: int = COUNTDOWN,
        back_wait: float = BACK_WAIT,
    ) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.realtime_bot_delay = realtime_bot_delay
        self._seed = seed
        self.max_tables_per_key = max_tables_per_key
        self.clock = clock
        self.ready_wait = ready_wait
        self.countdown = countdown
        self.back_wait = back_wait
        self.tables: dict[int, HostedTable | DamagedTable] = {}
        self.names: dict[str, str] = store.player_names()  # key -> display name
        #: each name's confusable skeleton (names.name_key) -> the key whose name it is
        self._name_keys: dict[str, str] = {name_key(name): key for key, name in self.names.items()}
        self.conns: set[Conn] = set()
        self._lobby_pending = False
        #: the tables the lobby lists, by id, and those each key sits at
        self._listed: list[int] = []
        self._by_key: dict[str, set[int]] = {}
        self._sweeping: asyncio.TimerHandle | None = None
        #: when each key wrote its latest chat lines (the rate limit's window)
        self._said: dict[str, deque[float]] = {}
        self._thinkers: Any = None  # the worker processes, started by the first expert
        #: the server is stopping: sessions that end now did not drop, the server ended them
        self.stopping = False

    def thinkers(self) -> Any:
        """The worker processes where experts think (foxtui/bots/workers.py): one core
        is left to the loop. They start with the first search."""
        if self._thinkers is None:
            import os

            self._thinkers = Workers(max(1, (os.cpu_count() or 2) - 1))
        return self._thinkers

    # --- starting again

    def load(self) -> None:
        """Every stored table, unfinished games replayed to their last step. A table
        that cannot be read back or resumed is logged and listed as damaged; the others
        play on. Call from the loop."""
        for stored in self.store.tables():
            if isinstance(stored, DamagedRow):
                self._damaged(stored.id, stored.reason, stored.owners)
                continue
            try:
                self._load_table(stored)
            except (RecordError, KeyError, ValueError, TypeError, msgspec.DecodeError, RecursionError) as exc:
                self._damaged(stored.id, str(exc) or type(exc).__name__, stored.owners)
        self.sweep()

    def _damaged(self, table_id: int, reason: str, owners: list[str | None]) -> None:
        LOG.error("table %d is damaged and stays closed: %s", table_id, reason)
        self.tables.pop(table_id, None)
        table = self.tables[table_id] = DamagedTable(table_id, reason, owners)
        self._list(table)

    def _load_table(self, stored: StoredTable) -> None:
        table = HostedTable(self, stored.id, stored.spec, stored.owners)
        table.finished = stored.finished
        table.abandoned = stored.abandoned
        table.stored_record = stored.has_record
        table.creator = stored.creator
        table.result = stored.result
        if stored.chat:
            try:
                table.chat.extend(msgspec.json.decode(stored.chat, type=list[p.ChatLine]))
            except msgspec.DecodeError:  # (msgspec.ValidationError is one): the game matters more
                LOG.error("table %d: its chat cannot be read back; it starts again", stored.id)
        if stored.activity is not None:
            table.activity = stored.activity
        if stored.record is not None:
            table.resume(stored.record)
        self.tables[table.id] = table
        if not table.abandoned:
            self._list(table)

    def stop_tables(self) -> None:
        """Nothing more is played (the server is stopping): every running clock saved."""
        self.stopping = True
        for table in self.tables.values():
            table.stop()

    def close(self) -> None:
        self.stop_tables()
        if self._sweeping is not None:
            self._sweeping.cancel()
            self._sweeping = None
        for conn in list(self.conns):
            conn.close()
        if self._thinkers is not None:
            self._thinkers.shutdown()
            self._thinkers = None

    # --- which tables the lobby lists

    def _list(self, table: HostedTable | DamagedTable) -> None:
        index = bisect.bisect_left(self._listed, table.id)
        if index == len(self._listed) or self._listed[index] != table.id:
            self._listed.insert(index, table.id)
        for owner in table.owners:
            if owner is not None:
                self._by_key.setdefault(owner, set()).add(table.id)

    def _unlist(self, table: HostedTable | DamagedTable) -> None:
        index = bisect.bisect_left(self._listed, table.id)
        if index < len(self._listed) and self._listed[index] == table.id:
            del self._listed[index]
        for owner in table.owners:
            if owner is not None:
                self._by_key.get(owner, set()).discard(table.id)

    def live_tables(self, key: str) -> int:
        return sum(1 for n in self._by_key.get(key, ()) if self.tables[n].live)

    def sweep(self) -> None:
        """Finished games leave the lobby after FINISHED_SHOWN_FOR; tables nobody came
        back to are abandoned (their rows and records stay in the database)."""
        now = self.clock()
        changed = False
        for table_id in list(self._listed):
            table = self.tables[table_id]
            if not isinstance(table, HostedTable):
                continue
            idle = now - table.activity
            if table.finished:
                if idle > FINISHED_SHOWN_FOR and not table.conns:
                    self._unlist(table)
                    changed = True
            elif not any(c.seat is not None for c in table.conns):
                after = PLAYING_ABANDONED_AFTER if table.play is not None else WAITING_ABANDONED_AFTER
                if idle > after:
                    LOG.info("table %d was abandoned (nobody came back for %.0f hours)", table.id, idle / 3600)
                    table.abandoned = True
                    table.stop()
                    self.store.abandon(table.id)
                    self._unlist(table)
                    changed = True
        if changed and self.conns:
            self.lobby_changed()
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        if self._sweeping is not None:
            self._sweeping.cancel()
        self._sweeping = loop.call_later(SWEEP_EVERY, self.sweep)

    # --- one connection

    def player(self, key: str) -> Player:
        return Player(key, self.names.get(key))

    async def serve(
        self,
        player: Player,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        address: str = "",
        *,
        session: int = 0,
        conn_made: Callable[[Conn], None] | None = None,
    ) -> None:
        """Talk to one client process until it goes; a broken client only loses itself."""
        conn = Conn(self, player, writer, address, session)
        self.conns.add(conn)
        if conn_made is not None:
            conn_made(conn)
        conn.send(p.Welcome(player.name))
        if player.name is not None:
            conn.send(self.lobby_for(player))
        try:
            while not conn.closed:
                message = await read_client_message(reader)
                if message is None:
                    break
                self.handle(conn, message)
        except p.ProtocolError as exc:
            LOG.info("%s: protocol error, disconnected: %s", conn.who, exc)
        except (ConnectionError, OSError):
            pass
        finally:
            self._gone(conn)

    def _gone(self, conn: Conn) -> None:
        self.conns.discard(conn)
        self._leave_table(conn, p.AWAY)  # the connection ended without a goodbye: a drop
        conn.close()

    def handle(self, conn: Conn, message: Any) -> None:
        if isinstance(message, p.Trouble):
            self._trouble(conn, message)
            return
        if conn.player.name is None and not isinstance(message, p.SetName):
            conn.send(p.Notice("Choose a display name first.", "error"))
            return
        handler = {
            p.SetName: self._set_name,
            p.CreateTable: self._create,
            p.Join: self._join,
            p.Watch: self._watch,
            p.Leave: self._leave,
            p.Act: self._act,
            p.WantLog: self._want_log,
            p.LobbyPage: self._lobby_page,
            p.Say: self._say,
            p.Ready: self._ready,
            p.Close: self._close,
            p.WantGames: self._my_games,
        }[type(message)]
        try:
            handler(conn, message)
        except IllegalAction as exc:
            conn.send(p.Notice(str(exc), "error"))
            table = conn.table
            if isinstance(message, p.Act) and table is not None and table.play is not None:
                # a client waits for the answer to its move: the table as it is now
                conn.send(table.update_for(conn))

    def _trouble(self, conn: Conn, message: p.Trouble) -> None:
        """The client process says what went wrong in it: the log has it, with the session."""
        conn.troubles += 1
        if conn.troubles > MAX_TROUBLES:
            return
        who = conn.player.name or conn.player.key
        LOG.error("session %d (%s): the client process reports:\n%s", conn.session, who, message.text.rstrip())

    def _set_name(self, conn: Conn, message: p.SetName) -> None:
        name = " ".join(message.name.split())
        if not NAME_RE.match(name):
            raise IllegalAction("A name is 1 to 16 letters, digits, spaces, dots, dashes or apostrophes.")
        key = name_key(name)
        if name.lower().startswith("bot ") or looks_like_a_bot(name):
            raise IllegalAction("Names starting with “Bot” (or looking like it) are kept for bots.")
        other = self._name_keys.get(key)
        if other is not None and other != conn.player.key:
            taken = self.names.get(other, name)
            if taken.casefold() == name.casefold():
                raise IllegalAction(f"Someone else is called {name}; choose another name.")
            if "".join(taken.casefold().split()) == "".join(name.casefold().split()):
                raise IllegalAction(f"{name} is another player's name, {taken}, with other spaces; choose another name.")
            raise IllegalAction(f"{name} looks like the name of another player, {taken}; choose another name.")
        if not self.store.set_player_name(conn.player.key, name):
            raise IllegalAction(f"Someone else is called {name}; choose another name.")
        first = conn.player.name is None
        old = self.names.get(conn.player.key)
        if old is not None and self._name_keys.get(name_key(old)) == conn.player.key:
            del self._name_keys[name_key(old)]
        self._name_keys[key] = conn.player.key
        self.names[conn.player.key] = name
        for other in self.conns:
            if other.player.key == conn.player.key:
                other.player.name = name
        LOG.info("%s (session %d) chose the name %s", conn.player.key, conn.session, name)
        conn.send(p.Welcome(name))
        if first:
            conn.send(self.lobby_for(conn.player))
        self.lobby_changed()

    def table_limit(self, key: str) -> str:
        """Why ``key`` may set up no more tables now, in a sentence ("" while it may)."""
        count = self.live_tables(key)
        if count >= self.max_tables_per_key:
            return f"You sit at {count} open tables already, the most this server allows; finish a game before another."
        return ""

    def _too_many_tables(self, key: str) -> None:
        refusal = self.table_limit(key)
        if refusal:
            raise IllegalAction(refusal)

    def _create(self, conn: Conn, message: p.CreateTable) -> None:
        from foxtui.games import GAMES

        if "you" in message.seats:
            self._too_many_tables(conn.player.key)
        if message.game not in playable_game_ids():
            raise IllegalAction("This server has no such game.")
        game = GAMES[message.game]
        if not game.min_players <= len(message.seats) <= game.max_players:
            raise IllegalAction(f"{game.title} is for {game.min_players} to {game.max_players} players.")
        if message.seats.count("you") > 1:
            raise IllegalAction("You can take only one seat.")
        bots: list[str | None] = []
        for kind in message.seats:
            if kind in ("you", "human"):
                bots.append(None)
            elif kind in game.bots:
                bots.append(kind)
            else:
                raise IllegalAction(f"{game.title} has no bot level {kind!r}.")
        seconds = message.move_seconds
        if seconds != 0 and not MOVE_SECONDS[1] <= seconds <= MOVE_SECONDS[2]:
            raise IllegalAction("A move time limit is off or from a fraction of a second to an hour.")
        try:
            options = msgspec.convert(message.options, game.Options, strict=False)
            game.setup([SeatInfo(f"Seat {n}") for n in range(len(bots))], options, 0)  # the game checks them
        except (msgspec.ValidationError, ValueError) as exc:
            raise IllegalAction(f"Those options do not work for {game.title} ({exc}).") from None
        refusal = speed_refusal(message.bot_speed)
        if refusal is not None:
            raise IllegalAction(refusal)
        spec = TableSpec(game.id, options_json(options), bots, self._seed(), seconds, message.bot_speed)
        owners: list[str | None] = [conn.player.key if kind == "you" else None for kind in message.seats]
        table_id = self.store.new_table(spec, owners, self.clock(), conn.player.key)
        table = self.tables[table_id] = HostedTable(self, table_id, spec, owners)
        table.creator = conn.player.key
        self._list(table)
        if "you" in message.seats and conn.table is not None:
            self._leave_table(conn, where=f"for table {table_id}")  # (before the line that says where)
        LOG.info("%s created table %d (%s, %d seats)", conn.who, table_id, game.title, len(bots))
        if "you" in message.seats:
            self._place(conn, table, message.seats.index("you"))
        if not table.free_seats:
            table.start()
        self.lobby_changed()

    def _join(self, conn: Conn, message: p.Join) -> None:
        table = self._table(message.table)
        key = conn.player.key
        mine = table.seat_of(key)
        if mine is None and not table.finished:
            self._too_many_tables(key)
        if message.seat is None or message.seat == mine:
            if mine is None:
                free = table.free_seats
                if not free:
                    raise IllegalAction(f"Table {table.id} has no free seat; you can watch it.")
                mine = free[0]
        else:
            if mine is not None:
                raise IllegalAction(f"You already have seat {mine + 1} at table {table.id}.")
            if message.seat not in table.free_seats:
                raise IllegalAction(f"Seat {message.seat + 1} at table {table.id} is not free.")
            mine = message.seat
        if table.finished:
            raise IllegalAction(f"The game at table {table.id} is over.")
        rejoin = table.owners[mine] == key
        table.owners[mine] = key
        table.active()
        if not rejoin:
            self._list(table)
            table.save()
        how = self._place(conn, table, mine)
        back = {p.AWAY: " (back after a drop)", p.LEFT: " (back from the lobby)"}.get(how or "", "")
        LOG.info("%s %s table %d, seat %d%s", conn.who, "rejoined" if rejoin else "joined", table.id, mine + 1, back)
        if table.play is None and not table.free_seats:
            table.start()
        self.lobby_changed()

    def _watch(self, conn: Conn, message: p.Watch) -> None:
        table = self._table(message.table)
        if table.finished and table.play is None and table.stored_record:
            self._read_finished(table)
        if table.play is None:
            raise IllegalAction(f"Table {table.id} has not started yet.")
        self._place(conn, table, None)
        LOG.info("%s watches table %d", conn.who, table.id)
        self.lobby_changed()

    def _leave(self, conn: Conn, message: p.Leave) -> None:
        self._leave_table(conn)
        conn.send(self.lobby_for(conn.player))

    def _act(self, conn: Conn, message: p.Act) -> None:
        table = conn.table
        if table is None or table.play is None:
            raise IllegalAction("You are not at a table in play.")
        try:
            action = p.unraw(message.action, table.game.Action)
        except (msgspec.DecodeError, msgspec.ValidationError):
            raise IllegalAction(f"That is not a {table.game.title} move.") from None
        table.player_act(conn, action)

    def _want_log(self, conn: Conn, message: p.WantLog) -> None:
        table = conn.table
        if table is None or table.play is None:
            raise IllegalAction("You are not at a table in play.")
        play, seat = table.play, conn.seat
        conn.send(p.WholeLog(play.log(seat, last=play.step_count), play.since_move(seat) if seat is not None else 0))

    def _close(self, conn: Conn, message: p.Close) -> None:
        """Before its game begins, a table's creator cancels it; a player leaves their seat."""
        table = self._table(message.table)
        key = conn.player.key
        if table.finished:
            raise IllegalAction(f"The game at table {table.id} is over; it leaves the lobby within the hour (My games keeps it).")
        if table.play is not None:
            raise IllegalAction(f"The game at table {table.id} is in play: your seat stays yours until it ends.")
        if table.creator == key:
            self._cancel(conn, table)
            return
        seat = table.seat_of(key)
        if seat is None:
            raise IllegalAction(f"Table {table.id} is not yours to cancel, and you have no seat at it.")
        table.owners[seat] = None
        self._by_key.get(key, set()).discard(table.id)
        table.active()
        table.save()
        for other in list(table.conns):
            if other.player.key == key:
                table.conns.discard(other)
                other.table = other.seat = None
        LOG.info("%s gave up seat %d at table %d before its game began", conn.who, seat + 1, table.id)
        conn.send(p.Notice(f"You left your seat at table {table.id}."))
        self.lobby_changed()

    def _cancel(self, conn: Conn, table: HostedTable) -> None:
        table.abandoned = True  # (as an abandoned table: its row stays, nobody plays it)
        table.stop()
        self.store.abandon(table.id)
        self._unlist(table)
        for other in list(table.conns):
            table.conns.discard(other)
            other.table = other.seat = None
            if other.player.key != conn.player.key:
                other.send(p.Notice(f"{conn.player.name} cancelled table {table.id}.", "warning"))
        LOG.info("%s cancelled table %d before its game began", conn.who, table.id)
        conn.send(p.Notice(f"Table {table.id} is cancelled."))
        self.lobby_changed()

    def _my_games(self, conn: Conn, message: p.WantGames) -> None:
        """The player's games, newest first, finished or not (abandoned ones left out)."""
        key = conn.player.key
        mine = [
            t for n, t in sorted(self.tables.items(), reverse=True)
            if isinstance(t, HostedTable) and not t.abandoned and key in t.owners
        ]  # fmt: skip
        pages = max(1, -(-len(mine) // LOBBY_PAGE))
        page = min(max(message.page, 0), pages - 1)
        shown = mine[page * LOBBY_PAGE : (page + 1) * LOBBY_PAGE]
        conn.send(p.Games([t.info(conn.player) for t in shown], page=page, pages=pages, total=len(mine)))

    def _say(self, conn: Conn, message: p.Say) -> None:
        table = conn.table
        if table is None or table.play is None:
            raise IllegalAction("Chat is kept at a table in play: sit down at one, or watch it.")
        refusal = chat_refusal(message.text)
        if refusal is not None:
            conn.send(p.Notice(refusal, "warning"))
            return
        text = chat_text(message.text)
        if text.startswith(("/mute ", "/unmute ")):
            self._mute(conn, table, text)
            return
        refusal = self._chat_refusal(conn.player.key, text)
        if refusal is None and conn.seat is None and conn.player.key in table.muted:
            refusal = "A player of this table has muted you: your lines are not shown here."
        if refusal is not None:
            conn.send(p.Notice(refusal, "warning"))  # (not "error": that answers a move)
            return
        table.say(p.ChatLine(conn.player.name or "", text, spectator=conn.seat is None))

    def _mute(self, conn: Conn, table: HostedTable, text: str) -> None:
        """``/mute NAME`` (or ``/unmute NAME``): a player silences a spectator at this table."""
        command, _, name = text.partition(" ")
        if conn.seat is None:
            conn.send(p.Notice("Only the players of a table may mute someone watching it.", "warning"))
            return
        watchers = {c.player.name.casefold(): c.player for c in table.conns if c.seat is None and c.player.name}
        watcher = watchers.get(name.strip().casefold())
        if watcher is None:
            conn.send(p.Notice(f"Nobody called {name.strip()} watches this table.", "warning"))
            return
        if command == "/mute":
            table.muted.add(watcher.key)
            conn.send(p.Notice(f"{watcher.name} is muted at this table: their lines are no longer shown."))
        else:
            table.muted.discard(watcher.key)
            conn.send(p.Notice(f"{watcher.name} may write at this table again."))
        LOG.info("%s %sd %s at table %d", conn.player.name, command[1:], watcher.name, table.id)

    def _chat_refusal(self, key: str, text: str) -> str | None:
        """Why that line may not be said now, in a sentence; None: it may."""
        if not text:
            return "That line has nothing to say."
        if len(text) > CHAT_LENGTH:
            return f"A chat line is at most {CHAT_LENGTH} characters; that one has {len(text)}."
        now = self.clock()
        said = self._said.setdefault(key, deque())
        while said and now - said[0] >= CHAT_WINDOW:
            said.popleft()
        if len(said) >= CHAT_BURST:
            return f"At most {CHAT_BURST} lines in {CHAT_WINDOW:.0f} seconds; wait a moment before the next."
        said.append(now)
        return None

    def _ready(self, conn: Conn, message: p.Ready) -> None:
        table = conn.table
        if table is not None and conn.seat is not None and isinstance(table, HostedTable):
            table.seat_ready(conn.seat)

    def _table(self, table_id: int) -> HostedTable:
        table = self.tables.get(table_id)
        if table is None or table.abandoned:
            raise IllegalAction(f"There is no table {table_id}.")
        if isinstance(table, DamagedTable):
            raise IllegalAction(table.refusal())
        return table

    def _read_finished(self, table: HostedTable) -> None:
        """A finished game's record is read from the database when someone wants it."""
        try:
            record = self.store.record_of(table.id)
            if record is not None:
                table.resume(record)
        except (RecordError, KeyError, ValueError, TypeError, msgspec.DecodeError, RecursionError) as exc:
            self._unlist(table)
            self._damaged(table.id, str(exc) or type(exc).__name__, table.owners)
            raise IllegalAction(f"Table {table.id} is damaged: its record cannot be read back.") from None

    def _place(self, conn: Conn, table: HostedTable, seat: int | None) -> str | None:
        """``conn`` sits at ``seat`` (None: watches). Returns how the seat's player had
        gone (AWAY, LEFT) when this is their return to a game in play, else None."""
        if conn.table is not None and conn.table is not table:
            # (a client back in the lobby may not have said so: the log says where it went)
            self._leave_table(conn, where=f"for table {table.id}")
        arrived = seat is not None and not any(c.seat == seat for c in table.conns if c is not conn)
        how = table.gone.pop(seat, None) if seat is not None else None
        conn.table, conn.seat = table, seat
        table.conns.add(conn)
        if table.play is None and table.free_seats:
            conn.send(p.Notice(f"You sit at table {table.id}; the game starts when every seat is taken."))
        back = arrived and how is not None and table.play is not None and not table.finished
        if back:
            table.say(p.ChatLine("", f"{self._seat_name(table, seat)} is back."))
            table.tell_presence()  # (before seat_conn: the one coming back hears it there)
        elif seat is None and table.play is not None:
            table.tell_presence()  # someone more is watching
        table.seat_conn(conn)
        return how if back else None

    def _seat_name(self, table: HostedTable, seat: int | None) -> str:
        if seat is not None and table.play is not None:
            return table.play.seats[seat].name
        return self.names.get(table.owners[seat] or "", "") if seat is not None else ""

    def _leave_table(self, conn: Conn, how: str = p.LEFT, where: str = "back to the lobby") -> None:
        """``conn`` is no longer at its table: it went back to the lobby, or ``where``
        else (LEFT), or its connection ended (AWAY); a seat stays its player's either way."""
        table = conn.table
        if table is None:
            return
        table.conns.discard(conn)
        seat = conn.seat
        who = conn.who
        conn.table = conn.seat = None
        conn.logged = None
        if self.stopping:
            # nobody dropped: the table is not told (its chat could not be kept any more)
            if isinstance(table, HostedTable) and table.play is None:
                # a table waiting for its players is shown in the lobby: that is where they are
                LOG.info("%s's session in the lobby ended (the server is stopping); the seat at table %d is kept", who, table.id)
            else:
                LOG.info("%s's session at table %d ended (the server is stopping)", who, table.id)
            return
        if seat is None:
            why = "the connection ended" if how == p.AWAY else where
            LOG.info("%s stopped watching table %d (%s)", who, table.id, why)
            if isinstance(table, HostedTable):
                table.tell_presence()
        elif how == p.AWAY:
            LOG.info("%s dropped from table %d, seat %d (the connection ended)", who, table.id, seat + 1)
        else:
            LOG.info("%s left table %d, seat %d (%s)", who, table.id, seat + 1, where)
        if seat is not None and isinstance(table, HostedTable) and not any(c.seat == seat for c in table.conns):
            table.gone[seat] = how
            if table.play is not None and not table.finished:
                name = self._seat_name(table, seat)
                if how == p.AWAY:
                    table.say(p.ChatLine("", f"{name}'s connection dropped; the seat is kept for them."))
                else:
                    table.say(p.ChatLine("", f"{name} left the table; the seat is kept for them."))
                table.tell_presence()
                table.seat_left(seat)
        self.lobby_changed()

    # --- the lobby

    def lobby_for(self, player: Player, page: int = 0) -> p.Lobby:
        """One page of the lobby: the player's own tables first, then the others,
        newest first. Only the page is built, however many tables there are."""
        mine = sorted(self._by_key.get(player.key, ()), reverse=True)
        mine = [n for n in mine if not self.tables[n].abandoned]
        total = len(self._listed) + sum(1 for n in mine if not self._is_listed(n))
        pages = max(1, -(-total // LOBBY_PAGE))
        page = min(max(page, 0), pages - 1)
        start, end = page * LOBBY_PAGE, (page + 1) * LOBBY_PAGE
        shown = mine[start:end]
        if len(shown) < LOBBY_PAGE:
            skip = max(0, start - len(mine))  # others already on earlier pages
            mine_set = set(mine)
            others = (n for n in reversed(self._listed) if n not in mine_set)
            for n in others:
                if skip:
                    skip -= 1
                    continue
                shown.append(n)
                if len(shown) == LOBBY_PAGE:
                    break
        tables = [self.tables[n].info(player) for n in shown]
        return p.Lobby(tables, page=page, pages=pages, total=total, full=self.table_limit(player.key))

    def _is_listed(self, table_id: int) -> bool:
        index = bisect.bisect_left(self._listed, table_id)
        return index < len(self._listed) and self._listed[index] == table_id

    def _lobby_page(self, conn: Conn, message: p.LobbyPage) -> None:
        conn.lobby_page = max(0, message.page)
        conn.send(self.lobby_for(conn.player, conn.lobby_page))

    def lobby_changed(self) -> None:
        """Tell the clients in the lobby, once per turn of the event loop."""
        if self._lobby_pending:
            return
        self._lobby_pending = True
        asyncio.get_running_loop().call_soon(self._send_lobby)

    def _send_lobby(self) -> None:
        self._lobby_pending = False
        for conn in list(self.conns):
            if conn.player.name is not None and (conn.table is None or conn.table.play is None):
                conn.send(self.lobby_for(conn.player, conn.lobby_page))


def result_words(outcome: Any, names: list[str]) -> str:
    """A finished game's result, as the lobby says it."""
    if outcome.coop_won is not None:
        return "won together" if outcome.coop_won else "lost together"
    winners = [names[s] for s in outcome.winners]
    if not winners:
        return "nobody won"
    if len(winners) == 1:
        return f"{winners[0]} won"
    return f"{', '.join(winners[:-1])} and {winners[-1]} won"


def _options_words(game: Any, options: Any) -> str:
    """The options that differ from the standard game, as "key value" pairs."""
    default = game.Options()
    return ", ".join(
        f"{name.replace('_', ' ')} {getattr(options, name)}"
        for name in options.__struct_fields__
        if getattr(options, name) != getattr(default, name)
    )
