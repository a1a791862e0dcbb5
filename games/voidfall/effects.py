"""The one executor for card content: groups of effects (focus actions, track spaces, techs,
agendas, events, tokens) and the effect vocabulary.

A group lists effects joined by "and" (resolve any of them, in any order, each may be declined)
or "or" (resolve one). An effect is a dict {"do": verb, ...}; `TEXT` says what it does in an
option, `CAN` whether it can be resolved now, and `eff` tasks run it (choices come from
`OPTIONS`/`PICK`, the rest from `RUN`). `ctx` carries the sector an action is bound to.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from games.core import Decision, Option
from games.core.i18n import Msg, Text

from .board import controlled, sector, sector_label
from .data import FOCUS, RES, action_name, guild_name, install_name, res_text, track_name
from .messages import T, joined
from .metrics import metric
from .scoring import metric_text
from .state import Sector, Task, VoidfallState
from .tasks import dec, done, fitted, handler, opt, push

Effect = dict[str, Any]  # {"do": verb, ...} as the content data writes it
Context = dict[str, Any]  # what the effects of one action share ("here", "same": sector keys)
EffectText = Text | Callable[[Effect], Text]
Can = Callable[[VoidfallState, int, Effect, Context], Any]  # truthy: the effect can be resolved now
Options = Callable[[VoidfallState, Task], tuple[Text, list[Option]]]  # an `eff` task's prompt and options
Pick = Callable[[VoidfallState, Task, str], Any]  # False: the `eff` task stays open for another choice
Run = Callable[[VoidfallState, int, Effect, Context], Any]
Outcome = Callable[[VoidfallState, int, Effect, Context], Text]  # what resolving it now leads to, with numbers

TEXT: dict[str, EffectText] = {}
ShortLabels = Text | list[Text] | list[Msg]  # one short label, or shorter and shorter ones (mostly messages)
Labels = ShortLabels | Callable[[Effect], ShortLabels]
LABEL: dict[str, Labels] = {}  # short forms of TEXT for a button (shorter and shorter), where TEXT runs long
OUTCOME: dict[str, Outcome] = {}
CAN: dict[str, Can] = {}
OPTIONS: dict[str, Options] = {}
PICK: dict[str, Pick] = {}
RUN: dict[str, Run] = {}


def effect(do: str, text: EffectText, can: Can | None = None, options: Options | None = None, pick: Pick | None = None,
           run: Run | None = None, label: Labels | None = None, outcome: Outcome | None = None) -> None:
    """Register the effect verb `do`: its text (and a short `label` for a button where the text
    runs long), what resolving it now leads to (`outcome`, with the numbers before and after),
    whether it can be resolved now, and how it is resolved (a choice through `options`/`pick`,
    or at once through `run`)."""
    TEXT[do] = text
    if label is not None:
        LABEL[do] = label
    if outcome is not None:
        OUTCOME[do] = outcome
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


def briefs(e: dict) -> list[Text]:
    """The effect's short labels, shorter and shorter (none when its text is short)."""
    t = LABEL.get(e["do"])
    found = t(e) if callable(t) else t
    return [] if found is None else list(found) if isinstance(found, list) else [found]


def brief(e: dict) -> Text:
    """The effect's shortest label (its text when it has none)."""
    found = briefs(e)
    return found[-1] if found else describe(e)


def outcome_of(state: VoidfallState, seat: int, e: dict, ctx: dict) -> Text:
    """What resolving effect `e` now leads to for `seat`, in words with its numbers ("" when the
    effect registers none)."""
    found = OUTCOME.get(e["do"])
    return found(state, seat, e, ctx) if found else ""


def describe_all(effects: list[dict], join: str) -> Text:
    """The effects in words, joined by "and/or" (or "OR"); an effect listed more than once is named
    once, with how many times it comes ("gain a Bounty token (3 times)")."""
    pair = T("{a} OR {b}") if join == "or" else T("{a} and/or {b}")
    return joined(counted(effects, join == "or"), pair) or T("no effect")


