"""Scoring (article 遊戲結束): 1 VP per TR, per forest, plus card VP; tie-break on
heat + MC (each hand card counted as 3 MC) + plants."""

from __future__ import annotations

import re

from .cards import CARDS
from .economy import tag_counts
from .state import Player


def card_vp(p: Player, cid: int) -> int:
    vp = CARDS[cid].vp
    if not vp:
        return 0
    if re.fullmatch(r"-?\d+", vp):
        return int(vp)
    match = re.fullmatch(r"1 per (?:(\d+) )?(animals?|microbes?|science) here", vp)
    if match:
        return p.res.get(cid, 0) // int(match[1] or 1)
    match = re.fullmatch(r"1 per (?:(\d+) )?tag:(\w+)", vp)
    if match:
        return tag_counts(p)[match[2]] // int(match[1] or 1)
    match = re.fullmatch(r"1 per (\d+) blue cards", vp)
    if match:
        return sum(1 for c in p.played if CARDS[c].kind == "blue") // int(match[1])
    match = re.fullmatch(r"1 per (\d+) cards played", vp)
    if match:
        return len(p.played) // int(match[1])
    match = re.fullmatch(r"1 per (\d+) forests", vp)
    if match:
        return p.forests // int(match[1])
    raise ValueError(f"card {cid}: unknown VP rule {vp!r}")


def breakdown(p: Player) -> dict[str, int]:
    cards = sum(card_vp(p, c) for c in p.played)
    return {"tr": p.tr, "forests": p.forests, "cards": cards, "total": p.tr + p.forests + cards}


def tiebreak(p: Player) -> int:
    return p.heat + p.mc + 3 * len(p.hand) + p.plants
