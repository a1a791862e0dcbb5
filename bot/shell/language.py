"""The language of whoever caused an interaction (see bot.platform.language for who reads what)."""

from __future__ import annotations

import logging
from typing import Any

from games.core.i18n import ENGLISH

log = logging.getLogger(__name__)


async def reader_locale(interaction: Any) -> str:
    """The language of whoever caused `interaction` (English when it cannot be told): their
    /settings language, else their Discord client's; the client's locale is remembered for the
    DMs they get later, which come with no interaction."""
    languages = getattr(interaction.client, "languages", None)
    if languages is None:
        return ENGLISH
    try:
        return await languages.reader(interaction.user.id, getattr(interaction, "locale", None))
    except Exception:  # noqa: BLE001 - a settings lookup must never hide the error being reported
        log.warning("could not read the language of user %s", interaction.user.id, exc_info=True)
        return ENGLISH
