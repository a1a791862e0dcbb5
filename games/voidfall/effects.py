"""The one executor for card content: groups of effects (focus actions, track spaces, techs,
agendas, events, tokens) and the effect vocabulary.

A group lists effects joined by "and" (resolve any of them, in any order, each may be declined)
or "or" (resolve one). An effect is a dict {"do": verb, ...}; `TEXT` says what it does in an
option, `CAN` whether it can be resolved now, and `eff` tasks run it (choices come from
`OPTIONS`/`PICK`, the rest from `RUN`). `ctx` carries the sector an action is bound to.
"""

from __future__ import annotations

from .board import controlled, name, sector
from .data import FOCUS, GUILD_NAME, INSTALL_NAME, RES, RES_NAME, TRACK_NAME, res_amount, res_text
from .economy import gain, gain_influence, pay, payable, produce, stock_change, yields
from .scoring import metric, metric_text
from .tasks import dec, done, handler, opt, push

TEXT, CAN, OPTIONS, PICK, RUN = {}, {}, {}, {}, {}


def effect(do, text, can=None, options=None, pick=None, run=None):
    TEXT[do] = text
    CAN[do] = can or (lambda state, seat, e, ctx: True)
    if options:
        OPTIONS[do] = options
        PICK[do] = pick
    if run:
        RUN[do] = run


def describe(e: dict) -> str:
    t = TEXT.get(e["do"])
    return t(e) if callable(t) else (t or e["do"])


def describe_all(effects: list[dict], join: str) -> str:
    sep = " OR " if join == "or" else " and/or "
    return sep.join(describe(e) for e in effects) or "no effect"


def cost_text(cost: dict) -> str:
    parts = []
    if res_text(cost):
        parts.append(res_text(cost))
    words = {"any": "{} resource(s) of any kind", "recall": "recall {} cube(s)", "deact": "deactivate {} cube(s)",
             "corrupt": "gain {} Corruption", "pop_down": "-{} Pure Population", "destroy_inst": "destroy {} Installation",
             "destroy_guild": "destroy {} Guild", "bounty": "discard {} Bounty token", "reclaim": "discard {} Reclaim token",
             "agenda": "remove {} Agenda in play", "glory": "discard {} Glory token", "trade": "return {} Trade token",
             "corrupt_agenda": "{} Corruption on an Agenda slot"}
    for k, fmt in words.items():
        if cost.get(k):
            parts.append(fmt.format(cost[k]))
    return ", ".join(parts) or "free"


def action_text(a: dict) -> str:
    """What a Focus card, tech or designed action does and costs, in words:
    "advance Statecraft; cost: 1 Science" or "produce Science; free"."""
    cost = cost_text(a["cost"])
    return f"{describe_all(a['effects'], a['join'])}; " + (cost if cost == "free" else f"cost: {cost}")


def effect_detail(state, seat, group: dict, e: dict, open_count: int) -> str:
    """What choosing one effect of a group does: the stocks it changes (before -> after) when it
    gains resources, and what happens to the group's other effects."""
    parts = [group["source"]] if group["source"] else []
    if e["do"] == "gain":
        parts.append(stock_change(state.houses[seat], e["res"]))
    elif e["do"] == "inf":
        now = state.houses[seat].influence
        parts.append(f"Influence {now} -> {now + e['n']}")
    if open_count > 1:
        parts.append("instead of the others" if group["join"] == "or" else "the others stay open after it")
    return "; ".join(parts) or describe(e)


def start_group(state, seat, effects, join="and", source="", ctx=None):
    """Push a group of effects for `seat` to resolve."""
    return push(state, "group", seat, effects=list(effects), join=join, used=[], source=source, ctx=dict(ctx or {}))


def possible(state, seat, e, ctx) -> bool:
    try:
        return bool(CAN[e["do"]](state, seat, e, ctx))
    except KeyError:
        return False


