"""The Fox Experiment rules: setup, whose move it is, legal moves, and applying them.

Every function is pure: states are frozen Structs updated copy-on-write, and all
chance comes from the Rng kept in ``state.rng``.

Flow: "study" (everyone keeps 1 of 3 study cards) -> per round: "selection"
(three turns each in turn order; the automated opponent's turns run by
themselves) -> "upgrades" (everyone at once) -> "breeding" (everyone at once,
pup by pup) -> "research" (everyone at once: studies, trait tokens, the optional
penalty, then upgrades) -> Administration (automatic) -> next round, or "over"
after the 5th.
"""

from __future__ import annotations

from operator import add, attrgetter
from typing import Callable

from msgspec.structs import replace

from foxtui.engine.game import IllegalAction, SeatInfo
from foxtui.engine.rng import Rng, Unshuffled, seed_state

from . import automatch, automaton, breeding, foxes
from .actions import (
    AUTO_MATCH,
    CONFIRM_PUP,
    END_RESEARCH,
    END_UPGRADES,
    AssignPup,
    AutoMatch,
    ChoosePatron,
    ChooseTrait,
    ConfirmPup,
    DiscardToken,
    EndResearch,
    EndUpgrades,
    KeepStudy,
    Pair,
    PlayScience,
    TakeFox,
    TakeSupply,
    Unlock,
    Unpair,
    WildTrait,
)
from .administration import administration, board_players, draw
from .content import (
    AUTO_STUDY,
    AUTO_STUDY_IDS,
    BEST_FACE,
    BLANK_IDS,
    FACES,
    FEMALE_IDS,
    FRIENDLY,
    FRIENDLY_TRACK,
    MALE_IDS,
    PATRON_IDS,
    PATRON_TRACK,
    PUP_NAMES,
    PUP_TRACK,
    ROUNDS,
    SCIENCE_CARD,
    SCIENCE_IDS,
    SELECTION,
    SELECTION_IDS,
    SIDE_FOR,
    STUDY_IDS,
    STUDY_TRACK,
    TILE,
    TILE_IDS,
    TRACK_IDS,
    TRAIT_INDEX,
    TRACK_LEN,
    TRAITS,
    UPGRADE,
    WILD,
    trait_name,
)
from .content import STUDY as STUDY_CARDS
from .state import (
    AUTOMATON,
    FREE,
    Automaton,
    Die,
    Fox,
    Known,
    Litter,
    Options,
    Pending,
    Player,
    Space,
    State,
    StudyProgress,
)

MIN_PLAYERS, MAX_PLAYERS = 2, 6
STARTING_FRIENDLY = (0, 1, 1, 2, 2, 3)  # friendly tokens by starting turn order position
STUDY_DRAW = 3
PATRON_SLOTS = 4
N = len(TRAITS)

_SETS = [frozenset(i for i in range(MAX_PLAYERS) if m >> i & 1) for m in range(1 << MAX_PLAYERS)]
_NOBODY: frozenset[int] = frozenset()

# shared immutable actions
KEEP = {c: KeepStudy(c) for c in STUDY_IDS}
TAKE = {(sex, i): TakeFox(sex, i) for sex in ("female", "male") for i in range(-1, 40)}
SUPPLY = {i: TakeSupply(i) for i in range(10)}
CHOOSE = {t: ChooseTrait(t) for t in TRAITS}
CHOOSE_PATRON = {i: ChoosePatron(i) for i in range(PATRON_SLOTS)}
DISCARD = {t: DiscardToken(t) for t in TRAITS}
UNLOCK = {(k, t): Unlock(TRACK_IDS[k], TRAITS[t]) for k in range(len(TRACK_IDS)) for t in range(N)}
WILD_TRAIT = [WildTrait(t) for t in TRAITS]
_UNPAIR: list[Unpair] = []
_ASSIGN: dict[tuple[int, int], AssignPup] = {}
_SCIENCE: dict[tuple[str, int, str], PlayScience] = {}


def _unpair_actions(count: int) -> list[Unpair]:
    """Unpair actions for the first ``count`` pairs."""
    while len(_UNPAIR) < count:
        _UNPAIR.append(Unpair(len(_UNPAIR)))
    return _UNPAIR[:count]


def _assign(pup: int, study: int) -> AssignPup:
    a = _ASSIGN.get((pup, study))
    if a is None:
        a = _ASSIGN[pup, study] = AssignPup(pup, study)
    return a


def _science(card: str, die: int = -1, trait: str = "") -> PlayScience:
    key = (card, die, trait)
    a = _SCIENCE.get(key)
    if a is None:
        a = _SCIENCE[key] = PlayScience(card, die, trait)
    return a


#: every die face, built once
DIE = [[Die(k, f) for f in range(len(FACES[k]))] for k in range(len(FACES))]


_SIX = 6 ** 24  # 24 six-sided rolls fit in one 64-bit draw
_SIX_LIMIT = (1 << 64) - ((1 << 64) % _SIX)
assert all(len(faces) == 6 for faces in FACES[:FRIENDLY + 1])


def roll_faces(r: Rng, count: int) -> list[int]:
    """``count`` fair rolls of a six-sided die: base-6 digits of 64-bit draws below a
    multiple of 6**24 (others are drawn again), so one draw rolls up to 24 dice."""
    out: list[int] = []
    while len(out) < count:
        v = r.next64()
        if v >= _SIX_LIMIT:
            continue
        v %= _SIX
        need = count - len(out)
        for _ in range(6 if need >= 24 else (need + 3) >> 2):  # four digits at a time, lowest first
            v, low = divmod(v, 1296)
            out += _DIGITS4[low]
    del out[count:]
    return out


