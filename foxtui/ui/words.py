"""Words several screens use to name a saved table (kept apart from the screens, so the
home screen does not load the saved-games screen and its table widget at start-up)."""

from __future__ import annotations

from foxtui.engine.game import SeatInfo


def players_text(seats: list[SeatInfo]) -> str:
    """The table's players in one line, bots marked."""
    return ", ".join(f"{seat.name} (bot)" if seat.bot else seat.name for seat in seats)


def game_title(game_id: str) -> str:
    from foxtui.games import GAMES

    return GAMES.info(game_id).title if game_id in GAMES else game_id
