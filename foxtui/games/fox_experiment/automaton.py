"""The automated opponent of the 2-player game. It is not a seat: the rules run its
turns inside ``apply`` and say what it did in ``state.events``.

It selects two items a turn as its selection deck says, puts meeples on the foxes
it prefers (by its study card's two traits), claims supply spaces from the end
the deck's arrow points at, and "breeds" by adding dice to its foxes.
"""

from __future__ import annotations

from msgspec.structs import replace

from foxtui.engine.rng import Rng

from . import foxes
from .content import AUTO_STUDY, BLANK, PARENT, POPCOUNT, SELECTION, TRACK_LEN, trait_name
from .state import AUTO_GEAR, AUTO_MEEPLE, FREE, Automaton, Fox, Space, State

ITEMS = ("female", "male", "supply")
MAX_DICE = 2  # the opponent never takes a fox past two dice of a trait


def preferences(a: Automaton) -> tuple[int, int]:
    return AUTO_STUDY[a.study]


def arrow(a: Automaton) -> str:
    """The arrow on the back of the selection deck's top card ("left" if the deck is empty)."""
    return SELECTION[a.deck[-1]].arrow if a.deck else "left"


def pick_fox(row: list[Fox], prefs: tuple[int, int], arrow_: str) -> int:
    """Position of the fox the opponent takes from a row, or -1 if none is free: most dice
    of its first trait, then of its second, then the first one from the side opposite
    the arrow (a left arrow starts from the right)."""
    p1, p2 = prefs
    dice = foxes.dice
    best = first = last = -1
    i = -1
    for fox in row:
        i += 1
        if fox.automaton:
            continue
        # a deck fox nobody added dice to has its printed dice (foxes.dice without the call)
        d = PARENT[fox.card].dice if fox.owner < 0 and not fox.extra else dice(fox)
        score = d[p1] << 8 | d[p2]  # (first trait, second trait) as one number: a fox has far fewer than 256 dice
        if score > best:
            best = score
            first = last = i
        elif score == best:
            last = i
    return last if arrow_ == "left" else first


def pick_space(track: list[Space], arrow_: str) -> int:
    free = [i for i, s in enumerate(track) if s.claim == FREE]
    if not free:
        return -1
    return free[0] if arrow_ == "left" else free[-1]


def still_needs(took: list[int]) -> int:
    """The item the opponent needs most (ties: female, male, supply)."""
    return took.index(min(took))


_ITEMS_OF = {c: tuple(ITEMS.index(item) for item in s.items) for c, s in SELECTION.items()}
_PLURAL = ("female foxes", "male foxes", "supply spaces")
_ONE = ("a female fox", "a male fox", "a supply space")
_ITEMS_TEXT = {c: " + ".join(s.items) for c, s in SELECTION.items()}


