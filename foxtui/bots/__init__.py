"""Bot machinery shared by every game."""

from __future__ import annotations

from typing import Any, Sequence

from foxtui.engine.rng import Rng


def random_bot(view: Any, legal: Sequence[Any], rng: Rng) -> Any:
    """A random legal action: first a kind of action uniformly, then one of that kind.

    Picking the kind first keeps rare choices (STOP, pass) as likely as the many
    parameterised ones (touch any of forty spots), so random games end.
    """
    kinds: dict[type, list[Any]] = {}
    for action in legal:
        kinds.setdefault(type(action), []).append(action)
    group = list(kinds.values())[rng.below(len(kinds))]
    return group[rng.below(len(group))]
