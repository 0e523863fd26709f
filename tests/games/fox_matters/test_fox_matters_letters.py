"""Fox Matters: a card's letter is the table's. It follows from the table's history
alone, so every seat, a spectator, a game read back from its record (a restart, a
resumed save) and its replay give every card the same letter."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from msgspec.structs import replace

from foxtui.engine.autoplay import autoplay
from foxtui.engine.replay import ReplayCursor
from foxtui.engine.session import Session
from foxtui.games.fox_matters import GAME, content
from foxtui.games.fox_matters.letters import CARD_LETTERS, LETTERS, follow
from foxtui.games.fox_matters.state import HandCard


def _table(hands: list[list[str]], round_: int, hidden: tuple[str, ...] = ()) -> SimpleNamespace:
    """What ``follow`` reads of a state: the hands (face down: ``hidden``) and the round."""
    return SimpleNamespace(hands=[[HandCard(c, c not in hidden) for c in hand] for hand in hands], round=round_)


def test_a_letter_never_names_another_card_within_a_round() -> None:
    ids = list(content.RELIEF_IDS)
    letters = follow(None, _table([ids[:3], ids[3:5]], 1))
    first = dict(letters.held)
    assert sorted(first.values()) == sorted(CARD_LETTERS[:5])
    letters = follow(letters, _table([[ids[0], ids[2]], ids[3:5]], 1))  # ids[1] is played
    assert letters.held == {c: x for c, x in first.items() if c != ids[1]}
    letters = follow(letters, _table([[ids[0], ids[2], ids[9]], ids[3:5]], 1))  # drawn: a letter not used this round
    assert letters.held[ids[9]] not in first.values()
    letters = follow(letters, _table([[ids[0], ids[2], ids[9], ids[1]], ids[3:5]], 1))  # taken back: its letter again
    assert letters.held[ids[1]] == first[ids[1]]
    letters = follow(letters, _table([[ids[0], ids[20]], []], 2))  # the next round: the letters played are free again
    assert letters.held[ids[0]] == first[ids[0]] and letters.held[ids[20]] == CARD_LETTERS[1]


def test_a_card_face_down_has_no_letter() -> None:
    ids = list(content.RELIEF_IDS)
    letters = follow(None, _table([ids[:3]], 1, hidden=(ids[1],)))
    assert set(letters.held) == {ids[0], ids[2]}


@pytest.fixture(scope="module")
def played():
    """A whole two-player game the bots played (cards played, drawn, taken back, rounds)."""
    return autoplay(GAME, 2, 7)


def test_every_screen_gives_a_card_the_same_letter_at_every_step(played) -> None:
    record = played.record
    cursor = ReplayCursor(GAME, record)
    follower = Session(GAME, replace(record, steps=[]), [cursor.seek(0)], None)
    before: dict[str, str] = {}
    round_before = kept = 0
    for n in range(len(record.steps) + 1):
        if n:
            step = record.steps[n - 1]
            follower.act(step.seat, step.action, step.by)
        views = [follower.view(seat) for seat in (None, 0, 1)]
        letters = views[0].letters
        face_up = [c for hand in views[0].hands for c in hand]
        # every face-up card carries a letter while there are letters enough, only they do
        assert set(letters) <= set(face_up) and len(letters) == min(len(face_up), len(LETTERS)), f"step {n}"
        assert len(set(letters.values())) == len(letters), f"step {n}: two cards carry one letter"
        assert all(v.letters == letters for v in views), f"step {n}: the seats and the public view disagree"
        cursor.seek(n)
        assert cursor.view(0).letters == letters, f"step {n}: the replay gives other letters"
        assert cursor.view(None, everything=True).letters == letters
        if cursor.state.round == round_before:
            # within a round a card in a hand keeps its letter
            assert all(letters[c] == x for c, x in before.items() if c in letters), f"step {n}: a letter moved"
            kept += sum(1 for c in before if c in letters)
        before, round_before = dict(letters), cursor.state.round
    assert kept > 100  # the game did keep letters through many steps


def test_a_game_read_back_from_its_record_has_the_letters_it_had(played) -> None:
    """A restart or a resumed save reads the record back: the letters are those the
    players saw before, not ones given afresh (which would start again at a, b, c)."""
    record = played.record
    cursor = ReplayCursor(GAME, record)
    found_moved = False
    for n in range(0, len(record.steps), 7):
        prefix = replace(record, steps=record.steps[:n])
        back = Session.from_record(GAME, prefix, "the record")
        cursor.seek(n)
        letters = cursor.view(None).letters
        assert back.view(None).letters == letters, f"step {n}"
        fresh = follow(None, back.state).held
        found_moved |= fresh != letters
    assert found_moved  # there were steps where given afresh they would differ
