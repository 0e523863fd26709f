"""What a seat may know.

Everything on the table is public: the kennel, the supply track, patrons,
every player's tokens, upgrades, studies, parents, pups, and the roll each
player is matching (dice are rolled in the open). Secret to their owner:
science cards in hand and the study cards being chosen from. Nobody sees the
order of a face-down deck (the automated opponent's selection deck shows the
arrow on its top card's back).

The View is built for a screen: dice say which halves they show and which are
paired, the pup being bred comes with a preview of its card, and names and
texts come along with ids. Parts of views are shared between views (they are
memoised): treat every View as read-only.
"""

from __future__ import annotations

from typing import NamedTuple

import msgspec

from . import breeding, foxes
from .actions import TOKEN, Pair
from .administration import board_players, breakdown, ranking
from .automaton import arrow, preferences
from .content import (
    ANY,
    BLANK,
    FACES,
    KIND_NAMES,
    REWARDS,
    ROUNDS,
    SCIENCE_CARD,
    SCIENCE_TEXT,
    SELECTION,
    SIDE_FOR,
    STUDY,
    TILE,
    TRACK_IDS,
    TRAITS,
    face_text,
    icon_text,
    patron_side,
    patron_text,
    trait_name,
)
from .rules import auto_choice, auto_reason, current, make_pup, research_tokens, to_act, wild_order
from .state import AUTO_GEAR, AUTO_MEEPLE, AUTOMATON, Fox, Litter, Player, State


class TrackView(msgspec.Struct, frozen=True):
    """One trait track of a pup card: its five spaces left to right."""

    trait: str
    spaces: list[str]  # "square" | "circle"
    marked: list[bool]
    points: int  # point tokens written beside it (symbols past a full track)


class FoxView(msgspec.Struct, frozen=True):
    card: str
    name: str
    sex: str  # "female" | "male"
    owner: int  # -1: from a parent deck; else the seat that bred it
    friendliness: int
    dice: dict[str, int]  # trait dice it gives as a parent
    extra: dict[str, int]  # of which the automated opponent added (deck foxes)
    marked: dict[str, int]  # marked spaces per trait (pups; what studies look at)
    circles: dict[str, int]  # marked circles per trait (pups)
    tracks: list[TrackView]  # the card's tracks (pups only)
    automaton: bool  # an automated opponent meeple stands on it


class DieView(msgspec.Struct, frozen=True):
    index: int
    kind: int  # 0..3 trait die, 4 friendly die, 5 wild half from a science card
    kind_name: str
    face: int
    wholes: int  # whole symbols of its trait
    halves: list[str]  # colour of each half: a trait id, or "any" (wild)
    paired: list[bool]  # per half: already in a pair
    text: str


class PairView(msgspec.Struct, frozen=True):
    pair: Pair
    text: str


class LitterView(msgspec.Struct, frozen=True):
    """The pup on the table: the roll, the pairs made, and the card they would give."""

    card: str
    sex: str
    dice: list[DieView]
    pairs: list[Pair]
    pair_texts: list[str]
    tokens_free: int  # friendly tokens not yet in a pair
    tokens_used: int
    science: list[str]  # science cards played on this pup
    symbols: dict[str, int]  # whole symbols per trait as paired now
    preview: FoxView  # the pup card if recorded now, under the name suggested for it
    deciding: bool  # the last pair joins two wild halves and waits for its trait
    wild_order: list[str]  # then: the traits it may make, the suggested one first
    best_symbols: int  # the most symbols this roll can make
    auto_match: bool  # the auto-match step would improve on the pairs made
    auto_symbols: int  # the symbols the auto-match would leave (as paired now if it would not)
    auto_reason: str  # why the auto-match chooses its pairing, in a few words ("" if it would not)


class LevelView(msgspec.Struct, frozen=True):
    needs: dict[str, int]
    points: int


class StudyView(msgspec.Struct, frozen=True):
    card: str
    name: str
    level: int  # levels completed
    levels: list[LevelView]


