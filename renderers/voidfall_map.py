"""The Voidfall sector map, drawn from view["sectors"] (and view["solo"]["harbingers"]).

Whatever sector keys the view has ("q,r" axial, negative coordinates too), the map is laid out
from their bounding box and scaled to the space it is given. Each hex shows: name; Population
(and "fixed"), a Corrupted badge and a harbinger badge; Guilds | Installations; the owning
house's fleets as markers ("Cor 3+1" = a Corvette marker of 3 cubes and one of 1); Voidborn
cubes on a purple pill; Glory, Bounty and Reclaim tokens.
"""

from __future__ import annotations

import math

from .common import BLACK, EDGE, GOLD, INK, VERMILLION, WHITE, fitted, seat_colour, shorten, text, token, width_of

R_MAX = 104
SQRT3 = math.sqrt(3)
VOID = (33, 27, 32)          # a Voidborn-held sector: near black with a purple rim (no house tint is this dark)
VOID_PILL = (102, 60, 84)    # behind the Voidborn cube count
VOID_INK = (204, 121, 167)
NEUTRAL = (78, 80, 85)
STORM = WHITE                # Voidstorm bars: white on black, unlike any rim
HARBINGER = WHITE            # white diamonds: no house colour, no Corruption vermillion
GUILD = {"fa": "Fa", "en": "En", "mi": "Mi", "ba": "Ba", "sc": "Sc"}
INST = {"yard": "Y", "sd": "D", "starbase": "S"}
FLEET = {"corvette": "Cor", "sentry": "Sen", "destroyer": "Des", "dreadnought": "Dre", "carrier": "Car"}
STORMS = [("0,-1", "1,-1"), ("0,1", "-1,1"), ("-1,0", "0,0")]  # the base map's, when the view carries none


def _axial(key: str) -> tuple[float, float]:
    """Centre of hex `key` in units of the hex radius (pointy-top)."""
    q, r = map(int, key.split(","))
    return SQRT3 * (q + r / 2), 1.5 * r


class Layout:
    """Where each hex goes: radius and offset fitted to a box of `width` x at most `max_height`."""

    def __init__(self, keys, width: float, max_height: float) -> None:
        points = [_axial(k) for k in keys] or [(0.0, 0.0)]
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        span_x = max(xs) - min(xs) + SQRT3
        span_y = max(ys) - min(ys) + 2
        self.r = min(R_MAX, width / span_x, max_height / span_y)
        self.width, self.height = span_x * self.r, span_y * self.r
        self.x0 = (width - self.width) / 2 - (min(xs) - SQRT3 / 2) * self.r
        self.y0 = -(min(ys) - 1) * self.r

    def centre(self, key: str, ox: float = 0, oy: float = 0) -> tuple[float, float]:
        ux, uy = _axial(key)
        return ox + self.x0 + ux * self.r, oy + self.y0 + uy * self.r


def _hex(cx, cy, radius):
    return [(cx + radius * math.cos(math.radians(60 * k - 30)), cy + radius * math.sin(math.radians(60 * k - 30)))
            for k in range(6)]


def _mix(a, b, t):
    return tuple(round(a[i] + (b[i] - a[i]) * t) for i in range(3))


def harbinger_icon(draw, x, y, radius: int, n: int = 1, size: int = 16) -> None:
    """A white diamond with an H (and the count when more than one)."""
    draw.polygon([(x, y - radius), (x + radius, y), (x, y + radius), (x - radius, y)], fill=HARBINGER, outline=BLACK)
    text(draw, (x, y + 1), "H" if n <= 1 else f"H{n}", BLACK, size if n <= 1 else size - 3, "mm")


def fleet_words(sector: dict) -> str:
    """The owner's fleets as markers: "Cor 3+1 Des 2" (view "markers"; plain cube counts without it)."""
    markers = sector.get("markers")
    if markers is None:
        markers = {k: [n] for k, n in sector.get("fleet", {}).items() if n}
    parts = []
    for kind in FLEET:
        cubes = [n for n in markers.get(kind, []) if n]
        if cubes:
            parts.append(f"{FLEET[kind]} " + "+".join(map(str, cubes)))
    parts += [f"{k[:3].title()} " + "+".join(map(str, v)) for k, v in sorted(markers.items()) if k not in FLEET and k != "void" and v]
    return " ".join(parts)


def _fit_line(string: str, width: float, size: int, smallest: int = 13) -> int:
    while size > smallest and width_of(string, size) > width:
        size -= 1
    return size


