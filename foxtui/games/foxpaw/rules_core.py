"""What every area of the Foxpaw rules shares: the task machine, copying states,
chance, gaining and paying, drawing cards, house abilities and the sleep order.

The game is a stack of ``Task``s (``state.tasks``, the last one first). A task
is either a decision a seat owes (its kind is in ``DECISIONS``: legal actions
and how to apply one) or a step the rules take alone (``AUTO``). ``advance``
runs automatic steps until a decision is on top, or nothing is left.
"""

from __future__ import annotations

from typing import Callable

from msgspec.structs import replace

from foxtui.engine.game import IllegalAction
from foxtui.engine.rng import Rng

from . import content as C
from . import effects as E
from .state import OBSIDIO, VP_PARTS, BeastCard, EventRun, Meeple, Player, State, Task

#: decision kind -> (legal actions(state, task, seat), apply(state, task, seat, action))
DECISIONS: dict[str, tuple[Callable, Callable]] = {}
#: automatic step kind -> apply(state, task)
AUTO: dict[str, Callable[[State, Task], None]] = {}
#: decisions several seats make at once, in secret: kind -> seats still to choose
SIMULTANEOUS: dict[str, Callable[[State], list[int]]] = {}

VP_INDEX = {name: i for i, name in enumerate(VP_PARTS)}


def decision(kind: str):
    def register(pair: tuple[Callable, Callable]) -> tuple[Callable, Callable]:
        DECISIONS[kind] = pair
        return pair

    return register


def auto(kind: str):
    def register(fn: Callable[[State, Task], None]) -> Callable[[State, Task], None]:
        AUTO[kind] = fn
        return fn

    return register


def refuse(message: str) -> None:
    raise IllegalAction(message)


# --- copying ---------------------------------------------------------------------------


def clone(state: State) -> State:
    """A copy the rules may change freely. Card piles and hands are tuples, so only
    the few lists (tasks, players, the board and the marker rows) need fresh copies."""
    s = replace(state)
    s.tasks = state.tasks[:]
    s.players = [replace(p) for p in state.players]
    s.board = state.board[:]
    s.marks = state.marks[:]
    s.event_marks = state.event_marks[:]
    if state.event is not None:
        e = replace(state.event)
        for name in ("alive", "out", "deck", "used", "drawn", "winners", "losers", "ranking", "lines"):
            setattr(e, name, getattr(state.event, name)[:])
        e.pairs = [x[:] for x in state.event.pairs]
        s.event = e
    if state.obsidio is not None:
        s.obsidio = replace(state.obsidio)
    return s


def drop(items: tuple, item) -> tuple:
    """``items`` without the first ``item``."""
    i = items.index(item)
    return items[:i] + items[i + 1 :]


def put(items: tuple, i: int, item) -> tuple:
    return items[:i] + (item,) + items[i + 1 :]


# --- tasks -----------------------------------------------------------------------------


def push(s: State, *tasks: Task) -> None:
    """Schedule tasks to run next, in the order given."""
    for t in reversed(tasks):
        s.tasks.append(t)


#: automatic steps that change nobody's cards, tracks or board (they only schedule what
#: comes next): no Prophecy can be fulfilled by them
QUIET = frozenset(("next_turn", "path", "after_night", "duel_window", "event", "event_run", "obsidio_pair"))


def advance(s: State) -> None:
    """Run automatic steps until a decision is on top (or the game is over). Prophecies
    are looked at after the decision and after every step that may have changed
    something, so one fulfilled by what just happened pays out before anything else is
    scored."""
    tasks = s.tasks
    check_prophecies(s)
    while tasks:
        kind = tasks[-1].kind
        fn = AUTO.get(kind)
        if fn is None:
            return
        fn(s, tasks.pop())
        if kind not in QUIET:
            check_prophecies(s)


# --- chance ----------------------------------------------------------------------------


def below(s: State, n: int) -> int:
    r = Rng(s.rng)
    v = r.below(n)
    s.rng = r.state
    return v


def shuffled(s: State, items) -> tuple:
    r = Rng(s.rng)
    out = r.shuffled(items)
    s.rng = r.state
    return tuple(out)


# --- who is who ------------------------------------------------------------------------


def four(s: State) -> bool:
    return len(s.seats) == 4


def two(s: State) -> bool:
    return len(s.seats) == 2


def has(s: State, seat: int, house: str, ability: int) -> bool:
    """Whether ``seat`` plays ``house`` with that ability: both when the family wish was
    broken, only the house's ``kept`` one when it was kept."""
    if seat < 0:
        return False
    p = s.players[seat]  # effects.ability, written out: the rules ask it at every turn
    return p.house == house and (not p.wish or ability == C.HOUSE[house].kept)


