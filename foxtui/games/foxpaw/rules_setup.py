"""Setting up Foxpaw: the board side and decks by player count, Student cards kept in
secret, houses chosen from the highest Starting Material number down, starting
materials taken from the lowest up, House Obsidio with 2 players, and the start of
every school year."""

from __future__ import annotations

from msgspec.structs import replace

from foxtui.engine.game import SeatInfo
from foxtui.engine.rng import Rng, seed_state

from . import content as C
from .actions import PickBeast, PickHouse, PickObject, PickPair, PickStudent
from .rules_core import (
    SIMULTANEOUS,
    advance,
    drop,
    auto,
    below,
    decision,
    gain,
    has,
    pop,
    push,
    refill_beasts,
    refill_spells,
    refuse,
    seat_of_house,
    set_obsidio,
    set_player,
    set_players,
    take_beast,
)
from .state import OBSIDIO, Meeple, Obsidio, Options, Player, State, Task

MIN_PLAYERS, MAX_PLAYERS = 2, 4
CARNIVAL_TOP = C.SPACE_INDEX["carnival-2"]


def years(state: State) -> int:
    return 4 if state.options.first_game else 5


def event_years(state: State) -> tuple[int, ...]:
    return (2, 4) if state.options.first_game else (2, 4, 5)


def setup(seats: list[SeatInfo], options: Options, seed: int) -> State:
    if not isinstance(options, Options):
        raise ValueError("Foxpaw options must be foxpaw Options")
    n = len(seats)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise ValueError(f"Foxpaw is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {n}")
    r = Rng(seed_state(seed, "foxpaw"))
    four = n == 4
    # Starting Material: 1-4 with four players, 1-3 otherwise (with two, the third is Obsidio's)
    numbers = r.shuffled(list(range(1, (4 if four else 3) + 1)))
    students = r.shuffled(C.STUDENT_IDS)
    players = [Player(students=(students.pop(), students.pop()), start=numbers[i]) for i in range(n)]
    starts = {i: numbers[i] for i in range(n)}
    if n == 2:
        starts[OBSIDIO] = numbers[2]
    order = tuple(sorted(starts, key=lambda w: starts[w]))
    objects = tuple(o.id for o in C.OBJECTS if four or not o.four_players)
    spells = tuple(r.shuffled(C.SPELL_IDS))
    beasts = tuple(r.shuffled(C.BEAST_IDS))
    teachers = r.shuffled(C.TEACHER_IDS)
    carnival = r.shuffled(C.CARNIVAL_IDS)
    duels = r.shuffled(C.DUEL_IDS)
    events = r.shuffled([e.id for e in C.EVENTS if four or not e.four_players])
    board: list[tuple[Meeple, ...]] = [() for _ in C.SPACES]
    if n == 2:
        board[CARNIVAL_TOP] = (Meeple(OBSIDIO, marker=5),)
    state = State(
        seats=tuple(seats),
        options=options,
        rng=r.next64(),
        round=1,
        phase="setup",
        players=tuple(players),
        order=order,
        turn=0,
        board=tuple(board),
        ice=(),
        tasks=(),
        students_box=tuple(students),
        spell_deck=spells,
        spell_discard=(),
        display=(),
        marks=(),
        beast_deck=beasts,
        beast_discard=(),
        beasts=(),
        mischief_deck=tuple(r.shuffled(C.MISCHIEF_CARDS)),
        mischief_discard=(),
        prophecy_deck=tuple(r.shuffled(C.PROPHECY_IDS)),
        darkness_deck=tuple(r.shuffled(C.DARK_CARDS)),
        darkness_discard=(),
        teacher=teachers.pop(),
        teacher_deck=tuple(teachers),
        carnival=carnival.pop(),
        carnival_deck=tuple(carnival),
        duel=duels.pop(),
        duel_deck=tuple(duels),
        duelists=(),
        gestures=(),
        changed=(),
        ring=(),
        objects=tuple(o for o in objects if C.OBJECT[o].level == "low"),
        objects_high=tuple(o for o in objects if C.OBJECT[o].level == "high"),
        events=tuple(events),
        event_marks=tuple(() for _ in events),
        events_done=0,
        event=None,
        obsidio=Obsidio((0, 1, 0, 1)) if n == 2 else None,
        duel_reports=(),
        event_reports=(),
        scorings=(),
        final=None,
        steps=0,
    )
    state = refill_beasts(refill_spells(state))
    tasks = [Task("student"), Task("houses"), Task("start_materials"), Task("duelists")]
    if n == 2:
        tasks += [Task("setup_2p"), Task("obsidio_pair")]
    tasks.append(Task("year_start"))
    return advance(push(state, *tasks))


# --- Student cards (secret, everyone at once) ------------------------------------------


SIMULTANEOUS["student"] = lambda s: [i for i, p in enumerate(s.players) if not p.student]


def _student_legal(s: State, t: Task, seat: int) -> list:
    return [PickStudent(c) for c in s.players[seat].students]


def _student_apply(s: State, t: Task, seat: int, a: PickStudent) -> State:
    s = set_player(s, seat, student=a.card)
    return s if SIMULTANEOUS["student"](s) else pop(s)


decision("student")((_student_legal, _student_apply))


