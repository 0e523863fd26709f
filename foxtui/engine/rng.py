"""Deterministic PRNG whose whole state is one int kept inside the game state.

SplitMix64: tiny, fast in pure Python, identical on every machine. Rules code
does ``r = Rng(state.rng)``, draws, and stores ``r.state`` back into the new
state, so the same record always replays to the same states.
"""

from __future__ import annotations

from typing import Sequence, TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def seed_state(seed: int, *salt: int | str) -> int:
    """Mix a user seed (and optional salts) into a well-spread 64-bit state."""
    r = Rng(seed & _MASK)
    value = r.next64()
    for s in salt:
        if isinstance(s, str):
            # Rng(value ^ ch).next64() for each byte, written out (bots salt with long texts)
            for ch in s.encode():
                z = ((value ^ ch) + _GAMMA) & _MASK
                z = ((z ^ (z >> 30)) * _MUL1) & _MASK
                z = ((z ^ (z >> 27)) * _MUL2) & _MASK
                value = z ^ (z >> 31)
        else:
            value = Rng((value ^ (s & _MASK)) & _MASK).next64()
    return value


_MUL1 = 0xBF58476D1CE4E5B9
_MUL2 = 0x94D049BB133111EB
_TWO64 = 1 << 64


class Rng:
    """A SplitMix64 generator. ``state`` is the only thing to persist."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    def next64(self) -> int:
        self.state = (self.state + _GAMMA) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            v = self.next64()
            if v < limit:
                return v % n

    def randint(self, lo: int, hi: int) -> int:
        """Uniform integer in [lo, hi], both ends included."""
        return lo + self.below(hi - lo + 1)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates, in place. (``below(i + 1)`` for each i, written out: shuffles are
        most of the cost of dealing a sample for the expert level.)"""
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _TWO64 - _TWO64 % n
            while True:
                state = (state + _GAMMA) & _MASK
                z = ((state ^ (state >> 30)) * _MUL1) & _MASK
                z = ((z ^ (z >> 27)) * _MUL2) & _MASK
                v = z ^ (z >> 31)
                if v < limit:
                    break
            j = v % n
            items[i], items[j] = items[j], items[i]
        self.state = state

    def shuffled(self, items: Sequence[T]) -> list[T]:
        out = list(items)
        self.shuffle(out)
        return out


class Unshuffled(Rng):
    """Chance that changes nothing: a shuffle keeps the order, a draw below n is 0.

    A game deals with it what a seat may know (its ``knowledge``): every hidden pool
    sorted and dealt in that order, a fixed stand-in for the real deal that tells
    nothing of it. A deal that sorts each pool before it shuffles gives the same
    samples from the stand-in as from the real state.
    """

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__(0)

    def next64(self) -> int:
        return 0

    def below(self, n: int) -> int:
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        return 0

    def shuffle(self, items: list[T]) -> None:
        pass
