"""The one place where failures become replies to the person who caused them, in their
language, decided by type (`bot.platform.errors`): a player's mistake is explained, a storage
fault is said plainly (the move was not saved, and why) and logged as one, and anything else is
logged with its traceback while the player gets one generic line."""

from __future__ import annotations

import logging

import discord
from discord import app_commands

from games.core.i18n import ENGLISH, Msg, render

from ..platform.errors import players_mistake, storage_fault
from ..platform.words import T
from .language import reader_locale

log = logging.getLogger(__name__)

LIMIT = 1900  # Discord refuses messages over 2,000 characters; errors may echo long input

UNEXPECTED = T("Something went wrong on our side and it was logged. Your game is safe; try again in a moment.")


def not_saved(reason: Msg) -> Msg:
    """What a player is told when the storage could not write what they did, and why."""
    return T("That could not be saved: {reason}. Nothing was changed and nothing is lost; try again once the "
             "bot's host has fixed it.", reason=reason)


def _text(error: BaseException, locale: str) -> str:
    """An error's own message for the reader: its message rendered, or its English string."""
    first = error.args[0] if error.args else None
    if isinstance(first, (Msg, dict)):
        return render(first, locale)  # (render takes a message's data form too)
    return str(error)


def unwrapped(error: BaseException) -> BaseException:
    """The error a command or component raised, out of discord.py's wrappers."""
    if isinstance(error, (app_commands.CommandInvokeError, app_commands.TransformerError)) and error.__cause__:
        error = error.__cause__
    original = getattr(error, "original", None)
    return original if isinstance(original, BaseException) else error


def explain(error: BaseException, locale: str = ENGLISH) -> str:
    """A message for the user: the reason for bad input, a plain word on a storage fault, a
    generic line for bugs (which are logged with their traceback)."""
    error = unwrapped(error)
    if players_mistake(error):  # the games' and the sessions' own errors
        return _text(error, locale)
    if isinstance(error, app_commands.CheckFailure):
        return _text(error, locale) or render(T("You cannot use this command here."), locale)
    if isinstance(error, app_commands.AppCommandError):  # a value Discord's command options refused
        return _text(error, locale)
    reason = storage_fault(error)
    if reason is not None:
        log.error("storage fault: %s", render(reason, ENGLISH), exc_info=error)
        return render(not_saved(reason), locale)
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
