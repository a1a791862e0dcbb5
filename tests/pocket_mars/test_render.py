"""Renderer smoke test: public board and private cards from the views of a mid-game state."""

from __future__ import annotations

import time

import pytest

from games.core import play, replay
from games.pocket_mars import RULES
from renderers import render_private, render_public


@pytest.mark.parametrize("players", [1, 2, 4])
def test_render_mid_game(players):
    """Issue: public board (buildings with top values and colonists, ships, energy, prep backs, Earth,
    deck/discard counts) and a private image (hand and prep faces), drawn from views only."""
    result = play(RULES, players, 11)
    state = replay(RULES, players, 11, None, result.moves[: len(result.moves) // 2])
    names = ["Ann", "Bob", "Cyd", "Dee"][:players]
    start = time.perf_counter()
    pub = render_public("pocket-mars", RULES.view(state, None), names)
    priv = render_private("pocket-mars", RULES.view(state, 0), names)
    assert pub.startswith(b"\x89PNG") and priv.startswith(b"\x89PNG")
    assert time.perf_counter() - start < 1.0
    end = render_public("pocket-mars", RULES.view(result.final, None), names)
    assert end.startswith(b"\x89PNG")


def test_render_draft_and_in_play():
    """Article 遊戲設置 05 變體 (draft pack, private) and 從手中打出 (a played card is face up until discarded)."""
    state = RULES.setup(2, 4, {"setup": "draft"})
    assert render_private("pocket-mars", RULES.view(state, 0), ["Ann", "Bob"]).startswith(b"\x89PNG")
    view = RULES.view(state, None)
    view["in_play"] = [dict(RULES.view(state, 0)["draft_pack"][0])]
    assert render_public("pocket-mars", view, ["Ann", "Bob"]).startswith(b"\x89PNG")
