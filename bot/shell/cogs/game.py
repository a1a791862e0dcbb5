"""/game commands: lobby, turn helpers, log and export, undo, abandon, list, seats."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

import games

from .. import dm_games, messages
from ...platform import reading
from ...platform.clock import POLICY_WORDS
from ...platform.language import choosable
from ..language import reader_locale
from ...platform.live import LiveGame, SessionError
from ..translator import choices
from ..ui.base import channel_game, guild_of, last_game
from ..ui.table import IMAGE_FAILED, lobby_message, log_file, log_lines, log_page
from ...platform.words import T, say
from .seats import SeatCommands

if TYPE_CHECKING:
    from ..app import GameHostBot

PACES = choices("off", "fast", "daily", "relaxed")
GAME_DESCRIPTION = "Which game: type its name in any language, or pick it from the list"
POLICIES = choices("skip", "bot", "wait")
DM_COMMANDS = ("hand", "status")  # what works in a DM, for a game the user picks (bot.shell.dm_games)
# every supported language, named in itself (adding a language adds a choice, not code)
LANGUAGE_CHOICES = [app_commands.Choice(name=name, value=code) for code, name in choosable()]
# Discord's permission names (bot.messages.REQUIRED_PERMISSIONS) as a reader's client shows them
PERMISSION_NAMES = {"View Channels": T("View Channels"), "Send Messages": T("Send Messages"),
                    "Embed Links": T("Embed Links"), "Attach Files": T("Attach Files"),
                    "Read Message History": T("Read Message History"),
                    "Send Messages in Threads": T("Send Messages in Threads")}


async def game_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Registered games whose slug or title in any language contains what was typed, each named
    by its title in the reader's language."""
    locale = await reader_locale(interaction)
    return [app_commands.Choice(name=say(rules.title_text, locale), value=rules.slug)
            for rules in games.matching(current)][:25]


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
    return interaction.channel_id or 0  # threads have their own id, so a thread is its own table


def require_permissions(interaction: discord.Interaction) -> None:
    """Refuse to open a table where the bot could not post its messages, naming what is missing."""
    in_thread = isinstance(interaction.channel, discord.Thread)
    missing = messages.missing_permissions(interaction.app_permissions, in_thread)
    if missing:
        where = T("thread") if in_thread else T("channel")
        raise SessionError(T("I cannot host a game here: I am missing {missing} in this {where}. Ask a server "
                             "admin to grant them, then try again.",
                             missing=tuple(PERMISSION_NAMES.get(name, name) for name in missing), where=where))


