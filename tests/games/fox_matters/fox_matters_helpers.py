"""Building Fox Matters states by hand for rule tests."""

from __future__ import annotations

from collections import Counter

from msgspec.structs import replace

from foxtui.engine import SeatInfo
from foxtui.games.fox_matters import GAME, content
from foxtui.games.fox_matters.actions import EndAction, Ready
from foxtui.games.fox_matters.state import Column, Fear, HandCard, Options, Played, State

NAMES = ["Ada", "Bo", "Cy", "Di", "Ed"]


def seats(n: int) -> list[SeatInfo]:
    return [SeatInfo(NAMES[i] if i < len(NAMES) else f"P{i}") for i in range(n)]


def new_game(n: int = 1, seed: int = 1, **options) -> State:
    return GAME.setup(seats(n), Options(**options), seed)


def relief(symbol: str, follow: str | None = None, skip: tuple[str, ...] = ()) -> str:
    """A Relief card showing ``symbol`` (and, if given, letting ``follow`` come next)."""
    for c in content.RELIEF:
        if c.symbols == [symbol] and (follow is None or follow in c.follow) and c.id not in skip:
            return c.id
    raise LookupError(symbol)


def chain(*symbols: str, skip: tuple[str, ...] = ()) -> list[str]:
    """Distinct Relief cards showing these symbols, each letting the next one follow."""

    def search(i: int, used: list[str]) -> list[str] | None:
        if i == len(symbols):
            return used
        for c in content.RELIEF:
            if c.symbols != [symbols[i]] or c.id in used or c.id in skip:
                continue
            if i + 1 < len(symbols) and symbols[i + 1] not in c.follow:
                continue
            found = search(i + 1, used + [c.id])
            if found:
                return found
        return None

    found = search(0, [])
    if found is None:
        raise LookupError(symbols)
    return found


def fox(symbols: list[str]) -> str:
    for c in content.FOX:
        if sorted(c.symbols) == sorted(symbols):
            return c.id
    raise LookupError(symbols)


def problem(name: str) -> str:
    for p in content.PROBLEMS.common + content.PROBLEMS.complicated:
        if p.name == name:
            return p.id
    raise LookupError(name)


def token(kind: str, skip: tuple[str, ...] = ()) -> str:
    return next(t for t, k in content.FEAR_KIND.items() if k == kind and t not in skip)


def _remove_everywhere(state: State, ids: set[str]) -> State:
    """Take cards, problems and tokens out of wherever they are (so nothing is duplicated)."""

    def keep(xs):
        return [x for x in xs if x not in ids]

    columns = [
        Column(keep(c.problems), [p for p in c.cards if p.card not in ids], [f for f in c.fear if f.token not in ids])
        for c in state.columns
    ]
    hands = [[hc for hc in h if hc.card not in ids] for h in state.hands]
    return replace(
        state,
        columns=columns,
        hands=hands,
        upcoming=["" if u in ids else u for u in state.upcoming],
        fox_spots=["" if f in ids else f for f in state.fox_spots],
        relief_deck=keep(state.relief_deck),
        relief_discard=keep(state.relief_discard),
        common_deck=keep(state.common_deck),
        common_discard=keep(state.common_discard),
        complicated_discard=keep(state.complicated_discard),
        box=keep(state.box),
        fox_deck=keep(state.fox_deck),
        fox_discard=keep(state.fox_discard),
        gray_deck=keep(state.gray_deck),
        fear_pool=keep(state.fear_pool),
    )


def set_column(
    state: State,
    c: int,
    problems: list[str] | None = None,
    cards: list[str] | None = None,
    fear: list[tuple[str, bool]] | None = None,
    owner: int = 0,
) -> State:
    """Lay out column ``c``: its problems, its chain of cards and its Fear tokens (kind, face up).

    Whatever was in the column goes back to the box/discard piles so counts stay right.
    """
    old = state.columns[c]
    tokens: list[str] = []
    for kind, _ in fear or []:
        tokens.append(token(kind, skip=tuple(tokens)))
    ids = set(problems or []) | set(cards or []) | set(tokens)
    state = _remove_everywhere(state, ids)
    old = state.columns[c]
    # what the column held before goes to the discard piles
    common_discard = state.common_discard + [p for p in old.problems if content.PROBLEM[p].kind == "common"]
    box = state.box + [p for p in old.problems if content.PROBLEM[p].kind == "complicated"]
    relief_discard = state.relief_discard + [p.card for p in old.cards]
    pool = state.fear_pool + [f.token for f in old.fear]
    columns = list(state.columns)
    columns[c] = Column(
        list(problems) if problems is not None else [],
        [Played(card, owner) for card in cards or []],
        [Fear(t, up) for t, (_, up) in zip(tokens, fear or [])],
    )
    return replace(
        state, columns=columns, common_discard=common_discard, box=box, relief_discard=relief_discard, fear_pool=pool
    )


