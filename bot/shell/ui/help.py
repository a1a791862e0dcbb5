"""Learning a game in Discord: `/rules` in sections a player pages through, the panel's
"How does this work?" button (the current decision explained in its context) and the opt-in
Suggest button (what the bot player would choose there, from that seat's information).

The texts come from the game through the contract (its summary, its rules documents, its
`explain`); this module only pages and lays them out."""

from __future__ import annotations

import io
import logging
import re
from typing import Any

import discord

from games.core import Decision, GameRules, RulesSection, caption_text, figures_on, rulebook_sections
from games.core.i18n import ENGLISH

from ...platform import coach, guide
from ...platform.live import LiveGame, SessionError
from ...platform.render_pool import RenderPool
from ...platform.words import T, say
from .. import custom_ids, panels
from ..language import reader_locale
from .base import GuardedItem, bot_of, current_decision, game_here, seated, static_view

log = logging.getLogger(__name__)

RULES_PAGE = 1800  # characters of rules text per page (a message holds 2000)
MENU_SECTIONS = 25  # a select menu holds 25 entries


def overview(rules: GameRules, locale: str = ENGLISH) -> RulesSection:
    """The first section: the game's summary and its setup options."""
    lines = [say(T("{title} ({low}-{high} players)", title=rules.title_text, low=rules.min_players,
                   high=rules.max_players), locale), "", say(rules.summary, locale)]
    lines += ["", say(T("**Options** for `/game new options:`"), locale)]
    lines += [say(line, locale).rstrip() for line in rules.options_guide()]
    return RulesSection("overview", say(T("Overview and options"), locale), "\n".join(lines))


def rules_sections(rules: GameRules, locale: str = ENGLISH) -> list[RulesSection]:
    """Every section of a game's rules: the overview, then each `## ` section of its player's
    rulebook in `locale` (read by games.core.rulebook)."""
    return [overview(rules, locale), *rulebook_sections(rules, locale)]


def rules_pages(rules: GameRules, locale: str = ENGLISH) -> list[tuple[str, str, int]]:
    """Pages of at most RULES_PAGE characters: (title, text, index of the section), whole lines
    only, so nothing is ever cut."""
    pages = []
    for number, section in enumerate(rules_sections(rules, locale)):
        parts = panels.chunk(section.text.splitlines(), RULES_PAGE)
        for index, part in enumerate(parts):
            title = section.title + (f" ({index + 1}/{len(parts)})" if len(parts) > 1 else "")
            pages.append((title, part, number))
    return pages


def rules_message(rules: GameRules, page: int, locale: str = ENGLISH) -> tuple[str, discord.ui.View, tuple[str, ...]]:
    """One page of the rules in the reader's `locale` with Previous/Next and a menu of the
    sections, and the names of the rulebook figures the page shows (its figure lines read as
    captions; `rules_reply` attaches the pictures)."""
    pages = rules_pages(rules, locale)
    page = min(max(page, 0), len(pages) - 1)
    title, text, _ = pages[page]
    content = say(T("**{game}: {title}** (page {page}/{count})", game=rules.title_text, title=title, page=page + 1,
                    count=len(pages)), locale) + "\n" + caption_text(text)
    items: list[discord.ui.Item] = []
    if page > 0:
        items.append(RulesButton(rules.slug, page - 1, say(T("◀ Previous"), locale)))
    if page < len(pages) - 1:
        items.append(RulesButton(rules.slug, page + 1, say(T("Next ▶"), locale)))
    starts = [(i, p[0]) for i, p in enumerate(pages) if i == 0 or p[2] != pages[i - 1][2]]
    for first in range(0, len(starts), MENU_SECTIONS):
        shown = starts[first:first + MENU_SECTIONS]
        options = [discord.SelectOption(label=panels.clip(name, 100), value=str(i)) for i, name in shown]
        select: discord.ui.Select[Any] = discord.ui.Select(custom_id=f"gh:rsec:{rules.slug}:{first}", options=options,
                                   placeholder=say(T("Jump to a section…"), locale))
        items.append(RulesSelect(rules.slug, first, select))
    return content, static_view(*items), figures_on(text)


