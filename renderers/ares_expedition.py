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

from games.core.i18n import ENGLISH

from .common import (LEGIBLE, draw_verdict, game_title, BIG, EDGE, GOLD, INK, MID, MUTED, PANEL, PANEL_LIGHT, SMALL, VERMILLION, KeptDrawings, canvas,
                     fitted, ink_on, line_height, paragraph, seat_colour, text, token, width_of, wrap)
from .messages import T, reader

TITLE = "Terraforming Mars: Ares Expedition"  # the English title, for a view made without one (games name themselves in views)
DRAWS_BREAKDOWN = True  # the detail image gives every player's VP = TR + forests + cards itself

WIDTH = 1000
BAND_FILL = {"purple": (204, 121, 167), "red": VERMILLION, "yellow": (240, 228, 66), "white": (235, 235, 235)}
KIND_FILL = {"green": (0, 158, 115), "blue": (0, 114, 178), "red": VERMILLION, "corporation": (90, 90, 100)}
ROMAN = [T.name("ares numeral", "I"), T.name("ares numeral", "II"), T.name("ares numeral", "III"),
         T.name("ares numeral", "IV"), T.name("ares numeral", "V")]
# The view names tags, card kinds and card resources by id.
TAGS = {"building": T.name("ares tag", "building"), "space": T.name("ares tag", "space"),
        "science": T.name("ares tag", "science"), "power": T.name("ares tag", "power"),
        "earth": T.name("ares tag", "earth"), "jovian": T.name("ares tag", "jovian"),
        "plant": T.name("ares tag", "plant"), "animal": T.name("ares tag", "animal"),
        "microbe": T.name("ares tag", "microbe"), "event": T.name("ares tag", "event")}
KINDS = {"green": T("green card"), "blue": T("blue card"), "red": T("red card"), "corporation": T("corporation card")}
RESOURCES = {"animal": T.name("ares resource", "animal"), "microbe": T.name("ares resource", "microbe"),
             "science": T.name("ares resource", "science")}
DIFFICULTY = {"novice": T("novice"), "advanced": T("advanced"), "expert": T("expert")}


def _tag(tag: str, tr) -> str:
    return tr(TAGS[tag]) if tag in TAGS else tag


def _resource(card: dict, tr) -> str:
    return tr(RESOURCES[card["resource"]]) if card.get("resource") in RESOURCES else str(card.get("resource", ""))
OCEAN_H = 50     # an ocean box's least height: a flipped ocean's reward in two lines of words
CHIP = 18        # tableau chips: card name, tags in words, resources, VP; legible at 550 px


def _name(view: dict, names: list[str], seat: int) -> str:
    return names[seat] if seat < len(names) else view["players"][seat]["name"]


STAGES = {"corp": T("corporations"), "plan": T("planning"), "limit": T("end of round"), "coop": T("co-op tokens"),
          "dummy": T("dummy phase"), "solo": T("free steps")}


def _header(draw, view: dict, names: list[str], tr) -> None:
    if view.get("over"):
        status = tr(T("Game over"))
    else:
        phase = view.get("phase_name") or (tr(STAGES[view["stage"]]) if view["stage"] in STAGES else "")
        status = tr(T("Round {n} - {phase}", n=view["round"], phase=phase))
    if view["mode"] == "solo":
        status = tr(T("{status} (of {n})", status=status, n=view["solo_rounds"]))
    size, title = fitted(tr(T("{title}  -  {status}", title=game_title(view, TITLE), status=status)), 560, 28, LEGIBLE)
    text(draw, (16, 24), title, INK, size, "lm")
    to_act = view.get("to_act") or []
    if to_act and not view.get("over"):
        who = tuple(_name(view, names, s) for s in to_act)
        size, label = fitted(tr(T("to act: {players}", players=who)), 400, MID, LEGIBLE)
        text(draw, (WIDTH - 16, 24), label, seat_colour(to_act[0]), size, "rm")
    else:
        draw_verdict(draw, view, WIDTH - 16, 24, WIDTH - 32 - int(width_of(title, size)) - 24)


def _phases(draw, view: dict, y: int, tr) -> int:
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
        size, label = fitted(f"{tr(ROMAN[i])} {view['phase_names'][i]}", w - 14, MID, LEGIBLE)
        text(draw, (x + 10, y + 16), label, INK if lit else MUTED, size, "lm")
        cx = x + 18
        for p in view["players"]:
            if p["pick"] == n:
                token(draw, cx, y + 44, p["seat"], radius=10)
                cx += 26
        if view.get("dummy_pick") == n:
            text(draw, (cx - 6, y + 44), tr(T("dummy")), MUTED, SMALL, "lm")
    y += 72
    for line in _note_lines(view, tr):   # whole, on as many lines as it takes
        text(draw, (16, y + 8), line, GOLD, SMALL, "lm")
        y += NOTE_LINE
    return y


