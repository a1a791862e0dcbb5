"""What Pocket Mars gives the bot levels (games/core/levels.py): the sampler of its hidden parts and
the search's evaluation.

Hidden from a seat: the deck (order and cards), the discard pile (cards discarded for energy or by
the 4-card rule go face down), the other colonies' hands and draft packs, and the faces of their
prep cards, whose colours everyone sees (except during the secret setup choice, before every
module is ready). What a seat once peeked at is not kept: the sample forgets it."""

from __future__ import annotations

from games.core import HiddenDeal, Rng, SearchPieces, logistic, reseeded

from .bot import choose
from .cards import CARDS
from .effects import placed
from .scoring import breakdown
from .state import COLONISTS, PMState

POINT_SCALE = 4.0         # a lead of this many points is about a 73% winning chance
RACE_WEIGHT = 1.0         # points a colonist on Mars is worth beyond its score (it hurries the end)
HORIZON_ROUNDS: int | None = 2      # rollouts stop after this many more rounds (None: at the game's end)


def _colour(cid: str) -> str:
    return CARDS[cid].colour


def hidden_places(state: PMState, seat: int) -> tuple[PMState, HiddenDeal]:
    """A copy of `state` and the places of everything `seat` cannot see in it."""
    sample = state.next_copy()
    deal = HiddenDeal()
    choosing = bool(sample.setup_waiting) and not sample.packs      # prep colours still secret
    deal.hide_all(sample.deck)
    deal.hide_all(sample.discard)
    for t, p in enumerate(sample.pl):
        if t == seat:
            continue
        deal.hide_all(p.hand)
        deal.hide_all(p.prep, None if choosing and not p.auto else _colour)
        if sample.packs and t < len(sample.packs):
            deal.hide_all(sample.packs[t])
    return sample, deal


def redeal(state: PMState, seat: int, rng: Rng) -> PMState:
    """`GameRules.redeal` for Pocket Mars."""
    copy, deal = hidden_places(state, seat)
    deal.deal(rng)
    reseeded(copy, rng)
    return copy


def evaluate(state: PMState, seat: int) -> float:
    """The seat's winning chance from the score it would have now, plus a little for each colonist
    already on Mars (the race to place all seven ends the game)."""
    def worth(t: int) -> float:
        return breakdown(state, t)["total"] + RACE_WEIGHT * placed(state, t) * placed(state, t) / COLONISTS

    mine = worth(seat)
    best_other = max(worth(t) for t in range(len(state.pl)) if t != seat)
    return logistic(mine - best_other, POINT_SCALE)


def horizon(start: PMState, now: PMState) -> bool:
    """Rollouts stop `HORIZON_ROUNDS` rounds on."""
    return HORIZON_ROUNDS is not None and now.round >= start.round + HORIZON_ROUNDS


PIECES = SearchPieces(evaluate=evaluate, horizon=horizon, max_candidates=8, chain_depth=4, policy=choose)
