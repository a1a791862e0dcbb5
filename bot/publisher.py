"""Everything the bot posts: lobby and turn messages, images, panels, DMs, results."""

from __future__ import annotations

import io
import logging
from typing import TYPE_CHECKING

import discord

import renderers
from games.core import fill_names

from . import panels, ui
from .session import LiveGame, Step

if TYPE_CHECKING:
    from .app import GameHostBot

log = logging.getLogger(__name__)


class Publisher:
    """Posts and edits a game's messages. Images come from views only."""

    def __init__(self, bot: "GameHostBot") -> None:
        self.bot = bot
        self.announced: dict[int, tuple[int, ...]] = {}  # game id -> seats the turn message names

    # -- images ----------------------------------------------------------------
    def public_file(self, game: LiveGame) -> discord.File:
        view = game.rules.view(game.state, None)
        png = renderers.render_public(game.row.slug, view, game.names())
        return discord.File(io.BytesIO(png), filename="board.png")

    def private_file(self, game: LiveGame, seat: int) -> discord.File:
        view = game.rules.view(game.state, seat)
        png = renderers.render_private(game.row.slug, view, game.names())
        return discord.File(io.BytesIO(png), filename="private.png")

    # -- lobby -----------------------------------------------------------------
    def lobby_message(self, game: LiveGame) -> dict:
        rules = game.rules
        embed = discord.Embed(title=f"{rules.title}: waiting for players",
                              description=f"{rules.min_players}-{rules.max_players} players. "
                                          "Press **Join** to take a seat; the creator presses **Start**.")
        seats = "\n".join(f"{s.seat + 1}. {s.name}{' (bot)' if s.is_bot else ''}" for s in game.seats)
        embed.add_field(name="Seats", value=seats or "nobody yet", inline=False)
        if game.row.options:
            embed.add_field(name="Options", value=" ".join(f"`{k}={v}`" for k, v in game.row.options.items()), inline=False)
        return {"embed": embed, "view": ui.lobby_view(game)}

    async def lobby(self, game: LiveGame, channel: discord.abc.Messageable) -> discord.Message:
        message = await channel.send(**self.lobby_message(game))
        await self.bot.sessions.set_turn_message(game, message.id)
        return message

    # -- decision panel ----------------------------------------------------------
    def panel(self, game: LiveGame, seat: int, user_id: int, page: int = 0) -> tuple[str, discord.ui.View | None, list[discord.File]]:
        """Text, components and private image for `seat`'s current decision."""
        files = [self.private_file(game, seat)]
        decision = game.rules.decision_for(game.state, seat) if game.state is not None else None
        if decision is None:
            return (f"Nothing to decide right now. Waiting for {self.bot.sessions.waiting_on(game)}.", None, files)
        decision = panels.with_names(decision, game.names())
        draft = self.bot.drafts.get((game.id, user_id), set())
        text = panels.describe(decision, page, len(draft))
        return text, ui.decision_view(game, decision, page, draft), files

    # -- turn flow ---------------------------------------------------------------
    async def started(self, step: Step) -> None:
        game = step.game
        old = game.row.turn_message_id
        channel = await self.channel_of(game)
        if old and channel is not None:
            await self.strip_buttons(channel, old, content=f"{game.rules.title} has started.")
        self.announced.pop(game.id, None)
        await self.after_step(step, everyone=True)

    async def after_step(self, step: Step, *, everyone: bool = False) -> None:
        """Show the change publicly and tell whoever must act now."""
        game = step.game
        version = game.version
        channel = await self.channel_of(game)
        if channel is None:
            return
        try:
            if step.finished or game.row.status == "finished":
                await self._results(game, channel, step)
                await self.bot.sessions.mark_announce(game, False, version)
                return
            if game.row.status != "active":
                return
            to_act = tuple(game.to_act())
            fresh = everyone or to_act != self.announced.get(game.id)
            await self._turn_message(game, channel, step.lines, new=fresh)
            await self.bot.sessions.mark_announce(game, False, version)
            newly = set(to_act) if everyone else set(to_act) - set(step.to_act_before)
            await self._dm(game, channel, sorted(newly))
        except discord.HTTPException:
            # The move is stored and the game stays marked for announcing: the background sweep
            # (every 30 s), the next move or /game board posts it.
            log.warning("could not update game %s in Discord", game.id, exc_info=True)

    async def retry_announce(self, game: LiveGame, step: Step | None = None) -> None:
        """Post the turn message of a game whose last change was never shown (a crash, a refused post)."""
        await self.after_step(step or Step(game), everyone=False)

    async def lobby_closed(self, game: LiveGame, reason: str) -> None:
        """Strip a closed lobby's buttons and say why."""
        channel = await self.channel_of(game)
        if channel is not None and game.row.turn_message_id:
            await self.strip_buttons(channel, game.row.turn_message_id, content=f"{game.rules.title}: {reason}")

    async def repost(self, game: LiveGame, channel: discord.abc.Messageable) -> None:
        """Post the turn message anew (mentions notify only in new messages)."""
        await self._turn_message(game, channel, [], new=True)

    def _turn_content(self, game: LiveGame, lines: list[str]) -> tuple[str, discord.Embed]:
        to_act = game.to_act()
        mentions = [f"<@{game.seats[s].user_id}>" for s in to_act if not game.seats[s].is_bot]
        content = f"{' '.join(mentions)}: your turn in **{game.rules.title}**." if mentions else f"**{game.rules.title}**"
        embed = discord.Embed(title=f"{game.rules.title} · move {game.version}")
        recent = lines[-self.bot.settings.recent_log_lines:]
        if recent:
            embed.description = panels.clip("\n".join(f"• {line}" for line in recent), 4000)
        embed.add_field(name="Waiting for", value=self.bot.sessions.waiting_on(game), inline=False)
        embed.set_image(url="attachment://board.png")
        embed.set_footer(text="Take turn opens your private panel. /game log shows everything since your last move.")
        return content, embed

    async def _turn_message(self, game: LiveGame, channel, lines: list[str], *, new: bool) -> None:
        content, embed = self._turn_content(game, lines)
        old = game.row.turn_message_id
        if not new and old:
            try:
                message = channel.get_partial_message(old)
                await message.edit(content=content, embed=embed, attachments=[self.public_file(game)],
                                   view=ui.turn_view(game.id))
                return
            except discord.NotFound:
                pass
        message = await channel.send(content, embed=embed, file=self.public_file(game), view=ui.turn_view(game.id),
                                     allowed_mentions=discord.AllowedMentions(users=True))
        await self.bot.sessions.set_turn_message(game, message.id)
        self.announced[game.id] = tuple(game.to_act())
        if old and old != message.id:
            await self.strip_buttons(channel, old)

    async def strip_buttons(self, channel, message_id: int, content: str | None = None) -> None:
        """Remove the buttons of a superseded message."""
        try:
            kwargs = {"view": None} if content is None else {"view": None, "content": content, "embed": None}
            await channel.get_partial_message(message_id).edit(**kwargs)
        except discord.HTTPException:
            pass

    async def _dm(self, game: LiveGame, channel, seats: list[int]) -> None:
        for seat in seats:
            user_id = game.seats[seat].user_id
            if user_id is None or not await self.bot.storage.dm_enabled(user_id):
                continue
            decision = game.rules.decision_for(game.state, seat)
            prompt = f" {fill_names(decision.prompt, game.names())}" if decision else ""
            try:
                user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
                await user.send(f"Your turn in **{game.rules.title}** in {channel.mention}.{prompt}\n"
                                 f"(Turn these off with /settings dm off.)")
            except discord.HTTPException:
                log.info("could not DM user %s; channel mention only", user_id)

    async def _results(self, game: LiveGame, channel, step: Step) -> None:
        outcome = game.rules.outcome(game.state)
        order = sorted(range(len(game.seats)), key=lambda s: -outcome.scores[s])
        lines = [f"{'🏆 ' if s in outcome.winners else ''}**{game.seats[s].name}**: {outcome.scores[s]} points" for s in order]
        embed = discord.Embed(title=f"{game.rules.title}: game over", description="\n".join(lines))
        if outcome.summary:
            summary = "\n".join(fill_names(line, game.names()) for line in outcome.summary)
            embed.add_field(name="Scoring", value=panels.clip(summary, 1024), inline=False)
        if step.lines:
            embed.add_field(name="Last moves", value=panels.clip("\n".join(step.lines[-8:]), 1024), inline=False)
        embed.set_image(url="attachment://board.png")
        old = game.row.turn_message_id
        winners = ", ".join(game.seats[s].name for s in outcome.winners) or "the automatic opponent"
        await channel.send(f"Game over! Winner: {winners}.", embed=embed, file=self.public_file(game))
        if old:
            await self.strip_buttons(channel, old)
        self.announced.pop(game.id, None)

    async def channel_of(self, game: LiveGame):
        channel = self.bot.get_channel(game.row.channel_id)
        if channel is None:
            try:
                channel = await self.bot.fetch_channel(game.row.channel_id)
            except discord.HTTPException:
                log.warning("channel %s of game %s is gone", game.row.channel_id, game.id)
                return None
        return channel
