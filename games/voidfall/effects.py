"""The one executor for card content: groups of effects (focus actions, track spaces, techs,
agendas, events, tokens) and the effect vocabulary.

A group lists effects joined by "and" (resolve any of them, in any order, each may be declined)
or "or" (resolve one). An effect is a dict {"do": verb, ...}; `TEXT` says what it does in an
option, `CAN` whether it can be resolved now, and `eff` tasks run it (choices come from
`OPTIONS`/`PICK`, the rest from `RUN`). `ctx` carries the sector an action is bound to.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.core import Decision, Option
from games.core.i18n import Msg, Text

from .board import controlled, name, sector, sector_label
from .data import FOCUS, RES, action_name, guild_name, guild_word, install_name, res_amount, res_name, res_text, track_name
from .economy import gain, gain_influence, pay, payable, produce, stock_change, yields
from .messages import T, joined
from .metrics import metric
from .scoring import metric_text, metric_words
from .state import Sector, Task, VoidfallState
from .tasks import dec, done, handler, opt, push

Effect = dict[str, Any]  # {"do": verb, ...} as the content data writes it
Context = dict[str, Any]  # what the effects of one action share ("here", "same": sector keys)
EffectText = Text | Callable[[Effect], Text]
Can = Callable[[VoidfallState, int, Effect, Context], Any]  # truthy: the effect can be resolved now
Options = Callable[[VoidfallState, Task], tuple[Text, list[Option]]]  # an `eff` task's prompt and options
Pick = Callable[[VoidfallState, Task, str], Any]  # False: the `eff` task stays open for another choice
Run = Callable[[VoidfallState, int, Effect, Context], Any]

TEXT: dict[str, EffectText] = {}
CAN: dict[str, Can] = {}
OPTIONS: dict[str, Options] = {}
PICK: dict[str, Pick] = {}
RUN: dict[str, Run] = {}


def effect(do: str, text: EffectText, can: Can | None = None, options: Options | None = None, pick: Pick | None = None,
           run: Run | None = None) -> None:
    """Register the effect verb `do`: its text, whether it can be resolved now, and how it is
    resolved (a choice through `options`/`pick`, or at once through `run`)."""
    TEXT[do] = text
    CAN[do] = can or (lambda state, seat, e, ctx: True)
    if options:
        if pick is None:
            raise TypeError(f"effect {do!r} offers options without a pick")
        OPTIONS[do] = options
        PICK[do] = pick
    if run:
        RUN[do] = run


# What each lasting rule of an Event does (the Event's "perm" frame; the view lists those in force).
PERM_TEXT = {
    "keep_removed": T("Corruption removed this Cycle is kept until Evaluation (objective)"),
    "deploy_tax": T("deploying costs 1 extra Materials per cube"),
    "skirmish_shield": T("houses with 40 Influence or less cannot be hit by a Skirmish"),
    "adaptation": T("Skirmish Voidborn absorb 1 Salvo damage per Improved tech of the target"),
    "glory_boost": T("new Glory tokens come upgraded by 1"),
    "preferred_tax": T("actions of preferred Focus cards cost 1 more Energy"),
    "preferred_fixed": T("actions of preferred Focus cards cost exactly 1 Credit"),
    "no_crisis_board": T("the Crisis board is ignored in this Cycle's Evaluation (no assault, no payment)"),
    "guardian_void": T("before the Evaluation, +1 Voidborn cube on every Voidborn sector with a harbinger"),
}
# Effects an Event's frame runs itself (events.py), named here only for the Event's text.
TEXT["perm"] = lambda e: PERM_TEXT[e["flag"]] if e["flag"] in PERM_TEXT else str(e["flag"])
TEXT["skirmish"] = lambda e: T("a Voidborn Skirmish against your house, its strength +{n}", n=e.get("bonus", 0))


def describe(e: dict) -> Text:
    t = TEXT.get(e["do"])
    return t(e) if callable(t) else (t or e["do"])


def describe_all(effects: list[dict], join: str) -> Text:
    pair = T("{a} OR {b}") if join == "or" else T("{a} and/or {b}")
    return joined([describe(e) for e in effects], pair) or T("no effect")


# The costs beside resources, each with its number.
COST_WORDS = {
    "any": lambda n: T("{n} resource(s) of any kind", n=n), "recall": lambda n: T("recall {n} cube(s)", n=n),
    "deact": lambda n: T("deactivate {n} cube(s)", n=n), "corrupt": lambda n: T("gain {n} Corruption", n=n),
    "pop_down": lambda n: T("-{n} Pure Population", n=n),
    "destroy_inst": lambda n: T("destroy {n} Installation", n=n), "destroy_guild": lambda n: T("destroy {n} Guild", n=n),
    "bounty": lambda n: T("discard {n} Bounty token", n=n), "reclaim": lambda n: T("discard {n} Reclaim token", n=n),
    "agenda": lambda n: T("remove {n} Agenda in play", n=n), "glory": lambda n: T("discard {n} Glory token", n=n),
    "trade": lambda n: T("return {n} Trade token", n=n),
    "corrupt_agenda": lambda n: T("{n} Corruption on an Agenda slot", n=n)}


def list_text(parts: list[Text]) -> Text:
    """Parts joined by ", " ("" when there are none)."""
    return joined(parts) if parts else ""


def cost_text(cost: dict) -> Text:
    parts = []
    if res_text(cost):
        parts.append(res_text(cost))
    for k, words in COST_WORDS.items():
        if cost.get(k):
            parts.append(words(cost[k]))
    return list_text(parts) or T("free")


def is_free(cost: dict) -> bool:
    return str(cost_text(cost)) == "free"


def action_text(a: dict) -> Text:
    """What a Focus card, tech or designed action does and costs, in words:
    "advance Statecraft; cost: 1 Science" or "produce Science; free"."""
    effects = describe_all(a["effects"], a["join"])
    if is_free(a["cost"]):
        return T("{effects}; free", effects=effects)
    return T("{effects}; cost: {cost}", effects=effects, cost=cost_text(a["cost"]))


def effect_detail(state: VoidfallState, seat: int, group: dict, e: dict, open_count: int) -> Text:
    """What choosing one effect of a group does: the stocks it changes (before -> after) when it
    gains resources, and what happens to the group's other effects."""
    parts = [group["source"]] if group["source"] else []
    if e["do"] == "gain":
        parts.append(stock_change(state.houses[seat], e["res"]))
    elif e["do"] == "inf":
        now = state.houses[seat].influence
        parts.append(T("Influence {now} -> {after}", now=now, after=now + e["n"]))
    if open_count > 1:
        parts.append(T("instead of the others") if group["join"] == "or" else T("the others stay open after it"))
    return joined(parts, T("{a}; {b}")) if parts else describe(e)


