"""Direct messages: the "your turn" DM (a short notice or the whole decision panel), other
notices, and what happens when a user has closed their DMs.

A full DM panel is the channel's decision panel (the same components carrying game id and
stamp, so the same checks apply) with the game's name, a link to the turn message and a
**Refresh** button. It costs one request per "your turn" stretch: a click in the DM answers
through its own interaction (free), which also brings the player's next decision in place."""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

import discord

from games.core.i18n import ENGLISH

from .. import panels
from ..host import Host
from ...platform.language import reader_locale
from ..ui.base import GuardedItem, bot_of, layout_view, live_game, seated
from ...platform.words import T, say

if TYPE_CHECKING:
    from ...platform.live import LiveGame

log = logging.getLogger(__name__)

DmMode = Literal["off", "notice", "panel"]
MODES: tuple[DmMode, ...] = ("off", "notice", "panel")
DMS_CLOSED = 50007  # Discord's "Cannot send messages to this user"
FOOTER = T("(Turn these off with /settings dm off.)")


def handed_over(number: int, title: str, name: str):
    return T("Seat {number} of **{title}** is now played by {name}: this panel no longer works for you.",
             number=number, title=title, name=name)


def how_to_open(mention: str):
    return T("{mention} I cannot send you direct messages, so your turns are announced here only: press "
             "**Take turn** on the turn message to play. To get them in DMs, allow direct messages from this "
             "server's members (the server's name → Privacy Settings → Direct Messages).", mention=mention)


def turn_link(game: "LiveGame") -> str:
    """Where the game's turn message is (the channel when there is none yet)."""
    row = game.row
    if row.turn_message_id:
        return f"https://discord.com/channels/{row.guild_id}/{row.channel_id}/{row.turn_message_id}"
    return f"https://discord.com/channels/{row.guild_id}/{row.channel_id}"


def dm_heading(game: "LiveGame", locale: str = ENGLISH) -> str:
    """The first line of a DM panel: which game, where, and the way to its turn message."""
    return say(T("**{title}** in {channel} · [turn message]({link})", title=game.rules.title,
                 channel=f"<#{game.row.channel_id}>", link=turn_link(game)), locale)


