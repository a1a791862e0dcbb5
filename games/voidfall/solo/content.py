"""Solo/co-op content loaded from data/solo/*.json: the 68 crises and the board numbers."""

from __future__ import annotations

import json
from importlib import resources


def _load(name: str) -> dict:
    return json.loads(resources.files("games.voidfall").joinpath("data", "solo", name).read_text(encoding="utf-8"))


CRISES: dict[str, dict] = _load("crises.json")["crises"]
BOARD: dict = _load("board.json")
DIFFICULTIES: dict[str, dict] = BOARD["difficulties"]
WAR_CARDS: dict[str, list[int]] = BOARD["war_cards"]
SLOTS: int = BOARD["slots"]
VB_POINTS: dict[str, int] = BOARD["vb_points"]
CAT_NAME = {"mil": "Military", "eco": "Economic", "gen": "General"}
ROW_NAME = {"military": "military row", "economic": "economic row"}
LEVEL_NAME = {0: "starting", 1: "I", 2: "II", 3: "III"}
