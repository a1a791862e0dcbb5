"""Impulse images, drawn only from the view dicts."""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from .common import INK, MUTED, PANEL, canvas, font, seat_colour, seat_mark, token, wrap

CARD_COLOURS = {"r": (213, 94, 0), "b": (0, 114, 178), "g": (0, 158, 115), "y": (240, 228, 66)}
LETTERS = {"r": "R", "b": "B", "g": "G", "y": "Y"}
COLOUR_KEYS = {"red": "r", "blue": "b", "green": "g", "yellow": "y"}
FACE_DOWN = (62, 64, 76)
CORE_FILL = (225, 225, 232)
R = 66  # hex radius
WIDTH = 1360


def _ink_on(colour) -> tuple[int, int, int]:
    r, g, b = colour
    return (0, 0, 0) if r * 0.3 + g * 0.59 + b * 0.11 > 140 else (255, 255, 255)


def _name(names: list[str], seat: int) -> str:
    return names[seat] if seat < len(names) else f"P{seat + 1}"


def _centre(cell: dict, ox: int, oy: int) -> tuple[float, float]:
    q, r = cell["q"], cell["r"]
    return ox + R * math.sqrt(3) * (q + r / 2), oy + R * 1.5 * r


def _hex(cx: float, cy: float, radius: float) -> list[tuple[float, float]]:
    return [(cx + radius * math.cos(math.radians(60 * k - 30)), cy + radius * math.sin(math.radians(60 * k - 30)))
            for k in range(6)]


def _pips(size: int) -> str:
    return "|" * size


