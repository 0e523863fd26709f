"""One log line per step, told from the viewer's side.

Science cards drawn are named only to their owner; study cards being chosen
from are named only to the player choosing. What the table does by itself
(the automated opponent, Administration) follows, from ``state.events``.
"""

from __future__ import annotations

from foxtui.engine.game import IllegalAction

from . import breeding
from .actions import (
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
from .administration import board_players
from .content import (
    SCIENCE_CARD,
    SIDE_FOR,
    STUDY,
    TILE,
    TRACK_IDS,
    TRAIT_INDEX,
    UPGRADE,
    face_text,
    icon_text,
    patron_side,
    trait_name,
)
from .rules import apply, auto_choice, auto_reason, make_pup, research_tokens
from .state import State
from .view import half_text, space_text


def _after(state: State, seat: int, action) -> State | None:
    """The state the step leads to (what it set off is worked out by the rules themselves)."""
    try:
        return apply(state, seat, action)
    except IllegalAction:
        return None


def _gains(state: State, after: State | None, seat: int, icons, viewer: int | None) -> str:
    parts = []
    drawn: list[str] = []
    if after is not None:
        before = state.players[seat].science
        drawn = [c for c in after.players[seat].science if c not in before]
    whose = "your" if viewer == seat else "their"
    for icon in icons:
        if icon == "science" and viewer == seat and drawn:
            parts.append(f"science card {SCIENCE_CARD[drawn.pop(0)].name}")
        else:
            parts.append(icon_text(icon, whose))
    return ", ".join(parts) if parts else space_text([], state.round)


def _symbols(counts) -> str:
    return ", ".join(f"{n} {trait_name(t)}" for t, n in enumerate(counts) if n) or "no traits"


def describe(state: State, seat: int, action, viewer: int | None) -> str:
    line = _describe(state, seat, action, viewer)
    after = _after(state, seat, action)
    if after is not None and after.events:
        line += " " + " ".join(after.events)
    return line


def _describe(state: State, seat: int, action, viewer: int | None) -> str:
    me = viewer == seat
    name = "You" if me else state.seats[seat].name
    verb_s = "" if me else "s"
    p = state.players[seat]
    if isinstance(action, KeepStudy):
        study = STUDY.get(action.card)
        return f"{name} keep{verb_s} the study {study.name if study else action.card}."
    if isinstance(action, TakeFox):
        if action.index == -1:
            after = _after(state, seat, action)
            fox = None if after is None else (after.players[seat].female if action.sex == "female" else after.players[seat].male)
            return f"{name} take{verb_s} the top of the {action.sex} deck" + (f": {fox.name}." if fox else ".")
        row = state.females if action.sex == "female" else state.males
        if 0 <= action.index < len(row):
            return f"{name} select{verb_s} {row[action.index].name} as {action.sex} parent."
        return f"{name} tried to select a fox that is not there."
    if isinstance(action, TakeSupply):
        if not 0 <= action.space < len(state.track):
            return f"{name} tried a supply space that is not there."
        sp = state.track[action.space]
        icons = (TILE[sp.tile] if sp.tile else ()) + tuple(SIDE_FOR[board_players(len(state.seats))].printed[action.space])
        after = _after(state, seat, action)
        return f"{name} take{verb_s} supply space {action.space + 1}: {_gains(state, after, seat, icons, viewer)}."
    if isinstance(action, ChooseTrait):
        return f"{name} take{verb_s} a {trait_name(TRAIT_INDEX.get(action.trait, -1))} token."
    if isinstance(action, ChoosePatron):
        if not 0 <= action.slot < len(state.patrons):
            return f"{name} tried a patron that is not there."
        side = patron_side(state.patrons[action.slot], action.slot)
        icons = TILE[state.patron_tiles[action.slot]] + ("science",)
        after = _after(state, seat, action)
        return f"{name} place{verb_s} a meeple beside {side.name} and gain{verb_s} {_gains(state, after, seat, icons, viewer)}."
    if isinstance(action, DiscardToken):
        return f"{name} discard{verb_s} a {trait_name(TRAIT_INDEX.get(action.trait, -1))} token (same-colour parents)."
    if isinstance(action, Unlock):
        if action.track not in TRACK_IDS:
            return f"{name} tried an unknown upgrade."
        k = TRACK_IDS.index(action.track)
        track = UPGRADE[k]
        done = p.upgrades[k]
        cost = track.costs[done] if done < len(track.costs) else 0
        paid = trait_name(TRAIT_INDEX.get(action.trait, -1))
        line = f"{name} unlock{verb_s} {track.name} upgrade {done + 1} with {cost} {paid} token{'s' if cost != 1 else ''}"
        if action.track == "study":
            after = _after(state, seat, action)
            if me and after is not None and after.players[seat].pending:
                offer = after.players[seat].pending[-1].options
                line += " and draw: " + ", ".join(STUDY[c].name for c in offer)
            else:
                line += " and draws study cards"
        return line + "."
    if isinstance(action, EndUpgrades):
        return f"{name} {'are' if me else 'is'} done with upgrades."
    lit = p.litter
    if isinstance(action, Pair):
        if lit is None:
            return f"{name} tried to pair halves."
        joined = f"{half_text(lit, action.a, action.a_half)} and {half_text(lit, action.b, action.b_half)}"
        if action.trait == breeding.WILD_TRAIT:
            return f"{name} join{verb_s} {joined}: two wild halves, any trait (named next)."
        made = trait_name(TRAIT_INDEX.get(action.trait, -1))
        return f"{name} join{verb_s} {joined} into {made}."
    if isinstance(action, WildTrait):
        made = trait_name(TRAIT_INDEX.get(action.trait, -1))
        whose = "Your" if me else f"{name}'s"
        return f"{whose} pair of wild halves makes {made}."
    if isinstance(action, AutoMatch):
        after = _after(state, seat, action)
        new = after.players[seat].litter if after is not None else None
        if lit is None or new is None:
            return f"{name} tried to auto-match a roll."
        counts = breeding.symbols(new.dice, new.pairs)
        choice = auto_choice(p)
        why = f": {auto_reason(p, choice)}" if choice is not None else ""
        return f"{name} auto-match{'' if me else 'es'} the roll: {len(new.pairs)} pairs, {_symbols(counts)}{why}."
    if isinstance(action, Unpair):
        return f"{name} take{verb_s} a pair apart."
    if isinstance(action, PlayScience):
        card = SCIENCE_CARD.get(action.card)
        if card is None or lit is None:
            return f"{name} tried a science card."
        line = f"{name} play{verb_s} the science card {card.name}"
        after = _after(state, seat, action)
        new = after.players[seat].litter if after is not None else None
        if card.kind in ("reroll", "best_face") and new is not None and 0 <= action.die < len(new.dice):
            die = new.dice[action.die]
            line += f" on die {action.die + 1}: it now shows {face_text(die.kind, die.face)}"
        elif card.kind == "extra_die" and new is not None:
            die = new.dice[-1]
            line += f", adding a {trait_name(die.kind)} die that shows {face_text(die.kind, die.face)}"
        elif card.kind == "wild_half":
            line += ", adding a wild half"
        return line + "."
    if isinstance(action, ConfirmPup):
        if lit is None:
            return f"{name} tried to record a pup."
        pup = make_pup(state, seat, action.name)
        counts = breeding.symbols(lit.dice, lit.pairs)
        extra = f", {pup.points} point token{'s' if pup.points != 1 else ''}" if pup.points else ""
        return f"{name} record{verb_s} the pup {pup.name}: {_symbols(counts)}{extra}; friendliness {pup.friendliness}."
    if isinstance(action, AssignPup):
        if not 0 <= action.pup < len(p.pups) or not 0 <= action.study < len(p.studies):
            return f"{name} tried to assign a pup."
        st = p.studies[action.study]
        return f"{name} complete{verb_s} level {st.level + 1} of {STUDY[st.card].name} with {p.pups[action.pup].name}."
    if isinstance(action, EndResearch):
        gain = research_tokens(p)
        got = ", ".join(f"{n} {trait_name(t)}" for t, n in enumerate(gain) if n) or "no"
        return f"{name} collect{verb_s} {got} trait token{'s' if sum(gain) != 1 else ''}."
    return f"{name} did something unexpected."
