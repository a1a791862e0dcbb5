"""The decision panel: a player's private Components V2 message with their image, a recap,
and the components for their current decision. Every option is shown with its detail text:
a text section with a button beside it for few options, a numbered list above a select menu
for more, pages when the texts or the count do not fit one message."""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any

import discord

from games.core import Decision
from games.core.i18n import ENGLISH

from ...platform import texts
from ...platform.words import T, say
from .. import custom_ids, lean, panels
from ..language import reader_locale
from ..messages import not_posted
from . import help
from .guide import CoachBlock, coach_button, text_length
from .base import (GuardedItem, bot_of, check_stamp, click_clock, current_decision, defer_unless_quick, drafts,
                   game_here, layout_view, menu_index, seated, show_panel, stamp_for, tell)
from .table import LogButton

if TYPE_CHECKING:
    from ...platform.live import LiveGame

log = logging.getLogger(__name__)

SAVED = T("Your move was saved.")


async def submit(interaction: discord.Interaction, game_id: int, stamp: int, value: Any) -> None:
    """Apply a pick from a panel, refresh the panel in place and announce the change. The move
    is reported truthfully: if the panel cannot be edited, an ephemeral message says it was
    saved. A quick move is answered with the refreshed panel itself (`defer_unless_quick`)."""
    started = click_clock()
    bot = bot_of(interaction)
    game = await game_here(interaction, game_id)
    user_id = interaction.user.id
    seat = seated(game, user_id)
    check_stamp(game, user_id, stamp)
    locale = await reader_locale(interaction)
    step = await bot.sessions.choose(game, user_id, stamp, value, from_dm=interaction.guild_id is None,
                                     before_thinking=lambda: defer_unless_quick(interaction, started, busy=True))
    drafts(game).pop(user_id, None)
    if game.row.status == "active":
        await bot.images.start_board(game)  # drawn beside the panel below
    try:
        await defer_unless_quick(interaction, started, busy=bot.renders.backlogged())
        shown = await bot.views.panel(game, seat, user_id, dm=interaction.guild_id is None, locale=locale)
    except Exception:  # noqa: BLE001 - the move is stored; said below
        log.warning("could not draw the panel of game %s after a saved move", game.id, exc_info=True)
        shown = None
    refreshed = False
    if shown is not None:
        view, files = shown
        try:
            if interaction.response.is_done():
                await lean.original_edit(interaction, view=view, attachments=files)
            else:
                await lean.respond(interaction, edit=True, view=view, attachments=files)
            refreshed = True
        except Exception:  # noqa: BLE001 - the move is stored; say so whatever went wrong with the panel
            log.warning("could not refresh the panel of game %s after a saved move", game.id, exc_info=True)
    if not refreshed:
        try:
            await tell(interaction, say(T("{saved} (Your panel could not be refreshed; press **Take turn** "
                                          "on the turn message for the current state.)", saved=SAVED), locale))
        except discord.HTTPException:
            log.warning("could not tell user %s their move was saved", user_id)
    if not await bot.publisher.after_step(step, via=interaction):
        try:
            await tell(interaction, say(not_posted(T("Your move was saved")), locale))
        except discord.HTTPException:
            log.info("could not tell user %s about the failed announcement", user_id)


class PickButton(GuardedItem, discord.ui.DynamicItem[discord.ui.Button], template=custom_ids.PICK.pattern):
    """Picks one option (single-pick decisions)."""

    EARLY_DEFER: dict[str, Any] | None = {}  # a panel's click: the panel is edited in place

    def __init__(self, game_id: int, stamp: int, index: int, label: str = "?", row: int | None = None) -> None:
        super().__init__(discord.ui.Button(label=panels.clip(label, 80) or "?", style=discord.ButtonStyle.primary,
                                           custom_id=f"gh:pick:{game_id}:{stamp}:{index}", row=row))
        self.game_id, self.stamp, self.index = game_id, stamp, index

    @classmethod
    def from_match(cls, item: Any, match: re.Match[str]) -> "PickButton":
        return cls(custom_ids.game_id(match["gid"]), custom_ids.position(match["ver"]),
                   custom_ids.position(match["idx"]), item.label or "?")

    async def run(self, interaction: discord.Interaction) -> None:
        game = await game_here(interaction, self.game_id)
        decision = current_decision(game, interaction.user.id, self.stamp)
        found = panels.values(decision)
        picked = found[self.index] if self.index < len(found) else None
        await submit(interaction, self.game_id, self.stamp, picked)


