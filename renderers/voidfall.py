"""Voidfall images, drawn only from the view dicts (see games/voidfall/view.py).

public: the sector map (Population, Pure or Corrupted, Guilds and Installations, fleets by kind
and owner with cube counts, Voidborn cubes, Voidstorms, tokens), every house's Influence and
visible board, the Event, the Cycle and the turn.
detail: the Event's objectives, the technology market, the Agenda offer and the last combat.
private: one house board (stocks, production levels and yields, techs, Agendas, tracks, fleets).
"""

from __future__ import annotations

import math

from .common import (BIG, BLACK, EDGE, GOLD, INK, MID, MUTED, PANEL, SMALL, VERMILLION, canvas, line_height, paragraph,
                     seat_colour, seat_mark, shorten, text, token, wrap)

R = 92
WIDTH = 1000
VOID = (70, 40, 95)
NEUTRAL = (78, 80, 92)
STORM = (190, 120, 255)
GUILD = {"fa": "Fa", "en": "En", "mi": "Mi", "ba": "Ba", "sc": "Sc"}
INST = {"yard": "Y", "sd": "D", "starbase": "S"}
FLEET = {"corvette": "cv", "sentry": "se", "destroyer": "de", "dreadnought": "dr", "carrier": "ca"}
STORMS = [("0,-1", "1,-1"), ("0,1", "-1,1"), ("-1,0", "0,0")]
RES = "FEMCS"


def _name(names, seat):
    return names[seat] if 0 <= seat < len(names) else f"P{seat + 1}"


def _centre(key: str, ox: float, oy: float) -> tuple[float, float]:
    q, r = map(int, key.split(","))
    return ox + R * math.sqrt(3) * (q + r / 2), oy + R * 1.5 * r


def _hex(cx, cy, radius):
    return [(cx + radius * math.cos(math.radians(60 * k - 30)), cy + radius * math.sin(math.radians(60 * k - 30)))
            for k in range(6)]


def _mix(a, b, t):
    return tuple(round(a[i] + (b[i] - a[i]) * t) for i in range(3))


def _sector(draw, s, ox, oy):
    cx, cy = _centre(s["key"], ox, oy)
    if s["owner"] >= 0:
        fill = _mix(seat_colour(s["owner"]), (30, 30, 36), 0.55)
    elif s["void"]:
        fill = VOID
    else:
        fill = NEUTRAL
    draw.polygon(_hex(cx, cy, R - 2), fill=fill, outline=GOLD if s["home_of"] >= 0 else EDGE,
                 width=5 if s["home_of"] >= 0 else 2)
    w = int(R * 1.6)
    y = cy - 58
    text(draw, (cx, y), shorten(s["name"], w, 19), INK, 19, "mm")
    y += 23
    pop = (f"pop {s['pop']}" + (" fixed" if s["fixed"] else "")) if s["pop"] else "no pop"
    text(draw, (cx, y), pop, INK, 19, "mm")
    if s["corrupted"]:
        draw.ellipse((cx + 44, y - 11, cx + 66, y + 11), fill=VERMILLION, outline=BLACK)
        text(draw, (cx + 55, y), "C", BLACK, 16, "mm")
    y += 23
    g = " ".join(GUILD[x] for x in s["guilds"]) or "-"
    i = "".join(INST[x] for x in s["installs"]) or "-"
    text(draw, (cx, y), shorten(f"{g} | {i}", w, 18), INK, 18, "mm")
    y += 24
    if s["owner"] >= 0 and s["fleet"]:
        fl = " ".join(f"{n}{FLEET[k]}" for k, n in sorted(s["fleet"].items()))
        token(draw, cx - 56, y, s["owner"], 10)
        text(draw, (cx - 42, y), shorten(fl, w - 30, 19), INK, 19, "lm")
    elif s["void"]:
        text(draw, (cx, y), f"Voidborn {s['void']}", (225, 200, 255), 19, "mm")
    elif s["fallen"]:
        text(draw, (cx, y), "Fallen House", GOLD, 19, "mm")
    y += 23
    toks = []
    if s["glory"]:
        toks.append("Gl " + ",".join(map(str, s["glory"])))
    if s["bounty"]:
        toks.append(f"B{s['bounty']}")
    if s["reclaim"]:
        toks.append(f"R{s['reclaim']}")
    if toks:
        text(draw, (cx, y), shorten(" ".join(toks), w, 18), GOLD, 18, "mm")


