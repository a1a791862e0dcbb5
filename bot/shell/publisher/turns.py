"""The channel's story of a game: each turn message (carrying every public line since the
previous one, edited while they fit), the old one marked as past, the DMs to whoever must act,
and the game-over message that ends them.

A move is stored before anything is posted. Posting may fail (Discord errors, missing
permissions, a deleted channel); then the game is marked as needing its announcement and
`retry_announce` posts it later, so a stored move is never silently left unannounced.

Requests outside the interaction endpoints are what limits a bot token (about 50 a second),
so a move costs as few as Discord allows: a new turn message is a follow-up of the click that
caused it, later edits go through that click's webhook while it is valid (`posting.Routes`),
an old turn message is marked past from the embed put on it last (kept on the game, not
fetched back), and DMs (`direct`) go out once per "your turn" stretch. The views posted (the
turn message's buttons) come from the components through the bot (`Host.views`)."""

from __future__ import annotations

import asyncio
import logging
import weakref
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import discord

from games.core.i18n import ENGLISH, jsonable

from ...platform import channel_log, reading
from ...platform.channel_log import Cursor, Line
from ...platform.live import LiveGame, Step, to_call
from ...platform.sessions import checks
from ...platform.waits import DM_ROUTES, MENTION
from ...platform.words import T, say
from .. import messages
from .channels import Channels
from .chart import attach_chart
from .direct import DirectMessages
from .notices import Notices
from .notify import Notifier

if TYPE_CHECKING:
    from ..host import Host

log = logging.getLogger(__name__)

PAST_TURN = T("This turn is over.")
SHOWN = "shown"  # LiveGame.attached: (turn message id, the embed put on it last)
LOG_TEXTS = "log texts"  # LiveGame.attached: ((language, names), the latest lines' keys -> their texts)


