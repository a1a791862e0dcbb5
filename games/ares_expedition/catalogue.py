"""Ares Expedition's glossary: every card and corporation, the five phases, the standard
actions, the global parameters and the resources, in our own words (public facts only)."""

from __future__ import annotations

from games.core import Catalogue, CatalogueEntry

from .board import PARAMS, PHASE_BONUS, PHASE_NAMES, STANDARD
from .cards import CARDS
from .economy import requirement_text
from .text import effect_lines, words

ROMAN = ("I", "II", "III", "IV", "V")

PHASE_TEXTS = (
    "Everyone may play one green (automated) project card, paying its cost.",
    "Everyone may play one blue (active) or red (event) project card, paying its cost.",
    "Everyone may use each blue card's action once, take standard actions and convert plants and heat; "
    "left-over 8 plants or 8 heat must be converted at the end.",
    "Everyone gains MC equal to TR plus MC production, and their heat, plant and card production.",
    "Everyone draws 2 cards and keeps 1.",
)

RESOURCES = (
    ("mc", "MC (megacredits)", "Money: pays for cards and standard actions. Production gives TR plus your MC production."),
    ("steel", "Steel", "Each steel level lowers the cost of a card with a building tag by 2 MC."),
    ("titanium", "Titanium", "Each titanium level lowers the cost of a card with a space tag by 3 MC."),
    ("plants", "Plants", "8 plants make a forest in the Action phase (+1 oxygen, +1 TR, 1 VP)."),
    ("heat", "Heat", "8 heat raise the temperature one step in the Action phase (+1 TR)."),
    ("tr", "TR (terraform rating)", "Each raise of a global parameter gives +1 TR; TR counts as VP and as MC income."),
    ("forest", "Forest", "Worth 1 VP at the end; gaining one raises oxygen a step."),
    ("card", "Cards in hand", "Up to 10 at the end of a round (3 MC per card discarded); any card sells for 3 MC."),
)

PARAM_TEXTS = {
    "temperature": "Raised by heat, cards and the Buy temperature action; each step gives +1 TR.",
    "oxygen": "Raised by forests and cards; each step gives +1 TR.",
    "ocean": "Flipping an ocean tile gives +1 TR and the reward printed on the tile.",
}


def _card_entry(cid: int) -> CatalogueEntry:
    card = CARDS[cid]
    kind = "corporation" if card.kind == "corporation" else f"{card.kind} project card"
    head = [f"{kind.capitalize()}" + (f", cost {card.cost} MC" if card.kind != "corporation" else "")]
    if card.tags:
        head.append("Tags: " + ", ".join(card.tags))
    requirement = requirement_text(card)
    if requirement:
        head.append(f"Requires: {requirement}")
    lines = head + effect_lines(card)
    if card.summary:
        lines.append(card.summary)
    return CatalogueEntry(f"card:{card.token}", "corporation" if card.kind == "corporation" else "card",
                          card.name, "\n".join(lines))


def _entries() -> tuple[CatalogueEntry, ...]:
    found = [_card_entry(cid) for cid in sorted(CARDS)]
    for number, (name, bonus, text) in enumerate(zip(PHASE_NAMES, PHASE_BONUS, PHASE_TEXTS), start=1):
        found.append(CatalogueEntry(f"phase:{number}", "phase", f"{ROMAN[number - 1]} {name}",
                                    f"Phase {ROMAN[number - 1]}, runs only when a player picked it. {text}\n"
                                    f"Bonus for the players who picked it: {bonus}."))
    for key, (name, effect) in STANDARD.items():
        found.append(CatalogueEntry(f"standard:{key}", "standard action", name,
                                    f"Standard action (Action phase): {words(effect)}."))
    for key, spec in PARAMS.items():
        unit = spec["unit"]
        found.append(CatalogueEntry(
            f"parameter:{key}", "global parameter", key.capitalize(),
            f"Global parameter from {spec['start']}{unit} to {spec['max']}{unit} in steps of {spec['step']}. "
            f"{PARAM_TEXTS.get(key, '')}".strip()))
    for key, name, text in RESOURCES:
        found.append(CatalogueEntry(f"resource:{key}", "resource", name, text))
    return tuple(found)


CATALOGUE = Catalogue(_entries())
