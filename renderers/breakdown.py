"""Where the final scores came from, drawn under an ended game's detail image for every game:
each side (the automatic opponent's too) with its total, its sources as a sum ("starting
Influence 10 + Agendas 12 − Upkeep unpaid 3") and its notes, from the view's "breakdown" (the
contract's `GameRules.breakdown`, which the view carries once the game is over)."""

from __future__ import annotations

from PIL import Image

from .common import BIG, EDGE, GOLD, INK, MID, MUTED, PANEL, SMALL, canvas, fitted, line_height, text, wrap
from .messages import T, reader

PAD = 16
MIN_WIDTH = 900


def _sum(side: dict, tr) -> str:
    """The side's sources that gave or cost something as a sum (the first one when none did)."""
    sources = [s for s in side["sources"] if s["points"]] or list(side["sources"][:1])
    words = ""
    for source in sources:
        n = abs(source["points"])
        term = tr(T("{what} {n} ({detail})", what=source["what"], n=n, detail=source["detail"]) if source["detail"]
                  else T("{what} {n}", what=source["what"], n=n))
        if not words:  # (an ASCII minus: the drawing fonts' Latin face has no U+2212)
            words = f"-{term}" if source["points"] < 0 else term
        else:
            words += f" - {term}" if source["points"] < 0 else f" + {term}"
    return words


def _who(side: dict, names: list[str]) -> str:
    seat = side["seat"]
    if seat is None:
        return str(side["name"])
    return names[seat] if seat < len(names) else f"P{seat + 1}"


def _blocks(view, names: list[str], width: int, tr) -> list[tuple[str, tuple[str, ...], list[tuple[str, ...]]]]:
    """Per side: its heading, its sum wrapped to `width` and each note wrapped."""
    found = []
    for side in view["breakdown"]:
        heading = tr(T("{name}: {total}", name=_who(side, names), total=side["total"]))
        found.append((heading, wrap(_sum(side, tr), width, MID), [wrap(note, width, SMALL) for note in side["notes"]]))
    return found


def below(image: Image.Image | None, view, names: list[str], locale: str) -> Image.Image | None:
    """`image` (a game's detail image, or None) with the final breakdown drawn under it, once the
    game is over and gives one; else `image` as it is."""
    if not view.get("over") or not view.get("breakdown"):
        return image
    tr = reader(locale)
    width = max(MIN_WIDTH, image.width if image is not None else 0)
    inner = width - 4 * PAD
    blocks = _blocks(view, names, inner, tr)
    heights = [line_height(BIG) + 6 + len(lines) * line_height(MID) + sum(len(n) for n in notes) * line_height(SMALL)
               + 2 * PAD for _, lines, notes in blocks]
    top = image.height if image is not None else 0
    panel_h = PAD + line_height(BIG) + 10 + sum(h + 10 for h in heights)
    out, draw = canvas(width, top + panel_h)
    if image is not None:
        out.paste(image, (0, 0))
    y = top + PAD
    size, heading = fitted(tr(T("Where the points came from")), width - 2 * PAD, BIG)
    text(draw, (PAD, y), heading, INK, size)
    y += line_height(BIG) + 10
    for side, (title, lines, notes), height in zip(view["breakdown"], blocks, heights):
        draw.rounded_rectangle((PAD, y, width - PAD, y + height), 8, fill=PANEL, outline=EDGE)
        size, title = fitted(title, inner, BIG)
        text(draw, (2 * PAD, y + PAD), title, GOLD if side.get("won") else INK, size)  # gold: who won
        line_y = y + PAD + line_height(BIG) + 6
        for line in lines:
            text(draw, (2 * PAD, line_y), line, INK, MID)
            line_y += line_height(MID)
        for note in notes:
            for line in note:
                text(draw, (2 * PAD, line_y), line, MUTED, SMALL)
                line_y += line_height(SMALL)
        y += height + 10
    return out
