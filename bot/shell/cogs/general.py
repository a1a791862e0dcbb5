"""/rules (paged sections), /card (the glossary of every named thing of the channel's game) and /settings."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

import games
from games.core.i18n import Msg

from ..ui import help
from .. import panels
from ...platform import reading, waits
from ...platform.waits import Prefs
from ...platform.language import AUTOMATIC, choosable
from ..language import reader_locale
from ...platform.live import SessionError
from ..translator import choices
from ..ui.base import guild_of, last_game
from ...platform.words import T, say
from .game import GAME_DESCRIPTION, LANGUAGE_CHOICES, PACES, POLICIES, game_autocomplete

if TYPE_CHECKING:
    from ..app import GameHostBot


# "Automatic" follows the Discord client (a user) or the server (a table); then every language
AUTOMATIC_CHOICE = app_commands.Choice(name=app_commands.locale_str("Automatic"), value=AUTOMATIC)
SETTING_CHOICES = [AUTOMATIC_CHOICE, *LANGUAGE_CHOICES]
DM_WORDS = {"panel": T.name("choice", "panel"), "notice": T.name("choice", "notice"), "off": T.name("choice", "off")}


async def _glossary(interaction: discord.Interaction, locale: str) -> tuple[dict[str, str], dict[str, str]]:
    """The channel's game's glossary in the reader's language, and its English names (so a card
    is found by the English name printed on it too)."""
    game = await last_game(interaction.client, interaction.channel_id or 0)  # type: ignore[arg-type]
    if game is None:
        return {}, {}
    return reading.game_glossary(game, interaction.user.id, locale), reading.english_aliases(game.rules, locale)


async def card_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    entries, aliases = await _glossary(interaction, await reader_locale(interaction))
    return [app_commands.Choice(name=panels.clip(name, 100), value=name[:100])
            for name in reading.lookup(entries, current, aliases=aliases)]


def notify_words(prefs: Prefs, now: float) -> Msg:
    """A person's notification settings in words."""
    if prefs.often == waits.INTERVAL:
        often = T("at most one notification every {n} h", n=prefs.hours)
    elif prefs.often == waits.DAILY:
        often = T("one daily digest at {hour}:00 your time", hour=prefs.digest_at)
    else:
        often = T("one notification for each wait")
    local = datetime.fromtimestamp(now, prefs.tz).strftime("%H:%M")
    quiet = T("{start}-{end}", start=prefs.quiet[0], end=prefs.quiet[1]) if prefs.quiet else T("(none)")
    return T("Your turns: {often}, by a mention or a DM as you play (/settings dm). Time zone: {zone} (your time "
             "now: {time}). Quiet hours: {quiet}.", often=often, zone=prefs.zone, time=local, quiet=quiet)


