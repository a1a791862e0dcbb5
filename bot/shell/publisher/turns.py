"""Everything the bot posts: lobby and turn messages, images, panels, DMs, results.

A move is stored before anything is posted. Posting may fail (Discord errors, missing
permissions, a deleted channel); then the game is marked as needing its announcement and
`retry_announce` posts it later, so a stored move is never silently left unannounced.

Requests outside the interaction endpoints are what limits a bot token (about 50 a second),
so a move costs as few as Discord allows: a new turn message is a follow-up of the click that
caused it, later edits go through that click's webhook while it is valid (`posting.Routes`),
an old turn message is marked past from the embed the publisher last put on it (not fetched
back), and DMs (`bot.dm`) go out once per "your turn" stretch.

Every public line reaches the channel (`bot.channel_log`): the turn message carries all lines
since the previous one and is edited while they fit; past turn messages keep theirs."""

from __future__ import annotations

import asyncio
import io
import logging
from collections import OrderedDict
from dataclasses import replace

import discord

from games.core.i18n import ENGLISH, jsonable

from ...platform import channel_log, reading
from . import direct
from .. import messages, panels
from ..ui import decision as ui
from ...platform.channel_log import Cursor, Line
from .chart import attach_chart
from ..host import Host
from ...platform.live import LiveGame, Step, at_table, playing_from_dms, to_call
from ..posting import Routes
from ...platform.recap import summary as summarised
from ...platform.words import T, say

log = logging.getLogger(__name__)

PAST_TURN = T("This turn is over.")
BOARDS_KEPT = 256  # boards started for turn messages still to be posted
PRIVATE_IMAGES_KEPT = 128  # private images kept for redrawn panels (tens of KB each)


