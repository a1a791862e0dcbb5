"""Project cards as data: loaded from cards.toml, text generated from the effect vocabulary."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from games.core.i18n import Msg, Settled, settled

from .messages import ABILITY, BUILDING, COLOUR, T

__all__ = ["ABILITY", "BUILDING", "COLOUR"]   # shared names, re-exported for the game's modules

COLOURS = ("green", "yellow", "purple", "blue", "black")
HABITABLE = ("green", "yellow", "purple", "blue")
LETTER = {"green": "G", "yellow": "Y", "purple": "P", "blue": "W", "black": "K"}

OPS = {"launch", "energy", "draw", "land_here", "land_any", "promote", "shift", "swap", "peek"}
CONDS = {"", "none_here", "hold"}
INTERACTIVE = {"land_any", "promote", "shift", "swap", "peek"}


@dataclass(frozen=True)
class Op:
    op: str
    n: int = 1


@dataclass(frozen=True)
class Half:
    ops: tuple[Op, ...]
    cost: int = 0
    cond: str = ""


@dataclass(frozen=True)
class Card:
    id: str
    colour: str
    value: int
    name: str
    upper: Half
    lower: Half

    def half(self, which: str) -> Half:
        return self.upper if which == "upper" else self.lower

    @property
    def title(self) -> Msg:
        """The card's name in the reader's language (its glossary id is the context)."""
        return T.name(f"card:{self.id}", self.name)

    @property
    def label(self) -> Msg:
        return T("{name} ({colour} {value})", name=self.title, colour=COLOUR[self.colour], value=self.value)


def _half(raw: dict, card_id: str, colour: str, lower: bool) -> Half:
    ops = tuple(Op(o["op"], int(o.get("n", 1))) for o in raw.get("ops", []))
    half = Half(ops, int(raw.get("cost", 0)), str(raw.get("cond", "")))
    if not ops or any(o.op not in OPS for o in ops) or half.cond not in CONDS or half.cost < 0:
        raise ValueError(f"card {card_id}: bad effect {raw}")
    if half.cost and not lower:
        raise ValueError(f"card {card_id}: only lower halves may cost energy")
    if colour == "black" and (half.cond == "none_here" or any(o.op == "land_here" for o in ops)):
        raise ValueError(f"card {card_id}: the Construction building holds no colonists")
    return half


def _load() -> dict[str, Card]:
    text = resources.files(__package__).joinpath("cards.toml").read_text("utf-8")
    cards: dict[str, Card] = {}
    for raw in tomllib.loads(text)["card"]:
        cid, colour = raw["id"], raw["colour"]
        if colour not in COLOURS or cid in cards or not 0 <= raw["value"] <= 7:
            raise ValueError(f"bad card {raw}")
        cards[cid] = Card(cid, colour, int(raw["value"]), raw["name"],
                          _half(raw["upper"], cid, colour, False), _half(raw["lower"], cid, colour, True))
    return cards


CARDS: dict[str, Card] = _load()
CARD_IDS: tuple[str, ...] = tuple(CARDS)


def _op_text(op: Op, colour: str, first: bool) -> Msg:
    """One effect of a card half; `first` when it opens the sentence (English capitalises it)."""
    n, here = op.n, BUILDING[colour]
    if first:
        texts = {
            "launch": T("Launch {n} of your colonists from Earth to your ship", n=n),
            "energy": T("Gain {n} energy", n=n),
            "draw": T("Draw {n} card(s)", n=n),
            "land_here": T("Move 1 colonist from your ship to the star area of {building}", building=here),
            "land_any": T("Move 1 colonist from your ship to the star area of any building"),
            "promote": T("Move 1 of your colonists from a star area up to the double-star area of the same building"),
            "shift": T("Move any one colonist between the star and double-star areas of its building"),
            "swap": T("In one building, swap a star-area colonist with a double-star colonist of a different player"),
            "peek": T("Look at {n} card(s) in another player's prep module", n=n),
        }
    else:
        texts = {
            "launch": T("launch {n} of your colonists from Earth to your ship", n=n),
            "energy": T("gain {n} energy", n=n),
            "draw": T("draw {n} card(s)", n=n),
            "land_here": T("move 1 colonist from your ship to the star area of {building}", building=here),
            "land_any": T("move 1 colonist from your ship to the star area of any building"),
            "promote": T("move 1 of your colonists from a star area up to the double-star area of the same building"),
            "shift": T("move any one colonist between the star and double-star areas of its building"),
            "swap": T("in one building, swap a star-area colonist with a double-star colonist of a different player"),
            "peek": T("look at {n} card(s) in another player's prep module", n=n),
        }
    return texts[op.op]


def describe(card: Card, which: str) -> Msg:
    """The text of one half of a card (generated, so it always matches the data)."""
    # a dealt card's halves are worded once (options and views ask for them on every move)
    return _described(card.id, which) if CARDS.get(card.id) is card else _wording(card, which)


@lru_cache(maxsize=None)
def _described(cid: str, which: str) -> Msg:
    return _wording(CARDS[cid], which)


def _wording(card: Card, which: str) -> Msg:
    half = card.half(which)
    plain = not half.cost and not half.cond
    body = _op_text(half.ops[0], card.colour, plain)
    for op in half.ops[1:]:
        body = T("{effect}, then {next}", effect=body, next=_op_text(op, card.colour, False))
    if half.cond == "none_here":
        body = T("If {building} has none of your colonists, {effect}", building=BUILDING[card.colour], effect=body)
    elif half.cond == "hold":
        body = T("If you hold a {colour} card in hand, {effect}", colour=COLOUR[card.colour], effect=body)
    if half.cost:
        body = T("Pay {n} energy: {effect}", n=half.cost, effect=body)
    return T("{effect}.", effect=body)


@lru_cache(maxsize=None)
def card_face(cid: str) -> Settled:
    """A JSON-safe face-up description of a card, built once per card and shared by every view
    (a late board shows many cards: describing them per view made late moves dearer)."""
    c = CARDS[cid]
    upper, lower = describe(c, "upper"), describe(c, "lower")
    return settled({"id": c.id, "colour": c.colour, "value": c.value, "name": c.title, "upper": upper, "lower": lower,
                    "text": T("{colour} {value}. Upper half: {upper} Lower half: {lower}",
                              colour=COLOUR[c.colour], value=c.value, upper=upper, lower=lower)})