class PlayerView(msgspec.Struct, frozen=True):
    name: str
    turn_position: int  # 0 = first in turn order
    gear: int  # supply-track space of the gear, -1 none
    tokens: dict[str, int]
    friendly: int
    points: int
    science: int  # science cards held (secret)
    upgrades: dict[str, int]
    paid: dict[str, list[str]]  # the token left on each unlocked space
    friendly_dice: int
    pups_per_round: int
    studies: list[StudyView]
    patrons: list[int]
    rewards: list[int]
    stage: str
    pending: str  # the kind of choice this player owes ("" none)
    owed: int  # tokens still to discard for the same-colour penalty
    female: FoxView | None
    male: FoxView | None
    pool: dict[str, int]  # dice rolled for each pup this round ("friendly" included)
    pups: list[FoxView]
    assigned: list[int]
    research_tokens: dict[str, int]  # what collecting trait tokens would give now
    pups_left: int
    litter: LitterView | None
    blank_deck: int
    blank_discard: int


class SpaceView(msgspec.Struct, frozen=True):
    index: int
    tile: str  # "" none
    icons: list[str]  # what taking it gives: the tile's icons, then those printed on the board
    printed: list[str]
    text: str  # what taking it gives, in words
    holder: int  # seat whose gear is there, -1 none
    automaton: str  # "gear" | "meeple" | ""


class PatronView(msgspec.Struct, frozen=True):
    slot: int
    card: str
    side: str  # "A" | "B"
    name: str
    text: str
    tile: str
    icons: list[str]
    meeples: list[int]  # seats with a meeple beside it


class RewardView(msgspec.Struct, frozen=True):
    space: int
    points: int
    tokens: int
    seats: list[int]


class AutomatonView(msgspec.Struct, frozen=True):
    study: str
    first: str
    second: str
    study_deck: int
    selection_deck: int
    arrow: str  # on the back of the selection deck's top card
    shown: str  # the selection card turned over last
    shown_items: list[str]
    took: dict[str, int]  # this round: female, male, supply
    gear: int
    meeple: int
    turn_position: int


class PendingView(msgspec.Struct, frozen=True):
    kind: str  # "study" | "trait" | "patron"
    options: list[str]  # study card ids (study); trait ids (trait); free patron slots (patron)


class View(msgspec.Struct, frozen=True):
    seat: int | None
    names: list[str]
    round: int
    rounds: int
    phase: str  # "study" | "selection" | "upgrades" | "breeding" | "research" | "over"
    to_act: list[int]
    current: int | None  # selection: whose turn (-1 the automated opponent); None otherwise
    order: list[int]  # turn order, -1 for the automated opponent
    side: str
    track: list[SpaceView]
    tiles: int
    patrons: list[PatronView]
    females: list[FoxView]
    males: list[FoxView]
    female_deck: int
    female_discard: int
    male_deck: int
    male_discard: int
    science_deck: int
    study_deck: int
    rewards: list[RewardView]
    players: list[PlayerView]
    automaton: AutomatonView | None
    same_colour_penalty: bool
    science: list[str]  # the viewer's science cards
    pending: PendingView | None  # the viewer's choice to make
    events: list[str]  # what the table did by itself in the last step
    summary: list[str]  # of those, the lines of the Administration that ended a round
    scores: list[dict[str, int]]  # at the end: each seat's points by category
    ranking: list[int]  # at the end: seats best first
    # Only in view_all (replays of finished games); empty otherwise.
    all_science: list[list[str]]
    all_pending: list[list[str]]


def _traits(values) -> dict[str, int]:
    return {t: int(values[i]) for i, t in enumerate(TRAITS)}


_FOX_VIEWS: dict[tuple, FoxView] = {}


