"""Voidfall house balance (issue 22 item 12): whole competitive bot games with all 14 houses on
offer, each bot taking a house at random, and the wins of every house against its fair share.

A house's fair share is the sum, over the games it played, of 1 / the number of players (what it
would win if every house were equal); a shared win counts 1 / the number of winners. The target:
no house wins more than 1.5 times its fair share. Game i (from 0) has 2 + i % 3 players and seed
`first + i`, so the same arguments always play the same games.

    .venv/bin/python -m bench.voidfall_houses                # 42 games, seeds 1..42
    .venv/bin/python -m bench.voidfall_houses --games 60 --first 101 --jobs 2
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from games.core import play
from games.voidfall import RULES
from games.voidfall.data import HOUSES

TARGET = 1.5  # the most a house may win, in fair shares


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


def one_game(args: tuple[int, int]) -> GameResult:
    players, seed = args
    state = play(RULES, players, seed, {"houses": "all"}).final
    return GameResult(players, seed, tuple(h.house for h in state.houses), tuple(state.winners))


def schedule(games: int, first: int) -> list[tuple[int, int]]:
    """(players, seed) of each game: 2, 3, 4 players in turn, consecutive seeds."""
    return [(2 + i % 3, first + i) for i in range(games)]


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
    lines = [f"{'house':<11}{'games':>6}{'wins':>7}{'fair':>7}{'x fair':>8}"]
    for r in rows:
        lines.append(f"{HOUSES[r.house]['name']:<11}{r.games:>6}{r.wins:>7.1f}{r.fair:>7.1f}{r.ratio:>8.2f}")
    worst = max(rows, key=lambda r: r.ratio)
    verdict = "OK" if worst.ratio <= TARGET else "OVER"
    lines.append(f"highest: {HOUSES[worst.house]['name']} {worst.ratio:.2f} x fair share "
                 f"(target <= {TARGET}): {verdict}")
    return lines


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=42)
    ap.add_argument("--first", type=int, default=1, help="seed of the first game")
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args()
    plan = schedule(a.games, a.first)
    print(f"Voidfall house balance: {a.games} competitive bot games, houses=all, bots pick houses at random; "
          f"players 2/3/4 in turn, seeds {a.first}..{a.first + a.games - 1}", flush=True)
    t0 = time.time()
    with ProcessPoolExecutor(max_workers=a.jobs) as pool:
        results = list(pool.map(one_game, plan))
    for line in report(table(results)):
        print(line)
    print(f"({time.time() - t0:.0f} s)")


if __name__ == "__main__":
    main()
