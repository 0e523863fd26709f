"""The Evaluation phase along the path: the Duel Arena (rules_duel), the Sports
Field and the Library (training with the free spaces below), the Study Hall
(objects), the Classroom (Spells), then the night: Dormitory, Midnight Carnival,
and the new sleep order with its Reputation."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from . import content as C
from . import effects as E
from .actions import DONE, USE, PickObject, learn, train
from .rules_core import (
    VP_INDEX,
    add_vp,
    auto,
    change_energy,
    change_reputation,
    check_prophecies,
    decision,
    drop,
    four,
    gain,
    learnable,
    pop,
    push,
    set_player,
)
from .rules_place import active, buy, space_kind
from .rules_setup import event_years, years
from .state import OBSIDIO, NightGain, State, Task

PATH_LOCATIONS = ("sports", "library", "study", "classroom")


def _path_spaces(four_players: bool) -> tuple[int, ...]:
    act = set(C.active_spaces(four_players))
    return tuple(i for loc in PATH_LOCATIONS for i in C.LOCATION_SPACES[loc] if i in act)


PATH4, PATH3 = _path_spaces(True), _path_spaces(False)


def start_evaluation(s: State) -> State:
    return push(replace(s, phase="evaluation"), Task("duel"), Task("path", a=0), Task("night"), Task("after_night"))


@auto("path")
def _path(s: State, t: Task) -> State:
    spaces = PATH4 if four(s) else PATH3
    for k in range(t.a, len(spaces)):
        i = spaces[k]
        mine = [(j, m) for j, m in enumerate(s.board[i]) if m.owner != OBSIDIO]
        if mine:
            return push(s, *(Task("resolve", m.owner, i, j) for j, m in mine), Task("path", a=k + 1))
    return s


# --- Sports Field and Library -------------------------------------------------------------------


def free_below(s: State, space: int) -> int:
    """Empty spaces directly below ``space`` in its location, until the first meeple."""
    act = active(s)
    col = C.LOCATION_SPACES[C.SPACES[space].location]
    n = 0
    for i in col[col.index(space) + 1 :]:
        if i not in act or s.board[i]:
            break
        n += 1
    return n


def _train_options(s: State, seat: int, t: Task) -> list:
    most = min(1 + free_below(s, t.a), s.players[seat].energy)
    return [train(k) for k in range(1, most + 1)]


def _train_use(s: State, t: Task, seat: int, a) -> State:
    s = change_energy(s, seat, -a.spaces)
    return gain(s, seat, E.train_gain(s.players[seat], t.a, a.spaces))


space_kind("train")((_train_options, _train_use))


# --- Study Hall ---------------------------------------------------------------------------------------


def object_price(s: State) -> int:
    return E.object_price(s.round, s.teacher)


def can_buy(s: State, seat: int, obj: str) -> bool:
    o = C.OBJECT[obj]
    p = s.players[seat]
    if any(C.OBJECT[x].kind == o.kind and C.OBJECT[x].level == o.level for x in p.objects):
        return False  # one Broom and one Wand of each level
    talent = p.strength if o.kind == "broom" else p.knowledge
    return talent >= s.round and p.coins >= object_price(s)


def _study_options(s: State, seat: int, t: Task) -> list:
    return [PickObject(o) for o in s.objects if can_buy(s, seat, o)]


def _study_use(s: State, t: Task, seat: int, a: PickObject) -> State:
    s = set_player(s, seat, coins=s.players[seat].coins - object_price(s))
    return equip(s, seat, a.object)


space_kind("study")((_study_options, _study_use))


def equip(s: State, seat: int, obj: str) -> State:
    """An object joins the house: its permanent Stars, its one-time reward, and the
    victory point once both halves are on its Brooms."""
    o = C.OBJECT[obj]
    p = s.players[seat]
    s = set_player(replace(s, objects=drop(s.objects, obj)), seat, objects=p.objects + (obj,),
                   perm_stars=p.perm_stars + o.stars)
    s = gain(s, seat, o.reward)
    p = s.players[seat]
    halves = {C.OBJECT[x].half for x in p.objects}
    if "left" in halves and "right" in halves and not p.vp[VP_INDEX["brooms"]]:
        s = add_vp(s, seat, 1, "brooms")
    return s


# --- Classroom ---------------------------------------------------------------------------------------


def _class_options(s: State, seat: int, t: Task) -> list:
    out = [learn(x) for x in learnable(s, seat)]
    if not out and C.SPACES[t.a].reward != C.NOTHING:
        out.append(USE)  # the bonus Star of the last space, with no Spell to learn
    return out


def _class_use(s: State, t: Task, seat: int, a) -> State:
    sp = C.SPACES[t.a]
    s = gain(s, seat, sp.reward)
    if a == USE:
        return s
    two = sp.spells >= 2 and s.players[seat].reputation >= 3
    return buy(s, seat, t.a, a.spell, int(two))


space_kind("classroom")((_class_options, _class_use))


def _learn2_legal(s: State, t: Task, seat: int) -> list:
    return [learn(x) for x in learnable(s, seat)] + [DONE]


def _learn2_apply(s: State, t: Task, seat: int, a) -> State:
    s = pop(s)
    return buy(s, seat, t.a, a.spell) if a != DONE else s


decision("learn2")((_learn2_legal, _learn2_apply))


# Night spaces are never "used" by choice: the night step below does them.
space_kind("dormitory")((lambda s, seat, t: [], lambda s, t, seat, a: s))
space_kind("carnival")((lambda s, seat, t: [], lambda s, t, seat, a: s))


# --- the night ----------------------------------------------------------------------------------------


def night_spaces(s: State, location: str) -> list[int]:
    act = active(s)
    return [i for i in C.LOCATION_SPACES[location] if i in act]


def sleep_order(s: State) -> list[int]:
    """Who went to bed first: the Dormitory from the top, then the Carnival from the top."""
    return [m.owner for loc in ("dormitory", "carnival") for i in night_spaces(s, loc) for m in s.board[i]]


def _tracks(p: Any) -> C.Reward:
    """A house's public counts, as a Reward (what a night's gain is measured against)."""
    return C.Reward(energy=p.energy, reputation=p.reputation, strength=p.strength, knowledge=p.knowledge,
                    herbs=p.herbs, goods=p.goods, coins=p.coins, stars=p.stars, vp=sum(p.vp),
                    darkness=len(p.darkness), mischief=len(p.mischief), prophecies=len(p.prophecies) + len(p.fulfilled))


def _given(before: C.Reward, after: C.Reward, printed: C.Reward) -> C.Reward:
    """What a gain really gave (the tracks' limits cut it); resources of choice come later."""
    fields = [f for f in C.Reward.__struct_fields__ if f != "choice"]
    return C.Reward(**{f: getattr(after, f) - getattr(before, f) for f in fields}, choice=printed.choice)


@auto("night")
def _night(s: State, t: Task) -> State:
    # a Prophecy is fulfilled the moment its condition holds: looked at after every gain
    beds: list[tuple[int, int, C.Reward]] = []
    for loc in ("dormitory", "carnival"):
        for i in night_spaces(s, loc):
            for m in s.board[i]:
                if m.owner >= 0:
                    printed = E.night_gain(s.teacher, s.carnival, s.players[m.owner], i)
                    before = _tracks(s.players[m.owner])
                    s = gain(s, m.owner, printed)
                    beds.append((m.owner, i, _given(before, _tracks(s.players[m.owner]), printed)))
                    s = check_prophecies(s)
                else:
                    beds.append((m.owner, i, C.NOTHING))
    # everyone slides into the Dormitory in sleep order: the new turn order and its Reputation
    s = replace(s, order=tuple(sleep_order(s)))
    reputation = []
    for pos, who in enumerate(s.order):
        if who >= 0:
            was = s.players[who].reputation
            s = change_reputation(s, who, C.DORM_REPUTATION[pos])
            reputation.append(s.players[who].reputation - was)
            s = check_prophecies(s)
        else:
            reputation.append(0)
    return replace(s, night=tuple(NightGain(who, i, gave, rep) for (who, i, gave), rep in zip(beds, reputation)))


@auto("after_night")
def _after_night(s: State, t: Task) -> State:
    if s.round in event_years(s):
        return push(s, Task("event"), Task("scoring"), Task("final" if s.round == years(s) else "cleanup"))
    return push(s, Task("cleanup"))
