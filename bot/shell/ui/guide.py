"""A guided first game on a player's panel: the coach's block above the decision (where the
player is, what the options say, the recommendation and its reason) and the button that turns
the coach off and on again. What the coach says comes from the platform (bot.platform.guide);
this module lays it out and answers the button."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from games.core import Decision
from games.core.i18n import ENGLISH

from ...platform import guide
from ...platform.words import T, say
from .. import custom_ids
from ..language import reader_locale
from .base import NamedButton, bot_of, game_here, seated, show_panel

if TYPE_CHECKING:
    from ...platform.live import LiveGame

DISCORD_TEXT = 4000  # characters of text a Components V2 message may hold in all
MARGIN = 60          # kept free under that limit (the joins between the panel's texts)


class CoachButton(NamedButton, discord.ui.DynamicItem[discord.ui.Button], template=custom_ids.COACH.pattern):
    """Turns the presser's coach off (or on again) at a guided table and redraws their panel."""

    PREFIX = "gh:coach"
    LABELS = {"off": (T("Coach off"), discord.ButtonStyle.secondary),
              "on": (T("Coach on"), discord.ButtonStyle.success)}
    SWITCHED = {"off": T("Coach off: your panels show no coach until you press Coach on on one of them."),
                "on": T("Coach on: your next panel shows the coach again.")}

    async def run(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        game = await game_here(interaction, self.game_id)
        seat = seated(game, interaction.user.id)
        await bot.sessions.guide.set_coach(game, interaction.user.id, self.what == "on")
        locale = await reader_locale(interaction)
        if game.decision_for(seat) is None:  # not up: the waiting panel has no switch, so say what changed
            await interaction.response.send_message(say(self.SWITCHED[self.what], locale), ephemeral=True)
            return
        view, files = await bot.views.panel(game, seat, interaction.user.id, dm=interaction.guild_id is None,
                                            locale=locale)
        await show_panel(interaction, view, files)


def coach_button(game: "LiveGame", seat: int, locale: str = ENGLISH) -> CoachButton | None:
    """The panel's coach switch: "Coach off" while the coach is on, "Coach on" after; None at a
    table that is not guided."""
    if not guide.is_guided(game) or game.seats[seat].is_bot:
        return None
    return CoachButton("off" if guide.coached(game, seat) else "on", game.id, locale)


class CoachBlock:
    """The coach's text for one panel, fitted once the rest of the panel is known (Discord
    holds 4,000 characters of text per message)."""

    def __init__(self, game: "LiveGame", seat: int, decision: Decision, advice: guide.Recommendation | None,
                 locale: str = ENGLISH) -> None:
        self.game, self.seat, self.decision, self.advice, self.locale = game, seat, decision, advice, locale

    def text(self, used: int) -> str:
        """The block within what is left after `used` characters of the panel's other texts."""
        budget = DISCORD_TEXT - MARGIN - used
        return guide.coach_text(self.game, self.seat, self.decision, self.advice, self.locale, budget)


async def coach_block(game: "LiveGame", seat: int, decision: Decision | None,
                      locale: str = ENGLISH) -> CoachBlock | None:
    """The coach's block for `seat`'s panel (None without a decision, or with the coach off)."""
    if decision is None or game.row.status != "active" or not guide.coached(game, seat):
        return None
    return CoachBlock(game, seat, decision, await guide.recommend(game, seat, locale), locale)


def text_length(items: list[discord.ui.Item]) -> int:
    """Characters of text the items show (text displays, also inside sections)."""
    total = 0
    for item in items:
        if isinstance(item, discord.ui.TextDisplay):
            total += len(item.content)
        elif isinstance(item, discord.ui.Section):
            total += text_length(list(item.children))
    return total


GUIDE_ITEMS = (CoachButton,)
