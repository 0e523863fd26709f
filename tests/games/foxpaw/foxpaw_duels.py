"""Foxpaw duels among sensible bots: how the bots gesture and bet, and whether a person
with a fixed habit would gain more against them than the bots' own choices do.

usage: python tests/games/foxpaw/foxpaw_duels.py [--games N] [--players 2,3,4]

N seeded games per player count (seed = 200000 * players + game number), every seat a
sensible bot. For every duel, with the gestures as the duelists chose them (before any
Mischief card changes one), valued in Stars with the bots' weights from the duelist's
tracks as they stood (a Star 1, a Coin 0.55, Energy 0.3 ...; Energy above 12 is worth
nothing):

- each gesture's share of the bots' choices (none may be above 60 %);
- what a duelist gained by its own choice, and what "always Hold back", "always Attack!"
  and "always Share?" would have gained against the same opponent. With 2 players a
  duelist shows a Darkness card's gesture: a habit it cannot follow (no such card in
  hand) falls back on the bot's choice;
- how often a spectator's bet was right, and how often "always bet nobody wins" (and the
  other two outcomes) would have been.

Each habit is compared with the bots' own choices on the same duels ("fixed - bot" per
duel, with its standard error), twice: in expectation over the gestures' chances (the
opponent's as its bot drew it, House Obsidio's card as the deck held them), and as it
happened. A habit beats the bots when either is above zero by more than two standard
errors. Exit status 1 when a gesture is above 60 % or a habit beats the bots.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

if __name__ == "__main__":  # run as a script from anywhere
    sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from foxtui.engine import Rng, SeatInfo  # noqa: E402
from foxtui.games.foxpaw import GAME  # noqa: E402
from foxtui.games.foxpaw import content as C  # noqa: E402
from foxtui.games.foxpaw.actions import Bet, ShowDarkness  # noqa: E402
from foxtui.games.foxpaw.bots import _worth as worth  # noqa: E402
from foxtui.games.foxpaw.bots import gesture_chances  # noqa: E402
from foxtui.games.foxpaw.rules_duel import PAYS, duel_outcome  # noqa: E402
from foxtui.games.foxpaw.state import OBSIDIO, Options  # noqa: E402

MAX_SHARE = 0.60
HABITS = ("hold", "attack", "share")
BET_HABITS = ("none", "one", "both")




class Tally:
    """The duels of many games: for each a bot fought, what its choice and each habit
    gained, as it happened (realized) and in expectation over the gestures' chances
    (the other duelist's, as its bot drew them; House Obsidio's card as it came)."""

    def __init__(self) -> None:
        self.gestures = {g: 0 for g in C.GESTURES}
        self.gains: dict[str, list[float]] = {"bot": [], **{h: [] for h in HABITS}}
        self.expected: dict[str, list[float]] = {"bot": [], **{h: [] for h in HABITS}}
        self.bets: dict[str, list[float]] = {"bot": [], **{b: [] for b in BET_HABITS}}
        self.bets_expected: dict[str, list[float]] = {"bot": [], **{b: [] for b in BET_HABITS}}
        self.no_bets = 0

    def add(self, other: "Tally") -> None:
        for k in self.gestures:
            self.gestures[k] += other.gestures[k]
        for mine, theirs in ((self.gains, other.gains), (self.expected, other.expected), (self.bets, other.bets),
                             (self.bets_expected, other.bets_expected)):
            for k in mine:
                mine[k] += theirs[k]
        self.no_bets += other.no_bets

    def duel(self, card: str, duelists: list[int], shown: list[str], held: dict[int, set[str]],
             chances: dict[int, dict[str, float]], bets: dict[int, str], houses: list, outcome: str) -> None:
        d = C.DUEL[card]
        dist = [chances.get(who) or {g: float(g == shown[i]) for g in C.GESTURES} for i, who in enumerate(duelists)]
        for i, who in enumerate(duelists):
            if who < 0:
                continue
            mine, other, theirs, h = shown[i], shown[1 - i], dist[1 - i], houses[who]
            self.gestures[mine] += 1
            self.gains["bot"].append(_gain(h, d, mine, other))
            own = sum(p * _expect(h, d, g, theirs) for g, p in dist[i].items())
            self.expected["bot"].append(own)
            for habit in HABITS:
                can = habit in held.get(who, set(C.GESTURES))
                self.gains[habit].append(_gain(h, d, habit if can else mine, other))
                self.expected[habit].append(_expect(h, d, habit, theirs) if can else own)
        odds = {b: 0.0 for b in C.BETS}
        for g, p in dist[0].items():
            for o, q in dist[1].items():
                odds[duel_outcome(g, o)] += p * q
        for bet in bets.values():
            self.no_bets += bet == C.NO_BET
            self.bets["bot"].append(float(bet == outcome))
            self.bets_expected["bot"].append(odds.get(bet, 0.0))
            for habit in BET_HABITS:
                self.bets[habit].append(float(habit == outcome))
                self.bets_expected[habit].append(odds[habit])

    def report(self, title: str) -> bool:
        ok = True
        chosen = sum(self.gestures.values())
        print(f"{title}: {chosen} gestures chosen by bots, {len(self.bets['bot'])} spectators' bets")
        shares = []
        for g, n in self.gestures.items():
            share = n / chosen if chosen else 0.0
            flag = "  <-- above 60 %" if share > MAX_SHARE else ""
            ok &= share <= MAX_SHARE
            shares.append(f"{C.GESTURE_NAME[g]} {100 * share:.1f}%{flag}")
        print("  gestures: " + ", ".join(shares))
        print(f"  a duelist's gain per duel, in Stars: bot's own choice {_mean(self.expected['bot']):.3f} expected, "
              f"{_mean(self.gains['bot']):.3f} realized")
        for habit in HABITS:
            ok &= self._line(f"always {C.GESTURE_NAME[habit]}", self.expected[habit], self.expected["bot"],
                             self.gains[habit], self.gains["bot"])
        if self.bets["bot"]:
            print(f"  right bets per spectator: bot's own {_mean(self.bets_expected['bot']):.3f} expected, "
                  f"{_mean(self.bets['bot']):.3f} realized (no bet {self.no_bets} times)")
            for habit in BET_HABITS:
                ok &= self._line(f'always "{C.BET_NAME[habit]}"', self.bets_expected[habit], self.bets_expected["bot"],
                                 self.bets[habit], self.bets["bot"])
        return ok

    @staticmethod
    def _line(name: str, expected: list[float], bot_expected: list[float], realized: list[float],
              bot_realized: list[float]) -> bool:
        """One habit against the bots, fixed - bot per duel (paired: the same duels), with its
        standard error: in expectation over the gestures' chances, and as it happened."""
        ediff = [a - b for a, b in zip(expected, bot_expected)]
        e, ese = _mean(ediff), _se(ediff)
        diff = [a - b for a, b in zip(realized, bot_realized)]
        r, se = _mean(diff), _se(diff)
        beats = e > 2 * ese + 1e-9 or r > 2 * se + 1e-9
        print(f"    {name:<26} expected {_mean(expected):.3f}, fixed - bot {e:+.4f} ± {ese:.4f}; "
              f"realized {_mean(realized):.3f}, {r:+.3f} ± {se:.3f}" + ("  <-- beats the bots" if beats else ""))
        return not beats


