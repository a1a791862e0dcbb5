"""Petrichor state: plain dataclasses only (see games/core/codec.py)."""

from __future__ import annotations

from dataclasses import dataclass, field

from games.core import CoreState, LogLine, Rng  # noqa: F401  (codec resolves inherited hints here)
from games.core.i18n import Msg, Text  # noqa: F401  (codec resolves `Text` through Msg here)


@dataclass
class Tile:
    id: str
    crop: str
    threshold: int
    drops: list[int]          # drops per colour on this crop tile
    stage: int = 0            # 0 seed, 1 sprouted (rice/coffee only), 2 growing


@dataclass
class Cloud:
    id: int
    cell: int                 # index into tiles (row-major)
    drops: list[int]          # drops per colour inside the cloud
    dark: bool = False


@dataclass
class Step:
    """One pending prompt (or automatic step, kind starting with "auto_").

    Queue order is the resolution order: steps[0] is asked next. Kinds:
    place, turn, cards, frost_cell, sun_cloud, wind_cloud, wind_dir, rain_cloud, rain_colour,
    recover, vote, double, keep (simultaneous for every seat holding one), tie,
    sunw, windw_cell, windw_colour, windw_dest, auto_grow, auto_sw_sun, auto_sw_wind.
    """

    kind: str
    seat: int = 0
    a: str = ""               # weather letter(s) / context
    n: int = 0                # counter (drops still needed, clouds rained, cards to pick)
    cloud: int = -1           # cloud id the step is about
    cell: int = -1            # cell the step is about
    colour: int = -1
    ex: list[int] = field(default_factory=list)   # excluded cloud ids (rain)


@dataclass(kw_only=True)
class PetrichorState(CoreState):
    ncol: int                 # colours in play: players, or 2 in solo (colour 1 = South Wind)
    rows: int
    cols: int
    tiles: list[Tile]
    clouds: list[Cloud] = field(default_factory=list)
    next_cloud: int = 1
    supply: list[int] = field(default_factory=list)
    markers: list[int] = field(default_factory=list)
    votes: dict[str, list[int]] = field(default_factory=dict)
    dice: list[int] = field(default_factory=list)        # 0 = wheat face
    score: list[int] = field(default_factory=list)
    track: list[int] = field(default_factory=list)
    wheat: list[int] = field(default_factory=list)
    hands: list[list[str]] = field(default_factory=list)
    deck: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    round: int = 1
    rounds: int = 4
    first: int = 0
    phase: str = "setup"      # setup, action, keep, weather, over
    turn: int = -1            # seat whose turn it is in the action phase
    passed_by: int = -1       # first seat that passed this round
    last_turns: list[int] = field(default_factory=list)
    wq: list[str] = field(default_factory=list)           # weathers still to resolve
    winners_w: list[str] = field(default_factory=list)    # weathers winning this round
    steps: list[Step] = field(default_factory=list)
    sw_deck: list[int] = field(default_factory=list)      # solo: South Wind card indices
    sw_last: Text = ""        # solo: last South Wind card + roll, public
    harvests: int = 0
    scored: list[dict[str, int]] = field(default_factory=list)  # per colour: points by source (a crop, "dice")
