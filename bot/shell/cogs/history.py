"""/leaderboard, /stats, /settings stats, /game history and /game replay (issue 24).

/game history and /game replay join the `game` group and /settings stats the `settings` group
when this cog loads (it loads after the cogs that define those groups); replay and history
buttons are DynamicItems, so they keep working after a restart.
"""

from __future__ import annotations

import io
import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

import games

from games.core.i18n import Msg, supported

from .. import panels
from .. import custom_ids
from ..language import reader_locale
from ...platform.access import Viewer
from ...platform.history import History, Replay, ReplayError
from ...platform.history.ratings import DISPLAY_START, PROVISIONAL_GAMES, Rating
from ...platform.history.stats import duration
from ...platform.live import SessionError, bot_label
from ...platform.storage.history import HistoryEntry
from ..translator import choices
from ...platform.words import T, say, say_all
from ..ui.base import GuardedItem, guild_of
from ..ui.table import IMAGE_FAILED
from .game import GAME_DESCRIPTION, game_autocomplete

if TYPE_CHECKING:
    from ..app import GameHostBot

LEADERBOARD_SIZE = 20
REPLAY_FILE = "replay.png"


def history_of(interaction: discord.Interaction) -> History:
    return interaction.client.history  # type: ignore[attr-defined]


def _title(slug: str, locale: str = "en") -> str:
    """A game's title in the reader's language (its slug for a game no longer hosted)."""
    rules = games.REGISTRY.get(slug)
    return say(rules.title_text, locale) if rules is not None else slug


def _when(at: float) -> str:
    return f"<t:{int(at)}:d>"


# -- /game history --------------------------------------------------------------------
def history_line(guild_id: int, entry: HistoryEntry, locale: str = "en") -> str:
    summary = entry.summary
    names, scores = summary.get("names") or [], summary.get("scores") or []
    winners = set(summary.get("winners") or [])
    players = ", ".join(f"**{n}** {s}" if i in winners else f"{n} {s}"
                        for i, (n, s) in enumerate(zip(names, scores))) or ", ".join(names)
    link = (" · " + say(T("[result]({url})", url=f"https://discord.com/channels/{guild_id}/{entry.channel_id}/"
                                                 f"{entry.message_id}"), locale) if entry.message_id else "")
    mode = summary.get("mode")
    tag = f" ({say(MODES[mode], locale)})" if mode in MODES else ""
    title = _title(entry.slug, locale) if entry.slug in games.REGISTRY else summary.get("title") or entry.slug
    return f"`#{entry.game_id}` **{title}**{tag} · {_when(entry.finished_at)}\n{players}{link}"


MODES = {"solo": T("solo"), "coop": T("co-op")}


def viewer_of(interaction: discord.Interaction) -> Viewer:
    """The member asking, as the history sees them: only games they may see reach them."""
    return interaction.client.access.viewer(interaction)  # type: ignore[attr-defined]


async def history_message(interaction: discord.Interaction, page: int) -> dict:
    entries, pages = await history_of(interaction).page(viewer_of(interaction), page)
    page = min(max(0, page), pages - 1)
    locale = await reader_locale(interaction)
    if not entries:
        return {"content": say(T("No finished games on this server yet."), locale), "embed": None, "view": None}
    embed = discord.Embed(title=say(T("Finished games"), locale), description=panels.clip(
        "\n\n".join(history_line(guild_of(interaction), e, locale) for e in entries), 4000))
    embed.set_footer(text=say(T("Page {page} of {pages} · /game replay number:<#> steps through one", page=page + 1,
                                pages=pages), locale))
    view = discord.ui.View(timeout=None)
    view.add_item(HistoryPage(page - 1, say(T("Newer"), locale), page == 0).item)
    view.add_item(HistoryPage(page + 1, say(T("Older"), locale), page >= pages - 1).item)
    view.stop()
    return {"content": None, "embed": embed, "view": view}