def counted(effects: list[dict], each_alone: bool = False) -> list[Text]:
    """The effects in words, an effect listed more than once named once with how many times it
    comes ("gain a Bounty token (3 times)"), or without the count when `each_alone` (effects of
    which only one is taken)."""
    counted: list[tuple[str, dict, int]] = []
    for e in effects:
        key = repr(sorted(e.items()))
        for i, (seen, first, n) in enumerate(counted):
            if seen == key:
                counted[i] = (seen, first, n + 1)
                break
        else:
            counted.append((key, e, 1))
    return [describe(e) if n == 1 or each_alone else T("{effect} ({n} times)", effect=describe(e), n=n)
            for _, e, n in counted]


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
    """Nothing to pay: no resource and none of the other costs (what `cost_text` calls "free")."""
    return not any(n for r, n in cost.items() if r in RES) and not any(cost.get(k) for k in COST_WORDS)


def action_text(a: dict) -> Text:
    """What a Focus card, tech or designed action does and costs, in words:
    "advance Statecraft; cost: 1 Science" or "produce Science; free"."""
    effects = describe_all(a["effects"], a["join"])
    if is_free(a["cost"]):
        return T("{effects}; free", effects=effects)
    return T("{effects}; cost: {cost}", effects=effects, cost=cost_text(a["cost"]))


def influence_change(state: VoidfallState, seat: int, n: int) -> Msg:
    """"Influence 23 -> 25"."""
    now = state.houses[seat].influence
    return T("Influence {now} -> {after}", now=now, after=now + n)


def effect_wordings(state: VoidfallState, seat: int, e: dict, ctx: dict) -> list[tuple[Text, Text]]:
    """An effect as an option: (label, detail) with its text as the label and what it leads to
    as the detail, then (short label, text and what it leads to) where the text runs long."""
    full, result = describe(e), outcome_of(state, seat, e, ctx)
    wordings: list[tuple[Text, Text]] = [(full, result or full)]
    for short in briefs(e):
        if str(short) != str(full):
            wordings.append((short, T("{effect}: {outcome}", effect=full, outcome=result) if result else full))
    return wordings


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
        rows = [(f"e{i}", effect_wordings(state, task.seat, d["effects"][i], d["ctx"])) for i in open_]
        extra = []
        if not d.get("must"):
            rest = joined(counted([d["effects"][i] for i in open_]))
            if d["join"] == "or" or len(open_) == 1:
                extra.append(opt("stop", T("Done"), T("decline {effects}", effects=rest)))
            else:
                extra.append(opt("stop", T("Done"), T("decline the rest: {effects}", effects=rest)))
        if d.get("must"):
            head = T("choose one; it must be resolved") if d["join"] == "or" else T("resolve all of them, in any order")
        else:
            head = T("choose one") if d["join"] == "or" else T("resolve in any order, any may be declined")
        return [dec(task.seat, T("{source} ({how}).", source=d["source"], how=head), fitted(rows, extra))]

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


def _there(e: dict[str, Any], text: Text) -> Text:
    """A short `text` with where it happens ("... here", "... there", "... elsewhere")."""
    if e.get("here"):
        return T("{action} here", action=text)
    if e.get("same"):
        return T("{action} there", action=text)
    if e.get("not_here"):
        return T("{action} elsewhere", action=text)
    return text


def guild_labels(e: dict[str, Any]) -> list[Text]:
    """Short labels of a Guild effect: "Farmers Guild here", then "Farmers Guild"."""
    what = guild_name(e["kind"]) if e.get("kind") else T("establish a Guild")
    return [_there(e, what), what]


def install_labels(e: dict[str, Any]) -> list[Text]:
    """Short labels of an Installation effect: "Sector Defense here", then "Sector Defense"."""
    what = install_name(e["kind"]) if e.get("kind") else T("build an Installation")
    return [_there(e, what), what]


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


@lru_cache(maxsize=None)  # a card's text never changes (and a Msg is immutable): every Focus choice lists it
def card_detail(cid: str) -> Text:
    """Every action of a Focus card: its name, what it costs and what it does."""
    return joined([T("{action}: {text}", action=action_name(a), text=action_text(a)) for a in FOCUS[cid]["actions"]],
                  T("{a} | {b}"))