def sector(draw, s: dict, layout: Layout, ox: float, oy: float, harbingers: int = 0) -> None:
    cx, cy = layout.centre(s["key"], ox, oy)
    r = layout.r
    if s["owner"] >= 0:
        fill = _mix(seat_colour(s["owner"]), (30, 30, 36), 0.5)
    elif s["void"]:
        fill = VOID
    else:
        fill = NEUTRAL
    home = s["home_of"] >= 0
    rim = GOLD if home else VOID_INK if s["void"] and s["owner"] < 0 else EDGE
    draw.polygon(_hex(cx, cy, r - 2), fill=fill, outline=rim, width=5 if home else 3 if rim == VOID_INK else 2)
    size = max(14, min(21, round(r / 5)))
    step = round(size * 1.15)
    w = int(r * 1.55)
    y = cy - 2.5 * step
    name_size, name = fitted(s["name"], int(r * 1.4), size, 11)  # the whole name, smaller if need be
    text(draw, (cx, y), name, INK, name_size, "mm")
    y += step
    pop = (f"pop {s['pop']}" + (" fixed" if s["fixed"] else "")) if s["pop"] else "no pop"
    badge = round(size * 0.6)
    text(draw, (cx - (badge if s["corrupted"] else 0), y), pop, INK, size, "mm")  # clear of the C badge
    if s["corrupted"]:
        bx = cx + r * 0.62
        draw.ellipse((bx - badge, y - badge, bx + badge, y + badge), fill=VERMILLION, outline=BLACK)
        text(draw, (bx, y), "C", BLACK, size - 3, "mm")
    y += step
    g = " ".join(GUILD[x] for x in s["guilds"]) or "-"
    i = "".join(INST[x] for x in s["installs"]) or "-"
    text(draw, (cx, y), shorten(f"{g} | {i}", w, size - 1), INK, size - 1, "mm")
    y += step
    words = fleet_words(s) if s["owner"] >= 0 else ""
    if words:
        room = w - 2 * badge - 6
        lines = [words]
        if width_of(words, size - 2) > room:  # two lines of markers rather than tiny text
            parts = words.split(" ")
            cut = 2 * ((len(parts) // 2 + 1) // 2)
            lines = [line for line in (" ".join(parts[:cut]), " ".join(parts[cut:])) if line]
        fs = min(_fit_line(line, room, size) for line in lines)
        tw = max(width_of(line, fs) for line in lines) + 2 * badge + 6
        x = cx - tw / 2
        token(draw, round(x + badge), round(y + (len(lines) - 1) * step / 2), s["owner"], badge)
        for line in lines:
            text(draw, (x + 2 * badge + 6, y), shorten(line, int(room), fs), INK, fs, "lm")
            y += step
    if s["void"] or harbingers:
        label = f"Voidborn {s['void']}" if s["void"] else ""
        half = width_of(label, size) / 2 + 8 if label else 0
        # a harbinger sits beside the Voidborn fleet it scouts for
        shift = badge + 4 if harbingers and label else 0
        if label:
            draw.rounded_rectangle((cx + shift - half, y - step / 2 + 1, cx + shift + half, y + step / 2 - 1), 6,
                                   fill=VOID_PILL, outline=VOID_INK)
            text(draw, (cx + shift, y), label, WHITE, size, "mm")
        if harbingers:
            harbinger_icon(draw, cx + shift - half - badge - 6 if label else cx, y, badge + 4, harbingers, size - 2)
        y += step
    elif s["fallen"] and not words:
        text(draw, (cx, y), "Fallen House", GOLD, size, "mm")
        y += step
    toks = []
    if s["glory"]:
        toks.append("Gl " + ",".join(map(str, s["glory"])))
    if s["bounty"]:
        toks.append(f"B{s['bounty']}")
    if s["reclaim"]:
        toks.append(f"R{s['reclaim']}")
    if toks:
        text(draw, (cx, y), shorten(" ".join(toks), int(r * 1.2), size - 1), GOLD, size - 1, "mm")


def draw_map(draw, view: dict, layout: Layout, ox: float, oy: float) -> None:
    """Every sector, then the Voidstorms between neighbouring sectors on the map."""
    harb = (view.get("solo") or {}).get("harbingers", {})
    keys = set()
    for s in view["sectors"]:
        keys.add(s["key"])
        sector(draw, s, layout, ox, oy, harb.get(s["key"], 0))
    for a, b in view.get("storms") or (view.get("solo") or {}).get("storms") or STORMS:
        if a not in keys or b not in keys:
            continue
        (ax, ay), (bx, by) = layout.centre(a, ox, oy), layout.centre(b, ox, oy)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        dx, dy = by - ay, ax - bx
        ln = math.hypot(dx, dy) or 1
        dx, dy = dx / ln * layout.r * 0.5, dy / ln * layout.r * 0.5
        draw.line((mx - dx, my - dy, mx + dx, my + dy), fill=BLACK, width=16)
        draw.line((mx - dx * 0.95, my - dy * 0.95, mx + dx * 0.95, my + dy * 0.95), fill=STORM, width=10)