@handler("group")
class Group:
    @staticmethod
    def _open(state, task):
        d = task.data
        if d["join"] == "or" and d["used"]:
            return []
        return [i for i, e in enumerate(d["effects"]) if i not in d["used"] and possible(state, task.seat, e, d["ctx"])]

    @staticmethod
    def decide(state, task):
        open_ = Group._open(state, task)
        if not open_:
            return []
        d = task.data
        options = [opt(f"e{i}", describe(d["effects"][i]), effect_detail(state, task.seat, d, d["effects"][i], len(open_)))
                   for i in open_]
        stop = "decline it" if d["join"] == "or" or len(open_) == 1 else "decline the rest"
        if not d.get("must"):
            options.append(opt("stop", "Done", f"{d['source']}: {stop}"))
        if d.get("must"):
            head = "choose one; it must be resolved" if d["join"] == "or" else "resolve all of them, in any order"
        else:
            head = "choose one" if d["join"] == "or" else "resolve in any order, any may be declined"
        return [dec(task.seat, f"{d['source']} ({head}).", options)]

    @staticmethod
    def auto(state, task):
        done(state, task)

    @staticmethod
    def apply(state, task, decision, choice):
        if choice == "stop":
            done(state, task)
            return
        i = int(choice[1:])
        task.data["used"].append(i)
        run_effect(state, task.seat, task.data["effects"][i], task.data["ctx"])


def run_effect(state, seat, e, ctx):
    """Resolve one effect: at once when it needs no choice, else through an `eff` task."""
    if e["do"] in OPTIONS:
        push(state, "eff", seat, e=e, ctx=ctx, step=0)
    else:
        RUN[e["do"]](state, seat, e, ctx)


@handler("eff")
class Eff:
    @staticmethod
    def decide(state, task):
        e = task.data["e"]
        if not CAN[e["do"]](state, task.seat, e, task.data["ctx"]) and task.data["step"] == 0:
            return []
        prompt, options = OPTIONS[e["do"]](state, task)
        if not options:
            return []
        return [dec(task.seat, prompt, options)]

    @staticmethod
    def auto(state, task):
        e = task.data["e"]
        done(state, task)
        if e["do"] in RUN and task.data["step"] == 0 and CAN[e["do"]](state, task.seat, e, task.data["ctx"]):
            RUN[e["do"]](state, task.seat, e, task.data["ctx"])

    @staticmethod
    def apply(state, task, decision, choice):
        finished = PICK[task.data["e"]["do"]](state, task, choice)
        if finished is not False:
            done(state, task)


def set_ctx(state, task, key):
    """Remember the sector an effect used so later effects of the same action can use it."""
    task.data["ctx"]["same"] = key
    for t in reversed(state.tasks):
        if t.kind in ("group", "action") and t.seat == task.seat:
            t.data.setdefault("ctx", {})["same"] = key
            break


def sector_filter(state, seat, e, ctx):
    """The sectors an effect may use, by its here / same / not_here flags."""
    secs = controlled(state, seat)
    if e.get("here"):
        secs = [s for s in secs if s.key == ctx.get("here")]
    if e.get("same") and ctx.get("same"):
        secs = [s for s in secs if s.key == ctx["same"]]
    if e.get("not_here"):
        secs = [s for s in secs if s.key != ctx.get("here")]
    if e.get("not_same"):
        secs = [s for s in secs if s.key != ctx.get("same")]
    return secs


# ---------------------------------------------------------------- simple effects
effect("inf", lambda e: f"gain {e['n']} Influence",
       run=lambda state, seat, e, ctx: gain_influence(state, seat, e["n"], "card effect"))
effect("gain", lambda e: f"gain {res_text(e['res'])}",
       run=lambda state, seat, e, ctx: gain(state, seat, e["res"]))


def _produce_run(state, seat, e, ctx):
    for r in e["res"]:
        produce(state, seat, r)


effect("produce", lambda e: "produce " + ", ".join(RES_NAME[r] for r in e["res"]), run=_produce_run)


def _res_options(state, task, pool, exclude=()):
    y = yields(state, task.seat)
    h = state.houses[task.seat]
    return [opt(f"r:{r}", RES_NAME[r], f"stock {h.res.get(r, 0)}, yield {y[r]}") for r in pool if r not in exclude]


def _one_options(state, task):
    y = yields(state, task.seat)
    h = state.houses[task.seat]
    first = task.data.get("first")
    title = "Produce which resource?" if not first else "Produce which second resource (a different one)?"
    return title, [opt(f"r:{r}", f"produce {RES_NAME[r]}", _produce_detail(h.res.get(r, 0), y[r], RES_NAME[r]))
                   for r in RES if r != first]


