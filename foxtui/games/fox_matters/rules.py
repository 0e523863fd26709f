"""Fox Matters rules: setup, whose move it is, legal moves, and applying them.

Every function is pure: states are frozen Structs updated copy-on-write, and all
chance comes from the Rng kept in ``state.rng``. The Action timer is not read
here: the table's clock submits a ``TimeUp`` step when it runs out.

Round: Planning (everyone at once, until every player has said Ready) ->
Action (everyone at once, until every player has said done or time is up) ->
Problem check and Clean-up (automatic, inside the step that ends the Action).
"""

from __future__ import annotations

from typing import Callable

from msgspec.structs import replace

from foxtui.engine.game import IllegalAction, SeatInfo
from foxtui.engine.rng import Rng, seed_state

from . import check, content
from .actions import (
    END_ACTION,
    FACE,
    MAX_FEAR,
    MAX_PROBLEMS,
    MOVE,
    NUM_COLUMNS,
    PICK,
    PLAY,
    READY,
    TAKE,
    TIME_UP,
    EndAction,
    FaceFear,
    MoveKnight,
    PickFox,
    PlayCard,
    Ready,
    TakeBack,
    TimeUp,
    UseAbility,
    ability,
)
from .content import CARDS, KNIGHT, KNIGHT_SYMBOL, NIGHTMARE, PROBLEM
from .state import (
    Column,
    ColumnReport,
    Fear,
    HandCard,
    Knight,
    Options,
    PendingPick,
    Played,
    RoundReport,
    State,
)

MIN_PLAYERS, MAX_PLAYERS = 1, 5
ROUNDS = 5
SPOTS = 4  # face-down problem spots above the columns
NIGHTMARE_COLUMN = 4  # the Nightmare comes down into the fifth column
MIN_TIMER = 10
#: knights each player controls, by player count (seat 0 takes the extra one with 3 players)
KNIGHTS_FOR: dict[int, tuple[int, ...]] = {1: (5,), 2: (2, 2), 3: (2, 1, 1), 4: (1, 1, 1, 1), 5: (1, 1, 1, 1, 1)}
#: Relief cards dealt each round, by player count
RELIEF_FOR: dict[int, int] = {1: 10, 2: 12, 3: 12, 4: 12, 5: 10}
PROBLEM_KINDS = ("common", "complicated", "nightmare")

_SETS = [frozenset(i for i in range(MAX_PLAYERS) if m >> i & 1) for m in range(1 << MAX_PLAYERS)]
_NOBODY: frozenset[int] = frozenset()


# --- options ------------------------------------------------------------------------


def nightmare_choices(options: Options) -> list[str]:
    """The Nightmares the options allow, in content order. ValueError if none."""
    name = options.nightmare
    if name in NIGHTMARE:
        if options.holiday and not NIGHTMARE[name].holiday_ok:
            raise ValueError(f"{NIGHTMARE[name].name} cannot be combined with the Holiday difficulty.")
        return [name]
    pool = list(NIGHTMARE)
    if name.startswith("random-level-") and name[-1:] in "1234" and len(name) == len("random-level-1"):
        level = int(name[-1])
        pool = [n for n in pool if NIGHTMARE[n].level == level]
    elif name != "random":
        ids = ", ".join(NIGHTMARE)
        raise ValueError(f"Unknown Nightmare {name!r}: use one of {ids}, random, or random-level-1 to random-level-4.")
    if options.holiday:
        pool = [n for n in pool if NIGHTMARE[n].holiday_ok]
        if not pool:
            raise ValueError(f"No Nightmare of {name} can be combined with the Holiday difficulty.")
    return pool


def knight_count(players: int) -> int:
    return sum(KNIGHTS_FOR[players])


def chosen_knights(options: Options, players: int) -> list[str] | None:
    """The knights named in the options (validated), or None to pick at random."""
    text = options.knights.strip()
    if not text:
        return None
    ids = [s.strip() for s in text.split(",") if s.strip()]
    for k in ids:
        if k not in KNIGHT:
            raise ValueError(f"Unknown knight {k!r}: the knights are {', '.join(KNIGHT)}.")
    need = knight_count(players)
    if len(ids) != need:
        raise ValueError(f"{players} player(s) play with {need} knights, not {len(ids)}.")
    boards = [KNIGHT[k].board for k in ids]
    if len(set(boards)) != len(boards):
        raise ValueError("Only one side of each knight board can play: pick knights from different boards.")
    return ids


def timer_seconds(state: State) -> int:
    """The Action timer for this game, 0 when untimed."""
    base = state.options.timer_seconds
    if base <= 0:
        return 0
    return max(MIN_TIMER, base + content.effect_total(state.nightmare, "timer"))