def start_group(state: VoidfallState, seat: int, effects: list[dict[str, Any]], join: str = "and", source: Text = "",
                ctx: dict[str, Any] | None = None, score: str = "") -> Task:
    """Push a group of effects for `seat` to resolve. `score` says where the Influence its
    effects give comes from (a key of breakdown.SOURCES; without it, that of `ctx`)."""
    shared = dict(ctx or {})
    if score:
        shared["score"] = score
    return push(state, "group", seat, effects=list(effects), join=join, used=[], source=source, ctx=shared)


def influence_of(state: VoidfallState, seat: int, effects: list[dict[str, Any]]) -> int:
    """The Influence `effects` would give `seat` now (what a Corrupted track space withholds)."""
    found = 0
    for e in effects:
        if e["do"] == "inf":
            found += e["n"]
        elif e["do"] == "inf_per":
            found += e["n"] * metric(state, seat, e["metric"])
        elif e["do"] == "inf_glory":
            found += sum(state.houses[seat].glory)
    return found


def scored_as(ctx: dict[str, Any]) -> str:
    """Where Influence an effect gives comes from: its group's `score` ("other" when unsaid)."""
    return str(ctx.get("score") or "other")


def possible(state: VoidfallState, seat: int, e: dict[str, Any], ctx: dict[str, Any]) -> bool:
    try:
        return bool(CAN[e["do"]](state, seat, e, ctx))
    except KeyError:
        return False


