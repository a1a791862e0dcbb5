"""Voidfall's pieces for the hard bot's search (games/voidfall/bots/levels.py): the evaluation
prefers the obviously better position, the horizon ends a rollout where it should, and a hard
decision only ever uses the seat's sample."""

from __future__ import annotations

from games.core import HARD, BotRequest, analyse
from games.voidfall import RULES
from games.voidfall.bots import levels

from .helpers import fresh


def test_the_evaluation_prefers_more_influence_and_is_a_chance():
    state = fresh(2)
    even = levels.evaluate(state, 0)
    assert 0.0 < even < 1.0
    assert abs(levels.evaluate(state, 0) + levels.evaluate(state, 1) - 1.0) < 1e-9   # two seats: one lead
    ahead = state.next_copy()
    ahead.houses[0].influence += 10
    assert levels.evaluate(ahead, 0) > even + 0.2
    assert levels.evaluate(ahead, 1) < levels.evaluate(state, 1)


def test_the_evaluation_prefers_a_bigger_economy_early():
    state = fresh(2)
    richer = state.next_copy()
    richer.houses[0].res = {k: v + 2 for k, v in richer.houses[0].res.items()}
    richer.houses[0].tracks = {k: v + 1 for k, v in richer.houses[0].tracks.items()}
    assert levels.evaluate(richer, 0) > levels.evaluate(state, 0)


def test_the_horizon_ends_with_the_turns_played():
    start = fresh(2)
    later = start.next_copy()
    assert not levels.horizon(start, later)
    later.turn_idx += levels.HORIZON_TURNS
    assert levels.horizon(start, later)
    next_cycle = start.next_copy()
    next_cycle.cycle += 1
    next_cycle.phase = "focus"
    assert levels.horizon(start, next_cycle)


def test_a_hard_search_compares_every_focus_card_and_repeats():
    state = fresh(2)
    seat = RULES.pending(state)[0].seat
    first = analyse(RULES, state, seat, BotRequest(HARD, None, 400))
    again = analyse(RULES, state, seat, BotRequest(HARD, None, 400))
    assert first.choice == again.choice and first.steps == again.steps
    options = {o.id for o in RULES.decision_for(state, seat).options}
    assert first.choice in options
    assert len(first.estimates) >= min(len(options), levels.MAX_CANDIDATES) - 1 or first.rounds >= 1