def _produce_detail(now: int, amount: int, res_name: str) -> str:
    """"Food 5 -> 8 (+3)"; past the stock cap of 15 the rest is lost, for Influence."""
    after = min(15, now + amount)
    return f"{res_name} {now} -> {after} (+{amount})" + ("; past 15 the rest gives Influence" if now + amount > 15 else "")


def _one_pick(state, task, choice):
    r = choice[2:]
    produce(state, task.seat, r)
    if task.data["e"]["do"] == "produce_two" and not task.data.get("first"):
        task.data["first"] = r
        task.data["step"] = 1
        return False
    return True


effect("produce_one", "produce 1 resource type", options=_one_options, pick=_one_pick)
effect("produce_two", "produce 2 different resource types", options=_one_options, pick=_one_pick)


def _gain_any_options(state, task):
    e = task.data["e"]
    left = e["n"] - task.data.get("taken", 0)
    pool = "FEM" if e["do"] == "gain_fem" else "FEMCS"
    h = state.houses[task.seat]
    return f"Gain resources: {left} left to choose.", [
        opt(f"r:{r}", f"+{res_amount(1, r)}", f"{RES_NAME[r]} {h.res.get(r, 0)} -> {min(15, h.res.get(r, 0) + 1)}")
        for r in pool]


def _gain_any_pick(state, task, choice):
    gain(state, task.seat, {choice[2:]: 1})
    task.data["taken"] = task.data.get("taken", 0) + 1
    task.data["step"] = 1
    return task.data["taken"] >= task.data["e"]["n"]


effect("gain_any", lambda e: f"gain {e['n']} resource(s) of your choice", options=_gain_any_options, pick=_gain_any_pick)
effect("gain_fem", lambda e: f"gain {e['n']} Food/Energy/Materials", options=_gain_any_options, pick=_gain_any_pick)


def _pure_guilds(state, seat, kinds):
    return sum(1 for s in controlled(state, seat) if not s.corrupted for g in s.guilds if g in kinds)


effect("inf_per_guild", lambda e: "1 Influence per Pure " + "/".join(GUILD_NAME[k] for k in e["kinds"]) + " Guild",
       run=lambda state, seat, e, ctx: gain_influence(state, seat, _pure_guilds(state, seat, e["kinds"]), "Pure Guilds"))


def _gain_per_run(state, seat, e, ctx):
    n = metric(state, seat, e["per"])
    gain(state, seat, {e["res"]: n}, e["per"].replace("_", " "))


effect("gain_per", lambda e: f"gain 1 {RES_NAME[e['res']]} per Pure sector you control", run=_gain_per_run)


def _inf_credit_run(state, seat, e, ctx):
    n = metric(state, seat, e["per"])
    gain_influence(state, seat, n, "Pure sectors with an Installation")
    gain(state, seat, {"C": n})


effect("inf_and_credit_per", "1 Influence and 1 Credit per Pure sector with an Installation", run=_inf_credit_run)


def _inf_per_run(state, seat, e, ctx):
    gain_influence(state, seat, e["n"] * metric(state, seat, e["metric"]), e["metric"].replace("_", " "))


effect("inf_per", lambda e: f"{e['n']} Influence per {e['metric'].replace('_', ' ')}", run=_inf_per_run)
effect("inf_glory", "Influence equal to your total Glory",
       run=lambda state, seat, e, ctx: gain_influence(state, seat, sum(state.houses[seat].glory), "total Glory"))


def activate(state, seat, n, why="") -> int:
    h = state.houses[seat]
    n = min(n, h.inactive)
    h.inactive -= n
    h.active += n
    if n:
        state.say(f"{name(seat)} activates {n} cube(s){' (' + why + ')' if why else ''}.")
    return n


def _activate_run(state, seat, e, ctx):
    if e.get("pay"):
        if not payable(state.houses[seat], e["pay"]):
            return
        pay(state, seat, e["pay"])
    activate(state, seat, e["n"])


effect("activate", lambda e: f"activate {e['n']} cube(s)" + (f" for {res_text(e['pay'])}" if e.get("pay") else ""),
       can=lambda state, seat, e, ctx: state.houses[seat].inactive > 0 and (not e.get("pay") or payable(state.houses[seat], e["pay"])),
       run=_activate_run)


