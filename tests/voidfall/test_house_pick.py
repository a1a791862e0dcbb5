"""Issue 22 item 12: bot players pick houses with variety (they used to take the first offered),
deterministically (the same state gets the same pick, and the pick does not advance the RNG)."""

from __future__ import annotations

from games.voidfall import RULES


def _first_pick(seed: int) -> tuple[str, str]:
    """The first house decision of a 3-player game with every house on offer: (first offered, bot pick)."""
    state = RULES.setup(3, seed, {"houses": "all"})
    d = RULES.pending(state)[0]
    return d.options[0].id, RULES.baseline_choice(state, d.seat)


def test_bots_do_not_always_take_the_first_house_offered():
    picks = [_first_pick(seed) for seed in range(1, 7)]
    assert any(pick != first for first, pick in picks)
    assert len({pick for _, pick in picks}) >= 3


def test_the_house_pick_is_deterministic_and_leaves_the_rng_alone():
    state = RULES.setup(2, 5, {"houses": "all"})
    seat = RULES.pending(state)[0].seat
    before = state.rng.state
    assert RULES.baseline_choice(state, seat) == RULES.baseline_choice(state, seat)
    assert state.rng.state == before
