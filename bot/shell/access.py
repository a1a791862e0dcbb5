"""Who can view a game's channel, answered from Discord (issue 34 items 1 and 3).

The platform owns the rule (bot.platform.access): a game shows to whoever can view its channel
now or played in it, and a player who can no longer view the channel is treated like a member
who left the server. This part answers its question from Discord: a channel's permissions for
the member (`permissions_for(member).view_channel`), for a thread its parent's, and for a
private thread its member list too (or Manage Threads). A channel Discord says no longer
exists is seen by nobody; one that cannot be checked right now counts as not seen for listings
and as unknown for seats (nobody loses a seat over a Discord hiccup).
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from typing import TYPE_CHECKING

import discord

from ..platform.access import Viewer
from ..platform.live import SessionError
from ..platform.words import T

if TYPE_CHECKING:
    from .host import Host

log = logging.getLogger(__name__)

GONE_KEPT = 10_000  # channel ids Discord said are deleted (ids are never reused)


class Access:
    """Channel visibility per member, from Discord, for the platform's questions and for seats."""

    def __init__(self, bot: "Host") -> None:
        self.bot = bot
        self._gone: OrderedDict[int, None] = OrderedDict()

    # -- the platform's question ----------------------------------------------------
    def viewer(self, interaction: discord.Interaction) -> Viewer:
        """The member behind a server interaction, as the platform's history asks about them."""
        guild_id = interaction.guild_id
        if guild_id is None:
            raise SessionError(T("This works only in a server."))
        member = interaction.user if isinstance(interaction.user, discord.Member) else None

        async def sees(channel_ids: frozenset[int]) -> frozenset[int]:
            return await self.visible(guild_id, member, channel_ids)

        return Viewer(guild_id, interaction.user.id, sees)

    async def visible(self, guild_id: int, member: discord.Member | None,
                      channel_ids: frozenset[int]) -> frozenset[int]:
        """The channels among `channel_ids` the member can view now."""
        guild = self.bot.get_guild(guild_id)
        if guild is None or member is None:
            return frozenset()
        seen = set()
        for channel_id in channel_ids:
            channel = await self.channel(guild, channel_id)
            if channel is not None and await self.sees(channel, member) is True:
                seen.add(channel_id)
        return frozenset(seen)

    async def channel(self, guild: discord.Guild, channel_id: int) -> discord.abc.GuildChannel | discord.Thread | None:
        """The server's channel or thread `channel_id` (an archived thread is fetched); None when
        it is deleted or cannot be had right now."""
        found = guild.get_channel_or_thread(channel_id)
        if found is not None or channel_id in self._gone:
            return found
        try:
            fetched = await self.bot.fetch_channel(channel_id)
        except discord.NotFound:
            self._gone[channel_id] = None
            while len(self._gone) > GONE_KEPT:
                self._gone.popitem(last=False)
            return None
        except discord.HTTPException:
            return None
        if isinstance(fetched, (discord.abc.GuildChannel, discord.Thread)) and fetched.guild.id == guild.id:
            return fetched
        return None

    @staticmethod
    async def sees(channel: discord.abc.GuildChannel | discord.Thread, member: discord.Member) -> bool | None:
        """Whether the member can view the channel (None: a private thread whose members could
        not be fetched)."""
        try:
            permissions = channel.permissions_for(member)
        except discord.ClientException:  # a thread whose parent is not known
            return None
        if not permissions.view_channel:
            return False
        if isinstance(channel, discord.Thread) and channel.is_private() and not permissions.manage_threads:
            if any(joined.id == member.id for joined in channel.members):
                return True
            try:
                await channel.fetch_member(member.id)
            except discord.NotFound:
                return False
            except discord.HTTPException:
                return None
        return True
