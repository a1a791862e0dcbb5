"""Terraforming Mars: Ares Expedition: simultaneous phase-card terraforming (1-4 players, solo, 2-player co-op)."""

from .rules import AresRules

RULES = AresRules()

__all__ = ["RULES", "AresRules"]
