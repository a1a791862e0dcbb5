"""Small helpers shared by the task handlers."""

from __future__ import annotations

from games.core import Decision, Option

from .data import CARDS, CORE, gate_name
from .state import ImpulseState, Task


def opt(oid: str, label: str, detail: str = "") -> Option:
    return Option(oid, label[:80], detail[:100])


def dec(seat: int, prompt: str, options: list[Option], **kw) -> Decision:
    return Decision(seat=seat, prompt=prompt[:300], options=tuple(options), **kw)


def done(state: ImpulseState, task: Task) -> None:
    """Remove `task` from the stack if it is still there (the game may have ended meanwhile)."""
    for i in range(len(state.tasks) - 1, -1, -1):
        if state.tasks[i] is task:
            del state.tasks[i]
            return


def card_label(cid: str) -> str:
    return CARDS[cid].short()


def card_detail(cid: str) -> str:
    return CARDS[cid].text()


def pos_label(state: ImpulseState, pos: int) -> str:
    cid = state.grid[pos]
    if cid == CORE:
        return f"#{pos} Sector Core"
    if not state.face_up[pos] or cid not in CARDS:
        return f"#{pos} face-down"
    return f"#{pos} {CARDS[cid].short()}"


def loc_label(state: ImpulseState, loc: str) -> str:
    if loc[0] == "t":
        return pos_label(state, int(loc[1:]))
    return f"gate {gate_name(int(loc[1:]))}"


def picks(choice) -> list[str]:
    if isinstance(choice, str):
        return [choice]
    return list(choice)
