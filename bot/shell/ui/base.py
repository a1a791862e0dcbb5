"""Shared pieces of the persistent components: the guarded callback, game lookup with the
channel check, per-seat stamps, a multi-page pick in progress, and small view builders.

Every component is a `DynamicItem` whose custom_id carries the game id (and, for decision
components, the stamp of the seat's decision it was drawn for), so buttons keep working after
a restart and stale ones are refused. Their custom_ids and menu values are parsed in one place
(`bot.shell.custom_ids`); a forged one gets a plain refusal."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import weakref
from typing import TYPE_CHECKING, Any

import discord

from games.core import Decision
from games.core.i18n import ENGLISH, Msg, render

from ...platform.live import LiveGame, SessionError
from ...platform.sessions import checks
from ...platform.words import T
from .. import custom_ids, lean
from ..custom_ids import FORGED, ForgedInput
from ..errors import reply_error

if TYPE_CHECKING:
    from ..host import Host as GameHostBot  # the bot as its components see it (no import of bot.shell.app)

DRAFTS = "drafts"  # LiveGame.attached: user -> option indexes picked so far across select pages

log = logging.getLogger(__name__)

# Discord wants a first answer within 3 s of a click. A click whose answer (a panel) can still be
# ready well within that is answered in one response instead of a "deferred" answer and then an
# edit or a follow-up: one request and one round trip less. No timer per click (the event
# loop's timers are cheap, but a test Discord's virtual ones are not): the slow steps check in.
QUICK_ANSWER_S = 1.0


def click_clock() -> float:
    """The event loop's clock, to time a click's work from when its handler started."""
    return asyncio.get_running_loop().time()


# Every click is acknowledged in time whatever the load. The work of the clicks that draw and
# store (picks, panels, Take turn) runs CLICKS_AT_ONCE at a time: past that, a new click is
# acknowledged at once (deferred) and its work waits its turn, off the event loop's ready queue,
# so an acknowledgement never waits behind other clicks' drawing or storage. A click is also
# acknowledged first while an earlier one has waited more than BEHIND_S for its first answer.
CLICKS_AT_ONCE = 32
BEHIND_S = 0.5


class Clicks:
    """One bot's clicks in hand: those whose first answer has not gone yet, oldest first, each
    with when its handler started (`click_clock`: the oldest one's age says whether the bot
    keeps up), and the gate their work passes through."""

    def __init__(self) -> None:
        self._unanswered: dict[int, tuple[discord.Interaction, float]] = {}
        self.gate = asyncio.Semaphore(CLICKS_AT_ONCE)

    def add(self, interaction: discord.Interaction) -> None:
        self._unanswered[interaction.id] = (interaction, click_clock())

    def drop(self, interaction: discord.Interaction) -> None:
        self._unanswered.pop(interaction.id, None)

    def behind(self) -> bool:
        """Whether the bot is past capacity: a click has waited more than BEHIND_S for its first
        answer, or every slot of the gate is taken (answered clicks are dropped as they are met)."""
        if self.gate.locked():
            return True
        clicks = self._unanswered
        for key, (interaction, since) in list(clicks.items()):
            if not interaction.response.is_done():
                return click_clock() - since > BEHIND_S
            del clicks[key]
        return False

    @contextlib.asynccontextmanager
    async def turn(self, interaction: discord.Interaction, defer: dict[str, Any], busy: bool = False):
        """Run a click's work in its turn; deferred first (`defer`: the arguments of
        `InteractionResponse.defer`) when the bot is past capacity or `busy`."""
        if not interaction.response.is_done() and (busy or self.behind()):
            await interaction.response.defer(**defer)
        async with self.gate:
            yield


_CLICKS: "weakref.WeakKeyDictionary[Any, Clicks]" = weakref.WeakKeyDictionary()


def clicks_of(bot: Any) -> Clicks:
    """The bot's clicks in hand."""
    found = _CLICKS.get(bot)
    if found is None:
        found = _CLICKS[bot] = Clicks()
    return found


