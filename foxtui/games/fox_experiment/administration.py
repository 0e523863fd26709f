"""Phase 4, Administration, and the final scoring.

Administration runs by itself once everyone is done with Research: the old
generation and the parents leave, the new pups enter the kennel, the
friendliest pup's breeder earns a friendliness reward (everyone else gets
friendly tokens), the kennel is refilled (and thinned to 8), the turn order
follows the supply track and the track is refilled.
"""

from __future__ import annotations

from typing import Iterable

from msgspec.structs import replace

from foxtui.engine.rng import Rng

from . import foxes
from .content import (
    REWARDS,
    ROUNDS,
    ROW_CAP,
    STUDY,
    TRACK_IDS,
    UPGRADE,
    patron_side,
)
from .state import AUTOMATON, FREE, Fox, Player, Space, State

CATEGORIES = (
    "studies",
    "patrons",
    "upgrades",
    "friendliness track",
    "point tokens",
    "science cards",
    "leftover tokens",
)


def board_players(players: int) -> int:
    """The 2-player game sets up the board and kennel as for 4."""
    return 4 if players == 2 else players


def draw(deck: list[str], discard: list[str], r: Rng) -> str | None:
    """Top card of ``deck`` (in place); an empty deck is first rebuilt from its shuffled discards."""
    if not deck:
        if not discard:
            return None
        deck.extend(r.shuffled(discard))
        discard.clear()
    return deck.pop()


class Piles:
    """The parent decks and discard piles and the players' blank-fox discards, edited in place."""

    def __init__(self, state: State) -> None:
        self.female_deck = list(state.female_deck)
        self.female_discard = list(state.female_discard)
        self.male_deck = list(state.male_deck)
        self.male_discard = list(state.male_discard)
        self.blank_discard = [list(p.blank_discard) for p in state.players]

    def discard_all(self, leaving: Iterable[Fox | None]) -> None:
        blank, female, male = self.blank_discard, self.female_discard, self.male_discard
        for fox in leaving:
            if fox is None:
                continue
            if fox.owner >= 0:
                blank[fox.owner].append(fox.card)
            elif foxes.is_female(fox):
                female.append(fox.card)
            else:
                male.append(fox.card)

    def discarded_blanks(self, players: list[Player]) -> list[Player]:
        """The players with their blank-fox discards as these piles have them (only grown)."""
        return [
            replace(p, blank_discard=pile) if len(pile) != len(p.blank_discard) else p
            for p, pile in zip(players, self.blank_discard)
        ]

    def draw(self, female: bool, r: Rng) -> Fox | None:
        if female:
            card = draw(self.female_deck, self.female_discard, r)
        else:
            card = draw(self.male_deck, self.male_discard, r)
        return None if card is None else foxes.deck_fox(card)


def settle_row(row: list[Fox], female: bool, need: int, piles: Piles, r: Rng) -> tuple[list[Fox], list[Fox]]:
    """Refill a kennel row to ``need`` foxes, thin it to 8 by dropping the least friendly
    (every fox tied at the lowest score goes together), then refill again if that left
    it short. Returns the row and the foxes dropped."""
    row = list(row)
    dropped: list[Fox] = []
    for thinning in (True, False):
        while len(row) < need:
            fox = piles.draw(female, r)
            if fox is None:
                break
            row.append(fox)
        if thinning:
            while len(row) > ROW_CAP:
                low = min([f.friendliness for f in row])
                dropped.extend([f for f in row if f.friendliness == low])
                row = [f for f in row if f.friendliness != low]
    return row, dropped


def friendliness_reward(state: State) -> tuple[int, list[int], int]:
    """(track space, seats placing a meeple there, the best friendliness) for this round;
    space -1 when nobody bred a pup or the track is full."""
    space = -1
    for k, seats in enumerate(state.rewards):
        if not seats:
            space = k
            break
    best = None
    for p in state.players:
        for pup in p.pups:
            if best is None or pup.friendliness > best:
                best = pup.friendliness
    if best is None:
        best = -1
    if space < 0 or best < 0:
        return -1, [], best
    winners = []
    for s, p in enumerate(state.players):
        for pup in p.pups:
            if pup.friendliness == best:
                winners.append(s)
                break
    return space, winners, best


