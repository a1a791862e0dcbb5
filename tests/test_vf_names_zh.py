"""Voidfall's zh-TW content names (issue 23): games/voidfall/locale/zh_TW.po holds one translation
per glossary entry of the game (msgctxt = entry id, msgid = its English name), free of English
beyond keep_english.txt, and using the terms of games/voidfall/locale/GLOSSARY.md."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import games

LOCALE = Path(games.__file__).parent / "voidfall" / "locale"
LATIN = re.compile(r"[A-Za-z]+")
# Names where the English word means something else than the glossary term of the same spelling.
OTHER_SENSE = {
    ("crisis:c03", "step"),  # a pace forward, not a step of the turn
    ("crisis:c60", "Settle"),  # settling a debt, not the Settle action
    ("agenda:S7", "Initiative"),  # an undertaking, not combat Initiative
}


def _glossary_rows() -> list[tuple[str, str]]:
    """(English term, zh-TW term) for every row of GLOSSARY.md; a cell "A / B" gives one pair per
    side, and a bracketed note after the English term only says which sense is meant."""
    rows: list[tuple[str, str]] = []
    for line in (LOCALE / "GLOSSARY.md").read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if not line.startswith("|") or len(cells) != 3 or cells[0] in ("English", "---"):
            continue
        english = [re.sub(r"\s*\(.*\)$", "", part).strip() for part in cells[0].split(" / ")]
        chinese = [part.strip() for part in cells[1].split(" / ")]
        if len(chinese) == 1:
            chinese *= len(english)
        if len(english) == len(chinese):
            rows += zip(english, chinese)
    return rows


@pytest.fixture(scope="module")
def names() -> dict[str, tuple[str, str]]:
    """Entry id -> (English name, zh-TW name) as read from the .po file (templates, which have no
    context, are not names)."""
    with (LOCALE / "zh_TW.po").open("rb") as handle:
        po = read_po(handle)
    return {message.context: (message.id, message.string) for message in po if message.id and message.context}


@pytest.fixture(scope="module")
def entries():
    return games.get("voidfall").catalogue().entries


def test_every_entry_has_its_english_name_and_a_translation(entries, names):
    for entry in entries:
        assert entry.id in names, f"{entry.id} has no zh-TW name"
        english, chinese = names[entry.id]
        assert english == str(entry.name), f"{entry.id}: the .po says {english!r}, the game {entry.name!r}"
        assert chinese.strip(), f"{entry.id} ({english}) has an empty translation"


def test_no_english_left_beyond_the_kept_proper_names(names):
    keep = {line.strip().lower() for line in (LOCALE / "keep_english.txt").read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")}
    left = {entry_id: chinese for entry_id, (_, chinese) in names.items()
            if any(word.lower() not in keep for word in LATIN.findall(chinese))}
    assert not left, f"English letters in zh-TW names: {left}"


def test_glossary_is_read_whole():
    rows = _glossary_rows()
    assert len(rows) > 150 and ("Voidborn", "虛空造物") in rows and ("Innovation", "改革") in rows


def test_names_use_the_glossary_terms(names):
    rows = _glossary_rows()
    own_rows = {english.lower() for english, _ in rows}
    wrong = []
    for entry_id, (english_name, chinese_name) in names.items():
        if english_name.lower() in own_rows:
            continue  # a name the glossary lists itself (the article's own name wins)
        for term, chinese in rows:
            if (entry_id, term) in OTHER_SENSE:
                continue
            if re.search(rf"\b{re.escape(term)}s?\b", english_name, re.IGNORECASE) and chinese not in chinese_name:
                wrong.append(f"{entry_id} {english_name!r} -> {chinese_name!r} lacks {chinese} ({term})")
    assert not wrong, "\n".join(wrong)


def test_names_are_distinct_within_a_kind(names):
    seen: dict[tuple[str, str], str] = {}
    for entry_id, (_, chinese) in names.items():
        kind = entry_id.split(":")[0]
        assert (kind, chinese) not in seen, f"{entry_id} and {seen[(kind, chinese)]} share the name {chinese}"
        seen[(kind, chinese)] = entry_id