class HistoryPage(GuardedItem, discord.ui.DynamicItem[discord.ui.Button], template=custom_ids.HISTORY_PAGE.pattern):
    """Turns the page of /game history."""

    def __init__(self, page: int, label: str = "Page", disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                           custom_id=f"gh:hist:{page}", disabled=disabled))
        self.page = page

    @classmethod
    def from_match(cls, item: Any, match: re.Match[str]) -> "HistoryPage":
        return cls(custom_ids.position(match["page"], low=-1))  # history_message clamps it to the pages there are

    async def run(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()  # recording games that ended unrecorded may take a moment
        await interaction.edit_original_response(**await history_message(interaction, self.page))


# -- /game replay ---------------------------------------------------------------------
async def replay_message(interaction: discord.Interaction, game_id: int, index: int) -> tuple[dict, discord.File]:
    """The replay panel at step `index` of the guild's finished game `game_id`."""
    bot: "GameHostBot" = interaction.client  # type: ignore[assignment]
    row = await bot.storage.game(game_id)
    # a game the member may not see is answered as one that does not exist (its number tells nothing)
    if row is None or interaction.guild_id is None or not await bot.history.may_see(viewer_of(interaction), row):
        raise ReplayError(T("There is no game #{id} on this server. /game history lists them.", id=game_id))
    replay = await bot.history.replay(row)
    index = min(max(0, index), replay.last)
    step = replay.steps[index]
    # a replay reads like the game did: in the table's language
    locale = supported((row.meta or {}).get("language")) or await bot.languages.server(row.guild_id)
    png = await bot.renders.draw("public", row.slug, replay.view(index), replay.names, locale=locale)
    who = f" · {replay.names[step.seat]}" if step.seat is not None and step.seat < len(replay.names) else ""
    lines = say_all(step.lines, locale, replay.names)
    embed = discord.Embed(title=say(T("Replay: {title} #{id}", title=replay.rules.title_text, id=row.id), locale),
                          description=panels.clip("\n".join(lines) or say(T("(nothing to report)"), locale), 3500))
    embed.set_author(name=say(T("Move {n} of {last} · round {round}", n=index, last=replay.last, round=step.round),
                              locale) + who)
    embed.set_image(url=f"attachment://{REPLAY_FILE}")
    controls = replay_controls(replay, row.id, index, locale)
    if png is None:
        raise SessionError(IMAGE_FAILED)
    return {"embed": embed, "view": controls}, discord.File(io.BytesIO(png), REPLAY_FILE)


def replay_controls(replay: Replay, game_id: int, index: int, locale: str = "en") -> discord.ui.View:
    targets = [("first", T("⏮ First"), 0), ("round_back", T("« Round"), replay.round_start(index, -1)),
               ("prev", T("‹ Prev"), index - 1), ("next", T("Next ›"), index + 1),
               ("round_next", T("Round »"), replay.round_start(index, 1)), ("last", T("Last ⏭"), replay.last)]
    view = discord.ui.View(timeout=None)
    for slot, label, target in targets:
        target = min(max(0, target), replay.last)
        view.add_item(ReplayButton(game_id, target, slot, say(label, locale), disabled=target == index).item)
    select = round_menu(replay, game_id, index, locale)
    if select is not None:
        view.add_item(ReplayRound(game_id, select).item)
    view.stop()
    return view


def round_menu(replay: Replay, game_id: int, index: int, locale: str = "en") -> discord.ui.Select | None:
    """A menu of round starts (the 25 around the current step when there are more)."""
    rounds = replay.rounds()
    if len(rounds) < 2:
        return None
    ends = [start for _, start in rounds[1:]] + [replay.last + 1]
    current = next(i for i, end in enumerate(ends) if index < end)
    first = min(max(0, current - 12), max(0, len(rounds) - 25))
    options = [discord.SelectOption(label=panels.clip(say(T("Setup") if label == "setup"
                                                          else T("Round {label}", label=label), locale), 100),
                                    value=str(start),
                                    default=i == current)
               for i, (label, start) in enumerate(rounds) if first <= i < first + 25]
    return discord.ui.Select(custom_id=f"gh:rpr:{game_id}", placeholder=say(T("Jump to round…"), locale),
                             options=options)


class ReplayButton(GuardedItem, discord.ui.DynamicItem[discord.ui.Button], template=custom_ids.REPLAY_STEP.pattern):
    """Moves a replay panel to step `step`."""

    def __init__(self, game_id: int, step: int, slot: str, label: str = "Step", disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary, disabled=disabled,
                                           custom_id=f"gh:rp:{game_id}:{step}:{slot}"))
        self.game_id, self.step = game_id, step

    @classmethod
    def from_match(cls, item: Any, match: re.Match[str]) -> "ReplayButton":
        return cls(custom_ids.game_id(match["gid"]), custom_ids.position(match["step"]), match["slot"])

    async def run(self, interaction: discord.Interaction) -> None:
        await show_step(interaction, self.game_id, self.step)