def relief_deal(players: int, nightmare: str) -> list[int]:
    """Relief cards each player gets this round: the round's cards shared as evenly as
    possible; when they do not share out exactly, the last seats get the extra ones
    (so the player with two knights never gets more)."""
    total = max(0, RELIEF_FOR[players] - content.effect_total(nightmare, "fewer_relief"))
    each, extra = divmod(total, players)
    return [each + (1 if p >= players - extra else 0) for p in range(players)]


# --- setup --------------------------------------------------------------------------


def setup(seats: list[SeatInfo], options: Options, seed: int) -> State:
    if not isinstance(options, Options):
        raise ValueError("Fox Matters options must be fox_matters Options")
    n = len(seats)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise ValueError(f"Fox Matters is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {n}")
    if not 0 <= options.timer_seconds <= 600:
        raise ValueError("timer_seconds must be between 0 and 600")
    pool = nightmare_choices(options)
    knights = chosen_knights(options, n)
    r = Rng(seed_state(seed, "fox-matters"))
    nightmare = pool[r.below(len(pool))]
    if knights is None:
        boards = sorted(r.shuffled(sorted(content.BOARDS))[: knight_count(n)])
        knights = [content.BOARDS[b][r.below(2)] for b in boards]
    relief = r.shuffled(content.RELIEF_IDS)
    common = r.shuffled(content.COMMON_IDS)
    complicated = r.shuffled(content.COMPLICATED_IDS)
    fox = r.shuffled(content.FOX_IDS)
    gray = r.shuffled(content.GRAY_IDS)
    fear = r.shuffled(content.FEAR_IDS)
    if options.holiday:
        upcoming = [common.pop() for _ in range(SPOTS)]
    else:
        upcoming = [complicated.pop() for _ in range(SPOTS)]
    problems = [[common.pop()] for _ in range(NUM_COLUMNS)]
    problems[0].append(upcoming[0])  # the first face-down problem is revealed onto column 1
    upcoming[0] = ""
    fears: list[list[Fear]] = [[] for _ in range(NUM_COLUMNS)]
    for i in range(content.effect_total(nightmare, "starting_fear")):
        fears[NUM_COLUMNS - 1 - i % NUM_COLUMNS].append(Fear(fear.pop(), False))
    owners = [p for p, k in enumerate(KNIGHTS_FOR[n]) for _ in range(k)]
    hands: list[list[HandCard]] = [[] for _ in range(n)]
    discard: list[str] = []
    deal = relief_deal(n, nightmare)
    for p in range(n):
        for _ in range(deal[p]):
            card = _draw(relief, discard, r)
            if card is not None:
                hands[p].append(HandCard(card, False))
    return State(
        seats=list(seats),
        options=options,
        rng=r.state,
        round=1,
        phase="planning",
        nightmare=nightmare,
        nightmare_out=False,
        upcoming=upcoming,
        fox_spots=[""] * SPOTS,
        columns=[Column(problems[c], [], fears[c]) for c in range(NUM_COLUMNS)],
        knights=[Knight(k, owners[i], 0, -1) for i, k in enumerate(knights)],
        hands=hands,
        ready=[False] * n,
        phase_steps=0,
        pending=None,
        relief_deck=relief,
        relief_discard=discard,
        common_deck=common,
        common_discard=[],
        complicated_discard=[],
        box=complicated,
        fox_deck=fox,
        fox_discard=[],
        gray_deck=gray,
        fear_pool=fear,
        reports=[],
        dealt_with=dict.fromkeys(PROBLEM_KINDS, 0),
        result="",
        end_reason="",
    )


def _draw(deck: list[str], discard: list[str], r: Rng) -> str | None:
    """Top card of ``deck`` (in place); an empty deck is first rebuilt from its shuffled discards."""
    if not deck:
        if not discard:
            return None
        deck.extend(r.shuffled(discard))
        discard.clear()
    return deck.pop()


# --- whose move, and which ----------------------------------------------------------


def to_act(state: State) -> frozenset[int]:
    phase = state.phase
    if phase == "planning" or phase == "action":
        mask = 0
        for i, done in enumerate(state.ready):
            if not done:
                mask |= 1 << i
        return _SETS[mask]
    if phase == "pick_fox":
        return _SETS[1 << state.pending.seat]  # type: ignore[union-attr]
    return _NOBODY


def column_accepts(state: State) -> tuple[int, ...]:
    """Per column: -2 (no problem: nothing may be played), -1 (empty: any card), else the
    follow-up mask of its last card."""
    out = []
    for col in state.columns:
        if not col.problems:
            out.append(-2)
        elif not col.cards:
            out.append(-1)
        else:
            out.append(CARDS[col.cards[-1].card].follow_mask)
    return tuple(out)


# accepts -> {card: the PlayCard actions it has there, card mask: its open columns as bits},
# filled in as cards are asked about
_TABLES: dict[tuple[int, ...], dict] = {}
_PLAY_ROW: dict[str, tuple[PlayCard, ...]] = {c: tuple(PLAY[c, col] for col in range(NUM_COLUMNS)) for c in CARDS}
# (knight, where it stands) -> every other place its marker may go
_MOVES_FROM: dict[tuple[str, int], tuple] = {
    (k, here): tuple(MOVE[k, c] for c in range(-1, NUM_COLUMNS) if c != here)
    for k in KNIGHT
    for here in range(-1, NUM_COLUMNS)
}


