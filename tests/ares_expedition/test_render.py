"""Renderer smoke tests: public board and private hand from the views of real game states."""

from __future__ import annotations

import pytest

from games.ares_expedition import RULES
from games.core import play, replay
from renderers import render_detail, render_private, render_public


@pytest.mark.parametrize("players", [1, 2, 4])
def test_render_mid_and_end_of_game(players):
    """Issue: public tracks with colour bands, oceans with rewards, TR/VP, phases picked, tableaus;
    private hand with full card faces (cost after discounts, requirement met or not)."""
    result = play(RULES, players, 11)
    names = ["Ann", "Bob", "Cyd", "Dee"][:players]
    for cut in (0, len(result.moves) // 3, len(result.moves)):
        state = replay(RULES, players, 11, None, result.moves[:cut])
        assert render_public("ares-expedition", RULES.view(state, None), names).startswith(b"\x89PNG")
        for seat in range(players):
            assert render_private("ares-expedition", RULES.view(state, seat), names).startswith(b"\x89PNG")


def test_render_a_full_hand():
    state = RULES.setup(2, 3)
    state.pl[0].hand.extend(state.deck[-6:])
    del state.deck[-6:]
    image = render_private("ares-expedition", RULES.view(state, 0), ["Ann", "Bob"])
    assert image.startswith(b"\x89PNG")


def test_detail_image_lists_engines_and_scores():
    result = play(RULES, 2, 7)
    image = render_detail("ares-expedition", RULES.view(result.final, None), ["Ann", "Bob"])
    assert image is not None and image.startswith(b"\x89PNG")
