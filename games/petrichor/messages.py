"""Petrichor's texts as messages (games/core/i18n.py): the factory `T` of the
"games.petrichor" domain and the content names every other text is built from.

Weather and crop names are catalogue names (their context is the glossary entry id), so a
weather reads the same in a log line, an option and `/card`."""

from __future__ import annotations

from games.core.i18n import Messages, Msg

from .data import CROPS, WNAME

T = Messages("games.petrichor")

SOUTH_WIND = T("South Wind")


def weather_name(w: str) -> Msg:
    """The name of weather `w` ("F", "S", "W", "R")."""
    return T.name(f"weather:{w}", WNAME[w])


def crop_name(crop: str) -> Msg:
    """The name of a crop ("wheat", "coffee", ...)."""
    name: str = CROPS[crop]["name"]  # (a variable: the extractor takes only literal texts)
    return T.name(f"crop:{crop}", name)


def sw_card_text(card: dict) -> Msg:
    """What a South Wind card says. The nine texts differ, so one context serves them all and
    no card id travels in a view (the solo deck's order stays hidden)."""
    text: str = card["text"]  # (a variable: the extractor takes only literal texts)
    return T.name("south-wind card text", text)


def then(parts: list) -> Msg | str:
    """Texts in order: "Frost, then Wind, then Rain" (a plain list is a tuple argument)."""
    return _joined(parts, lambda a, b: T("{first}, then {next}", first=a, next=b))


def plus(parts: list) -> Msg | str:
    """Cards played together: "Sun + Frost"."""
    return _joined(parts, lambda a, b: T("{first} + {next}", first=a, next=b))


def semicolons(parts: list) -> Msg | str:
    """Clauses of one line: "A; B; C"."""
    return _joined(parts, lambda a, b: T("{first}; {next}", first=a, next=b))


def _joined(parts: list, join) -> Msg | str:
    if not parts:
        return ""
    out = parts[0]
    for part in parts[1:]:
        out = join(out, part)
    return out
