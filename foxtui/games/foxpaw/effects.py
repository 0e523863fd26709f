"""What a move really does, with every modifier: house abilities, Magical Beasts, the
supervising Teacher, the tracks' limits. The rules pay and give through these functions,
and the previews (``preview``, shown before a move is chosen) are built from the same
ones, from a seat's View only, so what a preview says is what happens.

The functions take a "house": anything with the public fields of a house (``house``,
``wish``, ``beasts`` with ``id``; and for ``Change.net`` the tracks and resources), so
the rules hand them a ``state.Player`` and the previews a ``view.HouseView``.
"""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec.structs import astuple

from . import actions as A
from . import content as C
from .state import VP_PARTS

def add(*rewards: C.Reward) -> C.Reward:
    """Several rewards as one."""
    some = [r for r in rewards if r != C.NOTHING]
    if len(some) <= 1:
        return some[0] if some else C.NOTHING
    return C.Reward(*map(sum, zip(*map(astuple, some))))


# --- houses, beasts and Teachers ---------------------------------------------------------------


def ability(h: Any, house: str, n: int) -> bool:
    """Whether ``h`` plays ``house`` with ability ``n``: both when the family wish was
    broken, only the house's ``kept`` one when it was kept."""
    return h.house == house and (not h.wish or n == C.HOUSE[house].kept)


def skill_total(h: Any, kind: str, location: str = "") -> int:
    """What ``h``'s Magical Beasts add of one permanent skill (at one location)."""
    total = 0
    for b in h.beasts:
        sk = C.BEAST[b.id].skill
        if sk.kind == kind and (not location or sk.location == location):
            total += sk.amount
    return total


def teacher_effect(teacher: str) -> str:
    t = C.TEACHER.get(teacher)
    return t.effect if t is not None else ""


def darkness_count(teacher: str, h: Any) -> int:
    """Darkness cards ``h`` draws for one Darkness space or Forbidden Spell under ``teacher``:
    none under a Teacher of its own house, two under one of its rival house, one more
    under a Teacher who adds one (for those who draw at all)."""
    t = C.TEACHER[teacher]
    if t.effect == "no_darkness" or t.house == h.house:
        return 0
    n = 2 if C.HOUSE[h.house].rival == t.house else 1
    return n + 1 if t.effect == "extra_darkness" else n


def entry_energy(ice: Any, space: int, h: Any) -> int:
    """Energy ``h`` pays to enter ``space`` (1 where Tri-Frost's ice lies, for every other house)."""
    return 1 if C.SPACES[space].location in ice and h.house != "trifrost" else 0


# --- spaces ----------------------------------------------------------------------------------


def rest_energy(teacher: str, h: Any) -> int:
    return C.REST_ENERGY + (1 if teacher_effect(teacher) == "rest_energy" else 0) + skill_total(h, "rest_energy")


def kiosk_coins(teacher: str, h: Any) -> int:
    """Coins a Kiosk visit gives on top of the space (the Teacher, a beast)."""
    return skill_total(h, "kiosk_coin") + (1 if teacher_effect(teacher) == "kiosk_coin" else 0)


def use_gain(teacher: str, h: Any, space: int) -> C.Reward:
    """What using a plain space gives (the Kiosk, Sucking up)."""
    sp = C.SPACES[space]
    if sp.location == "kiosk":
        extra = kiosk_coins(teacher, h)
        if extra:
            return add(sp.reward, C.Reward(coins=extra))
    return sp.reward


def train_gain(h: Any, space: int, spaces: int) -> C.Reward:
    """Training from ``space`` over ``spaces`` spaces in all: each space's reward, and what
    ``h``'s beasts add there. It costs 1 Energy per space."""
    sp = C.SPACES[space]
    col = C.LOCATION_SPACES[sp.location]
    start = col.index(space)
    rewards = [C.SPACES[i].reward for i in col[start : start + spaces]]
    bonus = skill_total(h, "train_bonus", sp.location)
    if bonus:
        rewards.append(C.Reward(strength=bonus) if sp.location == "sports" else C.Reward(knowledge=bonus))
    return add(*rewards)


