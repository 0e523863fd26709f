"""What the server and one player's client process say to each other.

Frames on a local stream socket: a 4-byte big-endian length, then one msgpack
message. Game values (Views, actions) travel as msgpack inside the message
(``msgspec.Raw``) and are decoded with the game's own types at the other end.

The server decides everything: a client names no seat it may not have, and
every message it receives holds only what that seat may see.
"""

from __future__ import annotations

import struct
from typing import Any

import msgspec

from foxtui.engine.game import Outcome, SeatInfo

#: a client's messages are a few hundred bytes; anything larger is not our client
MAX_CLIENT_FRAME = 16 * 1024
#: the most of a client's trouble report (a traceback) the server keeps
MAX_TROUBLE = 12 * 1024
#: updates carry views and, once a game is over, its whole record
MAX_SERVER_FRAME = 8 * 1024 * 1024
#: log lines a client keeps (and is sent when it takes a seat): more than fit on
#: screen, so a player can scroll back
LOG_LINES = 50
#: the environment variable a player's ssh may send (``ssh -o SetEnv=FOXTUI_LOW_BANDWIDTH=1``)
#: for a slow link; the server passes it on to that player's client process, which then
#: draws as ``foxtui --low-bandwidth`` does and reads no mouse
LOW_BANDWIDTH = "FOXTUI_LOW_BANDWIDTH"


class ProtocolError(Exception):
    """The other end broke the protocol; the connection is closed."""


# --- client -> server ----------------------------------------------------------------


class SetName(msgspec.Struct, tag="set_name", frozen=True):
    name: str


class CreateTable(msgspec.Struct, tag="create", frozen=True):
    game: str
    options: dict[str, Any]
    #: per seat: "you", "human" (a free seat) or a bot level
    seats: list[str]
    #: seconds a human may take before a bot moves for them; 0 = no limit
    move_seconds: float = 0.0
    #: how fast the table's bots play: "slow", "normal", "fast" or "instant"
    bot_speed: str = "normal"


class Join(msgspec.Struct, tag="join", frozen=True):
    """Take a free seat, or come back to one's own (seat None: the one that is yours)."""

    table: int
    seat: int | None = None


class Watch(msgspec.Struct, tag="watch", frozen=True):
    table: int


class Leave(msgspec.Struct, tag="leave", frozen=True):
    """Back to the lobby; a seat stays yours."""


class Act(msgspec.Struct, tag="act", frozen=True):
    #: the action, msgpack-encoded with the game's Action type
    action: msgspec.Raw


class WantLog(msgspec.Struct, tag="want_log", frozen=True):
    """The whole log of the table, from this seat's side (the full-log screen)."""


class LobbyPage(msgspec.Struct, tag="lobby_page", frozen=True):
    """Which page of the lobby the client shows (0 is the first)."""

    page: int


class Say(msgspec.Struct, tag="say", frozen=True):
    """A line for the table's chat (the player's or spectator's own words)."""

    text: str


class Ready(msgspec.Struct, tag="ready", frozen=True):
    """The player has read the interlude (a round's summary) and is ready to go on."""


class Close(msgspec.Struct, tag="close", frozen=True):
    """Before a table's game begins: its creator cancels it, a player leaves their seat."""

    table: int


class WantGames(msgspec.Struct, tag="want_games", frozen=True):
    """A page of the player's own games, finished or not (the "My games" list)."""

    page: int = 0


class Trouble(msgspec.Struct, tag="trouble", frozen=True):
    """Something went wrong in the client process (a traceback): for the server's log,
    never for the player's screen."""

    text: str


ClientMessage = SetName | CreateTable | Join | Watch | Leave | Act | WantLog | LobbyPage | Say | Ready | Close | WantGames | Trouble


# --- server -> client ----------------------------------------------------------------


class Welcome(msgspec.Struct, tag="welcome", frozen=True):
    #: None: a first login, the client asks for a display name
    name: str | None


class SeatSlot(msgspec.Struct, frozen=True):
    name: str  # the player or bot name; "" for a free seat
    bot: str | None = None
    yours: bool = False
    online: bool = False


class TableInfo(msgspec.Struct, frozen=True):
    id: int
    game: str
    title: str
    seats: list[SeatSlot]
    status: str  # "waiting", "playing", "finished" or "damaged"
    steps: int
    move_seconds: float = 0.0
    options: str = ""  # the non-default options, in words
    round: int = 0  # the round (or year) in play; 0 before the game begins
    phase: str = ""  # what the game is at now, in its own words ("loot", "planning")
    result: str = ""  # a finished game's result in words ("Ada won")
    created: bool = False  # set up by the viewer, who may cancel it before it begins


class Lobby(msgspec.Struct, tag="lobby", frozen=True):
    """One page of the lobby's tables (the player's own first)."""

    tables: list[TableInfo]
    page: int = 0
    pages: int = 1
    total: int = 0
    #: why this player may set up no more tables now ("" while they may): n says it at once
    full: str = ""


