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

from . import voidfall_solo
from .common import (BIG, GOLD, INK, MID, MUTED, PANEL, SMALL, canvas, fitted, line_height, paragraph, seat_colour,
                     seat_mark, shorten, text, token, wrap, wrapped_height)
from .voidfall_map import MAP_LEGEND, Layout, draw_map, fleet_words

WIDTH = 1000
MAP_MAX_H = 840
PANEL_H = 124
SIDE_MIN = 300   # px a narrow map must leave free to put the house panels beside it
RES = "FEMCS"


def _name(names, seat):
    return names[seat] if 0 <= seat < len(names) else f"P{seat + 1}"


def _turn_line(view, names) -> str:
    if view.get("over"):
        # solo/co-op: the last end line says who won against the Voidborn
        return "Game over" + (f" - {view['end'][-1]}" if view.get("solo") and view.get("end") else "")
    who = ", ".join(_name(names, s) for s in view.get("to_act", []))
    return f"Cycle {view['cycle']} - {view['phase']} - turn {view['round']}/{view['rounds']} - to act: {who}"


def public(view, names):
    n = len(view["houses"])
    map_top = 84
    layout = Layout([s["key"] for s in view["sectors"]], WIDTH - 20, MAP_MAX_H)
    map_h = int(layout.height) + 8
    # a narrow map (solo scenarios) leaves room for the house panels beside it
    side = WIDTH - 30 - layout.width >= SIDE_MIN
    if side:
        layout = Layout([s["key"] for s in view["sectors"]], layout.width, MAP_MAX_H)
        top_h = max(map_h, n * (PANEL_H + 8) + voidfall_solo.side_height(view))
    else:
        top_h = map_h + 8 + PANEL_H
    board_h = voidfall_solo.height(view, split=side)
    legend = LEGEND + (SOLO_LEGEND if board_h else "")
    legend_h = wrapped_height(legend, WIDTH - 32, MID) + 12  # readable at 550 px wide
    height = map_top + top_h + 16 + (board_h + 8 if board_h else 0) + legend_h + 8
    image, draw = canvas(WIDTH, height)
    text(draw, (16, 14), shorten(_turn_line(view, names), WIDTH - 32, BIG), INK, BIG)
    ev = view.get("event")
    order = " > ".join(_name(names, x) for x in view.get("order", []))
    head = (f"Event: {ev['name']} ({ev['rounds']} turns)" if ev else "Event: -") + \
        f"   Order: {order}   Trade tokens on board: {sum(view['trade_board'])}"
    size, head = fitted(head, WIDTH - 32, MID, 14)  # player names in the turn order whole
    text(draw, (16, 48), head, GOLD, size)
    draw_map(draw, view, layout, 10, map_top)
    if side:
        x0 = int(10 + layout.width + 10)
        for k, h in enumerate(view["houses"]):
            _house_panel(draw, h, names, x0, map_top + k * (PANEL_H + 8), WIDTH - 10 - x0)
        if board_h:
            voidfall_solo.draw_side(draw, view, x0, map_top + n * (PANEL_H + 8) + 4, WIDTH - 10 - x0)
    else:
        pw = (WIDTH - 20 - 8 * (n - 1)) // n
        for k, h in enumerate(view["houses"]):
            _house_panel(draw, h, names, 10 + k * (pw + 8), map_top + map_h + 8, pw)
    y = map_top + top_h + 16
    if board_h:
        voidfall_solo.draw_board(draw, view, 10, y, WIDTH - 20, split=side)
    paragraph(draw, 16, height - legend_h, legend, WIDTH - 32, MUTED, MID)
    return image


def _house_panel(draw, h: dict, names, x: int, y: int, pw: int) -> None:
    """One house's public summary: name, Influence, stocks, Corruption, Glory, trade, cubes."""
    seat = h["seat"]
    draw.rounded_rectangle((x, y, x + pw, y + PANEL_H), 8, fill=PANEL, outline=seat_colour(seat), width=3)
    token(draw, x + 18, y + 18, seat, 11)
    # names whole, in a smaller font if need be: the player's on its own line, the house's beside its Influence
    size, who = fitted(_name(names, seat), pw - 44, MID, 12)
    text(draw, (x + 36, y + 18), who, INK, size, "lm")
    size, score = fitted(f"{h['house']}: Influence {h['influence']}", pw - 20, BIG, 14)
    text(draw, (x + 12, y + 46), score, GOLD, size, "lm")
    text(draw, (x + 12, y + 74), shorten(" ".join(f"{r}{h['res'].get(r, 0)}" for r in RES), pw - 20, MID), INK, MID, "lm")
    glory = ",".join(map(str, h["glory"])) or "-"
    text(draw, (x + 12, y + 102), shorten(f"Corr {h['corruption']} Gl {glory} Tr {h['trade']} cubes {h['active']}/{h['inactive']}",
                                          pw - 20, SMALL), MUTED, SMALL, "lm")


LEGEND = MAP_LEGEND + " House panels: cubes active/inactive"
SOLO_LEGEND = "; white diamond H: harbinger (H2: two); purple: Voidborn cubes; resources F Food, E Energy, M Materials, " \
              "C Credits, S Science"


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
    if solo and solo.get("offer"):  # the rest of the crisis board is in the public image
        lines.append(("Heroic/joint Focus offer: " + ", ".join(map(str, solo["offer"])), INK))
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
            fleets.append(f"{s['name']}: " + fleet_words(s))
    lines.append(("Fleets on the map: " + ("; ".join(fleets) or "none"), INK))
    return _text_image(lines, f"Your house board ({seat_mark(seat)})")
