"""One log line per step. Nothing is secret between players, so every viewer reads
the same words (with "You" for their own steps)."""

from __future__ import annotations

from . import content
from .actions import EndAction, FaceFear, MoveKnight, PickFox, PlayCard, Ready, ShareCheese, TakeBack, TimeUp, UseAbility
from .content import CARDS, KNIGHT
from .state import State


def _where(column: int) -> str:
    return "its board" if column < 0 else f"column {column + 1}"


def _whose(state: State, owner: int, seat: int, viewer: int | None) -> str:
    if owner == seat:
        return ""
    return " (yours)" if owner == viewer else f" ({state.seats[owner].name}'s)"


def _ending(state: State, seat: int, action) -> str:
    """What a step that ends a phase sets off, read from the state it leads to."""
    from .rules import apply  # the phase change is worked out by the rules themselves

    if isinstance(action, ShareCheese):
        after = apply(state, seat, action)
        if after.phase == "over" or after.round == state.round:
            return _next_share(after)
        return f" Round {after.round} begins."
    if not isinstance(action, TimeUp) and not all(r for s, r in enumerate(state.ready) if s != seat):
        return ""  # others are still planning or acting: nothing happens yet
    after = apply(state, seat, action)
    if after.phase == "action" and state.phase == "planning":
        revealed = sum(1 for hand in state.hands for hc in hand if not hc.up)
        return f" The timer starts and {revealed} new card{'s are' if revealed != 1 else ' is'} revealed."
    if len(after.reports) > len(state.reports):
        report = after.reports[-1]
        met = sum(1 for c in report.columns if c.met)
        line = f" Problem check: {met} of {len(report.columns)} column{'s' if len(report.columns) != 1 else ''} dealt with."
        if after.phase == "over":
            verdict = "You all win!" if after.result == "won" else "You all lose."
            line += f" {after.end_reason} {verdict}"
        elif after.phase == "share_cheese":
            line += _next_share(after)
        else:
            line += f" Round {after.round} begins."
        return line
    return ""


def _next_share(state: State) -> str:
    if state.phase != "share_cheese" or not state.sharing:
        return ""
    share = state.sharing[0]
    return (
        f" {state.seats[share.seat].name} shares out the {share.cheese} cheese of column {share.column + 1}"
        f" among {_names(share.knights)}."
    )


def _names(knights) -> str:
    names = [f"the {KNIGHT[k].name}" for k in knights]
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else "".join(names)


def describe(state: State, seat: int, action, viewer: int | None) -> str:
    me = viewer == seat
    name = "You" if me else state.seats[seat].name
    if isinstance(action, PlayCard):
        if action.card not in CARDS:
            return f"{name} tried an unknown card."
        owner = next((p for p, h in enumerate(state.hands) for hc in h if hc.card == action.card), seat)
        return (
            f"{name} played {content.card_label(action.card)}{_whose(state, owner, seat, viewer)} "
            f"under column {action.column + 1}."
        )
    if isinstance(action, TakeBack):
        if action.card not in CARDS:
            return f"{name} tried an unknown card."
        owner = next((p.owner for col in state.columns for p in col.cards if p.card == action.card), seat)
        back = "your hand" if owner == viewer else ("their hand" if owner == seat else f"{state.seats[owner].name}'s hand")
        return f"{name} took {CARDS[action.card].name} back into {back}."
    if isinstance(action, MoveKnight):
        knight = KNIGHT.get(action.knight)
        label = knight.name if knight else action.knight
        return f"{name} moved the {label} to {_where(action.column)}."
    if isinstance(action, UseAbility):
        knight = KNIGHT.get(action.knight)
        if knight is None or not 0 <= action.ability < len(knight.abilities):
            return f"{name} tried an unknown ability."
        a = knight.abilities[action.ability]
        line = f"{name} spent cheese of the {knight.name} to {content.ability_short(a)}"
        detail = []
        if a.kind in ("remove_common", "move_common") and 0 <= action.column < len(state.columns):
            col = state.columns[action.column]
            if 0 <= action.index < len(col.problems):
                detail.append(f"{content.PROBLEM[col.problems[action.index]].name} from column {action.column + 1}")
        if a.kind in ("move_fear", "discard_fear") and 0 <= action.column < len(state.columns):
            detail.append(f"from column {action.column + 1}")
        if a.kind in ("move_common", "move_fear") and action.to >= 0:
            detail.append(f"to column {action.to + 1}")
        if a.kind == "recruit_face_up_fox" and 0 <= action.index < len(state.fox_spots) and state.fox_spots[action.index]:
            detail.append(content.card_label(state.fox_spots[action.index]))
        return line + (f": {' '.join(detail)}" if detail else "") + "."
    if isinstance(action, PickFox):
        label = content.card_label(action.card) if action.card in CARDS else action.card
        return f"{name} kept {label}; the other Fox cards were shuffled back."
    if isinstance(action, FaceFear):
        col = state.columns[action.column] if 0 <= action.column < len(state.columns) else None
        if col is None or not 0 <= action.index < len(col.fear):
            return f"{name} tried to face a Fear token that is not there."
        kind = content.FEAR_KIND[col.fear[action.index].token]
        shown = "a red 2 (two more symbols)" if kind == "two" else f"a {content.LABELS[kind]} (one more {content.LABELS[kind]})"
        return f"{name} faced a Fear token under column {action.column + 1}: it is {shown}." + _bot_reason(state, seat, action)
    if isinstance(action, Ready):
        return f"{name} {'are' if me else 'is'} ready." + _safe_ending(state, seat, action)
    if isinstance(action, EndAction):
        return f"{name} {'are' if me else 'is'} done." + _expert_reason(state, seat) + _safe_ending(state, seat, action)
    if isinstance(action, TimeUp):
        return "Time is up!" + _safe_ending(state, seat, action)
    if isinstance(action, ShareCheese):
        share = state.sharing[0] if state.sharing else None
        if share is None or share.column != action.column or len(action.cheese) != len(share.knights):
            return f"{name} tried to share cheese that is not there."
        given = [f"{n} to the {KNIGHT[k].name}" for k, n in zip(share.knights, action.cheese) if n]
        return f"{name} shared the cheese of column {action.column + 1}: {', '.join(given)}." + _safe_ending(
            state, seat, action
        )
    return f"{name} did something unexpected."


def _bot_reason(state: State, seat: int, action) -> str:
    """Why the cooperative bot in this seat did it, worked out again from its own view
    (so nothing beyond what that seat saw); "" for a person or another bot level."""
    if state.seats[seat].bot != "cooperative":
        return ""
    from .bots import explain
    from .view import make_view

    return " " + explain(make_view(state, seat), action)


def _expert_reason(state: State, seat: int) -> str:
    """For expert knights that are done: the columns they leave for later that the
    cooperative bots would have dealt with (from their own view); "" otherwise."""
    if state.seats[seat].bot != "expert" or state.phase != "action":
        return ""
    from .expert import left_for_later
    from .rules import columns_named
    from .view import make_view

    left = left_for_later(make_view(state, seat))
    if not left:
        return ""
    return f" It leaves {columns_named(left)} for later: the team's chances look better with those cards kept."


def _safe_ending(state: State, seat: int, action) -> str:
    from foxtui.engine.game import IllegalAction

    try:
        return _ending(state, seat, action)
    except IllegalAction:
        return ""
