"""The game-over chart: each player's score (Influence, VP, ...) round by round.

Drawn from plain data (`bot/history/record.chart_data`: round labels and each line's values),
1000 px wide like the boards, so Discord's ~550 px preview stays legible: big labels, thick
lines, each line marked with its seat's colour and letter and named at its end; an automatic opponent
(the Voidborn, an automaton) is a grey line of its own marked with its initial.
"""

from __future__ import annotations

from PIL import Image

from games.core.i18n import ENGLISH, Msg, render

from .common import (BIG, EDGE, INK, MID, MUTED, PANEL, SMALL, canvas, png_bytes, seat_colour, seat_mark, shorten,
                     text, width_of)
from .messages import T, reader

WIDTH, HEIGHT = 1000, 560
LEFT, RIGHT, TOP, BOTTOM = 80, 250, 70, 70  # plot margins: names sit right of the plot
AUTOMA_COLOUR = (150, 150, 160)
MAX_LABELS = 10  # round labels shown along the axis (every n-th when there are more)


def _words(value, locale: str) -> str:
    """A label as `locale` reads it: a message (or its data form) rendered, anything else as is."""
    return render(value, locale) if isinstance(value, (str, dict, Msg)) else str(value)


def _axis_word(value, locale: str) -> str:
    """A measure or round label as `locale` reads it: plain English words ("Points", "End") are
    looked up in the renderers' catalogue, numbers ("2.3") and messages read as they are."""
    if isinstance(value, str) and any(ch.isalpha() for ch in value):
        return render(T.name("chart", value), locale)
    return _words(value, locale)


def _nice_step(span: float) -> int:
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500):
        if span / step <= 6:
            return step
    return 1000


def chart(title, measure, data: dict, locale: str = ENGLISH) -> Image.Image:
    """The chart image in `locale`; `data` is {"labels": [...], "lines": [{"seat", "name",
    "values"}]}. `title`, `measure` and labels may be messages (rendered for `locale`)."""
    tr = reader(locale)
    image, draw = canvas(WIDTH, HEIGHT)
    labels: list[str] = [_axis_word(label, locale) for label in data.get("labels") or []]
    lines: list[dict] = list(data.get("lines") or [])
    heading = tr(T("{title}: {measure} by round", title=_words(title, locale), measure=_axis_word(measure, locale)))
    text(draw, (20, 18), shorten(heading, WIDTH - 40, BIG), INK, BIG)
    values = [v for line in lines for v in line["values"] if v is not None]
    if len(labels) < 2 or not values:
        text(draw, (WIDTH // 2, HEIGHT // 2), tr(T("No scores to chart")), MUTED, BIG, anchor="mm")
        return image
    low, high = min(0, min(values)), max(values)
    step = _nice_step(max(1, high - low))
    high = (high // step + 1) * step
    low = (low // step) * step
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    draw.rectangle((LEFT, TOP, LEFT + plot_w, TOP + plot_h), fill=PANEL)

    def x_of(i: int) -> float:
        return LEFT + plot_w * i / (len(labels) - 1)

    def y_of(v: float) -> float:
        return TOP + plot_h * (1 - (v - low) / (high - low))

    for v in range(int(low), int(high) + 1, step):
        y = y_of(v)
        draw.line((LEFT, y, LEFT + plot_w, y), fill=EDGE, width=1)
        text(draw, (LEFT - 10, y), str(v), MUTED, BIG, anchor="rm")
    every = max(1, -(-len(labels) // MAX_LABELS))
    last = len(labels) - 1
    end_left = x_of(last) - width_of(labels[last], BIG) / 2
    text(draw, (x_of(last), TOP + plot_h + 12), labels[last], MUTED, BIG, anchor="ma")
    for i, label in enumerate(labels[:last]):  # every n-th, none running into the last ("End")
        if i % every == 0 and x_of(i) + width_of(label, BIG) / 2 + 10 <= end_left:
            text(draw, (x_of(i), TOP + plot_h + 12), label, MUTED, BIG, anchor="ma")
    ends = []
    for line in lines:
        seat = line.get("seat")
        colour = seat_colour(seat) if seat is not None else AUTOMA_COLOUR
        points = [(x_of(i), y_of(v)) for i, v in enumerate(line["values"]) if v is not None]
        if len(points) > 1:
            draw.line(points, fill=colour, width=6, joint="curve")
        for x, y in points:
            draw.ellipse((x - 6, y - 6, x + 6, y + 6), fill=colour)
        if points:
            ends.append((points[-1][1], colour, seat, _words(line.get("name") or "", locale), line["values"][-1]))
    _name_ends(draw, ends)
    return image


def _name_ends(draw, ends: list) -> None:
    """Each line's name and final value right of the plot, pushed apart so none overlap."""
    ends.sort(key=lambda e: e[0])
    gap = 34
    placed: list[float] = []
    for y, colour, seat, name, value in ends:
        y = max(y, placed[-1] + gap) if placed else y
        placed.append(y)
    overflow = placed[-1] - (HEIGHT - 30) if placed else 0
    if overflow > 0:
        placed = [max(TOP - 20, y - overflow) for y in placed]
    x = WIDTH - RIGHT + 16
    for (line_y, colour, seat, name, value), y in zip(ends, placed):
        draw.line((WIDTH - RIGHT + 2, line_y, x, y), fill=colour, width=2)
        mark = seat_mark(seat) if seat is not None else (name[:1] or "·")  # an opponent: its initial
        draw.ellipse((x, y - 13, x + 26, y + 13), fill=colour)
        text(draw, (x + 13, y), mark, (0, 0, 0), MID if width_of(mark, MID) <= 18 else SMALL, anchor="mm")
        label = f"{value} {name}"
        text(draw, (x + 34, y), shorten(label, RIGHT - 50, BIG), INK, BIG, anchor="lm")


def chart_png(title, measure, data: dict, locale: str = ENGLISH) -> bytes:
    return png_bytes(chart(title, measure, data, locale))
