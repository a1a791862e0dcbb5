"""Project cards as data: loaded from cards.toml, text generated from the effect vocabulary."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources

COLOURS = ("green", "yellow", "purple", "blue", "black")
HABITABLE = ("green", "yellow", "purple", "blue")
BUILDING = {"green": "Ecology", "yellow": "Energy", "purple": "Science", "blue": "Water", "black": "Construction"}
ABILITY = {
    "green": "Ecology: move any one colonist between a star area and a double-star area.",
    "yellow": "Energy: gain 1 energy.",
    "purple": "Science: launch 1 of your colonists from Earth to your ship.",
    "blue": "Water: put one of your cards at the bottom of the deck.",
    "black": "Construction: move 1 colonist from your ship to the star area of any building.",
}
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
    def label(self) -> str:
        return f"{self.name} ({self.colour} {self.value})"


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


def _op_text(op: Op, colour: str) -> str:
    n = op.n
    plural = "s" if n != 1 else ""
    return {
        "launch": f"launch {n} of your colonist{plural} from Earth to your ship" if n != 1 else "launch 1 of your colonists from Earth to your ship",
        "energy": f"gain {n} energy",
        "draw": f"draw {n} card{plural}",
        "land_here": f"move 1 colonist from your ship to the star area of {BUILDING.get(colour)}",
        "land_any": "move 1 colonist from your ship to the star area of any building",
        "promote": "move 1 of your colonists from a star area up to the double-star area of the same building",
        "shift": "move any one colonist between the star and double-star areas of its building",
        "swap": "in one building, swap a star-area colonist with a double-star colonist of a different player",
        "peek": f"look at {n} card{plural} in another player's prep module",
    }[op.op]


def describe(card: Card, which: str) -> str:
    """Plain English text of one half of a card (generated, so it always matches the data)."""
    half = card.half(which)
    body = ", then ".join(_op_text(o, card.colour) for o in half.ops)
    prefix = ""
    if half.cost:
        prefix += f"Pay {half.cost} energy: "
    if half.cond == "none_here":
        prefix += f"If {BUILDING[card.colour]} has none of your colonists, "
    elif half.cond == "hold":
        prefix += f"If you hold a {card.colour} card in hand, "
    text = prefix + body + "."
    return text[0].upper() + text[1:]


def card_face(cid: str) -> dict:
    """A JSON-safe face-up description of a card."""
    c = CARDS[cid]
    return {"id": c.id, "colour": c.colour, "value": c.value, "name": c.name,
            "upper": describe(c, "upper"), "lower": describe(c, "lower"),
            "text": f"{c.colour} {c.value}. Upper half: {describe(c, 'upper')} Lower half: {describe(c, 'lower')}"}
