"""Sector effects: Guilds, Installations, Population, deploying fleets and event placements."""

from __future__ import annotations

from typing import Any

from games.core import Option
from games.core.i18n import Msg, Text

from . import fleets
from .board import (adjacent, adjacent_void, bounty_supply, controlled, guild_slots, install_slots, name, reclaim_supply, sector,
                    shipyards, void_sectors)
from .corruption import free_places, gained
from .data import (EVENTS, FLEET_NAME, GUILD_NAME, GUILD_RES, HEXES, HOUSES, INSTALL_NAME, RES_NAME,
                   SETTINGS, TECHS, res_text)
from .economy import ability, gain, pay, payable
from .effects import RUN, effect, guild_text, install_text, sector_filter, set_ctx, start_group
from .messages import T, content_name, joined, name_in, sector_name
from .state import Sector, Task, VoidfallState
from .tasks import opt
from .tokens import EMPTY_SUPPLY, draw_reclaim

GUILDS = ("fa", "en", "mi", "ba", "sc")


def guild_name(kind: str) -> Msg:
    return content_name(f"guild:{kind}", f"{GUILD_NAME.get(kind, '')} Guild")


def _where(state: VoidfallState, key: str) -> Text:
    return sector_name(sector(state, key), HOUSES, HEXES)


# ---------------------------------------------------------------- guilds
def guild_choices(state: VoidfallState, seat: int, e: dict[str, Any], ctx: dict[str, Any]) -> list[tuple[str, str]]:
    kinds = [e["kind"]] if e.get("kind") else list(GUILDS)
    return [(s.key, k) for s in sector_filter(state, seat, e, ctx) if len(s.guilds) < guild_slots(state, s) for k in kinds]


def add_guild(state: VoidfallState, seat: int, key: str, kind: str) -> None:
    s = sector(state, key)
    s.guilds.append(kind)
    state.say(T("{seat} establishes a {guild} in {sector} (+{n} {resource} production level).", seat=name(seat),
                guild=guild_name(kind), sector=sector_name(s, HOUSES, HEXES), n=s.pop, resource=name_in("resource", GUILD_RES[kind], RES_NAME)))
    h = state.houses[seat]
    if ability(h, "guild_gain"):
        gain(state, seat, ability(h, "guild_gain"), T("house ability"))
    if h.techs.get("cybernetics"):
        gain(state, seat, {GUILD_RES[kind]: 2}, name_in("tech", "cybernetics", TECHS))


def _guild_options(state: VoidfallState, task: Task) -> tuple[Text, list[Option]]:
    ch = guild_choices(state, task.seat, task.data["e"], task.data["ctx"])
    return T("Establish which Guild, where?"), [
        opt(f"g:{k}:{g}", T("{guild} in {sector}", guild=guild_name(g), sector=_where(state, k)),
            T("+{n} {resource} production level", n=sector(state, k).pop, resource=name_in("resource", GUILD_RES[g], RES_NAME)))
        for k, g in ch]


def _guild_pick(state: VoidfallState, task: Task, choice: str) -> None:
    _, key, kind = choice.split(":")
    add_guild(state, task.seat, key, kind)
    set_ctx(state, task, key)


effect("guild", guild_text, can=lambda state, seat, e, ctx: bool(guild_choices(state, seat, e, ctx)),
       options=_guild_options, pick=_guild_pick)


# ---------------------------------------------------------------- installations
def install_choices(state: VoidfallState, seat: int, e: dict[str, Any], ctx: dict[str, Any]) -> list[tuple[str, str]]:
    h = state.houses[seat]
    kinds = [e["kind"]] if e.get("kind") else ["yard", "sd", "starbase"]
    out = []
    for s in sector_filter(state, seat, e, ctx):
        if len(s.installs) >= install_slots(s):
            continue
        for k in kinds:
            if k == "starbase":
                cap = {"basic": 1, "improved": 2}.get(h.techs.get("starbases", ""), 0)
                if s.installs.count("starbase") >= cap:
                    continue
            out.append((s.key, k))
    return out


