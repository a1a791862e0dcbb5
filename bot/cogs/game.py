"""/game commands: lobby, turn helpers, log, undo, abandon, list."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

import games

from ..session import LiveGame, SessionError

if TYPE_CHECKING:
    from ..app import GameHostBot


async def game_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Registered games whose slug or title contains what was typed."""
    typed = current.lower()
    return [
        app_commands.Choice(name=rules.title, value=slug)
        for slug, rules in sorted(games.REGISTRY.items())
        if typed in slug or typed in rules.title.lower()
    ][:25]


async def options_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """`key=value` suggestions for the game picked in the same command, keeping what was typed."""
    try:
        rules = games.find(str(getattr(interaction.namespace, "game", "") or ""))
    except KeyError:
        return []
    typed = current.split()
    done, last = (typed, "") if current.endswith(" ") or not typed else (typed[:-1], typed[-1])
    taken = {part.split("=", 1)[0] for part in done}
    prefix = " ".join(done)
    suggestions = [
        f"{prefix} {spec.key}={value}".strip()
        for spec in rules.options if spec.key not in taken
        for value in spec.choices if f"{spec.key}={value}".startswith(last)
    ]
    return [app_commands.Choice(name=text[:100], value=text[:100]) for text in suggestions[:25]]


def channel_id(interaction: discord.Interaction) -> int:
    return interaction.channel_id  # threads have their own id, so a thread is its own table


