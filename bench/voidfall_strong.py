"""Voidfall solo: how far STRONG play gets against the Voidborn (an estimate, never used at run time).

A slow "strong player" by policy-improvement rollouts over the current bot: at each choose step
(the turn's Focus card), action step and void advance with 2+ options, every option (capped to the
most promising by the bot's own greedy ordering, the bot's choice always kept) is applied to a
BLIND copy of the state and the game is played on by the bot; the copy's random stream is reseeded
and its hidden decks (alert, crises, heroic cards, Agendas, Events, war cards) are reshuffled, so
the search never knows a hidden order. A rollout scores house Influence - Voidborn final Influence
(solo/scoring.py), or after `--horizon` decisions the solo bot's `worth` estimate. The best mean
over `--k` rollouts is played. Every other decision is the bot's.

Prints per game: seed, difficulty, house Influence, the Voidborn total and its terms, win/loss,
seconds, and the plain bot's result on the same seed; then a summary (mean of each term).

    .venv/bin/python bench/voidfall_strong.py --easy 1 2 3 --medium 1 2
    .venv/bin/python bench/voidfall_strong.py --easy 1 --k 2 --cap 8

Measured 2026-11-23 (k=2, cap 5, to the end; 1214 s on a shared core): easy 0/3 won, Influence
80/38/72 vs Voidborn 159/153/155 (gap -92 on average); medium 0/2, 88/74 vs 224/226 (gap -144).
The rollout player was NOT stronger than the bot on easy (the bot alone: 71/62/80), so this bounds
nothing from above. In every game the rift stayed open (30), the haven unfinished (20), the
Voidborn kept 19-20 Population and 8-10 Corruption markers (16-20): the map was never taken back.
"""

from __future__ import annotations

import argparse
import copy
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games.core import Rng, play  # noqa: E402
from games.voidfall import RULES  # noqa: E402
from games.voidfall.board import controller  # noqa: E402
from games.voidfall.solo.scoring import final_influence  # noqa: E402
from games.voidfall.state import VoidfallState, solo_of  # noqa: E402

TERMS = ("base", "rift", "haven", "catastrophe", "harbinger", "lost_tech", "crisis", "fallen", "corruption", "population")
SHORT = {"base": "base", "rift": "rift", "haven": "haven", "catastrophe": "cat", "harbinger": "harb",
         "lost_tech": "tech", "crisis": "cris", "fallen": "fall", "corruption": "corr", "population": "pop"}
LOST = 300  # a game lost at once (4th catastrophe) scores this far below any real margin


def searched(state, decision) -> bool:
    """The decisions the strong player searches: Focus card, action step, void advance."""
    if len(decision.options) < 2 or not state.tasks:
        return False
    t = state.tasks[-1]
    if t.kind == "turn":
        return t.data.get("phase") in ("select", "act")
    return t.kind in ("solo_advance", "solo_secret")


def greedy_rank(state, seat: int, ids: list[str]) -> list[str]:
    """Options by the bot's greedy value (best first); unknown kinds keep their order."""
    from games.voidfall.bots.values import action_value
    from games.voidfall.actions import action_cost, can_pay_cost
    from games.voidfall.data import FOCUS

    t = state.tasks[-1]

    def card_score(i: str) -> float:
        if i.startswith("h:"):
            from games.voidfall.solo.heroic import HEROIC

            acts = HEROIC[i.split(":")[1]]["actions"]
        elif i.startswith("f:"):
            acts = FOCUS[i[2:]]["actions"]
        else:
            return 0.0
        vals = sorted((action_value(state, seat, a) for a in acts
                       if can_pay_cost(state, seat, action_cost(state, a["cost"]), {})), reverse=True)
        return sum(vals[:2])

    def act_score(i: str) -> float:
        from games.voidfall.focus import card_def

        if i.startswith("a:"):
            return action_value(state, seat, card_def(state, t.data)["actions"][int(i[2:])])
        return 2.0 if (i == "agenda" or i.startswith("t:")) else 0.5

    if t.kind == "turn" and t.data.get("phase") == "select":
        return sorted(ids, key=lambda i: -card_score(i))
    if t.kind == "turn" and t.data.get("phase") == "act":
        return sorted(ids, key=lambda i: -act_score(i))
    return list(ids)


def blind(state, seed: int):
    """A copy with a fresh random stream and every hidden deck reshuffled by it."""
    sim = copy.deepcopy(state)
    rng = Rng.from_seed(seed)
    sim.rng = rng
    solo = sim.solo
    for deck in solo.crisis_decks.values():
        rng.shuffle(deck)
    rng.shuffle(sim.crisis.alert_deck)
    rng.shuffle(solo.heroic_deck)
    rng.shuffle(solo.war_pool)
    for deck in sim.agenda_decks.values():
        rng.shuffle(deck)
    for pile in sim.event_piles.values():
        rng.shuffle(pile)
    return sim


def margin(state) -> float:
    """House Influence minus the Voidborn's final Influence (the solo result)."""
    m = state.houses[0].influence - final_influence(state)["total"]
    return m - LOST if state.solo.lost else m


