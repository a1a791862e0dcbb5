"""The Voidborn crisis board (solo and co-op), drawn from view["solo"] below the public map.

Shows what the rules let players know: the military and economic rows (4 slots each, crises
with their resolution condition, harbingers) and the value of each row's leftmost free slot
(the next assault's bonus, the next payment); the catastrophe track (the 4th loses the game);
the current crisis with its condition and penalty; the alert card just revealed and the alert
deck's remaining make-up (counts only, never the order); the Voidborn's final Influence as it
stands; safe havens with their built levels; lost technologies.
"""

from __future__ import annotations

from .common import (LEGIBLE, BIG, BLACK, EDGE, GOLD, INK, MID, MUTED, PANEL, SMALL, VERMILLION, chip, fit, fitted, line_height,
                     text, width_of)
from .messages import T
from .voidfall_map import EN, VOID_INK, VOID_PILL, harbinger_icon

SLOTS = 4
LABEL_W = 176
# The alert deck's cards by kind, as the article names them (一級/二級/三級 alert cards, war cards)
ALERT_KINDS = {"I": T.name("alert level", "I"), "II": T.name("alert level", "II"), "III": T.name("alert level", "III"),
               "war": T("war")}
ROW_H = 112
CURRENT_H = 168
HEAD_H = 96
SIDE_HEAD_H = 128
SIDE_BOX_H = 184
FOOT_H = 60
RESOLVE = (80, 200, 90)
TERMS = {"base": T("base"), "rift": T("Rifts"), "haven": T("havens"), "catastrophe": T("catastrophes"),
         "harbinger": T("harbingers"), "lost_tech": T("lost techs"), "crisis": T("crises"), "fallen": T("Fallen"),
         "corruption": T("Corruption"), "population": T("Population")}
DIFFICULTY = {"easy": T("easy"), "medium": T("medium"), "hard": T("hard")}
RES = "FEMCS"
RES_NAMES = {"F": T("Food"), "E": T("Energy"), "M": T("Materials"), "C": T("Credits"), "S": T("Science")}
# a colour per resource; the public image's key names them (colour is never the only cue there)
RES_FILL = {"F": (80, 200, 90), "E": (240, 228, 66), "M": (140, 100, 70), "C": (205, 205, 195), "S": (110, 160, 225)}


def height(view: dict, split: bool = False, tr=EN) -> int:
    """Pixels the board needs below the map (0 outside solo/co-op); `split`: the Voidborn header,
    the current crisis and the alert card go beside the map instead (see `draw_side`)."""
    if not view.get("solo"):
        return 0
    if split:
        return 2 * (ROW_H + 10) + FOOT_H
    return HEAD_H + 2 * (ROW_H + 10) + CURRENT_H + 12 + FOOT_H


def side_height(view: dict, tr=EN) -> int:
    """Pixels the column beside a narrow map needs for `draw_side`."""
    return SIDE_HEAD_H + 2 * (SIDE_BOX_H + 8) if view.get("solo") else 0


def cost_parts(value, tr=EN) -> list[tuple[str, int]] | str:
    """A slot's value: a payment as (resource, amount) pairs, an assault bonus as "+n"."""
    if not isinstance(value, dict):
        return f"+{value}"
    return [(r, value[r]) for r in RES if value.get(r)] or tr(T("nothing"))


def _cost(draw, value, x: int, y: int, size: int, fill, anchor: str = "mm", tr=EN) -> None:
    """A slot's value at (x, y): a payment as resource chips (amount on the resource's colour,
    named by the key under the house panels), an assault bonus as "+n"."""
    paid = cost_parts(value, tr)
    if isinstance(paid, str):
        text(draw, (x, y), paid, fill, size, anchor)
        return
    widths = [int(width_of(str(n), size)) + 16 for _, n in paid]
    x = x - (sum(widths) + 6 * (len(paid) - 1)) // 2 if anchor == "mm" else x
    for (r, n), w in zip(paid, widths):
        chip(draw, x, y, str(n), RES_FILL[r], size)
        x += w + 6


def _slots(solo: dict, which: str) -> list[dict]:
    """The row's entries as cards (older views: names only)."""
    cards = solo.get("slots", {}).get(which)
    if cards is not None:
        return cards
    return [{"name": n, "harbinger": n == "harbinger"} for n in solo.get(which, [])]


def _values(solo: dict, which: str) -> list:
    values = solo.get("slot_values", {}).get(which)
    if values:
        return values
    current = solo["military_value" if which == "military" else "economic_value"]
    return [current] * (SLOTS + 1)