def seat_of_house(s: State, house: str) -> int:
    for i, p in enumerate(s.players):
        if p.house == house:
            return i
    return -2


def name(s: State, who: int) -> str:
    return "House Obsidio" if who == OBSIDIO else s.seats[who].name


def sleep_rank(s: State, who: int) -> int:
    """Position in the current sleep order (0 went to bed first)."""
    try:
        return s.order.index(who)
    except ValueError:
        return len(s.order)


def rank_by(s: State, who: list[int], value: Callable[[int], int]) -> list[int]:
    """Highest value first; ties go to whoever went to bed earlier."""
    return sorted(who, key=lambda w: (-value(w), sleep_rank(s, w)))


def participants(s: State) -> list[int]:
    """Everyone who can place in events and scorings: the seats, and Obsidio with 2 players."""
    out = list(range(len(s.seats)))
    if s.obsidio is not None:
        out.append(OBSIDIO)
    return out


# --- gaining and paying --------------------------------------------------------------------


def _clamp(v: int, lo: int, hi: int) -> int:
    return lo if v < lo else hi if v > hi else v


def add_stars(s: State, who: int, n: int) -> None:
    if who == OBSIDIO:
        if s.obsidio is not None:
            s.obsidio.stars += n
    else:
        s.players[who].stars += n


def add_vp(s: State, who: int, n: int, part: str) -> None:
    if who == OBSIDIO:
        if s.obsidio is not None:
            s.obsidio.vp += n
    else:
        p = s.players[who]
        i = VP_INDEX[part]
        p.vp = put(p.vp, i, p.vp[i] + n)


def gain_talent(s: State, seat: int, stat: str, n: int) -> None:
    """Strength and Knowledge only rise; reaching 8 gives 1 VP, once each."""
    if n <= 0:
        return
    p = s.players[seat]
    v = min(C.TALENT_MAX, getattr(p, stat) + n)
    setattr(p, stat, v)
    if v >= C.TALENT_VP_AT:
        flag = stat + "_vp"
        if not getattr(p, flag):
            setattr(p, flag, True)
            add_vp(s, seat, 1, "talents")


def change_reputation(s: State, seat: int, n: int) -> None:
    p = s.players[seat]
    p.reputation = _clamp(p.reputation + n, C.REP_MIN, C.REP_MAX)


def change_energy(s: State, seat: int, n: int) -> None:
    p = s.players[seat]
    p.energy = _clamp(p.energy + n, 0, C.ENERGY_MAX)


def gain(s: State, who: int, r: C.Reward) -> None:
    """Give a reward. Resources of choice become decisions for that seat (next up)."""
    if who == OBSIDIO:
        add_stars(s, who, r.stars)
        add_vp(s, who, r.vp, "cards")
        return
    p = s.players[who]
    if r.energy:
        change_energy(s, who, r.energy)
    if r.reputation:
        change_reputation(s, who, r.reputation)
    if r.strength:
        gain_talent(s, who, "strength", r.strength)
    if r.knowledge:
        gain_talent(s, who, "knowledge", r.knowledge)
    if r.herbs:
        p.herbs = max(0, p.herbs + r.herbs)
    if r.goods:
        p.goods = max(0, p.goods + r.goods)
    if r.coins:
        p.coins = max(0, p.coins + r.coins)
    if r.stars:
        p.stars += r.stars
    if r.vp:
        add_vp(s, who, r.vp, "cards")
    if r.darkness:
        draw_darkness(s, who, r.darkness)
    if r.mischief:
        draw_mischief(s, who, r.mischief)
    if r.prophecies:
        draw_prophecies(s, who, r.prophecies)
    if r.choice:
        s.tasks.append(Task("resource", who, r.choice))


def shortfall(p: Player, cost: C.Cost) -> int:
    """Coins needed to pay ``cost`` (Coins stand in for missing Herbs and Goods), or -1
    when it cannot be paid."""
    if p.energy < cost.energy:
        return -1
    missing = max(0, cost.herbs - p.herbs) + max(0, cost.goods - p.goods)
    if p.coins < cost.coins + missing:
        return -1
    return missing


def can_pay(p: Player, cost: C.Cost) -> bool:
    return shortfall(p, cost) >= 0


