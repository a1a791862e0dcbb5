"""Sends and edits whose answer the bot does not read back.

discord.py parses the message Discord returns for every send and edit into a `Message` with
all its components (and, for a follow-up, a `WebhookMessage`), though the publisher needs at
most the new message's id. These go through the same request helpers discord.py uses (the
same payloads, the same errors) and keep only that id. A view that still answers its own
clicks (not stopped) must be stored by discord.py against the message, so it takes the
library's own path instead; the bot's views are all stopped (`bot.shell.ui.base.static_view`)."""

from __future__ import annotations

from typing import Any

import discord
from discord.http import handle_message_parameters
from discord.utils import MISSING
from discord.webhook.async_ import async_context, interaction_message_response_params

# the fields of a send or an edit these helpers pass on (the rest are refused: a caller must not
# lose one silently)
FIELDS = frozenset({"content", "embed", "embeds", "file", "files", "attachments", "view", "allowed_mentions"})


def lean(fields: dict[str, Any]) -> bool:
    """Whether these fields can go out without discord.py's bookkeeping of the answer."""
    view = fields.get("view")
    return fields.keys() <= FIELDS and (view is None or view.is_finished() or not view.is_dispatchable())


def _flags(ephemeral: bool = False, silent: bool = False) -> Any:
    if not (ephemeral or silent):
        return MISSING
    flags = discord.MessageFlags._from_value(0)
    flags.ephemeral = ephemeral
    flags.suppress_notifications = silent
    return flags


def _token(webhook: discord.Webhook) -> str:
    if webhook.token is None:
        raise ValueError("This webhook does not have a token associated with it")  # as discord.py says
    return webhook.token


def _params(fields: dict[str, Any], previous: discord.AllowedMentions | None, **extra: Any):
    return handle_message_parameters(**fields, previous_allowed_mentions=previous, **extra)


async def hook_send(webhook: discord.Webhook, *, ephemeral: bool = False, **fields: Any) -> int:
    """A message through an interaction's webhook (a follow-up); the new message's id."""
    if not lean(fields):
        return (await webhook.send(wait=True, ephemeral=ephemeral, **fields)).id
    previous = getattr(webhook._state, "allowed_mentions", None)
    if fields.get("content") is None:
        fields.pop("content", None)  # as `Webhook.send`: no content rather than an empty one
    with _params(fields, previous, flags=_flags(ephemeral)) as params:
        data: Any = await async_context.get().execute_webhook(
            webhook.id, _token(webhook), session=webhook.session, proxy=webhook.proxy,
            proxy_auth=webhook.proxy_auth, payload=params.payload, multipart=params.multipart,
            files=params.files, wait=True, with_components=fields.get("view") is not None)
    return int(data["id"])


async def hook_edit(webhook: discord.Webhook, message_id: int, **fields: Any) -> None:
    """Edit a message through the webhook that posted it."""
    if not lean(fields):
        await webhook.edit_message(message_id, **fields)
        return
    previous = getattr(webhook._state, "allowed_mentions", None)
    with _params(fields, previous) as params:
        await async_context.get().edit_webhook_message(
            webhook.id, _token(webhook), message_id, session=webhook.session, proxy=webhook.proxy,
            proxy_auth=webhook.proxy_auth, payload=params.payload, multipart=params.multipart,
            files=params.files, with_components=bool(fields.get("view")))


async def original_edit(interaction: discord.Interaction, **fields: Any) -> None:
    """Edit the message an interaction's answer put or pressed on (its "original response")."""
    if not lean(fields):
        await interaction.edit_original_response(**fields)
        return
    hook = interaction.followup
    with _params(fields, interaction._state.allowed_mentions) as params:
        await async_context.get().edit_original_interaction_response(
            interaction.application_id, interaction.token, session=hook.session, proxy=hook.proxy,
            proxy_auth=hook.proxy_auth, payload=params.payload, multipart=params.multipart, files=params.files)


async def respond(interaction: discord.Interaction, *, edit: bool = False, ephemeral: bool = False,
                  **fields: Any) -> None:
    """Answer a click: a new message (`ephemeral` for the clicker only) or, with `edit`, the
    message clicked on, edited. discord.py would parse Discord's echo of the message (with every
    component of a panel) into an `InteractionMessage`; this marks the interaction answered as
    the library does (`InteractionResponse.is_done` reads that mark) without parsing it."""
    response = interaction.response
    if not lean(fields) or not hasattr(response, "_response_type"):
        await (response.edit_message(**fields) if edit else response.send_message(ephemeral=ephemeral, **fields))
        return
    if response.is_done():
        raise discord.InteractionResponded(interaction)
    kind = (discord.InteractionResponseType.message_update if edit
            else discord.InteractionResponseType.channel_message)
    if edit and "view" in fields and interaction.message is not None:
        interaction._state.prevent_view_updates_for(interaction.message.id)  # as `edit_message` does
    params = interaction_message_response_params(type=kind.value, flags=_flags(ephemeral),
                                                 previous_allowed_mentions=interaction._state.allowed_mentions,
                                                 **fields)
    hook = interaction.followup
    await async_context.get().create_interaction_response(
        interaction.id, interaction.token, session=hook.session, proxy=hook.proxy, proxy_auth=hook.proxy_auth,
        params=params)
    response._response_type = kind


async def channel_send(bot: Any, channel_id: int, *, silent: bool = False, **fields: Any) -> int:
    """A message in a channel (a DM channel too); the new message's id. Only for `lean` fields."""
    with _params(fields, bot.allowed_mentions, flags=_flags(silent=silent)) as params:
        data = await bot.http.send_message(channel_id, params=params)
    return int(data["id"])


async def channel_edit(bot: Any, channel_id: int, message_id: int, **fields: Any) -> None:
    """Edit one of the bot's messages in a channel. Only for `lean` fields."""
    with _params(fields, bot.allowed_mentions) as params:
        await bot.http.edit_message(channel_id, message_id, params=params)
