"""Where the bot's public messages go out: through the webhook of the click that caused them
while it is valid, else through the channel.

Discord lets one bot token make about 50 requests a second outside the interaction endpoints,
whatever the CPU, while an interaction's own webhook (valid for 15 minutes after the click)
is not counted against that budget. So a turn message is posted as a public follow-up of the
click that led to it, and its later edits (the next moves, the "past turn" mark) go through
that click's webhook while it is still valid; after that, after a restart (which forgets the
webhooks), or when the webhook refuses, they go through the channel as before. A bot may edit
its own non-ephemeral interaction messages through the channel endpoint, so nothing is lost
when a webhook expires."""

from __future__ import annotations

import datetime
import logging
from dataclasses import dataclass
from typing import Any

import discord

from . import lean

log = logging.getLogger(__name__)

# A webhook is used only while this much of its 15 minutes is left, so a request never
# arrives just after it expired.
HOOK_MARGIN = datetime.timedelta(minutes=1)


@dataclass(frozen=True)
class Hook:
    """The webhook of the interaction that posted a message, and when it stops working."""

    webhook: discord.Webhook
    expires_at: datetime.datetime

    def usable(self) -> bool:
        return discord.utils.utcnow() < self.expires_at - HOOK_MARGIN


def usable_interaction(via: discord.Interaction | None, channel_id: int) -> bool:
    """Whether a public follow-up of `via` can stand for a channel message in `channel_id`: it
    was answered (or deferred), it is in that channel and it has time left."""
    return (via is not None and via.channel_id == channel_id and via.response.is_done()
            and discord.utils.utcnow() < via.expires_at - HOOK_MARGIN)


class Routes:
    """Posts and edits the bot's public messages by the cheapest route Discord allows."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot  # its HTTP client carries the sends and edits whose answers are not read (`lean`)
        self._hooks: dict[int, Hook] = {}  # message id -> the interaction webhook that posted it

    async def post(self, channel: Any, via: discord.Interaction | None, content: str,
                   **fields: Any) -> discord.Message | discord.PartialMessage:
        """Post a public message: a follow-up of `via` when it can stand for one, else a
        channel message. `fields` are those of `Messageable.send` (embed, file, view, ...).
        A follow-up comes back as the channel's PartialMessage: a webhook's message does not
        know its server, so its own jump_url would lead nowhere."""
        channel_id = getattr(channel, "id", 0)
        if via is not None and usable_interaction(via, channel_id):
            try:
                message_id = await lean.hook_send(via.followup, content=content, **fields)
            except discord.HTTPException:
                log.info("could not post through interaction %s; posting in the channel", via.id, exc_info=True)
                for item in fields.get("files", [fields.get("file")]):
                    if item is not None:
                        item.reset()
            else:
                self._forget_expired()
                self._hooks[message_id] = Hook(via.followup, via.expires_at)
                return channel.get_partial_message(message_id)
        if lean.lean(fields) and hasattr(channel, "get_partial_message"):
            return channel.get_partial_message(await lean.channel_send(self.bot, channel.id, content=content, **fields))
        return await channel.send(content, **fields)

    async def edit(self, channel: Any, message_id: int, **fields: Any) -> discord.Message | discord.PartialMessage:
        """Edit one of the bot's messages: through the webhook that posted it while that works
        (answered as the channel's PartialMessage, see `post`), else through the channel.
        `fields` are those of `Message.edit`; NotFound propagates."""
        hook = self._hooks.get(message_id)
        if hook is not None and hook.usable():
            try:
                await lean.hook_edit(hook.webhook, message_id, **fields)
                return channel.get_partial_message(message_id)
            except discord.HTTPException:
                log.info("the webhook of message %s refused an edit; editing in the channel", message_id)
                for item in fields.get("attachments", []):
                    if isinstance(item, discord.File):
                        item.reset()
        self._hooks.pop(message_id, None)
        message = channel.get_partial_message(message_id)
        if lean.lean(fields):
            await lean.channel_edit(self.bot, channel.id, message_id, **fields)
            return message
        return await message.edit(**fields)

    def _forget_expired(self) -> None:
        """Drop the expired webhooks. They are kept in the order they were posted, which is
        the order they expire in (15 minutes after their click), so this stops at the first
        one still usable instead of checking thousands on every post."""
        while self._hooks:
            message_id, hook = next(iter(self._hooks.items()))
            if hook.usable():
                return
            del self._hooks[message_id]
