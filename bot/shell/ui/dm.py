"""The parts of a decision panel sent as a DM: its heading (which game, where, a link to its
turn message) and a **Refresh** button. A full DM panel is the channel's decision panel (the
same components carrying game id and stamp, so the same checks apply); a click in the DM
answers through its own interaction, which also brings the player's next decision in place."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from games.core.i18n import ENGLISH

from ...platform.words import T, say
from .. import custom_ids
from ..language import reader_locale
from .base import GuardedItem, bot_of, game_here, seated

if TYPE_CHECKING:
    from ...platform.live import LiveGame


def turn_link(game: "LiveGame") -> str:
    """Where the game's turn message is (the channel when there is none yet)."""
    row = game.row
    if row.turn_message_id:
        return f"https://discord.com/channels/{row.guild_id}/{row.channel_id}/{row.turn_message_id}"
    return f"https://discord.com/channels/{row.guild_id}/{row.channel_id}"


def dm_heading(game: "LiveGame", locale: str = ENGLISH) -> str:
    """The first line of a DM panel: which game, where, and the way to its turn message."""
    return say(T("**{title}** in {channel} · [turn message]({link})", title=game.rules.title_text,
                 channel=f"<#{game.row.channel_id}>", link=turn_link(game)), locale)


class RefreshButton(GuardedItem, discord.ui.DynamicItem[discord.ui.Button], template=custom_ids.DM_REFRESH.pattern):
    """Draws the clicker's DM panel again (their hand may have changed while they wait). The
    game comes from the custom_id (a DM has no game channel) and the clicker must hold a seat."""

    def __init__(self, game_id: int, locale: str = ENGLISH) -> None:
        super().__init__(discord.ui.Button(label=say(T("Refresh"), locale), emoji="🔄", style=discord.ButtonStyle.secondary,
                                           custom_id=f"gh:dmr:{game_id}"))
        self.game_id = game_id

    @classmethod
    def from_match(cls, item: Any, match: re.Match[str]) -> "RefreshButton":
        return cls(custom_ids.game_id(match["gid"]))

    async def run(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        game = await game_here(interaction, self.game_id)
        seat = seated(game, interaction.user.id)
        locale = await reader_locale(interaction)
        await interaction.response.defer()
        view, files = await bot.views.panel(game, seat, interaction.user.id, dm=True, locale=locale)
        await interaction.edit_original_response(view=view, attachments=files)


def add_dm_parts(view: discord.ui.LayoutView, game: "LiveGame", locale: str = ENGLISH) -> discord.ui.LayoutView:
    """The Refresh button under a panel, when Discord's 40 components leave room for it (a
    decision's own buttons refresh the panel too)."""
    if view.total_children_count + 2 <= 40:
        view.add_item(discord.ui.ActionRow(RefreshButton(game.id, locale)))
    return view
