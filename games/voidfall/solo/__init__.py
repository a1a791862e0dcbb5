"""Voidfall solo and cooperative play against the Voidborn (issue 14).

The Voidborn depend on the game, never the reverse: `mode.VoidbornMode` fills the hooks of
games/voidfall/modes.py, and the modules below register their task handlers and effects in the
game's registries (`tasks.handler`, `effects.effect`). Importing this package imports all of
them, so the registries are complete; games/voidfall/__init__.py does so and registers the mode
for "solo" and "coop".
"""

from . import exchange, flow, havens, heroic, mode, payment, secret, share  # noqa: F401  (they register)