def _expect(h, card: C.DuelData, mine: str, theirs: dict[str, float]) -> float:
    return sum(q * _gain(h, card, mine, o) for o, q in theirs.items())


def _gain(h, card: C.DuelData, mine: str, other: str) -> float:
    """What a duelist (house ``h``, as the table sees it) gains, in Stars with the bots'
    weights: Energy above 12 and Reputation above 5 are worth nothing, the tracks stop."""
    k = PAYS[(mine, other)]
    return worth(h, getattr(card, k)) if k else 0.0


def _mean(xs: list[float]) -> float:
    return sum(xs) / len(xs) if xs else 0.0


def _se(xs: list[float]) -> float:
    if len(xs) < 2:
        return 0.0
    m = _mean(xs)
    return math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1) / len(xs))


def play(players: int, seed: int, tally: Tally, options: Options | None = None) -> None:
    """One game of sensible bots, every duel told to ``tally``."""
    state = GAME.setup([SeatInfo(f"sensible {i}", bot="sensible") for i in range(players)], options or Options(), seed)
    rng = Rng(seed * 7919 + 1)
    held: dict[int, set[str]] = {}
    chances: dict[int, dict[str, float]] = {}
    bets: dict[int, str] = {}
    pending = None
    for _ in range(5_000):
        acting = sorted(GAME.to_act(state))
        if not acting:
            return
        seat = acting[rng.below(len(acting))]
        view = GAME.view(state, seat)
        legal = GAME.legal_actions(state, seat)
        action = GAME.bots["sensible"](view, legal, rng)
        top = state.tasks[-1].kind
        if top == "duel_secret":
            if isinstance(action, Bet):
                bets[seat] = action.outcome
            else:
                chances[seat] = gesture_chances(view, seat)  # what its draw came from
                if OBSIDIO in state.duelists and state.obsidio.dark >= 0:
                    # House Obsidio's card: any of the deck's (and the one it turned up)
                    deck = list(state.darkness_deck) + [state.obsidio.dark]
                    chances[OBSIDIO] = {g: sum(C.DARK_GESTURE[c] == g for c in deck) / len(deck) for g in C.GESTURES}
                if isinstance(action, ShowDarkness):  # 2 players: the gestures of the cards held
                    held[seat] = {C.DARK_GESTURE[c] for c in view.darkness}
        after = GAME.apply(state, seat, action)
        if top == "duel_secret" and not (after.tasks and after.tasks[-1].kind == "duel_secret"):
            # everyone has chosen: the gestures as chosen, before any Mischief card
            shown = list(after.gestures) if after.gestures else list(after.duel_reports[-1].gestures)
            pending = (state.duel, list(state.duelists), shown, held, chances, bets, GAME.view(state, None).houses)
            held, chances, bets = {}, {}, {}
        if pending is not None and len(after.duel_reports) > len(state.duel_reports):
            tally.duel(*pending, after.duel_reports[-1].outcome)
            pending = None
        state = after
    raise RuntimeError(f"seed {seed} did not end")


def measure(players: int, games: int, start: int = 0) -> Tally:
    tally = Tally()
    for g in range(start, start + games):
        play(players, 200_000 * players + g, tally)
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", default="2,3,4")
    args = parser.parse_args()
    ok = True
    total = Tally()
    counts = [int(p) for p in args.players.split(",")]
    for players in counts:
        t = time.time()
        tally = measure(players, args.games)
        ok &= tally.report(f"{players} players, {args.games} games ({time.time() - t:.0f} s)")
        total.add(tally)
    if len(counts) > 1:
        ok &= total.report(f"All {args.games * len(counts)} games")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
