"""Item 3: bot-vs-bot games per second through `games.core.play` (no persistence, no rendering)."""

from __future__ import annotations

import time
from dataclasses import dataclass

from . import common  # noqa: F401  (sets sys.path)
from .common import PLAYERS

import games
from games.core import play


@dataclass
class Throughput:
    slug: str
    games: int
    choices: int
    seconds: float

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds

    @property
    def choices_per_s(self) -> float:
        return self.choices / self.seconds

    @property
    def ms_per_choice(self) -> float:
        return 1000.0 * self.seconds / max(self.choices, 1)

    @property
    def choices_per_game(self) -> float:
        return self.choices / max(self.games, 1)


def bench_game(slug: str, budget_s: float, min_games: int = 3, players: int = PLAYERS, options: str | None = None,
               label: str | None = None) -> Throughput:
    """Play whole games with seeds 0, 1, 2, ... until `budget_s` has passed (at least `min_games`)."""
    rules = games.get(slug)
    opts = rules.resolve_options(dict(part.split("=", 1) for part in options.split())) if options else None
    play(rules, players, 10_000, opts)  # warm-up (imports, caches)
    count = choices = 0
    start = time.perf_counter()
    while count < min_games or time.perf_counter() - start < budget_s:
        result = play(rules, players, count, opts)
        choices += len(result.moves)
        count += 1
    return Throughput(label or slug, count, choices, time.perf_counter() - start)


def run(cases: dict, budget_s: float) -> dict[str, Throughput]:
    """`cases`: name -> (game slug, players, options), as `common.CASES`."""
    return {name: bench_game(slug, budget_s, players=players, options=options, label=name)
            for name, (slug, players, options) in cases.items()}