def _chip(draw, x: int, y: int, card: dict, w: int = 92, h: int = 40) -> None:
    """A small card: colour + letter, size bars, action, boxed number."""
    fill = CARD_COLOURS[card["colour"]]
    ink = _ink_on(fill)
    draw.rounded_rectangle((x, y, x + w, y + h), 5, fill=fill, outline=(0, 0, 0), width=1)
    draw.text((x + 4, y + 3), f"{LETTERS[card['colour']]}{card['size']}", fill=ink, font=font(13))
    draw.text((x + w - 4, y + 3), f"[{card['box']}]", fill=ink, font=font(12), anchor="ra")
    draw.text((x + w // 2, y + h - 5), card["action"].capitalize(), fill=ink, font=font(13), anchor="mb")


def _map(draw: ImageDraw.ImageDraw, view: dict, ox: int, oy: int) -> None:
    cells = view["map"]
    centres = {c["pos"]: _centre(c, ox, oy) for c in cells}
    for cell in cells:
        cx, cy = centres[cell["pos"]]
        card = cell["card"]
        if cell["core"]:
            fill = CORE_FILL
        elif card:
            fill = CARD_COLOURS[card["colour"]]
        else:
            fill = FACE_DOWN
        draw.polygon(_hex(cx, cy, R - 2), fill=fill, outline=(10, 10, 12))
        ink = _ink_on(fill)
        draw.text((cx, cy - R * 0.72), f"#{cell['pos']}", fill=ink, font=font(12), anchor="mm")
        if cell["core"]:
            draw.text((cx, cy - 22), "SECTOR", fill=ink, font=font(13), anchor="mm")
            draw.text((cx, cy - 8), "CORE", fill=ink, font=font(13), anchor="mm")
        elif card:
            draw.text((cx, cy - 26), f"{LETTERS[card['colour']]} {_pips(card['size'])}  [{card['box']}]",
                      fill=ink, font=font(14), anchor="mm")
            draw.text((cx, cy - 10), card["action"].upper(), fill=ink, font=font(13), anchor="mm")
        else:
            draw.text((cx, cy - 16), "?", fill=MUTED, font=font(26), anchor="mm")
        owners = [(s, n) for s, n in enumerate(cell["transports"]) if n]
        for i, (s, n) in enumerate(owners):
            tx = cx - (len(owners) - 1) * 13 + i * 26
            token(draw, int(tx), int(cy + 20), s, radius=11)
            if n > 1:
                draw.text((tx, cy + 37), f"x{n}", fill=ink, font=font(12), anchor="mm")
    # gates: a small notch on every touching pair, cruisers as squares
    for cell in cells:
        for other in cells:
            if other["pos"] <= cell["pos"]:
                continue
            dq, dr = other["q"] - cell["q"], other["r"] - cell["r"]
            if (dq, dr) in {(1, 0), (0, 1), (-1, 1)}:
                (ax, ay), (bx, by) = centres[cell["pos"]], centres[other["pos"]]
                mx, my = (ax + bx) / 2, (ay + by) / 2
                draw.ellipse((mx - 3, my - 3, mx + 3, my + 3), fill=(20, 20, 24))
    for gate in view["gates"]:
        (ax, ay), (bx, by) = centres[gate["a"]], centres[gate["b"]]
        mx, my = (ax + bx) / 2, (ay + by) / 2
        owners = [(s, n) for s, n in enumerate(gate["cruisers"]) if n]
        for i, (s, n) in enumerate(owners):
            x = mx - (len(owners) - 1) * 11 + i * 22
            draw.rectangle((x - 10, my - 10, x + 10, my + 10), fill=seat_colour(s), outline=(0, 0, 0), width=2)
            draw.text((x, my), f"{seat_mark(s)}{n if n > 1 else ''}", fill=(0, 0, 0), font=font(12), anchor="mm")


def public(view: dict, names: list[str]) -> Image.Image:
    players = view["players_info"]
    map_w = int(R * math.sqrt(3) * 5) + 40
    panel_x = map_w + 20
    height = max(48 + 8 * R + 50, 50 + 84 * len(view["impulses"]) + 40 + 112 * len(players) + 40)
    image, draw = canvas(WIDTH, height)
    draw.text((20, 10), f"Impulse - round {view['round']} - first to {view['target']} wins", fill=INK, font=font(20))
    _map(draw, view, 20 + map_w // 2, 48 + 4 * R)
    legend = "Circles = transports (on cards); squares = cruisers (on gates); ? = face-down card"
    draw.text((20, height - 26), legend, fill=MUTED, font=font(13))
    # Impulse rows
    y = 50
    for t, imp in enumerate(view["impulses"]):
        label = "Impulse" if len(view["impulses"]) == 1 else f"Team {t + 1} Impulse"
        draw.text((panel_x, y), label + " (oldest left)", fill=INK, font=font(15))
        y += 22
        for i, card in enumerate(imp):
            x = panel_x + i * 100
            _chip(draw, x, y + 12, card)
            cur_team = players[view["current"]]["impulse"] if players else 0
            if view["marker"] == i and t == cur_team:
                draw.polygon([(x + 40, y), (x + 52, y), (x + 46, y + 10)], fill=INK)
        if not imp:
            draw.text((panel_x, y + 20), "(empty)", fill=MUTED, font=font(13))
        y += 62
    status = f"Deck {view['deck_size']}  Discard {view['discard_size']}"
    if view.get("battle"):
        b = view["battle"]
        status += (f"   BATTLE at gate {b['gate']}: {_name(names, b['attacker'])} attacks "
                   f"{_name(names, b['defender'])}")
    draw.text((panel_x, y), status, fill=INK, font=font(14))
    y += 26
    for p in players:
        s = p["seat"]
        box = (panel_x, y, WIDTH - 16, y + 104)
        outline = seat_colour(s) if s == view["current"] and not view["over"] else (70, 72, 84)
        draw.rounded_rectangle(box, 8, fill=PANEL, outline=outline, width=3 if s == view["current"] else 1)
        token(draw, panel_x + 18, y + 18, s, radius=11)
        head = f"{_name(names, s)} - {p['race']}"
        if p["eliminated"]:
            head += " (eliminated)"
        draw.text((panel_x + 36, y + 8), head[:48], fill=INK, font=font(15))
        draw.text((WIDTH - 26, y + 8), f"{p['score']} pts", fill=INK, font=font(18), anchor="ra")
        bar_x, bar_w = panel_x + 36, 300
        draw.rectangle((bar_x, y + 30, bar_x + bar_w, y + 36), fill=(70, 72, 84))
        frac = min(1.0, p["score"] / max(1, view["target"]))
        draw.rectangle((bar_x, y + 30, bar_x + int(bar_w * frac), y + 36), fill=seat_colour(s))
        info = f"ships {p['ships']}/12   hand {p['hand_size']}   core gates {p['core_gates']}"
        if len({q['team'] for q in players}) < len(players):
            info += f"   team {p['team'] + 1}"
        draw.text((bar_x + bar_w + 12, y + 26), info, fill=MUTED, font=font(13))
        gx = panel_x + 36
        draw.text((gx, y + 44), "gems", fill=MUTED, font=font(13))
        gx += 40
        for cname, n in p["gems"].items():
            key = COLOUR_KEYS[cname]
            draw.rounded_rectangle((gx, y + 42, gx + 38, y + 60), 4, fill=CARD_COLOURS[key])
            draw.text((gx + 19, y + 51), f"{LETTERS[key]}{n}", fill=_ink_on(CARD_COLOURS[key]), font=font(13),
                      anchor="mm")
            gx += 44
        tech_txt = "techs: " + " / ".join(t["name"] for t in p["techs"])
        draw.text((gx + 10, y + 44), tech_txt[:70], fill=INK, font=font(13))
        draw.text((panel_x + 36, y + 70), "plan:", fill=MUTED, font=font(13))
        px = panel_x + 76
        for card in p["plan"][:8]:
            fill = CARD_COLOURS[card["colour"]]
            draw.rounded_rectangle((px, y + 66, px + 64, y + 96), 4, fill=fill, outline=(0, 0, 0))
            draw.text((px + 32, y + 81), f"{LETTERS[card['colour']]}{card['size']} {card['action'][:5]}",
                      fill=_ink_on(fill), font=font(12), anchor="mm")
            px += 68
        if not p["plan"]:
            draw.text((px, y + 70), "-", fill=MUTED, font=font(13))
        y += 112
    if view["over"]:
        win = ", ".join(_name(names, s) for s in view["winners"]) or "nobody"
        draw.text((panel_x, y + 4), f"Game over - winner: {win}. {view['end_reason']}"[:110], fill=INK, font=font(15))
    return image


def _card(draw, x: int, y: int, card: dict, w: int = 200, h: int = 150, tag: str = "") -> None:
    fill = CARD_COLOURS[card["colour"]]
    ink = _ink_on(fill)
    draw.rounded_rectangle((x, y, x + w, y + h), 8, fill=fill, outline=(0, 0, 0), width=2)
    draw.text((x + 8, y + 6), f"{LETTERS[card['colour']]} {_pips(card['size'])}", fill=ink, font=font(18))
    draw.text((x + w - 8, y + 8), card["action"].upper(), fill=ink, font=font(15), anchor="ra")
    for i, line in enumerate(wrap(card["text"], w - 16, 14)[:6]):
        draw.text((x + 8, y + 36 + i * 17), line, fill=ink, font=font(14))
    if tag:
        draw.text((x + 8, y + h - 20), tag, fill=ink, font=font(12))


def private(view: dict, names: list[str]) -> Image.Image:
    hand = view.get("hand", [])
    commit = (view.get("battle") or {}).get("my_commit", [])
    per_row = 5
    rows = max(1, math.ceil(len(hand) / per_row)) + (1 if commit else 0)
    image, draw = canvas(WIDTH if len(hand) > 3 else 1000, 70 + rows * 166)
    seat = view.get("viewer")
    who = _name(names, seat) if isinstance(seat, int) else "Spectator"
    draw.text((20, 16), f"{who}'s hand ({len(hand)}/10)", fill=INK, font=font(20))
    for i, card in enumerate(hand):
        _card(draw, 20 + (i % per_row) * 214, 56 + (i // per_row) * 166, card)
    if not hand:
        draw.text((20, 70), "(no cards)", fill=MUTED, font=font(16))
    if commit:
        y = 56 + (rows - 1) * 166
        for i, card in enumerate(commit):
            _card(draw, 20 + i * 214, y, card, tag="committed to battle")
    return image
