"""/rules and /settings."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands
from discord.ext import commands

import games

from ..session import SessionError
from .game import game_autocomplete

if TYPE_CHECKING:
    from ..app import GameHostBot


class GeneralCog(commands.Cog):
    def __init__(self, bot: "GameHostBot") -> None:
        self.bot = bot

    @app_commands.command(name="rules", description="A short rules summary of a game")
    @app_commands.autocomplete(game=game_autocomplete)
    async def rules(self, interaction: discord.Interaction, game: str) -> None:
        try:
            rules = games.find(game)
        except KeyError as error:
            raise SessionError(str(error.args[0])) from None
        text = [f"**{rules.title}** ({rules.min_players}-{rules.max_players} players)", rules.summary]
        if rules.options:
            text.append("**Options** for `/game new options:`")
            text.extend(f"`{o.key}={'|'.join(o.choices)}` (default {o.default}): {o.label}" for o in rules.options)
        await interaction.response.send_message("\n".join(text)[:2000], ephemeral=True)

    settings = app_commands.Group(name="settings", description="Your personal settings")

    @settings.command(name="dm", description="Turn 'your turn' direct messages on or off")
    async def dm(self, interaction: discord.Interaction, enabled: Literal["on", "off"]) -> None:
        await self.bot.storage.set_dm_enabled(interaction.user.id, enabled == "on")
        await interaction.response.send_message(f"Turn DMs are now {enabled}.", ephemeral=True)


async def setup(bot: "GameHostBot") -> None:
    await bot.add_cog(GeneralCog(bot))
