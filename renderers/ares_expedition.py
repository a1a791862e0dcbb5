"""Ares Expedition images, drawn only from the view dicts (see games/ares_expedition/view.py).

public: the phases of this round with who picked them, the three parameter tracks with their
colour bands, the oceans (flipped ones with their rewards), a row per player (TR, VP, stock,
production) and each player's tableau (cards by colour with tags and resources).
private: the seat's hand as full card faces (cost now, tags, requirement met or not, VP, text)
and any cards it is choosing among.
detail: each player's VP breakdown and the texts of their corporation and blue cards.
"""

from __future__ import annotations

from PIL import Image

from .common import (BIG, EDGE, GOLD, INK, MID, MUTED, PANEL, PANEL_LIGHT, SMALL, VERMILLION, canvas, fitted, ink_on,
                     line_height, paragraph, seat_colour, shorten, text, token, width_of, wrap)

WIDTH = 1000
BAND_FILL = {"purple": (204, 121, 167), "red": VERMILLION, "yellow": (240, 228, 66), "white": (235, 235, 235)}
KIND_FILL = {"green": (0, 158, 115), "blue": (0, 114, 178), "red": VERMILLION, "corporation": (90, 90, 100)}
ROMAN = ["I", "II", "III", "IV", "V"]
# production in the order a player reads it, with the word each amount is written with
PRODUCTION_WORDS = (("mc", "MC"), ("heat", "heat"), ("plants", "plants"), ("cards", "cards"), ("steel", "steel"),
                    ("titanium", "titanium"))
OCEAN_H = 50     # a flipped ocean's reward in two lines of words
CHIP = 18        # tableau chips: card name, tags in words, resources, VP; legible at 550 px


def _name(view: dict, names: list[str], seat: int) -> str:
    return names[seat] if seat < len(names) else view["players"][seat]["name"]


def _header(draw, view: dict, names: list[str]) -> None:
    if view.get("over"):
        status = "Game over"
    else:
        stages = {"corp": "corporations", "plan": "planning", "limit": "end of round", "coop": "co-op tokens",
                  "dummy": "dummy phase", "solo": "free steps"}
        phase = f" - {view['phase_name']}" if view.get("phase_name") else f" - {stages.get(view['stage'], '')}"
        status = f"Round {view['round']}{phase}"
    if view["mode"] == "solo":
        status += f" (of {view['solo_rounds']})"
    text(draw, (16, 24), f"Ares Expedition  -  {status}", INK, 28, "lm")
    to_act = view.get("to_act") or []
    if to_act and not view.get("over"):
        who = ", ".join(_name(view, names, s) for s in to_act)
        label = shorten(f"to act: {who}", 380, MID)
        text(draw, (WIDTH - 16, 24), label, seat_colour(to_act[0]), MID, "rm")


def _phases(draw, view: dict, y: int) -> int:
    """Five phase boxes; the ones running this round are lit, with the tokens of who picked them."""
    w = (WIDTH - 32 - 4 * 8) // 5
    running = set(view["phases_this_round"])
    for i in range(5):
        n = i + 1
        x = 16 + i * (w + 8)
        lit = n in running
        now = n == view.get("phase")
        draw.rounded_rectangle((x, y, x + w, y + 62), 8, fill=PANEL_LIGHT if lit else PANEL,
                               outline=GOLD if now else EDGE, width=3 if now else 1)
        text(draw, (x + 10, y + 16), f"{ROMAN[i]} {view['phase_names'][i]}", INK if lit else MUTED, MID, "lm")
        cx = x + 18
        for p in view["players"]:
            if p["pick"] == n:
                token(draw, cx, y + 44, p["seat"], radius=10)
                cx += 26
        if view.get("dummy_pick") == n:
            text(draw, (cx - 6, y + 44), "dummy", MUTED, SMALL, "lm")
    y += 72
    note = _mode_note(view)
    if note:
        text(draw, (16, y + 8), note, GOLD, SMALL, "lm")
        y += 22
    return y


def _mode_note(view: dict) -> str:
    if view["mode"] == "solo":
        return (f"Solo ({view['options'].get('difficulty', '')}): dummy counter {view['counter']}/5, "
                f"{view['dummy_left']} dummy card(s) left; terraform by round {view['solo_rounds']}.")
    if view["mode"] == "coop":
        return (f"Co-op: {view['cubes']} copper cubes and {view['markers']} markers left; "
                "terraform with 80 VP together.")
    return ""


