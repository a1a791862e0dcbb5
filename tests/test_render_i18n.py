"""Images in the reader's language (issue 23 items 5 and 6): Chinese is drawn in a CJK face,
wraps and fits without spaces (never cut, never outside its box, never inside a Latin word),
every renderer label has its zh-TW translation, and a zh-TW Pocket Mars image shows no English
label."""

from __future__ import annotations

import random
import re

import pytest

import games
import renderers
from games.core import play, replay
from games.core.i18n import catalogue
from renderers import common
from tests.support.translations import TARGET, keep_english, source_messages

CJK_WORDS = ("殖民者", "太空船", "準備艙", "能源", "★★ 區", "從地球拿取", "計畫卡", "，", "。", "（共 3 點）",
             "Bartholomew", "Quintessential", "2", "[3]", "draw", "王小明")


def _chinese(rnd: random.Random, words: int) -> str:
    """Mixed Chinese, Latin words and numbers, as translated game texts read."""
    string = "".join(rnd.choice(CJK_WORDS) + (" " if rnd.random() < 0.3 else "") for _ in range(words))
    return re.sub(r"\s+([，。）])", r"\1", string)   # no space before closing punctuation


def _latin_words(string: str) -> list[str]:
    return re.findall(r"[A-Za-z]+", string)


def test_chinese_uses_the_cjk_face_and_latin_keeps_its_font():
    assert common.font_for("Pocket Mars", 20) is common.font(20)
    assert common.font_for("口袋火星", 20).getname()[0] == "Noto Sans CJK TC"
    assert common.font_for("Round 3 第 3 輪", 20).getname()[0] == "Noto Sans CJK TC"   # a mixed text is drawn whole
    assert common.width_of("口袋火星", 20) > 0


@pytest.mark.parametrize("size", [12, 16, 20, 24])
@pytest.mark.parametrize("width", [60, 120, 240, 420])
def test_chinese_wraps_inside_its_box_without_losing_a_character(size, width):
    """No spaces needed to break; nothing dropped; Latin words never split; closing
    punctuation never starts a line."""
    rnd = random.Random(size * 1000 + width)
    for _ in range(30):
        string = _chinese(rnd, rnd.randrange(1, 40))
        lines = common.wrap(string, width, size)
        assert all(common.width_of(line, size) <= width for line in lines), (lines, width)
        runs = re.findall(r"[^\s\u2e80-\u9fff\uff00-\uffef]+", string)   # Latin words, numbers, ★★
        if all(common.width_of(run, size) <= width for run in runs):
            assert "".join(lines).replace(" ", "") == string.replace(" ", ""), (string, lines)
            assert _latin_words("\n".join(lines)) == _latin_words(string)   # no word split in two
        if all(common.width_of(unit, size) <= width for unit in common._UNIT.findall(string)):
            # room for every word and character with its punctuation: none starts a line
            assert not any(line[:1] in "，。）" for line in lines[1:]), lines


def test_wrap_breaks_between_chinese_characters_but_keeps_words_and_spaces():
    string = "從地球拿取你的 2 個殖民者放到你的太空船，然後 draw cards。"
    lines = common.wrap(string, 170, 20)
    assert len(lines) > 2
    assert " ".join(lines).replace(" ", "") == string.replace(" ", "")
    assert "draw cards。" in " ".join(lines) or any(line.startswith("cards") for line in lines)


@pytest.mark.parametrize("height", [24, 60, 140])
def test_fit_keeps_chinese_inside_its_box(height):
    rnd = random.Random(height)
    for _ in range(20):
        string = _chinese(rnd, rnd.randrange(5, 80))
        size, lines = common.fit(string, 180, height, 22, 12)
        assert len(lines) * common.line_height(size) <= max(height, common.line_height(12))
        assert all(common.width_of(line, size) <= 180 for line in lines)


def test_fitted_keeps_a_chinese_name_whole_when_it_can():
    size, name = common.fitted("陳美玲與她的火星殖民地", 200, 24, 14)
    assert name == "陳美玲與她的火星殖民地" and common.width_of(name, size) <= 200


def test_top_anchored_chinese_stays_on_the_line_it_is_given():
    """The larger CJK face is moved up so its ink sits where a Latin line's does: a paragraph
    of Chinese ends within the height the layouts reserve (plus a few pixels of descent)."""
    for size in (16, 20, 24):
        mask, (_, oy) = common._glyphs("中文", size, "la")
        bottom = oy + mask.size[1]
        latin_mask, (_, latin_oy) = common._glyphs("Hg", size, "la")
        assert bottom <= latin_oy + latin_mask.size[1] + 4
        assert oy >= 0


def test_every_renderer_label_has_its_traditional_chinese():
    table = catalogue("renderers", TARGET)
    labels = source_messages("renderers")
    assert len(labels) > 50
    missing = [text for key in labels if key not in table for text in [key[1]]]
    assert not missing, f"{len(missing)} renderer labels lack zh-TW, e.g. {missing[:5]}"