async def defer_unless_quick(interaction: discord.Interaction, since: float, busy: bool = False, **defer) -> None:
    """Before a step that may take a while (drawing a panel), defer the interaction unless its
    answer can still come quickly: at most QUICK_ANSWER_S since `since` (`click_clock` when the
    handler started), not `busy` (the render pool has a long queue, `RenderPool.backlogged`) and
    the bot not behind on other clicks' answers (`falling_behind`).
    `defer`: the arguments of `InteractionResponse.defer`. The caller then answers with
    `response` when it is not done, else with an edit or a follow-up."""
    if interaction.response.is_done():
        return
    if (busy or QUICK_ANSWER_S <= 0 or click_clock() - since > QUICK_ANSWER_S
            or clicks_of(bot_of(interaction)).behind()):
        await interaction.response.defer(**defer)


async def tell(interaction: discord.Interaction, text: str) -> None:
    """An ephemeral message to the clicker, as the answer or, once answered, a follow-up (also
    when an answer that failed may have reached Discord after all)."""
    if not interaction.response.is_done():
        try:
            await interaction.response.send_message(text, ephemeral=True)
            return
        except discord.HTTPException:
            log.info("could not answer interaction %s; trying a follow-up", interaction.id)
    await interaction.followup.send(text, ephemeral=True)


async def show_panel(interaction: discord.Interaction, view: discord.ui.LayoutView,
                     files: list[discord.File]) -> None:
    """Put a redrawn panel in place of the one pressed; pressed on anything that is not a panel
    (a forged button on a plain message, which Discord refuses to turn into one), answer with
    the panel as a new message only the presser sees."""
    message = interaction.message
    panel = message is not None and message.flags.components_v2
    if interaction.response.is_done():  # acknowledged first (`Clicks.turn`)
        if panel:
            await lean.original_edit(interaction, view=view, attachments=files)
        else:
            await lean.hook_send(interaction.followup, view=view, files=files, ephemeral=True)
    elif panel:
        await lean.respond(interaction, edit=True, view=view, attachments=files)
    else:
        await lean.respond(interaction, view=view, files=files, ephemeral=True)


def guild_of(interaction: discord.Interaction) -> int:
    """The server a command was used in (refused in DMs, where the command has no server)."""
    if interaction.guild_id is None:
        raise SessionError(T("This works only in a server."))
    return interaction.guild_id


def bot_of(interaction: discord.Interaction) -> "GameHostBot":
    return interaction.client  # type: ignore[return-value]


async def live_game(bot: "GameHostBot", game_id: int) -> LiveGame:
    """The running game `game_id` (SessionError when it has ended)."""
    return await bot.sessions.get(game_id)


async def channel_game(bot: "GameHostBot", channel_id: int) -> LiveGame:
    """The lobby or running game of a channel (SessionError when there is none)."""
    return await bot.sessions.for_channel(channel_id)


async def last_game(bot: "GameHostBot", channel_id: int) -> LiveGame | None:
    """The newest game of a channel, finished ones included, so their log stays reachable."""
    return await bot.sessions.last_in_channel(channel_id)


async def game_here(interaction: discord.Interaction, game_id: int) -> LiveGame:
    """The game a component belongs to, refused unless it is this channel's game (in a DM, where
    there is no game channel: unless the clicker plays in it and can still see its channel)."""
    game = await live_game(bot_of(interaction), game_id)
    if interaction.guild_id is None:  # a DM panel: the game comes from the id, and only its players may use it
        if game.seat_of(interaction.user.id) is None:
            raise SessionError(T("That button belongs to a game you are not playing."))
        await bot_of(interaction).access.require_view(game, interaction.user.id)  # and who still see its channel
        return game
    if interaction.channel_id is not None and game.row.channel_id != interaction.channel_id:
        raise SessionError(T("That button belongs to a game in another channel."))
    return game


def stamp_for(game: LiveGame, seat: int) -> int:
    """What a component drawn now for `seat` carries: the stamp of the seat's own decision, so
    other players' moves that leave it alone do not make the panel stale."""
    return game.stamp(seat)


def check_stamp(game: LiveGame, user_id: int, stamp: int) -> None:
    """Refuse a component drawn for a decision that has changed since (StaleChoice)."""
    checks.check_stamp(game, user_id, stamp)


def drafts(game: LiveGame) -> dict[int, set[int]]:
    """The option indexes each user picked so far in a decision paged over several menus (kept
    on the game, so they go with it)."""
    found: dict[int, set[int]] = game.attached.setdefault(DRAFTS, {})
    return found


def seated(game: LiveGame, user_id: int) -> int:
    seat = game.seat_of(user_id)
    if seat is None:
        raise SessionError(T("You are not playing in this game; only its players can use these buttons."))
    return seat