def _table(accepts: tuple[int, ...]) -> dict:
    table = _TABLES.get(accepts)
    if table is None:
        if len(_TABLES) > 2048:
            _TABLES.clear()
        table = _TABLES[accepts] = {}
    return table


# card -> its PlayCard actions for every set of open columns (a bit per column)
_PLAY_SETS: dict[str, tuple[tuple[PlayCard, ...], ...]] = {
    c: tuple(tuple(row[col] for col in range(NUM_COLUMNS) if bits >> col & 1) for bits in range(1 << NUM_COLUMNS))
    for c, row in _PLAY_ROW.items()
}


def _plays(hand: list[HandCard], table: dict, accepts: tuple[int, ...], out: list) -> None:
    for hc in hand:
        if hc.up:
            acts = table.get(hc.card)
            if acts is None:
                # the columns open to this card's symbols; many cards share a mask, so the
                # bits are kept in the same table under the (int) mask
                mask = CARDS[hc.card].mask
                bits = table.get(mask)
                if bits is None:
                    bits = table[mask] = sum(
                        1 << c for c, fm in enumerate(accepts) if fm == -1 or (fm >= 0 and mask & fm)
                    )
                acts = table[hc.card] = _PLAY_SETS[hc.card][bits]
            out.extend(acts)


def legal_actions(state: State, seat: int) -> list:
    if seat not in to_act(state):
        return []
    phase = state.phase
    if phase == "pick_fox":
        return [PICK[c] for c in state.pending.cards]  # type: ignore[union-attr]
    out: list = []
    accepts = column_accepts(state)
    table = _table(accepts)
    if phase == "planning":
        _plays(state.hands[seat], table, accepts, out)
        for col in state.columns:
            if col.cards:
                out.extend([TAKE[p.card] for p in col.cards if p.owner == seat])
        for k in state.knights:
            if k.owner == seat:
                out.extend(_MOVES_FROM[k.id, k.column])
                if k.cheese:
                    out.extend(_ability_actions(state, k))
        for c, col in enumerate(state.columns):
            if col.fear:
                out.extend([FACE[c, i] for i, f in enumerate(col.fear) if not f.up])
        out.append(READY)
        return out
    # action: a cooperative table, anyone may play or move anything that is face up
    for hand in state.hands:
        _plays(hand, table, accepts, out)
    for col in state.columns:
        if col.cards:
            out.extend([TAKE[p.card] for p in col.cards])
    for k in state.knights:
        out.extend(_MOVES_FROM[k.id, k.column])
    out.append(END_ACTION)
    if state.options.timer_seconds > 0:
        out.append(TIME_UP)
    return out


def _is_common(pid: str) -> bool:
    return PROBLEM[pid].kind == "common"


def _ability_actions(state: State, knight: Knight) -> list[UseAbility]:
    out: list[UseAbility] = []
    cols = state.columns
    for i, a in enumerate(KNIGHT[knight.id].abilities):
        if knight.cheese < a.cost:
            continue
        kind, kid = a.kind, knight.id
        if kind == "recruit_gray_tail":
            if state.gray_deck:
                out.append(ability(kid, i))
        elif kind == "draw_fox_pick":
            if state.fox_deck or state.fox_discard:
                out.append(ability(kid, i))
        elif kind == "recruit_face_up_fox":
            out.extend(ability(kid, i, index=s) for s, f in enumerate(state.fox_spots) if f)
        elif kind == "draw_relief":
            if state.relief_deck or state.relief_discard:
                out.append(ability(kid, i))
        elif kind == "reclaim_relief":
            if state.relief_discard:
                out.append(ability(kid, i))
        elif kind == "remove_common" or kind == "move_common":
            for c, col in enumerate(cols):
                if len(col.problems) < 2:
                    continue
                for j, pid in enumerate(col.problems):
                    if not _is_common(pid):
                        continue
                    if kind == "remove_common":
                        out.append(ability(kid, i, c, j))
                    else:
                        out.extend(
                            ability(kid, i, c, j, t)
                            for t in range(NUM_COLUMNS)
                            if t != c and len(cols[t].problems) < MAX_PROBLEMS
                        )
        elif kind == "move_fear":
            for c, col in enumerate(cols):
                for j in range(len(col.fear)):
                    out.extend(
                        ability(kid, i, c, j, t) for t in range(NUM_COLUMNS) if t != c and len(cols[t].fear) < MAX_FEAR
                    )
        elif kind == "discard_fear":
            for c, col in enumerate(cols):
                out.extend(ability(kid, i, c, j) for j, f in enumerate(col.fear) if f.up)
    return out


