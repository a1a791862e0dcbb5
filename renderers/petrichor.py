"""Petrichor images, drawn only from the view dicts (see games/petrichor/view.py).

public: whose turn, the labelled field (rows and columns numbered as the game names cells:
"row 2, col 3"), drops and clouds, scores and votes.
detail: what each crop pays, the vote track, South Wind, the final summary.
private: the seat's hand with each card's effect.
"""

from __future__ import annotations

import math

from PIL import Image

from games.core.i18n import ENGLISH

from .common import (LEGIBLE, chip, draw_verdict, game_title, legible_size, BIG, BLACK, EDGE, GOLD, INK, MID, MUTED, PANEL, SMALL, canvas, fitted, counts,
                     line_height, paragraph, seat_colour, shorten, text, token, width_of, wrap)
from .messages import T, reader

TITLE = "Petrichor"  # the English title, for a view made without one (games name themselves in views)

CROP_FILL = {
    "wheat": (196, 160, 60), "cotton": (205, 205, 195), "hay": (170, 150, 95), "potato": (140, 100, 70),
    "coffee": (105, 70, 50), "rice": (120, 160, 110), "corn": (215, 190, 70),
}
WEATHER_FILL = {"F": (170, 215, 235), "S": (240, 200, 70), "W": (160, 175, 165), "R": (110, 160, 225)}
# Fallbacks when the view does not carry the game's own words.
EFFECT = {"F": T("Form a new cloud with 1 drop."), "S": T("Add 2 drops to a cloud."), "W": T("Blow a cloud "
          "(move it)."), "R": T("Rain 1 or 2 clouds onto their fields.")}
STAGE = {0: T("seed"), 1: T("sprout"), 2: T("grown")}
SOUTH_WIND = T("South Wind")
# The game's phases (view "phase" is an id): what the title calls them.
PHASE = {"setup": T("setup phase"), "weather": T("weather phase"), "action": T("action phase"),
         "keep": T("keep phase")}
SW_COLOUR = (190, 190, 190)
FIELD_COLOUR = (52, 70, 48)
WIDTH = 900
SIDE_W = 300
LEAST = legible_size(WIDTH)   # no text smaller than this


def _colour(view: dict, c: int) -> tuple[int, int, int]:
    return SW_COLOUR if view["colours"][c]["automaton"] else seat_colour(c)


def _name(view: dict, names: list[str], c: int, tr=reader(ENGLISH)) -> str:
    if view["colours"][c]["automaton"]:
        return tr(SOUTH_WIND)
    return names[c] if c < len(names) else view["colours"][c]["name"]


def _tok(draw, x: int, y: int, c: int, r: int = 10, view: dict | None = None, label: str | None = None) -> None:
    if view is not None and view["colours"][c]["automaton"]:
        # South Wind: grey diamond with "S", so it never looks like a player disc; the letter legible,
        # the diamond as big as it needs to hold it
        label = "S" + (label or "")[1:]
        size = max(r + 4 if len(label) == 1 else r + 1, LEGIBLE)
        half = max(r + 2, int(width_of(label, size) / 2 + size / 2) + 2)
        draw.polygon([(x, y - half), (x + half, y), (x, y + half), (x - half, y)], fill=SW_COLOUR, outline=BLACK)
        text(draw, (x, y), label, BLACK, size, "mm")
    else:
        token(draw, x, y, c, radius=r, label=label)


def _marker(view: dict):
    return lambda draw, x, y, c, r, label: _tok(draw, x, y, c, r, view, label)


def _bolt(draw, x, y) -> None:
    draw.polygon([(x + 4, y), (x - 3, y + 9), (x + 1, y + 9), (x - 3, y + 18), (x + 6, y + 7), (x + 2, y + 7), (x + 6, y)],
                 fill=(255, 230, 0), outline=BLACK)


