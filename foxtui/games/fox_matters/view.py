"""What a seat may know. Nothing is secret between players, so every seat sees the
same table; what nobody may see is left out: cards dealt face down (until the
timer starts), the order of every deck, the face-down problems above the
columns and the kinds of face-down Fear tokens.

Cards, problems and knights are given by id; ``content`` has their names and
symbols (``content.CARDS``, ``content.PROBLEM``, ``content.KNIGHT``).
"""

from __future__ import annotations

from typing import NamedTuple

import msgspec

from . import check, content
from .actions import MAX_FEAR
from .content import CARDS, KNIGHT, NIGHTMARE
from .rules import ROUNDS, check_column, suggested_share, timer_seconds, to_act
from .state import CheeseShare, PendingPick, Played, RoundReport, State

DIFFICULTY = {1: "Easy", 2: "Intermediate", 3: "Difficult", 4: "Extremely difficult"}


class FearView(msgspec.Struct, frozen=True):
    up: bool
    kind: str | None  # "two" (red 2) or a symbol; None while face down


class ProblemNeeds(msgspec.Struct, frozen=True):
    """What one problem card asks for in this game: its printed needs with the
    Nightmare's rule changes applied (e.g. one more symbol for every Complicated Problem)."""

    id: str
    total: int
    need: dict[str, int]  # specific symbols, zeros left out
    changed: bool  # the Nightmare changed it (total differs from the printed card)


class ColumnStatus(msgspec.Struct, frozen=True):
    """The column as it stands now (face-down Fear does not count): the live check.
    Not given with the table's own check (option check=table)."""

    need_total: int
    need: dict[str, int]
    have_total: int
    have: dict[str, int]
    have_any: int
    missing: dict[str, int]
    missing_any: int
    broken_links: list[int]  # 1-based card positions that do not follow the card before
    broken_at: list[str]  # ... those cards' ids, in chain order
    chain_note: str  # "" or where the chain breaks, e.g. "chain broken at Kind Letter"
    gray_tail: int
    met: bool


class ColumnView(msgspec.Struct, frozen=True):
    problems: list[str]
    problem_needs: list[ProblemNeeds]  # one per problem, the Nightmare's changes applied
    cards: list[Played]
    fear: list[FearView]
    knights: list[str]  # knight markers standing on this column
    #: the cluster's requirement as it stands (problems, faced Fear, a Gray Tail first):
    #: what the cards ask for, shown under either check
    need_total: int
    need: dict[str, int]
    one_fear_from_losing: bool  # two Fear tokens already: failing once more loses the game
    status: ColumnStatus | None  # the live check; None with the table's own check
    accepts: list[str]  # symbols the next card may show (["any"] on an empty column, [] with no problem)


class KnightView(msgspec.Struct, frozen=True):
    id: str
    name: str
    symbol: str
    owner: int
    cheese: int
    column: int  # -1: on its board
    abilities: list[str]  # what each ability does, in order (each costs 1 cheese)


class View(msgspec.Struct, frozen=True):
    seat: int | None  # whose view this is; None = the public view
    names: list[str]
    humans: list[bool]  # which seats a person plays (bots leave their cards and knights alone)
    live_check: bool  # False with the table's own check: no column status until the Problem check
    round: int
    rounds: int
    phase: str  # "planning" | "pick_fox" | "action" | "share_cheese" | "over"
    to_act: list[int]
    ready: list[bool]  # Planning: said Ready; Action: said done
    phase_steps: int  # steps taken since this round's Planning (or Action) began
    timer_seconds: int  # the Action timer the table's clock runs; 0 = untimed
    holiday: bool
    nightmare: str
    difficulty: str
    rule_changes: list[str]
    nightmare_out: bool  # the Nightmare is in a column
    upcoming: list[bool]  # which of the 4 face-down problem spots still hold a problem
    fox_spots: list[str]  # face-up Fox cards ("" = empty spot)
    columns: list[ColumnView]
    knights: list[KnightView]
    hands: list[list[str]]  # each player's face-up cards
    hidden: list[int]  # each player's face-down cards
    pending: PendingPick | None  # Fox cards a knight looked at, for its player to choose from
    #: columns dealt with whose cheese the table still shares out, the one being decided first
    sharing: list[CheeseShare]
    suggested_share: list[int]  # for sharing[0]: the suggested split, by its knights ([] if none)
    relief_deck: int
    relief_discard: list[str]  # last card on top
    common_deck: int
    common_discard: list[str]
    complicated_discard: list[str]
    fox_deck: int
    fox_discard: list[str]
    gray_deck: int
    fear_pool: int
    cheese_supply: int
    reports: list[RoundReport]  # the Problem check of every round so far
    last_check: list[list[str]]  # the latest Problem check explained: sentences per column ([]: not checked)
    dealt_with: dict[str, int]
    result: str  # "" while playing, then "won" or "lost"
    end_reason: str
    # Only in view_all (replays of finished games); empty otherwise.
    hidden_cards: list[list[str]]
    upcoming_problems: list[str]
    fear_kinds: list[list[str]]
    #: the letter each face-up card in a hand carries: the table's, decided by the order
    #: cards came into the hands (letters.py), the same on every screen. The table puts
    #: it in (Game.marked_view); a View made from one state alone has none.
    letters: dict[str, str] = {}


