"""Voidfall: a three-Cycle 4X with focus cards, production dials and deterministic combat (1-4 players).

The package is assembled here, in one place: the competitive game (`rules.py` and the modules
under it), the Voidborn opponent that fills the solo and co-op modes (`solo/`, registered in
`modes.py`), and the bot players (`bots/`) handed to the rules. The game's modules import neither
`solo` nor `bots`; whatever module of the package a process imports first, Python runs this file
first, so every registry is complete before a game is set up or loaded.
"""

from .rules import VoidfallRules  # the game first: the modules that register its handlers and effects
from . import solo  # the Voidborn: their handlers, effects and mode
from .bots import levels
from .bots.players import choose
from .modes import register

register(solo.mode.VOIDBORN, "solo", "coop")
RULES = VoidfallRules(bot=choose, sampler=levels.redeal, pieces=levels.pieces)

__all__ = ["RULES", "VoidfallRules"]