def fox_view(fox: Fox) -> FoxView:
    """The view of a fox card (memoised: the same card state always looks the same)."""
    key = (fox.card, fox.owner, fox.name, fox.friendliness, tuple(fox.marks), fox.points, tuple(fox.extra), fox.automaton)
    v = _FOX_VIEWS.get(key)
    if v is None:
        if len(_FOX_VIEWS) > 20_000:
            _FOX_VIEWS.clear()
        v = _FOX_VIEWS[key] = _fox_view(fox)
    return v


def _fox_view(fox: Fox) -> FoxView:
    female = foxes.is_female(fox)
    tracks: list[TrackView] = []
    if fox.owner >= 0:
        card = BLANK[fox.card]
        for t, layout in enumerate(card.tracks):
            marks = fox.marks[t]
            tracks.append(
                TrackView(
                    TRAITS[t],
                    ["square" if c == "s" else "circle" for c in layout],
                    [bool(marks >> i & 1) for i in range(len(layout))],
                    0,
                )
            )
        if fox.points:
            tracks = _spread_points(tracks, fox)
    extra = fox.extra if fox.extra else (0,) * len(TRAITS)
    return FoxView(
        card=fox.card,
        name=fox.name,
        sex="female" if female else "male",
        owner=fox.owner,
        friendliness=fox.friendliness,
        dice=_traits(foxes.dice(fox)),
        extra=_traits(extra),
        marked=_traits(foxes.marked(fox)),
        circles=_traits(foxes.circles(fox)),
        tracks=tracks,
        automaton=fox.automaton,
    )


def _spread_points(tracks: list[TrackView], fox: Fox) -> list[TrackView]:
    """Point tokens are written beside the tracks that overflowed; the fox keeps only the
    total, so the view puts them beside the full tracks, first one first."""
    left = fox.points
    full = [i for i, tr in enumerate(tracks) if all(tr.marked)]
    out = list(tracks)
    for k, i in enumerate(full):
        share = left if k == len(full) - 1 else 0
        out[i] = TrackView(tracks[i].trait, tracks[i].spaces, tracks[i].marked, share)
    return out


_DIE_VIEWS: dict[tuple[int, int, int, tuple[bool, ...]], DieView] = {}


def die_view(index: int, kind: int, face: int, paired: tuple[bool, ...]) -> DieView:
    key = (index, kind, face, paired)
    v = _DIE_VIEWS.get(key)
    if v is None:
        wholes, halves = FACES[kind][face]
        v = _DIE_VIEWS[key] = DieView(
            index=index,
            kind=kind,
            kind_name=KIND_NAMES[kind],
            face=face,
            wholes=wholes,
            halves=["any" if c == ANY else TRAITS[c] for c in halves],
            paired=list(paired),
            text=face_text(kind, face),
        )
    return v


def _litter_view(state: State, seat: int, p: Player, lit: Litter) -> LitterView:
    used = {(q.a, q.a_half) for q in lit.pairs} | {(q.b, q.b_half) for q in lit.pairs}
    dice = [
        die_view(d, die.kind, die.face, tuple([(d, s) in used for s in range(len(FACES[die.kind][die.face][1]))]))
        for d, die in enumerate(lit.dice)
    ]
    pup = make_pup(state, seat)
    tokens = breeding.tokens_used(lit.pairs)
    deciding = breeding.deciding(lit.pairs)
    counts = breeding.symbols(lit.dice, lit.pairs)
    auto = auto_choice(p)
    return LitterView(
        card=lit.card,
        sex="female" if BLANK[lit.card].female else "male",
        dice=dice,
        pairs=list(lit.pairs),
        pair_texts=[pair_text(lit, q) for q in lit.pairs],
        tokens_free=p.friendly - tokens,
        tokens_used=tokens,
        science=list(lit.science),
        symbols=_traits(counts),
        preview=fox_view(pup),
        deciding=deciding,
        wild_order=[TRAITS[t] for t in wild_order(p, counts)] if deciding else [],
        best_symbols=sum(breeding.symbols(lit.dice, ())) + breeding.best_count(lit.dice, p.friendly)[0],
        auto_match=auto is not None,
        auto_symbols=auto.symbols if auto is not None else sum(counts),
        auto_reason=auto_reason(p, auto) if auto is not None else "",
    )