def glory_token(state, seat, value):
    h = state.houses[seat]
    if "glory_boost" in state.perms and value < 5:
        value += 1  # Supreme Triumph: a new Glory token may be upgraded at once
    h.glory.append(value)
    state.say(f"{name(seat)} gains a Glory token of value {value}.")


effect("glory_token", lambda e: f"gain a Glory token of value {e['value']}",
       run=lambda state, seat, e, ctx: glory_token(state, seat, e["value"]))


def _upg_options(state, task):
    vals = sorted({v for v in state.houses[task.seat].glory if v <= 4})
    return "Upgrade which Glory token?", [opt(f"g:{v}", f"Glory {v} -> {v + 1}", "replace the token by one worth 1 more") for v in vals]


def _upg_pick(state, task, choice):
    v = int(choice[2:])
    h = state.houses[task.seat]
    h.glory.remove(v)
    h.glory.append(v + 1)
    state.say(f"{name(task.seat)} upgrades a Glory token {v} -> {v + 1}.")


effect("upgrade_glory", "upgrade a Glory token",
       can=lambda state, seat, e, ctx: any(v <= 4 for v in state.houses[seat].glory), options=_upg_options, pick=_upg_pick)


def _convert_options(state, task):
    e = task.data["e"]
    have = state.houses[task.seat].res.get(e["frm"], 0)
    return f"Convert {RES_NAME[e['frm']]} into {RES_NAME[e['to']]}?", [
        opt(f"n:{k}", f"convert {k}", f"-{k} {RES_NAME[e['frm']]}, +{k} {RES_NAME[e['to']]}") for k in range(1, min(have, e["n"]) + 1)]


def _convert_pick(state, task, choice):
    e, k = task.data["e"], int(choice[2:])
    state.houses[task.seat].res[e["frm"]] -= k
    gain(state, task.seat, {e["to"]: k}, "conversion")


effect("convert", lambda e: f"convert up to {e['n']} {RES_NAME[e['frm']]} into {RES_NAME[e['to']]}",
       can=lambda state, seat, e, ctx: state.houses[seat].res.get(e["frm"], 0) > 0, options=_convert_options, pick=_convert_pick)


def track_text(e):
    t = e.get("track", "any")
    return {"any": "advance any Civilization track", "least": "advance your least advanced track"}.get(t, f"advance {TRACK_NAME.get(t, t)}")


def guild_text(e):
    where = " here" if e.get("here") else (" in that sector" if e.get("same") else (" elsewhere" if e.get("not_here") else ""))
    return f"establish a {GUILD_NAME[e['kind']]} Guild{where}" if e.get("kind") else f"establish a Guild{where}"


def install_text(e):
    where = " here" if e.get("here") else (" in that sector" if e.get("same") else (" elsewhere" if e.get("not_here") else ""))
    return f"build a {INSTALL_NAME[e['kind']]}{where}" if e.get("kind") else f"build an Installation{where}"


def sector_names(state, keys) -> str:
    return ", ".join(sector(state, k).name for k in keys)


# ---------------------------------------------------------------- texts of objectives and Focus cards
def _ladder(values) -> str:
    """A reward by level in words: "level 1: 2 Influence, level 2: 4, level 3: 6, level 4: 6"."""
    steps = [f"level {i}: {v}" for i, v in enumerate(values, 1)]
    return f"{steps[0]} Influence, " + ", ".join(steps[1:]) if len(steps) > 1 else f"{steps[0]} Influence"


def objective_text(o) -> str:
    m = metric_text(o["metric"])
    if o["kind"] == "ladder":
        return f"{m}: " + _ladder(o["values"])
    if o["kind"] == "ladder_each":
        return "per Pure track: " + _ladder(o["values"])
    reward = f"{o['inf']} Influence" if "inf" in o else describe_all(o["reward"], o.get("join", "and"))
    if o["kind"] == "feat":
        cond = f"{m} at most {o['max']}" if "max" in o else (m if o["metric"] == "always" else f"{m} at least {o['min']}")
        return f"{cond}: {reward}"
    unit = f" per {o['unit']}" if o.get("unit", 1) > 1 else ""
    return f"per {m}{unit}: {reward}"


def card_detail(cid: str) -> str:
    """Every action of a Focus card: its name, what it costs and what it does."""
    return " | ".join(f"{a['name']}: {action_text(a)}" for a in FOCUS[cid]["actions"])
