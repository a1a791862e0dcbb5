"""Voidfall house balance (issue 22 item 12): whole competitive bot games with all 14 houses on
offer, each bot taking a house at random, and the wins of every house against its fair share.

A house's fair share is the sum, over the games it played, of 1 / the number of players (what it
would win if every house were equal); a shared win counts 1 / the number of winners. The target:
no house wins more than 1.5 times its fair share nor less than 0.5 (issue 33 item 2), over at least
300 games. Game i (from 0) has 2 + i % 3 players and seed `first + i`, so the same arguments always
play the same games. Each figure prints with its 95% interval (normal approximation: a house's wins
are a sum of per-game win chances of 1/players scaled by its ratio; see `interval`).

Every seat plays the same bot level (`--level`): `baseline` (the game's own bot on the true state,
the default: the cheapest), or `normal`, `hard` (the bot levels of games/core/levels.py; hard with
`--work` simulated steps per decision, so runs repeat exactly).

    .venv/bin/python -m bench.voidfall_houses                # 42 games, seeds 1..42
    nice -n 19 .venv/bin/python -m bench.voidfall_houses --games 300 --jobs 2
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from games.core import BASELINE, BOT_LEVELS, HARD
from games.voidfall import RULES
from games.voidfall.data import HOUSES

TARGET = 1.5  # the most a house may win, in fair shares
FLOOR = 0.5   # the least


@dataclass(frozen=True)
class GameResult:
    """One finished game: the house of every seat and the seats that won."""

    players: int
    seed: int
    houses: tuple[str, ...]
    winners: tuple[int, ...]


@dataclass(frozen=True)
class HouseRow:
    """One house over the whole run: games played, wins (shared wins split), fair share."""

    house: str
    games: int
    wins: float
    fair: float

    @property
    def ratio(self) -> float:
        """Wins in fair shares (1.0 = exactly what an equal house would win)."""
        return self.wins / self.fair if self.fair else 0.0

    def interval(self, z: float = 1.96) -> tuple[float, float]:
        """95% interval of `ratio`: wins are a sum over the house's games of a win chance
        ratio/players, whose variance is the sum of p(1-p) (normal approximation)."""
        if not self.games or not self.fair:
            return 0.0, 0.0
        p_mean = min(1.0, self.ratio * self.fair / self.games)      # the mean win chance per game
        spread = z * math.sqrt(self.games * p_mean * (1 - p_mean))
        return max(0.0, (self.wins - spread) / self.fair), (self.wins + spread) / self.fair


def one_game(args: tuple[int, int, str, int | None]) -> GameResult:
    """One game to its end, every seat at `level` (seeded: it repeats; the decision order among
    simultaneous ones drawn as games.core.play draws it)."""
    players, seed, level, work = args
    state = RULES.setup(players, seed, {"houses": "all"})
    order = random.Random(seed)
    for _ in range(50_000):
        decisions = RULES.pending(state)
        if not decisions:
            break
        decision = decisions[order.randrange(len(decisions))]
        if level == BASELINE:
            choice = RULES.baseline_choice(state, decision.seat)
        else:
            choice = RULES.bot_choice(state, decision.seat, level, work=work if level == HARD else None)
        state = RULES.apply(state, decision.seat, choice)
    return GameResult(players, seed, tuple(h.house for h in state.houses), tuple(state.winners))


def schedule(games: int, first: int, level: str = BASELINE, work: int | None = None) -> list[tuple[int, int, str, int | None]]:
    """(players, seed, level, work) of each game: 2, 3, 4 players in turn, consecutive seeds."""
    return [(2 + i % 3, first + i, level, work) for i in range(games)]


def table(results: list[GameResult]) -> list[HouseRow]:
    played: dict[str, int] = defaultdict(int)
    wins: dict[str, float] = defaultdict(float)
    fair: dict[str, float] = defaultdict(float)
    for g in results:
        for seat, house in enumerate(g.houses):
            played[house] += 1
            fair[house] += 1 / g.players
            if seat in g.winners:
                wins[house] += 1 / len(g.winners)
    rows = [HouseRow(k, played[k], wins[k], fair[k]) for k in sorted(HOUSES)]
    return sorted(rows, key=lambda r: (-r.ratio, r.house))


def report(rows: list[HouseRow]) -> list[str]:
    lines = [f"{'house':<11}{'games':>6}{'wins':>7}{'fair':>7}{'x fair':>8}  95% interval"]
    for r in rows:
        low, high = r.interval()
        lines.append(f"{HOUSES[r.house]['name']:<11}{r.games:>6}{r.wins:>7.1f}{r.fair:>7.1f}{r.ratio:>8.2f}"
                     f"  {low:.2f}-{high:.2f}")
    played = [r for r in rows if r.games]
    worst = max(played, key=lambda r: r.ratio)
    weakest = min(played, key=lambda r: r.ratio)
    verdict = "OK" if worst.ratio <= TARGET and weakest.ratio >= FLOOR else "OUT"
    lines.append(f"highest: {HOUSES[worst.house]['name']} {worst.ratio:.2f}, lowest: {HOUSES[weakest.house]['name']} "
                 f"{weakest.ratio:.2f} x fair share (target {FLOOR}-{TARGET}): {verdict}")
    return lines


def from_log(lines: list[str]) -> list[GameResult]:
    """The games a run printed ("game [players, seed, houses, winners]" lines), for a table of a
    run stopped early: `python -m bench.voidfall_houses --log FILE`."""
    found = []
    for line in lines:
        if line.startswith("game "):
            players, seed, houses, winners = json.loads(line[5:])
            found.append(GameResult(players, seed, tuple(houses), tuple(winners)))
    return found


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=42)
    ap.add_argument("--first", type=int, default=1, help="seed of the first game")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--level", default=BASELINE, choices=(BASELINE, *BOT_LEVELS), help="every seat's bot level")
    ap.add_argument("--work", type=int, default=200, help="simulated steps per hard decision (default 200)")
    ap.add_argument("--log", help="print the table of the games in this run's output instead of playing")
    a = ap.parse_args()
    if a.log:
        with open(a.log) as log:
            done = from_log(log.read().splitlines())
        print(f"{len(done)} games from {a.log}")
        print("\n".join(report(table(done))))
        return
    plan = schedule(a.games, a.first, a.level, a.work)
    print(f"Voidfall house balance: {a.games} competitive bot games ({a.level}"
          f"{f', {a.work} steps per decision' if a.level == HARD else ''}), houses=all, bots pick houses at random; "
          f"players 2/3/4 in turn, seeds {a.first}..{a.first + a.games - 1}; load average {os.getloadavg()[0]:.2f}",
          flush=True)
    t0 = time.time()
    results = []
    with ProcessPoolExecutor(max_workers=a.jobs) as pool:
        for result in pool.map(one_game, plan):   # one line a game: a run stopped early still tells
            results.append(result)
            print(f"game {json.dumps([result.players, result.seed, result.houses, result.winners])}", flush=True)
    for line in report(table(results)):
        print(line)
    print(f"({time.time() - t0:.0f} s)")


if __name__ == "__main__":
    main()
