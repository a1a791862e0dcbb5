"""The bot players' entry point: against the Voidborn the solo bot answers what it knows better
(tactics.py steers, voidborn.py takes the `solo_*` decisions), the house bot (house.py) the rest.
Both read their values from values.py and never import each other."""

from __future__ import annotations

from ..lanes import TOGETHER, lane_on_top, top_task
from ..rules import VoidfallRules
from ..state import VoidfallState
from .house import choose as house_choose
from .tactics import steer
from .voidborn import choose as solo_choose


def choose(rules: VoidfallRules, state: VoidfallState, seat: int) -> str:
    """The bot's choice for `seat`'s open decision; `rules` lets the look-aheads play copies out."""
    decision = next(d for d in rules.pending(state) if d.seat == seat)
    ids = [o.id for o in decision.options]
    task = top_task(state, seat)  # inside simultaneous chores: the top of this seat's own lane
    if state.mode != "competitive":  # against the Voidborn (tactics.py)
        pick = steer(rules, state, seat, task, ids)
        if pick is not None:
            return pick
    if task.kind.startswith("solo_"):
        return solo_choose(rules, state, seat, task, ids)
    if state.tasks[-1].kind != TOGETHER:
        return house_choose(state, seat, decision)
    with lane_on_top(state, seat):  # the house bot reads the stack's top: show it this seat's lane
        return house_choose(state, seat, decision)