@handler("group")
class Group:
    @staticmethod
    def _open(state: VoidfallState, task: Task) -> list[int]:
        d = task.data
        if d["join"] == "or" and d["used"]:
            return []
        return [i for i, e in enumerate(d["effects"]) if i not in d["used"] and possible(state, task.seat, e, d["ctx"])]

    @staticmethod
    def decide(state: VoidfallState, task: Task) -> list[Decision]:
        open_ = Group._open(state, task)
        if not open_:
            return []
        d = task.data
        options = [opt(f"e{i}", describe(d["effects"][i]), effect_detail(state, task.seat, d, d["effects"][i], len(open_)))
                   for i in open_]
        stop = T("decline it") if d["join"] == "or" or len(open_) == 1 else T("decline the rest")
        if not d.get("must"):
            options.append(opt("stop", T("Done"), T("{source}: {stop}", source=d["source"], stop=stop)))
        if d.get("must"):
            head = T("choose one; it must be resolved") if d["join"] == "or" else T("resolve all of them, in any order")
        else:
            head = T("choose one") if d["join"] == "or" else T("resolve in any order, any may be declined")
        return [dec(task.seat, T("{source} ({how}).", source=d["source"], how=head), options)]

    @staticmethod
    def auto(state: VoidfallState, task: Task) -> None:
        done(state, task)

    @staticmethod
    def apply(state: VoidfallState, task: Task, decision: Decision, choice: str) -> None:
        if choice == "stop":
            done(state, task)
            return
        i = int(choice[1:])
        task.data["used"].append(i)
        run_effect(state, task.seat, task.data["effects"][i], task.data["ctx"])


def run_effect(state: VoidfallState, seat: int, e: dict[str, Any], ctx: dict[str, Any]) -> None:
    """Resolve one effect: at once when it needs no choice, else through an `eff` task."""
    if e["do"] in OPTIONS:
        push(state, "eff", seat, e=e, ctx=ctx, step=0)
    else:
        RUN[e["do"]](state, seat, e, ctx)


@handler("eff")
class Eff:
    @staticmethod
    def decide(state: VoidfallState, task: Task) -> list[Decision]:
        e = task.data["e"]
        if not CAN[e["do"]](state, task.seat, e, task.data["ctx"]) and task.data["step"] == 0:
            return []
        prompt, options = OPTIONS[e["do"]](state, task)
        if not options:
            return []
        return [dec(task.seat, prompt, options)]

    @staticmethod
    def auto(state: VoidfallState, task: Task) -> None:
        e = task.data["e"]
        done(state, task)
        if e["do"] in RUN and task.data["step"] == 0 and CAN[e["do"]](state, task.seat, e, task.data["ctx"]):
            RUN[e["do"]](state, task.seat, e, task.data["ctx"])

    @staticmethod
    def apply(state: VoidfallState, task: Task, decision: Decision, choice: str) -> None:
        finished = PICK[task.data["e"]["do"]](state, task, choice)
        if finished is not False:
            done(state, task)


def set_ctx(state: VoidfallState, task: Task, key: str) -> None:
    """Remember the sector an effect used so later effects of the same action can use it."""
    task.data["ctx"]["same"] = key
    for t in reversed(state.tasks):
        if t.kind in ("group", "action") and t.seat == task.seat:
            t.data.setdefault("ctx", {})["same"] = key
            break


def sector_filter(state: VoidfallState, seat: int, e: dict[str, Any], ctx: dict[str, Any]) -> list[Sector]:
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
effect("inf", lambda e: T("gain {n} Influence", n=e["n"]),
       run=lambda state, seat, e, ctx: gain_influence(state, seat, e["n"], T("card effect"), scored_as(ctx)))
