"""Petrichor images, drawn only from the view dicts (see games/petrichor/view.py)."""

from __future__ import annotations

import textwrap

from PIL import Image, ImageDraw

from .common import INK, MUTED, PANEL, canvas, font, seat_colour, token

CROP_FILL = {
    "wheat": (196, 160, 60), "cotton": (205, 205, 195), "hay": (170, 150, 95), "potato": (140, 100, 70),
    "coffee": (105, 70, 50), "rice": (120, 160, 110), "corn": (215, 190, 70),
}
WEATHER_FILL = {"F": (170, 215, 235), "S": (240, 200, 70), "W": (160, 175, 165), "R": (110, 160, 225)}
EFFECT = {"F": "new cloud, 1 drop", "S": "+2 drops to cloud", "W": "blow a cloud", "R": "rain 1-2 clouds"}
SW_COLOUR = (190, 190, 190)
CELL_W, CELL_H = 200, 158


def _colour(view: dict, c: int) -> tuple[int, int, int]:
    return SW_COLOUR if view["colours"][c]["automaton"] else seat_colour(c)


def _mark(view: dict, c: int) -> str:
    return view["colours"][c]["mark"]


def _name(view: dict, names: list[str], c: int) -> str:
    if view["colours"][c]["automaton"]:
        return "South Wind"
    return names[c] if c < len(names) else view["colours"][c]["name"]


def _tok(draw: ImageDraw.ImageDraw, view: dict, x: int, y: int, c: int, r: int = 10) -> None:
    if view["colours"][c]["automaton"]:
        # South Wind: grey diamond with "S", so it never looks like a player disc
        draw.polygon([(x, y - r - 2), (x + r + 2, y), (x, y + r + 2), (x - r - 2, y)], fill=SW_COLOUR, outline=(0, 0, 0))
        draw.text((x, y), "S", fill=(0, 0, 0), font=font(r + 3), anchor="mm")
    else:
        token(draw, x, y, c, radius=r)


def _drop_counts(draw, view, x, y, drops, r=9, step=46) -> None:
    for c, n in enumerate(drops):
        if n:
            _tok(draw, view, x, y, c, r)
            draw.text((x + r + 3, y), f"x{n}", fill=INK, font=font(13), anchor="lm")
            x += step


def _bolt(draw, x, y) -> None:
    draw.polygon([(x + 4, y), (x - 3, y + 9), (x + 1, y + 9), (x - 3, y + 18), (x + 6, y + 7), (x + 2, y + 7), (x + 6, y)],
                 fill=(255, 230, 0), outline=(0, 0, 0))


def _tile(draw, view, t: dict, x0: int, y0: int, cloud: dict | None) -> None:
    fill = CROP_FILL.get(t["crop"], (120, 120, 120))
    draw.rectangle((x0, y0, x0 + CELL_W - 6, y0 + CELL_H - 6), fill=(52, 70, 48), outline=fill, width=4)
    draw.rectangle((x0 + 4, y0 + 4, x0 + 34, y0 + 34), fill=fill)
    draw.text((x0 + 19, y0 + 19), t["letter"], fill=(0, 0, 0), font=font(20), anchor="mm")
    draw.text((x0 + 40, y0 + 6), t["crop_name"], fill=INK, font=font(15))
    total = sum(t["drops"])
    draw.text((x0 + 40, y0 + 23), f"{total}/{t['threshold']} to sprout", fill=MUTED, font=font(12))
    # growth stage: empty ring = seed, half = sprouted, filled square = growing
    sx, sy = x0 + 14, y0 + CELL_H - 30
    stage = t["stage"]
    if stage == 0:
        draw.ellipse((sx - 8, sy - 8, sx + 8, sy + 8), outline=MUTED, width=2)
        label = "seed"
    elif stage == 1:
        draw.pieslice((sx - 8, sy - 8, sx + 8, sy + 8), 90, 270, fill=(80, 200, 90), outline=INK)
        draw.ellipse((sx - 8, sy - 8, sx + 8, sy + 8), outline=INK, width=1)
        label = "SPROUTED"
    else:
        draw.rectangle((sx - 8, sy - 8, sx + 8, sy + 8), fill=(80, 200, 90), outline=INK)
        draw.text((sx, sy), "G", fill=(0, 0, 0), font=font(12), anchor="mm")
        label = "GROWING"
    draw.text((sx + 14, sy), label, fill=INK, font=font(12), anchor="lm")
    # drops on the tile
    draw.text((x0 + 8, y0 + 44), "field:", fill=MUTED, font=font(11))
    _drop_counts(draw, view, x0 + 52, y0 + 51, t["drops"])
    if cloud:
        cx, cy = x0 + 8, y0 + 72
        dark = cloud["dark"]
        body = (70, 72, 90) if dark else (240, 240, 245)
        draw.rounded_rectangle((cx, cy, cx + CELL_W - 22, cy + 44), radius=18, fill=body, outline=INK)
        txt = (240, 240, 240) if dark else (20, 20, 20)
        kind = f"DARK {cloud['total']}" if dark else f"white {cloud['total']}"
        draw.text((cx + 10, cy + 3), kind, fill=txt, font=font(12))
        if dark:
            _bolt(draw, cx + CELL_W - 42, cy + 4)
        x = cx + 18
        for c, n in enumerate(cloud["drops"]):
            if n:
                _tok(draw, view, x, cy + 30, c, 8)
                draw.text((x + 11, cy + 30), f"{n}", fill=txt, font=font(13), anchor="lm")
                x += 36


