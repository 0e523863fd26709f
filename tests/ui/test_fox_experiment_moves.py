"""The Fox Experiment's moves at the keyboard: auto-match reaches the best count in one
step, number keys pick an entry of a short list, a new decision starts at its first
entry for every seat, the pup's name can be typed (Enter keeps the suggestion), and
the status words of issue 20 hold.

Rolls are put on the table by hand (tests/games/fox_experiment's helpers) in a
session of one human and two bots who are done breeding.
"""

from __future__ import annotations

import asyncio
import re
import sys
from pathlib import Path

from msgspec.structs import replace
from play_helpers import notes, screen_text, wait_for

sys.path.insert(0, str(Path(__file__).parents[1] / "games" / "fox_experiment"))
from fox_experiment_helpers import (  # noqa: E402
    B,
    BLANK_FACE,
    E,
    F_WILD1,
    F_WILD2,
    FRIENDLY,
    HALF,
    S,
    T,
    TWO_HALVES,
    WHOLE,
    WHOLE_HALF,
    act,
    advance,
    new_game,
    others_done,
    player,
    roll,
)

from foxtui.engine.game import SeatInfo  # noqa: E402
from foxtui.engine.record import GameRecord  # noqa: E402
from foxtui.engine.session import Session  # noqa: E402
from foxtui.games import GAMES  # noqa: E402
from foxtui.games.fox_experiment import breeding  # noqa: E402
from foxtui.games.fox_experiment.actions import AutoMatch, ConfirmPup, KeepStudy, Pair, PlayScience, Unpair  # noqa: E402
from foxtui.ui.app import FoxApp  # noqa: E402
from foxtui.ui.games.fox_experiment import FoxExperimentPanel, PupNameScreen  # noqa: E402
from foxtui.ui.games.fox_experiment_pages import COLOUR, table_text  # noqa: E402
from foxtui.ui.screens.handover import HandoverScreen  # noqa: E402
from foxtui.ui.screens.play import PlayScreen  # noqa: E402
from foxtui.ui.widgets.moves import Moves  # noqa: E402

GAME = GAMES["fox-experiment"]


def session_of(state) -> Session:
    """A session whose table is ``state`` (Ada human, the others bots), no steps yet."""
    seats = [SeatInfo("Ada")] + [SeatInfo(s.name, bot="sensible") for s in state.seats[1:]]
    record = GameRecord(GAME.id, state.options, seats, 1, rules=GAME.rules_version)
    return Session(GAME, record, [state], None)


def breeding_roll(dice, friendly: int = 0, **changes):
    """Ada breeds this roll (a pup suggested as "Lapka"), the others done breeding."""
    state = others_done(advance(new_game(3), "breeding"), 0)
    state = roll(state, 0, dice, friendly=friendly)
    state = player(state, 0, litter=replace(state.players[0].litter, name="Lapka"))
    return player(state, 0, **changes) if changes else state


def run(app: FoxApp, body, size=(80, 24)) -> None:
    async def go() -> None:
        async with app.run_test(size=size) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, (PlayScreen, HandoverScreen)))
            await body(pilot)

    asyncio.run(asyncio.wait_for(go(), 60))


def moves(app) -> Moves:
    return app.screen.query_one("#fx-moves", Moves)


def symbols(session: Session) -> int:
    return sum(session.view(0).players[0].litter.symbols.values())


async def auto_match(pilot, app, session: Session) -> None:
    """Press a: one AutoMatch step, and the count is the best the roll allows."""
    lit = session.view(0).players[0].litter
    best, start = lit.best_symbols, session.step_count
    assert symbols(session) < best
    await pilot.press("a")
    await wait_for(pilot, lambda: session.step_count > start)
    await pilot.pause()
    assert [s.action for s in session.record.steps[start:]] == [AutoMatch()]  # at once: one step
    assert symbols(session) == best
    assert isinstance(moves(app).highlighted_action, ConfirmPup)  # Enter records the pup next


