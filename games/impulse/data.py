"""Static content: cards (from content.json), races, and the map geometry."""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources

from games.core.i18n import Msg

from .messages import T

CONTENT = json.loads(resources.files(__package__).joinpath("content.json").read_text(encoding="utf-8"))
SETTINGS: dict = CONTENT["settings"]
COLOURS: dict[str, str] = CONTENT["colours"]  # letter -> name
VARIANTS: dict[str, dict] = CONTENT["variants"]
RACES: list[dict] = CONTENT["races"]
BASIC_TECH: dict = CONTENT["basic_tech"]
CORE = "core"


@dataclass(frozen=True)
class Card:
    id: str
    colour: str  # r/b/g/y
    size: int
    variant: str
    param: str = ""  # colour letter named by colour-specific effects

    @property
    def spec(self) -> dict:
        return VARIANTS[self.variant]

    @property
    def action(self) -> str:
        return self.spec["action"]

    @property
    def box(self) -> int:
        return self.spec["base"][self.size - 1]

    def text(self, n: int | None = None) -> Msg:
        return effect_text(self.variant, self.box if n is None else n, self.param)

    def detail(self) -> Msg:
        return T("Size {size} {colour}: {text}", size=self.size, colour=colour_name(self.colour), text=self.text())

    def short(self) -> Msg:
        return T("{colour} {size} {action}", colour=colour_title(self.colour), size=self.size,
                 action=action_name(self.action))


def colour_name(letter: str) -> Msg:
    """A colour as a word inside a sentence ("red")."""
    return T.name(f"colour:{letter}", COLOURS.get(letter, "?"))


def colour_title(letter: str) -> Msg:
    """A colour at the head of a card's name ("Red")."""
    return T.name(f"colour-title:{letter}", COLOURS.get(letter, "?").capitalize())


def action_name(action: str) -> Msg:
    return T.name(f"action:{action}", action.capitalize())


def effect_text(variant: str, n: int, param: str = "") -> Msg:
    """What an effect does with boxed number `n` (its text lives in content.json)."""
    text = VARIANTS[variant]["text"]
    if "{c}" in text:
        return T.name(f"variant:{variant}", text, n=n, c=colour_name(param))
    return T.name(f"variant:{variant}", text, n=n)


def race_name(race: dict) -> Msg:
    key, english = race["key"], race["name"]  # plain variables: only literals are extracted as texts
    return T.name(f"race:{key}", english)


def basic_tech_name() -> Msg:
    english = BASIC_TECH["name"]
    return T.name("tech:basic", english)


def _build_cards() -> dict[str, Card]:
    cards: dict[str, Card] = {}
    for colour, entries in CONTENT["decks"].items():
        for i, entry in enumerate(entries, 1):
            name, size = entry.split(":")
            variant, _, param = name.partition("/")
            cid = f"im-{colour}{i:02d}"
            cards[cid] = Card(cid, colour, int(size), variant, param)
    return cards


CARDS: dict[str, Card] = _build_cards()
ALL_CARD_IDS: tuple[str, ...] = tuple(CARDS)

# ---- map geometry: 19 cards in rows 3-4-5-4-3 (axial hex coordinates) ----
POS: list[tuple[int, int]] = [(q, r) for r in range(-2, 3) for q in range(max(-2, -2 - r), min(2, 2 - r) + 1)]
INDEX = {qr: i for i, qr in enumerate(POS)}
CENTER = INDEX[(0, 0)]
_DIRS = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
ADJ: list[list[int]] = [
    [INDEX[(q + dq, r + dr)] for dq, dr in _DIRS if (q + dq, r + dr) in INDEX] for q, r in POS
]
GATES: list[tuple[int, int]] = sorted({(min(a, b), max(a, b)) for a in range(len(POS)) for b in ADJ[a]})
GATE_INDEX = {ab: i for i, ab in enumerate(GATES)}
CARD_GATES: list[list[int]] = [[GATE_INDEX[(min(a, b), max(a, b))] for b in ADJ[a]] for a in range(len(POS))]
# corner cards in ring order (clockwise from the top left)
CORNERS = [INDEX[qr] for qr in [(0, -2), (2, -2), (2, 0), (0, 2), (-2, 2), (-2, 0)]]


def gate_between(a: int, b: int) -> int:
    return GATE_INDEX[(min(a, b), max(a, b))]


def gate_name(g: int) -> str:
    a, b = GATES[g]
    return f"{a}/{b}"


def ring(p: int) -> int:
    q, r = POS[p]
    return max(abs(q), abs(r), abs(q + r))


def home_gate(p: int) -> int:
    """The gate of home card p that points toward the Sector Core."""
    inner = min(ADJ[p], key=lambda b: (ring(b), b))
    return gate_between(p, inner)


def cruiser_steps(g: int) -> list[tuple[int, int]]:
    """(next gate, crossed card) for one cruiser step from gate g."""
    out = []
    for card in GATES[g]:
        for g2 in CARD_GATES[card]:
            if g2 != g:
                out.append((g2, card))
    return out


CRUISER_STEPS = [cruiser_steps(g) for g in range(len(GATES))]
