"""Pocket Mars images, drawn only from the view dicts (see games/pocket_mars/view.py).

public: whose turn, each building's value to beat and its colonists, a score table.
detail: score breakdown, building abilities, the cards under each building, cards in play.
private: the seat's hand, prep and draft cards with their full texts.
"""

from __future__ import annotations

from PIL import Image

from games.core.i18n import ENGLISH

from .common import (LEGIBLE, draw_verdict, game_title, BIG, EDGE, GOLD, INK, MID, MUTED, PANEL, PANEL_LIGHT, SMALL, canvas, fitted, ink_on,
                     line_height, paragraph, seat_colour, shorten, text, token, width_of, wrap)
from . import symbols
from .messages import T, reader

TITLE = "Pocket Mars"  # the English title, for a view made without one (games name themselves in views)

CARD_COLOURS = {
    "green": (0, 158, 115),
    "yellow": (240, 228, 66),
    "purple": (204, 121, 167),
    "blue": (0, 114, 178),
    "black": (70, 70, 78),
}
# Each colour's building drawn as a symbol too (colour is never the only cue, and no letter code):
# the buildings' headers on the board name them.
SYMBOLS = {"green": symbols.leaf, "yellow": symbols.bolt, "purple": symbols.atom, "blue": symbols.drop,
           "black": symbols.bricks}


def _symbol(draw, colour: str, cx: float, cy: float, r: float, ink) -> None:
    SYMBOLS[colour](draw, cx, cy, r, ink)
WIDTH = 880
SCORE_PARTS = (("ship", T("ship")), ("star", T("star")), ("double_star", T("2-star")), ("all_four", T("all 4")),
               ("four_in_one", T("4 in 1")), ("energy", T("energy")))


def _name(view: dict, names: list[str], t: int) -> str:
    col = view["colonies"][t]
    if col.get("automaton"):
        return col["name"]      # the automaton's name, in the reader's language
    return names[t] if t < len(names) else col["name"]


def _back(draw, x: int, y: int, colour: str, w: int = 28, h: int = 38) -> None:
    """A card back: its colour and its building's symbol (colour is never the only cue)."""
    fill = CARD_COLOURS[colour]
    draw.rounded_rectangle((x, y, x + w, y + h), 4, fill=fill, outline=(0, 0, 0), width=2)
    _symbol(draw, colour, x + w / 2, y + h / 2, min(w, h) * 0.34, ink_on(fill))


def _token_rows(draw, x: int, y: int, per_seat: list[int], width: int) -> None:
    """Seat tokens with their counts, wrapping onto a second line when the box is narrow."""
    cx = x
    for seat, n in enumerate(per_seat):
        if not n:
            continue
        step = 26 + int(width_of(str(n), MID)) + 12
        if cx + step > x + width and cx > x:
            cx, y = x, y + 28
        token(draw, cx + 11, y, seat, radius=11)
        text(draw, (cx + 26, y), str(n), INK, MID, "lm")
        cx += step


def _ability(b: dict) -> str:
    """The building's ability in the game's own words (the view carries them, rendered)."""
    return b.get("ability") or ""


def _header(draw, view: dict, names: list[str], title: str, tr) -> None:
    status = tr(T("Game over")) if view.get("over") else tr(T("Round {n}", n=view["round"]))
    text(draw, (16, 24), f"{title}  -  {status}", INK, 28, "lm")
    to_act = view.get("to_act") or []
    if not view.get("over") and to_act:
        who = tuple(_name(view, names, s) for s in to_act)
        size, label = fitted(tr(T("{players} to play", players=who)), 360, BIG, 16)
        right = WIDTH - 16
        text(draw, (right, 24), label, seat_colour(to_act[0]), size, "rm")
        token(draw, right - int(width_of(label, size)) - 20, 24, to_act[0], radius=13)
    else:
        draw_verdict(draw, view, WIDTH - 16, 24, 400)