def _drawn_strings(monkeypatch) -> list[str]:
    drawn: list[str] = []
    real = common.text

    def spy(draw, xy, string, *args, **kwargs):
        drawn.append(string)
        return real(draw, xy, string, *args, **kwargs)

    monkeypatch.setattr(common, "text", spy)
    from renderers import ares_expedition, impulse, petrichor, pocket_mars, voidfall, voidfall_map, voidfall_solo
    for module in (ares_expedition, impulse, petrichor, pocket_mars, voidfall, voidfall_map, voidfall_solo):
        monkeypatch.setattr(module, "text", spy)
    return drawn


@pytest.mark.parametrize("slug,players,word", [("pocket-mars", 1, "殖民者"), ("pocket-mars", 3, "殖民者"),
                                               ("petrichor", 2, "水滴"), ("impulse", 3, "脈衝"),
                                               ("ares-expedition", 1, "改造分數"), ("ares-expedition", 3, "改造分數")])
def test_a_chinese_image_draws_no_english(monkeypatch, slug, players, word):
    """Every word on the zh-TW images (labels, card names and texts, log-derived lines) is
    Chinese; only the players' names, numbers, single letters and the words the game keeps in
    English (its keep-list: the article's own name for the game) stay Latin."""
    rules = games.get(slug)
    result = play(rules, players, 5)
    mid = replay(rules, players, 5, None, result.moves[: len(result.moves) // 2])
    names = ["Ann", "Bob", "Cyd"][:players]
    drawn = _drawn_strings(monkeypatch)
    for state in (mid, result.final):
        renderers.render_public(slug, rules.view(state, None), names, "zh-TW")
        renderers.render_detail(slug, rules.view(state, None), names, "zh-TW")
        renderers.render_private(slug, rules.view(state, 0), names, "zh-TW")
    allowed = {name.lower() for name in names} | {word.lower() for word in keep_english(rules.domain)}
    english = {word for string in drawn for word in re.findall(r"[A-Za-z]{2,}", string)
               if word.lower() not in allowed}
    assert not english, f"English on zh-TW {slug} images: {sorted(english)[:10]}"
    assert any(word in string for string in drawn)


def test_english_stays_the_default_and_images_differ_by_language():
    rules = games.get("pocket-mars")
    state = rules.setup(2, 3, None)
    view = rules.view(state, None)
    english = renderers.render_public("pocket-mars", view, ["Ann", "Bob"])
    assert english == renderers.render_public("pocket-mars", view, ["Ann", "Bob"], "en")
    assert english != renderers.render_public("pocket-mars", view, ["Ann", "Bob"], "zh-TW")


def test_a_chinese_name_is_drawn_whole_on_every_board():
    """Player names may be any Chinese: the font has them, fitted shrinks rather than cuts."""
    for slug, players in (("pocket-mars", 2), ("petrichor", 2), ("impulse", 2), ("ares-expedition", 2),
                          ("voidfall", 2), ("voidfall", 1)):
        rules = games.get(slug)
        state = rules.setup(players, 3, None)
        for png in (renderers.render_public(slug, rules.view(state, None), ["龘靐齉爩", "王小明"], "zh-TW"),
                    renderers.render_private(slug, rules.view(state, 0), ["龘靐齉爩", "王小明"], "zh-TW")):
            assert png[:4] == b"\x89PNG"
    assert common.font_for("龘靐齉爩", 20).getmask("龘").getbbox() is not None


def test_the_score_chart_reads_in_chinese(monkeypatch):
    """Issue 33 item 7: the game-over chart's heading and axis ("Pocket Mars:每輪的Points",
    "End") read in Chinese: the game's Chinese title, the measure and the last label in words,
    as history records them (plain English words) or as messages."""
    from renderers import chart

    drawn = _drawn_strings(monkeypatch)
    monkeypatch.setattr(chart, "text", common.text)
    data = {"labels": ["1", "2", "End"], "lines": [{"seat": 0, "name": "Ann", "values": [3, 5, 9]},
                                                   {"seat": 1, "name": "Bob", "values": [2, 6, 7]}]}
    for slug, measure in (("pocket-mars", "Points"), ("ares-expedition", "VP"), ("voidfall", "Influence")):
        drawn.clear()
        chart.chart(games.get(slug).title_text, measure, data, "zh-TW")
        heading = drawn[0]
        assert heading.startswith(renderers.named(games.get(slug).title_text, [], "zh-TW") + "：每輪的")
        english = {word for string in drawn for word in re.findall(r"[A-Za-z]{2,}", string)}
        assert english <= {"Ann", "Bob", "Ares", "Expedition", "Voidfall"}, english
        assert "終局" in drawn
