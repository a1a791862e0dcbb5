"""The Voidfall sector map, drawn from view["sectors"] (and view["solo"]["harbingers"]).

Whatever sector keys the view has ("q,r" axial, negative coordinates too), the map is laid out
from their bounding box and scaled to the space it is given. Each hex shows: name; Population
(and "fixed"), a Corrupted badge and a harbinger badge; Guilds | Installations; the owning
house's fleets as markers ("Cor 3+1" = a Corvette marker of 3 cubes and one of 1); Voidborn
cubes on a purple pill; Glory, Bounty and Reclaim tokens.
"""

from __future__ import annotations

import math
from typing import Any
from functools import lru_cache

from PIL import Image, ImageDraw

from games.core.i18n import ENGLISH, Msg, render

from .common import (LEGIBLE, BIG, BLACK, EDGE, GOLD, INK, MID, MUTED, VERMILLION, WHITE, KeptDrawings, canvas, fit, fitted,
                     line_height, paragraph, seat_colour, shorten, text, token, width_of, wrap, wrapped_height)
from .messages import T, reader

R_MAX = 104
SQRT3 = math.sqrt(3)
VOID = (33, 27, 32)          # a Voidborn-held sector: near black with a purple rim (no house tint is this dark)
VOID_PILL = (102, 60, 84)    # behind the Voidborn cube count
VOID_INK = (204, 121, 167)
NEUTRAL = (78, 80, 85)
STORM = WHITE                # Voidstorm bars: white on black, unlike any rim
HARBINGER = WHITE            # white diamonds: no house colour, no Corruption vermillion
# Guilds and Installations as short words (issue 21: words, not codes); Installations in blue
GUILD = {"fa": T("Farm"), "en": T("Eng"), "mi": T("Mine"), "ba": T("Bank"), "sc": T("Sci")}
INST = {"yard": T("Yard"), "sd": T("Def"), "starbase": T("Base")}
BUILT = (170, 215, 235)
FLEET = {"corvette": T("Cor"), "sentry": T("Sen"), "destroyer": T("Des"), "dreadnought": T("Dre"), "carrier": T("Car")}
FLEET_LONG = {"corvette": T("Corvette"), "sentry": T("Sentry"), "destroyer": T("Destroyer"),
              "dreadnought": T("Dreadnought"), "carrier": T("Carrier")}
EN = reader(ENGLISH)  # the labels in English, where a caller passes no reader
STORMS = [("0,-1", "1,-1"), ("0,1", "-1,1"), ("-1,0", "0,0")]  # the base map's, when the view carries none
# Drawn hexes kept per process (palette images of ~55 KB at the public board's size, ~450 in all):
# most of a board's hexes look as they did on the table's last board, so they are pasted.
HEXES_BUDGET = 24 << 20
TILE_PAD = 12  # px of room around a hex on its tile, clear of its rim


def _axial(key: str) -> tuple[float, float]:
    """Centre of hex `key` in units of the hex radius (pointy-top)."""
    q, r = map(int, key.split(","))
    return SQRT3 * (q + r / 2), 1.5 * r


class Layout:
    """Where each hex goes: radius and offset fitted to a box of `width` x at most `max_height`."""

    def __init__(self, keys, width: float, max_height: float, r_max: float = R_MAX) -> None:
        points = [_axial(k) for k in keys] or [(0.0, 0.0)]
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        span_x = max(xs) - min(xs) + SQRT3
        span_y = max(ys) - min(ys) + 2
        self.r = min(r_max, width / span_x, max_height / span_y)
        self.width, self.height = span_x * self.r, span_y * self.r
        self.x0 = (width - self.width) / 2 - (min(xs) - SQRT3 / 2) * self.r
        self.y0 = -(min(ys) - 1) * self.r

    def centre(self, key: str, ox: float = 0, oy: float = 0) -> tuple[int, int]:
        """The hex's centre, on a whole pixel: a hex then rasterizes the same wherever it is
        drawn (Pillow's rims shift by a pixel between fractional positions), so a drawn one
        can be pasted (`_paste_hex`)."""
        ux, uy = _axial(key)
        return round(ox + self.x0 + ux * self.r), round(oy + self.y0 + uy * self.r)


def _hex(cx, cy, radius):
    return [(cx + radius * math.cos(math.radians(60 * k - 30)), cy + radius * math.sin(math.radians(60 * k - 30)))
            for k in range(6)]


