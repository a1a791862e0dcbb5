"""Components of the public messages: the turn message's buttons, the lobby, the takeover vote,
and the log pager (recap and full log, paged or as a file)."""

from __future__ import annotations

import io
import re

import discord

from . import panels
from .messages import NOT_POSTED
from .session import LiveGame, SessionError
from .ui_base import GuardedItem, NamedButton, bot_of, game_here, last_game, seated, static_view

LOG_PAGE = 1800  # characters of log per message page
IMAGE_FAILED = "That image could not be drawn right now (it was logged). /game status and /card still work."


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
class TurnButton(NamedButton, discord.ui.DynamicItem[discord.ui.Button],
                 template=r"gh:(?P<what>turn|hand|board):(?P<gid>\d+)"):
    PREFIX = "gh"
    LABELS = {"turn": ("Take turn", discord.ButtonStyle.primary), "hand": ("My hand", discord.ButtonStyle.secondary),
              "board": ("Board", discord.ButtonStyle.secondary)}

    async def run(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        game = await game_here(interaction, self.game_id)
        if self.what != "board":
            seated(game, interaction.user.id)  # refuse outsiders before thinking
        await interaction.response.defer(ephemeral=True, thinking=True)
        if self.what == "board":
            files = await bot.publisher.board_files(game)
            if not files:
                raise SessionError(IMAGE_FAILED)
            await interaction.followup.send(files=files, ephemeral=True)
            return
        seat = seated(game, interaction.user.id)
        if self.what == "hand":
            image = await bot.publisher.private_file(game, seat)
            if image is None:
                raise SessionError(IMAGE_FAILED)
            await interaction.followup.send(file=image, ephemeral=True)
            return
        view, files = await bot.publisher.panel(game, seat, interaction.user.id)
        await interaction.followup.send(view=view, files=files, ephemeral=True)


def turn_view(game_id: int) -> discord.ui.View:
    return static_view(*(TurnButton(what, game_id) for what in ("turn", "hand", "board")))


# -- lobby -----------------------------------------------------------------------
class LobbyButton(NamedButton, discord.ui.DynamicItem[discord.ui.Button],
                  template=r"gh:lobby:(?P<what>join|leave|addbot|rmbot|start):(?P<gid>\d+)"):
    PREFIX = "gh:lobby"
    LABELS = {"join": ("Join", discord.ButtonStyle.success), "leave": ("Leave", discord.ButtonStyle.secondary),
              "addbot": ("Add bot", discord.ButtonStyle.secondary), "rmbot": ("Remove bot", discord.ButtonStyle.secondary),
              "start": ("Start", discord.ButtonStyle.primary)}

    async def run(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        game = await game_here(interaction, self.game_id)
        user = interaction.user
        sessions = bot.sessions
        if self.what == "start":
            await interaction.response.defer()
            step = await sessions.start(game, user.id)
            if not await bot.publisher.started(step, via=interaction):
                await interaction.followup.send(NOT_POSTED.format(done="The game has started"), ephemeral=True)
            return
        if self.what == "join":
            await sessions.join(game, user.id, user.display_name)
        elif self.what == "leave":
            await sessions.leave(game, user.id)
        elif self.what == "addbot":
            await sessions.add_bot(game, user.id)
        else:
            await sessions.remove_bot(game, user.id)
        if game.row.status != "lobby":  # the last person left: the table is closed
            await interaction.response.edit_message(content=f"The {game.rules.title} table closed: everyone left.",
                                                    embed=None, view=None)
            return
        await interaction.response.edit_message(**bot.publisher.lobby_message(game))


def lobby_view(game: LiveGame) -> discord.ui.View:
    return static_view(*(LobbyButton(what, game.id) for what in ("join", "leave", "addbot", "rmbot", "start")))


# -- letting a bot play for an idle seat -----------------------------------------
class TakeoverButton(GuardedItem, discord.ui.DynamicItem[discord.ui.Button],
                     template=r"gh:afk(?P<kind>|seat):(?P<gid>\d+):(?P<ver>\d+)"):
    """A vote to let a bot player take the idle seats' turn, or (`seat`) their seats for the rest
    of the game (the players can take them back with /game seat)."""

    LABELS = {"": "Let a bot play this turn", "seat": "Bots take their seats for the rest of the game"}

    def __init__(self, game_id: int, stamp: int, kind: str = "") -> None:
        super().__init__(discord.ui.Button(label=self.LABELS[kind], style=discord.ButtonStyle.danger,
                                           custom_id=f"gh:afk{kind}:{game_id}:{stamp}"))
        self.game_id, self.stamp, self.kind = game_id, stamp, kind

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["gid"]), int(match["ver"]), match["kind"])

    async def run(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        game = await game_here(interaction, self.game_id)
        seated(game, interaction.user.id)
        idle = {s for s in game.to_act() if not game.seats[s].is_bot}
        if game.seat_of(interaction.user.id) in idle:
            raise SessionError("You can simply take your turn: press **Take turn**.")
        votes, needed, step = await bot.sessions.vote_takeover(game, interaction.user.id, self.stamp,
                                                               rest_of_game=self.kind == "seat")
        if step is None:
            await interaction.response.send_message(f"Vote counted ({votes}/{needed}).", ephemeral=True)
            return
        done = ("The table voted: bot players took over those seats (their players can take them back with "
                "/game seat give)." if self.kind else "The table voted: a bot player took this turn.")
        await interaction.response.edit_message(content=done, view=None)
        await bot.publisher.after_step(step, via=interaction)


def takeover_view(game: LiveGame) -> discord.ui.View:
    """The vote offered for idle seats: a bot for this turn, or for the rest of the game."""
    return static_view(TakeoverButton(game.id, game.version), TakeoverButton(game.id, game.version, "seat"))


# -- log pager -------------------------------------------------------------------
LOG_TITLES = {"recap": "Since your last move", "full": "Game log"}


class LogButton(GuardedItem, discord.ui.DynamicItem[discord.ui.Button],
                template=r"gh:log:(?P<gid>\d+):(?P<kind>recap|full):(?P<page>\d+):(?P<mode>[oef])"):
    """Opens (o), turns (e) a page of the recap or the full log, or sends it as a file (f)."""

    def __init__(self, game_id: int, kind: str, page: int, label: str, mode: str = "o") -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                           custom_id=f"gh:log:{game_id}:{kind}:{page}:{mode}"))
        self.game_id, self.kind, self.page, self.mode = game_id, kind, page, mode

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["gid"]), match["kind"], int(match["page"]), item.label or "Log", match["mode"])

    async def run(self, interaction: discord.Interaction) -> None:
        game = await any_game_here(interaction, self.game_id)
        lines = await bot_of(interaction).publisher.log_lines(game, interaction.user.id, self.kind == "full")
        if self.mode == "f":
            await interaction.response.send_message(file=log_file(game, lines), ephemeral=True)
            return
        content, view = log_page(game, self.kind, lines, self.page)
        if self.mode == "e":
            await interaction.response.edit_message(content=content, view=view)
        else:
            await interaction.response.send_message(content, view=view, ephemeral=True)