def public(view: dict, names: list[str]) -> Image.Image:
    rows, cols = view["field"]["rows"], view["field"]["cols"]
    field_w = cols * CELL_W + 20
    width = field_w + 470
    height = max(rows * CELL_H + 80, 700 if view.get("solo") or view.get("final") else 640)
    img, draw = canvas(width, height)
    title = f"Petrichor - round {view['round']}/{view['rounds']} - phase: {view['phase']}"
    draw.text((12, 10), title, fill=INK, font=font(22))
    fp = view["first"]
    draw.text((12, 40), "First player:", fill=MUTED, font=font(15))
    _tok(draw, view, 118, 49, fp, 9)
    draw.text((134, 40), _name(view, names, fp), fill=INK, font=font(15))
    if view["passed_by"] >= 0 and view["phase"] == "action" and not view["solo"]:
        draw.text((300, 40), f"{_name(view, names, view['passed_by'])} passed: last turns", fill=MUTED, font=font(15))
    clouds = {(cl["r"], cl["c"]): cl for cl in view["clouds"]}
    for t in view["field"]["tiles"]:
        _tile(draw, view, t, 10 + t["c"] * CELL_W, 70 + t["r"] * CELL_H, clouds.get((t["r"], t["c"])))
    _side(draw, view, names, field_w + 6)
    return img


