"""A game's player's rulebook, read from its package: `RULEBOOK.md` in English and a translation
beside it per language (`RULEBOOK.zh-TW.md`), each a `# ` title followed by `## ` sections, the
same sections in the same order in every language. `/rules` pages through these sections.

A line that reads `![caption](figure:NAME)` on its own shows a picture there: NAME is a key of
the game's `figures()` (drawn by the renderers). The design notes (`DESIGN.md`) sit in the same
package for developers and are never read here.
"""

from __future__ import annotations

from importlib import resources

from .catalogue import FIGURE_LINE, RulesSection, sections_from_markdown
from .contract import GameRules
from .i18n import ENGLISH


def translated_document(name: str, locale: str) -> str:
    """The file name of a document's translation: ("RULEBOOK.md", "zh-TW") -> "RULEBOOK.zh-TW.md"."""
    stem, _, ext = name.rpartition(".")
    return f"{stem}.{locale}.{ext}"


def document_text(rules: GameRules, name: str, locale: str = ENGLISH) -> str | None:
    """The text of the game's document `name` in `locale` (its translation where the game ships
    one, else the English original); None when the game has no such document."""
    package = resources.files(type(rules).__module__.rpartition(".")[0])
    if not package.joinpath(name).is_file():
        return None
    source = name
    if locale != ENGLISH and package.joinpath(translated_document(name, locale)).is_file():
        source = translated_document(name, locale)
    return package.joinpath(source).read_text(encoding="utf-8")


def rulebook_sections(rules: GameRules, locale: str = ENGLISH) -> tuple[RulesSection, ...]:
    """Every `## ` section of the game's rules documents (`rules.rules_documents`, by default its
    player's rulebook) in `locale`, in order; a missing document gives none. Section ids come from
    the English headings' order, so they are the same in every language."""
    found: list[RulesSection] = []
    for name in rules.rules_documents:
        text = document_text(rules, name, locale)
        if text is None:
            continue
        prefix = name.rsplit(".", 1)[0].lower() + ":"
        sections = sections_from_markdown(text, prefix)
        english = sections if locale == ENGLISH else sections_from_markdown(document_text(rules, name) or "", prefix)
        if len(english) == len(sections):
            sections = tuple(RulesSection(en.id, s.title, s.text) for en, s in zip(english, sections))
        found.extend(sections)
    return tuple(found)


def figure_lines(text: str) -> tuple[tuple[str, str], ...]:
    """(name, caption) of each figure a page shows, in order of its `![caption](figure:NAME)` lines."""
    return tuple((match["name"], match["caption"]) for line in text.splitlines()
                 if (match := FIGURE_LINE.match(line.strip())))


def figures_on(text: str) -> tuple[str, ...]:
    """The names of the figures shown on a page (or section) of rules text, in order: the keys of
    the game's `figures()` to draw and attach to that page."""
    return tuple(name for name, _ in figure_lines(text))


def caption_text(text: str, mark: str = "🖼") -> str:
    """The text with each figure line replaced by its caption in italics after `mark`, for a
    message whose figures are attached as images (a raw figure line means nothing to a reader)."""
    lines = []
    for line in text.splitlines():
        match = FIGURE_LINE.match(line.strip())
        lines.append(f"{mark} *{match['caption']}*" if match else line)
    return "\n".join(lines)
