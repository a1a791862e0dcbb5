"""Renderer tests: public, detail and private PNGs from views of mid-game states."""

import io

import pytest
from PIL import Image

from games.core import play
from games.core.i18n import localize
from renderers import render_detail, render_private, render_public
from renderers.petrichor import crop_pays

from .helpers import RULES


def view(state, seat):
    """The view as an English reader gets it (its messages rendered), as renderers are handed it."""
    return localize(RULES.view(state, seat), "en")


@pytest.mark.parametrize("players", [1, 3, 4])
def test_public_detail_and_private_render_mid_game(players):
    """Public image (labelled field, clouds, vote board, dice, scores), detail image (crops, vote
    track) and private hand image render from views, at most 1000 px wide."""
    result = play(RULES, players, 11)
    state = RULES.setup(players, 11)
    for seat, choice in result.moves[: len(result.moves) // 2]:
        state = RULES.apply(state, seat, choice)
    names = ["Ann", "Bob", "Cyd", "Dee"][:players]
    for png in (render_public("petrichor", view(state, None), names),
                render_detail("petrichor", view(state, None), names),
                render_private("petrichor", view(state, 0), names),
                render_public("petrichor", view(result.final, None), names),
                render_detail("petrichor", view(result.final, None), names)):
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        assert Image.open(io.BytesIO(png)).width <= 1000


def test_crop_scoring_from_the_view_is_drawn_when_present():
    """Issue 10 point 7: a player must see what a crop pays. The renderer reads the crop table
    from the view in whichever shape it comes (text, or rank tables)."""
    assert crop_pays({"crop_table": {"potato": {"pays": "3/7/3/2 by rank"}}}, "potato") == "3/7/3/2 by rank"
    assert crop_pays({"crops": {"potato": {"table": [3, 7, 3, 2]}}}, "potato") == "3/7/3/2"
    assert "grown 10/5/2/1" in crop_pays({"crops": [{"crop": "coffee", "sprout_table": [5, 3, 2, 1],
                                                      "grown_table": [10, 5, 2, 1]}]}, "coffee")
    assert crop_pays({}, "potato") == ""
    state = RULES.setup(2, 3)
    shown = view(state, None)
    shown["crop_table"] = {t["crop"]: {"pays": "1st 5, 2nd 3, 3rd 1 " * 3} for t in shown["field"]["tiles"]}
    assert render_public("petrichor", shown, ["Ann", "Bob"])[:4] == b"\x89PNG"
    assert render_detail("petrichor", shown, ["Ann", "Bob"])[:4] == b"\x89PNG"
