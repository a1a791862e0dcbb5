"""Crisis cards: what resolves them (conditions), what their penalty does, and the texts.

Designed vocabulary (SOLO.md): a condition is either `have` (resolved at once when the house
reaches `n` of a metric; `house_clean` means at most `n` Corruption on the house mat) or `pay`
(resolved by paying the cost right after an action; Credits stand in for Food, Energy and
Materials). A penalty is one of: lose resources, lose Influence, Voidborn cubes on the map,
a Corruption marker, an assault with a modifier, a harbinger on the map, a lost technology.
"""

from __future__ import annotations

from ..board import adjacent_void, controlled, cubes, name, void_sectors
from ..data import RES_NAME, TECHS
from ..economy import house_corruption, lose_influence, plan_payment
from ..effects import CAN, run_effect
from ..evaluation import skirmish
from .board import military_value
from .content import CAT_NAME, CRISES, LEVEL_NAME

METRIC_TEXT = {
    "fleet_on_map": "{n}+ cubes on the map", "sectors": "control {n}+ sectors", "installs": "{n}+ Installations",
    "glory": "Glory tokens worth {n}+", "fleet_kinds": "{n}+ fleet kinds on the map", "guilds": "{n}+ Guilds",
    "pop": "{n}+ Population in your sectors", "stock_total": "{n}+ resources in stock", "guild_kinds": "{n}+ Guild kinds",
    "techs": "{n}+ technologies", "track_sum": "Civilization tracks summing to {n}+", "pure_sectors": "{n}+ Pure sectors",
    "influence": "{n}+ Influence", "house_clean": "at most {n} Corruption on your house mat",
}


def metric(state, seat: int, what: str) -> int:
    h = state.houses[seat]
    mine = controlled(state, seat)
    if what == "fleet_on_map":
        return sum(cubes(s) for s in mine)
    if what == "sectors":
        return len(mine)
    if what == "installs":
        return sum(len(s.installs) for s in mine)
    if what == "glory":
        return sum(h.glory)
    if what == "fleet_kinds":
        return len({k for s in mine for k, n in s.fleet.items() if n})
    if what == "guilds":
        return sum(len(s.guilds) for s in mine)
    if what == "pop":
        return sum(s.pop for s in mine)
    if what == "stock_total":
        return sum(h.res.values())
    if what == "guild_kinds":
        return len({g for s in mine for g in s.guilds})
    if what == "techs":
        return len(h.techs)
    if what == "track_sum":
        return sum(h.tracks.values())
    if what == "pure_sectors":
        return sum(1 for s in mine if not s.corrupted)
    if what == "influence":
        return h.influence
    if what == "house_clean":
        return house_corruption(h)
    raise KeyError(what)


def cost_words(cost: dict) -> str:
    return " + ".join(f"{n} {'resource(s) of any kind' if r == 'any' else RES_NAME[r]}" for r, n in cost.items())


def condition_text(cid: str) -> str:
    c = CRISES[cid]["cond"]
    if c["kind"] == "pay":
        return "pay " + cost_words(c["cost"])
    return METRIC_TEXT[c["metric"]].format(n=c["n"])


def penalty_text(cid: str) -> str:
    p = CRISES[cid]["penalty"]
    if "lose" in p:
        return "lose " + cost_words(p["lose"])
    if "inf" in p:
        return f"lose {p['inf']} Influence"
    if "void" in p:
        return f"{p['void']} Voidborn cube(s) join Voidborn sectors"
    if "corrupt" in p:
        return "gain 1 Corruption"
    if "assault" in p:
        return f"a Voidborn assault (+{p['assault']} Fleet Power)"
    if "harbinger" in p:
        return "a harbinger on a Voidborn sector next to you"
    return "a Basic technology of the market is lost"


def card_text(cid: str) -> str:
    c = CRISES[cid]
    return (f"{c['name']} (#{c['num']}, {CAT_NAME[c['cat']]}, level {LEVEL_NAME[c['level']]}): "
            f"resolve: {condition_text(cid)}; penalty: {penalty_text(cid)}")


def met(state, seat: int, cid: str) -> bool:
    """A `have` condition holds for this house now."""
    c = CRISES[cid]["cond"]
    if c["kind"] != "have":
        return False
    v = metric(state, seat, c["metric"])
    return v <= c["n"] if c["metric"] == "house_clean" else v >= c["n"]


def can_pay(state, seat: int, cid: str) -> bool:
    c = CRISES[cid]["cond"]
    return c["kind"] == "pay" and plan_payment(state.houses[seat], c["cost"]) is not None


# ---------------------------------------------------------------- penalties
def void_room(state) -> int:
    return sum(max(0, s.void_cap - s.void) for s in void_sectors(state))


def penalty_possible(state, seat: int, cid: str) -> bool:
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


def suffer(state, seat: int, cid: str) -> None:
    """Apply the penalty of crisis `cid` to house `seat` (the caller checked it is possible)."""
    p = CRISES[cid]["penalty"]
    h = state.houses[seat]
    if "lose" in p:
        plan = plan_payment(h, p["lose"]) or {}
        for r, n in plan.items():
            h.res[r] -= n
        state.say(f"{name(seat)} loses " + ", ".join(f"{n} {RES_NAME[r]}" for r, n in plan.items()) + f" ({CRISES[cid]['name']}).")
    elif "inf" in p:
        lose_influence(state, seat, p["inf"], CRISES[cid]["name"])
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


def add_void(state, n: int) -> None:
    """Designed: each cube goes to the Voidborn sector with the most room (ties: sector key)."""
    for _ in range(n):
        room = [s for s in void_sectors(state) if s.void < s.void_cap]
        if not room:
            return
        s = min(room, key=lambda s: (s.void - s.void_cap, s.key))
        s.void += 1
        state.say(f"A Voidborn cube joins {s.name} ({s.void}).")


def lose_tech(state) -> None:
    """Article (失傳科技): a Basic technology from the pool, one that gives Influence if
    possible (designed: the first such in the market)."""
    if not state.market:
        return
    pick = next((t for t in state.market if TECHS[t].get("influence", 0)), state.market[0])
    state.market.remove(pick)
    state.solo.lost_techs.append(pick)
    state.say(f"The technology {TECHS[pick]['name']} is lost to the Voidborn.")
