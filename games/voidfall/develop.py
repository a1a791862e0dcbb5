"""Sector effects: Guilds, Installations, Population, deploying fleets and destroying (the
placements of Galactic Events on Voidborn sectors: placements.py)."""

from __future__ import annotations

from typing import Any

from games.core import Option
from games.core.i18n import Msg, Text

from . import fleets
from .board import controlled, guild_slots, install_slots, name, sector, shipyards, stype
from .corruption import free_places, gained
from .data import (EVENTS, FLEET_NAME, GUILD_NAME, GUILD_RES, HEXES, HOUSES, INSTALL_NAME, RES_NAME,
                   SETTINGS, TECHS, guild_word, install_name, res_text)
from .economy import ability, gain, pay, payable, prod_level, stock_change
from .effects import effect, guild_labels, guild_text, install_labels, install_text, sector_filter, set_ctx, start_group
from .messages import T, content_name, joined, name_in, sector_name
from .state import Sector, Task, VoidfallState
from .tasks import Row, fitted, opt

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


def _slot_upkeep(state: VoidfallState, s: Sector, what: str) -> bool:
    """Whether the next free Guild ("guild") or Installation ("install") slot of `s` costs Upkeep."""
    used = len(s.guilds) if what == "guild" else len(s.installs)
    return used in stype(s)["upkeep_slots"][what]


def guild_detail(state: VoidfallState, seat: int, key: str, kind: str) -> Text:
    """"Farmers Guild in Brume: Food production level 4 -> 7 (Population 3)", with the gains it
    brings and the Upkeep of its slot."""
    s = sector(state, key)
    r = GUILD_RES[kind]
    level = prod_level(state, seat, r)
    after = min(SETTINGS["prod_cap"], level + s.pop)
    parts: list[Text] = [T("{guild} in {sector}: {resource} production level {level} -> {after} (Population {pop})",
                           guild=guild_name(kind), sector=_where(state, key), resource=name_in("resource", r, RES_NAME),
                           level=level, after=after, pop=s.pop)]
    h = state.houses[seat]
    if h.techs.get("cybernetics"):
        parts.append(T("Cybernetics: +2 {resource}", resource=name_in("resource", r, RES_NAME)))
    if _slot_upkeep(state, s, "guild"):
        parts.append(T("this slot costs 1 Upkeep at each Evaluation"))
    return joined(parts, T("{a}; {b}"))


def sector_wordings(state: VoidfallState, pairs: list[tuple[str, str]], full, kind_word, kind_name) -> list[tuple[list[Text], str, str]]:
    """Labels for options that each put a kind of thing (a Guild, an Installation, a fleet kind) in
    a sector, saying only what differs between them, longest first: every kind in one sector
    needs only the kind; one kind in many sectors only the sector; else the kind and the sector."""
    kinds = {kind for _, kind in pairs}
    keys = {key for key, _ in pairs}
    out = []
    for key, kind in pairs:
        where = _where(state, key)
        if len(keys) == 1:
            labels = [kind_name(kind), kind_word(kind)]
        elif len(kinds) == 1:
            labels = [where]
        else:
            labels = [full(kind, where), T("{kind} in {sector}", kind=kind_word(kind), sector=where), kind_word(kind)]
        out.append((labels, key, kind))
    return out


def _guild_options(state: VoidfallState, task: Task) -> tuple[Text, list[Option]]:
    ch = guild_choices(state, task.seat, task.data["e"], task.data["ctx"])
    rows = [(f"g:{k}:{g}", [(label, guild_detail(state, task.seat, k, g)) for label in labels])
            for labels, k, g in sector_wordings(state, ch, lambda g, where: T("{guild} in {sector}", guild=guild_name(g), sector=where),
                                                guild_word, guild_name)]
    return T("Establish which Guild, where?"), fitted(rows, numbered=True)


def _guild_pick(state: VoidfallState, task: Task, choice: str) -> None:
    _, key, kind = choice.split(":")
    add_guild(state, task.seat, key, kind)
    set_ctx(state, task, key)