def _side(draw, view, names, x0) -> None:
    y = 12
    draw.rounded_rectangle((x0, y, x0 + 450, y + 172), radius=8, fill=PANEL)
    draw.text((x0 + 10, y + 6), "Vote board (markers per player)", fill=INK, font=font(15))
    win = set(view.get("winning_weathers", []))
    for i, w in enumerate("FSWR"):
        yy = y + 32 + i * 34
        draw.rectangle((x0 + 10, yy, x0 + 90, yy + 26), fill=WEATHER_FILL[w], outline=(255, 255, 255) if w in win else None, width=3)
        draw.text((x0 + 50, yy + 13), view["weather_names"][w], fill=(0, 0, 0), font=font(14), anchor="mm")
        votes = view["votes"][w]
        draw.text((x0 + 100, yy + 13), f"{sum(votes)}", fill=INK, font=font(16), anchor="lm")
        _drop_counts(draw, view, x0 + 140, yy + 13, votes, r=9, step=50)
    y += 182
    draw.rounded_rectangle((x0, y, x0 + 450, y + 70), radius=8, fill=PANEL)
    draw.text((x0 + 10, y + 6), "Harvest dice (all wheat = harvest)", fill=INK, font=font(15))
    for i, d in enumerate(view["dice"]):
        dx = x0 + 20 + i * 60
        wheat = d == "wheat"
        draw.rounded_rectangle((dx, y + 28, dx + 36, y + 64), radius=6, fill=(215, 180, 70) if wheat else (245, 245, 245))
        draw.text((dx + 18, y + 46), "W" if wheat else str(d), fill=(0, 0, 0), font=font(20), anchor="mm")
    draw.text((x0 + 210, y + 38), f"deck {view['deck']}  discard {view['discard']}", fill=MUTED, font=font(13))
    y += 80
    draw.rounded_rectangle((x0, y, x0 + 450, y + 44 + 26 * len(view["colours"])), radius=8, fill=PANEL)
    draw.text((x0 + 10, y + 6), "Player", fill=INK, font=font(13))
    for head, dx in zip(("score", "track(+pts)", "wheat", "drops", "votes", "hand"), (120, 170, 265, 315, 365, 415)):
        draw.text((x0 + dx, y + 6), head, fill=INK, font=font(12))
    for c, col in enumerate(view["colours"]):
        yy = y + 36 + c * 26
        _tok(draw, view, x0 + 18, yy, c, 9)
        draw.text((x0 + 32, yy), _name(view, names, c)[:10], fill=INK, font=font(13), anchor="lm")
        cells = [str(col["score"]), f"{col['track']} (+{col['track_points']})", str(col["wheat"]),
                 str(col["supply"]), str(col["markers"]), "-" if col["automaton"] else str(col["hand"])]
        for j, (txt, dx) in enumerate(zip(cells, (120, 170, 265, 315, 365, 415))):
            draw.text((x0 + dx, yy), txt, fill=INK, font=font(13), anchor="lm")
    y += 54 + 26 * len(view["colours"])
    pts = view["vote_track_points"]
    draw.rounded_rectangle((x0, y, x0 + 450, y + 92), radius=8, fill=PANEL)
    draw.text((x0 + 10, y + 6), "Vote track (step: points)", fill=INK, font=font(15))
    for i, p in enumerate(pts):
        bx = x0 + 10 + i * 39
        draw.rectangle((bx, y + 28, bx + 36, y + 50), outline=MUTED)
        draw.text((bx + 18, y + 39), f"{i}:{p}", fill=INK, font=font(11), anchor="mm")
        here = [c for c, col in enumerate(view["colours"]) if min(col["track"], len(pts) - 1) == i]
        for k, c in enumerate(here):
            _tok(draw, view, bx + 8 + (k % 2) * 18, y + 62 + (k // 2) * 18, c, 7)
    y += 102
    draw.rounded_rectangle((x0, y, x0 + 450, y + 40), radius=8, fill=PANEL)
    draw.text((x0 + 10, y + 6), "Rounds:", fill=INK, font=font(14))
    for i in range(1, view["rounds"] + 1):
        rx = x0 + 80 + (i - 1) * 34
        cur = i == view["round"]
        draw.ellipse((rx, y + 8, rx + 24, y + 32), fill=(230, 230, 230) if cur else None, outline=INK)
        draw.text((rx + 12, y + 20), str(i), fill=(0, 0, 0) if cur else INK, font=font(13), anchor="mm")
    y += 50
    if view.get("south_wind"):
        text = "South Wind's last card: " + (view["south_wind"]["last"] or "-")
        for line in textwrap.wrap(text, 62)[:3]:
            draw.text((x0 + 4, y), line, fill=INK, font=font(13))
            y += 18
        y += 4
    if view.get("final"):
        fin = view["final"]
        draw.text((x0 + 4, y), "FINAL SCORES (harvest + dice + vote track + wheat bonus)", fill=INK, font=font(14))
        y += 22
        for c, total in enumerate(fin["scores"]):
            star = "  WINNER" if c in fin["winners"] else ""
            _tok(draw, view, x0 + 14, y + 8, c, 8)
            draw.text((x0 + 28, y), f"{_name(view, names, c)}: {total}{star}", fill=INK, font=font(14))
            y += 22
        if view.get("solo"):
            draw.text((x0 + 4, y), fin["summary"][-1][:64], fill=INK, font=font(13))


def private(view: dict, names: list[str]) -> Image.Image:
    hand = view.get("hand", [])
    seat = view.get("viewer")
    width = max(700, 40 + 130 * max(len(hand), 1))
    img, draw = canvas(width, 270)
    who = _name(view, names, seat) if isinstance(seat, int) else "Spectator"
    draw.text((14, 10), f"{who}'s hand ({len(hand)} cards)", fill=INK, font=font(20))
    if isinstance(seat, int):
        col = view["colours"][seat]
        _tok(draw, view, 20, 52, seat, 10)
        draw.text((38, 44), f"drops in supply {col['supply']}   vote markers {col['markers']}   score {col['score']}",
                  fill=MUTED, font=font(14))
    order = "FSWR"
    for i, card in enumerate(hand):
        x, y = 20 + i * 130, 80
        w = card["weather"]
        draw.rounded_rectangle((x, y, x + 118, y + 170), radius=10, fill=WEATHER_FILL[w], outline=INK, width=2)
        nxt = order[(order.index(w) + 1) % 4]
        draw.text((x + 8, y + 6), f"vote {w} / {nxt}", fill=(0, 0, 0), font=font(12))
        draw.text((x + 59, y + 80), w, fill=(0, 0, 0), font=font(54), anchor="mm")
        draw.text((x + 59, y + 130), card["name"], fill=(0, 0, 0), font=font(18), anchor="mm")
        draw.text((x + 59, y + 154), EFFECT[w], fill=(0, 0, 0), font=font(11), anchor="mm")
    if not hand:
        draw.text((20, 120), "No cards in hand.", fill=MUTED, font=font(18))
    return img