def _mix(a, b, t):
    return tuple(round(a[i] + (b[i] - a[i]) * t) for i in range(3))


def harbinger_icon(draw, x, y, radius: int, n: int = 1, size: int = 16) -> None:
    """A white diamond with an H (and the count when more than one)."""
    label = "H" if n <= 1 else f"H{n}"
    size = max(size if n <= 1 else size - 3, LEGIBLE)
    radius = max(radius, int(width_of(label, size) / 2 + size / 2) + 1)   # room for a legible letter
    draw.polygon([(x, y - radius), (x + radius, y), (x, y + radius), (x - radius, y)], fill=HARBINGER, outline=BLACK)
    text(draw, (x, y + 1), label, BLACK, size, "mm")


def fleet_words(sector: dict, long: bool = False, tr=EN) -> str:
    """The owner's fleets as markers: "Cor 3+1 Des 2" ("Corvette 3+1 Destroyer 2" when `long`; view
    "markers"; plain cube counts without it)."""
    markers = sector.get("markers")
    if markers is None:
        markers = {k: [n] for k, n in sector.get("fleet", {}).items() if n}
    parts = []
    for kind in FLEET:
        cubes = [n for n in markers.get(kind, []) if n]
        if cubes:
            parts.append(f"{tr(FLEET_LONG[kind] if long else FLEET[kind])} " + "+".join(map(str, cubes)))
    parts += [f"{k[:3].title()} " + "+".join(map(str, v)) for k, v in sorted(markers.items()) if k not in FLEET and k != "void" and v]
    return " ".join(parts)


def _fit_line(string: str, width: float, size: int, smallest: int = LEGIBLE) -> int:
    while size > smallest and width_of(string, size) > width:
        size -= 1
    return size


def _room(r: float, dy: float) -> float:
    """Width inside a pointy-top hex of radius `r` at `dy` from its centre, less a margin."""
    half_side = SQRT3 * r / 2
    half = half_side if abs(dy) <= r / 2 else half_side * (r - abs(dy)) / (r / 2)
    return max(0.0, 2 * half - 24)  # clear of the rims (a marked sector has a second one inside)


def words_of(keys, names: dict, tr=EN) -> str:
    """Guilds or Installations as short words, a repeated one counted ("2 Farm Sci")."""
    counted: dict[str, int] = {}
    for key in keys:
        counted[key] = counted.get(key, 0) + 1
    return " ".join((f"{n} " if n > 1 else "") + (tr(names[key]) if key in names else key[:4].title())
                    for key, n in counted.items())


def token_words(s: dict, tr=EN) -> str:
    """The sector's tokens in words: "Glory 2, 1 Bounty 1 Reclaim 1"."""
    found = []
    if s["glory"]:
        found.append(tr(T("Glory {values}", values=", ".join(map(str, s["glory"])))))
    if s["bounty"]:
        found.append(tr(T("Bounty {n}", n=s["bounty"])))
    if s["reclaim"]:
        found.append(tr(T("Reclaim {n}", n=s["reclaim"])))
    return "  ".join(found)


def _split(words: str) -> list[str]:
    """Two lines of about equal length, split between words."""
    parts = words.split(" ")
    best = min(range(1, len(parts)), key=lambda k: abs(len(" ".join(parts[:k])) - len(" ".join(parts[k:]))), default=1)
    return [line for line in (" ".join(parts[:best]), " ".join(parts[best:])) if line]


def _rows(s: dict, harbingers: int, tr=EN) -> list[tuple[str, Any]]:
    """What one hex shows, top to bottom, as (kind, content) rows."""
    rows: list[tuple[str, object]] = [("name", s["name"])]
    if s["pop"]:
        pop = tr(T("Pop {n} fixed", n=s["pop"]) if s["fixed"] else T("Pop {n}", n=s["pop"]))
    else:
        pop = tr(T("no Pop"))
    rows.append(("pop", pop))
    guilds, installs = words_of(s["guilds"], GUILD, tr), words_of(s["installs"], INST, tr)
    if guilds or installs:
        rows.append(("built", (guilds, installs)))
    words = fleet_words(s, long=True, tr=tr) if s["owner"] >= 0 else ""
    if words:
        rows.append(("fleet", words))
    if s["void"] or harbingers:
        rows.append(("void", harbingers))
    elif s["fallen"] and not words:
        rows.append(("fallen", tr(T("Fallen House"))))
    tokens = token_words(s, tr)
    if tokens:
        rows.append(("tokens", tokens))
    return rows


