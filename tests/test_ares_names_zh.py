"""Ares Expedition's names read in Traditional Chinese: every glossary entry (card, corporation,
phase, standard action, parameter, resource) has a zh-TW name in `locale/zh_TW.po`, keyed by
the entry id and its English name exactly as `T.name(entry.id, entry.name)` will look it up; the
names are Chinese (no Latin letters beyond `keep_english.txt`), distinct, and use the terms of
`locale/GLOSSARY.md` (a name whose English holds a glossary term holds that term's zh-TW)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import NamedTuple

import pytest
from babel.messages.pofile import read_po

import games
from games.core.i18n import Messages, render

SLUG = "ares-expedition"
DOMAIN = "games.ares_expedition"
LOCALE_DIR = Path(games.__file__).parent / "ares_expedition" / "locale"
ZH = "zh-TW"

# Latin letters, plain or full-width (Roman numeral signs such as Ⅲ are not letters here).
LATIN_WORD = re.compile(r"[A-Za-zＡ-Ｚａ-ｚ]+")

# (entry id, English glossary term) pairs where the English word has another sense in the name,
# so its glossary zh-TW is rightly absent.
OTHER_SENSE = {
    ("card:AE173", "plants"): "Nuclear Plants are power stations (核電廠), not plants",
    ("card:AE175", "plant"): "a Power Plant is a power station (電力廠), not a plant",
    ("resource:card", "cards"): "手牌 already says 'cards in hand'",
}


class Term(NamedTuple):
    """One glossary row: the English forms that count as the term, and its zh-TW forms."""

    english: tuple[str, ...]
    chinese: tuple[str, ...]


def _forms(cell: str) -> tuple[str, ...]:
    """The forms a glossary cell names: the text before any bracketed note, split on " / "."""
    core = re.split(r" \(|（", cell, maxsplit=1)[0]
    return tuple(form.strip() for form in core.split(" / ") if form.strip())


def glossary_terms() -> list[Term]:
    """Every table row of GLOSSARY.md (header and rule rows left out)."""
    terms = []
    for line in (LOCALE_DIR / "GLOSSARY.md").read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if not line.startswith("|") or len(cells) != 3 or cells[0] == "English" or set(cells[0]) <= {"-"}:
            continue
        terms.append(Term(_forms(cells[0]), _forms(cells[1])))
    return terms


class Entry(NamedTuple):
    """A catalogue entry with its English name as a string (the catalogue holds messages)."""

    id: str
    name: str


@pytest.fixture(scope="module")
def entries():
    return [Entry(e.id, render(e.name)) for e in games.get(SLUG).catalogue().entries]


@pytest.fixture(scope="module")
def names():
    """(context, English) -> zh-TW of every entry in the game's zh_TW.po."""
    with (LOCALE_DIR / "zh_TW.po").open("rb") as handle:
        catalog = read_po(handle, locale="zh_TW")
    return {(m.context, m.id): m.string for m in catalog if m.id}


def test_every_entry_has_a_chinese_name(entries, names):
    missing = [(e.id, e.name) for e in entries if not names.get((e.id, e.name), "").strip()]
    assert not missing, f"{len(missing)} names lack zh-TW (or their English changed), e.g. {missing[:5]}"


def test_names_render_for_a_chinese_reader(entries, names):
    """The lookup the game code will do finds each name."""
    T = Messages(DOMAIN)
    wrong = [e.id for e in entries if render(T.name(e.id, e.name), ZH) != names[(e.id, e.name)]]
    assert not wrong, f"names not found by render: {wrong[:5]}"
    assert render(T.name(entries[0].id, entries[0].name), "en") == entries[0].name


def test_no_stale_names(entries, names):
    """A name whose entry was renamed or removed would never be shown again."""
    current = {(e.id, e.name) for e in entries}
    prefixes = {e.id.split(":")[0] + ":" for e in entries}
    stale = [key for key in names if key[0] and key[0].startswith(tuple(prefixes)) and key not in current]
    assert not stale, f"names for entries that no longer exist: {stale[:5]}"


def test_names_have_no_latin_letters(entries, names):
    path = LOCALE_DIR / "keep_english.txt"
    keep = {line.strip().lower() for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")}
    latin = {e.id: names[(e.id, e.name)] for e in entries
             if any(word.lower() not in keep for word in LATIN_WORD.findall(names[(e.id, e.name)]))}
    assert not latin, f"zh-TW names with English left in them: {list(latin.items())[:5]}"


def test_names_are_distinct(entries, names):
    """Two entries with different English names never share a Chinese one."""
    seen: dict[str, str] = {}
    clashes = []
    for e in entries:
        chinese = names[(e.id, e.name)]
        if chinese in seen and seen[chinese] != e.name:
            clashes.append((seen[chinese], e.name, chinese))
        seen.setdefault(chinese, e.name)
    assert not clashes, f"different names translated alike: {clashes[:5]}"


def test_glossary_is_well_formed():
    terms = glossary_terms()
    assert len(terms) > 100
    for term in terms:
        assert term.english and term.chinese, term
    english = [form.lower() for term in terms for form in term.english]
    twice = {form for form in english if english.count(form) > 1}
    assert not twice, f"English terms in two glossary rows: {sorted(twice)}"


def test_names_use_the_glossary_terms(entries, names):
    wrong = []
    for term in glossary_terms():
        pattern = re.compile(r"\b(" + "|".join(map(re.escape, term.english)) + r")\b", re.IGNORECASE)
        for e in entries:
            found = pattern.search(e.name)
            if not found or (e.id, found[1].lower()) in OTHER_SENSE:
                continue
            chinese = names[(e.id, e.name)]
            if not any(form in chinese for form in term.chinese):
                wrong.append(f"{e.id} {e.name!r} -> {chinese!r}: {found[1]!r} should read {term.chinese}")
    assert not wrong, "\n".join(wrong)


def test_exceptions_are_still_needed(entries):
    """Each listed other sense still names an entry holding that word."""
    by_id = {e.id: e.name for e in entries}
    for entry_id, word in OTHER_SENSE:
        assert re.search(rf"\b{word}\b", by_id.get(entry_id, ""), re.IGNORECASE), (entry_id, word)
