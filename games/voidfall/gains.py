"""Effect verbs that change a house's own stocks: resources (gain, produce, convert), Influence,
cubes (activate) and Glory tokens. Each says what it leads to with the numbers before and after
(`outcome`), so an option offering it reads "Food 3 -> 6 (+3)", never only its name."""

from __future__ import annotations

from typing import Any

from games.core import Option
from games.core.i18n import Text

from .board import controlled, name
from .data import RES, guild_word, res_amount, res_name, res_text
from .economy import gain, gain_influence, pay, payable, produce, production_change, stock_change
from .effects import effect, influence_change, scored_as, slashed
from .messages import T, joined
from .metrics import metric
from .scoring import metric_text
from .state import Task, VoidfallState
from .tasks import opt

Effect = dict[str, Any]
Context = dict[str, Any]


def _stocks(state: VoidfallState, seat: int, pool: str = "FEMCS") -> Text:
    """"Food 3, Energy 2, ..." of the resources in `pool`."""
    h = state.houses[seat]
    return joined([T("{resource} {n}", resource=res_name(r), n=h.res.get(r, 0)) for r in pool])


# ---------------------------------------------------------------- Influence and resources
effect("inf", lambda e: T("gain {n} Influence", n=e["n"]),
       run=lambda state, seat, e, ctx: gain_influence(state, seat, e["n"], T("card effect"), scored_as(ctx)),
       outcome=lambda state, seat, e, ctx: influence_change(state, seat, e["n"]))
effect("gain", lambda e: T("gain {resources}", resources=res_text(e["res"])),
       label=lambda e: [T("+{resources}", resources=joined([res_amount(n, r) for r, n in e["res"].items() if n], T("{a} +{b}"))),
                        T("gain {n} resources", n=sum(e["res"].values())) if sum(e["res"].values()) > 1
                        else T("gain 1 resource")],
       run=lambda state, seat, e, ctx: gain(state, seat, e["res"]),
       outcome=lambda state, seat, e, ctx: stock_change(state.houses[seat], e["res"]))


def _produce_run(state: VoidfallState, seat: int, e: Effect, ctx: Context) -> None:
    for r in e["res"]:
        produce(state, seat, r)


effect("produce", lambda e: T("produce {resources}", resources=joined([res_name(r) for r in e["res"]])),
       label=lambda e: [T("produce {n} resources", n=len(e["res"]))] if len(e["res"]) > 1 else [],
       run=_produce_run,
       outcome=lambda state, seat, e, ctx: joined([production_change(state, seat, r) for r in e["res"]]))


def _one_options(state: VoidfallState, task: Task) -> tuple[Text, list[Option]]:
    first = task.data.get("first")
    title = T("Produce which resource?") if not first else T("Produce which second resource (a different one)?")
    return title, [opt(f"r:{r}", T("produce {resource}", resource=res_name(r)), production_change(state, task.seat, r))
                   for r in RES if r != first]


def _one_pick(state: VoidfallState, task: Task, choice: str) -> bool:
    r = choice[2:]
    produce(state, task.seat, r)
    if task.data["e"]["do"] == "produce_two" and not task.data.get("first"):
        task.data["first"] = r
        task.data["step"] = 1
        return False
    return True


def _yields_now(state: VoidfallState, seat: int, e: Effect, ctx: Context) -> Text:
    """What producing each resource would add now, for an effect that lets the house choose."""
    return T("choose next; producing now gives {yields}", yields=joined([production_change(state, seat, r) for r in RES]))


effect("produce_one", T("produce 1 resource type"), options=_one_options, pick=_one_pick, outcome=_yields_now)
effect("produce_two", T("produce 2 different resource types"), label=T("produce 2 resource types"),
       options=_one_options, pick=_one_pick, outcome=_yields_now)


