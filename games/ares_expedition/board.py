"""Board constants loaded from `board.toml` (tracks, colour bands, ocean tiles, standard actions)."""

from __future__ import annotations

import tomllib
from pathlib import Path

_DATA = tomllib.loads(Path(__file__).with_name("board.toml").read_text(encoding="utf-8"))

PARAMS: dict[str, dict] = _DATA["parameters"]
BANDS: dict[str, list[int]] = _DATA["bands"]
BAND_NAMES = ("purple", "red", "yellow", "white")
OCEAN_REWARDS: list[str] = _DATA["oceans"]["rewards"]
STANDARD: dict[str, list[str]] = _DATA["standard"]
PHASE_NAMES: list[str] = _DATA["phases"]["names"]
PHASE_BONUS: list[str] = _DATA["phases"]["bonus"]
GAME: dict[str, int] = _DATA["game"]
SOLO: dict = _DATA["solo"]
COOP: dict = _DATA["coop"]

DEV, BUILD, ACTION, PRODUCTION, RESEARCH = 1, 2, 3, 4, 5


def steps_total(param: str) -> int:
    """How many raises take a parameter from its start to its maximum."""
    spec = PARAMS[param]
    return (spec["max"] - spec["start"]) // spec["step"]


def band(param: str, value: int) -> int:
    """Index 0-3 (purple..white) of the colour band `value` lies in."""
    found = 0
    for i, low in enumerate(BANDS[param]):
        if value >= low:
            found = i
    return found