class ReplayRound(GuardedItem, discord.ui.DynamicItem[discord.ui.Select], template=custom_ids.REPLAY_ROUND.pattern):
    """Jumps a replay panel to the first move of the chosen round."""

    def __init__(self, game_id: int, select: discord.ui.Select | None = None) -> None:
        super().__init__(select or discord.ui.Select(custom_id=f"gh:rpr:{game_id}",
                                                     options=[discord.SelectOption(label="?")]))
        self.game_id = game_id

    @classmethod
    def from_match(cls, item: Any, match: re.Match[str]) -> "ReplayRound":
        return cls(custom_ids.game_id(match["gid"]), item)

    async def run(self, interaction: discord.Interaction) -> None:
        # a forged value ('²' passes str.isdigit) counts as none: the first step
        await show_step(interaction, self.game_id, custom_ids.first_index(self.item.values))


async def show_step(interaction: discord.Interaction, game_id: int, step: int) -> None:
    """Move the replay panel to `step` (replay_message clamps it to the game's steps)."""
    await interaction.response.defer()
    fields, image = await replay_message(interaction, game_id, step)
    await interaction.edit_original_response(attachments=[image], **fields)


# -- commands that join other cogs' groups ----------------------------------------------
@app_commands.command(name="history", description="This server's finished games, newest first")
@app_commands.describe(page="Page number (1 is the newest games)")
async def game_history(interaction: discord.Interaction, page: app_commands.Range[int, 1, 10_000] = 1) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    fields = await history_message(interaction, page - 1)
    await interaction.followup.send(ephemeral=True, **{k: v for k, v in fields.items() if v is not None})


@app_commands.command(name="replay", description="Step through a finished game move by move")
@app_commands.describe(number="The game's number from /game history (default: this channel's last finished game)")
async def game_replay(interaction: discord.Interaction, number: app_commands.Range[int, 1] | None = None) -> None:
    history = history_of(interaction)
    if number is None:
        row = await history.last_finished(interaction.channel_id or 0)
        if row is None:
            raise SessionError(T("No game has finished in this channel yet. /game history lists the server's games."))
        number = row.id
    await interaction.response.defer(ephemeral=True, thinking=True)
    fields, image = await replay_message(interaction, number, 0)
    await interaction.followup.send(file=image, ephemeral=True, **fields)


@app_commands.command(name="stats", description="Show or hide your stats on /stats and /leaderboard")
@app_commands.describe(shown="on: everyone may see your stats; off: only you")
@app_commands.choices(shown=choices("on", "off"))
async def settings_stats(interaction: discord.Interaction, shown: app_commands.Choice[str]) -> None:
    await history_of(interaction).set_hidden(interaction.user.id, shown.value == "off")
    text = (T("Your stats are shown again.") if shown.value == "on" else
            T("Your stats are now hidden: you do not appear on /leaderboard, and /stats shows them only to you."))
    await interaction.response.send_message(say(text, await reader_locale(interaction)), ephemeral=True)


def rated_name(rating: Rating) -> str | Msg:
    """Who holds a rating on the leaderboard: a member's mention, or "Bot · hard"."""
    if rating.bot_level is not None:
        return bot_label(rating.bot_level)
    return f"<@{rating.user_id}>"


