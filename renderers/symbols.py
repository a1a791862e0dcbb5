"""Small drawn symbols that stand for a colour or a suit beside (or instead of) its colour, so
colour is never the only cue and no image needs a letter code ("G", "B2", "W"): each image
that uses them names them in words in a legend.

Drawn with Pillow shapes rather than font glyphs: the bundled fonts lack most pictographs, and
a shape reads the same at any size. Each function draws centred on (cx, cy) within radius `r`.
"""

from __future__ import annotations

import math
from typing import Callable

Ink = tuple[int, int, int]


def triangle(draw, cx: float, cy: float, r: float, ink: Ink) -> None:
    draw.polygon([(cx, cy - r), (cx + r * 0.95, cy + r * 0.75), (cx - r * 0.95, cy + r * 0.75)], fill=ink)


def diamond(draw, cx: float, cy: float, r: float, ink: Ink) -> None:
    draw.polygon([(cx, cy - r), (cx + r * 0.8, cy), (cx, cy + r), (cx - r * 0.8, cy)], fill=ink)


def cross(draw, cx: float, cy: float, r: float, ink: Ink) -> None:
    arm = r * 0.36
    draw.rectangle((cx - arm, cy - r, cx + arm, cy + r), fill=ink)
    draw.rectangle((cx - r, cy - arm, cx + r, cy + arm), fill=ink)


def star(draw, cx: float, cy: float, r: float, ink: Ink) -> None:
    points = []
    for k in range(10):
        radius = r if k % 2 == 0 else r * 0.45
        angle = math.pi / 5 * k - math.pi / 2
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    draw.polygon(points, fill=ink)


def leaf(draw, cx: float, cy: float, r: float, ink: Ink) -> None:
    """A leaf with its stem (ecology)."""
    draw.chord((cx - r, cy - r * 0.9, cx + r * 0.6, cy + r * 0.9), 300, 120, fill=ink)
    draw.chord((cx - r * 0.6, cy - r * 0.9, cx + r, cy + r * 0.9), 120, 300, fill=ink)
    draw.line((cx - r * 0.7, cy + r, cx + r * 0.7, cy - r), fill=ink, width=max(1, round(r / 6)))


def bolt(draw, cx: float, cy: float, r: float, ink: Ink) -> None:
    """A lightning bolt (energy)."""
    draw.polygon([(cx + r * 0.25, cy - r), (cx - r * 0.6, cy + r * 0.15), (cx - r * 0.05, cy + r * 0.15),
                  (cx - r * 0.3, cy + r), (cx + r * 0.6, cy - r * 0.2), (cx + r * 0.05, cy - r * 0.2)], fill=ink)


def atom(draw, cx: float, cy: float, r: float, ink: Ink) -> None:
    """A nucleus with two orbits (science)."""
    width = max(1, round(r / 6))
    draw.ellipse((cx - r, cy - r * 0.42, cx + r, cy + r * 0.42), outline=ink, width=width)
    draw.ellipse((cx - r * 0.42, cy - r, cx + r * 0.42, cy + r), outline=ink, width=width)
    core = r * 0.26
    draw.ellipse((cx - core, cy - core, cx + core, cy + core), fill=ink)


def drop(draw, cx: float, cy: float, r: float, ink: Ink) -> None:
    """A water drop (water)."""
    body = r * 0.62
    draw.ellipse((cx - body, cy + r - 2 * body, cx + body, cy + r), fill=ink)
    draw.polygon([(cx, cy - r), (cx + body * 0.92, cy + r - body * 1.25), (cx - body * 0.92, cy + r - body * 1.25)],
                 fill=ink)


def bricks(draw, cx: float, cy: float, r: float, ink: Ink) -> None:
    """A small brick wall (construction)."""
    gap = max(2, round(r / 4))
    h = (2 * r - 2 * gap) / 3
    for row in range(3):
        top = cy - r + row * (h + gap)
        offset = 0 if row % 2 == 0 else r * 0.5
        x = cx - r - offset
        while x < cx + r:
            left, right = max(x, cx - r), min(x + r - gap, cx + r)
            if right - left > 1:
                draw.rectangle((left, top, right, top + h), fill=ink)
            x += r


Symbol = Callable[..., None]