def test_auto_match_joins_two_friendly_tokens_when_that_makes_more_symbols():
    # two halves and four tokens: two tokens complete the halves, the other two make a trait
    session = session_of(breeding_roll([(S, HALF), (B, HALF), (E, WHOLE)], friendly=4))
    app = FoxApp(session=session, bot_delay=0)

    async def body(pilot) -> None:
        await auto_match(pilot, app, session)
        lit = session.view(0).players[0].litter
        assert symbols(session) == 4 and lit.tokens_used == 4
        assert any(q.a == q.b == breeding.TOKEN or (q.a < 0 and q.b < 0) for q in lit.pairs)

    run(app, body)


def test_auto_match_after_a_science_card_changed_a_die_makes_every_pair_again():
    # spots half + wild half paired by hand; Careful Notes turns die 4 to whole + spots half:
    # the best is now spots + spots and barking + wild, which takes the hand-made pair apart
    state = breeding_roll([(S, HALF), (FRIENDLY, F_WILD1), (B, HALF), (S, BLANK_FACE)], science=["sc09"])
    state = act(state, 0, Pair(0, 0, 1, 0, "spots"))
    state = act(state, 0, PlayScience("sc09", 3))
    session = session_of(state)
    app = FoxApp(session=session, bot_delay=0)

    async def body(pilot) -> None:
        assert symbols(session) == 2  # the die's whole, and the pair by hand
        await auto_match(pilot, app, session)
        assert session.view(0).players[0].litter.symbols == {"spots": 2, "barking": 1, "ears": 0, "tail": 0}
        assert Pair(0, 0, 1, 0, "spots") not in session.view(0).players[0].litter.pairs

    run(app, body)


def test_number_keys_pick_an_entry_of_a_short_list_and_lines_show_their_numbers():
    session = session_of(breeding_roll([(S, HALF), (S, HALF), (B, WHOLE)]))
    app = FoxApp(session=session, bot_delay=0)

    async def body(pilot) -> None:
        offered = moves(app).actions
        assert 1 < len(offered) < 10
        assert str(moves(app).get_option_at_index(0).prompt).startswith("1 ")
        await pilot.press("2")  # the second half: its partners are offered
        await pilot.pause()
        assert app.screen.query_one(FoxExperimentPanel)._half == offered[1][1]
        partners = moves(app).actions
        await pilot.press("1")  # the first partner: the pair is made at once
        await wait_for(pilot, lambda: session.step_count == 1)
        assert session.record.steps[0].action == partners[0]
        await pilot.pause()
        before = session.step_count
        await pilot.press("9")  # beyond the list: nothing
        await pilot.pause()
        assert session.step_count == before

    run(app, body)


def test_a_selection_turn_is_offered_a_part_at_a_time_each_part_numbered():
    session = Session.new(GAME, [SeatInfo("Ada"), SeatInfo("Bo", bot="sensible")], GAME.Options(), 3, None)
    while not (session.view(0).phase == "selection" and 0 in session.to_act()):
        seat = min(session.to_act())
        session.act(seat, session.bot_action(seat))
    legal = session.legal_actions(0)
    assert len(legal) >= 10  # too many for number keys in one list
    app = FoxApp(session=session, bot_delay=0)

    async def body(pilot) -> None:
        assert moves(app).option_count == 3  # the female row, the male row, the supply track
        assert str(moves(app).get_option_at_index(1).prompt).startswith("2 A male parent")
        before = session.step_count
        await pilot.press("2")  # the male row: its foxes, numbered
        await pilot.pause()
        males = moves(app).actions[:-1]
        assert males and all(type(a).__name__ == "TakeFox" and a.sex == "male" for a in males)
        await pilot.press("escape")  # back to the parts
        await pilot.pause()
        assert moves(app).option_count == 3 and session.step_count == before
        await pilot.press("2", "3")  # two keys: the third male
        await wait_for(pilot, lambda: session.step_count > before)
        assert session.record.steps[before].action == males[2]

    run(app, body)


