"""How the bot plays its house against the Voidborn (solo/co-op hooks of games/voidfall/bot.py).

Against the Voidborn the map is the score: every sector taken back earns the house its Glory
total in Influence and takes the sector's Population, harbingers and (a rift) 30 points off the
Voidborn's final Influence. So the bot values invasions by what they take back, builds fleets
while a Voidborn sector is in reach but not yet beatable, and clears Corruption (2 Voidborn
points each, and the house mat's markers strengthen every assault).

In the choose step and the action step it also looks one step ahead: each card (played out to
the end of the turn by the greedy bot) or action is tried on a copy whose random stream is
unrelated to the real one, and the copy with the best `worth` wins.
"""

from __future__ import annotations

from ..board import controller, sector
from ..bot import full_move
from ..military import preview, targets
from . import campaign

PLACE = ("deploy", "deploy_home", "deploy_yards", "deploy_yard_one")  # effects that put a cube on the map
DEPLOY = PLACE + ("activate",)
CUBE = 1.2  # worth of a cube on the map (look-ahead)
ACT_DEPTH = 0  # the action-step look-ahead also runs inside a choose-step look-ahead
HAVEN_LEVEL = 8  # worth of a safe-haven level built (a finished tile takes 20 off the Voidborn)
RES_W = 0.6  # worth of a resource in stock (look-ahead)
YIELD_W = 0.0  # worth of a unit of production yield (look-ahead)
AGENDA_W = 0.0  # worth of a point a placed Agenda would score now (look-ahead)
STAGE_W = 5.0  # worth of a cube gathered next to the campaign's front (look-ahead)
PATH_W = 4.0  # worth of a Corvette less needed on the way to the rift (look-ahead)
CAMPAIGN = True  # False: no campaign (targets by value alone, deploy and regroup left to the greedy bot)
REGROUP_W = 4  # greedy worth of a regroup that moves cubes to the front
CORR_W = 6  # greedy worth of removing a Corruption marker (2 Voidborn points)
USE_ALL = False  # True: every action with a positive greedy value before ending the turn (measured: no gain solo, worse co-op)
LOOK = True  # look ahead in the choose and action steps (False: the greedy weights alone)
_DEPTH = [0]  # > 0 while a look-ahead plays a copy out: the copy's own choices stay greedy


def _nested() -> bool:
    return _DEPTH[0] > 0


def winnable_targets(state, seat: int, e: dict) -> list[str]:
    """Targets the house beats with everything it can bring (by the exact preview)."""
    out = []
    for key in targets(state, seat, e):
        if controller(sector(state, key)) not in ("void", None):
            continue
        move = full_move(state, seat, key)
        if not move:
            continue
        res, _, _ = preview(state, seat, {"target": key, "move": move, "e": e})
        if res.winner == "invader" and sum(res.invader.values()) >= 1:
            out.append(key)
    return out


def target_value(state, seat: int, key: str) -> float:
    """Influence the invasion earns plus the Voidborn points it removes."""
    return sum(state.houses[seat].glory) + campaign.reclaimed(state, key)


def best_target(state, seat: int, e: dict) -> str | None:
    """The campaign's front when it can be won now, else the most rewarding winnable target."""
    keys = winnable_targets(state, seat, e)
    if not keys:
        return None
    ahead = campaign.front(state, seat) if CAMPAIGN else None
    if ahead in keys:
        return ahead
    return max(keys, key=lambda k: (target_value(state, seat, k), k))


def in_reach(state, seat: int) -> bool:
    """A Voidborn or fallen sector is next to the house (something to build a fleet for)."""
    return bool(targets(state, seat, {"do": "invade"}))


def effect_value(state, seat: int, e: dict) -> float | None:
    """The bot's worth of one effect against the Voidborn, or None to use the competitive value."""
    do = e["do"]
    if do == "invade":
        key = best_target(state, seat, e)
        return 10 + target_value(state, seat, key) / 3 if key else -1
    if do in DEPLOY:
        if not in_reach(state, seat):
            return None
        active = state.houses[seat].active
        return 4 + min(active, 5) if do != "activate" else (6 if active < 2 else 2)
    if do == "remove_corruption":
        return CORR_W
    if do == "regroup":
        return REGROUP_W if CAMPAIGN and toward_front(state, seat) else None
    if do in ("produce", "produce_one", "produce_two"):
        return produce_value(state, seat, e)
    return None


def produce_value(state, seat: int, e: dict) -> float:
    """The competitive worth plus a safe-haven level when this makes the second overproduction
    of the turn (article: overproducing twice in one turn builds a level)."""
    from ..bot import produce_value as base
    from ..data import RES, yield_of
    from ..economy import CAP, prod_level
    from .havens import unfinished

    h = state.houses[seat]
    over = [r for r in RES if h.res.get(r, 0) + yield_of(prod_level(state, seat, r), r) > CAP]
    if e["do"] == "produce":
        v, n = base(state, seat, e["res"]), sum(1 for r in e["res"] if r in over)
    else:
        k = 1 if e["do"] == "produce_one" else 2
        v, n = sorted((base(state, seat, [r]) for r in RES), reverse=True)[:k], min(k, len(over))
        v = sum(v)
    if (h.overproduced_turn + n >= 2 and seat not in state.solo.haven_turn and unfinished(state)
            and h.inactive + h.active > 0):
        v += HAVEN_LEVEL
    return v


