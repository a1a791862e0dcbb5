"""Pillow images drawn from game views only (never from raw state).

Each game has a module here defining `public(view, names, locale) -> Image` and
`private(view, names, locale) -> Image`, and optionally `detail(view, names, locale) -> Image
| None`; `view` is what `GameRules.view` returned and `names` are the seat display names. An
ended game's detail image ends with where the final scores came from (renderers/breakdown.py),
unless the module sets `DRAWS_BREAKDOWN = True` because its own detail image shows them.

Language: every entry point takes `locale` ("en" or "zh-TW"; default "en"). The view's
messages are rendered for that reader here (`named`: `games.core.i18n.localize` and seat
names filled, as the drawing reads them: `_Namer`), so a game module receives plain strings;
its own labels go through the "renderers" message domain (`renderers/messages.py`,
`renderers/locale/zh_TW.po`). A module whose functions take no `locale` parameter (not
converted yet) is called without it.

Three images per game, all sized for Discord's preview (at most 1000 px wide, shown at
about 550): `public` carries the essentials in big text (whose turn, scores, the board's
key numbers); `detail` (optional, public too) carries what needs reading rather than
glancing (card texts, score breakdowns); `private` is one seat's hand with full texts.

The three functions below are pure: same (slug, view, names) -> same PNG bytes, no state
besides caches, so they can run in worker processes.

A game needs no registration here: it is registered once, in `games/__init__.py`, and its
images are drawn by the module of this package named like the game's package
(`games.pocket_mars` -> `renderers.pocket_mars`); a game defined outside `games/` (a test game)
draws with the functions of its own module. A game whose decisions name board places
(`GameRules.places`) draws the board with those places marked by an optional `marked(view,
names, locale)` function of that module, view["marks"] holding what to mark
(bot.shell.panels.board_marks: numbers per place, moves between places, the places in focus).
"""

from __future__ import annotations

import importlib
import inspect
from functools import lru_cache
from types import ModuleType

import games
from games.core import fill_names
from games.core.i18n import ENGLISH, Msg, Settled, render

from . import breakdown
from .common import png_bytes, warm
from .reads import ReadDict


def module_name(slug: str) -> str:
    """The module drawing the game `slug`: this package's module named like the game's package,
    or, for a game defined outside `games/` (a test game), the module that defines its rules."""
    module = type(games.get(slug)).__module__
    if module.startswith(f"{games.__name__}."):
        return f"{__name__}.{module.split('.')[1]}"
    return module


def _module(slug: str) -> ModuleType:
    return importlib.import_module(module_name(slug))


def warm_up() -> None:
    """Import every renderer and fill the drawing caches: call once in each render worker
    (a process pool's initializer) so the first click it serves is not a cold start."""
    for slug in games.SHIPPED:
        _module(slug)
    warm()


@lru_cache(maxsize=None)
def _takes_locale(draw) -> bool:
    return "locale" in inspect.signature(draw).parameters


WHOLE = "*"  # read_keys() when the drawing read the view as a whole (iterated, copied, changed it)
_read: tuple | None = None  # the paths the latest `_draw` read (`reads.Reads.paths`); None: no `_draw` since asked


def read_paths() -> tuple | None:
    """What the latest drawing of this process read of its view, as `reads.Reads.paths` (every
    path into the view with how much of it was seen), or None when nothing was drawn through
    this module since the last call; clears it."""
    global _read
    found, _read = _read, None
    return found


def read_keys() -> frozenset[str] | str | None:
    """The top-level view keys the latest drawing of this process read (WHOLE: all of it, or
    its size), or None when nothing was drawn through this module since the last call; clears it."""
    found = read_paths()
    if found is None:
        return None
    if any(not path for path, _ in found):
        return WHOLE
    return frozenset(path[0] for path, _ in found)


def _draw(draw, view: dict, names: list[str], locale: str, then=None):
    """`draw`'s image of the view as `locale` reads it (then `then(image, view, names, locale)`
    on the same view), noting what the drawing read."""
    global _read
    view = ReadDict(view, namer=_Namer(names, locale))
    image = None if draw is None else draw(view, names, locale) if _takes_locale(draw) else draw(view, names)
    if then is not None:
        image = then(image, view, names, locale)
    _read = view.reads.paths()
    return image


def render_public(slug: str, view: dict, names: list[str], locale: str = ENGLISH) -> bytes:
    """PNG of the public board, in `locale` (the table's language)."""
    return png_bytes(_draw(_module(slug).public, view, names, locale))


