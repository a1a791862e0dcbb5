"""Pocket Mars: a race to settle Mars with two-use project cards (1-4 players, solo vs an automaton)."""

from .rules import PocketMarsRules

RULES = PocketMarsRules()

__all__ = ["RULES", "PocketMarsRules"]
