"""Bot choices for the solo/co-op decisions (the engine's bot asks here for `solo_*` tasks)."""

from __future__ import annotations

from .content import CRISES

CHEAP_PENALTIES = ("lose", "inf", "void")


def choose(state, seat: int, task, ids: list[str]) -> str:
    kind = task.kind
    if kind == "solo_secret":
        return _best_card(state, seat, ids)
    if kind == "solo_advance":
        return _advance(state, ids)
    return ids[0]


def _best_card(state, seat, ids):
    from ..bot import action_value
    from ..costs import action_cost, can_pay_cost
    from ..data import FOCUS
    from .heroic import HEROIC

    def score(i):
        cid = i.split(":")[1]
        card = HEROIC[cid] if i.startswith("h:") else FOCUS[cid]
        vals = sorted((action_value(state, seat, a) for a in card["actions"]
                       if can_pay_cost(state, seat, action_cost(state, a["cost"]), {})), reverse=True)
        return (sum(vals[:2]), i)

    return max(ids, key=score)


def _advance(state, ids):
    """War: face the board. Open crisis: a cheap penalty, else a permanent slot that pushes
    nothing off, else a catastrophe while it is not the last one allowed."""
    if "board" in ids:
        return "board"
    p = CRISES[state.solo.current]["penalty"] if state.solo.current else {}
    if "pen" in ids and any(k in p for k in CHEAP_PENALTIES):
        return "pen"
    rows = [i for i in ids if i.startswith("row:")]
    safe = [i for i in rows if len(getattr(state.crisis, i[4:])) < 3]
    if safe:
        return min(safe, key=lambda i: (len(getattr(state.crisis, i[4:])), i))
    if "pen" in ids:
        return "pen"
    if state.crisis.catastrophes < 2 and "cat" in ids:
        return "cat"
    return rows[0] if rows else ids[0]