def test_a_long_list_of_halves_is_offered_by_colour_each_part_numbered():
    # 13 halves: too many for number keys in one list, so a part per colour (issue 39:
    # past nine entries the number keys were gone, and a pair took a dozen arrows)
    session = session_of(breeding_roll([(S, HALF)] * 6 + [(B, HALF)] * 6, friendly=1))
    app = FoxApp(session=session, bot_delay=0)

    async def body(pilot) -> None:
        lines = [str(o.prompt) for o in moves(app).options]
        assert len(lines) < 10 and all(line[0].isdigit() for line in lines), lines
        assert lines[:3] == ["1 Pair a spots half… (6)", "2 Pair a barking half… (6)", "3 Pair a friendly token"]
        await pilot.press("2", "3", "1")  # barking, its third half, its first partner: three keys
        await wait_for(pilot, lambda: session.step_count == 1)
        made = session.record.steps[0].action
        assert isinstance(made, Pair) and made.trait == "barking" and (8, 0) in ((made.a, made.a_half), (made.b, made.b_half))

    run(app, body)


def test_each_seat_starts_a_decision_at_its_first_entry_not_where_another_left_it():
    session = Session.new(GAME, [SeatInfo("Ada"), SeatInfo("Bea")], GAME.Options(), 3, None)
    app = FoxApp(session=session, bot_delay=0)

    async def on_screen(pilot, seat: int) -> None:
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))
        await pilot.press("enter")  # the pass screen
        await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen) and app.screen.seat_on_screen == seat)

    async def body(pilot) -> None:
        await on_screen(pilot, 0)
        assert moves(app).highlighted == 0
        await pilot.press("down", "down")
        await pilot.pause()
        ada_kept = moves(app).highlighted_action
        await pilot.press("enter")  # Ada keeps her third study
        await on_screen(pilot, 1)
        assert moves(app).highlighted == 0  # Bea's list: not where Ada left hers
        await pilot.press("down", "enter")
        await wait_for(pilot, lambda: session.view(None).phase == "selection")
        assert session.record.steps[0].action == ada_kept
        for _ in range(3):  # the first turns of the selection, each from its first entry
            seat = min(session.to_act())
            await on_screen(pilot, seat)
            assert moves(app).highlighted == 0, seat
            await pilot.press("down", "down", "enter")  # the supply track's spaces
            await pilot.pause()
            await pilot.press("down", "enter")  # the second of them

    run(app, body)


def test_the_pup_is_recorded_under_the_name_typed_and_enter_keeps_the_suggestion():
    state = breeding_roll([(S, WHOLE), (B, WHOLE)])
    session = session_of(state)
    suggested = session.view(0).players[0].litter.preview.name
    app = FoxApp(session=session, bot_delay=0)

    async def body(pilot) -> None:
        assert f"Pup card now: {suggested}" in screen_text(app)
        assert f"Record {suggested}" in screen_text(app)
        name_it = moves(app).actions.index("name")
        moves(app).highlighted = name_it
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, PupNameScreen))
        assert app.screen.query_one("#fx-name-input").value == suggested
        await pilot.press("space", "enter")  # (the suggestion selected: typing replaces it)
        await pilot.pause()
        assert isinstance(app.screen, PupNameScreen) and "needs at least one letter" in screen_text(app)
        assert session.step_count == 0  # refused in a sentence, nothing recorded
        app.screen.query_one("#fx-name-input").value = ""
        await pilot.press(*"Ryzhik", "enter")
        await wait_for(pilot, lambda: session.step_count >= 1)  # (the bots go on at once)
        assert session.record.steps[0].action == ConfirmPup("Ryzhik")
        assert session._states[1].players[0].pups[-1].name == "Ryzhik"

    run(app, body)

    session = session_of(state)  # Enter on the field as it opens keeps the suggested name
    app = FoxApp(session=session, bot_delay=0)

    async def keep(pilot) -> None:
        moves(app).highlighted = moves(app).actions.index("name")
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, PupNameScreen))
        await pilot.press("enter")
        await wait_for(pilot, lambda: session.step_count >= 1)
        assert session.record.steps[0].action == ConfirmPup()
        assert session._states[1].players[0].pups[-1].name == suggested

    run(app, keep)


