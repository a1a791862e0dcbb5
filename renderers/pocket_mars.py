"""Pocket Mars images, drawn only from the view dicts."""

from __future__ import annotations

from PIL import Image, ImageDraw

from .common import INK, MUTED, PANEL, canvas, font, seat_colour, seat_mark, token, wrap

CARD_COLOURS = {
    "green": (0, 158, 115),
    "yellow": (240, 228, 66),
    "purple": (204, 121, 167),
    "blue": (0, 114, 178),
    "black": (70, 70, 78),
}
CARD_LETTERS = {"green": "G", "yellow": "Y", "purple": "P", "blue": "W", "black": "K"}
WIDTH = 1240
ABILITY = {
    "green": "Ability: move a colonist up or down",
    "yellow": "Ability: gain 1 energy",
    "purple": "Ability: launch 1 from Earth",
    "blue": "Ability: a card to the deck bottom",
}


def _ink_on(colour) -> tuple[int, int, int]:
    r, g, b = colour
    return (0, 0, 0) if r * 0.3 + g * 0.59 + b * 0.11 > 140 else (255, 255, 255)


def _name(view: dict, names: list[str], t: int) -> str:
    col = view["colonies"][t]
    if col.get("automaton"):
        return "Devious Automatics"
    return names[t] if t < len(names) else col["name"]


