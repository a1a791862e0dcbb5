"""The player's rulebook of Ares Expedition (RULEBOOK.md, RULEBOOK.zh-TW.md): the translation keeps
every section, list and number, writes each name as the game shows it and uses the glossary's terms;
each picture's numbered list matches its callouts, and each picture shows the moment its page
describes (a change to the bot players that moves the moment fails here, not silently on a page)."""

from __future__ import annotations

from games.ares_expedition import RULES
from games.core import figure_view
from tests.support import rulebook_fidelity as fidelity


class TestRulebook(fidelity.RulebookChecks):
    RULES = RULES
    PACKAGE = "ares_expedition"
    AT_LEAST_SECTIONS = 15
    TITLES = ("Terraforming Mars: Ares Expedition", "殖民火星：Ares Expedition")
    # The glossary settles these the other way (Construction is 建設, Research 研究, raise 提昇, a round 輪, a cost 費用, a card 卡片).
    NOT_OURS = ("建造", "研發", "提升", "回合", "成本", "卡牌", "阿瑞斯遠征")
    TERMS = ("改造分數", "勝利點數", "資金", "階段卡", "基礎行動",
             "海洋版塊", "森林標記", "虛擬玩家", "銅色方塊")


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
