"""Pictures for the pages of a player's rulebook: a game's board or a seat's hand at a moment
the rulebook names (`games.core.Figure`), with numbered callouts that the page's text explains.

The view comes from `games.core.figure_view`; this module only draws it (with the game's own
`public` or `private` drawing) and puts the callouts on top."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from games.core import Figure, GameRules, figure_view
from games.core.i18n import ENGLISH, render

from . import render_private, render_public
from .common import WHITE, font, png_bytes
from .messages import T

CALLOUT_RADIUS = 17  # big enough to read at Discord's 550 px preview of a 1000 px image
# A colour no game draws its pieces in, so a callout is never taken for a token (gold discs are
# Voidfall's Glory, the players' letters sit on coloured discs).
CALLOUT_FILL = (204, 32, 120)


def figure_names(players: int, locale: str = ENGLISH) -> list[str]:
    """The names a figure gives its seats ("Player 1", "Player 2", ...) in the reader's language."""
    return [render(T("Player {n}", n=seat + 1), locale) for seat in range(players)]


def draw_callouts(png: bytes, figure: Figure) -> bytes:
    """The image with each callout's number drawn in a magenta disc at its place."""
    if not figure.callouts:
        return png
    image = Image.open(io.BytesIO(png)).convert("RGB")
    draw = ImageDraw.Draw(image)
    for callout in figure.callouts:
        x, y = round(callout.x * image.width), round(callout.y * image.height)
        r = CALLOUT_RADIUS
        draw.ellipse((x - r, y - r, x + r, y + r), fill=CALLOUT_FILL, outline=WHITE, width=3)
        draw.text((x, y), str(callout.number), fill=WHITE, font=font(22), anchor="mm")
    return png_bytes(image)


def figure_png(rules: GameRules, name: str, locale: str = ENGLISH) -> bytes:
    """The PNG of figure `name` of `rules`' rulebook in `locale`."""
    figure = rules.figures()[name]
    view, players = figure_view(rules, figure)
    names = figure_names(players, locale)
    draw = render_public if figure.seat is None else render_private
    return draw_callouts(draw(rules.slug, view, names, locale), figure)