class HistoryCog(commands.Cog):
    def __init__(self, bot: "GameHostBot") -> None:
        self.bot = bot
        self._joined: list[tuple[app_commands.Group, app_commands.Command]] = []

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(HistoryPage, ReplayButton, ReplayRound)
        for group_name, command in (("game", game_history), ("game", game_replay), ("settings", settings_stats)):
            group = self.bot.tree.get_command(group_name)
            if isinstance(group, app_commands.Group):
                group.add_command(command)
                self._joined.append((group, command))

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(HistoryPage, ReplayButton, ReplayRound)
        for group, command in self._joined:
            group.remove_command(command.name)

    @app_commands.command(name="leaderboard", description="The server's ratings in one game")
    @app_commands.describe(game=GAME_DESCRIPTION)
    @app_commands.autocomplete(game=game_autocomplete)
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction, game: str) -> None:
        try:
            rules = games.find(game)
        except KeyError as error:
            raise SessionError(str(error.args[0])) from None
        locale = await reader_locale(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        ranked = await self.bot.history.leaderboard(viewer_of(interaction), rules.slug)
        if not ranked:
            await interaction.followup.send(say(T("Nobody has a {title} rating on this server yet: it takes a "
                                                  "finished competitive game of a person against people or bot "
                                                  "players.", title=rules.title_text), locale), ephemeral=True)
            return
        provisional = say(T(" · provisional"), locale)
        lines = [say(T("{place}. {who} **{value}** · {n} game(s)", place=i, who=rated_name(r), value=r.value,
                       n=r.games), locale) + (provisional if r.provisional else "")
                 for i, r in enumerate(ranked[:LEADERBOARD_SIZE], 1)]
        embed = discord.Embed(title=say(T("{title} leaderboard", title=rules.title_text), locale),
                              description="\n".join(lines))
        embed.set_footer(text=say(T("Everyone starts at {start}; each rated game moves the number, less as it "
                                    "grows certain; bot levels are rated too, so you can aim to beat them. "
                                    "Provisional: fewer than {n} games. Members who hide their stats are not "
                                    "listed.", start=DISPLAY_START, n=PROVISIONAL_GAMES), locale))
        await interaction.followup.send(embed=embed, ephemeral=True,
                                        allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="stats", description="Games played and won, places, scores and records")
    @app_commands.describe(member="Whose stats (default: yours)")
    @app_commands.guild_only()
    async def stats(self, interaction: discord.Interaction, member: discord.Member | None = None) -> None:
        target = member or interaction.user
        if target.id != interaction.user.id and await self.bot.history.hidden(target.id):
            raise SessionError(T("{name} keeps their stats private.", name=target.display_name))
        locale = await reader_locale(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        titles = await self.bot.history.member_stats(viewer_of(interaction), target.id)
        embed = discord.Embed(title=say(T("Stats of {name}", name=target.display_name), locale))
        if not titles:
            embed.description = say(T("No finished games on this server yet."), locale)
        for title in titles[:25]:
            embed.add_field(name=_title(title.slug, locale), value=panels.clip(title_text(title, locale), 1024), inline=False)
        await interaction.followup.send(embed=embed, ephemeral=True)


def title_text(title, locale: str = "en") -> str:
    parts = []
    if title.played:
        parts.append(say(T("{played} played, {won} won · average place {place} · average score {score}",
                           played=title.played, won=title.won, place=f"{title.average_place:.1f}",
                           score=f"{title.average_score:.1f}"), locale))
    for kind, records in ((T("Solo"), title.solo), (T("Co-op"), title.coop)):
        for level, rec in sorted(records.items()):
            parts.append(say(T("{kind} ({level}): {played} played, {won} won, best score {best}", kind=kind,
                               level=level, played=rec.played, won=rec.won, best=rec.best), locale))
    parts.append(say(T("Average time to move: {time}", time=duration(title.average_move_seconds, locale)), locale))
    return "\n".join(parts)


async def setup(bot: "GameHostBot") -> None:
    await bot.add_cog(HistoryCog(bot))
