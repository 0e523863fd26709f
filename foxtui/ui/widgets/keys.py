"""The keys a screen answers, for its `?` help."""

from __future__ import annotations

from textual.screen import Screen


def help_keys(screen: Screen, *, all_of: tuple[object, ...] = (), words: dict[str, str] | None = None) -> list[tuple[str, str]]:
    """(key, what it does) for the screen's own bindings, then those of the widget with
    the focus (a game's panel) and the app: the keys that do something now. The keys of
    the nodes in ``all_of`` (a table and its game panel) are all listed, those that do
    nothing at this moment marked so. Only foxtui's bindings, and not its system ones
    (ctrl+z, which only says foxtui does not suspend): they carry an id; Textual's
    plumbing (tab focus, copy) does not. ``words``: binding id -> what it does here, in
    place of the binding's own description (a key whose target differs by game)."""
    active = [a for a in screen.active_bindings.values() if a.binding.id and not a.binding.system]
    active = [a for a in active if a.enabled or a.node in all_of]
    ordered = [a for a in active if a.node is screen] + [a for a in active if a.node is not screen]
    keys = []
    for a in ordered:
        if not a.binding.description:
            continue
        described = (words or {}).get(a.binding.id or "", a.binding.description)
        what = described if a.enabled else f"{described} (not now)"
        keys.append((screen.app.get_key_display(a.binding), what))
    return keys
