"""Galactic Events (article 銀河事件): the frames resolved as a Cycle begins and the objectives A/B
scored at its Evaluation. The Events themselves are data (data/events.json); the Cycle driver
(cycle.py) draws one and pushes `frames` and `galactic` tasks."""

from __future__ import annotations

from typing import Any

from games.core import Decision
from games.core.i18n import Text

from .board import name
from .data import event_def, event_name
from .economy import gain_influence
from .effects import CAN, objective_text, start_group
from .evaluation import skirmish
from .lanes import push_together
from .messages import T, joined
from .modes import mode_of
from .scoring import objective_points, times
from .state import Task, VoidfallState
from .tasks import dec, done, handler, opt, push


# ---------------------------------------------------------------- frames (as the Cycle begins)
def frame_ok(state: VoidfallState, seat: int, f: dict[str, Any]) -> bool:
    """Article: a solid frame is resolved whole or not at all; a dashed one is optional."""
    ok = [CAN[e["do"]](state, seat, e, {}) for e in f["effects"]]
    if not f["mand"]:
        return any(ok)
    return all(ok) if f["join"] == "and" else any(ok)


@handler("frames")
class Frames:
    @staticmethod
    def auto(state: VoidfallState, task: Task) -> None:
        frames = event_def(state)["frames"]
        i = task.data["i"]
        if i >= len(frames):
            done(state, task)
            return
        task.data["i"] = i + 1
        f = frames[i]
        run = own_run(state, frames, i)
        if run > 1 or (run == 1 and state.players > 1):
            # 「如果沒有影響可以同時執行」: frames that touch only each house's own things are asked
            # of every house at once, each house running its frames in their printed order
            task.data["i"] = i + run
            push_together(state, {seat: [("frame", {"i": k}) for k in reversed(range(i, i + run))]
                                  for seat in state.order})
        elif f["scope"] == "perm":
            state.perms.extend(e["flag"] for e in f["effects"])
        elif f["scope"] == "once":
            push(state, "frame", state.order[0], i=i)
        elif f["scope"] == "each":
            for seat in reversed(state.order):
                push(state, "frame", seat, i=i)


@handler("frame")
class Frame:
    @staticmethod
    def auto(state: VoidfallState, task: Task) -> None:
        done(state, task)
        f = event_def(state)["frames"][task.data["i"]]
        if f["scope"] == "delayed":
            for e in f["effects"]:
                if e["do"] == "skirmish":
                    skirmish(state, task.seat, e.get("bonus", 0) + mode_of(state).skirmish_bonus(state))
            return
        if not frame_ok(state, task.seat, f):
            if f["mand"]:
                state.say(T("{event}: nothing to resolve for {seat}.", event=event_name(state.event), seat=name(task.seat)))
            return
        source = (T("{event} (must)", event=event_name(state.event)) if f["mand"]
                  else T("{event} (optional)", event=event_name(state.event)))
        g = start_group(state, task.seat, f["effects"], f["join"], source, score="event")
        g.data["must"] = bool(f["mand"])


# ---------------------------------------------------------------- objectives A/B (at Evaluation)
def reward(state: VoidfallState, seat: int, o: dict[str, Any], label: Text) -> None:
    n = times(state, seat, o) if o["kind"] in ("feat", "per") else 0
    if o["kind"] in ("ladder", "ladder_each") or "inf" in o:
        gain_influence(state, seat, objective_points(state, seat, o), label, "objective")
        return
    for _ in range(min(n, 6)):
        start_group(state, seat, o["reward"], o.get("join", "and"), label, score="objective")


def side_text(state: VoidfallState, seat: int, side: list[dict[str, Any]]) -> Text:
    return joined([objective_text(o) for o in side], T("{a}; {b}"))


def side_worth(state: VoidfallState, seat: int, side: list[dict[str, Any]]) -> Text:
    """What an objective side gives the house now: its Influence, and how many times its effect
    rewards come."""
    influence = sum(objective_points(state, seat, o) for o in side if o["kind"] in ("ladder", "ladder_each") or "inf" in o)
    rewards = sum(min(times(state, seat, o), 6) for o in side if "reward" in o)
    if rewards:
        return T("{n} Influence and its reward {times} time(s)", n=influence, times=rewards)
    return T("{n} Influence", n=influence)


# Effects that change only the resolving house's own things (its resources, tracks, Influence,
# Corruption, Agendas, and pieces on its own sectors). Anything else (Voidborn sectors, the
# technology market, the Agenda decks, the Trade board, Bounty and Glory supplies, other houses)
# can make the order matter, so it keeps the printed turn order.
OWN_EFFECTS = frozenset({
    "activate", "advance", "advance_and_pop", "convert", "deploy", "deploy_home", "deploy_yard_one", "gain",
    "gain_corruption", "guild", "inf", "install", "move_corruption", "pop_up", "pop_up_in", "pop_up_then_corrupt",
    "produce", "produce_one", "produce_two", "remove_corruption", "remove_or_activate", "score_agenda",
    "upgrade_glory"})


def own_only(effects: list[dict[str, Any]]) -> bool:
    """Whether every effect (and every effect a paid one buys) touches only its house's own things."""
    return all((e["do"] == "paid" and own_only(e.get("effects", ()))) or e["do"] in OWN_EFFECTS for e in effects)


def own_objectives(state: VoidfallState) -> bool:
    """Whether the Event's objectives touch only the scoring house: then every house may score
    them at the same time as the others."""
    ev = event_def(state)
    return all(own_only(o.get("reward", ())) for o in ev["a"] + ev["b"])


def own_run(state: VoidfallState, frames: list[dict[str, Any]], i: int) -> int:
    """How many frames from the i-th on are resolved by each house in turn (scope `each`) and
    touch only that house's own things (0 when the i-th is not such a frame)."""
    run = 0
    while i + run < len(frames) and frames[i + run]["scope"] == "each" and own_only(frames[i + run]["effects"]):
        run += 1
    return run


@handler("galactic")
class Galactic:
    @staticmethod
    def decide(state: VoidfallState, task: Task) -> list[Decision]:
        ev = event_def(state)
        if ev["sep"] != "or":
            return []
        return [dec(task.seat, T("Galactic objectives of {event}: score A or B.", event=event_name(state.event)),
                    [opt("a", T("objective A"), T("{text}; now: {worth}", text=side_text(state, task.seat, ev["a"]),
                                                  worth=side_worth(state, task.seat, ev["a"]))),
                     opt("b", T("objective B"), T("{text}; now: {worth}", text=side_text(state, task.seat, ev["b"]),
                                                  worth=side_worth(state, task.seat, ev["b"])))])]

    @staticmethod
    def auto(state: VoidfallState, task: Task) -> None:
        done(state, task)
        ev = event_def(state)
        for o in reversed(ev["a"] + ev["b"]):
            reward(state, task.seat, o, T("{event} objective", event=event_name(state.event)))

    @staticmethod
    def apply(state: VoidfallState, task: Task, decision: Decision, choice: str) -> None:
        done(state, task)
        ev = event_def(state)
        for o in reversed(ev[choice]):
            reward(state, task.seat, o, T("{event} objective {side}", event=event_name(state.event), side=choice.upper()))
