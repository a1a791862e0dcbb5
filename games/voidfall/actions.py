"""Actions: pay the whole cost (white area) first, then resolve the effects (black area).

Article 行動步驟: 執行行動時你必須要支付白色區的所有費用,之後可以結算或放棄結算黑色區效果.
Resource costs are paid automatically (the named resource first, Credits for missing Food,
Energy or Materials; "any" from the largest stocks). Other costs (recall, deactivate,
Corruption, Population, destroying...) are chosen one by one.
"""

from __future__ import annotations

from typing import Any

from games.core import Decision, Option
from games.core.i18n import Msg, Text

from .board import name, recall, sector
from .corruption import free_places, gain_detail, gained, place_name
from .data import AGENDAS, FLEET_NAME, FOCUS, HEXES, HOUSES, RES, res_text
from .develop import destroy, destroy_choices, destroy_rows, pop_detail, pop_down_targets
from .economy import pay, payable, plan_payment, stock_change
from .effects import action_text, brief, cost_text, describe, describe_all, effect, outcome_of, possible, start_group
from .messages import T, content_name, joined, name_in, sector_name
from .state import Task, VoidfallState
from .tasks import dec, done, fitted, handler, opt, push
from .tokens import return_trade
from .tracks import preferred_actions

SPECIAL = ("recall", "deact", "corrupt", "corrupt_agenda", "pop_down", "destroy_inst", "destroy_guild",
           "agenda", "glory", "trade", "bounty", "reclaim")


def action_name(action: dict[str, Any]) -> Text:
    """A Focus card action's name (glossary "action:<name>"); other actions carry their name as a message."""
    name = action["name"]
    return content_name(f"action:{name.lower()}", name) if isinstance(name, str) else name


def focus_name(card: str) -> Msg:
    return content_name(f"focus:{card}", FOCUS[card]["title"])


def action_cost(state: VoidfallState, cost: dict, preferred: bool = False) -> dict:
    """The cost after permanent event effects on preferred-Focus actions (3H, 3I)."""
    cost = dict(cost)
    if preferred and "preferred_fixed" in state.perms:
        cost = {k: v for k, v in cost.items() if k not in RES and k != "any"}
        cost["C"] = 1
    if preferred and "preferred_tax" in state.perms:
        cost["E"] = cost.get("E", 0) + 1
    return cost


def _map_cubes(state: VoidfallState, seat: int) -> list[tuple[str, str]]:
    return [(s.key, k) for s in state.sectors if s.owner == seat for k, n in sorted(s.fleet.items()) if n]


def can_pay_cost(state: VoidfallState, seat: int, cost: dict, ctx: dict) -> bool:
    h = state.houses[seat]
    res = {k: v for k, v in cost.items() if k in RES or k == "any"}
    if res and not payable(h, res):
        return False
    if cost.get("recall") and not _map_cubes(state, seat):
        return False
    if cost.get("deact") and h.active + len(_map_cubes(state, seat)) < cost["deact"]:
        return False
    if cost.get("corrupt") and not free_places(state, seat):
        return False
    if cost.get("corrupt_agenda") and not free_places(state, seat, "agenda_slot"):
        return False
    if cost.get("pop_down") and not pop_down_targets(state, seat):
        return False
    if cost.get("destroy_inst") and not destroy_choices(state, seat, "install"):
        return False
    if cost.get("destroy_guild") and not destroy_choices(state, seat, "guild"):
        return False
    if cost.get("agenda") and not any(h.agendas):
        return False
    if cost.get("glory", 0) > len(h.glory) or cost.get("trade", 0) > h.trade:
        return False
    if cost.get("bounty", 0) > h.bounty or cost.get("reclaim", 0) > h.reclaim:
        return False
    return True


def start_action(state: VoidfallState, seat: int, action: dict[str, Any], source: Text, preferred: bool = False,
                 ctx: dict[str, Any] | None = None) -> None:
    cost = action_cost(state, action["cost"], preferred)
    push(state, "action", seat, source=T("{source}: {action}", source=source, action=action_name(action)), cost=cost, effects=action["effects"],
         join=action["join"], ctx=dict(ctx or {}), phase="cost", paid=[])


def _res_cost(task: Task) -> dict:
    return {k: v for k, v in task.data["cost"].items() if k in RES or k == "any"}


def _payment_plans(state: VoidfallState, task: Task) -> dict:
    """The different ways to pay the resource part: named resources first, or Credits first."""
    cost = _res_cost(task)
    if not cost:
        return {}
    h = state.houses[task.seat]
    plans = {"named": plan_payment(h, cost), "credits": plan_payment(h, cost, credits_first=True)}
    plans = {k: p for k, p in plans.items() if p is not None}
    if len(plans) == 2 and plans["named"] == plans["credits"]:
        del plans["credits"]
    return plans


