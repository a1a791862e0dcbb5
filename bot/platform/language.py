"""Who reads what in which language (issue 23).

A reader (their panel, hand, ephemeral replies, DMs, `/card`, `/rules`) reads their own
language: the one they chose with `/settings language`, else their Discord client's locale
(`interaction.locale`), else English. A DM comes with no interaction, so the client locale last
seen on the user's interactions is remembered for it.

A table (turn messages, public images, the channel log, game-over messages) reads the table's
language: the one given to `/game new language:` (kept in the game's metadata), else the
server's default (`/settings server language`), else the server's preferred locale where it
is supported, else English.

Supported languages are those `games.core.i18n.languages()` finds catalogues for: adding a
language is adding catalogues, not code."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, Callable

from babel import Locale

from games.core.i18n import ENGLISH, file_stem, languages, supported

if TYPE_CHECKING:
    from .live import LiveGame
    from .storage import Storage

AUTOMATIC = "auto"  # a setting that follows the Discord client (a user) or the server (a table)
SEEN_KEPT = 5_000  # users whose settings are kept in memory
KEPT_SECONDS = 60.0  # how long a setting read is trusted: another process (shard) may change it


def language_name(code: str) -> str:
    """A language named in itself ("English", "中文 (繁體, 台灣)"), as a menu offers it."""
    try:
        return Locale.parse(file_stem(code)).get_display_name(file_stem(code)) or code
    except (ValueError, TypeError):
        return code


def choosable() -> list[tuple[str, str]]:
    """(code, name) of every supported language."""
    return [(code, language_name(code)) for code in languages()]


def locale_value(locale: Any) -> str:
    """A discord.Locale (or a plain string) as its code, "zh-TW"."""
    return str(getattr(locale, "value", locale) or "")


class Languages:
    """The language settings of users and servers, read from storage once and kept in memory."""

    def __init__(self, storage: "Storage", guild_locale: Callable[[int], Any] | None = None) -> None:
        self.storage = storage
        self.guild_locale = guild_locale or (lambda guild_id: None)  # a server's Discord preferred locale
        self._users: dict[int, tuple[str | None, str | None]] = {}
        self._servers: dict[int, str | None] = {}
        self._read_at: dict[tuple[str, int], float] = {}  # ("user" | "server", id) -> when read

    def _fresh(self, kind: str, key: int) -> bool:
        return time.monotonic() - self._read_at.get((kind, key), -KEPT_SECONDS) < KEPT_SECONDS

    async def _user(self, user_id: int) -> tuple[str | None, str | None]:
        known = self._users.get(user_id)
        if known is None or not self._fresh("user", user_id):
            known = await self.storage.user_language(user_id)
            if len(self._users) >= SEEN_KEPT:
                self._users.clear()
                self._read_at.clear()
            self._users[user_id] = known
            self._read_at[("user", user_id)] = time.monotonic()
        return known

    async def user(self, user_id: int | None) -> str:
        """The language of a user reached without an interaction (a DM): their choice, else the
        client locale last seen, else English."""
        if user_id is None:
            return ENGLISH
        chosen, seen = await self._user(user_id)
        return supported(chosen) or supported(seen) or ENGLISH

    async def reader(self, user_id: int, client_locale: Any = None) -> str:
        """The language of a user who just did something in a client set to `client_locale`
        (a code or a locale object; None when it cannot be told); remembers that locale."""
        chosen, seen = await self._user(user_id)
        client = locale_value(client_locale)
        if client and client != seen:
            self._users[user_id] = (chosen, client)
            await self.storage.note_locale(user_id, client)
        return supported(chosen) or supported(client) or ENGLISH

    async def choose(self, user_id: int, language: str) -> None:
        """Store a user's /settings language choice (AUTOMATIC: follow the client again)."""
        value = None if language == AUTOMATIC else language
        await self.storage.set_user_language(user_id, value)
        _, seen = await self._user(user_id)
        self._users[user_id] = (value, seen)

    async def server(self, guild_id: int | None) -> str:
        """A server's language for new tables: its /settings server language, else its Discord
        preferred locale where supported, else English."""
        chosen = None
        if guild_id is not None:
            if guild_id not in self._servers or not self._fresh("server", guild_id):
                self._servers[guild_id] = (await self.storage.guild_settings(guild_id)).get("language")
                self._read_at[("server", guild_id)] = time.monotonic()
            chosen = self._servers[guild_id]
        preferred = self.guild_locale(guild_id) if guild_id is not None else None
        return supported(chosen) or supported(locale_value(preferred)) or ENGLISH

    def server_changed(self, guild_id: int, language: str | None) -> None:
        self._servers[guild_id] = None if language == AUTOMATIC else language

    async def table(self, game: "LiveGame") -> str:
        """The language a game's public messages are in."""
        return supported((game.meta or {}).get("language")) or await self.server(game.row.guild_id)

