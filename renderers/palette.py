"""The renderers' colours and their one fixed palette: images are drawn straight onto palette
images of it (`renderers.common.canvas`), text's anti-aliased edges become the entries an RGB
drawing reduced to the palette would have had (`palette_text`), and `png_bytes` writes the PNG.

Drawing on the palette costs no per-image reduction (Pillow's `quantize`, about a third of an
image's CPU before issue 39). Module state is caches only (the palette, its entries per colour
and per text colour on a ground), so this is safe in worker processes."""

from __future__ import annotations

import io
import struct
import zlib
from functools import lru_cache

from isal import isal_zlib
from PIL import Image, ImageDraw

COMPRESS_LEVEL = 1   # zlib level: flat boards compress well even at the fastest level

# Okabe-Ito palette: distinguishable for the common colour-vision deficiencies.
SEAT_COLOURS = [
    (230, 159, 0),    # orange
    (86, 180, 233),   # sky blue
    (0, 158, 115),    # bluish green
    (204, 121, 167),  # reddish purple
    (240, 228, 66),   # yellow
    (0, 114, 178),    # blue
]
# A letter per seat so colour is never the only cue.
SEAT_MARKS = ["A", "B", "C", "D", "E", "F"]
BACKGROUND = (24, 26, 32)
PANEL = (40, 43, 52)
PANEL_LIGHT = (60, 63, 72)
EDGE = (70, 72, 84)
INK = (235, 235, 235)
MUTED = (160, 160, 170)
GOLD = (255, 215, 0)
BLACK = (0, 0, 0)
WHITE = (255, 255, 255)
VERMILLION = (213, 94, 0)

# Every colour the renderers paint flat areas with. Images are drawn on one fixed palette
# built from these (plus blends for anti-aliased edges; `renderers.common.canvas`): no per-image
# reduction.
# A colour missing here is drawn as its nearest palette entry; add it here to keep it exact.
PALETTE_COLOURS: tuple[tuple[int, int, int], ...] = (
    BACKGROUND, PANEL, PANEL_LIGHT, EDGE, INK, MUTED, GOLD, BLACK, WHITE, VERMILLION,
    *SEAT_COLOURS,
    (70, 70, 78), (90, 90, 100), (62, 64, 76), (225, 225, 232), (20, 20, 24), (10, 10, 12),
    (52, 70, 48), (80, 200, 90), (255, 230, 0), (70, 72, 90), (240, 240, 245), (190, 190, 190),
    (196, 160, 60), (205, 205, 195), (170, 150, 95), (140, 100, 70), (105, 70, 50), (120, 160, 110),
    (215, 190, 70), (170, 215, 235), (240, 200, 70), (160, 175, 165), (110, 160, 225),
    (215, 180, 70), (245, 245, 245), (120, 120, 120), (30, 60, 40), (60, 30, 30),
)


def _blend(a, b, t: float) -> tuple[int, int, int]:
    return tuple(round(a[i] + (b[i] - a[i]) * t) for i in range(3))


@lru_cache(maxsize=1)
def palette_image() -> Image.Image:
    """The fixed 256-colour palette: the renderers' colours exactly, then blends of each
    with the dark backgrounds, black and white (anti-aliased text and shape edges), then
    a grey ramp."""
    colours: list[tuple[int, int, int]] = []
    # Pillow maps a pixel through a cache keyed by (r>>2, g>>2, b>>2) and picks the entry
    # nearest the cell's corner; a blend nearer that corner than an exact colour would
    # repaint every flat area of that colour, so such blends are left out.
    corners = [(tuple(v & ~3 for v in c), c) for c in PALETTE_COLOURS]

    def dist(a, b) -> int:
        return sum((a[i] - b[i]) ** 2 for i in range(3))

    def add(c) -> None:
        if c in colours or len(colours) >= 256:
            return
        if any(dist(k, c) <= dist(k, exact) for k, exact in corners if c != exact):
            return
        colours.append(c)

    for c in PALETTE_COLOURS:
        if c not in colours:
            colours.append(c)
    for t in (0.5, 0.25, 0.75):
        for c in PALETTE_COLOURS:
            add(_blend(c, BACKGROUND, t))
    for t in (0.5,):
        for c in PALETTE_COLOURS:
            add(_blend(c, PANEL, t))
            add(_blend(c, BLACK, t))
    for v in range(0, 256, 12):
        add((v, v, v))
    for c in PALETTE_COLOURS:
        add(_blend(c, WHITE, 0.5))
    while len(colours) < 256:
        colours.append(colours[-1])
    image = Image.new("P", (1, 1))
    image.putpalette([v for c in colours for v in c])
    image.load()   # the palette reaches the image's core, which `palette_index` reads
    return image


_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_INDEXED, _NO_FILTER = 3, 0  # PNG colour type "palette"; filter type "none" (the first byte of each row)
DEFLATE_LEVEL = 1  # ISA-L's level 1: about 5x faster than zlib's level 1 on these images, and about 6% fewer bytes


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))


@lru_cache(maxsize=1)
def palette_rgb() -> bytes:
    """The fixed palette's 256 colours as RGB bytes (what `putpalette` takes)."""
    return bytes((palette_image().getpalette() or [])[:768])


@lru_cache(maxsize=1)
def _palette_chunk() -> bytes:
    return _chunk(b"PLTE", palette_rgb())