effect("gain", lambda e: T("gain {resources}", resources=res_text(e["res"])),
       run=lambda state, seat, e, ctx: gain(state, seat, e["res"]))


def _produce_run(state: VoidfallState, seat: int, e: dict[str, Any], ctx: dict[str, Any]) -> None:
    for r in e["res"]:
        produce(state, seat, r)


effect("produce", lambda e: T("produce {resources}", resources=joined([res_name(r) for r in e["res"]])), run=_produce_run)


def _res_options(state: VoidfallState, task: Task, pool, exclude=()):
    y = yields(state, task.seat)
    h = state.houses[task.seat]
    return [opt(f"r:{r}", res_name(r), T("stock {n}, yield {y}", n=h.res.get(r, 0), y=y[r])) for r in pool if r not in exclude]


def _one_options(state: VoidfallState, task: Task) -> tuple[Text, list[Option]]:
    y = yields(state, task.seat)
    h = state.houses[task.seat]
    first = task.data.get("first")
    title = T("Produce which resource?") if not first else T("Produce which second resource (a different one)?")
    return title, [opt(f"r:{r}", T("produce {resource}", resource=res_name(r)), _produce_detail(h.res.get(r, 0), y[r], r))
                   for r in RES if r != first]


def _produce_detail(now: int, amount: int, r: str) -> Msg:
    """"Food 5 -> 8 (+3)"; past the stock cap of 15 the rest is lost, for Influence."""
    after = min(15, now + amount)
    if now + amount > 15:
        return T("{resource} {now} -> {after} (+{n}); past 15 the rest gives Influence", resource=res_name(r),
                 now=now, after=after, n=amount)
    return T("{resource} {now} -> {after} (+{n})", resource=res_name(r), now=now, after=after, n=amount)


def _one_pick(state: VoidfallState, task: Task, choice: str) -> bool:
    r = choice[2:]
    produce(state, task.seat, r)
    if task.data["e"]["do"] == "produce_two" and not task.data.get("first"):
        task.data["first"] = r
        task.data["step"] = 1
        return False
    return True


effect("produce_one", T("produce 1 resource type"), options=_one_options, pick=_one_pick)
effect("produce_two", T("produce 2 different resource types"), options=_one_options, pick=_one_pick)


def _gain_any_options(state: VoidfallState, task: Task) -> tuple[Text, list[Option]]:
    e = task.data["e"]
    left = e["n"] - task.data.get("taken", 0)
    pool = "FEM" if e["do"] == "gain_fem" else "FEMCS"
    h = state.houses[task.seat]
    return T("Gain resources: {n} left to choose.", n=left), [
        opt(f"r:{r}", T("+{amount}", amount=res_amount(1, r)),
            T("{resource} {now} -> {after}", resource=res_name(r), now=h.res.get(r, 0), after=min(15, h.res.get(r, 0) + 1)))
        for r in pool]


def _gain_any_pick(state: VoidfallState, task: Task, choice: str) -> bool:
    gain(state, task.seat, {choice[2:]: 1})
    task.data["taken"] = task.data.get("taken", 0) + 1
    task.data["step"] = 1
    return task.data["taken"] >= task.data["e"]["n"]


effect("gain_any", lambda e: T("gain {n} resource(s) of your choice", n=e["n"]), options=_gain_any_options,
       pick=_gain_any_pick)
effect("gain_fem", lambda e: T("gain {n} Food/Energy/Materials", n=e["n"]), options=_gain_any_options, pick=_gain_any_pick)


def _pure_guilds(state: VoidfallState, seat: int, kinds) -> int:
    return sum(1 for s in controlled(state, seat) if not s.corrupted for g in s.guilds if g in kinds)


effect("inf_per_guild", lambda e: T("1 Influence per Pure {kinds} Guild", kinds=slashed([guild_word(k) for k in e["kinds"]])),
       run=lambda state, seat, e, ctx: gain_influence(state, seat, _pure_guilds(state, seat, e["kinds"]), T("Pure Guilds"),
                                                      scored_as(ctx)))