def _track(draw, y: int, param: dict, label: str) -> int:
    """One parameter track: a cell per step coloured by band, the marker at the value."""
    steps = (param["max"] - param["start"]) // param["step"] + 1
    x0, x1 = 170, WIDTH - 16
    cell = (x1 - x0) / steps
    text(draw, (16, y + 16), label, INK, MID, "lm")
    bands = param["bands"]
    for i in range(steps):
        value = param["start"] + i * param["step"]
        colour = bands[0][0]
        for name, low in bands:
            if value >= low:
                colour = name
        fill = BAND_FILL[colour]
        left = int(x0 + i * cell)
        draw.rectangle((left, y + 2, int(left + cell) - 2, y + 30), fill=fill)
        if value == param["value"]:
            draw.rectangle((left - 2, y, int(left + cell), y + 32), outline=GOLD, width=4)
            text(draw, ((left + left + cell) / 2, y + 16), str(value), ink_on(fill), SMALL, "mm")
    return y + 40


def _oceans(draw, view: dict, y: int) -> int:
    text(draw, (16, y + OCEAN_H / 2), f"Oceans {len(view['oceans_flipped'])} of 9", INK, MID, "lm")
    x0 = 170
    w = (WIDTH - 16 - x0 - 8 * 6) // 9
    for i in range(9):
        x = x0 + i * (w + 6)
        if i < len(view["oceans_flipped"]):
            draw.rounded_rectangle((x, y, x + w, y + OCEAN_H), 6, fill=(0, 114, 178))
            paragraph(draw, x + 4, y + 3, view["oceans_flipped"][i] or "-", w - 8, INK, SMALL + 1, height=OCEAN_H - 4,
                      min_size=12)
        else:
            draw.rounded_rectangle((x, y, x + w, y + OCEAN_H), 6, fill=PANEL, outline=EDGE)
            text(draw, (x + w / 2, y + OCEAN_H / 2), "?", MUTED, MID, "mm")
    return y + OCEAN_H + 10


COLUMNS = (("", 16), ("TR", 300), ("VP", 360), ("MC", 420), ("heat", 480), ("plants", 545), ("forest", 615),
           ("hand", 680))
ROW_H = 80


def production_words(prod: dict) -> str:
    """A player's production per round in words: "Production: +2 MC, +7 heat, +3 cards" (none: "no production")."""
    parts = [f"+{prod.get(key, 0)} {word}" for key, word in PRODUCTION_WORDS if prod.get(key, 0)]
    return "Production per round: " + (", ".join(parts) if parts else "none")


def tag_words(tags: dict) -> str:
    """Tag counts in words: "tags: space 2, science 1" (none: "no tags")."""
    shown = [f"{tag} {n}" for tag, n in tags.items() if n]
    return "tags: " + ", ".join(shown) if shown else "no tags"


def _players(draw, view: dict, names: list[str], y: int) -> int:
    for label, x in COLUMNS[1:]:
        text(draw, (x + 14, y + 8), label, MUTED, MID, "mm")
    y += 20
    for p in view["players"]:
        seat = p["seat"]
        active = seat in (view.get("to_act") or []) and not view.get("over")
        draw.rounded_rectangle((10, y, WIDTH - 10, y + ROW_H - 6), 8, fill=PANEL,
                               outline=seat_colour(seat) if active else EDGE, width=3 if active else 1)
        token(draw, 32, y + 24, seat, radius=13)
        corp = p["corporation"]["name"] if p["corporation"] else "corporation hidden"
        size, name = fitted(_name(view, names, seat), 240, MID, 14)
        text(draw, (52, y + 14), name, INK, size, "lm")
        doing = f"{corp} - {p['doing']}" if p["doing"] and active else corp
        if width_of(doing, SMALL) > 240:  # the corporation stays whole; what it is doing is in the header
            doing = corp
        size, corp_line = fitted(doing, 240, SMALL, 12)
        text(draw, (52, y + 36), corp_line, MUTED, size, "lm")
        values = (p["tr"], p["vp"]["total"], p["mc"], p["heat"], p["plants"], p["forests"], p["hand_count"])
        for (_, x), value in zip(COLUMNS[1:8], values):
            text(draw, (x + 14, y + 24), str(value), GOLD if x == 360 else INK, BIG, "mm")
        size, line = fitted(production_words(p["production"]), WIDTH - 300 - 20, MID, 14)
        text(draw, (300 - 12, y + 56), line, INK, size, "lm")
        y += ROW_H
    return y


