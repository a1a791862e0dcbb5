"""Turn any `Decision` into Discord components: buttons for few options, select menus
for more, pages past Discord's 25-option limit. Discord-facing but game-agnostic."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from games.core import Decision, Option, fill_names

PAGE_SIZE = 25          # options per select menu (Discord's limit)
MAX_BUTTONS = 5         # at most this many options become plain buttons
MAX_GRID = 20           # a grid decision (columns set) may use up to 4 rows of 5 buttons


@dataclass(frozen=True)
class Entry:
    """One pickable thing of a decision, with the value to submit for it."""

    label: str
    detail: str
    value: Any


def with_names(decision: Decision, names: list[str]) -> Decision:
    """The decision with seat references in its texts replaced by the players' names."""
    return replace(
        decision,
        prompt=fill_names(decision.prompt, names),
        options=tuple(Option(o.id, fill_names(o.label, names), fill_names(o.detail, names)) for o in decision.options),
    )


def entries(decision: Decision) -> list[Entry]:
    if decision.number is not None:
        low, high = decision.number
        return [Entry(str(n), "", n) for n in range(low, high + 1)]
    return [Entry(o.label, o.detail, o.id) for o in decision.options]


def single_pick(decision: Decision) -> bool:
    return decision.number is not None or decision.max_picks == 1


def layout(decision: Decision) -> str:
    """'buttons', 'grid', 'select' (one menu) or 'pages' (menus with page buttons)."""
    count = len(entries(decision))
    if single_pick(decision):
        if decision.columns and decision.columns <= 5 and count <= MAX_GRID:
            return "grid"
        if count <= MAX_BUTTONS:
            return "buttons"
    return "select" if count <= PAGE_SIZE else "pages"


def page_count(decision: Decision) -> int:
    return max(1, -(-len(entries(decision)) // PAGE_SIZE))


def page_slice(decision: Decision, page: int) -> range:
    total = len(entries(decision))
    start = page * PAGE_SIZE
    return range(start, min(total, start + PAGE_SIZE))


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def describe(decision: Decision, page: int, drafted: int | None = None) -> str:
    """The panel's text: the prompt, how many to pick, the page."""
    parts = [f"**{decision.prompt}**"]
    if decision.number is not None:
        parts.append(f"Pick a number from {decision.number[0]} to {decision.number[1]}.")
    elif decision.max_picks > 1:
        parts.append(f"Pick {decision.min_picks}–{decision.max_picks}.")
    pages = page_count(decision)
    if layout(decision) == "pages":
        parts.append(f"Page {page + 1}/{pages}.")
        if not single_pick(decision):
            parts.append(f"Picked so far: {drafted or 0}. Press **Confirm** when done.")
    if decision.secret:
        parts.append("Your pick stays hidden until everyone has chosen.")
    return "\n".join(parts)


def recap(public: list[str], private: list[str], limit: int = 8) -> str:
    """What the player's pick caused, newest last, for the top of their panel."""
    lines = [f"• {line}" for line in public] + [f"• (only you) {line}" for line in private]
    if not lines:
        return ""
    shown = lines[-limit:]
    more = f"• … {len(lines) - limit} earlier lines in /game log\n" if len(lines) > limit else ""
    return more + "\n".join(shown) + "\n\n"
