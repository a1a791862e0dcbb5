"""Everything the bot posts, split by what it publishes: the channel's turn messages and the
game-over message (`turns`), the lobby (`lobby`), notices with buttons that expire (`notices`),
direct messages (`direct`), the notifications the platform decides on (`notify`: the DMs of a
turn, reminders, digests) and the score chart added to a result (`chart`); `channels` finds a
game's channel and posts by the cheapest route.

Calls go one way: the components and commands ask the publisher to post; the publisher never
imports them. The views it posts (the turn message's buttons, the lobby, a DM panel) come from
the bot's `views` (`Host.views`, drawn by `bot.shell.ui`). What it keeps per game lives on the
game (`LiveGame.attached`) or is dropped when the game leaves memory (`forget`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from ...platform.live import LiveGame, Step
from ...platform.words import Said
from .channels import Channels
from .direct import DirectMessages
from .guide import RoundSummaries
from .lobby import LobbyMessages
from .notices import Notices
from .notify import Notifier
from .turns import TurnMessages

if TYPE_CHECKING:
    from ..host import Host


class Publisher:
    """Posts and edits a game's messages, each kind by its own part."""

    def __init__(self, bot: "Host") -> None:
        self.bot = bot
        self.channels = Channels(bot)
        self.direct = DirectMessages(bot)
        self.notices = Notices(bot, self.channels)
        self.lobbies = LobbyMessages(bot, self.channels)
        self.notifier = Notifier(bot, self.direct, self.notices)
        self.turns = TurnMessages(bot, self.channels, self.direct, self.notices, self.notifier)
        self.rounds = RoundSummaries(bot, self.channels)  # a guided game's round summaries

    @property
    def unannounced(self) -> set[int]:
        """Games whose last announcement failed (mirrors storage's `announce` flag)."""
        return self.turns.unannounced

    def forget(self, game_id: int) -> None:
        """The game left memory (`LiveGames.on_forget`)."""
        self.turns.forget(game_id)

    # -- the turn messages ---------------------------------------------------------
    async def started(self, step: Step, via: discord.Interaction | None = None) -> bool:
        posted = await self.turns.started(step, via)
        await self.rounds.after(step.game, via)
        return posted

    async def after_step(self, step: Step, *, everyone: bool = False, via: discord.Interaction | None = None) -> bool:
        if step.finished:  # the last round's summary goes before the results
            await self.rounds.after(step.game, via)
        posted = await self.turns.after_step(step, everyone=everyone, via=via)
        if posted and not step.finished:
            await self.rounds.after(step.game, via)
        return posted

    async def retry_announce(self, game: LiveGame, step: Step | None = None) -> bool:
        return await self.turns.retry_announce(game, step)

    async def repost(self, game: LiveGame, channel: discord.abc.Messageable) -> None:
        await self.turns.repost(game, channel)

    # -- notifications the reminders loop sends ---------------------------------------
    async def remind(self, game: LiveGame, seats: list[int], now: float) -> None:
        await self.notifier.remind(game, seats, now)

    async def put_off(self, game: LiveGame, seats: list[int], now: float) -> int:
        return await self.notifier.put_off(game, seats, now)

    # -- lobbies, notices, DMs, channels --------------------------------------------
    async def refresh_lobby(self, game: LiveGame) -> None:
        await self.lobbies.refresh(game)

    async def lobby_closed(self, game: LiveGame, reason: Said) -> None:
        await self.lobbies.closed(game, reason)

    async def notice(self, game: LiveGame, content: Said, view: discord.ui.View | None = None,
                     mentions: list[int] | None = None) -> discord.Message | None:
        return await self.notices.notice(game, content, view, mentions)

    async def dm(self, user_id: int | None, text: Said, game: LiveGame | None = None) -> None:
        """A short direct message (a text, read in the user's language), unless the user turned
        them off; failures only get logged."""
        await self.direct.notice(user_id, text, game)

    async def channel_of(self, game: LiveGame, strict: bool = False) -> Any:
        return await self.channels.channel_of(game, strict)

    async def strip_buttons(self, channel: Any, message_id: int, content: str | None = None) -> None:
        await self.channels.strip_buttons(channel, message_id, content)

    def sizes(self) -> dict[str, int]:
        """How many entries each per-game record holds (a soak test checks they come back)."""
        return {"unannounced": len(self.turns.unannounced), "announce locks": len(self.turns._locks),
                "webhooks": len(self.channels.routes._hooks)}


__all__ = ["Publisher"]
