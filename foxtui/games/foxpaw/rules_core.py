"""What every area of the Foxpaw rules shares: the task machine, building new states,
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

#: decision kind -> (legal actions(state, task, seat), apply(state, task, seat, action) -> the new state)
DECISIONS: dict[str, tuple[Callable, Callable]] = {}
#: automatic step kind -> apply(state without the task, task) -> the new state
AUTO: dict[str, Callable[[State, Task], State]] = {}
#: decisions several seats make at once, in secret: kind -> seats still to choose
SIMULTANEOUS: dict[str, Callable[[State], list[int]]] = {}

VP_INDEX = {name: i for i, name in enumerate(VP_PARTS)}


def decision(kind: str):
    def register(pair: tuple[Callable, Callable]) -> tuple[Callable, Callable]:
        DECISIONS[kind] = pair
        return pair

    return register


def auto(kind: str):
    def register(fn: Callable[[State, Task], State]) -> Callable[[State, Task], State]:
        AUTO[kind] = fn
        return fn

    return register


def refuse(message: str) -> None:
    raise IllegalAction(message)


# --- new states -------------------------------------------------------------------------
#
# States are frozen: every rule returns the state it makes, built with ``replace`` from
# the one it was given, which stays as it was.


def drop(items: tuple, item) -> tuple:
    """``items`` without the first ``item``."""
    i = items.index(item)
    return items[:i] + items[i + 1 :]


def put(items: tuple, i: int, item) -> tuple:
    return items[:i] + (item,) + items[i + 1 :]


def set_player(s: State, seat: int, **fields) -> State:
    """``s`` with some fields of player ``seat`` replaced."""
    players = list(s.players)
    players[seat] = replace(players[seat], **fields)
    return replace(s, players=tuple(players))


def set_players(s: State, fields: Callable[[int, Player], dict]) -> State:
    """``s`` with every player's fields replaced by ``fields(seat, player)``."""
    return replace(s, players=tuple(replace(p, **fields(i, p)) for i, p in enumerate(s.players)))


def set_space(s: State, space: int, meeples: tuple[Meeple, ...]) -> State:
    """``s`` with the meeples on one space of the board replaced."""
    return replace(s, board=put(s.board, space, meeples))


def set_obsidio(s: State, **fields) -> State:
    return replace(s, obsidio=replace(s.obsidio, **fields))


def set_event(s: State, **fields) -> State:
    """``s`` with some fields of the Magical Event in progress replaced."""
    return replace(s, event=replace(s.event, **fields))


# --- tasks -----------------------------------------------------------------------------


def push(s: State, *tasks: Task) -> State:
    """Schedule tasks to run next, in the order given."""
    return replace(s, tasks=s.tasks + tasks[::-1])


def pop(s: State) -> State:
    """The task on top is done."""
    return replace(s, tasks=s.tasks[:-1])


def swap(s: State, *tasks: Task) -> State:
    """The task on top is done, and ``tasks`` run next (in the order given)."""
    return replace(s, tasks=s.tasks[:-1] + tasks[::-1])


#: automatic steps that change nobody's cards, tracks or board (they only schedule what
#: comes next): no Prophecy can be fulfilled by them
QUIET = frozenset(("next_turn", "path", "after_night", "duel_window", "event", "event_run", "obsidio_pair"))


def advance(s: State) -> State:
    """Run automatic steps until a decision is on top (or the game is over). Prophecies
    are looked at after the decision and after every step that may have changed
    something, so one fulfilled by what just happened pays out before anything else is
    scored."""
    s = check_prophecies(s)
    while s.tasks:
        t = s.tasks[-1]
        fn = AUTO.get(t.kind)
        if fn is None:
            return s
        s = fn(pop(s), t)
        if t.kind not in QUIET:
            s = check_prophecies(s)
    return s


# --- chance ----------------------------------------------------------------------------


def below(s: State, n: int) -> tuple[State, int]:
    r = Rng(s.rng)
    v = r.below(n)
    return replace(s, rng=r.state), v


def shuffled(s: State, items) -> tuple[State, tuple]:
    r = Rng(s.rng)
    out = r.shuffled(items)
    return replace(s, rng=r.state), tuple(out)


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


def add_stars(s: State, who: int, n: int) -> State:
    if who == OBSIDIO:
        return s if s.obsidio is None else set_obsidio(s, stars=s.obsidio.stars + n)
    return set_player(s, who, stars=s.players[who].stars + n)


def add_vp(s: State, who: int, n: int, part: str) -> State:
    if who == OBSIDIO:
        return s if s.obsidio is None else set_obsidio(s, vp=s.obsidio.vp + n)
    vp = s.players[who].vp
    i = VP_INDEX[part]
    return set_player(s, who, vp=put(vp, i, vp[i] + n))


