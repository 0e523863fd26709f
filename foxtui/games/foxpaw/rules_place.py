"""The Placement phase: turns in sleep order, one meeple a turn, one meeple a space,
exactly one wizard per house at night, the Dormitory filled from the top, Morning
spaces (Farm, Teacher's Lounge, Kiosk) used at once, House Obsidio's markers,
ice, and the house abilities and Mischief cards of this phase.

``resolve`` is the decision every meeple's space asks for when it is evaluated
(at once for Morning spaces, along the path for the others): use the space (its
options come from ``SPACE_OPTIONS``), rest for Energy, or leave it unused.
"""

from __future__ import annotations

from typing import Callable

from msgspec.structs import replace

from . import content as C
from . import effects as E
from .actions import (
    DONE,
    Place,
    DOUBLE,
    LEAVE,
    REST,
    SKIP,
    USE,
    DiscardBeast,
    DiscardSpell,
    PayWith,
    PickBeast,
    PickTeacher,
    PlaceObsidio,
    PlayMischief,
    Recover,
    Spy,
    StealFrom,
    SwapDuelist,
    TakeResource,
    Target,
    learn,
    place,
)
from .rules_core import (
    auto,
    below,
    board_darkness,
    can_pay,
    change_energy,
    decision,
    discard_spell,
    drop,
    exhaust,
    four,
    gain,
    has,
    learn_spell,
    learnable,
    left_to_place,
    pay,
    pay_ways,
    pop,
    push,
    put,
    refill_beasts,
    refill_spells,
    seat_of_house,
    set_obsidio,
    set_players,
    set_player,
    set_space,
    swap,
    take_beast,
    take_mischief,
)
from .state import OBSIDIO, Meeple, State, Task

ACTIVE4 = C.active_spaces(True)
ACTIVE3 = C.active_spaces(False)

#: space kind -> the ways to use it: (state, seat, resolve task) -> actions
SPACE_OPTIONS: dict[str, Callable[[State, int, Task], list]] = {}
#: space kind -> using it: (state, resolve task, seat, action) -> the new state
SPACE_USE: dict[str, Callable] = {}


def active(s: State) -> tuple[int, ...]:
    return ACTIVE4 if four(s) else ACTIVE3


def start_turn(s: State, idx: int) -> State:
    who = s.order[idx]
    if who == OBSIDIO:
        task = Task("obs_turn", s.obsidio.holders[s.obsidio.next - 1])
    else:
        task = Task("turn", who)
    return replace(s, turn=idx, tasks=s.tasks + (task,))


@auto("next_turn")
def _next_turn(s: State, t: Task) -> State:
    n = len(s.order)
    for k in range(1, n + 1):
        idx = (s.turn + k) % n
        if left_to_place(s, s.order[idx]) > 0:
            return start_turn(s, idx)
    from .rules_eval import start_evaluation

    return start_evaluation(s)


def _side(four_players: bool) -> tuple:
    act = set(C.active_spaces(four_players))
    dorms = tuple(i for i in C.LOCATION_SPACES["dormitory"] if i in act)
    carnival = tuple(i for i in C.LOCATION_SPACES["carnival"] if i in act)
    day = tuple((i, C.SPACES[i].time == "morning", C.SPACES[i].location) for i in sorted(act) if i not in C.NIGHT)
    return dorms, carnival, day


SIDES = {True: _side(True), False: _side(False)}
WIZARD = tuple(Place(i) for i in range(len(C.SPACES)))


def placements(s: State, seat: int) -> list:
    """Every legal Place for ``seat`` right now."""
    p = s.players[seat]
    board = s.board
    dorms, carnival, day = SIDES[len(s.seats) == 4]
    out = []
    if p.wizards >= 1 and not p.night:
        # the night: the highest free bed in the Dormitory, or any free Carnival space
        for i in dorms:
            if not board[i]:
                out.append(WIZARD[i])
                break
        out.extend(WIZARD[i] for i in carnival if not board[i])
    day_wizard = p.wizards > 1 or (p.wizards == 1 and p.night)  # one wizard stays back for the night
    beasts = [b.id for b in p.beasts if not b.placed]
    if not day_wizard and not beasts:
        return out
    stack = has(s, seat, "aquatis", 2)
    ice = s.ice if s.ice and p.energy < 1 and seat != seat_of_house(s, "trifrost") else ()
    for i, morning, location in day:
        occupied = board[i]
        if occupied and not (stack and morning and not any(m.marker for m in occupied)):
            continue
        if ice and location in ice:
            continue  # an iced place costs 1 Energy to enter
        if day_wizard:
            out.append(WIZARD[i])
        for b in beasts:
            out.append(place(i, b))
    return out


