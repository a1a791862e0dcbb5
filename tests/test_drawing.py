"""The renderers' drawing shortcuts give Pillow's pixels exactly (issue 39: cheaper images, the
same images): rounded rectangles from kept corners (renderers/drawing.py)."""

from __future__ import annotations

import random

import pytest
from PIL import Image, ImageDraw

from renderers.drawing import Drawing

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
