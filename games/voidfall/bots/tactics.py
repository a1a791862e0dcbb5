"""How the bot plays its house against the Voidborn (players.py asks here first in solo/co-op;
the values it shares with the house bot are in values.py).

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

from ..board import sector
from ..defence import invasion_results
from ..focus import card_def
from ..rules import VoidfallRules
from ..state import Task, VoidfallState
from . import campaign, values
from .values import action_value, best_target, toward_front
from .voidborn import blind, play_out, play_until, unseen

ACT_DEPTH = 0  # the action-step look-ahead also runs inside a choose-step look-ahead
USE_ALL = False  # True: every action with a positive greedy value before ending the turn (measured: no gain solo, worse co-op)
LOOK = True  # look ahead in the choose and action steps (False: the greedy weights alone)
TURNS = 2  # the choose step's look-ahead plays this many of the house's turns (the later ones greedily)
YARD_REACH = 1  # a Shipyard is built at most this many regroup steps from the front (-1: never steered)
_DEPTH = [0]  # > 0 while a look-ahead plays a copy out: the copy's own choices stay greedy


def _nested() -> bool:
    return _DEPTH[0] > 0


def deploy_pick(state: VoidfallState, seat: int, ids: list[str]) -> str | None:
    """Deploy next to the campaign's front when possible (the first kind offered there)."""
    ahead = campaign.front(state, seat)
    if not ahead:
        return None
    stage = set(campaign.staging(state, seat, ahead))
    near = [i for i in ids if i.startswith("d:") and i.split(":")[1] in stage and not i.endswith(":c")]
    return near[0] if near else None


def yard_pick(state: VoidfallState, seat: int, ids: list[str]) -> str | None:
    """Build a Shipyard (or Starbase) where Rally then deploys closest to the campaign's front:
    in a sector next to it, else the nearest of the house's sectors on the way (never Home,
    which has its own)."""
    ahead = campaign.front(state, seat)
    if not ahead:
        return None
    dist = campaign.distance_to(state, seat, set(campaign.staging(state, seat, ahead)))
    yards = [(dist[i.split(":")[1]], i) for i in ids if i.startswith("i:") and i.split(":")[2] in ("yard", "starbase")
             and i.split(":")[1] in dist and sector(state, i.split(":")[1]).home_of != seat]
    return min(yards)[1] if yards and min(yards)[0] <= YARD_REACH else None


def rift_send(state: VoidfallState, seat: int, task: Task, ids: list[str]) -> str:
    """Against a rift, send cubes until the invasion wins, the last cube of a sector too."""
    moved = any(task.data["move"].values()) if task.data.get("move") else False
    results = invasion_results(state, seat, task.data) if moved else []
    if results and all(r.winner == "invader" and sum(r.invader.values()) >= 1 for r in results) and "go" in ids:
        return "go"
    sends = [i for i in ids if i.startswith("m:")]
    return sends[0] if sends else "cancel"


def steer(rules: VoidfallRules, state: VoidfallState, seat: int, task: Task, ids: list[str]) -> str | None:
    """Choices the solo bot makes itself (None: the competitive bot decides)."""
    if values.CAMPAIGN and YARD_REACH >= 0 and task.kind == "eff" and task.data["e"]["do"] == "install":
        pick = yard_pick(state, seat, ids)
        if pick:
            return pick
    if values.CAMPAIGN and task.kind == "eff" and task.data["e"]["do"] in values.PLACE:
        return deploy_pick(state, seat, ids)
    if values.CAMPAIGN and task.kind == "eff" and task.data["e"]["do"] == "regroup":
        moves = [i for i in toward_front(state, seat) if i in ids]
        return moves[0] if moves else ("stop" if "stop" in ids else None)
    if task.kind == "eff" and task.data["e"]["do"] == "invade" and campaign.is_rift(state, task.data.get("target", "")):
        return rift_send(state, seat, task, ids)
    if task.kind == "eff" and task.data["e"]["do"] == "invade" and "target" not in task.data:
        key = best_target(state, seat, task.data["e"])
        return f"t:{key}" if key and f"t:{key}" in ids else ("cancel" if "cancel" in ids else None)
    if LOOK and task.kind == "turn" and task.data.get("phase") == "act" and _DEPTH[0] <= ACT_DEPTH:
        cands = [i for i in ids if i.startswith(("a:", "t:")) or i in ("agenda", "end")]  # the Agenda and tech actions are free extras
        if USE_ALL and any(_greedy(state, seat, task, i) > 0 for i in cands if i != "end"):
            cands = [i for i in cands if i != "end"]  # an action worth something beats ending the turn
        if len(cands) == 1:
            return cands[0]
        if len(cands) > 1:
            return look_ahead(rules, state, seat, cands)
    if LOOK and task.kind == "turn" and task.data.get("phase") == "select" and len(ids) > 1 and not _nested():
        return look_ahead(rules, state, seat, ids, whole_turn=True)
    return None


def _greedy(state: VoidfallState, seat: int, task: Task, i: str) -> float:
    if not i.startswith("a:"):
        return 2.0  # the house bot's worth of an Agenda or tech action
    return action_value(state, seat, card_def(state, task.data)["actions"][int(i[2:])])


def play_turn(rules: VoidfallRules, state: VoidfallState, seat: int, steps: int = 80) -> VoidfallState:
    """Let the bots play on until this turn is over (the next choose step or void advance)."""
    return play_until(rules, state, lambda top: top.kind in ("solo_advance", "order") or (
        top.kind == "turn" and top.data.get("phase") == "select"), steps)


def _selecting(top, seat: int) -> bool:
    return top.kind == "turn" and top.data.get("phase") == "select" and top.seat == seat


def play_turns(rules: VoidfallRules, state: VoidfallState, seat: int, turns: int | None = None, steps: int = 400) -> VoidfallState:
    """Play this turn out, then the house's next `turns - 1` turns (greedily: a plan that stages
    cubes now is judged with the invasion it makes possible next turn)."""
    state = play_turn(rules, state, seat)
    for _ in range((TURNS if turns is None else turns) - 1):
        state = play_until(rules, state, lambda top: _selecting(top, seat), steps)
        if state.over or not state.tasks or not _selecting(state.tasks[-1], seat):
            return state
        state = rules.apply(state, seat, rules.baseline_choice(state, seat))
        state = play_turn(rules, state, seat)
    return state


def look_ahead(rules: VoidfallRules, state: VoidfallState, seat: int, ids: list[str], whole_turn: bool = False) -> str:
    """Try each option on a copy, let the bots finish what it sets off, keep the best worth."""
    _DEPTH[0] += 1
    try:
        if whole_turn and TURNS > 1:
            scores = {i: values.worth(play_turns(rules, rules.apply(unseen(state), seat, i), seat), seat) for i in ids}
        else:
            run = play_turn if whole_turn else (lambda _rules, st, _seat: play_out(_rules, st))
            scores = {i: values.worth(run(rules, rules.apply(blind(state), seat, i), seat), seat) for i in ids}
    finally:
        _DEPTH[0] -= 1
    return max(ids, key=lambda i: (scores[i], -ids.index(i)))
