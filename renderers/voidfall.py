"""Voidfall images, drawn only from the view dicts (see games/voidfall/view.py).

public: the sector map (Population, Pure or Corrupted, Guilds and Installations, each house's fleet
markers with their cubes, Voidborn cubes, harbingers, Voidstorms, tokens; voidfall_map.py), every
house's Influence and visible board, the Event, the Cycle and the turn; in solo and co-op the
Voidborn crisis board (voidfall_solo.py) under the map, or partly beside a narrow scenario map.
detail: the Event's objectives, the heroic offer, the technology market, the Agenda offer and the
last combat.
private: one house board (stocks, production levels and yields, techs, Agendas, tracks, fleets).
"""

from __future__ import annotations

from games.core.i18n import ENGLISH

from . import voidfall_solo
from .common import (LEGIBLE, game_title, verdict_of, BACKGROUND, BIG, BLACK, EDGE, GOLD, INK, MID, MUTED, PANEL, PANEL_LIGHT, SMALL, VERMILLION, box,
                     canvas, chip, fitted, ink_on, key_row, line_height, paragraph, seat_colour, text, token,
                     width_of, wrap, wrapped_height)
from .messages import T, reader
from .voidfall_map import HARBINGER_LEGEND, MAP_LEGEND, Layout, draw_map, marked  # noqa: F401  (the marked map)
from .voidfall_solo import RES, RES_FILL, RES_NAMES

TITLE = "Voidfall"  # the English title, for a view made without one (games name themselves in views)

WIDTH = 1000
MAP_MAX_H = 840
PANEL_H = 178
SIDE_MIN = 300   # px a narrow map must leave free to put the house panels beside it
TRACKS = (("soc", T("Society")), ("sta", T("Statecraft")), ("eco", T("Economy")))
FLEET_NAMES = {"corvette": T("Corvette"), "sentry": T("Sentry"), "destroyer": T("Destroyer"),
               "dreadnought": T("Dreadnought"), "carrier": T("Carrier")}
PHASES = {"setup": T("setup"), "preparation": T("preparation"), "focus": T("focus"), "evaluation": T("evaluation")}
STOCK_CAP = 15
BOARD_W = WIDTH
PAD = 12


def _name(names, seat):
    return names[seat] if 0 <= seat < len(names) else f"P{seat + 1}"


def _turn_line(view, names, tr) -> str:
    if view.get("over"):  # who won: a house, several, or the Voidborn
        return tr(T("Game over - {result}", result=verdict_of(view))) if verdict_of(view) else tr(T("Game over"))
    who = tr(T("{a}, {b}")).join(_name(names, s) for s in view.get("to_act", []))
    if view["phase"] == "setup" or not view["cycle"]:  # before Cycle 1 there is no Cycle nor turn to count
        return tr(T("Setup - to act: {who}", who=who))
    return tr(T("Cycle {cycle} - {phase} - turn {round}/{rounds} - to act: {who}", cycle=view["cycle"],
                phase=PHASES.get(view["phase"], view["phase"]), round=view["round"], rounds=view["rounds"], who=who))