def half_text(lit: Litter, die: int, half: int) -> str:
    if die == TOKEN:
        return "a friendly token"
    d = lit.dice[die] if 0 <= die < len(lit.dice) else None
    if d is None:
        return "a missing die"
    halves = FACES[d.kind][d.face][1]
    colour = halves[half] if 0 <= half < len(halves) else ANY
    what = "wild half" if colour == ANY else f"{trait_name(colour)} half"
    return f"the {what} on die {die + 1} ({KIND_NAMES[d.kind]})"


def pair_text(lit: Litter, q: Pair) -> str:
    made = "a trait still to name" if q.trait == breeding.WILD_TRAIT else q.trait
    return f"{half_text(lit, q.a, q.a_half)} + {half_text(lit, q.b, q.b_half)} = {made}"


_STUDY_VIEWS: dict[tuple[str, int], StudyView] = {}


def _study_view(card: str, level: int) -> StudyView:
    v = _STUDY_VIEWS.get((card, level))
    if v is None:
        v = _STUDY_VIEWS[card, level] = _make_study_view(card, level)
    return v


def _make_study_view(card: str, level: int) -> StudyView:
    s = STUDY[card]
    levels = [LevelView({TRAITS[t]: n for t, n in enumerate(need) if n}, pts) for need, pts in zip(s.needs, s.points)]
    return StudyView(card, s.name, level, levels)


_PLAYER_VIEWS: dict[int, tuple[Player, tuple, PlayerView]] = {}


def _player_view(state: State, seat: int, p: Player) -> PlayerView:
    """Memoised on the Player object itself (states share unchanged players), the seat's
    name and place. The cache keeps the Player alive, so its id cannot be reused while
    the entry exists."""
    key = (state.seats[seat].name, state.order.index(seat))
    hit = _PLAYER_VIEWS.get(id(p))
    if hit is not None and hit[0] is p and hit[1] == key:
        return hit[2]
    if len(_PLAYER_VIEWS) > 4096:
        _PLAYER_VIEWS.clear()
    v = _make_player_view(state, seat, p)
    _PLAYER_VIEWS[id(p)] = (p, key, v)
    return v


def _make_player_view(state: State, seat: int, p: Player) -> PlayerView:
    pool = {t: 0 for t in TRAITS}
    pool["friendly"] = 0
    for k in p.pool:
        pool[TRAITS[k] if k < len(TRAITS) else "friendly"] += 1
    return PlayerView(
        name=state.seats[seat].name,
        turn_position=state.order.index(seat),
        gear=p.gear,
        tokens=_traits(p.tokens),
        friendly=p.friendly,
        points=p.points,
        science=len(p.science),
        upgrades={TRACK_IDS[k]: n for k, n in enumerate(p.upgrades)},
        paid={TRACK_IDS[k]: [TRAITS[t] for t in ts] for k, ts in enumerate(p.paid)},
        friendly_dice=1 + p.upgrades[2],
        pups_per_round=1 + p.upgrades[0],
        studies=[_study_view(s.card, s.level) for s in p.studies],
        patrons=list(p.patrons),
        rewards=list(p.rewards),
        stage=p.stage,
        pending=p.pending[0].kind if p.pending else "",
        owed=p.owed,
        female=fox_view(p.female) if p.female else None,
        male=fox_view(p.male) if p.male else None,
        pool=pool,
        pups=[fox_view(f) for f in p.pups],
        assigned=list(p.assigned),
        research_tokens=_traits(research_tokens(p)),
        pups_left=p.pups_left,
        litter=_litter_view(state, seat, p, p.litter) if p.litter is not None else None,
        blank_deck=len(p.blank_deck),
        blank_discard=len(p.blank_discard),
    )


