"""Persistent components. Each is a `DynamicItem` whose custom_id carries the game id
(and, for decision components, the version it was drawn for) so buttons keep working
after a restart and stale ones are refused."""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any

import discord

from games.core import StaleChoice

from . import panels
from .errors import reply_error
from .session import LiveGame, SessionError

if TYPE_CHECKING:
    from .app import GameHostBot

log = logging.getLogger(__name__)


def static_view(*items: discord.ui.Item) -> discord.ui.View:
    """A view whose items are all DynamicItems. It is stopped before sending: dispatch goes by
    custom_id through the bot's dynamic items, so storing it would only cost a timeout timer."""
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    view.stop()
    return view


def _bot(interaction: discord.Interaction) -> "GameHostBot":
    return interaction.client  # type: ignore[return-value]


class GuardedItem:
    """Runs `run` and turns any failure into one ephemeral explanation."""

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        try:
            await self.run(interaction)
        except Exception as error:  # noqa: BLE001 - every failure gets reported to the user
            await reply_error(interaction, error)

    async def run(self, interaction: discord.Interaction) -> None:
        raise NotImplementedError


class NamedButton(GuardedItem):
    """A button from a fixed set (`LABELS`) whose custom_id is `PREFIX:what:game id`."""

    PREFIX: str
    LABELS: dict[str, tuple[str, discord.ButtonStyle]]

    def __init__(self, what: str, game_id: int) -> None:
        label, style = self.LABELS[what]
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=f"{self.PREFIX}:{what}:{game_id}"))
        self.what, self.game_id = what, game_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(match["what"], int(match["gid"]))


# -- public turn message ---------------------------------------------------------
class TurnButton(NamedButton, discord.ui.DynamicItem[discord.ui.Button], template=r"gh:(?P<what>turn|hand|board):(?P<gid>\d+)"):
    PREFIX = "gh"
    LABELS = {"turn": ("Take turn", discord.ButtonStyle.primary), "hand": ("My hand", discord.ButtonStyle.secondary),
              "board": ("Board", discord.ButtonStyle.secondary)}

    async def run(self, interaction: discord.Interaction) -> None:
        bot = _bot(interaction)
        game = await bot.sessions.get(self.game_id)
        await interaction.response.defer(ephemeral=True, thinking=True)
        if self.what == "board":
            await interaction.followup.send(file=bot.publisher.public_file(game), ephemeral=True)
            return
        seat = seated(game, interaction.user.id)
        if self.what == "hand":
            await interaction.followup.send(file=bot.publisher.private_file(game, seat), ephemeral=True)
            return
        content, view, files = bot.publisher.panel(game, seat, interaction.user.id)
        await interaction.followup.send(content, view=view, files=files, ephemeral=True)


def turn_view(game_id: int) -> discord.ui.View:
    return static_view(*(TurnButton(what, game_id) for what in ("turn", "hand", "board")))


def seated(game: LiveGame, user_id: int) -> int:
    seat = game.seat_of(user_id)
    if seat is None:
        raise SessionError("You are not playing in this game; only its players can use these buttons.")
    return seat


# -- decision panel --------------------------------------------------------------
async def submit(interaction: discord.Interaction, game_id: int, version: int, value: Any) -> None:
    """Apply a pick from a panel, refresh the panel in place and announce the change."""
    bot = _bot(interaction)
    game = await bot.sessions.get(game_id)
    seated(game, interaction.user.id)
    bot.sessions.check_stamp(game, interaction.user.id, version)
    await interaction.response.defer()
    step = await bot.sessions.choose(game, interaction.user.id, version, value)
    bot.drafts.pop((game_id, interaction.user.id), None)
    seat = game.seat_of(interaction.user.id)
    happened = panels.recap(step.lines, step.private.get(seat, []))
    if game.row.status == "active" and game.rules.decision_for(game.state, seat) is not None:
        content, view, files = bot.publisher.panel(game, seat, interaction.user.id)
        await interaction.edit_original_response(content=panels.clip(happened + content, 2000), view=view,
                                                 attachments=files)
    else:
        done = "Done." if game.row.status != "active" else f"Done. Waiting for {bot.sessions.waiting_on(game)}."
        await interaction.edit_original_response(content=panels.clip(happened + done, 2000), view=None, attachments=[])
    await bot.publisher.after_step(step)