# --- applying a move ----------------------------------------------------------------


def apply(state: State, seat: int, action) -> State:
    if not isinstance(seat, int) or not 0 <= seat < len(state.seats):
        raise IllegalAction(f"There is no seat {seat!r} at this table.")
    if seat not in to_act(state):
        if state.phase == "over":
            raise IllegalAction("The game is over.")
        if state.phase == "pick_fox":
            raise IllegalAction(f"Wait: {state.seats[state.pending.seat].name} is choosing a Fox card.")  # type: ignore[union-attr]
        what = "said Ready" if state.phase == "planning" else "said you are done"
        raise IllegalAction(f"You already {what}; wait for the others.")
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise IllegalAction("That is not a Fox Matters move.")
    new = handler(state, seat, action)
    if new.round == state.round and _MAIN[new.phase] == _MAIN[state.phase]:
        return replace(new, phase_steps=state.phase_steps + 1)
    return replace(new, phase_steps=0)


_MAIN = {"planning": "planning", "pick_fox": "planning", "action": "action", "over": "over"}


def _column(c: object) -> int:
    if not isinstance(c, int) or isinstance(c, bool) or not 0 <= c < NUM_COLUMNS:
        raise IllegalAction(f"There is no column {c!r}: columns run from 1 to {NUM_COLUMNS}.")
    return c


def _playing_phase(state: State, what: str) -> None:
    if state.phase not in ("planning", "action"):
        raise IllegalAction(f"You can only {what} during Planning or the Action.")


def _find_in_hands(state: State, card: str) -> tuple[int, int]:
    for p, hand in enumerate(state.hands):
        for i, hc in enumerate(hand):
            if hc.card == card:
                return p, i
    return -1, -1


def _find_in_columns(state: State, card: str) -> tuple[int, int]:
    for c, col in enumerate(state.columns):
        for i, p in enumerate(col.cards):
            if p.card == card:
                return c, i
    return -1, -1


def _set(items: list, i: int, value) -> list:
    out = list(items)
    out[i] = value
    return out


def _play(state: State, seat: int, action: PlayCard) -> State:
    _playing_phase(state, "play cards")
    c = _column(action.column)
    card = CARDS.get(action.card) if isinstance(action.card, str) else None
    if card is None:
        raise IllegalAction(f"There is no card {action.card!r}.")
    owner, i = _find_in_hands(state, action.card)
    if owner < 0:
        raise IllegalAction(f"{card.name} is not in anyone's hand.")
    if state.phase == "planning" and owner != seat:
        raise IllegalAction(f"{card.name} is not yours: in Planning you may only place your own cards.")
    if not state.hands[owner][i].up:
        raise IllegalAction(f"{card.name} is still face down: new cards are revealed when the timer starts.")
    col = state.columns[c]
    if not col.problems:
        raise IllegalAction(f"Column {c + 1} has no problem to deal with.")
    if col.cards:
        last = CARDS[col.cards[-1].card]
        if card.kind == "gray":
            raise IllegalAction("A Gray Tail can only be the first card under a column.")
        if not card.mask & last.follow_mask:
            follow = ", ".join(content.symbol_name(s) for s in last.follow)
            raise IllegalAction(
                f"{content.card_label(card.id)} does not match what may follow {last.name} ({follow})."
            )
    hand = state.hands[owner]
    hands = _set(state.hands, owner, hand[:i] + hand[i + 1 :])
    columns = _set(state.columns, c, Column(col.problems, col.cards + [Played(card.id, owner)], col.fear))
    return replace(state, hands=hands, columns=columns)


def _take_back(state: State, seat: int, action: TakeBack) -> State:
    _playing_phase(state, "take cards back")
    c, i = _find_in_columns(state, action.card) if isinstance(action.card, str) else (-1, -1)
    if c < 0:
        raise IllegalAction(f"{action.card!r} is not under any column.")
    col = state.columns[c]
    played = col.cards[i]
    if state.phase == "planning" and played.owner != seat:
        raise IllegalAction(f"{CARDS[played.card].name} is not yours: in Planning you may only move your own cards.")
    columns = _set(state.columns, c, Column(col.problems, col.cards[:i] + col.cards[i + 1 :], col.fear))
    hands = _set(state.hands, played.owner, state.hands[played.owner] + [HandCard(played.card, True)])
    return replace(state, hands=hands, columns=columns)


def _knight_index(state: State, knight: object) -> int:
    for i, k in enumerate(state.knights):
        if k.id == knight:
            return i
    raise IllegalAction(f"The knight {knight!r} is not in this game.")


def _move_knight(state: State, seat: int, action: MoveKnight) -> State:
    _playing_phase(state, "move knight markers")
    ki = _knight_index(state, action.knight)
    k = state.knights[ki]
    name = KNIGHT[k.id].name
    if state.phase == "planning" and k.owner != seat:
        raise IllegalAction(f"The {name} is not yours: in Planning you may only move your own knights.")
    c = action.column
    if c != -1:
        _column(c)
    if c == k.column:
        raise IllegalAction(f"The {name} is already there.")
    return replace(state, knights=_set(state.knights, ki, replace(k, column=c)))