def add_install(state: VoidfallState, seat: int, key: str, kind: str) -> None:
    s = sector(state, key)
    s.installs.append(kind)
    state.say(T("{seat} builds a {install} in {sector}.", seat=name(seat), install=name_in("install", kind, INSTALL_NAME),
                sector=sector_name(s, HOUSES, HEXES)))


def _inst_options(state: VoidfallState, task: Task) -> tuple[Text, list[Option]]:
    ch = install_choices(state, task.seat, task.data["e"], task.data["ctx"])
    what = {"yard": T("deploy point for Rally"), "sd": T("1 Approach damage when defending"),
            "starbase": T("deploy point and 1 Approach damage when defending")}
    return T("Build which Installation, where?"), [
        opt(f"i:{k}:{i}", T("{install} in {sector}", install=name_in("install", i, INSTALL_NAME), sector=_where(state, k)), what[i])
        for k, i in ch]


def _inst_pick(state: VoidfallState, task: Task, choice: str) -> None:
    _, key, kind = choice.split(":")
    add_install(state, task.seat, key, kind)
    set_ctx(state, task, key)


effect("install", install_text, can=lambda state, seat, e, ctx: bool(install_choices(state, seat, e, ctx)),
       options=_inst_options, pick=_inst_pick)


# ---------------------------------------------------------------- population
def pop_up_targets(state: VoidfallState, seat: int, e: dict[str, Any], ctx: dict[str, Any]) -> list[Sector]:
    secs = sector_filter(state, seat, e, ctx)
    if e.get("guild"):
        secs = [s for s in secs if e["guild"] in s.guilds]
    return [s for s in secs if not s.corrupted and 0 < s.pop < 6 and not s.fixed_pop]


def raise_pop(state: VoidfallState, seat: int, key: str) -> None:
    s = sector(state, key)
    s.pop += 1
    state.say(T("{seat} raises the Population of {sector} to {n}.", seat=name(seat), sector=sector_name(s, HOUSES, HEXES), n=s.pop))
    h = state.houses[seat]
    if ability(h, "pop_up_gain"):
        gain(state, seat, ability(h, "pop_up_gain"), T("house ability"))
    if h.techs.get("cloning"):
        start_group(state, seat, [{"do": "gain", "res": {"C": 1}}, {"do": "activate", "n": 1}], "or", name_in("tech", "cloning", TECHS))
    if h.techs.get("cybernetics") == "improved" and s.guilds:
        res: dict[str, int] = {}
        for g in s.guilds:
            res[GUILD_RES[g]] = res.get(GUILD_RES[g], 0) + 1
        gain(state, seat, res, name_in("tech", "cybernetics", TECHS))


def _pop_options(state: VoidfallState, task: Task) -> tuple[Text, list[Option]]:
    return T("Raise the Population of which Pure sector?"), [
        opt(f"p:{s.key}", T("{sector}: Population {before} -> {after}", sector=sector_name(s, HOUSES, HEXES), before=s.pop, after=s.pop + 1),
            T("{n} Guild(s) there each gain +1 production level", n=len(s.guilds)))
        for s in pop_up_targets(state, task.seat, task.data["e"], task.data["ctx"])]


def _pop_pick(state: VoidfallState, task: Task, choice: str) -> None:
    key = choice[2:]
    raise_pop(state, task.seat, key)
    set_ctx(state, task, key)
    if task.data["e"]["do"] == "pop_up_then_corrupt":
        s = sector(state, key)
        if s.home_of < 0:
            gained(state, task.seat, f"s:{key}")


effect("pop_up", T("+1 Pure Population"), can=lambda state, seat, e, ctx: bool(pop_up_targets(state, seat, e, ctx)),
       options=_pop_options, pick=_pop_pick)
effect("pop_up_in", lambda e: T("+1 Pure Population in a sector with a {guild}", guild=guild_name(e["guild"])),
       can=lambda state, seat, e, ctx: bool(pop_up_targets(state, seat, e, ctx)), options=_pop_options, pick=_pop_pick)


def _pup_can(state: VoidfallState, seat: int, e: dict[str, Any], ctx: dict[str, Any]) -> bool:
    return bool([s for s in pop_up_targets(state, seat, e, ctx) if s.home_of < 0])


