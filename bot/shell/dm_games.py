"""Finding "my games" where there is no game channel to go by: `/game hand` and `/game status`
in a DM, where the player picks one of the games they are seated in (autocomplete by title
and channel). Only the user's own games are offered or accepted."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

import games
from games.core.i18n import Msg

from ..platform.live import LiveGame, SessionError
from .ui.base import bot_of
from ..platform.words import T, say
from .language import reader_locale

if TYPE_CHECKING:
    from .host import Host
    from ..platform.storage import GameRow

NOT_YOURS = T("You are not playing in that game; pick one of yours from the list that appears while you type.")
NONE_RUNNING = T("You are not playing in any running game.")


async def my_game_rows(bot: "Host", user: discord.abc.User) -> list["GameRow"]:
    """The running games (lobbies included) the user holds a seat in, in the servers the bot
    shares with them (all of the bot's servers when the member cache cannot tell)."""
    guilds = list(getattr(user, "mutual_guilds", None) or getattr(bot, "guilds", []))
    found: list["GameRow"] = []
    for guild in guilds:
        found.extend(await bot.storage.running_of_user(guild.id, user.id))
    return sorted(found, key=lambda row: row.id)


def game_label(bot: "Host", row: "GameRow") -> Msg:
    """How a game is named in a list: its title (in the reader's language), its channel, its number."""
    rules = games.REGISTRY.get(row.slug)
    title = rules.title_text if rules is not None else row.slug
    channel = bot.get_channel(row.channel_id)
    if channel is not None and getattr(channel, "name", None):
        return T("{title} in #{channel} (game {id})", title=title, channel=channel.name, id=row.id)
    return T("{title} (game {id})", title=title, id=row.id)


async def my_games_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    """The user's own running games whose title or channel matches what was typed."""
    bot = bot_of(interaction)
    typed = current.lower().lstrip("#")
    locale = await reader_locale(interaction)
    labels = [(row.id, say(game_label(bot, row), locale)) for row in await my_game_rows(bot, interaction.user)]
    return [app_commands.Choice(name=label[:100], value=game_id)
            for game_id, label in labels if typed in label.lower()][:25]


async def my_game(bot: "Host", user: discord.abc.User, game_id: int | None) -> LiveGame:
    """The game the user picked (refused unless they hold a seat in it), or their only one."""
    if game_id is None:
        rows = [row for row in await my_game_rows(bot, user) if row.status == "active"]
        if not rows:
            raise SessionError(NONE_RUNNING)
        if len(rows) > 1:
            raise SessionError(T("You play in several games: pick one in the `game` option ({names}).",
                                 names=tuple(game_label(bot, row) for row in rows[:5])))
        game_id = rows[0].id
    try:
        game = await bot.sessions.get(game_id)
    except SessionError:
        raise SessionError(NOT_YOURS) from None
    if game.seat_of(user.id) is None:
        raise SessionError(NOT_YOURS)
    await bot.access.require_view(game, user.id)  # nothing of it for a player who lost its channel
    return game
