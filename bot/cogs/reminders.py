"""Reminds idle players and offers the table a bot takeover for long-idle seats."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord.ext import commands, tasks

from .. import ui

if TYPE_CHECKING:
    from ..app import GameHostBot

log = logging.getLogger(__name__)


class RemindersCog(commands.Cog):
    def __init__(self, bot: "GameHostBot") -> None:
        self.bot = bot
        self.loop = tasks.loop(seconds=bot.settings.check_interval_seconds)(self.check)

    async def cog_load(self) -> None:
        self.loop.start()

    async def cog_unload(self) -> None:
        self.loop.cancel()

    async def check(self, now: float | None = None) -> None:
        """Post reminders and takeover votes for games that have waited too long."""
        bot = self.bot
        now = bot.sessions.clock() if now is None else now
        settings = bot.settings
        remind, afk = bot.sessions.idle_games(now, settings.reminder_minutes * 60, settings.afk_hours * 3600)
        for game in remind:
            game.reminded = True
            channel = await bot.publisher.channel_of(game)
            if channel is None:
                continue
            humans = [f"<@{game.seats[s].user_id}>" for s in game.to_act() if not game.seats[s].is_bot]
            try:
                await channel.send(f"Reminder: {' '.join(humans)}, **{game.rules.title}** is waiting for you.",
                                   view=ui.turn_view(game.id))
            except discord.HTTPException:
                log.warning("reminder for game %s failed", game.id, exc_info=True)
        for game in afk:
            game.takeover_offered = True
            channel = await bot.publisher.channel_of(game)
            if channel is None:
                continue
            view = ui.static_view(ui.TakeoverButton(game.id, game.version))
            try:
                await channel.send(
                    f"**{game.rules.title}** has waited {settings.afk_hours} h for {bot.sessions.waiting_on(game)}. "
                    "Other players may vote to let a bot player take this turn; the creator can also /game abandon.",
                    view=view)
            except discord.HTTPException:
                log.warning("takeover offer for game %s failed", game.id, exc_info=True)


async def setup(bot: "GameHostBot") -> None:
    await bot.add_cog(RemindersCog(bot))