def _mischief_ok(s: State, seat: int, card: str, t: Task) -> bool:
    e = C.mischief(card).effect
    if e.kind == "double_turn":
        return left_to_place(s, seat) >= t.a + 2
    return True


def _turn_legal(s: State, t: Task, seat: int) -> list:
    out = placements(s, seat)
    p = s.players[seat]
    if has(s, seat, "ignis", 1):
        tired = sum(1 for b in p.beasts if b.exhausted)
        if tired >= 1 and p.energy >= 2:
            out.append(Recover(1))
        if tired >= 2 and p.energy >= 3:
            out.append(Recover(2))
    seen = set()
    for card in p.mischief:
        m = C.mischief(card)
        if m.phase == "placement" and m.id not in seen and _mischief_ok(s, seat, card, t):
            seen.add(m.id)
            out.append(PlayMischief(card))
    if t.b == 0 and has(s, seat, "shadowvein", 2) and not p.ability_used:
        if left_to_place(s, seat) >= 2:
            out.append(DOUBLE)
        if any(left_to_place(s, w) > 0 for w in s.order if w != seat):
            out.append(SKIP)
    return out


def _turn_apply(s: State, t: Task, seat: int, a) -> State:
    p = s.players[seat]
    kind = type(a).__name__
    if kind == "Place":
        return _place(s, t, seat, a)
    if kind == "Recover":
        s = change_energy(s, seat, -(2 if a.count == 1 else 3))
        beasts = p.beasts
        tired = sorted((i for i, b in enumerate(beasts) if b.exhausted), key=lambda i: -beasts[i].exhausted)
        for i in tired[: a.count]:
            beasts = put(beasts, i, replace(beasts[i], exhausted=0))
        return set_player(s, seat, beasts=beasts)
    if kind == "PlayMischief":
        return play_placement_mischief(s, t, seat, a.card)
    if kind == "DoubleTurn":
        return swap(set_player(s, seat, ability_used=True), Task("turn", seat, t.a + 1, 1))
    if kind == "SkipTurn":
        return swap(set_player(s, seat, ability_used=True), Task("next_turn"))
    return s


decision("turn")((_turn_legal, _turn_apply))


def _place(s: State, t: Task, seat: int, a) -> State:
    sp = C.SPACES[a.space]
    p = s.players[seat]
    if a.beast:
        s = set_player(s, seat, beasts=tuple(replace(b, placed=True) if b.id == a.beast else b for b in p.beasts))
    else:
        s = set_player(s, seat, wizards=p.wizards - 1, night=p.night or sp.time == "night")
    if E.entry_energy(s.ice, a.space, p):  # the ice marker melts: 1 Energy to Tri-Frost
        owner = seat_of_house(s, "trifrost")
        if owner >= 0:
            s = change_energy(change_energy(s, seat, -1), owner, 1)
            s = set_player(s, owner, ice=s.players[owner].ice + 1)
            s = replace(s, ice=drop(s.ice, sp.location))
    s = set_space(s, a.space, s.board[a.space] + (Meeple(seat, a.beast),))
    s = swap(s, Task("turn", seat, t.a - 1, 1) if t.a > 0 and left_to_place(s, seat) > 0 else NEXT_TURN)
    if sp.darkness:
        s = board_darkness(s, seat)
    if sp.time == "morning":
        s = push(s, Task("resolve", seat, a.space, len(s.board[a.space]) - 1))
    return s


NEXT_TURN = Task("next_turn")


def play_placement_mischief(s: State, t: Task, seat: int, card: str) -> State:
    s = set_player(s, seat, mischief=drop(s.players[seat].mischief, card))
    s = replace(s, mischief_discard=s.mischief_discard + (card,))
    e = C.mischief(card).effect
    if e.kind == "gain":
        return gain(s, seat, e.reward)
    if e.kind in ("drain", "take_coins"):
        return push(s, Task("target", seat, s=card))
    if e.kind == "double_turn":
        return swap(s, Task("turn", seat, t.a + 1, t.b))
    return s


def _target_legal(s: State, t: Task, seat: int) -> list:
    return [Target(o) for o in range(len(s.players)) if o != seat]