def _map(draw, view, ox, oy):
    for s in view["sectors"]:
        _sector(draw, s, ox, oy)
    for a, b in STORMS:
        (ax, ay), (bx, by) = _centre(a, ox, oy), _centre(b, ox, oy)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        dx, dy = by - ay, ax - bx
        ln = math.hypot(dx, dy) or 1
        dx, dy = dx / ln * R * 0.5, dy / ln * R * 0.5
        draw.line((mx - dx, my - dy, mx + dx, my + dy), fill=STORM, width=6)


def _turn_line(view, names) -> str:
    if view.get("over"):
        return "Game over"
    who = ", ".join(_name(names, s) for s in view.get("to_act", []))
    return f"Cycle {view['cycle']} - {view['phase']} - turn {view['round']}/{view['rounds']} - to act: {who}"


def public(view, names):
    n = len(view["houses"])
    panel_h = 124
    map_top = 84
    height = map_top + 8 * R + 16 + panel_h + 60
    image, draw = canvas(WIDTH, height)
    text(draw, (16, 14), shorten(_turn_line(view, names), WIDTH - 32, BIG), INK, BIG)
    ev = view.get("event")
    order = " > ".join(_name(names, x) for x in view.get("order", []))
    if view.get("solo"):
        order += f"   Voidborn: catastrophes {view['solo']['catastrophes']}/{view['solo']['catastrophe_limit']}"
    head = (f"Event: {ev['name']} ({ev['rounds']} turns)" if ev else "Event: -") + \
        f"   Order: {order}   Trade tokens on board: {sum(view['trade_board'])}"
    text(draw, (16, 48), shorten(head, WIDTH - 32, MID), GOLD, MID)
    _map(draw, view, WIDTH / 2, map_top + 4 * R)
    y = map_top + 8 * R + 16
    pw = (WIDTH - 20 - 8 * (n - 1)) // n
    for k, h in enumerate(view["houses"]):
        seat = h["seat"]
        x = 10 + k * (pw + 8)
        draw.rounded_rectangle((x, y, x + pw, y + panel_h), 8, fill=PANEL, outline=seat_colour(seat), width=3)
        token(draw, x + 18, y + 18, seat, 11)
        text(draw, (x + 36, y + 18), shorten(f"{_name(names, seat)} - {h['house']}", pw - 44, MID), INK, MID, "lm")
        text(draw, (x + 12, y + 46), f"Influence {h['influence']}", GOLD, BIG, "lm")
        text(draw, (x + 12, y + 74), shorten(" ".join(f"{r}{h['res'].get(r, 0)}" for r in RES), pw - 20, MID), INK, MID, "lm")
        glory = ",".join(map(str, h["glory"])) or "-"
        text(draw, (x + 12, y + 102), shorten(f"Corr {h['corruption']} Gl {glory} Tr {h['trade']} cubes {h['active']}/{h['inactive']}",
                                              pw - 20, SMALL), MUTED, SMALL, "lm")
    legend = "Guilds Fa En Mi Ba Sc | installations Y shipyard, D defence, S starbase; cv/se/de/dr/ca fleets; " \
             "C Corrupted; purple bars Voidstorms; Gl glory, B bounty, R reclaim; cubes active/inactive"
    paragraph(draw, 16, height - 50, legend, WIDTH - 32, MUTED, SMALL)
    return image