def pay_ways(p: Player, cost: C.Cost) -> list[tuple[int, int]]:
    """Every way to pay ``cost``: how many of its Herbs and of its Goods are paid with
    Coins instead. Coins are wildcards, so this may be more than is missing. The way
    with the fewest Coins comes first; empty when the cost cannot be paid."""
    if p.energy < cost.energy:
        return []
    spare = p.coins - cost.coins
    return [
        (h, g)
        for h in range(max(0, cost.herbs - p.herbs), cost.herbs + 1)
        for g in range(max(0, cost.goods - p.goods), cost.goods + 1)
        if h + g <= spare
    ]


def pay(s: State, seat: int, cost: C.Cost, way: tuple[int, int] | None = None) -> None:
    """Pay a cost, with Coins standing in for ``way`` = (Herbs, Goods) (default: only what
    is missing). Using Coins that way costs 1 Reputation, once per payment."""
    p = s.players[seat]
    if way is None:
        if shortfall(p, cost) < 0:
            refuse("You cannot pay for that.")
        way = E.by_coin(p, cost)
    elif way not in pay_ways(p, cost):
        refuse("You cannot pay that way.")
    h, g = way
    p.energy -= cost.energy
    p.coins -= cost.coins + h + g
    p.herbs -= cost.herbs - h
    p.goods -= cost.goods - g
    if h + g:
        change_reputation(s, seat, -1)


# --- drawing cards ---------------------------------------------------------------------------


def draw_darkness(s: State, seat: int, n: int) -> None:
    p = s.players[seat]
    for _ in range(n):
        card = take_darkness(s)
        if card < 0:
            return
        p.darkness += (card,)
        p.darkness_drawn += 1


def take_darkness(s: State) -> int:
    """The top Darkness card (the face-up discard pile is shuffled in when the deck runs out)."""
    if not s.darkness_deck:
        if not s.darkness_discard:
            return -1
        s.darkness_deck, s.darkness_discard = shuffled(s, s.darkness_discard), ()
    card = s.darkness_deck[-1]
    s.darkness_deck = s.darkness_deck[:-1]
    return card


def darkness_count(s: State, seat: int) -> int:
    """Darkness cards drawn for one Darkness space or Forbidden Spell under the active Teacher."""
    return E.darkness_count(s.teacher, s.players[seat])


def board_darkness(s: State, seat: int) -> None:
    draw_darkness(s, seat, darkness_count(s, seat))


def draw_mischief(s: State, seat: int, n: int) -> None:
    for _ in range(n):
        card = take_mischief(s)
        if not card:
            return
        s.players[seat].mischief += (card,)


def take_mischief(s: State) -> str:
    if not s.mischief_deck:
        if not s.mischief_discard:
            return ""
        s.mischief_deck, s.mischief_discard = shuffled(s, s.mischief_discard), ()
    card = s.mischief_deck[-1]
    s.mischief_deck = s.mischief_deck[:-1]
    return card


def draw_prophecies(s: State, seat: int, n: int) -> None:
    for _ in range(n):
        if not s.prophecy_deck:
            return
        s.players[seat].prophecies += (s.prophecy_deck[-1],)
        s.prophecy_deck = s.prophecy_deck[:-1]


def draw_spell(s: State) -> str:
    if not s.spell_deck:
        if not s.spell_discard:
            return ""
        s.spell_deck, s.spell_discard = shuffled(s, s.spell_discard), ()
    card = s.spell_deck[-1]
    s.spell_deck = s.spell_deck[:-1]
    return card


def draw_beast(s: State) -> str:
    if not s.beast_deck:
        if not s.beast_discard:
            return ""
        s.beast_deck, s.beast_discard = shuffled(s, s.beast_discard), ()
    card = s.beast_deck[-1]
    s.beast_deck = s.beast_deck[:-1]
    return card


def refill_beasts(s: State) -> None:
    while len(s.beasts) < C.BEAST_SELECTION:
        b = draw_beast(s)
        if not b:
            return
        s.beasts += (b,)


# --- Magical Beasts ----------------------------------------------------------------------


def beast_limit(s: State, seat: int) -> int:
    return 2 if has(s, seat, "ignis", 2) else 1


def over_beast_limit(s: State, seat: int) -> bool:
    """More Magical Beasts than allowed: the orange Ember Fox counts like any other."""
    return len(s.players[seat].beasts) > beast_limit(s, seat)


def skill_total(s: State, seat: int, kind: str, location: str = "") -> int:
    return E.skill_total(s.players[seat], kind, location) if seat >= 0 else 0


