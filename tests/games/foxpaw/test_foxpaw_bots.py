"""Foxpaw bots: the sensible bot plays any seat from its View alone, beats the random
bot, and tables of sensible bots stay balanced between the houses (small samples here;
the full measurements are foxpaw_winrate.py and foxpaw_balance.py)."""

from __future__ import annotations

import msgspec
from foxpaw_balance import LIMIT, measure as balance
from foxpaw_helpers import edit, edit_player, game_at_placement, with_tasks
from foxpaw_winrate import measure, play

from foxtui.engine import Rng
from foxtui.games.foxpaw import GAME
from foxtui.games.foxpaw.bots import sensible_bot
from foxtui.games.foxpaw import content as C
from foxtui.games.foxpaw.state import OBSIDIO, Options, Task


def test_sensible_beats_random_in_most_two_player_games() -> None:
    wins = measure(16)
    assert wins >= 14, f"sensible won only {wins} of 16"


def test_sensible_bots_finish_every_kind_of_game() -> None:
    for players, first_game in ((2, True), (3, False), (4, True), (4, False)):
        state = play(["sensible"] * players, 40 + players, Options(first_game=first_game))
        assert GAME.outcome(state) is not None


def test_houses_are_balanced_on_a_small_sample() -> None:
    table = balance(4, 12)
    for won, played in table.values():
        assert played and won / played <= 2 * LIMIT / 4  # loose on a sample this small


def test_sensible_bot_decides_from_its_view_alone() -> None:
    state = game_at_placement(3, seed=5)
    seat = min(GAME.to_act(state))
    legal = GAME.legal_actions(state, seat)
    chosen = {msgspec.json.encode(sensible_bot(GAME.view(state, seat), legal, Rng(1)))}
    for seed in range(4):
        redealt = GAME.determinize(GAME.knowledge(state, seat), seed)
        chosen.add(msgspec.json.encode(sensible_bot(GAME.view(redealt, seat), legal, Rng(1))))
    assert len(chosen) == 1


def test_sensible_bot_places_obsidio_markers_and_makes_secret_choices() -> None:
    state = edit(game_at_placement(2, seed=3), order=(OBSIDIO, 0, 1))
    state = with_tasks(state, Task("year_start"))
    assert state.tasks[-1].kind == "obs_turn"
    seat = min(GAME.to_act(state))
    assert sensible_bot(GAME.view(state, seat), GAME.legal_actions(state, seat), Rng(2)) in GAME.legal_actions(state, seat)
    state = with_tasks(game_at_placement(4, seed=2), Task("duel"))
    assert len(GAME.to_act(state)) == 4
    for seat in sorted(GAME.to_act(state)):
        legal = GAME.legal_actions(state, seat)
        assert sensible_bot(GAME.view(state, seat), legal, Rng(seat)) in legal


# --- duels: a mix nobody can milk ---


def _duel(players: int = 3, card: str = "tide-against-flame"):
    state = edit(game_at_placement(players, seed=2), duel=card, duelists=(0, 1))
    return with_tasks(state, Task("duel"))


def test_sensible_bot_mixes_its_duel_gestures_through_its_rng() -> None:
    state = _duel()
    view, legal = GAME.view(state, 0), GAME.legal_actions(state, 0)
    drawn = [sensible_bot(view, legal, Rng(n)).gesture for n in range(600)]
    shares = {g: drawn.count(g) / len(drawn) for g in C.GESTURES}
    assert all(0.05 < share <= 0.6 for share in shares.values()), shares
    assert [sensible_bot(view, legal, Rng(n)).gesture for n in range(20)] == drawn[:20]  # the same Rng, the same gesture


def test_sensible_bot_duel_mix_leaves_the_other_duelist_indifferent_on_every_card() -> None:
    """Against the bot's mix, every gesture the other duelist may show pays it the same (in
    the duels the public draw does not make both share): no habit gains more."""
    from foxtui.games.foxpaw.bots import _payoffs, cooperate, duel_mixes

    for card in C.DUEL_IDS:
        for seed in range(6):
            state = edit(_duel(card=card), rng=seed)
            state = edit_player(state, 0, energy=seed)  # the tracks change what rewards are worth
            view = GAME.view(state, 2)
            mixes = duel_mixes(view)
            if cooperate(view):
                assert mixes[0]["share"] == mixes[1]["share"] == 1.0
                continue
            for me, other in ((0, 1), (1, 0)):
                pay = _payoffs(view, view.duelists[me])
                theirs = [mixes[other][g] for g in C.GESTURES]
                gains = [sum(p * q for p, q in zip(row, theirs)) for row in pay]
                used = [gains[i] for i, g in enumerate(C.GESTURES) if mixes[me][g] > 1e-9]
                assert max(gains) - min(used) < 1e-9, (card, seed, gains)


def test_sensible_bot_bets_on_the_likeliest_outcome() -> None:
    from foxtui.games.foxpaw.bots import outcome_chances

    for card in C.DUEL_IDS:
        state = _duel(card=card)
        view, legal = GAME.view(state, 2), GAME.legal_actions(state, 2)
        chances = outcome_chances(view)
        bet = sensible_bot(view, legal, Rng(1)).outcome
        assert chances[bet] == max(chances.values()), (card, chances, bet)


def test_duels_no_gesture_above_sixty_percent_and_no_habit_beats_the_bots_small_sample() -> None:
    """foxpaw_duels.py measures this over 300 games; here a few."""
    from foxpaw_duels import measure

    tally = measure(3, 12)
    chosen = sum(tally.gestures.values())
    assert all(n / chosen <= 0.6 for n in tally.gestures.values()), tally.gestures
    assert sum(tally.bets["none"]) < sum(tally.bets["bot"])  # always "nobody wins" bets worse
    assert sum(tally.expected["hold"]) < sum(tally.expected["bot"])  # always holding back gains less
