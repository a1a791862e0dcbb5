"""Pocket Mars's glossary: the 35 cards (both halves) and the five buildings' abilities,
in our own words (public facts only)."""

from __future__ import annotations

from games.core import Catalogue, CatalogueEntry

from .cards import CARDS, describe
from .messages import ABILITY, BUILDING, COLOUR, T

TERMS = (
    ("energy", T.name("term:energy", "Energy tokens"),
     T.name("term:energy text", "Pay for the costly half of a card; gained from the Energy building and cards.")),
    ("prep", T.name("term:prep", "Prep module"),
     T.name("term:prep text", "Your face-down cards waiting to be built; other players may only peek with a card.")),
    ("ship", T.name("term:ship", "Ship"),
     T.name("term:ship text", "Colonists launched from Earth wait on your ship until they land in a building.")),
    ("star", T.name("term:star", "Star and double-star areas"),
     T.name("term:star text", "Each building has a star area and a double-star area where colonists sit.")),
)


def _entries() -> tuple[CatalogueEntry, ...]:
    found = [CatalogueEntry(f"card:{card.id}", "card", card.title,
                            T("A {colour} card of value {value} ({building}).\nUpper half: {upper}\nLower half: {lower}",
                              colour=COLOUR[card.colour], value=card.value, building=BUILDING[card.colour],
                              upper=describe(card, "upper"), lower=describe(card, "lower")))
             for card in CARDS.values()]
    for colour, text in ABILITY.items():
        found.append(CatalogueEntry(f"building:{colour}", "building", BUILDING[colour],
                                    T("The {colour} building. Its ability: {ability}", colour=COLOUR[colour],
                                      ability=text)))
    found.extend(CatalogueEntry(f"term:{key}", "term", name, text) for key, name, text in TERMS)
    return tuple(found)


CATALOGUE = Catalogue(_entries())
