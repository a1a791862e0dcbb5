"""The renderers' drawing shortcuts give Pillow's pixels exactly (issue 39: cheaper images, the
same images): rounded rectangles from kept corners (renderers/drawing.py), on RGB images and on
the fixed palette's canvases."""

from __future__ import annotations

import random

import pytest
from PIL import Image, ImageDraw

from renderers import common
from renderers.drawing import Drawing, palette_index

INKS = [None, (40, 43, 52), (235, 235, 235), (255, 215, 0), (0, 0, 0)]


def _noise(size: tuple[int, int], seed: int) -> Image.Image:
    """A background of random pixels: every pixel a shape leaves alone must stay as it was."""
    rng = random.Random(seed)
    return Image.frombytes("RGB", size, bytes(rng.randrange(256) for _ in range(size[0] * size[1] * 3)))


@pytest.mark.parametrize("seed", range(6))
def test_rounded_rectangles_are_pillows_pixels(seed):
    rng = random.Random(seed)
    background = _noise((140, 120), seed)
    for _ in range(200):
        x0, y0 = rng.uniform(-20, 120), rng.uniform(-20, 100)
        xy = (x0, y0, x0 + rng.choice([0, 10, 25.5, 40, 90, 130]) + rng.choice([0, 0.5, 0.25]),
              y0 + rng.choice([0, 12, 26, 34.5, 60, 90]))
        if rng.random() < 0.5:   # whole-pixel corners, as most callers give
            xy = tuple(round(v) for v in xy)
        radius = rng.choice([0, 4, 5, 6, 8, 10, 16, 7.5, 30])
        fill, outline = rng.choice(INKS), rng.choice(INKS)
        width = rng.choice([0, 1, 2, 3, 4])
        theirs, ours = background.copy(), background.copy()
        ImageDraw.Draw(theirs).rounded_rectangle(xy, radius, fill=fill, outline=outline, width=width)
        Drawing(ours).rounded_rectangle(xy, radius, fill=fill, outline=outline, width=width)
        assert ours.tobytes() == theirs.tobytes(), (xy, radius, fill, outline, width)


@pytest.mark.parametrize("seed", range(3))
def test_rounded_rectangles_on_a_palette_canvas_are_pillows_pixels(seed):
    """On a palette canvas (what the renderers draw on) colours are the fixed palette's entries,
    and the kept corners give the pixels Pillow's own rounded rectangle gives with those entries."""
    rng = random.Random(seed)
    palette = common.palette_image()
    background = Image.frombytes("P", (140, 120), bytes(rng.randrange(256) for _ in range(140 * 120)))
    background.putpalette(palette.palette)
    for _ in range(150):
        x0, y0 = rng.randint(-20, 120), rng.randint(-20, 100)
        xy = (x0, y0, x0 + rng.choice([0, 10, 25, 40, 90, 130]), y0 + rng.choice([0, 12, 26, 34, 60, 90]))
        radius = rng.choice([0, 4, 5, 6, 8, 10, 16, 7.5, 30])
        fill, outline = rng.choice(INKS), rng.choice(INKS)
        width = rng.choice([0, 1, 2, 3, 4])
        theirs, ours = background.copy(), background.copy()
        entry = (lambda colour: None if colour is None else palette_index(colour, palette))
        ImageDraw.Draw(theirs).rounded_rectangle(xy, radius, fill=entry(fill), outline=entry(outline), width=width)
        Drawing(ours, palette).rounded_rectangle(xy, radius, fill=fill, outline=outline, width=width)
        assert ours.tobytes() == theirs.tobytes(), (xy, radius, fill, outline, width)