def render_private(slug: str, view: dict, names: list[str], locale: str = ENGLISH) -> bytes:
    """PNG of one seat's private information (hand and the like), in `locale` (the reader's)."""
    return png_bytes(_draw(_module(slug).private, view, names, locale))


def render_detail(slug: str, view: dict, names: list[str], locale: str = ENGLISH) -> bytes | None:
    """PNG of the public detail image (card texts, score breakdown), or None when the game
    has none (its module defines no `detail`, or `detail` returned None) and is not over: an
    ended game's detail image ends with where every final score came from (`breakdown.below`)."""
    module = _module(slug)
    then = None if getattr(module, "DRAWS_BREAKDOWN", False) else breakdown.below  # (unless it draws its own)
    image = _draw(getattr(module, "detail", None), view, names, locale, then=then)
    return None if image is None else png_bytes(image)


def render_marked(slug: str, view: dict, names: list[str], locale: str = ENGLISH) -> bytes | None:
    """PNG of the board with the places in view["marks"] marked by the options' numbers, or
    None when the game draws no such board (its module has no `marked`)."""
    draw = getattr(_module(slug), "marked", None)
    if draw is None:
        return None
    return png_bytes(_draw(draw, view, names, locale))


def named(data, names: list[str], locale: str = ENGLISH):
    """The view as `locale` reads it: every message rendered in that language and seat
    references in its texts replaced by names."""
    kind = type(data)
    if kind is dict or kind is Settled:
        if "msg" in data and "dom" in data:
            text = _rendered(data, locale)
            return fill_names(text, names, locale) if "{seat:" in text or "(s)" in text else text
        out = {}
        for key, value in data.items():   # numbers and plain texts (most of a view) kept without a call
            item = type(value)
            plain = item is int or item is bool or value is None or (
                item is str and "{seat:" not in value and "(s)" not in value)
            out[key] = value if plain else named(value, names, locale)
        return out
    if kind is list:
        return [value if type(value) is int or (type(value) is str and "{seat:" not in value and "(s)" not in value)
                else named(value, names, locale) for value in data]
    if kind is str:   # seat references filled, "card(s)" after a count made plural
        return fill_names(data, names, locale) if "{seat:" in data or "(s)" in data else data
    if kind is int or kind is float or kind is bool or data is None:
        return data
    if isinstance(data, dict):   # another dict or list subclass: as a plain one
        if "msg" in data and "dom" in data:
            return named(_rendered(data, locale), names, locale)
        return {key: named(value, names, locale) for key, value in data.items()}
    if isinstance(data, list):
        return [named(value, names, locale) for value in data]
    if isinstance(data, Msg):
        return fill_names(render(data, locale), names, locale)
    if isinstance(data, str):  # a str subclass: its text as a plain str
        return named(str(data), names, locale)
    return data


class _Namer:
    """`named` as a drawing reads the view (`reads.ReadDict`'s namer): only what it reads is named."""

    __slots__ = ("names", "locale")

    def __init__(self, names: list[str], locale: str) -> None:
        self.names, self.locale = names, locale

    def part(self, value):
        """`value` as a wrapped dict or list keeps it: final, or a dict or list to name when read."""
        kind = type(value)
        if kind is int or kind is bool or value is None:
            return value
        if kind is str:
            return fill_names(value, self.names, self.locale) if "{seat:" in value or "(s)" in value else value
        if isinstance(value, dict):
            return named(value, self.names, self.locale) if "msg" in value and "dom" in value else value
        if isinstance(value, list):
            return value
        return named(value, self.names, self.locale)

    def whole(self, value):
        return named(value, self.names, self.locale)


_RENDERED: dict[tuple, str] = {}
RENDERED_KEPT = 50_000  # messages of views (card texts, labels) rendered per process, a few MB


def _rendered(data: dict, locale: str) -> str:
    """`render(data, locale)` of message data, kept: views bring the same card texts and labels
    on every image, and a message's text is a function of its data and the language."""
    args = data.get("args")
    key = (locale, data["msg"], data["dom"], data.get("ctx", ""), repr(args) if args else "")
    text = _RENDERED.get(key)
    if text is None:
        if len(_RENDERED) >= RENDERED_KEPT:
            _RENDERED.clear()
        text = _RENDERED[key] = render(data, locale)
    return text