def public(view, names, locale: str = ENGLISH):
    tr = reader(locale)
    n = len(view["houses"])
    map_top = 84
    layout = Layout([s["key"] for s in view["sectors"]], WIDTH - 20, MAP_MAX_H)
    map_h = int(layout.height) + 8
    # a narrow map (solo scenarios) leaves room for the house panels beside it
    side = WIDTH - 30 - layout.width >= SIDE_MIN
    if side:
        layout = Layout([s["key"] for s in view["sectors"]], layout.width, MAP_MAX_H)
        top_h = max(map_h, n * (PANEL_H + 8) + voidfall_solo.side_height(view, tr))
    else:
        top_h = map_h + 8 + PANEL_H
    board_h = voidfall_solo.height(view, split=side, tr=tr)
    legend = tr(LEGEND) + (" " + tr(SOLO_LEGEND) if board_h else "")
    legend_h = wrapped_height(legend, WIDTH - 32, MID) + 12  # readable at 550 px wide
    key_h = KEY_H
    height = map_top + top_h + 16 + (board_h + 8 if board_h else 0) + key_h + legend_h + 8
    image, draw = canvas(WIDTH, height)
    size, turn = fitted(_turn_line(view, names, tr), WIDTH - 32, BIG, LEGIBLE)
    text(draw, (16, 14), turn, INK, size)
    ev = view.get("event")
    order = " > ".join(_name(names, x) for x in view.get("order", []))
    event = tr(T("Event: {event} ({n} turns)", event=ev["name"], n=ev["rounds"])) if ev else tr(T("Event: -"))
    head = tr(T("{event}   Order: {order}   Trade tokens on board: {n}", event=event, order=order,
                n=sum(view["trade_board"])))
    size, head = fitted(head, WIDTH - 32, MID, LEGIBLE)  # player names in the turn order whole
    text(draw, (16, 48), head, GOLD, size)
    draw_map(draw, view, layout, 10, map_top, tr=tr, image=image)
    if side:
        x0 = int(10 + layout.width + 10)
        for k, h in enumerate(view["houses"]):
            _house_panel(draw, h, names, x0, map_top + k * (PANEL_H + 8), WIDTH - 10 - x0, tr)
        if board_h:
            voidfall_solo.draw_side(draw, view, x0, map_top + n * (PANEL_H + 8) + 4, WIDTH - 10 - x0, tr=tr)
    else:
        pw = (WIDTH - 20 - 8 * (n - 1)) // n
        for k, h in enumerate(view["houses"]):
            _house_panel(draw, h, names, 10 + k * (pw + 8), map_top + map_h + 8, pw, tr)
    y = map_top + top_h + 16
    if board_h:
        voidfall_solo.draw_board(draw, view, 10, y, WIDTH - 20, split=side, tr=tr)
    _resource_key(draw, 16, height - legend_h - key_h + KEY_H // 2, tr)
    paragraph(draw, 16, height - legend_h, legend, WIDTH - 32, MUTED, MID)
    return image


KEY_H = 36


def _resource_key(draw, x: int, y: int, tr) -> None:
    """The resource colours in words, under the house panels."""
    label = tr(T("Resources:"))
    text(draw, (x, y), label, INK, MID, "lm")
    key_row(draw, x + int(width_of(label, MID)) + 12, y, [(tr(RES_NAMES[r]), RES_FILL[r]) for r in RES], WIDTH - 16)


def _house_panel(draw, h: dict, names, x: int, y: int, pw: int, tr) -> None:
    """One house's public summary: name, Influence, stocks, Corruption, Glory, trade, cubes."""
    seat = h["seat"]
    draw.rounded_rectangle((x, y, x + pw, y + PANEL_H), 8, fill=PANEL, outline=seat_colour(seat), width=3)
    token(draw, x + 18, y + 18, seat, 11)
    # names whole, in a smaller font if need be: the player's on its own line, the house's beside its Influence
    size, who = fitted(_name(names, seat), pw - 44, MID, LEGIBLE)
    text(draw, (x + 36, y + 18), who, INK, size, "lm")
    size, score = fitted(tr(T("{house}: Influence {n}", house=h["house"], n=h["influence"])), pw - 20, BIG, LEGIBLE)
    text(draw, (x + 12, y + 46), score, GOLD, size, "lm")
    _stock_chips(draw, h, x + 12, y + 74, x + pw - 10, tr)
    glory = ", ".join(map(str, h["glory"])) or tr(T("none"))
    for row, line in enumerate((tr(T("Corruption {n}   Glory {glory}", n=h["corruption"], glory=glory)),
                                tr(T("Trade tokens {n}", n=h["trade"])),
                                tr(T("cubes {active} active, {inactive} inactive", active=h["active"],
                                     inactive=h["inactive"])))):
        size, line = fitted(line, pw - 20, MID, LEGIBLE)
        text(draw, (x + 12, y + 102 + 26 * row), line, MUTED, size, "lm")


def _stock_chips(draw, h: dict, x: int, y: int, max_x: int, tr) -> None:
    """A house's stocks as chips in the resource colours: "Food 4" when the panel is wide
    enough, else the number alone (the key under the map names the colours)."""
    named = [f"{tr(RES_NAMES[r])} {h['res'].get(r, 0)}" for r in RES]
    bare = [str(h["res"].get(r, 0)) for r in RES]
    for labels, size in ((named, MID), (bare, MID)):
        if sum(width_of(label, size) + 22 for label in labels) - 6 <= max_x - x:
            break
    for label, r in zip(labels, RES):
        x += chip(draw, x, y, label, RES_FILL[r], size) + 6


LEGEND = T("{map} House panels: stocks in the resource colours named above.", map=MAP_LEGEND)
SOLO_LEGEND = T("{harbingers} Purple: Voidborn cubes.", harbingers=HARBINGER_LEGEND)


def detail(view, names, locale: str = ENGLISH):
    tr = reader(locale)
    comma = tr(T("{a}, {b}", a="", b=""))
    lines = []
    ev = view.get("event")
    if ev:
        lines.append((tr(T("Event {name}", name=ev["name"])), GOLD))
        lines += [(tr(T("A: {objective}", objective=t)), INK) for t in ev["a"]]
        both = tr(T("{a}; {b}", a="", b="")).join(ev["b"])
        lines.append((tr(T("OR B: {objectives}", objectives=both) if ev["sep"] == "or"
                         else T("AND B: {objectives}", objectives=both)), INK))
        if view.get("perms"):
            lines.append((tr(T("In force this Cycle: {rules}", rules=comma.join(view["perms"]))), MUTED))
    solo = view.get("solo")
    if solo and solo.get("offer"):  # the rest of the crisis board is in the public image
        lines.append((tr(T("Heroic/joint Focus offer: {cards}", cards=comma.join(map(str, solo["offer"])))), INK))
    lines.append((tr(T("Technology market: {techs}", techs=comma.join(view["market"]))), INK))
    lines.append((tr(T("Improved offer: {techs}", techs=comma.join(view["improved_offer"]) or T("blocked (Cycle 1)"))),
                  INK))
    kinds = view.get("agenda_type_names", {})
    offers = []
    for t, n in view["agenda_offer"].items():
        entry = T("{kind}: {agenda}", kind=kinds.get(t, t), agenda=n or T("none"))
        offers.append(tr(T("{offer} (Corrupted)", offer=entry) if view["offer_corrupt"].get(t) else entry))
    lines.append((tr(T("Agenda offer: {offers}", offers=tr(T("{a}; {b}", a="", b="")).join(offers))), INK))
    lines.append((tr(T("Trade tokens on the trade board, top row to bottom: {counts}",
                       counts=", ".join(str(n) for n in view["trade_board"]))), INK))
    for c in view.get("last_combat", [])[:8]:
        lines.append((tr(T("Combat: {line}", line=c)), MUTED))
    for e in view.get("end", []):
        lines.append((e, GOLD))
    return _text_image(lines, tr(T("{title} - details", title=game_title(view, TITLE))))


def _text_image(lines, title):
    width = 900
    wrapped = [(w, c) for s, c in lines for w in wrap(s, width - 32, MID)]
    height = 60 + len(wrapped) * line_height(MID) + 20
    image, draw = canvas(width, height)
    text(draw, (16, 14), title, INK, BIG)
    y = 56
    for s, c in wrapped:
        text(draw, (16, y), s, c, MID)
        y += line_height(MID)
    return image



def private(view, names, locale: str = ENGLISH):
    """One house board laid out as a board: the resource table, the three tracks as tracks, and
    labelled boxes for cubes and tokens, technologies, Focus cards, Agendas and fleets."""
    tr = reader(locale)
    seat = view.get("viewer")
    if seat is None or seat >= len(view["houses"]):
        return _text_image([(tr(T("Spectator: no house board.")), INK)], game_title(view, TITLE))
    h = view["houses"][seat]
    height = _house_board(None, view, h, seat, tr)
    image, draw = canvas(BOARD_W, height)
    _house_board(draw, view, h, seat, tr)
    return image


def _house_board(draw, view, h: dict, seat: int, tr) -> int:
    """Draw the board (or only measure it with `draw` None); returns its height."""
    w = BOARD_W - 2 * PAD
    y = 12
    if draw:
        token(draw, PAD + 14, y + 16, seat, 14)
        size, title = fitted(tr(T("House {house}", house=h["house"])), w - 360, BIG + 4, LEGIBLE)
        text(draw, (PAD + 36, y + 16), title, INK, size, "lm")
        text(draw, (BOARD_W - PAD, y + 16), tr(T("Influence {n}", n=h["influence"])), GOLD, BIG + 4, "rm")
    y += 38
    ability = wrap(h["ability"], w, MID)
    if draw:
        paragraph(draw, PAD, y, h["ability"], w, GOLD, MID)
    y += len(ability) * line_height(MID) + 4
    status = tr(T("Corruption {n}   Upkeep due now {upkeep}", n=h["corruption"], upkeep=h["upkeep"]))
    if draw:
        text(draw, (PAD, y), status, INK, MID)
    y += line_height(MID) + 10
    y = _resource_table(draw, h, PAD, y, w, tr) + 10
    y = _track_box(draw, view, h, seat, PAD, y, w, tr) + 10
    half = (w - 10) // 2
    left = _cubes_and_tokens(draw, h, seat, PAD, y, half, tr)
    levels = {"basic": T("basic"), "improved": T("improved")}
    names = h.get("tech_names", {})
    right = _lines_box(draw, PAD + half + 10, y, half,
                       tr(T("Technologies ({n} of {slots} slots)", n=len(h["techs"]), slots=h["tech_slots"])),
                       [(tr(T("{tech}: {level}", tech=names.get(t, t), level=levels.get(lv, lv))), INK)
                        for t, lv in h["techs"].items()]
                       or [(tr(T("none yet")), MUTED)])
    y = max(left, right) + 10
    left = _lines_box(draw, PAD, y, half, tr(T("Focus cards")), _focus_lines(h, tr))
    right = _lines_box(draw, PAD + half + 10, y, half, tr(T("Agendas")), _agenda_lines(h, tr))
    y = max(left, right) + 10
    y = _lines_box(draw, PAD, y, w, tr(T("Your fleets on the map")), _fleet_lines(view, seat, tr)) + 12
    return y


def _resource_table(draw, h: dict, x: int, y: int, w: int, tr) -> int:
    """Resources as a table: a named, coloured column per resource; rows stock (with a bar to
    the cap of 15), production level and what one produce step yields."""
    label_w = 250
    col = (w - label_w - 2 * PAD) // len(RES)
    rows = ((tr(T("In stock (at most 15)")), "res"), (tr(T("Production level")), "levels"),
            (tr(T("Yield when produced")), "yields"))
    row_h = 40
    height = 44 + len(rows) * row_h + 8
    if draw is None:
        return y + height
    top = box(draw, x, y, w, height)
    cx = x + PAD + label_w
    for i, r in enumerate(RES):
        chip_x = cx + i * col
        draw.rounded_rectangle((chip_x + 4, top, chip_x + col - 4, top + 30), 6, fill=RES_FILL[r])
        text(draw, (chip_x + col / 2, top + 15), tr(RES_NAMES[r]), ink_on(RES_FILL[r]), MID, "mm")
    ry = top + 38
    for label, key in rows:
        size, label = fitted(label, label_w - 8, MID, LEGIBLE)
        text(draw, (x + PAD, ry + row_h / 2), label, MUTED, size, "lm")
        for i, r in enumerate(RES):
            value = h[key].get(r, 0)
            mid = cx + i * col + col / 2
            if key == "res":
                bar = col - 24
                draw.rectangle((mid - bar / 2, ry + row_h - 8, mid + bar / 2, ry + row_h - 4), fill=PANEL_LIGHT)
                draw.rectangle((mid - bar / 2, ry + row_h - 8, mid - bar / 2 + bar * min(value, STOCK_CAP) / STOCK_CAP,
                                ry + row_h - 4), fill=RES_FILL[r])
            shown = f"+{value}" if key == "yields" else str(value)
            text(draw, (mid, ry + row_h / 2 - (3 if key == "res" else 0)), shown, INK, BIG, "mm")
        ry += row_h
    return y + height


def _track_box(draw, view, h: dict, seat: int, x: int, y: int, w: int, tr) -> int:
    """The three Civilization tracks as rows of spaces 0-7: spaces passed filled, the marker in
    the house colour, each space's level under its number, the next space's reward beside."""
    levels = h.get("track_levels") or [0, 0, 0, 1, 1, 2, 3, 4]
    cell, x_cells = 58, x + PAD + 150
    reward_x = x_cells + 8 * cell + 14
    reward_w = x + w - PAD - reward_x
    rows = []
    for key, title in TRACKS:
        pos = h["tracks"].get(key, 0)
        nxt = h["track_text"].get(key, [""] * 7)[pos] if pos < 7 else ""
        corrupt = h["track_corrupt"].get(key)
        if pos >= 7:
            reward = tr(T("At the end of the track"))
        else:
            reward = tr(T("Next space {n}: {reward}", n=pos + 1,
                          reward=T("no reward (Corrupted track)") if corrupt else nxt))
        lines = wrap(reward, reward_w, MID)
        rows.append((key, tr(title), pos, corrupt, lines, max(62, len(lines) * line_height(MID) + 12)))
    note = tr(T("lv: the track's level from that space (level 1 from space 3, level 2 at 5, 3 at 6, 4 at 7); reaching "
                "level 1 or 2 deactivates 1 or 2 cubes."))
    note_lines = wrap(note, w - 2 * PAD, MID)
    height = 44 + sum(r[5] for r in rows) + len(note_lines) * line_height(MID) + 14
    if draw is None:
        return y + height
    ry = box(draw, x, y, w, height, tr(T("Civilization tracks")))
    for key, title, pos, corrupt, lines, row_h in rows:
        text(draw, (x + PAD, ry + 20), title, INK, MID, "lm")
        if corrupt:
            text(draw, (x + PAD, ry + 44), tr(T("Corrupted")), VERMILLION, MID, "lm")
        for space in range(8):
            cx = x_cells + space * cell
            here = space == pos
            fill = seat_colour(seat) if here else (PANEL_LIGHT if space < pos else BACKGROUND)
            draw.rounded_rectangle((cx + 2, ry + 2, cx + cell - 2, ry + 54), 6, fill=fill,
                                   outline=GOLD if space == pos + 1 else EDGE, width=2 if space == pos + 1 else 1)
            ink = ink_on(fill)
            text(draw, (cx + cell / 2, ry + 18), str(space), ink, BIG, "mm")
            if levels[space]:
                text(draw, (cx + cell / 2, ry + 42), tr(T("lv {n}", n=levels[space])), ink if here else MUTED, SMALL + 2,
                     "mm")
        ty = ry + 4
        for line in lines:
            text(draw, (reward_x, ty), line, INK, MID)
            ty += line_height(MID)
        ry += row_h
    paragraph(draw, x + PAD, ry + 2, note, w - 2 * PAD, MUTED, MID)
    return y + height


def _cubes_and_tokens(draw, h: dict, seat: int, x: int, y: int, w: int, tr) -> int:
    """Cubes (active ones filled, inactive ones hollow) and the house's tokens."""
    per_row = max(1, (w - 2 * PAD) // 26)
    total = h["active"] + h["inactive"]
    cube_rows = max(1, -(-total // per_row))
    height = 44 + line_height(MID) + 6 + cube_rows * 26 + 8 + 2 * (line_height(MID) + 14) + 6
    if draw is None:
        return y + height
    cy = box(draw, x, y, w, height, tr(T("Cubes and tokens")))
    size, cubes = fitted(tr(T("Cubes: {active} active (filled), {inactive} inactive", active=h["active"],
                              inactive=h["inactive"])), w - 2 * PAD, MID, LEGIBLE)
    text(draw, (x + PAD, cy), cubes, INK, size)
    cy += line_height(MID) + 6
    for i in range(total):
        cx, yy = x + PAD + (i % per_row) * 26, cy + (i // per_row) * 26
        if i < h["active"]:
            draw.rectangle((cx, yy, cx + 20, yy + 20), fill=seat_colour(seat), outline=BLACK)
        else:
            draw.rectangle((cx, yy, cx + 20, yy + 20), outline=MUTED, width=2)
    cy += cube_rows * 26 + 8 + line_height(MID) // 2 + 6
    glory_label = tr(T("Glory tokens"))
    cx = x + PAD + int(width_of(glory_label, MID)) + 12
    text(draw, (x + PAD, cy), glory_label, INK, MID, "lm")
    for value in h["glory"] or []:
        draw.ellipse((cx, cy - 13, cx + 26, cy + 13), fill=GOLD, outline=BLACK)
        text(draw, (cx + 13, cy), str(value), BLACK, MID, "mm")
        cx += 32
    if not h["glory"]:
        text(draw, (cx, cy), tr(T("none")), MUTED, MID, "lm")
    cy += line_height(MID) + 14
    cx = x + PAD
    for label in (tr(T("Trade {n}", n=h["trade"])), tr(T("Bounty {n}", n=h["bounty"])),
                  tr(T("Reclaim {n}", n=h["reclaim"]))):
        cx += chip(draw, cx, cy, label, PANEL_LIGHT) + 10
    return y + height


def _lines_box(draw, x: int, y: int, w: int, title: str, lines) -> int:
    """A labelled box of wrapped (text, colour) lines; returns the y below it."""
    wrapped = [(part, colour) for line, colour in lines for part in wrap(line, w - 2 * PAD, MID)]
    height = 44 + len(wrapped) * line_height(MID) + 8
    if draw is None:
        return y + height
    ty = box(draw, x, y, w, height, title)
    for line, colour in wrapped:
        text(draw, (x + PAD, ty), line, colour, MID)
        ty += line_height(MID)
    return y + height


def _focus_lines(h: dict, tr):
    preferred = set(h.get("preferred", []))
    comma = tr(T("{a}, {b}", a="", b=""))

    def mark(title: str) -> str:
        plain = title.split(" (")[0].split("（")[0]
        return tr(T("{card} (preferred)", card=title)) if plain in preferred else title
    out = [(tr(T("In hand: {cards}", cards=comma.join(mark(t) for t in h["hand"]) or T("none"))), INK)]
    out.append((tr(T("Played: {cards}", cards=comma.join(mark(t) for t in h["discard"]) or T("none"))), MUTED))
    return out


def _agenda_lines(h: dict, tr):
    out = []
    for i, a in enumerate(h["agendas"]):
        line = T("Slot {n}: {agenda}", n=i + 1, agenda=a or T("empty"))
        if h["agenda_trade"][i]:
            line = T("{line}, Trade token on it", line=line)
        if h["agenda_corrupt"][i]:
            line = T("{line}, Corrupted", line=line)
        out.append((tr(line), INK if a else MUTED))
    for a in h.get("agenda_hand", []):
        out.append((tr(T("In hand: {agenda}: {text}", agenda=a["name"], text=a["text"])), MUTED))
    return out


def _fleet_lines(view, seat: int, tr):
    out = []
    for s in view["sectors"]:
        if s["owner"] == seat and s["fleet"]:
            markers = s.get("markers") or {k: [n] for k, n in s["fleet"].items() if n}
            fleets = [T("{fleet} {cubes} cube", fleet=FLEET_NAMES.get(k, k.title()), cubes=" + ".join(map(str, v)))
                      if sum(v) == 1 else
                      T("{fleet} {cubes} cubes", fleet=FLEET_NAMES.get(k, k.title()), cubes=" + ".join(map(str, v)))
                      for k, v in markers.items() if k != "void" and any(v)]
            out.append((tr(T("{sector}: {fleets}", sector=s["name"], fleets=tuple(fleets))), INK))
    return out or [(tr(T("none")), MUTED)]