class Publisher:
    """Posts and edits a game's messages. Images come from views only."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.unannounced: set[int] = set()  # games whose last announcement failed (mirrors storage)
        self.notices: dict[int, list[tuple[int, int]]] = {}  # game id -> (channel, message) with buttons
        self.routes = Routes()
        self._locks: dict[int, asyncio.Lock] = {}
        self._shown: dict[int, tuple[int, discord.Embed]] = {}  # game id -> (turn message, the embed put on it)
        self.direct = direct.DirectMessages(bot)
        # (game, seat) -> (version and names drawn with, PNG): a panel redrawn at the same version
        # (page turns, multi-page picks, Take turn again) shows the image without drawing it again
        self._private: OrderedDict[tuple[int, int], tuple[tuple, bytes]] = OrderedDict()
        # game -> (version, language, its board being drawn): started as soon as a move is stored,
        # so the board is drawn while the mover's panel is, not after it
        self._boards: dict[int, tuple[int, str, asyncio.Task]] = {}

    # -- images ----------------------------------------------------------------
    async def _image(self, game: LiveGame, kind: str, seat: int | None, filename: str,
                     extra: dict | None = None, locale: str = ENGLISH) -> discord.File | None:
        """One image of the game drawn from the seat's view in `locale` (in the render pool), or
        None when drawing failed: a broken image must never stop a move from being shown. `extra`
        is added to the view (the places a panel's board image marks)."""
        try:
            view = game.view(seat) | jsonable(extra or {})
            png = await self.bot.renders.draw(kind, game.row.slug, view, game.names(), locale=locale)
        except Exception:  # noqa: BLE001 - logged; the message goes out without this image
            log.exception("drawing the %s image of game %s failed", kind, game.id)
            return None
        return discord.File(io.BytesIO(png), filename=filename) if png else None

    async def public_file(self, game: LiveGame, locale: str | None = None) -> discord.File | None:
        """The public board, in the table's language unless `locale` says otherwise."""
        locale = locale or await self.bot.languages.table(game)
        started = self._boards.get(game.id)
        if started is not None and started[0] != game.version:
            del self._boards[game.id]  # a board of an older move: never shown
        elif started is not None and started[1] == locale:
            del self._boards[game.id]
            return await started[2]
        return await self._image(game, "public", None, "board.png", locale=locale)

    async def start_board(self, game: LiveGame) -> None:
        """Start drawing the board of the game as it is now, for the turn message that will
        show it (`public_file` takes it over; a newer move makes it unused)."""
        locale = await self.bot.languages.table(game)
        task = asyncio.create_task(self._image(game, "public", None, "board.png", locale=locale))
        self._boards.pop(game.id, None)
        self._boards[game.id] = (game.version, locale, task)
        while len(self._boards) > BOARDS_KEPT:  # boards no announcement took (a failed one is retried anew)
            self._boards.pop(next(iter(self._boards)))
        await asyncio.sleep(0)  # the task runs up to handing the board to the render pool, ahead of the panel

    async def private_file(self, game: LiveGame, seat: int, marks: dict | None = None,
                           locale: str = ENGLISH) -> discord.File | None:
        """The seat's private image in its reader's `locale`, drawn once per game version (the
        state changes only then), seat names and language. With `marks` (a decision about board
        places, `panels.board_marks`) it is the board with those places marked by the options'
        numbers instead, when the game draws one (else the usual private image)."""
        if marks:
            marked = await self._kept_image(game, seat, "marked", {"marks": marks}, locale)
            if marked is not None:
                return marked
        return await self._kept_image(game, seat, "private", locale=locale)

    async def _kept_image(self, game: LiveGame, seat: int, kind: str, extra: dict | None = None,
                          locale: str = ENGLISH) -> discord.File | None:
        """A panel image of `kind` for the seat, kept for redraws at the same game version."""
        key, drawn_for = (game.id, seat), (game.version, tuple(game.names()), kind, locale)
        kept = self._private.get(key)
        if kept is not None and kept[0] == drawn_for:
            self._private.move_to_end(key)
            return discord.File(io.BytesIO(kept[1]), filename="private.png")
        drawn = await self._image(game, kind, seat, "private.png", extra, locale)
        if drawn is not None:
            self._private[key] = (drawn_for, drawn.fp.getvalue())
            while len(self._private) > PRIVATE_IMAGES_KEPT:
                self._private.popitem(last=False)
        return drawn

    async def board_files(self, game: LiveGame, locale: str | None = None) -> list[discord.File]:
        """The public board and, when the game draws one, the detail image (card texts, scores),
        in `locale` (a reader's) or else the table's language."""
        locale = locale or await self.bot.languages.table(game)
        found = [await self.public_file(game, locale),
                 await self._image(game, "detail", None, "detail.png", locale=locale)]
        return [f for f in found if f is not None]

    # -- lobby -----------------------------------------------------------------
    def lobby_message(self, game: LiveGame, locale: str = ENGLISH) -> dict:
        """The lobby in the table's `locale`."""
        return {"embed": messages.lobby_embed(game, locale), "view": ui.lobby_view(game, locale)}

    async def lobby_closed(self, game: LiveGame, reason) -> None:
        """A lobby closed (expired, or everyone left): remove its buttons and say why."""
        channel = await self.channel_of(game)
        if channel is not None and game.row.turn_message_id:
            locale = await self.bot.languages.table(game)
            await self.strip_buttons(channel, game.row.turn_message_id,
                                     content=say(T("The {title} table closed: {reason}", title=game.rules.title,
                                                   reason=reason), locale))

    async def refresh_lobby(self, game: LiveGame) -> None:
        channel = await self.channel_of(game)
        if channel is None or not game.row.turn_message_id:
            return
        locale = await self.bot.languages.table(game)
        if game.row.status != "lobby":
            await self.strip_buttons(channel, game.row.turn_message_id,
                                     content=say(T("The {title} table closed: everyone left.", title=game.rules.title),
                                                 locale))
            return
        try:
            await channel.get_partial_message(game.row.turn_message_id).edit(**self.lobby_message(game, locale))
        except discord.HTTPException:
            log.info("could not refresh the lobby of game %s", game.id)

    # -- reading ----------------------------------------------------------------
    async def recap_lines(self, game: LiveGame, user_id: int, locale: str = ENGLISH) -> list[str]:
        """Every line since the user's own last action, their private lines included, in `locale`."""
        return list(await self.bot.sessions.recap(game, user_id, locale))

    async def log_lines(self, game: LiveGame, user_id: int, whole: bool, locale: str = ENGLISH) -> list[str]:
        """The recap, or the whole game's log, as this user may read it, in `locale`."""
        if not whole:
            return await self.recap_lines(game, user_id, locale)
        return list(await self.bot.sessions.full_log(game, user_id, locale))

    # -- decision panel ----------------------------------------------------------
    async def panel(self, game: LiveGame, seat: int, user_id: int, page: int = 0, dm: bool = False,
                    locale: str = ENGLISH) -> tuple[discord.ui.LayoutView, list[discord.File]]:
        """Components V2 panel for `seat` in its reader's `locale`: recap, private image, current
        decision. The private image comes only with a decision to make (**My hand** shows it any
        time). A `dm` panel names its game, links its turn message, shows the image always and
        can be refreshed."""
        decision = game.decision_for(seat)
        wanted = (decision is not None or dm) and game.row.status == "active"
        marks = self.board_marks(game, decision) if wanted else {}
        image = await self.private_file(game, seat, marks, locale) if wanted else None
        files = [image] if image is not None else []
        lines, openings = await self.bot.sessions.marked_recap(game, user_id, locale)
        shown, more = summarised(lines, locale=locale, openings=openings)
        recap = ""
        if shown:
            head = (T("**Since your last move** (in brief: **Full recap** shows every line)") if more
                    else T("**Since your last move**"))
            recap = say(head, locale) + "\n" + "\n".join(panels.bullets(shown))
        if game.row.status != "active":
            heading, decision = say(T("The game is over: the results are in the channel."), locale), None
        elif decision is None:
            heading = say(T("Nothing to decide right now. Waiting for {names}; you will be mentioned when it is "
                            "your turn.", names=self.bot.sessions.waiting_on(game)), locale)
            clock = messages.clock_text(game, seat, locale)
            if clock:
                heading += "\n" + say(T("Your clock: {clock}.", clock=clock), locale)
        else:
            decision = panels.with_names(decision, game.names(), locale)
            if marks:  # the board image marks places with these numbers
                decision = panels.numbered(decision)
            draft = self.bot.drafts.get((game.id, user_id), set())
            heading = panels.describe(decision, page, len(draft), locale)
        draft = self.bot.drafts.get((game.id, user_id), set())
        if dm:
            heading = f"{direct.dm_heading(game, locale)}\n{heading}"
        view = ui.panel_view(game, seat, recap, heading, decision, page, draft, image=bool(files), recap_more=more,
                             locale=locale)
        return (direct.add_dm_parts(view, game, locale) if dm else view), files

    def board_marks(self, game: LiveGame, decision) -> dict:
        """The places the decision's board image marks (`panels.board_marks`), {} when it names
        none or the game's hook failed (logged: the panel then shows the usual image)."""
        if decision is None:
            return {}
        try:
            return panels.board_marks(decision, game.rules.places(game.state, decision))
        except Exception:  # noqa: BLE001 - a broken hook must never stop a panel
            log.exception("naming the board places of game %s failed", game.id)
            return {}

    # -- turn flow ---------------------------------------------------------------
    async def started(self, step: Step, via: discord.Interaction | None = None) -> bool:
        """The game began: the lobby message loses its buttons (through `via` when that click
        was on it) and the first turn message goes out."""
        game = step.game
        old = game.row.turn_message_id
        started = say(T("{title} has started.", title=game.rules.title), await self.bot.languages.table(game))
        if old and via is not None and via.message is not None and via.message.id == old and via.response.is_done():
            try:
                await via.edit_original_response(content=started, embed=None, view=None)
                old = None
            except discord.HTTPException:
                log.info("could not close the lobby of game %s through its Start click", game.id)
        channel = await self.channel_of(game)
        if old and channel is not None:
            await self.strip_buttons(channel, old, content=started)
        if game.row.turn_message_id:  # the lobby is closed: no turn message to mark as past
            await self.bot.sessions.set_turn_message(game, None)
        return await self.after_step(step, everyone=True, via=via)

    async def after_step(self, step: Step, *, everyone: bool = False, via: discord.Interaction | None = None) -> bool:
        """Show the change publicly and tell whoever must act now; False when that failed (the
        failure is recorded and the announcement retried; the move itself is already stored).
        `via`: the click that made the change, whose webhook may carry the public messages."""
        game = step.game
        await self.clear_notices(game)
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
        async with self._locks.setdefault(game.id, asyncio.Lock()):  # one announcement at a time per game
            return await self._announce_locked(game, step, everyone, via)

    async def _announce_locked(self, game: LiveGame, step: Step, everyone: bool, via: discord.Interaction | None) -> bool:
        try:
            locale = await self.bot.languages.table(game)  # the channel reads the table's language
            cursor, lines = await self._channel_log(game, step.lines, locale)
            channel = await self.channel_of(game, strict=True)
            if channel is None:
                return True  # the channel is gone and the game was closed
            if step.finished or game.row.status == "finished":
                await self._results(game, channel, cursor, lines, via, locale)
            elif game.row.status == "abandoned":
                if game.row.turn_message_id:
                    await self.strip_buttons(channel, game.row.turn_message_id)
                for page in channel_log.split(self._unposted(cursor, lines, game.row.turn_message_id), budget=0)[0]:
                    await channel.send(page, allowed_mentions=discord.AllowedMentions.none())
            elif game.row.status == "active":
                newly = set(to_call(game, step.to_act_before, everyone))
                present = set() if everyone else at_table(
                    game, newly, self.bot.sessions.clock(), self.bot.settings.present_minutes)
                from_dms = playing_from_dms(game, present)  # the others at the table use Take turn: no DM
                message = await self._turn_message(game, channel, (cursor, lines), newly, via, locale,
                                                   newly - present)
                await self._dm(game, channel, sorted(newly - present | from_dms), message, quiet=from_dms)
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
        """Post the turn message anew, mentioning everyone who must act."""
        newly = set(to_call(game, [], everyone=True))
        locale = await self.bot.languages.table(game)
        async with self._locks.setdefault(game.id, asyncio.Lock()):
            await self._turn_message(game, channel, await self._channel_log(game, [], locale), newly, locale=locale)
        await self._mark(game, False)

    # -- the channel's log: every public line reaches the channel (`bot.channel_log`) ------------
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
        names = game.names()
        return cursor, [replace(line, text=say(line.text, locale, names))
                        for line in channel_log.pending(actions, cursor, game.version)]

    @staticmethod
    def _unposted(cursor: Cursor, lines: list[Line], shown_on: int | None) -> list[Line]:
        """The lines no message in the channel carries yet: those after what the turn message
        `shown_on` showed (all of them when there is none, or it was deleted)."""
        return channel_log.after(lines, cursor.shown) if shown_on else lines

    async def _post_pages(self, channel, via: discord.Interaction | None, pages: list[str]) -> None:
        """Log lines too many for the next message, posted just before it (pinging nobody)."""
        for page in pages:
            await self.routes.post(channel, via, page, allowed_mentions=discord.AllowedMentions.none())

    async def _logged(self, game: LiveGame, cursor: Cursor, kept: list[Line], lines: list[Line]) -> None:
        """Record that a new message carries `kept`, the newest of `lines` (the lines before
        them went out for good)."""
        shown = channel_log.end(lines, game.version)
        await self.bot.sessions.set_channel_log(game, cursor.moved(kept[0].at if kept else shown, shown).dump())

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
        waiting = self.bot.sessions.waiting_on(game)
        board = await self.public_file(game, locale)
        old = shown_on = game.row.turn_message_id
        if not newly and old and channel_log.fits(lines):
            content, embed = messages.turn_content(game, channel_log.text_of(lines), waiting, board is not None,
                                                   locale)
            try:
                message = await self.routes.edit(channel, old, content=content, embed=embed,
                                                 attachments=[board] if board else [],
                                                 view=ui.turn_view(game.id, locale),
                                                 allowed_mentions=discord.AllowedMentions.none())
                self._shown[game.id] = (old, embed)
                shown = channel_log.end(lines, game.version)
                await self.bot.sessions.set_channel_log(game, cursor.moved(cursor.start, shown).dump())
                return message
            except discord.NotFound:  # deleted: its lines go on the new message
                shown_on = None
                if board is not None:
                    board.reset()
        pages, kept = channel_log.split(self._unposted(cursor, lines, shown_on))
        await self._post_pages(channel, via, pages)
        content, embed = messages.turn_content(game, channel_log.text_of(kept), waiting, board is not None, locale)
        pinged = [discord.Object(game.seats[s].user_id) for s in sorted(newly if called is None else called)
                  if game.seats[s].user_id]
        files = {"file": board} if board else {}
        message = await self.routes.post(channel, via, content, embed=embed, view=ui.turn_view(game.id, locale),
                                         **files,
                                         allowed_mentions=discord.AllowedMentions(users=pinged, roles=False,
                                                                                  everyone=False))
        shown = self._shown.get(game.id)
        self._shown[game.id] = (message.id, embed)
        await self.bot.sessions.set_turn_message(game, message.id)
        await self._logged(game, cursor, kept, lines)
        if old and old != message.id and shown_on:
            await self._supersede_keeping_lines(channel, old, message, shown, cursor, lines, via, locale)
        return message

    async def _add_file(self, channel, message_id: int, file: discord.File) -> None:
        """Add `file` to a posted message, keeping its attachments (a routed post comes back
        as a PartialMessage, which does not know them)."""
        kept = (await channel.fetch_message(message_id)).attachments
        await self.routes.edit(channel, message_id, attachments=[*kept, file])

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
            await self.routes.edit(channel, message_id, content=f"*{say(PAST_TURN, locale)}*{link}",
                                   embed=messages.superseded_embed(shown, locale), attachments=[], view=None,
                                   allowed_mentions=discord.AllowedMentions.none())
        except discord.NotFound:
            return False
        except discord.HTTPException:
            await self.strip_buttons(channel, message_id)
        return True

    async def _supersede_keeping_lines(self, channel, old: int, newer, shown: tuple | None, cursor: Cursor,
                                       lines: list[Line], via: discord.Interaction | None,
                                       locale: str = ENGLISH) -> None:
        """Supersede the old turn message; when someone deleted it, the lines it carried are
        posted again (after the new one: their place in the channel is gone with it)."""
        if not await self.supersede(channel, old, newer, shown[1] if shown and shown[0] == old else None, locale):
            lost = [line for line in lines if line.at < cursor.shown]
            if lost:
                await self._post_pages(channel, via, channel_log.split(lost, budget=0)[0])

    async def strip_buttons(self, channel, message_id: int, content: str | None = None) -> None:
        """Remove the buttons of a message that no longer applies."""
        try:
            kwargs = {"view": None} if content is None else {"view": None, "content": content, "embed": None}
            await self.routes.edit(channel, message_id, **kwargs)
        except discord.HTTPException:
            pass

    # -- notices (reminders, votes): their buttons go once the game moves on ----------------
    async def notice(self, game: LiveGame, content, view: discord.ui.View | None = None,
                     mentions: list[int] | None = None) -> discord.Message | None:
        """Post a message about `game` (a reminder, a vote; a text in the table's language) whose
        buttons are removed at the game's next step, so a stale one never looks actionable.
        `mentions`: who may be pinged (None: everyone mentioned in the text)."""
        channel = await self.channel_of(game)
        if channel is None:
            return None
        content = say(content, await self.bot.languages.table(game), game.names())
        users = True if mentions is None else [discord.Object(u) for u in mentions]
        allowed = discord.AllowedMentions(users=users, roles=False, everyone=False)
        kwargs = {"view": view} if view is not None else {}
        message = await channel.send(panels.clip(content, 2000), allowed_mentions=allowed, **kwargs)
        if view is not None:
            self.notices.setdefault(game.id, []).append((message.channel.id, message.id))
        return message

    async def clear_notices(self, game: LiveGame) -> None:
        for channel_id, message_id in self.notices.pop(game.id, []):
            channel = self.bot.get_channel(channel_id)
            if channel is None:
                continue
            try:
                await channel.get_partial_message(message_id).edit(view=None)
            except discord.HTTPException:
                pass

    # -- direct messages -----------------------------------------------------------
    async def _dm(self, game: LiveGame, channel, seats: list[int], message: discord.Message | None,
                  quiet: set[int] = frozenset()) -> None:
        """Tell whoever must act now, in their DMs, as each of them chose (`bot.dm`); `quiet`
        seats are at the table playing from their DMs (live.at_table, live.playing_from_dms): a
        DM panel reaches them without a notification and a short notice is not sent at all."""
        link = message.jump_url if message is not None else channel.mention
        await self.direct.retire_handed_over(game)
        for seat in seats:
            await self.direct.your_turn(game, seat, link, quiet=seat in quiet)

    async def dm(self, user_id: int | None, text, game: LiveGame | None = None) -> None:
        """A short direct message (a text, read in the user's language), unless the user turned
        them off; failures only get logged."""
        await self.direct.notice(user_id, text, game)

    # -- results ---------------------------------------------------------------------
    async def _results(self, game: LiveGame, channel, cursor: Cursor, lines: list[Line],
                       via: discord.Interaction | None = None, locale: str = ENGLISH) -> None:
        """The game-over message in the table's `locale`, carrying the last lines no turn message
        showed (any too many for it posted just before)."""
        content, embed, _ = messages.results(game, locale)
        pages, kept = channel_log.split(self._unposted(cursor, lines, game.row.turn_message_id),
                                        budget=min(channel_log.LOG_BUDGET, messages.EMBEDS_LIMIT - len(embed)))
        await self._post_pages(channel, via, pages)
        embeds = [embed, messages.last_moves(channel_log.text_of(kept), locale)] if kept else [embed]
        old = game.row.turn_message_id
        humans = [s.user_id for s in game.seats if s.user_id is not None]
        board = await self.public_file(game, locale)
        if board is None:
            embed.set_image(url=None)
        message = await self.routes.post(channel, via, content, embeds=embeds, **({"file": board} if board else {}),
                                         allowed_mentions=discord.AllowedMentions(
                                             users=[discord.Object(u) for u in humans], roles=False, everyone=False))
        shown = self._shown.pop(game.id, None)
        if old and old != message.id:
            await self._supersede_keeping_lines(channel, old, message, shown, cursor, lines, via, locale)
        await self.bot.sessions.set_turn_message(game, message.id)
        await self._logged(game, cursor, [], lines)
        self.direct.forget(game)
        attach_chart(self.bot.history, game.row, lambda chart: self._add_file(channel, message.id, chart), locale)
        outcome = game.rules.outcome(game.state)
        for user_id in humans:
            headline = reading.result_headline(game, outcome, await self.bot.languages.user(user_id))
            await self.dm(user_id, T("**{title}** is over. {headline} Results: {url}", title=game.rules.title,
                                     headline=headline, url=message.jump_url), game)

    # -- channels --------------------------------------------------------------------
    async def channel_of(self, game: LiveGame, strict: bool = False):
        """The game's channel. A deleted channel closes the game (None); other failures return
        None, or raise with `strict` so the caller can record the announcement as pending."""
        channel = self.bot.get_channel(game.row.channel_id)
        if channel is not None:
            return channel
        try:
            return await self.bot.fetch_channel(game.row.channel_id)
        except discord.NotFound:
            log.warning("channel %s of game %s is gone; closing the game", game.row.channel_id, game.id)
            await self.bot.sessions.channel_gone(game)
            return None
        except discord.HTTPException:
            if strict:
                raise
            return None