def _gain_any_options(state: VoidfallState, task: Task) -> tuple[Text, list[Option]]:
    e = task.data["e"]
    left = e["n"] - task.data.get("taken", 0)
    pool = "FEM" if e["do"] == "gain_fem" else "FEMCS"
    h = state.houses[task.seat]
    return T("Gain resources: {n} left to choose.", n=left), [
        opt(f"r:{r}", T("+{amount}", amount=res_amount(1, r)), stock_change(h, {r: 1})) for r in pool]


def _gain_any_pick(state: VoidfallState, task: Task, choice: str) -> bool:
    gain(state, task.seat, {choice[2:]: 1})
    task.data["taken"] = task.data.get("taken", 0) + 1
    task.data["step"] = 1
    return task.data["taken"] >= task.data["e"]["n"]


def _gain_any_outcome(state: VoidfallState, seat: int, e: Effect, ctx: Context) -> Text:
    pool = "FEM" if e["do"] == "gain_fem" else "FEMCS"
    return T("choose them one at a time (at most 15 of each); now {stocks}", stocks=_stocks(state, seat, pool))


effect("gain_any", lambda e: T("gain {n} resource(s) of your choice", n=e["n"]),
       label=lambda e: T("gain 1 resource") if e["n"] == 1 else T("gain {n} resources", n=e["n"]),
       options=_gain_any_options, pick=_gain_any_pick, outcome=_gain_any_outcome)
effect("gain_fem", lambda e: T("gain {n} Food/Energy/Materials", n=e["n"]), label=lambda e: T("+{n} Food/Energy/Materials", n=e["n"]),
       options=_gain_any_options, pick=_gain_any_pick, outcome=_gain_any_outcome)


# ---------------------------------------------------------------- Influence by what a house has
def _pure_guilds(state: VoidfallState, seat: int, kinds) -> int:
    return sum(1 for s in controlled(state, seat) if not s.corrupted for g in s.guilds if g in kinds)


def _counted(state: VoidfallState, seat: int, n: int, per: int, what: Text) -> Text:
    """"4 Pure Guilds: Influence 20 -> 24"."""
    return T("{what} {n}: {change}", what=what, n=n, change=influence_change(state, seat, n * per))


effect("inf_per_guild", lambda e: T("1 Influence per Pure {kinds} Guild", kinds=slashed([guild_word(k) for k in e["kinds"]])),
       label=T("Influence per Pure Guild"),
       run=lambda state, seat, e, ctx: gain_influence(state, seat, _pure_guilds(state, seat, e["kinds"]), T("Pure Guilds"),
                                                      scored_as(ctx)),
       outcome=lambda state, seat, e, ctx: _counted(state, seat, _pure_guilds(state, seat, e["kinds"]), 1,
                                                   T("Pure {kinds} Guilds", kinds=slashed([guild_word(k) for k in e["kinds"]]))))


def _gain_per_run(state: VoidfallState, seat: int, e: Effect, ctx: Context) -> None:
    n = metric(state, seat, e["per"])
    gain(state, seat, {e["res"]: n}, metric_text(e["per"]))


def _gain_per_outcome(state: VoidfallState, seat: int, e: Effect, ctx: Context) -> Text:
    n = metric(state, seat, e["per"])
    return T("{what} {n}: {change}", what=metric_text(e["per"]), n=n, change=stock_change(state.houses[seat], {e["res"]: n})
             or T("nothing gained"))


effect("gain_per", lambda e: T("gain 1 {resource} per Pure sector you control", resource=res_name(e["res"])),
       label=lambda e: T("{resource} per Pure sector", resource=res_name(e["res"])), run=_gain_per_run,
       outcome=_gain_per_outcome)


def _inf_credit_run(state: VoidfallState, seat: int, e: Effect, ctx: Context) -> None:
    n = metric(state, seat, e["per"])
    gain_influence(state, seat, n, T("Pure sectors with an Installation"), scored_as(ctx))
    gain(state, seat, {"C": n})