class PickButton(GuardedItem, discord.ui.DynamicItem[discord.ui.Button], template=r"gh:pick:(?P<gid>\d+):(?P<ver>\d+):(?P<idx>\d+)"):
    def __init__(self, game_id: int, version: int, index: int, label: str = "?", row: int | None = None) -> None:
        super().__init__(discord.ui.Button(label=panels.clip(label, 80), style=discord.ButtonStyle.primary,
                                           custom_id=f"gh:pick:{game_id}:{version}:{index}", row=row))
        self.game_id, self.version, self.index = game_id, version, index

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["gid"]), int(match["ver"]), int(match["idx"]), item.label or "?")

    async def run(self, interaction: discord.Interaction) -> None:
        game = await _bot(interaction).sessions.get(self.game_id)
        decision = current_decision(game, interaction.user.id, self.version)
        picked = panels.entries(decision)[self.index].value if self.index < len(panels.entries(decision)) else None
        await submit(interaction, self.game_id, self.version, picked)


class PickSelect(GuardedItem, discord.ui.DynamicItem[discord.ui.Select], template=r"gh:sel:(?P<gid>\d+):(?P<ver>\d+):(?P<page>\d+)"):
    def __init__(self, game_id: int, version: int, page: int, select: discord.ui.Select | None = None) -> None:
        super().__init__(select or discord.ui.Select(custom_id=f"gh:sel:{game_id}:{version}:{page}",
                                                     options=[discord.SelectOption(label="?")]))
        self.game_id, self.version, self.page = game_id, version, page

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["gid"]), int(match["ver"]), int(match["page"]), item)

    async def run(self, interaction: discord.Interaction) -> None:
        bot = _bot(interaction)
        game = await bot.sessions.get(self.game_id)
        decision = current_decision(game, interaction.user.id, self.version)
        items = panels.entries(decision)
        indexes = [int(v) for v in self.item.values if v.isdigit() and int(v) < len(items)]
        if panels.single_pick(decision):
            await submit(interaction, self.game_id, self.version, items[indexes[0]].value if indexes else None)
        elif panels.layout(decision) == "select":
            await submit(interaction, self.game_id, self.version, [items[i].value for i in indexes])
        else:  # several pages: remember this page's picks until Confirm
            draft = bot.drafts.setdefault((self.game_id, interaction.user.id), set())
            draft.difference_update(panels.page_slice(decision, self.page))
            draft.update(indexes)
            content, view, files = bot.publisher.panel(game, game.seat_of(interaction.user.id), interaction.user.id, self.page)
            await interaction.response.edit_message(content=content, view=view, attachments=files)


class PageButton(GuardedItem, discord.ui.DynamicItem[discord.ui.Button], template=r"gh:page:(?P<gid>\d+):(?P<ver>\d+):(?P<page>\d+)"):
    def __init__(self, game_id: int, version: int, page: int, label: str = "Page") -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                           custom_id=f"gh:page:{game_id}:{version}:{page}", row=4))
        self.game_id, self.version, self.page = game_id, version, page

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["gid"]), int(match["ver"]), int(match["page"]), item.label or "Page")

    async def run(self, interaction: discord.Interaction) -> None:
        bot = _bot(interaction)
        game = await bot.sessions.get(self.game_id)
        current_decision(game, interaction.user.id, self.version)
        seat = seated(game, interaction.user.id)
        content, view, files = bot.publisher.panel(game, seat, interaction.user.id, self.page)
        await interaction.response.edit_message(content=content, view=view, attachments=files)


class ConfirmButton(GuardedItem, discord.ui.DynamicItem[discord.ui.Button], template=r"gh:done:(?P<gid>\d+):(?P<ver>\d+)"):
    def __init__(self, game_id: int, version: int, label: str = "Confirm") -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.success,
                                           custom_id=f"gh:done:{game_id}:{version}", row=4))
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["gid"]), int(match["ver"]), item.label or "Confirm")

    async def run(self, interaction: discord.Interaction) -> None:
        bot = _bot(interaction)
        game = await bot.sessions.get(self.game_id)
        decision = current_decision(game, interaction.user.id, self.version)
        items = panels.entries(decision)
        picked = sorted(bot.drafts.get((self.game_id, interaction.user.id), set()))
        await submit(interaction, self.game_id, self.version, [items[i].value for i in picked if i < len(items)])


def current_decision(game: LiveGame, user_id: int, version: int | None = None):
    """The user's open decision, refusing panels drawn for an older decision of theirs."""
    seat = seated(game, user_id)
    if version is not None and version != game.stamp(seat):
        raise StaleChoice("That panel is out of date: your decision has changed. Press **Take turn** for the current one.")
    if game.state is None or game.row.status != "active":
        raise SessionError("The game is not running.")
    decision = game.rules.decision_for(game.state, seat)
    if decision is None:
        raise SessionError("You have nothing to decide right now.")
    return decision


