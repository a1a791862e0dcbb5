"""Renderer API and layout rules shared by every game.

Issue 9 (images readable as Discord shows them: ~550 px wide): every image is at most
1000 px wide, text never leaves its box, detail and private images carry the full texts.
Issue 11 (render cost): PNGs use one fixed palette; renders are pure functions of
(slug, view, names), safe in a process pool.
"""

from __future__ import annotations

import io
import random
from types import SimpleNamespace

import pytest
from PIL import Image

import games
import renderers
from games.core import play, replay
from renderers import common
from renderers.drawing import Drawing

NAMES = ["Ann", "Bartholomew Quintessential", "Cyd", "Dee", "Eve", "Fitz"]
SHIPPED = {"pocket-mars": (1, 2, 3, 4), "petrichor": (1, 2, 3, 4), "impulse": (2, 3, 4, 5, 6)}
CASES = [(slug, n) for slug, counts in SHIPPED.items() for n in counts]


def _image(png: bytes) -> Image.Image:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    return Image.open(io.BytesIO(png))


def _mid_and_final(slug: str, players: int, seed: int = 5):
    rules = games.get(slug)
    result = play(rules, players, seed)
    return rules, replay(rules, players, seed, None, result.moves[: len(result.moves) // 2]), result.final


@pytest.mark.parametrize("slug,players", CASES)
def test_every_image_renders_and_fits_the_preview_width(slug, players):
    """Public, detail and every seat's private image render mid-game and at the end, at most
    1000 px wide and at least 700 px (so big text stays big in a 550 px preview)."""
    rules, mid, final = _mid_and_final(slug, players)
    names = NAMES[:players]
    for state in (mid, final):
        public = _image(renderers.render_public(slug, rules.view(state, None), names))
        assert 700 <= public.width <= common.MAX_WIDTH
        assert public.height <= 1200
        detail = renderers.render_detail(slug, rules.view(state, None), names)
        assert detail is not None and _image(detail).width <= common.MAX_WIDTH
        for seat in range(players):
            private = _image(renderers.render_private(slug, rules.view(state, seat), names))
            assert private.width <= common.MAX_WIDTH


def test_render_is_a_pure_function_of_its_inputs():
    """Same (slug, view, names) -> same bytes, and the view passed in is left untouched."""
    rules, mid, _ = _mid_and_final("impulse", 3)
    view = rules.view(mid, None)
    before = repr(view)
    first = renderers.render_public("impulse", view, NAMES[:3])
    assert renderers.render_public("impulse", view, NAMES[:3]) == first
    assert repr(view) == before


def test_render_detail_is_none_for_a_game_without_a_detail_image(monkeypatch):
    """`detail` is optional in a renderer module; render_detail then returns None."""
    module = SimpleNamespace(public=lambda view, names: Image.new("RGB", (10, 10)),
                             private=lambda view, names: Image.new("RGB", (10, 10)))
    monkeypatch.setattr(renderers, "_module", lambda slug: module)
    assert renderers.render_detail("tiny", {}, []) is None
    assert renderers.render_public("tiny", {}, [])[:4] == b"\x89PNG"


WORDS = ("launch colonist energy Supercalifragilisticexpialidocious a the of draw 1 2 [3] cards "
         "building double-star area, from your ship to Earth.").split()


@pytest.mark.parametrize("size", [12, 16, 20, 24])
@pytest.mark.parametrize("width", [40, 90, 200, 420])
def test_wrap_never_returns_a_line_wider_than_the_box(size, width):
    """Wrapped lines fit the box, even a single word longer than the box (cut with '...')."""
    rnd = random.Random(size * 1000 + width)
    for _ in range(40):
        string = " ".join(rnd.choice(WORDS) for _ in range(rnd.randrange(1, 30)))
        for line in common.wrap(string, width, size):
            assert common.width_of(line, size) <= width, (line, width, size)


@pytest.mark.parametrize("height", [20, 50, 120])
def test_fit_keeps_text_inside_its_box(height):
    """`fit` shrinks the font and, at the smallest size, cuts lines: never taller than the box."""
    rnd = random.Random(height)
    for _ in range(30):
        string = " ".join(rnd.choice(WORDS) for _ in range(rnd.randrange(1, 60)))
        size, lines = common.fit(string, 150, height, 22, 12)
        assert 12 <= size <= 22
        assert len(lines) * common.line_height(size) <= max(height, common.line_height(12))
        assert all(common.width_of(line, size) <= 150 for line in lines)


def _all_card_texts():
    """Every card / tech text the views of seeded games show, with the game it came from."""
    for slug, players in (("pocket-mars", 4), ("impulse", 4)):
        rules, mid, _ = _mid_and_final(slug, players)
        for seat in range(players):
            view = renderers.named(rules.view(mid, seat), NAMES)
            for card in view.get("hand", []) + view.get("prep", []):
                for key in ("upper", "lower", "text"):
                    if key in card:
                        yield card[key]
            for p in view.get("players_info", []):
                for tech in p["techs"]:
                    yield tech["text"]


def test_card_texts_wrap_inside_the_card_boxes_of_the_private_images():
    """Pocket Mars cards were cut mid-sentence: every text now wraps completely inside its card."""
    from renderers import impulse, pocket_mars
    pm_width = (pocket_mars.WIDTH - 20 - 12) // 2 - 24
    im_width = (impulse.WIDTH - 20 - 20) // 3 - 20
    for string in _all_card_texts():
        for width in (pm_width, im_width):
            lines = common.wrap(string, width, common.MID)
            assert " ".join(lines).split() == string.split()   # nothing dropped
            assert all(common.width_of(line, common.MID) <= width for line in lines)


def test_fixed_palette_keeps_the_renderers_colours_exact():
    """The fixed palette holds every flat colour exactly (seat colours stay Okabe-Ito)."""
    image = Image.new("RGB", (len(common.PALETTE_COLOURS), 1))
    for x, colour in enumerate(common.PALETTE_COLOURS):
        image.putpixel((x, 0), colour)
    decoded = _image(common.png_bytes(image)).convert("RGB")
    assert [decoded.getpixel((x, 0)) for x in range(image.width)] == list(common.PALETTE_COLOURS)


def test_anti_aliased_text_keeps_intermediate_shades():
    """Text edges against the fixed palette still get in-between shades (not jagged two-tone)."""
    image, draw = common.canvas(200, 40)
    common.text(draw, (10, 20), "Round 4 to play", common.INK, common.BIG, "lm")
    decoded = _image(common.png_bytes(image)).convert("RGB")
    assert len(decoded.getcolors(1 << 24) or []) >= 5


def test_png_bytes_decode_to_what_pillows_own_encoder_gives():
    """The hand-written PNG chunks decode to the same palette and pixels as Pillow's encoder,
    for a palette canvas as drawn and for an RGB image (reduced to the fixed palette first)."""
    image, draw = common.canvas(301, 57)
    common.text(draw, (10, 20), "Round 4: Ann plays", common.INK, common.BIG, "lm")
    draw.ellipse((200, 5, 240, 45), fill=common.seat_colour(2))
    for drawn in (image, image.convert("RGB")):
        out = io.BytesIO()
        indexed = drawn if drawn.mode == "P" else drawn.quantize(palette=common.palette_image(),
                                                                  dither=Image.Dither.NONE)
        indexed.save(out, format="PNG")
        ours, pillows = _image(common.png_bytes(drawn)), _image(out.getvalue())
        assert (ours.mode, ours.size, ours.getpalette()) == (pillows.mode, pillows.size, pillows.getpalette())
        assert ours.tobytes() == pillows.tobytes()
    assert _image(common.png_bytes(Image.new("RGB", (1, 1)))).size == (1, 1)


def _on_rgb(width: int, height: int) -> tuple[Image.Image, Drawing]:
    image = Image.new("RGB", (width, height), common.BACKGROUND)
    return image, Drawing(image)


def _reduced(image: Image.Image) -> bytes:
    return image.quantize(palette=common.palette_image(), dither=Image.Dither.NONE).tobytes()


def _scene(draw) -> None:
    """Panels, text on them, across their edges, off the image's edges, in every seat colour. No
    text over other text: there a palette canvas blends with the other text's edge as reduced to
    the palette, not as drawn, so a pixel may land on a neighbouring entry; the same holds for text
    on a ground colour missing from the palette: bench/README.md figure 11)."""
    draw.rounded_rectangle((10, 10, 190, 70), 8, fill=common.PANEL, outline=common.EDGE, width=2)
    draw.rectangle((120, 40, 250, 90), fill=common.seat_colour(1))
    draw.ellipse((200, 5, 240, 45), fill=common.seat_colour(2))
    common.text(draw, (20, 30), "Round 4: Ann plays", common.INK, common.BIG, "lm")     # on a panel
    common.text(draw, (100, 60), "across 12/7", common.GOLD, common.MID)                  # panel, bar, ground
    common.text(draw, (-6, 85), "off the left", common.MUTED, common.SMALL)              # clipped
    common.text(draw, (250, 100), "回合 3 輪到你", common.WHITE, common.BIG, "mm")          # CJK, clipped below
    for seat in range(6):
        common.text(draw, (10 + 45 * seat, -6), common.seat_mark(seat), common.seat_colour(seat), common.MID)


def test_a_palette_canvas_is_the_rgb_drawing_reduced_to_the_palette():
    """Drawing straight on the fixed palette (issue 39: no reduction per image) gives the pixels
    that drawing in RGB and reducing the image to the palette gives, text's anti-aliased edges
    included, on flat panels and across mixed ground."""
    palette, draw = common.canvas(300, 110)
    rgb, rgb_draw = _on_rgb(300, 110)
    _scene(draw)
    _scene(rgb_draw)
    assert palette.mode == "P"
    assert palette.tobytes() == _reduced(rgb)


def test_encode_baseline_is_a_png_of_the_requested_size():
    assert _image(common.encode_baseline(880, 600)).size == (880, 600)


def test_cached_text_matches_pillow_text():
    """The glyph-mask cache draws exactly what ImageDraw.text draws (on RGB: on a palette
    canvas, Pillow's own text is not anti-aliased, and ours is the RGB text reduced, above)."""
    a, da = _on_rgb(300, 50)
    b, db = _on_rgb(300, 50)
    for anchor in ("la", "lm", "mm", "rm"):
        common.text(da, (150, 25), "Pocket Mars 12/7", common.INK, 22, anchor)
        db.text((150, 25), "Pocket Mars 12/7", fill=common.INK, font=common.font(22), anchor=anchor)
    assert a.tobytes() == b.tobytes()


@pytest.mark.parametrize("slug", games.SHIPPED)
def test_every_registered_renderer_stays_within_the_preview_width(slug):
    """The 1000 px rule holds for every game with a renderer (new games included): public,
    detail and private images at setup and mid-game."""
    try:
        rules = games.get(slug)
    except KeyError:
        pytest.skip(f"{slug} has a renderer but is not registered yet")
    players = max(rules.min_players, min(2, rules.max_players))
    states = []
    try:  # the first 200 choices are enough; long games (Voidfall) are not over by then
        play(rules, players, 3, on_step=lambda state, decisions: states.append(state), max_steps=200)
    except RuntimeError:
        pass
    names = NAMES[:players]
    for state in (states[0], states[len(states) // 2]):
        pngs = [renderers.render_public(slug, rules.view(state, None), names),
                renderers.render_detail(slug, rules.view(state, None), names),
                renderers.render_private(slug, rules.view(state, 0), names)]
        for png in filter(None, pngs):
            assert _image(png).width <= common.MAX_WIDTH


def test_warm_up_fills_the_caches_without_changing_any_image():
    """`warm_up` (for a render worker's initializer) only fills caches: images stay identical."""
    rules, mid, _ = _mid_and_final("petrichor", 2)
    before = renderers.render_public("petrichor", rules.view(mid, None), NAMES[:2])
    renderers.warm_up()
    assert common._glyphs.cache_info().currsize > 0
    assert renderers.render_public("petrichor", rules.view(mid, None), NAMES[:2]) == before


def test_as_text_reads_strings_entries_and_lists():
    """View texts may be plain strings or {"name", "text"} entries; images read both."""
    assert common.as_text("x") == "x"
    assert common.as_text({"name": "Sector Core", "text": "scores [1]"}) == "scores [1]"
    assert common.as_text(["a", {"text": "b"}]) == "a; b"
    assert common.as_text(None) == ""
