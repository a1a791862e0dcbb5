"""Carries out what the platform decides about notifications (`bot.platform.waits`, the
`Notifications` service): the DMs of a plan (the channel mentions go on the turn message,
`turns`), reminders by each person's route, and the notifications that were put off (one game's,
or a digest of every game waiting on someone). Whatever was done is handed back to the platform,
which stores it with the game, so nothing is told twice or lost across a restart."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

import games
from ...platform.clock import describe_seconds
from ...platform.live import LiveGame
from ...platform.sessions import SessionError, Summary, Waiting
from ...platform.waits import DM_ROUTES, MENTION, Plan
from ...platform.words import T, say
from .direct import DirectMessages
from .notices import Notices

if TYPE_CHECKING:
    from ..host import Host

log = logging.getLogger(__name__)

SETTINGS_HINT = T("(Choose how often you hear from me with /settings notify.)")


def turn_url(guild_id: int, channel_id: int, message_id: int | None) -> str:
    """The link to a game's turn message (its channel when there is none)."""
    base = f"https://discord.com/channels/{guild_id}/{channel_id}"
    return f"{base}/{message_id}" if message_id else base


def game_link(game: LiveGame) -> str:
    return turn_url(game.row.guild_id, game.row.channel_id, game.row.turn_message_id)


