"""Small helpers shared by the task handlers."""

from __future__ import annotations

from games.core import Decision, Option
from games.core.i18n import Text

from .data import CARDS, CORE, gate_name
from .messages import T
from .state import ImpulseState, Task


def opt(oid: str, label: Text, detail: Text = "") -> Option:
    return Option(oid, label, detail)


def distinct(options: list[Option]) -> list[Option]:
    """Options whose (label, detail) would repeat get a copy number in the label ("(2)"), so every
    option of a decision can be told apart (e.g. two mineral cards with the same gems); options
    sharing a label but not what they do (two "Red 1 Mine" cards with different effects) are
    numbered in order, their details saying how they differ."""
    seen: dict[tuple[Text, Text], int] = {}
    out = []
    for o in options:
        key = (o.label, o.detail)
        seen[key] = seen.get(key, 0) + 1
        out.append(o if seen[key] == 1 else Option(o.id, T("{label} ({n})", label=o.label, n=seen[key]), o.detail))
    labels = [o.label for o in out]
    order: dict[Text, int] = {}
    numbered = []
    for o in out:
        if labels.count(o.label) > 1:
            order[o.label] = order.get(o.label, 0) + 1
            o = Option(o.id, T("{label} ({n})", label=o.label, n=order[o.label]), o.detail)
        numbered.append(o)
    return numbered


def dec(seat: int, prompt: Text, options: list[Option], **kw) -> Decision:
    return Decision(seat=seat, prompt=prompt, options=tuple(distinct(options)), **kw)


def no_decisions(state: ImpulseState, task: Task) -> list[Decision]:
    """The `decide` of a task that always runs by itself."""
    return []


def done(state: ImpulseState, task: Task) -> None:
    """Remove `task` from the stack if it is still there (the game may have ended meanwhile)."""
    for i in range(len(state.tasks) - 1, -1, -1):
        if state.tasks[i] is task:
            del state.tasks[i]
            return


def card_label(cid: str) -> Text:
    return CARDS[cid].short()


def card_detail(cid: str) -> Text:
    """What a card does, with its size and printed boxed number (fits a 100-character detail)."""
    return CARDS[cid].detail()


def pick_any(seat: int, prompt: Text, options: list[Option], cap: int, none_label: Text, **kw) -> Decision:
    """Pick up to `cap` of `options`, or none. Several picks: an empty pick means none (no "none"
    option that could be combined with real picks); one pick at most: a separate "none" option."""
    cap = max(1, min(cap, len(options)))
    if cap == 1:
        return dec(seat, prompt, options + [opt("none", none_label, T("pick nothing"))], **kw)
    return dec(seat, prompt, options, min_picks=0, max_picks=cap, **kw)


def pos_label(state: ImpulseState, pos: int) -> Text:
    cid = state.grid[pos]
    if cid == CORE:
        return T("#{pos} Sector Core", pos=pos)
    if not state.face_up[pos] or cid not in CARDS:
        return T("#{pos} face-down", pos=pos)
    return T("#{pos} {card}", pos=pos, card=CARDS[cid].short())


def gate_label(g: int) -> Text:
    return T("gate {gate}", gate=gate_name(g))


def loc_label(state: ImpulseState, loc: str) -> Text:
    if loc[0] == "t":
        return pos_label(state, int(loc[1:]))
    return gate_label(int(loc[1:]))


def picks(choice) -> list[str]:
    if isinstance(choice, str):
        return [choice]
    return list(choice)