def _target_apply(s: State, t: Task, seat: int, a: Target) -> State:
    s = pop(s)
    e = C.mischief(t.s).effect
    if e.kind == "drain":
        return change_energy(s, a.seat, -e.amount)
    n = min(e.amount, s.players[a.seat].coins)
    s = set_player(s, a.seat, coins=s.players[a.seat].coins - n)
    return set_player(s, seat, coins=s.players[seat].coins + n)


decision("target")((_target_legal, _target_apply))


# --- House Obsidio's markers (2 players) -------------------------------------------------------


def _obs_legal(s: State, t: Task, seat: int) -> list:
    return [PlaceObsidio(i) for i in active(s) if C.SPACES[i].time != "night" and not s.board[i]]


def _obs_apply(s: State, t: Task, seat: int, a: PlaceObsidio) -> State:
    s = set_space(s, a.space, s.board[a.space] + (Meeple(OBSIDIO, marker=s.obsidio.next),))
    return swap(set_obsidio(s, next=s.obsidio.next + 1), Task("next_turn"))


decision("obs_turn")((_obs_legal, _obs_apply))


# --- using a space ---------------------------------------------------------------------------------


def _resolve_legal(s: State, t: Task, seat: int) -> list:
    return SPACE_OPTIONS[C.SPACES[t.a].kind](s, seat, t) + [REST, LEAVE]


def _resolve_apply(s: State, t: Task, seat: int, a) -> State:
    s = pop(s)
    meeple = s.board[t.a][t.b]
    s = exhaust(s, meeple)
    if a is REST or a == REST:
        # the meeple leaves its space for the rest space on the character board
        s = set_space(s, t.a, s.board[t.a][: t.b] + s.board[t.a][t.b + 1 :])
        s = set_player(s, seat, resting=s.players[seat].resting + (meeple.beast,))
        return change_energy(s, seat, E.rest_energy(s.teacher, s.players[seat]))
    if a == LEAVE:
        return s
    return SPACE_USE[C.SPACES[t.a].kind](s, t, seat, a)


decision("resolve")((_resolve_legal, _resolve_apply))


def space_kind(kind: str):
    def register(pair):
        SPACE_OPTIONS[kind], SPACE_USE[kind] = pair
        return pair

    return register


# Kiosk and Sucking up: a plain gain
def _gain_options(s: State, seat: int, t: Task) -> list:
    return [USE]


def _gain_use(s: State, t: Task, seat: int, a) -> State:
    return gain(s, seat, E.use_gain(s.teacher, s.players[seat], t.a))


space_kind("gain")((_gain_options, _gain_use))


# Paying for what a space offers (a Spell, Prophecies, a Magical Beast). Coins are
# wildcards for Herbs and Goods: when they could stand in for more than is missing,
# the seat chooses how to pay before it gets what it paid for.
def _price(s: State, seat: int, space: int, item: str) -> C.Cost:
    if C.SPACES[space].kind in ("classroom", "cut_in_line"):
        return E.spell_cost(s.players[seat], item)
    return C.SPACES[space].cost


def buy(s: State, seat: int, space: int, item: str = "", follow: int = 0) -> State:
    """Pay for ``item`` at ``space`` and take it; ``follow``: a second Spell may come next."""
    cost = _price(s, seat, space, item)
    ways = pay_ways(s.players[seat], cost)
    if len(ways) > 1:
        return push(s, Task("pay", seat, space, follow, item))
    return _deliver(pay(s, seat, cost), seat, space, item, follow)


def _deliver(s: State, seat: int, space: int, item: str, follow: int) -> State:
    kind = C.SPACES[space].kind
    if kind == "information":
        return gain(s, seat, C.SPACES[space].reward)
    if kind == "attract":
        return refill_beasts(take_beast(s, seat, item))
    s = learn_spell(s, seat, item)
    if follow and learnable(s, seat):
        s = push(s, Task("learn2", seat, space))
    return s


def _pay_legal(s: State, t: Task, seat: int) -> list:
    return [PayWith(h, g) for h, g in pay_ways(s.players[seat], _price(s, seat, t.a, t.s))]


def _pay_apply(s: State, t: Task, seat: int, a: PayWith) -> State:
    s = pay(pop(s), seat, _price(s, seat, t.a, t.s), (a.herbs, a.goods))
    return _deliver(s, seat, t.a, t.s, t.b)


decision("pay")((_pay_legal, _pay_apply))


# Get information: pay 1 Goods, draw 2 Prophecies
def _info_options(s: State, seat: int, t: Task) -> list:
    return [USE] if can_pay(s.players[seat], C.SPACES[t.a].cost) else []