def decision_view(game: LiveGame, decision, page: int, draft: set[int]) -> discord.ui.View:
    """Components for `decision` drawn at its seat's current stamp."""
    gid, ver = game.id, game.stamp(decision.seat)
    items = panels.entries(decision)
    kind = panels.layout(decision)
    if kind in ("buttons", "grid"):
        width = decision.columns if kind == "grid" else 5
        return static_view(*(PickButton(gid, ver, index, entry.label, row=index // width)
                             for index, entry in enumerate(items)))
    pages = panels.page_count(decision)
    page = min(max(page, 0), pages - 1)
    shown = panels.page_slice(decision, page)
    single = panels.single_pick(decision)
    options = [
        discord.SelectOption(label=panels.clip(items[i].label, 100), value=str(i),
                             description=panels.clip(items[i].detail, 100) or None, default=(i in draft))
        for i in shown
    ]
    if single:
        low, high = 1, 1
    elif kind == "select":
        low, high = decision.min_picks, min(decision.max_picks, len(options))
    else:
        low, high = 0, len(options)
    select = discord.ui.Select(custom_id=f"gh:sel:{gid}:{ver}:{page}", options=options, min_values=low,
                               max_values=high, placeholder=panels.clip(decision.prompt, 150))
    components: list[discord.ui.Item] = [PickSelect(gid, ver, page, select)]
    if pages > 1:
        if page > 0:
            components.append(PageButton(gid, ver, page - 1, "◀ Previous"))
        if page < pages - 1:
            components.append(PageButton(gid, ver, page + 1, "Next ▶"))
        if not single:
            components.append(ConfirmButton(gid, ver, f"Confirm ({len(draft)} picked)"))
    return static_view(*components)


# -- lobby -----------------------------------------------------------------------
class LobbyButton(NamedButton, discord.ui.DynamicItem[discord.ui.Button], template=r"gh:lobby:(?P<what>join|leave|addbot|rmbot|start):(?P<gid>\d+)"):
    PREFIX = "gh:lobby"
    LABELS = {"join": ("Join", discord.ButtonStyle.success), "leave": ("Leave", discord.ButtonStyle.secondary),
              "addbot": ("Add bot", discord.ButtonStyle.secondary), "rmbot": ("Remove bot", discord.ButtonStyle.secondary),
              "start": ("Start", discord.ButtonStyle.primary)}

    async def run(self, interaction: discord.Interaction) -> None:
        bot = _bot(interaction)
        game = await bot.sessions.get(self.game_id)
        user = interaction.user
        sessions = bot.sessions
        if self.what == "start":
            await interaction.response.defer()
            step = await sessions.start(game, user.id)
            await bot.publisher.started(step)
            return
        if self.what == "join":
            await sessions.join(game, user.id, user.display_name)
        elif self.what == "leave":
            await sessions.leave(game, user.id)
        elif self.what == "addbot":
            await sessions.add_bot(game, user.id)
        else:
            await sessions.remove_bot(game, user.id)
        await interaction.response.edit_message(**bot.publisher.lobby_message(game))


def lobby_view(game: LiveGame) -> discord.ui.View:
    return static_view(*(LobbyButton(what, game.id) for what in ("join", "leave", "addbot", "rmbot", "start")))


# -- letting a bot play for an idle seat -----------------------------------------
class TakeoverButton(GuardedItem, discord.ui.DynamicItem[discord.ui.Button], template=r"gh:afk:(?P<gid>\d+):(?P<ver>\d+)"):
    def __init__(self, game_id: int, version: int) -> None:
        super().__init__(discord.ui.Button(label="Let a bot play this turn", style=discord.ButtonStyle.danger,
                                           custom_id=f"gh:afk:{game_id}:{version}"))
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["gid"]), int(match["ver"]))

    async def run(self, interaction: discord.Interaction) -> None:
        bot = _bot(interaction)
        game = await bot.sessions.get(self.game_id)
        seated(game, interaction.user.id)
        votes, needed, step = await bot.sessions.vote_takeover(game, interaction.user.id, self.version)
        if step is None:
            await interaction.response.send_message(f"Vote counted ({votes}/{needed}).", ephemeral=True)
            return
        await interaction.response.edit_message(content="The table voted: a bot player takes this turn.", view=None)
        await bot.publisher.after_step(step)


DYNAMIC_ITEMS = (TurnButton, PickButton, PickSelect, PageButton, ConfirmButton, LobbyButton, TakeoverButton)