def take_turn(state: State, r: Rng, events: list[str]) -> State:
    """Turn over a selection card and select its two items."""
    a = state.automaton
    assert a is not None
    deck, discard = a.deck, a.discard
    if not deck:
        deck, discard = r.shuffled(discard), []
    card, deck = deck[-1], deck[:-1]
    if not deck:  # the next card's back must show an arrow: reshuffle the others now
        deck, discard = r.shuffled(discard), []
    discard = discard + [card]
    way = SELECTION[deck[-1]].arrow if deck else "left"
    prefs = AUTO_STUDY[a.study]
    took = list(a.took)
    rows = [state.females, state.males]
    track = state.track
    tile_discard = state.tile_discard
    meeple, gear = a.meeple, a.gear
    said = []
    for i in _ITEMS_OF[card]:
        instead = ""
        if took[i] >= 2:
            shown, i = i, still_needs(took)
            # the card's item was taken twice already: say what it takes instead, and why
            instead = f"having two {_PLURAL[shown]} already, takes {_ONE[i]} instead: "
        took[i] += 1
        if i < 2:
            row = rows[i]
            k = pick_fox(row, prefs, way)
            if k < 0:
                said.append(f"{instead}finds no {ITEMS[i]} fox free")
                continue
            fox = row[k]
            rows[i] = row[:k] + [replace(fox, automaton=True)] + row[k + 1 :]
            said.append(f"{instead}puts a meeple on {fox.name} ({_dice_text(foxes.dice(fox), prefs)})")
            continue
        k = pick_space(track, way)
        if k < 0:
            said.append(f"{instead}finds no supply space free")
            continue
        first = took[2] == 1
        if track[k].tile:
            tile_discard = tile_discard + [track[k].tile]
        track = track[:k] + [Space("", AUTO_MEEPLE if first else AUTO_GEAR)] + track[k + 1 :]
        if first:
            meeple = k
            said.append(f"{instead}puts a meeple on supply space {k + 1}")
        else:
            gear = k
            said.append(f"{instead}puts its gear on supply space {k + 1}")
    a = replace(a, deck=deck, discard=discard, shown=card, took=took, meeple=meeple, gear=gear)
    events.append(f"The automated opponent turns over {_ITEMS_TEXT[card]} (arrow {way}) and " + " and ".join(said) + ".")
    return replace(
        state,
        automaton=a,
        females=rows[0],
        males=rows[1],
        track=track,
        tile_discard=tile_discard,
        turn=state.turn + 1,
    )


_NAMES = tuple(trait_name(t) for t in range(4))


def _dice_text(d: tuple[int, ...], prefs: tuple[int, int]) -> str:
    p1, p2 = prefs
    return f"{d[p1]} {_NAMES[p1]}, {d[p2]} {_NAMES[p2]}"


def breed(state: State, events: list[str]) -> State:
    """Breeding: each fox with an opponent meeple gets a die (deck fox) or a marked square
    (pup) of each of its two traits, up to two dice of a trait."""
    a = state.automaton
    if a is None:
        return state
    prefs = preferences(a)
    rows = []
    gains: dict[tuple[int, ...], list[str]] = {}  # what foxes gained (trait indexes) -> their names
    for row in (state.females, state.males):
        new = []
        for fox in row:
            if fox.automaton:
                before = foxes.dice(fox)
                fox = _add_dice(fox, prefs)
                after = foxes.dice(fox)
                gained = tuple(t for t in prefs if after[t] > before[t])
                gains.setdefault(gained, []).append(fox.name)
            new.append(fox)
        rows.append(new)
    if gains:
        # each fox by what it gained (a trait it had two dice of already, it does not gain)
        said = [f"{_and(names)} {_gain_words(gained, len(names))}" for gained, names in gains.items()]
        events.append(f"The automated opponent breeds: {'; '.join(said)}.")
    return replace(state, females=rows[0], males=rows[1])


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _gain_words(gained: tuple[int, ...], foxes_: int) -> str:
    if not gained:
        return f"{'gains' if foxes_ == 1 else 'gain'} nothing (two dice of each trait already)"
    return f"{'gains' if foxes_ == 1 else 'gain'} {' and '.join(f'a {_NAMES[t]} die' for t in gained)}"


def _add_dice(fox: Fox, prefs: tuple[int, int]) -> Fox:
    have = foxes.dice(fox)
    if fox.owner < 0:
        extra = list(fox.extra) if fox.extra else [0, 0, 0, 0]
        for t in prefs:
            if have[t] < MAX_DICE:
                extra[t] += 1
        return replace(fox, extra=extra)
    marks = list(fox.marks)
    squares = BLANK[fox.card].squares
    for t in prefs:
        if POPCOUNT[marks[t] & squares[t]] >= MAX_DICE:
            continue
        for bit in range(TRACK_LEN):
            if squares[t] >> bit & 1 and not marks[t] >> bit & 1:
                marks[t] |= 1 << bit
                break
    return replace(fox, marks=marks)

