"""Strength of the bot levels over fixed seeds: `python -m bench.strength` (also `python3 dev.py bench
--strength`). Table, seeds and budget: bench/README.md, section "Bot strength".

Every 2-player title plays hard against the baseline (the game's own bot on the true state, kept
as the fixed yardstick), hard against normal, and easy against normal (a sanity check: easy should
lose). Game i of a pairing uses seed `SEED + i // 2` with the tested level in seat `i % 2`, so every
seed is played from both seats. Ares Expedition solo plays hard and, beside it in the same run, the
baseline at novice and advanced difficulty; Voidfall solo the same at easy and medium against the Voidborn. Each line prints the tested level's win rate (a shared
win counts half) with its 95% Wilson interval, the goal, and the CPU seconds per decision of the
tested level (decisions with one legal choice cost nothing and are not counted).

The hard level gets a fixed number of simulated steps per decision (`BENCH_WORK`, per title: a
step costs from 0.1 ms in Pocket Mars to about 1 ms in Impulse), which makes every game repeat
exactly on any machine and keeps a full run within about an hour on two cores, far below the
table's 2 CPU s; `--work N` (or `--work TITLE=N`, repeatable) changes it, `--budget S` gives CPU
seconds per decision instead.
Run it at low priority on a shared machine: `nice -n 10 python -m bench.strength` (`--nice`).
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make `bench` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    __package__ = "bench"

import games  # noqa: E402
from games.core import BASELINE, EASY, HARD, NORMAL  # noqa: E402

SEED = 7_000                # first seed of every pairing
GAMES = 40                  # games per title and pairing
BENCH_WORK = {"pocket-mars": 1000, "petrichor": 300, "impulse": 300, "ares-expedition": 300, "voidfall": 150}
"""Simulated steps per hard decision in the bench, per title (the table thinks up to 2 CPU s)."""
TWO_PLAYER = ("pocket-mars", "petrichor", "impulse", "ares-expedition", "voidfall")
PAIRINGS = ((HARD, BASELINE, 0.65), (HARD, NORMAL, 0.55), (EASY, NORMAL, None))
SOLO = (("ares-expedition", "novice"), ("ares-expedition", "advanced"), ("voidfall", "easy"), ("voidfall", "medium"))
SOLO_GOALS = {("ares-expedition", "novice"): 0.9, ("ares-expedition", "advanced"): 0.5,   # "wins novice and most advanced games"
              ("voidfall", "easy"): 0.5, ("voidfall", "medium"): 0.25}   # "half of easy games and a quarter of medium"


@dataclass(frozen=True)
class Match:
    """One game of the bench: the tested level in `seat`, the others at `opponent`."""

    slug: str
    players: int
    options: tuple[tuple[str, str], ...]
    level: str
    opponent: str | None
    index: int

    @property
    def seed(self) -> int:
        return SEED + self.index // 2 if self.players > 1 else SEED + self.index

    @property
    def seat(self) -> int:
        return self.index % 2 if self.players > 1 else 0

    @property
    def line(self) -> tuple:
        """The table line the game counts in."""
        return (self.slug, self.players, self.options, self.level, self.opponent)


@dataclass
class Result:
    """A finished bench game: the tested level's share of the win, and its CPU seconds per decision."""

    match: Match
    share: float
    cpu: list[float] = field(default_factory=list)
    moves: int = 0