# --- houses, highest Starting Material number first ----------------------------------------


@auto("houses")
def _houses(s: State, t: Task) -> State:
    seats = sorted(range(len(s.players)), key=lambda i: -s.players[i].start)
    return push(s, *(Task("house", i) for i in seats))


def _house_legal(s: State, t: Task, seat: int) -> list:
    taken = {p.house for p in s.players}
    return [PickHouse(h) for h in C.HOUSES if h not in taken]


def _house_apply(s: State, t: Task, seat: int, a: PickHouse) -> State:
    p = s.players[seat]
    wish = C.STUDENT[p.student].wish == a.house
    s = set_player(pop(s), seat, house=a.house, wish=wish)
    if wish:  # family tradition kept: 2 Coins and 2 permanent Stars, one ability
        s = set_player(s, seat, coins=p.coins + 2, perm_stars=p.perm_stars + 2)
    if has(s, seat, "trifrost", 2):
        s = set_player(s, seat, ice=C.ICE_MARKERS)
    return s


decision("house")((_house_legal, _house_apply))


# --- starting materials, lowest number first -------------------------------------------------


@auto("start_materials")
def _start_materials(s: State, t: Task) -> State:
    tasks = []
    for seat in sorted(range(len(s.players)), key=lambda i: s.players[i].start):
        card = C.START[s.players[seat].start]
        s = gain(s, seat, card.reward)
        if card.object:
            tasks.append(Task("start_object", seat))
        if card.beast:
            tasks.append(Task("start_beast", seat))
    return push(s, *tasks)


def _start_object_legal(s: State, t: Task, seat: int) -> list:
    return [PickObject(o) for o in s.objects]


def _start_object_apply(s: State, t: Task, seat: int, a: PickObject) -> State:
    from .rules_eval import equip

    return equip(pop(s), seat, a.object)


decision("start_object")((_start_object_legal, _start_object_apply))


def _start_beast_legal(s: State, t: Task, seat: int) -> list:
    return [PickBeast(b) for b in s.beasts]


def _start_beast_apply(s: State, t: Task, seat: int, a: PickBeast) -> State:
    return refill_beasts(take_beast(pop(s), seat, a.beast))


decision("start_beast")((_start_beast_legal, _start_beast_apply))


# --- the Duel Arena -----------------------------------------------------------------------


@auto("duelists")
def _duelists(s: State, t: Task) -> State:
    if len(s.seats) == 4:
        return replace(s, duelists=tuple(seat_of_house(s, h) for h in C.DUEL[s.duel].duelists))
    # 2-3 players: two random Duel markers; later years turn clockwise
    ring = tuple(range(len(s.seats))) + ((OBSIDIO,) if len(s.seats) == 2 else ())
    s, o = below(s, 3)
    return replace(s, ring=ring, duelists=(ring[(o + 1) % 3], ring[(o + 2) % 3]))


def rotate_duelists(s: State) -> State:
    """2-3 players: the right duelist watches, the watcher steps in on the left."""
    if len(s.ring) != 3:
        return s
    watcher = next(w for w in s.ring if w not in s.duelists)
    return replace(s, duelists=(watcher, s.duelists[0]))


# --- House Obsidio (2 players) ---------------------------------------------------------------


@auto("setup_2p")
def _setup_2p(s: State, t: Task) -> State:
    """Each player gets one Darkness card of each value 1, 2 and 3."""
    for seat in range(2):
        for value in (1, 2, 3):
            pick = [c for c in s.darkness_deck if C.DARK_VALUE[c] == value]
            s, i = below(s, len(pick))
            s = replace(s, darkness_deck=drop(s.darkness_deck, pick[i]))
            s = set_player(s, seat, darkness=s.players[seat].darkness + (pick[i],))
    return s


@auto("obsidio_pair")
def _obsidio_pair(s: State, t: Task) -> State:
    first = next(w for w in s.order if w != OBSIDIO)
    return push(s, Task("pair", first))


def _pair_legal(s: State, t: Task, seat: int) -> list:
    return [PickPair(0), PickPair(1)]


def _pair_apply(s: State, t: Task, seat: int, a: PickPair) -> State:
    if a.pair not in (0, 1):
        refuse("Choose markers 1 and 3, or 2 and 4.")
    other = 1 - seat
    mine = (1, 3) if a.pair == 0 else (2, 4)
    return set_obsidio(pop(s), holders=tuple(seat if m in mine else other for m in (1, 2, 3, 4)))


decision("pair")((_pair_legal, _pair_apply))


# --- a new school year -------------------------------------------------------------------------


@auto("year_start")
def _year_start(s: State, t: Task) -> State:
    from .rules_place import start_turn

    def new_year(seat: int, p: Player) -> dict:
        fields = {"wizards": C.WIZARDS, "resting": (), "night": False, "ability_used": False,
                  "beasts": tuple(b if not b.placed else replace(b, placed=False) for b in p.beasts)}
        if has(s, seat, "trifrost", 1):
            fields["coins"] = p.coins + 2
        return fields

    s = set_players(replace(s, phase="placement"), new_year)
    if s.obsidio is not None:
        s = set_obsidio(s, next=1)
    return start_turn(s, 0)