@app_commands.guild_only()
class GameCog(commands.GroupCog, group_name="game", group_description="Play board games in this channel"):
    def __init__(self, bot: "GameHostBot") -> None:
        self.bot = bot
        super().__init__()

    async def _game(self, interaction: discord.Interaction) -> LiveGame:
        return await self.bot.sessions.for_channel(channel_id(interaction))

    @app_commands.command(name="new", description="Open a new game in this channel")
    @app_commands.describe(game="Which game", options="Setup options as key=value pairs (see /rules)")
    @app_commands.autocomplete(game=game_autocomplete, options=options_autocomplete)
    async def new(self, interaction: discord.Interaction, game: str, options: str | None = None) -> None:
        user = interaction.user
        created = await self.bot.sessions.create(interaction.guild_id, channel_id(interaction), game,
                                                  user.id, user.display_name, options)
        await interaction.response.send_message(**self.bot.publisher.lobby_message(created))
        message = await interaction.original_response()
        await self.bot.sessions.set_turn_message(created, message.id)

    @app_commands.command(name="join", description="Take a seat in this channel's game")
    async def join(self, interaction: discord.Interaction) -> None:
        game = await self._game(interaction)
        await self.bot.sessions.join(game, interaction.user.id, interaction.user.display_name)
        await interaction.response.send_message(f"{interaction.user.mention} joined ({len(game.seats)} seated).")
        await self._refresh_lobby(game)

    @app_commands.command(name="leave", description="Give up your seat before the game starts")
    async def leave(self, interaction: discord.Interaction) -> None:
        game = await self._game(interaction)
        await self.bot.sessions.leave(game, interaction.user.id)
        await interaction.response.send_message(f"{interaction.user.mention} left the table.")
        if game.row.status == "lobby":
            await self._refresh_lobby(game)

    async def _refresh_lobby(self, game: LiveGame) -> None:
        if game.row.turn_message_id:
            channel = self.bot.get_channel(game.row.channel_id)
            try:
                await channel.get_partial_message(game.row.turn_message_id).edit(**self.bot.publisher.lobby_message(game))
            except (discord.HTTPException, AttributeError):
                pass

    @app_commands.command(name="start", description="Start the game (creator only)")
    async def start(self, interaction: discord.Interaction) -> None:
        game = await self._game(interaction)
        await interaction.response.defer()
        step = await self.bot.sessions.start(game, interaction.user.id)
        await interaction.followup.send(f"{game.rules.title} starts!")
        await self.bot.publisher.started(step)

    @app_commands.command(name="board", description="Post the board and whose turn it is again")
    async def board(self, interaction: discord.Interaction) -> None:
        game = await self._game(interaction)
        self._require_running(game)
        await interaction.response.defer(ephemeral=True)
        await self.bot.publisher.repost(game, interaction.channel)
        await interaction.followup.send("Board posted.", ephemeral=True)

    @app_commands.command(name="hand", description="See your private cards (only you see this)")
    async def hand(self, interaction: discord.Interaction) -> None:
        game = await self._game(interaction)
        self._require_running(game)
        seat = game.seat_of(interaction.user.id)
        if seat is None:
            raise SessionError("You are not playing in this game.")
        await interaction.response.defer(ephemeral=True, thinking=True)
        await interaction.followup.send(file=self.bot.publisher.private_file(game, seat), ephemeral=True)

    @app_commands.command(name="status", description="Who is playing and whose turn it is")
    async def status(self, interaction: discord.Interaction) -> None:
        game = await self._game(interaction)
        lines = [f"**{game.rules.title}** ({game.row.status}), move {game.version}"]
        for seat in game.seats:
            marker = " ⏳" if game.state is not None and seat.seat in game.to_act() else ""
            lines.append(f"{seat.seat + 1}. {seat.name}{' (bot)' if seat.is_bot else ''}{marker}")
        if game.row.options:
            lines.append("Options: " + ", ".join(f"{k}={v}" for k, v in game.row.options.items()))
        if game.state is not None:
            lines.append(f"Waiting for: {self.bot.sessions.waiting_on(game)}")
        await interaction.response.send_message("\n".join(lines), ephemeral=True)

    @app_commands.command(name="log", description="What happened since your last move")
    @app_commands.describe(lines="How many lines at most (default 25)")
    async def log(self, interaction: discord.Interaction, lines: app_commands.Range[int, 1, 60] = 25) -> None:
        game = await self._game(interaction)
        recent = await self.bot.sessions.recent_lines(game, interaction.user.id, lines)
        text = "\n".join(f"• {line}" for line in recent) or "Nothing has happened yet."
        await interaction.response.send_message(text[-1900:], ephemeral=True)

    @app_commands.command(name="undo", description="Take back your last choice if nobody acted since")
    async def undo(self, interaction: discord.Interaction) -> None:
        game = await self._game(interaction)
        await interaction.response.defer(ephemeral=True)  # undo replays the game from its start
        step = await self.bot.sessions.undo(game, interaction.user.id)
        await interaction.followup.send("Your last choice was taken back.", ephemeral=True)
        await self.bot.publisher.after_step(step)

    @app_commands.command(name="abandon", description="End this channel's game without a result")
    async def abandon(self, interaction: discord.Interaction) -> None:
        game = await self._game(interaction)
        perms = interaction.permissions
        await self.bot.sessions.abandon(game, interaction.user.id, bool(perms and perms.manage_guild))
        await interaction.response.send_message(f"The {game.rules.title} game in this channel was abandoned.")
        if game.row.turn_message_id:
            await self.bot.publisher.strip_buttons(interaction.channel, game.row.turn_message_id)

    @app_commands.command(name="list", description="Games running on this server")
    async def list_games(self, interaction: discord.Interaction) -> None:
        found = self.bot.sessions.in_guild(interaction.guild_id)
        if not found:
            await interaction.response.send_message("No games on this server right now. Start one with /game new.",
                                                    ephemeral=True)
            return
        lines = []
        for game in found:
            state = f"waiting for {self.bot.sessions.waiting_on(game)}" if game.state else f"lobby, {len(game.seats)} seated"
            lines.append(f"<#{game.row.channel_id}>: **{game.rules.title}** ({state})")
        await interaction.response.send_message("\n".join(lines)[:1900], ephemeral=True)

    @staticmethod
    def _require_running(game: LiveGame) -> None:
        if game.state is None:
            raise SessionError("The game has not started yet.")


async def setup(bot: "GameHostBot") -> None:
    await bot.add_cog(GameCog(bot))
