"""Intermediate Scoring, the Cleanup phase (with Tri-Frost's ice) and the final
scoring."""

from __future__ import annotations

from msgspec.structs import replace

from . import content as C
from .actions import DONE, Freeze
from .rules_core import (
    add_vp,
    auto,
    check_prophecies,
    decision,
    discard_spell,
    draw_mischief,
    gain,
    has,
    participants,
    pop,
    push,
    rank_by,
    refill_beasts,
    refill_spells,
    seat_of_house,
    set_obsidio,
    set_player,
    set_players,
    skill_total,
    sleep_rank,
    two,
)
from .rules_setup import rotate_duelists, years
from .state import OBSIDIO, FinalReport, ScoringReport, State, Task

SCORING_VP = (3, 2, 1)


def total_stars(s: State, who: int) -> int:
    if who == OBSIDIO:
        return s.obsidio.stars
    p = s.players[who]
    return p.perm_stars + p.stars


@auto("scoring")
def _scoring(s: State, t: Task) -> State:
    s = replace(s, phase="scoring")
    track, beasts = [], []
    for seat, p in enumerate(s.players):
        track.append(C.REPUTATION_REWARD[p.reputation].stars)
        beasts.append(skill_total(s, seat, "scoring_stars"))
        s = gain(s, seat, C.REPUTATION_REWARD[p.reputation])  # the Reputation track counts now
        s = set_player(s, seat, stars=s.players[seat].stars + beasts[-1])
    s = check_prophecies(s)  # a Darkness card from the track may fulfil one: it counts now
    who = participants(s)
    ranking = rank_by(s, who, lambda w: total_stars(s, w))
    stars = tuple((w, total_stars(s, w)) for w in who)
    parts = tuple(
        (w, 0, total_stars(s, w), 0, 0) if w == OBSIDIO else
        (w, s.players[w].perm_stars, s.players[w].stars - track[w] - beasts[w], track[w], beasts[w])
        for w in who
    )
    vp, to = [], -2
    for place, w in enumerate(ranking[: len(SCORING_VP)]):
        if place == 2 and len(s.seats) < 4:
            # fewer than 4 players: the third place takes a Mischief card instead of 1 VP
            to = w
            if w >= 0:
                s = draw_mischief(s, w, 1)
                s = check_prophecies(s)  # fulfilled at once, before the expiring Stars go
            continue
        s = add_vp(s, w, SCORING_VP[place], "scoring")
        vp.append((w, SCORING_VP[place]))
    s = replace(s, scorings=s.scorings + (ScoringReport(s.round, stars, tuple(ranking), tuple(vp), to, parts),))
    if s.round != years(s):
        # the offer changes and expiring Stars are gone
        while s.display:
            s = discard_spell(s, 0)
        s = refill_spells(s)
        s = refill_beasts(replace(s, beast_discard=s.beast_discard + s.beasts, beasts=()))
        s = set_players(s, lambda i, p: {"stars": 0})
        if s.obsidio is not None:
            s = set_obsidio(s, stars=0)
    return s


# --- Cleanup -------------------------------------------------------------------------------------


def frozen_places(s: State, seat: int) -> list[str]:
    """Locations where Tri-Frost stands this year (not the night), without ice yet."""
    out = []
    for loc in C.LOCATIONS:
        if loc in ("dormitory", "carnival") or loc in s.ice:
            continue
        if any(m.owner == seat for i in C.LOCATION_SPACES[loc] for m in s.board[i]):
            out.append(loc)
    return out


@auto("cleanup")
def _cleanup(s: State, t: Task) -> State:
    s = replace(s, phase="cleanup")
    tf = seat_of_house(s, "trifrost")
    if tf >= 0 and has(s, tf, "trifrost", 2):
        # last year's ice comes back to be placed anew
        s = replace(set_player(s, tf, ice=C.ICE_MARKERS), ice=())
        if frozen_places(s, tf):
            return push(s, Task("freeze", tf), Task("cleanup2"))
    return push(s, Task("cleanup2"))


def _freeze_legal(s: State, t: Task, seat: int) -> list:
    return [Freeze(loc) for loc in frozen_places(s, seat)] + [DONE]


