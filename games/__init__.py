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


def find(name: str) -> GameRules:
    """The game whose slug or title is `name`, ignoring case, spaces and punctuation."""
    def key(text: str) -> str:
        return "".join(ch for ch in text.lower() if ch.isalnum())

    wanted = key(name)
    for slug, rules in REGISTRY.items():
        if wanted in (key(slug), key(rules.title)):
            return rules
    return get(name)


def get(slug: str) -> GameRules:
    """The rules for `slug`; KeyError naming the known games if there is none."""
    try:
        return REGISTRY[slug]
    except KeyError:
        raise KeyError(f"unknown game {slug!r}; known: {', '.join(sorted(REGISTRY))}") from None
