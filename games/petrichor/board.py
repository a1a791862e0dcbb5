"""Field mechanics: clouds, drops, sprouting, harvest scoring. Pure functions on the state."""

from __future__ import annotations

from games.core import seat_ref
from games.core.i18n import Msg, Text

from .data import CROPS, DATA
from .messages import SOUTH_WIND, T, crop_name, semicolons
from .scoring import credit
from .state import Cloud, PetrichorState, Tile


def who(state: PetrichorState, colour: int) -> Text:
    if state.players == 1 and colour == 1:
        return SOUTH_WIND
    return seat_ref(colour)


def rc(state: PetrichorState, cell: int) -> tuple[int, int]:
    return divmod(cell, state.cols)


def cell_id(state: PetrichorState, cell: int) -> str:
    r, c = rc(state, cell)
    return f"cell:{r}:{c}"


def cell_name(state: PetrichorState, cell: int) -> Msg:
    r, c = rc(state, cell)
    tile = state.tiles[cell]
    return T("{crop} at row {row}, col {col}", crop=crop_name(tile.crop), row=r + 1, col=c + 1)


def parse_cell(state: PetrichorState, option_id: str) -> int:
    _, r, c = option_id.split(":")
    return int(r) * state.cols + int(c)


def adjacent(state: PetrichorState, cell: int) -> list[int]:
    r, c = rc(state, cell)
    out = []
    for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
        nr, nc = r + dr, c + dc
        if 0 <= nr < state.rows and 0 <= nc < state.cols:
            out.append(nr * state.cols + nc)
    return out


def cloud_at(state: PetrichorState, cell: int) -> Cloud | None:
    return next((cl for cl in state.clouds if cl.cell == cell), None)


def cloud_by_id(state: PetrichorState, cid: int) -> Cloud | None:
    return next((cl for cl in state.clouds if cl.id == cid), None)


def named_cloud(state: PetrichorState, cid: int) -> Cloud:
    """The cloud a step or a chosen option names (one still on the field: options list only those)."""
    cl = cloud_by_id(state, cid)
    if cl is None:
        raise LookupError(f"no cloud {cid} on the field")
    return cl


def empty_cells(state: PetrichorState) -> list[int]:
    taken = {cl.cell for cl in state.clouds}
    return [i for i in range(len(state.tiles)) if i not in taken]


def own_clouds(state: PetrichorState, colour: int) -> list[Cloud]:
    return [cl for cl in state.clouds if cl.drops[colour] > 0]


def field_drops(state: PetrichorState, colour: int) -> int:
    return sum(t.drops[colour] for t in state.tiles)


def sprout_check(state: PetrichorState, cell: int) -> None:
    tile = state.tiles[cell]
    if tile.stage == 0 and sum(tile.drops) >= tile.threshold:
        if CROPS[tile.crop]["kind"] == "two_stage":
            tile.stage = 1
            state.say(T("The {tile} sprouts (sprout marker).", tile=cell_name(state, cell)))
        else:
            tile.stage = 2
            state.say(T("The {tile} sprouts and grows (growth marker).", tile=cell_name(state, cell)))


def settle_cloud(state: PetrichorState, cl: Cloud) -> None:
    """Darken at 4+ drops; burst at 8+: every drop falls on the tile below."""
    total = sum(cl.drops)
    if not cl.dark and total >= DATA["dark_at"]:
        cl.dark = True
        state.say(T("The cloud over {tile} turns dark ({n} drops).", tile=cell_name(state, cl.cell), n=total))
    if cl.dark and total >= DATA["burst_at"]:
        state.say(T("The dark cloud over {tile} bursts: {n} drops fall.", tile=cell_name(state, cl.cell), n=total))
        pour(state, cl)


def pour(state: PetrichorState, cl: Cloud) -> None:
    """All of a cloud's drops fall on its tile; the cloud leaves the game."""
    tile = state.tiles[cl.cell]
    for c, n in enumerate(cl.drops):
        tile.drops[c] += n
    state.clouds.remove(cl)
    sprout_check(state, cl.cell)


def new_cloud(state: PetrichorState, cell: int, colour: int) -> Cloud:
    cl = Cloud(id=state.next_cloud, cell=cell, drops=[0] * state.ncol)
    state.next_cloud += 1
    cl.drops[colour] = 1
    state.supply[colour] -= 1
    state.clouds.append(cl)
    state.say(T("{seat} forms a white cloud with 1 drop over {tile}.", seat=who(state, colour), tile=cell_name(state, cell)))
    return cl


def add_drops(state: PetrichorState, cl: Cloud, colour: int, k: int) -> None:
    k = min(k, state.supply[colour])
    if k <= 0:
        return
    state.supply[colour] -= k
    cl.drops[colour] += k
    if k == 1:
        state.say(T("{seat} adds 1 drop to the cloud over {tile}.", seat=who(state, colour), tile=cell_name(state, cl.cell)))
    else:
        state.say(T("{seat} adds {n} drops to the cloud over {tile}.", seat=who(state, colour), n=k,
                    tile=cell_name(state, cl.cell)))
    settle_cloud(state, cl)


