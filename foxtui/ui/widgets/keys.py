"""The keys a screen answers right now, for its `?` help."""

from __future__ import annotations

from textual.screen import Screen


def help_keys(screen: Screen) -> list[tuple[str, str]]:
    """(key, what it does) for the screen's own bindings, then those of the widget with
    the focus (a game's panel) and the app. Only foxtui's bindings: they all carry an id,
    Textual's plumbing (tab focus, copy) does not."""
    from ..screens.help import binding_keys

    active = [a for a in screen.active_bindings.values() if a.binding.id]
    ordered = [a for a in active if a.node is screen] + [a for a in active if a.node is not screen]
    return binding_keys(screen.app, [a.binding for a in ordered])
