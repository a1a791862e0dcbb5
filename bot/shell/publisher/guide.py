"""A guided game's round summaries in its channel: after a change is announced, the round
that ended (if one did) is summarised under the turn message, in the table's language (the
summary itself is the platform's, bot.platform.guide)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from ...platform import guide
from ...platform.live import LiveGame
from .. import panels
from .channels import Channels

if TYPE_CHECKING:
    from ..host import Host

log = logging.getLogger(__name__)


class RoundSummaries:
    """Posts the summary of each round a guided game finished."""

    def __init__(self, bot: "Host", channels: Channels) -> None:
        self.bot = bot
        self.channels = channels

    async def after(self, game: LiveGame, via: discord.Interaction | None = None) -> None:
        """Summarise the round that ended since the last summary, if one did. A failure is logged
        and never holds up the game (the log keeps every line; `/game log` reads it)."""
        if not guide.is_guided(game):
            return
        try:
            report = await self.bot.sessions.guide.round_over(game)
            if report is None:
                return
            channel = await self.channels.channel_of(game)
            if channel is None:
                return
            locale = await self.bot.languages.table(game)
            for page in panels.chunk(report.text(game.names(), locale).splitlines(), panels.MESSAGE_LIMIT - 100):
                await self.channels.routes.post(channel, via, page, allowed_mentions=discord.AllowedMentions.none())
        except Exception:  # noqa: BLE001 - a summary is a courtesy: the move and its announcement stand
            log.warning("could not post the round summary of game %s", game.id, exc_info=True)
