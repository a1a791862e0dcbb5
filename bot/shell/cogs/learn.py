"""/learn: open a guided first game in this channel (a coach on every player's panel, a summary
after each round; see bot.platform.guide), set up short, with bot players seated so it can
start at once. Friends may join before the start; each of them is coached too."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

import games
from games.core import GameRules

from ...platform import guide
from ...platform.live import SessionError
from ..ui.base import guild_of
from ..ui.table import lobby_message
from .game import GAME_DESCRIPTION, LANGUAGE_CHOICES, channel_id, game_autocomplete, require_permissions

if TYPE_CHECKING:
    from ..app import GameHostBot

SHORT = "short"  # an option value that names a game's short length


def learning_options(rules: GameRules) -> str:
    """The setup a first game gets, as `key=value` text: guided, and the short length where the
    game offers one (every other option keeps its default, the introductory setup)."""
    chosen = [f"{guide.OPTION}=on"]
    chosen += [f"{spec.key}={SHORT}" for spec in rules.options if SHORT in spec.choices and spec.default != SHORT]
    return " ".join(chosen)


def default_bots(rules: GameRules) -> int:
    """Bot players seated when none are asked for: none for a game with a solo mode (its own
    automatic opponent plays), else as many as the game needs at the least."""
    return 0 if rules.min_players <= 1 else rules.min_players - 1


class LearnCog(commands.Cog):
    def __init__(self, bot: "GameHostBot") -> None:
        self.bot = bot

    @app_commands.command(name="learn", description="Open a guided first game here: a coach explains every decision")
    @app_commands.describe(game=GAME_DESCRIPTION,
                           bots="Bot players to seat (empty: the fewest the game needs; friends can also Join)",
                           language="The language of the table's messages and board (the server's if empty)")
    @app_commands.autocomplete(game=game_autocomplete)
    @app_commands.choices(language=LANGUAGE_CHOICES)
    @app_commands.guild_only()
    async def learn(self, interaction: discord.Interaction, game: str,
                    bots: app_commands.Range[int, 0, 5] | None = None,
                    language: app_commands.Choice[str] | None = None) -> None:
        require_permissions(interaction)
        try:
            rules = games.find(game)
        except KeyError as error:
            raise SessionError(str(error.args[0])) from None
        user = interaction.user
        wanted = default_bots(rules) if bots is None else min(bots, rules.max_players - 1)
        sessions = self.bot.sessions
        created = await sessions.create(guild_of(interaction), channel_id(interaction), rules.slug, user.id,
                                        user.display_name, learning_options(rules), pace="off",
                                        language=language.value if language is not None else None)
        for _ in range(wanted):
            await sessions.add_bot(created, user.id)
        locale = await self.bot.languages.table(created)
        await interaction.response.send_message(**lobby_message(created, locale))
        message = await interaction.original_response()
        await sessions.set_turn_message(created, message.id)


async def setup(bot: "GameHostBot") -> None:
    await bot.add_cog(LearnCog(bot))