def _pending_view(p: Player) -> PendingView | None:
    if not p.pending:
        return None
    pend = p.pending[0]
    if pend.kind == "study":
        return PendingView("study", list(pend.options))
    if pend.kind == "trait":
        return PendingView("trait", list(TRAITS))
    return PendingView("patron", [str(i) for i in range(4) if i not in p.patrons])


def make_view(state: State, seat: int | None, everything: bool = False) -> View:
    n = len(state.seats)
    printed = SIDE_FOR[board_players(n)].printed
    track = []
    for i, sp in enumerate(state.track):
        icons = list(TILE[sp.tile]) if sp.tile else []
        track.append(
            SpaceView(
                index=i,
                tile=sp.tile,
                icons=icons + list(printed[i]),
                printed=list(printed[i]),
                text=space_text(icons + list(printed[i]), state.round),
                holder=sp.claim if sp.claim >= 0 else -1,
                automaton="gear" if sp.claim == AUTO_GEAR else "meeple" if sp.claim == AUTO_MEEPLE else "",
            )
        )
    patrons = []
    for slot, card in enumerate(state.patrons):
        side = patron_side(card, slot)
        tile = state.patron_tiles[slot]
        patrons.append(
            PatronView(
                slot=slot,
                card=card,
                side="A" if slot < 2 else "B",
                name=side.name,
                text=patron_text(side),
                tile=tile,
                icons=list(TILE[tile]) + ["science"],
                meeples=[s for s, p in enumerate(state.players) if slot in p.patrons],
            )
        )
    auto = state.automaton
    auto_view = None
    if auto is not None:
        first, second = preferences(auto)
        took = dict(zip(("female", "male", "supply"), auto.took))
        auto_view = AutomatonView(
            study=auto.study,
            first=TRAITS[first],
            second=TRAITS[second],
            study_deck=len(auto.study_deck),
            selection_deck=len(auto.deck),
            arrow=arrow(auto),
            shown=auto.shown,
            shown_items=list(SELECTION[auto.shown].items) if auto.shown else [],
            took=took,
            gear=auto.gear,
            meeple=auto.meeple,
            turn_position=state.order.index(AUTOMATON),
        )
    over = state.phase == "over"
    me = state.players[seat] if seat is not None else None
    return View(
        seat=seat,
        names=[s.name for s in state.seats],
        round=state.round,
        rounds=ROUNDS,
        phase=state.phase,
        to_act=sorted(to_act(state)),
        current=current(state) if state.phase == "selection" else None,
        order=list(state.order),
        side=state.side,
        track=track,
        tiles=len(state.tiles),
        patrons=patrons,
        females=[fox_view(f) for f in state.females],
        males=[fox_view(f) for f in state.males],
        female_deck=len(state.female_deck),
        female_discard=len(state.female_discard),
        male_deck=len(state.male_deck),
        male_discard=len(state.male_discard),
        science_deck=len(state.science_deck),
        study_deck=len(state.study_deck),
        rewards=[RewardView(k, REWARDS[k].points, REWARDS[k].tokens, list(seats)) for k, seats in enumerate(state.rewards)],
        players=[_player_view(state, s, p) for s, p in enumerate(state.players)],
        automaton=auto_view,
        same_colour_penalty=state.options.same_colour_penalty,
        science=list(me.science) if me is not None else [],
        pending=_pending_view(me) if me is not None else None,
        events=list(state.events),
        summary=list(state.summary),
        scores=[breakdown(state, s) for s in range(n)] if over else [],
        ranking=ranking(state) if over else [],
        all_science=[list(p.science) for p in state.players] if everything else [],
        all_pending=[[c for pend in p.pending for c in pend.options] for p in state.players] if everything else [],
    )


def science_text(card: str) -> str:
    """A science card's name and what it does, as one clause (no full stop: lists of
    them are joined with semicolons)."""
    s = SCIENCE_CARD[card]
    text = SCIENCE_TEXT[s.kind].rstrip(".")
    return f"{s.name}: {text[0].lower()}{text[1:]}"