def _card_label(card: dict) -> str:
    label = card["name"]
    if card["tags"]:
        label += " (" + ", ".join(card["tags"]) + ")"
    if card["resources"]:
        label += f" [{card['resources']} {card['resource']}]"
    if card.get("vp_now"):
        label += f" {card['vp_now']} VP"
    return label


def _tableau(draw, view: dict, names: list[str], y: int, measure: bool = False) -> int:
    for p in view["players"]:
        head = f"{_name(view, names, p['seat'])}: {len(p['played'])} cards, {tag_words(p['tags'])}"
        lines = wrap(head, WIDTH - 60, MID)
        if not measure:
            token(draw, 26, y + 12, p["seat"], radius=10)
            for k, line in enumerate(lines):
                text(draw, (44, y + 12 + k * line_height(MID)), line, INK, MID, "lm")
        y += 14 + len(lines) * line_height(MID)
        x = 16
        for kind in ("blue", "green", "red"):
            for card in (c for c in p["played"] if c["kind"] == kind):
                label = _card_label(card)
                w = int(width_of(label, CHIP)) + 16
                if x + w > WIDTH - 16:
                    x, y = 16, y + 30
                if not measure:
                    fill = KIND_FILL[kind]
                    draw.rounded_rectangle((x, y, x + w, y + 26), 5, fill=fill)
                    text(draw, (x + 8, y + 13), label, ink_on(fill), CHIP, "lm")
                x += w + 6
        y += 36
    return y


def public(view: dict, names: list[str]) -> Image.Image:
    base_h = 48 + 72 + (22 if _mode_note(view) else 0) + 3 * 40 + OCEAN_H + 10 + 20 + ROW_H * len(view["players"]) + 10
    height = base_h + _tableau(None, view, names, 0, measure=True) + 20
    image, draw = canvas(WIDTH, height)
    _header(draw, view, names)
    y = _phases(draw, view, 48)
    labels = {"temperature": "Temp", "oxygen": "Oxygen %"}
    for param in view["parameters"]:
        if param["name"] in labels:
            shown = f"{param['value']:+d} C" if param["name"] == "temperature" else f"{param['value']}"
            y = _track(draw, y, param, f"{labels[param['name']]} {shown}")
    y = _oceans(draw, view, y)
    y = _players(draw, view, names, y)
    _tableau(draw, view, names, y + 6)
    if view.get("over") and view.get("end_reason"):
        text(draw, (16, height - 14), shorten(view["end_reason"], WIDTH - 32, SMALL), GOLD, SMALL, "lm")
    return image


# ---------------------------------------------------------------- private

CARD_W, CARD_H = 484, 190


def _face(draw, card: dict, x: int, y: int) -> None:
    fill = KIND_FILL[card["kind"]]
    ok = card.get("playable", True)
    draw.rounded_rectangle((x, y, x + CARD_W, y + CARD_H), 10, fill=PANEL, outline=fill, width=3)
    draw.rectangle((x + 3, y + 3, x + CARD_W - 3, y + 36), fill=fill)
    cost = card.get("cost_now", card["cost"])
    head = card["name"]
    price = f"{cost} MC" + (f" ({card['cost']})" if cost != card["cost"] else "")
    size, head = fitted(head, CARD_W - 34 - width_of(price, BIG), BIG, 16)  # the whole name, smaller if need be
    text(draw, (x + 10, y + 20), head, ink_on(fill), size, "lm")
    text(draw, (x + CARD_W - 10, y + 20), price, ink_on(fill), BIG, "rm")
    tags = f"{card['kind']} card, " + (f"tags: {', '.join(card['tags'])}" if card["tags"] else "no tags")
    text(draw, (x + 10, y + 52), shorten(tags, CARD_W - 20, MID), GOLD, MID, "lm")
    ty = y + 76
    if card["requirement"]:
        mark = {True: "(met now)", False: "NOT met now", None: ""}[card.get("requirement_met")]
        text(draw, (x + 10, ty), shorten(f"needs {card['requirement']} {mark}".strip(), CARD_W - 20, MID),
             INK if mark != "NOT met now" else VERMILLION, MID, "lm")
        ty += 24
    body = " | ".join(card["text"]) or card["summary"]
    paragraph(draw, x + 10, ty - 10, body, CARD_W - 20, INK, MID, height=y + CARD_H - ty - 20, min_size=14)
    if "playable" in card and not ok:
        why = card.get("why_not", "").replace("raise ", "raise ") + (" MC" if "can raise" in card.get("why_not", "") else "")
        text(draw, (x + 10, y + CARD_H - 14), shorten(why, CARD_W - 20, SMALL), MUTED, SMALL, "lm")
    elif "playable" in card:
        text(draw, (x + 10, y + CARD_H - 14), "requirements met, affordable now", (0, 158, 115), SMALL, "lm")


