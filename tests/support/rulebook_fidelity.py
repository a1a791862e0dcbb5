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