def _freeze_apply(s: State, t: Task, seat: int, a) -> State:
    s = pop(s)
    if a == DONE:
        return s
    s = set_player(replace(s, ice=s.ice + (a.location,)), seat, ice=s.players[seat].ice - 1)
    if s.players[seat].ice > 0 and frozen_places(s, seat):
        s = push(s, Task("freeze", seat))
    return s


decision("freeze")((_freeze_legal, _freeze_apply))


@auto("cleanup2")
def _cleanup2(s: State, t: Task) -> State:
    for seat, p in enumerate(s.players):  # worn-out beasts leave after their last year
        worn = [b.id for b in p.beasts if b.exhausted >= C.BEAST[b.id].uses]
        if worn:
            s = set_player(s, seat, beasts=tuple(b for b in p.beasts if b.id not in worn))
            s = replace(s, beast_discard=s.beast_discard + tuple(worn))
    if s.carnival_deck:
        s = replace(s, carnival=s.carnival_deck[-1], carnival_deck=s.carnival_deck[:-1])
    deck = (s.teacher,) + s.teacher_deck  # the old Teacher goes under the deck
    s = replace(s, teacher=deck[-1], teacher_deck=deck[:-1])
    if s.duel_deck:
        s = replace(s, duel=s.duel_deck[-1], duel_deck=s.duel_deck[:-1])
    if len(s.seats) == 4:
        s = replace(s, duelists=tuple(seat_of_house(s, h) for h in C.DUEL[s.duel].duelists))
    else:
        s = rotate_duelists(s)
    # Obsidio's 5 stays at the Carnival
    s = replace(s, board=tuple(tuple(m for m in b if m.marker == 5) if b else b for b in s.board), round=s.round + 1)
    if s.round == 3:  # the level III-V objects replace the unsold ones
        s = replace(s, objects=s.objects_high, objects_high=())
    tasks = [Task("obsidio_pair")] if two(s) else []
    return push(s, *tasks, Task("year_start"))


# --- the end ------------------------------------------------------------------------------------


def darkness_value(s: State, seat: int) -> int:
    return sum(C.DARK_VALUE[c] for c in s.players[seat].darkness)


@auto("final")
def _final(s: State, t: Task) -> State:
    seats = list(range(len(s.players)))
    lines = []
    for seat, p in enumerate(s.players):
        for card in p.mischief:
            e = C.mischief(card).effect
            if e.kind == "end_vp" and len(p.fulfilled) >= e.needs:
                s = add_vp(s, seat, e.amount, "mischief")
                lines.append(f"{s.seats[seat].name}: {e.amount} VP from {C.mischief(card).name}")
    dark = [darkness_value(s, i) for i in seats]
    penalties = (-1,) if two(s) else (-2, -1)
    # on a tie the earlier sleeper is favoured: the later one takes the bigger penalty
    darkest = sorted((i for i in seats if dark[i] > 0), key=lambda i: (-dark[i], -sleep_rank(s, i)))
    for place, w in enumerate(darkest[: len(penalties)]):
        s = add_vp(s, w, penalties[place], "darkness")
        lines.append(f"{s.seats[w].name}: {penalties[place]} VP for Darkness {dark[w]}")
    done = [len(s.players[i].fulfilled) for i in seats]
    bonuses = (1,) if two(s) else (2, 1)
    for place, w in enumerate(rank_by(s, [i for i in seats if done[i] > 0], done.__getitem__)[: len(bonuses)]):
        s = add_vp(s, w, bonuses[place], "prophecies")
        lines.append(f"{s.seats[w].name}: +{bonuses[place]} VP for {done[w]} fulfilled "
                     f"{'Prophecy' if done[w] == 1 else 'Prophecies'}")
    return replace(s, final=FinalReport(tuple(dark), tuple(done), tuple(lines)), phase="over", tasks=())


def score(s: State, seat: int) -> int:
    return sum(s.players[seat].vp)


def ranking(s: State) -> list[int]:
    return rank_by(s, list(range(len(s.players))), lambda w: score(s, w))

