"""The letter each face-up card in a hand carries: the table's, one for every screen.

Players call cards out by letter in the Action, so a letter must be the same on every
screen (players and spectators) and stay with its card across drops, rejoins, restarts
and resumed saves. It is decided by the table's history alone: :func:`follow` is
folded over the states a game went through, step by step from its setup (a Session and
a replay do that), and its result is put into every View (``View.letters``). A screen
never assigns letters of its own.

A card keeps its letter while it is in a hand, and gets the same one back when it is
taken back into a hand, so a letter never silently names another card while the hands
change; a letter goes to another card only when every letter is in use or parked. A
new round frees the letters of the cards played before it.

Only face-up cards get letters, and the order they came into the hands is public: the
letters tell nothing that is hidden.
"""

from __future__ import annotations

import msgspec

from .state import State

#: the letters beside the cards (a letter plays its card at the zoomed column): the
#: keys no other binding of the table takes, then their capitals when there are more cards
CARD_LETTERS = "abcdfgimnovxyz"
LETTERS = CARD_LETTERS + CARD_LETTERS.upper()


class Letters(msgspec.Struct, frozen=True):
    held: dict[str, str]  # face-up card in a hand -> its letter (never changed once made)
    parked: dict[str, str]  # card played or gone -> the letter it had, oldest first
    round: int


def follow(letters: Letters | None, state: State) -> Letters:
    """The letters after ``state``, given those after the step before it (None at setup).
    Returns ``letters`` itself when the face-up cards in hands did not change."""
    now = [hc.card for hand in state.hands for hc in hand if hc.up]
    if letters is not None and letters.round == state.round and len(now) == len(letters.held):
        if all(card in letters.held for card in now):
            return letters
    held = dict(letters.held) if letters is not None else {}
    parked = dict(letters.parked) if letters is not None else {}
    inside = set(now)
    for card in [c for c in held if c not in inside]:
        parked[card] = held.pop(card)
    if letters is None or state.round != letters.round:
        # a new round deals new cards: the letters of cards played before are free
        # again (a card taken back from an earlier round gets the first free one)
        parked.clear()
    for card in now:
        if card in held:
            continue
        letter = parked.pop(card, None)
        if letter is None:
            used = set(held.values()) | set(parked.values())
            letter = next((x for x in LETTERS if x not in used), None)
        if letter is None and parked:
            oldest = next(iter(parked))
            letter = parked.pop(oldest)
        if letter is not None:
            held[card] = letter
    return Letters(held, parked, state.round)