def play_match(match: Match, budget: float | None, work: int | None) -> Result:
    """Play one bench game to its end; seeded, so it repeats (exactly with a work budget)."""
    rules = games.get(match.slug)
    state = rules.setup(match.players, match.seed, dict(match.options))
    levels = [match.level if seat == match.seat else match.opponent for seat in range(match.players)]
    order = random.Random(match.seed)
    result = Result(match, 0.0)
    for _ in range(50_000):
        pending = rules.pending(state)
        if not pending:
            break
        decision = pending[order.randrange(len(pending))]
        seat = decision.seat
        forced = decision.only_choice()
        if forced is not None:
            choice = forced
        else:
            started = time.process_time()
            level = levels[seat]
            assert level is not None, "only a solo match has no opponent, and its one seat is the tested one"
            choice = rules.bot_choice(state, seat, level, budget=budget if level == HARD else None,
                                      work=work if level == HARD else None)
            if seat == match.seat:
                result.cpu.append(time.process_time() - started)
        state = rules.apply(state, seat, choice)
        result.moves += 1
    outcome = rules.outcome(state)
    if outcome is None:
        raise RuntimeError(f"{match.slug} seed {match.seed} did not end")
    if match.seat in outcome.winners:
        result.share = 1.0 / len(outcome.winners)
    return result


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def matches(titles: tuple[str, ...], count: int, solo: bool, two: bool = True,
            pairings: tuple[str, ...] | None = None, solo_lines: tuple[str, ...] | None = None,
            solo_baseline: bool = True) -> list[Match]:
    """The bench's games; `pairings` ("hard-baseline", ...) keeps only those 2-player lines,
    `solo_lines` ("hard-advanced", ...) only those solo lines; without `solo_baseline` the solo
    lines play hard alone, not the baseline beside it."""
    found = []
    for slug in titles if two else ():
        for level, opponent, _ in PAIRINGS:
            if pairings is None or f"{level}-{opponent}" in pairings:
                found += [Match(slug, 2, (), level, opponent, i) for i in range(count)]
    if solo:
        for slug, difficulty in SOLO:
            if slug in titles:
                for level in (HARD, BASELINE) if solo_baseline else (HARD,):
                    if solo_lines is not None and f"{level}-{difficulty}" not in solo_lines:
                        continue
                    found += [Match(slug, 1, (("difficulty", difficulty),), level, None, i) for i in range(count)]
    return found


def _run(job: tuple[Match, float | None, int | None]) -> Result:
    return play_match(*job)


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    data = sorted(values)
    k = (len(data) - 1) * p / 100.0
    lo = int(k)
    hi = min(lo + 1, len(data) - 1)
    return data[lo] + (data[hi] - data[lo]) * (k - lo)


def goal_of(line: tuple) -> float | None:
    slug, players, options, level, opponent = line
    if players == 1:
        return SOLO_GOALS.get((slug, dict(options).get("difficulty", "")), None) if level == HARD else None
    return next((goal for lv, opp, goal in PAIRINGS if lv == level and opp == opponent), None)


def report(results: list[Result]) -> list[str]:
    """The table, one line per title and pairing."""
    lines: dict[tuple, list[Result]] = {}
    for result in results:
        lines.setdefault(result.match.line, []).append(result)
    head = ("title", "players", "tested vs opponent", "games", "wins", "win rate", "95% CI", "goal", "",
            "CPU/decision mean", "p95", "decisions/game")
    rows = [head]
    for line, found in lines.items():
        slug, players, options, level, opponent = line
        n = len(found)
        wins = sum(r.share for r in found)
        low, high = wilson(wins, n)
        goal = goal_of(line)
        verdict = "" if goal is None else ("PASS" if wins / n >= goal else "MISS")
        cpu = [c for r in found for c in r.cpu]
        mode = f"solo {dict(options)['difficulty']}" if players == 1 else "2"
        against = opponent or ("Voidborn" if slug == "voidfall" else "Mars")   # solo: the game's automa
        rows.append((slug, mode, f"{level} vs {against}", str(n), f"{wins:g}", f"{wins / n:.0%}",
                     f"{low:.0%}-{high:.0%}", "-" if goal is None else f">= {goal:.0%}", verdict,
                     f"{sum(cpu) / max(1, len(cpu)):.3f} s", f"{percentile(cpu, 95):.3f} s",
                     f"{len(cpu) / n:.0f}"))
    widths = [max(len(row[i]) for row in rows) for i in range(len(head))]
    return [" | ".join(cell.ljust(width) for cell, width in zip(row, widths)) for row in rows]


def dump_result(result: Result) -> list:
    m = result.match
    return [m.slug, m.players, [list(o) for o in m.options], m.level, m.opponent, m.index, result.share,
            round(sum(result.cpu), 4), len(result.cpu), result.moves]


def from_log(lines: list[str]) -> list[Result]:
    """The games a run printed ("game [...]" lines), each with its mean CPU per decision, for the
    table of a run stopped early (`--log FILE`)."""
    found = []
    for line in lines:
        if line.startswith("game "):
            slug, players, options, level, opponent, index, share, cpu, decisions, moves = json.loads(line[5:])
            match = Match(slug, players, tuple(tuple(o) for o in options), level, opponent, index)
            found.append(Result(match, share, [cpu / max(1, decisions)] * decisions, moves))
    return found


