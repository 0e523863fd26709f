"""Twins: states a seat cannot tell apart, made by hand, one twin-maker per game.

A twin of a state for a seat is the state with some things hidden from the seat moved:
pawns between spots and in and out of the others' hands and sacks, what the others
remember, cards between hidden hands and decks, the order of a face-down deck. Written
here, apart from the code under test (never with a game's ``knowledge`` or
``determinize``), so that a sample that keeps anything of the real state shows it.

A maker may move something the seat could tell after all: the tests keep only the
twins whose View for the seat equals the state's (so a maker need not know the rules
of what is shown), and count the valid twins that really differ.
"""

from __future__ import annotations

from typing import Any, Callable

from msgspec.structs import replace

from foxtui.engine import Rng


def _swap(items: list, i: int, j: int) -> list:
    out = list(items)
    out[i], out[j] = out[j], out[i]
    return out


def _reordered(items: Any, rng: Rng) -> Any:
    """``items`` (a list or a tuple) in another order."""
    out = list(items)
    rng.shuffle(out)
    return type(items)(out) if isinstance(items, tuple) else out


def master_fox(state: Any, seat: int, rng: Rng) -> list[Any]:
    from foxtui.games.master_fox.state import Felt, Held, Player

    out = []
    spots, players = state.spots, state.players
    # two spots' contents swapped (whatever the seat remembers of them)
    for _ in range(6):
        i, j = rng.below(40), rng.below(40)
        if spots[i] != spots[j]:
            out.append(replace(state, spots=_swap(spots, i, j)))
    # a pawn in another's sack or hand swapped with one in the box
    full = [i for i, p in enumerate(spots) if p >= 0]
    for s, p in enumerate(players):
        if s == seat or not full:
            continue
        i = full[rng.below(len(full))]
        if p.sack:
            k = rng.below(len(p.sack))
            held = p.sack[k]
            sack = list(p.sack)
            sack[k] = Held(spots[i], held.level, held.turn)
            box = list(spots)
            box[i] = held.pawn
            out.append(replace(state, spots=box, players=_swap_in(players, s, Player(p.memory, p.hand, sack))))
        if p.hand is not None:
            box = list(spots)
            box[i] = p.hand.pawn
            hand = Held(spots[i], p.hand.level, p.hand.turn)
            out.append(replace(state, spots=box, players=_swap_in(players, s, Player(p.memory, hand, p.sack))))
    # two pawns' kinds swapped (the seat may have felt them too little to tell)
    for _ in range(6):
        a, b = rng.below(len(state.pawns)), rng.below(len(state.pawns))
        if state.pawns[a] != state.pawns[b]:
            out.append(replace(state, pawns=_swap(state.pawns, a, b)))
    # what another remembers of a spot: a different pawn, felt a different number of times
    for s, p in enumerate(players):
        felt = [i for i, f in enumerate(p.memory) if f is not None]
        if s == seat or not felt:
            continue
        i = felt[rng.below(len(felt))]
        f = p.memory[i]
        memory = list(p.memory)
        memory[i] = Felt(rng.below(len(state.pawns)), 1 + rng.below(3), f.turn)
        out.append(replace(state, players=_swap_in(players, s, Player(memory, p.hand, p.sack))))
    # the mission deck in another order
    if len(state.deck) > 1:
        out.append(replace(state, deck=_reordered(state.deck, rng)))
    return out


def _swap_in(players: list, s: int, player: Any) -> list:
    out = list(players)
    out[s] = player
    return out


def foxpaw(state: Any, seat: int, rng: Rng) -> list[Any]:
    def player(i: int, **fields: Any) -> Any:
        """The state with some fields of player ``i`` replaced."""
        return replace(state, players=tuple(_swap_in(state.players, i, replace(state.players[i], **fields))))

    out = []
    others = [i for i in range(len(state.players)) if i != seat]
    # a secret card of another house swapped with one in its deck
    for field, deck in (("prophecies", "prophecy_deck"), ("mischief", "mischief_deck"), ("darkness", "darkness_deck")):
        for i in others:
            hand, pile = getattr(state.players[i], field), getattr(state, deck)
            if hand and pile:
                a, b = rng.below(len(hand)), rng.below(len(pile))
                new_hand, new_pile = list(hand), list(pile)
                new_hand[a], new_pile[b] = pile[b], hand[a]
                out.append(replace(player(i, **{field: tuple(new_hand)}), **{deck: tuple(new_pile)}))
    # another house's Student cards swapped with the box (the kept one too)
    for i in others:
        p = state.players[i]
        if p.students and state.students_box:
            a, b = rng.below(len(p.students)), rng.below(len(state.students_box))
            students, box = list(p.students), list(state.students_box)
            students[a], box[b] = box[b], students[a]
            kept = students[a] if p.student == p.students[a] else p.student
            out.append(replace(player(i, students=tuple(students), student=kept), students_box=tuple(box)))
    # another's committed gesture or bet
    for i in others:
        p = state.players[i]
        if p.secret in ("share", "attack", "hold"):
            out.append(player(i, secret=("share", "attack", "hold")[rng.below(3)]))
        elif p.secret in ("one", "both", "none", "no_bet"):
            out.append(player(i, secret=("one", "both", "none", "no_bet")[rng.below(4)]))
    # a past bet that lost (never shown)
    for n, r in enumerate(state.duel_reports):
        for k, (who, bet) in enumerate(r.bets):
            if who != seat and who not in r.right:
                bets = list(r.bets)
                bets[k] = (who, (bet + 1) % 3)
                reports = state.duel_reports[:n] + (replace(r, bets=tuple(bets)),) + state.duel_reports[n + 1 :]
                out.append(replace(state, duel_reports=reports))
    # two Magical Events still face down swapped (not the one being played: it is face
    # up, though the View shows it only as the event being played); face-down decks in
    # another order
    ahead = state.events_done + (state.event is not None)
    for _ in range(2):
        i, j = ahead + rng.below(len(state.events) - ahead + 1), ahead + rng.below(len(state.events) - ahead + 1)
        if max(i, j) < len(state.events) and state.events[i] != state.events[j]:
            out.append(replace(state, events=tuple(_swap(list(state.events), i, j))))
    for deck in ("spell_deck", "beast_deck", "carnival_deck", "duel_deck", "teacher_deck", "prophecy_deck"):
        if len(getattr(state, deck)) > 1:
            out.append(replace(state, **{deck: _reordered(getattr(state, deck), rng)}))
    return out


