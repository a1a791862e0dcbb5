"""Typed errors raised by game rules. All subclass ValueError."""


class GameError(ValueError):
    """Base class of every error a game raises for bad input."""


class IllegalChoice(GameError):
    """The choice is not one of the options the pending decision offers."""


class NotYourTurn(IllegalChoice):
    """The seat has no pending decision."""


class StaleChoice(IllegalChoice):
    """The choice was made against an older version of the game."""


class GameOver(IllegalChoice):
    """The game has ended; nothing more can be applied."""


class BadSetup(GameError):
    """Player count or options do not fit the game."""