def _paste_hex(image: Image.Image, s: dict, layout: Layout, ox: float, oy: float, harbingers: int, lower: float,
               tr) -> None:
    """`sector` drawn on a tile of its own (or kept from an earlier board: `HEXES`) and pasted
    through the hex's outline, so that it covers exactly the hex's pixels."""
    cx, cy = layout.centre(s["key"], ox, oy)
    left, top = cx - math.floor(layout.r) - TILE_PAD, cy - math.floor(layout.r) - TILE_PAD
    local = (cx - left, cy - top, layout.r)
    tile = HEXES.part((repr(s), harbingers, lower, tr, local), _tile_size(layout.r),
                      lambda draw: sector(draw, s, _Centred(*local), 0, 0, harbingers, lower, "all", tr))  # type: ignore[arg-type]  # a one-hex layout
    HEXES.paste(image, tile, (left, top), _outline(*local, _rim_width(s)))


class _Centred:
    """A layout of one hex at a given point (a tile's)."""

    def __init__(self, cx: float, cy: float, r: float) -> None:
        self.cx, self.cy, self.r = cx, cy, r

    def centre(self, key: str, ox: float = 0, oy: float = 0) -> tuple[float, float]:
        return ox + self.cx, oy + self.cy


def _tile_size(r: float) -> tuple[int, int]:
    return math.ceil(2 * r) + 2 * TILE_PAD + 2, math.ceil(2 * r) + 2 * TILE_PAD + 2


@lru_cache(maxsize=256)
def _outline(cx: float, cy: float, r: float, rim_width: int) -> Image.Image:
    """The pixels the hex at (cx, cy) covers on its tile (as `_ground` draws it), as a paste mask
    (of mode "1": Pillow pastes through it four times faster than through an "L" one)."""
    mask = Image.new("1", _tile_size(r), 0)
    ImageDraw.Draw(mask).polygon(_hex(cx, cy, r - 2), fill=1, outline=1, width=rim_width)
    return mask


HEXES = KeptDrawings(HEXES_BUDGET)


def sector(draw, s: dict, layout: Layout, ox: float, oy: float, harbingers: int = 0, lower: float = 0,
           part: str = "all", tr=EN) -> None:
    """One hex: its rim (gold: a Home; purple: Voidborn), then its rows of words centred in it
    (`lower` px further down, clear of a number badge at the top). `part` "ground" draws only the
    hex, "words" only its words (so arrows can run between the two)."""
    cx, cy = layout.centre(s["key"], ox, oy)
    r = layout.r
    if part != "words":
        _ground(draw, s, cx, cy, r)
    if part != "ground":
        _words(draw, s, cx, cy, r, harbingers, lower, tr)


def _ground(draw, s: dict, cx: float, cy: float, r: float) -> None:
    """The hex in its owner's colour with its rim."""
    if s["owner"] >= 0:
        fill = _mix(seat_colour(s["owner"]), (30, 30, 36), 0.5)
    elif s["void"]:
        fill = VOID
    else:
        fill = NEUTRAL
    draw.polygon(_hex(cx, cy, r - 2), fill=fill, outline=_rim(s), width=_rim_width(s))


def _rim(s: dict):
    return GOLD if s["home_of"] >= 0 else VOID_INK if s["void"] and s["owner"] < 0 else EDGE


def _rim_width(s: dict) -> int:
    return 5 if s["home_of"] >= 0 else 3 if _rim(s) == VOID_INK else 2