def night_gain(teacher: str, carnival: str, h: Any, space: int) -> C.Reward:
    """What a wizard's night space gives (the new turn order's Reputation aside)."""
    sp = C.SPACES[space]
    if sp.location == "dormitory":
        return add(sp.reward, C.Reward(energy=1)) if teacher_effect(teacher) == "dorm_energy" else sp.reward
    card = C.CARNIVAL[carnival]
    aquatis = C.Reward(mischief=1) if ability(h, "aquatis", 1) else C.NOTHING
    return add(sp.reward, aquatis, card.rows[sp.row - 2], card.centered)


def object_price(year: int, teacher: str) -> int:
    return max(0, year - (1 if teacher_effect(teacher) == "study_discount" else 0))


# --- Spells ----------------------------------------------------------------------------------


def spell_discount(h: Any) -> int:
    return (2 if ability(h, "shadowvein", 1) else 0) + skill_total(h, "spell_discount")


def spell_cost(h: Any, spell: str) -> C.Cost:
    """What learning ``spell`` costs ``h``: its printed cost, less the Energy discounts."""
    cost = C.SPELL[spell].cost
    discount = spell_discount(h)
    if not discount or not cost.energy:
        return cost
    return msgspec.structs.replace(cost, energy=max(0, cost.energy - discount))


def by_coin(h: Any, cost: C.Cost) -> tuple[int, int]:
    """The Herbs and the Goods of ``cost`` that ``h`` lacks: Coins stand in for them."""
    return max(0, cost.herbs - h.herbs), max(0, cost.goods - h.goods)


# --- previews ----------------------------------------------------------------------------------


class Change(msgspec.Struct, frozen=True):
    """What one move does to the mover: what it pays (after every discount; ``by_coin``
    of the cost's Herbs and of its Goods are paid with Coins, which costs 1 Reputation),
    what it gains (before the tracks' limits) and the permanent Stars it adds."""

    cost: C.Cost = C.FREE
    by_coin: tuple[int, int] = (0, 0)
    gain: C.Reward = C.NOTHING
    perm_stars: int = 0
    broom_vp: int = 0  # the victory point of two Broom halves
    played: int = 0  # Mischief cards it uses up

    def net(self, h: Any, prophecy_deck: int | None = None) -> dict[str, int]:
        """How the counters of house ``h`` change: the tracks stop at their ends, Strength
        and Knowledge 8 give their victory point (a house at 8 or more has had it)."""
        c, g = self.cost, self.gain
        energy = _clamp(_clamp(h.energy - c.energy, 0, C.ENERGY_MAX) + g.energy, 0, C.ENERGY_MAX)
        herbs_by_coin, goods_by_coin = self.by_coin
        rep = _clamp(h.reputation - (1 if herbs_by_coin + goods_by_coin else 0), C.REP_MIN, C.REP_MAX)
        rep = _clamp(rep + g.reputation, C.REP_MIN, C.REP_MAX)
        out = {
            "energy": energy - h.energy,
            "reputation": rep - h.reputation,
            "herbs": max(0, h.herbs - (c.herbs - herbs_by_coin) + g.herbs) - h.herbs,
            "goods": max(0, h.goods - (c.goods - goods_by_coin) + g.goods) - h.goods,
            "coins": max(0, h.coins - c.coins - herbs_by_coin - goods_by_coin + g.coins) - h.coins,
            "stars": g.stars,
            "perm_stars": self.perm_stars,
            "vp": g.vp + self.broom_vp,
            "darkness": g.darkness,
            "mischief": g.mischief - self.played,
            "prophecies": g.prophecies if prophecy_deck is None else min(g.prophecies, prophecy_deck),
            "choice": g.choice,
        }
        for talent in ("strength", "knowledge"):
            before = getattr(h, talent)
            after = min(C.TALENT_MAX, before + getattr(g, talent)) if getattr(g, talent) > 0 else before
            out[talent] = after - before
            if before < C.TALENT_VP_AT <= after:
                out["vp"] += 1
        return out


def _clamp(v: int, lo: int, hi: int) -> int:
    return lo if v < lo else hi if v > hi else v