async def figure_files(renders: RenderPool, rules: GameRules, names: tuple[str, ...],
                       locale: str) -> list[discord.File]:
    """The pictures of a rules page as attachments; one that fails to draw is logged and left
    out (its caption still says what it shows)."""
    files = []
    for name in names:
        try:
            png = await renders.figure(rules.slug, name, locale)
        except Exception:  # noqa: BLE001 - logged; the page goes out without this picture
            log.exception("drawing figure %s of %s failed", name, rules.slug)
            continue
        files.append(discord.File(io.BytesIO(png), filename=f"{rules.slug}-{name}.png"))
    return files


async def send_rules(interaction: discord.Interaction, rules: GameRules, page: int, *, edit: bool) -> None:
    """Show page `page` of the rules to the clicker (a new ephemeral message, or `edit` the one
    clicked), with its pictures. A picture not drawn yet in this process takes a moment (the
    game is set up and played on to its moment), so the reply is deferred first then."""
    renders = bot_of(interaction).renders
    locale = await reader_locale(interaction)
    content, view, names = rules_message(rules, page, locale)
    if all(renders.has_figure(rules.slug, name, locale) for name in names):
        files = await figure_files(renders, rules, names, locale)
        if edit:
            await interaction.response.edit_message(content=content, view=view, attachments=files)
        else:
            await interaction.response.send_message(content, view=view, files=files, ephemeral=True)
        return
    if edit:
        await interaction.response.defer()
    else:
        await interaction.response.defer(ephemeral=True, thinking=True)
    files = await figure_files(renders, rules, names, locale)
    if edit:
        await interaction.edit_original_response(content=content, view=view, attachments=files)
    else:
        await interaction.followup.send(content, view=view, files=files, ephemeral=True)


class RulesButton(GuardedItem, discord.ui.DynamicItem[discord.ui.Button], template=custom_ids.RULES_PAGE.pattern):
    """Turns the rules message to another page."""

    def __init__(self, slug: str, page: int, label: str = "Page") -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                           custom_id=f"gh:rules:{slug}:{page}"))
        self.slug, self.page = slug, page

    @classmethod
    def from_match(cls, item: Any, match: re.Match[str]) -> "RulesButton":
        return cls(custom_ids.game_rules(match["slug"]).slug, custom_ids.position(match["page"]), item.label or "Page")

    async def run(self, interaction: discord.Interaction) -> None:
        await send_rules(interaction, custom_ids.game_rules(self.slug), self.page, edit=True)


class RulesSelect(GuardedItem, discord.ui.DynamicItem[discord.ui.Select], template=custom_ids.RULES_SECTION.pattern):
    """Jumps to the first page of a section."""

    def __init__(self, slug: str, first: int, select: discord.ui.Select | None = None) -> None:
        super().__init__(select or discord.ui.Select(custom_id=f"gh:rsec:{slug}:{first}",
                                                     options=[discord.SelectOption(label="?")]))
        self.slug = slug

    @classmethod
    def from_match(cls, item: Any, match: re.Match[str]) -> "RulesSelect":
        return cls(custom_ids.game_rules(match["slug"]).slug, custom_ids.position(match["first"]), item)

    async def run(self, interaction: discord.Interaction) -> None:
        page = custom_ids.first_index(self.item.values)  # rules_message clamps it to the pages there are
        await send_rules(interaction, custom_ids.game_rules(self.slug), page, edit=True)


# -- the panel's learning buttons ---------------------------------------------------------

