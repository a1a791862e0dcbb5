"""Voidfall solo/co-op designed content: the balance bench with a variant of one difficulty's
designed content (data/solo/board.json "difficulties") applied in-process, so each lever can be
measured without editing the data. The article's numbers (base, the rift's 30, the other final
Influence terms) cannot be changed here: the variant may not name "base".

    .venv/bin/python bench/voidfall_content.py --difficulty medium --seeds 24 --games \
        --variant '{"medium": {"starting_crises": 0}}'
    .venv/bin/python bench/voidfall_content.py --difficulty medium --seeds 24 \
        --variant '{"medium": {"alert": {"3": {"III": 0, "II": 4}}}}'

Prints the same rows (and, with --games, the same per-game lines) as bench/voidfall_balance.py,
plus the mean margin (weakest house minus Voidborn).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.voidfall_balance import game_lines, one_game  # noqa: E402
from games.voidfall.solo.content import DIFFICULTIES  # noqa: E402


def merged(base: dict, change: dict) -> dict:
    """`base` with `change` laid over it, nested dicts merged key by key."""
    out = dict(base)
    for key, value in change.items():
        out[key] = merged(base[key], value) if isinstance(value, dict) and isinstance(base.get(key), dict) else value
    return out


def apply_variant(variant: dict) -> None:
    """Lay the variant over the loaded difficulties (the worker processes fork after this)."""
    for level, change in variant.items():
        if "base" in change:
            raise SystemExit("the base Influence is the article's: not a designed lever")
        DIFFICULTIES[level] = merged(DIFFICULTIES[level], change)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=24)
    ap.add_argument("--first", type=int, default=1, help="first seed")
    ap.add_argument("--players", type=int, default=1)
    ap.add_argument("--difficulty", default="medium")
    ap.add_argument("--variant", default="{}", help="JSON laid over board.json's difficulties")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--games", action="store_true", help="also print every game's seed and result")
    a = ap.parse_args()
    apply_variant(json.loads(a.variant))
    t0 = time.time()
    seeds = [a.first + i for i in range(a.seeds)]
    with ProcessPoolExecutor(max_workers=a.jobs) as pool:
        games = list(pool.map(one_game, [(a.players, a.difficulty, s) for s in seeds]))
    n = len(games)
    won = sum(g["win"] for g in games)
    inf = sum(g["inf"] for g in games) / n
    vb = sum(g["terms"]["total"] for g in games) / n
    terms = {t: sum(g["terms"].get(t, 0) for g in games) / n for t in games[0]["terms"] if t != "total"}
    print(f"{a.difficulty} players={a.players} seeds {seeds[0]}..{seeds[-1]} variant={a.variant}")
    print(f"won {won}/{n}  house {inf:.1f}  Voidborn {vb:.1f}  margin {inf - vb:.1f}  "
          f"closest {max(g['inf'] - g['terms']['total'] for g in games)}")
    print("  terms: " + " ".join(f"{t} {v:.1f}" for t, v in terms.items()))
    if a.games:
        print("\n".join(game_lines(seeds, games)))
    print(f"({time.time() - t0:.0f} s)")


if __name__ == "__main__":
    main()
