"""The one place where failures become messages for the person who caused them, in their
language (a game's or the bot's error carries a message; see games.core.i18n)."""

from __future__ import annotations

import logging

import discord
from discord import app_commands

from games.core.i18n import ENGLISH, Msg, render

from ..platform.language import reader_locale
from ..platform.words import T

log = logging.getLogger(__name__)

LIMIT = 1900  # Discord refuses messages over 2,000 characters; errors may echo long input

UNEXPECTED = T("Something went wrong on our side and it was logged. Your game is safe; try again in a moment.")


def _text(error: BaseException, locale: str) -> str:
    """An error's own message for the reader: its message rendered, or its English string."""
    first = error.args[0] if error.args else None
    if isinstance(first, (Msg, dict)):
        return render(first, locale)
    return str(error)


def explain(error: BaseException, locale: str = ENGLISH) -> str:
    """A message for the user: the reason for bad input, a generic line for bugs."""
    if isinstance(error, (app_commands.CommandInvokeError, app_commands.TransformerError)) and error.__cause__:
        error = error.__cause__
    original = getattr(error, "original", None)
    if original is not None:
        error = original
    if isinstance(error, ValueError):  # every game and session error is a ValueError
        return _text(error, locale)
    if isinstance(error, app_commands.CheckFailure):
        return _text(error, locale) or render(T("You cannot use this command here."), locale)
    if isinstance(error, app_commands.AppCommandError):
        return _text(error, locale)
    log.error("unexpected error", exc_info=error)
    return render(UNEXPECTED, locale)


async def reply_error(interaction: discord.Interaction, error: BaseException) -> None:
    """Tell the user ephemerally, whether or not the interaction was already answered."""
    message = explain(error, await reader_locale(interaction))
    if len(message) > LIMIT:
        message = message[: LIMIT - 1] + "…"
    try:
        if interaction.response.is_done():
            await interaction.followup.send(message, ephemeral=True)
        else:
            await interaction.response.send_message(message, ephemeral=True)
    except discord.HTTPException:
        log.warning("could not deliver an error message", exc_info=True)