def _face_fear(state: State, seat: int, action: FaceFear) -> State:
    if state.phase != "planning":
        raise IllegalAction("Fear can only be faced during Planning.")
    c = _column(action.column)
    col = state.columns[c]
    i = action.index
    if not isinstance(i, int) or not 0 <= i < len(col.fear):
        raise IllegalAction(f"Column {c + 1} has no Fear token there.")
    if col.fear[i].up:
        raise IllegalAction("That Fear token is already face up.")
    fear = _set(col.fear, i, Fear(col.fear[i].token, True))
    return replace(state, columns=_set(state.columns, c, Column(col.problems, col.cards, fear)))


def _ready(state: State, seat: int, action: Ready) -> State:
    if state.phase != "planning":
        raise IllegalAction("Ready is only said at the end of Planning.")
    ready = _set(state.ready, seat, True)
    if all(ready):
        return start_action(state)
    return replace(state, ready=ready)


def start_action(state: State) -> State:
    """The timer starts: every face-down card in a hand is revealed."""
    hands = [[hc if hc.up else HandCard(hc.card, True) for hc in hand] for hand in state.hands]
    return replace(state, phase="action", hands=hands, ready=[False] * len(state.seats))


def _end_action(state: State, seat: int, action: EndAction) -> State:
    if state.phase != "action":
        raise IllegalAction("You can only say you are done during the Action.")
    ready = _set(state.ready, seat, True)
    if all(ready):
        return resolve(replace(state, ready=ready))
    return replace(state, ready=ready)


def _time_up(state: State, seat: int, action: TimeUp) -> State:
    if state.phase != "action":
        raise IllegalAction("The timer only runs during the Action.")
    if state.options.timer_seconds <= 0:
        raise IllegalAction("This game is untimed: the Action ends when everyone is done.")
    return resolve(state)


# --- knight abilities ---------------------------------------------------------------


def _use_ability(state: State, seat: int, action: UseAbility) -> State:
    if state.phase != "planning":
        raise IllegalAction("Knight abilities can only be used during Planning.")
    ki = _knight_index(state, action.knight)
    k = state.knights[ki]
    data = KNIGHT[k.id]
    if k.owner != seat:
        raise IllegalAction(f"The {data.name} is not yours.")
    if not isinstance(action.ability, int) or not 0 <= action.ability < len(data.abilities):
        raise IllegalAction(f"The {data.name} has no such ability.")
    a = data.abilities[action.ability]
    cost = a.cost
    if k.cheese < cost:
        raise IllegalAction(f"The {data.name} needs {cost} cheese for that and has {k.cheese}.")
    if action not in _ability_actions(state, k):
        raise IllegalAction(_ability_refusal(state, a.kind))
    knights = _set(state.knights, ki, replace(k, cheese=k.cheese - cost))
    state = replace(state, knights=knights)
    r = Rng(state.rng)
    hand = list(state.hands[seat])
    kind = a.kind
    if kind == "recruit_gray_tail":
        deck = list(state.gray_deck)
        hand.append(HandCard(deck.pop(), True))
        return replace(state, gray_deck=deck, hands=_set(state.hands, seat, hand))
    if kind == "draw_fox_pick":
        deck, discard = list(state.fox_deck), list(state.fox_discard)
        drawn = []
        for _ in range(a.count):
            card = _draw(deck, discard, r)
            if card is not None:
                drawn.append(card)
        return replace(
            state,
            rng=r.state,
            fox_deck=deck,
            fox_discard=discard,
            phase="pick_fox",
            pending=PendingPick(seat, k.id, drawn),
        )
    if kind == "recruit_face_up_fox":
        hand.append(HandCard(state.fox_spots[action.index], True))
        return replace(state, fox_spots=_set(state.fox_spots, action.index, ""), hands=_set(state.hands, seat, hand))
    if kind == "draw_relief" or kind == "reclaim_relief":
        deck, discard = list(state.relief_deck), list(state.relief_discard)
        for _ in range(a.count):
            if kind == "draw_relief":
                card = _draw(deck, discard, r)
            else:
                card = discard.pop() if discard else None
            if card is not None:
                hand.append(HandCard(card, kind == "reclaim_relief"))
        return replace(
            state, rng=r.state, relief_deck=deck, relief_discard=discard, hands=_set(state.hands, seat, hand)
        )
    c, j, t = action.column, action.index, action.to
    cols = list(state.columns)
    col = cols[c]
    if kind == "remove_common":
        pid = col.problems[j]
        cols[c] = Column(col.problems[:j] + col.problems[j + 1 :], col.cards, col.fear)
        return replace(state, columns=cols, common_discard=state.common_discard + [pid])
    if kind == "move_common":
        pid = col.problems[j]
        cols[c] = Column(col.problems[:j] + col.problems[j + 1 :], col.cards, col.fear)
        cols[t] = Column(cols[t].problems + [pid], cols[t].cards, cols[t].fear)
        return replace(state, columns=cols)
    if kind == "move_fear":
        token = col.fear[j]
        cols[c] = Column(col.problems, col.cards, col.fear[:j] + col.fear[j + 1 :])
        cols[t] = Column(cols[t].problems, cols[t].cards, cols[t].fear + [token])
        return replace(state, columns=cols)
    # discard_fear: the token goes back among the face-down ones, which are shuffled
    token = col.fear[j]
    cols[c] = Column(col.problems, col.cards, col.fear[:j] + col.fear[j + 1 :])
    pool = r.shuffled(state.fear_pool + [token.token])
    return replace(state, columns=cols, fear_pool=pool, rng=r.state)


