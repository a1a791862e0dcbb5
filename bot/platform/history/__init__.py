"""Game history (issue 24): results, ratings, stats, the history list, replays and the chart.

Nothing here knows a specific game: rounds, running scores, teams, modes and score measures
come from each game through the contract (`GameRules.progress`, `teams`, `play_mode`,
`difficulty`, `score_measure`)."""

from .replay import Replay, ReplayError
from .service import History

__all__ = ["History", "Replay", "ReplayError"]
