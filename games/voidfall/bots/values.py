"""The bots' value functions, shared by the house bot (house.py) and the solo bot (voidborn.py,
tactics.py): what an effect, an action or a production is worth to a house now, and (against
the Voidborn) which invasion targets pay, how the campaign to the rift stands and a house's worth
for the look-aheads. Deterministic; reads only what the house's seat may see."""

from __future__ import annotations

from typing import Any

from ..board import controlled, controller, cubes, sector
from ..data import AGENDAS, RES, SETTINGS, yield_of
from ..defence import invasion_results, preview
from ..economy import CAP, ability, house_corruption, prod_level, turn_key, yields
from ..military import regroup_moves, sources, targets
from ..scoring import objective_points
from ..solo.scoring import final_influence
from ..solo.state import unfinished
from ..state import VoidfallState, solo_of
from . import campaign, judge

WEIGHT = {"guild": 7, "pop_up": 6, "pop_up_in": 5, "tech": 6, "agenda": 4, "advance": 5, "produce": 3, "produce_one": 3,
          "produce_two": 4, "install": 3, "deploy": 3, "deploy_home": 3, "deploy_yards": 4, "deploy_yard_one": 3,
          "activate": 2, "remove_corruption": 4, "trade": 3, "upgrade_glory": 3, "score_agenda": 5, "bounty": 2,
          "gain_any": 3, "gain_fem": 2, "inf_per_guild": 3, "remove_or_activate": 2, "inf_glory": 3, "glory_token": 3,
          "exploit": 1, "move_corruption": 0, "regroup": 0, "look_events": 0, "inf_per": 3, "gain_per": 2,
          "inf_and_credit_per": 3, "paid": 1, "convert": 0, "destroy": 0, "place": 1, "gain_corruption": 0}


def full_move(state: VoidfallState, seat: int, key: str, keep_one: bool = True) -> dict:
    """Every cube the house can bring to `key`, keeping one in each sector that is not Home
    (`keep_one` False: the last cubes go too, as for a rift, worth more than the sector left)."""
    move = {}
    for k in sources(state, seat, key):
        s = sector(state, k)
        keep = 0 if s.home_of == seat or not keep_one else 1
        per = {}
        for kind, n in sorted(s.fleet.items()):
            take = max(0, n - keep)
            keep = max(0, keep - n)
            if take:
                per[kind] = take
        if per:
            move[k] = per
    return move


def winnable(state: VoidfallState, seat: int, e: dict[str, Any]) -> str | None:
    """A target the bot would beat with every cube it can bring (by the exact preview), whatever
    loss choice a defending house makes."""
    for key in targets(state, seat, e):
        move = full_move(state, seat, key)
        if not move:
            continue
        results = invasion_results(state, seat, {"target": key, "move": move, "e": e})
        if all(res.winner == "invader" and sum(res.invader.values()) >= 1 for res in results):
            return key
    return None


def effect_value(state: VoidfallState, seat: int, e: dict[str, Any]) -> float:
    do = e["do"]
    if state.mode != "competitive":  # against the Voidborn (solo_effect_value below)
        v = solo_effect_value(state, seat, e)
        if v is not None:
            return v
    if do in ("invade",):
        return 9 if winnable(state, seat, e) else -1
    if do == "solo_invade_here":  # heroic Annihilate: an invasion first
        return effect_value(state, seat, {"do": "invade"})
    if do == "solo_repeat":
        return effect_value(state, seat, e["effect"]) * e["n"]
    if do == "inf":
        return e["n"]
    if do == "gain":
        return sum(e["res"].values())
    if do == "produce":
        return produce_value(state, seat, e["res"])
    if do in ("produce_one", "produce_two"):
        vals = sorted((produce_value(state, seat, [r]) for r in RES), reverse=True)
        return sum(vals[:1 if do == "produce_one" else 2])
    if do == "trade":
        return WEIGHT["trade"] + trade_ability_worth(state.houses[seat])
    return WEIGHT.get(do, 1)


def trade_ability_worth(h) -> float:
    """What the house ability adds to each Trade token gained (Marqualos): its resources and
    Influence, valued as the "gain" and "inf" effects are."""
    return sum((ability(h, "trade_gain") or {}).values()) + (ability(h, "trade_inf") or 0)


RES_WORTH = 0.6  # a resource in stock, in Influence-like points (below the cap)


def produce_value(state: VoidfallState, seat: int, res: list[str]) -> float:
    """What producing these resources is worth now: the part of each yield that fits under the
    stock cap, plus the overproduction Influence when a yield runs past it."""
    h = state.houses[seat]
    v = 0.0
    for r in res:
        amount = yield_of(prod_level(state, seat, r), r)
        before = h.res.get(r, 0)
        v += RES_WORTH * min(amount, CAP - before)
        if before + amount > CAP:
            v += SETTINGS["overproduce_inf"] + (ability(h, "overproduce_inf") or 0)
    return v