def work_per_title(given: list[str]) -> dict[str, int]:
    """`BENCH_WORK` with the `--work` arguments ("N" for every title, "TITLE=N" for one) applied."""
    work = dict(BENCH_WORK)
    for item in given:
        slug, _, steps = item.rpartition("=")
        if slug and slug not in work:
            raise SystemExit(f"--work {item}: unknown title {slug!r}")
        for name in ([slug] if slug else list(work)):
            work[name] = int(steps)
    return work


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=GAMES, help=f"games per title and pairing (default {GAMES})")
    parser.add_argument("--budget", type=float, default=None,
                        help="CPU seconds per hard decision instead of simulated steps")
    parser.add_argument("--work", action="append", default=[], metavar="[TITLE=]N",
                        help=f"simulated steps per hard decision, for every title or one (default {BENCH_WORK})")
    parser.add_argument("--jobs", type=int, default=2, help="games played at once (default 2, one per core)")
    parser.add_argument("--only", action="append", choices=TWO_PLAYER, help="titles to run (repeatable)")
    parser.add_argument("--no-solo", action="store_true", help="leave out the solo lines")
    parser.add_argument("--no-two", action="store_true", help="leave out the 2-player lines")
    parser.add_argument("--pairing", action="append", choices=[f"{lv}-{opp}" for lv, opp, _ in PAIRINGS],
                        help="2-player pairings to run (repeatable; default all)")
    parser.add_argument("--solo-line", action="append", metavar="LEVEL-DIFFICULTY",
                        help="solo lines to run, e.g. hard-advanced (repeatable; default all)")
    parser.add_argument("--index", metavar="A:B", help="only games A to B-1 of each line (split a run over processes; "
                        "table the parts together with --log)")
    parser.add_argument("--no-solo-baseline", action="store_true",
                        help="solo: play hard only, not the baseline beside it (half the CPU of Voidfall's solo lines)")
    parser.add_argument("--nice", type=int, default=10, help="lower this process's priority by N (default 10)")
    parser.add_argument("--quick", action="store_true", help="2 games per line, 200 steps of work: a smoke run")
    parser.add_argument("--log", action="append", help="print the table of the games in these runs' output instead")
    args = parser.parse_args(argv)
    if args.log:
        done: list[Result] = []
        for name in args.log:
            done += from_log(Path(name).read_text().splitlines())
        print(f"{len(done)} games from {', '.join(args.log)} (p95 from per-game means)")
        print("\n".join(report(done)))
        return 0
    if args.nice:
        os.nice(args.nice)
    count, budget, work = args.games, args.budget, work_per_title(args.work)
    if args.quick:
        count, budget, work = 2, None, {slug: 200 for slug in TWO_PLAYER}
    titles = tuple(args.only or TWO_PLAYER)
    todo = matches(titles, count, not args.no_solo, not args.no_two, tuple(args.pairing) if args.pairing else None,
                   tuple(args.solo_line) if args.solo_line else None, not args.no_solo_baseline)
    if args.index:
        low, high = (int(n) for n in args.index.split(":"))
        todo = [match for match in todo if low <= match.index < high]
    started = time.time()
    jobs = [(match, budget, None if budget is not None else work[match.slug]) for match in todo]
    spent = (f"{budget:.2f} CPU s" if budget is not None
             else ", ".join(f"{slug} {work[slug]} steps" for slug in titles))
    print(f"Bot strength: {len(todo)} games, seeds from {SEED}, hard budget {spent} per decision, {args.jobs} jobs; "
          f"load average {os.getloadavg()[0]:.2f} (CPU seconds are the process's own: load slows the run, "
          "not the bots)", flush=True)
    per_line = {match.line: 0 for match in todo}
    for match in todo:
        per_line[match.line] += 1
    results: list[Result] = []

    def arrived(result: Result) -> None:   # a line prints as soon as its games are in
        results.append(result)
        print("game " + json.dumps(dump_result(result)), flush=True)   # a run stopped early still tells (--log)
        line = result.match.line
        done = [r for r in results if r.match.line == line]
        if len(done) == per_line[line]:
            print(f"[{time.time() - started:.0f} s] " + report(done)[1], flush=True)

    if args.jobs > 1:
        with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
            for result in pool.imap_unordered(_run, jobs):
                arrived(result)
    else:
        for job in jobs:
            arrived(_run(job))
    results.sort(key=lambda r: todo.index(r.match))
    print("\n".join(report(results)))
    print(f"wall {time.time() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
