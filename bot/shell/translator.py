"""Slash commands in the user's client language (issue 23 item 2): discord.py asks this
translator for every command description, option name, option description and choice name
when the commands are synced, and Discord shows each client its own.

The translations come from the bot's gettext catalogues (`bot/locale/<language>.po`, domain
"bot"): a description or choice is looked up by its English text, with the context "option"
for option names (a name is one lower-case word, so it needs an entry of its own) and
"choice" for choice names. Command and group names stay English, so `/game new` reads the
same in every guide and screenshot."""

from __future__ import annotations

from discord import Locale, app_commands
from discord.app_commands import TranslationContextLocation as Where

from games.core.i18n import ENGLISH, catalogue, supported

DOMAIN = "bot"

# The gettext context of each kind of string (descriptions have none).
CONTEXTS = {Where.parameter_name: "option", Where.choice_name: "choice"}
KEPT_ENGLISH = (Where.command_name, Where.group_name)


def choices(*values: str) -> list[app_commands.Choice[str]]:
    """Fixed choices whose names are translated (discord.py translates a choice's name only when
    it is a locale_str; the value stays the English word the code reads)."""
    return [app_commands.Choice(name=app_commands.locale_str(value), value=value) for value in values]


def context_of(location: Where) -> str:
    return CONTEXTS.get(location, "")


def lookup(text: str, location: Where, language: str) -> str | None:
    """The translation of one command string, or None (Discord then shows the English)."""
    if location in KEPT_ENGLISH or language == ENGLISH:
        return None
    return catalogue(DOMAIN, language).get((context_of(location), text))


class CatalogueTranslator(app_commands.Translator):
    """Translates the command tree from the bot's catalogues, for every supported language."""

    async def translate(self, string: app_commands.locale_str, locale: Locale,
                        context: app_commands.TranslationContext) -> str | None:
        language = supported(locale.value)
        if language is None:
            return None
        return lookup(string.message, context.location, language)
