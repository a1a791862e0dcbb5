"""Impulse images, drawn only from the view dicts (see games/impulse/view.py).

public: the sector map (cells numbered as the game's options name them), the Impulse row,
whose turn, scores, ships, hands and gems.
detail: the full texts of the Impulse row, cards in play, every player's techs and plan.
private: the seat's hand (and battle commitment) with full card texts, and its techs.
"""

from __future__ import annotations

import math

from PIL import Image

from games.core.i18n import ENGLISH

from .common import (LEGIBLE, draw_verdict, game_title, legible_size, BIG, BLACK, as_text, EDGE, GOLD, INK, MID, MUTED, PANEL, SMALL, canvas, fitted, ink_on, line_height,
                     paragraph, seat_colour, seat_mark, shorten, text, token, width_of, wrap)
from . import symbols
from .messages import T, reader
from .reads import seat_entry

TITLE = "Impulse"  # the English title, for a view made without one (games name themselves in views)

CARD_COLOURS = {"r": (213, 94, 0), "b": (0, 114, 178), "g": (0, 158, 115), "y": (240, 228, 66)}
# Each card colour has a symbol too (colour is never the only cue, and no letter code): the
# board's legend names them.
SYMBOLS = {"r": symbols.triangle, "b": symbols.diamond, "g": symbols.cross, "y": symbols.star}
COLOUR_WORDS = {"r": T("red"), "b": T("blue"), "g": T("green"), "y": T("yellow")}
COLOUR_KEYS = {"red": "r", "blue": "b", "green": "g", "yellow": "y"}
FACE_DOWN = (62, 64, 76)
CORE_FILL = (225, 225, 232)
R = 54  # hex radius
WIDTH = 900
PANEL_X = 505
LEAST = legible_size(WIDTH)   # no text smaller than this


def _name(names: list[str], seat: int) -> str:
    return names[seat] if seat < len(names) else f"P{seat + 1}"


def _centre(cell: dict, ox: int, oy: int) -> tuple[float, float]:
    q, r = cell["q"], cell["r"]
    return ox + R * math.sqrt(3) * (q + r / 2), oy + R * 1.5 * r


def _hex(cx: float, cy: float, radius: float) -> list[tuple[float, float]]:
    return [(cx + radius * math.cos(math.radians(60 * k - 30)), cy + radius * math.sin(math.radians(60 * k - 30)))
            for k in range(6)]


# The ten actions (view "action" is an id), in the words of the game's glossary.
ACTION = {"command": T("command"), "build": T("build"), "mine": T("mine"), "trade": T("trade"),
          "research": T("research"), "draw": T("draw"), "sabotage": T("sabotage"), "plan": T("plan"),
          "execute": T("execute"), "refine": T("refine")}


def _action(card: dict, tr) -> str:
    return tr(ACTION[card["action"]]) if card.get("action") in ACTION else str(card.get("action", ""))


def _mark_width(card: dict, size: int) -> int:
    return int(size * 0.9 + 6 + width_of(str(card["size"]), size) + 8 + width_of(str(card["box"]), size) + 10)


def _mark(draw, x: float, cy: float, card: dict, size: int, ink, anchor: str = "m") -> None:
    """A card's colour symbol, its size and its boxed number (drawn in a box, as on the card),
    centred on x ("m") or starting at x ("l")."""
    w = _mark_width(card, size)
    left = x - w / 2 if anchor == "m" else x
    r = size * 0.45
    SYMBOLS[card["colour"]](draw, left + r, cy, r, ink)
    tx = left + 2 * r + 6
    text(draw, (tx, cy), str(card["size"]), ink, size, "lm")
    bx = tx + width_of(str(card["size"]), size) + 8
    _boxed(draw, bx, cy, card["box"], size, ink)


def _boxed(draw, x: float, cy: float, number, size: int, ink) -> float:
    """A number in a box, as the boxed number prints on a card; returns the x after it."""
    w = width_of(str(number), size) + 10
    half = size / 2 + 2
    draw.rectangle((x, cy - half, x + w, cy + half), outline=ink, width=2)
    text(draw, (x + w / 2, cy), str(number), ink, size, "mm")
    return x + w


