"""The conformance suite every registered game must pass (parametrized over the registry): seeded
playouts at every player count, bad choices, setup. Every non-default option value and declared
combination is played in tests/test_conformance_options.py; the checks are tests/support/conformance.py."""

from __future__ import annotations

import os
import random

import pytest

import games
from games.core import IllegalChoice, NotYourTurn, play, random_choice
from tests.support.conformance import honesty_checked, playout_checked

SEEDS = int(os.environ.get("CONFORMANCE_SEEDS", "4"))
HONESTY_CHECKS = int(os.environ.get("CONFORMANCE_HONESTY_CHECKS", "3"))   # positions checked per game

pytestmark = pytest.mark.usefixtures("states_only_bots")  # the bots only lead to states to check (tests/conftest.py)


CASES = [
    (slug, players)
    for slug, rules in sorted(games.REGISTRY.items())
    for players in range(rules.min_players, rules.max_players + 1)
]


@pytest.mark.parametrize("slug,players", CASES)
def test_playouts_follow_the_contract(slug, players):
    rules = games.get(slug)
    for seed in range(SEEDS):
        playout_checked(rules, players, seed, None, explore=0.4, try_all=seed == 0)


@pytest.mark.parametrize("slug,players", CASES)
def test_bad_choices_raise_and_change_nothing(slug, players):
    rules = games.get(slug)
    state = rules.setup(players, 99)
    rnd = random.Random(5)
    for _ in range(60):
        decisions = rules.pending(state)
        if not decisions:
            break
        before = rules.dump(state)
        acting = {d.seat for d in decisions}
        idle = [s for s in range(players) if s not in acting]
        if idle:
            with pytest.raises(NotYourTurn):
                rules.apply(state, idle[0], random_choice(decisions[0], rnd))
        decision = decisions[0]
        for bad in ("no-such-option", ["no-such-option"], 10**9, None, {"x": 1}):
            with pytest.raises(IllegalChoice):
                rules.apply(state, decision.seat, bad)
        for huge in ("x" * 10**6, ["x" * 10**6]):  # messages quote at most a short piece of the input
            with pytest.raises(IllegalChoice) as refused:
                rules.apply(state, decision.seat, huge)
            assert len(str(refused.value)) < 400, str(refused.value)[:200]
        with pytest.raises(ValueError):
            rules.apply(state, players + 3, random_choice(decision, rnd))
        assert rules.dump(state) == before, "a rejected choice must change nothing"
        state = rules.apply(state, decision.seat, rules.bot_choice(state, decision.seat))


@pytest.mark.parametrize("slug", sorted(games.REGISTRY))
def test_setup_rejects_bad_player_counts_and_options(slug):
    rules = games.get(slug)
    with pytest.raises(ValueError):
        rules.setup(rules.max_players + 1, 1)
    with pytest.raises(ValueError):
        rules.setup(rules.min_players, 1, {"no-such-option": "x"})
    with pytest.raises(ValueError) as refused:
        rules.setup(rules.min_players, 1, {"k" * 10**6: "x"})
    assert len(str(refused.value)) < 400, "an error quotes at most a short piece of the input"
    assert rules.title and rules.summary


@pytest.mark.parametrize("slug", sorted(games.REGISTRY))
def test_same_seed_same_game(slug):
    rules = games.get(slug)
    players = rules.max_players
    a = play(rules, players, 7)
    b = play(rules, players, 7)
    assert a.moves == b.moves
    assert rules.dump(a.final) == rules.dump(b.final)


def test_counts_read_as_people_write_them():
    """Texts shown to people say "1 card" and "3 cards", never "card(s)" after a count."""
    from games.core import fill_names

    assert fill_names("{seat:0} draws 1 card(s).", ["alice"]) == "alice draws 1 card."
    assert fill_names("3 free step(s) of oxygen; +2 point(s)", []) == "3 free steps of oxygen; +2 points"
    assert fill_names("refine up to 2 mineral card(s)", []) == "refine up to 2 mineral cards"


# -- bot players: honest by construction (tests/support/conformance.py, "honesty") -----------------
HONESTY_OPTIONS = {   # (players, options): ways to play with hidden parts of their own, beside the defaults
    "pocket-mars": ((3, {"setup": "draft"}),),
    "ares-expedition": ((2, {"setup": "advanced"}), (2, {"mode": "coop"}), (1, {"difficulty": "advanced"})),
    "impulse": ((4, {"teams": "pairs"}),),
    "voidfall": ((2, {"mode": "coop", "secret_focus": "on"}), (3, {"houses": "all"}), (1, {"difficulty": "hard"})),
}
HONESTY_CASES = [
    (slug, players, None)
    for slug, rules in sorted(games.REGISTRY.items())
    for players in range(rules.min_players, rules.max_players + 1)
] + [(slug, players, options) for slug, cases in sorted(HONESTY_OPTIONS.items()) for players, options in cases]


@pytest.mark.parametrize("slug,players,options", HONESTY_CASES)
def test_bots_decide_only_from_what_their_seat_may_see(slug, players, options):
    """Checks (a), (a') and (b) of tests/support/conformance.py along a seeded game: the redeal is a
    state the seat cannot tell apart, it depends only on what the seat sees, and every level's choice
    is the same in states the seat cannot tell apart."""
    rules = games.get(slug)
    if not rules.has_redeal():
        pytest.skip(f"{slug} declares no redeal yet: its bot levels come later (only its one bot plays)")
    assert honesty_checked(rules, players, 11 + players, options, checks=HONESTY_CHECKS) >= 2