def fox_matters(state: Any, seat: int, rng: Rng) -> list[Any]:
    from foxtui.games.fox_matters.state import Column, Fear, HandCard

    out = []
    # a face-down card in a hand swapped with one in the Relief deck
    for p, hand in enumerate(state.hands):
        down = [k for k, hc in enumerate(hand) if not hc.up]
        if down and state.relief_deck:
            k, d = down[rng.below(len(down))], rng.below(len(state.relief_deck))
            hands = [list(h) for h in state.hands]
            deck = list(state.relief_deck)
            hands[p][k], deck[d] = HandCard(deck[d], False), hand[k].card
            out.append(replace(state, hands=hands, relief_deck=deck))
    # a face-down problem above the columns swapped with one from its pile
    pile = "common_deck" if state.options.holiday else "box"
    for spot, problem in enumerate(state.upcoming):
        if problem and getattr(state, pile):
            d = rng.below(len(getattr(state, pile)))
            upcoming, rest = list(state.upcoming), list(getattr(state, pile))
            upcoming[spot], rest[d] = rest[d], problem
            out.append(replace(state, upcoming=upcoming, **{pile: rest}))
    # a face-down Fear token swapped with one beside the board
    for c, col in enumerate(state.columns):
        down = [k for k, f in enumerate(col.fear) if not f.up]
        if down and state.fear_pool:
            k, d = down[0], rng.below(len(state.fear_pool))
            fear, pool = list(col.fear), list(state.fear_pool)
            fear[k], pool[d] = Fear(pool[d], False), col.fear[k].token
            columns = list(state.columns)
            columns[c] = Column(col.problems, col.cards, fear)
            out.append(replace(state, columns=columns, fear_pool=pool))
    for deck in ("relief_deck", "common_deck", "fox_deck", "gray_deck", "box"):
        if len(getattr(state, deck)) > 1:
            out.append(replace(state, **{deck: _reordered(getattr(state, deck), rng)}))
    return out


def fox_experiment(state: Any, seat: int, rng: Rng) -> list[Any]:
    from foxtui.games.fox_experiment.state import Pending

    out = []
    players = state.players
    for i, p in enumerate(players):
        if i == seat:
            continue
        # a science card in another's hand swapped with one in the deck
        if p.science and state.science_deck:
            a, b = rng.below(len(p.science)), rng.below(len(state.science_deck))
            science, deck = list(p.science), list(state.science_deck)
            science[a], deck[b] = deck[b], science[a]
            out.append(replace(state, players=_swap_in(players, i, replace(p, science=science)), science_deck=deck))
        # a study card another is choosing from swapped with one in the deck
        for n, pend in enumerate(p.pending):
            if pend.kind == "study" and pend.options and state.study_deck:
                a, b = rng.below(len(pend.options)), rng.below(len(state.study_deck))
                options, deck = list(pend.options), list(state.study_deck)
                options[a], deck[b] = deck[b], options[a]
                pending = list(p.pending)
                pending[n] = Pending("study", options)
                out.append(replace(state, players=_swap_in(players, i, replace(p, pending=pending)), study_deck=deck))
    # every face-down deck in another order (a blank deck is hidden from its owner too)
    for i, p in enumerate(players):
        if len(p.blank_deck) > 1:
            out.append(replace(state, players=_swap_in(players, i, replace(p, blank_deck=_reordered(p.blank_deck, rng)))))
    for deck in ("science_deck", "study_deck", "female_deck", "male_deck", "tiles"):
        if len(getattr(state, deck)) > 1:
            out.append(replace(state, **{deck: _reordered(getattr(state, deck), rng)}))
    auto = state.automaton
    if auto is not None and len(auto.deck) > 2:
        # under the top card (its back shows an arrow)
        deck = _reordered(auto.deck[:-1], rng) + [auto.deck[-1]]
        out.append(replace(state, automaton=replace(auto, deck=deck)))
    return out


#: game id -> its twin-maker: (state, seat, rng) -> states that may be twins for the seat
TWIN_MAKERS: dict[str, Callable[[Any, int, Rng], list[Any]]] = {
    "master-fox": master_fox,
    "foxpaw": foxpaw,
    "fox-matters": fox_matters,
    "fox-experiment": fox_experiment,
}


#: game id -> options besides the defaults whose games are twinned too (those that
#: change what is hidden or how it moves)
VARIANTS: dict[str, list[dict[str, Any]]] = {
    "master-fox": [{"mode": "realtime"}],
    "foxpaw": [{"first_game": True}],
    "fox-matters": [{"holiday": True}],
    "fox-experiment": [{"same_colour_penalty": True}],
}