effect("pop_up_then_corrupt", T("+1 Population in a Pure non-Home sector, then Corrupt it"), can=_pup_can,
       options=lambda state, task: (T("Raise which sector (it then becomes Corrupted)?"), [
           o for o in _pop_options(state, task)[1] if sector(state, o.id[2:]).home_of < 0]), pick=_pop_pick)


def pop_down_targets(state: VoidfallState, seat: int) -> list[Sector]:
    return [s for s in controlled(state, seat) if s.home_of < 0 and not s.corrupted and s.pop > 1 and not s.fixed_pop]


# ---------------------------------------------------------------- fleets
def fleet_kinds(state: VoidfallState, seat: int) -> list[str]:
    h = state.houses[seat]
    kinds = ["corvette"]
    for kind, tech in SETTINGS["fleet_tech"].items():
        if h.techs.get(tech):
            kinds.append(kind)
    return kinds


def deploy_cost(state: VoidfallState, seat: int, kind: str, by_corruption: bool = False) -> dict:
    """The deploy surcharge of the fleet kind, plus Event 1H's tax (1 Materials per cube) unless
    the house gains a Corruption for it (once per turn, covering the turn's deployments)."""
    cost = dict(SETTINGS["deploy_cost"].get(kind, {}))
    if "deploy_tax" in state.perms and not by_corruption and not state.houses[seat].tax_by_corruption:
        cost["M"] = cost.get("M", 0) + 1
    return cost


def _tax_alternative(state: VoidfallState, seat: int) -> bool:
    h = state.houses[seat]
    return "deploy_tax" in state.perms and not h.tax_by_corruption and bool(free_places(state, seat))


def deploy_choices(state: VoidfallState, seat: int, keys: list[str], kind: str | None = None) -> list[tuple[str, str]]:
    h = state.houses[seat]
    if h.active <= 0:
        return []
    kinds = [kind] if kind else fleet_kinds(state, seat)
    alt = _tax_alternative(state, seat)
    return [(k, f) for k in keys for f in kinds if f in fleet_kinds(state, seat) and (
        payable(h, deploy_cost(state, seat, f)) or (alt and payable(h, deploy_cost(state, seat, f, True))))]


def deploy_one(state: VoidfallState, seat: int, key: str, kind: str, by_corruption: bool = False) -> None:
    h = state.houses[seat]
    cost = deploy_cost(state, seat, kind, by_corruption)
    if cost:
        pay(state, seat, cost)
    h.active -= 1
    s = sector(state, key)
    s.owner = seat
    fleets.add(state, seat, s, kind)  # onto the fullest marker of the kind with room, else a new one
    fleet, where = name_in("fleet", kind, FLEET_NAME), sector_name(s, HOUSES, HEXES)
    if cost:
        state.say(T("{seat} deploys a {fleet} cube in {sector} (pays {cost}).", seat=name(seat), fleet=fleet, sector=where,
                    cost=res_text(cost)))
    else:
        state.say(T("{seat} deploys a {fleet} cube in {sector}.", seat=name(seat), fleet=fleet, sector=where))


def _deploy_keys(state: VoidfallState, task: Task) -> list[str]:
    e, ctx, seat = task.data["e"], task.data["ctx"], task.seat
    if e["do"] == "deploy_home":
        return [s.key for s in controlled(state, seat) if s.home_of == seat]
    if e["do"] in ("deploy_yards", "deploy_yard_one"):
        keys = [s.key for s in controlled(state, seat) if shipyards(s) or (s.fleet.get("carrier") and e["do"] == "deploy_yards")]
        if e["do"] == "deploy_yards":
            left = task.data.setdefault("left", {k: _yard_count(state, seat, k) for k in keys})
            keys = [k for k in keys if left.get(k, 0) > 0]
        return keys
    return [s.key for s in sector_filter(state, seat, e, ctx)]


def _yard_count(state: VoidfallState, seat: int, key: str) -> int:
    s = sector(state, key)
    n = shipyards(s) + (1 if s.fleet.get("carrier") else 0)
    if state.houses[seat].techs.get("orbital_docks") and n:
        n += 1
    return n


