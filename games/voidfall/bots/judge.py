"""What the bot knows about the Voidborn's own pieces: how close a house is to resolving a crisis,
which permanent crises it will soon meet (so making them permanent costs little), and what the
solo-only effects of Heroic and Joint cards are worth (Flourish, Ascend, Repel, ...).

Read by values.py (effect worth) and voidborn.py (the void advance's standing); plays nothing and
reads only what the house's seat may see.
"""

from __future__ import annotations

from typing import Any

from ..board import adjacent, controlled, controller, cubes
from ..defence import skirmish_outcome
from ..economy import plan_payment
from ..evaluation import skirmish_strength, upkeep_plans
from ..solo.board import military_value
from ..solo.content import CRISES, VB_POINTS
from ..solo.crises import metric
from ..solo.state import HARBINGER, permanent, row, unfinished
from ..state import VoidfallState, solo_of

SOON = 1  # a `have` crisis this close to its threshold (in units of its metric) is "soon met"
SOON_SHARE = 0.8  # how much of a soon-met permanent crisis's cost the standing gives back
GROWING = ("guilds", "pop", "techs", "installs", "track_sum", "fleet_on_map", "stock_total", "glory", "influence",
           "guild_kinds", "fleet_kinds")  # metrics one ordinary action raises (not Corruption or sectors)
ROW_ENTRY = 4  # later cost of one more crisis-board entry (assault +1 FP or a bigger payment)
HAVEN_DONE = VB_POINTS["haven"] + 5  # a finished tile: 20 off the Voidborn and a reward
HAVEN_STEP = 10
ASSAULT_EXTRA = 1  # an assault usually comes with +1 (a crisis penalty or war card) on top of the board's value  # a level that does not finish its tile yet


def gap(state: VoidfallState, seat: int, cid: str) -> int:
    """How far house `seat` is from resolving crisis `cid`: 0 = it can resolve it now. A `have`
    condition counts the metric's missing units; a `pay` condition the resources it lacks."""
    c = CRISES[cid]["cond"]
    if c["kind"] == "pay":
        if plan_payment(state.houses[seat], c["cost"]) is not None:
            return 0
        return max(1, sum(c["cost"].values()) - sum(state.houses[seat].res.values()))
    v = metric(state, seat, c["metric"])
    return max(0, v - c["n"]) if c["metric"] == "house_clean" else max(0, c["n"] - v)


def soon_met(state: VoidfallState, cid: str) -> bool:
    """Every house is within SOON of resolving `cid` (co-op: each house resolves for itself) by
    a metric that one ordinary action raises. A `pay` crisis still open at the void advance was
    not paid at the end of the turn (the house lacked or needed the resources): never soon met."""
    c = CRISES[cid]["cond"]
    if c["kind"] != "have" or c["metric"] not in GROWING:
        return False
    return all(gap(state, seat, cid) <= SOON for seat in range(state.players))


def board_outlook(state: VoidfallState) -> float:
    """Points the standing gives back for permanent crises the houses will soon resolve: such a
    crisis leaves the board (and its +5 Voidborn Influence) within a turn or two."""
    return sum(SOON_SHARE * (VB_POINTS["crisis"] + ROW_ENTRY) for cid in permanent(state) if soon_met(state, cid))


def _falls(res) -> bool:
    """The sector is lost: the Voidborn win or tie, or no defending cube survives."""
    return res.winner != "defender" or sum(res.defender.values()) < 1


def exposure(state: VoidfallState, seat: int) -> float:
    """What the next Voidborn assault on house `seat` would take if it came now (its strength:
    the house mat's Corruption, the Cycle's +1 and the leftmost free military slot): the most a
    sector it wins is worth (its cubes, Population, Guilds, and 2 for holding it), 0 when every
    sector next to the Voidborn holds. The assault picks a sector it wins first (article 突擊)."""
    strength = skirmish_strength(state, seat, military_value(state) + ASSAULT_EXTRA)
    if strength <= 0:
        return 0.0
    void = {s.key for s in state.sectors if controller(s) == "void"}
    lost = [s for s in controlled(state, seat) if s.home_of < 0 and any(k in void for k in adjacent(state, s.key))
            and _falls(skirmish_outcome(state, seat, strength, s))]
    return max((2 + cubes(s) + s.pop + len(s.guilds) + sum(s.glory) for s in lost), default=0.0)


def pure_guilds(state: VoidfallState, seat: int) -> int:
    return sum(len(s.guilds) for s in controlled(state, seat) if not s.corrupted)


def _haven_level(state: VoidfallState) -> float:
    s = solo_of(state)
    tile = next((i for i, t in enumerate(s.havens) if len(t) < s.haven_sizes[i]), None)
    if tile is None:
        return 0.0
    return HAVEN_DONE if s.haven_sizes[tile] - len(s.havens[tile]) == 1 else HAVEN_STEP


def _harbinger_removal(state: VoidfallState, e: dict) -> float:
    if solo_of(state).harbingers:
        return VB_POINTS["harbinger"]
    if e.get("map"):
        return 0.0
    return ROW_ENTRY if any(HARBINGER in row(state, w) for w in ("military", "economic")) else 0.0


def _crisis_discard(state: VoidfallState, seat: int, e: dict) -> float:
    cats = e.get("cats", ())
    held = [c for c in permanent(state) if CRISES[c]["cat"] in cats]
    if held:  # the hardest permanent crisis to meet goes
        return VB_POINTS["crisis"] + ROW_ENTRY + min(3, max(gap(state, seat, c) for c in held))
    cur = solo_of(state).current
    if cur and CRISES[cur]["cat"] in cats and gap(state, seat, cur) > 0:
        return 3.0
    return 0.0


def haven_value(state: VoidfallState) -> float:
    """One more safe-haven level (Ascend, a second overproduction in a turn)."""
    return _haven_level(state) if unfinished(state) else 0.0


def heroic_value(state: VoidfallState, seat: int, e: dict[str, Any]) -> float | None:
    """The worth of a solo-only effect to house `seat` now, or None for any other effect."""
    do = e["do"]
    if do == "solo_inf_pure_guilds":  # Flourish
        return e.get("n", 3) * pure_guilds(state, seat)
    if do == "solo_remove_harbinger":
        return _harbinger_removal(state, e)
    if do == "solo_haven":  # Ascend
        return haven_value(state)
    if do == "solo_discard_crisis":
        return _crisis_discard(state, seat, e)
    if do == "solo_remove_void":
        return 2.0
    if do == "solo_place_harbinger":
        return -VB_POINTS["harbinger"]
    if do == "solo_discard_permanent":
        return VB_POINTS["crisis"] + ROW_ENTRY - VB_POINTS["catastrophe"]
    return None


def upkeep_shortfall(state: VoidfallState, seat: int) -> int:
    """Units of the Upkeep due that the house's stock could not pay now (each costs 3 Influence
    at the Evaluation: 「當你不能支付時每個缺少的資源-3點影響力」)."""
    plans = upkeep_plans(state, seat)
    return min(p[4] for p in plans) if plans else 0