NOTE_LINE = 22


def _note_lines(view: dict, tr) -> tuple[str, ...]:
    note = _mode_note(view, tr)
    return wrap(note, WIDTH - 32, SMALL) if note else ()


def _mode_note(view: dict, tr) -> str:
    if view["mode"] == "solo":
        level = view["options"].get("difficulty", "")
        return tr(T("Solo ({level}): dummy counter {n}/5, {left} dummy card(s) left; terraform by round {last}.",
                    level=DIFFICULTY.get(level, level), n=view["counter"], left=view["dummy_left"],
                    last=view["solo_rounds"]))
    if view["mode"] == "coop":
        return tr(T("Co-op: {cubes} copper cubes and {markers} markers left; terraform with 80 VP together.",
                    cubes=view["cubes"], markers=view["markers"]))
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


OCEAN_X = 170
OCEAN_COLS = 5   # the 9 ocean tiles in two rows: each box wide enough for its reward in words
OCEAN_W = (WIDTH - 16 - OCEAN_X - 6 * (OCEAN_COLS - 1)) // OCEAN_COLS


def _ocean_box_h(view: dict) -> int:
    """A box's height: every flipped ocean's reward whole at a legible size."""
    lines = max((len(wrap(reward or "-", OCEAN_W - 12, SMALL)) for reward in view["oceans_flipped"]), default=1)
    return max(OCEAN_H, lines * line_height(SMALL) + 10)


def _ocean_h(view: dict) -> int:
    return 2 * _ocean_box_h(view) + 6


