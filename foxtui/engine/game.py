"""The engine contract every game implements: :class:`Game` below.

Besides the rules themselves (setup, who is to act, legal actions, apply, views,
outcome), a game provides a few small hooks the shared machinery needs (the clock,
what a seat may know for a bot's samples, marks that follow the game); they are
documented on :class:`Game` and have defaults in :class:`GameBase`.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, NamedTuple, Protocol, Sequence, runtime_checkable

import msgspec

from .rng import Rng


class SeatInfo(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Who sits at a seat. ``bot`` is a bot level name; None means a human."""

    name: str
    bot: str | None = None
    age: int | None = None


class Outcome(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The typed end of a game.

    scores: one per seat. ranking: seats best first, ties already broken.
    winners: seats that won (cooperative games: all or none).
    breakdown: per seat, score by category, summing to ``scores[seat]``.
    coop_won: None for competitive games.
    tiebreak: a sentence naming the tie-break when one decided the winner.
    ending: a sentence saying how the game ended, when that is news (a cooperative
    team's defeat, say).
    """

    scores: list[int]
    ranking: list[int]
    winners: list[int]
    breakdown: list[dict[str, int]]
    coop_won: bool | None = None
    tiebreak: str | None = None
    ending: str | None = None


class Clock(NamedTuple):
    """A timed period the rules run against real time (Fox Matters' Action timer).

    ``key`` names the period (the round, say), so that a saved countdown is never
    applied to a later one; ``seconds`` is its full length; ``step`` is the action
    the table applies when the time is up. A clock step is in no seat's legal
    actions: only the table's driver applies it, never a player, a bot or a client.
    """

    key: int
    seconds: int
    step: Any


class IllegalAction(Exception):
    """A move the rules refuse. The message is one sentence a player understands."""


# A bot is a pure function of what its seat may see: (view, legal actions, rng) -> action.
# Being stateless, it plays the same way after a save is resumed.
Bot = Callable[[Any, Sequence[Any], Rng], Any]


@runtime_checkable
class Game(Protocol):
    id: str
    title: str
    min_players: int
    max_players: int
    Options: type
    State: type
    Action: Any  # a Union of tagged, frozen msgspec Structs
    View: type
    #: bot level name -> bot; the first entry is the default level
    bots: Mapping[str, Bot]
    #: the in-app rules, Markdown, in our own words
    rules_markdown: str
    #: the new-game screen asks each player's age (rules that use oldest/youngest)
    asks_ages: bool
    #: nothing is ever secret between the seats (a cooperative game played face up):
    #: players at one keyboard share the screen without pass screens
    open_table: bool
    #: the version of the rules: raised whenever a change makes old records replay
    #: differently (they are then refused in a sentence, not as "damaged")
    rules_version: int

    def setup(self, seats: list[SeatInfo], options: Any, seed: int) -> Any: ...
    def to_act(self, state: Any) -> frozenset[int]: ...
    def legal_actions(self, state: Any, seat: int) -> list[Any]: ...
    def apply(self, state: Any, seat: int, action: Any) -> Any: ...
    def view(self, state: Any, seat: int | None) -> Any: ...
    def view_all(self, state: Any) -> Any:
        """A View with everything shown (replay's "everything" perspective only)."""
        ...
    def outcome(self, state: Any) -> Outcome | None: ...
    def describe(self, state: Any, seat: int, action: Any, viewer: int | None) -> str:
        """One log line for ``action`` taken by ``seat`` in ``state`` (the state *before*
        the action), told from ``viewer``'s side (None = public)."""
        ...

    # --- foxtui hooks ---
    def round_of(self, state: Any) -> int:
        """The round (or year, or turn) number shown to players; replay jumps by it."""
        ...

    def knowledge(self, state: Any, seat: int) -> Any:
        """What ``seat`` may know in ``state``, as ``determinize`` reads it: its View, or
        the information set the View stands for (the table as the seat sees it, every
        hidden part dealt one fixed way from what may be known of it: how many cards,
        which cards they are drawn from). It holds nothing hidden from the seat, so two
        states the seat cannot tell apart give the same samples (the twins of
        tests/engine/test_expert.py)."""
        ...

    def determinize(self, known: Any, seed: int) -> Any:
        """A state the seat cannot tell apart from the one ``known`` came from: everything
        hidden from it (others' hands, deck order, the box ...) dealt at random from
        ``seed``, consistently with all it knows. It is built from ``known`` alone, never
        from the real state, so that no hidden fact can reach a sample.
        ``view(result, seat) == view(state, seat)`` must hold."""
        ...

    def offered(self, legal: list[Any], action: Any) -> bool:
        """Whether ``action`` is one of the moves on offer in ``legal``: one of them, or
        (a game whose moves carry words the player types, such as a pup's name) a listed
        move with those words written in. ``apply`` still checks the words."""
        ...

    def undo_blocker(self, before: Any, seat: int, action: Any, after: Any) -> str | None:
        """Why this step may not be undone (it revealed something), or None.
        The session already refuses steps that drew from the PRNG."""
        ...

    def clock(self, state: Any) -> Clock | None:
        """The timed period running now, or None (the default: the game has no clock).
        Its step is applied by the table when the time is up; ``apply`` accepts it
        for a seat in ``to_act``, but ``legal_actions`` never offers it."""
        ...

    def follow_marks(self, marks: Any, state: Any) -> Any:
        """What the table's history marks on its views, after ``state`` (``marks``: after
        the step before, None at setup): names every screen must give alike that no one
        state decides (Fox Matters' card letters, kept by the order cards came). A
        session and a replay fold it over the states from the setup on. None (the
        default): the game marks nothing."""
        ...

    def marked_view(self, view: Any, marks: Any) -> Any:
        """``view`` with the table's marks in it (the default: ``view`` as it is)."""
        ...


class GameBase:
    """Defaults for the foxtui hooks; games subclass it."""

    #: the new-game screen asks each player's age (rules that use oldest/youngest)
    asks_ages: bool = False
    #: nothing is ever secret between the seats: no pass screens at one keyboard
    open_table: bool = False
    #: see Game.rules_version (records written before versions count as 1)
    rules_version: int = 1
    #: who plays along at a table of that many players without a seat of its own, in a
    #: few words (The Fox Experiment for two: "the automated opponent"); for the help
    companions: Mapping[int, str] = {}

    def offered(self, legal: list[Any], action: Any) -> bool:
        return action in legal

    def undo_blocker(self, before: Any, seat: int, action: Any, after: Any) -> str | None:
        return None

    def clock(self, state: Any) -> Clock | None:
        return None

    def follow_marks(self, marks: Any, state: Any) -> Any:
        return None

    def marked_view(self, view: Any, marks: Any) -> Any:
        return view


def rng_field_changed(before: Any, after: Any) -> bool:
    """True if a step drew from the PRNG (games keep its state in ``state.rng``)."""
    return getattr(before, "rng", None) != getattr(after, "rng", None)


class ModuleGame(GameBase):
    """A game whose rules are a module of pure functions and whose views come from one
    function: the Game methods that only pass their arguments on are written once, here.

    ``rules`` provides setup, to_act, legal_actions, apply, knowledge and determinize;
    ``make_view(state, seat, everything=False)`` builds every View; ``narrate``
    is the game's describe function; ``state.round`` is the round shown to players.
    """

    rules: Any
    make_view: Callable[..., Any]
    narrate: Callable[..., str]

    def setup(self, seats: list[SeatInfo], options: Any, seed: int) -> Any:
        return self.rules.setup(seats, options, seed)

    def to_act(self, state: Any) -> frozenset[int]:
        return self.rules.to_act(state)

    def legal_actions(self, state: Any, seat: int) -> list[Any]:
        return self.rules.legal_actions(state, seat)

    def apply(self, state: Any, seat: int, action: Any) -> Any:
        return self.rules.apply(state, seat, action)

    def view(self, state: Any, seat: int | None) -> Any:
        return self.make_view(state, seat)

    def view_all(self, state: Any) -> Any:
        return self.make_view(state, None, everything=True)

    def describe(self, state: Any, seat: int, action: Any, viewer: int | None) -> str:
        return self.narrate(state, seat, action, viewer)

    def round_of(self, state: Any) -> int:
        return state.round

    def knowledge(self, state: Any, seat: int) -> Any:
        return self.rules.knowledge(state, seat)

    def determinize(self, known: Any, seed: int) -> Any:
        return self.rules.determinize(known, seed)
