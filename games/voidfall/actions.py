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
from .corruption import free_places, gained, label
from .data import AGENDAS, FLEET_NAME, FOCUS, HEXES, HOUSES, INSTALL_NAME, RES, res_text
from .develop import destroy, destroy_choices, pop_down_targets
from .economy import pay, payable, plan_payment, stock_change
from .effects import action_text, cost_text, describe_all, effect, possible, start_group
from .messages import T, content_name, name_in, sector_name
from .state import Task, VoidfallState
from .tasks import dec, done, handler, opt, push
from .tokens import return_trade
from .tracks import preferred_actions

SPECIAL = ("recall", "deact", "corrupt", "corrupt_agenda", "pop_down", "destroy_inst", "destroy_guild",
           "agenda", "glory", "trade", "bounty", "reclaim")
# A destroyed Guild is named by its id in English ("fa Guild"); other languages name the Guild.
GUILD_BY_ID = {"fa": T.name("guild-id:fa", "fa Guild"), "en": T.name("guild-id:en", "en Guild"),
               "mi": T.name("guild-id:mi", "mi Guild"), "ba": T.name("guild-id:ba", "ba Guild"),
               "sc": T.name("guild-id:sc", "sc Guild")}


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
            return [dec(task.seat, T("{source}: how do you pay {cost}?", source=task.data["source"], cost=cost_text(_res_cost(task))),
                        [opt(k, T("pay {cost}", cost=res_text(p)), _plan_detail(stock_change(state.houses[task.seat], p, -1), k))
                         for k, p in plans.items()])]
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


def _plan_detail(change, plan: str) -> Text:
    if plan == "credits":
        return T("{change}; Credits stand in for Food, Energy and Materials", change=change)
    return T("{change}; the named resources first", change=change)


def _recall_option(state: VoidfallState, k, key: str, kind: str) -> Option:
    s = sector(state, key)
    fleet, where = name_in("fleet", kind, FLEET_NAME), sector_name(s, HOUSES, HEXES)
    if k == "recall":
        label_text = T("recall a {fleet} cube from {sector}", fleet=fleet, sector=where)
    else:
        label_text = T("recall and deactivate a {fleet} cube from {sector}", fleet=fleet, sector=where)
    if sum(s.fleet.values()) == 1 and s.home_of < 0:
        return opt(f"c:{key}:{kind}", label_text, T("the sector is abandoned if it empties (not Home)"))
    return opt(f"c:{key}:{kind}", label_text, T("{n} cube(s) there", n=sum(s.fleet.values())))


def _destroy_option(state: VoidfallState, key: str, t, i) -> Option:
    s = sector(state, key)
    thing = name_in("install", s.installs[i], INSTALL_NAME) if t == "i" else GUILD_BY_ID[s.guilds[i]]
    return opt(f"x:{key}:{t}:{i}", T("destroy {thing} in {sector}", thing=thing, sector=sector_name(s, HOUSES, HEXES)), T("pays the cost"))


def _cost_options(state: VoidfallState, task: Task, k) -> list[Option]:
    seat, h = task.seat, state.houses[task.seat]
    if k == "recall" or (k == "deact" and h.active == 0):
        return [_recall_option(state, k, key, kind) for key, kind in _map_cubes(state, seat)]
    if k in ("corrupt", "corrupt_agenda"):
        where = "agenda_slot" if k == "corrupt_agenda" else "any"
        return [opt(p, T("Corruption on {place}", place=label(state, p)), T("pays the cost")) for p in free_places(state, seat, where)]
    if k == "pop_down":
        return [opt(f"p:{s.key}", T("{sector}: Population {before} -> {after}", sector=sector_name(s, HOUSES, HEXES), before=s.pop,
                                    after=s.pop - 1), T("pays the cost"))
                for s in pop_down_targets(state, seat)]
    if k in ("destroy_inst", "destroy_guild"):
        what = "install" if k == "destroy_inst" else "guild"
        return [_destroy_option(state, key, t, i) for key, t, i in destroy_choices(state, seat, what)]
    if k == "agenda":
        return [opt(f"a:{i}", T("remove {agenda}", agenda=name_in("agenda", a, AGENDAS)), T("it goes under its deck"))
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


effect("paid", lambda e: T("pay {cost} to {effects}", cost=cost_text(e["cost"]),
                            effects=describe_all(e["effects"], e.get("join", "and")) or T("do nothing")),
       can=_paid_can, run=_paid_run)


def _exploit_options(state: VoidfallState, task: Task) -> tuple[Text, list[Option]]:
    out = []
    for c, i in preferred_actions(state, task.seat):
        a = FOCUS[c]["actions"][i]
        if a["effects"][0]["do"] == "exploit":
            continue
        cost = action_cost(state, a["cost"], preferred=True)
        if can_pay_cost(state, task.seat, cost, {}):
            out.append(opt(f"x:{c}:{i}", T("{action} ({card})", action=action_name(a), card=focus_name(c)),
                           action_text({**a, "cost": cost})))
    return T("Take which action of a preferred Focus card?"), out


def _exploit_pick(state: VoidfallState, task: Task, choice: str) -> None:
    _, c, i = choice.split(":")
    start_action(state, task.seat, FOCUS[c]["actions"][int(i)], focus_name(c), preferred=True)


effect("exploit", T("take 1 action of a preferred Focus card in hand or discard, paying its cost"),
       can=lambda state, seat, e, ctx: bool(preferred_actions(state, seat)), options=_exploit_options, pick=_exploit_pick)