def _inf_credit_outcome(state: VoidfallState, seat: int, e: Effect, ctx: Context) -> Text:
    n = metric(state, seat, e["per"])
    return T("{what} {n}: {influence}; {credits}", what=metric_text(e["per"]), n=n, influence=influence_change(state, seat, n),
             credits=stock_change(state.houses[seat], {"C": n}) or T("no Credits"))


effect("inf_and_credit_per", T("1 Influence and 1 Credit per Pure sector with an Installation"),
       label=T("Influence and Credits"), run=_inf_credit_run, outcome=_inf_credit_outcome)


def _inf_per_run(state: VoidfallState, seat: int, e: Effect, ctx: Context) -> None:
    gain_influence(state, seat, e["n"] * metric(state, seat, e["metric"]), metric_text(e["metric"]), scored_as(ctx))


effect("inf_per", lambda e: T("{n} Influence per {what}", n=e["n"], what=metric_text(e["metric"])),
       label=lambda e: T("{n} Influence for each", n=e["n"]), run=_inf_per_run,
       outcome=lambda state, seat, e, ctx: _counted(state, seat, metric(state, seat, e["metric"]), e["n"], metric_text(e["metric"])))
effect("inf_glory", T("Influence equal to your total Glory"), label=T("Influence for Glory"),
       run=lambda state, seat, e, ctx: gain_influence(state, seat, sum(state.houses[seat].glory), T("total Glory"),
                                                      scored_as(ctx)),
       outcome=lambda state, seat, e, ctx: _counted(state, seat, sum(state.houses[seat].glory), 1, T("total Glory")))


# ---------------------------------------------------------------- cubes
def activate(state: VoidfallState, seat: int, n: int, why: Text = "") -> int:
    h = state.houses[seat]
    n = min(n, h.inactive)
    h.inactive -= n
    h.active += n
    if n and why:
        state.say(T("{seat} activates {n} cube(s) ({why}).", seat=name(seat), n=n, why=why))
    elif n:
        state.say(T("{seat} activates {n} cube(s).", seat=name(seat), n=n))
    return n


def activation(state: VoidfallState, seat: int, n: int) -> Text:
    """"inactive cubes 5 -> 3, active 2 -> 4" (never more than are inactive)."""
    h = state.houses[seat]
    n = min(n, h.inactive)
    return T("inactive cubes {inactive} -> {inactive_after}, active {active} -> {active_after}", inactive=h.inactive,
             inactive_after=h.inactive - n, active=h.active, active_after=h.active + n)


def _activate_run(state: VoidfallState, seat: int, e: Effect, ctx: Context) -> None:
    if e.get("pay"):
        if not payable(state.houses[seat], e["pay"]):
            return
        pay(state, seat, e["pay"])
    activate(state, seat, e["n"])


def _activate_outcome(state: VoidfallState, seat: int, e: Effect, ctx: Context) -> Text:
    if e.get("pay"):
        return T("{cubes}; {stocks}", cubes=activation(state, seat, e["n"]), stocks=stock_change(state.houses[seat], e["pay"], -1))
    return activation(state, seat, e["n"])


effect("activate", lambda e: T("activate {n} cube(s) for {cost}", n=e["n"], cost=res_text(e["pay"])) if e.get("pay")
       else T("activate {n} cube(s)", n=e["n"]),
       label=lambda e: T("activate {n} cube(s)", n=e["n"]),
       can=lambda state, seat, e, ctx: state.houses[seat].inactive > 0 and (not e.get("pay") or payable(state.houses[seat], e["pay"])),
       run=_activate_run, outcome=_activate_outcome)


# ---------------------------------------------------------------- Glory tokens
def glory_token(state: VoidfallState, seat: int, value: int) -> None:
    h = state.houses[seat]
    if "glory_boost" in state.perms and value < 5:
        value += 1  # Supreme Triumph: a new Glory token may be upgraded at once
    h.glory.append(value)
    state.say(T("{seat} gains a Glory token of value {n}.", seat=name(seat), n=value))


