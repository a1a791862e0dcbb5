"""Card texts for players, in our own words, generated from the vocabulary, and card faces for views.

A vocabulary text is worded in English by the patterns below, then each of its clauses becomes
a message whose numbers are fields ("add {n1} microbe here"): the catalogue translates the
clause once, whatever the amounts, and the English reads exactly as the patterns word it."""

from __future__ import annotations

import re
from functools import cache

from games.core.i18n import Msg, Text

from .cards import CARDS, Card, token
from .economy import requirement_text, split_top
from .messages import T, content_name, joined

_WORDS = [
    (r"\b(heat|plants)\+X\b", lambda m: f"+X {m[1]}"),
    (r"\bmc\+X\b", lambda m: "+X MC"),
    (r"if tags:(\w+)>=(\d+)", lambda m: f"if you have {m[2]}+ {m[1]} tags"),
    (r"when you play tag:([\w|]+)", lambda m: f"when you play a {m[1].replace('|', '/')} tag"),
    (r"\(incl\. this\)", lambda m: "(this card's too)"),
    (r"\(not this\)", lambda m: "(not this card's)"),
    (r"when your tr rises", lambda m: "when your TR rises"),
    (r"discount (\d+) on that card", lambda m: f"that card costs {m[1]} MC less"),
    (r"with tag:([\w|]+)", lambda m: f"with a {m[1].replace('|', '/')} tag"),
    (r"per (\d+ )?tag:(\w+)", lambda m: f"per {m[1] or ''}{m[2]} tag{'s' if m[1] else ''}"),
    (r"\bmc([+-])(\d+)", lambda m: f"{m[1]}{m[2]} MC"),
    (r"\b(heat|plants)([+-])(\d+)", lambda m: f"{m[2]}{m[3]} {m[1]}"),
    (r"\btr\+(\d+)", lambda m: f"+{m[1]} TR"),
    (r"\bcards\+(\d+)", lambda m: f"+{m[1]} card"),
    (r"value:(steel|titanium)\+1", lambda m: f"each {m[1]} is worth 1 MC more"),
    (r"\b(steel|titanium)\+(\d+)", lambda m: f"+{m[2]} {m[1]}"),
    (r"raise:(temperature|oxygen) (\d+)", lambda m: f"raise {m[1]} {m[2]} step{'s' if m[2] != '1' else ''}"),
    (r"flip:ocean (\d+)", lambda m: f"flip {m[1]} ocean{'s' if m[1] != '1' else ''}"),
    (r"\bforest (\d+)", lambda m: f"gain {m[1]} forest{'s' if m[1] != '1' else ''} (+1 oxygen each)"),
    (r"add:held (\d+) other", lambda m: f"add {m[1]} resources to another card that already holds some"),
    (r"add:(\w+) (\d+) (here|other)", lambda m: f"add {m[2]} {m[1]} {'here' if m[3] == 'here' else 'to another card'}"),
    (r"remove:([\w|]+) (\d+) (here|anywhere)", lambda m: f"remove {m[2]} {m[1].replace('|', ' or ')} "
                                                           f"{'here' if m[3] == 'here' else 'from one of your cards'}"),
    (r"\(-(\d+) if blue-cards>=(\d+)\)", lambda m: f"(-{m[1]} if you have {m[2]}+ blue cards)"),
    (r"\(-(\d+) per (steel|titanium)\)", lambda m: f"(-{m[1]} per {m[2]} production)"),
    (r"pay (\d+)mc", lambda m: f"pay {m[1]} MC"),
    (r"play-extra:blue\|red", lambda m: "play one more blue or red card this phase"),
    (r"next-card:discount (\d+)", lambda m: f"your next card this phase costs {m[1]} MC less"),
    (r"next-card:req-flex:oxygen\|temperature 1", lambda m: "your next card may read oxygen/temperature one colour off"),
    (r"free-green:cost<=(\d+)", lambda m: f"play a green card costing {m[1]} or less for free"),
    (r"req-flex:oxygen\|temperature 1", lambda m: "oxygen/temperature requirements may be read one colour off"),
    (r"discount:all (\d+)", lambda m: f"all cards cost {m[1]} MC less"),
    (r"discount:tag:([\w|]+) (\d+)", lambda m: f"{m[1].replace('|', '/')} cards cost {m[2]} MC less per tag"),
    (r"discount:cost>=20 (\d+)", lambda m: f"cards costing 20+ cost {m[1]} MC less"),
    (r"discount:standard (\d+)", lambda m: f"MC standard actions cost {m[1]} less"),
    (r"research:(draw|keep)\+(\d+)", lambda m: f"Research: {m[1]} {m[2]} more"),
    (r"sell-value\+1", lambda m: "sold cards give 1 MC more"),
    (r"forest-plant-cost-1", lambda m: "a forest costs 7 plants"),
    (r"heat-as-mc", lambda m: "heat can be spent as MC"),
    (r"tag:(\w+)", lambda m: m[1]),
    (r"phase:action", lambda m: "you picked Action"),
    (r"choose\(", lambda m: "choose ("),
    (r" OR ", lambda m: " -or- "),
]


