"""The bot's own texts, gathered so tests can check their translations, and a tool that keeps
`bot/locale/<language>.po` in step with the code.

Two kinds of text: every literal message of the "bot" domain in bot/ (`T("...")`, found by
Babel's extractor), and every string of the slash commands that Discord shows translated
(descriptions, option names, choice names: asked of a recording translator exactly as
discord.py asks when it syncs the commands).

    python -m tests.support.bot_translations update     # add new texts to bot/locale/zh_TW.po
    python -m tests.support.bot_translations missing    # list texts still untranslated
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import discord
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po
from discord import app_commands

from bot.shell.app import EXTENSIONS, create_bot
from bot.platform.config import Settings
from bot.shell.translator import DOMAIN, context_of
from games.core import i18n

TARGET = "zh-TW"
ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "bot"


def source_messages() -> list[tuple[str, str]]:
    """(context, English) of every literal message in bot/."""
    found = []
    for _file, _line, message, _comments, context in extract_from_dir(
            str(PACKAGE), keywords=i18n.extract_keywords, comment_tags=()):
        if isinstance(message, str) and message:
            found.append((context or "", message))
    return found


class Recording(app_commands.Translator):
    """Answers nothing and notes what it was asked: (location, English)."""

    def __init__(self) -> None:
        self.asked: set[tuple[app_commands.TranslationContextLocation, str]] = set()

    async def translate(self, string, locale, context):
        self.asked.add((context.location, string.message))
        return None


async def command_strings_async(database: str = ":memory:") -> set[tuple[app_commands.TranslationContextLocation, str]]:
    """Every (location, English) string of the bot's slash commands that a translator is asked for."""
    bot = create_bot(Settings(database=database, render_workers=0))
    recording = Recording()
    try:
        for extension in EXTENSIONS:
            await bot.load_extension(extension)
        await bot.tree.set_translator(recording)
        for command in bot.tree.get_commands():
            await command.get_translated_payload(bot.tree, recording)
    finally:
        for extension in EXTENSIONS:
            await bot.unload_extension(extension)
        bot.renders.close()
    return recording.asked


def command_strings() -> set[tuple[app_commands.TranslationContextLocation, str]]:
    return asyncio.run(command_strings_async())


def wanted(commands: set | None = None) -> list[tuple[str, str]]:
    """(context, English) of every bot text that needs a translation, in a stable order."""
    found = source_messages()
    strings = command_strings() if commands is None else commands
    found += sorted((context_of(where), text) for where, text in strings
                    if where not in (app_commands.TranslationContextLocation.command_name,
                                     app_commands.TranslationContextLocation.group_name))
    unique: list[tuple[str, str]] = []
    seen: set[tuple[str, str]] = set()
    for key in found:
        if key not in seen:
            seen.add(key)
            unique.append(key)
    return unique


def catalogue_path(locale: str = TARGET) -> Path:
    return PACKAGE / "locale" / f"{i18n.file_stem(locale)}.po"


def update(locale: str = TARGET) -> Path:
    """Add every wanted text to the .po file, keeping every entry already there."""
    path = catalogue_path(locale)
    path.parent.mkdir(exist_ok=True)
    old = Catalog(locale=i18n.file_stem(locale), domain=DOMAIN)
    if path.is_file():
        with path.open("rb") as handle:
            old = read_po(handle)
    for context, text in wanted():
        if old.get(text, context=context or None) is None:
            old.add(text, context=context or None)
    with path.open("wb") as handle:
        write_po(handle, old, width=0, sort_output=False)
    return path


def missing(locale: str = TARGET) -> list[tuple[str, str]]:
    table = i18n.catalogue(DOMAIN, locale)
    return [key for key in wanted() if key not in table]


def main(argv: list[str]) -> int:
    if argv == ["update"]:
        print(update())
        return 0
    if argv == ["missing"]:
        for entry in missing():
            print(entry)
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    discord.utils.setup_logging()
    sys.exit(main(sys.argv[1:]))