def sectors_text(state: VoidfallState, keys: list[str]) -> Text:
    return joined([_where(state, k) for k in dict.fromkeys(keys)]) or T("none")


effect("guild", guild_text, label=guild_labels, can=lambda state, seat, e, ctx: bool(guild_choices(state, seat, e, ctx)),
       options=_guild_options, pick=_guild_pick,
       outcome=lambda state, seat, e, ctx: T("choose next which Guild and where (free slots in {sectors})",
                                             sectors=sectors_text(state, [k for k, _ in guild_choices(state, seat, e, ctx)])))


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


INSTALL_USE = {"yard": T("Rally deploys a cube here"), "sd": T("1 damage to invaders in the Approach"),
               "starbase": T("Rally deploys a cube here, and 1 damage to invaders in the Approach")}


def install_detail(state: VoidfallState, key: str, kind: str) -> Text:
    """"Shipyard in Brume: Rally deploys a cube here; Installations 1 -> 2 of 3"."""
    s = sector(state, key)
    text = T("{install} in {sector}: {use}; Installations there {n} -> {after} of {most}",
             install=name_in("install", kind, INSTALL_NAME), sector=_where(state, key), use=INSTALL_USE[kind],
             n=len(s.installs), after=len(s.installs) + 1, most=install_slots(s))
    if _slot_upkeep(state, s, "install"):
        return T("{text}; this slot costs 1 Upkeep at each Evaluation", text=text)
    return text


def _inst_options(state: VoidfallState, task: Task) -> tuple[Text, list[Option]]:
    ch = install_choices(state, task.seat, task.data["e"], task.data["ctx"])
    rows = [(f"i:{k}:{i}", [(label, install_detail(state, k, i)) for label in labels])
            for labels, k, i in sector_wordings(state, ch, lambda i, where: T("{install} in {sector}", install=install_name(i),
                                                                                sector=where), install_name, install_name)]
    return T("Build which Installation, where?"), fitted(rows, numbered=True)


def _inst_pick(state: VoidfallState, task: Task, choice: str) -> None:
    _, key, kind = choice.split(":")
    add_install(state, task.seat, key, kind)
    set_ctx(state, task, key)


effect("install", install_text, label=install_labels,
       can=lambda state, seat, e, ctx: bool(install_choices(state, seat, e, ctx)), options=_inst_options, pick=_inst_pick,
       outcome=lambda state, seat, e, ctx: T("choose next which Installation and where (free slots in {sectors})",
                                             sectors=sectors_text(state, [k for k, _ in install_choices(state, seat, e, ctx)])))


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


def pop_detail(state: VoidfallState, seat: int, s: Sector, change: int = 1) -> Text:
    """"Brume: Population 3 -> 4; Food production level 6 -> 8 (2 Farmers Guilds there)"."""
    head = T("{sector}: Population {before} -> {after}", sector=sector_name(s, HOUSES, HEXES), before=s.pop, after=s.pop + change)
    levels = []
    for r in dict.fromkeys(GUILD_RES[g] for g in s.guilds):
        n = sum(1 for g in s.guilds if GUILD_RES[g] == r)
        level = prod_level(state, seat, r)
        levels.append(T("{resource} production level {level} -> {after}", resource=name_in("resource", r, RES_NAME), level=level,
                        after=max(0, min(SETTINGS["prod_cap"], level + change * n))))
    if not levels:
        return T("{head}; no Guild there yet", head=head)
    return T("{head}; {levels}", head=head, levels=joined(levels))


def _pop_options(state: VoidfallState, task: Task) -> tuple[Text, list[Option]]:
    return T("Raise the Population of which Pure sector?"), fitted(
        [(f"p:{s.key}", [(sector_name(s, HOUSES, HEXES), pop_detail(state, task.seat, s))])
         for s in pop_up_targets(state, task.seat, task.data["e"], task.data["ctx"])], numbered=True)


def _pop_pick(state: VoidfallState, task: Task, choice: str) -> None:
    key = choice[2:]
    raise_pop(state, task.seat, key)
    set_ctx(state, task, key)
    if task.data["e"]["do"] == "pop_up_then_corrupt":
        s = sector(state, key)
        if s.home_of < 0:
            gained(state, task.seat, f"s:{key}")


