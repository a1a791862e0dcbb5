"""What an Impulse option leads to, in words: a card's effect with the number it has for this
player now (its boxed number boosted by 1 per 2 gems of its colour), places by their map number
with the card lying there, and the counts an option changes."""

from __future__ import annotations

from games.core.i18n import Msg, Text

from .common import pos_label
from .data import CARDS, CORE, colour_name, effect_text
from .engine import gems
from .messages import T
from .state import ImpulseState


def boosted(state: ImpulseState, seat: int, cid: str) -> int:
    """The number `cid` has when `seat` carries it out now (engine.start_effect's boost)."""
    card = CARDS[cid]
    return card.box + gems(state, seat, card.colour) // 2


def card_now(state: ImpulseState, seat: int, cid: str) -> Msg:
    """A card's effect as it reads for `seat` now: "Size 1 red: Draw 1 card(s)." and, when the
    seat's gems boost it, what it does with the boost."""
    card = CARDS[cid]
    n = boosted(state, seat, cid)
    if n == card.box:
        return card.detail()
    return T("{detail} Boosted by your {gems} {colour} gem(s): {text}", detail=card.detail(),
             gems=gems(state, seat, card.colour), colour=colour_name(card.colour),
             text=effect_text(card.variant, n, card.param))


def place(pos: int) -> Msg:
    """A map card by its number, for a short label ("#14")."""
    return T("#{pos}", pos=pos)


def what_lies(state: ImpulseState, pos: int) -> Text:
    """The map card at `pos` in words ("#14 Blue 2 Command", "#9 Sector Core", "#3 face-down")."""
    return pos_label(state, pos)


def is_core(state: ImpulseState, pos: int) -> bool:
    return state.grid[pos] == CORE
