"""Renderer tests: public board, detail and private cards from the views of mid-game states."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from games.core import play, replay
from games.pocket_mars import RULES
from renderers import render_detail, render_private, render_public


def _size(png: bytes) -> tuple[int, int]:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    return Image.open(io.BytesIO(png)).size


@pytest.mark.parametrize("players", [1, 2, 4])
def test_render_mid_game(players):
    """Issue: public board (buildings with values to beat and colonists, ships, energy, prep backs,
    Earth, deck/discard counts), a detail image (scores, card texts) and a private image (hand and
    prep faces with full texts), drawn from views only, at most 1000 px wide."""
    result = play(RULES, players, 11)
    state = replay(RULES, players, 11, None, result.moves[: len(result.moves) // 2])
    names = ["Ann", "Bob", "Cyd", "Dee"][:players]
    for png in (render_public("pocket-mars", RULES.view(state, None), names),
                render_detail("pocket-mars", RULES.view(state, None), names),
                render_private("pocket-mars", RULES.view(state, 0), names),
                render_public("pocket-mars", RULES.view(result.final, None), names)):
        assert _size(png)[0] <= 1000


def test_render_draft_and_in_play():
    """Article 遊戲設置 05 變體 (draft pack, private) and 從手中打出 (a played card is face up until discarded)."""
    state = RULES.setup(2, 4, {"setup": "draft"})
    assert render_private("pocket-mars", RULES.view(state, 0), ["Ann", "Bob"]).startswith(b"\x89PNG")
    view = RULES.view(state, None)
    view["in_play"] = [dict(RULES.view(state, 0)["draft_pack"][0])]
    assert render_public("pocket-mars", view, ["Ann", "Bob"]).startswith(b"\x89PNG")
    assert render_detail("pocket-mars", view, ["Ann", "Bob"]).startswith(b"\x89PNG")


def test_long_card_texts_are_not_cut():
    """Issue 9: card texts were cut mid-sentence; the private card grows to hold the whole text."""
    from renderers import common, named, pocket_mars
    state = RULES.setup(2, 4, None)
    view = named(RULES.view(state, 0), ["Ann", "Bob"])
    card = dict(view["hand"][0], upper="Launch 1 of your colonists from Earth to your ship. " * 6)
    width = (pocket_mars.WIDTH - 32) // 2
    lines = common.wrap(card["upper"], width - 24, common.MID)
    assert " ".join(lines).split() == card["upper"].split()
    assert pocket_mars._card_height(card, width) > pocket_mars._card_height(view["hand"][0], width)
    view["hand"] = [card]
    assert render_private("pocket-mars", view, ["Ann", "Bob"]).startswith(b"\x89PNG")