def _gain_per_run(state: VoidfallState, seat: int, e: dict[str, Any], ctx: dict[str, Any]) -> None:
    n = metric(state, seat, e["per"])
    gain(state, seat, {e["res"]: n}, metric_words(e["per"]))


effect("gain_per", lambda e: T("gain 1 {resource} per Pure sector you control", resource=res_name(e["res"])),
       run=_gain_per_run)


def _inf_credit_run(state: VoidfallState, seat: int, e: dict[str, Any], ctx: dict[str, Any]) -> None:
    n = metric(state, seat, e["per"])
    gain_influence(state, seat, n, T("Pure sectors with an Installation"), scored_as(ctx))
    gain(state, seat, {"C": n})


effect("inf_and_credit_per", T("1 Influence and 1 Credit per Pure sector with an Installation"), run=_inf_credit_run)


def _inf_per_run(state: VoidfallState, seat: int, e: dict[str, Any], ctx: dict[str, Any]) -> None:
    gain_influence(state, seat, e["n"] * metric(state, seat, e["metric"]), metric_words(e["metric"]), scored_as(ctx))


effect("inf_per", lambda e: T("{n} Influence per {what}", n=e["n"], what=metric_words(e["metric"])), run=_inf_per_run)
effect("inf_glory", T("Influence equal to your total Glory"),
       run=lambda state, seat, e, ctx: gain_influence(state, seat, sum(state.houses[seat].glory), T("total Glory"),
                                                      scored_as(ctx)))


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


def _activate_run(state: VoidfallState, seat: int, e: dict[str, Any], ctx: dict[str, Any]) -> None:
    if e.get("pay"):
        if not payable(state.houses[seat], e["pay"]):
            return
        pay(state, seat, e["pay"])
    activate(state, seat, e["n"])


effect("activate", lambda e: T("activate {n} cube(s) for {cost}", n=e["n"], cost=res_text(e["pay"])) if e.get("pay")
       else T("activate {n} cube(s)", n=e["n"]),
       can=lambda state, seat, e, ctx: state.houses[seat].inactive > 0 and (not e.get("pay") or payable(state.houses[seat], e["pay"])),
       run=_activate_run)


def glory_token(state: VoidfallState, seat: int, value: int) -> None:
    h = state.houses[seat]
    if "glory_boost" in state.perms and value < 5:
        value += 1  # Supreme Triumph: a new Glory token may be upgraded at once
    h.glory.append(value)
    state.say(T("{seat} gains a Glory token of value {n}.", seat=name(seat), n=value))


effect("glory_token", lambda e: T("gain a Glory token of value {n}", n=e["value"]),
       run=lambda state, seat, e, ctx: glory_token(state, seat, e["value"]))


def _upg_options(state: VoidfallState, task: Task) -> tuple[Text, list[Option]]:
    vals = sorted({v for v in state.houses[task.seat].glory if v <= 4})
    return T("Upgrade which Glory token?"), [opt(f"g:{v}", T("Glory {n} -> {after}", n=v, after=v + 1),
                                                T("replace the token by one worth 1 more")) for v in vals]


def _upg_pick(state: VoidfallState, task: Task, choice: str) -> None:
    v = int(choice[2:])
    h = state.houses[task.seat]
    h.glory.remove(v)
    h.glory.append(v + 1)
    state.say(T("{seat} upgrades a Glory token {n} -> {after}.", seat=name(task.seat), n=v, after=v + 1))


effect("upgrade_glory", T("upgrade a Glory token"),
       can=lambda state, seat, e, ctx: any(v <= 4 for v in state.houses[seat].glory), options=_upg_options, pick=_upg_pick)


