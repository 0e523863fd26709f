"""Fox Matters cards, knights and problems as the screen writes them: every card with
its Relief symbols and its follow-up symbols, as the printed card shows them
(``♛→♛▲ Royal Pardon``: gives a crown, a crown or a sailboat may follow), every
knight with its symbol. One narrow glyph per symbol, so a move stays on one line.
"""

from __future__ import annotations

from rich.text import Text

from foxtui.games.fox_matters import content

#: one narrow (single-cell) glyph per symbol, and its colour
GLYPH: dict[str, str] = {"crown": "♛", "sailboat": "▲", "pot": "♨", "sword": "†", "heart": "♥", "any": "✶"}
COLOUR: dict[str, str] = {
    "crown": "yellow",
    "sailboat": "bright_blue",
    "pot": "bright_magenta",
    "sword": "cyan",
    "heart": "bright_red",
    "any": "bright_green",
}
#: the legend, for the help and the hint
LEGEND = " ".join(f"{GLYPH[s]} {content.LABELS[s]}" for s in (*content.SYMBOLS, "any"))


def glyph(symbol: str) -> Text:
    out = Text()
    out.append(GLYPH[symbol], style=COLOUR[symbol])  # (a Text's own style would colour what follows)
    return out


def glyphs(symbols: list[str] | tuple[str, ...]) -> Text:
    out = Text()
    for s in symbols:
        out.append_text(glyph(s))
    return out


def symbol_words(symbol: str) -> Text:
    """'♛ crown': the glyph and its name."""
    out = glyph(symbol)
    out.append(f" {content.LABELS[symbol]}")
    return out


def card_symbols(card_id: str) -> Text:
    """What a card gives, an arrow, and what may follow it: '♛→♛▲'; a Gray Tail '−2→✶'."""
    face = content.card_face(card_id)
    out = Text()
    if face.kind == "gray":
        out.append(f"−{face.reduce}", style="bold")
    else:
        out.append_text(glyphs(face.symbols))
    out.append("→")  # (unstyled: a style run more per card is bytes on every player's screen)
    out.append_text(glyphs(face.follow))
    return out


def card_text(card_id: str, *, short: bool = False) -> Text:
    """The card as printed: '♛→♛▲ Royal Pardon' (``short``: a Fox card's name without
    its title, 'Odile' for 'Odile, the Ferry Fox')."""
    face = content.card_face(card_id)
    out = card_symbols(card_id)
    name = face.name.split(",")[0] if short else face.name
    if face.kind == "gray":
        name += " (Gray Tail)" if not short else ""
    out.append(f" {name}")
    return out


def card_plain(card_id: str) -> str:
    """A card in words, for notifications: 'Royal Pardon (crown; then crown or sailboat)'."""
    face = content.card_face(card_id)
    follow = " or ".join(content.LABELS[s] for s in face.follow)
    if face.kind == "gray":
        return f"{face.name} (Gray Tail, {face.reduce} fewer symbols needed; then {follow})"
    gives = " + ".join(content.LABELS[s] for s in face.symbols)
    return f"{face.name} ({gives}; then {follow})"


def knight_text(knight_id: str, *, short: bool = False) -> Text:
    """'Fox Admiral ▲' (``short``: 'Admiral ▲')."""
    k = content.KNIGHT[knight_id]
    out = Text(k.name.removeprefix("Fox ") if short else k.name)
    out.append(" ")
    out.append_text(glyph(k.symbol))
    return out


def needs_glyphs(total: int, need: dict[str, int], *, compact: bool = False) -> Text:
    """'8 = ♨♨♨†† + 3 any': the total, the specific symbols, and how many of any kind
    (``compact``: '8=♨♨♨††+3')."""
    out = Text(f"{total}=" if compact else f"{total} = ")
    specific = sum(need.values())
    for s, n in need.items():
        if n:
            out.append(GLYPH[s] * n, style=COLOUR[s])
    if total > specific:
        if compact:
            out.append(f"+{total - specific}")
        else:
            out.append(f"{' + ' if specific else ''}{total - specific} any")
    return out