def _words(draw, s: dict, cx: float, cy: float, r: float, harbingers: int, lower: float, tr=EN) -> None:
    """The hex's rows of words, centred, each fitted to the hex's width at its height."""
    size = max(LEGIBLE + 1, min(26, round(r / 5)))
    step = round(size * 1.15)
    badge = round(size * 0.6)
    rows = _rows(s, harbingers, tr)
    # a row that does not fit its width whole becomes two rows (guilds over installations, fleets in halves)
    lines: list[tuple[str, Any]] = []
    for kind, content in rows:
        if kind == "built":
            guilds, installs = content
            together = width_of(f"{guilds}   {installs}", size - 1) <= _room(r, step)
            lines += [("built", content)] if together or not (guilds and installs) else [("built", (guilds, "")), ("built", ("", installs))]
        elif kind == "fleet" and width_of(content, size - 1) + 2 * badge + 6 > _room(r, step):
            short = fleet_words(s, tr=tr)
            split = [short] if width_of(short, size - 1) + 2 * badge + 6 <= _room(r, step) else _split(short)
            lines += [("fleet", line) for line in split]
        elif kind == "tokens" and width_of(content, size - 1) > _room(r, 2 * step):
            lines += [("tokens", line) for line in _packed(content.split("  "), _room(r, 2 * step), size - 1)]
        elif kind == "name" and width_of(content, size) > _room(r, step):   # a long name on two lines, legible
            lines += [("name", line) for line in wrap(content, int(_room(r, step)), LEGIBLE)]
        else:
            lines.append((kind, content))
    _fit_names(lines, r, step, lower)
    y = cy - (len(lines) - 1) * step / 2 + lower
    first_fleet = True
    for kind, content in lines:
        room = _room(r, y - cy)
        if kind == "name":
            name_size, name = fitted(content, int(room), size, LEGIBLE)  # the whole name, smaller if need be
            text(draw, (cx, y), name, INK, name_size, "mm")
        elif kind == "pop":
            text(draw, (cx - (badge if s["corrupted"] else 0), y), content, INK, size, "mm")  # clear of the C badge
            if s["corrupted"]:
                bx = cx + width_of(content, size) / 2 + 4
                draw.ellipse((bx - badge, y - badge, bx + badge, y + badge), fill=VERMILLION, outline=BLACK)
                text(draw, (bx, y), "C", BLACK, max(size - 3, LEGIBLE), "mm")
        elif kind == "built":
            guilds, installs = content
            fs = _fit_line(f"{guilds}   {installs}".strip(), room, size - 1)
            gw = width_of(guilds, fs)
            total = gw + (width_of("   ", fs) if guilds and installs else 0) + width_of(installs, fs)
            x = cx - total / 2
            text(draw, (x, y), guilds, INK, fs, "lm")
            text(draw, (x + total - width_of(installs, fs), y), installs, BUILT, fs, "lm")
        elif kind == "fleet":
            fs = _fit_line(content, room - 2 * badge - 6, size - 1)
            tw = width_of(content, fs) + (2 * badge + 6 if first_fleet else 0)
            x = cx - tw / 2
            if first_fleet:  # the owner's token once, before the first row of markers
                token(draw, round(x + badge), round(y), s["owner"], badge)
                x += 2 * badge + 6
            text(draw, (x, y), shorten(content, int(room), fs), INK, fs, "lm")
            first_fleet = False
        elif kind == "void":
            _void_row(draw, s, cx, y, step, size, badge, content, tr)
        elif kind == "fallen":
            text(draw, (cx, y), content, GOLD, size, "mm")
        elif kind == "tokens":
            fs = _fit_line(content, room, size - 1)
            text(draw, (cx, y), shorten(content, int(room), fs), GOLD, fs, "mm")
        y += step


def _packed(tokens: list[str], room: float, size: int) -> list[str]:
    """Tokens ("Glory 2", "Bounty 1", ...) on as few lines as fit `room`, so a full hex keeps
    room for its name."""
    packed: list[str] = []
    for token_text in tokens:
        if packed and width_of(f"{packed[-1]}  {token_text}", size) <= room:
            packed[-1] = f"{packed[-1]}  {token_text}"
        else:
            packed.append(token_text)
    return packed


def _fit_names(lines: list[tuple[str, Any]], r: float, step: int, lower: float) -> None:
    """Names broken further where a line of one sits nearer a hex's point than the wrap assumed
    ("House Thegwyn" over "(fallen)" at the top of a full hex): a name is shown whole, never cut."""
    for _ in range(8):  # each pass splits one line; a name has few words
        top = -(len(lines) - 1) * step / 2 + lower
        for index, (kind, content) in enumerate(lines):
            room = int(_room(r, top + index * step))
            if kind == "name" and " " in content.strip() and width_of(content, LEGIBLE) > room:
                split = wrap(content, room, LEGIBLE)
                if len(split) < 2:
                    split = tuple(content.split(" ", 1))
                lines[index:index + 1] = [("name", line) for line in split]
                break
        else:
            return


