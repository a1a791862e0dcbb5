"""Registry of every playable game, keyed by slug."""

from __future__ import annotations

import importlib

from .core import GameRules

# slug -> module that defines RULES; each game registers by being listed here.
_GAME_MODULES = {
    "pocket-mars": "games.pocket_mars",
    "impulse": "games.impulse",
    "petrichor": "games.petrichor",
}

REGISTRY: dict[str, GameRules] = {}
for _slug, _module in _GAME_MODULES.items():
    REGISTRY[_slug] = importlib.import_module(_module).RULES


def get(slug: str) -> GameRules:
    """The rules for `slug`; KeyError naming the known games if there is none."""
    try:
        return REGISTRY[slug]
    except KeyError:
        raise KeyError(f"unknown game {slug!r}; known: {', '.join(sorted(REGISTRY))}") from None