def _status(c: check.Check, cards: list[Played]) -> ColumnStatus:
    need, have, missing = c.dicts()
    broken_at = [cards[pos - 1].card for pos in c.broken]
    return ColumnStatus(
        need_total=c.need_total,
        need=need,
        have_total=c.have_total,
        have=have,
        have_any=c.have_any,
        missing=missing,
        missing_any=c.missing_any,
        broken_links=list(c.broken),
        broken_at=broken_at,
        chain_note=check.chain_note(broken_at),
        gray_tail=c.gray,
        met=c.met,
    )


def _accepts(col) -> list[str]:
    if not col.problems:
        return []
    if not col.cards:
        return [content.ANY_NAME]
    follow = CARDS[col.cards[-1].card].follow
    if content.ANY in follow:
        return [content.ANY_NAME]
    return [content.SYMBOLS[s] for s in follow]


def _last_check(state: State) -> list[list[str]]:
    out: list[list[str]] = [[] for _ in state.columns]
    if state.reports:
        for report in state.reports[-1].columns:
            out[report.column] = check.explain(report)
    return out


#: (nightmare, problem) -> its ProblemNeeds (they never change during a game)
_PROBLEM_NEEDS: dict[tuple[str, str], ProblemNeeds] = {}


def problem_needs(nightmare: str, pid: str) -> ProblemNeeds:
    """What problem ``pid`` asks for under this Nightmare's rule changes."""
    hit = _PROBLEM_NEEDS.get((nightmare, pid))
    if hit is None:
        p = content.PROBLEM[pid]
        total = check.problem_total(pid, nightmare)
        hit = _PROBLEM_NEEDS[nightmare, pid] = ProblemNeeds(pid, total, check.symbol_counts(p.needs), total != p.total)
    return hit


def make_view(state: State, seat: int | None, everything: bool = False) -> View:
    live = state.options.check != "table"
    nightmare = state.nightmare
    columns = []
    for c, col in enumerate(state.columns):
        faced = [content.FEAR_KIND[f.token] for f in col.fear if f.up]
        gray = CARDS[col.cards[0].card].reduce if col.cards else 0
        need_total, need = check.requirement(col.problems, faced, gray, nightmare) if col.problems else (0, [])
        columns.append(
            ColumnView(
                problems=list(col.problems),
                problem_needs=[problem_needs(nightmare, p) for p in col.problems],
                cards=list(col.cards),
                fear=[FearView(f.up, content.FEAR_KIND[f.token] if f.up else None) for f in col.fear],
                knights=[k.id for k in state.knights if k.column == c],
                need_total=need_total,
                need=check.symbol_counts(need),
                one_fear_from_losing=bool(col.problems) and len(col.fear) >= MAX_FEAR,
                status=_status(check_column(state, c), col.cards) if live else None,
                accepts=_accepts(col),
            )
        )
    knights = [
        KnightView(
            id=k.id,
            name=KNIGHT[k.id].name,
            symbol=KNIGHT[k.id].symbol,
            owner=k.owner,
            cheese=k.cheese,
            column=k.column,
            abilities=[content.ability_text(a) for a in KNIGHT[k.id].abilities],
        )
        for k in state.knights
    ]
    nm = NIGHTMARE[state.nightmare]
    return View(
        seat=seat,
        names=[s.name for s in state.seats],
        humans=[s.bot is None for s in state.seats],
        live_check=live,
        round=state.round,
        rounds=ROUNDS,
        phase=state.phase,
        to_act=sorted(to_act(state)),
        ready=list(state.ready),
        phase_steps=state.phase_steps,
        timer_seconds=timer_seconds(state),
        holiday=state.options.holiday,
        nightmare=state.nightmare,
        difficulty=("Holiday, " if state.options.holiday else "") + DIFFICULTY[nm.level],
        rule_changes=content.nightmare_rule_changes(state.nightmare),
        nightmare_out=state.nightmare_out,
        upcoming=[bool(u) for u in state.upcoming],
        fox_spots=list(state.fox_spots),
        columns=columns,
        knights=knights,
        hands=[[hc.card for hc in hand if hc.up] for hand in state.hands],
        hidden=[sum(1 for hc in hand if not hc.up) for hand in state.hands],
        pending=state.pending,
        sharing=list(state.sharing),
        suggested_share=list(suggested_share(state)) if state.sharing else [],
        relief_deck=len(state.relief_deck),
        relief_discard=list(state.relief_discard),
        common_deck=len(state.common_deck),
        common_discard=list(state.common_discard),
        complicated_discard=list(state.complicated_discard),
        fox_deck=len(state.fox_deck),
        fox_discard=list(state.fox_discard),
        gray_deck=len(state.gray_deck),
        fear_pool=len(state.fear_pool),
        cheese_supply=content.CHEESE - sum(k.cheese for k in state.knights),
        reports=list(state.reports),
        last_check=_last_check(state),
        dealt_with=dict(state.dealt_with),
        result=state.result,
        end_reason=state.end_reason,
        hidden_cards=[[hc.card for hc in hand if not hc.up] for hand in state.hands] if everything else [],
        upcoming_problems=list(state.upcoming) if everything else [],
        fear_kinds=[[content.FEAR_KIND[f.token] for f in col.fear] for col in state.columns] if everything else [],
    )


