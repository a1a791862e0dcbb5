"""The one place where failures become messages for the person who caused them."""

from __future__ import annotations

import logging

import discord
from discord import app_commands

log = logging.getLogger(__name__)

LIMIT = 1900  # Discord refuses messages over 2,000 characters; errors may echo long input

UNEXPECTED = "Something went wrong on our side and it was logged. Your game is safe; try again in a moment."


def explain(error: BaseException) -> str:
    """A message for the user: the reason for bad input, a generic line for bugs."""
    if isinstance(error, (app_commands.CommandInvokeError, app_commands.TransformerError)) and error.__cause__:
        error = error.__cause__
    original = getattr(error, "original", None)
    if original is not None:
        error = original
    if isinstance(error, ValueError):  # every game and session error is a ValueError
        return str(error)
    if isinstance(error, app_commands.CheckFailure):
        return str(error) or "You cannot use this command here."
    if isinstance(error, app_commands.AppCommandError):
        return str(error)
    log.error("unexpected error", exc_info=error)
    return UNEXPECTED


async def reply_error(interaction: discord.Interaction, error: BaseException) -> None:
    """Tell the user ephemerally, whether or not the interaction was already answered."""
    message = explain(error)
    if len(message) > LIMIT:
        message = message[: LIMIT - 1] + "…"
    try:
        if interaction.response.is_done():
            await interaction.followup.send(message, ephemeral=True)
        else:
            await interaction.response.send_message(message, ephemeral=True)
    except discord.HTTPException:
        log.warning("could not deliver an error message", exc_info=True)