class PickSelect(GuardedItem, discord.ui.DynamicItem[discord.ui.Select], template=custom_ids.SELECT.pattern):
    """A select menu of one page of options."""

    EARLY_DEFER: dict[str, Any] | None = {}  # a panel's click: the panel is edited in place

    def __init__(self, game_id: int, stamp: int, page: int, select: discord.ui.Select | None = None) -> None:
        super().__init__(select or discord.ui.Select(custom_id=f"gh:sel:{game_id}:{stamp}:{page}",
                                                     options=[discord.SelectOption(label="?")]))
        self.game_id, self.stamp, self.page = game_id, stamp, page

    @classmethod
    def from_match(cls, item: Any, match: re.Match[str]) -> "PickSelect":
        return cls(custom_ids.game_id(match["gid"]), custom_ids.position(match["ver"]),
                   custom_ids.position(match["page"]), item)

    async def run(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        game = await game_here(interaction, self.game_id)
        locale = await reader_locale(interaction)
        # laid out as the clicker's panel was: in their language (pages depend on the texts' lengths)
        decision = panels.with_names(current_decision(game, interaction.user.id, self.stamp), game.names(),
                                     locale)
        items = panels.entries(decision)
        indexes = [i for i in (menu_index(value, len(items) - 1) for value in self.item.values) if i is not None]
        if panels.single_pick(decision):
            await submit(interaction, self.game_id, self.stamp, items[indexes[0]].value if indexes else None)
        elif panels.layout(decision) == "select":
            await submit(interaction, self.game_id, self.stamp, [items[i].value for i in indexes])
        else:  # several pages: remember this page's picks until Confirm
            draft = drafts(game).setdefault(interaction.user.id, set())
            draft.difference_update(panels.page_slice(decision, self.page))
            draft.update(indexes)
            seat = seated(game, interaction.user.id)
            view, files = await bot.views.panel(game, seat, interaction.user.id, self.page,
                                                dm=interaction.guild_id is None, locale=locale)
            await show_panel(interaction, view, files)


class PageButton(GuardedItem, discord.ui.DynamicItem[discord.ui.Button], template=custom_ids.PAGE.pattern):
    EARLY_DEFER: dict[str, Any] | None = {}  # a panel's click: the panel is edited in place

    def __init__(self, game_id: int, stamp: int, page: int, label: str = "Page") -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                           custom_id=f"gh:page:{game_id}:{stamp}:{page}"))
        self.game_id, self.stamp, self.page = game_id, stamp, page

    @classmethod
    def from_match(cls, item: Any, match: re.Match[str]) -> "PageButton":
        return cls(custom_ids.game_id(match["gid"]), custom_ids.position(match["ver"]),
                   custom_ids.position(match["page"]), item.label or "Page")

    async def run(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        game = await game_here(interaction, self.game_id)
        locale = await reader_locale(interaction)
        decision = panels.with_names(current_decision(game, interaction.user.id, self.stamp), game.names(), locale)
        page = min(self.page, panels.page_count(decision) - 1)  # a page the panel has
        seat = seated(game, interaction.user.id)
        view, files = await bot.views.panel(game, seat, interaction.user.id, page,
                                            dm=interaction.guild_id is None, locale=locale)
        await show_panel(interaction, view, files)


class ConfirmButton(GuardedItem, discord.ui.DynamicItem[discord.ui.Button], template=custom_ids.CONFIRM.pattern):
    EARLY_DEFER: dict[str, Any] | None = {}  # a panel's click: the panel is edited in place

    def __init__(self, game_id: int, stamp: int, label: str = "Confirm") -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.success,
                                           custom_id=f"gh:done:{game_id}:{stamp}"))
        self.game_id, self.stamp = game_id, stamp

    @classmethod
    def from_match(cls, item: Any, match: re.Match[str]) -> "ConfirmButton":
        return cls(custom_ids.game_id(match["gid"]), custom_ids.position(match["ver"]), item.label or "Confirm")

    async def run(self, interaction: discord.Interaction) -> None:
        game = await game_here(interaction, self.game_id)
        decision = current_decision(game, interaction.user.id, self.stamp)
        items = panels.entries(decision)
        picked = sorted(drafts(game).get(interaction.user.id, set()))
        await submit(interaction, self.game_id, self.stamp, [items[i].value for i in picked if i < len(items)])