def _label(card: dict) -> str:
    """A card in words, as the game names it ("Red 1 · mine"; with its boxed number)."""
    return f"{card.get('label') or card.get('name', '')} [{card['box']}]"


def _map(draw, view: dict, ox: int, oy: int, tr) -> None:
    cells = view["map"]
    centres = {c["pos"]: _centre(c, ox, oy) for c in cells}
    for cell in cells:
        cx, cy = centres[cell["pos"]]
        card = cell["card"]
        fill = CORE_FILL if cell["core"] else CARD_COLOURS[card["colour"]] if card else FACE_DOWN
        draw.polygon(_hex(cx, cy, R - 2), fill=fill, outline=(10, 10, 12))
        ink = ink_on(fill)
        text(draw, (cx, cy - R * 0.66), f"#{cell['pos']}", ink if cell["core"] or card else MUTED, SMALL, "mm")
        if cell["core"]:
            size, core = fitted(tr(T("CORE")), int(R * 1.5), MID, LEAST)
            text(draw, (cx, cy - 12), core, ink, size, "mm")
        elif card:
            _mark(draw, cx, cy - 15, card, SMALL, ink)
            size, action = fitted(_action(card, tr).capitalize(), int(R * 1.5), SMALL, LEAST)
            text(draw, (cx, cy + 4), action, ink, size, "mm")
        else:
            text(draw, (cx, cy - 10), "?", MUTED, 28, "mm")
        owners = [(s, n) for s, n in enumerate(cell["transports"]) if n]
        for i, (s, n) in enumerate(owners):
            tx = cx - (len(owners) - 1) * 15 + i * 30
            token(draw, int(tx), int(cy + 25), s, radius=12, label=f"{seat_mark(s)}{n}" if n > 1 else None)
    for cell in cells:   # gates: a dot on every touching pair
        for other in cells:
            dq, dr = other["q"] - cell["q"], other["r"] - cell["r"]
            if other["pos"] > cell["pos"] and (dq, dr) in {(1, 0), (0, 1), (-1, 1)}:
                (ax, ay), (bx, by) = centres[cell["pos"]], centres[other["pos"]]
                mx, my = (ax + bx) / 2, (ay + by) / 2
                draw.ellipse((mx - 3, my - 3, mx + 3, my + 3), fill=(20, 20, 24))
    for gate in view["gates"]:   # cruisers: squares with letter and count
        (ax, ay), (bx, by) = centres[gate["a"]], centres[gate["b"]]
        mx, my = (ax + bx) / 2, (ay + by) / 2
        owners = [(s, n) for s, n in enumerate(gate["cruisers"]) if n]
        for i, (s, n) in enumerate(owners):
            x = mx - (len(owners) - 1) * 14 + i * 28
            draw.rectangle((x - 13, my - 12, x + 13, my + 12), fill=seat_colour(s), outline=BLACK, width=2)
            text(draw, (x, my), f"{seat_mark(s)}{n if n > 1 else ''}", BLACK, 18, "mm")


