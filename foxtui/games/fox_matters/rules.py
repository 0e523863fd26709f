"""Fox Matters rules: setup, whose move it is, legal moves, and applying them.

Every function is pure: states are frozen Structs updated copy-on-write, and all
chance comes from the Rng kept in ``state.rng``. The Action timer is not read
here: the table's clock (``clock`` below, the game's declaration) applies a
``TimeUp`` step when it runs out; no seat is ever offered that step.

Round: Planning (everyone at once, until every player has said Ready) ->
Action (everyone at once, until every player has said done or time is up) ->
Problem check (automatic, inside the step that ends the Action) -> sharing the
cheese of each column dealt with where several knights stood (one ShareCheese
step per column, left to right, by the first of their players in seat order) ->
Clean-up (automatic, inside the step that ends the check or the last share).

With the option ``check="table"`` a card is not checked as it is played (any
face-up card may go under any column that has a problem): the Problem check
finds a chain that does not hold, as at a real table.
"""

from __future__ import annotations

from typing import Callable, Iterable, Sequence

from msgspec.structs import replace

from foxtui.engine.game import Clock, IllegalAction, SeatInfo
from foxtui.engine.rng import Rng, Unshuffled, seed_state

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
    ShareCheese,
    TakeBack,
    TimeUp,
    UseAbility,
    ability,
)
from .content import CARDS, FEAR_KIND, KNIGHT, KNIGHT_SYMBOL, NIGHTMARE, PROBLEM
from .state import (
    CheeseShare,
    Column,
    ColumnReport,
    Fear,
    HandCard,
    Knight,
    Known,
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
_NOBODY_ON: list[int] = []  # resolve: no knight stands on the column (never changed)


# shared immutable hand cards, one per card and side: cards going back to a hand are
# face up, newly dealt ones face down; building a fresh HandCard each time only costs time
_FACE_UP: dict[str, HandCard] = {c: HandCard(c, True) for c in CARDS}
_FACE_DOWN: dict[str, HandCard] = {c: HandCard(c, False) for c in CARDS}


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


#: (players, nightmare) -> (relief_deal, its total), worked out once for Clean-up
_DEALS: dict[tuple[int, str], tuple[list[int], int]] = {}


def _deal(players: int, nightmare: str) -> tuple[list[int], int]:
    deal = relief_deal(players, nightmare)
    _DEALS[players, nightmare] = deal, sum(deal)
    return deal, sum(deal)


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
    if phase == "share_cheese":
        return _SETS[1 << state.sharing[0].seat]
    return _NOBODY


#: card id -> the symbols that may follow it as bits: what a column ending in it accepts
_FOLLOW_MASK: dict[str, int] = {c: card.follow_mask for c, card in CARDS.items()}


# The legal list is rebuilt after every step and is long (a solo player has five knights,
# and in the Action anyone may play any card anywhere), so its parts come from tables built
# once, and it is put together with plain loops: most of the lists it walks are short.

# accepts -> {card: the PlayCard actions it has there, card mask: its open columns as bits},
# filled in as cards are asked about
_TABLES: dict[tuple[int, ...], dict] = {}
_PLAY_ROW: dict[str, tuple[PlayCard, ...]] = {c: tuple(PLAY[c, col] for col in range(NUM_COLUMNS)) for c in CARDS}
# knight -> for each place its marker may stand (-1, its board, first): every other place it may go
_MOVES_FROM: dict[str, tuple[tuple[MoveKnight, ...], ...]] = {
    k: tuple(tuple(MOVE[k, c] for c in range(-1, NUM_COLUMNS) if c != here) for here in range(-1, NUM_COLUMNS))
    for k in KNIGHT
}
# column -> Fear token index -> its FaceFear action
_FACE_AT: tuple[tuple[FaceFear, ...], ...] = tuple(
    tuple(FACE[c, i] for i in range(MAX_FEAR)) for c in range(NUM_COLUMNS)
)


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


def _open_plays(table: dict, accepts: tuple[int, ...], card: str) -> tuple[PlayCard, ...]:
    """The PlayCard actions of ``card`` under these accepts, remembered in ``table``."""
    # the columns open to this card's symbols; many cards share a mask, so the
    # bits are kept in the same table under the (int) mask
    mask = CARDS[card].mask
    bits = table.get(mask)
    if bits is None:
        bits = table[mask] = sum(1 << c for c, fm in enumerate(accepts) if fm == -1 or (fm >= 0 and mask & fm))
    acts = table[card] = _PLAY_SETS[card][bits]
    return acts


def _plays(hand: list[HandCard], table: dict, accepts: tuple[int, ...], out: list) -> None:
    get = table.get
    extend = out.extend
    for hc in hand:
        if hc.up:
            acts = get(hc.card)
            extend(acts if acts is not None else _open_plays(table, accepts, hc.card))


# The plays of the last hands asked about (the planning seat's hand, or all hands in the
# Action), with the table they were worked out for: a step that changes neither the hands nor
# what the columns accept (a knight moved, Fear faced) passes the very same lists on, and
# states are never changed in place, so the same plays follow. Holding the lists keeps their
# ids from being reused; the entry is one tuple, replaced whole, so it is always consistent.
_LAST_PLAYS: list[tuple] = [(None, None, [])]  # [(source, table, plays)]


def _plays_of(source: list, hands: Iterable[list[HandCard]], table: dict, accepts: tuple[int, ...]) -> list:
    """The PlayCard actions of the face-up cards in ``hands``, which come from ``source``
    (a hand or the list of hands). The list returned is shared: copy it, never change it."""
    last_source, last_table, plays = _LAST_PLAYS[0]
    if source is last_source and table is last_table:
        return plays
    plays = []
    for hand in hands:
        _plays(hand, table, accepts, plays)
    _LAST_PLAYS[0] = (source, table, plays)
    return plays


# Likewise the parts of the last columns asked about, for one seat in Planning (-1: the Action):
# the columns stay the very same list while knights move and when the Action begins.
_LAST_COLUMNS: list[tuple] = [(None, None, (), {}, [], [], False)]
# [(columns, seat, accepts, table, takes, faces, free)]


def _column_parts(columns: list[Column], seat: int, free: bool = False) -> tuple:
    """One pass over the columns: what each accepts (for the plays, which come first), and
    the TakeBack and FaceFear actions (listed later). The lists are shared: copy them.
    ``free`` (the table's own check): a column with problems accepts any card."""
    parts = _LAST_COLUMNS[0]
    if columns is parts[0] and seat == parts[1] and free is parts[6]:
        return parts
    planning = seat >= 0
    accepts_list = []
    takes = []
    faces = []
    c = 0
    for col in columns:
        played = col.cards
        if not col.problems:
            accepts_list.append(-2)
        elif played and not free:
            accepts_list.append(_FOLLOW_MASK[played[-1].card])
        else:
            accepts_list.append(-1)
        if played:
            for p in played:
                if p.owner == seat or not planning:
                    takes.append(TAKE[p.card])
        if planning and col.fear:
            at = _FACE_AT[c]
            i = 0
            for f in col.fear:
                if not f.up:
                    faces.append(at[i])
                i += 1
        c += 1
    accepts = tuple(accepts_list)
    parts = _LAST_COLUMNS[0] = (columns, seat, accepts, _TABLES.get(accepts) or _table(accepts), takes, faces, free)
    return parts


def legal_actions(state: State, seat: int) -> list:
    phase = state.phase
    if phase == "planning" or phase == "action":
        ready = state.ready
        if type(seat) is int and 0 <= seat < len(ready):  # the usual case: a real seat number
            if ready[seat]:
                return []
        elif seat not in to_act(state):
            return []
    elif phase == "pick_fox" and seat in to_act(state):
        return [PICK[c] for c in state.pending.cards]  # type: ignore[union-attr]
    elif phase == "share_cheese" and seat in to_act(state):
        return share_actions(state)
    else:
        return []
    planning = phase == "planning"
    _, _, accepts, table, takes, faces, _ = _column_parts(
        state.columns, seat if planning else -1, state.options.check == "table"
    )
    out: list = []
    if planning:
        hand = state.hands[seat]
        out += _plays_of(hand, (hand,), table, accepts)
        out += takes
        for k in state.knights:
            if k.owner == seat:
                out += _MOVES_FROM[k.id][k.column + 1]
                if k.cheese:
                    out += _ability_actions(state, k)
        out += faces
        out.append(READY)
        return out
    # action: a cooperative table, anyone may play or move anything that is face up
    out += _plays_of(state.hands, state.hands, table, accepts)
    out += takes
    for k in state.knights:
        out += _MOVES_FROM[k.id][k.column + 1]
    out.append(END_ACTION)  # TimeUp is the table clock's step, never a seat's (see clock)
    return out


def clock(state: State) -> Clock | None:
    """The Action timer, while an Action of a timed game runs: its step ends the Action."""
    if state.phase != "action":
        return None
    seconds = timer_seconds(state)
    return Clock(state.round, seconds, TIME_UP) if seconds > 0 else None


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
    if type(seat) is not int or not 0 <= seat < len(state.seats):
        if not isinstance(seat, int) or not 0 <= seat < len(state.seats):
            raise IllegalAction(f"There is no seat {seat!r} at this table.")
    phase = state.phase
    if phase == "planning" or phase == "action":  # seat in to_act(state), without building the set
        waiting = not state.ready[seat]
    else:
        waiting = seat in to_act(state)
    if not waiting:
        if state.phase == "over":
            raise IllegalAction("The game is over.")
        if state.phase == "pick_fox":
            raise IllegalAction(f"Wait: {state.seats[state.pending.seat].name} is choosing a Fox card.")  # type: ignore[union-attr]
        if state.phase == "share_cheese":
            share = state.sharing[0]
            raise IllegalAction(
                f"Wait: {state.seats[share.seat].name} is sharing out the cheese of column {share.column + 1}."
            )
        what = "said Ready" if state.phase == "planning" else "said you are done"
        raise IllegalAction(f"You already {what}; wait for the others.")
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise IllegalAction("That is not a Fox Matters move.")
    new = handler(state, seat, action)
    # the steps taken in this phase; the handlers that never change the phase count the
    # step themselves (one copy of the state instead of two)
    if new.round == state.round and (new.phase is phase or _MAIN[new.phase] == _MAIN[phase]):
        steps = state.phase_steps + 1
    else:
        steps = 0
    if new.phase_steps != steps:
        new = replace(new, phase_steps=steps)
    return new


_MAIN = {"planning": "planning", "pick_fox": "planning", "action": "action", "share_cheese": "share_cheese", "over": "over"}


def _column(c: object) -> int:
    if type(c) is int and 0 <= c < NUM_COLUMNS:  # the usual case, in one test
        return c
    if not isinstance(c, int) or isinstance(c, bool) or not 0 <= c < NUM_COLUMNS:
        raise IllegalAction(f"There is no column {c!r}: columns run from 1 to {NUM_COLUMNS}.")
    return c


def _playing_phase(state: State, what: str) -> None:
    if state.phase != "planning" and state.phase != "action":
        raise IllegalAction(f"You can only {what} during Planning or the Action.")


def _find_in_hands(state: State, card: str) -> tuple[int, int]:
    """(owner, index) of the card in a hand, else (-1, -1). Every card is unique, so it is
    the one face-up or face-down HandCard of that id (looked for by list search, in C)."""
    for shown in (_FACE_UP, _FACE_DOWN):
        hc = shown.get(card)
        if hc is None:
            break
        for p, hand in enumerate(state.hands):
            if hc in hand:
                return p, hand.index(hc)
    return -1, -1


def _find_in_columns(state: State, card: str) -> tuple[int, int]:
    c = 0
    for col in state.columns:
        if col.cards:  # most columns have none
            i = 0
            for p in col.cards:
                if p.card == card:
                    return c, i
                i += 1
        c += 1
    return -1, -1


# (card, owner) -> the shared Played entry, for PlayCard
_PLAYED: dict[tuple[str, int], Played] = {(c, p): Played(c, p) for c in CARDS for p in range(MAX_PLAYERS)}


def _set(items: list, i: int, value) -> list:
    out = list(items)
    out[i] = value
    return out


def _play(state: State, seat: int, action: PlayCard) -> State:
    phase = state.phase
    if phase != "planning" and phase != "action":
        _playing_phase(state, "play cards")
    c = action.column
    if type(c) is not int or not 0 <= c < NUM_COLUMNS:
        _column(c)
    card = CARDS.get(action.card) if isinstance(action.card, str) else None
    if card is None:
        raise IllegalAction(f"There is no card {action.card!r}.")
    owner, i = _find_in_hands(state, action.card)
    if owner < 0:
        raise IllegalAction(f"{card.name} is not in anyone's hand.")
    if phase == "planning" and owner != seat:
        raise IllegalAction(f"{card.name} is not yours: in Planning you may only place your own cards.")
    hand = state.hands[owner]
    if not hand[i].up:
        raise IllegalAction(f"{card.name} is still face down: new cards are revealed when the timer starts.")
    col = state.columns[c]
    if not col.problems:
        raise IllegalAction(f"Column {c + 1} has no problem to deal with.")
    if col.cards and state.options.check != "table":  # the table's own check: any card goes
        last = CARDS[col.cards[-1].card]
        if card.kind == "gray":
            raise IllegalAction("A Gray Tail can only be the first card under a column.")
        if not card.mask & last.follow_mask:
            follow = ", ".join(content.symbol_name(s) for s in last.follow)
            raise IllegalAction(
                f"{content.card_label(card.id)} does not match what may follow {last.name} ({follow})."
            )
    hands = state.hands[:]
    hands[owner] = hand[:i] + hand[i + 1 :]
    columns = state.columns[:]
    columns[c] = Column(col.problems, [*col.cards, _PLAYED[card.id, owner]], col.fear)
    return replace(state, hands=hands, columns=columns, phase_steps=state.phase_steps + 1)


def _take_back(state: State, seat: int, action: TakeBack) -> State:
    if state.phase != "planning" and state.phase != "action":
        _playing_phase(state, "take cards back")
    c, i = _find_in_columns(state, action.card) if isinstance(action.card, str) else (-1, -1)
    if c < 0:
        raise IllegalAction(f"{action.card!r} is not under any column.")
    col = state.columns[c]
    played = col.cards[i]
    if state.phase == "planning" and played.owner != seat:
        raise IllegalAction(f"{CARDS[played.card].name} is not yours: in Planning you may only move your own cards.")
    columns = state.columns[:]
    columns[c] = Column(col.problems, col.cards[:i] + col.cards[i + 1 :], col.fear)
    hands = state.hands[:]
    hands[played.owner] = [*hands[played.owner], _FACE_UP[played.card]]
    return replace(state, hands=hands, columns=columns, phase_steps=state.phase_steps + 1)


def _knight_index(state: State, knight: object) -> int:
    for i, k in enumerate(state.knights):
        if k.id == knight:
            return i
    raise IllegalAction(f"The knight {knight!r} is not in this game.")


def _move_knight(state: State, seat: int, action: MoveKnight) -> State:
    if state.phase != "planning" and state.phase != "action":
        _playing_phase(state, "move knight markers")
    knights = state.knights[:]
    ki = _knight_index(state, action.knight)
    k = knights[ki]
    if state.phase == "planning" and k.owner != seat:
        raise IllegalAction(f"The {KNIGHT[k.id].name} is not yours: in Planning you may only move your own knights.")
    c = action.column
    if c != -1 and (type(c) is not int or not 0 <= c < NUM_COLUMNS):
        _column(c)
    if c == k.column:
        raise IllegalAction(f"The {KNIGHT[k.id].name} is already there.")
    knights[ki] = Knight(k.id, k.owner, k.cheese, c)
    return replace(state, knights=knights, phase_steps=state.phase_steps + 1)


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
    columns = _set(state.columns, c, Column(col.problems, col.cards, fear))
    return replace(state, columns=columns, phase_steps=state.phase_steps + 1)


def _ready(state: State, seat: int, action: Ready) -> State:
    if state.phase != "planning":
        raise IllegalAction("Ready is only said at the end of Planning.")
    ready = _set(state.ready, seat, True)
    if all(ready):
        return start_action(state)
    return replace(state, ready=ready, phase_steps=state.phase_steps + 1)


def start_action(state: State) -> State:
    """The timer starts: every face-down card in a hand is revealed."""
    hands = [[hc if hc.up else _FACE_UP[hc.card] for hc in hand] for hand in state.hands]
    return replace(state, phase="action", hands=hands, ready=[False] * len(state.seats), phase_steps=0)


def _end_action(state: State, seat: int, action: EndAction) -> State:
    if state.phase != "action":
        raise IllegalAction("You can only say you are done during the Action.")
    ready = _set(state.ready, seat, True)
    if all(ready):
        return resolve(state)  # which sets ready afresh for the next round
    return replace(state, ready=ready, phase_steps=state.phase_steps + 1)


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


def _share(state: State, seat: int, action: ShareCheese) -> State:
    if state.phase != "share_cheese" or not state.sharing:
        raise IllegalAction("There is no cheese to share now.")
    share = state.sharing[0]
    if action.column != share.column:
        raise IllegalAction(f"The cheese of column {share.column + 1} is shared first.")
    split = action.cheese
    n = len(share.knights)
    if (
        not isinstance(split, (tuple, list))
        or len(split) != n
        or any(type(x) is not int or x < 0 for x in split)
        or sum(split) != share.cheese
    ):
        names = ", ".join(KNIGHT[k].name for k in share.knights)
        raise IllegalAction(f"Share all {share.cheese} cheese among the {n} knights there ({names}), none below zero.")
    state = _settle(state, share, tuple(split))
    rest = state.sharing[1:]
    state = replace(state, sharing=rest)
    if rest:
        return state
    return clean_up(state)


_HANDLERS: dict[type, Callable[[State, int, object], State]] = {
    PlayCard: _play,
    TakeBack: _take_back,
    MoveKnight: _move_knight,
    UseAbility: _use_ability,
    PickFox: _pick_fox,
    FaceFear: _face_fear,
    Ready: _ready,
    EndAction: _end_action,
    ShareCheese: _share,
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


def default_split(cheese: list[int], amount: int) -> tuple[int, ...]:
    """The suggested share: one cheese at a time to the knight with the least cheese
    (counting what it was given so far; ties: the earlier knight). ``cheese``: what each
    knight has now, in the table's order."""
    have = list(cheese)
    got = [0] * len(have)
    for _ in range(amount):
        i = min(range(len(have)), key=lambda i: (have[i], i))
        have[i] += 1
        got[i] += 1
    return tuple(got)


#: (amount, knights) -> every split of that many cheese among that many knights, the
#: most to the first knight first
_SPLITS: dict[tuple[int, int], tuple[tuple[int, ...], ...]] = {}


def _splits(amount: int, k: int) -> tuple[tuple[int, ...], ...]:
    hit = _SPLITS.get((amount, k))
    if hit is None:

        def parts(left: int, slots: int) -> list[tuple[int, ...]]:
            if slots == 1:
                return [(left,)]
            return [(x, *rest) for x in range(left, -1, -1) for rest in parts(left - x, slots - 1)]

        hit = _SPLITS[amount, k] = tuple(parts(amount, k))
    return hit


def _share_cheese_of(state: State, share: CheeseShare) -> list[int]:
    have = {k.id: k.cheese for k in state.knights}
    return [have[k] for k in share.knights]


def suggested_share(state: State) -> tuple[int, ...]:
    """The suggested split of the cheese being shared now (state.sharing[0])."""
    share = state.sharing[0]
    return default_split(_share_cheese_of(state, share), share.cheese)


def share_actions(state: State) -> list[ShareCheese]:
    """Every way to share the current column's cheese; the suggested one first."""
    share = state.sharing[0]
    first = suggested_share(state)
    out = [ShareCheese(share.column, first)]
    for split in _splits(share.cheese, len(share.knights)):
        if split != first:
            out.append(ShareCheese(share.column, split))
    return out


def _settle(state: State, share: CheeseShare, split: tuple[int, ...]) -> State:
    """Give the knights of a shared column their cheese and write it into the round's report."""
    given = dict(zip(share.knights, split))
    knights = [replace(k, cheese=k.cheese + given[k.id]) if given.get(k.id) else k for k in state.knights]
    last = state.reports[-1]
    columns = [
        replace(r, cheese={k: n for k, n in given.items() if n}, cheese_to_share=0) if r.column == share.column else r
        for r in last.columns
    ]
    return replace(state, knights=knights, reports=state.reports[:-1] + [RoundReport(last.round, columns)])


bare_outcome = check.bare_outcome


def resolve(state: State) -> State:
    """The Action is over: check every column, then let the table share the cheese of
    the columns where several knights stood (phase share_cheese), or clean up (or end
    the game).

    Lists are copied only when something in them changes (most rounds deal with
    nothing, so the discard piles and the problem tally stay as they are)."""
    nightmare = state.nightmare
    old_columns = state.columns
    columns = list(old_columns)
    knights = state.knights
    back: list[list[HandCard]] = [[] for _ in state.hands]  # cards going back to each hand, in order
    pool = state.fear_pool
    pool_copied = pool_changed = False
    dealt: dict[str, int] | None = None  # with the discard piles, copied at the first column dealt with
    reports: list[ColumnReport] = []
    lost_at: list[int] = []
    sharing: list[CheeseShare] = []  # columns whose cheese the table shares out
    supply = content.CHEESE - sum(k.cheese for k in knights)
    standing: list[list[int]] | None = None  # knights by column, when any stands on one
    for i, k in enumerate(knights):
        if k.column >= 0:
            if standing is None:
                standing = [[] for _ in old_columns]
            standing[k.column].append(i)
    for c, col in enumerate(old_columns):
        played = col.cards
        problems = col.problems
        if not problems:
            if played:  # nothing to deal with: the cards simply go back
                for p in played:
                    back[p.owner].append(_FACE_UP[p.card])
                columns[c] = Column([], [], col.fear)
            continue
        # what check_column(state, c) looks at, gathered once here (standing saves a knight
        # scan per column); plain loops, as most of these lists are empty or short. Every
        # round's columns differ, so the check is worked out afresh, without the memo.
        fear = col.fear
        faced: list[str] = []
        for f in fear:
            if f.up:
                faced.append(FEAR_KIND[f.token])
        on = standing[c] if standing is not None else _NOBODY_ON
        cards: tuple[str, ...] = ()
        names: list[str] = []
        if not played and not on and not faced:  # the usual column: its problems and nothing else
            result = bare_outcome(problems, nightmare)
        else:
            symbols: list[int] = []
            if played:
                ids = []
                for p in played:
                    ids.append(p.card)
                cards = tuple(ids)
            for i in on:
                names.append(knights[i].id)
                symbols.append(KNIGHT_SYMBOL[knights[i].id])
            result = check.outcome(problems, cards, symbols, faced, nightmare)
        need_total, _, _, have_any, have_total, _, missing_any, broken, gray, met, counts = result
        cheese: dict[str, int] = {}
        to_share = 0
        fear_added = third = False
        if met:
            amount = len(problems) if len(problems) < supply else supply
            if on and amount:
                supply -= amount
                if len(on) == 1:  # one knight there: nothing to decide
                    k = knights[on[0]]
                    knights = _set(knights, on[0], replace(k, cheese=k.cheese + amount))
                    cheese = {k.id: amount}
                else:  # several: the table shares it out (see share_actions)
                    to_share = amount
                    seat = min(knights[i].owner for i in on)
                    sharing.append(CheeseShare(c, amount, list(names), seat))
            if dealt is None:
                dealt = dict(state.dealt_with)
                relief_discard, fox_discard = list(state.relief_discard), list(state.fox_discard)
                gray_deck = list(state.gray_deck)
                common_discard, complicated_discard = list(state.common_discard), list(state.complicated_discard)
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
            kept = [f for f in fear if not f.up] if fear else []
            if len(kept) != len(fear):
                if not pool_copied:
                    pool, pool_copied = list(pool), True
                pool.extend(f.token for f in fear if f.up)
                pool_changed = True
            columns[c] = Column([], [], kept)
        else:
            for p in played:
                back[p.owner].append(_FACE_UP[p.card])
            if len(fear) >= MAX_FEAR:
                third = True
                lost_at.append(c)
            else:
                if not pool_copied:
                    pool, pool_copied = list(pool), True
                fear = [*fear, Fear(pool.pop(), False)]
                fear_added = True
            columns[c] = Column(col.problems, [], fear)
        need, have, missing = counts
        reports.append(
            ColumnReport(
                c,
                col.problems,
                played,
                names,
                faced,
                gray,
                need_total,
                need,
                have,
                have_any,
                have_total,
                missing,
                missing_any,
                broken,
                met,
                cheese,
                fear_added,
                third,
                to_share,
            )
        )
    rng = state.rng
    if pool_changed:  # returned tokens are mixed back in face down
        r = Rng(rng)
        r.shuffle(pool)
        rng = r.state
    hands = state.hands
    if any(back):
        hands = [hand + extra if extra else hand for hand, extra in zip(hands, back)]
    state = replace(
        state,
        rng=rng,
        columns=columns,
        knights=knights,
        hands=hands,
        fear_pool=pool,
        reports=state.reports + [RoundReport(state.round, reports)],
        ready=[False] * len(state.seats),
        phase_steps=0,  # a new round (or the end) follows: apply need not copy the state again
    )
    if dealt is not None:
        state = replace(
            state,
            relief_discard=relief_discard,
            fox_discard=fox_discard,
            gray_deck=gray_deck,
            common_discard=common_discard,
            complicated_discard=complicated_discard,
            dealt_with=dealt,
        )
    over = bool(lost_at) or state.round >= ROUNDS
    if sharing and over:  # the game ends with this check: the cheese no longer matters
        for share in sharing:
            state = _settle(state, share, default_split(_share_cheese_of(state, share), share.cheese))
    elif sharing:
        return replace(state, phase="share_cheese", sharing=sharing)
    if lost_at:
        return replace(
            state, phase="over", result="lost", end_reason=f"A third Fear token had to go under {columns_named(lost_at)}."
        )
    if state.round >= ROUNDS:
        beaten = state.nightmare_out and not any(state.nightmare in col.problems for col in columns)
        if beaten:
            return replace(state, phase="over", result="won", end_reason=f"{NIGHTMARE[state.nightmare].name} is defeated.")
        return replace(
            state, phase="over", result="lost", end_reason=f"{NIGHTMARE[state.nightmare].name} was not defeated in round {ROUNDS}."
        )
    return clean_up(state)



def columns_named(columns: Sequence[int]) -> str:
    """"column 3" or "columns 1, 2 and 5" (0-based indices, as players count them)."""
    numbers = [str(c + 1) for c in columns]
    where = ", ".join(numbers[:-1]) + " and " + numbers[-1] if len(numbers) > 1 else numbers[0]
    return f"{'columns' if len(numbers) > 1 else 'column'} {where}"

# --- Clean-up -----------------------------------------------------------------------


# column -> the columns a problem walks along from there: to the right, wrapping round
_WALK: tuple[tuple[int, ...], ...] = tuple(
    tuple((start + j) % NUM_COLUMNS for j in range(NUM_COLUMNS)) for start in range(NUM_COLUMNS)
)


def _place(problems: list[list[str]], start: int, pid: str, force: bool = False) -> bool:
    """Put a problem on column ``start``; a full column passes it on to the right, wrapping round.
    When every column is full: ``force`` puts it on ``start`` anyway, otherwise it is not placed."""
    for c in _WALK[start]:
        if len(problems[c]) < MAX_PROBLEMS:
            problems[c].append(pid)
            return True
    if force:
        problems[start].append(pid)
        return True
    return False


def _draw_many(deck: list[str], discard: list[str], count: int, r: Rng) -> tuple[list[str], list[str], list[str]]:
    """``count`` draws with _draw: (the cards in drawing order, the deck and the discard pile
    after them). The arguments are not changed; when the deck holds enough cards (the usual
    case) the draws are a slice off its end and the discard pile is passed through as it is."""
    keep = len(deck) - count
    if keep >= 0:
        drawn = deck[keep:]
        drawn.reverse()
        return drawn, deck[:keep], discard
    deck, discard = list(deck), list(discard)
    drawn = []
    for _ in range(count):
        card = _draw(deck, discard, r)
        if card is None:
            break
        drawn.append(card)
    return drawn, deck, discard


def clean_up(state: State) -> State:
    # plain loops rather than comprehensions: this runs once a round, and most of these
    # lists have a handful of items
    r = Rng(state.rng)
    problems = []
    for col in state.columns:
        problems.append([*col.problems])
    deck, discard = state.common_deck, state.common_discard
    if len(deck) >= NUM_COLUMNS:
        # the usual case: a problem for each column straight off the deck, so no draw can
        # reshuffle the discard pile and the draws need not wait for the placing
        drawn, deck, discard = _draw_many(deck, discard, NUM_COLUMNS, r)
        c = 0
        for pid in drawn:
            if len(problems[c]) < MAX_PROBLEMS:  # the usual case, without the walk along the columns
                problems[c].append(pid)
            elif not _place(problems, c, pid):
                discard = [*discard, pid]  # every column is full: it goes straight to the discard pile
            c += 1
    else:
        deck, discard = list(deck), list(discard)
        for c in range(NUM_COLUMNS):
            pid = _draw(deck, discard, r)
            if pid is None:
                continue
            if len(problems[c]) < MAX_PROBLEMS:
                problems[c].append(pid)
            elif not _place(problems, c, pid):
                discard.append(pid)
    extra = content.effect_total(state.nightmare, "extra_common")
    if extra:
        discard = list(discard)  # _draw may refill the deck from it
    for _ in range(extra):
        room = [c for c in range(NUM_COLUMNS) if len(problems[c]) < MAX_PROBLEMS]
        if not room:
            break
        pid = _draw(deck, discard, r)
        if pid is None:
            break
        problems[min(room, key=lambda c: (len(problems[c]), c))].append(pid)
    upcoming = state.upcoming
    nightmare_out = state.nightmare_out
    if state.round + 1 == ROUNDS:
        _place(problems, NIGHTMARE_COLUMN, state.nightmare, force=True)
        nightmare_out = True
    else:
        for spot, pid in enumerate(upcoming):
            if pid:  # the leftmost waiting problem comes down into its own column
                _place(problems, spot, pid, force=True)
                upcoming = upcoming[:]
                upcoming[spot] = ""
                break
    fox_spots = state.fox_spots
    fox_deck, fox_discard = state.fox_deck, state.fox_discard
    empty = []
    for spot in range(SPOTS):
        if not upcoming[spot] and not fox_spots[spot]:
            empty.append(spot)
    if empty:
        drawn, fox_deck, fox_discard = _draw_many(fox_deck, fox_discard, len(empty), r)
        fox_spots = fox_spots[:]
        for spot, card in zip(empty, drawn):
            fox_spots[spot] = card
    n = len(state.seats)
    deal, total = _DEALS.get((n, state.nightmare)) or _deal(n, state.nightmare)
    drawn, relief, relief_discard = _draw_many(state.relief_deck, state.relief_discard, total, r)
    hands = []
    start = 0
    for hand, count in zip(state.hands, deal):
        hands.append(hand + list(map(_FACE_DOWN.__getitem__, drawn[start : start + count])))
        start += count
    columns = []
    for p, col in zip(problems, state.columns):
        columns.append(Column(p, col.cards, col.fear))
    return replace(
        state,
        rng=r.state,
        round=state.round + 1,
        phase="planning",
        upcoming=upcoming,
        nightmare_out=nightmare_out,
        fox_spots=fox_spots,
        columns=columns,
        hands=hands,
        ready=[False] * n,
        relief_deck=relief,
        relief_discard=relief_discard,
        common_deck=deck,
        common_discard=discard,
        fox_deck=fox_deck,
        fox_discard=fox_discard,
    )


# --- hidden information -------------------------------------------------------------


def knowledge(state: State, seat: int) -> Known:
    """What ``seat`` may know, the same for every seat (nothing is secret between
    players): the table with everything nobody can see dealt the one fixed way (every
    pool sorted; see determinize)."""
    return Known(seat, _deal_hidden(state, Unshuffled()))


def determinize(known: Known, seed: int) -> State:
    """Re-deal everything nobody can see; nothing is secret between players, so the
    seat makes no difference. Hidden: face-down cards in hands (re-dealt with the
    Relief deck), every deck's order, the face-down problems above the columns (with
    the Common deck on Holiday, with the box otherwise) and the kinds of face-down
    Fear tokens (on the board and beside it)."""
    return _deal_hidden(known.table, Rng(seed_state(seed, "fox-matters determinize", known.seat)))


def _deal_hidden(state: State, r: Rng) -> State:
    """``state`` with all nobody can see dealt again by ``r`` (every pool sorted first,
    so the deal does not depend on how the state it came from was dealt)."""
    # Relief: face-down hand cards and the deck
    hidden = sorted([hc.card for hand in state.hands for hc in hand if not hc.up] + list(state.relief_deck))
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
        mixed = sorted([state.upcoming[s] for s in spots] + list(state.common_deck))
        r.shuffle(mixed)
        for s in spots:
            upcoming[s] = mixed.pop()
        # the box stays shut on Holiday: its order is nobody's to know, nor ever used
        common_deck, box = mixed, sorted(state.box)
    else:
        mixed = sorted([state.upcoming[s] for s in spots] + list(state.box))
        r.shuffle(mixed)
        for s in spots:
            upcoming[s] = mixed.pop()
        box, common_deck = mixed, r.shuffled(sorted(state.common_deck))
    # Fear: the kinds of every face-down token
    tokens = sorted([f.token for col in state.columns for f in col.fear if not f.up] + list(state.fear_pool))
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
        fox_deck=r.shuffled(sorted(state.fox_deck)),
        gray_deck=r.shuffled(sorted(state.gray_deck)),
    )
