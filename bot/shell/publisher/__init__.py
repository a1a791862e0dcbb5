"""Everything the bot posts (see bot.shell.publisher.turns)."""

from .turns import Publisher

__all__ = ["Publisher"]