def _void_row(draw, s: dict, cx: float, y: float, step: int, size: int, badge: int, harbingers: int, tr=EN) -> None:
    """Voidborn cubes on a purple pill, a harbinger diamond beside the fleet it scouts for."""
    label = tr(T("Voidborn {n}", n=s["void"])) if s["void"] else ""
    half = width_of(label, size) / 2 + 8 if label else 0
    shift = badge + 4 if harbingers and label else 0
    if label:
        draw.rounded_rectangle((cx + shift - half, y - step / 2 + 1, cx + shift + half, y + step / 2 - 1), 6,
                               fill=VOID_PILL, outline=VOID_INK)
        text(draw, (cx + shift, y), label, WHITE, size, "mm")
    if harbingers:
        harbinger_icon(draw, cx + shift - half - badge - 6 if label else cx, y, badge + 4, harbingers, size - 2)


def draw_map(draw, view: dict, layout: Layout, ox: float, oy: float, badged: frozenset = frozenset(),
             under=None, tr=EN, image: Image.Image | None = None) -> None:
    """Every sector, then the Voidstorms between neighbouring sectors on the map. The words of
    `badged` sectors sit lower, clear of the number badge at their top; `under(draw)` draws
    between the hexes and their words (arrows that must not hide what they cross). Given the
    `image` drawn on, hexes drawn before are pasted (`HEXES`)."""
    harb = (view.get("solo") or {}).get("harbingers", {})
    keys = {s["key"] for s in view["sectors"]}
    for s in view["sectors"]:
        lower = layout.r * 0.12 if s["key"] in badged else 0
        if under is None and image is not None:
            _paste_hex(image, s, layout, ox, oy, harb.get(s["key"], 0), lower, tr)
        elif under is None:
            sector(draw, s, layout, ox, oy, harb.get(s["key"], 0), lower, "all", tr)
        else:
            sector(draw, s, layout, ox, oy, harb.get(s["key"], 0), lower, "ground", tr)
    if under is not None:
        under(draw)
        for s in view["sectors"]:
            sector(draw, s, layout, ox, oy, harb.get(s["key"], 0), layout.r * 0.12 if s["key"] in badged else 0, "words",
                   tr)
    for a, b in view.get("storms") or (view.get("solo") or {}).get("storms") or STORMS:
        if a not in keys or b not in keys:
            continue
        (ax, ay), (bx, by) = layout.centre(a, ox, oy), layout.centre(b, ox, oy)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        dx, dy = float(by - ay), float(ax - bx)
        ln = math.hypot(dx, dy) or 1
        dx, dy = dx / ln * layout.r * 0.5, dy / ln * layout.r * 0.5
        draw.line((mx - dx, my - dy, mx + dx, my + dy), fill=BLACK, width=16)
        draw.line((mx - dx * 0.95, my - dy * 0.95, mx + dx * 0.95, my + dy * 0.95), fill=STORM, width=10)


MAP_LEGEND = T("Pop: Population (fixed: it cannot change; orange C: Corrupted). Guilds: Farm(ers), Eng(ineers), "
               "Mine(rs), Bank(ers), Sci(entists); Installations in blue: Yard (Shipyard), Def (Sector Defense), "
               "Base (Starbase). Fleets: the owner's markers with their cubes (Corvette 3+1: two Corvette markers; "
               "Cor, Sen, Des, Dre, Car when short). Gold: Glory, Bounty and Reclaim tokens. White bars: Voidstorms.")
HARBINGER_LEGEND = T("White diamond H: harbinger (H2: two).")

# ---------------------------------------------------------------- the map beside a choice

MARK = (255, 230, 0)          # number badges: yellow with black numbers, unlike any rim or token
FOCUS_RIM = WHITE             # the rim of the sector the whole choice is about (the one invaded)
MARKED_WIDTH = 1000
MARKED_MAP_H = 900
MARKED_R_MAX = 130            # a small solo map is drawn larger than on the public image
MARKS_LEGEND = T("Yellow numbers and rims: the options of your choice, numbered as below the image; an arrow is a "
                 "move from one sector to the next; white rim: the sector being invaded.")


def number_text(numbers: list[int]) -> str:
    """Option numbers compactly: [1, 2, 3, 5] -> "1-3, 5"."""
    runs: list[list[int]] = []
    for n in sorted(numbers):
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(str(run[0]) if len(run) == 1 else f"{run[0]}, {run[1]}" if len(run) == 2 else f"{run[0]}-{run[-1]}"
                     for run in runs)


