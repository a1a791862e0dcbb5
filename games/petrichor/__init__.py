"""Petrichor: clouds, rain and crops for 1-4 players (solo against South Wind)."""

from .rules import PetrichorRules

RULES = PetrichorRules()

__all__ = ["RULES", "PetrichorRules"]
