"""Resources, production levels and yields, paying costs, Influence, Corruption counts and the Upkeep due."""

from __future__ import annotations

from typing import Any

from games.core.i18n import Text

from .board import controlled, name, sector_upkeep
from .data import GUILD_RES, HOUSES, RES, SECTOR_TYPES, SETTINGS, res_name, tech_name, yield_of
from .messages import T, joined
from .state import House, VoidfallState

CAP = SETTINGS["stock_cap"]


def ability(h: House, key: str) -> Any:
    return HOUSES[h.house]["ability"].get(key) if h.house else None


def gain_influence(state: VoidfallState, seat: int, n: int, why: Text, source: str) -> None:
    """`seat` gains `n` Influence: `why` says it in the log, `source` (a key of
    breakdown.SOURCES) keeps it for the final breakdown."""
    if n <= 0:
        return
    h = state.houses[seat]
    h.influence += n
    h.scored[source] = h.scored.get(source, 0) + n
    state.say(T("{seat} gains {n} Influence ({why}).", seat=name(seat), n=n, why=why))


def lose_influence(state: VoidfallState, seat: int, n: int, why: Text, source: str) -> None:
    """Article: Influence never drops below zero; the rest of the loss is ignored (and the
    final breakdown counts only what was lost)."""
    h = state.houses[seat]
    lost = min(n, h.influence)
    h.influence -= lost
    if lost:
        h.scored[source] = h.scored.get(source, 0) - lost
    if n:
        state.say(T("{seat} loses {n} Influence ({why}).", seat=name(seat), n=lost, why=why))


def gain(state: VoidfallState, seat: int, res: dict, why: Text = "") -> None:
    """Gain resources; stocks are capped at 15 and the excess is lost (no Influence: that is
    only for production)."""
    h = state.houses[seat]
    got = []
    for r, n in res.items():
        if n > 0:
            h.res[r] = min(CAP, h.res.get(r, 0) + n)
            got.append(T("{n} {resource}", n=n, resource=res_name(r)))
    if got and why:
        state.say(T("{seat} gains {resources} ({why}).", seat=name(seat), resources=joined(got), why=why))
    elif got:
        state.say(T("{seat} gains {resources}.", seat=name(seat), resources=joined(got)))


def stock_change(h: House, res: dict, sign: int = 1) -> Text:
    """Stocks before -> after gaining (sign 1) or paying (sign -1) `res`, in words:
    "Food 5 -> 3, Credits 2 -> 1"; a gain past the stock cap says what is lost
    ("Food 14 -> 15, 1 lost at the cap of 15")."""
    parts = []
    for r in RES:
        n = res.get(r, 0)
        if n:
            now = h.res.get(r, 0)
            after = max(0, min(CAP, now + sign * n))
            lost = now + sign * n - after if sign > 0 else 0
            if lost and after == now:
                parts.append(T("{resource} stays at {now} (the cap of 15: nothing gained)", resource=res_name(r), now=now))
            elif lost:
                parts.append(T("{resource} {now} -> {after} ({n} lost at the cap of 15)", resource=res_name(r), now=now,
                               after=after, n=lost))
            else:
                parts.append(T("{resource} {now} -> {after}", resource=res_name(r), now=now, after=after))
    return joined(parts) if parts else ""


def prod_level(state: VoidfallState, seat: int, r: str) -> int:
    """Article 資源生產: sum over your sectors of (Guilds of that type x Population), plus the
    starting Agenda's +1 and other bonuses; at most 13."""
    h = state.houses[seat]
    level = 0
    for s in controlled(state, seat):
        level += sum(1 for g in s.guilds if GUILD_RES[g] == r) * s.pop
        level += SECTOR_TYPES[s.type].get("prod", {}).get(r, 0)
        if r == "S" and h.techs.get("data_collection"):
            level += 2 * sum(1 for g in s.guilds if g == "ba")
        if r == "C" and h.techs.get("orbital_docks") == "improved":
            level += 2 * sum(1 for i in s.installs if i == "yard")
    if h.prod_bonus == r:
        level += 1
    return min(level, SETTINGS["prod_cap"])


def yields(state: VoidfallState, seat: int) -> dict[str, int]:
    return {r: yield_of(prod_level(state, seat, r), r) for r in RES}


def turn_key(state: VoidfallState) -> str:
    """The turn an overproduction belongs to: each house's turn, the Preparation and the
    Evaluation count on their own (「可以將其看做一個單獨的回合」)."""
    return f"{state.cycle}:{state.phase}:{state.round}:{state.turn_idx}"


def produced(state: VoidfallState, seat: int, r: str) -> int:
    """How much producing `r` adds now: its yield (Neural Matrix: +2 Credits)."""
    amount = yield_of(prod_level(state, seat, r), r)
    if r == "C" and state.houses[seat].techs.get("neural_matrix"):
        amount += 2
    return amount


def overproduction_bonus(state: VoidfallState, seat: int) -> int:
    """Influence the next overproduction of this turn gives (3, house and Trade Nexus bonuses)."""
    h = state.houses[seat]
    bonus = SETTINGS["overproduce_inf"] + (ability(h, "overproduce_inf") or 0)
    first = h.overproduced_at != turn_key(state) or h.overproduced_turn == 0
    if h.techs.get("trade_nexus") == "improved" and first:
        bonus += 3
    return bonus


