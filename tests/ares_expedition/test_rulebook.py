"""The player's rulebook of Ares Expedition (RULEBOOK.md, RULEBOOK.zh-TW.md): the translation keeps
every section, list and number, writes each name as the game shows it and uses the glossary's terms;
each picture's numbered list matches its callouts, and each picture shows the moment its page
describes (a change to the bot players that moves the moment fails here, not silently on a page)."""

from __future__ import annotations

import re

import pytest

from games.ares_expedition import RULES
from games.core import figure_view
from renderers.figures import figure_png
from tests.support.rulebook_fidelity import (figure_uses, missing_numbers, names_missing, pages_per_section,
                                             section_pairs, shape, texts)

ENGLISH, CHINESE = texts("ares_expedition")
# The glossary settles these the other way (Construction is 建設, Research 研究, raise 提昇, a round 輪, a cost 費用, a card 卡片).
NOT_OURS = ("建造", "研發", "提升", "回合", "成本", "卡牌", "阿瑞斯遠征")


def test_the_translation_has_the_same_sections_lists_and_numbers():
    pairs = section_pairs(ENGLISH, CHINESE)
    assert len(pairs) >= 15
    for english, chinese in pairs:
        assert re.search(r"[\u4e00-\u9fff]", chinese.title), chinese.title
        assert shape(english.text) == shape(chinese.text), english.title
        assert not missing_numbers(english.text, chinese.text), english.title


def test_titles_terms_and_names_are_the_ones_players_see():
    assert ENGLISH.startswith("# Terraforming Mars: Ares Expedition\n")
    assert CHINESE.startswith("# 殖民火星：Ares Expedition\n")   # the title every Chinese text and image uses
    for word in NOT_OURS:
        assert word not in CHINESE, word
    assert not names_missing(RULES, ENGLISH, CHINESE)
    for term in ("改造分數", "勝利點數", "資金", "階段卡", "基礎行動", "海洋版塊", "森林標記", "虛擬玩家", "銅色方塊"):
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


def test_the_board_picture_shows_a_phase_two_picks_oceans_and_all_three_colours():
    view, _ = figure_view(RULES, RULES.figures()["board"])
    assert view["phase"] == 3                                   # the Action phase is framed
    assert len({p["pick"] for p in view["players"]}) == 2       # two discs on two phase cards
    assert 0 < len(view["oceans_flipped"]) < 9                  # flipped and face-down tiles
    played = [c for p in view["players"] for c in p["played"]]
    assert {c["kind"] for c in played} == {"green", "blue", "red"}
    assert any(c["resources"] for c in played)                  # a card holding microbes


def test_the_hand_picture_shows_a_discount_and_a_requirement_not_met():
    view, _ = figure_view(RULES, RULES.figures()["hand"])
    hand = view["you"]["hand"]
    assert view["phase"] == 1
    assert hand[0]["cost_now"] < hand[0]["cost"]                # callout 1: cost now and printed cost
    assert hand[6]["requirement_met"] is False                  # callout 3: the bottom-left card


def test_the_solo_picture_shows_the_dummy_on_another_phase():
    view, _ = figure_view(RULES, RULES.figures()["solo"])
    assert view["dummy_pick"] == 2 and view["players"][0]["pick"] == 1