_DIGITS4 = [(v % 6, v // 6 % 6, v // 36 % 6, v // 216) for v in range(6**4)]


_MASK64 = (1 << 64) - 1


class Ctx(Rng):
    """What one step carries along: the chance (it is the step's Rng, one object fewer to
    make each step) and the lines the table says by itself."""

    __slots__ = ("events", "summary")

    def __init__(self, state: State) -> None:
        self.state = state.rng & _MASK64  # as Rng(state.rng)
        self.events: list[str] = []
        self.summary: list[str] = []  # the lines of the round's end, when it came in this step

    @property
    def r(self) -> Rng:
        return self


def _set(items: list, i: int, value) -> list:
    out = list(items)
    out[i] = value
    return out


# --- setup --------------------------------------------------------------------------


def setup(seats: list[SeatInfo], options: Options, seed: int) -> State:
    if not isinstance(options, Options):
        raise ValueError("The Fox Experiment options must be fox_experiment Options")
    n = len(seats)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise ValueError(f"The Fox Experiment is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {n}")
    r = Rng(seed_state(seed, "fox-experiment"))
    bp = board_players(n)
    side = SIDE_FOR[bp]
    tiles = r.shuffled(TILE_IDS)
    track = [Space("", FREE)] + [Space(tiles.pop(), FREE) for _ in range(bp)]
    patron_tiles = [tiles.pop() for _ in range(PATRON_SLOTS)]
    patrons = r.shuffled(PATRON_IDS)[:PATRON_SLOTS]
    female_deck = r.shuffled(FEMALE_IDS)
    male_deck = r.shuffled(MALE_IDS)
    females = [foxes.deck_fox(female_deck.pop()) for _ in range(bp + 1)]
    males = [foxes.deck_fox(male_deck.pop()) for _ in range(bp + 1)]
    science_deck = r.shuffled(SCIENCE_IDS)
    study_deck = r.shuffled(STUDY_IDS)
    first = r.below(n)
    order = [(first + i) % n for i in range(n)] + ([AUTOMATON] if n == 2 else [])
    blanks = [r.shuffled(BLANK_IDS) for _ in range(n)]
    offers: dict[int, list[str]] = {}
    for s in order:
        if s != AUTOMATON:
            offers[s] = [study_deck.pop() for _ in range(STUDY_DRAW)]
    players = [
        Player(
            blank_deck=blanks[s],
            blank_discard=[],
            tokens=[0] * N,
            friendly=STARTING_FRIENDLY[order.index(s)],
            points=0,
            science=[],
            upgrades=[0] * len(UPGRADE),
            paid=[[] for _ in UPGRADE],
            studies=[],
            patrons=[],
            rewards=[],
            pending=[Pending("study", offers[s])],
            stage="",
            female=None,
            male=None,
            gear=-1,
            pool=[],
            pups=[],
            pups_left=0,
            litter=None,
            assigned=[],
            owed=0,
        )
        for s in range(n)
    ]
    auto = None
    if n == 2:
        studies = r.shuffled(AUTO_STUDY_IDS)
        study = studies.pop()
        auto = Automaton(r.shuffled(SELECTION_IDS), [], "", studies, study, [0, 0, 0], -1, -1, False)
    return State(
        seats=list(seats),
        options=options,
        rng=r.state,
        round=1,
        phase="study",
        turn=0,
        order=order,
        players=players,
        side=side.id,
        track=track,
        tiles=tiles,
        tile_discard=[],
        patrons=patrons,
        patron_tiles=patron_tiles,
        females=females,
        males=males,
        female_deck=female_deck,
        female_discard=[],
        male_deck=male_deck,
        male_discard=[],
        science_deck=science_deck,
        science_discard=[],
        study_deck=study_deck,
        rewards=[[] for _ in range(ROUNDS)],
        automaton=auto,
        pups_named=0,
        events=[],
    )


# --- whose move, and which ----------------------------------------------------------


def current(state: State) -> int:
    """Selection: whose turn it is (AUTOMATON for the automated opponent)."""
    return state.order[state.turn % len(state.order)]


_LAST: tuple = (None, _NOBODY)  # the last state asked about and its answer (asked 2-3 times a step)


def to_act(state: State) -> frozenset[int]:
    global _LAST
    last = _LAST  # one tuple, swapped whole: safe if two threads ask at once
    if last[0] is state:
        return last[1]
    result = _to_act(state)
    _LAST = (state, result)
    return result


def _to_act(state: State) -> frozenset[int]:
    phase = state.phase
    players = state.players
    if phase == "selection":
        for s, p in enumerate(players):
            if p.pending:
                return _SETS[1 << s]
        who = current(state)
        return _SETS[1 << who] if who >= 0 else _NOBODY
    if phase == "over":
        return _NOBODY
    mask = 0
    if phase == "study":
        for s, p in enumerate(players):
            if p.pending:
                mask |= 1 << s
    else:
        for s, p in enumerate(players):
            if p.stage != "done":
                mask |= 1 << s
    return _SETS[mask]


def legal_actions(state: State, seat: int) -> list:
    if seat not in to_act(state):
        return []
    p = state.players[seat]
    if p.pending:
        return _pending_actions(p)
    phase = state.phase
    if phase == "selection":
        return _selection_actions(state, p)
    if phase == "breeding":
        return _breeding_actions(p)
    if phase == "research":
        if p.stage == "research":
            return _research_actions(p)
        if p.stage == "penalty":
            return [DISCARD[t] for t in TRAITS if p.tokens[TRAIT_INDEX[t]]]
    return _upgrade_actions(state, p)


def _pending_actions(p: Player) -> list:
    pend = p.pending[0]
    if pend.kind == "study":
        return [KEEP[c] for c in pend.options]
    if pend.kind == "trait":
        return list(CHOOSE.values())
    return [CHOOSE_PATRON[i] for i in range(PATRON_SLOTS) if i not in p.patrons]


def _selection_actions(state: State, p: Player) -> list:
    # plain loops: cheaper than comprehensions for rows this short
    out: list = []
    if p.female is None:
        take = _TAKE_FEMALE
        for i, f in enumerate(state.females):
            if not f.automaton:
                out.append(take[i])
        if state.female_deck or state.female_discard:
            out.append(take[-1])
    if p.male is None:
        take = _TAKE_MALE
        for i, f in enumerate(state.males):
            if not f.automaton:
                out.append(take[i])
        if state.male_deck or state.male_discard:
            out.append(take[-1])
    if p.gear < 0:
        for i, sp in enumerate(state.track):
            if sp.claim == FREE:
                out.append(SUPPLY[i])
    return out


# by row position; position -1 (the top of the deck) is the last entry, as in Python
_TAKE_FEMALE = [TAKE["female", i] for i in range(40)] + [TAKE["female", -1]]
_TAKE_MALE = [TAKE["male", i] for i in range(40)] + [TAKE["male", -1]]


_COSTS = [tuple(track.costs) for track in UPGRADE]
_UNLOCK_ROWS = [[UNLOCK[k, t] for t in range(N)] for k in range(len(UPGRADE))]


def _upgrade_actions(state: State, p: Player) -> list:
    # the menu depends on these few numbers only, and players meet the same ones again and again
    key = (*p.tokens, *p.upgrades, not state.study_deck, len(p.patrons) >= PATRON_SLOTS)
    menu = _UPGRADE_MENUS.get(key)
    if menu is None:
        if len(_UPGRADE_MENUS) > 20_000:
            _UPGRADE_MENUS.clear()
        menu = _UPGRADE_MENUS[key] = tuple(_upgrade_menu(state, p))
    return list(menu)


_UPGRADE_MENUS: dict[tuple, tuple] = {}


def _upgrade_menu(state: State, p: Player) -> list:
    out: list = []
    tokens = p.tokens
    most = max(tokens)
    for k, costs in enumerate(_COSTS):
        done = p.upgrades[k]
        if done >= len(costs) or costs[done] > most:
            continue
        if k == STUDY_TRACK and not state.study_deck:
            continue
        if k == PATRON_TRACK and len(p.patrons) >= PATRON_SLOTS:
            continue
        cost = costs[done]
        row = _UNLOCK_ROWS[k]
        out.extend([row[t] for t in range(N) if tokens[t] >= cost])
    out.append(END_UPGRADES)
    return out



def _science_actions(p: Player) -> list:
    lit = p.litter
    if lit is None or not p.science:
        return []
    out: list = []
    kinds: set[str] = set()
    for card in p.science:
        kind = SCIENCE_CARD[card].kind
        if kind in kinds:
            continue  # cards of one kind do the same: the first one stands for them all
        kinds.add(kind)
        if kind == "reroll":
            out.extend(_science(card, d) for d, die in enumerate(lit.dice) if die.kind <= FRIENDLY)
        elif kind == "best_face":
            out.extend(_science(card, d) for d, die in enumerate(lit.dice) if die.kind < N and die.face != BEST_FACE)
        elif kind == "extra_die":
            out.extend(_science(card, -1, t) for t in TRAITS)
        else:
            out.append(_science(card))
    return out


def _breeding_actions(p: Player) -> list:
    lit = p.litter
    if lit is None:
        return []
    pairs = lit.pairs
    if breeding.deciding(pairs):  # the wild pair just made: which trait, the likeliest first
        return [WILD_TRAIT[t] for t in wild_order(p, breeding.symbols(lit.dice, pairs))]
    out = breeding.legal_pairs(lit.dice, pairs, p.friendly - breeding.tokens_used(pairs) if pairs else p.friendly)
    if pairs:
        out.extend(_unpair_actions(len(pairs)))
    if p.science:
        out.extend(_science_actions(p))
    if out and auto_improves(p):
        out.append(AUTO_MATCH)
    out.append(CONFIRM_PUP)
    return out


def wild_order(p: Player, counts: list[int]) -> list[int]:
    """The traits a wild pair could make, the sensible one first: a track that is not full
    yet, then the trait the next level of one of the player's studies lacks most on this
    pup, then the trait with the fewest symbols so far (then the first)."""
    short = [0] * N
    for st in p.studies:
        card = STUDY_CARDS[st.card]
        if st.level < len(card.points):
            need = card.needs[st.level]
            for t in range(N):
                gap = need[t] - min(counts[t], TRACK_LEN)
                if gap > short[t]:
                    short[t] = gap
    return sorted(range(N), key=lambda t: (counts[t] >= TRACK_LEN, -short[t], counts[t], t))


def auto_improves(p: Player) -> bool:
    """Whether the auto-match would leave a better pairing than the pairs on the roll now
    (more symbols, a study level, or tokens kept: see automatch.py)."""
    return auto_choice(p) is not None


def auto_choice(p: Player) -> automatch.Choice | None:
    """The pairing the auto-match step leaves on the player's roll (None: nothing to gain)."""
    return automatch.choose(p, lambda counts: wild_order(p, counts)[0])


def auto_reason(p: Player, choice: automatch.Choice) -> str:
    """Why the auto-match chose it, in a few words."""
    return automatch.reason(p, choice, lambda counts: wild_order(p, counts)[0])


def _research_actions(p: Player) -> list:
    out: list = []
    # each open study level's needs, worked out once for all the pups
    open_levels = []
    for j, st in enumerate(p.studies):
        card = STUDY_CARDS[st.card]
        if st.level < len(card.points):
            open_levels.append((j, card.needs[st.level]))
    for i, pup in enumerate(p.pups):
        if i in p.assigned:
            continue
        have = foxes.marked(pup)
        for j, needs in open_levels:
            if have[0] >= needs[0] and have[1] >= needs[1] and have[2] >= needs[2] and have[3] >= needs[3]:
                out.append(_assign(i, j))
    out.append(END_RESEARCH)
    return out


# --- applying a move ----------------------------------------------------------------


def apply(state: State, seat: int, action) -> State:
    if not isinstance(seat, int) or not 0 <= seat < len(state.seats):
        raise IllegalAction(f"There is no seat {seat!r} at this table.")
    if seat not in to_act(state):
        if state.phase == "over":
            raise IllegalAction("The game is over.")
        if state.phase == "selection":
            raise IllegalAction("It is not your turn to select.")
        raise IllegalAction("You are done for now; wait for the others.")
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise IllegalAction("That is not a move in The Fox Experiment.")
    ctx = Ctx(state)
    new = handler(state, seat, action, ctx)
    if new.phase in _UPGRADING:
        new = _no_upgrade_to_pay_for(new, ctx)
    # the mover still owes a choice, or is still busy in a phase everyone plays at once:
    # nothing can happen by itself yet (what _progress would find out the long way)
    mover = new.players[seat]
    if not (mover.pending or (mover.stage != "done" and new.phase in _TOGETHER)):
        new = _progress(new, ctx)
    if new.rng == ctx.r.state and not ctx.events and not new.events and not new.summary:
        return new
    return replace(new, rng=ctx.r.state, events=ctx.events, summary=ctx.summary)


_TOGETHER = frozenset({"upgrades", "breeding", "research"})
_UPGRADING = frozenset({"upgrades", "research"})


def _no_upgrade_to_pay_for(state: State, ctx: Ctx) -> State:
    """A player who may unlock upgrades but cannot pay for any (no choice left to make
    first) is done with them: "Done with upgrades" alone is no decision, and asking for
    it cost a pass screen and a key. The table is told, as the move would have been."""
    players = state.players
    done = None
    for s, p in enumerate(players):
        if p.pending:
            continue
        if (p.stage == "busy" and state.phase == "upgrades") or (p.stage == "upgrades" and state.phase == "research"):
            if len(_upgrade_actions(state, p)) == 1:  # (END_UPGRADES is always last on the menu)
                if done is None:
                    done = list(players)
                done[s] = replace(p, stage="done")
                ctx.events.append(f"{state.seats[s].name} cannot pay for any upgrade, so is done with upgrades.")
    return state if done is None else replace(state, players=done)
_PENDING = attrgetter("pending")


def _pending_refusal(p: Player) -> None:
    if p.pending:
        kind = p.pending[0].kind
        raise IllegalAction(
            {
                "study": "First keep one of the study cards you drew.",
                "trait": "First choose the trait token you are owed.",
                "patron": "First choose the patron for your meeple.",
            }[kind]
        )


def _trait(name: str) -> int:
    t = TRAIT_INDEX.get(name)
    if t is None:
        raise IllegalAction(f"There is no trait called {name!r}.")
    return t


def _keep_study(state: State, seat: int, a: KeepStudy, ctx: Ctx) -> State:
    p = state.players[seat]
    if not p.pending or p.pending[0].kind != "study":
        _pending_refusal(p)
        raise IllegalAction("You have no study cards to choose from now.")
    offer = p.pending[0].options
    if a.card not in offer:
        raise IllegalAction("Keep one of the study cards you drew.")
    rest = [c for c in offer if c != a.card]
    p = replace(p, studies=p.studies + [StudyProgress(a.card, 0)], pending=p.pending[1:])
    return replace(state, players=_set(state.players, seat, p), study_deck=rest + state.study_deck)


def _take_fox(state: State, seat: int, a: TakeFox, ctx: Ctx) -> State:
    p = state.players[seat]
    _pending_refusal(p)
    if state.phase != "selection":
        raise IllegalAction("Parents are selected in the Selection phase.")
    if a.sex not in ("female", "male"):
        raise IllegalAction("Select a female or a male fox.")
    female = a.sex == "female"
    if (p.female if female else p.male) is not None:
        raise IllegalAction(f"You already selected a {a.sex} parent this round.")
    row = state.females if female else state.males
    changes: dict = {}
    if a.index == -1:
        deck = list(state.female_deck if female else state.male_deck)
        discard = list(state.female_discard if female else state.male_discard)
        card = draw(deck, discard, ctx.r)
        if card is None:
            raise IllegalAction(f"The {a.sex} deck is empty.")
        fox = foxes.deck_fox(card)
        if female:
            changes = {"female_deck": deck, "female_discard": discard}
        else:
            changes = {"male_deck": deck, "male_discard": discard}
    else:
        if not isinstance(a.index, int) or not 0 <= a.index < len(row):
            raise IllegalAction("There is no fox at that place in the row.")
        fox = row[a.index]
        if fox.automaton:
            raise IllegalAction("The automated opponent has a meeple on that fox.")
        changes = {"females" if female else "males": row[: a.index] + row[a.index + 1 :]}
    p = replace(p, female=fox) if female else replace(p, male=fox)
    return replace(state, players=_set(state.players, seat, p), turn=state.turn + 1, **changes)


def _collect(state: State, p: Player, icons, ctx: Ctx) -> tuple[State, Player, list[Pending]]:
    """Gain what supply icons show; "any" icons become trait choices to make."""
    tokens = list(p.tokens)
    friendly, science = p.friendly, p.science
    owed: list[Pending] = []
    deck = discard = None
    for icon in icons:
        if icon == "science":
            if deck is None:
                deck, discard = list(state.science_deck), list(state.science_discard)
            card = draw(deck, discard, ctx.r)
            if card is not None:
                science = science + [card]
        elif icon == "friendly":
            friendly += 1
        elif icon == "any":
            owed.append(Pending("trait"))
        else:
            tokens[TRAIT_INDEX[icon]] += 1
    if deck is not None:
        state = replace(state, science_deck=deck, science_discard=discard)
    return state, replace(p, tokens=tokens, friendly=friendly, science=science), owed


def space_icons(state: State, space: int) -> tuple[str, ...]:
    """What taking a supply-track space gives: its tile's icons, then those printed there."""
    tile = state.track[space].tile
    return (TILE[tile] if tile else ()) + tuple(SIDE_FOR[board_players(len(state.seats))].printed[space])


def _take_supply(state: State, seat: int, a: TakeSupply, ctx: Ctx) -> State:
    p = state.players[seat]
    _pending_refusal(p)
    if state.phase != "selection":
        raise IllegalAction("Supply spaces are taken in the Selection phase.")
    if p.gear >= 0:
        raise IllegalAction("You already took a supply space this round.")
    if not isinstance(a.space, int) or not 0 <= a.space < len(state.track):
        raise IllegalAction("There is no such supply space.")
    space = state.track[a.space]
    if space.claim != FREE:
        raise IllegalAction("That supply space is taken.")
    state, p, owed = _collect(state, p, space_icons(state, a.space), ctx)
    p = replace(p, gear=a.space, pending=p.pending + owed)
    track = _set(state.track, a.space, Space("", seat))
    tile_discard = state.tile_discard + [space.tile] if space.tile else state.tile_discard
    return replace(
        state, players=_set(state.players, seat, p), track=track, tile_discard=tile_discard, turn=state.turn + 1
    )


def _choose_trait(state: State, seat: int, a: ChooseTrait, ctx: Ctx) -> State:
    p = state.players[seat]
    if not p.pending or p.pending[0].kind != "trait":
        _pending_refusal(p)
        raise IllegalAction("You are not owed a trait token of your choice.")
    t = _trait(a.trait)
    tokens = _set(p.tokens, t, p.tokens[t] + 1)
    return replace(state, players=_set(state.players, seat, replace(p, tokens=tokens, pending=p.pending[1:])))


def _choose_patron(state: State, seat: int, a: ChoosePatron, ctx: Ctx) -> State:
    p = state.players[seat]
    if not p.pending or p.pending[0].kind != "patron":
        _pending_refusal(p)
        raise IllegalAction("You have no patron meeple to place now.")
    if not isinstance(a.slot, int) or not 0 <= a.slot < PATRON_SLOTS:
        raise IllegalAction("There are four patrons: choose one of them.")
    if a.slot in p.patrons:
        raise IllegalAction("You already have a meeple beside that patron.")
    icons = TILE[state.patron_tiles[a.slot]] + ("science",)
    rest = p.pending[1:]
    state, p, owed = _collect(state, replace(p, patrons=p.patrons + [a.slot]), icons, ctx)
    p = replace(p, pending=owed + rest)
    return replace(state, players=_set(state.players, seat, p))


def _may_upgrade(state: State, p: Player) -> None:
    _pending_refusal(p)
    if not ((state.phase == "upgrades" and p.stage == "busy") or (state.phase == "research" and p.stage == "upgrades")):
        if state.phase == "research" and p.stage == "research":
            raise IllegalAction("First finish your studies (then collect your trait tokens).")
        if state.phase == "research" and p.stage == "penalty":
            raise IllegalAction("First discard the trait tokens the penalty asks for.")
        raise IllegalAction("Upgrades are unlocked after Selection and after Research.")


def _unlock(state: State, seat: int, a: Unlock, ctx: Ctx) -> State:
    p = state.players[seat]
    _may_upgrade(state, p)
    if a.track not in TRACK_IDS:
        raise IllegalAction(f"There is no upgrade track called {a.track!r}.")
    k = TRACK_IDS.index(a.track)
    t = _trait(a.trait)
    track = UPGRADE[k]
    done = p.upgrades[k]
    if done >= len(track.costs):
        raise IllegalAction(f"The {track.name} track is fully unlocked.")
    cost = track.costs[done]
    if p.tokens[t] < cost:
        raise IllegalAction(
            f"That {track.name} upgrade costs {cost} matching tokens; you have {p.tokens[t]} {TRAITS[t]} token{'s' if p.tokens[t] != 1 else ''}."
        )
    if k == STUDY_TRACK and not state.study_deck:
        raise IllegalAction("The study deck is empty.")
    if k == PATRON_TRACK and len(p.patrons) >= PATRON_SLOTS:
        raise IllegalAction("You already have a meeple beside every patron.")
    paid = _set(p.paid, k, p.paid[k] + [t])
    p = replace(p, tokens=_set(p.tokens, t, p.tokens[t] - cost), upgrades=_set(p.upgrades, k, done + 1), paid=paid)
    if k == STUDY_TRACK:
        deck = list(state.study_deck)
        offer = [deck.pop() for _ in range(min(STUDY_DRAW, len(deck)))]
        p = replace(p, pending=p.pending + [Pending("study", offer)])
        state = replace(state, study_deck=deck)
    elif k == PATRON_TRACK:
        p = replace(p, pending=p.pending + [Pending("patron")])
    return replace(state, players=_set(state.players, seat, p))


def _end_upgrades(state: State, seat: int, a: EndUpgrades, ctx: Ctx) -> State:
    p = state.players[seat]
    _may_upgrade(state, p)
    return replace(state, players=_set(state.players, seat, replace(p, stage="done")))


def _litter(state: State, p: Player, what: str, naming: bool = False) -> Litter:
    _pending_refusal(p)
    if state.phase != "breeding" or p.litter is None:
        raise IllegalAction(f"You can only {what} while breeding a pup.")
    if breeding.deciding(p.litter.pairs) != naming:
        if naming:
            raise IllegalAction("There is no pair of wild halves waiting for its trait.")
        raise IllegalAction("First name the trait your pair of wild halves makes.")
    return p.litter


def _pair(state: State, seat: int, a: Pair, ctx: Ctx) -> State:
    p = state.players[seat]
    lit = _litter(state, p, "pair halves")
    if not breeding.is_legal_pair(lit.dice, lit.pairs, p.friendly - breeding.tokens_used(lit.pairs), a):
        raise IllegalAction("Those two halves cannot be joined into that trait.")
    lit = replace(lit, pairs=lit.pairs + [a])
    return replace(state, players=_set(state.players, seat, replace(p, litter=lit)))


def _wild_trait(state: State, seat: int, a: WildTrait, ctx: Ctx) -> State:
    p = state.players[seat]
    lit = _litter(state, p, "name a wild pair's trait", naming=True)
    t = _trait(a.trait)
    q = lit.pairs[-1]
    lit = replace(lit, pairs=lit.pairs[:-1] + [breeding.pair(q.a, q.a_half, q.b, q.b_half, t)])
    return replace(state, players=_set(state.players, seat, replace(p, litter=lit)))


def _auto_match(state: State, seat: int, a: AutoMatch, ctx: Ctx) -> State:
    p = state.players[seat]
    lit = _litter(state, p, "auto-match a roll")
    choice = auto_choice(p)
    if choice is None:
        raise IllegalAction("The pairs on your roll are already the best it can make.")
    return replace(state, players=_set(state.players, seat, replace(p, litter=replace(lit, pairs=list(choice.pairs)))))


def _unpair(state: State, seat: int, a: Unpair, ctx: Ctx) -> State:
    p = state.players[seat]
    lit = _litter(state, p, "take a pair apart")
    if not isinstance(a.pair, int) or not 0 <= a.pair < len(lit.pairs):
        raise IllegalAction("There is no such pair.")
    lit = replace(lit, pairs=lit.pairs[: a.pair] + lit.pairs[a.pair + 1 :])
    return replace(state, players=_set(state.players, seat, replace(p, litter=lit)))


def _play_science(state: State, seat: int, a: PlayScience, ctx: Ctx) -> State:
    p = state.players[seat]
    lit = _litter(state, p, "play science cards")
    if a.card not in p.science:
        raise IllegalAction("You do not hold that science card.")
    if a not in _science_actions(p):
        raise IllegalAction("That science card cannot be played that way.")
    kind = SCIENCE_CARD[a.card].kind
    dice, pairs = list(lit.dice), lit.pairs
    if kind in ("reroll", "best_face"):
        die = dice[a.die]
        face = ctx.r.below(len(FACES[die.kind])) if kind == "reroll" else BEST_FACE
        dice[a.die] = Die(die.kind, face)
        pairs = [q for q in pairs if q.a != a.die and q.b != a.die]  # that die's halves come loose
    elif kind == "extra_die":
        t = TRAIT_INDEX[a.trait]
        dice.append(Die(t, ctx.r.below(len(FACES[t]))))
    else:
        dice.append(Die(WILD, 0))
    science = list(p.science)
    science.remove(a.card)
    lit = replace(lit, dice=dice, pairs=pairs, science=lit.science + [a.card])
    return replace(state, players=_set(state.players, seat, replace(p, litter=lit, science=science)))


def _next_litter(p: Player, r: Rng, name: str) -> Player:
    """Reveal the next blank fox card and roll the pool for it (or stop when none is left);
    ``name`` is the name suggested for the pup."""
    if p.pups_left <= 0:
        return replace(p, litter=None, stage="done")
    deck, discard = p.blank_deck, p.blank_discard
    if deck:  # the usual case, without copying the discards
        card, deck = deck[-1], deck[:-1]
    else:
        deck, discard = list(deck), list(discard)
        card = draw(deck, discard, r)
        if card is None:
            return replace(p, litter=None, pups_left=0, stage="done")
    dice = [DIE[k][f] for k, f in zip(p.pool, roll_faces(r, len(p.pool)))]
    return replace(
        p,
        blank_deck=deck,
        blank_discard=discard,
        litter=Litter(card, dice, [], [], name),
        pups_left=p.pups_left - 1,
        stage="busy",
    )


NAME_MAX = 16  # characters in a pup's name


def name_refusal(name: str) -> str | None:
    """Why a name typed for a pup cannot be written on its card (one sentence), or None."""
    if not isinstance(name, str) or not name.strip():
        return "A pup's name needs at least one letter or digit."
    if name != name.strip():
        return "A pup's name cannot begin or end with a space."
    if len(name) > NAME_MAX:
        return f"A pup's name fits the card in {NAME_MAX} characters or fewer."
    if not name.isprintable():
        return "A pup's name is made of printable characters only."
    if not any(c.isalnum() for c in name):
        return "A pup's name needs at least one letter or digit."
    return None


def suggest_name(state: State, players: list[Player]) -> tuple[str, int]:
    """The name suggested for the next pup revealed, and the count of suggestions after
    it: the next name of the list that no fox on the table bears now."""
    taken = {f.name for f in state.females}
    taken.update(f.name for f in state.males)
    for p in players:
        taken.update(f.name for f in p.pups)
        if p.litter is not None:
            taken.add(p.litter.name)
        for parent in (p.female, p.male):
            if parent is not None:
                taken.add(parent.name)
    k = state.pups_named
    for i in range(len(PUP_NAMES)):
        name = PUP_NAMES[(k + i) % len(PUP_NAMES)]
        if name not in taken:
            return name, k + i + 1
    return PUP_NAMES[k % len(PUP_NAMES)], k + 1


def make_pup(state: State, seat: int, name: str = "") -> Fox:
    """The pup the current pairing makes (what ConfirmPup records): named ``name``, or
    the name suggested for it."""
    p = state.players[seat]
    lit = p.litter
    assert lit is not None
    marks, overflow, friendliness = breeding.pup_marks(breeding.symbols(lit.dice, lit.pairs))
    return Fox(lit.card, seat, name or lit.name, friendliness, marks, overflow)


def _confirm(state: State, seat: int, a: ConfirmPup, ctx: Ctx) -> State:
    p = state.players[seat]
    lit = _litter(state, p, "record a pup")
    if a.name:
        refusal = name_refusal(a.name)
        if refusal:
            raise IllegalAction(refusal)
    pup = make_pup(state, seat, a.name)
    p = replace(
        p,
        pups=p.pups + [pup],
        points=p.points + pup.points,
        friendly=p.friendly - breeding.tokens_used(lit.pairs),
    )
    players = _set(state.players, seat, p)
    name, named = suggest_name(state, players) if p.pups_left > 0 else ("", state.pups_named)
    players[seat] = _next_litter(p, ctx.r, name)
    if players[seat].litter is None:
        named = state.pups_named
    return replace(
        state,
        players=players,
        science_discard=state.science_discard + lit.science if lit.science else state.science_discard,
        pups_named=named,
    )


def _assign_pup(state: State, seat: int, a: AssignPup, ctx: Ctx) -> State:
    p = state.players[seat]
    _pending_refusal(p)
    if state.phase != "research" or p.stage != "research":
        raise IllegalAction("Pups are assigned to studies in the Research phase.")
    if not isinstance(a.pup, int) or not 0 <= a.pup < len(p.pups):
        raise IllegalAction("You have no such pup this round.")
    if a.pup in p.assigned:
        raise IllegalAction("That pup already completed a study level this round.")
    if not isinstance(a.study, int) or not 0 <= a.study < len(p.studies):
        raise IllegalAction("You have no such study card.")
    st = p.studies[a.study]
    card = STUDY_CARDS[st.card]
    if st.level >= len(card.points):
        raise IllegalAction("That study is already complete.")
    if not foxes.meets(p.pups[a.pup], card.needs[st.level]):
        raise IllegalAction(f"That pup does not meet level {st.level + 1} of {card.name}.")
    studies = _set(p.studies, a.study, StudyProgress(st.card, st.level + 1))
    p = replace(p, studies=studies, assigned=p.assigned + [a.pup])
    auto = state.automaton
    if auto is not None and st.level + 1 == len(card.points) and not auto.replace_study:
        state = replace(state, automaton=replace(auto, replace_study=True))
    return replace(state, players=_set(state.players, seat, p))


def research_tokens(p: Player) -> list[int]:
    """Trait tokens a player collects: per trait, the marked circles of their pup with the most."""
    if not p.pups:
        return [0] * N
    return list(map(max, zip(*map(foxes.circles, p.pups))))


def inbred(p: Player) -> bool:
    """Both parents bred by the same player (the optional penalty's "same colour")."""
    return p.female is not None and p.male is not None and p.female.owner >= 0 and p.female.owner == p.male.owner


def _end_research(state: State, seat: int, a: EndResearch, ctx: Ctx) -> State:
    p = state.players[seat]
    _pending_refusal(p)
    if state.phase != "research" or p.stage != "research":
        raise IllegalAction("Research is over for you.")
    gain = research_tokens(p)
    tokens = list(map(add, p.tokens, gain))
    owed = 2 if state.options.same_colour_penalty and inbred(p) and sum(tokens) else 0
    p = replace(p, tokens=tokens, owed=owed, stage="penalty" if owed else "upgrades")
    return replace(state, players=_set(state.players, seat, p))


def _discard_token(state: State, seat: int, a: DiscardToken, ctx: Ctx) -> State:
    p = state.players[seat]
    if state.phase != "research" or p.stage != "penalty":
        raise IllegalAction("You owe no tokens for the same-colour penalty.")
    t = _trait(a.trait)
    if not p.tokens[t]:
        raise IllegalAction(f"You have no {TRAITS[t]} token.")
    tokens = _set(p.tokens, t, p.tokens[t] - 1)
    owed = p.owed - 1
    if owed <= 0 or not sum(tokens):
        p = replace(p, tokens=tokens, owed=0, stage="upgrades")
    else:
        p = replace(p, tokens=tokens, owed=owed)
    return replace(state, players=_set(state.players, seat, p))


_HANDLERS: dict[type, Callable] = {
    KeepStudy: _keep_study,
    TakeFox: _take_fox,
    TakeSupply: _take_supply,
    ChooseTrait: _choose_trait,
    ChoosePatron: _choose_patron,
    DiscardToken: _discard_token,
    Unlock: _unlock,
    EndUpgrades: _end_upgrades,
    Pair: _pair,
    WildTrait: _wild_trait,
    AutoMatch: _auto_match,
    Unpair: _unpair,
    PlayScience: _play_science,
    ConfirmPup: _confirm,
    AssignPup: _assign_pup,
    EndResearch: _end_research,
}


# --- what happens by itself ---------------------------------------------------------


def _progress(state: State, ctx: Ctx) -> State:
    """Run everything that needs no decision: the automated opponent's turns and the
    moves from phase to phase, until a player has to decide (or the game is over)."""
    while True:
        phase = state.phase
        players = state.players
        if phase == "study":
            if to_act(state):  # (also what the next caller asks first)
                return state
            state = begin_selection(state)
        elif phase == "selection":
            if any(map(_PENDING, players)):
                return state
            if state.turn >= 3 * len(state.order):
                state = replace(state, phase="upgrades", players=[replace(p, stage="busy") for p in players])
                state = _no_upgrade_to_pay_for(state, ctx)
                continue
            if current(state) != AUTOMATON:
                return state
            state = automaton.take_turn(state, ctx.r, ctx.events)
        elif phase in _TOGETHER:
            if to_act(state):  # someone is not done yet
                return state
            if phase == "upgrades":
                state = begin_breeding(state, ctx)
            elif phase == "breeding":
                state = replace(state, phase="research", players=[replace(p, stage="research") for p in players])
            else:
                start = len(ctx.events)
                state = _end_of_research(state, ctx)
                state = administration(state, ctx.r, ctx.events)
                ctx.summary = ctx.events[start:]  # (the next round's lines follow in events)
                if state.phase != "over":
                    state = begin_selection(state)
        else:
            return state


def begin_selection(state: State) -> State:
    players = [
        replace(p, stage="", female=None, male=None, gear=-1, pool=[], pups=[], pups_left=0, litter=None, assigned=[], owed=0)
        for p in state.players
    ]
    auto = state.automaton
    if auto is not None:
        auto = replace(auto, took=[0, 0, 0], gear=-1, meeple=-1, shown="")
    return replace(state, phase="selection", turn=0, players=players, automaton=auto)


def pool_of(p: Player) -> list[int]:
    """Die kinds a player rolls for each pup: both parents' trait dice and their friendly dice
    (four traits, as foxes.py checks)."""
    f = foxes.dice(p.female) if p.female else foxes.ZEROS
    m = foxes.dice(p.male) if p.male else foxes.ZEROS
    return [0] * (f[0] + m[0]) + [1] * (f[1] + m[1]) + [2] * (f[2] + m[2]) + [3] * (f[3] + m[3]) + [FRIENDLY] * (
        1 + p.upgrades[FRIENDLY_TRACK]
    )


def begin_breeding(state: State, ctx: Ctx) -> State:
    state = automaton.breed(state, ctx.events)
    players = list(state.players)
    for s in state.order:
        if s == AUTOMATON:
            continue
        p = players[s]
        p = replace(p, pool=pool_of(p), pups_left=1 + p.upgrades[PUP_TRACK])
        name, named = suggest_name(state, players)
        players[s] = _next_litter(p, ctx.r, name)
        if players[s].litter is not None:
            state = replace(state, pups_named=named)
    return replace(state, phase="breeding", players=players)


def _end_of_research(state: State, ctx: Ctx) -> State:
    auto = state.automaton
    if auto is None or not auto.replace_study:
        return state
    deck = [auto.study] + list(auto.study_deck)
    study = deck.pop()
    first, second = AUTO_STUDY[study]
    ctx.events.append(
        f"A study was completed: the automated opponent turns over a new study ({trait_name(first)}, then {trait_name(second)})."
    )
    return replace(state, automaton=replace(auto, study_deck=deck, study=study, replace_study=False))


# --- hidden information -------------------------------------------------------------


def knowledge(state: State, seat: int) -> Known:
    """What ``seat`` may know: the table with everything hidden from it dealt the one
    fixed way (every pool sorted; see determinize)."""
    return Known(seat, _deal_hidden(state, seat, Unshuffled()))


def determinize(known: Known, seed: int) -> State:
    """Re-deal all that the seat cannot know: the other players' science cards and the
    study cards they are choosing from, and the order of every face-down deck (the
    automated opponent's selection deck keeps the arrow showing on its top)."""
    return _deal_hidden(known.table, known.seat, Rng(seed_state(seed, "fox-experiment determinize", known.seat)))


def _deal_hidden(state: State, seat: int, r: Rng) -> State:
    """``state`` with all ``seat`` cannot see dealt again by ``r`` (every pool sorted
    first, so the deal does not depend on how the state it came from was dealt)."""
    others = [s for s in range(len(state.players)) if s != seat]
    science = list(state.science_deck)
    studies = list(state.study_deck)
    for s in others:
        p = state.players[s]
        science.extend(p.science)
        for pend in p.pending:
            if pend.kind == "study":
                studies.extend(pend.options)
    science.sort()
    studies.sort()
    r.shuffle(science)
    r.shuffle(studies)
    players = []
    for s, p in enumerate(state.players):
        changes: dict = {"blank_deck": r.shuffled(sorted(p.blank_deck))}
        if s != seat:
            changes["science"] = [science.pop() for _ in p.science]
            if any(pend.kind == "study" for pend in p.pending):
                changes["pending"] = [
                    Pending(pend.kind, [studies.pop() for _ in pend.options]) if pend.kind == "study" else pend
                    for pend in p.pending
                ]
        players.append(replace(p, **changes))
    auto = state.automaton
    if auto is not None:
        deck = r.shuffled(sorted(auto.deck))
        if deck:
            want = SELECTION[auto.deck[-1]].arrow
            k = next(i for i, c in enumerate(deck) if SELECTION[c].arrow == want)
            deck[k], deck[-1] = deck[-1], deck[k]
        auto = replace(auto, deck=deck, study_deck=r.shuffled(sorted(auto.study_deck)))
    return replace(
        state,
        players=players,
        science_deck=science,
        study_deck=studies,
        female_deck=r.shuffled(sorted(state.female_deck)),
        male_deck=r.shuffled(sorted(state.male_deck)),
        tiles=r.shuffled(sorted(state.tiles)),
        automaton=auto,
        rng=r.next64(),
    )

