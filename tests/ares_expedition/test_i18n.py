"""Ares Expedition in Traditional Chinese beyond what seeded games show: every part of a card's
vocabulary that a decision may word on its own (a choice's alternative, a cost, what a `may`
offers, an amount put in for X) has its zh-TW template, and numbers stay fields."""

from __future__ import annotations

from games.ares_expedition.board import OCEAN_REWARDS, STANDARD
from games.ares_expedition.cards import CARDS
from games.ares_expedition.economy import split_top
from games.ares_expedition.effects import clauses
from games.ares_expedition.text import ocean_words, words
from games.core.i18n import Msg, catalogue, render

DOMAIN = "games.ares_expedition"


def _parts(text: str, found: set[str]) -> None:
    """`text` and every piece of it the rules may word separately."""
    text = text.strip()
    if not text or text in found:
        return
    found.add(text)
    pieces = list(clauses(text)) + list(split_top(text, "; "))
    if text.startswith("choose(") and text.endswith(")"):
        pieces += text[len("choose("):-1].split(" | ")
    if text.startswith("may "):
        pieces.append(text[len("may "):])
    if " OR " in text:
        pieces += text.split(" OR ")
    if ": " in text and not text.startswith(("choose(", "reveal ")):   # those are worded whole
        head, result = text.split(": ", 1)
        pieces += [result] if text.startswith(("when ", "if ")) else [head, result]
    if "X" in text:
        pieces.append(text.replace("X", "3"))
    for piece in pieces:
        _parts(piece, found)


def _templates(msg, found: set[tuple[str, str]]) -> None:
    if isinstance(msg, Msg):
        found.add((msg.context, msg.text))
        for _, value in msg.args:
            for item in value if isinstance(value, tuple) else (value,):
                _templates(item, found)


def test_every_worded_piece_of_the_vocabulary_has_its_chinese():
    texts: set[str] = set()
    for card in CARDS.values():
        for cell in (card.immediate, card.production, card.action, card.effect):
            _parts(cell, texts)
    for _, effect in STANDARD.values():
        _parts(effect, texts)
    templates: set[tuple[str, str]] = set()
    for text in texts:
        _templates(words(text), templates)
    for reward in OCEAN_REWARDS:
        _parts(reward, texts)
        _templates(ocean_words(reward), templates)
    table = catalogue(DOMAIN, "zh-TW")
    missing = sorted(text for key in templates if key not in table for text in [key[1]])
    assert not missing, f"{len(missing)} card texts lack zh-TW, e.g. {missing[:5]}"


def test_a_card_text_keeps_its_numbers_as_fields():
    msg = words("pay 10mc (-2 per steel): flip:ocean 1")
    assert render(msg) == "pay 10 MC (-2 per steel production): flip 1 ocean"
    assert msg.text == "pay {n1} MC (-{n2} per steel production): flip {n3} ocean"
    assert render(msg, "zh-TW") == "支付 10 資金（每級鋼鐵產能 -2）：翻開 1 個海洋"


def test_a_cost_that_depends_on_blue_cards_reads_in_words():
    """Developed Infrastructure's action showed "(-5 if blue-cards>=5)" on the hand image."""
    msg = words("pay 10mc (-5 if blue-cards>=5): raise:temperature 1")
    assert render(msg) == "pay 10 MC (-5 if you have 5+ blue cards): raise temperature 1 step"
    assert ">=" not in render(msg, "zh-TW") and "blue-cards" not in render(msg, "zh-TW")
