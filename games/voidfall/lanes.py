"""Chores several houses resolve at the same time (issue 21 item 5): a `together` task holds one
lane of tasks per seat, and every lane's open decision is pending at once.

The article lets the Evaluation run simultaneously where the order makes no difference:
「玩家按照回合順位結算以下效果(如果沒有影響可以同時執行)」. A lane holds only what touches its
own house (Upkeep, objectives whose rewards take nothing from a shared supply), so the lanes can
be resolved in any order of the seats' clicks with the same result.

A lane runs on the ordinary stack: while one of its tasks decides or applies, the stack is the
tasks below the `together` task with the lane on top (so handlers that look down the stack see
what they always saw), and the lane is written back as plain records afterwards."""

from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator

from games.core import Decision

from .state import Task, VoidfallState
from .tasks import APPLY, AUTO, DECIDE, done, handler, push

TOGETHER = "together"
MAX_LANE_STEPS = 5_000  # tasks one lane runs without a decision; far above any real chore


def push_together(state: VoidfallState, lanes: dict[int, list[tuple[str, dict]]]) -> Task:
    """Push a `together` task: per seat, its tasks bottom first as (kind, data)."""
    records = {str(seat): [{"kind": kind, "seat": seat, "data": dict(data)} for kind, data in tasks]
               for seat, tasks in lanes.items() if tasks}
    return push(state, TOGETHER, -1, lanes=records, ready=False)


@contextmanager
def lane_on_top(state: VoidfallState, seat: int) -> Iterator[int]:
    """While inside, `state.tasks` is the stack as `seat`'s lane sees it (the tasks below the
    `together` task, then the lane); yields where the lane starts. Afterwards the lane keeps
    what its handlers did and the `together` task is back on top."""
    outer = state.tasks
    together = outer[-1]
    below = outer[:-1]
    lane = together.data["lanes"].get(str(seat), [])
    state.tasks = below + [Task(r["kind"], r["seat"], r["data"]) for r in lane]
    try:
        yield len(below)
    finally:
        kept = state.tasks[len(below):]
        state.tasks = outer
        if kept:
            together.data["lanes"][str(seat)] = [{"kind": t.kind, "seat": t.seat, "data": t.data} for t in kept]
        else:
            together.data["lanes"].pop(str(seat), None)


def _settle(state: VoidfallState, base: int) -> None:
    """Run the lane's tasks that wait for nobody until its top one waits for a decision."""
    for _ in range(MAX_LANE_STEPS):
        if state.over or len(state.tasks) <= base:
            return
        top = state.tasks[-1]
        if DECIDE[top.kind](state, top):
            return
        AUTO[top.kind](state, top)
    raise RuntimeError("voidfall: a lane of simultaneous chores did not settle")


def lane_seats(task: Task) -> list[int]:
    return sorted(int(seat) for seat in task.data["lanes"])


def top_task(state: VoidfallState, seat: int) -> Task:
    """The task `seat`'s open decision belongs to: the top of its lane inside a `together` task,
    else the top of the stack (what the bots read to know what they are asked)."""
    top = state.tasks[-1]
    if top.kind != TOGETHER or str(seat) not in top.data["lanes"]:
        return top
    record = top.data["lanes"][str(seat)][-1]
    return Task(record["kind"], record["seat"], record["data"])


@handler(TOGETHER)
class Together:
    """data: `lanes` (seat -> that seat's tasks as records, top last) and `ready` (every lane
    settled). Pending: the open decision of every lane."""

    @staticmethod
    def decide(state: VoidfallState, task: Task) -> list[Decision]:
        if not task.data["ready"]:
            return []
        found = []
        for seat in lane_seats(task):
            with lane_on_top(state, seat):
                top = state.tasks[-1]
                found.extend(DECIDE[top.kind](state, top))
        return found

    @staticmethod
    def auto(state: VoidfallState, task: Task) -> None:
        """Settle every lane (then decide() lists their decisions); done once all are empty."""
        task.data["ready"] = True
        for seat in lane_seats(task):
            with lane_on_top(state, seat) as base:
                _settle(state, base)
        if not task.data["lanes"]:
            done(state, task)

    @staticmethod
    def apply(state: VoidfallState, task: Task, decision: Decision, choice: str) -> None:
        with lane_on_top(state, decision.seat) as base:
            top = state.tasks[-1]
            APPLY[top.kind](state, top, decision, choice)
            _settle(state, base)