def test_the_point_tokens_stand_beside_the_track_that_overflowed():
    # 7 spots: two past the spots track; barking full, not past it
    dice = [(S, WHOLE)] * 7 + [(B, WHOLE)] * 5
    session = session_of(breeding_roll(dice))
    app = FoxApp(session=session, bot_delay=0)

    async def body(pilot) -> None:
        rows = [strip.text for strip in app.screen._compositor.render_strips()]
        assert any(re.search("spots   [■●]{5} \\+2", row) for row in rows), "\n".join(rows)
        assert not any(re.search("barking [■●]{5} \\+", row) for row in rows)

    run(app, body)


def test_round_5_does_not_promise_first_place_next_round():
    state = advance(new_game(3), "selection", round_=5)
    view = GAME.view(state, 0)
    text = table_text(view).plain
    assert "next round" not in text and "tie-break" in text
    labels = FoxExperimentPanel()
    labels._shown, labels.legal, labels.seat = view, GAME.legal_actions(state, min(GAME.to_act(state))), 0
    assert not any("next round" in labels._label(a) for a in labels.legal)


def test_spots_and_curly_tail_differ_in_colour_and_the_head_never_names_who_plays():
    assert len(set(COLOUR.values())) == len(COLOUR)
    assert {COLOUR["spots"], COLOUR["tail"]} & {"red", "magenta"} == {"red"}  # not both reds
    session = session_of(advance(new_game(3), "selection"))
    app = FoxApp(session=session, bot_delay=0)

    async def body(pilot) -> None:
        head = str(app.screen.query_one("#fx-head").render())
        assert "turn" not in head and "to play" not in head  # one place says it: the status line

    run(app, body)


def test_the_study_shorthand_is_explained_where_it_is_shown():
    session = Session.new(GAME, [SeatInfo("Ada"), SeatInfo("Bo", bot="sensible")], GAME.Options(), 3, None)
    app = FoxApp(session=session, bot_delay=0)

    async def body(pilot) -> None:
        await wait_for(pilot, lambda: any(isinstance(a, KeepStudy) for a in moves(app).actions))
        text = screen_text(app)
        assert "=2" in text or "=3" in text  # the shorthand is on screen
        assert "2S+3E=5: 2 spots and 3 ears on a pup score 5" in text
        assert not notes(app)

    run(app, body)


def test_the_status_line_at_four_players_is_never_cut():
    names = ["Eva", "Player 2", "Player 3", "Player 4"]
    session = Session.new(GAME, [SeatInfo(n) for n in names], GAME.Options(), 3, None)
    app = FoxApp(session=session, bot_delay=0)

    async def body(pilot) -> None:
        await pilot.press("enter")  # the pass screen: Eva
        await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen))
        status = str(app.screen.query_one("#play-status").render())
        assert "Eva's view" in status and "to play" in status
        assert len(status.strip()) <= 78, status  # one line of 80, nothing cut

    run(app, body)


def test_a_table_takes_the_offered_record_step_with_a_typed_name_and_nothing_else_unlisted():
    from foxtui.games.fox_experiment.actions import CONFIRM_PUP, EndResearch

    assert GAME.offered([CONFIRM_PUP], ConfirmPup("Rex"))  # the listed move, the player's words in it
    assert not GAME.offered([EndResearch()], ConfirmPup("Rex"))  # no pup to record: not on offer
    assert not GAME.offered([CONFIRM_PUP], EndResearch())
    other = GAMES["master-fox"]
    assert not other.offered([], ConfirmPup("Rex")) and other.offered([CONFIRM_PUP], CONFIRM_PUP)


def test_a_recorded_pup_keeps_its_point_tokens_beside_its_one_full_track():
    from foxtui.ui.games.fox_experiment_pages import mat_text

    dice = [(S, WHOLE)] * 7 + [(B, WHOLE)] * 2
    state = act(breeding_roll(dice), 0, ConfirmPup())
    text = mat_text(GAME.view(state, 0), 0).plain
    assert re.search("spots   [■●]{5} \\+2", text), text


# --- issue 39: one Enter can undo your work ------------------------------------------


