"""Small helpers shared by the task handlers."""

from __future__ import annotations

from games.core import Decision, Option

from .data import CARDS, CORE, gate_name
from .state import ImpulseState, Task


def opt(oid: str, label: str, detail: str = "") -> Option:
    return Option(oid, label[:80], detail)  # the panel shows a detail of any length


def distinct(options: list[Option]) -> list[Option]:
    """Options whose (label, detail) would repeat get a copy number in the label, so every
    option of a decision can be told apart (e.g. two mineral cards with the same gems)."""
    seen: dict[tuple[str, str], int] = {}
    out = []
    for o in options:
        key = (o.label, o.detail)
        seen[key] = seen.get(key, 0) + 1
        out.append(o if seen[key] == 1 else Option(o.id, f"{o.label[:68]} (copy {seen[key]})", o.detail))
    return out


def dec(seat: int, prompt: str, options: list[Option], **kw) -> Decision:
    return Decision(seat=seat, prompt=prompt[:300], options=tuple(distinct(options)), **kw)


def done(state: ImpulseState, task: Task) -> None:
    """Remove `task` from the stack if it is still there (the game may have ended meanwhile)."""
    for i in range(len(state.tasks) - 1, -1, -1):
        if state.tasks[i] is task:
            del state.tasks[i]
            return


def card_label(cid: str) -> str:
    return CARDS[cid].short()


def card_detail(cid: str) -> str:
    """What a card does, with its size and printed boxed number (fits a 100-character detail)."""
    return CARDS[cid].detail()


def pick_any(seat: int, prompt: str, options: list[Option], cap: int, none_label: str, **kw) -> Decision:
    """Pick up to `cap` of `options`, or none. Several picks: an empty pick means none (no "none"
    option that could be combined with real picks); one pick at most: a separate "none" option."""
    cap = max(1, min(cap, len(options)))
    if cap == 1:
        return dec(seat, prompt, options + [opt("none", none_label, "pick nothing")], **kw)
    return dec(seat, prompt, options, min_picks=0, max_picks=cap, **kw)


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