def english_words(text: str) -> str:
    """A vocabulary text in plain English words."""
    for pattern, repl in _WORDS:
        text = re.sub(pattern, repl, text)
    return text


def worded(english: str) -> Msg:
    """English card wording as a message: each number is a field (n1, n2, ...)."""
    fields: dict[str, int | str] = {}

    def field(match: re.Match) -> str:
        key = f"n{len(fields) + 1}"
        fields[key] = int(match[0]) if str(int(match[0])) == match[0] else match[0]
        return "{" + key + "}"

    return T(re.sub(r"\d+", field, english), **fields)


def clauses_text(english: str) -> Text:
    """Worded English, clause by clause (top-level "; "), as one message."""
    return joined([worded(part) for part in split_top(english, "; ")], T("{a}; {b}"))


def words(text: str) -> Text:
    """A vocabulary text in plain words."""
    return clauses_text(english_words(text))


def vp_words(card: Card) -> Text:
    if not card.vp:
        return ""
    if re.fullmatch(r"-?\d+", card.vp):
        return T("{n} VP", n=int(card.vp))
    return T("{rule} (VP)", rule=worded(card.vp.replace("tag:", "").replace("here", "on it")))


def summary(card: Card) -> Text:
    """The card's one-line summary (keyed by the card's id)."""
    return content_name(f"summary:{card.token}", card.summary) if card.summary else ""


@cache
def card_name(cid: int) -> Msg:
    """A card's name, built once per card (a Msg never changes; options name every blue card)."""
    card = CARDS[cid]
    return content_name(f"card:{card.token}", card.name)


def effect_lines(card: Card) -> list[Text]:
    """What the card does, one line per part."""
    lines: list[Text] = []
    if card.kind == "corporation":
        lines.append(T("Start: {n} MC", n=card.cost))
    if card.immediate:
        lines.append(T("Now: {text}", text=words(card.immediate)))
    if card.production:
        lines.append(T("Production: {text}", text=words(card.production)))
    if card.action:
        lines.append(T("Action: {text}", text=words(card.action)))
    if card.effect:
        lines.append(T("Effect: {text}", text=words(card.effect)))
    if card.vp:
        lines.append(T("VP: {text}", text=vp_words(card)))
    return lines


def card_face(cid: int, **extra) -> dict:
    """A card as views show it; `extra` adds seat-specific facts (cost after discounts, ...)."""
    card = CARDS[cid]
    face = {
        "id": token(cid),
        "name": card_name(cid),
        "kind": card.kind,
        "cost": card.cost,
        "tags": list(card.tags),
        "requirement": requirement_text(card),
        "vp": vp_words(card),
        "text": effect_lines(card),
        "summary": summary(card),
        "resource": card.resource,
    }
    face.update(extra)
    return face


def short(cid: int) -> Text:
    """One line: what the card does (for option details)."""
    return joined(effect_lines(CARDS[cid]), T("{a}; {b}")) or summary(CARDS[cid])


def ocean_words(reward: str) -> Text:
    """A flipped ocean's reward in words: "mc+2, plants+1" -> "+2 MC, +1 plants", "draw 1" -> "draw 1 card"."""
    english = re.sub(r"\bdraw (\d+)\b(?! card)", lambda m: f"draw {m[1]} card{'s' if m[1] != '1' else ''}",
                     english_words(reward))
    return clauses_text(english)