def _ability_refusal(state: State, kind: str) -> str:
    return {
        "recruit_gray_tail": "The Gray Tail deck is empty.",
        "draw_fox_pick": "There are no Fox cards left to look at.",
        "recruit_face_up_fox": "There is no face-up Fox card there.",
        "draw_relief": "There are no Relief cards left to draw.",
        "reclaim_relief": "The Relief discard pile is empty.",
        "remove_common": "Pick a Common Problem that shares its column with another problem.",
        "move_common": "Pick a Common Problem that shares its column with another, and a different column with room.",
        "move_fear": "Pick a Fear token and a different column with a free Fear spot.",
        "discard_fear": "Pick a face-up Fear token.",
    }[kind]


def _pick_fox(state: State, seat: int, action: PickFox) -> State:
    if state.phase != "pick_fox" or state.pending is None:
        raise IllegalAction("There is no Fox card to choose now.")
    pending = state.pending
    if action.card not in pending.cards:
        raise IllegalAction("Choose one of the Fox cards you looked at.")
    rest = [c for c in pending.cards if c != action.card]
    r = Rng(state.rng)
    deck = r.shuffled(state.fox_deck + rest)
    hands = _set(state.hands, seat, state.hands[seat] + [HandCard(action.card, True)])
    return replace(state, rng=r.state, fox_deck=deck, hands=hands, phase="planning", pending=None)


_HANDLERS: dict[type, Callable[[State, int, object], State]] = {
    PlayCard: _play,
    TakeBack: _take_back,
    MoveKnight: _move_knight,
    UseAbility: _use_ability,
    PickFox: _pick_fox,
    FaceFear: _face_fear,
    Ready: _ready,
    EndAction: _end_action,
    TimeUp: _time_up,
}  # type: ignore[dict-item]


# --- the Problem check --------------------------------------------------------------

#: (symbols needed in all, specific symbols needed) for problems + faced Fear kinds + Gray Tail
requirement_of = check.requirement


_CHECKS: dict[tuple, check.Check] = {}


def check_column(state: State, c: int) -> check.Check:
    """How column ``c`` stands right now (face-down Fear tokens do not count yet).

    The result must not be modified (results are shared through a small memo)."""
    col = state.columns[c]
    return _check(
        tuple(col.problems),
        tuple([p.card for p in col.cards]),
        tuple([KNIGHT_SYMBOL[k.id] for k in state.knights if k.column == c]),
        tuple([content.FEAR_KIND[f.token] for f in col.fear if f.up]) if col.fear else (),
        state.nightmare,
    )


def _check(*key) -> check.Check:
    """check.evaluate(*key) through the memo (key: problems, cards, knight symbols, faced Fear, nightmare)."""
    result = _CHECKS.get(key)
    if result is None:
        if len(_CHECKS) > 20_000:
            _CHECKS.clear()
        result = _CHECKS[key] = check.evaluate(*key)
    return result


def _share_cheese(knights: list[Knight], on: list[int], amount: int) -> tuple[list[Knight], dict[str, int]]:
    """Hand out up to ``amount`` cheese from the supply, one at a time, to the knight
    there with the least cheese (ties: the earlier knight)."""
    knights = list(knights)
    got: dict[str, int] = {}
    supply = content.CHEESE - sum(k.cheese for k in knights)
    for _ in range(min(amount, supply)):
        if not on:
            break
        i = min(on, key=lambda i: (knights[i].cheese, i))
        knights[i] = replace(knights[i], cheese=knights[i].cheese + 1)
        got[knights[i].id] = got.get(knights[i].id, 0) + 1
    return knights, got


