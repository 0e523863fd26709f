"""The ``foxtui`` command. Every error is one line on stderr and exit status 2."""

from __future__ import annotations

import argparse
import math
import os
import re
import secrets
import sys
from pathlib import Path
from typing import Any, NoReturn, Sequence

from foxtui import __version__

EXIT_USAGE = 2

#: ``--color``: "auto" draws in what TERM and COLORTERM announce; the others force it
COLORS = ("auto", "16", "256", "truecolor")


class UsageError(Exception):
    """A wrong command line or an unusable file: one sentence for the user."""


class _Parser(argparse.ArgumentParser):
    """argparse, every complaint in our words: one sentence raised as UsageError."""

    def error(self, message: str) -> NoReturn:
        # What argparse still finds itself (the wrong values are ours, see _check_value and
        # _number): a missing argument, an option without its value or with one too many.
        see = f"see `{self.prog} --help`"
        if match := _REQUIRED.match(message):
            needed = [self._described(name) for name in match.group(1).split(", ")]
            raise UsageError(f"`{self.prog}` needs {_and(needed)}; {see}.")
        if match := _NO_VALUE.match(message):
            raise UsageError(f"{match.group(1).split('/')[-1]} needs a value; {see}.")
        if match := _EXTRA_VALUE.match(message):
            raise UsageError(f"{match.group(1).split('/')[-1]} takes no value, so not {match.group(2)}; {see}.")
        if match := _AMBIGUOUS.match(message):
            raise UsageError(f"{match.group(1)} could be {_or(match.group(2).split(', '))}; write it out.")
        raise UsageError(message[0].upper() + message[1:].rstrip(".") + f"; {see}.")

    def _check_value(self, action: argparse.Action, value: Any) -> None:
        # argparse would list every choice, the hidden command too, in its own words
        if action.choices is None or value in action.choices:
            return
        if isinstance(action, argparse._SubParsersAction):
            raise UsageError(_unknown_command(value, self.prog))
        choices = [str(c) for c in action.choices]
        raise UsageError(f"{_name(action)} takes {_or(choices)}, not {value!r}.")

    def parse_args(self, args: Sequence[str] | None = None, namespace: Any = None) -> Any:  # type: ignore[override]
        parsed, extra = self.parse_known_args(args, namespace)
        if extra:
            prog = f"{self.prog} {parsed.command}" if getattr(parsed, "command", None) else self.prog
            what = "argument" if len(extra) == 1 else "arguments"
            raise UsageError(f"`{prog}` has no {what} {' '.join(extra)}; see `{prog} --help`.")
        return parsed

    def _described(self, name: str) -> str:
        """A required argument by name, with its help if it has one: "GAME (one of: ...)"."""
        for action in self._actions:
            if name in (action.metavar, action.dest, *action.option_strings, "/".join(action.option_strings)):
                if action.help and action.help is not argparse.SUPPRESS:
                    return f"{name} ({action.help})"
        return name


#: argparse's own complaints (Python 3.11 to 3.13 word them alike); anything else is
#: shown as argparse says it
_REQUIRED = re.compile(r"the following arguments are required: (.+)$")
_NO_VALUE = re.compile(r"argument (\S+): expected (?:one|at least one) argument$")
_EXTRA_VALUE = re.compile(r"argument (\S+): ignored explicit argument (.+)$")
_AMBIGUOUS = re.compile(r"ambiguous option: (\S+) could match (.+)$")


def _name(action: argparse.Action) -> str:
    return action.option_strings[-1] if action.option_strings else str(action.metavar or action.dest)


def _unknown_command(word: str, prog: str) -> str:
    from foxtui.games import GAMES

    shown = [name for name in COMMANDS if not name.startswith("_")]  # _client stays unlisted
    if word in GAMES:
        return f"There is no command {word!r}; to play it: `foxtui new {word}`."
    return f"There is no command {word!r}; the commands are {_and(shown)} (see `{prog} --help`)."


def _and(items: Sequence[str]) -> str:
    return _join(items, "and")


def _or(items: Sequence[str]) -> str:
    return _join(items, "or")


def _join(items: Sequence[str], last: str) -> str:
    items = list(items)
    return f" {last} ".join(items) if len(items) <= 2 else ", ".join(items[:-1]) + f" {last} " + items[-1]


