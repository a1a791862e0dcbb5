"""What Impulse gives the bot levels (games/core/levels.py): the sampler of its hidden parts and the
search's evaluation.

Hidden from a seat: the deck, the face-down cards of the map, the other players' hands (their sizes
are public), a home card another player picked but has not yet turned up, and the reinforcements
another player committed face down to a battle (their number is public). The discard pile, the
Impulse, Plans, techs and minerals are public (every card that went there was shown)."""

from __future__ import annotations

from games.core import HiddenDeal, Rng, SearchPieces, logistic, reseeded

from .bot import choose
from .data import CARD_GATES, CARDS, CENTER, SETTINGS
from .engine import ship_count
from .state import ImpulseState

POINT_SCALE = 3.0        # a lead of this many points is about a 73% winning chance
CORE_GATE = 1.0          # points a held Sector Core gate is worth (it scores every turn)
SHIP = 0.25              # points a ship on the map is worth
MINERAL = 0.0           # points a mineral is worth per size (refined, it scores)
HAND = 0.0              # points a card in hand is worth per size (traded, it scores)
HORIZON_TURNS = 2        # rollouts stop after this many more turns (None: at the game's end)


def redeal(state: ImpulseState, seat: int, rng: Rng) -> ImpulseState:
    """`GameRules.redeal` for Impulse."""
    sample = state.next_copy()
    deal = HiddenDeal()
    deal.hide_all(sample.deck)
    for pos, cid in enumerate(sample.grid):
        if not sample.face_up[pos] and cid in CARDS:
            deal.hide(sample.grid, pos)
    for other, p in enumerate(sample.ps):
        if other != seat:
            deal.hide_all(p.hand)
    for task in sample.tasks:
        if task.kind == "home":
            picked = task.data["picked"]
            for other in sorted(picked, key=int):
                if int(other) != seat:
                    deal.hide(picked, other)
        if task.kind == "battle":
            for side, who in (("a", task.data["att"]), ("d", task.data["dfn"])):
                if who != seat and task.data[side]:
                    deal.hide_all(task.data[side])
    deal.deal(rng)
    reseeded(sample, rng)
    return sample


def worth(state: ImpulseState, seat: int) -> float:
    """Points, plus the Sector Core gates held (each scores a point a turn) and a little per ship."""
    p = state.ps[seat]
    if p.out:
        return -SETTINGS["target_score"]
    gates = sum(1 for g in CARD_GATES[CENTER] if state.cr[g][seat])
    stock = MINERAL * sum(CARDS[c].size for c in p.minerals) + HAND * sum(CARDS[c].size for c in p.hand)
    return p.score + CORE_GATE * gates + SHIP * ship_count(state, seat) + stock


def evaluate(state: ImpulseState, seat: int) -> float:
    """The seat's (team's) winning chance from its lead in `worth` over the best rival."""
    team = state.ps[seat].team
    mine = max(worth(state, s) for s, p in enumerate(state.ps) if p.team == team)
    rivals = [worth(state, s) for s, p in enumerate(state.ps) if p.team != team]
    return logistic(mine - max(rivals), POINT_SCALE) if rivals else 0.5

def horizon(start: ImpulseState, now: ImpulseState) -> bool:
    """Rollouts stop `HORIZON_TURNS` turns on, when the next turn begins."""
    return HORIZON_TURNS is not None and now.turns >= start.turns + HORIZON_TURNS


def policy(state: ImpulseState, seat: int, decision) -> object:
    """The rollout policy: the game's own bot, given the decision it would work out again."""
    return choose(None, state, seat, decision)


PIECES = SearchPieces(evaluate=evaluate, horizon=horizon, max_candidates=8, chain_depth=4, policy=policy)
