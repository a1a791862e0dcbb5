"""The Voidborn crisis board and the solo map in the public image: drawn from views only, for
1-4 players and every difficulty, within Discord's preview width."""

from __future__ import annotations

import io
import math

import pytest
from PIL import Image

import renderers
from games.voidfall.data import game_map
from games.voidfall.solo.content import BOARD
from renderers import voidfall, voidfall_map, voidfall_solo
from renderers.common import MAX_WIDTH, KeptDrawings

from .helpers import RULES, fresh

NAMES = ["Alice", "Bob", "Cleo", "Dan"]


def _busy(players: int, difficulty: str = "medium"):
    """A started game with a crisis or harbinger on each row, 2 catastrophes, a current crisis
    and harbingers on the map: the board with something in every part."""
    state = fresh(players, 3, difficulty=difficulty)
    crises = [c for c in sorted(state.solo.crisis_decks["1"])]
    state.crisis.military[:] = ["H", crises[0]]
    state.crisis.economic[:] = [crises[1]]
    state.crisis.catastrophes = 2
    state.solo.current = crises[2]
    for key in game_map(state).get("harbingers", BOARD["harbingers"])[str(players)][:2]:
        state.solo.harbingers.setdefault(key, 1)  # medium starts with none since its second pass
    return state


def _image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def _spy(monkeypatch, module, name):
    calls = []
    real = getattr(module, name)

    def wrapper(*args, **kwargs):
        calls.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, wrapper)
    return calls


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_public_image_carries_the_crisis_board_at_every_size_and_difficulty(players, difficulty, monkeypatch):
    """危機面板 (the crisis board is public): drawn under (or beside) the map, within 1000 px."""
    rows = _spy(monkeypatch, voidfall_solo, "_row")
    current = _spy(monkeypatch, voidfall_solo, "_current")
    view = RULES.view(_busy(players, difficulty), None)
    image = _image(renderers.render_public("voidfall", view, NAMES[:players]))
    assert image.width <= MAX_WIDTH and 600 < image.height < 2 * MAX_WIDTH
    assert [c[2] for c in rows] == ["military", "economic"]
    assert len(current) == 1 and current[0][1]["current_card"]["name"]
    detail = _image(renderers.render_detail("voidfall", view, NAMES[:players]))
    assert detail.width <= MAX_WIDTH


def test_board_shows_rows_values_catastrophes_and_deck_counts_only():
    view = RULES.view(_busy(1), None)["solo"]
    assert [c["harbinger"] for c in view["slots"]["military"]] == [True, False]
    assert view["slots"]["economic"][0]["condition"] and view["current_card"]["condition"]
    assert view["slot_values"]["military"][len(view["military"])] == view["military_value"]
    assert sum(view["alert_counts"].values()) == view["alert_left"]
    assert voidfall_solo.cost_parts(view["slot_values"]["economic"][1]) == [("F", 1), ("E", 1)]  # drawn as chips
    assert voidfall_solo.cost_parts(3) == "+3"


def test_harbinger_icon_is_drawn_on_its_sector(monkeypatch):
    """前驅 (harbingers on their sectors): a white diamond inside that sector's hex. Each hex is
    drawn on a tile of its own and pasted (`voidfall_map.HEXES`, none kept here), so the icon's
    place on the board is its place on the tile plus where the tile goes."""
    monkeypatch.setattr(voidfall_map, "HEXES", KeptDrawings(voidfall_map.HEXES_BUDGET))
    tiles = _spy(monkeypatch, voidfall_map, "sector")
    icons = []
    real_icon = voidfall_map.harbinger_icon

    def icon(draw, x, y, radius, *args):
        icons.append((tiles[-1][1]["key"], x, y, radius))
        return real_icon(draw, x, y, radius, *args)

    monkeypatch.setattr(voidfall_map, "harbinger_icon", icon)
    layouts = _spy(monkeypatch, voidfall, "draw_map")
    state = _busy(1)
    view = RULES.view(state, None)
    key = sorted(view["solo"]["harbingers"])[0]
    png = renderers.render_public("voidfall", view, NAMES[:1])
    _, _, layout, ox, oy = layouts[-1]
    cx, cy = layout.centre(key, ox, oy)
    left, top = cx - math.floor(layout.r) - voidfall_map.TILE_PAD, cy - math.floor(layout.r) - voidfall_map.TILE_PAD
    near = [(left + x, top + y, radius) for drawn, x, y, radius in icons if drawn == key]
    assert near, f"no harbinger icon on {key}"
    x, y, radius = near[0]
    assert abs(x - cx) < layout.r and abs(y - cy) < layout.r
    assert _image(png).getpixel((round(x), round(y) - radius + 3)) == (255, 255, 255)


def test_two_harbingers_on_one_sector_are_counted():
    state = _busy(1)
    key = sorted(state.solo.harbingers)[0]
    state.solo.harbingers[key] = 2
    view = RULES.view(state, None)
    assert view["solo"]["harbingers"][key] == 2
    renderers.render_public("voidfall", view, NAMES[:1])


def test_fleets_show_as_markers():
    assert voidfall_map.fleet_words({"markers": {"destroyer": [2], "corvette": [3, 1]}}) == "Cor 3+1 Des 2"
    assert voidfall_map.fleet_words({"fleet": {"sentry": 2, "carrier": 0}}) == "Sen 2"


def test_map_fits_any_sector_keys():
    """Negative and shifted axial keys: every hex lies inside the box the layout reports."""
    keys = ["-3,1", "-2,1", "0,3", "2,-1", "1,-2"]
    layout = voidfall_map.Layout(keys, 980, 840)
    for key in keys:
        x, y = layout.centre(key)
        assert layout.r * 0.8 <= x <= 980 - layout.r * 0.8 and layout.r * 0.9 <= y <= layout.height - layout.r * 0.9


def test_older_views_without_the_card_details_still_draw():
    view = RULES.view(_busy(2), None)
    for key in ("slots", "slot_values", "current_card", "alert_text", "alert_counts", "storms"):
        view["solo"].pop(key, None)
    assert _image(renderers.render_public("voidfall", view, NAMES[:2])).width <= MAX_WIDTH


def test_competitive_image_has_no_crisis_board(monkeypatch):
    rows = _spy(monkeypatch, voidfall_solo, "_row")
    view = RULES.view(RULES.setup(2, 1, {}), None)
    renderers.render_public("voidfall", view, NAMES[:2])
    assert rows == []


@pytest.mark.parametrize("players,difficulty", [(1, "easy"), (3, "hard")])
def test_images_through_a_game(players, difficulty):
    """From setup on (to the Voidborn's final Influence when the game ends within the bound; whole
    games are test_games.py's business): every image draws, within the width."""
    state = RULES.setup(players, 12, {"difficulty": difficulty})
    for step in range(900):
        if step % 150 == 0 or state.over:
            for png in (renderers.render_public("voidfall", RULES.view(state, None), NAMES[:players]),
                        renderers.render_detail("voidfall", RULES.view(state, None), NAMES[:players]),
                        renderers.render_private("voidfall", RULES.view(state, 0), NAMES[:players])):
                assert _image(png).width <= MAX_WIDTH
        if state.over:
            break
        seat = RULES.pending(state)[0].seat
        state = RULES.apply(state, seat, RULES.bot_choice(state, seat))
