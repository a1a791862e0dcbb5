"""Petrichor content, loaded once from content.json (all numbers live there)."""

from __future__ import annotations

import json
from importlib import resources

DATA: dict = json.loads(resources.files(__package__).joinpath("content.json").read_text(encoding="utf-8"))

WEATHERS: list[str] = DATA["weathers"]
WNAME: dict[str, str] = DATA["weather_names"]
CROPS: dict[str, dict] = DATA["crops"]
SW_DECK: list[dict] = DATA["south_wind"]["deck"]


def next_weather(w: str) -> str:
    """The next weather in the cycle Frost -> Sun -> Wind -> Rain -> Frost."""
    return WEATHERS[(WEATHERS.index(w) + 1) % len(WEATHERS)]


def card_types() -> dict[str, str]:
    """Card id -> weather letter for the 40 weather cards (ids carry no type)."""
    out: dict[str, str] = {}
    n = 0
    for w in WEATHERS:
        for _ in range(DATA["cards_per_weather"]):
            n += 1
            out[f"pe-c{n:02d}"] = w
    return out


CARD_TYPE: dict[str, str] = card_types()


def tile_list() -> list[tuple[str, str, int]]:
    """(tile id, crop, sprout threshold) for all 16 crop tiles."""
    out = []
    for crop in DATA["crop_order"]:
        spec = CROPS[crop]
        for i in range(spec["count"]):
            out.append((f"{crop}{i + 1}", crop, spec["threshold"]))
    return out


def track_points(pos: int) -> int:
    pts = DATA["vote_track_points"]
    if pos < len(pts):
        return pts[pos]
    # beyond the printed end: +6 per further step (designed)
    return pts[-1] + 6 * (pos - len(pts) + 1)
