"""Renderer tests: public map, detail texts and private hand from views of mid-game states."""

import io

import pytest
from PIL import Image

from games.core import play, replay
from renderers import render_detail, render_private, render_public

from .helpers import RULES


@pytest.mark.parametrize("players,options", [(2, None), (4, None), (6, {"teams": "pairs"})])
def test_public_detail_and_private_render(players, options):
    """Issue 9: the map, Impulse row and scores (public), every tech's and card's text (detail),
    and the hand with full texts and the seat's techs (private), at most 1000 px wide."""
    result = play(RULES, players, 7, options)
    state = replay(RULES, players, 7, options, result.moves[: len(result.moves) // 2])
    names = [f"P{i}" for i in range(players)]
    for png in (render_public("impulse", RULES.view(state, None), names),
                render_detail("impulse", RULES.view(state, None), names),
                render_private("impulse", RULES.view(state, 1), names),
                render_public("impulse", RULES.view(result.final, None), names)):
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        assert Image.open(io.BytesIO(png)).width <= 1000
