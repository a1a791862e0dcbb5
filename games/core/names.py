"""Seat references in game text. Games write `seat_ref(seat)` wherever a player's name
belongs in a log line, prompt, option label or summary; each interface fills in the real
names it knows (Discord display names, "You" in the sandbox)."""

from __future__ import annotations

import re
from typing import Sequence

from .i18n import ENGLISH, Text, render

_SEAT = re.compile(r"\{seat:(\d+)\}")


def seat_ref(seat: int) -> str:
    return f"{{seat:{seat}}}"


# "2 card(s)" -> "2 cards", "1 free step(s)" -> "1 free step": a count at most two words before
_PLURAL = re.compile(r"(?<![\w.])(\d+)((?:\s+[A-Za-z-]+){0,2}?\s+)([A-Za-z]+)\(s\)")


def plurals(text: str) -> str:
    """`text` with each "word(s)" after a count written as the count needs."""
    return _PLURAL.sub(lambda m: f"{m[1]}{m[2]}{m[3]}{'' if m[1] == '1' else 's'}", text)


def fill_names(text: Text, names: Sequence[str], locale: str = ENGLISH) -> str:
    """`text` as a person reads it in `locale`: the message rendered in that language, every
    seat reference replaced by that seat's name, and "word(s)" after a count made singular or
    plural."""
    text = render(text, locale)
    counted = "(s)" in text  # looked for before the names go in (a name may hold "(s)")
    if "{seat:" in text:
        def name(match: re.Match[str]) -> str:
            seat = int(match[1])
            return names[seat] if seat < len(names) else f"Seat {seat + 1}"

        text = _SEAT.sub(name, text)
    return plurals(text) if counted else text