def _info_use(s: State, t: Task, seat: int, a) -> State:
    return buy(s, seat, t.a)


space_kind("information")((_info_options, _info_use))


# Attract a Magical Beast: pay 1 Herb, take one from the selection
def _attract_options(s: State, seat: int, t: Task) -> list:
    if not can_pay(s.players[seat], C.SPACES[t.a].cost):
        return []
    return [PickBeast(b) for b in s.beasts]


def _attract_use(s: State, t: Task, seat: int, a: PickBeast) -> State:
    return buy(s, seat, t.a, a.beast)


space_kind("attract")((_attract_options, _attract_use))


def _discard_beast_legal(s: State, t: Task, seat: int) -> list:
    return [DiscardBeast(b.id) for b in s.players[seat].beasts]


def _discard_beast_apply(s: State, t: Task, seat: int, a: DiscardBeast) -> State:
    p = s.players[seat]
    gone = next(b for b in p.beasts if b.id == a.beast)
    beasts = tuple(b for b in p.beasts if b.id != a.beast)
    if gone.placed and beasts and not C.BEAST[gone.id].special and not C.BEAST[beasts[-1].id].special:
        # its meeple stays on the board this year: the newcomer needs one of the house's
        # figures (Ignis has two; the orange one is the Ember Fox's alone)
        figures = 2 if p.house == "ignis" else 1
        kept = sum(1 for b in beasts[:-1] if not C.BEAST[b.id].special)
        if figures - 1 - kept < 1:
            beasts = beasts[:-1] + (replace(beasts[-1], placed=True),)
    s = replace(pop(s), beast_discard=s.beast_discard + (a.beast,))
    return set_player(s, seat, beasts=beasts)


decision("discard_beast")((_discard_beast_legal, _discard_beast_apply))


# Spy and Blink: Event markers on face-down Magical Events
def spy_targets(s: State, seat: int) -> list:
    if s.players[seat].event_markers <= 0:
        return []
    return [Spy(i) for i in range(s.events_done, len(s.events)) if seat not in s.event_marks[i]]


def _spy_options(s: State, seat: int, t: Task) -> list:
    targets = spy_targets(s, seat)
    if not targets and C.SPACES[t.a].reward != C.NOTHING:
        return [USE]  # Blink's Stars even with no marker left to place
    return targets


def _mark_event(s: State, seat: int, event: int) -> State:
    s = set_player(s, seat, event_markers=s.players[seat].event_markers - 1)
    return replace(s, event_marks=put(s.event_marks, event, s.event_marks[event] + (seat,)))


def _spy_use(s: State, t: Task, seat: int, a) -> State:
    sp = C.SPACES[t.a]
    s = gain(s, seat, sp.reward)
    if a == USE:
        return s
    s = _mark_event(s, seat, a.event)
    if sp.markers > 1 and spy_targets(s, seat):
        s = push(s, Task("spy", seat, sp.markers - 1))
    return s


space_kind("spy")((_spy_options, _spy_use))


def _spy_more_legal(s: State, t: Task, seat: int) -> list:
    return spy_targets(s, seat) + [DONE]


def _spy_more_apply(s: State, t: Task, seat: int, a) -> State:
    s = pop(s)
    if a == DONE:
        return s
    s = _mark_event(s, seat, a.event)
    if t.a > 1 and spy_targets(s, seat):
        s = push(s, Task("spy", seat, t.a - 1))
    return s


decision("spy")((_spy_more_legal, _spy_more_apply))


# Bribery: choose the active Teacher, then arrange the Teacher deck from the top down
def _bribery_use(s: State, t: Task, seat: int, a) -> State:
    # the deck is rearranged in secret: only this seat knows it now
    s = set_players(s, lambda i, p: {"teacher_seen": i == seat})
    return push(s, Task("bribe", seat, 0))


space_kind("bribery")((_gain_options, _bribery_use))


def _unarranged(s: State, t: Task) -> tuple[str, ...]:
    """Bribe step ``t.a`` >= 1 puts a card in place ``t.a`` from the top; the cards above it are set."""
    return s.teacher_deck[: len(s.teacher_deck) - max(0, t.a - 1)]


def _bribe_legal(s: State, t: Task, seat: int) -> list:
    return [PickTeacher(x) for x in _unarranged(s, t)] + [DONE]