def resolve(state: State) -> State:
    """The Action is over: check every column, then clean up (or end the game)."""
    r = Rng(state.rng)
    columns = list(state.columns)
    knights = list(state.knights)
    hands = [list(h) for h in state.hands]
    relief_discard = list(state.relief_discard)
    fox_discard = list(state.fox_discard)
    gray_deck = list(state.gray_deck)
    common_discard = list(state.common_discard)
    complicated_discard = list(state.complicated_discard)
    pool = list(state.fear_pool)
    dealt = dict(state.dealt_with)
    reports: list[ColumnReport] = []
    lost_at: list[int] = []
    pool_changed = False
    standing: list[list[int]] = [[] for _ in columns]  # knights by column
    for i, k in enumerate(knights):
        if k.column >= 0:
            standing[k.column].append(i)
    for c, col in enumerate(columns):
        on = standing[c]
        if not col.problems:
            for p in col.cards:  # nothing to deal with: the cards simply go back
                hands[p.owner].append(HandCard(p.card, True))
            if col.cards:
                columns[c] = Column([], [], col.fear)
            continue
        # what check_column(state, c) looks at, gathered once here (standing saves a knight scan per column)
        cards = tuple([p.card for p in col.cards])
        faced = [content.FEAR_KIND[f.token] for f in col.fear if f.up] if col.fear else []
        result = _check(
            tuple(col.problems), cards, tuple([KNIGHT_SYMBOL[knights[i].id] for i in on]), tuple(faced), state.nightmare
        )
        cheese: dict[str, int] = {}
        fear_added = third = False
        if result.met:
            knights, cheese = _share_cheese(knights, on, len(col.problems))
            for pid in col.problems:
                kind = PROBLEM[pid].kind
                dealt[kind] += 1
                if kind == "common":
                    common_discard.append(pid)
                elif kind == "complicated":
                    complicated_discard.append(pid)
            for cid in cards:
                kind = CARDS[cid].kind
                if kind == "relief":
                    relief_discard.append(cid)
                elif kind == "fox":
                    fox_discard.append(cid)
                else:
                    gray_deck.insert(0, cid)  # back under the Gray Tail deck
            kept = [f for f in col.fear if not f.up]
            if len(kept) != len(col.fear):
                pool.extend(f.token for f in col.fear if f.up)
                pool_changed = True
            columns[c] = Column([], [], kept)
        else:
            for p in col.cards:
                hands[p.owner].append(HandCard(p.card, True))
            fear = list(col.fear)
            if len(fear) >= MAX_FEAR:
                third = True
                lost_at.append(c)
            else:
                fear.append(Fear(pool.pop(), False))
                fear_added = True
            columns[c] = Column(col.problems, [], fear)
        need, have, missing = result.dicts()
        reports.append(
            ColumnReport(
                c,
                col.problems,
                col.cards,
                [knights[i].id for i in on],
                faced,
                result.gray,
                result.need_total,
                need,
                have,
                result.have_any,
                result.have_total,
                missing,
                result.missing_any,
                result.broken,
                result.met,
                cheese,
                fear_added,
                third,
            )
        )
    if pool_changed:
        r.shuffle(pool)  # returned tokens are mixed back in face down
    state = replace(
        state,
        rng=r.state,
        columns=columns,
        knights=knights,
        hands=hands,
        relief_discard=relief_discard,
        fox_discard=fox_discard,
        gray_deck=gray_deck,
        common_discard=common_discard,
        complicated_discard=complicated_discard,
        fear_pool=pool,
        dealt_with=dealt,
        reports=state.reports + [RoundReport(state.round, reports)],
        ready=[False] * len(state.seats),
    )
    if lost_at:
        where = ", ".join(str(c + 1) for c in lost_at[:-1]) + (" and " if len(lost_at) > 1 else "") + str(lost_at[-1] + 1)
        columns_word = "columns" if len(lost_at) > 1 else "column"
        return replace(
            state, phase="over", result="lost", end_reason=f"A third Fear token had to go under {columns_word} {where}."
        )
    if state.round >= ROUNDS:
        beaten = state.nightmare_out and not any(state.nightmare in col.problems for col in columns)
        if beaten:
            return replace(state, phase="over", result="won", end_reason=f"{NIGHTMARE[state.nightmare].name} is defeated.")
        return replace(
            state, phase="over", result="lost", end_reason=f"{NIGHTMARE[state.nightmare].name} was not defeated in round {ROUNDS}."
        )
    return clean_up(state)


# --- Clean-up -----------------------------------------------------------------------


def _place(problems: list[list[str]], start: int, pid: str, force: bool = False) -> bool:
    """Put a problem on column ``start``; a full column passes it on to the right, wrapping round.
    When every column is full: ``force`` puts it on ``start`` anyway, otherwise it is not placed."""
    for j in range(NUM_COLUMNS):
        c = (start + j) % NUM_COLUMNS
        if len(problems[c]) < MAX_PROBLEMS:
            problems[c].append(pid)
            return True
    if force:
        problems[start].append(pid)
        return True
    return False


# shared immutable face-down hand cards, one per card
_FACE_DOWN: dict[str, HandCard] = {c: HandCard(c, False) for c in CARDS}


