"""/rules (paged sections), /card (the glossary of every named thing of the channel's game) and /settings."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands
from discord.ext import commands

import games

from .. import help, panels, reading
from ..session import SessionError
from ..ui_base import last_game
from .game import game_autocomplete

if TYPE_CHECKING:
    from ..app import GameHostBot


async def _glossary(interaction: discord.Interaction) -> dict[str, str]:
    game = await last_game(interaction.client, interaction.channel_id or 0)  # type: ignore[arg-type]
    return reading.game_glossary(game, interaction.user.id) if game is not None else {}


async def card_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    entries = await _glossary(interaction)
    return [app_commands.Choice(name=panels.clip(name, 100), value=name[:100])
            for name in reading.lookup(entries, current)]


class GeneralCog(commands.Cog):
    def __init__(self, bot: "GameHostBot") -> None:
        self.bot = bot

    @app_commands.command(name="rules", description="The rules of a game, in sections you page through")
    @app_commands.autocomplete(game=game_autocomplete)
    async def rules(self, interaction: discord.Interaction, game: str) -> None:
        try:
            rules = games.find(game)
        except KeyError as error:
            raise SessionError(str(error.args[0])) from None
        content, view = help.rules_message(rules, 0)
        await interaction.response.send_message(content, view=view, ephemeral=True)

    @app_commands.command(name="card", description="Read any card, term or rule text of this channel's game")
    @app_commands.describe(name="Start typing a name or a word of its text")
    @app_commands.autocomplete(name=card_autocomplete)
    @app_commands.guild_only()
    async def card(self, interaction: discord.Interaction, name: str) -> None:
        entries = await _glossary(interaction)
        if not entries:
            raise SessionError("There is no game in this channel (running or finished) whose cards I could show.")
        found = entries.get(name) and [name] or reading.lookup(entries, name, 5)
        if not found:
            raise SessionError(f"Nothing called {panels.clip(name, 80)!r} in this game. Pick a name from the list "
                               "that appears while you type.")
        parts = panels.chunk("\n\n".join(f"**{key}**\n{entries[key]}" for key in found).split("\n"), 1900)
        await interaction.response.send_message(parts[0], ephemeral=True)
        for part in parts[1:]:  # whole texts, never cut: a long answer goes on in more messages
            await interaction.followup.send(part, ephemeral=True)

    settings = app_commands.Group(name="settings", description="Your personal settings and the server's defaults")

    @settings.command(name="dm", description="What 'your turn' DMs bring: the whole panel, a short notice, or nothing")
    @app_commands.describe(mode="panel: your hand and the decision, playable in the DM; notice: one line with a "
                                "link; off: no DMs")
    async def dm(self, interaction: discord.Interaction, mode: Literal["panel", "notice", "off"]) -> None:
        await self.bot.storage.set_dm_mode(interaction.user.id, mode)
        await interaction.response.send_message(f"Turn DMs: {mode}.", ephemeral=True)

    @settings.command(name="server", description="Server defaults for new games (Manage Server only)")
    @app_commands.describe(pace="Default turn clock", quiet_hours="Hours without reminders, UTC, e.g. 22-07 (empty: none)",
                           on_timeout="What happens when a player's time runs out",
                           lobby_expiry_hours="Hours an unstarted table waits before it closes")
    @app_commands.guild_only()
    async def server(self, interaction: discord.Interaction,
                     pace: Literal["off", "fast", "daily", "relaxed"] | None = None,
                     quiet_hours: str | None = None, on_timeout: Literal["skip", "bot", "wait"] | None = None,
                     lobby_expiry_hours: app_commands.Range[int, 1, 720] | None = None) -> None:
        perms = interaction.permissions
        if not (perms and perms.manage_guild):
            raise SessionError("Only members with Manage Server can change the server's game settings.")
        sessions = self.bot.sessions
        values = {key: value for key, value in (("pace", pace), ("quiet_hours", quiet_hours),
                                                ("on_timeout", on_timeout),
                                                ("lobby_expiry_hours", lobby_expiry_hours)) if value is not None}
        if values:
            await sessions.set_server_settings(interaction.guild_id, **values)
        current = await sessions.server_settings(interaction.guild_id)
        shown = "\n".join(f"`{key}` = {value if value not in ('', None) else '(none)'}" for key, value in sorted(current.items()))
        head = "Saved. " if values else ""
        await interaction.response.send_message(f"{head}Server defaults for new games:\n{shown}", ephemeral=True)


async def setup(bot: "GameHostBot") -> None:
    await bot.add_cog(GeneralCog(bot))
