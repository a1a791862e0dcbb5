"""The "since your last move" recap at the top of a panel, summarised by turn and round when a
long absence wrote more than the panel holds (the full recap stays one press away, paged).

Games mark where a part of the game begins with a line of their log: "--- bob's turn ---",
"=== Cycle 2: preparation ===", "Round 3 of 4 begins." A summary shows each part's heading
and its first few lines, then how many it leaves out, and as much of the newest part as fits:
someone back after a day sees what happened in every turn, not just the last few lines. Logs
without such marks keep the newest lines that fit (`texts.tail`). Nothing here touches Discord.

The marks are read from a line's English form (`opens_part`), whatever language the reader
reads it in, so a translated log ("第 3 輪開始") is summarised by the same parts."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from games.core.i18n import ENGLISH, Text, render

from . import texts
from .words import T, say

# A line opening a part of the game: "--- x ---", "=== x ===", or "Round 3 ..."
PART_OPENING = re.compile(r"^(?:-{2,}\s*(?P<dashed>.+?)\s*-{2,}|={2,}\s*(?P<ruled>.+?)\s*={2,}|(?P<round>Round \d+\b.*))$")
PER_PART = (3, 2, 1, 0)  # lines shown of each earlier part, the most that fits


@dataclass
class Part:
    """A stretch of the recap: its opening line (None before the first) and what followed."""

    opening: str | None
    lines: list[str] = field(default_factory=list)

    def size(self) -> int:
        return len(self.lines) + (self.opening is not None)


def part_title(line: str) -> str | None:
    """The name of the part of the game a log line opens ("bob's turn"), or None."""
    match = PART_OPENING.match(line.strip())
    if match is None:
        return None
    return match["dashed"] or match["ruled"] or match["round"]


def opens_part(text: Text | dict) -> bool:
    """Whether a stored log text opens a part of the game, read from its English form."""
    return part_title(render(text, ENGLISH)) is not None


def parts_of(lines: list[str], openings: list[bool] | None = None) -> list[Part]:
    """`lines` cut into parts; `openings[i]` says whether line i opens one (else read from the
    line itself, which works for English lines)."""
    found: list[Part] = []
    for index, line in enumerate(lines):
        opens = openings[index] if openings is not None else part_title(line) is not None
        if opens:
            found.append(Part(line))
        elif found:
            found[-1].lines.append(line)
        else:
            found.append(Part(None, [line]))
    return found


def _cost(lines: list[str]) -> int:
    return sum(len(line) + texts.BULLET_COST for line in lines)


def _brief(part: Part, keep: int, clip_at: int, locale: str = ENGLISH) -> list[str]:
    """A part as its opening, its first `keep` lines and how many more it had (in `locale`)."""
    shown = [texts.clip(line, clip_at) for line in part.lines[:keep]]
    left = len(part.lines) - len(shown)
    if not shown and part.opening is not None:  # only the headings fit: each with its size
        return [say(T("{opening} ({n} line(s))", opening=part.opening, n=left), locale)]
    opening = [part.opening] if part.opening is not None else []
    return opening + shown + ([say(T("… {n} more line(s)", n=left), locale)] if left else [])


def _by_part(parts: list[Part], keep: int, budget: int, locale: str = ENGLISH) -> tuple[list[str], int] | None:
    """Earlier parts briefly (`keep` lines each), the newest part's latest lines in the room
    left; None when that does not fit `budget` or leaves the newest part under `keep` lines."""
    earlier = [line for part in parts[:-1] for line in _brief(part, keep, budget // 4, locale)]
    newest = parts[-1]
    head = [newest.opening] if newest.opening is not None else []
    room = budget - _cost(earlier) - _cost(head) - 40  # 40: the "… n lines earlier" note
    if room <= 0:
        return None
    tail, left = texts.tail(newest.lines, room, locale)
    if len(tail) < min(keep, len(newest.lines)) or (tail and tail[-1] != newest.lines[-1]):
        return None  # too few of the newest part's lines, or its newest one would be cut
    shown = earlier + head + ([say(T("… {n} line(s) earlier in this part", n=left), locale)] if left else []) + tail
    if _cost(shown) > budget:
        return None
    left_out = sum(max(len(part.lines) - keep, 0) for part in parts[:-1]) + left
    return shown, left_out


def summary(lines: list[str], budget: int | None = None, locale: str = ENGLISH,
            openings: list[bool] | None = None) -> tuple[list[str], int]:
    """The recap to show within `budget` characters (as bullets), and how many of `lines` it
    leaves out: all of them when they fit; else each part's opening and first lines with the
    newest part's latest lines; else the newest lines (`texts.tail`). Its own words in `locale`;
    `openings` marks the lines that open a part (see `parts_of`)."""
    budget = texts.RECAP_BUDGET if budget is None else budget
    if _cost(lines) <= budget:
        return list(lines), 0
    parts = parts_of(lines, openings)
    if len(parts) > 1:
        for keep in PER_PART:
            found = _by_part(parts, keep, budget, locale)
            if found is not None:
                return found
    return texts.tail(lines, budget, locale)