def clean_up(state: State) -> State:
    r = Rng(state.rng)
    problems = [list(col.problems) for col in state.columns]
    deck, discard = list(state.common_deck), list(state.common_discard)
    for c in range(NUM_COLUMNS):
        pid = _draw(deck, discard, r)
        if pid is None:
            continue
        if len(problems[c]) < MAX_PROBLEMS:  # the usual case, without the walk along the columns
            problems[c].append(pid)
        elif not _place(problems, c, pid):
            discard.append(pid)  # every column is full: it goes straight to the discard pile
    for _ in range(content.effect_total(state.nightmare, "extra_common")):
        room = [c for c in range(NUM_COLUMNS) if len(problems[c]) < MAX_PROBLEMS]
        if not room:
            break
        pid = _draw(deck, discard, r)
        if pid is None:
            break
        problems[min(room, key=lambda c: (len(problems[c]), c))].append(pid)
    upcoming = list(state.upcoming)
    nightmare_out = state.nightmare_out
    if state.round + 1 == ROUNDS:
        _place(problems, NIGHTMARE_COLUMN, state.nightmare, force=True)
        nightmare_out = True
    else:
        spot = next((s for s in range(SPOTS) if upcoming[s]), -1)
        if spot >= 0:  # the leftmost waiting problem comes down into its own column
            _place(problems, spot, upcoming[spot], force=True)
            upcoming[spot] = ""
    fox_spots = list(state.fox_spots)
    fox_deck, fox_discard = list(state.fox_deck), list(state.fox_discard)
    for s in range(SPOTS):
        if not upcoming[s] and not fox_spots[s]:
            card = _draw(fox_deck, fox_discard, r)
            if card is not None:
                fox_spots[s] = card
    hands = [list(h) for h in state.hands]
    relief, relief_discard = list(state.relief_deck), list(state.relief_discard)
    n = len(state.seats)
    deal = relief_deal(n, state.nightmare)
    for p in range(n):
        hand = hands[p]
        for _ in range(deal[p]):
            card = _draw(relief, relief_discard, r)
            if card is not None:
                hand.append(_FACE_DOWN[card])
    columns = [Column(problems[c], col.cards, col.fear) for c, col in enumerate(state.columns)]
    return replace(
        state,
        rng=r.state,
        round=state.round + 1,
        phase="planning",
        columns=columns,
        common_deck=deck,
        common_discard=discard,
        upcoming=upcoming,
        nightmare_out=nightmare_out,
        fox_spots=fox_spots,
        fox_deck=fox_deck,
        fox_discard=fox_discard,
        hands=hands,
        relief_deck=relief,
        relief_discard=relief_discard,
        ready=[False] * n,
    )


# --- hidden information -------------------------------------------------------------


def determinize(state: State, seat: int, seed: int) -> State:
    """Re-deal everything nobody can see; nothing is secret between players, so
    ``seat`` makes no difference. Hidden: face-down cards in hands (re-dealt with
    the Relief deck), every deck's order, the face-down problems above the columns
    (with the Common deck on Holiday, with the box otherwise) and the kinds of
    face-down Fear tokens (on the board and beside it)."""
    r = Rng(seed_state(seed, "fox-matters determinize", seat))
    # Relief: face-down hand cards and the deck
    hidden = [hc.card for hand in state.hands for hc in hand if not hc.up] + list(state.relief_deck)
    r.shuffle(hidden)
    hands = []
    for hand in state.hands:
        new = []
        for hc in hand:
            new.append(hc if hc.up else HandCard(hidden.pop(), False))
        hands.append(new)
    relief_deck = hidden
    # face-down problem spots
    spots = [s for s in range(SPOTS) if state.upcoming[s]]
    upcoming = list(state.upcoming)
    if state.options.holiday:
        mixed = [state.upcoming[s] for s in spots] + list(state.common_deck)
        r.shuffle(mixed)
        for s in spots:
            upcoming[s] = mixed.pop()
        common_deck, box = mixed, list(state.box)
    else:
        mixed = [state.upcoming[s] for s in spots] + list(state.box)
        r.shuffle(mixed)
        for s in spots:
            upcoming[s] = mixed.pop()
        box, common_deck = mixed, r.shuffled(state.common_deck)
    # Fear: the kinds of every face-down token
    tokens = [f.token for col in state.columns for f in col.fear if not f.up] + list(state.fear_pool)
    r.shuffle(tokens)
    columns = []
    for col in state.columns:
        fear = [f if f.up else Fear(tokens.pop(), False) for f in col.fear]
        columns.append(Column(col.problems, col.cards, fear))
    return replace(
        state,
        rng=r.next64(),
        hands=hands,
        relief_deck=relief_deck,
        upcoming=upcoming,
        common_deck=common_deck,
        box=box,
        columns=columns,
        fear_pool=tokens,
        fox_deck=r.shuffled(state.fox_deck),
        gray_deck=r.shuffled(state.gray_deck),
    )
