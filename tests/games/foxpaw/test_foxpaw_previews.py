"""Foxpaw previews tell the truth: what a move shows before it is chosen (``effects.preview``,
from the seat's View alone, with every modifier) is what applying it does to that seat."""

from __future__ import annotations

from foxpaw_winrate import MAX_STEPS

from foxtui.engine import Rng, SeatInfo
from foxtui.games.foxpaw import GAME
from foxtui.games.foxpaw import content as C
from foxtui.games.foxpaw.effects import preview
from foxtui.games.foxpaw.rules_core import DECISIONS, check_prophecies
from foxtui.games.foxpaw.state import Options, State

#: decisions that finish what the previewed move started (paid the first way, as previewed)
FOLLOW = ("pay", "tattle")


def counters(s: State, seat: int) -> dict[str, int]:
    """A seat's public counters; Stars without those of Prophecies fulfilled meanwhile
    (the preview does not guess at secret cards' conditions)."""
    p = s.players[seat]
    return {
        "energy": p.energy, "reputation": p.reputation, "strength": p.strength, "knowledge": p.knowledge,
        "herbs": p.herbs, "goods": p.goods, "coins": p.coins,
        "stars": p.stars - sum(C.PROPHECY[c].stars for c in p.fulfilled), "perm_stars": p.perm_stars,
        "vp": sum(p.vp), "darkness": len(p.darkness), "mischief": len(p.mischief),
        "prophecies": len(p.prophecies) + len(p.fulfilled),
        "choice": sum(t.a for t in s.tasks if t.kind == "resource" and t.seat == seat),
    }


def applied(state: State, seat: int, action) -> State:
    """The move's own doing: its decision applied, without the automatic steps that follow
    (the night after the last space, the next year ...), and the payment it asks for."""
    s = state
    while True:
        t = s.tasks[-1]
        s = check_prophecies(DECISIONS[t.kind][1](s, t, seat, action))
        if not (s.tasks and s.tasks[-1].kind in FOLLOW and s.tasks[-1].seat == seat):
            return s
        action = DECISIONS[s.tasks[-1].kind][0](s, s.tasks[-1], seat)[0]


def check_every_move(state: State, seat: int, seen: dict[str, int]) -> None:
    view = GAME.view(state, seat)
    for action in GAME.legal_actions(state, seat):
        change = preview(view, seat, action)
        if change is None:
            continue
        after = applied(state, seat, action)
        before, now = counters(state, seat), counters(after, seat)
        told = change.net(view.houses[seat], view.prophecy_deck)
        assert told == {k: now[k] - before[k] for k in before}, (type(action).__name__, action, view.decision)
        seen[type(action).__name__] = seen.get(type(action).__name__, 0) + 1


def test_previews_equal_the_applied_change_over_seeded_games() -> None:
    seen: dict[str, int] = {}
    for players, seed in ((2, 1), (3, 2), (4, 3), (4, 4), (3, 5), (2, 6)):
        state = GAME.setup([SeatInfo(f"P{i}") for i in range(players)], Options(), seed)
        rng = Rng(seed)
        for _ in range(MAX_STEPS):
            acting = sorted(GAME.to_act(state))
            if not acting:
                break
            seat = acting[rng.below(len(acting))]
            check_every_move(state, seat, seen)
            legal = GAME.legal_actions(state, seat)
            state = GAME.apply(state, seat, GAME.bots["sensible"](GAME.view(state, seat), legal, rng))
    for kind in ("Place", "Use", "Train", "Rest", "Learn", "PickObject", "PickBeast", "PayWith", "TakeResource"):
        assert seen.get(kind, 0) > 0, (kind, seen)


# --- the words of the previews (foxtui.ui.games.foxpaw_words), built from effects.preview ---

from foxpaw_helpers import SPACE, edit, edit_player, game_at_placement, resolving, with_board  # noqa: E402

from foxtui.games.foxpaw.actions import USE, Learn, PayWith, Train  # noqa: E402
from foxtui.games.foxpaw.state import BeastCard  # noqa: E402
from foxtui.ui.games.foxpaw_words import change_text, detail, label  # noqa: E402

AQ, IG, TF, SV = C.HOUSES


def words(state: State, seat: int, action) -> str:
    return "\n".join(detail(GAME.view(state, seat), action, seat))


