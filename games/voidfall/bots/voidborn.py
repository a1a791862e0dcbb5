"""Bot choices for the solo/co-op decisions (players.py asks here for `solo_*` tasks).

The void advance is judged by its exact consequences: each option is applied to a copy of the
state and everything it sets off (assaults, payments, catastrophe consolations) is played out
by the bot; the option leaving the best standing wins. Standing = the weakest house's Influence
minus the Voidborn's final Influence, minus what the board will cost later (each crisis-board
entry raises every later assault or payment), plus a little for fleets and sectors held.
Combat has no dice and the bot uses no hidden card order, so the copy shows only what the
option's detail already states.
"""

from __future__ import annotations

import copy
from collections.abc import Callable

from games.core import Rng

from ..actions import action_cost, can_pay_cost
from ..board import controlled, cubes
from ..data import FOCUS
from ..economy import house_corruption
from ..rules import VoidfallRules
from ..solo.content import BOARD
from ..solo.heroic import HEROIC
from ..solo.scoring import final_influence
from ..state import Task, VoidfallState, solo_of
from .judge import ROW_ENTRY, board_outlook
from .values import action_value

LOSS = 10_000


def choose(rules: VoidfallRules, state: VoidfallState, seat: int, task: Task, ids: list[str]) -> str:
    """The bot's choice in a `solo_*` task (`rules` plays the void advance's options out)."""
    kind = task.kind
    if kind == "solo_secret":
        return _best_card(state, seat, ids)
    if kind == "solo_advance":
        return _simulated(rules, state, seat, ids)
    if kind == "solo_haven":
        return _haven(state, ids)
    if kind == "solo_catastrophe":
        return "corr" if "corr" in ids and _house_marks(state, seat) else ("res" if "res" in ids else ids[0])
    if kind == "solo_exchange":
        return _exchange(state, seat, ids)
    return ids[0]


def standing(state: VoidfallState) -> float:
    """How well the houses stand against the Voidborn (higher is better for the houses)."""
    if solo_of(state).lost:
        return -LOSS
    vb = final_influence(state)["total"]
    worst = min(h.influence for h in state.houses)
    board = ROW_ENTRY * (len(state.crisis.military) + len(state.crisis.economic))
    might = sum(cubes(s) + 2 for seat in range(state.players) for s in controlled(state, seat))
    risk = 25 if state.crisis.catastrophes >= BOARD["catastrophe_limit"] - 1 else 0
    return worst - vb - board + board_outlook(state) + 0.5 * might - risk


STOP = ("turn", "solo_advance", "solo_secret", "order")  # the next round or turn has begun


def play_until(rules: VoidfallRules, state: VoidfallState, stop: Callable[[Task], bool], steps: int) -> VoidfallState:
    """Let the bots play on until `stop(top task)` holds (or the game ends, or `steps` choices)."""
    for _ in range(steps):
        if state.over or not state.tasks or stop(state.tasks[-1]):
            return state
        pending = rules.pending(state)
        if not pending:
            return state
        d = pending[0]
        state = rules.apply(state, d.seat, rules.baseline_choice(state, d.seat))
    return state


def play_out(rules: VoidfallRules, state: VoidfallState, steps: int = 40) -> VoidfallState:
    """Let the bots answer everything the choice set off, up to the next turn or void advance."""
    return play_until(rules, state, lambda top: top.kind in STOP, steps)


def blind(state: VoidfallState) -> VoidfallState:
    """A copy of the state whose random stream is unrelated to the real one, so that trying
    an option never shows the bot a token, card or tie-break it could not know."""
    sim = copy.deepcopy(state)
    sim.rng = Rng.from_seed(7919 * state.seq + 17)
    return sim


def unseen(state: VoidfallState) -> VoidfallState:
    """`blind`, with the hidden decks (alert, crises, heroic cards) reshuffled: a look-ahead that
    plays past the next alert must not learn their order."""
    sim = blind(state)
    sim.rng.shuffle(sim.crisis.alert_deck)
    for deck in solo_of(sim).crisis_decks.values():
        sim.rng.shuffle(deck)
    sim.rng.shuffle(solo_of(sim).heroic_deck)
    return sim


def _simulated(rules: VoidfallRules, state: VoidfallState, seat: int, ids: list[str]) -> str:
    if len(ids) == 1:
        return ids[0]
    scores = {i: standing(play_out(rules, rules.apply(blind(state), seat, i))) for i in ids}
    return max(ids, key=lambda i: (scores[i], -ids.index(i)))


def _house_marks(state: VoidfallState, seat: int) -> bool:
    """Corruption on the house mat strengthens every assault: remove it first."""
    return house_corruption(state.houses[seat]) > 0


def _haven(state: VoidfallState, ids: list[str]) -> str:
    order = ["r:remove_harbinger" if solo_of(state).harbingers else "", "r:remove_corruption", "r:resources", "r:deploy",
             "r:remove_harbinger"]
    return next((i for i in order if i in ids), ids[0])


def _exchange(state: VoidfallState, seat: int, ids: list[str]) -> str:
    """Give a resource the receiver lacks most when we hold plenty of it (at least 5)."""
    h = state.houses[seat]
    best, gap = "done", 3
    for i in ids:
        if i.startswith("g:"):
            _, other, r = i.split(":")
            d = h.res.get(r, 0) - state.houses[int(other)].res.get(r, 0)
            if h.res.get(r, 0) >= 5 and d > gap:
                best, gap = i, d
    return best if best in ids else ids[0]


def _best_card(state: VoidfallState, seat: int, ids: list[str]) -> str:
    def score(i: str) -> tuple[float, str]:
        cid = i.split(":")[1]
        card = HEROIC[cid] if i.startswith("h:") else FOCUS[cid]
        vals = sorted((action_value(state, seat, a) for a in card["actions"]
                       if can_pay_cost(state, seat, action_cost(state, a["cost"]), {})), reverse=True)
        return (sum(vals[:2]), i)

    return max(ids, key=score)
