"""Issue 19: the Voidfall golden set stays identical step for step (see tests/voidfall/golden.py)."""

from __future__ import annotations

import json

import pytest

from .golden import BOT_GAMES, GAMES, game_key, played, recorded, replayed

RECORDED = recorded()
BY_BOT = [game for game in GAMES if game[1] in BOT_GAMES]


def _first_difference(got: list[str], expected: list[str]) -> str:
    first = next((i for i, (a, b) in enumerate(zip(got, expected)) if a != b), min(len(got), len(expected)))
    return f"diverges at step {first} ({len(got)} steps now, {len(expected)} recorded)"


@pytest.mark.parametrize("game", GAMES, ids=[game_key(*g) for g in GAMES])
def test_the_rules_replay_every_step_of_the_golden_set(game):
    """The recorded moves, applied by the rules alone, give the recorded states, decisions and views."""
    entry = RECORDED[game_key(*game)]
    players, seed, options, _explore = game
    got = replayed(players, seed, options, [tuple(move) for move in entry["moves"]])
    assert got == entry["steps"], _first_difference(got, entry["steps"])


@pytest.mark.parametrize("game", BY_BOT, ids=[game_key(*g) for g in BY_BOT])
def test_the_bot_still_plays_its_golden_games(game):
    """A competitive and a solo game played again by the bot: the same moves and steps (the bot is
    deterministic and leaves the states it reads alone)."""
    entry = RECORDED[game_key(*game)]
    moves, steps = played(*game)
    assert json.loads(json.dumps(moves)) == entry["moves"]
    assert steps == entry["steps"], _first_difference(steps, entry["steps"])

