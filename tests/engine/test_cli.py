"""The command line: exact forms, and every error one plain sentence on stderr with exit status 2."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import msgspec
import msgspec.inspect as mi
import pytest

from foxtui import __version__
from foxtui.cli import main
from foxtui.engine.options import parse_options
from foxtui.games import GAMES

NIGHTMARES = (
    "random-level-1, random-level-2, random-level-3, random-level-4, random, grumbling-cloud, endless-drizzle, "
    "whispering-wardrobe, hollow-bell, gnawing-dark or long-winter"
)


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "foxtui", *args], capture_output=True, text=True, timeout=120)


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("FOXTUI_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def refused(args: list[str], capsys) -> str:
    """The one line foxtui printed for ``args``, without its "foxtui: "; exit status 2,
    no traceback, nothing saved."""
    assert main(args) == 2
    captured = capsys.readouterr()
    err = captured.err
    assert err.count("\n") == 1 and err.startswith("foxtui: "), err
    assert "Traceback" not in err + captured.out
    sentence = err[len("foxtui: ") : -1]
    assert sentence.endswith("."), sentence
    return sentence


def test_version_and_help() -> None:
    assert run("--version").stdout.strip() == f"foxtui {__version__}"
    out = run("--help")
    assert out.returncode == 0
    for command in ("new", "resume", "replay", "verify", "autoplay", "serve"):
        assert command in out.stdout
    assert "_client" not in out.stdout


@pytest.mark.parametrize(
    "args,expected",
    [
        # the commands and the global options
        (["frobnicate"], "There is no command 'frobnicate'; the commands are new, resume, replay, verify, "
         "autoplay and serve (see `foxtui --help`)."),
        (["master-fox"], "There is no command 'master-fox'; to play it: `foxtui new master-fox`."),
        (["--color", "8"], "--color takes auto, 16, 256 or truecolor, not '8'."),
        (["new", "master-fox", "--color", "8"], "--color takes auto, 16, 256 or truecolor, not '8'."),
        (["--low-bandwidth=1"], "--low-bandwidth takes no value, so not '1'; see `foxtui --help`."),
        # new
        (["new"], "`foxtui new` needs GAME (one of: master-fox, fox-matters, foxpaw, fox-experiment); "
         "see `foxtui new --help`."),
        (["new", "chess"], "Unknown game 'chess'; the games are: master-fox, fox-matters, foxpaw, fox-experiment."),
        (["new", "master-fox", "--players", "7"], "Master Fox is for 2 to 4 players, not 7."),
        (["new", "master-fox", "--players", "two"], "--players takes a whole number, not 'two'."),
        (["new", "master-fox", "--players"], "--players needs a value; see `foxtui new --help`."),
        (["new", "master-fox", "--seed", "1.5"], "--seed takes a whole number, not '1.5'."),
        (["new", "master-fox", "--unknown"], "`foxtui new` has no argument --unknown; see `foxtui new --help`."),
        (["new", "master-fox", "extra"], "`foxtui new` has no argument extra; see `foxtui new --help`."),
        (["new", "master-fox", "--names", "A"], "Master Fox is for 2 to 4 players, not 1 (--names gives 1 name); "
         "to play against a bot: --names A --bots 2."),
        # issue 39: one human and the automated opponent (with a bot in the second seat)
        (["new", "fox-experiment", "--names", "Ada"], "The Fox Experiment is for 2 to 6 players, not 1 (--names gives "
         "1 name); to play against a bot and the automated opponent: --names Ada --bots 2."),
        (["new", "master-fox", "--names", "A", "--bots", "3"], "--names gives 1 name for 3 seats; give one per seat."),
        (["new", "master-fox", "--names", "A,B", "--bots", "7"], "--bots takes seat numbers from 1 to 2, not '7' (e.g. "
         "--bots 2 or --bots 2:sensible)."),
        (["new", "master-fox", "--players", "3", "--names", "A,B"], "--names gives 2 names for 3 seats; give one per seat."),
        (["new", "master-fox", "--names", "A,,B"], "--names has an empty name in 'A,,B'; write the names with commas "
         "between them."),
        (["new", "master-fox", "--names", "Ann,Ann"], "--names gives 'Ann' twice; every seat needs a name of its own."),
        (["new", "master-fox", "--bots", "9"], "--bots takes seat numbers from 1 to 2, not '9' (e.g. --bots 2 or "
         "--bots 2:sensible)."),
        (["new", "master-fox", "--bots", "2:genius"], "Master Fox has no bot level 'genius'; its levels are sensible, "
         "random and expert."),
        (["new", "master-fox", "--bot-speed", "warp"], "--bot-speed takes slow, normal, fast or instant, not 'warp'."),
        (["new", "master-fox", "--option", "speed=3"], "Master Fox has no option 'speed'; its options are target_eggs, "
         "touches_per_turn and mode."),
        (["new", "master-fox", "--option", "target_eggs"], "Options are written KEY=VALUE (e.g. target_eggs=10), not "
         "'target_eggs'."),
        (["new", "master-fox", "--option"], "--option needs a value; see `foxtui new --help`."),
        # every game's options with wrong values
        (["new", "master-fox", "--option", "target_eggs=12"], "In Master Fox, target_eggs cannot be 12: it takes "
         "10 or 15."),
        (["new", "master-fox", "--option", "touches_per_turn=9"], "In Master Fox, touches_per_turn cannot be 9: "
         "it takes a whole number from 1 to 5."),
        (["new", "master-fox", "--option", "touches_per_turn=many"], "In Master Fox, touches_per_turn cannot be "
         "'many': it takes a whole number from 1 to 5."),
        (["new", "master-fox", "--option", "touches_per_turn=yes"], "In Master Fox, touches_per_turn cannot be "
         "'yes': it takes a whole number from 1 to 5."),
        (["new", "master-fox", "--option", "mode=fast"], "In Master Fox, mode cannot be 'fast': it takes turns "
         "or realtime."),
        (["new", "master-fox", "--option", "mode=realtime"], "In Master Fox, mode=realtime needs a terminal for "
         "every player: choose it when you set up a table on `foxtui serve`."),
        (["new", "fox-matters", "--option", "nightmare=bogeyman"], "In Fox Matters, nightmare cannot be "
         f"'bogeyman': it takes one of {NIGHTMARES}."),
        (["new", "fox-matters", "--option", "holiday=maybe"], "In Fox Matters, holiday cannot be 'maybe': it "
         "takes true or false."),
        (["new", "fox-matters", "--option", "timer_seconds=-1"], "In Fox Matters, timer_seconds cannot be -1: it "
         "takes a whole number from 0 to 600."),
        (["new", "fox-matters", "--option", "knights=zz"], "Unknown knight 'zz': the knights are fox-king, "
         "fox-chancellor, fox-admiral, fox-navigator, vixen-rebel, fox-healer, fox-wizard, fox-cook, fox-duelist, "
         "fox-sentinel."),
        (["new", "foxpaw", "--option", "first_game=2"], "In Foxpaw, first_game cannot be 2: it takes true or "
         "false."),
        (["new", "fox-experiment", "--option", "same_colour_penalty=often"], "In The Fox Experiment, same_colour_penalty cannot be 'often': it takes true or false."),
        # resume, replay, verify: the path as it was given
        (["resume", "/nonexistent"], "/nonexistent does not exist."),
        (["replay"], "`foxtui replay` needs FILE (the saved game); see `foxtui replay --help`."),
        (["replay", "/nonexistent/game.json"], "/nonexistent/game.json does not exist."),
        (["verify", "/nonexistent"], "/nonexistent does not exist."),
        (["verify", "/"], "/ is a folder, not a saved game."),
        # autoplay
        (["autoplay", "master-fox"], "`foxtui autoplay` needs --players (number of seats) and --seed (seed for the "
         "shuffle); see `foxtui autoplay --help`."),
        (["autoplay", "master-fox", "--players", "5", "--seed", "1"], "Master Fox is for 2 to 4 players, not 5."),
        (["autoplay", "master-fox", "--players", "2", "--seed", "x"], "--seed takes a whole number, not 'x'."),
        (["autoplay", "master-fox", "--players", "2", "--seed", "1", "--level", "genius"], "Master Fox has no bot level "
         "'genius'; its levels are sensible, random and expert."),
        (["autoplay", "fox-matters", "--players", "2", "--seed", "1", "--option", "knights=zz"], "Unknown knight 'zz': "
         "the knights are fox-king, fox-chancellor, fox-admiral, fox-navigator, vixen-rebel, fox-healer, fox-wizard, "
         "fox-cook, fox-duelist, fox-sentinel."),
        (["autoplay", "fox-matters", "--players", "2", "--seed", "1", "--option", "timer_seconds=601"], "In Fox Matters, "
         "timer_seconds cannot be 601: it takes a whole number from 0 to 600."),
        (["autoplay", "master-fox", "--players", "2", "--seed", "1", "--out", "/"], "--out / is a folder; name the file "
         "to write the record to."),
        # serve
        (["serve"], "Say who may connect: --authorized-keys FILE, or --open for any key."),
        (["serve", "--open", "--port", "99999"], "--port takes a whole number from 1 to 65535, not '99999'."),
        (["serve", "--open", "--port", "ssh"], "--port takes a whole number from 1 to 65535, not 'ssh'."),
        (["serve", "--open", "--max-connections", "0"], "--max-connections takes a whole number of at least 1, not '0'."),
        (["serve", "--open", "--max-per-address", "-2"], "--max-per-address takes a whole number of at least 1, not '-2'."),
        (["serve", "--open", "--bot-delay", "-1"], "--bot-delay takes a number of at least 0, not '-1'."),
        (["serve", "--open", "--bot-delay", "nan"], "--bot-delay takes a number of at least 0, not 'nan'."),
        (["serve", "--open", "--ma", "3"], "--ma could be --max-sessions, --max-connections, --max-per-address or "
         "--max-tables-per-key; write it out."),
        (["serve", "--authorized-keys", "/nonexistent/keys"], "Cannot read /nonexistent/keys (No such file or directory)."),
        # the hidden command works, but nobody is told about it
        (["_client"], "`foxtui _client` needs --fd; see `foxtui _client --help`."),
        (["_client", "--fd", "x"], "--fd takes a whole number of at least 0, not 'x'."),
    ],
)
def test_errors_are_one_sentence_and_exit_2(args, expected, capsys, data_dir) -> None:
    assert refused(args, capsys) == expected
    assert not (data_dir / "saves").exists() or not list((data_dir / "saves").iterdir())
    assert not Path("/nonexistent").exists()


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_option_of_every_game_refuses_a_wrong_value_saying_what_it_takes(game_id, capsys) -> None:
    """Derived from the Options types: a fixed set lists every value, a number its range."""
    game = GAMES[game_id]
    for field in mi.type_info(game.Options).fields:
        info = field.type.type if isinstance(field.type, mi.Metadata) else field.type
        if isinstance(info, mi.LiteralType):
            wrong, said = "nonsense", [str(v) for v in info.values]
        elif isinstance(info, mi.BoolType):
            wrong, said = "perhaps", ["true or false"]
        elif isinstance(info, mi.IntType):
            wrong, said = str(info.le + 1), [f"a whole number from {info.ge} to {info.le}"]
        else:
            continue  # text: any value is one (the game's setup judges it, see the knights above)
        sentence = refused(["autoplay", game_id, "--players", str(game.min_players), "--seed", "1",
                            "--option", f"{field.name}={wrong}"], capsys)  # fmt: skip
        assert sentence.startswith(f"In {game.title}, {field.name} cannot be ")
        assert all(words in sentence for words in said), sentence
        assert "`" not in sentence and "$." not in sentence  # none of msgspec's own words


def test_good_option_values_are_read_as_their_type() -> None:
    master_fox, fox_matters = GAMES["master-fox"], GAMES["fox-matters"]
    options = parse_options(master_fox, ["target_eggs=15", "touches-per-turn=2"])
    assert (options.target_eggs, options.touches_per_turn) == (15, 2)
    options = parse_options(fox_matters, ["holiday=yes", "timer_seconds=0", "knights=1", "nightmare=long-winter"])
    assert (options.holiday, options.timer_seconds, options.knights, options.nightmare) == (True, 0, "1", "long-winter")
    assert parse_options(master_fox, ["mode=realtime"]).mode == "realtime"  # bots may play it (autoplay)
    assert parse_options(master_fox, ["mode=turns"], local=True).mode == "turns"  # the default is fine anywhere


def test_names_alone_set_the_number_of_players_and_bot_speed_the_pace(monkeypatch) -> None:
    from foxtui import cli

    made = []
    monkeypatch.setattr(cli, "_need_terminal", lambda: None)
    monkeypatch.setattr(cli, "_run_app", lambda args, session: made.append(session) or 0)
    assert main(["new", "master-fox", "--names", "Ann,Ben,Cy", "--bots", "3", "--seed", "3"]) == 0
    assert main(["new", "master-fox", "--bots", "2", "--bot-speed", "slow"]) == 0
    first, second = made
    assert [(s.name, s.bot) for s in first.seats] == [("Ann", None), ("Ben", None), ("Cy", "sensible")]
    assert (first.record.bot_speed, second.record.bot_speed) == (None, "slow")  # the table's, kept in its save


def test_one_person_plays_the_fox_experiment_with_a_bot_and_the_automated_opponent(monkeypatch) -> None:
    # issue 39: `--names Ada` was refused and `--names Ada,Bo --bots 2` needed a name for the bot
    from foxtui import cli

    made = []
    monkeypatch.setattr(cli, "_need_terminal", lambda: None)
    monkeypatch.setattr(cli, "_run_app", lambda args, session: made.append(session) or 0)
    assert main(["new", "fox-experiment", "--names", "Ada", "--bots", "2:random", "--seed", "3"]) == 0
    assert main(["new", "master-fox", "--names", "Bot 2", "--bots", "2"]) == 0  # a name that is taken
    [alone, taken] = made
    assert [(s.name, s.bot) for s in alone.seats] == [("Ada", None), ("Bot 2", "random")]
    assert alone.state.automaton is not None  # the two-player game: the automated opponent plays along
    assert [s.name for s in taken.seats] == ["Bot 2", "Bot 2.2"]


def test_resume_without_saves(capsys) -> None:
    assert refused(["resume"], capsys) == "There is no unfinished game to continue."


def test_verify_a_garbage_file(tmp_path, capsys) -> None:
    path = tmp_path / "junk.json"
    path.write_bytes(b"\x00\xffnot json")
    sentence = refused(["verify", str(path)], capsys)
    assert sentence == "junk.json is damaged or truncated (JSON is malformed: invalid character at byte 0)."


HEAD = '"format":1,"game":"master-fox","rules":3,"options":{},"seats":[{"name":"A"},{"name":"B"}]'


@pytest.mark.parametrize(
    "content,expected",
    [
        ("{}", "edited.json is not a foxtui saved game (it names no record format)."),
        ("[1, 2]", "edited.json is damaged or truncated (it should be an object, not a list)."),
        ('{"format": 1, "game": ', "edited.json is damaged or truncated (it ends too early)."),
        ('{"format":1,"game":"master-fox"}', "edited.json is damaged or was edited by hand (the field options is "
         "missing)."),
        ("{" + HEAD + ',"seed":"x","steps":[]}', "edited.json is damaged or was edited by hand (seed should be a whole "
         "number, not text)."),
        ("{" + HEAD + ',"seed":1,"cheat":1,"steps":[]}', "edited.json is damaged or was edited by hand (it has a field "
         "cheat no saved game has)."),
        ("{" + HEAD + ',"seed":1,"steps":[{"seat":0,"action":{"type":"Fly"},"hash":"x"}]}', "edited.json: step 1 is "
         "not a Master Fox action (type cannot be 'Fly')."),
    ],
)
def test_verify_a_file_edited_by_hand_says_what_is_wrong_in_words(content, expected, tmp_path, capsys) -> None:
    path = tmp_path / "edited.json"
    path.write_text(content)
    assert refused(["verify", str(path)], capsys) == expected


def test_verify_a_save_with_an_option_edited_by_hand(tmp_path, capsys) -> None:
    path = tmp_path / "edited.json"
    assert main(["autoplay", "master-fox", "--players", "2", "--seed", "4", "--out", str(path)]) == 0
    capsys.readouterr()
    path.write_text(path.read_text().replace('"target_eggs": 10', '"target_eggs": 12', 1))
    sentence = refused(["verify", str(path)], capsys)
    assert sentence == "edited.json has options Master Fox does not accept (target_eggs cannot be 12: it takes 10 or 15)."


def test_autoplay_prints_one_outcome_line(capsys) -> None:
    assert main(["autoplay", "master-fox", "--players", "3", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and out.startswith("Master Fox: ") and "winner: " in out


def test_new_refuses_a_game_without_a_screen(capsys, monkeypatch) -> None:
    from foxtui.ui.games import PANELS

    monkeypatch.delitem(PANELS, "fox-matters", raising=False)
    assert main(["new", "fox-matters"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot be played on screen yet" in err and "autoplay fox-matters" in err


def test_new_help_lists_each_games_bot_levels_options_and_values_and_the_bot_speeds() -> None:
    # issue 39: `foxtui new --help` named none of them (the README did)
    from foxtui.engine.options import option_texts
    from foxtui.games import GAMES
    from foxtui.table.pace import BOT_SPEEDS, DEFAULT_SPEED

    out = run("new", "--help")
    assert out.returncode == 0
    text = " ".join(out.stdout.split())  # (as wrapped)
    for game in GAMES.values():
        levels = list(game.bots)
        assert f"{game.id}: {game.title}, {game.min_players}-{game.max_players} players" in text
        assert f"bots: {levels[0]} (the default), {', '.join(levels[1:])}" in text
        for option in option_texts(game):
            assert f"{option.name}={option.default}: {option.takes}" in text, option
    assert "target_eggs=10: 10 or 15" in text and "check=live: live or table" in text
    assert all(speed in text for speed in BOT_SPEEDS) and f"the default is {DEFAULT_SPEED}" in text
    assert "for 2, the automated opponent plays along" in text
    assert "foxtui new fox-experiment --names Ada --bots 2" in text
    assert all(len(line) <= 80 for line in out.stdout.splitlines())