def private(view: dict, names: list[str]) -> Image.Image:
    you = view.get("you") or {"hand": [], "choosing": []}
    groups = [("Choosing among", you["choosing"]), (f"Your hand ({len(you['hand'])})", you["hand"])]
    height = 52 + sum(34 + (len(cards) + 1) // 2 * (CARD_H + 12) for _, cards in groups if cards) + 50
    image, draw = canvas(WIDTH, height)
    seat = you.get("seat", 0)
    me = view["players"][seat] if view.get("players") and seat < len(view["players"]) else None
    title = _name(view, names, seat) if me else "You"
    if me:
        title += f"  -  {me['mc']} MC, {me['heat']} heat, {me['plants']} plants"
    text(draw, (16, 24), shorten(title, WIDTH - 32, BIG), INK, BIG, "lm")
    y = 52
    for label, cards in groups:
        if not cards:
            continue
        text(draw, (16, y + 14), label, GOLD, MID, "lm")
        y += 34
        for i, card in enumerate(cards):
            x = 12 + (i % 2) * (CARD_W + 12)
            _face(draw, card, x, y)
            if i % 2 == 1 or i == len(cards) - 1:
                y += CARD_H + 12
    if not any(cards for _, cards in groups):
        text(draw, (16, y + 20), "No cards in hand.", MUTED, MID, "lm")
    return image



# ---------------------------------------------------------------- detail

def _detail_rows(view: dict) -> list[tuple[int, dict | None]]:
    """(seat, card) rows: a header row per player (card None), then the corporation and blue cards."""
    rows = []
    for p in view["players"]:
        rows.append((p["seat"], None))
        cards = ([p["corporation"]] if p["corporation"] else []) + [c for c in p["played"] if c["kind"] == "blue"]
        rows.extend((p["seat"], card) for card in cards)
    return rows


def detail(view: dict, names: list[str]) -> Image.Image:
    """Score breakdown and what every corporation and blue card in play does (actions, effects,
    resources), so nobody has to remember another player's engine."""
    rows = _detail_rows(view)
    width = WIDTH - 40
    heights = []
    for _, card in rows:
        if card is None:
            heights.append(40)
        else:
            body = " | ".join(card["text"])
            heights.append(34 + min(3, len(wrap(body, width - 20, MID))) * line_height(MID) + 8)
    image, draw = canvas(WIDTH, 60 + sum(heights) + 10)
    text(draw, (16, 24), "Ares Expedition - corporations, blue cards and scores", INK, BIG, "lm")
    y = 52
    players = {p["seat"]: p for p in view["players"]}
    for (seat, card), h in zip(rows, heights):
        if card is None:
            p = players[seat]
            vp = p["vp"]
            token(draw, 28, y + 20, seat, radius=12)
            line = (f"{_name(view, names, seat)}: {vp['total']} VP = TR {vp['tr']} + forests {vp['forests']} "
                    f"+ cards {vp['cards']}")
            text(draw, (48, y + 20), shorten(line, WIDTH - 64, MID), GOLD, MID, "lm")
        else:
            fill = KIND_FILL[card["kind"]]
            draw.rounded_rectangle((20, y, WIDTH - 20, y + h - 6), 6, fill=PANEL, outline=fill, width=2)
            head = card["name"]
            if card.get("resources"):
                head += f"  [{card['resources']} {card['resource']}]"
            if card.get("used"):
                head += "  (used this phase)"
            text(draw, (30, y + 14), shorten(head, width - 20, MID), INK, MID, "lm")
            body = " | ".join(card["text"])
            paragraph(draw, 30, y + 28, body, width - 20, MUTED, MID, height=h - 36, min_size=14)
        y += h
    return image
