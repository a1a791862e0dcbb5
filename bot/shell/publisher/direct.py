"""Direct messages: the "your turn" DM (a short notice or the whole decision panel), other
notices and digests, and what happens when a user has closed their DMs.

A full DM panel costs one request per "your turn" stretch (the panel itself is drawn by the
components, `Host.views`). What was sent for each seat is kept on the game (`LiveGame.attached`),
so a seat that changes hands retires its old holder's DM, and the record goes with the game."""

from __future__ import annotations

import logging
from collections import OrderedDict
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

import discord

from games.core.i18n import Text

from ...platform.texts import clip
from ...platform.words import T, say
from .. import lean

if TYPE_CHECKING:
    from ...platform.live import LiveGame
    from ..host import Host

log = logging.getLogger(__name__)

DmMode = Literal["off", "notice", "panel"]
MODES: tuple[DmMode, ...] = ("off", "notice", "panel")
DMS_CLOSED = 50007  # Discord's "Cannot send messages to this user"
FOOTER = T("(Turn these off with /settings dm off.)")


def handed_over(number: int, title: Text, name: str):
    return T("Seat {number} of **{title}** is now played by {name}: this panel no longer works for you.",
             number=number, title=title, name=name)


def how_to_open(mention: str):
    return T("{mention} I cannot send you direct messages, so your turns are announced here only: press "
             "**Take turn** on the turn message to play. To get them in DMs, allow direct messages from this "
             "server's members (the server's name → Privacy Settings → Direct Messages).", mention=mention)


@dataclass(frozen=True)
class SentTurn:
    """The "your turn" DM last sent for a seat: to whom, and where (to retire it when the
    seat changes hands)."""

    user_id: int
    channel_id: int
    message_id: int
    panel: bool


SENT = "dm_sent"  # LiveGame.attached: seat -> the "your turn" DM last sent for it
USERS_KEPT = 10_000  # users whose DM channel (and closed DMs) are remembered


def text_only(text: str) -> discord.ui.LayoutView:
    """A Components V2 message holding just `text` (what a retired DM panel shows)."""
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(discord.ui.TextDisplay(text))
    view.stop()  # nothing to answer on it
    return view


def sent_for(game: "LiveGame") -> dict[int, SentTurn]:
    """The "your turn" DM last sent for each seat of the game (kept on the game)."""
    found: dict[int, SentTurn] = game.attached.setdefault(SENT, {})
    return found


