"""A player who can no longer see the game's channel is treated like a member who left the
server, and gets their seat back when they see it again (issue 34 item 3): the gateway events
that change who sees a channel, each followed by a look at the tables it may touch.

With the guilds intent the bot hears of channel permission overwrites (`on_guild_channel_update`,
a category's changes reaching its channels), roles whose permissions change or that are deleted,
and threads; with the members intent also a member's roles (`on_member_update`, for members in
discord.py's cache: every member this bot looked up is put there) and who is in a private thread.
What no event tells is caught when the player next gets a DM or acts from one
(`Access.reachable`, `Access.require_view`).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord.ext import commands

from ...platform.live import SessionError
from ...platform.sessions.seats import away
from ...platform.storage import GameRow

if TYPE_CHECKING:
    from ..app import GameHostBot

log = logging.getLogger(__name__)


def places_of(channel: discord.abc.GuildChannel | discord.Thread | None) -> set[int]:
    """The channel, its parent (a thread's channel) and its category: whose permission changes
    reach it."""
    if channel is None:
        return set()
    found = {channel.id}
    parent = channel.parent if isinstance(channel, discord.Thread) else None
    if parent is not None:
        found.add(parent.id)
    for holder in (channel, parent):
        category = getattr(holder, "category_id", None)
        if category:
            found.add(category)
    return found


def permissions_changed(before: discord.abc.GuildChannel, after: discord.abc.GuildChannel) -> bool:
    return (before.overwrites != after.overwrites or before.category_id != after.category_id
            or before.permissions_synced != after.permissions_synced)


class AccessCog(commands.Cog):
    def __init__(self, bot: "GameHostBot") -> None:
        self.bot = bot

    async def _check(self, rows: list[GameRow], user_ids: set[int] | None = None) -> None:
        for row in rows:
            try:
                game = await self.bot.sessions.get(row.id)
                await self.bot.access.check_game(game, user_ids)
            except SessionError:
                continue
            except Exception:  # noqa: BLE001 - a listener has nobody to report to; one game must not stop the others
                log.exception("checking who can see the channel of game %s failed", row.id)

    async def _games_under(self, guild: discord.Guild, channel_id: int) -> list[GameRow]:
        """The server's running games whose channel takes its permissions from `channel_id`."""
        return [row for row in await self.bot.storage.running(guild.id)
                if channel_id in places_of(guild.get_channel_or_thread(row.channel_id))]

    async def _games_of(self, guild_id: int, user_id: int) -> list[GameRow]:
        """The server's running games the user is seated at, or whose seat a bot plays for them."""
        seated = {row.id: row for row in await self.bot.storage.running_of_user(guild_id, user_id)}
        for row in await self.bot.storage.running(guild_id):
            if user_id in away(row.meta).values():
                seated.setdefault(row.id, row)
        return [seated[game_id] for game_id in sorted(seated)]

    @commands.Cog.listener()
    async def on_guild_channel_update(self, before: discord.abc.GuildChannel, after: discord.abc.GuildChannel) -> None:
        if permissions_changed(before, after):
            await self._check(await self._games_under(after.guild, after.id))

    @commands.Cog.listener()
    async def on_guild_role_update(self, before: discord.Role, after: discord.Role) -> None:
        if before.permissions != after.permissions:
            await self._check(await self.bot.storage.running(after.guild.id))

    @commands.Cog.listener()
    async def on_guild_role_delete(self, role: discord.Role) -> None:
        await self._check(await self.bot.storage.running(role.guild.id))

    @commands.Cog.listener()
    async def on_member_update(self, before: discord.Member, after: discord.Member) -> None:
        if before.roles != after.roles:
            await self._check(await self._games_of(after.guild.id, after.id), {after.id})

    @commands.Cog.listener()
    async def on_raw_thread_member_remove(self, payload: discord.RawThreadMembersUpdate) -> None:
        removed = {int(user_id) for user_id in payload.data.get("removed_member_ids", [])}
        await self._thread_members(payload.guild_id, payload.thread_id, removed or None)

    @commands.Cog.listener()
    async def on_thread_member_join(self, member: discord.ThreadMember) -> None:
        await self._thread_members(member.thread.guild.id, member.thread_id, {member.id})

    async def _thread_members(self, guild_id: int, thread_id: int, user_ids: set[int] | None) -> None:
        row = await self.bot.storage.running_in_channel(thread_id)
        if row is not None and row.guild_id == guild_id:
            await self._check([row], user_ids)


async def setup(bot: "GameHostBot") -> None:
    await bot.add_cog(AccessCog(bot))
