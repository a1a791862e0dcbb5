"""Voidfall: a three-Cycle 4X with focus cards, production dials and deterministic combat (2-4 players)."""

from .rules import VoidfallRules

RULES = VoidfallRules()

__all__ = ["RULES", "VoidfallRules"]