async def zone_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Time zones whose name holds what was typed (an offset like UTC+8 is offered as typed)."""
    typed = current.strip()
    found: list[str] = []
    try:
        if typed:
            found.append(waits.zone_name(typed))
    except waits.NotifyError:
        pass
    needle = typed.lower().replace(" ", "_")
    found += sorted(name for name in waits.available_zones() if needle in name.lower() and name not in found)
    return [app_commands.Choice(name=name, value=name) for name in found[:25]]


class GeneralCog(commands.Cog):
    def __init__(self, bot: "GameHostBot") -> None:
        self.bot = bot

    @app_commands.command(name="rules", description="The rules of a game, in sections you page through")
    @app_commands.describe(game=GAME_DESCRIPTION)
    @app_commands.autocomplete(game=game_autocomplete)
    async def rules(self, interaction: discord.Interaction, game: str) -> None:
        try:
            rules = games.find(game)
        except KeyError as error:
            raise SessionError(str(error.args[0])) from None
        await help.send_rules(interaction, rules, 0, edit=False)

    @app_commands.command(name="card", description="Read any card, term or rule text of this channel's game")
    @app_commands.describe(name="Start typing a name or a word of its text")
    @app_commands.autocomplete(name=card_autocomplete)
    @app_commands.guild_only()
    async def card(self, interaction: discord.Interaction, name: str) -> None:
        entries, aliases = await _glossary(interaction, await reader_locale(interaction))
        if not entries:
            raise SessionError(T("There is no game in this channel (running or finished) whose cards I could show."))
        found = entries.get(name) and [name] or reading.lookup(entries, name, 5, aliases)
        if not found:
            raise SessionError(T("Nothing called {name} in this game. Pick a name from the list that appears while "
                                 "you type.", name=repr(panels.clip(name, 80))))
        parts = panels.chunk("\n\n".join(f"**{key}**\n{entries[key]}" for key in found).split("\n"), 1900)
        await interaction.response.send_message(parts[0], ephemeral=True)
        for part in parts[1:]:  # whole texts, never cut: a long answer goes on in more messages
            await interaction.followup.send(part, ephemeral=True)

    settings = app_commands.Group(name="settings", description="Your personal settings and the server's defaults")

    @settings.command(name="dm", description="What 'your turn' DMs bring: the whole panel, a short notice, or nothing")
    @app_commands.describe(mode="panel: your hand and the decision, playable in the DM; notice: one line with a "
                                "link; off: no DMs")
    @app_commands.choices(mode=choices("panel", "notice", "off"))
    async def dm(self, interaction: discord.Interaction, mode: app_commands.Choice[str]) -> None:
        chosen = mode.value
        await self.bot.storage.set_dm_mode(interaction.user.id, chosen)
        await interaction.response.send_message(say(T("Turn DMs: {mode}.", mode=DM_WORDS[chosen]),
                                                    await reader_locale(interaction)), ephemeral=True)

    @settings.command(name="notify", description="How often you are told it is your turn, your time zone and quiet hours")
    @app_commands.describe(often="every wait (default), at most every few hours, or one daily digest of every game "
                                 "waiting for you",
                           hours="interval: at most one notification in this many hours",
                           hour="digest: the hour of your day it comes (default: when your quiet hours end, else 9)",
                           time_zone="Your time zone: a place like Asia/Taipei, or an offset like UTC+8",
                           quiet_hours="Hours of your day without notifications, e.g. 23-7 (off: none)")
    @app_commands.choices(often=choices("every", "interval", "digest"))
    @app_commands.autocomplete(time_zone=zone_autocomplete)
    async def notify(self, interaction: discord.Interaction, often: app_commands.Choice[str] | None = None,
                     hours: app_commands.Range[int, 1, 72] | None = None,
                     hour: app_commands.Range[int, 0, 23] | None = None, time_zone: str | None = None,
                     quiet_hours: str | None = None) -> None:
        notifications = self.bot.sessions.notifications
        changes = {"often": often.value if often else None, "hours": hours, "digest_hour": hour, "zone": time_zone,
                   "quiet": quiet_hours}
        changed = any(value is not None for value in changes.values())
        prefs = (await notifications.change(interaction.user.id, **changes) if changed
                 else await notifications.prefs(interaction.user.id))
        locale = await reader_locale(interaction)
        text = say(notify_words(prefs, self.bot.sessions.clock()), locale)
        await interaction.response.send_message(say(T("Saved."), locale) + " " + text if changed else text,
                                                ephemeral=True)

    @settings.command(name="language", description="The language the bot uses for you (automatic: your Discord's)")
    @app_commands.describe(language="Your language for panels, hands, DMs, /card and /rules")
    @app_commands.choices(language=SETTING_CHOICES)
    async def language(self, interaction: discord.Interaction, language: app_commands.Choice[str]) -> None:
        await self.bot.languages.choose(interaction.user.id, language.value)
        locale = await reader_locale(interaction)
        await interaction.response.send_message(say(T("Your language: {language}.", language=_shown(language.value)),
                                                    locale), ephemeral=True)

    @settings.command(name="server", description="Server defaults for new games (Manage Server only)")
    @app_commands.describe(pace="Default turn clock", quiet_hours="Hours without reminders, UTC, e.g. 22-07 (empty: none)",
                           on_timeout="What happens when a player's time runs out",
                           lobby_expiry_hours="Hours an unstarted table waits before it closes",
                           language="The language of tables' messages (automatic: the server's Discord language)")
    @app_commands.choices(language=SETTING_CHOICES, pace=PACES, on_timeout=POLICIES)
    @app_commands.guild_only()
    async def server(self, interaction: discord.Interaction, pace: app_commands.Choice[str] | None = None,
                     quiet_hours: str | None = None, on_timeout: app_commands.Choice[str] | None = None,
                     lobby_expiry_hours: app_commands.Range[int, 1, 720] | None = None,
                     language: app_commands.Choice[str] | None = None) -> None:
        perms = interaction.permissions
        if not (perms and perms.manage_guild):
            raise SessionError(T("Only members with Manage Server can change the server's game settings."))
        sessions = self.bot.sessions
        chosen = language.value if language is not None else None
        values = {key: value for key, value in (("pace", pace.value if pace else None), ("quiet_hours", quiet_hours),
                                                ("on_timeout", on_timeout.value if on_timeout else None),
                                                ("lobby_expiry_hours", lobby_expiry_hours),
                                                ("language", chosen)) if value is not None}
        if values:
            await sessions.set_server_settings(guild_of(interaction), **values)
            if chosen is not None:
                self.bot.languages.server_changed(guild_of(interaction), chosen)
        current = await sessions.server_settings(guild_of(interaction))
        locale = await reader_locale(interaction)
        none = say(T("(none)"), locale)
        shown = "\n".join(f"`{key}` = {value if value not in ('', None) else none}" for key, value in sorted(current.items()))
        text = (T("Saved. Server defaults for new games:\n{shown}", shown=shown) if values
                else T("Server defaults for new games:\n{shown}", shown=shown))
        await interaction.response.send_message(say(text, locale), ephemeral=True)


def _shown(code: str):
    """A language setting as a reply names it."""
    return T("automatic") if code == AUTOMATIC else dict(choosable()).get(code, code)


async def setup(bot: "GameHostBot") -> None:
    await bot.add_cog(GeneralCog(bot))