def _padded_rows(image: Image.Image) -> memoryview:
    """The palette image's rows as PNG's image data wants them, less the first row's filter
    byte: each row followed by a 0, the next row's filter byte ("none"), except the last. Pillow's
    raw encoder pads rows to a stride with zeros, so this is one copy of the pixels; a bigger
    image with the filter column pasted in, then `tobytes`, made three (each a fresh megabyte
    of page faults: about a third of the encoding's CPU)."""
    width, height = image.size
    encoder = Image._getencoder("P", "raw", ("P", width + 1, 1))
    encoder.setimage(image.im, (0, 0, width, height))
    size = (width + 1) * height
    written, status, raw = encoder.encode(size)
    if written != size or status != 1:
        raise ValueError(f"Pillow's raw encoder wrote {written} of {size} bytes (status {status})")
    return memoryview(raw)[:-1]


def png_bytes(image: Image.Image) -> bytes:
    """PNG-encode as a palette image of the fixed palette: a third of the bytes of RGB. An
    image drawn on a `canvas` is one already; another (an RGB figure) is reduced to it first. The
    chunks are written here rather than by Pillow's encoder: rows unfiltered (palette
    indexes gain nothing from PNG's filters) and deflated by ISA-L (`isal`, the same zlib
    stream format), which took 0.4 ms an image against zlib's 2.0 at level 1 (issue 39)."""
    indexed = image if image.mode == "P" else image.quantize(palette=palette_image(), dither=Image.Dither.NONE)
    width, height = indexed.size
    deflate = isal_zlib.compressobj(DEFLATE_LEVEL)
    data = deflate.compress(bytes((_NO_FILTER,))) + deflate.compress(_padded_rows(indexed)) + deflate.flush()
    header = struct.pack(">IIBBBBB", width, height, 8, _INDEXED, 0, 0, 0)
    return b"".join((_PNG_SIGNATURE, _chunk(b"IHDR", header), _palette_chunk(), _chunk(b"IDAT", data),
                     _chunk(b"IEND", b"")))


def encode_baseline(width: int, height: int) -> bytes:
    """A bare PNG encode of a blank RGB canvas of this size at the same zlib level: what
    shipping an image this big costs at least. Benchmarks print render time next to the
    time of this call (target: render <= 1.2x)."""
    out = io.BytesIO()
    Image.new("RGB", (width, height), BACKGROUND).save(out, format="PNG", compress_level=COMPRESS_LEVEL)
    return out.getvalue()


# ---------------------------------------------------------------- text on the palette

def palette_text(image, x: int, y: int, mask, fill) -> None:
    """Anti-aliased text on a palette image (core `image`), as drawing it on the RGB image and
    reducing that to the palette would give (exactly so where the ground is a palette colour; on
    a colour missing from the palette, the blend is with its entry, so an edge pixel may land on
    a neighbouring entry: bench/README.md figure 11). On one flat colour (most text: on a panel), each
    coverage level of the glyphs' mask maps to a palette entry (`_coverage_entries`); on
    anything else, the text's box is drawn in RGB and reduced to the palette alone."""
    width, height = image.size
    box = (max(x, 0), max(y, 0), min(x + mask.size[0], width), min(y + mask.size[1], height))
    if box[0] >= box[2] or box[1] >= box[3]:
        return
    under = image.crop(box)
    low, high = under.getextrema()
    if low == high and box == (x, y, x + mask.size[0], y + mask.size[1]):
        image.paste(_painted(mask, fill, low), box)
        return
    rgb = under.convert("RGB")
    Image.core.draw(rgb, 0).draw_bitmap((x - box[0], y - box[1]), mask, _packed(fill))
    image.paste(rgb.convert("P", 0, palette_image().im), box)


@lru_cache(maxsize=4096)
def _painted(mask, fill, ground: int):
    """A glyph mask (kept by `renderers.common`) as the palette entries of text of colour `fill`
    on entry `ground`: kept too, since the same labels come back on one ground image after
    image (mapping each text's mask cost a tenth of an image's CPU)."""
    return mask.point(_coverage_entries(fill, ground), "L")


@lru_cache(maxsize=1024)
def _packed(fill) -> int:
    """`fill` as an RGB image's ink."""
    ink = ImageDraw.Draw(Image.new("RGB", (1, 1)))._getink(fill)[0]
    if ink is None:
        raise ValueError(f"not a colour: {fill!r}")
    return ink


@lru_cache(maxsize=4096)
def _coverage_entries(fill, ground: int) -> tuple[int, ...]:
    """For each coverage 0-255 of a glyph pixel, the palette entry that text of colour `fill`
    drawn at that coverage on palette entry `ground` becomes (the blend Pillow draws, reduced
    to the palette as a whole image would be)."""
    palette = palette_image()
    rgb = Image.new("RGB", (256, 1), tuple(palette_rgb()[3 * ground:3 * ground + 3])).im
    Image.core.draw(rgb, 0).draw_bitmap((0, 0), _ramp(), _packed(fill))
    entries = rgb.convert("P", 0, palette.im)
    return (ground, *(entries.getpixel((i, 0)) for i in range(1, 256)))


@lru_cache(maxsize=1)
def _ramp():
    """A 256 x 1 coverage mask: 0, 1, ..., 255."""
    return Image.frombytes("L", (256, 1), bytes(range(256))).im