def _oceans(draw, view: dict, y: int, tr) -> int:
    box = _ocean_box_h(view)
    size, label = fitted(tr(T("Oceans {n} of 9", n=len(view["oceans_flipped"]))), 150, MID, LEGIBLE)
    text(draw, (16, y + box / 2), label, INK, size, "lm")
    for i in range(9):
        x = OCEAN_X + (i % OCEAN_COLS) * (OCEAN_W + 6)
        top = y + (i // OCEAN_COLS) * (box + 6)
        if i < len(view["oceans_flipped"]):
            draw.rounded_rectangle((x, top, x + OCEAN_W, top + box), 6, fill=(0, 114, 178))
            paragraph(draw, x + 6, top + 5, view["oceans_flipped"][i] or "-", OCEAN_W - 12, INK, SMALL)
        else:
            draw.rounded_rectangle((x, top, x + OCEAN_W, top + box), 6, fill=PANEL, outline=EDGE)
            text(draw, (x + OCEAN_W / 2, top + box / 2), "?", MUTED, MID, "mm")
    return y + _ocean_h(view) + 10


COLUMNS = (("", 16), (T("TR"), 300), (T("VP"), 360), (T("MC"), 420), (T("heat"), 480), (T("plants"), 545),
           (T("forest"), 615), (T("hand"), 680))
ROW_H = 80


def production_words(prod: dict, tr=reader(ENGLISH)) -> str:
    """A player's production per round in words: "Production: +2 MC, +7 heat, +3 cards" (none: "no production")."""
    amount = {key: prod.get(key, 0) for key in ("mc", "heat", "plants", "cards", "steel", "titanium")}
    # in the order a player reads them, each amount with its word
    words = (("mc", T("+{n} MC", n=amount["mc"])), ("heat", T("+{n} heat", n=amount["heat"])),
             ("plants", T("+{n} plants", n=amount["plants"])), ("cards", T("+{n} cards", n=amount["cards"])),
             ("steel", T("+{n} steel", n=amount["steel"])), ("titanium", T("+{n} titanium", n=amount["titanium"])))
    parts = tuple(word for key, word in words if amount[key])
    return tr(T("Production per round: {parts}", parts=parts) if parts else T("Production per round: none"))


def tag_words(tags: dict, tr=reader(ENGLISH)) -> str:
    """Tag counts in words: "tags: space 2, science 1" (none: "no tags")."""
    shown = tuple(T("{tag} {n}", tag=TAGS.get(tag, tag), n=n) for tag, n in tags.items() if n)
    return tr(T("tags: {tags}", tags=shown) if shown else T("no tags"))


def _columns(tr) -> list[tuple[str, int]]:
    """The number columns, each label with its x: spread wider when a label (Chinese 改造分數)
    needs more room than the English ones, so none is squeezed small."""
    labels = [tr(label) for label, _ in COLUMNS[1:]]
    if all(width_of(label, MID) <= 60 for label in labels):
        return [(label, x) for label, (_, x) in zip(labels, COLUMNS[1:])]
    return [(label, 300 + 90 * k) for k, label in enumerate(labels)]


def _players(draw, view: dict, names: list[str], y: int, tr) -> int:
    columns = _columns(tr)
    for label, x in columns:
        size, label = fitted(label, 86, MID, LEGIBLE)
        text(draw, (x + 14, y + 8), label, MUTED, size, "mm")
    y += 20
    for p in view["players"]:
        seat = p["seat"]
        active = seat in (view.get("to_act") or []) and not view.get("over")
        draw.rounded_rectangle((10, y, WIDTH - 10, y + ROW_H - 6), 8, fill=PANEL,
                               outline=seat_colour(seat) if active else EDGE, width=3 if active else 1)
        token(draw, 32, y + 24, seat, radius=13)
        corp = p["corporation"]["name"] if p["corporation"] else tr(T("corporation hidden"))
        size, name = fitted(_name(view, names, seat), 240, MID, LEGIBLE)
        text(draw, (52, y + 14), name, INK, size, "lm")
        doing = tr(T("{corporation} - {doing}", corporation=corp, doing=p["doing"])) if p["doing"] and active else corp
        if width_of(doing, SMALL) > 240:  # the corporation stays whole; what it is doing is in the header
            doing = corp
        size, corp_line = fitted(doing, 240, SMALL, LEGIBLE)
        text(draw, (52, y + 36), corp_line, MUTED, size, "lm")
        values = (p["tr"], p["vp"]["total"], p["mc"], p["heat"], p["plants"], p["forests"], p["hand_count"])
        for k, ((_, x), value) in enumerate(zip(columns, values)):
            text(draw, (x + 14, y + 24), str(value), GOLD if k == 1 else INK, BIG, "mm")
        size, line = fitted(production_words(p["production"], tr), WIDTH - 300 - 20, MID, LEGIBLE)
        text(draw, (300 - 12, y + 56), line, INK, size, "lm")
        y += ROW_H
    return y


def _card_label(card: dict, tr) -> str:
    label = card["name"]
    if card["tags"]:
        label = tr(T("{card} ({tags})", card=label, tags=tuple(_tag(t, tr) for t in card["tags"])))
    if card["resources"]:
        label = tr(T("{card} [{n} {resource}]", card=label, n=card["resources"], resource=_resource(card, tr)))
    if card.get("vp_now"):
        label = tr(T("{card} {n} VP", card=label, n=card["vp_now"]))
    return label


def _tableau(draw, view: dict, names: list[str], y: int, tr, measure: bool = False) -> int:
    for p in view["players"]:
        head = tr(T("{player}: {n} cards, {tags}", player=_name(view, names, p["seat"]), n=len(p["played"]),
                    tags=tag_words(p["tags"], tr)))
        lines = wrap(head, WIDTH - 60, MID)
        if not measure:
            token(draw, 26, y + 12, p["seat"], radius=10)
            for k, line in enumerate(lines):
                text(draw, (44, y + 12 + k * line_height(MID)), line, INK, MID, "lm")
        y += 14 + len(lines) * line_height(MID)
        x = 16
        for kind in ("blue", "green", "red"):
            for card in (c for c in p["played"] if c["kind"] == kind):
                label = _card_label(card, tr)
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


def public(view: dict, names: list[str], locale: str = ENGLISH) -> Image.Image:
    tr = reader(locale)
    ending = wrap(view["end_reason"], WIDTH - 32, SMALL) if view.get("over") and view.get("end_reason") else ()
    base_h = (48 + 72 + NOTE_LINE * len(_note_lines(view, tr)) + 3 * 40 + _ocean_h(view) + 10 + 20
              + ROW_H * len(view["players"]) + 10)
    height = (base_h + _tableau(None, view, names, 0, tr, measure=True) + 20
              + max(0, len(ending) - 1) * line_height(SMALL))
    image, draw = canvas(WIDTH, height)
    _header(draw, view, names, tr)
    y = _phases(draw, view, 48, tr)
    for param in view["parameters"]:
        if param["name"] == "temperature":
            y = _track(draw, y, param, tr(T("Temp {value} C", value=format(param["value"], "+d"))))
        elif param["name"] == "oxygen":
            y = _track(draw, y, param, tr(T("Oxygen % {value}", value=param["value"])))
    y = _oceans(draw, view, y, tr)
    y = _players(draw, view, names, y, tr)
    _tableau(draw, view, names, y + 6, tr)
    for k, line in enumerate(ending):
        text(draw, (16, height - 14 - (len(ending) - 1 - k) * line_height(SMALL)), line, GOLD, SMALL, "lm")
    return image


# ---------------------------------------------------------------- private

CARD_W, CARD_H = 484, 190   # a card face's width and least height (a longer text makes it taller)
# Drawn card faces kept per process (palette images of ~90 KB, ~260 in all): a hand mostly shows
# the same cards from one image to the next.
FACES = KeptDrawings(24 << 20)


def _face_lines(card: dict, tr) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """A face's wrapped texts, each whole at a legible size: (requirement, body, footer)."""
    needs: tuple[str, ...] = ()
    if card["requirement"]:
        met = card.get("requirement_met")
        words = (tr(T("needs {requirement} (met now)", requirement=card["requirement"])) if met
                 else tr(T("needs {requirement} NOT met now", requirement=card["requirement"])) if met is False
                 else tr(T("needs {requirement}", requirement=card["requirement"])))
        needs = wrap(words, CARD_W - 20, MID)
    body = wrap(" | ".join(card["text"]) or card["summary"], CARD_W - 20, MID)
    foot: tuple[str, ...] = ()
    if "playable" in card and not card.get("playable", True):
        why = card.get("why_not", "")
        if "can raise" in why:       # English: "you can raise 10" reads as MC
            why += " MC"
        foot = wrap(why, CARD_W - 20, SMALL)
    elif "playable" in card:
        foot = wrap(tr(T("requirements met, affordable now")), CARD_W - 20, SMALL)
    return needs, body, foot


def _face_h(card: dict, tr) -> int:
    needs, body, foot = _face_lines(card, tr)
    return max(CARD_H, 66 + (len(needs) * line_height(MID) + 4 if needs else 0) + len(body) * line_height(MID)
               + (len(foot) * line_height(SMALL) + 6 if foot else 0) + 12)


def _kept_face(image: Image.Image, card: dict, x: int, y: int, h: int, tr) -> None:
    """`_face` drawn on a canvas of its own or kept (`FACES`), keyed by what it reads of the card."""
    key = (tr, h, card["kind"], card.get("playable"), "playable" in card, card.get("cost_now"), card["cost"],
           card["name"], tuple(card["tags"]), card["requirement"], card.get("requirement_met"),
           tuple(card["text"]), card.get("summary"), card.get("why_not"))
    FACES.paste(image, FACES.part(key, (CARD_W + 1, h + 1), lambda draw: _face(draw, card, 0, 0, h, tr)), (x, y))


def _face(draw, card: dict, x: int, y: int, h: int, tr) -> None:
    fill = KIND_FILL[card["kind"]]
    ok = card.get("playable", True)
    draw.rounded_rectangle((x, y, x + CARD_W, y + h), 10, fill=PANEL, outline=fill, width=3)
    draw.rectangle((x + 3, y + 3, x + CARD_W - 3, y + 36), fill=fill)
    cost = card.get("cost_now", card["cost"])
    head = card["name"]
    price = tr(T("{n} MC ({printed})", n=cost, printed=card["cost"]) if cost != card["cost"] else T("{n} MC", n=cost))
    size, head = fitted(head, int(CARD_W - 34 - width_of(price, BIG)), BIG, LEGIBLE)  # the whole name, smaller if need be
    text(draw, (x + 10, y + 20), head, ink_on(fill), size, "lm")
    text(draw, (x + CARD_W - 10, y + 20), price, ink_on(fill), BIG, "rm")
    kind = KINDS.get(card["kind"], card["kind"])
    tag_names = tuple(_tag(t, tr) for t in card["tags"])
    tags = tr(T("{kind}, tags: {tags}", kind=kind, tags=tag_names) if tag_names else T("{kind}, no tags", kind=kind))
    size, tags = fitted(tags, CARD_W - 20, MID, LEGIBLE)
    text(draw, (x + 10, y + 52), tags, GOLD, size, "lm")
    needs, body, foot = _face_lines(card, tr)
    ty = y + 66
    for line in needs:
        text(draw, (x + 10, ty), line, INK if card.get("requirement_met") is not False else VERMILLION, MID)
        ty += line_height(MID)
    ty += 4 if needs else 0
    for line in body:
        text(draw, (x + 10, ty), line, INK, MID)
        ty += line_height(MID)
    colour = MUTED if "playable" in card and not ok else (0, 158, 115)
    fy = y + h - 8 - len(foot) * line_height(SMALL)
    for line in foot:
        text(draw, (x + 10, fy), line, colour, SMALL)
        fy += line_height(SMALL)


def _rows_of(cards: list[dict], tr) -> list[tuple[list[dict], int]]:
    """Cards two by two, each pair with the height of its taller face."""
    pairs = [cards[i:i + 2] for i in range(0, len(cards), 2)]
    return [(pair, max(_face_h(card, tr) for card in pair)) for pair in pairs]


def private(view: dict, names: list[str], locale: str = ENGLISH) -> Image.Image:
    tr = reader(locale)
    you = view.get("you") or {"hand": [], "choosing": []}
    groups = [(tr(T("Choosing among")), you["choosing"]), (tr(T("Your hand ({n})", n=len(you["hand"]))), you["hand"])]
    laid = [(label, _rows_of(cards, tr)) for label, cards in groups if cards]
    height = 52 + sum(34 + sum(h + 12 for _, h in rows) for _, rows in laid) + 50
    image, draw = canvas(WIDTH, height)
    seat = you.get("seat", 0)
    me = view["players"][seat] if view.get("players") and seat < len(view["players"]) else None
    title = _name(view, names, seat) if me else tr(T("You"))
    if me:
        title = tr(T("{player}  -  {mc} MC, {heat} heat, {plants} plants", player=title, mc=me["mc"], heat=me["heat"],
                     plants=me["plants"]))
    size, title = fitted(title, WIDTH - 32, BIG, LEGIBLE)
    text(draw, (16, 24), title, INK, size, "lm")
    y = 52
    for label, rows in laid:
        text(draw, (16, y + 14), label, GOLD, MID, "lm")
        y += 34
        for pair, h in rows:
            for i, card in enumerate(pair):
                _kept_face(image, card, 12 + i * (CARD_W + 12), y, h, tr)
            y += h + 12
    if not laid:
        text(draw, (16, y + 20), tr(T("No cards in hand.")), MUTED, MID, "lm")
    return image



# ---------------------------------------------------------------- detail

def _detail_rows(view: dict) -> list[tuple[int, dict | None]]:
    """(seat, card) rows: a header row per player (card None), then the corporation and blue cards."""
    rows: list[tuple[int, dict | None]] = []
    for p in view["players"]:
        rows.append((p["seat"], None))
        cards = ([p["corporation"]] if p["corporation"] else []) + [c for c in p["played"] if c["kind"] == "blue"]
        rows.extend((p["seat"], card) for card in cards)
    return rows


def detail(view: dict, names: list[str], locale: str = ENGLISH) -> Image.Image:
    """Score breakdown and what every corporation and blue card in play does (actions, effects,
    resources), so nobody has to remember another player's engine."""
    tr = reader(locale)
    rows = _detail_rows(view)
    width = WIDTH - 40
    heights = []
    for _, card in rows:
        if card is None:
            heights.append(40)
        else:
            body = " | ".join(card["text"])
            heights.append(34 + len(wrap(body, width - 20, MID)) * line_height(MID) + 8)   # all lines, none cut
    image, draw = canvas(WIDTH, 60 + sum(heights) + 10)
    size, title = fitted(tr(T("{title} - corporations, blue cards and scores", title=game_title(view, TITLE))),
                         WIDTH - 32, BIG, LEGIBLE)
    text(draw, (16, 24), title, INK, size, "lm")
    y = 52
    players = {p["seat"]: p for p in view["players"]}
    for (seat, card), h in zip(rows, heights):
        if card is None:
            p = players[seat]
            vp = p["vp"]
            token(draw, 28, y + 20, seat, radius=12)
            line = tr(T("{player}: {total} VP = TR {tr} + forests {forests} + cards {cards}",
                        player=_name(view, names, seat), total=vp["total"], tr=vp["tr"], forests=vp["forests"],
                        cards=vp["cards"]))
            size, line = fitted(line, WIDTH - 64, MID, LEGIBLE)
            text(draw, (48, y + 20), line, GOLD, size, "lm")
        else:
            fill = KIND_FILL[card["kind"]]
            draw.rounded_rectangle((20, y, WIDTH - 20, y + h - 6), 6, fill=PANEL, outline=fill, width=2)
            head = card["name"]
            if card.get("resources"):
                head = tr(T("{card}  [{n} {resource}]", card=head, n=card["resources"], resource=_resource(card, tr)))
            if card.get("used"):
                head = tr(T("{card}  (used this phase)", card=head))
            size, head = fitted(head, width - 20, MID, LEGIBLE)
            text(draw, (30, y + 14), head, INK, size, "lm")
            body = " | ".join(card["text"])
            paragraph(draw, 30, y + 28, body, width - 20, MUTED, MID)   # its height was made for every line
        y += h
    return image