def toward_front(state, seat: int) -> list[str]:
    """Regroup moves (option ids) that bring a cube next to the campaign's front from a sector
    that is not next to it."""
    from ..military import regroup_moves

    ahead = campaign.front(state, seat)
    if not ahead:
        return []
    stage = set(campaign.staging(state, seat, ahead))
    return [f"r:{a}:{k}:{b}" for a, k, b in regroup_moves(state, seat) if b in stage and a not in stage]


def deploy_pick(state, seat: int, ids: list[str]) -> str | None:
    """Deploy next to the campaign's front when possible (the first kind offered there)."""
    ahead = campaign.front(state, seat)
    if not ahead:
        return None
    stage = set(campaign.staging(state, seat, ahead))
    near = [i for i in ids if i.startswith("d:") and i.split(":")[1] in stage and not i.endswith(":c")]
    return near[0] if near else None


def steer(state, seat: int, task, ids: list[str]) -> str | None:
    """Choices the solo bot makes itself (None: the competitive bot decides)."""
    if CAMPAIGN and task.kind == "eff" and task.data["e"]["do"] in PLACE:
        return deploy_pick(state, seat, ids)
    if CAMPAIGN and task.kind == "eff" and task.data["e"]["do"] == "regroup":
        moves = [i for i in toward_front(state, seat) if i in ids]
        return moves[0] if moves else ("stop" if "stop" in ids else None)
    if task.kind == "eff" and task.data["e"]["do"] == "invade" and "target" not in task.data:
        key = best_target(state, seat, task.data["e"])
        return f"t:{key}" if key and f"t:{key}" in ids else ("cancel" if "cancel" in ids else None)
    if LOOK and task.kind == "turn" and task.data.get("phase") == "act" and _DEPTH[0] <= ACT_DEPTH:
        cands = [i for i in ids if i.startswith("a:") or i == "end"]
        if USE_ALL and any(_greedy(state, seat, task, i) > 0 for i in cands if i != "end"):
            cands = [i for i in cands if i != "end"]  # an action worth something beats ending the turn
        if len(cands) == 1:
            return cands[0]
        if len(cands) > 1:
            return look_ahead(state, seat, cands)
    if LOOK and task.kind == "turn" and task.data.get("phase") == "select" and len(ids) > 1 and not _nested():
        return look_ahead(state, seat, ids, whole_turn=True)
    return None


def _greedy(state, seat: int, task, i: str) -> float:
    from ..bot import action_value
    from ..turn import card_def

    return action_value(state, seat, card_def(task.data)["actions"][int(i[2:])])


def worth(state, seat: int) -> float:
    """A house's position against the Voidborn: Influence minus its share of the Voidborn's,
    plus what will earn Influence later (fleets, sectors, Guilds, Population, stock, techs)."""
    from ..board import controlled, cubes
    from ..economy import house_corruption
    from .scoring import final_influence

    if state.solo.lost:
        return -10_000
    h = state.houses[seat]
    mine = controlled(state, seat)
    v = h.influence - final_influence(state)["total"] / state.players
    v += sum(CUBE * cubes(s) + 2 + 1.5 * len(s.guilds) + 0.8 * s.pop for s in mine)
    v += RES_W * sum(h.res.values()) + 2.5 * len(h.techs) + 1.2 * sum(h.tracks.values()) + 0.4 * h.active
    if YIELD_W:
        from ..economy import yields
        v += YIELD_W * sum(yields(state, seat).values())
    if AGENDA_W:
        from ..bot import agenda_points
        v += AGENDA_W * sum(agenda_points(state, seat, a) for i, a in enumerate(h.agendas) if a and not h.agenda_corrupt[i])
        v += AGENDA_W * sum(max(2.0, agenda_points(state, seat, a)) for a in h.agenda_hand) / 2
    v += HAVEN_LEVEL * sum(len(t) for t in state.solo.havens) / state.players
    if CAMPAIGN:
        v += campaign.progress(state, seat, STAGE_W, PATH_W)
    return v - 2 * house_corruption(h)


def play_turn(state, seat: int, steps: int = 80):
    """Let the bots play on until this turn is over (the next choose step or void advance)."""
    from .bot import play_until

    return play_until(state, lambda top: top.kind in ("solo_advance", "order") or (
        top.kind == "turn" and top.data.get("phase") == "select"), steps)


def look_ahead(state, seat: int, ids: list[str], whole_turn: bool = False) -> str:
    """Try each option on a copy, let the bots finish what it sets off, keep the best worth."""
    from .. import RULES
    from .bot import blind, play_out

    _DEPTH[0] += 1
    try:
        run = play_turn if whole_turn else (lambda st, _seat: play_out(st))
        scores = {i: worth(run(RULES.apply(blind(state), seat, i), seat), seat) for i in ids}
    finally:
        _DEPTH[0] -= 1
    return max(ids, key=lambda i: (scores[i], -ids.index(i)))
