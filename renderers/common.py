"""Shared drawing helpers: fonts, cached text, fitting text into boxes, tokens, chips, the
canvas and kept parts (the colours, the fixed palette and PNG encoding: `renderers.palette`).

Two faces: Latin text keeps Pillow's bundled font; a text holding any character that font
lacks (Chinese, kana, Hangul, Cyrillic...) is drawn whole in Noto Sans CJK TC (OFL-1.1, from
the PyPI package `noto-cjk-sans-otc`, never a system font). Wrapping breaks at spaces and
between CJK characters (never inside a Latin word, never before closing punctuation).

Images are read as Discord previews them: scaled to about 550 px wide (350 on a phone).
So boards are at most `MAX_WIDTH` wide and essentials use `BIG` or larger text.

Images are drawn straight onto palette images of one fixed palette (`canvas`, `Drawing`,
`renderers.palette`).

Everything here is a pure function of its arguments; the only module state is caches
(fonts, glyph masks, wrapped lines, the fixed palette and its entries), so renderers are safe
to call in worker processes.
"""

from __future__ import annotations

import ctypes
import re
from collections import OrderedDict
from functools import lru_cache

import noto_cjk_sans_otc
from PIL import Image, ImageDraw, ImageFont

from .drawing import Drawing, palette_index
from .palette import (  # noqa: F401 - the colours and the encoding, as the renderers import them from here
    BACKGROUND, BLACK, COMPRESS_LEVEL, EDGE, GOLD, INK, MUTED, PALETTE_COLOURS, PANEL, PANEL_LIGHT, SEAT_COLOURS,
    SEAT_MARKS, VERMILLION, WHITE, encode_baseline, palette_image, palette_rgb, palette_text, png_bytes)

MAX_WIDTH = 1000     # no image wider than this: Discord shrinks it to ~550 px anyway
BIG = 24             # essentials (whose turn, scores, key numbers)
MID = 20             # secondary text that should still be readable in the preview
SMALL = 17           # legends and labels: the smallest text on a 1000 px image (LEGIBLE)
# Text must be at least 9 px tall once Discord shows an image about 550 px wide: size * 550 / width
# >= 9, so 17 px on a 1000 px image (15 px on a 900 px one). Nothing is drawn smaller than this.
LEGIBLE = 17


