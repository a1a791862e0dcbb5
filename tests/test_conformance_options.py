"""The conformance suite, continued: every non-default option value at every player count it
allows, and every option combination a game declares, played in full with the contract checked at
every step (tests/support/conformance.py). Apart from tests/test_conformance.py so that the two
halves run in parallel."""

from __future__ import annotations

import pytest

import games
from tests.support.conformance import playout_checked

pytestmark = pytest.mark.usefixtures("states_only_bots")  # the bots only lead to states to check (tests/conftest.py)


VARIANTS = [
    (slug, spec.key, value)
    for slug, rules in sorted(games.REGISTRY.items())
    for spec in rules.options
    for value in spec.choices
    if value != spec.default
]


@pytest.mark.parametrize("slug,key,value", VARIANTS)
def test_every_option_value_plays_to_the_end(slug, key, value):
    """Each non-default option follows the whole contract at every player count it allows."""
    rules = games.get(slug)
    played = 0
    for players in range(rules.min_players, rules.max_players + 1):
        try:
            rules.setup(players, 1, {key: value})
        except ValueError:
            continue  # this option does not fit this player count
        playout_checked(rules, players, players, {key: value}, explore=0.3, try_all=False)
        played += 1
    assert played, f"{key}={value} fits no player count"


COMBINATIONS = [
    (slug, players, combo)
    for slug, rules in sorted(games.REGISTRY.items())
    for combo in getattr(rules, "conformance_options", ())
    for players in range(rules.min_players, rules.max_players + 1)
]


@pytest.mark.parametrize("slug,players,combo", COMBINATIONS)
def test_declared_option_combinations_follow_the_contract(slug, players, combo):
    """Option combinations a game names as distinct ways to play (e.g. co-op at each difficulty)."""
    rules = games.get(slug)
    try:
        rules.setup(players, 1, combo)
    except ValueError:
        pytest.skip(f"{combo} does not fit {players} players")
    playout_checked(rules, players, 11 + players, combo, explore=0.3, try_all=False)
