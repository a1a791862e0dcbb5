"""The player's rulebook of Voidfall (RULEBOOK.md, RULEBOOK.zh-TW.md): the translation keeps every
section, list and number, writes each name as the game shows it and uses the article's and the
glossary's terms; each picture's numbered list matches its callouts, and each picture shows the
moment its page describes (a change to the bot players that moves the moment fails here)."""

from __future__ import annotations

import re

import pytest

from games.core import figure_view
from games.voidfall import RULES
from renderers.figures import figure_png
from tests.support.rulebook_fidelity import (figure_uses, missing_numbers, names_missing, pages_per_section,
                                             section_pairs, shape, texts)

ENGLISH, CHINESE = texts("voidfall")
# One word for one thing (GLOSSARY.md): a card is 卡牌, Food 食物, a Guild 公會, a frame 框架, a Cycle 循環.
NOT_OURS = ("卡片", "糧食", "工會", "效果框", "週期")


def test_the_translation_has_the_same_sections_lists_and_numbers():
    pairs = section_pairs(ENGLISH, CHINESE)
    assert len(pairs) >= 20
    for english, chinese in pairs:
        assert re.search(r"[\u4e00-\u9fff]", chinese.title), chinese.title
        assert shape(english.text) == shape(chinese.text), english.title
        assert not missing_numbers(english.text, chinese.text), english.title


def test_titles_terms_and_names_are_the_ones_players_see():
    assert ENGLISH.startswith("# Voidfall\n")
    assert CHINESE.startswith("# Voidfall\n")   # the title every Chinese text and image uses
    for word in NOT_OURS:
        assert word not in CHINESE, word
    assert not names_missing(RULES, ENGLISH, CHINESE)
    for term in ("議程卡牌", "焦點卡牌", "影響力", "腐壞標記物", "維護", "突擊", "評估階段", "貿易指示物", "虛空造物終局影響力"):
        assert term in CHINESE, term


def test_every_section_is_one_page_of_the_rules_reader():
    for text in (ENGLISH, CHINESE):
        assert set(pages_per_section(text).values()) == {1}


def test_each_picture_is_explained_by_as_many_entries_as_it_has_callouts():
    figures = RULES.figures()
    for text in (ENGLISH, CHINESE):
        uses = figure_uses(text)
        assert sorted(name for name, _ in uses) == sorted(figures)
        for name, entries in uses:
            assert entries == len(figures[name].callouts), name


@pytest.mark.parametrize("name", sorted(RULES.figures()))
def test_each_picture_draws_in_both_languages(name):
    for locale in ("en", "zh-TW"):
        assert figure_png(RULES, name, locale).startswith(b"\x89PNG")


def test_the_map_picture_shows_what_its_callouts_point_at():
    view, _ = figure_view(RULES, RULES.figures()["map"])
    sectors = {s["key"]: s for s in view["sectors"]}
    assert view["cycle"] == 1 and view["phase"] == "focus"
    assert sectors["0,-2"]["home_of"] == 0                                  # 3: a Home
    assert sectors["1,-2"]["owner"] == 0 and sectors["1,-2"]["fleet"]        # 4: Korrin's fleet
    assert sectors["-1,-1"]["owner"] == -1 and sectors["-1,-1"]["void"]      # 5: Ilex, Voidborn
    assert sectors["2,-2"]["type"] == "fallen"                             # 6
    assert sectors["0,0"]["type"] == "rift"                                # 7


def test_the_house_picture_is_a_house_with_tokens_fleets_and_a_played_card():
    view, _ = figure_view(RULES, RULES.figures()["house"])
    house = view["houses"][0]
    assert house["discard"] and house["hand"] and house["glory"] and house["techs"]


def test_the_solo_picture_shows_a_crisis_a_permanent_one_and_an_alert():
    view, _ = figure_view(RULES, RULES.figures()["solo"])
    solo = view["solo"]
    assert solo["current"] and solo["military"] and solo["alert"]
    assert solo["difficulty"] == "medium"
