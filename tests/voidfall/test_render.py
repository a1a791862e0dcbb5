"""Voidfall images: drawn from views only, every phase, within Discord's preview width."""

import io

import pytest
from PIL import Image

import renderers
from games.core import play
from games.voidfall import RULES
from renderers.common import KeptDrawings

NAMES = ["Alice", "Bob", "Cleo", "Dan"]


@pytest.mark.parametrize("players", [2, 4])
def test_public_detail_and_private_images_at_every_phase(players):
    states = []
    play(RULES, players, 6, on_step=lambda s, d: states.append(s))
    picks = [states[0], states[len(states) // 3], states[2 * len(states) // 3], states[-1]]
    for state in picks:
        for png in (renderers.render_public("voidfall", RULES.view(state, None), NAMES[:players]),
                    renderers.render_detail("voidfall", RULES.view(state, None), NAMES[:players]),
                    renderers.render_private("voidfall", RULES.view(state, 1), NAMES[:players]),
                    renderers.render_private("voidfall", RULES.view(state, None), NAMES[:players])):
            image = Image.open(io.BytesIO(png))
            assert image.width <= 1000 and image.height > 100


def test_private_view_shows_only_the_viewers_agendas_in_hand():
    states = []
    play(RULES, 2, 6, on_step=lambda s, d: states.append(s))
    state = next(s for s in reversed(states) if s.houses[0].agenda_hand)
    view = RULES.view(state, 1)
    assert "agenda_hand" not in view["houses"][0] and view["houses"][0]["agendas_in_hand"] >= 1
    assert "agenda_hand" in RULES.view(state, 0)["houses"][0]


def test_public_map_draws_every_sector_and_the_owner_fleets_as_markers(monkeypatch):
    """Every sector of the view gets its hex; a house's fleets are listed marker by marker."""
    from renderers import voidfall_map

    monkeypatch.setattr(voidfall_map, "HEXES", KeptDrawings(voidfall_map.HEXES_BUDGET))  # none kept: every hex is drawn
    drawn, fleets = [], []
    real_sector, real_words = voidfall_map.sector, voidfall_map.fleet_words
    monkeypatch.setattr(voidfall_map, "sector", lambda draw, s, *a: (drawn.append(s["key"]), real_sector(draw, s, *a)))
    monkeypatch.setattr(voidfall_map, "fleet_words", lambda s, **kw: (fleets.append(s["key"]), real_words(s, **kw))[1])
    view = RULES.view(RULES.setup(2, 3, {}), None)
    owned = view["sectors"][-1]
    owned.update(owner=1, void=0, fleet={"corvette": 4}, markers={"corvette": [3, 1]})
    renderers.render_public("voidfall", view, NAMES[:2])
    assert sorted(drawn) == sorted(s["key"] for s in view["sectors"])
    assert owned["key"] in fleets and real_words(owned) == "Cor 3+1"


def test_a_board_is_the_same_whether_its_hexes_are_drawn_or_pasted(monkeypatch):
    """A drawn hex is kept and pasted on later boards (`voidfall_map.HEXES`): a board's bytes and
    what its drawing read are the same with no hex kept, with all kept, and after a change that
    only some hexes show; the changed hex is drawn anew."""
    from bot.platform.render_pool import draw_reading
    from renderers import voidfall_map

    monkeypatch.setattr(voidfall_map, "HEXES", KeptDrawings(voidfall_map.HEXES_BUDGET))
    states = []
    play(RULES, 3, 4, on_step=lambda s, d: states.append(s))
    view = RULES.view(states[len(states) // 2], None)
    fresh = draw_reading("public", "voidfall", view, NAMES[:3])
    assert len(voidfall_map.HEXES) == len({repr(s) for s in view["sectors"]})
    assert draw_reading("public", "voidfall", view, NAMES[:3]) == fresh
    changed = RULES.view(states[len(states) // 2], None)
    changed["sectors"][0]["pop"] += 1
    kept = draw_reading("public", "voidfall", changed, NAMES[:3])
    assert kept[0] != fresh[0] and len(voidfall_map.HEXES) == len({repr(s) for s in view["sectors"]}) + 1
    monkeypatch.setattr(voidfall_map, "HEXES", KeptDrawings(voidfall_map.HEXES_BUDGET))
    assert draw_reading("public", "voidfall", changed, NAMES[:3]) == kept
