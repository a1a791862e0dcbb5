"""The lobby message once it was posted: refreshed as seats change, closed with a reason."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from ...platform.live import LiveGame
from ...platform.words import Said, T, say
from .channels import Channels

if TYPE_CHECKING:
    from ..host import Host

log = logging.getLogger(__name__)


class LobbyMessages:
    """Keeps a table's lobby message up to date until the game starts or the table closes."""

    def __init__(self, bot: "Host", channels: Channels) -> None:
        self.bot = bot
        self.channels = channels

    async def closed(self, game: LiveGame, reason: Said) -> None:
        """A lobby closed (expired, or everyone left): remove its buttons and say why."""
        channel = await self.channels.channel_of(game)
        if channel is not None and game.row.turn_message_id:
            locale = await self.bot.languages.table(game)
            await self.channels.strip_buttons(channel, game.row.turn_message_id,
                                              content=say(T("The {title} table closed: {reason}",
                                                            title=game.rules.title_text, reason=say(reason, locale)),
                                                          locale))

    async def refresh(self, game: LiveGame) -> None:
        channel = await self.channels.channel_of(game)
        if channel is None or not game.row.turn_message_id:
            return
        locale = await self.bot.languages.table(game)
        if game.row.status != "lobby":
            await self.channels.strip_buttons(channel, game.row.turn_message_id,
                                              content=say(T("The {title} table closed: everyone left.",
                                                            title=game.rules.title_text), locale))
            return
        try:
            await channel.get_partial_message(game.row.turn_message_id).edit(**self.bot.views.lobby(game, locale))
        except discord.HTTPException:
            log.info("could not refresh the lobby of game %s", game.id)
