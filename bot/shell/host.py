"""What the shell's parts need from the running bot, as Protocols.

`GameHostBot` (bot.shell.app) builds the services and registers the components; they get the
bot as a `Host` and never import bot.shell.app. The publisher gets the views it posts from
`Host.views` (a `ViewMaker`, drawn by bot.shell.ui), so it never imports the components:
app -> cogs -> ui -> publisher -> host. mypy checks that the real objects fit these Protocols
(tests/test_types.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import discord

from ..platform.config import Settings
from ..platform.history import History
from ..platform.language import Languages
from ..platform.live import LiveGame, Step
from ..platform.render_pool import RenderPool
from ..platform.storage import Storage
from ..platform.words import Said

if TYPE_CHECKING:
    from games.core import Decision

    from ..platform.sessions import Sessions


class Announcer(Protocol):
    """The part of `bot.shell.publisher.Publisher` the components and commands call."""

    async def started(self, step: Step, via: discord.Interaction | None = None) -> bool: ...
    async def after_step(self, step: Step, *, everyone: bool = False,
                         via: discord.Interaction | None = None) -> bool: ...
    async def retry_announce(self, game: LiveGame, step: Step | None = None) -> bool: ...
    async def repost(self, game: LiveGame, channel: discord.abc.Messageable) -> None: ...
    async def refresh_lobby(self, game: LiveGame) -> None: ...
    async def lobby_closed(self, game: LiveGame, reason: Said) -> None: ...
    async def notice(self, game: LiveGame, content: Said, view: discord.ui.View | None = None,
                     mentions: list[int] | None = None) -> discord.Message | None: ...
    async def dm(self, user_id: int | None, text: Said, game: LiveGame | None = None) -> None: ...
    async def channel_of(self, game: LiveGame, strict: bool = False) -> Any: ...
    async def strip_buttons(self, channel: Any, message_id: int, content: str | None = None) -> None: ...


class Drawer(Protocol):
    """The game's images as attachments (`bot.shell.images.Images`)."""

    async def public_file(self, game: LiveGame, locale: str | None = None) -> discord.File | None: ...
    async def start_board(self, game: LiveGame) -> None: ...
    async def private_file(self, game: LiveGame, seat: int, *, marks: dict[str, Any] | None = None,
                           locale: str = "en") -> discord.File | None: ...
    async def board_files(self, game: LiveGame, locale: str | None = None) -> list[discord.File]: ...
    def board_marks(self, game: LiveGame, decision: "Decision | None") -> dict[str, Any]: ...


class ViewMaker(Protocol):
    """What the publisher posts that the components draw (`bot.shell.ui.panel.Views`)."""

    def turn(self, game_id: int, locale: str = "en") -> discord.ui.View: ...
    def lobby(self, game: LiveGame, locale: str = "en") -> dict[str, Any]: ...
    async def panel(self, game: LiveGame, seat: int, user_id: int, page: int = 0, dm: bool = False,
                    locale: str = "en") -> tuple[discord.ui.LayoutView, list[discord.File]]: ...


class Host(Protocol):
    """The running bot as its pieces see it: settings, storage, games, images, the views, the
    publisher, and discord.py's channel and user lookups."""

    settings: Settings
    storage: Storage
    sessions: "Sessions"
    renders: RenderPool
    images: Drawer
    views: ViewMaker
    publisher: Announcer
    history: History  # finished games' results, ratings and replays
    languages: Languages  # who reads which language (bot.platform.language)

    def get_channel(self, channel_id: int, /) -> Any: ...
    async def fetch_channel(self, channel_id: int, /) -> Any: ...
    def get_user(self, user_id: int, /) -> discord.User | None: ...
    async def fetch_user(self, user_id: int, /) -> discord.User: ...
    def get_partial_messageable(self, channel_id: int, *, guild_id: int | None = None,
                                type: discord.ChannelType | None = None) -> discord.PartialMessageable: ...
