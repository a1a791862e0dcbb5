"""Checks a game's player's rulebook and its translation against each other and against the game:
the same sections and lists, the same numbers, the names the game shows, pictures whose numbered
lists match their callouts, and sections that each fit one page of the `/rules` reader."""

from __future__ import annotations

import re
from pathlib import Path

from bot.shell import panels
from bot.shell.ui import help
from games.core import GameRules, sections_from_markdown
from games.core.catalogue import FIGURE_LINE
from games.core.i18n import render
from renderers.figures import figure_png

ROOT = Path(__file__).resolve().parents[2]
NUMBER = re.compile(r"\d+(?:\.\d+)?")
# A Markdown block a reader sees as one item: a bullet at its depth, or a numbered entry.
BLOCK = re.compile(r"^(\s*)(- |\d+\. )")
NUMBERED = re.compile(r"^\d+\. ")
CHINESE_DIGITS = str.maketrans({"一": "1", "二": "2", "三": "3", "四": "4", "五": "5", "六": "6", "七": "7",
                                "八": "8", "九": "9"})


def texts(package: str) -> tuple[str, str]:
    """The English rulebook and its Traditional Chinese translation of `games/<package>`."""
    folder = ROOT / "games" / package
    return ((folder / "RULEBOOK.md").read_text(encoding="utf-8"),
            (folder / "RULEBOOK.zh-TW.md").read_text(encoding="utf-8"))


def section_pairs(english: str, chinese: str):
    """(English section, Chinese section) in order; fails when the counts differ."""
    return list(zip(sections_from_markdown(english), sections_from_markdown(chinese), strict=True))


def shape(text: str) -> list[tuple[int, str]]:
    return [(len(m.group(1)), m.group(2)[0]) for m in map(BLOCK.match, text.splitlines()) if m]


def missing_numbers(english: str, chinese: str) -> set[str]:
    """Numbers of the English text the Chinese one lacks (一 to 九 read as digits)."""
    return set(NUMBER.findall(english)) - set(NUMBER.findall(chinese.translate(CHINESE_DIGITS)))


def figure_uses(text: str) -> list[tuple[str, int]]:
    """(figure name, entries of the numbered list right after it) for each picture of a rulebook."""
    lines = text.splitlines()
    found = []
    for i, line in enumerate(lines):
        match = FIGURE_LINE.match(line)
        if not match:
            continue
        rest = [x for x in lines[i + 1:] if x.strip()]
        count = 0
        while count < len(rest) and NUMBERED.match(rest[count]):
            count += 1
        found.append((match["name"], count))
    return found


def names_missing(rules: GameRules, english: str, chinese: str) -> dict[str, str]:
    """Names the English rulebook uses (cards, houses, sectors, actions...) whose Traditional
    Chinese name, as the game shows it, is not in the translation."""
    flat = " ".join(english.split())
    missing = {}
    for entry in rules.catalogue().entries:
        name_en, name_zh = render(entry.name, "en"), render(entry.name, "zh-TW")
        if len(name_en) < 3 or name_en == name_zh:
            continue
        if re.search(rf"(?<![\w-]){re.escape(name_en)}(?![\w-])", flat) and name_zh not in chinese:
            missing[name_en] = name_zh
    return missing


def pages_per_section(text: str) -> dict[str, int]:
    """How many `/rules` pages each section takes."""
    return {s.title: len(panels.chunk(s.text.splitlines(), help.RULES_PAGE)) for s in sections_from_markdown(text)}



class RulebookChecks:
    """The checks every game's rulebook test runs (tests/<game>/test_rulebook.py subclasses this as
    `TestRulebook` and names its game): the translation keeps every section, list and number,
    opens with the title the game shows, uses the glossary's terms and the game's names, each
    section fits one `/rules` page, and each picture is drawn and explained by one numbered entry
    per callout."""

    RULES: GameRules
    PACKAGE: str                       # games/<PACKAGE>/RULEBOOK.md
    AT_LEAST_SECTIONS: int
    TITLES: tuple[str, str]            # the title each book opens with (English, Chinese)
    NOT_OURS: tuple[str, ...] = ()     # words the glossary settled the other way
    TERMS: tuple[str, ...] = ()        # terms the Chinese book must use

    def books(self) -> tuple[str, str]:
        return texts(self.PACKAGE)

    def test_the_translation_has_the_same_sections_lists_and_numbers(self):
        pairs = section_pairs(*self.books())
        assert len(pairs) >= self.AT_LEAST_SECTIONS
        for english, chinese in pairs:
            assert re.search(r"[\u4e00-\u9fff]", chinese.title), chinese.title
            assert shape(english.text) == shape(chinese.text), english.title
            assert not missing_numbers(english.text, chinese.text), english.title

    def test_titles_terms_and_names_are_the_ones_players_see(self):
        english, chinese = self.books()
        assert english.startswith(f"# {self.TITLES[0]}\n")
        assert chinese.startswith(f"# {self.TITLES[1]}\n")   # the title every Chinese text and image uses
        for word in self.NOT_OURS:
            assert word not in chinese, word
        assert not names_missing(self.RULES, english, chinese)
        for term in self.TERMS:
            assert term in chinese, term

    def test_every_section_is_one_page_of_the_rules_reader(self):
        for text in self.books():
            assert set(pages_per_section(text).values()) == {1}

    def test_each_picture_is_explained_by_as_many_entries_as_it_has_callouts(self):
        figures = self.RULES.figures()
        for text in self.books():
            uses = figure_uses(text)
            assert sorted(name for name, _ in uses) == sorted(figures)
            for name, entries in uses:
                assert entries == len(figures[name].callouts), name

    def test_each_picture_draws_in_both_languages(self):
        for name in sorted(self.RULES.figures()):
            for locale in ("en", "zh-TW"):
                assert figure_png(self.RULES, name, locale).startswith(b"\x89PNG"), (name, locale)