def give(state: State, seat: int, cards: list[str], up: bool = True) -> State:
    state = _remove_everywhere(state, set(cards))
    hands = list(state.hands)
    hands[seat] = hands[seat] + [HandCard(c, up) for c in cards]
    return replace(state, hands=hands)


def place_knight(state: State, knight: str, column: int, cheese: int | None = None) -> State:
    knights = [
        replace(k, column=column, cheese=k.cheese if cheese is None else cheese) if k.id == knight else k
        for k in state.knights
    ]
    return replace(state, knights=knights)


def with_knights(state: State, ids: list[str], owners: list[int] | None = None) -> State:
    from foxtui.games.fox_matters.state import Knight

    owners = owners or [0] * len(ids)
    return replace(state, knights=[Knight(k, o, 0, -1) for k, o in zip(ids, owners)])


def act(state: State, seat: int, *actions) -> State:
    for action in actions:
        state = GAME.apply(state, seat, action)
    return state


def all_ready(state: State) -> State:
    """Everyone says Ready: the Action starts."""
    for s in range(len(state.seats)):
        if not state.ready[s]:
            state = GAME.apply(state, s, Ready())
    return state


def all_done(state: State) -> State:
    """Everyone says done: the Problem check and Clean-up happen."""
    for s in range(len(state.seats)):
        if state.phase == "action" and not state.ready[s]:
            state = GAME.apply(state, s, EndAction())
    return state


def in_action(state: State) -> State:
    return replace(state, phase="action", ready=[False] * len(state.seats))


def inventory(state: State) -> Counter:
    """Every card, problem and Fear token, wherever it is: each must appear exactly once."""
    items: list[str] = []
    for col in state.columns:
        items += col.problems + [p.card for p in col.cards] + [f.token for f in col.fear]
    for hand in state.hands:
        items += [hc.card for hc in hand]
    items += [u for u in state.upcoming if u] + [f for f in state.fox_spots if f]
    items += state.relief_deck + state.relief_discard + state.common_deck + state.common_discard
    items += state.complicated_discard + state.box + state.fox_deck + state.fox_discard + state.gray_deck
    items += state.fear_pool
    if state.pending is not None:
        items += state.pending.cards
    return Counter(items)


EVERYTHING = Counter(
    list(content.CARDS) + list(content.COMMON_IDS) + list(content.COMPLICATED_IDS) + list(content.FEAR_IDS)
)


def check_inventory(state: State) -> None:
    inv = inventory(state)
    inv.pop(state.nightmare, None)
    # dealt-with problems left the game only if they are the Nightmare
    assert inv == EVERYTHING, f"cards created or lost: {(inv - EVERYTHING) or (EVERYTHING - inv)}"


def beside_ada(state: State, bot_move, max_steps: int = 20_000):
    """Plays ``state`` to its end: seat 0 (Ada, a person) only says she is ready or done
    (and takes the first choice offered otherwise), every other seat moves by
    ``bot_move(state, seat, legal, steps)``. Yields (state, seat, legal, action) of each
    bot move before it is made."""
    steps = 0
    while GAME.to_act(state):
        steps += 1
        assert steps < max_steps
        seat = next((s for s in sorted(GAME.to_act(state)) if s != 0), 0)
        legal = GAME.legal_actions(state, seat)
        if seat == 0:
            action = next((a for a in legal if isinstance(a, (Ready, EndAction))), legal[0])
        else:
            action = bot_move(state, seat, legal, steps)
            yield state, seat, legal, action
        state = GAME.apply(state, seat, action)
    assert GAME.outcome(state) is not None
