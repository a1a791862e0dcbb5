"""A simple greedy bot: deterministic, legal, and it uses only what its seat may see."""

from __future__ import annotations

import random

from .actions import core_points
from .data import CARD_GATES, CARDS, CENTER, CORE, GATES
from .engine import gate_hostiles, hostile, reinforcement_ok
from .movement import crossed_cards, reachable, ships_at

WEIGHT = {"trade": 3.0, "refine": 2.5, "mine": 2.5, "build": 2.0, "command": 1.2, "draw": 1.5,
          "research": 1.0, "sabotage": 1.5, "plan": 0.4, "execute": 1.5, "echo": 0.5}


def card_value(cid: str) -> float:
    c = CARDS[cid]
    return WEIGHT.get(c.action, 1.0) + 0.5 * c.size


def _some(decision, chosen: list[str]):
    """`chosen` (possibly empty) as a choice for a pick-any decision (see common.pick_any)."""
    if decision.max_picks > 1:
        return chosen[:decision.max_picks]
    return chosen[0] if chosen else "none"


def _first(decision, prefix):
    return next((o.id for o in decision.options if o.id.startswith(prefix)), None)


def choose(rules, state, seat, decision=None):
    """The bot's pick for `seat`'s pending decision (`decision` when the caller has it already)."""
    if decision is None:
        decision = next(d for d in rules.pending(state) if d.seat == seat)
    if decision.number is not None:
        return decision.number[1]
    task = state.tasks[-1]
    ids = [o.id for o in decision.options]
    rnd = random.Random(f"{state.seq}-{seat}")
    deep = len(state.tasks) > 10
    kind = task.kind
    p = state.ps[seat]

    if kind == "home":
        return max(ids, key=lambda i: (card_value(i.split(":", 1)[1]), i))
    if kind == "turn":
        ph = task.data["phase"]
        if ph == "add":
            return max(ids, key=lambda i: (card_value(i.split(":", 1)[1]) + rnd.random(), i))
        if ph == "tech":
            best, score = "skip", 0.0
            for i in range(2):
                t = p.techs[i]
                action = CARDS[t].action if t in CARDS else ("echo" if t == "basic" else "race")
                val = {"race": 1.6}.get(action, WEIGHT.get(action, 1.0))
                if val > score:
                    best, score = f"tech:{i}", val
            return best
        if ph == "plan":
            return "use"
    if kind == "take":
        sink = task.data["sink"]
        if sink == "execute":
            cards = [i for i in ids if i.startswith("x:")]
            cards = [i for i in cards if CARDS[i[2:]].action not in ("execute", "plan")]
            if cards and not deep:
                return max(cards, key=lambda i: (card_value(i[2:]), i))
            return "none"
        if sink == "research":
            opts = [i for i in ids if i.startswith("r:")]
            good = [i for i in opts if p.techs[int(i.split(":")[2])] == "basic" and CARDS[i.split(":")[1]].size >= 2]
            return max(good, key=lambda i: (card_value(i.split(":")[1]), i)) if good else "none"
        cards = [i for i in ids if i.startswith("c:")]
        cap = decision.max_picks
        if sink == "trade":
            chosen = sorted(cards, key=lambda i: (-CARDS[i[2:]].size, i))[:cap]
        elif sink == "mine":
            keep = max(0, len(p.hand) - 2)
            chosen = sorted(cards, key=lambda i: (card_value(i[2:]), i))[:min(cap, keep)]
        else:  # plan
            chosen = sorted(cards, key=lambda i: (-CARDS[i[2:]].size, i))[:min(cap, 1)] if len(p.hand) > 3 else []
        return _some(decision, chosen)
    if kind == "research_slot":
        cid = task.data["card"]
        for i in range(2):
            if p.techs[i] == "basic":
                return f"slot:{i}"
        olds = [(CARDS[p.techs[i]].size if p.techs[i] in CARDS else 2, i) for i in range(2)]
        size, slot = min(olds)
        return f"slot:{slot}" if CARDS[cid].size > size else "discard"
    if kind == "build":
        core_gates = {f"b:c{g}" for g in CARD_GATES[CENTER]}
        for i in ids:
            if i in core_gates:
                return i
        cruisers = [i for i in ids if i.startswith("b:c")]
        if cruisers and rnd.random() < 0.5:
            return cruisers[0]
        return _first(decision, "b:t") or (cruisers[0] if cruisers else "done")
    if kind == "sabotage":
        aims = task.data.get("aims", [])

        def spare(i):  # ships in the fleet not yet covered by an aimed bomb
            loc, owner = i.split(":")[1], int(i.split(":")[2])
            row = state.tr if loc[0] == "t" else state.cr
            return row[int(loc[1:])][owner] - aims.count(i[5:])
        bombs = sorted((i for i in ids if i.startswith("bomb:")), key=lambda i: (-spare(i), i))
        if bombs and spare(bombs[0]) > 0:
            return bombs[0]
        return "fire" if "fire" in ids else (bombs[0] if bombs else "done")
    if kind == "refine":
        minerals = [i for i in ids if i.startswith("m:")]
        minerals.sort(key=lambda i: (-CARDS[i[2:]].size, i))
        return _some(decision, minerals)
    if kind == "core":
        extra = task.data["extra"]
        return max(ids, key=lambda i: (core_points(state, seat, i.split(":", 1)[1], extra), i))
    if kind == "explore":
        return min(ids, key=lambda i: (CARDS[i.split(":", 1)[1]].size, card_value(i.split(":", 1)[1]), i))
    if kind == "battle":
        good = [i for i in ids if i.startswith("r:") and reinforcement_ok(state, seat, i[2:])]
        return _some(decision, good)
    if kind == "command":
        return _command(state, task, seat, decision, ids, deep)
    return ids[0]


