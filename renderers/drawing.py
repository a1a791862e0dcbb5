"""The renderers' ImageDraw: Pillow's, drawing on palette images by colour, with rounded
rectangles drawn from kept corners.

Boards are drawn straight onto palette ("P") images of one fixed palette (`Drawing(image,
palette=...)`): a colour is drawn as the palette entry the whole-image reduction to that palette
would have given it (`palette_index`), so nothing is reduced per image (issue 39: that reduction
was about a third of an image's CPU).

Pillow draws a rounded rectangle's four corners as pie slices and arcs on every call (about
50 us; boards draw thousands a second). Here each corner is drawn once per (size, colours,
width) on a small tile of its own, with a mask of the pixels it covers, and pasted through
that mask; the straight parts are the same rectangles Pillow draws. The pixels are Pillow's
exactly: its shapes are not anti-aliased, so a pixel ends as the outline's colour if any
outline part covers it, else as the fill's if any fill part does (Pillow draws all fills
before the outline), and a corner drawn at whole-pixel offsets is the same corner.
tests/test_drawing.py compares both at many offsets. Shapes where corners touch or overlap,
partial corners and images neither RGB nor palette ones take Pillow's own path."""

from __future__ import annotations

import math

from PIL import Image, ImageColor, ImageDraw

MARGIN = 2   # blank pixels around a corner's box on its tile
KEPT = 512   # corner sets kept (a board uses a few dozen sizes and colours)

# a corner's anchor (its box's outer corner) as (x from the left?, y from the top?), and arc angles
_CORNERS = (((True, True), 180, 270), ((False, True), 270, 360), ((False, False), 0, 90), ((True, False), 90, 180))

_kept: dict[tuple, tuple] = {}


_entries: dict[tuple, int] = {}   # (palette's id, colour) -> its entry
_palettes: dict[int, Image.Image] = {}   # the palettes those ids name, held so no id is reused


def palette_index(colour, palette: Image.Image) -> int:
    """The entry of `palette` (a "P" image) a pixel of `colour` (an RGB tuple or a colour name)
    becomes when an RGB image is reduced to that palette without dithering: Pillow's own
    reduction of one pixel, so flat areas get exactly the entries they used to."""
    key = (id(palette), tuple(colour) if isinstance(colour, list) else colour)
    entry = _entries.get(key)
    if entry is None:
        rgb = ImageColor.getrgb(colour) if isinstance(colour, str) else colour
        pixel = Image.new("RGB", (1, 1), tuple(rgb[:3]))
        entry = _entries[key] = pixel.im.convert("P", 0, palette.im).getpixel((0, 0))
        _palettes[id(palette)] = palette
    return entry


def _corners(d: float, fill, ink, width: int, mode: str) -> tuple:
    """The four corners of a rounded rectangle whose corner boxes are `d` wide: per corner (its
    tile, mask, and the tile's anchor point), each drawn as Pillow draws it (fill, then outline),
    on a tile of the image's `mode` ("RGB" inks are packed pixels, "P" ones palette entries)."""
    key = (d, fill, ink, width, mode)
    kept = _kept.get(key)
    if kept is not None:
        return kept
    size = math.ceil(d) + 2 * MARGIN + 1
    far = size - 1 - MARGIN
    found = []
    for (left, top), start, end in _CORNERS:
        ax, ay = (MARGIN if left else far), (MARGIN if top else far)
        box = (ax if left else ax - d, ay if top else ay - d, ax + d if left else ax, ay + d if top else ay)
        tile = Image.new(mode, (size, size))
        mask = Image.new("1", (size, size))
        paint, cover = Image.core.draw(tile.im, 0), Image.core.draw(mask.im, 0)
        if fill is not None:
            paint.draw_pieslice(box, start, end, fill, 1)
            cover.draw_pieslice(box, start, end, 255, 1)
        if ink is not None:
            paint.draw_arc(box, start, end, ink, width)
            cover.draw_arc(box, start, end, 255, width)
        found.append((tile.im, mask.im, ax, ay, size))
    if len(_kept) >= KEPT:
        _kept.clear()
    kept = _kept[key] = tuple(found)
    return kept


class Drawing(ImageDraw.ImageDraw):
    """ImageDraw with faster rounded rectangles (same pixels); on a "P" image given its fixed
    `palette`, colours are drawn as that palette's entries (`palette_index`); see the module."""

    def __init__(self, image: Image.Image, palette: Image.Image | None = None) -> None:
        super().__init__(image)
        self.fixed = palette if image.mode == "P" else None

    def _getink(self, ink, fill=None):
        fixed = self.fixed
        if fixed is None or (ink is None and fill is None):
            return super()._getink(ink, fill)
        # colours as the fixed palette's entries (Pillow would add them to the image's palette);
        # a palette image's ink is its entry
        return (ink if ink is None or type(ink) is int else palette_index(ink, fixed),
                fill if fill is None or type(fill) is int else palette_index(fill, fixed))

    def rounded_rectangle(self, xy, radius: float = 0, fill=None, outline=None, width: int = 1, *,
                          corners=None) -> None:
        if corners is not None or self.mode not in ("RGB", "P"):
            return super().rounded_rectangle(xy, radius, fill, outline, width, corners=corners)
        (x0, y0), (x1, y1) = self._normalize_coords(xy)
        d = min(x1 - x0, y1 - y0, radius * 2)
        x0, y0, x1, y1 = round(x0), round(y0), round(x1), round(y1)
        if d <= 0 or 2 * d + 2 >= min(x1 - x0, y1 - y0):   # nothing round, or corners that meet
            return super().rounded_rectangle(xy, radius, fill, outline, width)
        r = int(d // 2)
        ink, fill_ink = self._getink(outline, fill)
        if not (ink is not None and ink != fill_ink and width != 0):
            ink = None
        if fill_ink is None and ink is None:
            return None
        rectangle = self.draw.draw_rectangle
        if fill_ink is not None:   # the straight parts of the fill, as Pillow draws them
            if x1 - r - 1 >= x0 + r + 1:
                rectangle((x0 + r + 1, y0, x1 - r - 1, y1), fill_ink, 1)
            rectangle((x0, y0 + r + 1, x0 + r, y1 - r - 1), fill_ink, 1)
            rectangle((x1 - r, y0 + r + 1, x1, y1 - r - 1), fill_ink, 1)
        for (tile, mask, ax, ay, size), (x, y) in zip(_corners(d, fill_ink, ink, width, self.mode),
                                                     ((x0, y0), (x1, y0), (x1, y1), (x0, y1))):
            self.im.paste(tile, (x - ax, y - ay, x - ax + size, y - ay + size), mask)
        if ink is not None:   # the outline's straight parts, over everything (as Pillow)
            rectangle((x0 + r + 1, y0, x1 - r - 1, y0 + width - 1), ink, 1)
            rectangle((x0 + r + 1, y1 - width + 1, x1 - r - 1, y1), ink, 1)
            rectangle((x0, y0 + r + 1, x0 + width - 1, y1 - r - 1), ink, 1)
            rectangle((x1 - width + 1, y0 + r + 1, x1, y1 - r - 1), ink, 1)
        return None