def log_page(game: LiveGame, kind: str, lines: list[str], page: int) -> tuple[str, discord.ui.View]:
    """One page of log text (whole lines, never cut mid-word) with buttons to turn pages."""
    pages = panels.chunk(panels.bullets(lines), LOG_PAGE) if lines else ["Nothing has happened yet."]
    page = min(max(page, 0), len(pages) - 1)
    title = f"**{LOG_TITLES[kind]}** ({len(lines)} lines, page {page + 1}/{len(pages)})"
    buttons = []
    if page > 0:
        buttons.append(LogButton(game.id, kind, page - 1, "◀ Older", "e"))
    if page < len(pages) - 1:
        buttons.append(LogButton(game.id, kind, page + 1, "Newer ▶", "e"))
    buttons.append(LogButton(game.id, kind, 0, "As a file", "f"))
    return f"{title}\n{pages[page]}", static_view(*buttons)


def log_file(game: LiveGame, lines: list[str]) -> discord.File:
    """The log as a text file (for long reads and a finished game's export)."""
    head = f"{game.rules.title}, game {game.id}: {', '.join(game.names())}\n\n"
    data = (head + "\n".join(lines) + "\n").encode("utf-8")
    return discord.File(io.BytesIO(data), filename=f"{game.row.slug}-{game.id}-log.txt")
