"""Issue 23 for Voidfall's design notes: DESIGN.zh-TW.md and DESIGN_SOLO.zh-TW.md follow their
English originals section by section (developers read them; `/rules` serves the player's rulebook
instead, see tests/test_rulebooks.py), so each has the English sections in the same order,
keeps every figure, command and table, and uses one term per thing (locale/GLOSSARY.md, names
as in locale/zh_TW.po)."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import games
from bot.shell.ui import help
from games.core import sections_from_markdown

PACKAGE = Path(games.__file__).parent / "voidfall"
DOCUMENTS = ("DESIGN", "DESIGN_SOLO")
FIGURE = re.compile(r"\d+(?:\.\d+)?")
CODE = re.compile(r"`[^`]*`")
QUOTE = re.compile(r"「[^」]*」")  # the article's own words, quoted as it writes them
FILE_NAME = re.compile(r"\S+\.(?:md|py|json|txt)\b")
# Latin words a zh-TW reader may still meet: typed option values, sources and people, code names.
KEPT_WORDS = {"voidfall", "issue", "rumix", "banantalis", "competitive", "coop", "easy", "medium", "hard",
              "off", "on", "starter", "all", "solostate", "crisisboard", "col", "row", "inf", "beam", "iii",
              "ii", "vb", "path_w", "stage_w", "res_w", "you", "you_or_other", "each", "split", "war"}


def english(name: str) -> str:
    return (PACKAGE / f"{name}.md").read_text(encoding="utf-8")


def chinese(name: str) -> str:
    return (PACKAGE / f"{name}.zh-TW.md").read_text(encoding="utf-8")


def plain_words(text: str) -> str:
    """The translated prose: without code spans, file names and quotes of the article."""
    return QUOTE.sub("", FILE_NAME.sub("", CODE.sub("", text)))


def solo_map_names() -> set[str]:
    """Words of the solo scenario's sector names (data/solo/maps.json), shown as the data names them."""
    found: set[str] = set()

    def walk(node) -> None:
        if isinstance(node, dict):
            if isinstance(node.get("name"), str):
                found.update(word.lower() for word in re.findall(r"[A-Za-z]+", node["name"]))
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(json.loads((PACKAGE / "data" / "solo" / "maps.json").read_text(encoding="utf-8")))
    return found


@pytest.fixture(scope="module")
def po_names() -> dict[str, tuple[str, str]]:
    """Entry id -> (English name, zh-TW name) from locale/zh_TW.po."""
    with (PACKAGE / "locale" / "zh_TW.po").open("rb") as handle:
        return {message.context: (message.id, message.string) for message in read_po(handle)
                if message.id and message.context}  # content names; templates have no context


@pytest.mark.parametrize("name", DOCUMENTS)
def test_rules_translation_has_the_same_sections_in_the_same_order(name):
    """The same `## ` sections, each titled in Chinese, and each keeping its English section's
    figures, code (commands, options, keys) and table rows: a section moved or dropped shows."""
    heads_en = re.findall(r"^## (.+)$", english(name), re.M)
    heads_zh = re.findall(r"^## (.+)$", chinese(name), re.M)
    assert len(heads_en) == len(heads_zh) == len(sections_from_markdown(chinese(name))) - 1
    assert all(re.search(r"[\u4e00-\u9fff]", head) for head in heads_zh)
    sections_en = sections_from_markdown(english(name))
    sections_zh = sections_from_markdown(chinese(name))
    assert len(sections_en) == len(sections_zh)
    for part_en, part_zh in zip(sections_en, sections_zh):
        where = f"{name}: {part_en.title}"
        missing = Counter(FIGURE.findall(part_en.text)) - Counter(FIGURE.findall(part_zh.text))
        assert not missing, f"{where}: figures missing in Chinese {dict(missing)}"
        assert Counter(CODE.findall(part_en.text)) == Counter(CODE.findall(part_zh.text)), where
        rows_en = [line for line in part_en.text.splitlines() if line.strip().startswith("|")]
        rows_zh = [line for line in part_zh.text.splitlines() if line.strip().startswith("|")]
        assert [row.count("|") for row in rows_en] == [row.count("|") for row in rows_zh], where


def test_the_bench_commands_are_typed_as_in_english():
    for name in DOCUMENTS:
        commands = re.findall(r"`nice -n[^`]*`", english(name))
        assert commands and all(command in chinese(name) for command in commands), name


def test_one_word_for_one_thing_in_every_translation():
    """The article's own variants are settled once (GLOSSARY.md): Food is 食物 (never 糧食), Guild is
    公會 (never 工會), Galactic is 星系 (never 銀河), turn order is 回合順位, tokens are 指示物 (標記物
    only for Corruption markers), and 準備 is only the Preparation phase (the Prepare action is 整備)."""
    for name in DOCUMENTS:
        text = plain_words(chinese(name))
        for word in ("糧食", "工會", "銀河", "回合順序", "相臨", "啟動"):
            assert word not in text, (name, word)
        assert text.count("標記物") == text.count("腐壞標記物"), name
        assert text.count("準備") == text.count("準備階段"), name
        assert "政治" not in text.replace("政治軌道", ""), name  # Politics (the Focus) is 政務


def test_content_names_are_the_po_names(po_names):
    """Houses, techs, Focus cards, Agendas and Events read as zh_TW.po names them; no English name
    is left in the prose, and every house's ability is written under its Chinese name."""
    texts = {name: plain_words(chinese(name)) for name in DOCUMENTS}
    kinds = ("house:", "tech:", "focus:", "agenda:", "event:", "heroic:", "sector-type:", "install:", "fleet:")
    for entry_id, (name_en, _) in po_names.items():
        if entry_id.startswith(kinds):
            for document, text in texts.items():
                assert not re.search(rf"\b{re.escape(name_en)}\b", text), (document, entry_id, name_en)
    rules = texts["DESIGN"]
    for entry_id, (_, name_zh) in po_names.items():
        if entry_id.startswith("house:"):
            assert rules.count(name_zh) >= 2, (entry_id, name_zh)  # its ability and its preferred Focus
    for entry_id in ("tech:hyperdrive", "tech:escape_pods", "tech:robotics", "event:1H", "agenda:starting"):
        assert po_names[entry_id][1] in chinese("DESIGN"), entry_id


def test_no_english_left_beyond_the_kept_words():
    kept = KEPT_WORDS | solo_map_names()
    for name in DOCUMENTS:
        left = {word for word in re.findall(r"[A-Za-z][A-Za-z_]+", plain_words(chinese(name)))
                if word.lower() not in kept and not re.fullmatch(r"war\d", word)}
        assert not left, (name, sorted(left))


def test_the_design_notes_are_never_served_to_players():
    """`/rules` pages through the player's rulebook only: no section of the design notes shows."""
    rules = games.get("voidfall")
    served = {section.text for locale in ("en", "zh-TW") for section in help.rules_sections(rules, locale)}
    for name in DOCUMENTS:
        for text in (english(name), chinese(name)):
            assert not served & {part.text for part in sections_from_markdown(text)}, name