def _talent(p: Player, stat: str, n: int, fields: dict) -> None:
    """Into ``fields``: Strength or Knowledge up by ``n`` (they only rise); reaching 8
    gives 1 VP, once each."""
    v = min(C.TALENT_MAX, getattr(p, stat) + n)
    fields[stat] = v
    if v >= C.TALENT_VP_AT:
        flag = stat + "_vp"
        if not getattr(p, flag):
            fields[flag] = True
            vp = fields.get("vp", p.vp)
            fields["vp"] = put(vp, _TALENTS, vp[_TALENTS] + 1)


_TALENTS, _CARDS = VP_INDEX["talents"], VP_INDEX["cards"]


def gain_talent(s: State, seat: int, stat: str, n: int) -> State:
    """Strength and Knowledge only rise; reaching 8 gives 1 VP, once each."""
    if n <= 0:
        return s
    fields: dict = {}
    _talent(s.players[seat], stat, n, fields)
    return set_player(s, seat, **fields)


def change_reputation(s: State, seat: int, n: int) -> State:
    return set_player(s, seat, reputation=_clamp(s.players[seat].reputation + n, C.REP_MIN, C.REP_MAX))


def change_energy(s: State, seat: int, n: int) -> State:
    return set_player(s, seat, energy=_clamp(s.players[seat].energy + n, 0, C.ENERGY_MAX))


def gain(s: State, who: int, r: C.Reward) -> State:
    """Give a reward. Resources of choice become decisions for that seat (next up)."""
    if who == OBSIDIO:
        return add_vp(add_stars(s, who, r.stars), who, r.vp, "cards")
    p = s.players[who]
    fields: dict = {}
    if r.energy:
        fields["energy"] = _clamp(p.energy + r.energy, 0, C.ENERGY_MAX)
    if r.reputation:
        fields["reputation"] = _clamp(p.reputation + r.reputation, C.REP_MIN, C.REP_MAX)
    if r.strength > 0:
        _talent(p, "strength", r.strength, fields)
    if r.knowledge > 0:
        _talent(p, "knowledge", r.knowledge, fields)
    if r.herbs:
        fields["herbs"] = max(0, p.herbs + r.herbs)
    if r.goods:
        fields["goods"] = max(0, p.goods + r.goods)
    if r.coins:
        fields["coins"] = max(0, p.coins + r.coins)
    if r.stars:
        fields["stars"] = p.stars + r.stars
    if r.vp:
        vp = fields.get("vp", p.vp)
        fields["vp"] = put(vp, _CARDS, vp[_CARDS] + r.vp)
    if fields:
        s = set_player(s, who, **fields)
    if r.darkness:
        s = draw_darkness(s, who, r.darkness)
    if r.mischief:
        s = draw_mischief(s, who, r.mischief)
    if r.prophecies:
        s = draw_prophecies(s, who, r.prophecies)
    if r.choice:
        s = push(s, Task("resource", who, r.choice))
    return s


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


def pay(s: State, seat: int, cost: C.Cost, way: tuple[int, int] | None = None) -> State:
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
    s = set_player(s, seat, energy=p.energy - cost.energy, coins=p.coins - (cost.coins + h + g),
                   herbs=p.herbs - (cost.herbs - h), goods=p.goods - (cost.goods - g))
    return change_reputation(s, seat, -1) if h + g else s


# --- drawing cards ---------------------------------------------------------------------------


def draw_darkness(s: State, seat: int, n: int) -> State:
    for _ in range(n):
        s, card = take_darkness(s)
        if card < 0:
            return s
        p = s.players[seat]
        s = set_player(s, seat, darkness=p.darkness + (card,), darkness_drawn=p.darkness_drawn + 1)
    return s


def take_darkness(s: State) -> tuple[State, int]:
    """The top Darkness card (the face-up discard pile is shuffled in when the deck runs out)."""
    if not s.darkness_deck:
        if not s.darkness_discard:
            return s, -1
        s, deck = shuffled(s, s.darkness_discard)
        s = replace(s, darkness_deck=deck, darkness_discard=())
    return replace(s, darkness_deck=s.darkness_deck[:-1]), s.darkness_deck[-1]


def darkness_count(s: State, seat: int) -> int:
    """Darkness cards drawn for one Darkness space or Forbidden Spell under the active Teacher."""
    return E.darkness_count(s.teacher, s.players[seat])


def board_darkness(s: State, seat: int) -> State:
    return draw_darkness(s, seat, darkness_count(s, seat))


def draw_mischief(s: State, seat: int, n: int) -> State:
    for _ in range(n):
        s, card = take_mischief(s)
        if not card:
            return s
        s = set_player(s, seat, mischief=s.players[seat].mischief + (card,))
    return s


def take_mischief(s: State) -> tuple[State, str]:
    if not s.mischief_deck:
        if not s.mischief_discard:
            return s, ""
        s, deck = shuffled(s, s.mischief_discard)
        s = replace(s, mischief_deck=deck, mischief_discard=())
    return replace(s, mischief_deck=s.mischief_deck[:-1]), s.mischief_deck[-1]