def _convert_options(state: VoidfallState, task: Task) -> tuple[Text, list[Option]]:
    e = task.data["e"]
    have = state.houses[task.seat].res.get(e["frm"], 0)
    frm, to = res_name(e["frm"]), res_name(e["to"])
    return T("Convert {frm} into {to}?", frm=frm, to=to), [
        opt(f"n:{k}", T("convert {n}", n=k), T("-{n} {frm}, +{n} {to}", n=k, frm=frm, to=to))
        for k in range(1, min(have, e["n"]) + 1)]


def _convert_pick(state: VoidfallState, task: Task, choice: str) -> None:
    e, k = task.data["e"], int(choice[2:])
    state.houses[task.seat].res[e["frm"]] -= k
    gain(state, task.seat, {e["to"]: k}, T("conversion"))


effect("convert", lambda e: T("convert up to {n} {frm} into {to}", n=e["n"], frm=res_name(e["frm"]), to=res_name(e["to"])),
       can=lambda state, seat, e, ctx: state.houses[seat].res.get(e["frm"], 0) > 0, options=_convert_options, pick=_convert_pick)


def track_text(e: dict[str, Any]) -> Msg:
    t = e.get("track", "any")
    if t == "any":
        return T("advance any Civilization track")
    if t == "least":
        return T("advance your least advanced track")
    return T("advance {track}", track=track_name(t))


def _where(e: dict[str, Any], text: Msg) -> Msg:
    """`text` with where it happens ("... here", "... in that sector", "... elsewhere")."""
    if e.get("here"):
        return T("{action} here", action=text)
    if e.get("same"):
        return T("{action} in that sector", action=text)
    if e.get("not_here"):
        return T("{action} elsewhere", action=text)
    return text


def guild_text(e: dict[str, Any]) -> Msg:
    return _where(e, T("establish a {guild}", guild=guild_name(e["kind"])) if e.get("kind") else T("establish a Guild"))


def install_text(e: dict[str, Any]) -> Msg:
    return _where(e, T("build a {installation}", installation=install_name(e["kind"])) if e.get("kind")
                  else T("build an Installation"))


def sector_names(state: VoidfallState, keys: list[str]) -> Text:
    return list_text([sector_label(sector(state, k)) for k in keys])


def slashed(parts: list[Text]) -> Text:
    """Parts joined by "/" ("Farmers/Miners")."""
    return joined(parts, T("{a}/{b}"))


# ---------------------------------------------------------------- texts of objectives and Focus cards
def _ladder(values: list[int]) -> Text:
    """A reward by level in words: "level 1: 2 Influence, level 2: 4, level 3: 6, level 4: 6"."""
    first = T("level {level}: {n} Influence", level=1, n=values[0])
    rest = [T("level {level}: {n}", level=i, n=v) for i, v in enumerate(values[1:], 2)]
    return joined([first, *rest])


def objective_text(o: dict[str, Any]) -> Text:
    m = metric_text(o["metric"])
    if o["kind"] == "ladder":
        return T("{metric}: {ladder}", metric=m, ladder=_ladder(o["values"]))
    if o["kind"] == "ladder_each":
        return T("per Pure track: {ladder}", ladder=_ladder(o["values"]))
    reward = T("{n} Influence", n=o["inf"]) if "inf" in o else describe_all(o["reward"], o.get("join", "and"))
    if o["kind"] == "feat":
        cond: Text
        if "max" in o:
            cond = T("{metric} at most {n}", metric=m, n=o["max"])
        else:
            cond = m if o["metric"] == "always" else T("{metric} at least {n}", metric=m, n=o["min"])
        return T("{condition}: {reward}", condition=cond, reward=reward)
    if o.get("unit", 1) > 1:
        return T("per {metric} per {n}: {reward}", metric=m, n=o["unit"], reward=reward)
    return T("per {metric}: {reward}", metric=m, reward=reward)


def card_detail(cid: str) -> Text:
    """Every action of a Focus card: its name, what it costs and what it does."""
    return joined([T("{action}: {text}", action=action_name(a), text=action_text(a)) for a in FOCUS[cid]["actions"]],
                  T("{a} | {b}"))