def _pop_outcome(state: VoidfallState, seat: int, e: dict[str, Any], ctx: dict[str, Any]) -> Text:
    return T("choose next: {sectors}", sectors=joined([T("{sector} {pop} -> {after}", sector=sector_name(s, HOUSES, HEXES), pop=s.pop,
                                                          after=s.pop + 1) for s in pop_up_targets(state, seat, e, ctx)]))


effect("pop_up", T("+1 Pure Population"), can=lambda state, seat, e, ctx: bool(pop_up_targets(state, seat, e, ctx)),
       options=_pop_options, pick=_pop_pick, outcome=_pop_outcome)
effect("pop_up_in", lambda e: T("+1 Pure Population in a sector with a {guild}", guild=guild_name(e["guild"])),
       label=T("+1 Pure Population"), can=lambda state, seat, e, ctx: bool(pop_up_targets(state, seat, e, ctx)),
       options=_pop_options, pick=_pop_pick, outcome=_pop_outcome)


def _pup_can(state: VoidfallState, seat: int, e: dict[str, Any], ctx: dict[str, Any]) -> bool:
    return bool([s for s in pop_up_targets(state, seat, e, ctx) if s.home_of < 0])


effect("pop_up_then_corrupt", T("+1 Population in a Pure non-Home sector, then Corrupt it"), label=T("+1 Population, Corrupt"),
       outcome=lambda state, seat, e, ctx: T("choose next: {sectors}; the sector then becomes Corrupted", sectors=joined(
           [T("{sector} {pop} -> {after}", sector=sector_name(s, HOUSES, HEXES), pop=s.pop, after=s.pop + 1)
            for s in pop_up_targets(state, seat, e, ctx) if s.home_of < 0])), can=_pup_can,
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


def deploy_detail(state: VoidfallState, seat: int, key: str, kind: str, by_corruption: bool = False) -> Text:
    """"a Corvette cube to Brume: active cubes 3 -> 2, cubes there 1 -> 2; costs 1 Materials"."""
    h, s = state.houses[seat], sector(state, key)
    cost = deploy_cost(state, seat, kind, by_corruption)
    text = T("a {fleet} cube to {sector}: active cubes {active} -> {after}, cubes there {n} -> {more}",
             fleet=name_in("fleet", kind, FLEET_NAME), sector=_where(state, key), active=h.active, after=h.active - 1,
             n=sum(s.fleet.values()), more=sum(s.fleet.values()) + 1)
    if by_corruption:
        text = T("{text}; gain 1 Corruption instead of the tax (no deploy tax for the rest of this turn)", text=text)
    return T("{text}; {cost}", text=text, cost=stock_change(h, cost, -1)) if cost else text


def _deploy_options(state: VoidfallState, task: Task) -> tuple[Text, list[Option]]:
    e = task.data["e"]
    ch = deploy_choices(state, task.seat, _deploy_keys(state, task), e.get("kind"))
    left = _deploy_total(e) - task.data.get("placed", 0)
    h = state.houses[task.seat]
    fleet = lambda f: name_in("fleet", f, FLEET_NAME)  # noqa: E731
    wordings = sector_wordings(state, ch, lambda f, where: T("{fleet} cube in {sector}", fleet=fleet(f), sector=where), fleet, fleet)
    rows = [(f"d:{k}:{f}", [(label, deploy_detail(state, task.seat, k, f)) for label in labels]) for labels, k, f in wordings
            if payable(h, deploy_cost(state, task.seat, f))]
    if _tax_alternative(state, task.seat):
        rows += [(f"d:{k}:{f}:c", [(T("{label}, Corruption", label=label), deploy_detail(state, task.seat, k, f, True))
                                   for label in labels]) for labels, k, f in wordings
                 if payable(state.houses[task.seat], deploy_cost(state, task.seat, f, True))]
    extra = []
    if rows and task.data.get("placed", 0) > 0:
        extra.append(opt("stop", T("Stop deploying"), T("keep {n} cube(s) in the active area", n=h.active)))
    opts = fitted(rows, extra, numbered=True)
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


def _deploy_labels(e: dict[str, Any]) -> list[Text]:
    n = e.get("n", 1)
    if e["do"] == "deploy_home":
        fleet = name_in("fleet", e["kind"], FLEET_NAME) if e.get("kind") else None
        return ([T("deploy {n} {fleet} at Home", n=n, fleet=fleet), T("{fleet} at Home", fleet=fleet)] if fleet
                else [T("deploy {n} at Home", n=n)])
    if e["do"] == "deploy_yards":
        return [T("deploy at Shipyards")]
    if e["do"] == "deploy_yard_one":
        return [T("deploy at a Shipyard")]
    return []


def _deploy_outcome(state: VoidfallState, seat: int, e: dict[str, Any], ctx: dict[str, Any]) -> Text:
    fake = Task("eff", seat, {"e": e, "ctx": ctx, "step": 0})
    keys = [k for k, _ in deploy_choices(state, seat, _deploy_keys(state, fake), e.get("kind"))]
    h = state.houses[seat]
    total = sum(_yard_count(state, seat, k) for k in dict.fromkeys(keys)) if e["do"] == "deploy_yards" else _deploy_total(e)
    n = min(h.active, total)
    return T("active cubes {active} -> {after}; choose next where ({sectors})", active=h.active, after=h.active - n,
             sectors=sectors_text(state, keys))


for _do in ("deploy", "deploy_home", "deploy_yards", "deploy_yard_one"):
    effect(_do, _deploy_text, label=_deploy_labels, can=_deploy_can, options=_deploy_options, pick=_deploy_pick,
           outcome=_deploy_outcome)


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


def destroy_rows(state: VoidfallState, seat: int, found: list[tuple[str, str, int]]) -> list[Row]:
    """Options destroying a Guild ("g") or an Installation ("i") of a sector: the thing (and the
    sector, when there are several), and what is lost with it."""
    keys = {k for k, _, _ in found}
    rows: list[Row] = []
    for k, t, i in found:
        s = sector(state, k)
        if t == "g":
            thing = guild_name(s.guilds[i])
            r = GUILD_RES[s.guilds[i]]
            level = prod_level(state, seat, r)
            lost = T("{resource} production level {level} -> {after}", resource=name_in("resource", r, RES_NAME), level=level,
                     after=max(0, level - s.pop))
        else:
            thing = name_in("install", s.installs[i], INSTALL_NAME)
            lost = T("no more: {use}", use=INSTALL_USE[s.installs[i]])
        full = T("{thing} in {sector}", thing=thing, sector=_where(state, k))
        detail = T("{thing} in {sector} (slot {slot}) is destroyed: {lost}", thing=thing, sector=_where(state, k), slot=i + 1,
                   lost=lost)
        rows.append((f"x:{k}:{t}:{i}", [(thing, detail)] if len(keys) == 1 else [(full, detail), (thing, detail)]))
    return rows


def _destroy_options(state: VoidfallState, task: Task) -> tuple[Text, list[Option]]:
    what = task.data["e"].get("what", "any")
    return T("Destroy which Guild or Installation (never in your Home)?"), fitted(
        destroy_rows(state, task.seat, destroy_choices(state, task.seat, what)), numbered=True)


def _destroy_pick(state: VoidfallState, task: Task, choice: str) -> None:
    _, key, t, i = choice.split(":")
    destroy(state, task.seat, key, t, int(i))


effect("destroy", lambda e: T("destroy a Guild") if e.get("what") == "guild" else T("destroy a Guild or an Installation"),
       label=lambda e: [] if e.get("what") == "guild" else [T("destroy one of them")],
       outcome=lambda state, seat, e, ctx: T("choose next, in: {sectors}", sectors=sectors_text(
           state, [k for k, _, _ in destroy_choices(state, seat, e.get("what", "any"))])),
       can=lambda state, seat, e, ctx: bool(destroy_choices(state, seat, e.get("what", "any"))),
       options=_destroy_options, pick=_destroy_pick)
