"""A greedy bot: cheap heuristics over public information and its own hand only."""

from __future__ import annotations

from games.core import Decision

from . import board as B
from .data import CARD_TYPE, WEATHERS
from .state import PetrichorState
from .steps import effect_possible

BASE = {"wheat": 3, "cotton": 4, "hay": 3, "potato": 4, "coffee": 6, "rice": 4, "corn": 6}


def tile_value(state: PetrichorState, cell: int, me: int) -> float:
    t = state.tiles[cell]
    total = sum(t.drops)
    mine = t.drops[me]
    other = max((n for c, n in enumerate(t.drops) if c != me), default=0)
    v: float = BASE.get(t.crop, 3)
    if t.stage == 0:
        need = t.threshold - total
        v *= 1.0 if need <= 2 else 0.6
    if mine <= other:
        v += 1.5
    elif mine > other + 2:
        v -= 2
    return v


def _weather_value(state: PetrichorState, me: int, w: str) -> float:
    own = B.own_clouds(state, me)
    if w == "R":
        return sum(cl.drops[me] for cl in own if cl.dark) + 0.6
    if w == "F":
        return 0.7 * sum(cl.drops[me] for cl in own if not cl.dark) + 0.1
    if w == "S":
        coffee = sum(3 for t in state.tiles if t.crop == "coffee" and t.stage == 1 and t.drops[me] > 0)
        return 0.5 * sum(cl.drops[me] for cl in own) + coffee
    return 0.5


def _option_ids(decision: Decision) -> list[str]:
    return [o.id for o in decision.options]


def choose(rules, state: PetrichorState, decision: Decision):
    me = decision.seat
    ids = _option_ids(decision)
    st = next(s for s in state.steps if s.seat == me and (s is state.steps[0] or s.kind == "keep"))
    k = st.kind
    if k in ("place", "frost_cell", "wind_dir"):
        return max(ids, key=lambda i: (tile_value(state, B.parse_cell(state, i), me), i))
    if k == "turn":
        return _turn(state, me, ids)
    if k in ("cards", "keep"):
        picks = _discard(state, me, st.n, st.a if k == "cards" else "")
        return picks[0] if decision.max_picks == 1 else picks
    if k == "double":
        hand = len(state.hands[me])
        doubles = [i for i in ids if i.startswith("double:") and effect_possible(state, me, i[-1])]
        if hand >= 5 and doubles:
            return max(doubles, key=lambda i: _card_value(state, me, i[-1]))
        return "end"
    if k == "vote":
        return max(ids, key=lambda i: (_vote_value(state, me, i), i))
    if k in ("sun_cloud", "sunw"):
        def cv(i):
            cl = B.named_cloud(state, int(i[6:]))
            return (cl.drops[me] + (1 if cl.dark else 0) + 0.3 * tile_value(state, cl.cell, me), i)
        return max(ids, key=cv)
    if k == "wind_cloud":
        def wv(i):
            cl = B.named_cloud(state, int(i[6:]))
            here = tile_value(state, cl.cell, me)
            best = max(tile_value(state, a, me) for a in B.adjacent(state, cl.cell))
            return (best - here + cl.drops[me] * 0.1, i)
        return max(ids, key=wv)
    if k == "rain_cloud":
        clouds = [i for i in ids if i != "done"]
        return max(clouds, key=lambda i: (tile_value(state, B.named_cloud(state, int(i[6:])).cell, me), i))
    if k == "rain_colour":
        return f"col:{me}" if f"col:{me}" in ids else ids[0]
    if k == "recover":
        if "stop" in ids:
            return "stop"
        return min(ids, key=lambda i: (tile_value(state, B.parse_cell(state, i), me), i))
    if k == "windw_cell":
        def sv(i):
            t = state.tiles[B.parse_cell(state, i)]
            other = max((n for c, n in enumerate(t.drops) if c != me), default=0)
            return (other - t.drops[me] if other else -10 + t.drops[me], i)
        return max(ids, key=sv)
    if k == "windw_colour":
        drops = state.tiles[st.cell].drops
        others = [c for c, n in enumerate(drops) if n and c != me]
        if others:
            return f"col:{max(others, key=lambda c: (drops[c], -c))}"
        return ids[0]
    if k == "windw_dest":
        if st.colour == me:
            return max(ids, key=lambda i: (tile_value(state, B.parse_cell(state, i), me), i))
        def dv(i):
            t = state.tiles[B.parse_cell(state, i)]
            return (t.drops[me] - max(t.drops[c] for c in range(state.ncol) if c != me), i)
        return max(ids, key=dv)
    if k == "tie":
        ranked = sorted(ids, key=lambda i: (-_weather_value(state, me, i[2:]), i))
        return ranked[0] if decision.max_picks == 1 else ranked[: decision.max_picks]
    return ids[0]


def _card_value(state: PetrichorState, me: int, w: str) -> float:
    if not effect_possible(state, me, w):
        return 0.0
    own = B.own_clouds(state, me)
    if w == "F":
        return 2.5 if not own else 1.2
    if w == "S":
        return 2.0
    if w == "R":
        useful = any(state.tiles[cl.cell].stage == 0 or tile_value(state, cl.cell, me) > 3 for cl in own)
        return 3.0 if useful else 1.0
    return 1.5


def _turn(state: PetrichorState, me: int, ids: list[str]) -> str:
    hand = state.hands[me]
    if not hand or ids == ["pass"]:
        return "pass"
    if state.passed_by == -1 and len(hand) <= 2:
        return "pass"
    plays = [i for i in ids if i.startswith("play:")]
    best = max(plays, key=lambda i: (_card_value(state, me, i[-1]), i))
    if _card_value(state, me, best[-1]) == 0.0 and len(hand) >= 4:
        pairs = [i for i in ids if i.startswith("pair:")]
        if pairs:
            return max(pairs, key=lambda i: (_card_value(state, me, i[-1]), i))
    return best


def _discard(state: PetrichorState, me: int, n: int, exclude: str = "") -> list[str]:
    """Discard from the most plentiful weather first, keeping a varied hand (never `exclude` cards)."""
    hand = [c for c in state.hands[me] if CARD_TYPE[c] != exclude]
    out = []
    for _ in range(n):
        counts = hand_types_list(hand)
        w = max((x for x in WEATHERS if counts[x]), key=lambda x: (counts[x], x))
        cid = next(c for c in hand if CARD_TYPE[c] == w)
        hand.remove(cid)
        out.append(cid)
    return out


def hand_types_list(hand: list[str]) -> dict[str, int]:
    counts = {w: 0 for w in WEATHERS}
    for cid in hand:
        counts[CARD_TYPE[cid]] += 1
    return counts


def _harvest_lead(state: PetrichorState, me: int) -> bool:
    est = [0] * state.ncol
    for t in state.tiles:
        pts, _ = B.tile_scores(state, t)
        for c, p in pts.items():
            est[c] += p
    return est[me] >= max(est)


def _vote_value(state: PetrichorState, me: int, option: str) -> float:
    if option.startswith("die:"):
        v = state.dice[int(option[4:])]
        pts = 2 if v == 1 else 1
        ripe = any(t.stage > 0 and t.drops[me] > 0 for t in state.tiles)
        return 0.6 * pts + (1.2 if ripe and _harvest_lead(state, me) else -1.5)
    w = option[5:]
    val = _weather_value(state, me, w)
    counts = state.votes[w]
    if counts[me] + 1 > max(n for c, n in enumerate(counts) if c != me):
        val += 0.5
    return val


__all__ = ["choose"]
