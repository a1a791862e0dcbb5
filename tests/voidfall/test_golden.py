"""Issue 19: the Voidfall golden set stays identical step for step (see tests/voidfall/golden.py)."""

from __future__ import annotations

import json

import pytest

from .golden import GAMES, GOLDEN_FILE, fingerprints, game_key

RECORDED = json.loads(GOLDEN_FILE.read_text())


@pytest.mark.parametrize("game", GAMES, ids=[game_key(*g) for g in GAMES])
def test_every_step_matches_the_golden_set(game):
    expected = RECORDED[game_key(*game)]
    got = fingerprints(*game)
    first = next((i for i, (a, b) in enumerate(zip(got, expected)) if a != b), None)
    assert first is None and len(got) == len(expected), (
        f"diverges at step {first if first is not None else min(len(got), len(expected))} "
        f"({len(got)} steps now, {len(expected)} recorded)")