def legible_size(width: int) -> int:
    """The smallest legible text size on an image `width` px wide (17 at 1000 px, 15 at 900)."""
    return -(-9 * width // 550)


CJK_FACE_INDEX = 3   # faces of NotoSansCJK-Regular.ttc: 0 JP, 1 KR, 2 SC, 3 TC, 4 HK


@lru_cache(maxsize=64)
def font(size: int = 14) -> ImageFont.FreeTypeFont:
    """Pillow's bundled scalable font at `size` pixels (no system fonts needed): Latin text."""
    return ImageFont.load_default(size=size)  # type: ignore[return-value]  # a size asks for the scalable one


@lru_cache(maxsize=64)
def cjk_font(size: int = 14) -> ImageFont.FreeTypeFont:
    """Noto Sans CJK TC at `size` pixels: every text with a character the Latin font lacks."""
    return ImageFont.truetype(str(noto_cjk_sans_otc.FONT_PATH), size, index=CJK_FACE_INDEX)   # by path: not
    # read into memory once per size (the collection is 19 MB)


@lru_cache(maxsize=None)
def _latin_has(char: str) -> bool:
    """Whether the Latin font draws `char` (rather than its empty 'missing glyph' box)."""
    if ord(char) < 0x250 or char.isspace():   # Latin, Latin-1, Latin Extended A/B
        return True
    return _probe(char) != _probe("\uffff")


@lru_cache(maxsize=None)
def _probe(char: str) -> bytes:
    """The pixels of `char` drawn in the Latin font (U+FFFF gives its missing-glyph box)."""
    image = Image.new("L", (40, 40))
    ImageDraw.Draw(image).text((8, 4), char, 255, font(20))
    return image.tobytes()


# Chinese is drawn a little larger than Latin text of the same nominal size: an ideograph
# packs far more strokes into its box, and images are read shrunk to ~550 px.
CJK_SCALE = 1.1


def font_for(string: str, size: int) -> ImageFont.FreeTypeFont:
    """The face that draws all of `string`: the Latin font when it can, else the CJK one."""
    return font(size) if all(_latin_has(c) for c in string) else cjk_font(round(size * CJK_SCALE))


def canvas(width: int, height: int, colour=BACKGROUND) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A blank image of `colour` to draw on: a palette image of the fixed palette (`png_bytes`
    encodes it as it is), drawn on by colour (`Drawing`)."""
    palette = palette_image()
    image = Image.new("P", (width, height), palette_index(colour, palette))
    image.putpalette(palette_rgb())
    return image, Drawing(image, palette)


def seat_colour(seat: int) -> tuple[int, int, int]:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def seat_mark(seat: int) -> str:
    return SEAT_MARKS[seat % len(SEAT_MARKS)]


def ink_on(colour) -> tuple[int, int, int]:
    """Black or white, whichever reads better on `colour`."""
    r, g, b = colour[:3]
    return BLACK if r * 0.3 + g * 0.59 + b * 0.11 > 140 else WHITE


# ---------------------------------------------------------------- text

@lru_cache(maxsize=8192)
def _glyphs(string: str, size: int, anchor: str):
    """The anti-aliased mask of `string` and its offset from the anchor point.
    Cached: the same labels and numbers come back on every click."""
    face = font_for(string, size)
    mask, (ox, oy) = face.getmask2(string, "L", anchor=anchor)
    if anchor[1] == "a" and face is not font(size):
        oy += _cjk_drop(size)
    return mask, (ox, oy)


@lru_cache(maxsize=64)
def _cjk_drop(size: int) -> int:
    """How far to move top-anchored CJK text so its ink is centred where a Latin line's ink
    (capitals to descenders) sits: the larger CJK face would otherwise hang low, below the
    `line_height` the layouts reserve."""
    latin = font(size).getbbox("Hg", anchor="la")
    cjk = font_for("中", size).getbbox("中", anchor="la")
    return round(((latin[1] + latin[3]) - (cjk[1] + cjk[3])) / 2)


def text(draw: ImageDraw.ImageDraw, xy, string: str, fill, size: int = MID, anchor: str = "la") -> None:
    """Draw `string` like `draw.text`, from a cache of glyph masks (several times faster)."""
    if not string:
        return
    mask, (ox, oy) = _glyphs(string, size, anchor)
    x, y = int(xy[0]) + ox, int(xy[1]) + oy
    if draw.mode == "P":
        palette_text(draw.im, x, y, mask, tuple(fill) if isinstance(fill, list) else fill)  # kept by colour
    else:
        draw.draw.draw_bitmap((x, y), mask, draw._getink(fill)[0])




@lru_cache(maxsize=8192)
def width_of(string: str, size: int) -> float:
    """Advance width of `string` in pixels at font `size` (in the face that draws it)."""
    return font_for(string, size).getlength(string)


def shorten(string: str, width: int, size: int) -> str:
    """`string` cut with an ellipsis so it is at most `width` pixels wide."""
    if width_of(string, size) <= width:
        return string
    while string and width_of(string + "...", size) > width:
        string = string[:-1]
    return string.rstrip() + "..." if string else ""


def fitted(string: str, width: int, size: int, min_size: int = 16) -> tuple[int, str]:
    """The largest font size from `size` down to `min_size` at which `string` fits `width`
    pixels whole, and the string; only when even `min_size` is too wide is it shortened.
    Names go through this, so an image shows them whole instead of "Cortozaar H...". """
    for s in range(size, min_size - 1, -1):
        if width_of(string, s) <= width:
            return s, string
    return min_size, shorten(string, width, min_size)


# Characters a line may break before and after without a space: CJK ideographs, kana,
# Hangul, CJK punctuation and full-width forms.
_CJK = "\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef"
# Punctuation that never starts a line (it sticks to what precedes it) or ends one.
_NO_START = "，。、；：！？）」』】〕》〉…．,.;:!?)]}%"
_NO_END = "（「『【〔《〈([{"
# A wrap unit: a run of non-CJK non-space characters (a Latin word, a number), or one CJK
# character; either with the punctuation that must stay on its line attached.
_UNIT = re.compile(
    rf"[{re.escape(_NO_END)}]*(?:[^\s{_CJK}]+|[{_CJK}])[{re.escape(_NO_START)}]*")


_HAS_IDEOGRAPH = re.compile("[\u2e80-\u2fff\u3040-\u9fff\uac00-\ud7af\uf900-\ufaff]")
# A word's leading punctuation, the word, its trailing punctuation.
_EDGES = re.compile(rf"^[{re.escape(_NO_END)}]+|[{re.escape(_NO_START)}]+$|.+?(?=[{re.escape(_NO_START)}]*$)", re.S)
# One character with the punctuation that must stay beside it.
_CHARS = re.compile(rf"[{re.escape(_NO_END)}]*.[{re.escape(_NO_START)}]*", re.S)


def _units(string: str, width: int, size: int) -> list[tuple[bool, str]]:
    """`string` as wrap units, each with whether a space stood before it. A character with
    its punctuation that is wider than the whole box splits (a Latin word never does)."""
    units: list[tuple[bool, str]] = []
    end = 0
    for match in _UNIT.finditer(string):
        spaced, unit = match.start() > end, match.group()   # only spaces lie between units
        end = match.end()
        if width_of(unit, size) <= width:
            units.append((spaced, unit))
            continue
        if _HAS_IDEOGRAPH.search(unit):
            parts = [piece for part in _CHARS.findall(unit)   # a box narrower than a character
                     for piece in (part if width_of(part, size) > width else (part,))]   # and its marks
        else:
            parts = _EDGES.findall(unit)   # a word apart from its punctuation, the word whole
        units += [(spaced and i == 0, part) for i, part in enumerate(parts)]
    return units


@lru_cache(maxsize=2048)
def wrap(string: str, width: int, size: int = 14) -> tuple[str, ...]:
    """`string` broken into lines no wider than `width` pixels at font `size`: at spaces and
    between CJK characters, never inside a Latin word. A single word wider than the whole
    box is shortened with an ellipsis, never overflows."""
    lines: list[str] = []
    line = ""
    for spaced, unit in _units(string, width, size):
        trial = f"{line} {unit}" if line and spaced else line + unit
        if width_of(trial, size) <= width:
            line = trial
            continue
        if line:
            lines.append(line)
        line = shorten(unit, width, size)
    if line:
        lines.append(line)
    return tuple(lines)


def verdict_of(view) -> str:
    """Who won an ended game as its view says it ("Winner: Ann", "Winner: Voidborn", names
    filled in the reader's language: games.core.Outcome.verdict); "" while the game runs."""
    found = view.get("verdict") if view.get("over") else None
    return found if isinstance(found, str) else ""


def draw_verdict(draw, view, right: int, y: int, width: int, size: int = BIG) -> int:
    """An ended game's verdict in gold, right-aligned at (`right`, `y`), shrunk to fit `width`
    pixels; returns the width it took (0: the game runs)."""
    words = verdict_of(view)
    if not words:
        return 0
    size, words = fitted(words, width, size, LEGIBLE)
    text(draw, (right, y), words, GOLD, size, "rm")
    return int(width_of(words, size))


def game_title(view, fallback: str) -> str:
    """The game's title as the view's reader reads it (views carry it in the reader's language,
    the same title the game's texts use); `fallback` for a view made without one."""
    title = view.get("title")
    return title if isinstance(title, str) and title else fallback


def as_text(value) -> str:
    """A view value as words: a string as is, a {"name", "text"} entry as its text, a list
    joined. Views grow richer over time; images should not break when a string becomes an entry."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        return as_text(value.get("text", value.get("name", "")))
    if isinstance(value, (list, tuple)):
        return "; ".join(as_text(v) for v in value)
    return str(value)


def line_height(size: int) -> int:
    return round(size * 1.22)


def fit(string: str, width: int, height: int, size: int, min_size: int = 12) -> tuple[int, tuple[str, ...]]:
    """The largest font size <= `size` (down to `min_size`) at which `string` wrapped to
    `width` fits `height`, and its lines. At `min_size` the lines that do not fit are
    dropped and the last kept one ends in an ellipsis: text never leaves its box."""
    for s in range(size, min_size - 1, -1):
        lines = wrap(string, width, s)
        if len(lines) * line_height(s) <= height:
            return s, lines
    s = min_size
    lines = wrap(string, width, s)
    keep = max(1, height // line_height(s))
    if len(lines) > keep:
        lines = lines[: keep - 1] + (shorten(lines[keep - 1] + " ...", width, s),)
    return s, lines


def paragraph(draw, x: int, y: int, string: str, width: int, fill, size: int = MID,
              height: int | None = None, min_size: int = 12) -> int:
    """Draw `string` wrapped into `width` (shrunk to fit `height` if given); returns the y below it."""
    if height is None:
        lines = wrap(string, width, size)
    else:
        size, lines = fit(string, width, height, size, min_size)
    step = line_height(size)
    for line in lines:
        text(draw, (x, y), line, fill, size)
        y += step
    return y


def wrapped_height(string: str, width: int, size: int) -> int:
    return len(wrap(string, width, size)) * line_height(size)


# ---------------------------------------------------------------- tokens

def token(draw: ImageDraw.ImageDraw, x: int, y: int, seat: int, radius: int = 9, label: str | None = None) -> None:
    """A round player token with the seat letter inside (colour is never the only cue). The
    letter is never smaller than LEGIBLE: a token too small for it grows to hold it."""
    label = label or seat_mark(seat)
    size = max(radius + 4, LEGIBLE)
    radius = max(radius, -(-(int(width_of(label, size)) + 3) // 2))
    draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=seat_colour(seat), outline=BLACK)
    text(draw, (x, y), label, BLACK, size, "mm")


def counts(draw, x: int, y: int, per_seat: list[int], size: int = MID, radius: int = 11,
           mark=None, fill=INK, max_x: int | None = None) -> int:
    """Seat tokens each followed by its count ('(A) 2  (C) 1'); returns the x after the last.
    When that does not fit before `max_x`, each token carries its letter and count ('A2')
    instead, a bit larger: nothing is ever left out. `mark(draw, x, y, seat, radius, label)`
    draws one token."""
    mark = mark or token
    shown = [(seat, n) for seat, n in enumerate(per_seat) if n]
    steps = [2 * radius + 8 + int(width_of(str(n), size)) + 10 for _, n in shown]
    if max_x is None or x + sum(steps) - 10 <= max_x:
        for (seat, n), step in zip(shown, steps):
            mark(draw, x + radius, y, seat, radius, None)
            text(draw, (x + 2 * radius + 4, y), str(n), fill, size, "lm")
            x += step
        return x
    r = radius + 2
    step = min(2 * r + 4, (max_x - x) // max(1, len(shown)))
    for seat, n in shown:
        mark(draw, x + r, y, seat, r, f"{seat_mark(seat)}{n}" if n > 1 else None)
        x += step
    return x


# ---------------------------------------------------------------- boxes, chips and keys

def box(draw, x: int, y: int, w: int, h: int, title: str = "", outline=EDGE, size: int = MID) -> int:
    """A labelled panel of a board (title in gold at its top); returns the y where its content starts."""
    draw.rounded_rectangle((x, y, x + w, y + h), 8, fill=PANEL, outline=outline, width=2)
    if not title:
        return y + 10
    text(draw, (x + 12, y + 8), title, GOLD, size)
    return y + 8 + line_height(size) + 4


def chip(draw, x: int, y: int, label: str, fill, size: int = MID, pad: int = 8) -> int:
    """A rounded coloured chip with `label` centred on it (`y` is its middle); returns its width."""
    w = int(width_of(label, size)) + 2 * pad
    half = line_height(size) // 2 + 2
    draw.rounded_rectangle((x, y - half, x + w, y + half), 6, fill=fill)
    text(draw, (x + w / 2, y), label, ink_on(fill), size, "mm")
    return w


def key_row(draw, x: int, y: int, items, max_x: int, size: int = MID, gap: int = 10) -> int:
    """A legend of (word, colour) chips laid out left to right, wrapping at `max_x`;
    `y` is the middle of the first row; returns the middle y of the row after the last.
    With `draw` None it only measures."""
    row = line_height(size) + 10
    left = x
    for label, colour in items:
        w = int(width_of(label, size)) + 16
        if x + w > max_x and x > left:
            x, y = left, y + row
        if draw is not None:
            chip(draw, x, y, label, colour, size)
        x += w + gap
    return y + row


# ---------------------------------------------------------------- kept parts

class KeptDrawings:
    """Parts of images (a map's hex, a card's face) drawn once per process and pasted while
    what they show stays the same: most of a board or a hand looks as it did on the table's
    last image. A part is always drawn on a palette canvas of its own (`canvas`), so an image
    is the same whether its parts were kept or drawn for it. Kept up to `budget` bytes, least recently used out first.
    The key must name everything the part's drawing reads (and read it from the view, so the
    image's reads still count it: `reads`)."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.used = 0
        self._kept: OrderedDict[tuple, Image.Image] = OrderedDict()

    def __len__(self) -> int:
        return len(self._kept)

    def part(self, key: tuple, size: tuple[int, int], draw_part) -> Image.Image:
        """The palette image of the part `key` names: kept, or drawn by `draw_part(draw)` on a
        `size` canvas of the background colour."""
        tile = self._kept.get(key)
        if tile is not None:
            self._kept.move_to_end(key)
            return tile
        tile, draw = canvas(*size)
        draw_part(draw)
        self._kept[key] = tile
        self.used += tile.width * tile.height
        while self.used > self.budget:
            _, old = self._kept.popitem(last=False)
            self.used -= old.width * old.height
        return tile

    @staticmethod
    def paste(image: Image.Image, tile: Image.Image, xy: tuple[int, int], mask: Image.Image | None = None) -> None:
        """`image.paste(tile, xy, mask)` of a part on a palette canvas, the same pixels with less
        of Pillow's Python around it (its checks cost a third of a hex's paste)."""
        box = (xy[0], xy[1], xy[0] + tile.width, xy[1] + tile.height)
        if mask is None:
            image.im.paste(tile.im, box)
        else:
            image.im.paste(tile.im, box, mask.im)


IMAGE_BLOCKS_KEPT = 8   # Pillow's memory blocks (each at most 16 MB, a board's 1-5 MB) kept for reuse
# glibc's `mallopt` settings (malloc.h): buffers up to 32 MB come from the heap, and up to 64 MB
# freed at its top stay with the process
M_TRIM_THRESHOLD, M_MMAP_THRESHOLD = -1, -3
HEAP_BUFFERS_UP_TO, HEAP_FREED_KEPT = 32 << 20, 64 << 20


def keep_freed_memory() -> bool:
    """Make glibc's malloc keep freed megabytes for the next image: by default each buffer
    over 128 KB (an image's pixels, their PNG rows and bytes) is mapped fresh from the system
    and costs page faults on every image (about a tenth of an image's CPU, issue 39). Whether
    it took (False where the C library is not glibc)."""
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        return False
    return bool(mallopt(M_MMAP_THRESHOLD, HEAP_BUFFERS_UP_TO)) and bool(mallopt(M_TRIM_THRESHOLD, HEAP_FREED_KEPT))


def warm() -> None:
    """Fill this process's caches (palette, fonts, the glyphs of small numbers) so that a
    fresh render worker's first image costs what later ones do (~30 ms otherwise)."""
    # freed image memory kept for the next images: by default Pillow hands it back to the
    # system, and every board's megabytes then cost page faults again (about a fifth of an
    # image's CPU on a palette canvas; issue 39)
    Image.core.set_blocks_max(IMAGE_BLOCKS_KEPT)
    keep_freed_memory()
    palette_image()
    for size in (SMALL, MID, BIG):
        cjk_font(size)
    for size in (SMALL, 18, MID, BIG, 28, 30):
        for n in range(41):
            for anchor in ("la", "lm", "mm", "rm"):
                _glyphs(str(n), size, anchor)
