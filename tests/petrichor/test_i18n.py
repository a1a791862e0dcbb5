"""Issue 23 for Petrichor: texts are messages that read in English by default and in
Traditional Chinese for a zh-TW reader, with one term per thing (locale/GLOSSARY.md), and
games saved before (plain English lines) still load."""

from __future__ import annotations

import re
from pathlib import Path

from games.core import fill_names
from games.core.i18n import Msg, catalogue, localize, render

from .helpers import RULES, fresh, go

LOCALE = Path(__file__).resolve().parents[2] / "games" / "petrichor" / "locale"


def glossary() -> dict[str, str]:
    """English term (lower case) -> zh-TW term, from the glossary table (first zh-TW form of each row)."""
    rows = {}
    for line in (LOCALE / "GLOSSARY.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[0] not in ("English", "---"):
            rows[re.sub(r"\s*\(.*\)$", "", cells[0]).lower()] = re.split(r"[ /(]", cells[1])[0]
    return rows


def test_english_stays_the_default_and_chinese_reads_for_a_zh_tw_reader():
    s = fresh(2, seed=3)
    d = RULES.pending(s)[0]
    s = go(s, d.seat, RULES.bot_choice(s, d.seat))
    lines = [line.text for line in s.log]
    assert all(isinstance(text, Msg) for text in lines)
    english = [fill_names(text, ["Ann", "Bob"]) for text in lines]
    chinese = [fill_names(text, ["Ann", "Bob"], "zh-TW") for text in lines]
    assert any("forms a white cloud with 1 drop" in line for line in english)
    assert any("凝結出一朵含 1 點水滴的白雲" in line for line in chinese)
    assert not any(re.search(r"[A-Za-z]{3,}", line.replace("Ann", "").replace("Bob", "")) for line in chinese)
    view = localize(RULES.view(s, 0), "zh-TW")
    assert view["weather_names"] == {"F": "霜寒", "S": "日照", "W": "刮風", "R": "落雨"}
    assert {t["stage_name"] for t in view["field"]["tiles"]} <= {"未發芽", "已發芽", "生長階段"}


def test_content_names_are_the_glossary_terms():
    """Weathers and crops read as the article names them, the same in every text."""
    terms = glossary()
    zh = catalogue("games.petrichor", "zh-TW")
    names = {(ctx, en): text for (ctx, en), text in zh.items() if ctx.startswith(("weather:", "crop:", "term:"))}
    assert len(names) == 4 + 7 + 5
    for (ctx, en), text in names.items():
        assert terms[en.lower()] == text, (ctx, en, text)
    # each name inside longer texts is the same term: "Frost: ..." prompts start with 霜寒
    for en in ("Frost", "Sun", "Wind", "Rain"):
        for english, text in zh.items():
            if english[1].startswith(f"{en}: ") or english[1].startswith(f"{en} weather: "):
                assert text.startswith(terms[en.lower()]), (english, text)


def test_one_word_for_one_thing_in_every_translation():
    """The article's own variants are settled once (GLOSSARY.md): drops are 水滴 (never 水氣),
    Rain is 落雨 (never 降雨), Pass is 跳過 and rows/columns are 列/欄 (as the board image labels them)."""
    texts = list(catalogue("games.petrichor", "zh-TW").values())
    rules = (LOCALE.parent / "DESIGN.zh-TW.md").read_text(encoding="utf-8")
    for word in ("水氣", "降雨"):
        assert not any(word in text for text in texts), word
    assert not any(re.search(r"第 \{col\} 行", text) for text in texts)
    assert "Pass" not in "".join(texts)
    body = rules.split("## 對文章字句的判斷")[0]  # quotes of the article keep its own words
    assert "水氣" not in body and "降雨" not in body


def test_rules_translation_has_the_same_sections_in_the_same_order():
    english = (LOCALE.parent / "DESIGN.md").read_text(encoding="utf-8")
    chinese = (LOCALE.parent / "DESIGN.zh-TW.md").read_text(encoding="utf-8")
    assert len(re.findall(r"^## ", english, re.M)) == len(re.findall(r"^## ", chinese, re.M)) == 14


def test_a_game_saved_with_plain_english_texts_still_loads_and_reads():
    """Games stored before issue 23 hold finished English strings (log lines, South Wind's last card)."""
    s = fresh(1, seed=4)
    data = RULES.dump(s)
    data["sw_last"] = "Frost: new cloud on the rolled tile; votes Frost (rolled 3)"
    data["log"] = [{"text": "{seat:0} draws 7 card(s).", "seat": None}]
    old = RULES.load(data)
    assert old.sw_last == data["sw_last"] and old.log[0].text == "{seat:0} draws 7 card(s)."
    assert localize(RULES.view(old, 0), "zh-TW")["south_wind"]["last"] == data["sw_last"]
    assert fill_names(old.log[0].text, ["Ann"], "zh-TW") == "Ann draws 7 cards."
    d = RULES.pending(old)[0]
    new = go(old, d.seat, RULES.bot_choice(old, d.seat))
    assert RULES.load(RULES.dump(new)) == new


def test_south_wind_reads_in_the_readers_language_after_a_save():
    s = fresh(1, seed=4)
    while not s.sw_last:
        d = RULES.pending(s)[0]
        s = go(s, d.seat, RULES.bot_choice(s, d.seat))
    again = RULES.load(RULES.dump(s))
    assert isinstance(again.sw_last, Msg) and again.sw_last == s.sw_last
    assert "(rolled " in render(again.sw_last) and "（擲出 " in render(again.sw_last, "zh-TW")