def test_after_recording_a_pup_the_next_pups_list_does_not_start_on_record():
    # two pups this round: a, Enter records the first; a second Enter must not record the
    # next pup unpaired (its list started on "Record …" again: a double Enter did it)
    session = session_of(breeding_roll([(S, HALF), (S, HALF), (B, WHOLE)], pups_left=1))
    app = FoxApp(session=session, bot_delay=0)

    async def body(pilot) -> None:
        await pilot.press("a")
        await wait_for(pilot, lambda: session.step_count == 1)
        await pilot.pause()
        await pilot.press("enter")  # records the first pup (the auto-match put Enter there)
        await wait_for(pilot, lambda: session.step_count == 2)
        await pilot.pause()
        assert isinstance(session.record.steps[1].action, ConfirmPup)
        assert session.view(0).players[0].litter is not None  # the second pup is on the table
        highlighted = moves(app).highlighted_action
        assert not isinstance(highlighted, ConfirmPup) and highlighted != "name", highlighted
        await pilot.press("enter")
        await pilot.pause()
        assert not any(isinstance(s.action, ConfirmPup) for s in session.record.steps[2:])

    run(app, body)


def test_after_taking_a_pair_apart_enter_does_not_take_apart_another():
    state = breeding_roll([(S, HALF), (S, HALF), (B, HALF), (B, HALF), (E, WHOLE)])
    state = act(state, 0, Pair(0, 0, 1, 0, "spots"))
    state = act(state, 0, Pair(2, 0, 3, 0, "barking"))
    session = session_of(state)
    app = FoxApp(session=session, bot_delay=0)

    async def body(pilot) -> None:
        top = moves(app).actions
        assert not any(isinstance(a, Unpair) for a in top)  # taking apart: a part of the list of its own
        await pilot.press(str(top.index(("group", "unpair")) + 1))
        await pilot.pause()
        assert not isinstance(moves(app).highlighted_action, Unpair)  # nothing undone by Enter alone
        await pilot.press("enter")
        await pilot.pause()
        assert session.step_count == 0
        await pilot.press(str(top.index(("group", "unpair")) + 1), "2")  # the second pair
        await wait_for(pilot, lambda: session.step_count == 1)
        await pilot.pause()
        assert session.record.steps[0].action == Unpair(1)
        highlighted = moves(app).highlighted_action
        assert not isinstance(highlighted, Unpair) and highlighted is not None, highlighted
        await pilot.press("enter")  # picks a half, undoes nothing
        await pilot.pause()
        assert session.step_count == 1 and app.screen.query_one(FoxExperimentPanel)._half is not None

    run(app, body)


# --- issue 39: a pup took up to 23 keys -------------------------------------------------


def _reach(p: FoxExperimentPanel) -> dict[object, int]:
    """Every move the panel's list offers, with the fewest number keys that do it from the
    whole list (each list on the way must be short enough to be numbered)."""
    keys: dict[object, int] = {}
    todo = [((), 0)]
    while todo:
        path, depth = todo.pop(0)
        lines = p._members(path)
        assert len(lines) < 10, (path, lines)  # numbered: one key per entry
        for line in lines:
            if isinstance(line, tuple) and line[0] in ("half", "group"):
                todo.append((path + (line,), depth + 1))
            elif line not in keys:
                keys[line] = depth + 1
    return keys


#: 16 dice with halves of every colour: the roll of issue 39's longest list
BIG_ROLL = [(S, HALF), (S, TWO_HALVES), (S, WHOLE_HALF), (B, HALF), (B, TWO_HALVES), (B, WHOLE),
            (E, HALF), (E, TWO_HALVES), (E, HALF), (T, HALF), (T, TWO_HALVES), (T, WHOLE_HALF),
            (FRIENDLY, F_WILD2), (FRIENDLY, F_WILD1), (FRIENDLY, F_WILD2), (S, HALF)]  # fmt: skip