def badge_size(r: float) -> int:
    """The font size of option numbers on a map of hex radius `r` (about 16 px at 550 px wide)."""
    return max(22, min(34, round(r / 3.4)))


def badge_half(numbers: list[int], size: int) -> tuple[float, float]:
    """Half the width and height of the pill showing `numbers`."""
    half_h = size * 0.72
    return max(half_h, width_of(number_text(numbers), size) / 2 + size * 0.4), half_h


def badge(draw, x: float, y: float, numbers: list[int], size: int) -> None:
    """Option numbers on a yellow pill centred at (x, y)."""
    label = number_text(numbers)
    half_w, half_h = badge_half(numbers, size)
    draw.rounded_rectangle((x - half_w, y - half_h, x + half_w, y + half_h), round(half_h), fill=MARK,
                           outline=BLACK, width=3)
    text(draw, (x, y + 1), label, BLACK, size, "mm")


def _arrow(draw, start, end, width: int) -> None:
    """A yellow arrow with a black edge from `start` to `end`."""
    (ax, ay), (bx, by) = start, end
    length = math.hypot(bx - ax, by - ay) or 1
    ux, uy = (bx - ax) / length, (by - ay) / length
    head = width * 2.6
    base = (bx - ux * head, by - uy * head)
    wing = [(base[0] - uy * head * 0.6, base[1] + ux * head * 0.6), (bx, by), (base[0] + uy * head * 0.6, base[1] - ux * head * 0.6)]
    draw.line((ax, ay, *base), fill=BLACK, width=width + 4)
    draw.polygon(wing, fill=MARK, outline=BLACK, width=2)
    draw.line((ax, ay, *base), fill=MARK, width=width)


def _move_points(move: dict, layout: Layout, ox: float, oy: float) -> tuple[tuple[float, float], tuple[float, float]]:
    """Where a move's arrow starts (its numbers sit there, inside the source sector) and ends
    (inside the next sector); moves both ways between two sectors run side by side."""
    r = layout.r
    (ax, ay), (bx, by) = layout.centre(move["from"], ox, oy), layout.centre(move["to"], ox, oy)
    length = math.hypot(bx - ax, by - ay) or 1
    side = 1 if move["from"] < move["to"] else -1
    nx, ny = -(by - ay) / length * r * 0.22 * side, (bx - ax) / length * r * 0.22 * side
    tail = min(0.45, 0.45 * r / length)
    head = 1 - min(0.3, 0.4 * r / length)
    return ((ax + (bx - ax) * tail + nx, ay + (by - ay) * tail + ny),
            (ax + (bx - ax) * head + nx, ay + (by - ay) * head + ny))


def _move_label_at(move: dict, layout: Layout, ox: float, oy: float) -> tuple[float, float]:
    """Where a move's numbers go: on its arrow where it crosses out of the source sector (its words are centred)."""
    r = layout.r
    (ax, ay), (bx, by) = _move_points(move, layout, ox, oy)
    (cx, cy), (dx, dy) = layout.centre(move["from"], ox, oy), layout.centre(move["to"], ox, oy)
    t = min(1.0, max(0.0, (0.84 * r - math.hypot(ax - cx, ay - cy)) / (math.hypot(bx - ax, by - ay) or 1)))
    return ax + (bx - ax) * t, ay + (by - ay) * t


def _spread(pills: list[list], rounds: int = 40) -> None:
    """Push overlapping number pills apart ([x, y, numbers, size] each, moved in place), so
    busy choices (moves both ways among three sectors) keep every number readable."""
    for _ in range(rounds):
        moved = False
        for i, a in enumerate(pills):
            for b in pills[i + 1:]:
                (aw, ah), (bw, bh) = badge_half(a[2], a[3]), badge_half(b[2], b[3])
                over_x = aw + bw + 4 - abs(a[0] - b[0])
                over_y = ah + bh + 4 - abs(a[1] - b[1])
                if over_x <= 0 or over_y <= 0:
                    continue
                moved = True
                if over_x < over_y:  # the shorter way apart
                    shift = over_x / 2 * (1 if a[0] >= b[0] else -1)
                    a[0] += shift
                    b[0] -= shift
                else:
                    shift = over_y / 2 * (1 if a[1] >= b[1] else -1)
                    a[1] += shift
                    b[1] -= shift
        if not moved:
            return