def glory_list(values: list[int]) -> Text:
    """A house's Glory tokens by value, "3, 2, 1" ("none")."""
    return ", ".join(map(str, sorted(values, reverse=True))) or T("none")


def _glory_outcome(state: VoidfallState, seat: int, e: Effect, ctx: Context) -> Text:
    value = e["value"] + (1 if "glory_boost" in state.perms and e["value"] < 5 else 0)
    h = state.houses[seat]
    return T("Glory tokens {before} -> {after} (at most 4 kept at cleanup)", before=glory_list(h.glory),
             after=glory_list(h.glory + [value]))


effect("glory_token", lambda e: T("gain a Glory token of value {n}", n=e["value"]),
       label=lambda e: T("a Glory token worth {n}", n=e["value"]),
       run=lambda state, seat, e, ctx: glory_token(state, seat, e["value"]), outcome=_glory_outcome)


def _upg_options(state: VoidfallState, task: Task) -> tuple[Text, list[Option]]:
    h = state.houses[task.seat]
    vals = sorted({v for v in h.glory if v <= 4})
    out = []
    for v in vals:
        after = list(h.glory)
        after.remove(v)
        out.append(opt(f"g:{v}", T("Glory {n} -> {after}", n=v, after=v + 1),
                       T("your Glory tokens {before} -> {after}; total Glory {total} -> {total_after}", before=glory_list(h.glory),
                         after=glory_list(after + [v + 1]), total=sum(h.glory), total_after=sum(h.glory) + 1)))
    return T("Upgrade which Glory token?"), out


def _upg_pick(state: VoidfallState, task: Task, choice: str) -> None:
    v = int(choice[2:])
    h = state.houses[task.seat]
    h.glory.remove(v)
    h.glory.append(v + 1)
    state.say(T("{seat} upgrades a Glory token {n} -> {after}.", seat=name(task.seat), n=v, after=v + 1))


effect("upgrade_glory", T("upgrade a Glory token"),
       can=lambda state, seat, e, ctx: any(v <= 4 for v in state.houses[seat].glory), options=_upg_options, pick=_upg_pick,
       outcome=lambda state, seat, e, ctx: T("one of your Glory tokens ({tokens}) gains 1; choose which next",
                                             tokens=glory_list(state.houses[seat].glory)))


# ---------------------------------------------------------------- conversion
def _convert_options(state: VoidfallState, task: Task) -> tuple[Text, list[Option]]:
    e = task.data["e"]
    h = state.houses[task.seat]
    have = h.res.get(e["frm"], 0)
    frm, to = res_name(e["frm"]), res_name(e["to"])
    return T("Convert {frm} into {to}?", frm=frm, to=to), [
        opt(f"n:{k}", T("convert {n}", n=k), T("{paid}; {gained}", paid=stock_change(h, {e["frm"]: k}, -1),
                                                gained=stock_change(h, {e["to"]: k})))
        for k in range(1, min(have, e["n"]) + 1)]


def _convert_pick(state: VoidfallState, task: Task, choice: str) -> None:
    e, k = task.data["e"], int(choice[2:])
    state.houses[task.seat].res[e["frm"]] -= k
    gain(state, task.seat, {e["to"]: k}, T("conversion"))


effect("convert", lambda e: T("convert up to {n} {frm} into {to}", n=e["n"], frm=res_name(e["frm"]), to=res_name(e["to"])),
       label=lambda e: T("{frm} into {to}", frm=res_name(e["frm"]), to=res_name(e["to"])),
       can=lambda state, seat, e, ctx: state.houses[seat].res.get(e["frm"], 0) > 0, options=_convert_options, pick=_convert_pick,
       outcome=lambda state, seat, e, ctx: T("{frm} {n} now; choose how many next", frm=res_name(e["frm"]),
                                             n=state.houses[seat].res.get(e["frm"], 0)))