def _deploy_total(e: dict[str, Any]) -> int:
    return e.get("n", 1) if e["do"] != "deploy_yards" else 99


def _deploy_options(state: VoidfallState, task: Task) -> tuple[Text, list[Option]]:
    e = task.data["e"]
    ch = deploy_choices(state, task.seat, _deploy_keys(state, task), e.get("kind"))
    left = _deploy_total(e) - task.data.get("placed", 0)
    h = state.houses[task.seat]
    opts = [opt(f"d:{k}:{f}", T("{fleet} cube in {sector}", fleet=name_in("fleet", f, FLEET_NAME), sector=_where(state, k)),
                T("costs {cost} + 1 active cube", cost=res_text(deploy_cost(state, task.seat, f)) or T("nothing"))) for k, f in ch
            if payable(h, deploy_cost(state, task.seat, f))]
    if _tax_alternative(state, task.seat):
        opts += [opt(f"d:{k}:{f}:c", T("{fleet} cube in {sector}, Corruption instead of tax", fleet=name_in("fleet", f, FLEET_NAME),
                                       sector=_where(state, k)),
                     T("gain 1 Corruption: no deploy tax for the rest of this turn")) for k, f in ch
                 if payable(state.houses[task.seat], deploy_cost(state, task.seat, f, True))]
    if opts and task.data.get("placed", 0) > 0:
        opts.append(opt("stop", T("Stop deploying"), T("keep the remaining cubes in the active area")))
    if e["do"] != "deploy_yards":
        return T("Deploy a cube ({n} left).", n=left), opts
    return T("Deploy a cube."), opts


def _deploy_pick(state: VoidfallState, task: Task, choice: str) -> bool:
    if choice == "stop":
        return True
    _, key, kind, *tax = choice.split(":")
    if tax:
        state.houses[task.seat].tax_by_corruption = True
        group = start_group(state, task.seat, [{"do": "gain_corruption"}], "and", T("{event} tax", event=name_in("event", "1H", EVENTS)))
        group.data["must"] = True
    deploy_one(state, task.seat, key, kind, bool(tax))
    set_ctx(state, task, key)
    task.data["placed"] = task.data.get("placed", 0) + 1
    task.data["step"] = 1
    if task.data["e"]["do"] == "deploy_yards":
        task.data["left"][key] -= 1
        return not deploy_choices(state, task.seat, _deploy_keys(state, task))
    return task.data["placed"] >= _deploy_total(task.data["e"]) or not deploy_choices(state, task.seat, _deploy_keys(state, task))


def _deploy_can(state: VoidfallState, seat: int, e: dict[str, Any], ctx: dict[str, Any]) -> bool:
    fake = Task("eff", seat, {"e": e, "ctx": ctx, "step": 0})
    return bool(deploy_choices(state, seat, _deploy_keys(state, fake), e.get("kind")))


def _deploy_text(e: dict[str, Any]) -> Text:
    n = e.get("n", 1)
    if e["do"] == "deploy_home":
        if e.get("kind"):
            return T("deploy {n} {fleet} cube(s) in your Home sector", n=n, fleet=name_in("fleet", e["kind"], FLEET_NAME))
        return T("deploy {n} cube(s) in your Home sector", n=n)
    if e["do"] == "deploy_yards":
        return T("deploy 1 cube per Shipyard, in its sector")
    if e["do"] == "deploy_yard_one":
        return T("deploy 1 cube in a sector with a Shipyard")
    return T("deploy {n} cube(s) there", n=n) if e.get("here") or e.get("same") else T("deploy {n} cube(s)", n=n)


for _do in ("deploy", "deploy_home", "deploy_yards", "deploy_yard_one"):
    effect(_do, _deploy_text, can=_deploy_can, options=_deploy_options, pick=_deploy_pick)


