"""What each crop pays, in words: the scoring tables and a tile's stage, for views and options.

Numbers come from content.json (the article's tables, 收穫計分); this module only describes them.
"""

from __future__ import annotations

from functools import lru_cache

from . import board as B
from games.core.i18n import Msg, Settled, settled

from .data import CROPS, DATA
from .messages import T, crop_name, weather_name
from .state import PetrichorState, Tile

STAGES: dict[int, Msg] = {0: T("not sprouted"), 1: T("sprouted"), 2: T("growing")}


def _places(table: list[int]) -> str:
    return "/".join(str(v) for v in table)


def pays(crop: str, stage: int) -> Msg:
    """Short text of what `crop` pays at harvest in `stage` (1 sprouted, 2 growing)."""
    spec = CROPS[crop]
    kind = spec["kind"]
    if kind == "rank":
        return T("{table} by rank", table=_places(spec["table"]))
    if kind == "wheat":
        return T("top grower {top} + wheat token, others {other}", top=spec["top_points"], other=spec["other_points"])
    if kind == "corn":
        return T("each grower {table} with 1/2/3/4 growers", table=_places(spec["table"]))
    if stage <= 1:
        table = spec["sprout_table"]
        return T("nothing (0 points)") if not any(table) else T("{table} by rank", table=_places(table))
    if "grown_table" in spec:
        return T("{table} by rank", table=_places(spec["grown_table"]))
    return T("{n} per drop", n=spec["grown_per_drop"])


def scoring_table(crop: str) -> dict:
    """The full scoring entry of one crop (view key `crop_scoring`)."""
    spec = CROPS[crop]
    entry = {"name": crop_name(crop), "letter": spec["letter"], "kind": spec["kind"], "threshold": spec["threshold"]}
    if spec["kind"] == "two_stage":
        entry["sprouted"] = pays(crop, 1)
        entry["growing"] = pays(crop, 2)
        entry["grows_after"] = weather_name(spec["grows_on"])
        entry["text"] = T("sprouts at {n} drops: pays {sprouted}; grows after a {weather} weather, then pays {grown}",
                          n=spec["threshold"], sprouted=pays(crop, 1), weather=weather_name(spec["grows_on"]),
                          grown=pays(crop, 2))
    else:
        entry["growing"] = pays(crop, 2)
        entry["text"] = T("sprouts and grows at {n} drops: pays {pays}", n=spec["threshold"], pays=pays(crop, 2))
    for key in ("table", "sprout_table", "grown_table", "grown_per_drop", "top_points", "other_points"):
        if key in spec:
            entry[key] = spec[key]
    entry["ranks"] = T("ties share the lower place (two tied for 1st both score the 2nd-place value)")
    return entry


@lru_cache(maxsize=1)
def crop_scoring() -> Settled:
    """Every crop's scoring entry: the same in every view, so built once (never change it)."""
    return settled({crop: scoring_table(crop) for crop in DATA["crop_order"]})


def stage_text(tile: Tile) -> Msg:
    """Where a tile stands: drops needed to sprout, or its stage."""
    has = sum(tile.drops)
    if tile.stage == 0:
        return T("not sprouted: needs {need}, has {has}", need=tile.threshold, has=has)
    spec = CROPS[tile.crop]
    if tile.stage == 1:
        return T("sprouted ({n} drops), grows after {weather}", n=has, weather=weather_name(spec["grows_on"]))
    return T("growing ({n} drops)", n=has)


def tile_pays(tile: Tile) -> Msg:
    """What the tile would pay at harvest now, or once it sprouts."""
    if tile.stage == 0:
        return T("then pays {pays}", pays=pays(tile.crop, 1 if CROPS[tile.crop]["kind"] == "two_stage" else 2))
    return T("pays {pays}", pays=pays(tile.crop, tile.stage))


def harvest_now(state: PetrichorState, tile: Tile) -> list[int]:
    """Points each colour would score if this tile were harvested now (0s if not sprouted)."""
    if tile.stage == 0:
        return [0] * state.ncol
    pts, _ = B.tile_scores(state, tile)
    return [pts.get(c, 0) for c in range(state.ncol)]
