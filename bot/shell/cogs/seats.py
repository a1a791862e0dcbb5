"""`/game seat ...`: hand a seat to a bot player or a substitute person and back, so a player
who vanished never stalls the game; and the listener that does the same for members who
leave the server. Mixed into the /game command group."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from ..language import reader_locale
from games.core.levels import BOT_LEVELS, NORMAL

from ...platform.live import SessionError, bot_label
from ..translator import choices
from ..ui.base import channel_game
from ...platform.words import T, say

if TYPE_CHECKING:
    from ..app import GameHostBot

log = logging.getLogger(__name__)

LEVEL_CHOICES = choices(*BOT_LEVELS)


async def seat_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    try:
        game = await channel_game(interaction.client, interaction.channel_id or 0)  # type: ignore[arg-type]
    except SessionError:
        return []
    locale = await reader_locale(interaction)
    return [app_commands.Choice(name=f"{s.seat + 1}. {game.seat_line(s.seat, locale)}"[:100], value=s.seat + 1)
            for s in game.seats if current.lower() in f"{s.seat + 1} {s.name}".lower()][:25]


class SeatCommands:
    """Seat hand-over commands for the /game group (a mixin for the GroupCog)."""

    bot: "GameHostBot"

    seat = app_commands.Group(name="seat", description="Hand a seat to a bot player or a substitute, and back")

    async def _hand_over(self, interaction: discord.Interaction, number: int, to: discord.Member | None,
                         level: str | None = None) -> None:
        game = await channel_game(self.bot, interaction.channel_id or 0)
        if not 1 <= number <= len(game.seats):
            raise SessionError(T("Seat numbers go from 1 to {count}; /game status lists them.", count=len(game.seats)))
        seat = number - 1
        before = game.seats[seat].name
        perms = interaction.permissions
        await interaction.response.defer()
        step = await self.bot.sessions.hand_over(game, interaction.user.id, seat, to.id if to is not None else None,
                               to.display_name if to is not None else f"Bot {number}",
                               bool(perms and perms.manage_guild), level)
        locale = await self.bot.languages.table(game)
        after = game.seats[seat].name
        text = (T("Seat {number} ({before}) is now played by {after} ({what}).", number=number, before=before,
                  after=after, what=bot_label(game.seats[seat].bot_level or NORMAL)) if to is None else
                T("Seat {number} ({before}) is now played by {after}.", number=number, before=before, after=after))
        await interaction.followup.send(say(text, locale))
        await self.bot.publisher.after_step(step)

    @seat.command(name="bot",  # type: ignore[type-var]  # a mixin of the /game cog
                  description="A bot player takes this seat for the rest of the game (until handed back)")
    @app_commands.describe(seat="Seat number (see /game status)",
                           level="How strong the bot plays (default: the table's bots option, normal)")
    @app_commands.autocomplete(seat=seat_autocomplete)
    @app_commands.choices(level=LEVEL_CHOICES)
    async def seat_bot(self, interaction: discord.Interaction, seat: int,
                       level: app_commands.Choice[str] | None = None) -> None:
        await self._hand_over(interaction, seat, None, level.value if level is not None else None)

    @seat.command(name="give",  # type: ignore[type-var]  # a mixin of the /game cog
                  description="A member takes over this seat (also hands it back to its player)")
    @app_commands.describe(seat="Seat number (see /game status)", member="Who plays the seat from now on")
    @app_commands.autocomplete(seat=seat_autocomplete)
    async def seat_give(self, interaction: discord.Interaction, seat: int, member: discord.Member) -> None:
        if member.bot:
            raise SessionError(T("Give the seat to a person, or use /game seat bot for a bot player."))
        await self._hand_over(interaction, seat, member)

    @commands.Cog.listener()
    async def on_member_remove(self, member: discord.Member) -> None:
        """A member who leaves the server: lobbies lose their seat, games hand it to a bot player."""
        try:
            steps = await self.bot.sessions.member_left(member.guild.id, member.id)
        except Exception:  # noqa: BLE001 - a listener has nobody to report to
            log.exception("handling member %s leaving guild %s failed", member.id, member.guild.id)
            return
        for step in steps:
            game = step.game
            if game.row.status == "lobby" or game.state is None:
                await self.bot.publisher.refresh_lobby(game)
            else:
                await self.bot.publisher.after_step(step)
