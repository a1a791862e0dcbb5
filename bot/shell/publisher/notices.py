"""Notices about a game (reminders, takeover votes) whose buttons are removed at the game's
next step, so a stale one never looks actionable. Which messages carry buttons is kept on the
game (`LiveGame.attached`), so the record goes with the game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from ...platform.live import LiveGame
from ...platform.texts import clip
from ...platform.words import Said, say
from .channels import Channels

if TYPE_CHECKING:
    from ..host import Host

NOTICES = "notices"  # LiveGame.attached: [(channel id, message id)] of notices with buttons


class Notices:
    """Posts notices in a game's channel and takes their buttons away when the game moves on."""

    def __init__(self, bot: "Host", channels: Channels) -> None:
        self.bot = bot
        self.channels = channels

    async def notice(self, game: LiveGame, content: Said, view: discord.ui.View | None = None,
                     mentions: list[int] | None = None) -> discord.Message | None:
        """Post a message about `game` (a text in the table's language) whose buttons are
        removed at the game's next step. `mentions`: who may be pinged (None: everyone
        mentioned in the text)."""
        channel = await self.channels.channel_of(game)
        if channel is None:
            return None
        text = say(content, await self.bot.languages.table(game), game.names())
        users: bool | list[discord.Object] = True if mentions is None else [discord.Object(u) for u in mentions]
        allowed = discord.AllowedMentions(users=users, roles=False, everyone=False)
        kwargs: dict[str, Any] = {"view": view} if view is not None else {}
        message = await channel.send(clip(text, 2000), allowed_mentions=allowed, **kwargs)
        if view is not None:
            game.attached.setdefault(NOTICES, []).append((message.channel.id, message.id))
        return message

    async def clear(self, game: LiveGame) -> None:
        """Remove the buttons of the game's notices (the game moved on)."""
        for channel_id, message_id in game.attached.pop(NOTICES, []):
            channel = self.bot.get_channel(channel_id)
            if channel is None:
                continue
            try:
                await channel.get_partial_message(message_id).edit(view=None)
            except discord.HTTPException:
                pass