def _row(draw, solo: dict, which: str, x: int, y: int, width: int, tr=EN) -> None:
    cards, values = _slots(solo, which), _values(solo, which)
    free = len(cards)
    nxt = values[min(free, len(values) - 1)]
    title = tr(T("Military row") if which == "military" else T("Economic row"))
    what = T("next assault") if which == "military" else T("next payment")
    size, head = fitted(title, LABEL_W - 8, MID, LEGIBLE)
    text(draw, (x, y + 4), head, INK, size)
    size, note = fitted(tr(T("{what} (row full)", what=what) if free >= SLOTS else what), LABEL_W - 8, SMALL, LEGIBLE)
    text(draw, (x, y + 30), note, MUTED, size)
    _cost(draw, nxt, x, y + 68, BIG, GOLD, "lm", tr)
    sw = (width - LABEL_W - 8 * (SLOTS - 1)) // SLOTS
    for i in range(SLOTS):
        sx = x + LABEL_W + i * (sw + 8)
        box = (sx, y, sx + sw, y + ROW_H)
        if i < free:
            card = cards[i]
            if card.get("harbinger"):
                draw.rounded_rectangle(box, 8, fill=VOID_PILL, outline=VOID_INK, width=2)
                harbinger_icon(draw, sx + 30, y + ROW_H // 2, 18, 1, 20)
                text(draw, (sx + 56, y + ROW_H // 2), tr(T("Harbinger")), INK, MID, "lm")
                continue
            draw.rounded_rectangle(box, 8, fill=PANEL, outline=VERMILLION, width=2)
            size, lines = fit(card["name"], sw - 16, 2 * line_height(MID), MID, SMALL)
            ty = y + 6
            for ln in lines:
                text(draw, (sx + 8, ty), ln, INK, size)
                ty += line_height(size)
            if card.get("condition"):
                cs, clines = fit(tr(T("resolve: {condition}", condition=card["condition"])), sw - 16, y + ROW_H - 4 - ty,
                                 SMALL, LEGIBLE)
                for ln in clines:
                    text(draw, (sx + 8, ty), ln, RESOLVE, cs)
                    ty += line_height(cs)
        elif i == free:
            draw.rounded_rectangle(box, 8, fill=PANEL, outline=GOLD, width=4)
            _cost(draw, values[i], sx + sw // 2, y + 36, BIG, GOLD, tr=tr)
            size, label = fitted(tr(what), sw - 8, SMALL, LEGIBLE)
            text(draw, (sx + sw // 2, y + 72), label, GOLD, size, "mm")
        else:
            draw.rounded_rectangle(box, 8, outline=EDGE, width=2)
            _cost(draw, values[i], sx + sw // 2, y + ROW_H // 2, MID, MUTED, tr=tr)


def _catastrophes(draw, solo: dict, x: int, y: int, max_x: int = 10 ** 6, tr=EN) -> int:
    """The catastrophe track: one box per catastrophe, filled when placed, the last marked 'lose'."""
    limit, placed = solo.get("catastrophe_limit", 4), solo["catastrophes"]
    label = tr(T("Catastrophes {n}/{limit}", n=placed, limit=limit))
    text(draw, (x, y + 15), label, INK, MID, "lm")
    x += int(width_of(label, MID)) + 12
    for k in range(limit):
        box = (x, y, x + 30, y + 30)
        if k < placed:
            draw.rectangle(box, fill=VERMILLION, outline=BLACK)
            text(draw, (x + 15, y + 15), "X", BLACK, MID, "mm")
        else:
            draw.rectangle(box, outline=VERMILLION if k == limit - 1 else EDGE, width=2)
            text(draw, (x + 15, y + 15), str(k + 1), VERMILLION if k == limit - 1 else MUTED, MID, "mm")
        x += 36
    note = tr(T("({n}th loses)", n=limit))
    if x + width_of(note, SMALL) > max_x:
        return x
    text(draw, (x, y + 15), note, MUTED, SMALL, "lm")
    return x + int(width_of(note, SMALL))


def _current(draw, solo: dict, x: int, y: int, w: int, h: int = CURRENT_H, tr=EN) -> None:
    card = solo.get("current_card")
    draw.rounded_rectangle((x, y, x + w, y + h), 8, fill=PANEL, outline=GOLD if card or solo.get("current") else EDGE,
                           width=3)
    text(draw, (x + 12, y + 8), tr(T("Current crisis")), MUTED, SMALL)
    if card is None and not solo.get("current"):
        text(draw, (x + 12, y + 40), tr(T("none open")), MUTED, MID)
        return
    if card is None:  # older views: one line of text
        fit_and_draw(draw, solo["current"], x + 12, y + 32, w - 24, h - 40, INK, MID)
        return
    size, crisis = fitted(card["name"], w - 24, BIG, LEGIBLE)  # the whole name, smaller if need be
    text(draw, (x + 12, y + 30), crisis, GOLD, size)
    text(draw, (x + w - 12, y + 8), tr(T("{kind}, level {level}", kind=card["kind"], level=card["level"])), MUTED, SMALL,
         "ra")
    yy = fit_and_draw(draw, tr(T("Resolve: {condition}", condition=card["condition"])), x + 12, y + 60, w - 24,
                      2 * line_height(MID), RESOLVE, MID)
    fit_and_draw(draw, tr(T("Open at round end: penalty ({penalty}), a catastrophe, or it joins a row",
                            penalty=card["penalty"])), x + 12, yy + 2, w - 24, y + h - yy - 6, INK, MID)


def fit_and_draw(draw, string: str, x: int, y: int, w: int, h: int, fill, size: int) -> int:
    size, lines = fit(string, w, max(h, line_height(LEGIBLE)), size, LEGIBLE)
    for ln in lines:
        text(draw, (x, y), ln, fill, size)
        y += line_height(size)
    return y


def _alert(draw, solo: dict, x: int, y: int, w: int, h: int = CURRENT_H, tr=EN) -> None:
    draw.rounded_rectangle((x, y, x + w, y + h), 8, fill=PANEL, outline=EDGE, width=2)
    text(draw, (x + 12, y + 8), tr(T("Alert card this round")), MUTED, SMALL)
    alert = solo.get("alert_text") or (solo.get("alert") or tr(T("none")))
    deck = tr(T("Deck, {n} left:", n=solo.get("alert_left", 0)))
    counts = solo.get("alert_counts")
    if counts is None:
        fit_and_draw(draw, alert, x + 12, y + 30, w - 24, 3 * line_height(MID), INK, MID)
        text(draw, (x + 12, y + h - 22), deck, MUTED, SMALL, "lm")
        fit_and_draw(draw, str(solo.get("alert_deck", "")), x + 20 + int(width_of(deck, SMALL)), y + h - 26, w - 24, 24,
                     INK, SMALL)
        return
    chips = [(kind, n, tr(T("{kind} x{n}", kind=ALERT_KINDS.get(kind, kind), n=n))) for kind, n in counts.items()]
    # the deck's label, then its chips: on the label's line when they fit, else on lines of their own
    start = x + 20 + int(width_of(deck, SMALL))
    rows = _chip_rows([label for _, _, label in chips], start, x + 12, x + w - 4)
    lines_below = len({row for row, _ in rows}) if rows and rows[0][0] > 0 else 0
    fit_and_draw(draw, alert, x + 12, y + 30, w - 24, max(1, 3 - lines_below) * line_height(MID), INK, MID)
    cy = y + h - 22 - 26 * (max(row for row, _ in rows) if rows else 0)
    text(draw, (x + 12, cy), deck, MUTED, SMALL, "lm")
    for (kind, n, label), (row, cx) in zip(chips, rows):
        cw = int(width_of(label, SMALL)) + CHIP_PAD
        top = cy + 26 * row
        draw.rounded_rectangle((cx, top - 12, cx + cw, top + 12), 5, fill=VERMILLION if kind == "war" and n else EDGE)
        text(draw, (cx + cw // 2, top), label, BLACK if kind == "war" and n else INK, SMALL, "mm")


CHIP_PAD, CHIP_GAP = 10, 6


def _chip_rows(labels: list[str], start: int, left: int, right: int) -> list[tuple[int, int]]:
    """Where each chip goes, as (row, x): row 0 continues the line from `start`, later rows start
    at `left`; a chip never passes `right`."""
    placed, row, x = [], 0, start
    for label in labels:
        cw = int(width_of(label, SMALL)) + CHIP_PAD
        if x + cw > right and x > left:
            row, x = row + 1, left
        placed.append((row, x))
        x += cw + CHIP_GAP
    return placed


def _havens(draw, solo: dict, x: int, y: int, tr=EN) -> int:
    label = tr(T("Safe havens"))
    text(draw, (x, y + 12), label, INK, MID, "lm")
    x += int(width_of(label, MID)) + 12
    for tile in solo.get("havens", []):
        try:
            built, size = (int(v) for v in str(tile).split("/"))
        except ValueError:  # an unexpected shape: show it as written
            text(draw, (x, y + 12), str(tile), INK, MID, "lm")
            x += int(width_of(str(tile), MID)) + 14
            continue
        for k in range(size):
            box = (x, y + 1, x + 22, y + 23)
            draw.rectangle(box, fill=RESOLVE if k < built else None, outline=RESOLVE if k < built else MUTED, width=2)
            x += 26
        x += 14
    return x


def _header(draw, solo: dict, x: int, y: int, width: int, tr=EN) -> None:
    """'Voidborn (difficulty)', the catastrophe track and the final Influence as it stands, with its
    terms: one line when wide, stacked in a narrow column."""
    vb = solo.get("voidborn_influence", {})
    difficulty = tr(DIFFICULTY.get(solo["difficulty"], solo["difficulty"]))
    title = tr(T("Voidborn ({difficulty})", difficulty=difficulty))
    total = tr(T("final Influence now {n}", n=vb.get("total", 0)))
    terms = " + ".join(tr(T("{term} {n}", term=TERMS.get(k, k), n=v)) for k, v in vb.items() if k != "total" and v)
    if width >= 700:
        text(draw, (x, y + 15), title, VOID_INK, BIG, "lm")
        after = _catastrophes(draw, solo, x + int(width_of(title, BIG)) + 24, y, tr=tr)
        if after + width_of(total, BIG) + 16 < x + width:
            text(draw, (x + width, y + 15), total, GOLD, BIG, "rm")
        fit_and_draw(draw, terms, x, y + 38, width, HEAD_H - 40, MUTED, SMALL)   # on two lines when it needs them
        return
    total = tr(T("Influence {n}", n=vb.get("total", 0)))
    if width_of(title, BIG) + width_of(total, BIG) + 12 <= width:
        text(draw, (x, y + 15), title, VOID_INK, BIG, "lm")
    else:  # no room: the difficulty in small type
        voidborn = tr(T("Voidborn"))
        text(draw, (x, y + 15), voidborn, VOID_INK, BIG, "lm")
        text(draw, (x + int(width_of(voidborn + " ", BIG)), y + 17), tr(T("({difficulty})", difficulty=difficulty)),
             VOID_INK, SMALL, "lm")
    size, total = fitted(total, width // 2, BIG, LEGIBLE)
    text(draw, (x + width, y + 15), total, GOLD, size, "rm")
    _catastrophes(draw, solo, x, y + 36, x + width, tr)
    fit_and_draw(draw, terms, x, y + 74, width, SIDE_HEAD_H - 78, MUTED, SMALL)


def draw_side(draw, view: dict, x: int, y: int, width: int, tr=EN) -> int:
    """The Voidborn header, the current crisis and the alert card in a column beside a narrow map."""
    solo = view["solo"]
    _header(draw, solo, x, y, width, tr)
    y += SIDE_HEAD_H
    _current(draw, solo, x, y, width, SIDE_BOX_H, tr)
    y += SIDE_BOX_H + 8
    _alert(draw, solo, x, y, width, SIDE_BOX_H, tr)
    return y + SIDE_BOX_H + 8


def draw_board(draw, view: dict, x: int, y: int, width: int, split: bool = False, tr=EN) -> int:
    """Draw the crisis board with its top-left corner at (x, y); returns the y below it.
    `split`: the parts `draw_side` drew beside the map are left out."""
    solo = view["solo"]
    if not split:
        _header(draw, solo, x, y, width, tr)
        y += HEAD_H
    for which in ("military", "economic"):
        _row(draw, solo, which, x, y, width, tr)
        y += ROW_H + 10
    if not split:
        left = int(width * 0.58)
        _current(draw, solo, x, y, left, tr=tr)
        _alert(draw, solo, x + left + 10, y, width - left - 10, tr=tr)
        y += CURRENT_H + 12
    hx = _havens(draw, solo, x, y, tr)
    harb = sum(solo.get("harbingers", {}).values())
    harbinger_icon(draw, hx + 16, y + 12, 14, 1, LEGIBLE)
    text(draw, (hx + 36, y + 12), tr(T("{n} harbinger(s) on the map", n=harb) if harb != 1 else T("1 harbinger on the map")),
         INK, MID, "lm")
    lost = tr(T("{a}, {b}", a="", b="")).join(solo.get("lost_techs", [])) or tr(T("none"))
    size, lost = fitted(tr(T("Lost technologies: {techs}", techs=lost)), width, MID, LEGIBLE)
    text(draw, (x, y + 42), lost, MUTED, size, "lm")
    return y + FOOT_H