def move_cloud(state: PetrichorState, cl: Cloud, dest: int, colour: int | None = None) -> None:
    src = cl.cell
    other = cloud_at(state, dest)
    if colour is not None:
        state.say(T("{seat} blows the cloud over {tile} to {dest}.", seat=who(state, colour),
                    tile=cell_name(state, src), dest=cell_name(state, dest)))
    else:
        state.say(T("The wind blows the cloud over {tile} to {dest}.", tile=cell_name(state, src),
                    dest=cell_name(state, dest)))
    cl.cell = dest
    if other is not None:
        for c, n in enumerate(cl.drops):
            other.drops[c] += n
        other.dark = other.dark or cl.dark
        state.clouds.remove(cl)
        if other.dark:
            state.say(T("The clouds merge into a dark cloud of {n} drops.", n=sum(other.drops)))
        else:
            state.say(T("The clouds merge into a white cloud of {n} drops.", n=sum(other.drops)))
        settle_cloud(state, other)
    else:
        settle_cloud(state, cl)


def rain_one(state: PetrichorState, cl: Cloud, colour: int) -> None:
    cl.drops[colour] -= 1
    state.tiles[cl.cell].drops[colour] += 1
    state.say(T("1 {seat} drop rains on the {tile}.", seat=who(state, colour), tile=cell_name(state, cl.cell)))
    if sum(cl.drops) == 0:
        state.clouds.remove(cl)
        state.say(T("The empty cloud leaves the game."))
    sprout_check(state, cl.cell)


def recover(state: PetrichorState, colour: int, cell: int) -> None:
    state.tiles[cell].drops[colour] -= 1
    state.supply[colour] += 1
    state.say(T("{seat} recovers 1 drop from the {tile}.", seat=who(state, colour), tile=cell_name(state, cell)))


# -- harvest -----------------------------------------------------------------------

def rank_points(counts: dict[int, int], table: list[int]) -> dict[int, int]:
    """Rank-sharing: a tie group at places p..p+k-1 all score the value of place p+k-1."""
    order = sorted(counts.items(), key=lambda kv: -kv[1])
    out: dict[int, int] = {}
    i = 0
    while i < len(order):
        j = i
        while j < len(order) and order[j][1] == order[i][1]:
            j += 1
        place = j - 1  # 0-based last place of the group
        pts = table[place] if place < len(table) else 0
        for c, _ in order[i:j]:
            out[c] = pts
        i = j
    return out


def tile_scores(state: PetrichorState, tile: Tile) -> tuple[dict[int, int], dict[int, int]]:
    """(points per colour, wheat tokens per colour) this tile would give if harvested now."""
    spec = CROPS[tile.crop]
    counts = {c: n for c, n in enumerate(tile.drops) if n > 0}
    pts: dict[int, int] = {}
    tokens: dict[int, int] = {}
    if tile.stage == 0 or not counts:
        return pts, tokens
    kind = spec["kind"]
    if kind == "rank":
        pts = rank_points(counts, spec["table"])
    elif kind == "two_stage":
        if tile.stage == 2 and "grown_per_drop" in spec:
            pts = {c: n * spec["grown_per_drop"] for c, n in counts.items()}
        else:
            table = spec["grown_table"] if tile.stage == 2 else spec["sprout_table"]
            pts = rank_points(counts, table)
    elif kind == "wheat":
        places = rank_points(counts, [1, 2, 2, 2])
        for c, place in places.items():
            if place == 1:
                pts[c] = spec["top_points"]
                tokens[c] = spec["tokens"]
            else:
                pts[c] = spec["other_points"]
    elif kind == "corn":
        table = spec["table"]
        share = table[min(len(counts), len(table)) - 1]
        pts = {c: share for c in counts}
    return pts, tokens


def harvest(state: PetrichorState) -> None:
    state.harvests += 1
    state.say(T("Harvest! Every sprouted or growing crop scores."))
    any_scored = False
    for i, tile in enumerate(state.tiles):
        if tile.stage == 0:
            continue
        pts, tokens = tile_scores(state, tile)
        stage = T("growing") if tile.stage == 2 else T("sprouted")
        parts = []
        for c in sorted(pts):
            credit(state, c, tile.crop, pts[c])
            if tokens.get(c):
                state.wheat[c] += tokens[c]
                parts.append(T("{seat} {n} drop(s): {pts} pts +{tokens} wheat", seat=who(state, c),
                               n=tile.drops[c], pts=pts[c], tokens=tokens[c]))
            else:
                parts.append(T("{seat} {n} drop(s): {pts} pts", seat=who(state, c), n=tile.drops[c], pts=pts[c]))
        state.say(T("{tile} ({stage}): {scores}", tile=cell_name(state, i), stage=stage,
                    scores=semicolons(parts) or T("nobody watered it")))
        for c, n in enumerate(tile.drops):
            state.supply[c] += n
        tile.drops = [0] * state.ncol
        tile.stage = 0
        any_scored = True
    if not any_scored:
        state.say(T("No crop had sprouted, so nothing scores."))
