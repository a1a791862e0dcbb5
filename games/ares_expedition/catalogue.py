"""Ares Expedition's glossary: every card and corporation, the five phases, the standard
actions, the global parameters, the resources and the rules the panels name (selling cards,
scoring), in our own words (public facts only)."""

from __future__ import annotations

from games.core import Catalogue, CatalogueEntry
from games.core.i18n import Text

from .board import PARAMS, STANDARD
from .cards import CARDS
from .economy import requirement_text
from .messages import T, content_name, joined
from .terms import BONUS, NUMERAL, param_name, phase_name, standard_name, tag_list
from .text import card_name, effect_lines, summary, words

PHASE_TEXTS = (
    T("Everyone may play one green (automated) project card, paying its cost."),
    T("Everyone may play one blue (active) or red (event) project card, paying its cost."),
    T("Everyone may use each blue card's action once, take standard actions and convert plants and heat; "
      "left-over 8 plants or 8 heat must be converted at the end."),
    T("Everyone gains MC equal to TR plus MC production, and their heat, plant and card production."),
    T("Everyone draws 2 cards and keeps 1."),
)

RESOURCES = (
    ("mc", "MC (megacredits)",
     T("Money: pays for cards and standard actions. Production gives TR plus your MC production.")),
    ("steel", "Steel", T("Each steel level lowers the cost of a card with a building tag by 2 MC.")),
    ("titanium", "Titanium", T("Each titanium level lowers the cost of a card with a space tag by 3 MC.")),
    ("plants", "Plants", T("8 plants make a forest in the Action phase (+1 oxygen, +1 TR, 1 VP).")),
    ("heat", "Heat", T("8 heat raise the temperature one step in the Action phase (+1 TR).")),
    ("tr", "TR (terraform rating)",
     T("Each raise of a global parameter gives +1 TR; TR counts as VP and as MC income.")),
    ("forest", "Forest", T("Worth 1 VP at the end; gaining one raises oxygen a step.")),
    ("card", "Cards in hand",
     T("Up to 10 at the end of a round (3 MC per card discarded); any card sells for 3 MC.")),
)

PARAM_TEXTS = {
    "temperature": T("Raised by heat, cards and the Buy temperature action; each step gives +1 TR."),
    "oxygen": T("Raised by forests and cards; each step gives +1 TR."),
    "ocean": T("Flipping an ocean tile gives +1 TR and the reward printed on the tile."),
}


# Rules a player meets on the panels by name (an option "Sell cards", the final score's terms).
RULES = (
    ("sell", "Sell cards",
     T("Discard cards from your hand for 3 MC each (some cards raise that): when you pay for something and "
       "lack the MC, and at any time in the Action phase. At the end of a round every card over the hand "
       "limit of 10 is discarded for the same price.")),
    ("scoring", "Scoring",
     T("The game ends after the phase in which temperature, oxygen and oceans all reach their maximum. "
       "Each player scores 1 VP per TR, 1 VP per forest and the VP printed on their played cards. "
       "Ties go to the most heat + MC + 3 per card in hand + plants. Solo and co-op are won by terraforming "
       "Mars in time instead (see /rules).")),
)


def _card_entry(cid: int) -> CatalogueEntry:
    card = CARDS[cid]
    if card.kind == "corporation":
        head: list[Text] = [T("Corporation")]
    else:
        head = [T("{Kind} project card, cost {n} MC", Kind=_KIND_TITLE[card.kind], n=card.cost)]
    if card.tags:
        head.append(T("Tags: {tags}", tags=tag_list(card.tags, T("{a}, {b}"))))
    requirement = requirement_text(card)
    if requirement:
        head.append(T("Requires: {text}", text=requirement))
    lines = head + effect_lines(card)
    if card.summary:
        lines.append(summary(card))
    return CatalogueEntry(f"card:{card.token}", "corporation" if card.kind == "corporation" else "card",
                          card_name(cid), joined(lines, T("{a}\n{b}")))


_UNIT = {"C": T("C")}
_KIND_TITLE = {"green": T("Green"), "blue": T("Blue"), "red": T("Red")}


def _entries() -> tuple[CatalogueEntry, ...]:
    found = [_card_entry(cid) for cid in sorted(CARDS)]
    for number, (bonus, text) in enumerate(zip(BONUS, PHASE_TEXTS), start=1):
        found.append(CatalogueEntry(f"phase:{number}", "phase", phase_name(number),
                                    T("Phase {phase}, runs only when a player picked it. {text}\n"
                                      "Bonus for the players who picked it: {bonus}.",
                                      phase=NUMERAL[number - 1], text=text, bonus=bonus)))
    for key, (_, effect) in STANDARD.items():
        found.append(CatalogueEntry(f"standard:{key}", "standard action", standard_name(key),
                                    T("Standard action (Action phase): {text}.", text=words(effect))))
    for key, spec in PARAMS.items():
        unit = _UNIT.get(spec["unit"], spec["unit"])
        found.append(CatalogueEntry(
            f"parameter:{key}", "global parameter", param_name(key),
            T("Global parameter from {low}{unit} to {high}{unit} in steps of {step}. {text}",
              low=spec["start"], high=spec["max"], unit=unit, step=spec["step"], text=PARAM_TEXTS[key])))
    for key, name, text in RESOURCES:
        found.append(CatalogueEntry(f"resource:{key}", "resource", content_name(f"resource:{key}", name), text))
    for key, name, text in RULES:
        found.append(CatalogueEntry(f"rule:{key}", "rule", content_name(f"rule:{key}", name), text))
    return tuple(found)


CATALOGUE = Catalogue(_entries())