def _number(option: str, whole: bool = True, low: float | None = None, high: float | None = None) -> Any:
    """An argparse ``type`` for a number option: anything else, or out of range, is
    refused in words ("--port takes a whole number from 1 to 65535, not '99999'")."""
    from foxtui.engine.options import number_words

    def convert(text: str) -> int | float:
        try:
            value: int | float = int(text) if whole else float(text)
        except ValueError:
            value = math.nan
        out_of_range = (low is not None and value < low) or (high is not None and value > high)
        if not math.isfinite(value) or out_of_range:
            raise UsageError(f"{option} takes {number_words(whole, low, high)}, not {text!r}.")
        return value

    return convert


def _build_parser() -> argparse.ArgumentParser:
    from foxtui.games import GAMES
    from foxtui.table.pace import BOT_SPEEDS, DEFAULT_SPEED

    games = ", ".join(GAMES)
    parser = _Parser(
        prog="foxtui",
        description="Play Master Fox and other fox games in the terminal. Without a command, opens the app.",
    )
    parser.add_argument("--version", action="version", version=f"foxtui {__version__}")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser, metavar="COMMAND")

    def display_args(p: argparse.ArgumentParser, defaults: bool = False) -> None:
        # Taken before or after the command. Only the top parser has defaults: a
        # command's defaults would overwrite what was given before the command.
        unset = argparse.SUPPRESS
        color_help = "colours to draw with (default: auto, from TERM and COLORTERM)"
        p.add_argument("--color", choices=COLORS, default="auto" if defaults else unset, help=color_help)
        slow_help = "for slow links: no animations, no blinking cursor, no mouse"
        p.add_argument("--low-bandwidth", action="store_true", default=False if defaults else unset, help=slow_help)

    display_args(parser, defaults=True)

    def option_arg(p: argparse.ArgumentParser) -> None:
        p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a game option (repeatable)")

    new = sub.add_parser(
        "new",
        help="start a new game and play it",
        description=f"Games: {games}.",
        epilog=_new_epilog(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    new.add_argument("game", metavar="GAME", help=f"one of: {games}")
    players_help = "number of seats (default: one per name in --names, else the fewest the game allows)"
    new.add_argument("--players", type=_number("--players"), help=players_help)
    new.add_argument("--names", help="seat names, comma-separated")
    new.add_argument("--bots", default="", metavar="SEATS", help="seats played by bots: numbers from 1, e.g. 2,3 or 2:random")
    new.add_argument("--seed", type=_number("--seed"), help="seed for the shuffle (default: random)")
    speeds = f"how fast bots play: {', '.join(BOT_SPEEDS)} (default: {DEFAULT_SPEED})"
    new.add_argument("--bot-speed", choices=BOT_SPEEDS, metavar="SPEED", help=speeds)
    option_arg(new)
    display_args(new)

    resume = sub.add_parser("resume", help="continue a saved game (default: the last unfinished one)")
    resume.add_argument("file", nargs="?", type=Path, metavar="FILE", help="the saved game")
    display_args(resume)

    replay = sub.add_parser("replay", help="step through a saved game")
    replay.add_argument("file", type=Path, metavar="FILE", help="the saved game")
    display_args(replay)

    verify = sub.add_parser("verify", help="replay every step of a record and check every state hash")
    verify.add_argument("file", type=Path, metavar="FILE", help="the game record to check")

    auto = sub.add_parser("autoplay", help="bots play a whole game headless; prints the outcome")
    auto.add_argument("game", metavar="GAME", help=f"one of: {games}")
    auto.add_argument("--players", type=_number("--players"), required=True, help="number of seats")
    auto.add_argument("--seed", type=_number("--seed"), required=True, help="seed for the shuffle")
    auto.add_argument("--out", type=Path, metavar="FILE", help="write the game record here")
    auto.add_argument("--level", help="bot level (default: the game's strongest)")
    option_arg(auto)

    serve = sub.add_parser("serve", help="serve shared tables over SSH: players connect with ssh")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1)")
    port = _number("--port", low=1, high=65535)
    serve.add_argument("--port", type=port, default=2222, help="port to listen on (default: 2222)")
    serve.add_argument("--data", type=Path, metavar="DIR", help="tables, players and host key (default: the data folder's server/)")
    serve.add_argument("--authorized-keys", type=Path, metavar="FILE", help="only these public keys may connect")
    serve.add_argument("--open", action="store_true", help="any public key may connect")
    total, per_address = _number("--max-sessions", low=1), _number("--max-per-address", low=1)
    serve.add_argument("--max-sessions", type=total, default=50, metavar="N", help="players' sessions at once (default: 50)")
    # the name before sessions were counted (it counted connections); kept for old command lines
    serve.add_argument("--max-connections", type=_number("--max-connections", low=1), dest="max_sessions", help=argparse.SUPPRESS)
    serve.add_argument(
        "--max-per-address", type=per_address, default=8, metavar="N", help="sessions from one address (default: 8)"
    )
    tables = _number("--max-tables-per-key", low=1)
    serve.add_argument(
        "--max-tables-per-key", type=tables, default=5, metavar="N", help="open tables one key may sit at (default: 5)"
    )
    delay = _number("--bot-delay", whole=False, low=0)
    serve.add_argument(
        "--bot-delay", type=delay, default=None, metavar="SECONDS",
        help="one pause for every table's bots (default: each table's own bot speed)",
    )  # fmt: skip
    # the screen of one SSH session, started by the server (not for people to run)
    client = sub.add_parser("_client")
    client.add_argument("--fd", type=_number("--fd", low=0), required=True)
    return parser


def _new_epilog() -> str:
    """What `foxtui new --help` says after its options: each game's players, bot levels
    and options with their values, the bot speeds, and how one person plays."""
    import textwrap

    from foxtui.engine.options import option_texts
    from foxtui.games import GAMES
    from foxtui.table.pace import BOT_SPEEDS, DEFAULT_SPEED, bot_pace

    def wrap(text: str, indent: str, more: str = "") -> list[str]:
        return textwrap.wrap(text, 78, initial_indent=indent, subsequent_indent=more or indent, break_on_hyphens=False)

    lines = ["Games (--option KEY=VALUE: each option at its default, then what it takes):"]
    for game in GAMES.values():
        levels = list(game.bots)
        along = "".join(f"; for {n}, {who} plays along" for n, who in getattr(game, "companions", {}).items())
        lines += wrap(f"{game.id}: {game.title}, {game.min_players}-{game.max_players} players{along}", "  ", "    ")
        lines += wrap(f"bots: {levels[0]} (the default), {', '.join(levels[1:])}", "    ")
        for option in option_texts(game):
            shared = "" if option.local else " (only at a table of `foxtui serve`)"
            lines += wrap(f"{option.name}={option.default}: {option.takes}{shared}", "    ", "      ")
            if option.description:
                lines += wrap(option.description + ".", "      ")
    speeds = [f"{name} ({bot_pace(name).turn:g} s a move)" if bot_pace(name).turn else name for name in BOT_SPEEDS]
    lines.append("")
    lines += wrap(f"Bot speeds (--bot-speed): {', '.join(speeds)}; the default is {DEFAULT_SPEED}.", "")
    lines += wrap(
        "--bots 2 makes seat 2 a bot of the game's default level, --bots 2:random a random one; "
        "expert searches, thinking in a worker process of its own.",
        "",
    )
    lines += wrap(
        "Playing alone: a name for you and bots for the other seats, e.g. "
        "`foxtui new fox-experiment --names Ada --bots 2` (you and a bot, with the automated "
        "opponent of the two-player game); a bot seat with no name is called Bot 2.",
        "",
    )
    return "\n".join(lines)


def _game(game_id: str) -> Any:
    from foxtui.games import GAMES

    if game_id not in GAMES:
        raise UsageError(f"Unknown game {game_id!r}; the games are: {', '.join(GAMES)}.")
    return GAMES[game_id]


def _players(game: Any, players: int | None, names: list[str] | None = None, bots: dict[int, str] | None = None) -> int:
    """The number of seats: --players, else one per name in --names (and as many more as
    the bot seats of --bots after them), else the fewest."""
    bots = bots or {}
    if players is not None:
        n = players
    elif names:
        n = max(len(names), *(seat + 1 for seat in bots if seat < game.max_players), 0)
    else:
        n = game.min_players
    if not game.min_players <= n <= game.max_players:
        given = f" (--names gives {_count(len(names), 'name')})" if players is None and names else ""
        how = _alone(game, names) if players is None and names and n < game.min_players else ""
        raise UsageError(f"{game.title} is for {game.min_players} to {game.max_players} players, not {n}{given}{how}.")
    return n


def _alone(game: Any, names: list[str]) -> str:
    """How too few players still play: the other seats to bots (and whoever plays along
    at that many: The Fox Experiment's automated opponent for two)."""
    seats = [str(n) for n in range(len(names) + 1, game.min_players + 1)]
    bots = "a bot" if len(seats) == 1 else f"{len(seats)} bots"
    along = getattr(game, "companions", {}).get(game.min_players)
    against = f"{bots} and {along}" if along else bots
    return f"; to play against {against}: --names {','.join(names)} --bots {','.join(seats)}"


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _options(game: Any, pairs: list[str], *, local: bool = False) -> Any:
    from foxtui.engine.options import parse_options

    try:
        return parse_options(game, pairs, local=local)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def _names(names: str | None) -> list[str] | None:
    if names is None:
        return None
    seat_names = [n.strip() for n in names.split(",")]
    if any(not n for n in seat_names):
        raise UsageError(f"--names has an empty name in {names!r}; write the names with commas between them.")
    twice = next((n for i, n in enumerate(seat_names) if n in seat_names[:i]), None)
    if twice is not None:
        raise UsageError(f"--names gives {twice!r} twice; every seat needs a name of its own.")
    return seat_names


def _bot_levels(game: Any, bots: str) -> tuple[dict[int, str], str | None]:
    """The seats --bots names (from 0) with their levels, and the first item that is no
    seat number (told once the number of seats is known)."""
    levels: dict[int, str] = {}
    default_level = next(iter(game.bots))
    for item in filter(None, (b.strip() for b in bots.split(","))):
        number, _, level = item.partition(":")
        if not number.isdigit() or not int(number):
            return levels, number
        if level and level not in game.bots:
            raise UsageError(f"{game.title} has no bot level {level!r}; its levels are {_and(list(game.bots))}.")
        levels[int(number) - 1] = level or default_level
    return levels, None


def _seats(game: Any, players: int, names: list[str] | None, bots: str | dict[int, str], wrong: str | None = None) -> list[Any]:
    """The seats: named by --names in order; a bot seat after the names is named
    "Bot N" (one person plays with ``--names Ada --bots 2``). ``bots``: --bots as given,
    or as _bot_levels read it (with ``wrong``, its first item that is no seat number)."""
    from foxtui.engine import SeatInfo

    levels, wrong = _bot_levels(game, bots) if isinstance(bots, str) else (bots, wrong)

    beyond = next((str(seat + 1) for seat in sorted(levels) if seat >= players), None)
    if wrong is not None or beyond is not None:
        example = f"e.g. --bots 2 or --bots 2:{next(iter(game.bots))}"
        raise UsageError(f"--bots takes seat numbers from 1 to {players}, not {wrong if wrong is not None else beyond!r} ({example}).")
    seat_names = list(names or [f"Player {i}" for i in range(1, players + 1)])
    unnamed = range(len(seat_names), players)
    if len(seat_names) > players or any(seat not in levels for seat in unnamed):
        given = _count(len(seat_names), "name")
        raise UsageError(f"--names gives {given} for {_count(players, 'seat')}; give one per seat.")
    for seat in unnamed:
        name, k = f"Bot {seat + 1}", 1
        while name in seat_names:  # (a player may be called "Bot 2")
            k += 1
            name = f"Bot {seat + 1}.{k}"
        seat_names.append(name)
    return [SeatInfo(name=seat_names[i], bot=levels.get(i)) for i in range(players)]


def _load(path: Path) -> tuple[Any, Any]:
    from foxtui.engine.record import RecordError, load_record

    try:
        return load_record(path)
    except RecordError as exc:
        raise UsageError(str(exc)) from None


def _has_terminal() -> bool:
    # Textual reads keys from stdin and draws on stderr
    return all(f is not None and f.isatty() for f in (sys.__stdin__, sys.__stderr__))


def _need_terminal() -> None:
    if not _has_terminal():  # the app would draw blind and wait for keys forever
        raise UsageError("There is no terminal to play in; over SSH, connect with `ssh -t`.")


def _run_app(args: argparse.Namespace, **kwargs: Any) -> int:
    from foxtui.ui.app import FoxApp

    _need_terminal()
    # With this set, Textual lets the terminal turn ctrl+z into a stop signal; a stopped
    # foxtui under an SSH ForceCommand would leave the player a dead session
    os.environ.pop("TEXTUAL_ALLOW_SIGNALS", None)
    app = FoxApp(color=args.color, low_bandwidth=args.low_bandwidth, steady_gc=True, **kwargs)
    app.run(mouse=not args.low_bandwidth)  # every mouse move is reported over the link
    return app.return_code or 0  # 129 when the terminal hung up (see FoxApp.terminal_lost)


def _cmd_new(args: argparse.Namespace) -> int:
    from foxtui.engine.saves import new_save_path
    from foxtui.engine.session import Session

    from foxtui.ui.games import unplayable_reason

    game = _game(args.game)
    reason = unplayable_reason(game.id)
    if reason is not None:
        raise UsageError(f"{reason[:-1]}; try `foxtui autoplay {game.id}`.")
    names = _names(args.names)
    levels, wrong = _bot_levels(game, args.bots)
    players = _players(game, args.players, names, levels)
    seats = _seats(game, players, names, levels, wrong)
    options = _options(game, args.option, local=True)
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    _set_up(game, seats, options, seed)  # a table the rules refuse is told with or without a terminal
    _need_terminal()  # before the new table's first save
    try:
        session = Session.new(game, seats, options, seed, new_save_path(game.id, seed), bot_speed=args.bot_speed)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    return _run_app(args, session=session)


def _set_up(game: Any, seats: list[Any], options: Any, seed: int) -> None:
    """Refuse, in the game's own sentence, options its setup does not accept (e.g. an
    unknown Fox Matters knight), before anything is saved or played."""
    try:
        game.setup(list(seats), options, seed)
    except ValueError as exc:
        raise UsageError(_sentence(str(exc))) from None


def _sentence(text: str) -> str:
    text = text.strip()
    return (text[:1].upper() + text[1:]).rstrip(".") + "."


def _cmd_resume(args: argparse.Namespace) -> int:
    from foxtui.engine.record import RecordError
    from foxtui.engine.saves import latest_unfinished
    from foxtui.engine.session import Session

    path = args.file
    if path is None:
        entry = latest_unfinished()
        if entry is None:
            raise UsageError("There is no unfinished game to continue.")
        path = entry.path
    try:
        session = Session.resume(path)
    except RecordError as exc:
        raise UsageError(str(exc)) from None
    return _run_app(args, session=session)


def _cmd_replay(args: argparse.Namespace) -> int:
    _load(args.file)  # refuse a bad file before the screen opens
    return _run_app(args, replay_path=args.file)


def _cmd_verify(args: argparse.Namespace) -> int:
    record, _ = _load(args.file)
    print(f"{args.file.name}: all {len(record.steps)} steps replay and match their hashes.")
    return 0


def _cmd_autoplay(args: argparse.Namespace) -> int:
    from foxtui.engine import SeatInfo
    from foxtui.engine.autoplay import autoplay, outcome_line
    from foxtui.engine.record import save_record

    game = _game(args.game)
    players = _players(game, args.players)
    options = _options(game, args.option)
    if args.level is not None and args.level not in game.bots:
        raise UsageError(f"{game.title} has no bot level {args.level!r}; its levels are {_and(list(game.bots))}.")
    if args.out is not None and args.out.is_dir():
        raise UsageError(f"--out {args.out} is a folder; name the file to write the record to.")
    _set_up(game, [SeatInfo(name=f"Bot {n}") for n in range(1, players + 1)], options, args.seed)
    session = autoplay(game, players, args.seed, options, args.level)
    outcome = session.outcome()
    print(outcome_line(game, session.seats, outcome, session.step_count))
    if args.out is not None:
        try:
            save_record(session.record, args.out, round=game.round_of(session.state), finished=True)
        except OSError as exc:
            raise UsageError(f"Cannot write the record to {args.out} ({exc.strerror}).") from None
    return 0


def _cmd_serve(args: argparse.Namespace) -> int:
    from foxtui.engine.saves import data_dir
    from foxtui.server.serve import ServeError, serve

    try:
        return serve(
            host=args.host,
            port=args.port,
            data=args.data or data_dir() / "server",
            authorized_keys=args.authorized_keys,
            open_to_all=args.open,
            max_sessions=args.max_sessions,
            max_per_address=args.max_per_address,
            max_tables_per_key=args.max_tables_per_key,
            bot_delay=args.bot_delay,
        )
    except ServeError as exc:
        raise UsageError(str(exc)) from None


def _cmd_client(args: argparse.Namespace) -> int:
    from foxtui.server.client import run_client

    return run_client(args.fd)


COMMANDS = {
    "new": _cmd_new,
    "resume": _cmd_resume,
    "replay": _cmd_replay,
    "verify": _cmd_verify,
    "autoplay": _cmd_autoplay,
    "serve": _cmd_serve,
    "_client": _cmd_client,
}


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = _build_parser().parse_args(argv)
        from foxtui.versions import mismatch

        if (wrong := mismatch()) is not None:
            raise UsageError(wrong)
        if args.command is None:
            return _run_app(args)
        return COMMANDS[args.command](args)
    except UsageError as exc:
        print(f"foxtui: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130
