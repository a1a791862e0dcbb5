"""What Petrichor gives the bot levels (games/core/levels.py): the sampler of its hidden parts and the
search's evaluation.

Hidden from a seat: the weather deck (its order and which cards are in it), the discard pile (a
passing player's hand and the cards cut at the end of a round go there face down), the other
players' hands (their sizes are public), the order of South Wind's cards (which of them are still
to come is public: each is turned face up), and the random stream of future dice."""

from __future__ import annotations

from games.core import HiddenDeal, Rng, SearchPieces, logistic, reseeded

from .board import tile_scores
from .bot import choose
from .data import DATA, track_points
from .state import PetrichorState

POINT_SCALE = 5.0          # a lead of this many points is about a 73% winning chance
HARVEST_SHARE = 0.6        # share of a crop's harvest-now points counted before the harvest comes


def redeal(state: PetrichorState, seat: int, rng: Rng) -> PetrichorState:
    """`GameRules.redeal` for Petrichor."""
    sample = state.next_copy()
    deal = HiddenDeal()
    deal.hide_all(sample.deck)
    deal.hide_all(sample.discard)
    for other, hand in enumerate(sample.hands):
        if other != seat:
            deal.hide_all(hand)
    deal.deal(rng)
    if sample.sw_deck:
        sample.sw_deck.sort()
        rng.shuffle(sample.sw_deck)
    reseeded(sample, rng)
    return sample


def standing(state: PetrichorState) -> list[float]:
    """Each colour's points if the game ended now: harvests and dice, the vote track, the wheat bonus."""
    most = max(state.wheat)
    lead = [c for c in range(state.ncol) if most > 0 and state.wheat[c] == most]
    bonus = DATA["wheat_bonus"]
    return [state.score[c] + track_points(state.track[c]) + (bonus // len(lead) if c in lead else 0)
            for c in range(state.ncol)]


def worth(state: PetrichorState) -> list[float]:
    """`standing`, plus part of what each colour's drops on sprouted crops would score at a harvest
    while the game runs."""
    totals = standing(state)
    if state.phase == "over":
        return totals
    for tile in state.tiles:
        if tile.stage:
            points, _ = tile_scores(state, tile)
            for colour, n in points.items():
                totals[colour] += HARVEST_SHARE * n
    return totals


def evaluate(state: PetrichorState, seat: int) -> float:
    """The seat's winning chance from its lead in `worth` over the best other colour."""
    totals = worth(state)
    best_other = max(totals[c] for c in range(state.ncol) if c != seat)
    return logistic(totals[seat] - best_other, POINT_SCALE)


def _policy(state: PetrichorState, seat: int, decision) -> object:
    return choose(None, state, decision)


PIECES = SearchPieces(evaluate=evaluate, horizon=None, max_candidates=8, chain_depth=4, policy=_policy)
