"""Components of the public messages: the turn message's buttons, the lobby, the takeover vote,
and the log pager (recap and full log, paged or as a file)."""

from __future__ import annotations

import io
import re
from typing import TYPE_CHECKING, Any

import discord

from games.core.i18n import ENGLISH

from ...platform.live import LiveGame, SessionError, bot_label
from ...platform.words import T, say
from .. import custom_ids, lean, messages, panels
from ..language import reader_locale
from ..messages import not_posted
from .base import (GuardedItem, NamedButton, bot_of, click_clock, defer_unless_quick, game_here, last_game, seated,
                   static_view)

if TYPE_CHECKING:
    from ..host import Host

LOG_PAGE = 1800  # characters of log per message page
IMAGE_FAILED = T("That image could not be drawn right now (it was logged). /game status and /card still work.")


async def any_game_here(interaction: discord.Interaction, game_id: int) -> LiveGame:
    """Like `game_here`, but a finished game of this channel is found too (its log stays readable)."""
    try:
        return await game_here(interaction, game_id)
    except SessionError:
        found = await last_game(bot_of(interaction), interaction.channel_id or 0)
        if found is None or found.id != game_id:
            raise
        return found


# -- public turn message ---------------------------------------------------------
class TurnButton(NamedButton, discord.ui.DynamicItem[discord.ui.Button], template=custom_ids.TURN.pattern):
    PREFIX = "gh"
    LABELS = {"turn": (T("Take turn"), discord.ButtonStyle.primary),
              "hand": (T("My hand"), discord.ButtonStyle.secondary),
              "board": (T("Board"), discord.ButtonStyle.secondary)}
    EARLY_DEFER: dict[str, Any] | None = {"ephemeral": True, "thinking": True}  # answered with an ephemeral message

    async def run(self, interaction: discord.Interaction) -> None:
        started = click_clock()
        bot = bot_of(interaction)
        game = await game_here(interaction, self.game_id)
        if self.what != "board":
            seated(game, interaction.user.id)  # refuse outsiders before thinking
        locale = await reader_locale(interaction)  # an ephemeral answer: the presser's language
        await defer_unless_quick(interaction, started, busy=bot.renders.backlogged(), ephemeral=True, thinking=True)
        answer = await self._answer(bot, game, interaction.user.id, locale)
        if interaction.response.is_done():
            await lean.hook_send(interaction.followup, **answer, ephemeral=True)
        else:
            await lean.respond(interaction, **answer, ephemeral=True)

    async def _answer(self, bot: "Host", game: LiveGame, user_id: int, locale: str) -> dict[str, Any]:
        """The ephemeral answer's fields: the board, the presser's hand or their panel."""
        if self.what == "board":
            files = await bot.images.board_files(game, locale)
            if not files:
                raise SessionError(IMAGE_FAILED)
            return {"files": files}
        seat = seated(game, user_id)
        if self.what == "hand":
            image = await bot.images.private_file(game, seat, locale=locale)
            if image is None:
                raise SessionError(IMAGE_FAILED)
            return {"file": image}
        view, files = await bot.views.panel(game, seat, user_id, locale=locale)
        return {"view": view, "files": files}


def turn_view(game_id: int, locale: str = ENGLISH) -> discord.ui.View:
    """The turn message's buttons, in the table's `locale`."""
    return static_view(*(TurnButton(what, game_id, locale) for what in ("turn", "hand", "board")))


