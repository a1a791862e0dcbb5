"""Card data: the 208 project cards and 12 corporations, loaded from `cards.tsv` at import.

Every rules cell stays in the small vocabulary of the data (see DESIGN.md); `effects.py`
runs it. Card ids are ints 1-220; views name a card by its token (`token(12)` == "AE012").
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path

TAG_ORDER = ("building", "space", "science", "power", "earth", "jovian", "plant", "animal", "microbe", "event")
KINDS = ("green", "blue", "red", "corporation")


@dataclass(frozen=True)
class Card:
    """One card as printed (in vocabulary form). `cost` of a corporation is its starting MC."""

    id: int
    name: str
    kind: str
    cost: int
    tags: tuple[str, ...]
    requirement: tuple[str, ...]
    vp: str
    immediate: str
    production: str
    action: str
    effect: str
    resource: str
    summary: str

    @property
    def token(self) -> str:
        return token(self.id)

    @property
    def actions(self) -> tuple[str, ...]:
        """The alternative uses of the card's blue action (one Action: can offer several)."""
        return tuple(a.strip() for a in self.action.split(" OR ")) if self.action else ()

    def tag_count(self, tag: str) -> int:
        return sum(1 for t in self.tags if t == tag)


def token(card_id: int) -> str:
    """The public name of a card id in views (hidden-token checks compare these)."""
    return f"AE{card_id:03d}"


def _load() -> dict[int, Card]:
    path = Path(__file__).with_name("cards.tsv")
    cards: dict[int, Card] = {}
    with path.open(encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle, delimiter="\t"):
            tags = tuple(t for t in row["tags"].split(",") if t)
            for t in tags:
                if t not in TAG_ORDER:
                    raise ValueError(f"card {row['id']}: unknown tag {t!r}")
            if row["kind"] not in KINDS:
                raise ValueError(f"card {row['id']}: unknown kind {row['kind']!r}")
            card = Card(
                id=int(row["id"]),
                name=row["name"],
                kind=row["kind"],
                cost=int(row["cost"] or 0),
                tags=tags,
                requirement=tuple(r.strip() for r in row["requirement"].split(";") if r.strip()),
                vp=row["vp"].strip(),
                immediate=row["immediate"].strip(),
                production=row["production"].strip(),
                action=row["action"].strip(),
                effect=row["effect"].strip(),
                resource=row["resource"].strip(),
                summary=row["summary"].strip(),
            )
            cards[card.id] = card
    return cards


CARDS: dict[int, Card] = _load()
PROJECT_IDS: tuple[int, ...] = tuple(c.id for c in CARDS.values() if c.kind != "corporation")
CORP_IDS: tuple[int, ...] = tuple(c.id for c in CARDS.values() if c.kind == "corporation")
ALL_TOKENS: frozenset[str] = frozenset(token(c) for c in CARDS)