def draw_prophecies(s: State, seat: int, n: int) -> State:
    for _ in range(n):
        if not s.prophecy_deck:
            return s
        s = set_player(s, seat, prophecies=s.players[seat].prophecies + (s.prophecy_deck[-1],))
        s = replace(s, prophecy_deck=s.prophecy_deck[:-1])
    return s


def draw_spell(s: State) -> tuple[State, str]:
    if not s.spell_deck:
        if not s.spell_discard:
            return s, ""
        s, deck = shuffled(s, s.spell_discard)
        s = replace(s, spell_deck=deck, spell_discard=())
    return replace(s, spell_deck=s.spell_deck[:-1]), s.spell_deck[-1]


def draw_beast(s: State) -> tuple[State, str]:
    if not s.beast_deck:
        if not s.beast_discard:
            return s, ""
        s, deck = shuffled(s, s.beast_discard)
        s = replace(s, beast_deck=deck, beast_discard=())
    return replace(s, beast_deck=s.beast_deck[:-1]), s.beast_deck[-1]


def refill_beasts(s: State) -> State:
    while len(s.beasts) < C.BEAST_SELECTION:
        s, b = draw_beast(s)
        if not b:
            return s
        s = replace(s, beasts=s.beasts + (b,))
    return s


# --- Magical Beasts ----------------------------------------------------------------------


def beast_limit(s: State, seat: int) -> int:
    return 2 if has(s, seat, "ignis", 2) else 1


def over_beast_limit(s: State, seat: int) -> bool:
    """More Magical Beasts than allowed: the orange Ember Fox counts like any other."""
    return len(s.players[seat].beasts) > beast_limit(s, seat)


def skill_total(s: State, seat: int, kind: str, location: str = "") -> int:
    return E.skill_total(s.players[seat], kind, location) if seat >= 0 else 0


def take_beast(s: State, seat: int, beast: str) -> State:
    """A beast joins ``seat`` from the selection (or the deck); a one-time skill pays out now."""
    if beast in s.beasts:
        s = replace(s, beasts=drop(s.beasts, beast))
    s = set_player(s, seat, beasts=s.players[seat].beasts + (BeastCard(beast),))
    sk = C.BEAST[beast].skill
    if sk.kind == "gain":
        s = gain(s, seat, sk.reward)
    if over_beast_limit(s, seat):
        s = push(s, Task("discard_beast", seat))
    return s


def exhaust(s: State, meeple: Meeple) -> State:
    if not meeple.beast or meeple.owner < 0:
        return s
    beasts = s.players[meeple.owner].beasts
    for i, b in enumerate(beasts):
        if b.id == meeple.beast:
            return set_player(s, meeple.owner, beasts=put(beasts, i, replace(b, exhausted=b.exhausted + 1)))
    return s


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


def learn_spell(s: State, seat: int, spell_id: str) -> State:
    """A paid-for Spell is learned: its marker, the bonus Star for the top place, a
    Darkness card for a Forbidden one, and its reward."""
    slot = s.display.index(spell_id)
    spell = C.SPELL[spell_id]
    p = s.players[seat]
    first = not s.marks[slot]
    s = replace(s, marks=put(s.marks, slot, s.marks[slot] + (seat,)))
    s = set_player(s, seat, spell_markers=p.spell_markers - 1, learned=p.learned + (spell_id,),
                   stars=p.stars + 1 if first else p.stars)
    if spell.forbidden:
        s = board_darkness(s, seat)
    return gain(s, seat, spell.reward)


def discard_spell(s: State, slot: int) -> State:
    """A Spell leaves the offer: the markers on it go back to their houses."""
    for seat in s.marks[slot]:
        s = set_player(s, seat, spell_markers=s.players[seat].spell_markers + 1)
    return replace(s, spell_discard=s.spell_discard + (s.display[slot],),
                   display=s.display[:slot] + s.display[slot + 1 :], marks=s.marks[:slot] + s.marks[slot + 1 :])


def refill_spells(s: State) -> State:
    while len(s.display) < C.SPELL_DISPLAY:
        s, spell = draw_spell(s)
        if not spell:
            return s
        s = replace(s, display=s.display + (spell,), marks=s.marks + ((),))
    return s


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


def check_prophecies(s: State) -> State:
    """Fulfilled Prophecies are shown at once and pay their Stars."""
    condition = CONDITION
    for seat, p in enumerate(s.players):
        for card in p.prophecies:
            if condition[card](s, seat, p):
                s = set_player(s, seat, prophecies=drop(p.prophecies, card), fulfilled=p.fulfilled + (card,),
                               stars=p.stars + C.PROPHECY[card].stars)
                p = s.players[seat]
    return s


# --- meeples ---------------------------------------------------------------------------------


def left_to_place(s: State, who: int) -> int:
    if who == OBSIDIO:
        return max(0, 5 - s.obsidio.next) if s.obsidio is not None else 0
    p = s.players[who]
    return p.wizards + sum(1 for b in p.beasts if not b.placed)


def new_event_run(event: str, number: int, alive: tuple[int, ...]) -> EventRun:
    return EventRun(event, number, alive, (), (), (), (), (), (), (), (), ())