# -- lobby -----------------------------------------------------------------------
class LobbyButton(NamedButton, discord.ui.DynamicItem[discord.ui.Button], template=custom_ids.LOBBY.pattern):
    PREFIX = "gh:lobby"
    LABELS = {"join": (T("Join"), discord.ButtonStyle.success), "leave": (T("Leave"), discord.ButtonStyle.secondary),
              "addbot": (T("Add bot"), discord.ButtonStyle.secondary),
              "rmbot": (T("Remove bot"), discord.ButtonStyle.secondary),
              "start": (T("Start"), discord.ButtonStyle.primary)}

    async def run(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        game = await game_here(interaction, self.game_id)
        user = interaction.user
        sessions = bot.sessions
        if self.what == "start":
            await interaction.response.defer()
            step = await sessions.start(game, user.id)
            if not await bot.publisher.started(step, via=interaction):
                await interaction.followup.send(say(not_posted(T("The game has started")),
                                                    await reader_locale(interaction)), ephemeral=True)
            return
        if self.what == "join":
            await sessions.join(game, user.id, user.display_name)
        elif self.what == "leave":
            await sessions.leave(game, user.id)
        elif self.what == "addbot":
            await sessions.add_bot(game, user.id)
        else:
            await sessions.remove_bot(game, user.id)
        await show_lobby(interaction, game)


async def show_lobby(interaction: discord.Interaction, game: LiveGame) -> None:
    """The lobby message redrawn after a change (or closed: the last person left)."""
    locale = await bot_of(interaction).languages.table(game)  # the lobby is public: the table's language
    if game.row.status != "lobby":
        await interaction.response.edit_message(
            content=say(T("The {title} table closed: everyone left.", title=game.rules.title_text), locale),
            embed=None, view=None)
        return
    await interaction.response.edit_message(**lobby_message(game, locale))


class LobbyBotSelect(GuardedItem, discord.ui.DynamicItem[discord.ui.Select], template=custom_ids.LOBBY_BOT.pattern):
    """The lobby's menu adding a bot player at the level picked (the levels the game offers)."""

    def __init__(self, game_id: int, levels: tuple[str, ...] = (), locale: str = ENGLISH) -> None:
        options = [discord.SelectOption(label=say(bot_label(level), locale), value=level) for level in levels]
        super().__init__(discord.ui.Select(custom_id=f"gh:lobbybot:{game_id}", min_values=1, max_values=1,
                                           placeholder=say(T("Add a bot player at a level…"), locale),
                                           options=options or [discord.SelectOption(label="-", value="-")]))
        self.game_id = game_id

    @classmethod
    def from_match(cls, item: Any, match: re.Match[str]) -> "LobbyBotSelect":
        return cls(custom_ids.game_id(match["gid"]))

    async def run(self, interaction: discord.Interaction) -> None:
        game = await game_here(interaction, self.game_id)
        level = self.item.values[0] if self.item.values else ""
        await bot_of(interaction).sessions.add_bot(game, interaction.user.id, level)  # an unknown level: refused
        await show_lobby(interaction, game)


def lobby_view(game: LiveGame, locale: str = ENGLISH) -> discord.ui.View:
    items: list[discord.ui.Item] = [LobbyButton(what, game.id, locale)
                                    for what in ("join", "leave", "addbot", "rmbot", "start")]
    levels = game.rules.bot_levels()
    if len(levels) > 1:
        items.append(LobbyBotSelect(game.id, levels, locale))
    return static_view(*items)


def lobby_message(game: LiveGame, locale: str = ENGLISH) -> dict[str, Any]:
    """The lobby message (its embed and buttons) in the table's `locale`."""
    return {"embed": messages.lobby_embed(game, locale), "view": lobby_view(game, locale)}


# -- letting a bot play for an idle seat -----------------------------------------
class TakeoverButton(GuardedItem, discord.ui.DynamicItem[discord.ui.Button], template=custom_ids.TAKEOVER_PATTERN):
    """A vote to let a bot player take the idle seats' turn, or (`seat`) their seats for the rest
    of the game (the players can take them back with /game seat)."""

    LABELS = {"": T("Let a bot play this turn"), "seat": T("Bots take their seats for the rest of the game")}

    def __init__(self, game_id: int, stamp: int, kind: str = "", locale: str = ENGLISH) -> None:
        super().__init__(discord.ui.Button(label=say(self.LABELS[kind], locale), style=discord.ButtonStyle.danger,
                                           custom_id=f"gh:afk{kind}:{game_id}:{stamp}"))
        self.game_id, self.stamp, self.kind = game_id, stamp, kind

    @classmethod
    def from_match(cls, item: Any, match: re.Match[str]) -> "TakeoverButton":
        return cls(custom_ids.game_id(match["gid"]), custom_ids.position(match["ver"]), match["kind"])

    async def run(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        game = await game_here(interaction, self.game_id)
        seated(game, interaction.user.id)
        idle = {s for s in game.to_act() if not game.seats[s].is_bot}
        if game.seat_of(interaction.user.id) in idle:
            raise SessionError(T("You can simply take your turn: press **Take turn**."))
        async def answer_first() -> None:  # a bot may think for seconds: answer the click before it does
            await interaction.response.defer()

        votes, needed, step = await bot.sessions.vote_takeover(
            game, interaction.user.id, self.stamp, rest_of_game=self.kind == "seat", before_thinking=answer_first)
        if step is None:
            await interaction.response.send_message(
                say(T("Vote counted ({votes}/{needed}).", votes=votes, needed=needed), await reader_locale(interaction)),
                ephemeral=True)
            return
        done = (T("The table voted: bot players took over those seats (their players can take them back with "
                  "/game seat give).") if self.kind else T("The table voted: a bot player took this turn."))
        content = say(done, await bot.languages.table(game))
        if interaction.response.is_done():
            await interaction.edit_original_response(content=content, view=None)
        else:
            await interaction.response.edit_message(content=content, view=None)
        await bot.publisher.after_step(step, via=interaction)


def takeover_view(game: LiveGame, locale: str = ENGLISH) -> discord.ui.View:
    """The vote offered for idle seats: a bot for this turn, or for the rest of the game."""
    return static_view(TakeoverButton(game.id, game.version, "", locale),
                       TakeoverButton(game.id, game.version, "seat", locale))


# -- log pager -------------------------------------------------------------------
LOG_TITLES = {"recap": T("Since your last move"), "full": T("Game log")}


class LogButton(GuardedItem, discord.ui.DynamicItem[discord.ui.Button], template=custom_ids.LOG.pattern):
    """Opens (o), turns (e) a page of the recap or the full log, or sends it as a file (f)."""

    def __init__(self, game_id: int, kind: str, page: int, label: str, mode: str = "o") -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                           custom_id=f"gh:log:{game_id}:{kind}:{page}:{mode}"))
        self.game_id, self.kind, self.page, self.mode = game_id, kind, page, mode

    @classmethod
    def from_match(cls, item: Any, match: re.Match[str]) -> "LogButton":
        return cls(custom_ids.game_id(match["gid"]), match["kind"], custom_ids.position(match["page"]),
                   item.label or "Log", match["mode"])

    async def run(self, interaction: discord.Interaction) -> None:
        game = await any_game_here(interaction, self.game_id)
        locale = await reader_locale(interaction)
        lines = await log_lines(bot_of(interaction), game, interaction.user.id, self.kind == "full", locale)
        if self.mode == "f":
            await interaction.response.send_message(file=log_file(game, lines, locale), ephemeral=True)
            return
        content, view = log_page(game, self.kind, lines, self.page, locale)
        if self.mode == "e":
            await interaction.response.edit_message(content=content, view=view)
        else:
            await interaction.response.send_message(content, view=view, ephemeral=True)


