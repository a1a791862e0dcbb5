"""What an option leads to, in words and numbers: a card's facts (colour, value, both halves),
what a half would do now (the counts before and after), and what the Devious Automatics do with
the card left in their prep module. Options show these beside short labels."""

from __future__ import annotations

from games.core.i18n import Msg, Text

from .cards import BUILDING, CARDS, COLOUR, Card, describe
from .effects import half_blocker, top_value
from .messages import T
from .state import ENERGY_MAX, PMState


def facts(cid: str) -> Msg:
    """A card's colour and value ("green card, value 1")."""
    card = CARDS[cid]
    return T("{colour} card, value {value}", colour=COLOUR[card.colour], value=card.value)


def both_halves(cid: str) -> Msg:
    """A card in full: its facts, then what each half does."""
    card = CARDS[cid]
    return T("{facts}. From hand (upper half): {upper} From a prep module (lower half): {lower}", facts=facts(cid),
             upper=describe(card, "upper"), lower=describe(card, "lower"))


def comparison(state: PMState, cid: str) -> Msg:
    """What the card's value does against its building now (played from a prep module)."""
    card = CARDS[cid]
    if card.colour == "black":
        return T("Construction holds no cards: no value comparison")
    top = top_value(state, card.colour)
    here = BUILDING[card.colour]
    if card.value > top:
        return T("{value} beats {top} under {building}: a colonist may land there", value=card.value, top=top,
                 building=here)
    return T("{value} does not beat {top} under {building}: no landing", value=card.value, top=top, building=here)


def as_prep(state: PMState, cid: str) -> Msg:
    """A card as a prep card: its facts, how its value compares now, and its lower half."""
    return T("{facts}; {comparison}. Lower half: {lower}", facts=facts(cid), comparison=comparison(state, cid),
             lower=describe(CARDS[cid], "lower"))


def preview(state: PMState, s: int, card: Card, which: str) -> Text:
    """The counts the automatic parts of a half change for colony s ("Earth 6 → 5, ship 1 → 2"),
    "" when it changes none by itself (its parts are choices made next)."""
    p = state.pl[s]
    earth, ship, energy, drawn = p.earth, p.ship, p.energy - card.half(which).cost, 0
    landed: list[Msg] = []
    for op in card.half(which).ops:
        if op.op == "launch":
            k = min(op.n, earth)
            earth, ship = earth - k, ship + k
        elif op.op == "energy":
            energy = min(ENERGY_MAX, energy + op.n)
        elif op.op == "draw":
            drawn += op.n
        elif op.op == "land_here" and ship > 0:
            ship -= 1
            landed.append(BUILDING[card.colour])
    parts: list[Msg] = []
    if earth != p.earth:
        parts.append(T("Earth {before} -> {after}", before=p.earth, after=earth))
    if ship != p.ship or landed:
        parts.append(T("ship {before} -> {after}", before=p.ship, after=ship))
    parts.extend(T("+1 colonist in the star area of {building}", building=b) for b in landed)
    if energy != p.energy:
        parts.append(T("energy {before} -> {after}", before=p.energy, after=energy))
    if drawn:
        parts.append(T("+{n} card(s) in hand", n=drawn))
    text: Text = ""
    for part in parts:
        text = part if not text else T("{a}, {b}", a=text, b=part)
    return text


def half_now(state: PMState, s: int, card: Card, which: str) -> Msg:
    """A half's text with what it does now: the counts it changes, or why it does nothing."""
    blocker = half_blocker(state, s, card, which)
    if blocker:
        return T("{effect} Now it does nothing ({reason}).", effect=describe(card, which), reason=blocker)
    numbers = preview(state, s, card, which)
    if numbers:
        return T("{effect} Now: {numbers}.", effect=describe(card, which), numbers=numbers)
    return describe(card, which)


# What the Devious Automatics do at the end of the round when their prep module holds one card of
# this colour (solo.automaton_phase): they always land a ship colonist (or launch one) first.
AUTOMATON_DOES = {
    "green": T("they land a colonist in Ecology (or launch one), then move up to two of theirs up to a double-star "
               "area (or push one of yours down)"),
    "yellow": T("they land a colonist in Energy (or launch one), then gain 2 energy (at 7 energy: discard 2 deck "
                "cards instead)"),
    "purple": T("they land a colonist in Science (or launch one), then launch 1 more"),
    "blue": T("they land a colonist in Water (or launch one), then discard 2 more deck cards"),
    "black": T("they land a colonist where it scores most for them (or launch one), twice"),
}
