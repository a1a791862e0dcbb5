"""Pocket Mars's glossary: the 35 cards (both halves) and the five buildings' abilities,
in our own words (public facts only)."""

from __future__ import annotations

from games.core import Catalogue, CatalogueEntry

from .cards import ABILITY, BUILDING, CARDS, describe

TERMS = (
    ("energy", "Energy tokens", "Pay for the costly half of a card; gained from the Energy building and cards."),
    ("prep", "Prep module", "Your face-down cards waiting to be built; other players may only peek with a card."),
    ("ship", "Ship", "Colonists launched from Earth wait on your ship until they land in a building."),
    ("star", "Star and double-star areas", "Each building has a star area and a double-star area where colonists sit."),
)


def _entries() -> tuple[CatalogueEntry, ...]:
    found = [CatalogueEntry(f"card:{card.id}", "card", card.name,
                            f"{card.colour.capitalize()} card, value {card.value} ({BUILDING[card.colour]}).\n"
                            f"Upper half: {describe(card, 'upper')}\nLower half: {describe(card, 'lower')}")
             for card in CARDS.values()]
    for colour, text in ABILITY.items():
        found.append(CatalogueEntry(f"building:{colour}", "building", BUILDING[colour],
                                    f"The {colour} building. Its ability: {text.split(': ', 1)[-1]}"))
    found.extend(CatalogueEntry(f"term:{key}", "term", name, text) for key, name, text in TERMS)
    return tuple(found)


CATALOGUE = Catalogue(_entries())
