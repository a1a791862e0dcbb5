"""The bot's campaign against the Voidborn: which sectors to take back, in what order.

Closing a rift takes 30 points off the Voidborn, but the rift sits behind Voidborn sectors, and
every sector on the way must be won with cubes brought from next door. So the bot plans a path
(the cheapest chain of invasions from its sectors to the most rewarding goal, the rift first),
gathers cubes next to the path's first sector (the *front*), takes it, and moves on. Costs are
exact: `need` is the fewest Corvettes that beat the sector by the engine's own combat.
"""

from __future__ import annotations

import heapq

from ..board import adjacent, controller, cubes, sector
from ..combat import Side, resolve
from ..defence import defender_side
from ..solo.content import VB_POINTS
from ..state import VoidfallState, solo_of

MAX_NEED = 12  # a sector that 12 Corvettes cannot beat counts as out of reach
PATH_COST = 1.5  # a Corvette needed on the way costs this much of a goal's value


def need(state: VoidfallState, seat: int, key: str) -> int:
    """The fewest Corvettes (with the house's technologies) that win an invasion of `key` and
    keep at least one cube there; MAX_NEED + 1 when even MAX_NEED do not."""
    s = sector(state, key)
    dfn, _ = defender_side(state, s)
    techs = dict(state.houses[seat].techs)
    for n in range(1, MAX_NEED + 1):
        res = resolve(Side(cubes={"corvette": n}, techs=techs), dfn)
        if res.winner == "invader" and sum(res.invader.values()) >= 1:
            return n
    return MAX_NEED + 1


def reclaimed(state: VoidfallState, key: str) -> float:
    """What winning `key` takes off the Voidborn (Population, harbingers, a rift, a fallen house
    to rescue) plus its own Glory."""
    s = sector(state, key)
    v = sum(s.glory) + s.pop * VB_POINTS["population"] + solo_of(state).harbingers.get(key, 0) * VB_POINTS["harbinger"]
    if s.type == "rift":
        v += VB_POINTS["rift"]
    if s.fallen:
        v += VB_POINTS["fallen"] + 6
    return v


def value(state: VoidfallState, seat: int, key: str) -> float:
    """What taking `key` back is worth to the campaign: `reclaimed`, and its Corruption marker
    within reach of removal."""
    return reclaimed(state, key) + (VB_POINTS["corruption"] if sector(state, key).corrupted else 0)


def _open(state: VoidfallState, seat: int, key: str) -> bool:
    """A sector the campaign may have to take (not the house's, not anyone's Home)."""
    s = sector(state, key)
    return controller(s) != seat and s.home_of < 0 and controller(s) in ("void", None)


def paths(state: VoidfallState, seat: int) -> dict[str, tuple[int, list[str]]]:
    """Cheapest invasion chain to every sector the house could take: key -> (Corvettes needed
    in all, the sectors to take in order)."""
    mine = [s.key for s in state.sectors if controller(s) == seat]
    costs: dict[str, int] = {}
    best: dict[str, tuple[int, list[str]]] = {}
    heap: list[tuple[int, str, list[str]]] = [(0, k, []) for k in mine]
    while heap:
        cost, key, chain = heapq.heappop(heap)
        if chain and key in best:
            continue
        if chain:
            best[key] = (cost, chain)
        for nxt in adjacent(state, key, seat):
            if nxt in mine or nxt in best or not _open(state, seat, nxt):
                continue
            if nxt not in costs:
                costs[nxt] = need(state, seat, nxt)
            if costs[nxt] > MAX_NEED:
                continue
            heapq.heappush(heap, (cost + costs[nxt], nxt, chain + [nxt]))
    return best


def plan(state: VoidfallState, seat: int, options: dict | None = None) -> list[str]:
    """The sectors to take, in order, towards the best goal (empty: nothing worth taking)."""
    options = paths(state, seat) if options is None else options
    if not options:
        return []

    def score(key: str) -> float:
        cost, chain = options[key]
        return sum(value(state, seat, k) for k in chain) - PATH_COST * cost

    goal = max(sorted(options), key=score)
    return options[goal][1] if score(goal) > 0 else []


def front(state: VoidfallState, seat: int) -> str | None:
    """The next sector of the campaign."""
    chain = plan(state, seat)
    return chain[0] if chain else None


def staging(state: VoidfallState, seat: int, key: str) -> list[str]:
    """The house's sectors next to `key` (where cubes for its invasion gather)."""
    return [k for k in adjacent(state, key, seat) if controller(sector(state, k)) == seat]


def distance_to(state: VoidfallState, seat: int, goal: set[str]) -> dict[str, int]:
    """Regroup steps from each of the house's sectors to the nearest sector of `goal`, moving
    only through the house's own sectors (a sector not listed cannot reach it)."""
    dist = {k: 0 for k in goal if controller(sector(state, k)) == seat}
    todo = list(dist)
    while todo:
        key = todo.pop(0)
        for nxt in adjacent(state, key, seat):
            if nxt not in dist and controller(sector(state, nxt)) == seat:
                dist[nxt] = dist[key] + 1
                todo.append(nxt)
    return dist


def is_rift(state: VoidfallState, key: str) -> bool:
    """`key` is a rift sector (an unknown or empty key is not)."""
    return any(s.key == key and s.type == "rift" for s in state.sectors)


def power(state: VoidfallState, seat: int, key: str) -> int:
    """Cubes the house could send to `key` now (one stays in each sector that is not Home;
    against a rift every cube goes: closing it is worth more than the sectors left empty)."""
    total = 0
    for k in staging(state, seat, key):
        s = sector(state, k)
        total += cubes(s) - (0 if s.home_of == seat or is_rift(state, key) else 1)
    return max(0, total)


def rift_cost(state: VoidfallState, seat: int, options: dict | None = None) -> int:
    """Corvettes still needed, in all, to reach and close the cheapest rift (0: none left)."""
    options = paths(state, seat) if options is None else options
    costs = [options[s.key][0] for s in state.sectors if s.type == "rift" and s.key in options]
    return min(costs) if costs else 0


def progress(state: VoidfallState, seat: int, stage_w: float, path_w: float) -> float:
    """How far the campaign has come: cubes gathered at the front (up to what its invasion
    needs) minus the Corvettes the way to the rift still needs."""
    options = paths(state, seat)
    chain = plan(state, seat, options)
    if not chain:
        return 0.0
    n = options[chain[0]][0]  # the first step's cost is its own need
    return stage_w * min(power(state, seat, chain[0]), n + 1) - path_w * rift_cost(state, seat, options)
