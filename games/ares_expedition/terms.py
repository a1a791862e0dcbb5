"""Words the game's texts put into their templates, as messages: tags, resources, parameters,
colour bands, phases and their bonuses, card kinds. Written out as literals so that the
catalogue extractor finds each one (the data files keep the plain ids)."""

from __future__ import annotations

from games.core.i18n import Msg, Text

from .board import PHASE_BONUS, PHASE_NAMES, STANDARD
from .messages import T, content_name, joined

ROMAN = ("I", "II", "III", "IV", "V")
# The numerals as a sentence reads them (Chinese writes the Roman numeral signs).
NUMERAL = (T.name("numeral", "I"), T.name("numeral", "II"), T.name("numeral", "III"), T.name("numeral", "IV"),
           T.name("numeral", "V"))

TAG = {
    "building": T("building"), "space": T("space"), "science": T("science"), "power": T("power"),
    "earth": T("earth"), "jovian": T("jovian"), "plant": T("plant"), "animal": T("animal"),
    "microbe": T("microbe"), "event": T("event"),
}

# Resources a card holds, and the stock words of log lines and costs.
RESOURCE = {
    "animal": T("animal"), "microbe": T("microbe"), "science": T("science"), "": T("resource"),
    "mc": T("MC"), "heat": T("heat"), "plants": T("plants"), "tr": T("TR"),
}

PARAM = {"temperature": T("temperature"), "oxygen": T("oxygen"), "ocean": T("ocean")}
BAND = {"purple": T("purple"), "red": T("red"), "yellow": T("yellow"), "white": T("white")}
# A card's kind ("red" card, not the "red" colour band): keyed by context, since the words are alike.
KIND = {"green": T.name("kind", "green"), "blue": T.name("kind", "blue"), "red": T.name("kind", "red"),
        "corporation": T.name("kind", "corporation")}

PHASE = (T("Development"), T("Construction"), T("Action"), T("Production"), T("Research"))

_BONUS = {
    "your green card costs 3 MC less": T("your green card costs 3 MC less"),
    "play a second blue or red card, or draw 1 card": T("play a second blue or red card, or draw 1 card"),
    "use one blue action a second time": T("use one blue action a second time"),
    "+4 MC": T("+4 MC"),
    "draw 5 and keep 2 instead of draw 2 keep 1": T("draw 5 and keep 2 instead of draw 2 keep 1"),
}
BONUS = tuple(_BONUS[text] for text in PHASE_BONUS)

for _number, _english in enumerate(PHASE_NAMES):
    if PHASE[_number].text != _english:
        raise ValueError(f"phase {_number + 1} is named {_english!r} in board.toml")


def phase_word(number: int) -> Msg:
    """"Development" (phase 1) ... "Research" (phase 5)."""
    return PHASE[number - 1]


def phase_name(number: int) -> Msg:
    """"I Development": the phase's glossary name."""
    return content_name(f"phase:{number}", f"{ROMAN[number - 1]} {PHASE_NAMES[number - 1]}")


def param_name(param: str) -> Msg:
    """"Oxygen": the parameter's glossary name (capitalized in English)."""
    return content_name(f"parameter:{param}", param.capitalize())


def standard_name(key: str) -> Msg:
    return content_name(f"standard:{key}", STANDARD[key][0])


def tag_list(tags: tuple[str, ...] | list[str], pair: Msg) -> Text:
    """Tags joined by `pair` ("building/space"), "" for none."""
    return joined([TAG[t] for t in tags], pair)


def shown(param: str, value: int) -> Msg:
    """A parameter's value with its unit: "-30 C", "5%"."""
    return T("{t} C", t=format(value, "+d")) if param == "temperature" else T("{n}%", n=value)