def _pay_resources(state: VoidfallState, task: Task, credits_first: bool) -> None:
    cost = _res_cost(task)
    if cost:
        spent = pay(state, task.seat, cost, credits_first)
        state.say(T("{seat} pays {cost} for {source}.", seat=name(task.seat), cost=res_text(spent), source=task.data["source"]))
    task.data["paid"].append("res")


def _next_special(task: Task) -> str | None:
    for k in SPECIAL:
        if task.data["cost"].get(k, 0) > task.data["paid"].count(k):
            return k
    return None


@handler("action")
class Action:
    @staticmethod
    def decide(state: VoidfallState, task: Task) -> list[Decision]:
        if task.data["phase"] == "cost" and "res" not in task.data["paid"]:
            plans = _payment_plans(state, task)
            if len(plans) < 2:
                return []
            h = state.houses[task.seat]
            rows = [(k, [(T("pay {cost}", cost=res_text(p)), _plan_detail(stock_change(h, p, -1), k)),
                         (res_text(p), _plan_detail(stock_change(h, p, -1), k)),
                         (PLAN_WORD[k], T("pay {cost}: {change}", cost=res_text(p), change=stock_change(h, p, -1)))])
                    for k, p in plans.items()]
            return [dec(task.seat, T("{source}: how do you pay {cost}?", source=task.data["source"], cost=cost_text(_res_cost(task))),
                        fitted(rows))]
        if task.data["phase"] != "cost":
            return []
        k = _next_special(task)
        if k is None:
            return []
        options = _cost_options(state, task, k)
        if not options:
            return []
        return [dec(task.seat, T("{source}: pay the cost ({cost}).", source=task.data["source"], cost=cost_text(task.data["cost"])), options)]

    @staticmethod
    def auto(state: VoidfallState, task: Task) -> None:
        seat, d = task.seat, task.data
        if d["phase"] == "cost" and "res" not in d["paid"]:
            _pay_resources(state, task, False)
            return  # special costs next, each through decide first
        k = _next_special(task) if d["phase"] == "cost" else None
        if k is not None:
            _auto_cost(state, task, k)
            return
        done(state, task)
        start_group(state, seat, d["effects"], d["join"], d["source"], d["ctx"], score="action")

    @staticmethod
    def apply(state: VoidfallState, task: Task, decision: Decision, choice: str) -> None:
        if "res" not in task.data["paid"]:
            _pay_resources(state, task, choice == "credits")
            return
        k = _next_special(task)
        _pay_choice(state, task, k, choice)
        task.data["paid"].append(k)


PLAN_WORD = {"named": T("the named resources"), "credits": T("Credits first")}


def _plan_detail(change, plan: str) -> Text:
    if plan == "credits":
        return T("{change}; Credits stand in for Food, Energy and Materials", change=change)
    return T("{change}; the named resources first", change=change)


def _bound_here(task: Task) -> bool:
    """Whether the action's effects happen where its cost was paid ("there", "here")."""
    return any(e.get(flag) for e in task.data["effects"] for flag in ("here", "near", "not_here"))


def _recall_row(state: VoidfallState, task: Task, k: str, key: str, kind: str, kinds: int) -> tuple[str, list[tuple[Text, Text]]]:
    s = sector(state, key)
    h = state.houses[task.seat]
    fleet, where = name_in("fleet", kind, FLEET_NAME), sector_name(s, HOUSES, HEXES)
    n = sum(s.fleet.values())
    if k == "recall":
        text = T("recall 1 {fleet} from {sector}: cubes there {n} -> {after}, active {active} -> {more}", fleet=fleet, sector=where,
                 n=n, after=n - 1, active=h.active, more=h.active + 1)
    else:
        text = T("recall 1 {fleet} from {sector} and deactivate it: cubes there {n} -> {after}, inactive {inactive} -> {more}",
                 fleet=fleet, sector=where, n=n, after=n - 1, inactive=h.inactive, more=h.inactive + 1)
    if n == 1 and s.home_of < 0:
        text = T("{text}; {sector} empties and is abandoned (you lose your lowest Glory token)", text=text, sector=where)
    if _bound_here(task):
        text = T("{text}; the action's effects then happen in {sector}", text=text, sector=where)
    labels = [where] if kinds == 1 else [T("{fleet} from {sector}", fleet=fleet, sector=where), fleet]
    return f"c:{key}:{kind}", [(label, text) for label in labels]


