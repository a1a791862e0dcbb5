"""What a game tells players about itself, as plain data: the glossary of every named thing
(cards, corporations, phases, token kinds, ...), the rules in sections a player can page
through, an explanation of a pending decision in its context, and where everyone stands.

Every text here is a `Text` (see i18n): a game writes its names and texts as messages whose
context is the entry's id, so each reader reads them in their own language. Catalogue entries are public facts of the game's box: they never
depend on a state, so they cannot leak anybody's hidden cards.

A game plugs in by overriding the matching `GameRules` hooks (`catalogue`, `rules_documents`,
`explain`, `standings`); the defaults give an empty glossary, the player's rulebook of the
game's package (RULEBOOK.md, read by rulebook.py) as its rules, no context lines beyond the
decision itself and no mid-game scores. A game's glossary lives in its own `catalogue.py`, returned by its `catalogue()`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .i18n import ENGLISH, Text, render


@dataclass(frozen=True)
class CatalogueEntry:
    """One named thing of a game. `id` is stable ("card:AE002"), `kind` says what it is
    ("card", "corporation", "phase", ...), `text` is the whole text (lines joined by
    newlines), never clipped."""

    id: str
    kind: str
    name: Text
    text: Text


@dataclass(frozen=True)
class Catalogue:
    """Every named thing of a game, in a fixed order."""

    entries: tuple[CatalogueEntry, ...] = ()

    def __post_init__(self) -> None:
        ids = [entry.id for entry in self.entries]
        if len(set(ids)) != len(ids):
            raise ValueError("catalogue ids must be unique")

    def find(self, typed: str, limit: int = 25, locale: str = ENGLISH) -> list[CatalogueEntry]:
        """Entries whose name (or, failing that, text) in `locale` or in English contains
        `typed`, ignoring case: exact names first, then names starting with it, then other name
        hits, then text hits."""
        wanted = typed.lower().strip()
        locales = (locale, ENGLISH) if locale != ENGLISH else (ENGLISH,)

        def rank(entry: CatalogueEntry) -> tuple[int, str]:
            names = [render(entry.name, code).lower() for code in locales]
            order = min(0 if name == wanted else 1 if name.startswith(wanted) else 2 if wanted in name else 3
                        for name in names)
            return order, names[0]

        def hit(entry: CatalogueEntry) -> bool:
            return any(wanted in render(entry.name, code).lower() or wanted in render(entry.text, code).lower()
                       for code in locales)

        return sorted(filter(hit, self.entries), key=rank)[:limit]

    def merged(self, *others: "Catalogue") -> "Catalogue":
        """This catalogue followed by the entries of `others` whose ids it does not have."""
        seen = {entry.id for entry in self.entries}
        extra = [e for other in others for e in other.entries if e.id not in seen]
        return Catalogue(self.entries + tuple(extra))


@dataclass(frozen=True)
class RulesSection:
    """One page-able part of the rules: `id` stable (the same in every language), `title` and
    `text` in the language it was read in."""

    id: str
    title: str
    text: str


@dataclass(frozen=True)
class Callout:
    """A numbered marker drawn on a rulebook figure at (`x`, `y`), given as fractions of the
    image's width and height from its top left corner; the page's text explains the number."""

    number: int
    x: float
    y: float


@dataclass(frozen=True)
class Figure:
    """A picture on a page of a game's player's rulebook: the game set up for `players` with
    `seed` and `options`, played on by the bot players for `moves` choices, drawn as `seat` sees
    it (`None`: the public board; a seat: that seat's private image, e.g. a hand). `callouts`
    number the parts the page explains. A page shows it where a line reads `![caption](figure:NAME)`,
    NAME being its key in the game's `figures()`."""

    players: int
    seed: int = 1
    moves: int = 0
    seat: int | None = None
    options: tuple[tuple[str, str], ...] = ()
    callouts: tuple[Callout, ...] = ()


FIGURE_LINE = re.compile(r"^!\[(?P<caption>[^\]]*)\]\(figure:(?P<name>[a-z0-9-]+)\)\s*$")


@dataclass(frozen=True)
class Standing:
    """Where one side stands mid-game: its score if the game ended now and the terms that make
    it ("TR 23", "forests 3"). `seat` is None for a solo or co-op game's automatic opponent,
    named by `name` (a text, so each reader reads it in their language; a seat's name comes
    from the table)."""

    seat: int | None
    score: int
    terms: tuple[Text, ...] = ()
    name: Text = ""


def slug(text: str) -> str:
    """A stable lower-case id made of the letters and digits of `text`."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "section"


def sections_from_markdown(text: str, prefix: str = "") -> tuple[RulesSection, ...]:
    """A markdown rules document split at its `## ` headings. The text before the first such
    heading becomes an overview titled by the `# ` heading. Nothing is shortened."""
    sections: list[RulesSection] = []
    title = "Overview"
    body: list[str] = []
    used: set[str] = set()

    def close() -> None:
        content = "\n".join(body).strip()
        if content:
            key = f"{prefix}{slug(title)}"
            while key in used:
                key += "-2"
            used.add(key)
            sections.append(RulesSection(key, title, content))

    for line in text.splitlines():
        if line.startswith("# ") and not sections and not body:
            title = line[2:].strip()
        elif line.startswith("## "):
            close()
            title, body = line[3:].strip(), []
        else:
            body.append(line)
    close()
    return tuple(sections)
