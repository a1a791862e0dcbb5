"""What a Petrichor option leads to, in words: whose drops a cloud or tile holds (by name, never a
letter), what a crop pays (in points, never a slashed table), a cloud's drops before and after,
and how to tell apart two tiles that would otherwise read alike."""

from __future__ import annotations

from games.core import Option
from games.core.i18n import Msg

from . import board as B
from .crops import stage_text
from .data import CROPS, DATA
from .messages import T
from .state import Cloud, PetrichorState, Tile


def drops_of(state: PetrichorState, drops: list[int]) -> Msg | tuple[Msg, ...]:
    """Whose drops these are: "alice 2, bob 1" (or "no drops"), as a message's argument (a tuple
    of parts reads as a list)."""
    found = tuple(T("{seat} {n}", seat=B.who(state, c), n=n) for c, n in enumerate(drops) if n)
    return found or T("no drops")


def ranks(table: list[int]) -> Msg:
    """A rank table in words: "4, 3, 2, 1 points by most drops (1st, 2nd, 3rd, 4th)"."""
    return T("{points} points by most drops (1st, 2nd, 3rd, 4th)", points=tuple(str(v) for v in table))


def pays_words(crop: str, stage: int) -> Msg:
    """What `crop` pays at harvest in `stage` (1 sprouted, 2 growing), in words."""
    spec = CROPS[crop]
    kind = spec["kind"]
    if kind == "rank":
        return ranks(spec["table"])
    if kind == "wheat":
        return T("{top} points and a wheat token to the player with the most drops, {other} points to everyone else "
                 "on it", top=spec["top_points"], other=spec["other_points"])
    if kind == "corn":
        table = spec["table"]
        return T("every grower {one} points when alone, {two} with 2 growers, {three} with 3, {four} with 4",
                 one=table[0], two=table[1], three=table[2], four=table[3])
    if stage <= 1:
        table = spec["sprout_table"]
        return T("nothing while sprouted") if not any(table) else T("{table} while sprouted", table=ranks(table))
    if "grown_table" in spec:
        return ranks(spec["grown_table"])
    return T("{n} point(s) per drop", n=spec["grown_per_drop"])


def tile_words(tile: Tile) -> Msg:
    """A tile's stage and what it pays (now, or once it sprouts), in words."""
    if tile.stage == 0 and CROPS[tile.crop]["kind"] == "two_stage":
        return T("{stage}; then pays {sprouted}; once grown, {grown}", stage=stage_text(tile),
                 sprouted=pays_words(tile.crop, 1), grown=pays_words(tile.crop, 2))
    if tile.stage == 0:
        return T("{stage}; then pays {pays}", stage=stage_text(tile), pays=pays_words(tile.crop, 2))
    return T("{stage}; pays {pays}", stage=stage_text(tile), pays=pays_words(tile.crop, tile.stage))


def tile_state(state: PetrichorState, cell: int) -> Msg:
    """A tile for a choice of tiles: the drops on it, its stage and what it pays."""
    tile = state.tiles[cell]
    if not any(tile.drops):
        return T("no drops on it; {tile}", tile=tile_words(tile))
    return T("drops on it: {drops}; {tile}", drops=drops_of(state, tile.drops), tile=tile_words(tile))


def cloud_kind(cl: Cloud) -> Msg:
    return T("dark cloud") if cl.dark else T("white cloud")


def after_adding(cl: Cloud, added: int) -> Msg:
    """What adding drops does to a cloud's colour (dark at 4, bursting at 8)."""
    total = sum(cl.drops) + added
    if total >= DATA["burst_at"]:
        return T("it bursts: all {n} drops fall on the tile", n=total)
    if not cl.dark and total >= DATA["dark_at"]:
        return T("it turns dark")
    return T("it stays dark") if cl.dark else T("it stays white")


def cloud_add(state: PetrichorState, cl: Cloud, seat: int, added: int) -> Msg:
    """A cloud that gets `added` of the seat's drops: its drops before and after."""
    mine = cl.drops[seat]
    return T("{kind} with {drops}: yours {mine} -> {mine_after}, in all {total} -> {total_after}; {then}",
             kind=cloud_kind(cl), drops=drops_of(state, cl.drops), mine=mine, mine_after=mine + added,
             total=sum(cl.drops), total_after=sum(cl.drops) + added, then=after_adding(cl, added))


def apart(options: list[Option]) -> list[Option]:
    """Options whose details would read alike get their label added to the detail (two tiles of
    one crop in the same state differ only in where they lie), so no two read the same."""
    details = [o.detail for o in options]
    return [Option(o.id, o.label, T("{place}: {detail}", place=o.label, detail=o.detail))
            if o.detail and details.count(o.detail) > 1 else o for o in options]