def decision_items(game: "LiveGame", decision: Decision, page: int, draft: set[int],
                   locale: str = ENGLISH) -> list[discord.ui.Item]:
    """The V2 items showing `decision` (names already filled in, texts in the reader's
    `locale`), drawn at the seat's stamp."""
    gid, stamp = game.id, stamp_for(game, decision.seat)
    items = panels.entries(decision)
    kind = panels.layout(decision)
    if kind == "sections":
        labels = panels.button_labels(decision)  # shortened where needed, never two alike
        return [discord.ui.Section(discord.ui.TextDisplay(entry.text()),
                                   accessory=PickButton(gid, stamp, index, labels[index]))
                for index, entry in enumerate(items)]
    if kind == "grid":
        found: list[discord.ui.Item] = []
        listed = panels.option_list(decision, range(len(items)), numbered=False)
        if listed:
            found.append(discord.ui.TextDisplay(listed))
        width = panels.grid_width(decision)
        for start in range(0, len(items), width):
            found.append(discord.ui.ActionRow(*(PickButton(gid, stamp, index, items[index].label)
                                                for index in range(start, min(start + width, len(items))))))
        return found
    pages = panels.page_count(decision)
    page = min(max(page, 0), pages - 1)
    shown = panels.page_slice(decision, page)
    single = panels.single_pick(decision)
    listed = panels.option_list(decision, shown)
    options = [
        discord.SelectOption(label=panels.menu_label(decision, i, bool(listed)), value=str(i),
                             description=panels.clip(items[i].detail, 100) or None, default=(i in draft))
        for i in shown
    ]
    if single:
        low, high = 1, 1
    elif kind == "select":
        low, high = decision.min_picks, min(decision.max_picks, len(options))
    else:
        low, high = 0, len(options)
    found = []
    if listed:
        found.append(discord.ui.TextDisplay(listed))
    select: discord.ui.Select[Any] = discord.ui.Select(custom_id=f"gh:sel:{gid}:{stamp}:{page}", options=options, min_values=low,
                               max_values=high, placeholder=panels.placeholder(decision, page, locale))
    found.append(discord.ui.ActionRow(PickSelect(gid, stamp, page, select)))
    nav: list[discord.ui.Item] = []
    if kind == "select" and not single and decision.min_picks == 0:
        nav.append(ConfirmButton(gid, stamp, say(T("Pick none"), locale)))  # a menu cannot submit an empty choice
    if pages > 1:
        if page > 0:
            nav.append(PageButton(gid, stamp, page - 1, panels.page_button(decision, page - 1, False, locale)))
        if page < pages - 1:
            nav.append(PageButton(gid, stamp, page + 1, panels.page_button(decision, page + 1, True, locale)))
        if not single:
            nav.append(ConfirmButton(gid, stamp, say(T("Confirm ({n} picked)", n=len(draft)), locale)))
    if nav:
        found.append(discord.ui.ActionRow(*nav))
    return found


def panel_view(game: "LiveGame", seat: int, recap: str, heading: str, decision: Decision | None, page: int,
               draft: set[int],
               image: bool = True, recap_more: int = 0, locale: str = ENGLISH,
               coach: "CoachBlock | None" = None) -> discord.ui.LayoutView:
    """The whole panel in the reader's `locale`: the recap (with a button for all of it when
    only its newest lines had room), the private image, the prompt and the decision's items.
    At a guided table the `coach` block goes above the prompt (in the room the rest leaves), and
    the learning buttons carry the coach's switch."""
    parts: list[discord.ui.Item] = []
    if recap:  # what happened, set apart from what to decide now
        parts.append(discord.ui.TextDisplay(panels.clip(recap, texts.RECAP_BUDGET + 100)))
        if recap_more:  # the older lines are one press away, right under the newest ones
            label = say(T("Full recap (+{n} more line(s))", n=recap_more), locale)
            parts.append(discord.ui.ActionRow(LogButton(game.id, "recap", 0, label)))
        parts.append(discord.ui.Separator())
    if image:
        parts.append(discord.ui.MediaGallery(discord.MediaGalleryItem("attachment://private.png")))
    heading = panels.clip(heading, 600) or "…"
    items = decision_items(game, decision, page, draft, locale) if decision is not None else []
    said = coach.text(text_length([*parts, *items]) + len(heading) + 2) if coach is not None else ""
    if said:  # one text with the prompt: the coach adds no component
        heading = said + "\n\n" + heading
    parts.append(discord.ui.TextDisplay(heading))
    if decision is not None:
        parts.extend(items)
        row = help.help_row(game, locale)  # How does this work? (and Suggest, when the table turned it on)
        switch = coach_button(game, seat, locale)
        if switch is not None and sum(item._total_count for item in parts) + row._total_count + 1 <= 40:
            row.add_item(switch)
        parts.append(row)
    return layout_view(*parts)


DECISION_ITEMS = (PickButton, PickSelect, PageButton, ConfirmButton)
