"""The pieces the hard level's search takes from each game (games/<game>/bot_levels.py) and the
search's own knobs (games/core/search.py): evaluations prefer the obviously better position,
horizons stop where they say, rollout policies play like the game's own bot, and the bench's
budget per title reads as documented."""

from __future__ import annotations

import random

from bench import strength
from games.core import search
from games.core.search import SearchPieces
from games.impulse import RULES as IMPULSE
from games.impulse import bot_levels as impulse_levels
from games.pocket_mars import RULES as POCKET_MARS
from games.pocket_mars import bot_levels as mars_levels
from games.pocket_mars.cards import HABITABLE
from games.pocket_mars.effects import bld


def _walk(rules, seed: int, moves: int):
    """A seeded game played `moves` steps by the game's own bot, and every state on the way."""
    state = rules.setup(2, seed)
    order = random.Random(seed)
    seen = [state]
    for _ in range(moves):
        pending = rules.pending(state)
        if not pending:
            break
        decision = pending[order.randrange(len(pending))]
        state = rules.apply(state, decision.seat, rules.baseline_choice(state, decision.seat))
        seen.append(state)
    return seen


def test_new_search_knobs_default_to_todays_behaviour():
    """Voidfall and every game that does not set them search exactly as before."""
    pieces = SearchPieces(evaluate=lambda state, seat: 0.5)
    assert pieces.switch_z == search.SWITCH_Z and pieces.drop_z == search.DROP_Z


def test_a_lower_switch_bar_leaves_the_baseline_pick_sooner():
    """Candidate 1 leads the baseline's pick by about 1.5 standard errors: the default bar (2) keeps
    the baseline's pick, a bar of 1 switches."""
    base = [0.5, 0.5, 0.5, 0.5, 0.5, 0.5]
    other = [0.6, 0.45, 0.65, 0.5, 0.55, 0.62]
    values = [base, other]
    assert search._final([0, 1], values, 6) == 0
    assert search._final([0, 1], values, 6, switch_z=1.0) == 1


def test_pocket_mars_evaluation_prefers_more_colonists_in_star_areas():
    state = POCKET_MARS.setup(2, 3)
    even = mars_levels.evaluate(state, 0)
    assert 0.45 < even < 0.55
    ahead = state.next_copy()
    for colour in HABITABLE[:2]:
        bld(ahead, colour).star[0] += 1
    assert mars_levels.evaluate(ahead, 0) > even > mars_levels.evaluate(ahead, 1)


def test_pocket_mars_rollouts_stop_at_the_horizon():
    states = _walk(POCKET_MARS, 4, 400)
    start = states[0]
    assert not mars_levels.horizon(start, start)
    later = next(s for s in states if s.round >= start.round + (mars_levels.HORIZON_ROUNDS or 10**6))
    assert mars_levels.horizon(start, later)


def test_impulse_rollout_policy_plays_like_the_game_s_own_bot():
    for state in _walk(IMPULSE, 5, 80)[::4]:
        for decision in IMPULSE.pending(state):
            assert impulse_levels.policy(state, decision.seat, decision) == IMPULSE.baseline_choice(state, decision.seat)


def test_impulse_evaluation_prefers_more_points():
    state = IMPULSE.setup(2, 6)
    ahead = state.next_copy()
    ahead.ps[0].score += 3
    assert impulse_levels.evaluate(ahead, 0) > impulse_levels.evaluate(state, 0) > impulse_levels.evaluate(ahead, 1)


def test_the_bench_budget_is_set_per_title_or_for_all():
    assert strength.work_per_title([]) == strength.BENCH_WORK
    every = strength.work_per_title(["250"])
    assert set(every.values()) == {250}
    one = strength.work_per_title(["impulse=700"])
    assert one["impulse"] == 700 and one["pocket-mars"] == strength.BENCH_WORK["pocket-mars"]


def test_the_bench_picks_lines_so_a_run_can_be_split():
    pairs = strength.matches(("impulse",), 4, False, True, ("hard-baseline",))
    assert {(m.level, m.opponent) for m in pairs} == {("hard", "baseline")} and len(pairs) == 4
    solo = strength.matches(("ares-expedition",), 3, True, False, None, ("hard-advanced",))
    assert [(m.level, dict(m.options)["difficulty"]) for m in solo] == [("hard", "advanced")] * 3
