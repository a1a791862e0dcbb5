"""What each crop pays, in words: the scoring tables and a tile's stage, for views and options.

Numbers come from content.json (the article's tables, 收穫計分); this module only describes them.
"""

from __future__ import annotations

from . import board as B
from .data import CROPS, DATA, WNAME
from .state import PetrichorState, Tile

STAGES = {0: "not sprouted", 1: "sprouted", 2: "growing"}


def _places(table: list[int]) -> str:
    return "/".join(str(v) for v in table)


def pays(crop: str, stage: int) -> str:
    """Short text of what `crop` pays at harvest in `stage` (1 sprouted, 2 growing)."""
    spec = CROPS[crop]
    kind = spec["kind"]
    if kind == "rank":
        return f"{_places(spec['table'])} by rank"
    if kind == "wheat":
        return f"top grower {spec['top_points']} + wheat token, others {spec['other_points']}"
    if kind == "corn":
        return f"each grower {_places(spec['table'])} with 1/2/3/4 growers"
    if stage <= 1:
        table = spec["sprout_table"]
        return "nothing (0 points)" if not any(table) else f"{_places(table)} by rank"
    if "grown_table" in spec:
        return f"{_places(spec['grown_table'])} by rank"
    return f"{spec['grown_per_drop']} per drop"


def scoring_table(crop: str) -> dict:
    """The full scoring entry of one crop (view key `crop_scoring`)."""
    spec = CROPS[crop]
    entry = {"name": spec["name"], "letter": spec["letter"], "kind": spec["kind"], "threshold": spec["threshold"]}
    if spec["kind"] == "two_stage":
        entry["sprouted"] = pays(crop, 1)
        entry["growing"] = pays(crop, 2)
        entry["grows_after"] = WNAME[spec["grows_on"]]
        entry["text"] = (f"sprouts at {spec['threshold']} drops: pays {pays(crop, 1)}; grows after a "
                         f"{WNAME[spec['grows_on']]} weather, then pays {pays(crop, 2)}")
    else:
        entry["growing"] = pays(crop, 2)
        entry["text"] = f"sprouts and grows at {spec['threshold']} drops: pays {pays(crop, 2)}"
    for key in ("table", "sprout_table", "grown_table", "grown_per_drop", "top_points", "other_points"):
        if key in spec:
            entry[key] = spec[key]
    entry["ranks"] = "ties share the lower place (two tied for 1st both score the 2nd-place value)"
    return entry


def crop_scoring() -> dict[str, dict]:
    return {crop: scoring_table(crop) for crop in DATA["crop_order"]}


def stage_text(tile: Tile) -> str:
    """Where a tile stands: drops needed to sprout, or its stage."""
    has = sum(tile.drops)
    if tile.stage == 0:
        return f"not sprouted: needs {tile.threshold}, has {has}"
    spec = CROPS[tile.crop]
    if tile.stage == 1:
        return f"sprouted ({has} drops), grows after {WNAME[spec['grows_on']]}"
    return f"growing ({has} drops)"


def tile_pays(tile: Tile) -> str:
    """What the tile would pay at harvest now, or once it sprouts."""
    if tile.stage == 0:
        return "then pays " + pays(tile.crop, 1 if CROPS[tile.crop]["kind"] == "two_stage" else 2)
    return "pays " + pays(tile.crop, tile.stage)


def tile_detail(tile: Tile, extra: str = "") -> str:
    """An option detail for a tile: stage, the asker's note, what it pays (at most 100 chars)."""
    return f"{stage_text(tile)}{extra}; {tile_pays(tile)}"


def harvest_now(state: PetrichorState, tile: Tile) -> list[int]:
    """Points each colour would score if this tile were harvested now (0s if not sprouted)."""
    if tile.stage == 0:
        return [0] * state.ncol
    pts, _ = B.tile_scores(state, tile)
    return [pts.get(c, 0) for c in range(state.ncol)]
