"""Renderer smoke tests: public and private PNGs from views of mid-game states."""

import time

import pytest

from games.core import play
from renderers import render_private, render_public

from .helpers import RULES


@pytest.mark.parametrize("players", [1, 3, 4])
def test_public_and_private_render_mid_game(players):
    """Public image (field, clouds, vote board, dice, tracks) and private hand image render from views."""
    result = play(RULES, players, 11)
    state = RULES.setup(players, 11)
    for seat, choice in result.moves[: len(result.moves) // 2]:
        state = RULES.apply(state, seat, choice)
    names = ["Ann", "Bob", "Cyd", "Dee"][:players]
    start = time.perf_counter()
    pub = render_public("petrichor", RULES.view(state, None), names)
    priv = render_private("petrichor", RULES.view(state, 0), names)
    assert pub[:8] == b"\x89PNG\r\n\x1a\n" and priv[:8] == b"\x89PNG\r\n\x1a\n"
    assert time.perf_counter() - start < 1.0
    final = render_public("petrichor", RULES.view(result.final, None), names)
    assert final[:4] == b"\x89PNG"
