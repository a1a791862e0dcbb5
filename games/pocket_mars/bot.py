"""A greedy bot: scores each option with simple heuristics from what the seat may see."""

from __future__ import annotations

import random

from games.core import Decision

from .cards import CARDS, Card
from .effects import half_blocker, promote_options, top_value
from .scoring import landing_gain
from .state import ENERGY_MAX, PMState


def _op_value(state: PMState, s: int, op, sim: dict) -> float:
    p = state.pl[s]
    if op.op == "launch":
        k = min(op.n, sim["earth"])
        sim["earth"] -= k
        sim["ship"] += k
        return 1.0 * k
    if op.op == "energy":
        return 0.3 * min(op.n, ENERGY_MAX - p.energy)
    if op.op == "draw":
        return 0.35 * op.n
    if op.op in ("land_here", "land_any"):
        if sim["ship"] > 0:
            sim["ship"] -= 1
            return 1.8
        return 0.0
    if op.op == "promote":
        return 2.0 if promote_options(state, s) else 0.0
    if op.op in ("shift", "swap"):
        return 1.2 if any(b.star[s] for b in state.buildings) or any(
            b.dstar[t] for b in state.buildings for t in range(len(state.pl)) if t != s) else 0.0
    return 0.05


def half_value(state: PMState, s: int, card: Card, which: str) -> float:
    if half_blocker(state, s, card, which):
        return 0.0
    p = state.pl[s]
    sim = {"ship": p.ship, "earth": p.earth}
    half = card.half(which)
    return sum(_op_value(state, s, o, sim) for o in half.ops) - 0.3 * half.cost


def ability_value(state: PMState, s: int, colour: str) -> float:
    p = state.pl[s]
    if colour == "green":
        return 1.2 if promote_options(state, s) else 0.3
    if colour == "yellow":
        return 0.3 if p.energy < ENERGY_MAX else 0.0
    if colour == "purple":
        return 1.0 if p.earth else 0.0
    if colour == "blue":
        return 0.1
    return 1.8 if p.ship else 0.0


def keep_value(state: PMState, s: int, cid: str) -> float:
    card = CARDS[cid]
    return max(half_value(state, s, card, "upper"), half_value(state, s, card, "lower"))


def prep_value(cid: str) -> float:
    card = CARDS[cid]
    return (5 if card.colour == "black" else card.value) + len(card.lower.ops)


def _turn_value(state: PMState, s: int, oid: str) -> float:
    kind, _, rest = oid.partition(":")
    p = state.pl[s]
    if kind == "hand":
        return half_value(state, s, CARDS[rest], "upper") + 0.05
    if kind == "prep":
        card = CARDS[rest]
        win = card.colour != "black" and card.value > top_value(state, card.colour) and p.ship > 0
        return (1.8 if win else 0.0) + half_value(state, s, card, "lower") + ability_value(state, s, card.colour)
    if kind == "other":
        t, i = (int(x) for x in rest.split(":"))
        return ability_value(state, s, CARDS[state.pl[t].prep[i]].colour) - 0.4
    if kind == "launch":
        return 1.0 if p.ship < 2 else 0.6
    if kind == "energy":
        return 0.2 + (0.3 if p.energy < ENERGY_MAX else 0.0) - 0.2 * keep_value(state, s, rest)
    return 0.0


HARM = {"black": 3.0, "green": 2.0, "purple": 1.5, "yellow": 1.0, "blue": 0.5}  # automaton effects


def _sub_value(state: PMState, s: int, oid: str) -> float:
    parts = oid.split(":")
    kind = parts[0]
    if kind in ("place", "use"):
        return 1.0
    if kind == "land":
        return landing_gain(state, s, parts[1])
    if kind == "promote":
        return 2.0
    if kind == "up":
        return 2.0 if int(parts[2]) == s else -1.0
    if kind == "down":
        return 1.0 if int(parts[2]) != s else -2.0
    if kind == "swap":
        a, d = int(parts[2]), int(parts[3])
        return (2.0 if a == s else -1.0) + (1.0 if d != s else -2.0)
    if kind == "peek":
        return 0.1
    if kind == "take":
        prep = state.pl[1].prep
        left = [CARDS[c].colour for j, c in enumerate(prep) if j != int(parts[1])]
        return -HARM.get(left[0], 0.0) if left else 0.0
    if kind == "tuck":
        return 0.05 - 0.1 * keep_value(state, s, parts[1])
    return 0.0  # skip / decline


def choose(state: PMState, s: int, decision: Decision):
    rnd = random.Random(f"{state.seq}-{s}")
    ids = [o.id for o in decision.options]
    if decision.max_picks > 1 or (decision.min_picks == decision.max_picks == 1 and all(i.startswith("c:") for i in ids)):
        n = decision.max_picks
        if state.packs:
            kind = "draft"
        elif not state.setup_waiting and state.steps and state.steps[0].kind == "discard4":
            kind = "discard"
        else:
            kind = "prep"
        if kind == "draft":
            ranked = sorted(ids, key=lambda i: (-(keep_value(state, s, i[2:]) + 0.1 * prep_value(i[2:])), rnd.random()))
        elif kind == "discard":
            ranked = sorted(ids, key=lambda i: (keep_value(state, s, i[2:]), rnd.random()))
        else:
            ranked = sorted(ids, key=lambda i: (-(prep_value(i[2:]) - 0.5 * half_value(state, s, CARDS[i[2:]], "upper")),
                                                rnd.random()))
        picks = ranked[:n]
        return picks if decision.max_picks > 1 else picks[0]
    if state.steps and state.steps[0].kind == "turn":
        value = lambda i: _turn_value(state, s, i)  # noqa: E731
    elif state.steps and state.steps[0].kind == "lower_ask":
        card = CARDS[state.steps[0].card]
        return "use" if half_value(state, s, card, "lower") > 0.2 else "decline"
    else:
        value = lambda i: _sub_value(state, s, i)  # noqa: E731
    return max(ids, key=lambda i: (value(i), rnd.random()))
