"""Background duties: finish games a crash interrupted, retry announcements Discord refused,
remind idle players, send the notifications people put off (an interval, a daily digest, quiet
hours), act on turn clocks that reached zero, and close forgotten lobbies."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

import discord
from discord.ext import commands, tasks

from ..ui.table import takeover_view
from ...platform.live import Step
from ...platform.live import SessionError
from ...platform.words import T

if TYPE_CHECKING:
    from ..app import GameHostBot
    from ...platform.live import LiveGame

log = logging.getLogger(__name__)

ANNOUNCE_RETRY_SECONDS = 30
ANNOUNCE_GRACE_SECONDS = 20  # a move this fresh is still being announced by its own click


class RemindersCog(commands.Cog):
    def __init__(self, bot: "GameHostBot") -> None:
        self.bot = bot
        self.loop = tasks.loop(seconds=bot.settings.check_interval_seconds)(self.check)
        self.announcer = tasks.loop(seconds=ANNOUNCE_RETRY_SECONDS)(self.sweep)
        self._closing: asyncio.Task | None = None

    async def cog_load(self) -> None:
        self.loop.start()
        self.announcer.start()

    async def cog_unload(self) -> None:
        self.loop.cancel()
        self.announcer.cancel()

    async def sweep(self, now: float | None = None, grace: float = ANNOUNCE_GRACE_SECONDS) -> int:
        """Games whose last change was never shown in Discord (a crash, a refused post): play what
        is due and post the turn message. Runs at start-up and then every 30 s. Returns how many."""
        bot = self.bot
        if not await self._still_owner():
            return 0
        now = bot.sessions.clock() if now is None else now
        done = 0
        for row in await bot.storage.needing_announce():
            if now - row.updated_at < grace:
                continue
            try:
                if row.status == "finished":  # the result message never went out
                    game = await bot.sessions.ended(row.id)
                    if game is None:
                        continue
                    step = Step(game, finished=True)
                else:
                    game = await bot.sessions.get(row.id)
                    step = await bot.sessions.settle(game)
            except SessionError:
                continue
            except Exception:  # noqa: BLE001 - one broken game must not stop the others
                log.exception("could not settle game %s", row.id)
                continue
            try:
                await bot.publisher.retry_announce(game, step)
                done += 1
            except Exception:  # noqa: BLE001
                log.warning("announcement of game %s failed again", row.id, exc_info=True)
        return done

    async def check(self, now: float | None = None) -> None:
        """Post reminders, takeover votes and clock timeouts for games that have waited."""
        bot = self.bot
        if not await self._still_owner():
            return
        now = bot.sessions.clock() if now is None else now
        settings = bot.settings
        for due in await bot.sessions.due(now, settings.reminder_minutes * 60, settings.afk_hours * 3600):
            try:
                game = await bot.sessions.get(due.game_id)
                await self._act(game, due, now)
            except SessionError:
                continue
            except Exception:  # noqa: BLE001
                log.exception("idle duty %s failed for game %s", due.kind, due.game_id)
        for game in await bot.sessions.expire_lobbies(now):
            await bot.publisher.lobby_closed(game, T("It waited too long without starting, so the table was closed."))

    async def _still_owner(self) -> bool:
        """False (and the bot shuts down) once this process lost its claim on the database, e.g. a
        PostgreSQL connection that dropped: another process may own these shards now."""
        if await self.bot.storage.still_owner():
            return True
        if not self.bot.is_closed() and self._closing is None:
            log.error("this process no longer owns its games in the database; shutting down")
            # closed from its own task: closing cancels these loops, and with them this call
            self._closing = asyncio.get_running_loop().create_task(self.bot.close())
        return False

    async def _act(self, game: "LiveGame", due, now: float) -> None:
        bot = self.bot
        sessions = bot.sessions
        if due.kind == "notify":  # notifications put off (an interval, a digest, quiet hours) fall due
            await bot.publisher.put_off(game, list(due.seats), now)
            return
        await sessions.mark_due(game, due, now)
        seats = [s for s in due.seats if s in game.to_act() and not game.seats[s].is_bot]
        if not seats:
            return
        if due.kind == "remind":  # by each person's route and as often as they chose
            await bot.publisher.remind(game, seats, now)
            return
        channel = await bot.publisher.channel_of(game)
        if channel is None:
            return
        title = game.rules.title_text
        link = self._turn_link(game)
        locale = await bot.languages.table(game)  # a notice in the channel: the table's language
        if due.kind == "timeout":
            step = await sessions.time_out(game, set(seats))
            if step is not None:
                await bot.publisher.after_step(step)
                return
        hours = T("ran out of time") if due.kind == "timeout" else T("has waited {n} h", n=bot.settings.afk_hours)
        names = tuple(game.seats[s].name for s in seats)  # (Babel skips a call holding a generator)
        text = T("**{title}** {hours} for {names}. The other players may vote to let a bot player take this turn; "
                 "the host can also hand the seat over with /game seat.{link}", title=title, hours=hours,
                 names=names, link=link)
        await self._send(game, channel, text, takeover_view(game, locale))

    @staticmethod
    def _turn_link(game: "LiveGame") -> str:
        if not game.row.turn_message_id:
            return ""
        return (f"\nhttps://discord.com/channels/{game.row.guild_id}/{game.row.channel_id}/"
                f"{game.row.turn_message_id}")

    async def _send(self, game: "LiveGame", channel, text, view: discord.ui.View | None = None) -> None:
        try:
            await self.bot.publisher.notice(game, text, view)  # its buttons go when the game moves on
        except discord.HTTPException:
            log.warning("idle notice for game %s failed", game.id, exc_info=True)


async def setup(bot: "GameHostBot") -> None:
    await bot.add_cog(RemindersCog(bot))
