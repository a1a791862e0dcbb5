"""The discord.py application: builds the bot with its storage, sessions and cogs."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord.ext import commands

from ..platform import collector
from ..platform.bot_thinker import BOT_THINKER
from ..platform.config import Settings
from ..platform.history import History
from ..platform.language import Languages
from ..platform.render_pool import RenderPool
from ..platform.sessions import Sessions
from ..platform.storage import open_storage
from . import dispatch
from .access import Access
from .errors import reply_error
from .images import Images
from .language import reader_locale
from .publisher import Publisher
from .translator import CatalogueTranslator
from .ui.panel import DYNAMIC_ITEMS, Views

log = logging.getLogger(__name__)

EXTENSIONS = ("bot.shell.cogs.game", "bot.shell.cogs.general", "bot.shell.cogs.reminders", "bot.shell.cogs.history",
              "bot.shell.cogs.learn", "bot.shell.cogs.access")


class GameHostBot(commands.Bot):
    """The game host. `sessions` holds the games (the platform); `images` draws them, `views`
    lays out what players see and `publisher` posts about them (the shell)."""

    def __init__(self, settings: Settings, own_process: bool = False, **shards: Any) -> None:
        # Only the gateway events the bot acts on: servers and channels (a deleted channel closes
        # its game). Everything players do arrives as interactions, which need no intent; with
        # the default intents every message in every channel of every server (the bot's own
        # posts included) would come in to be parsed and cached for nothing.
        intents = discord.Intents.none()
        intents.guilds = True
        # The one privileged intent: it tells the bot when a member leaves the server, so their
        # seats go to bot players. Turn it off in config if the portal toggle is not enabled.
        intents.members = settings.track_members
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None,
                         chunk_guilds_at_startup=False,  # member lists are never needed
                         max_messages=None, **shards)  # nor a cache of messages it never receives
        self.settings = settings
        self.own_process = own_process  # the only bot of its process, run until it exits
        self.storage = open_storage(settings.database, shard_ids=settings.shard_ids or None,
                                    shard_count=settings.shard_count)
        self.sessions = Sessions(self.storage, defaults=settings.server_defaults)
        self.renders = RenderPool(settings.render_worker_count)
        self.languages = Languages(self.storage, lambda guild_id: getattr(self.get_guild(guild_id),
                                                                          "preferred_locale", None))
        self.images = Images(self)
        self.views = Views(self)
        self.publisher = Publisher(self)
        self.history = History(self.storage)  # results, ratings, replays (issue 24)
        self.access = Access(self)  # who can view a game's channel (issue 34)
        # what is kept per game goes when the game leaves memory
        self.sessions.games.on_forget(self.images.forget)
        self.sessions.games.on_forget(self.publisher.forget)
        self.tree.on_error = reply_error  # type: ignore[method-assign]
        self.add_listener(self._note_locale, "on_interaction")

    async def setup_hook(self) -> None:
        await self.storage.open()  # refuses to start when another process owns this database or shard
        running = await self.sessions.restore()
        log.info("%d games running; they load on first use", running)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        dispatch.install(self)  # its clicks reach the items without a view of the whole message
        await self.tree.set_translator(CatalogueTranslator())  # commands in each client's language
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        if self.settings.guilds:
            for guild_id in self.settings.guilds:
                guild = discord.Object(guild_id)
                self.tree.copy_global_to(guild=guild)
                await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()
        if self.own_process:
            collector.settle_after_startup()

    async def _note_locale(self, interaction: discord.Interaction) -> None:
        """Remember each user's client language from whatever they click or type, so the DMs
        they get later (which come with no interaction) read in it too."""
        await reader_locale(interaction)

    async def close(self) -> None:
        await super().close()
        self.renders.close()
        BOT_THINKER.close()
        await self.storage.close()


class ShardedGameHostBot(GameHostBot, commands.AutoShardedBot):
    """The game host running several shards, or only some (`shard_ids`): storage then lists and
    loads only the games of servers on those shards, so processes can share one PostgreSQL database."""


def create_bot(settings: Settings | None = None, own_process: bool = False) -> GameHostBot:
    """The fully configured bot, not yet connected. `own_process`: the process runs only this
    bot until it exits (`gamehost run`), so the garbage collector is set for that once it has
    started (`collector`)."""
    settings = settings or Settings.load()
    if settings.shard_count == 1 and not settings.shard_ids:
        return GameHostBot(settings, own_process)
    shards: dict[str, Any] = {"shard_count": settings.shard_count}
    if settings.shard_ids:
        shards["shard_ids"] = list(settings.shard_ids)
    return ShardedGameHostBot(settings, own_process, **shards)
