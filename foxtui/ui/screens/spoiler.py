"""The spoiler prompt before a replay of an unfinished game shows everyone's secrets."""

from __future__ import annotations

from .confirm import ConfirmScreen


class SpoilerScreen(ConfirmScreen):
    """ModalScreen[bool]: True when the players agree to see every secret."""

    QUESTION = "This game is not finished. Show everyone's secrets?"

    def __init__(self) -> None:
        super().__init__(self.QUESTION)