def _chip(draw, x: int, y: int, card: dict, tr, w: int = 86, h: int = 52) -> None:
    fill = CARD_COLOURS[card["colour"]]
    ink = ink_on(fill)
    draw.rounded_rectangle((x, y, x + w, y + h), 6, fill=fill, outline=BLACK, width=1)
    _mark(draw, x + w // 2, y + 16, card, SMALL, ink)
    size, action = fitted(_action(card, tr).capitalize(), w - 6, SMALL, LEAST)
    text(draw, (x + w // 2, y + 38), action, ink, size, "mm")


def _impulse_row(draw, view: dict, x: int, y: int, tr) -> int:
    players = view["players_info"]
    cur_team = players[view["current"]]["impulse"] if players else 0
    for t, imp in enumerate(view["impulses"]):
        label = T("Impulse (oldest first)") if len(view["impulses"]) == 1 else T("Team {n} Impulse", n=t + 1)
        text(draw, (x, y), tr(label), MUTED, SMALL)
        y += 26
        for i, card in enumerate(imp):
            cx, cy = x + (i % 4) * 94, y + (i // 4) * 62
            _chip(draw, cx, cy + 8, card, tr)
            if view["marker"] == i and t == cur_team and not view["over"]:
                draw.polygon([(cx + 35, cy - 4), (cx + 51, cy - 4), (cx + 43, cy + 6)], fill=INK)
        if not imp:
            text(draw, (x, y + 8), tr(T("(empty)")), MUTED, MID)
        y += 62 * max(1, math.ceil(len(imp) / 4)) + 8
    return y


def _player(draw, view: dict, names: list[str], p: dict, x: int, y: int, w: int, tr) -> None:
    s = p["seat"]
    active = s == view["current"] and not view["over"]
    draw.rounded_rectangle((x, y, x + w, y + 80), 8, fill=PANEL, outline=seat_colour(s) if active else EDGE,
                           width=3 if active else 1)
    token(draw, x + 20, y + 20, s, radius=13)
    head = tr(T("{player} (out)", player=_name(names, s))) if p["eliminated"] else _name(names, s)
    room = w - (200 if len({q["team"] for q in view["players_info"]}) < len(view["players_info"]) else 140)
    size, head = fitted(head, room, MID, LEAST)  # names whole, smaller if need be
    text(draw, (x + 40, y + 20), head, INK, size, "lm")
    text(draw, (x + w - 12, y + 20), f"{p['score']}", INK, 30, "rm")
    tag = tr(T("pts"))
    if len({q["team"] for q in view["players_info"]}) < len(view["players_info"]):
        tag = tr(T("team {n}  pts", n=p["team"] + 1))
    text(draw, (x + w - 16 - int(width_of(f"{p['score']}", 30)), y + 24), tag, MUTED, SMALL, "rm")
    if p["plan"]:
        info = tr(T("ships {ships}  hand {hand}  core {core}  plan {plan}", ships=p["ships"], hand=p["hand_size"],
                    core=p["core_gates"], plan=len(p["plan"])))
    else:
        info = tr(T("ships {ships}  hand {hand}  core {core}", ships=p["ships"], hand=p["hand_size"],
                    core=p["core_gates"]))
    size, info = fitted(info, w - 162, 18, LEAST)   # whole, smaller if need be
    text(draw, (x + 12, y + 58), info, MUTED, size, "lm")
    gx = x + w - 144
    for cname, n in p["gems"].items():
        key = COLOUR_KEYS[cname]
        ink = ink_on(CARD_COLOURS[key])
        draw.rounded_rectangle((gx, y + 45, gx + 32, y + 71), 4, fill=CARD_COLOURS[key])
        SYMBOLS[key](draw, gx + 9, y + 58, 6, ink)
        text(draw, (gx + 23, y + 58), str(n), ink, 18, "mm")
        gx += 34


def public(view: dict, names: list[str], locale: str = ENGLISH) -> Image.Image:
    tr = reader(locale)
    players = view["players_info"]
    imp_rows = sum(max(1, math.ceil(len(imp) / 4)) for imp in view["impulses"])
    side_h = 70 + 34 * len(view["impulses"]) + 62 * imp_rows + 40 + 88 * len(players)
    height = max(70 + 8 * R + 40 + LEGEND_H, side_h + 20)
    image, draw = canvas(WIDTH, height)
    text(draw, (16, 26), tr(T("{title} - round {n} - first to {target}", title=game_title(view, TITLE), n=view["round"],
                                     target=view["target"])),
         INK, 28, "lm")
    if not view["over"] and players:
        seat = view["current"]
        size, label = fitted(tr(T("{players} to play", players=_name(names, seat))), 330, BIG, 16)
        text(draw, (WIDTH - 16, 26), label, seat_colour(seat), size, "rm")
        token(draw, WIDTH - 36 - int(width_of(label, size)), 26, seat, radius=13)
    else:
        draw_verdict(draw, view, WIDTH - 16, 26, 380)
    _map(draw, view, 16 + int(R * math.sqrt(3) * 2.5), 70 + 4 * R, tr)
    _legend(draw, 16, height - 18 - LEGEND_H, PANEL_X - 24, tr)
    legend = tr(T("circles: transports   squares: cruisers on gates   ?: face down"))
    text(draw, (16, height - 18), shorten(legend, PANEL_X - 24, SMALL), MUTED, SMALL, "lm")
    y = _impulse_row(draw, view, PANEL_X, 62, tr)
    status = tr(T("deck {deck}   discard {discard}", deck=view["deck_size"], discard=view["discard_size"]))
    if view.get("battle"):
        b = view["battle"]
        status = tr(T("BATTLE at gate {gate}: {attacker} vs {defender}", gate=b["gate"],
                      attacker=_name(names, b["attacker"]), defender=_name(names, b["defender"])))
        if b.get("defender_count") is not None:
            status = tr(T("{battle} (defends with {n})", battle=status, n=b["defender_count"]))
    text(draw, (PANEL_X, y + 6), shorten(status, WIDTH - PANEL_X - 14, 18), GOLD if view.get("battle") else MUTED, 18)
    y += 34
    for p in players:
        _player(draw, view, names, p, PANEL_X, y, WIDTH - PANEL_X - 10, tr)
        y += 88
    return image


LEGEND_H = 60   # two legend lines over the ships' one


def _legend(draw, x: int, y: int, width: int, tr, numbers: bool = True) -> None:
    """The card colours as symbols with their words, and how a card's numbers read."""
    left = x
    for key in ("r", "b", "g", "y"):
        SYMBOLS[key](draw, x + 8, y, 8, CARD_COLOURS[key])
        word = tr(COLOUR_WORDS[key])
        text(draw, (x + 20, y), word, MUTED, SMALL, "lm")
        x += 20 + int(width_of(word, SMALL)) + 14
    if not numbers:
        return
    x, y = left, y + 30
    text(draw, (x, y), "1", MUTED, SMALL, "lm")   # a card's numbers, drawn as the cards show them
    x = int(_boxed(draw, x + width_of("1", SMALL) + 6, y, 2, SMALL, MUTED)) + 6
    caption = tr(T(": size and boxed number"))
    text(draw, (x, y), shorten(caption, width - x + 16, SMALL), MUTED, SMALL, "lm")


def _text_block_height(entries: list[tuple[str, str]], width: int) -> int:
    return sum((line_height(MID) if label else 0) + len(wrap(body, width, 18)) * line_height(18) + 8
               for label, body in entries)


def detail(view: dict, names: list[str], locale: str = ENGLISH) -> Image.Image:
    """Every public text a player may need: the Impulse row, cards in play, techs and plans."""
    tr = reader(locale)
    body_w = WIDTH - 40
    blocks: list[tuple[str, tuple, list[tuple[str, str]]]] = []
    for t, imp in enumerate(view["impulses"]):
        title = tr(T("Impulse, oldest first") if len(view["impulses"]) == 1 else T("Team {n} Impulse", n=t + 1))
        blocks.append((title, EDGE, [(f"{i + 1}. {_label(c)}", c["text"]) for i, c in enumerate(imp)]))
    if view.get("in_play"):
        blocks.append((tr(T("In play")), EDGE, [(_label(c), c["text"]) for c in view["in_play"]]))
    for p in view["players_info"]:
        rows = [(tr(T("tech: {name}", name=t["name"])), t["text"]) for t in p["techs"]]
        rows += [(tr(T("plan: {card}", card=_label(c))), c["text"]) for c in p["plan"]]
        title = _name(names, p["seat"]) + (f" - {p['race']}" if p.get("race") else "")
        blocks.append((title, seat_colour(p["seat"]), rows))
    if view.get("races") and any(not p.get("race") for p in view["players_info"]):
        rows = []
        for race in view["races"]:
            taken = race.get("taken_by")
            label = race["name"]
            if taken is not None:
                label = tr(T("{race} (taken by {player})", race=label, player=_name(names, taken)))
            rows.append((label, as_text(race.get("tech") or race.get("text"))))
        blocks.append((tr(T("Races to choose from: each brings a unique tech")), EDGE, rows))
    if view.get("sector_core"):
        blocks.append((tr(T("Sector Core")), CORE_FILL, [("", as_text(view["sector_core"]))]))
    if view.get("turned_up"):
        blocks.append((tr(T("Turned up from the deck")), EDGE,
                       [(f"{_label(c) if 'box' in c else c.get('label', '')} {c.get('why', '')}".strip(), c["text"])
                        for c in view["turned_up"]]))
    if view.get("discard_top"):
        c = view["discard_top"]
        blocks.append((tr(T("Top of the discard pile")), EDGE, [(_label(c), c["text"])]))
    blocks = [block for block in blocks if block[2]]
    heights = [44 + _text_block_height(rows, body_w) for _, _, rows in blocks]
    image, draw = canvas(WIDTH, 60 + sum(heights) + 10 * len(blocks))
    text(draw, (16, 26), tr(T("{title} - card and tech texts", title=game_title(view, TITLE))), INK, 28, "lm")
    y = 56
    for (title, fill, rows), h in zip(blocks, heights):
        draw.rounded_rectangle((10, y, WIDTH - 10, y + h), 8, fill=PANEL, outline=fill, width=3)
        draw.rectangle((13, y + 3, WIDTH - 13, y + 34), fill=fill)
        text(draw, (20, y + 19), shorten(title, WIDTH - 50, MID), ink_on(fill), MID, "lm")
        ry = y + 42
        for label, body in rows:
            if label:
                text(draw, (20, ry), shorten(label, body_w, MID), GOLD, MID)
                ry += line_height(MID)
            ry = paragraph(draw, 20, ry, body, body_w, INK, 18) + 8
        y += h + 10
    return image


def _card_h(card: dict, w: int) -> int:
    return 58 + len(wrap(card["text"], w - 20, MID)) * line_height(MID) + 30


def _card(draw, x: int, y: int, card: dict, w: int, h: int, tr, tag: str = "") -> None:
    fill = CARD_COLOURS[card["colour"]]
    ink = ink_on(fill)
    draw.rounded_rectangle((x, y, x + w, y + h), 8, fill=fill, outline=BLACK, width=2)
    _mark(draw, x + 10, y + 22, card, BIG, ink, "l")
    text(draw, (x + w - 10, y + 22), shorten(_action(card, tr).upper(), w - 30 - _mark_width(card, BIG), MID), ink, MID,
         "rm")
    paragraph(draw, x + 10, y + 48, card["text"], w - 20, ink, MID)
    if tag:
        text(draw, (x + 10, y + h - 16), tag, ink, SMALL, "lm")


def private(view: dict, names: list[str], locale: str = ENGLISH) -> Image.Image:
    tr = reader(locale)
    hand = view.get("hand", [])
    commit = (view.get("battle") or {}).get("my_commit", [])
    seat = view.get("viewer")
    me = seat_entry(view["players_info"], seat)
    techs = me["techs"] if me else []
    cards = [(c, "") for c in hand] + [(c, tr(T("committed to battle"))) for c in commit]
    per_row, gap = 3, 10
    cw = (WIDTH - 20 - gap * (per_row - 1)) // per_row
    rows = [cards[i:i + per_row] for i in range(0, len(cards), per_row)]
    row_h = [max(_card_h(c, cw) for c, _ in row) for row in rows]
    tech_w = WIDTH - 40
    tech_h = (44 + _text_block_height([(t["name"], t["text"]) for t in techs], tech_w)) if techs else 0
    image, draw = canvas(WIDTH, 70 + LEGEND_H + sum(row_h) + gap * len(rows) + tech_h + (40 if not cards else 0) + 10)
    who = _name(names, seat) if isinstance(seat, int) else tr(T("Spectator"))
    if isinstance(seat, int):
        token(draw, 28, 28, seat, radius=14)
    size, title = fitted(tr(T("{player}'s hand ({n}/10)", player=who, n=len(hand))), WIDTH - 68, 28, 20)
    text(draw, (52, 28), title, INK, size, "lm")
    _legend(draw, 16, 66, WIDTH - 32, tr)
    y = 60 + LEGEND_H
    if not cards:
        text(draw, (16, y + 10), tr(T("(no cards)")), MUTED, MID)
        y += 40
    for row, h in zip(rows, row_h):
        for i, (card, tag) in enumerate(row):
            _card(draw, 10 + i * (cw + gap), y, card, cw, h, tr, tag)
        y += h + gap
    if techs:
        draw.rounded_rectangle((10, y, WIDTH - 10, y + tech_h), 8, fill=PANEL, outline=EDGE)
        text(draw, (20, y + 20), tr(T("Your techs")), INK, MID, "lm")
        ry = y + 42
        for t in techs:
            text(draw, (20, ry), t["name"], GOLD, MID)
            ry = paragraph(draw, 20, ry + line_height(MID), t["text"], tech_w, INK, 18) + 8
    return image


__all__ = ["public", "private", "detail"]
