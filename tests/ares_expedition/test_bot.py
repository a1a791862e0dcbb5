"""The bot plays to win: it beats a random player and finishes games."""

from __future__ import annotations

import random

from games.ares_expedition import RULES
from games.core import random_choice


def test_bot_beats_a_random_player():
    wins = 0
    for seed in range(3):
        rnd = random.Random(seed)
        state = RULES.setup(2, seed)
        for _ in range(20000):
            decisions = RULES.pending(state)
            if not decisions:
                break
            d = decisions[rnd.randrange(len(decisions))]
            choice = RULES.bot_choice(state, 0) if d.seat == 0 else random_choice(d, rnd)
            state = RULES.apply(state, d.seat, choice)
        out = RULES.outcome(state)
        assert out is not None
        wins += out.winners == (0,)
    assert wins == 3


def test_bot_choices_are_always_legal():
    state = RULES.setup(3, 8)
    for _ in range(400):
        decisions = RULES.pending(state)
        if not decisions:
            break
        for d in decisions:
            d.validate(RULES.bot_choice(state, d.seat))
        state = RULES.apply(state, decisions[0].seat, RULES.bot_choice(state, decisions[0].seat))
