"""Who can view a game's channel, answered from Discord (issue 34 items 1 and 3).

The platform owns the rule (bot.platform.access): a game shows to whoever can view its channel
now or played in it, and a player who can no longer view the channel is treated like a member
who left the server. This part answers its question from Discord: a channel's permissions for
the member (`permissions_for(member).view_channel`), for a thread its parent's, and for a
private thread its member list too (or Manage Threads). A channel Discord says no longer
exists is seen by nobody; one that cannot be checked right now counts as not seen for listings
and as unknown for seats (nobody loses a seat over a Discord hiccup).

It also carries out item 3 for the shell: `check_game` gives a seat to a bot player when its
player lost the channel and back when they see it again (the platform's `lost_access` /
`regained_access`), and `reachable` keeps DMs from anyone who cannot see the channel. Members
looked up here are put in discord.py's cache (when the members intent is on), so their later
role changes arrive as `on_member_update`.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from typing import TYPE_CHECKING

import discord

from ..platform.access import Viewer
from ..platform.live import LiveGame, SessionError, Step
from ..platform.sessions.seats import away
from ..platform.words import T

if TYPE_CHECKING:
    from .host import Host

log = logging.getLogger(__name__)

GONE_KEPT = 10_000  # channel ids Discord said are deleted (ids are never reused)
CANNOT_SEE = T("You can no longer see this game's channel, so you cannot play it from here. A bot player plays "
               "your seat until you can see the channel again.")


class NotAMember(Exception):
    """The user is not (or no longer) a member of the server."""


class Access:
    """Channel visibility per member, from Discord, for the platform's questions and for seats."""

    def __init__(self, bot: "Host") -> None:
        self.bot = bot
        self._gone: OrderedDict[int, None] = OrderedDict()
        self.background: set[asyncio.Task] = set()  # seats given up found while posting (see `reachable`)

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

    # -- a seated player --------------------------------------------------------------
    async def member(self, guild: discord.Guild, user_id: int) -> discord.Member:
        """The server's member `user_id`, from the cache, else asked of Discord and cached (the
        members intent), so their later role changes reach `on_member_update`. NotAMember when
        they are not in the server; discord.HTTPException or asyncio.TimeoutError when Discord
        did not answer."""
        found = guild.get_member(user_id)
        if found is not None:
            return found
        if self.bot.intents.members:
            members = await guild.query_members(user_ids=[user_id], limit=1, cache=True)
            if not members:
                raise NotAMember(user_id)
            return members[0]
        try:
            return await guild.fetch_member(user_id)
        except discord.NotFound:
            raise NotAMember(user_id) from None

    async def can_view(self, game: LiveGame, user_id: int) -> bool | None:
        """Whether the user can view the game's channel now; None when that cannot be told now
        (the server or Discord unavailable)."""
        return (await self._look(game, user_id))[0]

    async def _look(self, game: LiveGame, user_id: int) -> tuple[bool | None, discord.Member | None]:
        """`can_view`, and the member when they are one."""
        guild = self.bot.get_guild(game.row.guild_id)
        if guild is None:
            return None, None
        try:
            member = await self.member(guild, user_id)
        except NotAMember:
            return False, None
        except (discord.HTTPException, asyncio.TimeoutError):
            log.info("could not look up member %s of guild %s", user_id, guild.id)
            return None, None
        channel = await self.channel(guild, game.row.channel_id)
        if channel is None:
            return (False if game.row.channel_id in self._gone else None), member
        return await self.sees(channel, member), member

    async def check_game(self, game: LiveGame, user_ids: set[int] | None = None) -> None:
        """Look again at who at the table can view the game's channel (`user_ids`: only them):
        a player who lost it gives up their seat, one who sees it again gets it back."""
        people = set(game.human_ids()) | set(away(game.meta).values())
        for user_id in sorted(people if user_ids is None else people & user_ids):
            sees, member = await self._look(game, user_id)
            if sees is not None:
                await self.settle_seat(game, user_id, sees, member.display_name if member is not None else "")

    async def settle_seat(self, game: LiveGame, user_id: int, sees: bool, name: str = "") -> None:
        """Hand the user's seat to a bot player when they cannot see the channel, or back to them
        (`name`: as the table will call them) when they can again, and show the change."""
        if not sees:
            step: Step | None = await self.bot.sessions.lost_access(game, user_id)
        elif user_id in away(game.meta).values() and name:
            step = await self.bot.sessions.regained_access(game, user_id, name)
        else:
            return
        if step is None:
            return
        if game.row.status == "lobby" or game.state is None:
            await self.bot.publisher.refresh_lobby(game)
        else:
            await self.bot.publisher.after_step(step)

    async def require_view(self, game: LiveGame, user_id: int) -> None:
        """Refuse a player who acts from their DMs on a game whose channel they can no longer
        see; their seat goes to a bot player first (as when Discord tells it)."""
        if await self.can_view(game, user_id) is False:
            await self.settle_seat(game, user_id, False)
            raise SessionError(CANNOT_SEE)

    async def reachable(self, game: LiveGame, user_id: int) -> bool:
        """Whether a DM about the game may go to the user: not when they cannot see its channel.
        Found while posting, their seat goes to a bot player in the background (the posting holds
        the game's announcement, which that change needs next)."""
        if await self.can_view(game, user_id) is not False:
            return True
        if game.seat_of(user_id) is not None:
            task = asyncio.get_running_loop().create_task(self.settle_seat(game, user_id, False))
            self.background.add(task)
            task.add_done_callback(self._done)
        return False

    def _done(self, task: asyncio.Task) -> None:
        self.background.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("handing over a seat whose player lost the channel failed", exc_info=task.exception())