def _loc_value(state, seat, loc: str) -> float:
    idx = int(loc[1:])
    if loc[0] == "t":
        cid = state.grid[idx]
        if cid == CORE:
            return 3.5
        if not state.face_up[idx]:
            return 1.5
        if cid in CARDS:
            action = CARDS[cid].action
            return 0.3 if action == "command" else WEIGHT.get(action, 1.0) + 0.3 * CARDS[cid].size
        return 0.0
    a, b = GATES[idx]
    val = 3.0 if CENTER in (a, b) else 0.5
    return val


def _move_value(state, seat, start: str, path: list[str]) -> float:
    dest = path[-1]
    val = _loc_value(state, seat, dest) - (_loc_value(state, seat, start) if start[0] == "c" else 0)
    if dest[0] == "c":
        g = int(dest[1:])
        foes = gate_hostiles(state, seat, g)
        if foes:
            mine = ships_at(state, start, seat)
            theirs = state.cr[g][foes[0]]
            val += 2.5 if mine > theirs else -4
        crossed = crossed_cards(path, start)
        val += sum(n for c in set(crossed) for t, n in enumerate(state.tr[c]) if hostile(state, seat, t))
    return val


def _command(state, task, seat, decision, ids, deep):
    d = task.data
    if d["stage"] == "fleet":
        best, score = "done", 0.4
        if deep:
            return "done"
        for i in ids:
            if not i.startswith("f:"):
                continue
            loc = i[2:]
            for dest, path in reachable(state, seat, loc, d["n"]).items():
                v = _move_value(state, seat, loc, path)
                if v > score:
                    best, score = i, v
        return best
    start = d["loc"]
    move: str | None = None  # the best "to:" option, if there is one
    score = -99.0
    for i in ids:
        if i.startswith("to:"):
            path = reachable(state, seat, start, d["n"])[i[3:]]
            v = _move_value(state, seat, start, path)
            if v > score:
                move, score = i, v
    if move is None:
        return "go" if "go" in ids else "cancel"
    return move