# ---------------------------------------------------------------- destroying (event costs)
def destroy_choices(state: VoidfallState, seat: int, what: str = "any") -> list[tuple[str, str, int]]:
    out = []
    for s in controlled(state, seat):
        if s.home_of >= 0:
            continue
        if what in ("any", "guild"):
            out += [(s.key, "g", i) for i in range(s.printed_guilds, len(s.guilds))]
        if what in ("any", "install"):
            out += [(s.key, "i", i) for i in range(s.printed_installs, len(s.installs))]
    return out


def destroy(state: VoidfallState, seat: int, key: str, kind: str, i: int) -> None:
    s = sector(state, key)
    lst = s.guilds if kind == "g" else s.installs
    gone = lst.pop(i)
    word = guild_name(gone) if kind == "g" else name_in("install", gone, INSTALL_NAME)
    state.say(T("{seat} destroys a {thing} in {sector}.", seat=name(seat), thing=word, sector=sector_name(s, HOUSES, HEXES)))


def _destroy_options(state: VoidfallState, task: Task) -> tuple[Text, list[Option]]:
    what = task.data["e"].get("what", "any")
    return T("Destroy which Guild or Installation (never in your Home)?"), [
        opt(f"x:{k}:{t}:{i}", T("{thing} in {sector}", thing=guild_name(sector(state, k).guilds[i]) if t == "g"
                                else name_in("install", sector(state, k).installs[i], INSTALL_NAME), sector=_where(state, k)),
            T("it is removed; the others slide left")) for k, t, i in destroy_choices(state, task.seat, what)]


def _destroy_pick(state: VoidfallState, task: Task, choice: str) -> None:
    _, key, t, i = choice.split(":")
    destroy(state, task.seat, key, t, int(i))


effect("destroy", lambda e: T("destroy a Guild") if e.get("what") == "guild" else T("destroy a Guild or an Installation"),
       can=lambda state, seat, e, ctx: bool(destroy_choices(state, seat, e.get("what", "any"))),
       options=_destroy_options, pick=_destroy_pick)


# ---------------------------------------------------------------- event placements on Voidborn sectors
def place_ok(state: VoidfallState, s: Sector, items: list[str]) -> bool:
    need_i = sum(1 for it in items if it == "sd")
    need_g = sum(1 for it in items if it.startswith("guild"))
    if len(s.installs) + need_i > install_slots(s) or len(s.guilds) + need_g > guild_slots(state, s):
        return False
    if any(it.startswith("void") for it in items) and s.void >= s.void_cap:
        return False
    return True


def place_targets(state: VoidfallState, seat: int, e: dict[str, Any]) -> list[Sector]:
    t = e["target"]
    if t.startswith("all_") or t == "adj_rift_vb":
        return []
    pool = adjacent_void(state, seat)
    if t == "vb_or_fallen":
        pool = void_sectors(state) + [s for s in state.sectors if s.fallen and s.owner < 0]
    pool = [s for s in pool if place_ok(state, s, e["items"])]
    if t in ("adj_vb_low", "adj_vb_high") and pool:
        best = (min if t == "adj_vb_low" else max)(s.pop for s in pool)
        pool = [s for s in pool if s.pop == best]
    return pool


def place_items(state: VoidfallState, seat: int, s: Sector, items: list[str]) -> None:
    """Put `items` on `s` for house `seat`: a Bounty or Reclaim token comes from the supply; with
    none left the house takes 1 Influence or 1 resource instead
    (「供應堆指示物用完,玩家在需要獲得或者放置指示物時可以選擇獲得1點影響力或者一點資源」)."""
    placed = []
    for it in items:
        kind, _, arg = it.partition(":")
        if kind in EMPTY_SOURCE and (bounty_supply if kind == "bounty" else reclaim_supply)(state) <= 0:
            start_group(state, seat, EMPTY_SUPPLY, "or", EMPTY_SOURCE[kind], score="token")
            continue
        placed.append(it)
        if kind == "sd":
            s.installs.append("sd")
        elif kind == "guild":
            s.guilds.append(arg if arg in GUILDS else "fa")
        elif kind == "void":
            s.void = min(s.void_cap, s.void + int(arg))
        elif kind == "glory":
            s.glory.append(int(arg))
        elif kind == "bounty":
            s.bounty += 1
        elif kind == "reclaim":
            s.reclaim += 1
    if placed:
        state.say(T("{sector} receives {items}.", sector=sector_name(s, HOUSES, HEXES), items=joined([item_text(i) for i in placed])))


