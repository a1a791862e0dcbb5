"""Voidfall solo: does a winning line exist? A beam search over whole turns (an estimate of what
careful play can reach, never used at run time).

Unlike `voidfall_strong.py`, this search plays the REAL game forward: it sees the alert and
crisis order as it happens to be dealt, which no player does. So it shows whether a line of play
beats the Voidborn on a given deal (an existence proof for the designed numbers), not what a
player should expect. Each turn it branches on the Focus card and the first action (the bot
plays the rest of the turn and everything else), keeps the `--beam` best states by the solo
bot's `worth`, and finally plays the best ending. Prints per seed the house Influence, the
Voidborn total with its terms, and the plain bot's result on the same seed.

    .venv/bin/python bench/voidfall_beam.py --seeds 1 2 3 --difficulty easy --beam 6
    .venv/bin/python bench/voidfall_beam.py --seeds 1 2 --players 2 --beam 6

Measured 2026-11-23 (beam 10, --knob STAGE_W=5 PATH_W=4 RES_W=0.6, 40-60 s a seed): solo easy
won 1 of 12 (seed 5: 139 vs 109, the rift closed), mean 97 vs 142 (plain bot 78 vs 151); solo
medium 0 of 4, 86 vs 191. Co-op 2 houses easy (beam 6): 0 of 4, closest 109 vs 124.
"""

from __future__ import annotations

import argparse
import copy
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games.core import play  # noqa: E402
from games.voidfall import RULES  # noqa: E402
from games.voidfall.bots import values  # noqa: E402
from games.voidfall.bots import tactics  # noqa: E402
from games.voidfall.solo.scoring import final_influence  # noqa: E402
from games.voidfall.state import VoidfallState, solo_of  # noqa: E402



def at_select(state) -> bool:
    top = state.tasks[-1] if state.tasks else None
    return bool(top and top.kind == "turn" and top.data.get("phase") == "select")


def at_act(state) -> bool:
    top = state.tasks[-1] if state.tasks else None
    return bool(top and top.kind == "turn" and top.data.get("phase") == "act")


def bot_until(state, stop, limit: int = 400):
    """The bot answers every decision until `stop(state)` (or the game ends)."""
    for _ in range(limit):
        if state.over or stop(state):
            return state
        d = RULES.pending(state)[0]
        state = RULES.apply(state, d.seat, RULES.baseline_choice(state, d.seat))
    return state


def ids_of(state) -> list[str]:
    return [o.id for o in RULES.pending(state)[0].options]


def seat_of(state) -> int:
    return RULES.pending(state)[0].seat


def children(state) -> list:
    """Every (Focus card, first action) start of this turn, each played on to the next turn."""
    out = []
    for card in ids_of(state):
        after_card = bot_until(RULES.apply(copy.deepcopy(state), seat_of(state), card), lambda s: at_act(s) or at_select(s))
        if after_card.over or not at_act(after_card):
            out.append(bot_until(after_card, lambda s: s is not after_card and at_select(s)))
            continue
        for first in ids_of(after_card):
            if not (first.startswith("a:") or first == "end"):
                continue
            nxt = RULES.apply(copy.deepcopy(after_card), seat_of(after_card), first)
            out.append(bot_until(nxt, at_select))
    return out


def margin(state) -> float:
    """The weakest house's Influence minus the Voidborn's (every house must reach it)."""
    if state.solo.lost:
        return -1000
    return min(h.influence for h in state.houses) - final_influence(state)["total"]


def rank(state) -> float:
    """The weakest house's standing by the solo bot's `worth`."""
    return min(values.worth(state, seat) for seat in range(state.players))


def search(seed: int, difficulty: str, beam: int, knobs: dict | None = None, players: int = 1) -> dict:
    for k, v in (knobs or {}).items():  # the value weights live in values.py, the look-ahead switches in tactics.py
        setattr(values if hasattr(values, k) else tactics, k, v)
    tactics.LOOK = False  # the search does the looking ahead; the bot plays greedily inside it
    t0 = time.time()
    options = {"difficulty": difficulty, **({"mode": "coop"} if players > 1 else {})}
    start = bot_until(RULES.setup(players, seed, options), at_select)
    layer, finished = [start], []
    while layer:
        kids = []
        for s in layer:
            kids += children(s)
        finished += [k for k in kids if k.over]
        live = [k for k in kids if not k.over]
        live.sort(key=rank, reverse=True)
        layer = live[:beam]
    best = max(finished, key=margin)
    terms = best.solo.vb_terms or final_influence(best)
    tactics.LOOK = True
    plain = play(RULES, players, seed, options).final
    assert isinstance(plain, VoidfallState)  # the finished game of RULES
    return {"seed": seed, "inf": min(h.influence for h in best.houses), "vb": terms["total"], "terms": terms,
            "win": bool(best.winners), "secs": time.time() - t0,
            "bot": (min(h.influence for h in plain.houses), solo_of(plain).vb_total)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    ap.add_argument("--difficulty", default="easy")
    ap.add_argument("--beam", type=int, default=6)
    ap.add_argument("--players", type=int, default=1, help="2-4: co-op (every house's turns are searched)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--knob", nargs="*", default=[], help="tactics weights for the ranking, e.g. STAGE_W=4")
    a = ap.parse_args()
    knobs = {k: float(v) for k, v in (kv.split("=") for kv in a.knob)}
    n = len(a.seeds)
    with ProcessPoolExecutor(max_workers=a.jobs) as pool:
        rows = list(pool.map(search, a.seeds, [a.difficulty] * n, [a.beam] * n, [knobs] * n, [a.players] * n))
    for r in rows:
        terms = ", ".join(f"{k} {v}" for k, v in r["terms"].items() if v and k not in ("total",))
        print(f"seed {r['seed']} {a.players}p {a.difficulty}: {'WIN ' if r['win'] else 'loss'} Influence {r['inf']} vs "
              f"Voidborn {r['vb']} ({terms}); plain bot {r['bot'][0]} vs {r['bot'][1]}; {r['secs']:.0f} s")
    print(f"won {sum(r['win'] for r in rows)} of {len(rows)}")


if __name__ == "__main__":
    main()
