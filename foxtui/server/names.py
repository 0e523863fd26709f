"""Display names that look alike: "Аda" (with a Cyrillic А) beside "Ada".

Two names are confusable when their skeletons are equal (Unicode Technical Standard
#39, section 4): a skeleton is the name in NFD, each character replaced by the
prototype of its class in Unicode's confusables data, then NFD again. The data is
the ``confusable_homoglyphs`` library's (Unicode's confusables.txt, kept up to date
there): for a character that has a prototype it lists exactly that one; for a
prototype, the characters that map to it. Where a class has only two members and
the data cannot tell which is the prototype, the smaller code point stands for the
class: skeletons compare alike either way.

Names are also unique regardless of case and of spaces ("B o" is "Bo"), so the key a
name is compared by is the skeleton of its case-folded skeleton ("Вot" → "Bot" →
"bot") with its white space left out.
"""

from __future__ import annotations

import functools
import unicodedata

#: the left-to-right marks the library puts around right-to-left characters
_LRM = "\u200e"


@functools.cache
def _prototypes() -> dict[str, str]:
    from confusable_homoglyphs.confusables import confusables_data

    table: dict[str, list[str]] = {}
    for char, entries in confusables_data.items():
        table[char.replace(_LRM, "")] = [entry["c"].replace(_LRM, "") for entry in entries]
    prototypes: dict[str, str] = {}
    for char, entries in table.items():
        if len(char) != 1 or len(entries) != 1:
            continue  # a prototype (several characters map to it), or a sequence
        target = entries[0]
        back = table.get(target, [])
        if len(target) > 1 or len(back) > 1:
            prototypes[char] = target  # the one prototype of char's class
        elif back == [char]:
            prototypes[char] = min(char, target)  # a class of two: either stands for it
        else:
            prototypes[char] = target
    return prototypes


def skeleton(text: str) -> str:
    """UTS #39's skeleton of ``text``."""
    prototypes = _prototypes()
    nfd = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFD", "".join(prototypes.get(char, char) for char in nfd))


def _folded(name: str) -> str:
    return skeleton(skeleton(name).casefold())


def name_key(name: str) -> str:
    """What names are compared by: equal keys, confusable names (any case, any spaces)."""
    return "".join(_folded(name).split())


#: the start of a bot's name; a player's name may not look like it
BOT_PREFIX = _folded("Bot ")


def looks_like_a_bot(name: str) -> bool:
    """The name starts as a bot's does ("Bot 2"), or looks like it ("Вot 2")."""
    return _folded(name).startswith(BOT_PREFIX)