@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)  # DMs: hand and status only
class GameCog(SeatCommands, commands.GroupCog, group_name="game", group_description="Play board games in this channel"):
    def __init__(self, bot: "GameHostBot") -> None:
        self.bot = bot
        super().__init__()

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if interaction.guild_id is None and getattr(interaction.command, "name", "") not in DM_COMMANDS:
            raise app_commands.CheckFailure(T("In DMs only /game hand and /game status work; use the others in "
                                              "the game's channel."))
        return True

    async def _game(self, interaction: discord.Interaction) -> LiveGame:
        return await channel_game(self.bot, channel_id(interaction))

    async def _any_game(self, interaction: discord.Interaction) -> LiveGame:
        """This channel's running game, else its last finished one (whose log stays readable)."""
        game = await last_game(self.bot, channel_id(interaction))
        if game is None:
            raise SessionError(T("There is no game in this channel. Start one with /game new."))
        return game

    async def _table(self, game: LiveGame) -> str:
        """The language of the game's public messages."""
        return await self.bot.languages.table(game)

    @app_commands.command(name="new", description="Open a new game in this channel")
    @app_commands.describe(game=GAME_DESCRIPTION, options="Setup options as key=value pairs (see /rules)",
                           pace="Turn clock: off, fast, daily (one move a day) or relaxed (the server's default if empty)",
                           language="The language of the table's messages and board (the server's if empty)")
    @app_commands.autocomplete(game=game_autocomplete, options=options_autocomplete)
    @app_commands.choices(language=LANGUAGE_CHOICES, pace=PACES)
    async def new(self, interaction: discord.Interaction, game: str, options: str | None = None,
                  pace: app_commands.Choice[str] | None = None,
                  language: app_commands.Choice[str] | None = None) -> None:
        require_permissions(interaction)
        user = interaction.user
        created = await self.bot.sessions.create(guild_of(interaction), channel_id(interaction), game,
                                                  user.id, user.display_name, options,
                                                  pace=pace.value if pace is not None else None,
                                                  language=language.value if language is not None else None)
        locale = await self._table(created)
        await interaction.response.send_message(**lobby_message(created, locale))
        message = await interaction.original_response()
        await self.bot.sessions.set_turn_message(created, message.id)

    @app_commands.command(name="join", description="Take a seat in this channel's game")
    async def join(self, interaction: discord.Interaction) -> None:
        game = await self._game(interaction)
        await self.bot.sessions.join(game, interaction.user.id, interaction.user.display_name)
        await interaction.response.send_message(say(T("{who} joined ({n} seated).", who=interaction.user.mention,
                                                      n=len(game.seats)), await self._table(game)))
        await self.bot.publisher.refresh_lobby(game)

    @app_commands.command(name="leave", description="Give up your seat before the game starts")
    async def leave(self, interaction: discord.Interaction) -> None:
        game = await self._game(interaction)
        await self.bot.sessions.leave(game, interaction.user.id)
        await interaction.response.send_message(say(T("{who} left the table.", who=interaction.user.mention),
                                                    await self._table(game)))
        await self.bot.publisher.refresh_lobby(game)

    @app_commands.command(name="start", description="Start the game (the host only)")
    async def start(self, interaction: discord.Interaction) -> None:
        game = await self._game(interaction)
        await interaction.response.defer()
        step = await self.bot.sessions.start(game, interaction.user.id)
        await interaction.followup.send(say(T("{title} starts!", title=game.rules.title_text), await self._table(game)))
        if not await self.bot.publisher.started(step):
            await interaction.followup.send(say(messages.not_posted(T("The game has started")),
                                                await reader_locale(interaction)), ephemeral=True)

    @app_commands.command(name="board", description="Post the board and whose turn it is again")
    async def board(self, interaction: discord.Interaction) -> None:
        game = await self._any_game(interaction)
        self._require_started(game)
        locale = await reader_locale(interaction)
        await interaction.response.defer(ephemeral=True)
        if game.row.status != "active":  # a finished game: its final board, for you
            first, *more = reading.status_pages(game, "", locale)
            await interaction.followup.send(first, ephemeral=True, files=await self.bot.images.board_files(game, locale))
            for page in more:
                await interaction.followup.send(page, ephemeral=True)
            return
        await self.bot.publisher.repost(game, interaction.channel)  # type: ignore[arg-type]  # where it ran
        await interaction.followup.send(say(T("Board posted."), locale), ephemeral=True)

    async def _mine_or_here(self, interaction: discord.Interaction, game_id: int | None) -> LiveGame:
        """The game picked by id (one of the user's), else this channel's (in a DM: the user's only game)."""
        if game_id is None and interaction.guild_id is not None:
            return await self._any_game(interaction)
        return await dm_games.my_game(self.bot, interaction.user, game_id)

    @app_commands.command(name="hand", description="See your private cards (only you see this)")
    @app_commands.describe(game_id="Which of your games (in DMs, when you play several)")
    @app_commands.autocomplete(game_id=dm_games.my_games_autocomplete)
    @app_commands.rename(game_id="game")
    async def hand(self, interaction: discord.Interaction, game_id: int | None = None) -> None:
        game = await self._mine_or_here(interaction, game_id)
        self._require_started(game)
        seat = game.seat_of(interaction.user.id)
        if seat is None:
            raise SessionError(T("You are not playing in this game."))
        locale = await reader_locale(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        image = await self.bot.images.private_file(game, seat, locale=locale)
        if image is None:
            raise SessionError(IMAGE_FAILED)
        await interaction.followup.send(file=image, ephemeral=True)

    @app_commands.command(name="status", description="Who is playing and whose turn it is")
    @app_commands.describe(game_id="Which of your games (in DMs, when you play several)")
    @app_commands.autocomplete(game_id=dm_games.my_games_autocomplete)
    @app_commands.rename(game_id="game")
    async def status(self, interaction: discord.Interaction, game_id: int | None = None) -> None:
        game = await self._mine_or_here(interaction, game_id)
        waiting = self.bot.sessions.waiting_on(game) if game.state is not None else ""
        first, *more = reading.status_pages(game, waiting, await reader_locale(interaction))
        await interaction.response.send_message(first, ephemeral=True)
        for page in more:  # a finished game's breakdown may take more than one message
            await interaction.followup.send(page, ephemeral=True)

    @app_commands.command(name="log", description="What happened since your last move, in pages")
    @app_commands.describe(whole="The whole game instead of since your last move", as_file="Send it as a text file")
    async def log(self, interaction: discord.Interaction, whole: bool = False, as_file: bool = False) -> None:
        game = await self._any_game(interaction)
        locale = await reader_locale(interaction)
        lines = await log_lines(self.bot, game, interaction.user.id, whole, locale)
        if as_file:
            await interaction.response.send_message(file=log_file(game, lines, locale), ephemeral=True)
            return
        kind = "full" if whole else "recap"
        content, view = log_page(game, kind, lines, 10**6 if whole else 0, locale)
        await interaction.response.send_message(content, view=view, ephemeral=True)

    @app_commands.command(name="export", description="The whole log of this channel's game as a file")
    async def export(self, interaction: discord.Interaction) -> None:
        game = await self._any_game(interaction)
        locale = await reader_locale(interaction)
        lines = await log_lines(self.bot, game, interaction.user.id, True, locale)
        await interaction.response.send_message(say(T("The whole {title} log ({n} lines).", title=game.rules.title_text,
                                                      n=len(lines)), locale),
                                                file=log_file(game, lines, locale), ephemeral=True)

    @app_commands.command(name="undo", description="Take back your last choice if nobody acted since")
    async def undo(self, interaction: discord.Interaction) -> None:
        game = await self._game(interaction)
        await interaction.response.defer(ephemeral=True)  # undo replays the game from its start
        step = await self.bot.sessions.undo(game, interaction.user.id)
        await interaction.followup.send(say(T("Your last choice was taken back."), await reader_locale(interaction)),
                                        ephemeral=True)
        await self.bot.publisher.after_step(step)

    @app_commands.command(name="timeout", description="Vote what happens when a player's turn clock reaches zero")
    @app_commands.describe(policy="skip the turn, let a bot play it, or keep waiting")
    @app_commands.choices(policy=POLICIES)
    async def timeout(self, interaction: discord.Interaction, policy: app_commands.Choice[str]) -> None:
        game = await self._game(interaction)
        chosen = policy.value
        in_force, votes, needed = await self.bot.sessions.vote_timeout_policy(game, interaction.user.id, chosen)
        if in_force == chosen and votes >= needed:
            await interaction.response.send_message(say(
                T("The table decided: when a turn clock reaches zero, **{policy}** ({votes}/{needed} votes).",
                  policy=POLICY_WORDS[chosen], votes=votes, needed=needed), await self._table(game)))
        else:
            await interaction.response.send_message(say(
                T("Vote for **{policy}** counted ({votes}/{needed}); for now: **{in_force}**.",
                  policy=POLICY_WORDS[chosen], votes=votes, needed=needed,
                  in_force=POLICY_WORDS.get(in_force, in_force)), await reader_locale(interaction)), ephemeral=True)

    @app_commands.command(name="abandon", description="End this channel's game without a result")
    async def abandon(self, interaction: discord.Interaction) -> None:
        game = await self._game(interaction)
        perms = interaction.permissions
        await self.bot.sessions.abandon(game, interaction.user.id, bool(perms and perms.manage_guild))
        await interaction.response.send_message(say(T("The {title} game in this channel was abandoned.",
                                                      title=game.rules.title_text), await self._table(game)))
        if game.row.turn_message_id:
            await self.bot.publisher.strip_buttons(interaction.channel, game.row.turn_message_id)

    @app_commands.command(name="list", description="Games running on this server")
    async def list_games(self, interaction: discord.Interaction) -> None:
        # /game list names the channel, the game and who is to act: games in channels hidden from
        # the member are left out (a seat at one counts, as for the history: bot.platform.access)
        running = await self.bot.sessions.guild_games(guild_of(interaction))
        seen = await self.bot.access.viewer(interaction).sees(frozenset(g.row.channel_id for g in running))
        found = [game for game in running
                 if game.row.channel_id in seen or game.seat_of(interaction.user.id) is not None]
        locale = await reader_locale(interaction)
        if not found:
            await interaction.response.send_message(
                say(T("No games on this server right now. Start one with /game new."), locale), ephemeral=True)
            return
        lines = []
        for game in found:
            state = (T("waiting for {names}", names=self.bot.sessions.waiting_on(game)) if game.state is not None
                     else T("lobby, {n} seated", n=len(game.seats)))
            lines.append(say(T("{channel}: **{title}** ({state})", channel=f"<#{game.row.channel_id}>",
                               title=game.rules.title_text, state=state), locale))
        await interaction.response.send_message("\n".join(lines)[:1900], ephemeral=True)

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        await self._channel_gone(channel.id)

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await self._channel_gone(payload.thread_id)

    async def _channel_gone(self, channel_id: int) -> None:
        """A deleted channel or thread closes its game at once, so nothing waits on it."""
        game = await self.bot.sessions.in_channel(channel_id)
        if game is not None:
            await self.bot.sessions.channel_gone(game)

    @staticmethod
    def _require_started(game: LiveGame) -> None:
        if game.state is None:
            raise SessionError(T("The game has not started yet."))


async def setup(bot: "GameHostBot") -> None:
    await bot.add_cog(GameCog(bot))