def test_previews_shadowvein_sees_the_spell_cost_it_pays() -> None:
    """The preview said "pay 1 Herb, 1 Goods, 3 Energy"; Shadowvein paid 1 Energy."""
    s = game_at_placement(4, houses=[AQ, IG, TF, SV])
    s = edit(s, display=("shadow-bind", "kindle", "mend", "whisper"), marks=[(), (), (), ()], teacher="glacia")
    s = edit_player(s, 3, wish=True, herbs=1, goods=1, coins=3, energy=5, objects=("rowan-wand",), learned=(),
                    spell_markers=4)
    s = resolving(with_board(s, {"classroom-1": [(3, "")]}), 3, "classroom-1")
    text = words(s, 3, Learn("shadow-bind"))
    assert "Pay 1 Herb, 1 Goods, 1 Energy → +5 Stars" in text and "3 Energy" not in text
    assert "2 Energy off for you" in text and "top place: +1 Star" in text
    paying = GAME.apply(s, 3, Learn("shadow-bind"))  # Coins could stand in: Shadowvein chooses how to pay
    assert paying.tasks[-1].kind == "pay"
    assert "Pay 1 Herb, 1 Goods, 1 Energy → +5 Stars" in words(paying, 3, PayWith(0, 0))
    after = GAME.apply(paying, 3, PayWith(0, 0))
    assert (after.players[3].energy, after.players[3].herbs, after.players[3].goods) == (4, 0, 0)


def test_previews_a_beasts_training_bonus_is_in_the_training_preview() -> None:
    """The Lantern Newt adds 1 Knowledge: "+2 Knowledge" for two spaces gave +3."""
    s = game_at_placement(4, houses=[AQ, IG, TF, SV])
    s = edit_player(s, 0, beasts=(BeastCard("lantern-newt"),), energy=5, knowledge=0, coins=0)
    s = resolving(with_board(s, {"library-1": [(0, "")]}), 0, "library-1")
    assert "+3 Knowledge, +1 Coin" in words(s, 0, Train(2))
    after = GAME.apply(s, 0, Train(2))
    assert (after.players[0].knowledge, after.players[0].coins, after.players[0].energy) == (3, 1, 3)


def test_previews_a_kiosk_visit_counts_the_teachers_and_the_beasts_coins() -> None:
    s = game_at_placement(4, houses=[AQ, IG, TF, SV])
    s = edit(s, teacher="umbra")
    s = edit_player(s, 0, beasts=(BeastCard("silk-spider"),), coins=0)
    s = resolving(with_board(s, {"help-out": [(0, "")]}), 0, "help-out")
    view = GAME.view(s, 0)
    assert label(view, USE, 0) == "Use it: +5 Coins"
    assert GAME.apply(s, 0, USE).players[0].coins == 5


def test_previews_the_words_of_every_move_come_from_its_effect() -> None:
    """Over seeded games, the detail lines of every move the effects preview holds the
    sentence of that effect."""
    for players, seed in ((2, 11), (4, 12)):
        state = GAME.setup([SeatInfo(f"P{i}") for i in range(players)], Options(), seed)
        rng = Rng(seed)
        while GAME.to_act(state):
            seat = min(GAME.to_act(state))
            view = GAME.view(state, seat)
            legal = GAME.legal_actions(state, seat)
            for action in legal:
                lines = detail(view, action, seat)
                change = preview(view, seat, action)
                if type(action).__name__ == "Place":  # what entering costs, beside what the space does
                    text = " ".join(lines)
                    if C.SPACES[action.space].darkness:
                        n = change.gain.darkness
                        words = (f"draws {n} Darkness card{'' if n == 1 else 's'} for you" if n
                                 else "no Darkness card for you under")  # (a Teacher who spares the house)
                        assert words in text, (action, lines)
                    assert ("Iced: entering costs 1 Energy" in text) == (change.cost.energy == 1), (action, lines)
                elif change is not None and change != type(change)():
                    assert any(change_text(view, seat, change) in line for line in lines), (action, lines)
            state = GAME.apply(state, seat, GAME.bots["sensible"](view, legal, rng))