class RefreshButton(GuardedItem, discord.ui.DynamicItem[discord.ui.Button], template=r"gh:dmr:(?P<gid>\d+)"):
    """Draws the clicker's DM panel again (their hand may have changed while they wait). The
    game comes from the custom_id (a DM has no game channel) and the clicker must hold a seat."""

    def __init__(self, game_id: int, locale: str = ENGLISH) -> None:
        super().__init__(discord.ui.Button(label=say(T("Refresh"), locale), emoji="🔄", style=discord.ButtonStyle.secondary,
                                           custom_id=f"gh:dmr:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["gid"]))

    async def run(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        game = await live_game(bot, self.game_id)
        seat = seated(game, interaction.user.id)
        locale = await reader_locale(interaction)
        await interaction.response.defer()
        view, files = await bot.publisher.panel(game, seat, interaction.user.id, dm=True, locale=locale)
        await interaction.edit_original_response(view=view, attachments=files)


DM_ITEMS = (RefreshButton,)


def add_dm_parts(view: discord.ui.LayoutView, game: "LiveGame", locale: str = ENGLISH) -> discord.ui.LayoutView:
    """The Refresh button under a panel, when Discord's 40 components leave room for it (a
    decision's own buttons refresh the panel too)."""
    if view.total_children_count + 2 <= 40:
        view.add_item(discord.ui.ActionRow(RefreshButton(game.id, locale)))
    return view


@dataclass(frozen=True)
class SentTurn:
    """The "your turn" DM last sent for a seat: to whom, and where (to retire it when the
    seat changes hands)."""

    user_id: int
    channel_id: int
    message_id: int
    panel: bool


class DirectMessages:
    """Sends DMs by each user's chosen mode. DM channels are remembered by user id (a user's DM
    channel never changes; discord.py keeps only the 128 newest), and a user whose DMs are
    closed is told once, in the game's channel, how to open them."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self._channels: dict[int, int] = {}  # user id -> their DM channel's id
        self.closed: set[int] = set()  # users told their DMs are closed (told once per process)
        self.sent: dict[int, dict[int, SentTurn]] = {}  # game -> seat -> its last "your turn" DM

    async def mode(self, user_id: int) -> DmMode:
        found = await self.bot.storage.dm_mode(user_id)
        return found if found in MODES else "panel"  # type: ignore[return-value]

    async def your_turn(self, game: "LiveGame", seat: int, link: str, quiet: bool = False) -> None:
        """Tell the seat's holder it is their turn: the whole panel, or a short notice. `quiet`:
        they are at the table playing from their DMs, so the panel comes without a notification (Discord's silent
        message) and a notice, which would only notify, is not sent."""
        user_id = game.seats[seat].user_id
        if user_id is None:
            return
        mode = await self.mode(user_id)
        if mode == "off" or (quiet and mode == "notice"):
            return
        locale = await self.bot.languages.user(user_id)  # no interaction: their setting or last seen client
        if mode == "panel":
            try:
                view, files = await self.bot.publisher.panel(game, seat, user_id, dm=True, locale=locale)
            except Exception:  # noqa: BLE001 - fall back to the short notice
                log.exception("drawing the DM panel of game %s failed", game.id)
            else:
                sent = await self._send(game, user_id, view=view, files=files, silent=quiet)
                self._remember(game, seat, user_id, sent, True)
                return
        decision = game.decision_for(seat)
        prompt = f"\n{panels.clip(say(decision.prompt, locale, game.names()), 300)}" if decision else ""
        missed = len(await self.bot.publisher.recap_lines(game, user_id, locale))
        since = ("\n" + say(T("{n} lines since your last move: **Take turn** shows them all.", n=missed), locale)
                 if missed > 1 else "")
        text = say(T("Your turn in **{title}**: {link}", title=game.rules.title, link=link), locale) + prompt + since
        sent = await self._send(game, user_id, content=panels.clip(f"{text}\n{say(FOOTER, locale)}", 2000),
                                silent=quiet)
        self._remember(game, seat, user_id, sent, False)

    def _remember(self, game: "LiveGame", seat: int, user_id: int, sent: discord.Message | None, panel: bool) -> None:
        if sent is not None:
            self.sent.setdefault(game.id, {})[seat] = SentTurn(user_id, sent.channel.id, sent.id, panel)

    async def retire_handed_over(self, game: "LiveGame") -> None:
        """A seat that changed hands stops reaching its old holder at once: their last "your turn"
        DM loses its buttons and says who plays the seat now (their clicks are refused anyway:
        every component checks that the clicker holds the seat)."""
        sent_for = self.sent.get(game.id, {})
        for seat, sent in list(sent_for.items()):
            if game.seats[seat].user_id == sent.user_id:
                continue
            del sent_for[seat]
            text = say(handed_over(seat + 1, game.rules.title, game.seats[seat].name),
                       await self.bot.languages.user(sent.user_id))
            message = self.bot.get_partial_messageable(sent.channel_id, type=discord.ChannelType.private)
            fields = ({"view": layout_view(discord.ui.TextDisplay(text)), "attachments": []} if sent.panel
                      else {"content": text})
            try:
                await message.get_partial_message(sent.message_id).edit(**fields)
            except discord.HTTPException:
                log.info("could not retire the DM of seat %s of game %s", seat, game.id)

    def forget(self, game: "LiveGame") -> None:
        """Drop what is remembered of a finished game's DMs."""
        self.sent.pop(game.id, None)

    async def notice(self, user_id: int | None, text, game: "LiveGame | None" = None) -> None:
        """A short DM (a game's result; a text read in the user's language), unless the user
        turned DMs off; failures only get logged."""
        if user_id is None or await self.mode(user_id) == "off":
            return
        locale = await self.bot.languages.user(user_id)
        names = game.names() if game is not None else ()
        content = f"{say(text, locale, names)}\n{say(FOOTER, locale)}"
        await self._send(game, user_id, content=panels.clip(content, 2000))

    async def _send(self, game: "LiveGame | None", user_id: int, **fields) -> discord.Message | None:
        """Send a DM; None when Discord refused it (a user with closed DMs is told once)."""
        try:
            channel = await self.channel(user_id)
            return await channel.send(**fields)
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
        self.closed.add(user_id)
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
        return channel