def detail(view, names):
    lines = []
    ev = view.get("event")
    if ev:
        lines.append(("Event " + ev["name"], GOLD))
        lines += [("A: " + t, INK) for t in ev["a"]]
        lines.append((("OR" if ev["sep"] == "or" else "AND") + " B: " + "; ".join(ev["b"]), INK))
        if view.get("perms"):
            lines.append(("In force this Cycle: " + ", ".join(view["perms"]), MUTED))
    solo = view.get("solo")
    if solo:
        lines.append((f"Voidborn ({solo['difficulty']}): catastrophes {solo['catastrophes']}/{solo['catastrophe_limit']}, "
                      f"final Influence now {solo['voidborn_influence'].get('total', 0)}", VERMILLION))
        lines.append(("Military row: " + (", ".join(solo["military"]) or "empty") + f" (next assault +{solo['military_value']})", INK))
        lines.append(("Economic row: " + (", ".join(solo["economic"]) or "empty") + f" (payment {solo['economic_value']})", INK))
        if solo.get("current"):
            lines.append(("Current crisis: " + str(solo["current"]), GOLD))
        lines.append((f"Alert: {solo.get('alert') or '-'}; alert deck left {solo['alert_left']}: {solo['alert_deck']}", MUTED))
        if solo.get("offer"):
            lines.append(("Heroic/joint offer: " + ", ".join(map(str, solo["offer"])), INK))
        lines.append(("Safe havens: " + (", ".join(solo["havens"]) or "-") + "; harbingers: " + str(solo["harbingers"]), MUTED))
    lines.append(("Technology market: " + ", ".join(view["market"]), INK))
    lines.append(("Improved offer: " + (", ".join(view["improved_offer"]) or "blocked (Cycle 1)"), INK))
    offer = "; ".join(f"{t}: {n or '-'}{' (Corrupted)' if view['offer_corrupt'].get(t) else ''}" for t, n in view["agenda_offer"].items())
    lines.append(("Agenda offer: " + offer, INK))
    lines.append(("Trade board (top to bottom): " + " ".join(str(n) for n in view["trade_board"]), INK))
    for c in view.get("last_combat", [])[:8]:
        lines.append(("Combat: " + c, MUTED))
    for e in view.get("end", []):
        lines.append((e, GOLD))
    return _text_image(lines, "Voidfall - details")


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


def private(view, names):
    seat = view.get("viewer")
    if seat is None or seat >= len(view["houses"]):
        return _text_image([("Spectator: no house board.", INK)], "Voidfall")
    h = view["houses"][seat]
    lines = [(f"{h['house']}: {h['ability']}", GOLD),
             (f"Influence {h['influence']}, Corruption {h['corruption']}, Upkeep now {h['upkeep']}", INK),
             ("Stocks / level / yield: " + "  ".join(
                 f"{r} {h['res'].get(r, 0)}/{h['levels'].get(r, 0)}/{h['yields'].get(r, 0)}" for r in RES), INK),
             (f"Cubes: {h['active']} active, {h['inactive']} inactive; Glory {h['glory']}; Trade {h['trade']}; "
              f"Bounty {h['bounty']}; Reclaim {h['reclaim']}", INK),
             ("Techs (" + str(h["tech_slots"]) + " slots): " + (", ".join(f"{t} ({lv})" for t, lv in h["techs"].items()) or "-"), INK),
             ("Hand: " + ", ".join(h["hand"]) + ("; played: " + ", ".join(h["discard"]) if h["discard"] else ""), INK),
             ("Preferred Focus: " + ", ".join(h["preferred"]), MUTED)]
    for i, a in enumerate(h["agendas"]):
        tags = (" [Trade]" if h["agenda_trade"][i] else "") + (" [Corrupted]" if h["agenda_corrupt"][i] else "")
        lines.append((f"Agenda slot {i + 1}: {a or 'empty'}{tags}", INK))
    for a in h.get("agenda_hand", []):
        lines.append((f"In hand: {a['name']} ({a['type']}): {a['text']}", MUTED))
    names_t = {"soc": "Society", "sta": "Statecraft", "eco": "Economy"}
    for t in ("soc", "sta", "eco"):
        pos = h["tracks"].get(t, 0)
        nxt = h["track_text"].get(t, [""] * 7)[pos] if pos < 7 else "end"
        corr = " (Corrupted)" if h["track_corrupt"].get(t) else ""
        lines.append((f"{names_t[t]} {pos}/7{corr}; next: {nxt}", INK))
    fleets = []
    for s in view["sectors"]:
        if s["owner"] == seat and s["fleet"]:
            fleets.append(f"{s['name']}: " + " ".join(f"{n}{FLEET[k]}" for k, n in sorted(s["fleet"].items())))
    lines.append(("Fleets on the map: " + ("; ".join(fleets) or "none"), INK))
    return _text_image(lines, f"Your house board ({seat_mark(seat)})")
