"""The ``foxtui`` command. Every error is one line on stderr and exit status 2."""

from __future__ import annotations

import argparse
import os
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
    def error(self, message: str) -> NoReturn:
        # argparse prints usage and exits 2; we keep to one clear line
        raise UsageError(message[0].upper() + message[1:].rstrip(".") + f" (see `{self.prog} --help`).")


def _build_parser() -> argparse.ArgumentParser:
    from foxtui.games import GAMES

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

    new = sub.add_parser("new", help="start a new game and play it", description=f"Games: {games}.")
    new.add_argument("game", metavar="GAME", help=f"one of: {games}")
    new.add_argument("--players", type=int, help="number of seats (default: the fewest the game allows)")
    new.add_argument("--names", help="seat names, comma-separated")
    new.add_argument("--bots", default="", metavar="SEATS", help="seats played by bots: numbers from 1, e.g. 2,3 or 2:random")
    new.add_argument("--seed", type=int, help="seed for the shuffle (default: random)")
    option_arg(new)
    display_args(new)

    resume = sub.add_parser("resume", help="continue a saved game (default: the last unfinished one)")
    resume.add_argument("file", nargs="?", type=Path, metavar="FILE")
    display_args(resume)

    replay = sub.add_parser("replay", help="step through a saved game")
    replay.add_argument("file", type=Path, metavar="FILE")
    display_args(replay)

    verify = sub.add_parser("verify", help="replay every step of a record and check every state hash")
    verify.add_argument("file", type=Path, metavar="FILE")

    auto = sub.add_parser("autoplay", help="bots play a whole game headless; prints the outcome")
    auto.add_argument("game", metavar="GAME", help=f"one of: {games}")
    auto.add_argument("--players", type=int, required=True)
    auto.add_argument("--seed", type=int, required=True)
    auto.add_argument("--out", type=Path, metavar="FILE", help="write the game record here")
    auto.add_argument("--level", help="bot level (default: the game's strongest)")
    option_arg(auto)

    serve = sub.add_parser("serve", help="serve shared tables over SSH: players connect with ssh")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1)")
    serve.add_argument("--port", type=int, default=2222, help="port to listen on (default: 2222)")
    serve.add_argument("--data", type=Path, metavar="DIR", help="tables, players and host key (default: the data folder's server/)")
    serve.add_argument("--authorized-keys", type=Path, metavar="FILE", help="only these public keys may connect")
    serve.add_argument("--open", action="store_true", help="any public key may connect")
    serve.add_argument("--max-connections", type=int, default=50, metavar="N", help="connections at once (default: 50)")
    serve.add_argument("--max-per-address", type=int, default=8, metavar="N", help="connections from one address (default: 8)")
    serve.add_argument("--bot-delay", type=float, default=0.5, metavar="SECONDS", help="a bot's pause before it moves (default: 0.5)")
    # the screen of one SSH session, started by the server (not for people to run)
    client = sub.add_parser("_client")
    client.add_argument("--fd", type=int, required=True)
    return parser


def _game(game_id: str) -> Any:
    from foxtui.games import GAMES

    if game_id not in GAMES:
        raise UsageError(f"Unknown game {game_id!r}; the games are: {', '.join(GAMES)}.")
    return GAMES[game_id]


def _players(game: Any, players: int | None) -> int:
    n = game.min_players if players is None else players
    if not game.min_players <= n <= game.max_players:
        raise UsageError(f"{game.title} is for {game.min_players} to {game.max_players} players, not {n}.")
    return n


def _options(game: Any, pairs: list[str]) -> Any:
    from foxtui.engine.options import parse_options

    try:
        return parse_options(game, pairs)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def _seats(game: Any, players: int, names: str | None, bots: str) -> list[Any]:
    from foxtui.engine import SeatInfo

    seat_names = [n.strip() for n in names.split(",")] if names else [f"Player {i}" for i in range(1, players + 1)]
    if len(seat_names) != players:
        raise UsageError(f"--names gives {len(seat_names)} names for {players} seats.")
    if any(not n for n in seat_names) or len(set(seat_names)) != len(seat_names):
        raise UsageError("Seat names must be non-empty and all different.")
    levels: dict[int, str] = {}
    default_level = next(iter(game.bots))
    for item in filter(None, (b.strip() for b in bots.split(","))):
        number, _, level = item.partition(":")
        if not number.isdigit() or not 1 <= int(number) <= players:
            raise UsageError(f"--bots takes seat numbers from 1 to {players}, not {number!r}.")
        if level and level not in game.bots:
            raise UsageError(f"{game.title} has no bot level {level!r} (levels: {', '.join(game.bots)}).")
        levels[int(number) - 1] = level or default_level
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
    app = FoxApp(color=args.color, low_bandwidth=args.low_bandwidth, **kwargs)
    app.run(mouse=not args.low_bandwidth)  # every mouse move is reported over the link
    return 0


def _cmd_new(args: argparse.Namespace) -> int:
    from foxtui.engine.saves import new_save_path
    from foxtui.engine.session import Session

    from foxtui.ui.games import unplayable_reason

    game = _game(args.game)
    reason = unplayable_reason(game.id)
    if reason is not None:
        raise UsageError(f"{reason[:-1]}; try `foxtui autoplay {game.id}`.")
    players = _players(game, args.players)
    seats = _seats(game, players, args.names, args.bots)
    options = _options(game, args.option)
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    _need_terminal()  # before the new table's first save
    try:
        session = Session.new(game, seats, options, seed, new_save_path(game.id, seed))
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    return _run_app(args, session=session)


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
    from foxtui.engine.autoplay import autoplay, outcome_line
    from foxtui.engine.record import save_record

    game = _game(args.game)
    players = _players(game, args.players)
    options = _options(game, args.option)
    if args.level is not None and args.level not in game.bots:
        raise UsageError(f"{game.title} has no bot level {args.level!r} (levels: {', '.join(game.bots)}).")
    session = autoplay(game, players, args.seed, options, args.level)
    outcome = session.outcome()
    print(outcome_line(game, session.seats, outcome, session.step_count))
    if args.out is not None:
        try:
            save_record(session.record, args.out, round=game.round_of(session.state), finished=True)
        except OSError as exc:
            raise UsageError(f"Cannot write {args.out}: {exc.strerror}.") from None
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
            max_connections=args.max_connections,
            max_per_address=args.max_per_address,
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
        if args.command is None:
            return _run_app(args)
        return COMMANDS[args.command](args)
    except UsageError as exc:
        print(f"foxtui: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130
