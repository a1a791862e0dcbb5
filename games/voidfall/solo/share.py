"""Co-op sharing icons of the Joint Focus cards (article 聯合/英雄焦點卡牌效果: 只能你執行;你或其他玩家執行;
你和/或其他玩家執行(分開結算);你和或其他玩家執行(雙方不可選擇同一效果執行)).

Designed: an action with a sharing icon gets one more effect, "share", offered in co-op only:
- you_or_other: another house resolves the rest of the action instead of you;
- each: another house also resolves the whole action, separately (you keep yours);
- split: another house resolves the effects you have not used, and you stop.
The cost is always paid by the house that played the card.
"""

from __future__ import annotations

from typing import Any

from games.core import Option
from games.core.i18n import Text

from ..board import name
from ..effects import describe, effect, scored_as, start_group
from ..messages import T, joined
from ..state import Task, VoidfallState
from ..tasks import opt

TEXT = {"you_or_other": T("let another house resolve this action instead"),
        "each": T("another house also resolves this action"),
        "split": T("another house resolves the effects you did not use")}


def with_share(action: dict) -> dict:
    if action.get("share", "you") == "you":
        return action
    return {**action, "effects": action["effects"] + [{"do": "solo_share", "how": action["share"]}]}


def _group_below(state: VoidfallState) -> Task | None:
    for t in reversed(state.tasks):
        if t.kind == "group":
            return t
    return None


# What each way of sharing means for the house that gets it, as its option says.
SHARED = {"you_or_other": lambda seat: T("{seat} resolves this action instead of you", seat=seat),
          "each": lambda seat: T("{seat} also resolves this whole action, separately; you keep yours", seat=seat),
          "split": lambda seat: T("{seat} resolves the effects you did not use, and you stop", seat=seat)}
LABEL = {"you_or_other": T("hand it to another house"), "each": T("share with another house"), "split": T("hand over the rest")}


def _options(state: VoidfallState, task: Task) -> tuple[Text, list[Option]]:
    return T("Which house?"), [opt(f"p:{s}", T("{seat} resolves it", seat=name(s)), SHARED[task.data["e"]["how"]](name(s)))
                            for s in range(state.players) if s != task.seat]


def _pick(state: VoidfallState, task: Task, choice: str) -> None:
    other = int(choice[2:])
    how = task.data["e"]["how"]
    group = _group_below(state)
    if group is None:
        return
    d = group.data
    share_i = next(i for i, e in enumerate(d["effects"]) if e["do"] == "solo_share")
    if how == "each":
        rest = [e for e in d["effects"] if e["do"] != "solo_share"]
        d["shared"] = True
        if d["join"] == "or":
            d["used"].remove(share_i)  # sharing is not your one choice
    else:
        rest = [e for i, e in enumerate(d["effects"]) if e["do"] != "solo_share" and i not in d["used"]]
        d["used"] = list(range(len(d["effects"])))
    state.say(T("{seat} shares the action with {other}: {effects}.", seat=name(task.seat), other=name(other),
                effects=joined([describe(e) for e in rest])))
    if rest:
        start_group(state, other, rest, d["join"], T("{source} (shared by {seat})", source=d["source"], seat=name(task.seat)),
                    score=scored_as(d.get("ctx") or {}))


def _can(state: VoidfallState, seat: int, e: dict[str, Any], ctx: dict[str, Any]) -> bool:
    """Co-op only, once per action. "you or another house": only before you resolved any of
    it (one of you resolves the action); "split": only while an effect is left to hand over."""
    if state.mode != "coop" or state.players < 2:
        return False
    group = _group_below(state)
    if group is None:
        return True
    d = group.data
    if d.get("shared"):
        return False
    used = [i for i in d["used"] if d["effects"][i]["do"] != "solo_share"]
    if e["how"] == "you_or_other":
        return not used
    if e["how"] == "split":
        return any(i not in d["used"] and x["do"] != "solo_share" for i, x in enumerate(d["effects"]))
    return True


def _outcome(state: VoidfallState, seat: int, e: dict[str, Any], ctx: dict[str, Any]) -> Text:
    others = joined([name(s) for s in range(state.players) if s != seat])
    return T("choose next which house ({seats}); the cost stays paid by you", seats=others)


effect("solo_share", lambda e: TEXT[e["how"]], label=lambda e: LABEL[e["how"]], can=_can, options=_options, pick=_pick,
       outcome=_outcome)
