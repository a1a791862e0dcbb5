"""The bot reads in Traditional Chinese: every literal message of the "bot" domain and every
slash command string Discord shows translated has a zh-TW entry in bot/locale/zh_TW.po, no
zh-TW bot text is still English beyond the words bot/locale/keep_english.txt lists, and the
command translator hands Discord valid names. `python -m tests.support.bot_translations
update` adds new texts to the catalogue; `... missing` lists what is left."""

from __future__ import annotations

import io
import re
import string

import pytest
from discord import Locale, app_commands

import games
from bot import cli
from bot.platform import sandbox
from bot.shell.translator import CatalogueTranslator, DOMAIN, lookup
from bot.shell.ui import help
from bot.platform.words import T, say
from games.core import i18n
from tests.support import bot_translations as tr
from tests.support import translations

Where = app_commands.TranslationContextLocation
ENGLISH_WORD = re.compile(r"[A-Za-z][A-Za-z'-]{2,}")
# Discord's rule for option names (lower case where a script has case, no spaces, 1-32 long)
OPTION_NAME = re.compile(r"^[-_\w]{1,32}$")


@pytest.fixture(scope="module")
def commands():
    return tr.command_strings()


def keep_list() -> set[str]:
    path = tr.PACKAGE / "locale" / "keep_english.txt"
    return {line.strip().lower() for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")}


def test_every_literal_message_of_the_bot_has_a_translation():
    table = i18n.catalogue(DOMAIN, tr.TARGET)
    missing = [text for key in tr.source_messages() if key not in table for text in [key[1]]]
    assert not missing, f"{len(missing)} bot texts lack zh-TW, e.g. {missing[:5]}"


def test_every_command_string_is_translated(commands):
    shown = [(where, text) for where, text in commands if where not in (Where.command_name, Where.group_name)]
    assert len(shown) > 50  # descriptions, option names and choices of every command
    missing = [(where.name, text) for where, text in shown if lookup(text, where, "zh-TW") is None]
    assert not missing, f"{len(missing)} command strings lack zh-TW, e.g. {missing[:5]}"


def test_translations_keep_every_field_and_leave_no_english_behind():
    keep = keep_list()
    fields = string.Formatter()
    left: dict[str, str] = {}
    for (context, english), chinese in i18n.catalogue(DOMAIN, tr.TARGET).items():
        wanted = sorted({name for _, name, _, _ in fields.parse(english) if name})
        assert sorted({name for _, name, _, _ in fields.parse(chinese) if name}) == wanted, english
        plain = re.sub(r"\{[^}]*\}", "", re.sub(r"`[^`]*`", "", chinese))
        plain = re.sub(r"https?://\S+", "", plain)
        for word in ENGLISH_WORD.findall(plain):
            if word.lower() not in keep and not any(part in keep for part in word.lower().split("-")):
                left.setdefault(word, chinese)
    assert not left, f"English words in zh-TW bot texts: {list(left.items())[:5]}"


async def test_the_translator_answers_discord_in_each_clients_language(commands):
    translator = CatalogueTranslator()
    names = set()
    for where, text in commands:
        context = app_commands.TranslationContext(location=where, data=None)
        answer = await translator.translate(app_commands.locale_str(text), Locale.taiwan_chinese, context)
        if where in (Where.command_name, Where.group_name):
            assert answer is None  # commands keep their English names everywhere
            continue
        assert answer, (where, text)
        if where == Where.parameter_name:
            assert OPTION_NAME.match(answer) and answer == answer.lower(), answer
            names.add(answer)
        else:
            assert len(answer) <= 100, answer
        english = app_commands.TranslationContext(location=where, data=None)
        assert await translator.translate(app_commands.locale_str(text), Locale.american_english, english) is None
        # a client language the bot does not support reads the English
        assert await translator.translate(app_commands.locale_str(text), Locale.japanese, english) is None
    assert "遊戲" in names


def test_bot_messages_render_per_reader():
    assert say(T("Take turn"), "zh-TW") == "輪到我"
    assert say(T("Take turn"), "en") == "Take turn"
    line = T("• … {n} earlier line(s): **Take turn** shows your recap", n=3)
    assert say(line, "en") == "• … 3 earlier lines: **Take turn** shows your recap"
    assert "3" in say(line, "zh-TW") and "earlier" not in say(line, "zh-TW")


def test_the_sandbox_plays_in_the_language_asked_for(tmp_path, capsys):
    out = io.StringIO()
    assert sandbox.run("pocket-mars", 2, 2, seed=5, out=tmp_path, echo=out, locale="zh-TW") == 0
    text = out.getvalue()
    assert "經過" in text and "最終圖板" in text and "Game over" not in text and "Final board" not in text
    assert (tmp_path / "board.png").exists()
    assert cli.main(["sandbox", "pocket-mars", "--players", "2", "--bots", "2", "--lang", "xx",
                     "--out", str(tmp_path)]) == 2
    assert "--lang must be one of en, zh-TW" in capsys.readouterr().err


def test_every_command_option_says_what_it_is(commands):
    """No slash-command option goes without a description (discord.py's "…" placeholder), so a
    reader sees what `/rules game:` wants in their language."""
    described = {text for where, text in commands if where == Where.parameter_description}
    assert "…" not in described
    assert "Which game: type its name in any language, or pick it from the list" in described


@pytest.mark.parametrize("slug", sorted(s for s in games.REGISTRY if not s.startswith("tiny")))
def test_the_rules_overview_reads_in_chinese(slug):
    """The first /rules page for a Chinese reader: the game's Chinese title, its summary and
    every option (the game's and the table's `suggest` and `reveal`) in Chinese, each value in
    words beside the `key=value` a player types; no English word beyond the keep-lists."""
    rules = games.get(slug)
    section = help.overview(rules, "zh-TW")
    text = section.title + "\n" + section.text
    assert say(rules.title_text, "zh-TW") in section.text.splitlines()[0]
    keep = (translations.keep_english(rules.domain) | translations.keep_english("games.core") | keep_list()
            | {spec.key for spec in rules.options})
    left = [line for line in text.splitlines() if translations.english_words(line, keep)]
    assert not left, left[:3]
    half = [line for line in text.splitlines() if translations.half_width_in_chinese(line)]
    assert not half, half[:3]
    assert "`suggest=on`（開啟）" in text and "`reveal=off`（關閉，預設）" in text


def test_a_wrong_pick_is_explained_in_the_readers_language():
    """The contract's checks of a choice are messages: the sandbox and the bot show them in
    Chinese, and a pick of exactly two never reads "pick between 2 and 2 options"."""
    from games.core import Decision, IllegalChoice, Option

    decision = Decision(0, "Pick two", tuple(Option(str(i), f"Option {i}") for i in range(4)), min_picks=2, max_picks=2)
    for choice, english in ((["0"], "pick exactly 2 options"), (["0", "0"], "the same option was picked twice"),
                            (["9", "0"], "'9' is not one of the options"), (3, "this decision needs a list of option ids")):
        with pytest.raises(IllegalChoice) as caught:
            decision.validate(choice)
        message = caught.value.args[0]
        assert say(message) == english
        assert not ENGLISH_WORD.findall(say(message, "zh-TW")), say(message, "zh-TW")
    number = Decision(0, "How many", number=(1, 3))
    for choice in (7, "x"):
        with pytest.raises(IllegalChoice) as caught:
            number.validate(choice)
        assert not ENGLISH_WORD.findall(say(caught.value.args[0], "zh-TW"))


def test_the_sandbox_says_no_in_chinese(tmp_path):
    out = io.StringIO()
    answers = iter(["1 1", "1 2 3 4 5 6 7 8 9"])
    with pytest.raises(StopIteration):
        sandbox.run("pocket-mars", 2, 1, seed=5, out=tmp_path, echo=out, locale="zh-TW", ask=lambda _: next(answers))
    refusals = [line for line in out.getvalue().splitlines() if line.startswith("不接受：")]
    assert len(refusals) == 2, out.getvalue()[-500:]
    assert not any(ENGLISH_WORD.findall(re.sub(r"'[^']*'", "", line)) for line in refusals), refusals


CJK_CHARACTER = re.compile("[\u3400-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef]")


@pytest.mark.parametrize("slug", sorted(s for s in games.REGISTRY if not s.startswith("tiny")))
def test_an_english_reader_reads_no_chinese_in_rules(slug):
    """Issue 33 item 7: every /rules page an English reader gets is English (the Ares pages
    showed "Solo (article 單人模式, PHASES.md)"). The design notes (RULES.md, SOLO.md) quote the
    articles in Chinese for the people who build the game and are never served; the players'
    rulebooks are."""
    rules = games.get(slug)
    found = [(title, "".join(CJK_CHARACTER.findall(title + text))[:40])
             for title, text, _ in help.rules_pages(rules, "en") if CJK_CHARACTER.search(title + text)]
    assert not found, found[:3]


def test_every_message_written_in_the_bot_has_a_translation_however_babel_reads_it():
    """Babel's extractor skips a `T(...)` call holding a generator expression (that is how
    "Winner: {names}." stayed English for every reader, issue 33 item 5): every literal message
    of bot/, found by walking the syntax tree, has a zh-TW entry."""
    import ast

    table = i18n.catalogue(DOMAIN, tr.TARGET)
    missing = []
    for path in tr.PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            first = node.args[0]
            if isinstance(node.func, ast.Name) and node.func.id == "T" and isinstance(first, ast.Constant):
                key = ("", first.value)
            elif (isinstance(node.func, ast.Attribute) and node.func.attr == "name" and len(node.args) > 1
                  and isinstance(node.func.value, ast.Name) and node.func.value.id == "T"
                  and isinstance(first, ast.Constant) and isinstance(node.args[1], ast.Constant)):
                key = (first.value, node.args[1].value)
            else:
                continue
            if key not in table:
                missing.append(f"{path.relative_to(tr.ROOT)}:{node.lineno} {key[1]!r}")
    assert not missing, "\n".join(missing)
