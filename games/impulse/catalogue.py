"""Impulse's glossary: every distinct card (colour, size, action), the races' starting techs,
the basic tech and the action kinds, in our own words (public facts only)."""

from __future__ import annotations

from games.core import Catalogue, CatalogueEntry

from .data import BASIC_TECH, CARDS, RACES, basic_tech_name, effect_text, race_name
from .messages import T


def _entries() -> tuple[CatalogueEntry, ...]:
    found: list[CatalogueEntry] = []
    seen: set[str] = set()
    for card in CARDS.values():
        name = card.short()
        key = f"card:{card.colour}{card.size}:{card.variant}:{card.param}"
        if key in seen:
            continue
        seen.add(key)
        label = name if not any(e.name == name for e in found) else T("{card} ({text})", card=name, text=card.text())
        found.append(CatalogueEntry(key, "card", label, card.detail()))
    for race in RACES:
        found.append(CatalogueEntry(f"race:{race['key']}", "race", race_name(race),
                                    T("Race. Its starting tech: {text}", text=effect_text(race["variant"], race["n"]))))
    found.append(CatalogueEntry("tech:basic", "tech", basic_tech_name(),
                                T("Basic tech every player has. {text}", text=effect_text(BASIC_TECH["variant"], 1))))
    return tuple(found)


CATALOGUE = Catalogue(_entries())