class TurnMessages:
    """Announces each change of a game in its channel and to whoever must act."""

    def __init__(self, bot: "Host", channels: Channels, direct: DirectMessages, notices: Notices,
                 notifier: Notifier) -> None:
        self.bot = bot
        self.channels = channels
        self.direct = direct
        self.notices = notices
        self.notifier = notifier
        self.unannounced: set[int] = set()  # games whose last announcement failed (mirrors storage)
        # one announcement at a time per game; a lock lives only while someone holds or awaits it
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    def _lock(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    def forget(self, game_id: int) -> None:
        """The game left memory: nothing of it is kept here (a pending announcement is in storage)."""
        self.unannounced.discard(game_id)

    async def started(self, step: Step, via: discord.Interaction | None = None) -> bool:
        """The game began: the lobby message loses its buttons (through `via` when that click
        was on it) and the first turn message goes out."""
        game = step.game
        old = game.row.turn_message_id
        started = say(T("{title} has started.", title=game.rules.title_text), await self.bot.languages.table(game))
        if old and via is not None and via.message is not None and via.message.id == old and via.response.is_done():
            try:
                await via.edit_original_response(content=started, embed=None, view=None)
                old = None
            except discord.HTTPException:
                log.info("could not close the lobby of game %s through its Start click", game.id)
        channel = await self.channels.channel_of(game)
        if old and channel is not None:
            await self.channels.strip_buttons(channel, old, content=started)
        if game.row.turn_message_id:  # the lobby is closed: no turn message to mark as past
            await self.bot.sessions.set_turn_message(game, None)
        return await self.after_step(step, everyone=True, via=via)

    async def after_step(self, step: Step, *, everyone: bool = False, via: discord.Interaction | None = None) -> bool:
        """Show the change publicly and tell whoever must act now; False when that failed (the
        failure is recorded and the announcement retried; the move itself is already stored).
        `via`: the click that made the change, whose webhook may carry the public messages."""
        game = step.game
        await self.notices.clear(game)
        if not await self._announce(game, step, everyone or game.id in self.unannounced, via):
            return False
        await self._mark(game, False)
        return True

    async def retry_announce(self, game: LiveGame, step: Step | None = None) -> bool:
        """Post the turn message again after a failed announcement (or a crash before it);
        True when it went through. Everyone who must act is mentioned, since nobody was."""
        if not await self._announce(game, step or Step(game), True):
            return False
        await self._mark(game, False)
        return True

    async def _announce(self, game: LiveGame, step: Step, everyone: bool, via: discord.Interaction | None = None) -> bool:
        async with self._lock(game.id):  # one announcement at a time per game
            return await self._announce_locked(game, step, everyone, via)

    async def _announce_locked(self, game: LiveGame, step: Step, everyone: bool, via: discord.Interaction | None) -> bool:
        try:
            locale = await self.bot.languages.table(game)  # the channel reads the table's language
            cursor, lines = await self._channel_log(game, step.lines, locale)
            channel = await self.channels.channel_of(game, strict=True)
            if channel is None:
                return True  # the channel is gone and the game was closed
            if step.finished or game.row.status == "finished":
                await self._results(game, channel, cursor, lines, via, locale)
            elif game.row.status == "abandoned":
                game.attached.pop(SHOWN, None)
                if game.row.turn_message_id:
                    await self.channels.strip_buttons(channel, game.row.turn_message_id)
                for page in channel_log.split(self._unposted(cursor, lines, game.row.turn_message_id), budget=0)[0]:
                    await channel.send(page, allowed_mentions=discord.AllowedMentions.none())
            elif game.row.status == "active":
                newly = set(to_call(game, step.to_act_before, everyone))
                await self._turn_and_tell(game, channel, (cursor, lines), newly, via, locale)
        except Exception as error:  # noqa: BLE001 - the move is stored; the announcement is retried later
            if isinstance(error, discord.HTTPException):
                log.warning("could not announce game %s in Discord; will retry", game.id, exc_info=True)
            else:
                log.exception("announcing game %s failed; will retry", game.id)
            await self._mark(game, True)
            return False
        return True

    async def _mark(self, game: LiveGame, pending: bool) -> None:
        (self.unannounced.add if pending else self.unannounced.discard)(game.id)
        try:
            await self.bot.sessions.mark_announce(game, pending=pending, version=None if pending else game.version)
        except Exception:  # noqa: BLE001 - bookkeeping must not hide the original problem
            log.warning("could not record the announcement state of game %s", game.id, exc_info=True)

    async def repost(self, game: LiveGame, channel: discord.abc.Messageable) -> None:
        """Post the turn message anew, naming everyone who must act (notifying only those not
        told of their wait yet)."""
        newly = set(to_call(game, [], everyone=True))
        locale = await self.bot.languages.table(game)
        async with self._lock(game.id):
            await self._turn_and_tell(game, channel, await self._channel_log(game, [], locale), newly, None, locale)
        await self._mark(game, False)

    async def _turn_and_tell(self, game: LiveGame, channel: Any, log: tuple[Cursor, list[Line]], newly: set[int],
                             via: discord.Interaction | None, locale: str) -> None:
        """The turn message (a new one when someone new must act, `newly`), pinging those the
        platform says are told by the mention, then the DMs of the others (`notify`): one
        notification per wait, by one route."""
        version = game.version  # announced now (a move landing meanwhile needs its own)
        plan = await self.notifier.plan(game)
        mentioned = plan.mentioned()
        message = await self._turn_message(game, channel, log, newly | mentioned, via, locale, mentioned)
        await self.notifier.deliver(game, plan, message.jump_url if message is not None else channel.mention,
                                    announced=version)

    # -- the channel's log: every public line reaches the channel (`channel_log`) ---------------
    async def _channel_log(self, game: LiveGame, step_lines: list,
                           locale: str = ENGLISH) -> tuple[Cursor, list[Line]]:
        """How far the channel got, with the platform notes among `step_lines` added (stored
        before anything is posted, so a failed post loses none, as messages), and every public
        line from the current turn message's start on, in the table's `locale`."""
        cursor = Cursor.load(game.meta, game.version)
        actions = await self.bot.sessions.tails.actions(game.id, since=cursor.start.seq - 1)
        stored = [text for action in actions if action.seq >= cursor.start.seq for text in action.lines]
        notes = channel_log.notes_among([jsonable(line) for line in step_lines], stored)
        if notes:
            cursor = cursor.with_notes(notes, game.version)
            await self.bot.sessions.set_channel_log(game, cursor.dump())
        return cursor, self._read(game, channel_log.pending(actions, cursor, game.version), locale)

    @staticmethod
    def _read(game: LiveGame, lines: list[Line], locale: str) -> list[Line]:
        """`lines` as the table reads them in `locale`. Every announcement shows all the lines
        since the turn message's start, so each is read once: the texts of the latest lines are
        kept with the game (only those, while the language and names stay)."""
        names = game.names()
        kept = game.attached.get(LOG_TEXTS)
        before: dict[str | bytes, str] = kept[1] if kept is not None and kept[0] == (locale, names) else {}
        now: dict[str | bytes, str] = {}
        read = []
        for line in lines:
            key = channel_log.line_key(line.text)
            text = now.get(key) or before.get(key) or say(line.text, locale, names)
            now[key] = text
            read.append(replace(line, text=text))
        game.attached[LOG_TEXTS] = ((locale, names), now)
        return read

    @staticmethod
    def _unposted(cursor: Cursor, lines: list[Line], shown_on: int | None) -> list[Line]:
        """The lines no message in the channel carries yet: those after what the turn message
        `shown_on` showed (all of them when there is none, or it was deleted)."""
        return channel_log.after(lines, cursor.shown) if shown_on else lines

    async def _posted(self, game: LiveGame, message_id: int, cursor: Cursor, kept: list[Line], lines: list[Line]) -> None:
        """Record the new turn message `message_id` and that it carries `kept`, the newest of
        `lines` (the lines before them went out for good), in one write."""
        shown = channel_log.end(lines, game.version)
        await self.bot.sessions.set_turn_message(game, message_id,
                                                 cursor.moved(kept[0].at if kept else shown, shown).dump())

    async def _turn_message(self, game: LiveGame, channel, log: tuple[Cursor, list[Line]], newly: set[int],
                            via: discord.Interaction | None = None, locale: str = ENGLISH,
                            called: set[int] | None = None) -> discord.Message | discord.PartialMessage | None:
        """Edit the turn message in place, carrying every public line since it was posted, or
        post a new one when someone new must act (`newly`; of them only `called`, default all,
        are notified: one ping per stretch of waiting; Discord does not notify on edits) or the
        lines no longer fit. The old message is marked superseded and keeps its lines; lines too
        many for one message go just before. Everything in it reads in the table's `locale` (the
        lines come already in it)."""
        cursor, lines = log
        waiting = checks.waiting_on(game)
        board = await self.bot.images.public_file(game, locale)
        old = shown_on = game.row.turn_message_id
        if not newly and old and channel_log.fits(lines):
            content, embed = messages.turn_content(game, channel_log.text_of(lines), waiting, board is not None,
                                                   locale)
            try:
                message = await self.channels.routes.edit(channel, old, content=content, embed=embed,
                                                 attachments=[board] if board else [],
                                                 view=self.bot.views.turn(game, locale),
                                                 allowed_mentions=discord.AllowedMentions.none())
                game.attached[SHOWN] = (old, embed)
                shown = channel_log.end(lines, game.version)
                await self.bot.sessions.set_channel_log(game, cursor.moved(cursor.start, shown).dump())
                return message
            except discord.NotFound:  # deleted: its lines go on the new message
                shown_on = None
                if board is not None:
                    board.reset()
        pages, kept = channel_log.split(self._unposted(cursor, lines, shown_on))
        await self.channels.post_pages(channel, via, pages)
        content, embed = messages.turn_content(game, channel_log.text_of(kept), waiting, board is not None, locale)
        pinged = [discord.Object(user_id) for s in sorted(newly if called is None else called)
                  if (user_id := game.seats[s].user_id)]
        files = {"file": board} if board else {}
        message = await self.channels.routes.post(channel, via, content, embed=embed, view=self.bot.views.turn(game, locale),
                                         **files,
                                         allowed_mentions=discord.AllowedMentions(users=pinged, roles=False,
                                                                                  everyone=False))
        last_shown = game.attached.get(SHOWN)
        game.attached[SHOWN] = (message.id, embed)
        await self._posted(game, message.id, cursor, kept, lines)
        if old and old != message.id and shown_on:
            await self._supersede_keeping_lines(channel, old, message, last_shown, cursor, lines, via, locale)
        return message

    async def supersede(self, channel, message_id: int, newer: discord.Message | discord.PartialMessage | None,
                        shown: discord.Embed | None = None, locale: str = ENGLISH) -> bool:
        """Make an old turn message look old: no buttons, no board, a link to the current one.
        `shown`: the embed the publisher last put on it (else it is fetched back from Discord).
        False when the message is gone (someone deleted it)."""
        link = " " + say(T("[Go to the current turn]({url})", url=newer.jump_url), locale) if newer is not None else ""
        try:
            if shown is None:
                fetched = await channel.fetch_message(message_id)
                shown = fetched.embeds[0] if fetched.embeds else None
            await self.channels.routes.edit(channel, message_id, content=f"*{say(PAST_TURN, locale)}*{link}",
                                   embed=messages.superseded_embed(shown, locale), attachments=[], view=None,
                                   allowed_mentions=discord.AllowedMentions.none())
        except discord.NotFound:
            return False
        except discord.HTTPException:
            await self.channels.strip_buttons(channel, message_id)
        return True

    async def _supersede_keeping_lines(self, channel, old: int, newer, shown: tuple | None, cursor: Cursor,
                                       lines: list[Line], via: discord.Interaction | None,
                                       locale: str = ENGLISH) -> None:
        """Supersede the old turn message; when someone deleted it, the lines it carried are
        posted again (after the new one: their place in the channel is gone with it)."""
        if not await self.supersede(channel, old, newer, shown[1] if shown and shown[0] == old else None, locale):
            lost = [line for line in lines if line.at < cursor.shown]
            if lost:
                await self.channels.post_pages(channel, via, channel_log.split(lost, budget=0)[0])

    # -- results ---------------------------------------------------------------------
    async def _results(self, game: LiveGame, channel, cursor: Cursor, lines: list[Line],
                       via: discord.Interaction | None = None, locale: str = ENGLISH) -> None:
        """The game-over message in the table's `locale`, carrying the last lines no turn message
        showed (any too many for it posted just before)."""
        content, embed, _ = messages.results(game, locale)
        pages, kept = channel_log.split(self._unposted(cursor, lines, game.row.turn_message_id),
                                        budget=min(channel_log.LOG_BUDGET, messages.EMBEDS_LIMIT - len(embed)))
        await self.channels.post_pages(channel, via, pages)
        embeds = [embed, messages.last_moves(channel_log.text_of(kept), locale)] if kept else [embed]
        old = game.row.turn_message_id
        # every player is named; each is notified by their own route: the mention, or the DM below
        routes = await self.notifier.routes(game)
        mentioned = [u for s, route in routes.items() if route == MENTION and (u := game.seats[s].user_id)]
        dmed = [u for s, route in routes.items() if route in DM_ROUTES and (u := game.seats[s].user_id)]
        board = await self.bot.images.public_file(game, locale)
        if board is None:
            embed.set_image(url=None)
        message = await self.channels.routes.post(channel, via, content, embeds=embeds, **({"file": board} if board else {}),
                                         allowed_mentions=discord.AllowedMentions(
                                             users=[discord.Object(u) for u in mentioned], roles=False, everyone=False))
        shown = game.attached.pop(SHOWN, None)
        if old and old != message.id:
            await self._supersede_keeping_lines(channel, old, message, shown, cursor, lines, via, locale)
        await self._posted(game, message.id, cursor, [], lines)
        attach_chart(self.bot.history, game.row, lambda chart: self.channels.add_file(channel, message.id, chart), locale)
        outcome = game.rules.outcome(game.state) if game.state is not None else None
        if outcome is None:
            return  # (a finished game always has one)
        for user_id in dmed:
            headline = reading.result_headline(game, outcome, await self.bot.languages.user(user_id))
            await self.direct.notice(user_id, T("**{title}** is over. {headline} Results: {url}", title=game.rules.title_text,
                                     headline=headline, url=message.jump_url), game)
