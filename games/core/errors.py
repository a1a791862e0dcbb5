"""Typed errors raised by game rules. All subclass ValueError."""

from __future__ import annotations

from typing import Any

ECHO_LIMIT = 100  # characters of someone's input an error message repeats


def echo(value: Any, limit: int = ECHO_LIMIT) -> str:
    """`value` as an error message quotes it (its repr), cut to `limit` characters with a mark
    saying so: input can be megabytes long, and messages must stay readable and small."""
    text = repr(value)
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… (shortened, {len(text)} characters)"


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
