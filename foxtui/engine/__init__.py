"""Game-agnostic core. Never imports the UI (a test checks sys.modules)."""

from .game import Bot, Clock, Game, GameBase, IllegalAction, Outcome, SeatInfo
from .rng import Rng, seed_state

__all__ = ["Bot", "Clock", "Game", "GameBase", "IllegalAction", "Outcome", "Rng", "SeatInfo", "seed_state"]