def production_change(state: VoidfallState, seat: int, r: str) -> Text:
    """What producing `r` does to the stock, in words: "Food 5 -> 8 (+3)", or at the cap
    "Science 14 -> 15 (+3; past 15: +3 Influence)"."""
    now, amount = state.houses[seat].res.get(r, 0), produced(state, seat, r)
    if amount == 0:
        return T("{resource} stays at {now} (yield 0)", resource=res_name(r), now=now)
    after = min(CAP, now + amount)
    if now + amount > CAP:
        return T("{resource} {now} -> {after} (+{n}; past 15: +{influence} Influence)", resource=res_name(r), now=now,
                 after=after, n=amount, influence=overproduction_bonus(state, seat))
    return T("{resource} {now} -> {after} (+{n})", resource=res_name(r), now=now, after=after, n=amount)


def produce(state: VoidfallState, seat: int, r: str) -> None:
    """Produce one resource: add its yield; overproduction (past 15) gives 3 Influence."""
    h = state.houses[seat]
    amount = produced(state, seat, r)
    if r == "C" and h.techs.get("neural_matrix") == "improved":
        banks = sum(1 for s in controlled(state, seat) for g in s.guilds if g == "ba")
        gain_influence(state, seat, banks, tech_name("neural_matrix"), "tech")
    before = h.res.get(r, 0)
    h.res[r] = min(CAP, before + amount)
    if amount == 0:
        state.say(T("{seat} produces no {resource} (its yield is 0).", seat=name(seat), resource=res_name(r)))
    elif before == h.res[r]:
        state.say(T("{seat} produces {n} {resource}, but the stock is already at the cap of 15.", seat=name(seat), n=amount,
                    resource=res_name(r)))
    elif before + amount > CAP:
        state.say(T("{seat} produces {n} {resource} ({now} -> {after}, the rest past the cap of 15).", seat=name(seat),
                    n=amount, resource=res_name(r), now=before, after=h.res[r]))
    else:
        state.say(T("{seat} produces {n} {resource} ({now} -> {after}).", seat=name(seat), n=amount, resource=res_name(r),
                    now=before, after=h.res[r]))
    if before + amount > CAP:
        bonus = overproduction_bonus(state, seat)
        if h.overproduced_at != turn_key(state):  # a new turn: the count starts again
            h.overproduced_at, h.overproduced_turn = turn_key(state), 0
        h.overproduced_turn += 1
        gain_influence(state, seat, bonus, T("overproducing {resource}", resource=res_name(r)), "overproduction")


def payable(h: House, cost: dict) -> bool:
    return plan_payment(h, cost) is not None


def plan_payment(h: House, cost: dict, credits_first: bool = False) -> dict | None:
    """How a resource cost is paid: the named resource first (or Credits first when asked),
    Credits cover Food, Energy and Materials (never Science); "any" takes from the largest
    stocks. None if unaffordable."""
    res = dict(h.res)
    paid = {r: 0 for r in RES}
    for r in RES:
        need = cost.get(r, 0)
        if not need:
            continue
        if credits_first and r in "FEM":
            use = min(need, res.get("C", 0))
            res["C"] -= use
            paid["C"] += use
            need -= use
        use = min(need, res.get(r, 0))
        res[r] -= use
        paid[r] += use
        need -= use
        if need and r in "FEM":
            use = min(need, res.get("C", 0))
            res["C"] -= use
            paid["C"] += use
            need -= use
        if need:
            return None
    for _ in range(cost.get("any", 0)):
        best = max((r for r in "FEMC" if res.get(r, 0) > 0), key=lambda r: (res[r], r), default=None)
        if best is None:
            best = "S" if res.get("S", 0) > 0 else None
        if best is None:
            return None
        res[best] -= 1
        paid[best] += 1
    return {r: n for r, n in paid.items() if n}


def pay(state: VoidfallState, seat: int, cost: dict, credits_first: bool = False) -> dict:
    plan = plan_payment(state.houses[seat], cost, credits_first)
    if plan is None:
        raise ValueError("cannot pay")
    for r, n in plan.items():
        state.houses[seat].res[r] -= n
    return plan


def house_corruption(h: House) -> int:
    """Corruption markers on the house mat (tracks and Agenda slots; Decontamination excluded)."""
    return sum(1 for v in h.track_corrupt.values() if v) + sum(1 for v in h.agenda_corrupt if v)


def total_corruption(state: VoidfallState, seat: int) -> int:
    """Markers on the house mat plus Corrupted sectors you control (the end tie-break)."""
    return house_corruption(state.houses[seat]) + sum(1 for s in controlled(state, seat) if s.corrupted)


def upkeep_due(state: VoidfallState, seat: int) -> int:
    h = state.houses[seat]
    sectors = 0 if h.techs.get("energy_cells") == "improved" else sum(sector_upkeep(s) for s in controlled(state, seat))
    agendas = sum(SETTINGS["agenda_upkeep"] for i, a in enumerate(h.agendas) if a and not h.agenda_trade[i])
    return max(0, sectors + agendas - (ability(h, "upkeep_discount") or 0))
