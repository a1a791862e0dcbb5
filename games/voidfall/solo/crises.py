"""Crisis cards: what resolves them (conditions), what their penalty does, and the texts.

Designed vocabulary (DESIGN_SOLO.md): a condition is either `have` (resolved at once when the house
reaches `n` of a metric; `house_clean` means at most `n` Corruption on the house mat) or `pay`
(resolved by paying the cost right after an action; Credits stand in for Food, Energy and
Materials). A penalty is one of: lose resources, lose Influence, Voidborn cubes on the map,
a Corruption marker, an assault with a modifier, a harbinger on the map, a lost technology.
"""

from __future__ import annotations

from collections.abc import Callable

from games.core.i18n import Text

from ..board import adjacent_void, controlled, cubes, name, void_sectors
from ..data import TECHS
from ..economy import house_corruption, lose_influence, plan_payment
from ..effects import CAN, run_effect
from ..evaluation import skirmish
from ..messages import T, content_name, joined
from ..metrics import MetricError
from ..state import VoidfallState, solo_of
from .board import military_value
from .content import CAT_NAME, CRISES, LEVEL_NAME, crisis_name, res_name, sector_name

METRIC_TEXT = {
    "fleet_on_map": lambda n: T("{n}+ cubes on the map", n=n), "sectors": lambda n: T("control {n}+ sectors", n=n),
    "installs": lambda n: T("{n}+ Installations", n=n),
    "glory": lambda n: T("Glory tokens worth {n}+", n=n), "fleet_kinds": lambda n: T("{n}+ fleet kinds on the map", n=n),
    "guilds": lambda n: T("{n}+ Guilds", n=n),
    "pop": lambda n: T("{n}+ Population in your sectors", n=n), "stock_total": lambda n: T("{n}+ resources in stock", n=n),
    "guild_kinds": lambda n: T("{n}+ Guild kinds", n=n),
    "techs": lambda n: T("{n}+ technologies", n=n), "track_sum": lambda n: T("Civilization tracks summing to {n}+", n=n),
    "pure_sectors": lambda n: T("{n}+ Pure sectors", n=n),
    "influence": lambda n: T("{n}+ Influence", n=n), "house_clean": lambda n: T("at most {n} Corruption on your house mat", n=n),
}


# What a `have` condition counts for a house: its metric -> (state, seat) -> the count now.
CrisisMetric = Callable[[VoidfallState, int], int]
METRICS: dict[str, CrisisMetric] = {
    "fleet_on_map": lambda state, seat: sum(cubes(s) for s in controlled(state, seat)),
    "sectors": lambda state, seat: len(controlled(state, seat)),
    "installs": lambda state, seat: sum(len(s.installs) for s in controlled(state, seat)),
    "glory": lambda state, seat: sum(state.houses[seat].glory),
    "fleet_kinds": lambda state, seat: len({k for s in controlled(state, seat) for k, n in s.fleet.items() if n}),
    "guilds": lambda state, seat: sum(len(s.guilds) for s in controlled(state, seat)),
    "pop": lambda state, seat: sum(s.pop for s in controlled(state, seat)),
    "stock_total": lambda state, seat: sum(state.houses[seat].res.values()),
    "guild_kinds": lambda state, seat: len({g for s in controlled(state, seat) for g in s.guilds}),
    "techs": lambda state, seat: len(state.houses[seat].techs),
    "track_sum": lambda state, seat: sum(state.houses[seat].tracks.values()),
    "pure_sectors": lambda state, seat: sum(1 for s in controlled(state, seat) if not s.corrupted),
    "influence": lambda state, seat: state.houses[seat].influence,
    "house_clean": lambda state, seat: house_corruption(state.houses[seat]),
}


def metric(state: VoidfallState, seat: int, what: str) -> int:
    """The count crisis metric `what` measures for house `seat` now."""
    try:
        count = METRICS[what]
    except KeyError:
        raise MetricError(f"unknown crisis metric {what}") from None
    return count(state, seat)


def amounts(paid: dict[str, int], zeros: bool = False) -> Text:
    """Resources in words, "2 Food, 1 Credits" (empty when there are none; `zeros`: 0 Food too)."""
    return joined([T("{n} {resource}", n=n, resource=res_name(r)) for r, n in paid.items() if n or zeros])


def cost_words(cost: dict[str, int]) -> Text:
    return joined([T("{n} resource(s) of any kind", n=n) if r == "any" else T("{n} {resource}", n=n, resource=res_name(r))
                   for r, n in cost.items()], T("{a} + {b}"))


def condition_text(cid: str) -> Text:
    c = CRISES[cid]["cond"]
    if c["kind"] == "pay":
        return T("pay {cost}", cost=cost_words(c["cost"]))
    return METRIC_TEXT[c["metric"]](c["n"])