def current_decision(game: LiveGame, user_id: int, stamp: int | None = None) -> Decision:
    """The user's open decision, refusing panels drawn for an older one."""
    seat = seated(game, user_id)
    if game.state is None or game.row.status != "active":
        raise SessionError(T("The game is not running."))
    if stamp is not None:
        check_stamp(game, user_id, stamp)
    decision = game.decision_for(seat)
    if decision is None:
        raise SessionError(T("You have nothing to decide right now. Waiting for {names}.",
                             names=checks.waiting_on(game)))
    return decision


menu_index = custom_ids.menu_index  # a select menu value as the option index it stands for (None: forged)


def static_view(*items: discord.ui.Item) -> discord.ui.View:
    """A classic view whose items are all DynamicItems. It is stopped before sending: dispatch
    goes by custom_id through the bot's dynamic items, so storing it would only cost a timer."""
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    view.stop()
    return view


def layout_view(*items: discord.ui.Item) -> discord.ui.LayoutView:
    """A Components V2 view (text, images, sections, rows), stopped for the same reason."""
    view = discord.ui.LayoutView(timeout=None)
    for item in items:
        view.add_item(item)
    view.stop()
    return view


class GuardedItem:
    """Runs `run` and turns any failure into one ephemeral explanation (`bot.shell.errors`).

    Its dynamic subclasses match their custom_id templates in ASCII mode: `\\d` then means 0-9
    only, so an id with other digits (Python's `int` reads '٣' as 3) matches no component. Each
    builds itself from its custom_id in `from_match` with `bot.shell.custom_ids`; one whose id
    does not parse (a number out of range, an unknown game) is kept as `forged` and refused
    when pressed, with a reply (discord.py would otherwise only log the failure)."""

    forged = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "template" in kwargs:  # a DynamicItem: recompile what discord.py compiled without flags
            compiled: re.Pattern[str] = cls.__discord_ui_compiled_template__  # type: ignore[attr-defined]
            flags = (compiled.flags & ~re.UNICODE) | re.ASCII
            cls.__discord_ui_compiled_template__ = re.compile(compiled.pattern, flags)  # type: ignore[attr-defined]

    @classmethod
    def from_match(cls, item: Any, match: re.Match[str]) -> Any:
        """The component a custom_id stands for (ForgedInput when it cannot)."""
        raise NotImplementedError

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str]) -> Any:
        try:
            return cls.from_match(item, match)
        except ForgedInput:
            refused = cls.__new__(cls)
            discord.ui.DynamicItem.__init__(refused, item)  # type: ignore[arg-type]  # the item as pressed
            refused.forged = True
            return refused

    # The arguments of `InteractionResponse.defer` for a click whose work (storage, drawing) may
    # wait its turn behind other clicks', acknowledged first (`Clicks.turn`); None: a light click
    # that answers straight away.
    EARLY_DEFER: dict[str, Any] | None = None

    async def callback(self, interaction: discord.Interaction) -> None:
        clicks = clicks_of(interaction.client)
        clicks.add(interaction)
        try:
            if self.forged:
                raise ForgedInput(FORGED)
            if self.EARLY_DEFER is None:
                await self.run(interaction)
            else:
                async with clicks.turn(interaction, self.EARLY_DEFER,
                                       busy=bot_of(interaction).renders.backlogged()):
                    await self.run(interaction)
        except Exception as error:  # noqa: BLE001 - every failure gets reported to the user
            await reply_error(interaction, error)
        finally:
            clicks.drop(interaction)

    async def run(self, interaction: discord.Interaction) -> None:
        raise NotImplementedError


class NamedButton(GuardedItem):
    """A button from a fixed set (`LABELS`) whose custom_id is `PREFIX:what:game id`, labelled
    in the language of whoever reads the message it is on."""

    PREFIX: str
    LABELS: dict[str, tuple[Msg, discord.ButtonStyle]]

    def __init__(self, what: str, game_id: int, locale: str = ENGLISH) -> None:
        label, style = self.LABELS[what]
        super().__init__(discord.ui.Button(label=render(label, locale), style=style,  # type: ignore[call-arg]
                                           custom_id=f"{self.PREFIX}:{what}:{game_id}"))
        self.what, self.game_id = what, game_id

    @classmethod
    def from_match(cls, item: Any, match: re.Match[str]) -> Any:
        return cls(match["what"], custom_ids.game_id(match["gid"]))
