"""The discord.py application: builds the bot with its storage, sessions and cogs."""

from __future__ import annotations

import logging

import discord
from discord.ext import commands

from .config import Settings
from .errors import reply_error
from .publisher import Publisher
from .session import Sessions
from .storage import Storage
from .ui import DYNAMIC_ITEMS

log = logging.getLogger(__name__)

EXTENSIONS = ("bot.cogs.game", "bot.cogs.general", "bot.cogs.reminders")


class GameHostBot(commands.Bot):
    """The game host. `sessions` holds the games; `publisher` posts about them."""

    def __init__(self, settings: Settings) -> None:
        intents = discord.Intents.default()  # slash commands and components need no privileged intents
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None)
        self.settings = settings
        self.storage = Storage(settings.database)
        self.sessions = Sessions(self.storage)
        self.publisher = Publisher(self)
        self.drafts: dict[tuple[int, int], set[int]] = {}  # (game, user) -> picks across select pages
        self.tree.on_error = reply_error

    async def setup_hook(self) -> None:
        await self.storage.open()
        restored = await self.sessions.restore()
        log.info("restored %d games", restored)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        if self.settings.guilds:
            for guild_id in self.settings.guilds:
                guild = discord.Object(guild_id)
                self.tree.copy_global_to(guild=guild)
                await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def close(self) -> None:
        await super().close()
        await self.storage.close()


def create_bot(settings: Settings | None = None) -> GameHostBot:
    """The fully configured bot, not yet connected."""
    return GameHostBot(settings or Settings.load())
