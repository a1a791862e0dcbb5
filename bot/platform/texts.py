"""Texts as a reader gets them, whatever shows them: a game's texts in the reader's language
with the players' names filled in (`with_names`), cut at a word with a mark (`clip`), shown as
bullets, paged without cutting a line (`chunk`), and a long recap shortened to its newest
lines with the parts it leaves out named (`tail`). Discord's shell lays these out; the sandbox
and the platform's own texts (status, recap, the channel's log) use them as they are."""

from __future__ import annotations

import re
from collections import OrderedDict
from dataclasses import replace

from games.core import Decision, Option, fill_names
from games.core.i18n import ENGLISH, Text, render

from .words import T

RECAP_BUDGET = 800       # characters of recap shown at the top of a panel
BULLET_COST = 3          # a recap line is shown as "• line" plus its newline


ARROWS = ((" -> ", " → "), (">=", "≥"), ("<=", "≤"))


def tidy(text: Text, names: list[str], locale: str = ENGLISH) -> str:
    """A game text as a player reads it in `locale`: names filled in, ASCII arrows drawn as arrows."""
    text = fill_names(text, names, locale)
    for plain, drawn in ARROWS:
        text = text.replace(plain, drawn)
    return text


# decisions worded lately: (id of the decision, names, language) -> (the decision, its wording).
# A state's open decisions are worked out once (`LiveGame.pending`), and the same one is worded
# for its DM panel, its Take turn panel and the click on it; the decision itself is held, so its
# id names no other object while kept.
_WORDED: OrderedDict[tuple[int, tuple[str, ...], str], tuple[Decision, Decision]] = OrderedDict()
WORDED_KEPT = 256


def with_names(decision: Decision, names: list[str], locale: str = ENGLISH) -> Decision:
    """The decision as a reader of `locale` reads it: texts in that language, seat references
    replaced by the players' names (and arrows drawn, "energy 3 → 4")."""
    key = (id(decision), tuple(names), locale)
    kept = _WORDED.get(key)
    if kept is not None and kept[0] is decision:
        return kept[1]
    worded = replace(
        decision,
        prompt=tidy(decision.prompt, names, locale),
        options=tuple(Option(o.id, tidy(o.label, names, locale), tidy(o.detail, names, locale))
                      for o in decision.options),
    )
    _WORDED[key] = (decision, worded)
    while len(_WORDED) > WORDED_KEPT:
        _WORDED.popitem(last=False)
    return worded


def clip(text: str, limit: int) -> str:
    """`text` cut to `limit` characters at a word boundary, marked with an ellipsis."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    space = cut.rfind(" ")
    if space > limit * 2 // 3:
        cut = cut[:space]
    return cut.rstrip() + "…"


# A log line opening a part of the game ("--- Cycle 1, turn 4: bob ---", "=== Cycle 2 ===")
PART_OPENING = re.compile(r"^(?:-{2,}|={2,})\s*(?P<title>.+?)\s*(?:-{2,}|={2,})$")


def list_item(line: str) -> str:
    """One line of a list a player reads: a bullet, or for a line that opens a part of the game
    that part's name in bold, a heading over the bullets that follow it (never a bullet)."""
    opening = PART_OPENING.match(line.strip())
    return f"**{opening['title']}**" if opening else f"• {line}"


def bullets(lines: list[str]) -> list[str]:
    """Lines as a bulleted list, each part of the game under its heading (`list_item`)."""
    return [list_item(line) for line in lines]


# A log line "--- bob's turn ---" (or "--- Round 3 ---") starts a part of the game; a recap
# too long for the panel names the parts it leaves out instead of dropping them silently.
PART_MARK = re.compile(r"^-{2,}\s*(.+?)\s*-{2,}$")


def parts_left_out(lines: list[str], budget: int, locale: str = ENGLISH) -> str:
    """One line naming the turns or rounds among `lines` ("Those earlier lines cover: bob's
    turn ×2, carol's turn"), or "" when they have no such marks."""
    titles = [match[1] for match in map(PART_MARK.match, lines) if match]
    if not titles:
        return ""
    counts: dict[str, int] = {}
    for title in titles:
        counts[title] = counts.get(title, 0) + 1
    named = tuple(title + (f" ×{n}" if n > 1 else "") for title, n in counts.items())
    return clip(render(T("Those earlier lines cover: {parts}", parts=named), locale), budget)


def tail(lines: list[str], budget: int | None = None, locale: str = ENGLISH) -> tuple[list[str], int]:
    """The newest lines that fit `budget` characters shown as bullets, and how many older ones
    were left out. When lines are left out, the first kept line names the turns or rounds they
    covered."""
    budget = RECAP_BUDGET if budget is None else budget
    kept: list[str] = []
    used = 0
    for line in reversed(lines):
        line = clip(line, budget - BULLET_COST)
        if kept and used + len(line) + BULLET_COST > budget:
            break
        kept.append(line)
        used += len(line) + BULLET_COST
    kept.reverse()
    summary = parts_left_out(lines[: len(lines) - len(kept)], budget // 3, locale)
    if summary:
        while len(kept) > 1 and used + len(summary) + BULLET_COST > budget:
            used -= len(kept.pop(0)) + BULLET_COST
        summary = parts_left_out(lines[: len(lines) - len(kept)], budget // 3, locale)
        return [summary, *kept], len(lines) - len(kept)
    return kept, len(lines) - len(kept)


def chunk(lines: list[str], limit: int = 1900) -> list[str]:
    """Lines joined into pages of at most `limit` characters, never cutting a line mid-word
    (a single over-long line is split at spaces)."""
    pieces: list[str] = []
    for line in lines:
        while len(line) > limit:
            cut = line.rfind(" ", 0, limit)
            cut = cut if cut > 0 else limit
            pieces.append(line[:cut])
            line = "  " + line[cut:].lstrip()
        pieces.append(line)
    found: list[str] = []
    current: list[str] = []
    used = 0
    for piece in pieces:
        if current and used + len(piece) + 1 > limit:
            found.append("\n".join(current))
            current, used = [], 0
        current.append(piece)
        used += len(piece) + 1
    if current:
        found.append("\n".join(current))
    return found or [""]