def take_beast(s: State, seat: int, beast: str) -> None:
    """A beast joins ``seat`` from the selection (or the deck); a one-time skill pays out now."""
    if beast in s.beasts:
        s.beasts = drop(s.beasts, beast)
    p = s.players[seat]
    p.beasts += (BeastCard(beast),)
    sk = C.BEAST[beast].skill
    if sk.kind == "gain":
        gain(s, seat, sk.reward)
    if over_beast_limit(s, seat):
        s.tasks.append(Task("discard_beast", seat))


def exhaust(s: State, meeple: Meeple) -> None:
    if not meeple.beast or meeple.owner < 0:
        return
    p = s.players[meeple.owner]
    for i, b in enumerate(p.beasts):
        if b.id == meeple.beast:
            p.beasts = put(p.beasts, i, replace(b, exhausted=b.exhausted + 1))
            return


# --- spells --------------------------------------------------------------------------------


def has_forbidden_wand(p: Player) -> bool:
    return any(C.OBJECT[o].forbidden for o in p.objects)


def can_learn(s: State, seat: int, slot: int) -> bool:
    p = s.players[seat]
    spell = C.SPELL[s.display[slot]]
    if p.spell_markers <= 0 or spell.id in p.learned:
        return False
    if len(s.marks[slot]) >= (C.FORBIDDEN_PLACES if spell.forbidden else C.REGULAR_PLACES):
        return False
    if spell.forbidden and not has_forbidden_wand(p):
        return False
    return can_pay(p, E.spell_cost(p, spell.id))


def learnable(s: State, seat: int) -> list[str]:
    return [s.display[i] for i in range(len(s.display)) if can_learn(s, seat, i)]


def learn_spell(s: State, seat: int, spell_id: str) -> None:
    """A paid-for Spell is learned: its marker, the bonus Star for the top place, a
    Darkness card for a Forbidden one, and its reward."""
    slot = s.display.index(spell_id)
    spell = C.SPELL[spell_id]
    p = s.players[seat]
    first = not s.marks[slot]
    s.marks[slot] += (seat,)
    p.spell_markers -= 1
    p.learned += (spell_id,)
    if first:
        p.stars += 1
    if spell.forbidden:
        board_darkness(s, seat)
    gain(s, seat, spell.reward)


def discard_spell(s: State, slot: int) -> None:
    """A Spell leaves the offer: the markers on it go back to their houses."""
    for seat in s.marks[slot]:
        s.players[seat].spell_markers += 1
    s.spell_discard += (s.display[slot],)
    s.display = s.display[:slot] + s.display[slot + 1 :]
    del s.marks[slot]


def refill_spells(s: State) -> None:
    while len(s.display) < C.SPELL_DISPLAY:
        spell = draw_spell(s)
        if not spell:
            return
        s.display += (spell,)
        s.marks.append(())


# --- Prophecies ------------------------------------------------------------------------


def _condition(cond: C.Condition) -> Callable[[State, int, Player], bool]:
    """A Prophecy's condition as a function of (state, seat, player), built once."""
    k, n, stat = cond.kind, cond.amount, cond.stat
    if k == "have":
        return lambda s, seat, p: getattr(p, stat) >= n
    if k == "at_most":
        return lambda s, seat, p: getattr(p, stat) <= n
    if k == "on_space":
        space = C.SPACE_INDEX[cond.space]
        return lambda s, seat, p: any(m.owner == seat for m in s.board[space])
    if k == "darkness_drawn":
        return lambda s, seat, p: p.darkness_drawn >= n
    field = {"spells": "learned", "objects": "objects", "beasts": "beasts", "mischief": "mischief",
             "darkness_cards": "darkness"}[k]
    return lambda s, seat, p: len(getattr(p, field)) >= n


CONDITION = {p.id: _condition(p.condition) for p in C.PROPHECIES}


def check_prophecies(s: State) -> None:
    """Fulfilled Prophecies are shown at once and pay their Stars."""
    condition = CONDITION
    for seat, p in enumerate(s.players):
        for card in p.prophecies:
            if condition[card](s, seat, p):
                p.prophecies = drop(p.prophecies, card)
                p.fulfilled += (card,)
                p.stars += C.PROPHECY[card].stars


# --- meeples ---------------------------------------------------------------------------------


def left_to_place(s: State, who: int) -> int:
    if who == OBSIDIO:
        return max(0, 5 - s.obsidio.next) if s.obsidio is not None else 0
    p = s.players[who]
    return p.wizards + sum(1 for b in p.beasts if not b.placed)


def new_event_run(event: str, number: int, alive: list[int]) -> EventRun:
    return EventRun(event, number, alive, [], [], [], [], [], [], [], [], [])