def _big_roll_keys(science: list[str]) -> tuple[list, dict[object, int]]:
    """The big roll with tokens, these science cards and two pairs made: its legal moves,
    and the number keys each takes."""
    state = breeding_roll(BIG_ROLL, friendly=3, science=science)
    state = act(state, 0, Pair(0, 0, 15, 0, "spots"))
    state = act(state, 0, Pair(3, 0, 4, 0, "barking"))
    legal = GAME.legal_actions(state, 0)
    p = FoxExperimentPanel()
    p.show(GAME.view(state, 0), legal, 0)
    keys = _reach(p)
    for a in legal:  # every move is in the list (a pair from either of its halves)
        assert a in keys or isinstance(a, AutoMatch), a  # (auto-match: the a key)
    return legal, keys


def test_every_move_of_a_big_roll_is_three_number_keys_away_and_a_science_card_then_its_die():
    legal, keys = _big_roll_keys(["sc01", "sc15"])  # a re-roll card and an extra die card
    assert len(legal) > 60
    assert max(keys.values()) <= 3, max(keys.items(), key=lambda kv: kv[1])
    assert ConfirmPup() in keys and keys[ConfirmPup()] == 1
    extra = [a for a in legal if isinstance(a, PlayScience) and a.card == "sc15"]
    assert extra and all(keys[a] == 2 for a in extra)  # the card, then its trait
    # with a card of each of the four kinds and halves of every colour the science cards
    # share one line of the list: a die is then four keys away
    legal, keys = _big_roll_keys(["sc01", "sc09", "sc15", "sc21"])
    assert max(keys.values()) <= 4 and keys[ConfirmPup()] == 1
    assert all(keys[a] <= 3 for a in legal if not isinstance(a, (PlayScience, AutoMatch)))


def test_a_science_card_then_its_die_is_two_keys():
    state = breeding_roll([(S, HALF), (S, HALF), (B, HALF), (E, WHOLE), (T, BLANK_FACE)], science=["sc01"])
    session = session_of(state)
    app = FoxApp(session=session, bot_delay=0)

    async def body(pilot) -> None:
        labels = [str(o.prompt) for o in moves(app).options]
        card = next(n for n, line in enumerate(labels, 1) if "Second Opinion" in line)
        assert len(labels) < 10 and sum("Second Opinion" in line for line in labels) == 1, labels
        await pilot.press(str(card))  # the card: its dice, numbered
        await pilot.pause()
        dice = [str(o.prompt) for o in moves(app).options]
        assert dice[0].startswith("1 Die 1 (spots") and dice[-1].startswith("←"), dice
        assert not isinstance(moves(app).highlighted_action, PlayScience)  # Enter alone spends no card
        await pilot.press("5")  # die 5, the blank curly tail die
        await wait_for(pilot, lambda: session.step_count == 1)
        assert session.record.steps[0].action == PlayScience("sc01", 4)

    run(app, body)


# --- issue 39: polish ---------------------------------------------------------------


def test_collecting_now_gives_is_gone_once_collected_and_the_shorthand_is_explained_once():
    from foxtui.games.fox_experiment.actions import EndResearch
    from foxtui.games.fox_experiment.state import StudyProgress
    from foxtui.ui.games.fox_experiment_pages import SHORTHAND, mat_text

    state = advance(new_game(3), "research")
    state = replace(state, players=[replace(p, studies=[StudyProgress("s24", 0)]) for p in state.players])
    assert "Collecting now gives" in mat_text(GAME.view(state, 0), 0).plain
    after = GAME.apply(state, 0, EndResearch())
    assert after.phase == "research" and after.players[0].stage != "research"
    assert "Collecting now gives" not in mat_text(GAME.view(after, 0), 0).plain
    # the shorthand: explained on the player's own mat, not on every mat
    p = FoxExperimentPanel()
    view = GAME.view(state, 0)
    p.show(view, GAME.legal_actions(state, 0), 0)
    assert SHORTHAND in p._mat_text(view, 0).plain
    assert SHORTHAND not in p._mat_text(view, 1).plain and SHORTHAND not in p._mat_text(view, 2).plain
    # choosing a study, the hint line explains it: the mat does not again
    p.show(view, [KeepStudy("s01"), KeepStudy("s02")], 0)
    assert SHORTHAND in p._hint_text(view).plain and SHORTHAND not in p._mat_text(view, 0).plain
