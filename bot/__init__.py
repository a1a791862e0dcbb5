"""The bot hosting the games, in two rooms:

* `bot.platform`: everything that does not need Discord (storage, the live games' sessions,
  turn clocks, history, recaps and the channel's log, languages, the texts a player reads, the
  render pool, the bot players' thinking process, config, the terminal sandbox). It never
  imports discord.py.
* `bot.shell`: the thin discord.py layer over it (the app, slash-command cogs, components and
  panels, the publisher, DMs, error replies). The shell asks the platform, never the reverse.

`bot.cli` is the `gamehost` command (`python -m bot`): the Discord bot or the sandbox."""

from typing import Any


def create_bot(settings: Any = None) -> Any:
    """The fully configured bot without connecting (see bot.shell.app.create_bot)."""
    from .shell.app import create_bot as build

    return build(settings)
