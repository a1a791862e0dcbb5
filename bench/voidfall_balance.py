"""Voidfall solo/co-op balance: whole bot games against the Voidborn, per mode and difficulty.

Prints, per (players, difficulty): win rate, mean house Influence (the lowest house in co-op,
since every house must reach the Voidborn), mean Voidborn final Influence, games lost at once
(4th catastrophe) and the mean of each term of the Voidborn formula (article 計算虛空造物終局影響力).

    .venv/bin/python bench/voidfall_balance.py --seeds 30
    .venv/bin/python bench/voidfall_balance.py --seeds 10 --players 1 --difficulty easy
    .venv/bin/python bench/voidfall_balance.py --seeds 24 --players 1 --games   # and every game's seed and result

Each row also prints `won` (games the houses won, of the row's games) and, with --games, one
line per game: its seed, the result, the weakest house's Influence and the Voidborn's.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games.core import play  # noqa: E402
from games.voidfall import RULES  # noqa: E402
from games.voidfall.solo.scoring import final_influence  # noqa: E402
from games.voidfall.state import VoidfallState, solo_of  # noqa: E402

TERMS = ("base", "rift", "haven", "catastrophe", "harbinger", "lost_tech", "crisis", "fallen", "corruption", "population")
SHORT = {"base": "base", "rift": "rift", "haven": "haven", "catastrophe": "cat", "harbinger": "harb",
         "lost_tech": "tech", "crisis": "cris", "fallen": "fall", "corruption": "corr", "population": "pop"}


def one_game(args: tuple[int, str, int]) -> dict:
    """Play one bot game; its result and the Voidborn terms (also for a game lost at once)."""
    players, difficulty, seed = args
    options = {"difficulty": difficulty, **({"mode": "coop"} if players > 1 else {})}
    state = play(RULES, players, seed, options).final
    assert isinstance(state, VoidfallState)  # the finished game of RULES
    solo = solo_of(state)
    terms = solo.vb_terms if solo.vb_terms else final_influence(state)
    return {"win": bool(state.winners), "lost": solo.lost, "terms": terms,
            "inf": min(h.influence for h in state.houses), "mean_inf": sum(h.influence for h in state.houses) / players}


def game_lines(seeds: list[int], games: list[dict]) -> list[str]:
    """One line per game: seed, won or lost, the weakest house's Influence against the Voidborn's."""
    return [f"  seed {seed:>3}: {'WON ' if g['win'] else 'lost'} house {g['inf']:>3} vs Voidborn {g['terms']['total']:>3}"
            for seed, g in zip(seeds, games)]


def run(players_list, difficulties, seeds: int, first: int, jobs: int, per_game: bool = False) -> list[str]:
    lines = [f"{'mode':<8}{'diff':<7}{'won':>6}{'win%':>5}{'inf':>6}{'VB':>6}{'lost':>5}  " + " ".join(f"{SHORT[t]:>5}" for t in TERMS)]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for p in players_list:
            for diff in difficulties:
                row_seeds = [first + i for i in range(seeds)]
                games = list(pool.map(one_game, [(p, diff, seed) for seed in row_seeds]))
                n = len(games)
                mean = {t: sum(g["terms"].get(t, 0) for g in games) / n for t in TERMS}
                mode = "solo" if p == 1 else f"coop{p}"
                won = sum(g["win"] for g in games)
                lines.append(f"{mode:<8}{diff:<7}{f'{won}/{n}':>6}{100 * won / n:>5.0f}"
                             f"{sum(g['inf'] for g in games) / n:>6.1f}{sum(g['terms']['total'] for g in games) / n:>6.1f}"
                             f"{sum(g['lost'] for g in games):>5}  " + " ".join(f"{mean[t]:>5.1f}" for t in TERMS))
                print(lines[-1], flush=True)
                if per_game:
                    for line in game_lines(row_seeds, games):
                        print(line, flush=True)
    return lines


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=30)
    ap.add_argument("--first", type=int, default=1, help="first seed")
    ap.add_argument("--players", type=int, nargs="*", default=[1, 2, 3, 4])
    ap.add_argument("--difficulty", nargs="*", default=["easy", "medium", "hard"])
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--games", action="store_true", help="also print every game's seed and result")
    a = ap.parse_args()
    t0 = time.time()
    print(f"Voidfall solo/co-op balance: {a.seeds} bot games per row (seeds {a.first}..{a.first + a.seeds - 1}); "
          "inf = mean Influence of the weakest house; VB = mean Voidborn final Influence; lost = 4th catastrophe")
    run(a.players, a.difficulty, a.seeds, a.first, a.jobs, a.games)
    print(f"({time.time() - t0:.0f} s)")


if __name__ == "__main__":
    main()