class Notifier:
    """Tells people of their waits as the platform's plans say."""

    def __init__(self, bot: "Host", direct: DirectMessages, notices: Notices) -> None:
        self.bot = bot
        self.direct = direct
        self.notices = notices

    @property
    def dm_closed(self) -> set[int]:
        """People whose DMs are known to be closed to the bot: they are told by the mention."""
        return set(self.direct.closed)

    async def plan(self, game: LiveGame) -> Plan:
        """Who is told now of the waits a change opened, and how (the platform decides)."""
        sessions = self.bot.sessions
        return await sessions.notifications.plan(game, sessions.clock(), self.bot.settings.present_minutes,
                                                 self.dm_closed)

    async def routes(self, game: LiveGame) -> dict[int, str]:
        """How each person seated in the game is reached (a result message by their route)."""
        return await self.bot.sessions.notifications.routes(game, self.dm_closed)

    async def deliver(self, game: LiveGame, plan: Plan, link: str, announced: int | None = None) -> None:
        """Send a plan's DMs (its mentions went out on the turn message linked by `link`): the
        panel or notice of each person told by DM, and the next panel, without a notification, of
        those at the table who play from their DMs. Then the platform stores what was done, and
        that the announcement of version `announced` went out (`Notifications.settle`)."""
        await self.direct.retire_handed_over(game)
        for seat, route in sorted(plan.dms().items()):
            await self.direct.your_turn(game, seat, link, route=route)
        for seat in sorted(plan.silent):
            await self.direct.your_turn(game, seat, link, quiet=True)
        await self.bot.sessions.notifications.settle(game, plan, announced=announced)

    # -- reminders -------------------------------------------------------------------------
    async def remind(self, game: LiveGame, seats: list[int], now: float) -> None:
        """A reminder for `seats`, by each person's route: one channel notice pinging those
        reached by the mention (in the table's language), a DM to the others. A wait not told yet
        gets none; a person whose settings put it off hears of it then."""
        plan = await self.bot.sessions.notifications.remind(game, seats, now, self.dm_closed)
        mentioned = sorted(plan.mentioned())
        title, link = game.rules.title_text, game_link(game)
        if mentioned:
            locale = await self.bot.languages.table(game)
            mentions = " ".join(f"<@{game.seats[s].user_id}>" for s in mentioned)
            left = "; ".join(f"{game.seats[s].name}: {game.clock_text(s, now, locale)}" for s in mentioned
                             if game.clock)
            text = (T("Reminder: {mentions}, **{title}** is waiting for you ({left}).{link}", mentions=mentions,
                      title=title, left=left, link="\n" + link) if left else
                    T("Reminder: {mentions}, **{title}** is waiting for you.{link}", mentions=mentions, title=title,
                      link="\n" + link))
            try:
                await self.notices.notice(game, text, mentions=[game.seats[s].user_id or 0 for s in mentioned])
            except discord.HTTPException:
                log.warning("reminder for game %s failed", game.id, exc_info=True)
        for seat in sorted(plan.dms()):
            locale = await self.bot.languages.user(game.seats[seat].user_id)
            left = game.clock_text(seat, now, locale)
            text = (T("Reminder: **{title}** is waiting for you ({left}): {link}", title=title, left=left, link=link)
                    if left else T("Reminder: **{title}** is waiting for you: {link}", title=title, link=link))
            await self.direct.notice(game.seats[seat].user_id, text, game)
        await self.bot.sessions.notifications.settle(game, plan, now)

    # -- notifications put off until now ---------------------------------------------------
    async def put_off(self, game: LiveGame, seats: list[int], now: float) -> int:
        """Send the notifications of `seats` that were put off until now; how many went out."""
        sessions = self.bot.sessions
        sent = 0
        for summary in await sessions.notifications.summaries(game, seats, now, self.dm_closed):
            try:
                await self._send(summary, now)
                sent += 1
            except (discord.HTTPException, SessionError):
                log.warning("a notification for user %s could not be sent", summary.user_id, exc_info=True)
            await sessions.notifications.summary_sent(summary, now)  # never sent twice
        return sent

    async def _send(self, summary: Summary, now: float) -> None:
        first = summary.owed[0]
        game = await self.bot.sessions.get(first.game_id)
        link = turn_url(first.guild_id, first.channel_id, first.turn_message_id)
        if not summary.digest:  # one game: told as its turn is, by its route
            if summary.route in DM_ROUTES:
                await self.direct.your_turn(game, first.seat, link, route=summary.route)
            else:
                await self.notices.notice(game, T("<@{user}>: **{title}** has been waiting for you for {time}. {link}",
                                                  user=summary.user_id, title=game.rules.title_text,
                                                  time=self._since(first, now), link=link),
                                          mentions=[summary.user_id])
            return
        if summary.route == MENTION:  # DMs off: the digest goes to the channel of the first game owed
            locale = await self.bot.languages.table(game)
            text = say(T("<@{user}>, games waiting for you:", user=summary.user_id), locale)
            await self.notices.notice(game, f"{text}\n{self._digest_lines(summary, now, locale)}",
                                      mentions=[summary.user_id])
            return
        locale = await self.bot.languages.user(summary.user_id)
        text = (say(T("**Games waiting for you** ({n}):", n=len(summary.games)), locale) + "\n"
                + self._digest_lines(summary, now, locale) + "\n" + say(SETTINGS_HINT, locale))
        await self.direct.send_text(summary.user_id, text, game)

    def _since(self, waiting: Waiting, now: float, locale: str = "en") -> str:
        return describe_seconds(now - waiting.since, locale)

    def _digest_lines(self, summary: Summary, now: float, locale: str) -> str:
        """One line per game waiting on the person: title, where, for how long, the link."""
        lines = []
        owed = {(w.game_id, w.seat) for w in summary.owed}
        for waiting in summary.games:
            rules = games.REGISTRY.get(waiting.slug)
            title = say(rules.title_text, locale) if rules is not None else waiting.slug
            where = self._where(waiting)
            link = turn_url(waiting.guild_id, waiting.channel_id, waiting.turn_message_id)
            line = T("**{title}** in {where}: your turn for {time} · [turn message]({link})", title=title, where=where,
                     time=self._since(waiting, now, locale), link=link)
            mark = "• " if (waiting.game_id, waiting.seat) in owed else "◦ "
            lines.append(mark + say(line, locale))
        return "\n".join(lines)

    def _where(self, waiting: Waiting) -> str:
        """The game's channel, and its server when the bot knows it."""
        channel: Any = self.bot.get_channel(waiting.channel_id)
        server = getattr(getattr(channel, "guild", None), "name", None)
        return f"<#{waiting.channel_id}>" + (f" ({server})" if server else "")
