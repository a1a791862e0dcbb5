"""Every registered game's player's rulebook, as `/rules` serves it in English and in Traditional
Chinese: written for players (no code identifiers, file names, folders, issue numbers or dated
measurements on any page), the same sections in the same order in both languages with the same
figures, and every figure a page names drawn from the game's `figures()`.

The rulebook is RULEBOOK.md (English) and RULEBOOK.zh-TW.md beside it in the game's package; the
design notes (DESIGN.md) are for developers and never served."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image

import games
from bot.shell.ui import help
from games.core import figures_on, rulebook_sections
from games.core.i18n import render
from games.core.rulebook import document_text
from renderers.figures import figure_png

SLUGS = sorted(slug for slug, rules in games.REGISTRY.items() if type(rules).__module__.startswith("games."))
LOCALES = ("en", "zh-TW")
HAN = re.compile(r"[\u4e00-\u9fff]")

# What a player types is not code: a slash command or a `/game new` option (`key=choice|choice`).
TYPED = re.compile(r"^(/[a-z].*|[a-z_]+=[\w|-]+)$")
CODE_SPAN = re.compile(r"`([^`\n]+)`")
IDENTIFIER = re.compile(r"\b(?:[a-z][a-z0-9]*_[a-z0-9_]+|[A-Z][a-z0-9]+[A-Z]\w*)\b|\w\(\)|\w\.\w+\(")
# Words that give away the code or the project's paperwork wherever they stand on a page.
FORBIDDEN = {
    "a file name": re.compile(r"\b[\w.-]+\.(?:py|md|toml|json|tsv|po|txt)\b"),
    "a folder path": re.compile(r"(?<![\w/])(?:tests|games|bot|renderers|bench|shared|data|locale)/"),
    "an issue number": re.compile(r"\b(?:issue|item)\s*#?\d+|(?<![\w&])#\d+|(?:議題|問題)\s*#?\d+", re.I),
    "a dated measurement": re.compile(
        r"\b(?:19|20)\d\d[-/.]\d{1,2}[-/.]\d{1,2}\b|\bseeds?\s+\d|\bbench\b|\bwin rate|\b\d+\s+(?:bot\s+)?games\b"
        r"|勝率|\d+\s*場(?:對局|遊戲|模擬|機器人)", re.I),
}


def code_identifiers(text: str) -> list[str]:
    """Backticked names that read as code (snake_case, CamelCase, calls); typed input excepted."""
    spans = [span.strip() for span in CODE_SPAN.findall(text)]
    return [span for span in spans if not TYPED.match(span) and IDENTIFIER.search(span)]


def rulebook(slug: str, locale: str):
    rules = games.get(slug)
    sections = rulebook_sections(rules, locale)
    assert sections, f"{slug} has no player's rulebook in {locale}"
    return rules, sections


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("slug", SLUGS)
def test_every_page_reads_for_players(slug, locale):
    rulebook(slug, locale)
    for title, text, _ in help.rules_pages(games.get(slug), locale):
        page = f"{title}\n{text}"
        assert not code_identifiers(page), (slug, locale, title, code_identifiers(page))
        for what, pattern in FORBIDDEN.items():
            found = pattern.search(page)
            assert not found, f"{slug} {locale} page {title!r} shows {what}: {found.group(0)!r}"


@pytest.mark.parametrize("slug", SLUGS)
def test_each_section_has_its_counterpart_in_the_other_language(slug):
    rules, english = rulebook(slug, "en")
    chinese = rulebook_sections(rules, "zh-TW")
    assert document_text(rules, "RULEBOOK.md") != document_text(rules, "RULEBOOK.md", "zh-TW"), "no translation"
    assert len(english) == len(chinese), (slug, [s.title for s in english], [s.title for s in chinese])
    for en, zh in zip(english, chinese):
        assert en.id == zh.id
        assert figures_on(en.text) == figures_on(zh.text), (slug, en.title, zh.title)
        assert HAN.search(zh.title) and HAN.search(zh.text), (slug, zh.title)
        assert not HAN.search(en.title + en.text), (slug, en.title)
    assert all(HAN.search(line) for line in document_text(rules, "RULEBOOK.md", "zh-TW").splitlines()
               if line.startswith("## ")), "every Chinese section heading is in Chinese (a title may be the article's own)"


@pytest.mark.parametrize("slug", SLUGS)
def test_sections_are_short_enough_to_page(slug):
    """A section is read in Discord: at most three messages (a few hundred words)."""
    for locale in LOCALES:
        rules, _ = rulebook(slug, locale)
        pages = help.rules_pages(rules, locale)
        per_section = {index: sum(1 for page in pages if page[2] == index) for _, _, index in pages}
        assert max(per_section.values()) <= 3, (slug, locale, per_section)


@pytest.mark.parametrize("slug", SLUGS)
def test_every_figure_named_on_a_page_exists_and_draws(slug):
    rules, sections = rulebook(slug, "en")
    figures = rules.figures()
    named = [name for section in sections for name in figures_on(section.text)]
    assert not set(named) - set(figures), f"{slug}: pages name figures it does not have"
    assert not set(figures) - set(named), f"{slug}: figures no page shows"
    for name in dict.fromkeys(named):
        for locale in LOCALES:
            image = Image.open(io.BytesIO(figure_png(rules, name, locale)))
            assert image.width >= 400 and image.height >= 100, (slug, name, locale, image.size)
        for callout in figures[name].callouts:
            assert 0 <= callout.x <= 1 and 0 <= callout.y <= 1, (slug, name, callout)


def test_the_checks_catch_what_they_are_for():
    """The patterns above flag each kind of slip a design note made on a player's page."""
    assert code_identifiers("the `Player.queue` and `secret=True` and `bot_value`")
    assert not code_identifiers("type `/game new options:` with `difficulty=normal|hard` or `secret_focus=on`")
    slips = ["see RULES.md", "Tests (tests/ares_expedition/)", "(issue 21 item 5)", "as #12 said",
             "over 210 games", "seeds 1-57", "measured 2026-12-07", "勝率 52%"]
    for slip in slips:
        assert any(pattern.search(slip) for pattern in FORBIDDEN.values()), slip
    fine = ["Discard 1 card: gain 1 energy (at most 7).", "第 3 輪", "a game of 4 rounds", "2-4 players"]
    for line in fine:
        assert not any(pattern.search(line) for pattern in FORBIDDEN.values()), line


@pytest.mark.parametrize("slug", SLUGS)
def test_a_rulebook_is_headed_by_the_games_title_in_its_language(slug):
    """Issue 33 item 6: one title per game and language, the same in texts, images and the
    rulebook."""
    rules = games.get(slug)
    for locale in ("en", "zh-TW"):
        first = document_text(rules, "RULEBOOK.md", locale).splitlines()[0]
        assert first == "# " + render(rules.title_text, locale), (slug, locale, first)
