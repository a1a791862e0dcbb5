"""Scoring (article 遊戲結束): 1 VP per TR, per forest, plus card VP; tie-break on
heat + MC (each hand card counted as 3 MC) + plants."""

from __future__ import annotations

import re
from functools import lru_cache

from .cards import CARDS
from .economy import tag_counts
from .state import Player


@lru_cache(maxsize=None)
def vp_rule(cid: int) -> tuple[str, int, str]:
    """A card's VP rule read once: (kind, number, word). Kinds: "fixed" (number VP), "here"
    (1 per number resources on it), "tag" (1 per number `word` tags), "blue" (1 per number blue
    cards), "played" (1 per number cards played), "forests" (1 per number forests), "none"."""
    vp = CARDS[cid].vp
    if not vp:
        return ("none", 0, "")
    if re.fullmatch(r"-?\d+", vp):
        return ("fixed", int(vp), "")
    match = re.fullmatch(r"1 per (?:(\d+) )?(animals?|microbes?|science) here", vp)
    if match:
        return ("here", int(match[1] or 1), "")
    match = re.fullmatch(r"1 per (?:(\d+) )?tag:(\w+)", vp)
    if match:
        return ("tag", int(match[1] or 1), match[2])
    for kind, pattern in (("blue", r"1 per (\d+) blue cards"), ("played", r"1 per (\d+) cards played"),
                          ("forests", r"1 per (\d+) forests")):
        if match := re.fullmatch(pattern, vp):
            return (kind, int(match[1]), "")
    raise ValueError(f"card {cid}: unknown VP rule {vp!r}")


def card_vp(p: Player, cid: int) -> int:
    kind, n, word = vp_rule(cid)
    if kind == "none":
        return 0
    if kind == "fixed":
        return n
    if kind == "here":
        return p.res.get(cid, 0) // n
    if kind == "tag":
        return tag_counts(p)[word] // n
    if kind == "blue":
        return sum(1 for c in p.played if CARDS[c].kind == "blue") // n
    if kind == "played":
        return len(p.played) // n
    return p.forests // n


def breakdown(p: Player) -> dict[str, int]:
    cards = sum(card_vp(p, c) for c in p.played)
    return {"tr": p.tr, "forests": p.forests, "cards": cards, "total": p.tr + p.forests + cards}


def scoring_cards(p: Player) -> int:
    """How many of the player's played cards give VP now."""
    return sum(1 for c in p.played if card_vp(p, c))


def tiebreak(p: Player) -> int:
    return p.heat + p.mc + 3 * len(p.hand) + p.plants
