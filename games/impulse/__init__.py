"""Impulse: a shared-action 4X card game for 2-6 players (team variant for 4 and 6)."""

from .rules import ImpulseRules

RULES = ImpulseRules()

__all__ = ["RULES", "ImpulseRules"]
