"""Game history (issue 24): results, ratings, stats, the history list, replays and the chart.

Nothing here knows a specific game: titles are read from their public views (shapes.py)."""

from .replay import Replay, ReplayError
from .service import History

__all__ = ["History", "Replay", "ReplayError"]
