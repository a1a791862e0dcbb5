"""Solo/co-op content loaded from data/solo/*.json: the 68 crises and the board numbers."""

from __future__ import annotations

import json
from importlib import resources

from games.core.i18n import Msg, Text

from ..data import HEXES, HOUSES, RES_NAME
from ..messages import T, content_name
from ..state import Sector


def _load(name: str) -> dict:
    return json.loads(resources.files("games.voidfall").joinpath("data", "solo", name).read_text(encoding="utf-8"))


CRISES: dict[str, dict] = _load("crises.json")["crises"]
BOARD: dict = _load("board.json")
DIFFICULTIES: dict[str, dict] = BOARD["difficulties"]
WAR_CARDS: dict[str, list[int]] = BOARD["war_cards"]
SLOTS: int = BOARD["slots"]
VB_POINTS: dict[str, int] = BOARD["vb_points"]
CAT_NAME = {"mil": T("Military"), "eco": T("Economic"), "gen": T("General")}
ROW_NAME = {"military": T("military row"), "economic": T("economic row")}
LEVEL_NAME = {0: T("starting"), 1: T("I"), 2: T("II"), 3: T("III")}  # crisis card levels
ALERT_LEVEL_NAME = {"I": LEVEL_NAME[1], "II": LEVEL_NAME[2], "III": LEVEL_NAME[3]}  # situation cards by alert id
ROW_WORD = {"military": T("military"), "economic": T("economic")}  # a row as "the {row} row" names it


def crisis_name(cid: str) -> Msg:
    """A crisis card's name, as its glossary entry reads."""
    return content_name(f"crisis:{cid}", CRISES[cid]["name"])


def res_name(r: str) -> Msg:
    """A resource's name ("Food", "Credits"), as its glossary entry reads."""
    return content_name(f"resource:{r}", RES_NAME[r])


def sector_name(s: Sector) -> Text:
    """A sector's name as a player reads it, keyed as board.sector_label keys it (branch vf1; use
    that once merged): a Home or a Fallen House by its house, a map sector by its glossary id."""
    for key, house in HOUSES.items():
        if s.name == f"{house['name']} Home":
            return T("{house} Home", house=content_name(f"house:{key}", house["name"]))
        if s.name == f"House {house['name']} (fallen)":
            return T("{house} (fallen)", house=content_name(f"house:{key}", house["name"]))
    if s.key in HEXES and HEXES[s.key]["name"] == s.name:
        return content_name(f"sector:{s.key}", s.name)
    return content_name(f"map-sector:{s.key}", s.name)