def administration(state: State, r: Rng, events: list[str]) -> State:
    n = len(state.seats)
    piles = Piles(state)
    # 1. the previous generation leaves (opponent foxes stay, moved to the left end), and the parents
    rows: list[list[Fox]] = []
    for row in (state.females, state.males):
        kept, leaving = [], []
        for f in row:
            if f.automaton:
                kept.append(replace(f, automaton=False))
            else:
                leaving.append(f)
        rows.append(kept)
        piles.discard_all(leaving)
    piles.discard_all([fox for p in state.players for fox in (p.female, p.male)])
    # 2. the new pups enter the kennel, in turn order
    humans = [s for s in state.order if s != AUTOMATON]
    for s in humans:
        for pup in state.players[s].pups:
            rows[0 if foxes.is_female(pup) else 1].append(pup)
    # 3. friendliness rewards
    players = list(state.players)
    rewards = [list(x) for x in state.rewards]
    space, winners, best = friendliness_reward(state)
    if space >= 0:
        rewards[space] = winners
        gift = REWARDS[space].tokens
        for s in range(n):
            p = players[s]
            if s in winners:
                players[s] = replace(p, rewards=p.rewards + [space])
            else:
                players[s] = replace(p, friendly=p.friendly + gift)
        named = [state.seats[s].name for s in winners]
        names = named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]
        others = f"; everyone else takes {gift} friendly token{'s' if gift != 1 else ''}" if len(winners) < n else ""
        events.append(f"Friendliest pup ({best}): {names} place{'s' if len(winners) == 1 else ''} a meeple on friendliness space {space + 1}{others}.")
    # 5 (early). the turn order follows the supply track: the gear furthest left goes first
    a = state.automaton
    where = {s: (state.players[s].gear if state.players[s].gear >= 0 else 99, s) for s in humans}
    if a is not None:
        where[AUTOMATON] = (a.gear if a.gear >= 0 else 99, n)
    order = sorted(where, key=where.__getitem__)
    if order != state.order:
        events.append("Turn order: " + ", ".join("the automated opponent" if s == AUTOMATON else state.seats[s].name for s in order) + ".")

    def kennel_settled(rows: list, **more) -> State:
        """The state once administration is done, with these kennel rows."""
        return replace(
            state,
            players=piles.discarded_blanks(players),
            rewards=rewards,
            order=order,
            females=rows[0],
            males=rows[1],
            female_deck=piles.female_deck,
            female_discard=piles.female_discard,
            male_deck=piles.male_deck,
            male_discard=piles.male_discard,
            **more,
        )

    if state.round >= ROUNDS:
        return kennel_settled(rows, phase="over")
    # 4. refill the kennel, thin rows to 8
    need = board_players(n) + 1
    settled = []
    for k, row in enumerate(rows):
        row, dropped = settle_row(row, k == 0, need, piles, r)
        piles.discard_all(dropped)
        if dropped:
            events.append(f"The {'female' if k == 0 else 'male'} row is thinned to {len(row)}: " + ", ".join(f.name for f in dropped) + " leave.")
        settled.append(row)
    # 5. supply tiles left on the track are discarded, gears come back; 6. the track is refilled
    tile_discard = list(state.tile_discard) + [sp.tile for sp in state.track if sp.tile]
    tiles = list(state.tiles)
    track = [Space("", FREE)]
    for _ in range(1, len(state.track)):
        tile = draw(tiles, tile_discard, r)
        track.append(Space(tile or "", FREE))
    return kennel_settled(settled, track=track, tiles=tiles, tile_discard=tile_discard, round=state.round + 1)


# --- final scoring ---------------------------------------------------------------------


def patron_points(state: State, seat: int, slot: int) -> int:
    side = patron_side(state.patrons[slot], slot)
    p = state.players[seat]
    kind = side.kind
    if kind == "per_study_level":
        count = sum(s.level for s in p.studies)
    elif kind == "per_full_study":
        count = sum(1 for s in p.studies if s.level >= 3)
    elif kind == "per_upgrade":
        count = sum(p.upgrades)
    elif kind == "per_track_upgrade":
        count = p.upgrades[TRACK_IDS.index(side.track)]
    elif kind == "per_reward":
        count = len(p.rewards)
    elif kind == "per_kennel_fox":
        count = sum(1 for f in state.females + state.males if f.owner == seat)
    elif kind == "per_tokens":
        count = (sum(p.tokens) + p.friendly) // side.per
    elif kind == "per_science":
        count = len(p.science)
    elif kind == "per_point_token":
        count = p.points
    else:  # per_patron
        count = len(p.patrons)
    return side.amount * count


def breakdown(state: State, seat: int) -> dict[str, int]:
    p = state.players[seat]
    return {
        "studies": sum(STUDY[s.card].points[s.level - 1] for s in p.studies if s.level),
        "patrons": sum(patron_points(state, seat, slot) for slot in p.patrons),
        "upgrades": sum(UPGRADE[t].points[i] for t in range(len(UPGRADE)) for i in range(p.upgrades[t])),
        "friendliness track": sum(REWARDS[k].points for k in p.rewards),
        "point tokens": p.points,
        "science cards": len(p.science),
        "leftover tokens": (sum(p.tokens) + p.friendly) // 2,
    }


def ranking(state: State) -> list[int]:
    """Seats best first; ties go to the player nearer the start of the supply track."""
    humans = [s for s in state.order if s != AUTOMATON]
    scores = {s: sum(breakdown(state, s).values()) for s in humans}
    return sorted(humans, key=lambda s: (-scores[s], humans.index(s)))

