"""Seat references in game text. Games write `seat_ref(seat)` wherever a player's name
belongs in a log line, prompt, option label or summary; each interface fills in the real
names it knows (Discord display names, "You" in the sandbox)."""

from __future__ import annotations

import re
from typing import Sequence

_SEAT = re.compile(r"\{seat:(\d+)\}")


def seat_ref(seat: int) -> str:
    return f"{{seat:{seat}}}"


def fill_names(text: str, names: Sequence[str]) -> str:
    """`text` with every seat reference replaced by that seat's name."""
    def name(match: re.Match[str]) -> str:
        seat = int(match[1])
        return names[seat] if seat < len(names) else f"Seat {seat + 1}"

    return _SEAT.sub(name, text)
