"""Registry of every playable game, keyed by slug: the one place a game is registered.

Everything else reads it: the bot (`find`, `get`), the renderers (a game's images are drawn by
`renderers.<its package>`), the history (through the contract), the tests and the benches
(`SHIPPED`: the games of this package, never the test games a test run adds to `REGISTRY`)."""

from __future__ import annotations

import importlib

from .core import GameRules

# slug -> module that defines RULES; each game registers by being listed here.
_GAME_MODULES = {
    "pocket-mars": "games.pocket_mars",
    "petrichor": "games.petrichor",
    "impulse": "games.impulse",
    "ares-expedition": "games.ares_expedition",
    "voidfall": "games.voidfall",
}

REGISTRY: dict[str, GameRules] = {}
for _slug, _module in _GAME_MODULES.items():
    REGISTRY[_slug] = importlib.import_module(_module).RULES

SHIPPED: tuple[str, ...] = tuple(_GAME_MODULES)  # the real games, in registration order


def _key(text: str) -> str:
    """A name as names are compared: lower case, letters and digits only (any script)."""
    return "".join(ch for ch in text.lower() if ch.isalnum())


def find(name: str) -> GameRules:
    """The game whose slug or title in any language is `name` ("pocket-mars", "Pocket Mars",
    "口袋火星"), ignoring case, spaces and punctuation, or the one game whose slug or title
    contains it; KeyError naming the known games if none."""
    wanted = _key(name)
    for slug, rules in REGISTRY.items():
        if wanted and (wanted == _key(slug) or any(wanted == _key(title) for title in rules.titles())):
            return rules
    found = matching(name) if wanted else []
    return found[0] if len(found) == 1 else get(name)  # a part that names one game ("Ares") finds it


def matching(typed: str) -> list[GameRules]:
    """The games whose slug or title in any language contains what was typed (all for
    nothing typed), in slug order: what a game option suggests while a player types."""
    wanted = _key(typed)
    return [rules for slug, rules in sorted(REGISTRY.items())
            if wanted in _key(slug) or any(wanted in _key(title) for title in rules.titles())]


def get(slug: str) -> GameRules:
    """The rules for `slug`; KeyError naming the known games if there is none."""
    try:
        return REGISTRY[slug]
    except KeyError:
        raise KeyError(f"unknown game {slug!r}; known: {', '.join(sorted(REGISTRY))}") from None
