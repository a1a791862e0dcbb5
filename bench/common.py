"""Shared helpers: settings, targets, percentiles, table printing, memory and load readings."""

from __future__ import annotations

import games
import os
import struct
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # allow `python bench/run.py` as well as `python -m bench.run`
    sys.path.insert(0, str(ROOT))

PLAYERS = 3  # typical table size; every registered game supports it
# the real games, never the test ones (an older checkout's registry, driven by `bench/paired.py`, names none)
SLUGS = tuple(getattr(games, "SHIPPED", ("pocket-mars", "petrichor", "impulse", "ares-expedition", "voidfall")))
# Extra tables measured in the click and throughput figures: name -> (game, players, options).
EXTRA_CASES = {"voidfall-solo": ("voidfall", 1, "difficulty=medium"),
               "voidfall-coop": ("voidfall", 3, "mode=coop difficulty=medium")}
CASES = {**{slug: (slug, PLAYERS, None) for slug in SLUGS}, **EXTRA_CASES}
USERS = [1000 + i for i in range(PLAYERS)]  # fake Discord user ids: every seat is a person
NAMES = [f"Player {i + 1}" for i in range(PLAYERS)]

# Targets (figures that miss them print MISS; the bench never fails).
TARGET_CHOICE_P99_MS = 50.0     # 1. one click: choose + views + renders
TARGET_RENDER_RATIO = 1.2       # 2. public render / bare PNG encode of the same size
TARGET_RECORD_RATIO = 1.5       # 3. Storage.record / raw insert + commit
TARGET_ANSWER_S = 1.0           # 4. start-up until the bot could answer
TARGET_RSS_MB = 500.0           # 4. RSS with 50k stored games, 2,000 of them loaded
TARGET_SUSTAINED = 100          # 7. moves/s with p99 click-to-board under 1 s
TARGET_BOTS_RATIO = 2.0         # 7. other tables' click p99 with bots thinking / without bots


@dataclass(frozen=True)
class Settings:
    quick: bool
    choices: int               # measured clicks per game (figures 1, 2)
    record_samples: int        # record / raw insert pairs (figure 3)
    stored: tuple[int, ...]    # stored active games for start-up (figure 4); the last one also for figure 5
    loaded: int                # games loaded before reading RSS (figure 4)
    undo_samples: int          # undos per length (figure 6)
    throughput_s: float        # seconds of bot-vs-bot play per game (figure 8)
    load_rates: tuple[int, ...]  # offered clicks/s (figure 7, --load)
    load_step_s: float         # seconds per rate step
    load_games: int            # games driven by the in-process load benchmark (figure 7 baseline)
    real_tables: int           # tables the real-path load benchmark opens through SimCord (figure 7)
    bot_tables: int            # extra Voidfall co-op tables with two bot seats each (figure 7, bots rows)

    @classmethod
    def make(cls, quick: bool) -> "Settings":
        if quick:
            return cls(True, choices=60, record_samples=150, stored=(1_000, 10_000), loaded=500, undo_samples=5,
                       throughput_s=1.0, load_rates=(25, 50), load_step_s=3.0, load_games=150, real_tables=40,
                       bot_tables=4)
        return cls(False, choices=400, record_samples=600, stored=(1_000, 10_000, 50_000), loaded=2_000,
                   undo_samples=15, throughput_s=5.0, load_rates=(25, 50, 75, 100, 125, 150), load_step_s=8.0,
                   load_games=300, real_tables=200, bot_tables=12)


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


def mark(value: float, target: float, inclusive: bool = False) -> str:
    ok = value <= target if inclusive else value < target
    return "PASS" if ok else "MISS"


def png_size(png: bytes) -> tuple[int, int]:
    """(width, height) from a PNG's IHDR chunk."""
    return struct.unpack(">II", png[16:24])


def rss_mb() -> float:
    """Resident set size of this process in MB (Linux /proc; 0.0 elsewhere)."""
    try:
        with open("/proc/self/statm") as f:
            pages = int(f.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError):
        return 0.0


def loadavg() -> str:
    try:
        return "%.2f" % os.getloadavg()[0]
    except OSError:
        return "n/a"


def table(title: str, headers: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A plain-text table with right-aligned columns (first column left-aligned); a cell is
    anything printable, shown as `str` of it."""
    cells: list[Sequence[object]] = [headers, *rows]
    widths = [max(len(str(r[i])) for r in cells) for i in range(len(headers))]

    def fmt(row: Sequence[object]) -> str:
        parts = [str(c).ljust(w) if i == 0 else str(c).rjust(w) for i, (c, w) in enumerate(zip(row, widths))]
        return "  ".join(parts)

    line = "-" * len(fmt(headers))
    return "\n".join([f"\n{title}", line, fmt(headers), line, *(fmt(r) for r in rows), line])


def f1(x: float) -> str:
    return f"{x:.1f}"


def f2(x: float) -> str:
    return f"{x:.2f}"


class Timer:
    """`with Timer() as t: ...` then `t.ms`."""

    def __enter__(self) -> "Timer":
        self.start = time.perf_counter()
        return self

    def __exit__(self, *exc) -> None:
        self.ms = (time.perf_counter() - self.start) * 1000.0


class Section:
    """Wall and CPU time of one section; a low CPU/wall ratio means other load shared the cores."""

    def __init__(self, name: str, single_core: bool = True) -> None:
        self.name = name
        self.single_core = single_core  # False for sections that wait on children or sleep by design

    def __enter__(self) -> "Section":
        self.wall = time.perf_counter()
        self.cpu = time.process_time()
        return self

    def __exit__(self, *exc) -> None:
        wall = max(time.perf_counter() - self.wall, 1e-9)
        cpu = time.process_time() - self.cpu
        note = ""
        if self.single_core and cpu / wall < 0.85:
            note = "  <- WARNING: this process got only part of a core; other load inflated these figures"
        print(f"   ({self.name}: {wall:.0f} s wall, {cpu:.0f} s CPU, CPU/wall {cpu / wall:.2f}, "
              f"load average {loadavg()}){note}", flush=True)


def processes_cpu(pids) -> float:
    """CPU seconds used so far by the processes `pids` (Linux /proc; gone ones count 0)."""
    total = 0.0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, ValueError, IndexError):
            continue
    return total


class RateStep:
    """Rates of a timed load step: `arrivals` offered and `done_by_end` finished in `seconds`
    (a mixin for the step dataclasses of figures 7 and 7b)."""

    arrivals: int
    done_by_end: int
    seconds: float

    @property
    def offered(self) -> float:
        return self.arrivals / self.seconds

    @property
    def achieved(self) -> float:
        return self.done_by_end / self.seconds