def _moves(marks: dict, keys: set[str]) -> list[dict]:
    return [m for m in marks.get("moves", []) if m["from"] in keys and m["to"] in keys and m["from"] != m["to"]]


def draw_arrows(draw, marks: dict, layout: Layout, ox: float, oy: float, keys: set[str]) -> None:
    """An arrow per move, drawn under the sectors' words so it hides none of them."""
    for move in _moves(marks, keys):
        _arrow(draw, *_move_points(move, layout, ox, oy), max(6, round(layout.r / 15)))


def draw_marks(draw, marks: dict, layout: Layout, ox: float, oy: float, keys: set[str]) -> None:
    """Rims round the sectors the choice names and the options' numbers on top of everything:
    at the top of a sector an option acts on, at the start of a move's arrow."""
    r = layout.r
    size = badge_size(r)
    for key in marks.get("focus", []):
        if key in keys:
            draw.polygon(_hex(*layout.centre(key, ox, oy), r - 5), outline=FOCUS_RIM, width=8)
    for key in marks.get("spots", {}):
        if key in keys:  # inside a Home's gold rim, so both show
            draw.polygon(_hex(*layout.centre(key, ox, oy), r - 9), outline=MARK, width=6)
    small = round(size * 0.85)  # a move's numbers, often several near each other
    pills = [[*_move_label_at(move, layout, ox, oy), move["numbers"], small] for move in _moves(marks, keys)]
    for key, numbers in marks.get("spots", {}).items():
        if key in keys:
            cx, cy = layout.centre(key, ox, oy)
            pills.append([cx, cy - r + size * 1.25, numbers, size])  # at the top, above the sector's (lowered) words
    _spread(pills)
    for x, y, numbers, font_size in pills:
        badge(draw, x, y, numbers, font_size)


def marked(view: dict, names, locale: str = ENGLISH) -> object:
    """The map alone, as large as it fits, with the places in view["marks"] marked by the numbers
    of the options that act there (the panel's numbers), the houses' colours and a legend."""
    tr = reader(locale)
    marks = view.get("marks") or {}
    keys = [s["key"] for s in view["sectors"]]
    layout = Layout(keys, MARKED_WIDTH - 20, MARKED_MAP_H, MARKED_R_MAX)
    legend = " ".join(tr(part) for part in (MARKS_LEGEND, MAP_LEGEND, HARBINGER_LEGEND if view.get("solo") else None)
                      if part)
    legend_h = wrapped_height(legend, MARKED_WIDTH - 32, MID)
    # the choice's prompt whole, on up to three lines (the panel repeats it under the image)
    prompt = marks.get("title")
    prompt = render(prompt, locale) if isinstance(prompt, Msg) else prompt  # a prompt added to the view unrendered
    title_size, title = fit(prompt or tr(T("Your choice on the map")), MARKED_WIDTH - 32, 3 * line_height(MID), BIG, MID)
    title_h = len(title) * line_height(title_size)
    top = 14 + title_h + 50
    height = top + int(layout.height) + 16 + legend_h + 16
    image, draw = canvas(MARKED_WIDTH, height)
    for row, line in enumerate(title):
        text(draw, (16, 14 + row * line_height(title_size)), line, INK, title_size)
    _house_key(draw, view, names, 16, 14 + title_h + 22, tr)
    present = set(keys)
    draw_map(draw, view, layout, 10, top, frozenset(marks.get("spots", {})),
             under=lambda d: draw_arrows(d, marks, layout, 10, top, present), tr=tr)
    draw_marks(draw, marks, layout, 10, top, present)
    paragraph(draw, 16, height - legend_h - 12, legend, MARKED_WIDTH - 32, MUTED, MID)
    return image


def _house_key(draw, view: dict, names, x: int, y: int, tr=EN) -> None:
    """Which colour is whose: each house's token, player and house name."""
    for house in view.get("houses", []):
        seat = house["seat"]
        who = names[seat] if 0 <= seat < len(names) else f"P{seat + 1}"
        label = tr(T("{player} ({house})", player=who, house=house["house"])) if house.get("house") and house["house"] != "?" \
            else who
        token(draw, x + 12, y, seat, 12)
        size, label = fitted(label, 280, MID, LEGIBLE)
        text(draw, (x + 30, y), label, INK, size, "lm")
        x += 30 + int(width_of(label, size)) + 28
        if x > MARKED_WIDTH - 120:
            break