def _back(draw: ImageDraw.ImageDraw, x: int, y: int, colour: str, w: int = 34, h: int = 48) -> None:
    fill = CARD_COLOURS[colour]
    draw.rounded_rectangle((x, y, x + w, y + h), 5, fill=fill, outline=(0, 0, 0), width=2)
    draw.text((x + w // 2, y + h // 2), CARD_LETTERS[colour], fill=_ink_on(fill), font=font(18), anchor="mm")


def _tokens(draw, x: int, y: int, counts: list[int], max_w: int) -> None:
    """Seat tokens with a count each: 'A x2'."""
    cx = x
    for t, n in enumerate(counts):
        if not n:
            continue
        token(draw, cx + 10, y + 10, t, radius=10)
        draw.text((cx + 23, y + 10), f"x{n}", fill=INK, font=font(14), anchor="lm")
        cx += 52
        if cx > x + max_w - 50:
            cx = x
            y += 24


def _building(draw, view: dict, b: dict, x: int, y: int, w: int, h: int) -> None:
    fill = CARD_COLOURS[b["colour"]]
    draw.rounded_rectangle((x, y, x + w, y + h), 8, fill=PANEL, outline=fill, width=3)
    draw.rectangle((x + 3, y + 3, x + w - 3, y + 34), fill=fill)
    draw.text((x + 10, y + 18), f"[{b['letter']}] {b['name']}", fill=_ink_on(fill), font=font(18), anchor="lm")
    if not b["habitable"]:
        lines = wrap("Construction: holds no colonists or cards. Ability: move a colonist from your "
                            "ship to the star area of any building.", w - 20, 14)
        for i, line in enumerate(lines):
            draw.text((x + 10, y + 48 + i * 18), line, fill=MUTED, font=font(14))
        return
    draw.text((x + w - 10, y + 18), f"value {b['value']}", fill=_ink_on(fill), font=font(14), anchor="rm")
    # stack of cards under the building: values visible, top one highlighted
    draw.text((x + 10, y + 44), "Cards under:", fill=MUTED, font=font(13))
    stack = b["stack"][-8:]
    for i, card in enumerate(stack):
        top = i == len(stack) - 1
        cx = x + 10 + i * 26
        draw.rounded_rectangle((cx, y + 62, cx + 22, y + 90), 4, fill=fill if top else (90, 90, 100),
                               outline=(255, 255, 255) if top else (0, 0, 0), width=2 if top else 1)
        draw.text((cx + 11, y + 76), str(card["value"]), fill=_ink_on(fill) if top else INK, font=font(15), anchor="mm")
    if not stack:
        draw.text((x + 10, y + 68), "none", fill=MUTED, font=font(13))
    draw.text((x + w - 10, y + 76), f"beat {b['top_value']}", fill=INK, font=font(17), anchor="rm")
    # double-star area
    dy = y + 102
    draw.rounded_rectangle((x + 8, dy, x + w - 8, dy + 58), 6, outline=(255, 215, 0), width=2)
    used = sum(b["dstar"])
    draw.text((x + 14, dy + 4), f"Double star (4 pts)  {used}/{b['dstar_cap']}", fill=(255, 215, 0), font=font(13))
    _tokens(draw, x + 14, dy + 24, b["dstar"], w - 28)
    # star area
    sy = dy + 68
    draw.rounded_rectangle((x + 8, sy, x + w - 8, y + h - 8), 6, outline=INK, width=1)
    draw.text((x + 14, sy + 4), "Star (2 pts)  unlimited", fill=INK, font=font(13))
    _tokens(draw, x + 14, sy + 24, b["star"], w - 28)
    draw.text((x + 14, y + h - 28), ABILITY.get(b["colour"], ""), fill=MUTED, font=font(13))


def _colony(draw, view: dict, names: list[str], t: int, x: int, y: int, w: int, h: int) -> None:
    col = view["colonies"][t]
    active = t in view.get("to_act", [])
    draw.rounded_rectangle((x, y, x + w, y + h), 8, fill=PANEL, outline=seat_colour(t) if active else (70, 70, 80),
                           width=3 if active else 1)
    token(draw, x + 20, y + 20, t, radius=12)
    title = _name(view, names, t)
    if t == view.get("start_player") and view.get("mode") == "multi":
        title += "  (start)"
    draw.text((x + 40, y + 20), title[:32], fill=INK, font=font(17), anchor="lm")
    draw.text((x + w - 10, y + 20), f"{col['score']['total']} pts", fill=INK, font=font(17), anchor="rm")
    draw.text((x + 12, y + 44), f"Ship: {col['ship']}   Earth: {col['earth']}   On Mars: {col['on_mars']}/7",
              fill=INK, font=font(14))
    # energy track
    draw.text((x + 12, y + 70), "Energy", fill=MUTED, font=font(13))
    for e in range(0, view["energy_max"] + 1):
        ex = x + 64 + e * 25
        on = e == col["energy"]
        draw.rectangle((ex, y + 66, ex + 22, y + 88), fill=(240, 228, 66) if on else (60, 63, 72), outline=(0, 0, 0))
        draw.text((ex + 11, y + 77), str(e), fill=(0, 0, 0) if on else MUTED, font=font(13), anchor="mm")
    # ship colonists
    for i in range(min(col["ship"], 7)):
        token(draw, x + 20 + i * 24, y + 108, t, radius=9)
    # hand + prep backs
    draw.text((x + 12, y + 128), f"Hand: {col['hand_count']}   Prep:", fill=MUTED, font=font(13))
    for i, colour in enumerate(col["prep_colours"]):
        _back(draw, x + 110 + i * 40, y + 124, colour, 30, 40)


def public(view: dict, names: list[str]) -> Image.Image:
    colonies = view["colonies"]
    bw, bh = 236, 330
    ch = 176
    per_row = min(len(colonies), 4)
    height = 60 + bh + 20 + ch + 20
    image, draw = canvas(WIDTH, height)
    status = "Game over" if view.get("over") else f"Round {view['round']}"
    head = f"Pocket Mars  -  {status}  -  deck {view['deck_count']}  -  discard {view['discard_count']}"
    if view.get("in_play"):
        head += "  -  in play: " + ", ".join(c["name"] for c in view["in_play"])[:40]
    draw.text((16, 26), head, fill=INK, font=font(22), anchor="lm")
    if not view.get("over") and view.get("to_act"):
        who = ", ".join(_name(view, names, s) for s in view["to_act"])
        draw.text((WIDTH - 16, 26), f"Waiting for {who}"[:60], fill=seat_colour(view["to_act"][0]), font=font(17), anchor="rm")
    elif view.get("end_reason"):
        draw.text((WIDTH - 16, 26), view["end_reason"][:70], fill=MUTED, font=font(15), anchor="rm")
    for i, b in enumerate(view["buildings"]):
        _building(draw, view, b, 12 + i * (bw + 8), 56, bw, bh)
    cw = (WIDTH - 24 - (per_row - 1) * 10) // per_row
    for t in range(len(colonies)):
        _colony(draw, view, names, t, 12 + t * (cw + 10), 56 + bh + 20, cw, ch)
    return image


def _card(draw, card: dict, x: int, y: int, w: int, h: int, where: str) -> None:
    fill = CARD_COLOURS[card["colour"]]
    draw.rounded_rectangle((x, y, x + w, y + h), 10, fill=PANEL, outline=fill, width=3)
    draw.rectangle((x + 3, y + 3, x + w - 3, y + 40), fill=fill)
    ink = _ink_on(fill)
    draw.text((x + 12, y + 22), f"[{CARD_LETTERS[card['colour']]}] {card['name']}", fill=ink, font=font(18), anchor="lm")
    draw.text((x + w - 12, y + 22), str(card["value"]), fill=ink, font=font(28), anchor="rm")
    draw.text((x + 12, y + 50), where, fill=MUTED, font=font(12))
    ty = y + 68
    for label, text in (("From hand (upper):", card["upper"]), ("From prep (lower):", card["lower"])):
        draw.text((x + 12, ty), label, fill=INK, font=font(14))
        ty += 18
        for line in wrap(text, w - 24, 14)[:4]:
            draw.text((x + 12, ty), line, fill=MUTED, font=font(14))
            ty += 17
        ty += 8


def private(view: dict, names: list[str]) -> Image.Image:
    hand, prep = view.get("hand", []), view.get("prep", [])
    cards = [(c, "in your hand") for c in hand] + [(c, "in your prep module (others see only the colour)") for c in prep]
    cards += [(c, "in your draft pack (keep 1, pass the rest left)") for c in view.get("draft_pack", [])]
    cw, chh = 290, 250
    cols = 4
    rows = max(1, (len(cards) + cols - 1) // cols)
    image, draw = canvas(WIDTH, 60 + rows * (chh + 14))
    seat = view.get("viewer")
    title = "Your cards" if seat is None else f"{_name(view, names, seat)}: your cards"
    if seat is not None:
        token(draw, 24, 28, seat, radius=12)
    draw.text((46, 28), title, fill=INK, font=font(22), anchor="lm")
    if not cards:
        draw.text((16, 80), "No cards.", fill=MUTED, font=font(16))
    for i, (card, where) in enumerate(cards):
        r, c = divmod(i, cols)
        _card(draw, card, 12 + c * (cw + 12), 56 + r * (chh + 14), cw, chh, where)
    return image


__all__ = ["public", "private", "seat_mark"]