# --- a lean view for the expert's simulations --------------------------------------
#
# The expert's rollouts let the cooperative bot choose every seat's steps in sampled
# states, thousands of times per decision; a full View each time (the live check of
# every column, the last check explained, texts) was a third of their cost once the
# planner remembered its plans. A RolloutView holds only what the cooperative bot
# reads, taken from the state the way make_view takes it (a test holds the bot's
# choices on both to be the same). Its lists are the state's own: read them only.


class RolloutColumn(NamedTuple):
    problems: list[str]
    cards: list[Played]
    fear: list[FearView]
    knights: list[str]


class RolloutKnight(NamedTuple):
    id: str
    symbol: str
    owner: int
    cheese: int
    column: int


class RolloutView(NamedTuple):
    seat: int
    humans: list[bool]
    holiday: bool
    round: int
    rounds: int
    phase: str
    phase_steps: int
    nightmare: str
    columns: list[RolloutColumn]
    knights: list[RolloutKnight]
    hands: list[list[str]]
    hidden: list[int]
    fox_spots: list[str]
    relief_discard: list[str]
    sharing: list[CheeseShare]


#: (token, face up) -> its FearView (they never change)
_FEAR_VIEWS: dict[tuple[str, bool], FearView] = {
    (token, up): FearView(up, content.FEAR_KIND[token] if up else None) for token in content.FEAR_KIND for up in (False, True)
}


def rollout_view(state: State, seat: int) -> RolloutView:
    """What the cooperative bot reads of ``seat``'s View, and no more (see above)."""
    knights = state.knights
    on: list[list[str]] = [[] for _ in state.columns]
    for k in knights:
        if k.column >= 0:
            on[k.column].append(k.id)
    fear = _FEAR_VIEWS
    return RolloutView(
        seat=seat,
        humans=[s.bot is None for s in state.seats],
        holiday=state.options.holiday,
        round=state.round,
        rounds=ROUNDS,
        phase=state.phase,
        phase_steps=state.phase_steps,
        nightmare=state.nightmare,
        columns=[
            RolloutColumn(col.problems, col.cards, [fear[f.token, f.up] for f in col.fear] if col.fear else [], on[c])
            for c, col in enumerate(state.columns)
        ],
        knights=[RolloutKnight(k.id, _SYMBOL[k.id], k.owner, k.cheese, k.column) for k in knights],
        hands=[[hc.card for hc in hand if hc.up] for hand in state.hands],
        hidden=[sum(1 for hc in hand if not hc.up) for hand in state.hands],
        fox_spots=state.fox_spots,
        relief_discard=state.relief_discard,
        sharing=state.sharing,
    )


_SYMBOL: dict[str, str] = {k: KNIGHT[k].symbol for k in KNIGHT}
