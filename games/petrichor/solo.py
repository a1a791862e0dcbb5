"""South Wind, the automatic opponent of the solo game (colour 1). See DESIGN.md."""

from __future__ import annotations

from . import board as B
from .data import DATA, SW_DECK
from .messages import T, sw_card_text, weather_name as wname
from .state import PetrichorState
from .steps import advance_die, move_drop

SW = 1
DIRS = {"N": (-1, 0), "S": (1, 0), "E": (0, 1), "W": (0, -1)}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}


def _scan(state: PetrichorState, start: int) -> list[int]:
    n = len(state.tiles)
    return [(start + k) % n for k in range(n)]


def _clouds_from(state: PetrichorState, start: int) -> list:
    out = []
    for cell in _scan(state, start):
        cl = B.cloud_at(state, cell)
        if cl is not None:
            out.append(cl)
    return out


def roll_cell(state: PetrichorState) -> tuple[int, int]:
    roll = state.rng.randint(1, 6)
    state.mark_reveal()
    return roll, (roll - 1) % len(state.tiles)


def place(state: PetrichorState) -> None:
    roll, cell = roll_cell(state)
    free = [c for c in _scan(state, cell) if B.cloud_at(state, c) is None]
    state.say(T("South Wind rolls {n} for its starting cloud.", n=roll))
    B.new_cloud(state, free[0], SW)


def act(state: PetrichorState) -> None:
    if not state.sw_deck:
        state.sw_deck = list(range(len(SW_DECK)))
        state.rng.shuffle(state.sw_deck)
        state.say(T("South Wind shuffles its 9 cards."))
    card = SW_DECK[state.sw_deck.pop()]
    roll, cell = roll_cell(state)
    state.sw_last = T("{card} (rolled {n})", card=sw_card_text(card), n=roll)
    state.say(T("South Wind reveals '{card}' and rolls {n} ({tile}).", card=sw_card_text(card), n=roll,
                tile=B.cell_name(state, cell)))
    action = card["action"]
    if action == "F":
        free = [c for c in _scan(state, cell) if B.cloud_at(state, c) is None]
        if free and len(state.clouds) < DATA["max_clouds"] and state.supply[SW] > 0:
            B.new_cloud(state, free[0], SW)
        else:
            state.say(T("South Wind cannot form a cloud."))
    elif action == "S":
        clouds = _clouds_from(state, cell)
        if clouds and state.supply[SW] >= 2:  # 日照: 一定要正好 2 點水滴
            B.add_drops(state, clouds[0], SW, 2)
        else:
            state.say(T("South Wind's sun finds nothing to do."))
    elif action == "W":
        clouds = _clouds_from(state, cell)
        if clouds:
            cl = clouds[0]
            dest = _step(state, cl.cell, card["dir"])
            if dest is None:
                dest = _step(state, cl.cell, OPPOSITE[card["dir"]])
            assert dest is not None, "a field is at least 2 cells each way: one of the two steps is on it"
            B.move_cloud(state, cl, dest, SW)
        else:
            state.say(T("South Wind finds no cloud to blow."))
    else:
        clouds = _clouds_from(state, cell)[:2]
        if not clouds:
            state.say(T("South Wind finds no cloud to rain from."))
        for cl in clouds:
            colour = SW if cl.drops[SW] else max(range(state.ncol), key=lambda c: (cl.drops[c], -c))
            B.rain_one(state, cl, colour)
    vote(state, card["vote"])


def vote(state: PetrichorState, what: str) -> None:
    if what == "die":
        for i, v in enumerate(state.dice):
            if v > 0:
                advance_die(state, SW, i)
                return
        what = "R"
    if state.markers[SW] > 0:
        state.markers[SW] -= 1
        state.votes[what][SW] += 1
        state.say(T("South Wind votes {weather} ({n} votes on it).", weather=wname(what), n=sum(state.votes[what])))
    else:
        state.say(T("South Wind has no vote marker left."))


def _step(state: PetrichorState, cell: int, d: str) -> int | None:
    r, c = B.rc(state, cell)
    dr, dc = DIRS[d]
    nr, nc = r + dr, c + dc
    if 0 <= nr < state.rows and 0 <= nc < state.cols:
        return nr * state.cols + nc
    return None


def sun_weather(state: PetrichorState) -> None:
    mine = B.own_clouds(state, SW)
    if not mine:
        state.say(T("South Wind has no drops in any cloud: the Sun does nothing for it."))
        return
    cl = max(mine, key=lambda x: (x.drops[SW], -x.cell))
    B.add_drops(state, cl, SW, cl.drops[SW])


def wind_weather(state: PetrichorState) -> None:
    """Move 1 of your drops from the tile where you lead South Wind most to its emptiest neighbour."""
    cells = [i for i, t in enumerate(state.tiles) if t.drops[0] > 0]
    if not cells:
        state.say(T("South Wind finds none of your drops on the field to blow away."))
        return
    src = max(cells, key=lambda i: (state.tiles[i].drops[0] - state.tiles[i].drops[SW], -i))
    dest = min(B.adjacent(state, src), key=lambda i: (sum(state.tiles[i].drops), i))
    move_drop(state, SW, src, dest, 0)