def weather_icon(draw, cx: int, cy: int, r: int, weather: str, ink=BLACK) -> None:
    """A weather drawn as a symbol (snowflake, sun, wind, rain), never as a letter code."""
    width = max(2, r // 6)
    if weather == "F":   # snowflake: three crossing strokes with ticks at their ends
        for k in range(3):
            a = math.pi / 3 * k
            dx, dy = r * math.cos(a), r * math.sin(a)
            draw.line((cx - dx, cy - dy, cx + dx, cy + dy), fill=ink, width=width)
            for sign in (1, -1):
                ex, ey = cx + sign * dx * 0.65, cy + sign * dy * 0.65
                for turn in (math.pi / 4, -math.pi / 4):
                    b = a + turn + (0 if sign > 0 else math.pi)
                    draw.line((ex, ey, ex + r * 0.3 * math.cos(b), ey + r * 0.3 * math.sin(b)), fill=ink, width=width)
    elif weather == "S":   # sun: a disc with rays
        core = r * 0.45
        draw.ellipse((cx - core, cy - core, cx + core, cy + core), fill=ink)
        for k in range(8):
            a = math.pi / 4 * k
            draw.line((cx + r * 0.62 * math.cos(a), cy + r * 0.62 * math.sin(a), cx + r * math.cos(a),
                       cy + r * math.sin(a)), fill=ink, width=width)
    elif weather == "W":   # wind: three gusts, each ending in a curl
        for k, (left, right) in enumerate(((-1.0, 0.5), (-0.7, 0.9), (-1.0, 0.3))):
            y = cy + (k - 1) * r * 0.55
            draw.line((cx + left * r, y, cx + right * r, y), fill=ink, width=width)
            curl = r * 0.22
            draw.arc((cx + right * r - curl, y - 2 * curl, cx + right * r + curl, y), -90, 180, fill=ink, width=width)
    else:   # rain: three falling drops
        for k in range(3):
            x, y = cx + (k - 1) * r * 0.6, cy + (k % 2) * r * 0.3 - r * 0.15
            d = r * 0.28
            draw.polygon([(x, y - 2.2 * d), (x + d, y), (x - d, y)], fill=ink)
            draw.ellipse((x - d, y - d, x + d, y + d), fill=ink)


def wheat_icon(draw, cx: int, cy: int, r: int, ink=BLACK) -> None:
    """An ear of wheat (the harvest die's wheat face), drawn rather than written as a letter."""
    draw.line((cx, cy + r, cx, cy - r * 0.8), fill=ink, width=2)
    for k in range(3):
        y = cy - r * 0.55 + k * r * 0.45
        for side in (-1, 1):
            x = cx + side * r * 0.28
            draw.ellipse((x - r * 0.2, y - r * 0.3, x + r * 0.2, y + r * 0.3), fill=ink)
    draw.ellipse((cx - r * 0.18, cy - r * 1.0, cx + r * 0.18, cy - r * 0.5), fill=ink)


def crop_pays(view: dict, crop: str, tr=reader(ENGLISH)) -> str:
    """What a crop pays, from the view's crop table when the game provides one ('' if not)."""
    table = view.get("crop_table") or view.get("crops") or view.get("crop_scoring")
    entry = None
    if isinstance(table, dict):
        entry = table.get(crop)
    elif isinstance(table, list):
        entry = next((e for e in table if isinstance(e, dict) and crop in (e.get("crop"), e.get("id"))), None)
    if isinstance(entry, str):
        return entry
    if not isinstance(entry, dict):
        return ""
    for key in ("pays", "summary", "text", "scoring"):
        if isinstance(entry.get(key), str):
            return entry[key]
    parts = []
    def points(key: str) -> str:
        return "/".join(str(v) for v in entry[key])

    if isinstance(entry.get("table"), list):
        parts.append(points("table"))
    if isinstance(entry.get("sprout_table"), list):
        parts.append(tr(T("sprouted {points}", points=points("sprout_table"))))
    if isinstance(entry.get("grown_table"), list):
        parts.append(tr(T("grown {points}", points=points("grown_table"))))
    if "grown_per_drop" in entry:
        parts.append(tr(T("grown {n} per drop", n=entry["grown_per_drop"])))
    if "top_points" in entry:
        parts.append(tr(T("most {top}, others {other}", top=entry["top_points"], other=entry.get("other_points", "?"))))
    return tr(T("{parts}", parts=tuple(parts))) if parts else ""


TILE_TOP = 112      # a tile's name, drops and tokens sit above this; its cloud and what it pays below
CLOUD_H = 40        # the row a cloud over the tile takes
TILE_PAD = 14


def _pays(view: dict, t: dict, tr) -> str:
    """What the tile pays, in the game's own words (English shortened where it repeats itself)."""
    pays = t.get("pays")   # the game's own words, in the reader's language
    if not pays:
        pays = crop_pays(view, t["crop"], tr)
        pays = tr(T("pays {points}", points=pays)) if pays else ""
    return pays.removeprefix("then ").replace(" by rank", "").replace("each grower ", "")


def _pays_lines(view: dict, t: dict, w: int, tr) -> tuple[str, ...]:
    return wrap(_pays(view, t, tr), w - 22, SMALL)


def _row_h(view: dict, tiles: list[dict], w: int, tr) -> int:
    """A field row's height: room for a cloud and every tile's pay line whole, at a legible size."""
    lines = max((len(_pays_lines(view, t, w, tr)) for t in tiles), default=1)
    return TILE_TOP + CLOUD_H + lines * line_height(SMALL) + TILE_PAD


def _tile(draw, view: dict, t: dict, x0: int, y0: int, w: int, h: int, cloud: dict | None, tr) -> None:
    fill = CROP_FILL.get(t["crop"], (120, 120, 120))
    draw.rectangle((x0, y0, x0 + w - 6, y0 + h - 6), fill=FIELD_COLOUR, outline=fill, width=4)
    size, name = fitted(t["crop_name"], w - 30, MID, LEGIBLE)   # the crop in words on its colour
    chip(draw, x0 + 8, y0 + 22, name, fill, size)
    total = sum(t["drops"])
    amount = f"{total}/{t['threshold']}" if t["stage"] == 0 else str(total)
    text(draw, (x0 + 10, y0 + 58), amount, INK, 28, "lm")
    room = w - 32 - int(width_of(amount, 28))
    short = tr(STAGE[t["stage"]]) if t["stage"] in STAGE else str(t["stage"])
    stage = t.get("stage_name") or short
    if width_of(stage, SMALL) > room:
        stage = short
    stage_w = int(width_of(stage, SMALL))
    text(draw, (x0 + w - 14, y0 + 58), shorten(stage, room, SMALL), GOLD if t["stage"] else MUTED, SMALL, "rm")
    drops = tr(T("drops"))
    if t["stage"] and room - stage_w >= width_of(drops, SMALL) + 10:
        text(draw, (x0 + 16 + int(width_of(amount, 28)), y0 + 62), drops, MUTED, SMALL, "lm")
    counts(draw, x0 + 8, y0 + 92, t["drops"], size=18, radius=11, mark=_marker(view), max_x=x0 + w - 10)
    if cloud:
        cy = y0 + TILE_TOP
        dark = cloud["dark"]
        body = (70, 72, 90) if dark else (240, 240, 245)
        ink = INK if dark else (20, 20, 24)
        draw.rounded_rectangle((x0 + 6, cy, x0 + w - 12, cy + 34), radius=16, fill=body, outline=INK)
        label = tr(T("dark {n}", n=cloud["total"]) if dark else T("cloud {n}", n=cloud["total"]))
        room = w - 60 - 52 * sum(1 for n in cloud["drops"] if n)
        if width_of(label, 18) > room:
            label = str(cloud["total"])
        text(draw, (x0 + 16, cy + 17), label, ink, 18, "lm")
        end = counts(draw, x0 + 22 + int(width_of(label, 18)), cy + 17, cloud["drops"], size=18, radius=11,
                     mark=_marker(view), fill=ink, max_x=x0 + w - 14)
        if dark and end < x0 + w - 30:
            _bolt(draw, x0 + w - 30, cy + 8)
    y = y0 + TILE_TOP + CLOUD_H
    for line in _pays_lines(view, t, w, tr):   # whole, never cut by the tile's edge
        text(draw, (x0 + 10, y), line, MUTED, SMALL)
        y += line_height(SMALL)


def _field_rows(view: dict, width: int, tr) -> tuple[int, list[int]]:
    """(column width, each row's height)."""
    rows, cols = view["field"]["rows"], view["field"]["cols"]
    cw = (width - FIELD_LABEL_W) // cols
    heights = [_row_h(view, [t for t in view["field"]["tiles"] if t["r"] == r], cw, tr) for r in range(rows)]
    return cw, heights


FIELD_LABEL_W = 30


def _field(draw, view: dict, x0: int, y0: int, width: int, tr) -> int:
    cols = view["field"]["cols"]
    cw, heights = _field_rows(view, width, tr)
    tops = [y0 + 28 + sum(heights[:r]) for r in range(len(heights))]
    for c in range(cols):
        text(draw, (x0 + FIELD_LABEL_W + c * cw + cw // 2 - 3, y0 + 12), tr(T("col {n}", n=c + 1)), MUTED, MID, "mm")
    for r, (top, h) in enumerate(zip(tops, heights)):
        text(draw, (x0 + FIELD_LABEL_W // 2, top + h // 2), str(r + 1), MUTED, BIG, "mm")
    text(draw, (x0 + 2, y0 + 12), tr(T("row")), MUTED, SMALL, "lm")
    clouds = {(cl["r"], cl["c"]): cl for cl in view["clouds"]}
    for t in view["field"]["tiles"]:
        _tile(draw, view, t, x0 + FIELD_LABEL_W + t["c"] * cw, tops[t["r"]], cw, heights[t["r"]],
              clouds.get((t["r"], t["c"])), tr)
    return y0 + 28 + sum(heights)


def _to_act(view: dict) -> list[int]:
    return [] if view.get("over") else list(view.get("to_act") or [])


def public(view: dict, names: list[str], locale: str = ENGLISH) -> Image.Image:
    tr = reader(locale)
    players = view["colours"]
    field_w = WIDTH - SIDE_W - 20
    side_h = 64 + 62 * len(players) + 200 + 90 + (40 + 34 * len(players) if view.get("final") else 0)
    height = max(84 + 28 + sum(_field_rows(view, field_w, tr)[1]) + 10, 84 + side_h)
    img, draw = canvas(WIDTH, height)
    phase = view["phase"]
    phase = tr(T("game over")) if view.get("over") else tr(PHASE[phase]) if phase in PHASE else phase
    title = tr(T("{title} - round {n}/{rounds} - {phase}", title=game_title(view, TITLE), n=view["round"], rounds=view["rounds"], phase=phase))
    verdict = draw_verdict(draw, view, WIDTH - 14, 24, 360)
    size, title = fitted(title, WIDTH - 28 - (verdict + 20 if verdict else 0), 28, 20)
    text(draw, (14, 24), title, INK, size, "lm")
    acting = _to_act(view)
    if acting:
        who = tuple(_name(view, names, c, tr) for c in acting)
        size, label = fitted(tr(T("{players} to play", players=who)), 330, BIG, 16)
        text(draw, (WIDTH - 14, 24), label, _colour(view, acting[0]), size, "rm")
        _tok(draw, WIDTH - 34 - int(width_of(label, size)), 24, acting[0], 13, view)
    fp = view["first"]
    first = tr(T("first player"))
    text(draw, (14, 64), first, MUTED, MID, "lm")
    fx = 14 + int(width_of(first, MID)) + 22
    _tok(draw, fx, 64, fp, 12, view)
    line = _name(view, names, fp, tr)
    if view["passed_by"] >= 0 and view["phase"] == "action" and not view["solo"]:
        line = tr(T("{first}   -   {player} passed: last turns", first=line,
                    player=_name(view, names, view["passed_by"], tr)))
    text(draw, (fx + 20, 64), shorten(line, WIDTH - fx - 40, MID), INK, MID, "lm")
    _field(draw, view, 10, 84, field_w, tr)
    _side(draw, view, names, WIDTH - SIDE_W - 6, 84, tr)
    return img


def _side(draw, view: dict, names: list[str], x0: int, y: int, tr) -> None:
    w = SIDE_W
    players = view["colours"]
    h = 40 + 62 * len(players)
    draw.rounded_rectangle((x0, y, x0 + w, y + h), radius=8, fill=PANEL)
    text(draw, (x0 + 12, y + 18), tr(T("score")), MUTED, SMALL, "lm")
    for c, col in enumerate(players):
        yy = y + 40 + c * 62
        active = c in _to_act(view)
        if active:
            draw.rounded_rectangle((x0 + 4, yy - 4, x0 + w - 4, yy + 56), 6, outline=_colour(view, c), width=3)
        _tok(draw, x0 + 22, yy + 14, c, 12, view)
        size, name = fitted(_name(view, names, c, tr), w - 110, MID, LEAST)  # names whole, smaller if need be
        text(draw, (x0 + 42, yy + 14), name, INK, size, "lm")
        text(draw, (x0 + w - 14, yy + 14), str(col["score"]), INK, 28, "rm")
        if col["automaton"]:
            info = tr(T("drops {drops}  votes {votes}  track {track}", drops=col["supply"], votes=col["markers"],
                        track=col["track"]))
        else:
            info = tr(T("drops {drops}  votes {votes}  track {track}  hand {hand}", drops=col["supply"],
                        votes=col["markers"], track=col["track"], hand=col["hand"]))
        size, info = fitted(info, w - 50, 18, LEAST)   # whole, smaller if need be
        text(draw, (x0 + 42, yy + 40), info, MUTED, size, "lm")
    y += h + 10
    draw.rounded_rectangle((x0, y, x0 + w, y + 190), radius=8, fill=PANEL)
    text(draw, (x0 + 12, y + 16), tr(T("weather votes")), MUTED, SMALL, "lm")
    win = set(view.get("winning_weathers", []))
    for i, wk in enumerate("FSWR"):
        yy = y + 34 + i * 38
        draw.rectangle((x0 + 10, yy, x0 + 96, yy + 32), fill=WEATHER_FILL[wk],
                       outline=(255, 255, 255) if wk in win else None, width=3)
        size, weather = fitted(view["weather_names"][wk], 80, MID, LEAST)
        text(draw, (x0 + 53, yy + 16), weather, BLACK, size, "mm")
        votes = view["votes"][wk]
        text(draw, (x0 + 120, yy + 16), str(sum(votes)), INK, BIG, "mm")
        counts(draw, x0 + 142, yy + 16, votes, size=18, radius=10, mark=_marker(view), max_x=x0 + w - 6)
    y += 200
    draw.rounded_rectangle((x0, y, x0 + w, y + 80), radius=8, fill=PANEL)
    text(draw, (x0 + 12, y + 16), shorten(tr(T("harvest dice (all wheat = harvest)")), w - 24, SMALL), MUTED, SMALL,
         "lm")
    for i, d in enumerate(view["dice"]):
        dx = x0 + 12 + i * 50
        wheat = d == "wheat"
        draw.rounded_rectangle((dx, y + 32, dx + 40, y + 72), radius=6, fill=(215, 180, 70) if wheat else (245, 245, 245))
        if wheat:
            wheat_icon(draw, dx + 20, y + 52, 14)
        else:
            text(draw, (dx + 20, y + 52), str(d), BLACK, BIG, "mm")
    text(draw, (x0 + w - 12, y + 44), tr(T("deck {n}", n=view["deck"])), MUTED, SMALL, "rm")
    text(draw, (x0 + w - 12, y + 64), tr(T("discard {n}", n=view["discard"])), MUTED, SMALL, "rm")
    y += 90
    if view.get("final"):
        fin = view["final"]
        h = 40 + 34 * len(fin["scores"])
        draw.rounded_rectangle((x0, y, x0 + w, y + h), radius=8, fill=PANEL, outline=GOLD, width=2)
        text(draw, (x0 + 12, y + 18), tr(T("FINAL SCORES")), GOLD, MID, "lm")
        for c, total in enumerate(fin["scores"]):
            yy = y + 52 + c * 34
            _tok(draw, x0 + 22, yy, c, 11, view)
            size, name = fitted(_name(view, names, c, tr), w - 124, MID, LEAST)   # the name whole
            text(draw, (x0 + 42, yy), name, INK, size, "lm")
            won = c in fin["winners"]   # a gold star before a winner's score (words would crowd the name)
            text(draw, (x0 + w - 14, yy), f"★ {total}" if won else str(total), GOLD if won else INK, BIG, "rm")


def _sections(view: dict, names: list[str], tr) -> list[tuple[str, list[tuple[str, str]]]]:
    """The detail image's text blocks: (title, [(label, text)])."""
    on_field: dict[str, dict] = {}
    for t in view["field"]["tiles"]:
        on_field.setdefault(t["crop"], t)
    crops = [(t["crop_name"],
              crop_pays(view, crop, tr) or tr(T("sprouts at {n} drops", n=t["threshold"])))
             for crop, t in on_field.items()]
    ranks = next((e.get("ranks") for e in (view.get("crop_scoring") or {}).values() if isinstance(e, dict)), None)
    if ranks:
        crops.append((tr(T("ranks")), ranks))
    sections = [(tr(T("What the crops on the field pay at harvest")), crops)]
    tiles = []
    for t in view["field"]["tiles"]:
        body = t.get("stage_text") or ""
        now = t.get("harvest_now") or []
        if any(now):
            paid = tuple(f"{_name(view, names, c, tr)} {p}" for c, p in enumerate(now) if p)
            body = tr(T("{stage}; harvest now: {paid}", stage=body, paid=paid)) if body else \
                tr(T("harvest now: {paid}", paid=paid))
        if body:
            tiles.append((tr(T("row {r}, col {c} {crop}", r=t["r"] + 1, c=t["c"] + 1, crop=t["crop_name"])), body))
    if tiles:
        sections.append((tr(T("Field")), tiles))
    notes = []
    if view.get("south_wind"):
        sw = view["south_wind"]
        notes.append((tr(SOUTH_WIND), tr(T("last card: {card}; {n} cards left", card=sw.get("last") or "-",
                                           n=sw.get("cards_left", "?")))))
        for i, card in enumerate(sw.get("cards") or []):
            if isinstance(card, dict):
                notes.append((str(card.get("name") or tr(T("card {n}", n=i + 1))), str(card.get("text", ""))))
            else:
                notes.append((tr(T("card {n}", n=i + 1)), str(card)))
    if view.get("final"):
        notes += [(tr(T("final")), str(line)) for line in view["final"].get("summary", [])]
    if notes:
        sections.append((tr(T("Notes")), notes))
    return sections


LABEL_W = 200   # detail rows: label column, then the text wrapped beside it


def _section_h(rows: list[tuple[str, str]], width: int) -> int:
    return 44 + sum(max(1, len(wrap(body, width - LABEL_W, MID))) * line_height(MID) + 6 for _, body in rows)


def detail(view: dict, names: list[str], locale: str = ENGLISH) -> Image.Image:
    """Crop scoring, every tile's stage and payout, the vote track, South Wind, the final summary."""
    tr = reader(locale)
    body_w = WIDTH - 40
    sections = _sections(view, names, tr)
    heights = [_section_h(rows, body_w) for _, rows in sections]
    pts = view["vote_track_points"]
    img, draw = canvas(WIDTH, 60 + 150 + sum(heights) + 10 * len(sections))
    text(draw, (14, 26), tr(T("{title} - crops, field, vote track", title=game_title(view, TITLE))), INK, 28, "lm")
    y = 56
    text(draw, (14, y + 14), shorten(tr(T("vote track: step and points (tokens show each player's step)")),
                                     WIDTH - 28, 18), MUTED, 18, "lm")
    y += 34
    step_w = min(76, (WIDTH - 28) // max(1, len(pts)))
    for i, p in enumerate(pts):
        bx = 14 + i * step_w
        draw.rectangle((bx, y, bx + step_w - 4, y + 50), outline=EDGE, fill=PANEL)
        text(draw, (bx + (step_w - 4) // 2, y + 14), str(i), MUTED, SMALL, "mm")
        text(draw, (bx + (step_w - 4) // 2, y + 36), str(p), INK, BIG, "mm")
        here = [c for c, col in enumerate(view["colours"]) if min(col["track"], len(pts) - 1) == i]
        for k, c in enumerate(here):
            _tok(draw, bx + 12 + (k % 3) * 22, y + 66 + (k // 3) * 22, c, 10, view)
    y += 116
    for (title, rows), h in zip(sections, heights):
        draw.rounded_rectangle((10, y, WIDTH - 10, y + h), 8, fill=PANEL, outline=EDGE)
        text(draw, (20, y + 20), title, INK, MID, "lm")
        ry = y + 40
        for label, body in rows:
            text(draw, (20, ry + 2), shorten(label, LABEL_W - 12, 18), GOLD, 18)
            ry = max(ry + line_height(MID), paragraph(draw, 20 + LABEL_W, ry, body, body_w - LABEL_W, INK, MID)) + 6
        y += h + 10
    return img


def _effect(view: dict, weather: str, tr) -> str:
    """What a weather card does: the game's own words when the view carries them."""
    given = (view.get("weather_effects") or {}).get(weather)
    if isinstance(given, dict):
        given = given.get("text")
    words = given if isinstance(given, str) and given else tr(EFFECT[weather]) if weather in EFFECT else ""
    return words[:1].upper() + words[1:]


def _card_h(view: dict, card: dict, w: int, tr) -> int:
    return 150 + len(wrap(_effect(view, card["weather"], tr), w - 16, 18)) * line_height(18)


def private(view: dict, names: list[str], locale: str = ENGLISH) -> Image.Image:
    tr = reader(locale)
    hand = view.get("hand", [])
    seat = view.get("viewer")
    per_row, gap = 6, 8
    cw = (WIDTH - 20 - gap * (per_row - 1)) // per_row
    rows = [hand[i:i + per_row] for i in range(0, len(hand), per_row)]
    row_h = [max(_card_h(view, c, cw, tr) for c in row) for row in rows] or [60]
    img, draw = canvas(WIDTH, 90 + sum(row_h) + gap * len(row_h))
    who = _name(view, names, seat, tr) if isinstance(seat, int) else tr(T("Spectator"))
    size, title = fitted(tr(T("{player}'s hand ({n} cards)", player=who, n=len(hand))), WIDTH - 28, 28, 20)
    text(draw, (14, 26), title, INK, size, "lm")
    if isinstance(seat, int):
        col = view["colours"][seat]
        _tok(draw, 26, 64, seat, 12, view)
        text(draw, (46, 64), tr(T("drops in supply {drops}   vote markers {votes}   score {score}",
                                  drops=col["supply"], votes=col["markers"], score=col["score"])), MUTED, MID, "lm")
    order = "FSWR"
    y = 86
    for row, h in zip(rows, row_h):
        for i, card in enumerate(row):
            x = 10 + i * (cw + gap)
            wk = card["weather"]
            draw.rounded_rectangle((x, y, x + cw, y + h), radius=10, fill=WEATHER_FILL[wk], outline=INK, width=2)
            nxt = order[(order.index(wk) + 1) % 4]
            named = view["weather_names"]
            votes = wrap(tr(T("votes {weather} or {next}", weather=named[wk], next=named[nxt])), cw - 12, 18)
            for k, line in enumerate(votes[:2]):
                text(draw, (x + 8, y + 16 + k * line_height(18)), line, BLACK, 18, "lm")
            weather_icon(draw, x + cw // 2, y + 74, 22, wk)
            text(draw, (x + cw // 2, y + 118), shorten(card["name"], cw - 10, BIG), BLACK, BIG, "mm")
            paragraph(draw, x + 8, y + 140, _effect(view, wk, tr), cw - 16, BLACK, 18)
        y += h + gap
    if not hand:
        text(draw, (20, 100), tr(T("No cards in hand.")), MUTED, MID)
    return img


__all__ = ["public", "private", "detail", "crop_pays"]
