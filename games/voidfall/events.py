"""Galactic Events (article 銀河事件): the frames resolved as a Cycle begins and the objectives A/B
scored at its Evaluation. The Events themselves are data (data/events.json); the Cycle driver
(cycle.py) draws one and pushes `frames` and `galactic` tasks."""

from __future__ import annotations

from .board import name
from .data import EVENTS, event_def
from .economy import gain_influence
from .effects import CAN, objective_text, start_group
from .evaluation import skirmish
from .scoring import objective_points, times
from .solo.board import military_value
from .tasks import dec, done, handler, opt, push


# ---------------------------------------------------------------- frames (as the Cycle begins)
def frame_ok(state, seat, f) -> bool:
    """Article: a solid frame is resolved whole or not at all; a dashed one is optional."""
    ok = [CAN[e["do"]](state, seat, e, {}) for e in f["effects"]]
    if not f["mand"]:
        return any(ok)
    return all(ok) if f["join"] == "and" else any(ok)


@handler("frames")
class Frames:
    @staticmethod
    def auto(state, task):
        frames = event_def(state)["frames"]
        i = task.data["i"]
        if i >= len(frames):
            done(state, task)
            return
        task.data["i"] = i + 1
        f = frames[i]
        if f["scope"] == "perm":
            state.perms.extend(e["flag"] for e in f["effects"])
        elif f["scope"] == "once":
            push(state, "frame", state.order[0], i=i)
        elif f["scope"] == "each":
            for seat in reversed(state.order):
                push(state, "frame", seat, i=i)


@handler("frame")
class Frame:
    @staticmethod
    def auto(state, task):
        done(state, task)
        f = event_def(state)["frames"][task.data["i"]]
        if f["scope"] == "delayed":
            for e in f["effects"]:
                if e["do"] == "skirmish":
                    extra = military_value(state) if state.mode != "competitive" else 0  # solo: the military slot too
                    skirmish(state, task.seat, e.get("bonus", 0) + extra)
            return
        if not frame_ok(state, task.seat, f):
            if f["mand"]:
                state.say(f"{EVENTS[state.event]['name']}: nothing to resolve for {name(task.seat)}.")
            return
        g = start_group(state, task.seat, f["effects"], f["join"],
                        f"{EVENTS[state.event]['name']} ({'must' if f['mand'] else 'optional'})")
        g.data["must"] = bool(f["mand"])


# ---------------------------------------------------------------- objectives A/B (at Evaluation)
def reward(state, seat, o, label) -> None:
    n = times(state, seat, o) if o["kind"] in ("feat", "per") else 0
    if o["kind"] in ("ladder", "ladder_each") or "inf" in o:
        gain_influence(state, seat, objective_points(state, seat, o), label)
        return
    for _ in range(min(n, 6)):
        start_group(state, seat, o["reward"], o.get("join", "and"), label)


def side_text(state, seat, side) -> str:
    return "; ".join(objective_text(o) for o in side)


# Rewards that take from something every house shares (the technology market, the Agenda decks,
# the Trade board, the Bounty and Glory supplies): who takes first matters, so turn order holds.
SHARED_REWARDS = frozenset({"tech", "agenda", "trade", "bounty", "glory_token"})


def own_objectives(state) -> bool:
    """Whether the Event's objectives touch only the scoring house (Influence, its own tracks,
    resources, sectors): then every house may score them at the same time as the others."""
    ev = event_def(state)
    return not any(r["do"] in SHARED_REWARDS for o in ev["a"] + ev["b"] for r in o.get("reward", ()))


@handler("galactic")
class Galactic:
    @staticmethod
    def decide(state, task):
        ev = event_def(state)
        if ev["sep"] != "or":
            return []
        return [dec(task.seat, f"Galactic objectives of {ev['name']}: score A or B.",
                    [opt("a", "objective A", side_text(state, task.seat, ev["a"])),
                     opt("b", "objective B", side_text(state, task.seat, ev["b"]))])]

    @staticmethod
    def auto(state, task):
        done(state, task)
        ev = event_def(state)
        for o in reversed(ev["a"] + ev["b"]):
            reward(state, task.seat, o, f"{ev['name']} objective")

    @staticmethod
    def apply(state, task, decision, choice):
        done(state, task)
        ev = event_def(state)
        for o in reversed(ev[choice]):
            reward(state, task.seat, o, f"{ev['name']} objective {choice.upper()}")
