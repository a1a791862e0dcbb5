"""Which sectors a decision's options refer to, for showing the map beside the choice.

Every Voidfall option about a sector carries the sector's "q,r" key in its id ("d:0,2:corvette"
deploys there, "r:0,2:corvette:0,3" regroups from the first to the second, "map:1,0" is a
harbinger's sector), so the places are read from the ids and the task's own data, never from the
option texts (which are worded elsewhere and may change). An invasion's fleet picks are moves
from their sector to the invaded one, and its confirmation sits on the invaded sector.
"""

from __future__ import annotations

from games.core import Decision
from games.core.contract import Places

from .state import Task, VoidfallState

# Option ids of an invasion that act on the invaded sector itself (confirm the invasion).
ON_TARGET = ("go",)


def sector_keys(state: VoidfallState) -> set[str]:
    """The keys of the sectors on this game's map."""
    return {s.key for s in state.sectors}


def named_in(option_id: str, keys: set[str]) -> tuple[str, ...]:
    """The sector keys an option id names, in the order it names them."""
    return tuple(part for part in option_id.split(":") if part in keys)


def target_of(task: Task | None, keys: set[str]) -> str | None:
    """The sector an invasion or a defence is about (its task data's "target"), if any."""
    if task is None:
        return None
    for data in (task.data, task.data.get("d")):
        if isinstance(data, dict) and data.get("target") in keys:
            return data["target"]
    return None


def decision_places(state: VoidfallState, decision: Decision) -> Places:
    """The sectors `decision`'s options refer to; empty when it is not about the map."""
    keys = sector_keys(state)
    target = target_of(state.tasks[-1] if state.tasks else None, keys)
    found: dict[str, tuple[str, ...]] = {}
    for option in decision.options:
        named = named_in(option.id, keys)
        if target is not None and len(named) == 1 and named[0] != target:
            named = (named[0], target)  # a fleet sent to the invaded sector
        elif target is not None and option.id in ON_TARGET:
            named = (target,)
        if named:
            found[option.id] = named
    if not found:
        return Places()
    return Places(found, (target,) if target is not None else ())