async def log_lines(bot: "Host", game: LiveGame, user_id: int, whole: bool, locale: str = ENGLISH) -> list[str]:
    """The recap (everything since the user's own last action, their private lines included),
    or the whole game's log, as this user may read it, in `locale`."""
    if whole:
        return list(await bot.sessions.full_log(game, user_id, locale))
    return list(await bot.sessions.recap(game, user_id, locale))


def log_page(game: LiveGame, kind: str, lines: list[str], page: int,
             locale: str = ENGLISH) -> tuple[str, discord.ui.View]:
    """One page of log text (whole lines, never cut mid-word) with buttons to turn pages, in
    the reader's `locale` (the lines come already in it)."""
    pages = panels.chunk(panels.bullets(lines), LOG_PAGE) if lines else [say(T("Nothing has happened yet."), locale)]
    page = min(max(page, 0), len(pages) - 1)
    title = say(T("**{title}** ({n} lines, page {page}/{count})", title=LOG_TITLES[kind], n=len(lines),
                  page=page + 1, count=len(pages)), locale)
    buttons = []
    if page > 0:
        buttons.append(LogButton(game.id, kind, page - 1, say(T("◀ Older"), locale), "e"))
    if page < len(pages) - 1:
        buttons.append(LogButton(game.id, kind, page + 1, say(T("Newer ▶"), locale), "e"))
    buttons.append(LogButton(game.id, kind, 0, say(T("As a file"), locale), "f"))
    return f"{title}\n{pages[page]}", static_view(*buttons)


def log_file(game: LiveGame, lines: list[str], locale: str = ENGLISH) -> discord.File:
    """The log as a text file (for long reads and a finished game's export), headed in `locale`."""
    head = say(T("{title}, game {id}: {names}", title=game.rules.title_text, id=game.id, names=tuple(game.names())),
               locale) + "\n\n"
    data = (head + "\n".join(lines) + "\n").encode("utf-8")
    return discord.File(io.BytesIO(data), filename=f"{game.row.slug}-{game.id}-log.txt")
