"""The renderers' own labels as messages (domain "renderers", catalogue
renderers/locale/<language>.po): headings, column titles, units drawn on the images. The
view's texts arrive already rendered (renderers.named); only these labels are translated here."""

from __future__ import annotations

from functools import lru_cache
from typing import Callable

from games.core.i18n import Messages, Msg, render

T = Messages("renderers")


@lru_cache(maxsize=None)
def reader(locale: str) -> Callable[[Msg], str]:
    """A function drawing code calls on each label: the label as `locale` reads it. One per
    language, so that it can stand for its language in the keys of kept drawings."""
    return lambda msg: render(msg, locale)
