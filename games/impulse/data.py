"""Static content: cards (from content.json), races, and the map geometry."""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources

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

    def text(self, n: int | None = None) -> str:
        return effect_text(self.variant, self.box if n is None else n, self.param)

    def detail(self) -> str:
        return f"Size {self.size} {COLOURS[self.colour]}: {self.text()}"

    def short(self) -> str:
        return f"{COLOURS[self.colour].capitalize()} {self.size} {self.action.capitalize()}"


def effect_text(variant: str, n: int, param: str = "") -> str:
    spec = VARIANTS[variant]
    return spec["text"].format(n=n, c=COLOURS.get(param, "?"))


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