# Tuned on bot-vs-bot games (average Influence): costs that hurt later count a little.
COST_PENALTY = {"corrupt": 1, "corrupt_agenda": 2, "recall": 1, "deact": 1, "pop_down": 1, "destroy_inst": 1,
                "agenda": 2, "glory": 1, "trade": 1}


def action_value(state: VoidfallState, seat: int, a: dict[str, Any]) -> float:
    vals = sorted((effect_value(state, seat, e) for e in a["effects"]), reverse=True)
    gain = (vals[0] if vals else 0) if a["join"] == "or" else sum(v for v in vals if v > 0)
    return gain - sum(COST_PENALTY.get(k, 0) * n for k, n in a["cost"].items())


def agenda_points(state: VoidfallState, seat: int, aid: str) -> int:
    """What an Agenda would score at Evaluation if it stood in a clean slot now."""
    return sum(objective_points(state, seat, o) for o in AGENDAS[aid]["objectives"])



PLACE = ("deploy", "deploy_home", "deploy_yards", "deploy_yard_one")  # effects that put a cube on the map
DEPLOY = PLACE + ("activate",)
ACTIVE_W = 0.4  # worth of an active cube (ready to deploy) in the look-ahead
CUBE = 2.5  # worth of a cube on the map (look-ahead; 1.2 left most of the fleet inactive)
HAVEN_LEVEL = 8  # worth of a safe-haven level built (a finished tile takes 20 off the Voidborn)
RES_W = 0.6  # worth of a resource in stock (look-ahead)
YIELD_W = 0.0  # worth of a unit of production yield (look-ahead)
AGENDA_W = 0.0  # worth of a point a placed Agenda would score now (look-ahead)
SOLO_AGENDA_W = 0.6  # against the Voidborn: per point a placed Agenda scores, per Evaluation still to come
STAGE_W = 5.0  # worth of a cube gathered next to the campaign's front (look-ahead)
PATH_W = 4.0  # worth of a Corvette less needed on the way to the rift (look-ahead)
CAMPAIGN = True  # False: no campaign (targets by value alone, deploy and regroup left to the greedy bot)
REGROUP_W = 4  # greedy worth of a regroup that moves cubes to the front
ENGAGE_W = 3.0  # against the Voidborn: extra worth of each of 2 Energy (Engage) while the campaign goes on
EXPOSE_W = 1.0  # against the Voidborn: per point of what the next assault would take (look-ahead)
UPKEEP_W = 0.5  # against the Voidborn: share of the Evaluation's loss for Upkeep the stock cannot pay (look-ahead)
CORR_W = 6  # greedy worth of removing a Corruption marker (2 Voidborn points)


def winnable_targets(state: VoidfallState, seat: int, e: dict) -> list[str]:
    """Targets the house beats with everything it can bring (by the exact preview)."""
    out = []
    for key in targets(state, seat, e):
        if controller(sector(state, key)) not in ("void", None):
            continue
        move = full_move(state, seat, key, keep_one=not campaign.is_rift(state, key))
        if not move:
            continue
        res, _, _ = preview(state, seat, {"target": key, "move": move, "e": e})
        if res.winner == "invader" and sum(res.invader.values()) >= 1:
            out.append(key)
    return out


def target_value(state: VoidfallState, seat: int, key: str) -> float:
    """Influence the invasion earns plus the Voidborn points it removes."""
    return sum(state.houses[seat].glory) + campaign.reclaimed(state, key)


def best_target(state: VoidfallState, seat: int, e: dict) -> str | None:
    """The campaign's front when it can be won now, else the most rewarding winnable target."""
    keys = winnable_targets(state, seat, e)
    if not keys:
        return None
    ahead = campaign.front(state, seat) if CAMPAIGN else None
    if ahead in keys:
        return ahead
    return max(keys, key=lambda k: (target_value(state, seat, k), k))


def in_reach(state: VoidfallState, seat: int) -> bool:
    """A Voidborn or fallen sector is next to the house (something to build a fleet for)."""
    return bool(targets(state, seat, {"do": "invade"}))


def invasion_value(state: VoidfallState, seat: int, e: dict[str, Any]) -> float:
    """An invasion against the Voidborn: the best target's worth, -1 with none in reach."""
    key = best_target(state, seat, e)
    return 10 + target_value(state, seat, key) / 3 if key else -1


def solo_effect_value(state: VoidfallState, seat: int, e: dict[str, Any]) -> float | None:
    """The bot's worth of one effect against the Voidborn, or None to use the competitive value."""
    do = e["do"]
    heroic = judge.heroic_value(state, seat, e)
    if heroic is not None:
        return heroic
    if do == "invade":
        return invasion_value(state, seat, e)
    if do in DEPLOY:
        if not in_reach(state, seat):
            return None
        active = state.houses[seat].active
        return 4 + min(active, 5) if do != "activate" else (6 if active < 2 else 2)
    if do == "remove_corruption":
        return CORR_W
    if do == "solo_invade_here":  # Annihilate: the invasion, then a Corruption off the sector won
        v = invasion_value(state, seat, {"do": "invade"})
        return v + CORR_W if v > 0 else v
    if do == "regroup":
        return REGROUP_W if CAMPAIGN and toward_front(state, seat) else None
    if do in ("produce", "produce_one", "produce_two"):
        return solo_produce_value(state, seat, e)
    return None