def space_text(icons: list[str], round_: int, whose: str = "your") -> str:
    """What a supply-track space gives, in words: its icons, or for the empty first space
    first place in the next round's turn order (in the last round, in the tie-break)."""
    if icons:
        return ", ".join(icon_text(i, whose) for i in icons)
    if round_ >= ROUNDS:
        return "nothing but first place in the tie-break at the end"
    return "nothing but first place in the turn order next round"



# --- a lean view for the expert's simulations --------------------------------------
#
# The expert's rollouts let the sensible bot choose every seat's steps in sampled
# states, thousands of times per decision; building a full View each time (texts, the
# pup's preview, every player) was half their cost. A RolloutView holds only what the
# sensible bot reads, built the same way make_view builds it, for the acting seat (a
# test holds the bot's choices on both to be the same).


class RolloutDie(NamedTuple):
    kind: int
    face: int
    wholes: int
    halves: tuple[int, ...]


class RolloutLitter(NamedTuple):
    dice: list[RolloutDie]
    pairs: list[Pair]
    tokens_free: int
    deciding: bool


class RolloutPlayer(NamedTuple):
    tokens: dict[str, int]
    friendly: int
    points: int
    science: int  # cards in hand (a count, as the View shows other players)
    upgrades: dict[str, int]
    pups_per_round: int
    studies: list[StudyView]
    patrons: list[int]
    rewards: list[int]
    litter: RolloutLitter | None


class RolloutSpace(NamedTuple):
    icons: list[str]


class RolloutPatron(NamedTuple):
    card: str
    icons: list[str]


class RolloutView(NamedTuple):
    seat: int
    round: int
    phase: str
    order: list[int]
    track: list[RolloutSpace]
    patrons: list[RolloutPatron]
    females: list[FoxView]
    males: list[FoxView]
    players: list[RolloutPlayer | None]  # the acting seat's only


_ROLLOUT_DICE: dict[tuple[int, int], RolloutDie] = {}


def _rollout_die(kind: int, face: int) -> RolloutDie:
    d = _ROLLOUT_DICE.get((kind, face))
    if d is None:
        wholes, halves = FACES[kind][face]
        d = _ROLLOUT_DICE[kind, face] = RolloutDie(kind, face, wholes, tuple(halves))
    return d


def rollout_view(state: State, seat: int) -> RolloutView:
    """What the sensible bot reads of ``seat``'s View, and no more (see above)."""
    p = state.players[seat]
    lit = p.litter
    litter = None
    if lit is not None:
        litter = RolloutLitter(
            dice=[_rollout_die(d.kind, d.face) for d in lit.dice],
            pairs=list(lit.pairs),
            tokens_free=p.friendly - breeding.tokens_used(lit.pairs),
            deciding=breeding.deciding(lit.pairs),
        )
    me = RolloutPlayer(
        tokens=_traits(p.tokens),
        friendly=p.friendly,
        points=p.points,
        science=len(p.science),
        upgrades={TRACK_IDS[k]: n for k, n in enumerate(p.upgrades)},
        pups_per_round=1 + p.upgrades[0],
        studies=[_study_view(s.card, s.level) for s in p.studies],
        patrons=list(p.patrons),
        rewards=list(p.rewards),
        litter=litter,
    )
    printed = SIDE_FOR[board_players(len(state.seats))].printed
    players: list[RolloutPlayer | None] = [None] * len(state.players)
    players[seat] = me
    return RolloutView(
        seat=seat,
        round=state.round,
        phase=state.phase,
        order=list(state.order),
        track=[RolloutSpace((list(TILE[sp.tile]) if sp.tile else []) + list(printed[i])) for i, sp in enumerate(state.track)],
        patrons=[RolloutPatron(card, list(TILE[tile]) + ["science"]) for card, tile in zip(state.patrons, state.patron_tiles)],
        females=[fox_view(f) for f in state.females],
        males=[fox_view(f) for f in state.males],
        players=players,
    )