class Games(msgspec.Struct, tag="games", frozen=True):
    """One page of the player's own games, newest first (an answer to WantGames)."""

    tables: list[TableInfo]
    page: int = 0
    pages: int = 1
    total: int = 0


class Seated(msgspec.Struct, tag="seated", frozen=True):
    """The client is at a table: as ``seat``, or as a spectator (seat None)."""

    table: int
    game: str
    seat: int | None
    seats: list[SeatInfo]


class Update(msgspec.Struct, tag="update", frozen=True):
    """A table as one seat (or a spectator) may see it now."""

    steps: int
    round: int
    view: msgspec.Raw  # the seat's View (the public one for spectators)
    public: msgspec.Raw  # the public View (interludes compare two of them)
    legal: msgspec.Raw  # list of the seat's legal actions now (empty while it may not act)
    to_act: list[int]
    #: log lines, told from this seat's side, of the steps from ``log_from`` on: only
    #: those the client was not sent yet (after a seat is taken: the newest ones)
    log: list[str]
    status: str  # "waiting", "playing" or "finished"
    problem: str | None = None  # why the table could not be saved, if it could not
    outcome: Outcome | None = None
    #: once the game is over: the whole record (foxtui.engine.record format), for
    #: results and replay; nothing is hidden any more then
    record: bytes | None = None
    #: seconds left on the table clock (Fox Matters' Action timer), None when none runs
    clock: int | None = None
    #: the step the first line of ``log`` tells (0-based)
    log_from: int = 0
    #: the first step after this seat's own last move (what is news to it); 0 for none
    since: int = 0
    #: seconds left on this seat's move time limit (then a bot moves for it); None: none runs
    move_left: float | None = None


class WholeLog(msgspec.Struct, tag="whole_log", frozen=True):
    """Every log line of the table, told from the seat's side (an answer to WantLog)."""

    lines: list[str]
    since: int = 0  # the first step after the seat's own last move


class Notice(msgspec.Struct, tag="notice", frozen=True):
    text: str
    severity: str = "information"  # "information" | "warning" | "error"


#: the longest chat line, in characters (after control characters are taken out)
CHAT_LENGTH = 200


class ChatLine(msgspec.Struct, frozen=True):
    #: the writer's name as the lobby shows it ("" for what the table itself says)
    name: str
    text: str  # plain text: drawn as it is, never read as markup
    spectator: bool = False  # written by someone watching, not playing
    #: the steps the game had when it was said (a replay shows it there); -1: not known
    step: int = -1


class Chat(msgspec.Struct, tag="chat", frozen=True):
    """New lines of the table's chat; ``whole``: every line kept, replacing what was shown."""

    lines: list[ChatLine]
    whole: bool = False


#: what a seat's player is doing, as ``Presence`` tells it
HERE, AWAY, LEFT, BOT = "here", "away", "left", "bot"


class Presence(msgspec.Struct, tag="presence", frozen=True):
    """Who is at the table now, per seat: HERE, AWAY (the connection dropped), LEFT
    (went back to the lobby; the seat is kept) or BOT."""

    seats: list[str]
    #: the names of those watching (spectators)
    watching: list[str] = []


class Start(msgspec.Struct, tag="start", frozen=True):
    """The next real-time round waits for its players (who has still to read the
    summary, or, after a restart, to come back), and then seconds of a countdown
    nobody may act in (0: play). Meanwhile the table's clock stands still."""

    waiting_for: list[str]
    seconds: int | None = None
    #: those waited for are not back yet (the server started again), not reading
    coming_back: bool = False


class Goodbye(msgspec.Struct, tag="goodbye", frozen=True):
    text: str


class Window(msgspec.Struct, tag="window", frozen=True):
    """The player's window, as their SSH client says it (the client process is given
    at most spawn.MAX_SIZE of it): what the screen tells the player their window is."""

    columns: int
    rows: int


ServerMessage = Welcome | Lobby | Games | Seated | Update | WholeLog | Notice | Chat | Presence | Start | Goodbye | Window


# --- framing -------------------------------------------------------------------------

#: every frame starts with its body's length
HEADER = struct.Struct(">I")
_encoder = msgspec.msgpack.Encoder()


def frame(message: Any) -> bytes:
    body = _encoder.encode(message)
    return HEADER.pack(len(body)) + body


def raw(value: Any) -> msgspec.Raw:
    """A game value (View, action, list of actions) to travel inside a message."""
    return msgspec.Raw(_encoder.encode(value))


def unraw(data: msgspec.Raw | bytes, type: Any) -> Any:
    return msgspec.msgpack.decode(bytes(data), type=type)


_client_decoder = msgspec.msgpack.Decoder(ClientMessage)
_server_decoder = msgspec.msgpack.Decoder(ServerMessage)


def decode_client_message(body: bytes) -> ClientMessage:
    try:
        return _client_decoder.decode(body)
    except msgspec.DecodeError as exc:
        raise ProtocolError(f"not a client message ({exc})") from None


def decode_server_message(body: bytes) -> ServerMessage:
    try:
        return _server_decoder.decode(body)
    except msgspec.DecodeError as exc:
        raise ProtocolError(f"not a server message ({exc})") from None