def _place_all(state: VoidfallState, seat: int, e: dict[str, Any], ctx: dict[str, Any]) -> None:
    t = e["target"]
    if t == "all_vb_sd":
        secs = [s for s in void_sectors(state) if "sd" in s.installs]
    elif t == "all_vb_pop4":
        secs = [s for s in void_sectors(state) if s.pop >= 4]
    elif t == "all_vb_le2":
        secs = [s for s in void_sectors(state) if s.void <= 2]
    elif t == "adj_rift_vb":
        rifts = [s.key for s in state.sectors if s.type == "rift"]
        near = {k for r in rifts for k in adjacent(state, r)}
        secs = [s for s in void_sectors(state) if s.key in near]
    else:
        secs = []
    for s in secs:
        if place_ok(state, s, e["items"]):
            place_items(state, seat, s, e["items"])


def _place_can(state: VoidfallState, seat: int, e: dict[str, Any], ctx: dict[str, Any]) -> bool:
    return e["target"].startswith("all_") or e["target"] == "adj_rift_vb" or bool(place_targets(state, seat, e))


def _place_options(state: VoidfallState, task: Task) -> tuple[Text, list[Option]]:
    e = task.data["e"]
    if e["target"].startswith("all_") or e["target"] == "adj_rift_vb":
        return "", []
    return T("Put {items} on which Voidborn sector?", items=joined([item_text(i) for i in e["items"]])), [
        opt(f"s:{s.key}", sector_name(s, HOUSES, HEXES), T("Population {pop}, {n} Voidborn cube(s)", pop=s.pop, n=s.void))
        for s in place_targets(state, task.seat, e)]


def _place_pick(state: VoidfallState, task: Task, choice: str) -> None:
    place_items(state, task.seat, sector(state, choice[2:]), task.data["e"]["items"])


EMPTY_SOURCE = {"bounty": T("Bounty (supply empty)"), "reclaim": T("Reclaim (supply empty)")}
ITEM_TEXT = {"sd": T("a Sector Defense"), "reclaim": T("a Reclaim token"), "bounty": T("a Bounty token"), "guild:any": T("a Guild"),
             "guild:sc": T("a Scientists' Guild"), "guild:ba": T("a Bankers' Guild")}
TARGET_TEXT = {"adj_vb": T("an adjacent Voidborn sector"),
               "adj_vb_low": T("the adjacent Voidborn sector with the lowest Population"),
               "adj_vb_high": T("the adjacent Voidborn sector with the highest Population"),
               "all_vb_sd": T("every Voidborn sector with a Sector Defense"),
               "all_vb_pop4": T("every Voidborn sector with Population 4+"),
               "all_vb_le2": T("every Voidborn sector with 2 or fewer cubes"),
               "adj_rift_vb": T("every Voidborn sector next to a Rift"),
               "vb_or_fallen": T("a Voidborn or Fallen House sector")}


def item_text(it: str) -> Text:
    kind, _, arg = it.partition(":")
    if kind == "void":
        return T("{n} Voidborn cube(s)", n=arg)
    if kind == "glory":
        return T("a Glory token ({n})", n=arg)
    return ITEM_TEXT.get(it, it)


def place_text(e: dict[str, Any]) -> Text:
    return T("put {items} on {target}", items=joined([item_text(i) for i in e["items"]]),
             target=TARGET_TEXT.get(e["target"], e["target"]))


effect("place", place_text, can=_place_can,
       options=_place_options, pick=_place_pick)
RUN["place"] = _place_all


def _reclaim_home(state: VoidfallState, seat: int, e: dict[str, Any], ctx: dict[str, Any]) -> None:
    home = next(s for s in state.sectors if s.home_of == seat)
    draw_reclaim(state, seat, home.key)


effect("reclaim_home", T("a Reclaim token on your Home, resolved at once"), run=_reclaim_home)
