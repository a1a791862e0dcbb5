"""Issue 23 for Ares Expedition: the design notes in Traditional Chinese (DESIGN.zh-TW.md), for
developers (`/rules` serves the player's rulebook instead). It follows DESIGN.md section for section,
keeps what players type (numbers, commands, option keys and values), and says each thing with the
one term of locale/GLOSSARY.md and the names of locale/zh_TW.po."""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.pofile import read_po

from bot.shell.ui import help
from games.ares_expedition import RULES
from games.core import sections_from_markdown

PACKAGE = Path(__file__).resolve().parents[2] / "games" / "ares_expedition"
ENGLISH = (PACKAGE / "DESIGN.md").read_text(encoding="utf-8")
CHINESE = (PACKAGE / "DESIGN.zh-TW.md").read_text(encoding="utf-8")

CODE = re.compile(r"`[^`]+`")
NUMBER = re.compile(r"\d+(?:\.\d+)?")
# A Markdown block a reader sees as one item: a list entry (at its depth), a numbered entry, a table row.
BLOCK = re.compile(r"^(\s*)(- |\d+\. |\|)")
# Words the glossary settles the other way, each with the one term used instead.
NOT_OURS = {
    "建造": "Construction is 建設",
    "研發": "Research is 研究",
    "提升": "raise is 提昇",
    "回合": "a round is 輪",
    "成本": "a cost is 費用",
    "卡牌": "a card is 卡片",
}
# Latin words a reader may meet outside code: file and source names, and the game's own title.
KEPT_LATIN = {"Ares", "Expedition", "README", "PHASES", "md", "issue", "Mylaana", "Java", "SimCord"}


def sections(text: str) -> list[tuple[str, str]]:
    """(heading, body) of the overview and of every `## ` section, in order."""
    return [(s.title, s.text) for s in sections_from_markdown(text)]


def without_quotes(text: str) -> str:
    """The text with code spans and 「...」 quotes (the article's own words) taken out."""
    text = CODE.sub("", text)
    while (shorter := re.sub(r"「[^「」]*」", "", text)) != text:
        text = shorter
    return text


def zh_names() -> dict[str, str]:
    """English name -> zh-TW name of every catalogue entry (cards, corporations, phases...): the
    entries keyed by a glossary id such as "card:AE002" (the others are templates and words; the
    game's title and its options' values in words are not glossary names)."""
    with (PACKAGE / "locale" / "zh_TW.po").open("rb") as handle:
        catalog = read_po(handle, locale="zh_TW")
    return {m.id: m.string for m in catalog if m.id and ":" in (m.context or "")
            and not m.context.startswith(("summary:", "game:", "option:"))}


def test_rules_translation_has_the_same_sections_in_the_same_order():
    heads_en = re.findall(r"^## (.+)$", ENGLISH, re.M)
    heads_zh = re.findall(r"^## (.+)$", CHINESE, re.M)
    assert len(heads_en) == len(heads_zh) == len(sections_from_markdown(CHINESE)) - 1 == 10
    assert all(re.search(r"[\u4e00-\u9fff]", head) for head in heads_zh)
    for head_en, head_zh in zip(heads_en, heads_zh):  # code in a heading (`mode=coop`) stays where it was
        assert CODE.findall(head_en) == CODE.findall(head_zh), head_zh


def test_every_number_command_and_option_stays_as_players_type_it():
    for (title, english), (_, chinese) in zip(sections(ENGLISH), sections(CHINESE), strict=True):
        assert set(CODE.findall(english)) <= set(CODE.findall(chinese)), title
        assert set(NUMBER.findall(english)) <= set(NUMBER.findall(chinese)), title
    for typed in ("`setup=advanced`", "`mode=coop`", "`secret=True`", "`play-extra`"):
        assert typed in CHINESE


def test_markdown_structure_is_kept_section_by_section():
    """The same lists (at the same depth), numbered decisions and table rows in each section."""
    for (title, english), (_, chinese) in zip(sections(ENGLISH), sections(CHINESE), strict=True):
        shape_en = [m.group(1, 2) for m in map(BLOCK.match, english.splitlines()) if m]
        shape_zh = [m.group(1, 2) for m in map(BLOCK.match, chinese.splitlines()) if m]
        assert [(len(i), k[0]) for i, k in shape_en] == [(len(i), k[0]) for i, k in shape_zh], title


def test_one_word_for_one_thing_in_every_translation():
    """Outside the article's quoted words the rules use the glossary's term only: 資金 for MC, 建設
    and 研究 for the phases the article also calls 建造 and 研發, 提昇 for raise, 輪 for a round.
    The names in zh_TW.po keep to the same terms."""
    body = without_quotes(CHINESE)
    for word, why in NOT_OURS.items():
        assert word not in body, why
    assert not re.search(r"(?<![A-Za-z])MC(?![A-Za-z])", body), "MC is 資金"
    for name in zh_names().values():
        assert not any(word in name for word in NOT_OURS), name
    words = set(re.findall(r"[A-Za-z]{2,}", body))
    assert words <= KEPT_LATIN, words - KEPT_LATIN


def test_names_are_the_ones_the_game_shows():
    """Every card, corporation, phase, parameter or resource DESIGN.md names is written with its
    zh_TW.po name (phases with the Roman numeral signs: Ⅰ 發展 … Ⅴ 研究)."""
    english = " ".join(ENGLISH.split())  # names wrapped over two lines count too
    named = {en: zh for en, zh in zh_names().items() if re.search(rf"(?<![\w-]){re.escape(en)}(?![\w-])", english)}
    assert {"Composting Factory", "Mars University", "Venture Capitalism", "Helion", "I Development"} <= set(named)
    missing = {en: zh for en, zh in named.items() if zh not in CHINESE}
    assert not missing


def test_the_design_notes_are_never_served_to_players():
    """`/rules` pages through the player's rulebook only: no section of the design notes shows."""
    served = {section.text for locale in ("en", "zh-TW") for section in help.rules_sections(RULES, locale)}
    for text in (ENGLISH, CHINESE):
        assert not served & {part.text for part in sections_from_markdown(text)}
