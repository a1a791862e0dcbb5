"""The player's rulebook of Voidfall (RULEBOOK.md, RULEBOOK.zh-TW.md): the translation keeps every
section, list and number, writes each name as the game shows it and uses the article's and the
glossary's terms; each picture's numbered list matches its callouts, and each picture shows the
moment its page describes (a change to the bot players that moves the moment fails here)."""

from __future__ import annotations

from games.core import figure_view
from games.voidfall import RULES
from tests.support import rulebook_fidelity as fidelity


class TestRulebook(fidelity.RulebookChecks):
    RULES = RULES
    PACKAGE = "voidfall"
    AT_LEAST_SECTIONS = 20
    TITLES = ("Voidfall", "Voidfall")
    # One word for one thing (GLOSSARY.md): a card is 卡牌, Food 食物, a Guild 公會, a frame 框架, a Cycle 循環.
    NOT_OURS = ("卡片", "糧食", "工會", "效果框", "週期")
    TERMS = ("議程卡牌", "焦點卡牌", "影響力", "腐壞標記物", "維護",
             "突擊", "評估階段", "貿易指示物", "虛空造物終局影響力")


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