def _bribe_apply(s: State, t: Task, seat: int, a) -> State:
    s = pop(s)
    if t.a == 0:
        if a != DONE:  # the old one goes under
            s = replace(s, teacher_deck=(s.teacher,) + drop(s.teacher_deck, a.teacher), teacher=a.teacher)
        if len(s.teacher_deck) > 1:
            s = push(s, Task("bribe", seat, 1))
        return s
    if a == DONE:
        return s
    rest = _unarranged(s, t)
    s = replace(s, teacher_deck=drop(rest, a.teacher) + (a.teacher,) + s.teacher_deck[len(rest) :])  # top is last
    if len(rest) > 2:  # with one card left, its place is set
        s = push(s, Task("bribe", seat, t.a + 1))
    return s


decision("bribe")((_bribe_legal, _bribe_apply))


# Cut in line: perhaps throw a Spell out (a new one comes), then learn one
def _cut_use(s: State, t: Task, seat: int, a) -> State:
    return push(s, Task("cut", seat, 0))


space_kind("cut_in_line")((_gain_options, _cut_use))


def _cut_legal(s: State, t: Task, seat: int) -> list:
    if t.a == 0:
        return [DiscardSpell(x) for x in s.display] + [DONE]
    return [learn(x) for x in learnable(s, seat)] + [DONE]


def _cut_apply(s: State, t: Task, seat: int, a) -> State:
    s = pop(s)
    if t.a == 0:
        if a != DONE:
            s = refill_spells(discard_spell(s, s.display.index(a.spell)))
        return push(s, Task("cut", seat, 1))
    if a != DONE:
        return buy(s, seat, C.SPACE_INDEX["cut-in-line"], a.spell)
    return s


decision("cut")((_cut_legal, _cut_apply))


# Call in sick: change who duels this year
def _sick_options(s: State, seat: int, t: Task) -> list:
    if not four(s):
        return [USE]
    audience = [o for o in range(len(s.players)) if o not in s.duelists]
    return [SwapDuelist(out, into) for out in s.duelists for into in audience]


def _sick_use(s: State, t: Task, seat: int, a) -> State:
    from .rules_setup import rotate_duelists

    if a == USE:
        return rotate_duelists(s)
    return replace(s, duelists=tuple(a.into if d == a.out else d for d in s.duelists))


space_kind("call_in_sick")((_sick_options, _sick_use))


# Tattle: steal a Mischief card from each of two players (the deck stands in)
def steal(s: State, thief: int, victim: int) -> State:
    hand = s.players[victim].mischief
    s, i = below(s, len(hand))
    s = set_player(s, victim, mischief=hand[:i] + hand[i + 1 :])
    return set_player(s, thief, mischief=s.players[thief].mischief + (hand[i],))


def deck_mischief(s: State, seat: int) -> State:
    s, card = take_mischief(s)
    if card:
        s = set_player(s, seat, mischief=s.players[seat].mischief + (card,))
    return s


def _tattle_use(s: State, t: Task, seat: int, a) -> State:
    others = [o for o in range(len(s.players)) if o != seat and s.players[o].mischief]
    if len(others) > 2:
        return push(s, Task("tattle", seat, 2, 0))
    for o in others:
        s = steal(s, seat, o)
    for _ in range(2 - len(others)):
        s = deck_mischief(s, seat)
    return s


space_kind("tattle")((_gain_options, _tattle_use))


def _tattle_legal(s: State, t: Task, seat: int) -> list:
    return [StealFrom(o) for o in range(len(s.players)) if o != seat and s.players[o].mischief and not t.b >> o & 1]


def _tattle_apply(s: State, t: Task, seat: int, a: StealFrom) -> State:
    s = steal(pop(s), seat, a.seat)
    if t.a > 1:
        s = push(s, Task("tattle", seat, t.a - 1, t.b | 1 << a.seat))
    return s


decision("tattle")((_tattle_legal, _tattle_apply))


# Resources of your choice
RESOURCE_ACTIONS = [TakeResource(r) for r in C.RESOURCES]


def _resource_legal(s: State, t: Task, seat: int) -> list:
    return list(RESOURCE_ACTIONS)


def _resource_apply(s: State, t: Task, seat: int, a: TakeResource) -> State:
    s = set_player(pop(s), seat, **{a.resource: getattr(s.players[seat], a.resource) + 1})
    if t.a > 1:
        s = push(s, Task("resource", seat, t.a - 1))
    return s


decision("resource")((_resource_legal, _resource_apply))


__all__ = ["SPACE_OPTIONS", "SPACE_USE", "buy", "placements", "start_turn"]
