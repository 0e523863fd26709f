"""Foxpaw in words: the log lines (narrate) and the interlude pages say what happened, to
whom, in the right number and person (issue 19's list of words)."""

from __future__ import annotations

import io

from foxpaw_helpers import SPACE, act, edit, edit_player, game_at_placement, resolving, with_board, with_tasks
from rich.console import Console

from foxtui.games.foxpaw import GAME
from foxtui.games.foxpaw import content as C
from foxtui.games.foxpaw.actions import LEAVE, REST, USE, Learn, PickBeast, Place, PlayMischief
from foxtui.games.foxpaw.state import BeastCard, Task
from foxtui.ui.games.foxpaw_interlude import night_page, scoring_page

AQ, IG, TF, SV = C.HOUSES
DON = 0


def text_of(renderable) -> str:
    console = Console(width=100, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def test_log_another_houses_mischief_card_is_told_as_theirs() -> None:
    s = edit_player(game_at_placement(4), DON, mischief=("boast",))
    s = with_tasks(s, Task("turn", DON))
    assert "Gain +2 Stars." in GAME.describe(s, DON, PlayMischief("boast"), DON)
    other = GAME.describe(s, DON, PlayMischief("boast"), 1)
    assert "Boast: they gain +2 Stars." in other and "Boast: Gain" not in other
    assert C.mischief_text("lucky-charm", yours=False) == "+2 to their values in this Magical Event."


def test_log_a_fulfilled_prophecy_is_told_by_name_not_as_a_prophecy_lost() -> None:
    s = edit(game_at_placement(4), teacher="gloam")
    s = edit_player(s, DON, prophecies=("seer", "titan"), fulfilled=())
    s = with_tasks(s, Task("turn", DON))
    line = GAME.describe(s, DON, Place(SPACE["spy"]), 1)
    assert "Don fulfilled The Seer (+1 Star)." in line
    assert "Prophecy" not in line.split("Gains:")[1]  # no "-1 Prophecy" among the gains


def test_log_tri_frosts_coins_come_with_the_new_year_not_with_the_last_step() -> None:
    """Also with 2 players, where the first sleeper picks Obsidio's markers before the year
    begins: the Coins are not that choice's either."""
    from foxtui.games.foxpaw.actions import PickPair

    p = game_at_placement(2, houses=[TF, AQ])
    p = edit_player(p, 0, wish=True)
    p = with_tasks(edit(p, order=(1, -1, 0), phase="cleanup"), Task("cleanup2"))
    assert p.tasks[-1].kind == "pair"
    line = GAME.describe(p, 1, PickPair(0), None)
    assert "Gains" not in line and "School year 2 begins. Don takes 2 Coins (Tri-Frost)." in line
    s = game_at_placement(3, houses=[AQ, TF, SV])
    s = edit_player(s, 1, wish=True)
    s = edit(s, round=1, phase="evaluation")
    for seat in range(3):
        s = edit_player(s, seat, prophecies=(), mischief=())
    s = with_board(s, {"classroom-1": [(DON, "")], "dormitory-1": [(0, "")], "dormitory-2": [(1, "")],
                       "dormitory-3": [(2, "")]})
    s = resolving(s, DON, "classroom-1", 0, Task("night"), Task("after_night"))
    line = GAME.describe(s, DON, LEAVE, None)
    assert "School year 2 begins. McCoy takes 2 Coins (Tri-Frost)." in line
    assert "+2 Coins" not in line.split("Then, gains:")[1].split("School year")[0].split("McCoy:")[-1]


def test_log_a_spell_waiting_for_its_payment_is_not_learned_yet() -> None:
    s = game_at_placement(4, houses=[AQ, IG, TF, SV])
    s = edit(s, display=("whisper", "kindle", "mend", "gust"), marks=[(), (), (), ()])
    s = edit_player(s, DON, herbs=2, coins=2, energy=3, learned=(), spell_markers=4)
    s = resolving(with_board(s, {"classroom-1": [(DON, "")]}), DON, "classroom-1")
    assert GAME.apply(s, DON, Learn("whisper")).tasks[-1].kind == "pay"
    assert GAME.describe(s, DON, Learn("whisper"), DON).startswith("You choose to learn Whisper, paying for it next.")
    s = edit_player(s, DON, herbs=0)  # one way to pay: learned at once
    assert GAME.describe(s, DON, Learn("whisper"), 1).startswith("Don learned Whisper.")
    t = edit_player(game_at_placement(4), DON, herbs=1, coins=1, beasts=())
    t = resolving(with_board(t, {"beast-1": [(DON, "")]}), DON, "beast-1")
    assert "paying for it next" in GAME.describe(t, DON, PickBeast(t.beasts[0]), 1)


def test_log_resting_tells_the_energy_it_really_gave() -> None:
    s = edit(game_at_placement(4), teacher="ripple")
    s = edit_player(s, DON, beasts=(BeastCard("stone-tortoise"),), energy=0)
    s = resolving(with_board(s, {"buy-goods": [(DON, "")]}), DON, "buy-goods")
    assert GAME.describe(s, DON, REST, 1).startswith("Don rested instead (+7 Energy).")
    assert GAME.apply(s, DON, REST).players[DON].energy == 7


def test_night_page_in_the_last_year_speaks_of_the_final_scoring_not_next_year() -> None:
    s = game_at_placement(4)
    s = with_board(s, {"dormitory-1": [(0, "")], "dormitory-2": [(1, "")], "dormitory-3": [(2, "")],
                       "dormitory-4": [(3, "")]})
    for year, words in ((4, "next year's turn order"), (5, "the final scoring")):
        t = edit(s, round=year)
        assert words in text_of(night_page(GAME.view(t, None), GAME.view(t, None)))
    assert "next year" not in text_of(night_page(GAME.view(edit(s, round=5), None), GAME.view(s, None)))


def test_intermediate_scoring_page_puts_each_kind_of_star_in_its_column_as_counted() -> None:
    """Bramble's Ember Fox Star sat in "Exp." with +0 for beasts, the beast having left by
    the time the page was read: the scoring keeps its Stars by kind."""
    s = game_at_placement(3, houses=[AQ, IG, TF])
    s = edit(s, round=2)
    for seat in range(3):
        s = edit_player(s, seat, prophecies=(), mischief=(), beasts=(), stars=0, perm_stars=0, reputation=0)
    s = edit_player(s, DON, beasts=(BeastCard("ember-fox", exhausted=2),), stars=3, perm_stars=2, reputation=5)
    s = with_tasks(s, Task("scoring"), Task("cleanup"))
    assert s.players[DON].beasts == ()  # worn out: gone in the Cleanup
    report = s.scorings[-1]
    assert (0, 2, 3, 2, 1) in report.parts and dict(map(tuple, report.stars))[DON] == 8
    rows = [line.split() for line in text_of(scoring_page(GAME.view(s, None), report)).splitlines()]
    assert ["1st", "Don", "2", "3", "+2", "+1", "8", "+3", "VP"] in rows


def test_log_one_herb_is_one_herb() -> None:
    from foxtui.games.foxpaw.narrate import house_gains

    s = game_at_placement(4)
    after = edit_player(s, DON, herbs=s.players[DON].herbs + 1)
    assert "+1 Herb" in house_gains(s, after, None) and "Herbs" not in house_gains(s, after, None)
    two = edit_player(s, DON, herbs=s.players[DON].herbs + 2)
    assert "+2 Herbs" in house_gains(s, two, None)


def test_bribery_in_the_last_year_promises_no_next_year() -> None:
    from foxtui.ui.games.foxpaw_words import space_lines

    s = game_at_placement(4)
    i = next(n for n, sp in enumerate(C.SPACES) if sp.kind == "bribery")
    for year, said in ((4, True), (5, False)):
        text = " ".join(space_lines(GAME.view(edit(s, round=year), DON), i, DON))
        assert ("next year" in text) is said and "supervising Teacher" in text


def test_an_attack_on_hold_back_is_told_as_one_winner_with_both_paid() -> None:
    """Issue 39: the log and the duel's page said "both duelists win", which decided the
    bets. The attack wins (the rulebook's Attack!); holding back is paid all the same."""
    from test_foxpaw_rules import duel_state

    from foxtui.games.foxpaw.actions import Bet, Gesture
    from foxtui.ui.games.foxpaw_interlude import duel_page

    s = duel_state()
    for seat, a in ((0, Gesture("attack")), (1, Gesture("hold")), (2, Bet("one"))):
        s = act(s, seat, a)
    line = GAME.describe(s, 3, Bet("both"), None)
    s = act(s, 3, Bet("both"))
    report = s.duel_reports[-1]
    assert report.outcome == "one" and report.right == (2,) and len(report.rewarded) == 2
    assert "one duelist wins" in line and "Right bets: " in line
    first, *table = line.split("\n")  # the duel is the table's doing, not the last bettor's
    assert first.endswith("made their choice in the grandstand.") and "Gains" not in first
    assert table[0].startswith("Duel: ") and table[1].startswith("Then, gains: ")
    page = text_of(duel_page(GAME.view(s, 2), GAME.view(s, 2).duel_reports[-1]))
    assert "one duelist wins." in page and "The attack wins the duel; holding back is paid anyway." in page


def _last_rest_before_the_night(energy: int = 0):
    """Don rests his last meeple to be resolved (Buy goods); his wizard sleeps in the
    Dormitory (+6 Energy) and at the Bazaar (everyone there +Energy): the night follows."""
    s = edit(game_at_placement(4), carnival="bazaar")
    s = edit_player(s, DON, energy=energy)
    s = with_board(s, {"buy-goods": [(DON, "")], "dormitory-1": [(DON, "")], "carnival-2": [(1, "")]})
    return resolving(s, DON, "buy-goods", 0, Task("night"))


def test_log_the_night_is_told_on_lines_of_its_own_not_as_the_last_movers() -> None:
    """Issue 39: "Bo set an Energy dial. Gains: Ada: +2 VP, -7 Stars…" — what the table
    did by itself after the step is on lines of its own; the step keeps its own gains."""
    s = edit_player(_last_rest_before_the_night(), DON, prophecies=())
    lines = GAME.describe(s, DON, REST, 1).split("\n")
    assert lines == ["Don rested instead (+4 Energy). Gains: Don: +4 Energy.",
                     "Then, gains: Don: +6 Energy, +2 Reputation; You: +5 Energy, +1 Reputation, +1 Mischief card.",
                     "New turn order: Don, You."]


def test_log_resting_before_the_night_counts_only_the_rest() -> None:
    """Issue 39: "rested instead (+10 Energy)" counted the night's Energy in the rest's."""
    s = _last_rest_before_the_night()
    assert GAME.describe(s, DON, REST, DON).startswith("You rested instead (+4 Energy).")
    assert GAME.apply(s, DON, REST).players[DON].energy == 10  # 4, then 6 in the night


def test_night_page_tells_what_a_bed_gave_a_house_at_its_energy_limit() -> None:
    """Issue 39: the night's table showed "+6 Energy" for a house that could take 2 more."""
    s = _last_rest_before_the_night(energy=6)  # rests to 10, then the Dormitory gives 2 of its 6
    after = GAME.apply(s, DON, REST)
    assert after.players[DON].energy == C.ENERGY_MAX
    text = text_of(night_page(GAME.view(s, None), GAME.view(after, None)))
    row = next(line for line in text.splitlines() if "Don" in line)
    assert "+2 Energy (the bed offers +6 Energy;" in row and "Energy stops at 12)" in text, text