def rollout(state, horizon: int) -> float:
    """Play on with the bot to the end (or `horizon` decisions, then the bot's worth estimate)."""
    from games.voidfall.bots.values import worth

    n = 0
    while not state.over:
        pending = RULES.pending(state)
        if not pending:
            break
        if horizon and n >= horizon:
            return worth(state, 0)
        d = pending[0]
        state = RULES.apply(state, d.seat, RULES.baseline_choice(state, d.seat))
        n += 1
    return margin(state)


def strong_choice(state, seat: int, decision, args, salt: int):
    ids = [o.id for o in decision.options]
    base = RULES.baseline_choice(state, seat)
    cands = greedy_rank(state, seat, ids)[: args.cap]
    if base not in cands:
        cands.append(base)
    scores = {}
    for i in cands:
        total = 0.0
        for r in range(args.k):
            sim = RULES.apply(blind(state, 1_000_003 * salt + 7919 * r + 13), seat, i)
            total += rollout(sim, args.horizon)
        scores[i] = total / args.k
    # the bot's own choice wins ties (an option must beat it to be played)
    return max(cands, key=lambda i: (scores[i], i == base)), base


def strong_game(seed: int, difficulty: str, args) -> dict:
    t0 = time.time()
    state = RULES.setup(1, seed, {"difficulty": difficulty})
    steps = searched_n = changed = 0
    while not state.over:
        pending = RULES.pending(state)
        if not pending:
            break
        d = pending[0]
        if searched(state, d):
            choice, base = strong_choice(state, d.seat, d, args, seed * 10_000 + steps)
            searched_n += 1
            changed += choice != base
        else:
            choice = RULES.baseline_choice(state, d.seat)
        state = RULES.apply(state, d.seat, choice)
        steps += 1
    terms = solo_of(state).vb_terms or final_influence(state)
    held = sorted(getattr(s, "key", "?") for s in state.sectors if controller(s) == 0)
    return {"held": held, "seed": seed, "diff": difficulty, "inf": state.houses[0].influence, "terms": terms,
            "win": bool(state.winners), "lost": solo_of(state).lost, "secs": time.time() - t0,
            "searched": searched_n, "changed": changed}


def bot_game(seed: int, difficulty: str) -> dict:
    state = play(RULES, 1, seed, {"difficulty": difficulty}).final
    assert isinstance(state, VoidfallState)  # the finished game of RULES
    return {"inf": state.houses[0].influence, "vb": (solo_of(state).vb_terms or final_influence(state))["total"]}


HEAD = (f"{'seed':>4} {'diff':<7}{'inf':>5}{'VB':>5}{'gap':>6} {'res':<5}{'secs':>6}{'srch':>5}{'chg':>4}  "
        + " ".join(f"{SHORT[t]:>5}" for t in TERMS) + "   bot inf/VB  held at the end")


def line(g: dict, b: dict) -> str:
    t = g["terms"]
    res = "LOST" if g["lost"] else ("win" if g["win"] else "loss")
    return (f"{g['seed']:>4} {g['diff']:<7}{g['inf']:>5}{t['total']:>5}{g['inf'] - t['total']:>6} {res:<5}"
            f"{g['secs']:>6.0f}{g['searched']:>5}{g['changed']:>4}  " + " ".join(f"{t.get(k, 0):>5}" for k in TERMS)
            + f"   {b['inf']:>3}/{b['vb']}  " + " ".join(g["held"]))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--easy", type=int, nargs="*", default=[1, 2, 3], help="easy seeds")
    ap.add_argument("--medium", type=int, nargs="*", default=[1, 2], help="medium seeds")
    ap.add_argument("--k", type=int, default=1, help="rollouts per option")
    ap.add_argument("--cap", type=int, default=6, help="options searched per decision (bot's choice always)")
    ap.add_argument("--horizon", type=int, default=0, help="decisions per rollout (0: to the end)")
    a = ap.parse_args()
    t0 = time.time()
    print(f"Voidfall solo, strong player (rollouts k={a.k}, cap {a.cap}, horizon {a.horizon or 'end'}); "
          "gap = house Influence - Voidborn Influence; srch/chg = decisions searched / changed from the bot's")
    print(HEAD, flush=True)
    games = []
    for diff, seeds in (("easy", a.easy), ("medium", a.medium)):
        for seed in seeds:
            g = strong_game(seed, diff, a)
            games.append(g)
            print(line(g, bot_game(seed, diff)), flush=True)
    for diff in ("easy", "medium"):
        gs = [g for g in games if g["diff"] == diff]
        if not gs:
            continue
        n = len(gs)
        mean = {k: sum(g["terms"].get(k, 0) for g in gs) / n for k in TERMS + ("total",)}
        inf = sum(g["inf"] for g in gs) / n
        print(f"{diff}: {sum(g['win'] for g in gs)}/{n} won; mean Influence {inf:.1f} vs Voidborn {mean['total']:.1f} "
              f"(gap {inf - mean['total']:.1f}); terms: " + ", ".join(f"{k} {mean[k]:.1f}" for k in TERMS if mean[k]))
    print(f"({time.time() - t0:.0f} s)")


if __name__ == "__main__":
    main()