def test_previews_a_house_short_of_goods_is_told_the_coin_and_the_reputation_it_pays() -> None:
    """Get information said "Pay 1 Goods: +2 Prophecies." to a house with no Goods; placing
    used it at once, and the house paid 1 Coin and 1 Reputation instead."""
    from foxtui.games.foxpaw.actions import Place

    s = with_board(game_at_placement(4, houses=[AQ, IG, TF, SV]), {})
    seat = min(GAME.to_act(s))
    s = edit_player(s, seat, goods=0, coins=2, reputation=3)
    place = Place(SPACE["information"])
    assert place in GAME.legal_actions(s, seat)
    text = words(s, seat, place)
    assert "Pay 1 Goods (1 Coin for 1 Goods, −1 Reputation) → +2 Prophecies." in text, text
    used = GAME.apply(GAME.apply(s, seat, place), seat, USE)
    p = used.players[seat]
    assert (p.coins, p.reputation, p.goods) == (1, 2, 0)
    # a house with the Goods is told the plain price
    rich = edit_player(s, seat, goods=1)
    assert "Pay 1 Goods: +2 Prophecies." in words(rich, seat, place)
    # and the beast farm spaces tell it beside the offer
    s2 = edit_player(s, seat, herbs=0, goods=0, coins=3)
    attract = next(a for a in GAME.legal_actions(s2, seat) if type(a) is Place and C.SPACES[a.space].kind == "attract")
    cost = C.SPACES[attract.space].cost
    if cost.herbs or cost.goods:
        assert "You pay" in words(s2, seat, attract) and "(−1 Reputation)" in words(s2, seat, attract)


# --- the night's Reputation (issue 39: only the Dormitory's zoom said "+2, +1, -1 by place")


def test_previews_a_bed_and_a_carnival_space_tell_the_nights_reputation() -> None:
    from foxtui.games.foxpaw.actions import Place

    s = with_board(game_at_placement(4, houses=[AQ, IG, TF, SV]), {})
    seat = min(GAME.to_act(s))
    other = (seat + 1) % 4
    bed = with_board(s, {"dormitory-1": [(other, "")]})
    assert Place(SPACE["dormitory-2"]) in GAME.legal_actions(bed, seat)
    assert "Sleep order: 2nd, +1 Reputation." in words(bed, seat, Place(SPACE["dormitory-2"]))
    # the Carnival's top space: the houses still out may go to bed ahead, or below
    text = words(s, seat, Place(SPACE["carnival-2"]))
    assert "Sleep order: 2nd to 4th, +1 to −2 Reputation." in text
    # two players: Obsidio sleeps on the Carnival's top space, the lower one is the last place
    two = with_board(game_at_placement(2, houses=[AQ, IG]), {})
    seat = min(GAME.to_act(two))
    assert "Sleep order: 3rd, −1 Reputation." in words(two, seat, Place(SPACE["carnival-3"]))
    # a track at its end says so
    top = edit_player(bed, seat, reputation=5)
    assert "+1 Reputation (the track stops at 5)." in words(top, seat, Place(SPACE["dormitory-2"]))


def test_previews_the_told_sleeping_place_is_where_the_night_puts_the_house() -> None:
    """Over seeded games: every night placement's place in the sleep order, as told
    (at best and at worst), holds the place the night gave."""
    from foxtui.games.foxpaw.actions import Place
    from foxtui.ui.games.foxpaw_words import sleep_places

    checked = 0
    for players, seed in ((2, 21), (3, 22), (4, 23)):
        state = GAME.setup([SeatInfo(f"P{i}") for i in range(players)], Options(), seed)
        rng = Rng(seed)
        told: dict[int, tuple[int, int]] = {}
        year = state.round
        while GAME.to_act(state) and state.round <= 2:
            seat = min(GAME.to_act(state))
            legal = GAME.legal_actions(state, seat)
            move = GAME.bots["sensible"](GAME.view(state, seat), legal, rng)
            if type(move) is Place and move.space in C.NIGHT:
                told[seat] = sleep_places(GAME.view(state, seat), move.space)
            state = GAME.apply(state, seat, move)
            if state.round != year:  # the night has put everyone in the new order
                for who, (best, worst) in told.items():
                    assert best <= state.order.index(who) + 1 <= worst, (players, seed, who, best, worst, state.order)
                    checked += 1
                told, year = {}, state.round
    assert checked >= 6
