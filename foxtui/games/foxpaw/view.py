"""What a seat may know.

Public: the board, every house's tracks, resources, objects, beasts, Spells
learned and fulfilled Prophecies; how many secret cards each house holds;
which Magical Events are already played; who has made a secret choice (not
what). Private to a seat: its Student cards, its Prophecies, Mischief and
Darkness cards (with their values), its pending gesture, bet or bid, the
Magical Events under its Event markers, and the Teacher deck once it bribed.

Cards are given by content id (``content.SPELL``, ``content.BEAST`` ...;
Darkness cards by int: ``content.DARK_GESTURE`` / ``DARK_VALUE``); spaces
by index into ``content.SPACES``. ``OBSIDIO`` (-1) is House Obsidio.
"""

from __future__ import annotations

import msgspec

from . import content as C
from .rules import event_years, to_act, years
from .rules_core import SIMULTANEOUS, darkness_count
from .rules_duel import duel_report_for
from .rules_place import active
from .rules_score import darkness_value
from .state import DuelReport, EventReport, FinalReport, Meeple, NightGain, ScoringReport, State


class BeastView(msgspec.Struct, frozen=True):
    id: str
    exhausted: int
    uses: int
    placed: bool


class HouseView(msgspec.Struct, frozen=True):
    seat: int
    player: str
    house: str  # "" until chosen
    wish: bool  # kept the family's wish (+2 permanent Stars, one ability)
    abilities: list[str]  # the abilities this house may use
    start: int  # Starting Material number
    energy: int
    reputation: int
    strength: int
    knowledge: int
    herbs: int
    goods: int
    coins: int
    stars: int  # expiring
    perm_stars: int
    total_stars: int
    vp: int
    objects: list[str]
    beasts: list[BeastView]
    wizards_left: int
    resting: list[str]  # meeples on its rest space this year: "" a wizard, else a beast's card
    at_night: bool
    spell_markers: int
    learned: list[str]
    event_markers: int
    ice: int
    ability_used: bool
    darkness_cards: int
    darkness_drawn: int  # Darkness cards drawn this game (not the 2-player starting three)
    mischief_cards: int
    prophecies: int  # unfulfilled, face down
    fulfilled: list[str]
    chosen: bool  # has made the pending secret choice
    darkness_draw: int  # Darkness cards this house draws per Darkness space or Forbidden Spell (this Teacher)
    vp_parts: list[int]  # VP by category, in the order of ``state.VP_PARTS``


class DecisionView(msgspec.Struct, frozen=True):
    """What the game waits for: ``kind`` (e.g. turn, resolve, duel_secret), who, and its details."""

    kind: str
    seat: int  # -1 when several seats choose at once (see ``to_act``)
    space: int  # the space being used (resolve, learn2, pay), else -1
    count: int  # markers, resources or steals still to take
    card: str  # the Mischief card being played (target, duel_target); pay: the Spell or beast paid for
    step: int  # bribe: 0 the supervising Teacher, n the deck's place n from the top; cut: 0 throw out, 1 learn


class EventView(msgspec.Struct, frozen=True):
    event: str
    number: int
    alive: list[int]
    out: list[int]
    drawn: list[str]
    pairs: list[list[int]]
    lines: list[str]


class ObsidioView(msgspec.Struct, frozen=True):
    holders: list[int]  # seat holding each of the markers 1..4
    next: int  # the next marker to place (5: all placed this year)
    stars: int
    vp: int
    values: list[C.ObsidioValues]


class View(msgspec.Struct, frozen=True):
    seat: int | None
    names: list[str]
    year: int
    years: int
    first_game: bool
    event_years: list[int]  # the school years that end with a Magical Event
    phase: str
    to_act: list[int]
    decision: DecisionView | None
    order: list[int]  # turn order = current sleep order
    turn: int  # whose placement turn (index into order)
    houses: list[HouseView]
    active_spaces: list[int]
    board: list[list[Meeple]]
    ice: list[str]
    spells: list[str]
    spell_marks: list[list[int]]
    spell_deck: int
    beasts: list[str]
    beast_deck: int
    objects: list[str]
    object_price: int
    objects_later: list[str]
    teacher: str
    teacher_deck: int
    teacher_order: list[str]  # top first; only after this seat bribed
    carnival: str
    carnival_deck: int
    duel: str
    duelists: list[int]
    gestures: list[str]  # shown gestures while Mischief may still change them
    duel_deck: int
    events: list[str]  # per position in the row: the event if played or spied by this seat, else ""
    event_marks: list[list[int]]
    events_done: int
    event: EventView | None
    obsidio: ObsidioView | None
    mischief_deck: int
    prophecy_deck: int
    darkness_deck: int
    darkness_discard: list[int]
    duel_reports: list[DuelReport]
    event_reports: list[EventReport]
    scorings: list[ScoringReport]
    final: FinalReport | None
    night: list[NightGain]  # the latest night, bed by bed in sleep order (the limits applied)
    scores: list[int]
    # private to ``seat``
    students: list[str]
    student: str
    prophecies: list[str]
    mischief: list[str]
    darkness: list[int]
    darkness_value: int
    secret: str  # my pending gesture or bet
    secret_n: int  # my pending bid or Darkness card
    # only in view_all (replays of finished games); empty otherwise
    all_prophecies: list[list[str]]
    all_mischief: list[list[str]]
    all_darkness: list[list[int]]
    all_students: list[str]
    all_events: list[str]