class DirectMessages:
    """Sends DMs by each user's chosen mode. DM channels are remembered by user id (a user's DM
    channel never changes; discord.py keeps only the 128 newest), and a user whose DMs are
    closed is told once, in the game's channel, how to open them."""

    def __init__(self, bot: "Host") -> None:
        self.bot = bot
        self._channels: OrderedDict[int, int] = OrderedDict()  # user id -> their DM channel's id
        self.closed: OrderedDict[int, None] = OrderedDict()  # users told their DMs are closed (told once)

    async def mode(self, user_id: int) -> DmMode:
        found = await self.bot.storage.dm_mode(user_id)
        return found if found in MODES else "panel"

    async def your_turn(self, game: "LiveGame", seat: int, link: str, quiet: bool = False,
                        route: str | None = None) -> None:
        """Tell the seat's holder it is their turn: the whole panel, or a short notice, as
        `route` says (the platform's decision, `bot.platform.waits.route_for`; else their DM
        setting). `quiet`: they are at the table playing from their DMs, so the panel comes
        without a notification (Discord's silent message) and a notice, which would only notify,
        is not sent."""
        user_id = game.seats[seat].user_id
        if user_id is None or not await self.bot.access.reachable(game, user_id):
            return  # (nothing of a game reaches a player who can no longer see its channel)
        mode = route if route in MODES else await self.mode(user_id)
        if mode == "off" or (quiet and mode == "notice"):
            return
        locale = await self.bot.languages.user(user_id)  # no interaction: their setting or last seen client
        if mode == "panel":
            try:
                view, files = await self.bot.views.panel(game, seat, user_id, dm=True, locale=locale)
            except Exception:  # noqa: BLE001 - fall back to the short notice
                log.exception("drawing the DM panel of game %s failed", game.id)
            else:
                sent = await self._send(game, user_id, view=view, files=files, silent=quiet)
                self._remember(game, seat, user_id, sent, True)
                return
        decision = game.decision_for(seat)
        prompt = f"\n{clip(say(decision.prompt, locale, game.names()), 300)}" if decision else ""
        missed = len(await self.bot.sessions.recap(game, user_id, locale))
        since = ("\n" + say(T("{n} lines since your last move: **Take turn** shows them all.", n=missed), locale)
                 if missed > 1 else "")
        text = say(T("Your turn in **{title}**: {link}", title=game.rules.title_text, link=link), locale) + prompt + since
        sent = await self._send(game, user_id, content=clip(f"{text}\n{say(FOOTER, locale)}", 2000),
                                silent=quiet)
        self._remember(game, seat, user_id, sent, False)

    def _remember(self, game: "LiveGame", seat: int, user_id: int, sent: tuple[int, int] | None, panel: bool) -> None:
        if sent is not None:
            sent_for(game)[seat] = SentTurn(user_id, *sent, panel)

    async def retire_handed_over(self, game: "LiveGame") -> None:
        """A seat that changed hands stops reaching its old holder at once: their last "your turn"
        DM loses its buttons and says who plays the seat now (their clicks are refused anyway:
        every component checks that the clicker holds the seat)."""
        kept = sent_for(game)
        for seat, sent in list(kept.items()):
            if game.seats[seat].user_id == sent.user_id:
                continue
            del kept[seat]
            text = say(handed_over(seat + 1, game.rules.title_text, game.seats[seat].name),
                       await self.bot.languages.user(sent.user_id))
            message = self.bot.get_partial_messageable(sent.channel_id, type=discord.ChannelType.private)
            fields = ({"view": text_only(text), "attachments": []} if sent.panel else {"content": text})
            try:
                await message.get_partial_message(sent.message_id).edit(**fields)
            except discord.HTTPException:
                log.info("could not retire the DM of seat %s of game %s", seat, game.id)

    async def notice(self, user_id: int | None, text, game: "LiveGame | None" = None) -> None:
        """A short DM (a game's result; a text read in the user's language), unless the user
        turned DMs off; failures only get logged."""
        if user_id is None or await self.mode(user_id) == "off":
            return
        if game is not None and not await self.bot.access.reachable(game, user_id):
            return
        locale = await self.bot.languages.user(user_id)
        names = game.names() if game is not None else ()
        content = f"{say(text, locale, names)}\n{say(FOOTER, locale)}"
        await self._send(game, user_id, content=clip(content, 2000))

    async def send_text(self, user_id: int, text: str, game: "LiveGame | None" = None) -> tuple[int, int] | None:
        """A DM of `text` (already in the user's language): its (channel id, message id), None when
        Discord refused it."""
        return await self._send(game, user_id, content=clip(text, 2000))

    async def _send(self, game: "LiveGame | None", user_id: int, silent: bool = False,
                    **fields) -> tuple[int, int] | None:
        """Send a DM: its (channel id, message id), None when Discord refused it (a user with
        closed DMs is told once)."""
        try:
            channel = await self.channel(user_id)
            if lean.lean(fields):
                channel_id: int = getattr(channel, "id")  # a DM channel or its partial stand-in
                return channel_id, await lean.channel_send(self.bot, channel_id, silent=silent, **fields)
            sent = await channel.send(silent=silent, **fields)
            return sent.channel.id, sent.id
        except discord.Forbidden as error:
            log.info("user %s does not accept DMs (%s)", user_id, error.code)
            if error.code == DMS_CLOSED and game is not None:
                await self._tell_closed(game, user_id)
        except discord.HTTPException:
            log.info("could not DM user %s; channel mention only", user_id)
        return None

    async def _tell_closed(self, game: "LiveGame", user_id: int) -> None:
        """Say once, in the game's channel, that this user's DMs are closed and how to open them."""
        if user_id in self.closed:
            return
        self.closed[user_id] = None
        while len(self.closed) > USERS_KEPT:
            self.closed.popitem(last=False)
        channel = self.bot.get_channel(game.row.channel_id)
        if channel is None:
            return
        try:
            await channel.send(say(how_to_open(f"<@{user_id}>"), await self.bot.languages.table(game)),
                               allowed_mentions=discord.AllowedMentions(users=[discord.Object(user_id)]))
        except discord.HTTPException:
            log.info("could not tell user %s that their DMs are closed", user_id)

    async def channel(self, user_id: int) -> discord.abc.Messageable:
        """The user's DM channel, opened once per process (opening one is a request of its own)."""
        known = self._channels.get(user_id)
        if known is not None:
            return self.bot.get_partial_messageable(known, type=discord.ChannelType.private)
        user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
        channel = user.dm_channel or await user.create_dm()
        self._channels[user_id] = channel.id
        while len(self._channels) > USERS_KEPT:
            self._channels.popitem(last=False)
        return channel

