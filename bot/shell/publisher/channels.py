"""Where a game's public messages go: its channel (a deleted channel closes the game), posted
and edited by the cheapest route Discord allows (`bot.shell.posting`)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from ...platform.live import LiveGame
from ..posting import Routes

if TYPE_CHECKING:
    from ..host import Host

log = logging.getLogger(__name__)


class Channels:
    """A game's channel and the bot's messages in it."""

    def __init__(self, bot: "Host") -> None:
        self.bot = bot
        self.routes = Routes(bot)

    async def channel_of(self, game: LiveGame, strict: bool = False) -> Any:
        """The game's channel. A deleted channel closes the game (None); other failures return
        None, or raise with `strict` so the caller can record the announcement as pending."""
        channel = self.bot.get_channel(game.row.channel_id)
        if channel is not None:
            return channel
        try:
            return await self.bot.fetch_channel(game.row.channel_id)
        except discord.NotFound:
            log.warning("channel %s of game %s is gone; closing the game", game.row.channel_id, game.id)
            await self.bot.sessions.channel_gone(game)
            return None
        except discord.HTTPException:
            if strict:
                raise
            return None

    async def strip_buttons(self, channel: Any, message_id: int, content: str | None = None) -> None:
        """Remove the buttons of a message that no longer applies."""
        try:
            kwargs: dict[str, Any] = ({"view": None} if content is None
                                      else {"view": None, "content": content, "embed": None})
            await self.routes.edit(channel, message_id, **kwargs)
        except discord.HTTPException:
            pass

    async def post_pages(self, channel: Any, via: discord.Interaction | None, pages: list[str]) -> None:
        """Log lines too many for the next message, posted just before it (pinging nobody)."""
        for page in pages:
            await self.routes.post(channel, via, page, allowed_mentions=discord.AllowedMentions.none())

    async def add_file(self, channel: Any, message_id: int, file: discord.File) -> None:
        """Add `file` to a posted message, keeping its attachments (a routed post comes back
        as a PartialMessage, which does not know them)."""
        kept = (await channel.fetch_message(message_id)).attachments
        await self.routes.edit(channel, message_id, attachments=[*kept, file])
