"""The game contract shared by every game."""

from .contract import (
    Choice,
    CoreState,
    Decision,
    GameOption,
    GameRules,
    LogLine,
    Option,
    Outcome,
)
from .errors import BadSetup, GameError, GameOver, IllegalChoice, NotYourTurn, StaleChoice, echo
from .names import fill_names, seat_ref
from .rng import Rng
from .playout import Playout, play, random_choice, replay

__all__ = [
    "BadSetup", "Choice", "CoreState", "Decision", "GameError", "GameOption", "GameOver",
    "GameRules", "IllegalChoice", "LogLine", "NotYourTurn", "Option", "Outcome", "Playout", "Rng", "StaleChoice", "echo", "fill_names", "seat_ref", "play", "random_choice", "replay",
]