def explanation(game: LiveGame, seat: int, decision: Decision, locale: str = ENGLISH) -> str:
    """The current decision explained in the reader's `locale`: what is asked, the game's own
    context lines, and how to read more. Only from what `seat` may see (the game's `explain`
    promises that)."""
    names = game.names()
    named = panels.with_names(decision, names, locale)
    lines = [say(T("**How does this work?** — {prompt}", prompt=named.prompt), locale)]
    lines += [say(line, locale, names) for line in game.rules.explain(game.state, seat)]
    if decision.number is not None:
        lines.append(say(T("Pick a number from {low} to {high}.", low=decision.number[0], high=decision.number[1]),
                         locale))
    elif decision.max_picks > 1:
        lines.append(panels.how_many(decision, locale))
    if decision.secret:
        lines.append(say(T("Your pick stays hidden until everyone has chosen."), locale))
    lines.append(say(T("Every option's full text is on the panel. `/card` finds any card or term by name; "
                       "`/rules game:{slug}` pages through the whole rules.", slug=game.rules.slug), locale))
    return "\n".join(lines)


async def suggestion(game: LiveGame, seat: int, locale: str = ENGLISH) -> str:
    """What the bot player would choose for `seat` now, and why (the coach's advice: the levels'
    search in the bot worker, from what that seat may see only)."""
    advice = await coach.advise(game, seat, locale)
    decision = game.decision_for(seat)
    picked = guide.advice_for(decision, advice.choice) if decision is not None else None
    leads_to = [guide.reason_text(picked, game.names(), locale)] if picked is not None and picked.leads_to else []
    body = "\n".join(panels.bullets([advice.label, *leads_to]))  # the pick, then what it leads to
    return say(T("**The bot player would choose:**\n{body}\n**Why:** {reason}\nIt is only a suggestion: your "
                 "panel is unchanged.", body=body, reason=advice.reason), locale)


def suggest_on(game: LiveGame) -> bool:
    return (game.row.options or {}).get("suggest") == "on"


class HelpButton(GuardedItem, discord.ui.DynamicItem[discord.ui.Button], template=custom_ids.HELP.pattern):
    """The panel's "How does this work?" and "Suggest" buttons (answers only the presser)."""

    LABELS = {"explain": T("How does this work?"), "suggest": T("Suggest")}

    def __init__(self, game_id: int, what: str, locale: str = ENGLISH) -> None:
        super().__init__(discord.ui.Button(label=say(self.LABELS[what], locale), style=discord.ButtonStyle.secondary,
                                           custom_id=f"gh:help:{game_id}:{what}"))
        self.game_id, self.what = game_id, what

    @classmethod
    def from_match(cls, item: Any, match: re.Match[str]) -> "HelpButton":
        return cls(custom_ids.game_id(match["gid"]), match["what"])

    async def run(self, interaction: discord.Interaction) -> None:
        game = await game_here(interaction, self.game_id)
        seat = seated(game, interaction.user.id)
        decision = current_decision(game, interaction.user.id)
        locale = await reader_locale(interaction)
        if self.what == "suggest":
            if not suggest_on(game):
                raise SessionError(T("Suggestions are off at this table (start a game with `suggest=on`)."))
            # the search thinks up to a few seconds in the bot worker: answer Discord first
            await interaction.response.defer(ephemeral=True, thinking=True)
            text = await suggestion(game, seat, locale)
        else:
            text = explanation(game, seat, decision, locale)
        for index, part in enumerate(panels.chunk(text.splitlines(), 1900)):
            send = interaction.followup.send if index or interaction.response.is_done() else \
                interaction.response.send_message
            await send(part, ephemeral=True)


def help_row(game: LiveGame, locale: str = ENGLISH) -> discord.ui.ActionRow:
    """The row of learning buttons under a decision panel."""
    buttons = [HelpButton(game.id, "explain", locale)]
    if suggest_on(game):
        buttons.append(HelpButton(game.id, "suggest", locale))
    return discord.ui.ActionRow(*buttons)


HELP_ITEMS = (RulesButton, RulesSelect, HelpButton)
