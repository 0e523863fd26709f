"""The ``foxtui`` command. Every error is one line on stderr and exit status 2."""

from __future__ import annotations

import argparse
import secrets
import sys
from pathlib import Path
from typing import Any, NoReturn, Sequence

from foxtui import __version__

EXIT_USAGE = 2


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

    def option_arg(p: argparse.ArgumentParser) -> None:
        p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a game option (repeatable)")

    new = sub.add_parser("new", help="start a new game and play it", description=f"Games: {games}.")
    new.add_argument("game", metavar="GAME", help=f"one of: {games}")
    new.add_argument("--players", type=int, help="number of seats (default: the fewest the game allows)")
    new.add_argument("--names", help="seat names, comma-separated")
    new.add_argument("--bots", default="", metavar="SEATS", help="seats played by bots: numbers from 1, e.g. 2,3 or 2:random")
    new.add_argument("--seed", type=int, help="seed for the shuffle (default: random)")
    option_arg(new)

    resume = sub.add_parser("resume", help="continue a saved game (default: the last unfinished one)")
    resume.add_argument("file", nargs="?", type=Path, metavar="FILE")

    replay = sub.add_parser("replay", help="step through a saved game")
    replay.add_argument("file", type=Path, metavar="FILE")

    verify = sub.add_parser("verify", help="replay every step of a record and check every state hash")
    verify.add_argument("file", type=Path, metavar="FILE")

    auto = sub.add_parser("autoplay", help="bots play a whole game headless; prints the outcome")
    auto.add_argument("game", metavar="GAME", help=f"one of: {games}")
    auto.add_argument("--players", type=int, required=True)
    auto.add_argument("--seed", type=int, required=True)
    auto.add_argument("--out", type=Path, metavar="FILE", help="write the game record here")
    auto.add_argument("--level", help="bot level (default: the game's strongest)")
    option_arg(auto)
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


def _run_app(**kwargs: Any) -> int:
    from foxtui.ui.app import FoxApp

    FoxApp(**kwargs).run()
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
    try:
        session = Session.new(game, seats, options, seed, new_save_path(game.id, seed))
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    return _run_app(session=session)


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
    return _run_app(session=session)


def _cmd_replay(args: argparse.Namespace) -> int:
    _load(args.file)  # refuse a bad file before the screen opens
    return _run_app(replay_path=args.file)


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


COMMANDS = {
    "new": _cmd_new,
    "resume": _cmd_resume,
    "replay": _cmd_replay,
    "verify": _cmd_verify,
    "autoplay": _cmd_autoplay,
}


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = _build_parser().parse_args(argv)
        if args.command is None:
            return _run_app()
        return COMMANDS[args.command](args)
    except UsageError as exc:
        print(f"foxtui: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130