def _house(state: State, seat: int, waiting: list[int] | None) -> HouseView:
    p = state.players[seat]
    abilities = []
    if p.house:
        texts = C.HOUSE[p.house].abilities
        abilities = [texts[C.HOUSE[p.house].kept - 1]] if p.wish else list(texts)
    return HouseView(
        seat=seat,
        player=state.seats[seat].name,
        house=p.house,
        wish=p.wish,
        abilities=abilities,
        start=p.start,
        energy=p.energy,
        reputation=p.reputation,
        strength=p.strength,
        knowledge=p.knowledge,
        herbs=p.herbs,
        goods=p.goods,
        coins=p.coins,
        stars=p.stars,
        perm_stars=p.perm_stars,
        total_stars=p.perm_stars + p.stars,
        vp=sum(p.vp),
        objects=list(p.objects),
        beasts=[BeastView(b.id, b.exhausted, C.BEAST[b.id].uses, b.placed) for b in p.beasts],
        wizards_left=p.wizards,
        resting=list(p.resting),
        at_night=p.night,
        spell_markers=p.spell_markers,
        learned=list(p.learned),
        event_markers=p.event_markers,
        ice=p.ice,
        ability_used=p.ability_used,
        darkness_cards=len(p.darkness),
        darkness_drawn=p.darkness_drawn,
        mischief_cards=len(p.mischief),
        prophecies=len(p.prophecies),
        fulfilled=list(p.fulfilled),
        chosen=waiting is not None and seat not in waiting,
        darkness_draw=darkness_count(state, seat) if p.house else 0,
        vp_parts=list(p.vp),
    )


def _duel_report(r: DuelReport, seat: int | None, everything: bool) -> DuelReport:
    return r if everything else duel_report_for(r, seat)


def make_view(state: State, seat: int | None, everything: bool = False) -> View:
    from .rules_eval import object_price

    top = state.tasks[-1] if state.tasks else None
    waiting = SIMULTANEOUS[top.kind](state) if top is not None and top.kind in SIMULTANEOUS else None
    decision = None
    if top is not None:
        decision = DecisionView(
            kind=top.kind,
            seat=-1 if waiting is not None else top.seat,
            space=top.a if top.kind in ("resolve", "learn2", "pay") else -1,
            count=top.a if top.kind in ("spy", "resource", "tattle") else 0,
            card=top.s,
            step=top.a if top.kind in ("bribe", "cut") else 0,
        )
    me = state.players[seat] if seat is not None else None
    events = []
    for i, e in enumerate(state.events):
        known = i < state.events_done or everything or (seat is not None and seat in state.event_marks[i])
        events.append(e if known else "")
    ev = state.event
    obs = state.obsidio
    return View(
        seat=seat,
        names=[s.name for s in state.seats],
        year=state.round,
        years=years(state),
        first_game=state.options.first_game,
        event_years=list(event_years(state)),
        phase=state.phase,
        to_act=sorted(to_act(state)),
        decision=decision,
        order=list(state.order),
        turn=state.turn,
        houses=[_house(state, i, waiting) for i in range(len(state.players))],
        active_spaces=list(active(state)),
        board=[list(b) for b in state.board],
        ice=list(state.ice),
        spells=list(state.display),
        spell_marks=[list(m) for m in state.marks],
        spell_deck=len(state.spell_deck),
        beasts=list(state.beasts),
        beast_deck=len(state.beast_deck),
        objects=list(state.objects),
        object_price=object_price(state),
        objects_later=list(state.objects_high),
        teacher=state.teacher,
        teacher_deck=len(state.teacher_deck),
        teacher_order=list(reversed(state.teacher_deck)) if everything or (me is not None and me.teacher_seen) else [],
        carnival=state.carnival,
        carnival_deck=len(state.carnival_deck),
        duel=state.duel,
        duelists=list(state.duelists),
        gestures=list(state.gestures),
        duel_deck=len(state.duel_deck),
        events=events,
        event_marks=[list(m) for m in state.event_marks],
        events_done=state.events_done,
        event=None if ev is None else EventView(ev.event, ev.number, list(ev.alive), list(ev.out), list(ev.drawn),
                                                 [list(x) for x in ev.pairs], list(ev.lines)),
        obsidio=None if obs is None else ObsidioView(list(obs.holders), obs.next, obs.stars, obs.vp, list(C.OBSIDIO.events)),
        mischief_deck=len(state.mischief_deck),
        prophecy_deck=len(state.prophecy_deck),
        darkness_deck=len(state.darkness_deck),
        darkness_discard=list(state.darkness_discard),
        duel_reports=[_duel_report(r, seat, everything) for r in state.duel_reports],
        event_reports=list(state.event_reports),
        scorings=list(state.scorings),
        final=state.final,
        night=list(state.night),
        scores=[sum(p.vp) for p in state.players],
        students=list(me.students) if me else [],
        student=me.student if me else "",
        prophecies=list(me.prophecies) if me else [],
        mischief=list(me.mischief) if me else [],
        darkness=list(me.darkness) if me else [],
        darkness_value=darkness_value(state, seat) if me else 0,
        secret=me.secret if me else "",
        secret_n=me.secret_n if me else -1,
        all_prophecies=[list(p.prophecies) for p in state.players] if everything else [],
        all_mischief=[list(p.mischief) for p in state.players] if everything else [],
        all_darkness=[list(p.darkness) for p in state.players] if everything else [],
        all_students=[p.student for p in state.players] if everything else [],
        all_events=list(state.events) if everything else [],
    )