def penalty_text(cid: str) -> Text:
    p = CRISES[cid]["penalty"]
    if "lose" in p:
        return T("lose {cost}", cost=cost_words(p["lose"]))
    if "inf" in p:
        return T("lose {n} Influence", n=p["inf"])
    if "void" in p:
        return T("{n} Voidborn cube(s) join Voidborn sectors", n=p["void"])
    if "corrupt" in p:
        return T("gain 1 Corruption")
    if "assault" in p:
        return T("a Voidborn assault (+{n} Fleet Power)", n=p["assault"])
    if "harbinger" in p:
        return T("a harbinger on a Voidborn sector next to you")
    return T("a Basic technology of the market is lost")


def card_text(cid: str) -> Text:
    """A crisis card whole: name, number, kind, level, what resolves it and its penalty."""
    c = CRISES[cid]
    return T("{crisis} (#{num}, {kind}, level {level}): resolve: {condition}; penalty: {penalty}", crisis=crisis_name(cid),
             num=c["num"], kind=CAT_NAME[c["cat"]], level=LEVEL_NAME[c["level"]], condition=condition_text(cid),
             penalty=penalty_text(cid))


def met(state: VoidfallState, seat: int, cid: str) -> bool:
    """A `have` condition holds for this house now."""
    c = CRISES[cid]["cond"]
    if c["kind"] != "have":
        return False
    v = metric(state, seat, c["metric"])
    return v <= c["n"] if c["metric"] == "house_clean" else v >= c["n"]


def can_pay(state: VoidfallState, seat: int, cid: str) -> bool:
    c = CRISES[cid]["cond"]
    return c["kind"] == "pay" and plan_payment(state.houses[seat], c["cost"]) is not None


# ---------------------------------------------------------------- penalties
def void_room(state: VoidfallState) -> int:
    return sum(max(0, s.void_cap - s.void) for s in void_sectors(state))


def penalty_possible(state: VoidfallState, seat: int, cid: str) -> bool:
    """Article: the penalty is an option only if it can be suffered in full."""
    p = CRISES[cid]["penalty"]
    h = state.houses[seat]
    if "lose" in p:
        return plan_payment(h, p["lose"]) is not None
    if "inf" in p:
        return h.influence >= p["inf"]
    if "void" in p:
        return void_room(state) >= p["void"]
    if "corrupt" in p:
        return bool(CAN["gain_corruption"](state, seat, {"do": "gain_corruption"}, {}))
    if "harbinger" in p:
        return bool(adjacent_void(state, seat))
    if "lost_tech" in p:
        return bool(state.market)
    return True


def suffer(state: VoidfallState, seat: int, cid: str) -> None:
    """Apply the penalty of crisis `cid` to house `seat` (the caller checked it is possible)."""
    p = CRISES[cid]["penalty"]
    h = state.houses[seat]
    if "lose" in p:
        plan = plan_payment(h, p["lose"]) or {}
        for r, n in plan.items():
            h.res[r] -= n
        state.say(T("{seat} loses {resources} ({crisis}).", seat=name(seat), resources=amounts(plan, zeros=True),
                    crisis=crisis_name(cid)))
    elif "inf" in p:
        lose_influence(state, seat, p["inf"], crisis_name(cid), "voidborn")
    elif "void" in p:
        add_void(state, p["void"])
    elif "corrupt" in p:
        run_effect(state, seat, {"do": "gain_corruption"}, {})
    elif "assault" in p:
        skirmish(state, seat, military_value(state) + p["assault"])
    elif "harbinger" in p:  # the house chooses the sector
        run_effect(state, seat, {"do": "solo_place_harbinger"}, {})
    elif "lost_tech" in p:
        lose_tech(state)


def add_void(state: VoidfallState, n: int) -> None:
    """Designed: each cube goes to the Voidborn sector with the most room (ties: sector key)."""
    for _ in range(n):
        room = [s for s in void_sectors(state) if s.void < s.void_cap]
        if not room:
            return
        s = min(room, key=lambda s: (s.void - s.void_cap, s.key))
        s.void += 1
        state.say(T("A Voidborn cube joins {sector} ({n}).", sector=sector_name(s), n=s.void))


def lose_tech(state: VoidfallState) -> None:
    """Article (失傳科技): a Basic technology from the pool, one that gives Influence if
    possible (designed: the first such in the market)."""
    if not state.market:
        return
    pick = next((t for t in state.market if TECHS[t].get("influence", 0)), state.market[0])
    state.market.remove(pick)
    solo_of(state).lost_techs.append(pick)
    state.say(T("The technology {tech} is lost to the Voidborn.", tech=content_name(f"tech:{pick}", TECHS[pick]["name"])))
