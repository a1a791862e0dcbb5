"""Pocket Mars in the reader's language (issue 23): the same game reads in English and in
Traditional Chinese; the Chinese rules have the English sections in the same order; games
saved before texts became messages still load and show their English lines."""

from __future__ import annotations

import re
from pathlib import Path

from games.core import play, sections_from_markdown
from games.core.i18n import render
from games.core.names import fill_names
from games.pocket_mars import RULES

PACKAGE = Path(__file__).resolve().parents[2] / "games" / "pocket_mars"


def test_one_log_reads_in_each_language():
    result = play(RULES, 2, 3)
    english = RULES.log_for(result.final, 0, "en")
    chinese = RULES.log_for(result.final, 0, "zh-TW")
    assert len(english) == len(chinese)
    assert any("colonist" in str(line) for line in english)
    assert any("殖民者" in str(line) for line in chinese)


def test_a_decision_reads_in_chinese_with_names_filled():
    state = RULES.setup(2, 4, None)
    decision = RULES.pending(state)[0]
    prompt = fill_names(decision.prompt, ["王小明", "Bob"], "zh-TW")
    assert "準備艙" in prompt and not re.search(r"[A-Za-z]{3,}", prompt)
    assert all(render(o.label, "zh-TW") != render(o.label) for o in decision.options)


def test_chinese_rules_have_the_english_sections_in_the_same_order():
    english = (PACKAGE / "DESIGN.md").read_text(encoding="utf-8")
    chinese = (PACKAGE / "DESIGN.zh-TW.md").read_text(encoding="utf-8")
    heads_en = re.findall(r"^## (.+)$", english, re.M)
    heads_zh = re.findall(r"^## (.+)$", chinese, re.M)
    assert len(heads_en) == len(heads_zh) == len(sections_from_markdown(chinese)) - 1
    assert all(re.search(r"[\u4e00-\u9fff]", head) for head in heads_zh)
    assert chinese.count("| pm-") == english.count("| pm-") == 35


def test_a_game_saved_before_messages_loads_with_its_english_lines():
    result = play(RULES, 2, 3)
    data = RULES.dump(result.final)
    data["end_reason"] = "Player A placed all 7 colonists on Mars."
    for line in data["log"][:3]:
        line["text"] = "an old English line"
    old = RULES.load(data)
    assert old.end_reason == "Player A placed all 7 colonists on Mars."
    assert RULES.outcome(old).summary[0] == "Player A placed all 7 colonists on Mars."
    assert render(old.log[0].text, "zh-TW") == "an old English line"