def solo_produce_value(state: VoidfallState, seat: int, e: dict) -> float:
    """The competitive worth plus a safe-haven level when this makes the second overproduction
    of the turn (article: overproducing twice in one turn builds a level)."""
    h = state.houses[seat]
    over = [r for r in RES if h.res.get(r, 0) + yield_of(prod_level(state, seat, r), r) > CAP]
    if e["do"] == "produce":
        v, n = produce_value(state, seat, e["res"]), sum(1 for r in e["res"] if r in over)
    else:
        k = 1 if e["do"] == "produce_one" else 2
        best = sorted((produce_value(state, seat, [r]) for r in RES), reverse=True)[:k]
        v, n = sum(best), min(k, len(over))
    now = h.overproduced_turn if h.overproduced_at == turn_key(state) else 0
    if (now + n >= 2 and f"{seat}@{turn_key(state)}" not in solo_of(state).haven_turn and unfinished(state)
            and h.inactive + h.active > 0):
        v += judge.haven_value(state)  # the level this second overproduction builds
    return v


def toward_front(state: VoidfallState, seat: int) -> list[str]:
    """Regroup moves (option ids) that bring a cube closer to the campaign's front through the
    house's own sectors: straight next to it first, then one step nearer (a fleet far behind
    the front walks there over several regroups)."""
    ahead = campaign.front(state, seat)
    if not ahead:
        return []
    dist = campaign.distance_to(state, seat, set(campaign.staging(state, seat, ahead)))
    far = len(state.sectors)
    moves = [(dist.get(b, far), f"r:{a}:{k}:{b}") for a, k, b in regroup_moves(state, seat)
             if dist.get(b, far) < dist.get(a, far)]
    return [i for _, i in sorted(moves)]


def evaluations_left(state: VoidfallState) -> int:
    """Evaluations still to come, this Cycle's included (one per Cycle, three Cycles)."""
    return max(0, 3 - max(state.cycle, 1) + 1)


def placed_agenda_points(state: VoidfallState, seat: int) -> int:
    """What the house's clean placed Agendas would score at an Evaluation now."""
    h = state.houses[seat]
    return sum(agenda_points(state, seat, a) for i, a in enumerate(h.agendas) if a and not h.agenda_corrupt[i])


def worth(state: VoidfallState, seat: int) -> float:
    """A house's position against the Voidborn: Influence minus its share of the Voidborn's,
    plus what will earn Influence later (fleets, sectors, Guilds, Population, stock, techs)."""
    if solo_of(state).lost:
        return -10_000
    h = state.houses[seat]
    if state.over:  # the look-ahead reached the end: only the final margin counts (stock and fleets score nothing)
        return h.influence - final_influence(state)["total"] / state.players
    mine = controlled(state, seat)
    v = h.influence - final_influence(state)["total"] / state.players
    v += sum(CUBE * cubes(s) + 2 + 1.5 * len(s.guilds) + 0.8 * s.pop for s in mine)
    v += RES_W * sum(h.res.values()) + 2.5 * len(h.techs) + 1.2 * sum(h.tracks.values()) + ACTIVE_W * h.active
    if YIELD_W:
        v += YIELD_W * sum(yields(state, seat).values())
    if AGENDA_W:
        v += AGENDA_W * sum(agenda_points(state, seat, a) for i, a in enumerate(h.agendas) if a and not h.agenda_corrupt[i])
        v += AGENDA_W * sum(max(2.0, agenda_points(state, seat, a)) for a in h.agenda_hand) / 2
    if SOLO_AGENDA_W:  # an Agenda placed early scores at every Evaluation still to come; one in hand is on its way
        left = evaluations_left(state)
        v += SOLO_AGENDA_W * left * placed_agenda_points(state, seat)
        v += SOLO_AGENDA_W / 2 * max(0, left - 1) * sum(max(2, agenda_points(state, seat, a)) for a in h.agenda_hand)
    v += HAVEN_LEVEL * sum(len(t) for t in solo_of(state).havens) / state.players
    if CAMPAIGN:
        v += campaign.progress(state, seat, STAGE_W, PATH_W)
    if ENGAGE_W and CAMPAIGN and campaign.front(state, seat):  # Energy for Engage while the campaign has a next step
        v += ENGAGE_W * min(h.res.get("E", 0), 2)
    if EXPOSE_W:
        v -= EXPOSE_W * judge.exposure(state, seat)
    if UPKEEP_W:  # Upkeep the stock cannot pay costs Influence at the next Evaluation
        v -= UPKEEP_W * SETTINGS["missing_inf"] * judge.upkeep_shortfall(state, seat)
    return v - 2 * house_corruption(h)
