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
    found.extend(CatalogueEntry(f"term:{key}", "term", name, text) for key, name, text in TERMS)
    return tuple(found)


# Words the options and "How does this work?" use, looked up with /card.
TERMS = (
    ("impulse", T.name("term:impulse", "The Impulse"),
     T("The shared row of cards: each turn you add one, then carry out its cards left to right (at most 4); it "
       "keeps its 3 newest cards.")),
    ("plan", T.name("term:plan", "The Plan"),
     T("Cards you planned, carried out all together when you use the Plan; you may delay it until it holds 4 "
       "cards.")),
    ("boost", T.name("term:boost", "Boxed number and boost"),
     T("Every card has one boxed number: its steps, ships, cards or bombs. It grows by 1 for every 2 gems of the "
       "card's colour among your minerals (transports that just moved onto a card count as gems for it).")),
)


CATALOGUE = Catalogue(_entries())
