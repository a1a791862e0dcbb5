"""Pocket Mars's texts as messages (games/core/i18n.py): the factory `T` of the domain
"games.pocket_mars" and the names every module of the game shares. The lowest module of the
package: it imports nothing of the game."""

from __future__ import annotations

from games.core.i18n import Messages

T = Messages("games.pocket_mars")

AUTOMATON = T.name("automaton", "Devious Automatics")
AUTOMATON_SHORT = T.name("automaton:short", "Automatics")  # on buttons, where the whole name does not fit

# The five buildings of Mars, by card colour.
BUILDING = {
    "green": T.name("building:green", "Ecology"),
    "yellow": T.name("building:yellow", "Energy"),
    "purple": T.name("building:purple", "Science"),
    "blue": T.name("building:blue", "Water"),
    "black": T.name("building:black", "Construction"),
}

# Card colours as a word inside a sentence ("a green card").
COLOUR = {
    "green": T.name("colour:green", "green"),
    "yellow": T.name("colour:yellow", "yellow"),
    "purple": T.name("colour:purple", "purple"),
    "blue": T.name("colour:blue", "blue"),
    "black": T.name("colour:black", "black"),
}

# What each building's ability does (the name is shown beside it).
ABILITY = {
    "green": T("Move any one colonist between a star area and a double-star area."),
    "yellow": T("Gain 1 energy."),
    "purple": T("Launch 1 of your colonists from Earth to your ship."),
    "blue": T("Put one of your cards at the bottom of the deck."),
    "black": T("Move 1 colonist from your ship to the star area of any building."),
}