def _cost_options(state: VoidfallState, task: Task, k) -> list[Option]:
    seat, h = task.seat, state.houses[task.seat]
    if k == "recall" or (k == "deact" and h.active == 0):
        cubes = _map_cubes(state, seat)
        kinds = len({kind for _, kind in cubes})
        return fitted([_recall_row(state, task, k, key, kind, kinds) for key, kind in cubes], numbered=True)
    if k in ("corrupt", "corrupt_agenda"):
        where = "agenda_slot" if k == "corrupt_agenda" else "any"
        return fitted([(p, [(place_name(state, p), gain_detail(state, seat, p))]) for p in free_places(state, seat, where)],
                      numbered=True)
    if k == "pop_down":
        return fitted([(f"p:{s.key}", [(sector_name(s, HOUSES, HEXES), pop_detail(state, seat, s, -1))])
                       for s in pop_down_targets(state, seat)], numbered=True)
    if k in ("destroy_inst", "destroy_guild"):
        what = "install" if k == "destroy_inst" else "guild"
        return fitted(destroy_rows(state, seat, destroy_choices(state, seat, what)), numbered=True)
    if k == "agenda":
        return [opt(f"a:{i}", name_in("agenda", a, AGENDAS),
                    T("{agenda} leaves slot {n} and goes under its deck: it scores no more and costs no Upkeep",
                      agenda=name_in("agenda", a, AGENDAS), n=i + 1))
                for i, a in enumerate(h.agendas) if a]
    return []


def _auto_cost(state: VoidfallState, task: Task, k) -> None:
    seat, h = task.seat, state.houses[task.seat]
    d = task.data
    if k == "deact":
        h.active -= 1
        h.inactive += 1
        state.say(T("{seat} deactivates a cube.", seat=name(seat)))
    elif k == "glory":
        h.glory.sort()
        state.say(T("{seat} discards a Glory token ({n}).", seat=name(seat), n=h.glory.pop(0)))
    elif k == "trade":
        h.trade -= 1
        return_trade(state)
        state.say(T("{seat} returns a Trade token.", seat=name(seat)))
    elif k in ("bounty", "reclaim"):
        setattr(h, k, getattr(h, k) - 1)
        if k == "bounty":
            state.say(T("{seat} discards a Bounty token.", seat=name(seat)))
        else:
            state.say(T("{seat} discards a Reclaim token.", seat=name(seat)))
    d["paid"].append(k)


def _pay_choice(state: VoidfallState, task: Task, k, choice: str) -> None:
    seat, h, ctx = task.seat, state.houses[task.seat], task.data["ctx"]
    if k in ("recall", "deact"):
        _, key, kind = choice.split(":")
        recall(state, seat, sector(state, key), kind, 1)
        state.say(T("{seat} recalls a {fleet} cube from {sector}.", seat=name(seat), fleet=name_in("fleet", kind, FLEET_NAME),
                    sector=sector_name(sector(state, key), HOUSES, HEXES)))
        ctx["here"] = key
        if k == "deact":
            h.active -= 1
            h.inactive += 1
    elif k in ("corrupt", "corrupt_agenda"):
        gained(state, seat, choice)
    elif k == "pop_down":
        s = sector(state, choice[2:])
        s.pop -= 1
        ctx["here"] = s.key
        state.say(T("{seat} lowers the Population of {sector} to {n}.", seat=name(seat), sector=sector_name(s, HOUSES, HEXES), n=s.pop))
    elif k in ("destroy_inst", "destroy_guild"):
        _, key, t, i = choice.split(":")
        destroy(state, seat, key, t, int(i))
        ctx["here"] = key
    elif k == "agenda":
        slot = int(choice[2:])
        aid = h.agendas[slot]
        h.agendas[slot] = ""
        state.agenda_decks[AGENDAS[aid]["type"]].append(aid)
        state.say(T("{seat} removes the Agenda {agenda} from play.", seat=name(seat), agenda=name_in("agenda", aid, AGENDAS)))


# ---------------------------------------------------------------- effects that take an action
# Effects bound to the sector the payment picks (recall / lower Population "there"): unknown before paying.
_BOUND = {"here": "here", "near": "here", "not_here": "here", "same": "same"}


def _paid_can(state: VoidfallState, seat: int, e: dict[str, Any], ctx: dict[str, Any]) -> bool:
    """"Pay X to do Y" only when Y can be done too: a solid frame resolves whole or not at all
    (「實線邊框必須被完整結算(如果有部分不能結算則不能結算該實線邊框)」)."""
    if not can_pay_cost(state, seat, e["cost"], ctx):
        return False
    inner = [x for x in e["effects"] if not any(x.get(f) and not ctx.get(k) for f, k in _BOUND.items())]
    if len(inner) < len(e["effects"]) and not inner:
        return True
    ok = [possible(state, seat, x, ctx) for x in inner]
    return any(ok) if e.get("join", "and") == "or" else all(ok)


