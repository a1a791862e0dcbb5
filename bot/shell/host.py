"""What the publisher and the components need from the running bot, as Protocols.

`GameHostBot` (bot.app) builds the publisher and registers the components; they get the bot
as a `Host` and never import bot.app, so the bot package imports one way:
app -> publisher -> ui -> ui_base -> host."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import discord

from ..platform.config import Settings
from ..platform.history import History
from ..platform.language import Languages
from ..platform.live import LiveGame, Step
from ..platform.render_pool import RenderPool
from ..platform.storage import Storage

if TYPE_CHECKING:  # bot.session imports nothing of the Discord side, so this stays one-way
    from ..platform.sessions import Sessions


class Announcer(Protocol):
    """The part of `bot.publisher.Publisher` the components and commands call."""

    def lobby_message(self, game: LiveGame, locale: str = "en") -> dict: ...
    async def refresh_lobby(self, game: LiveGame) -> None: ...
    async def started(self, step: Step, via: discord.Interaction | None = None) -> bool: ...
    async def after_step(self, step: Step, *, everyone: bool = False, via: discord.Interaction | None = None) -> bool: ...
    async def start_board(self, game: LiveGame) -> None: ...
    async def panel(self, game: LiveGame, seat: int, user_id: int, page: int = 0, dm: bool = False,
                    locale: str = "en") -> tuple[discord.ui.LayoutView, list[discord.File]]: ...
    async def board_files(self, game: LiveGame, locale: str | None = None) -> list[discord.File]: ...
    async def private_file(self, game: LiveGame, seat: int, locale: str = "en") -> discord.File | None: ...
    async def log_lines(self, game: LiveGame, user_id: int, whole: bool, locale: str = "en") -> list[str]: ...
    async def recap_lines(self, game: LiveGame, user_id: int, locale: str = "en") -> list[str]: ...
    async def strip_buttons(self, channel: Any, message_id: int, content: str | None = None) -> None: ...


class Host(Protocol):
    """The running bot as its pieces see it: settings, storage, games, images, the publisher,
    the multi-page picks in progress, and discord.py's channel and user lookups."""

    settings: Settings
    storage: Storage
    sessions: "Sessions"
    renders: RenderPool
    publisher: Announcer
    drafts: dict[tuple[int, int], set[int]]  # (game, user) -> picks across select pages
    history: History  # finished games' results, ratings and replays
    languages: Languages  # who reads which language (bot.language)

    def get_channel(self, channel_id: int, /) -> Any: ...
    async def fetch_channel(self, channel_id: int, /) -> Any: ...
    def get_user(self, user_id: int, /) -> discord.User | None: ...
    async def fetch_user(self, user_id: int, /) -> discord.User: ...
    def get_partial_messageable(self, channel_id: int, *, guild_id: int | None = None,
                                type: discord.ChannelType | None = None) -> discord.PartialMessageable: ...