def learn_change(view: Any, h: Any, spell: str, extra: C.Reward = C.NOTHING) -> Change:
    """Learning ``spell`` now: its cost for this house, its reward, the bonus Star of the
    free top place, a Forbidden Spell's Darkness cards (and ``extra`` from the space)."""
    cost = spell_cost(h, spell)
    sp = C.SPELL[spell]
    slot = view.spells.index(spell) if spell in view.spells else -1
    first = C.Reward(stars=1) if slot >= 0 and not view.spell_marks[slot] else C.NOTHING
    dark = C.Reward(darkness=darkness_count(view.teacher, h)) if sp.forbidden else C.NOTHING
    return Change(cost=cost, by_coin=by_coin(h, cost), gain=add(extra, sp.reward, first, dark))


def object_change(h: Any, obj: str, price: int) -> Change:
    o = C.OBJECT[obj]
    halves = {C.OBJECT[x].half for x in h.objects} | {o.half}
    vp = 1 if o.half and {"left", "right"} <= halves and not h.vp_parts[_BROOMS] else 0
    return Change(cost=C.Cost(coins=price), gain=o.reward, perm_stars=o.stars, broom_vp=vp)


_BROOMS = VP_PARTS.index("brooms")


def beast_change(beast: str, cost: C.Cost, h: Any) -> Change:
    sk = C.BEAST[beast].skill
    return Change(cost=cost, by_coin=by_coin(h, cost), gain=sk.reward if sk.kind == "gain" else C.NOTHING)


def preview(view: Any, seat: int, action: Any) -> Change | None:
    """What ``action`` will do to ``seat``'s counters, from ``seat``'s View: None for a
    move that changes none of them by itself (a choice of Teacher, a bet ...). For a
    purchase with a choice of payment it is the first way (Coins only for what is
    missing); the payment step previews each way."""
    h = view.houses[seat]
    d = view.decision
    kind = d.kind if d is not None else ""
    k = type(action)
    teacher = view.teacher
    if k is A.Place:
        sp = C.SPACES[action.space]
        dark = darkness_count(teacher, h) if sp.darkness else 0
        return Change(cost=C.Cost(energy=entry_energy(view.ice, action.space, h)), gain=C.Reward(darkness=dark))
    if k is A.Recover:
        return Change(cost=C.Cost(energy=2 if action.count == 1 else 3))
    if k is A.PlayMischief:
        e = C.mischief(action.card).effect
        return Change(gain=e.reward, played=1) if e.kind == "gain" else None
    if k is A.TakeResource:
        return Change(gain=C.Reward(**{action.resource: 1, "choice": -1}))  # one of the resources owed
    if k is A.PickObject:
        return object_change(h, action.object, 0 if kind == "start_object" else view.object_price)
    if k is A.PickBeast:
        if kind == "start_beast":
            return beast_change(action.beast, C.FREE, h)
        return beast_change(action.beast, C.SPACES[d.space].cost, h)
    if k is A.Learn:
        extra = C.SPACES[d.space].reward if kind == "resolve" else C.NOTHING
        return learn_change(view, h, action.spell, extra)
    if k is A.PayWith:
        return _pay_change(view, h, d, action)
    if kind != "resolve":
        return None
    space = d.space
    sp = C.SPACES[space]
    if k is A.Rest:
        return Change(gain=C.Reward(energy=rest_energy(teacher, h)))
    if k is A.Leave:
        return Change()
    if k is A.Train:
        return Change(cost=C.Cost(energy=action.spaces), gain=train_gain(h, space, action.spaces))
    if k is A.Spy:
        return Change(gain=sp.reward)
    if k is A.Use:
        if sp.kind == "gain":
            return Change(gain=use_gain(teacher, h, space))
        if sp.kind == "information":
            return Change(cost=sp.cost, by_coin=by_coin(h, sp.cost), gain=sp.reward)
        if sp.kind in ("spy", "classroom"):
            return Change(gain=sp.reward)
        if sp.kind == "tattle":
            return Change(gain=C.Reward(mischief=2))
        return Change()
    return None


def _pay_change(view: Any, h: Any, d: Any, a: A.PayWith) -> Change:
    """One way of paying for what the payment step is about, and what it brings."""
    item, space = d.card, d.space
    way = (a.herbs, a.goods)
    if item in C.SPELL:
        return msgspec.structs.replace(learn_change(view, h, item), by_coin=way)
    sp = C.SPACES[space]
    if item in C.BEAST:
        return msgspec.structs.replace(beast_change(item, sp.cost, h), by_coin=way)
    return Change(cost=sp.cost, by_coin=way, gain=sp.reward)
