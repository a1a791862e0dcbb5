"""Shared helpers: settings, percentiles, table printing, memory readings."""

from __future__ import annotations

import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # allow `python bench/run.py` as well as `python -m bench.run`
    sys.path.insert(0, str(ROOT))

PLAYERS = 3  # typical table size; every registered game supports it
SLUGS = ("pocket-mars", "petrichor", "impulse")  # the real games (the test-only game is never used)

# Targets (figures above them are reported as MISS; the bench never fails).
TARGET_CHOICE_P99_MS = 100.0
TARGET_RENDER_MS = 50.0  # applied to the p99 of each image type
TARGET_RESTORE_S = 2.0


@dataclass(frozen=True)
class Settings:
    quick: bool
    choices: int            # measured choices per game (items 1 and 2)
    throughput_s: float     # seconds of bot-vs-bot play per game (item 3)
    restore_games: int      # active games stored for restore (items 4 and 5)
    history_games: int      # extra finished games added for the "with history" restore figure
    snapshots_per_playout: int

    @classmethod
    def make(cls, quick: bool) -> "Settings":
        if quick:
            return cls(True, choices=60, throughput_s=1.5, restore_games=1000, history_games=1000,
                       snapshots_per_playout=12)
        return cls(False, choices=500, throughput_s=8.0, restore_games=1000, history_games=5000,
                   snapshots_per_playout=6)


def percentile(values: list[float], p: float) -> float:
    """Linear-interpolated percentile (p in 0..100); NaN for no values."""
    if not values:
        return float("nan")
    data = sorted(values)
    if len(data) == 1:
        return data[0]
    k = (len(data) - 1) * p / 100.0
    lo = int(k)
    hi = min(lo + 1, len(data) - 1)
    return data[lo] + (data[hi] - data[lo]) * (k - lo)


def mark(value: float, target: float) -> str:
    return "PASS" if value < target else "MISS"


def rss_mb() -> float:
    """Resident set size of this process in MB (Linux /proc; 0.0 elsewhere)."""
    try:
        with open("/proc/self/statm") as f:
            pages = int(f.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError):
        return 0.0


def table(title: str, headers: list[str], rows: list[list[str]]) -> str:
    """A plain-text table with right-aligned columns (first column left-aligned)."""
    cells = [headers] + rows
    widths = [max(len(str(r[i])) for r in cells) for i in range(len(headers))]

    def fmt(row: list[str]) -> str:
        parts = [str(c).ljust(w) if i == 0 else str(c).rjust(w) for i, (c, w) in enumerate(zip(row, widths))]
        return "  ".join(parts)

    line = "-" * len(fmt(headers))
    return "\n".join([f"\n{title}", line, fmt(headers), line, *(fmt(r) for r in rows), line])


class Timer:
    """`with Timer() as t: ...` then `t.ms`."""

    def __enter__(self) -> "Timer":
        self.start = time.perf_counter()
        return self

    def __exit__(self, *exc) -> None:
        self.ms = (time.perf_counter() - self.start) * 1000.0