def _building(draw, b: dict, x: int, y: int, w: int, h: int, tr) -> None:
    fill = CARD_COLOURS[b["colour"]]
    draw.rounded_rectangle((x, y, x + w, y + h), 8, fill=PANEL, outline=fill, width=3)
    draw.rectangle((x + 3, y + 3, x + w - 3, y + 38), fill=fill)
    _symbol(draw, b["colour"], x + 20, y + 21, 10, ink_on(fill))
    size, title = fitted(b["name"], w - 44, MID, LEGIBLE)
    text(draw, (x + 36, y + 21), title, ink_on(fill), size, "lm")
    if not b["habitable"]:
        words = tr(T("Holds no colonists or cards. Ability: {ability}", ability=_ability(b)))
        paragraph(draw, x + 10, y + 50, words, w - 20, MUTED, 18, height=h - 60)
        return
    top = b["top_value"] if b["top_value"] is not None else "-"
    size, beat = fitted(tr(T("beat {n}", n=top)), w - 12, 30, 20)
    text(draw, (x + w // 2, y + 66), beat, INK, size, "mm")
    values = " ".join(str(c["value"]) for c in b["stack"][-5:])
    under = tr(T("under: {values}", values=values)) if values else tr(T("no cards"))
    text(draw, (x + w // 2, y + 98), shorten(under, w - 12, SMALL), MUTED, SMALL, "mm")
    dy = y + 114
    draw.rounded_rectangle((x + 6, dy, x + w - 6, dy + 72), 6, outline=GOLD, width=2)
    text(draw, (x + 12, dy + 13), tr(T("2-star 4 pts")), GOLD, SMALL, "lm")
    text(draw, (x + w - 12, dy + 13), f"{sum(b['dstar'])}/{b['dstar_cap']}", GOLD, SMALL, "rm")
    _token_rows(draw, x + 12, dy + 40, b["dstar"], w - 24)
    sy = dy + 80
    draw.rounded_rectangle((x + 6, sy, x + w - 6, y + h - 6), 6, outline=EDGE, width=2)
    text(draw, (x + 12, sy + 13), tr(T("star 2 pts")), INK, SMALL, "lm")
    _token_rows(draw, x + 12, sy + 40, b["star"], w - 24)


COLUMNS = ((T("Player"), 16), (T("pts"), 330), (T("ship"), 410), (T("Earth"), 480), (T("Mars"), 555),
           (T("energy"), 630), (T("hand"), 710), (T("prep"), 775))


def _colony_row(draw, view: dict, names: list[str], t: int, y: int, tr) -> None:
    col = view["colonies"][t]
    active = t in (view.get("to_act") or []) and not view.get("over")
    draw.rounded_rectangle((10, y, WIDTH - 10, y + 44), 8, fill=PANEL,
                           outline=seat_colour(t) if active else EDGE, width=3 if active else 1)
    token(draw, 34, y + 22, t, radius=14)
    room = 265
    if t == view.get("start_player") and view.get("mode") == "multi":
        text(draw, (COLUMNS[1][1] - 6, y + 22), tr(T("start")), GOLD, SMALL, "rm")
        room -= 50
    size, name = fitted(_name(view, names, t), room, BIG, 16)  # names whole, smaller if need be
    text(draw, (56, y + 22), name, INK, size, "lm")
    mid = y + 22
    text(draw, (COLUMNS[1][1] + 20, mid), str(col["score"]["total"]), INK, 28, "mm")
    for (key, (_, cx)) in zip(("ship", "earth", "on_mars"), COLUMNS[2:5]):
        value = f"{col[key]}/7" if key == "on_mars" else str(col[key])
        text(draw, (cx + 22, mid), value, INK, BIG, "mm")
    text(draw, (COLUMNS[5][1] + 28, mid), f"{col['energy']}", GOLD, BIG, "mm")
    text(draw, (COLUMNS[6][1] + 18, mid), str(col["hand_count"]), INK, BIG, "mm")
    if col.get("prep_hidden"):
        text(draw, (COLUMNS[7][1] + 4, mid), tr(T("choosing")), MUTED, SMALL, "lm")
    for i, colour in enumerate(col["prep_colours"][:3]):
        _back(draw, COLUMNS[7][1] + i * 31, y + 4, colour, 27, 36)


def public(view: dict, names: list[str], locale: str = ENGLISH) -> Image.Image:
    tr = reader(locale)
    colonies = view["colonies"]
    bw, bh = 164, 290
    height = 92 + bh + 46 + 50 * len(colonies) + 8
    image, draw = canvas(WIDTH, height)
    _header(draw, view, names, game_title(view, TITLE), tr)
    info = tr(T("deck {deck}   discard {discard}", deck=view["deck_count"], discard=view["discard_count"]))
    if view.get("in_play"):
        info = tr(T("{counts}   in play: {cards}", counts=info, cards=tuple(c["name"] for c in view["in_play"])))
    if view.get("over") and view.get("end_reason"):
        info = view["end_reason"]
    text(draw, (16, 62), shorten(info, WIDTH - 32, MID), MUTED, MID, "lm")
    for i, b in enumerate(view["buildings"]):
        _building(draw, b, 10 + i * (bw + 8), 84, bw, bh, tr)
    y = 84 + bh + 14
    for i, (label, x) in enumerate(COLUMNS):
        text(draw, (x + (0 if i == 0 else 4), y + 12), tr(label), MUTED, SMALL, "lm")
    y += 28
    for t in range(len(colonies)):
        _colony_row(draw, view, names, t, y + t * 50, tr)
    return image


def _halves(card: dict, tr) -> str:
    return tr(T("hand: {upper}  prep: {lower}", upper=card["upper"], lower=card["lower"]))


def detail(view: dict, names: list[str], locale: str = ENGLISH) -> Image.Image:
    """Score breakdown, abilities, and every public card text (under buildings, in play)."""
    tr = reader(locale)
    blocks: list[tuple[str, str | None, list[tuple[str, str]]]] = []
    for b in view["buildings"]:
        rows = [("", tr(T("Ability: {ability}", ability=_ability(b))))]
        for card in b["stack"]:
            rows.append((f"{card['value']} {card['name']}", _halves(card, tr)))
        blocks.append((b["name"], b["colour"], rows))
    if view.get("in_play"):
        rows = [(f"{c['value']} {c['name']}", _halves(c, tr)) for c in view["in_play"]]
        blocks.append((tr(T("In play")), None, rows))
    table_h = 40 + 36 * (len(view["colonies"]) + 1)
    body_w = WIDTH - 40
    heights = [44 + sum(_row_height(label, body, body_w) for label, body in rows) for _, _, rows in blocks]
    image, draw = canvas(WIDTH, 60 + table_h + sum(heights) + 12 * len(blocks))
    text(draw, (16, 24), tr(T("{title} - scores and card texts", title=game_title(view, TITLE))), INK, 28, "lm")
    y = 56
    xs = [16, 300, 375, 450, 530, 610, 690, 780]
    for heading, x, end in zip([T("Colony"), *[p[1] for p in SCORE_PARTS], T("total")], xs, [*xs[1:], WIDTH - 10]):
        size, shown = fitted(tr(heading), end - x - 6, 18, 12)   # a column's width, in any language
        text(draw, (x, y + 14), shown, MUTED, size, "lm")
    for t, col in enumerate(view["colonies"]):
        ry = y + 36 + t * 36
        token(draw, 28, ry + 14, t, radius=12)
        size, name = fitted(_name(view, names, t), 240, MID, 14)
        text(draw, (46, ry + 14), name, INK, size, "lm")
        for (key, _), x in zip(SCORE_PARTS, xs[1:]):
            text(draw, (x + 16, ry + 14), str(col["score"][key]), INK, MID, "mm")
        text(draw, (xs[-1] + 20, ry + 14), str(col["score"]["total"]), INK, BIG, "mm")
    y += table_h
    for (title, colour, rows), h in zip(blocks, heights):
        fill = CARD_COLOURS[colour] if colour else PANEL_LIGHT
        draw.rounded_rectangle((10, y, WIDTH - 10, y + h), 8, fill=PANEL, outline=fill, width=3)
        draw.rectangle((13, y + 3, WIDTH - 13, y + 34), fill=fill)
        if colour:
            _symbol(draw, colour, 30, y + 19, 10, ink_on(fill))
        text(draw, (46 if colour else 20, y + 19), title, ink_on(fill), MID, "lm")
        ry = y + 42
        for label, body in rows:
            if label:
                text(draw, (20, ry), label, INK, MID)
                ry += line_height(MID)
            ry = paragraph(draw, 20, ry, body, body_w, MUTED, 18) + 6
        y += h + 12
    return image


def _row_height(label: str, body: str, width: int) -> int:
    return (line_height(MID) if label else 0) + len(wrap(body, width, 18)) * line_height(18) + 6


def _card_height(card: dict, w: int) -> int:
    inner = w - 24
    return 96 + sum(line_height(SMALL) + 4 + len(wrap(card[k], inner, MID)) * line_height(MID) + 10
                    for k in ("upper", "lower"))


def _card(draw, card: dict, x: int, y: int, w: int, h: int, where: str, tr) -> None:
    fill = CARD_COLOURS[card["colour"]]
    draw.rounded_rectangle((x, y, x + w, y + h), 10, fill=PANEL, outline=fill, width=3)
    draw.rectangle((x + 3, y + 3, x + w - 3, y + 44), fill=fill)
    ink = ink_on(fill)
    text(draw, (x + w - 14, y + 24), str(card["value"]), ink, 32, "rm")
    _symbol(draw, card["colour"], x + 26, y + 24, 12, ink)
    size, name = fitted(card["name"], w - 110, BIG, LEGIBLE)
    text(draw, (x + 46, y + 24), name, ink, size, "lm")
    text(draw, (x + 14, y + 62), shorten(where, w - 28, SMALL), MUTED, SMALL, "lm")
    ty = y + 84
    for label, key in ((T("Played from hand:"), "upper"), (T("Played from prep:"), "lower")):
        text(draw, (x + 14, ty), tr(label), GOLD, SMALL)
        ty += line_height(SMALL) + 4
        ty = paragraph(draw, x + 14, ty, card[key], w - 24, INK, MID) + 10


def private(view: dict, names: list[str], locale: str = ENGLISH) -> Image.Image:
    tr = reader(locale)
    cards = [(c, tr(T("in your hand"))) for c in view.get("hand", [])]
    cards += [(c, tr(T("in your prep module (others see the colour)"))) for c in view.get("prep", [])]
    cards += [(c, tr(T("draft pack: keep 1, pass the rest left"))) for c in view.get("draft_pack", [])]
    cols, gap = 2, 12
    cw = (WIDTH - 20 - gap * (cols - 1)) // cols
    rows = [cards[i:i + cols] for i in range(0, len(cards), cols)]
    row_h = [max(_card_height(c, cw) for c, _ in row) for row in rows]
    image, draw = canvas(WIDTH, 64 + sum(row_h) + gap * len(rows) + (40 if not cards else 0))
    seat = view.get("viewer")
    title = tr(T("Your cards") if seat is None else T("{player}: your cards", player=_name(view, names, seat)))
    if seat is not None:
        token(draw, 28, 28, seat, radius=14)
        col = view["colonies"][seat]
        text(draw, (WIDTH - 16, 28), tr(T("{n} pts  energy {energy}", n=col["score"]["total"], energy=col["energy"])),
             INK, MID, "rm")
    text(draw, (52, 28), shorten(title, 560, 28), INK, 28, "lm")
    if not cards:
        text(draw, (16, 76), tr(T("No cards.")), MUTED, MID)
    y = 58
    for row, h in zip(rows, row_h):
        for i, (card, where) in enumerate(row):
            _card(draw, card, 10 + i * (cw + gap), y, cw, h, where, tr)
        y += h + gap
    return image


__all__ = ["public", "private", "detail"]