def _paid_run(state: VoidfallState, seat: int, e: dict[str, Any], ctx: dict[str, Any]) -> None:
    push(state, "action", seat, source=T("paid effect"), cost=e["cost"], effects=e["effects"], join=e.get("join", "and"),
         ctx=dict(ctx), phase="cost", paid=[])


def _paid_labels(e: dict[str, Any]) -> list[Text]:
    inner = e["effects"]
    if not inner:  # the cost alone: its text is short
        return []
    first = brief(inner[0])
    return [T("{effect}, paid", effect=first) if len(inner) == 1 else T("{effect} and more, paid", effect=first), first]


def _paid_outcome(state: VoidfallState, seat: int, e: dict[str, Any], ctx: dict[str, Any]) -> Text:
    res = {k: v for k, v in e["cost"].items() if k in RES}
    paid = stock_change(state.houses[seat], res, -1) if res and not e["cost"].get("any") else cost_text(e["cost"])
    effects = joined([outcome_of(state, seat, x, ctx) or describe(x) for x in e["effects"]], T("{a}; {b}"))
    if done_not_paid(e["cost"]):
        return T("first {cost}, then {effects}", cost=cost_text(e["cost"]), effects=effects)
    return T("first pay {cost}, then {effects}", cost=paid or cost_text(e["cost"]), effects=effects)


# Costs whose words start with what the house does ("gain 2 Corruption", "recall 1 cube(s)"): no "pay" before them.
DONE_COSTS = frozenset({"recall", "deact", "corrupt", "destroy_inst", "destroy_guild", "bounty", "reclaim", "agenda",
                        "glory", "trade"})


def done_not_paid(cost: dict[str, Any]) -> bool:
    """Whether every part of `cost` is something done rather than paid."""
    return bool(cost) and all(k in DONE_COSTS for k, n in cost.items() if n)


def _paid_text(e: dict[str, Any]) -> Text:
    """"pay 1 Credit to upgrade a Glory token"; a cost that is no resources reads on its own:
    "gain 2 Corruption to remove a harbinger from a sector"."""
    if not e["effects"]:  # the cost alone ("recall 1 cube(s)")
        return cost_text(e["cost"]) if done_not_paid(e["cost"]) else T("pay {cost}", cost=cost_text(e["cost"]))
    effects = describe_all(e["effects"], e.get("join", "and"))
    if done_not_paid(e["cost"]):
        return T("{cost} to {effects}", cost=cost_text(e["cost"]), effects=effects)
    return T("pay {cost} to {effects}", cost=cost_text(e["cost"]), effects=effects)


effect("paid", _paid_text,
       label=_paid_labels, can=_paid_can, run=_paid_run, outcome=_paid_outcome)


def _exploit_options(state: VoidfallState, task: Task) -> tuple[Text, list[Option]]:
    found = []
    h = state.houses[task.seat]
    for c, i in preferred_actions(state, task.seat):
        a = FOCUS[c]["actions"][i]
        if a["effects"][0]["do"] == "exploit":
            continue
        cost = action_cost(state, a["cost"], preferred=True)
        if can_pay_cost(state, task.seat, cost, {}):
            where = T("in hand") if c in h.hand else T("in the discard pile")
            found.append((c, i, a, T("{card} ({where}): {text}", card=focus_name(c), where=where, text=action_text({**a, "cost": cost}))))
    names = [a["name"] for _, _, a, _ in found]
    rows = [(f"x:{c}:{i}", [(T("{action} ({card})", action=action_name(a), card=focus_name(c)), detail)]
             + ([(action_name(a), detail)] if names.count(a["name"]) == 1 else []))
            for c, i, a, detail in found]
    return T("Take which action of a preferred Focus card?"), fitted(rows)


def _exploit_pick(state: VoidfallState, task: Task, choice: str) -> None:
    _, c, i = choice.split(":")
    start_action(state, task.seat, FOCUS[c]["actions"][int(i)], focus_name(c), preferred=True)


effect("exploit", T("take 1 action of a preferred Focus card in hand or discard, paying its cost"), label=T("preferred Focus action"),
       can=lambda state, seat, e, ctx: bool(preferred_actions(state, seat)), options=_exploit_options, pick=_exploit_pick,
       outcome=lambda state, seat, e, ctx: T("choose next among the actions of {cards}", cards=joined(
           [focus_name(c) for c in dict.fromkeys(c for c, _ in preferred_actions(state, seat))])))
