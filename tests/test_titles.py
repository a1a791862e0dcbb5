"""Issue 33 item 6: one title per game and language, the name the article gives the game, the
same in every text and image, and a game found by its title in any language."""

from __future__ import annotations

from pathlib import Path

import pytest

import games
import renderers
from bot.shell.ui import help
from games.core import play, replay
from games.core.i18n import render
from renderers import common

ROOT = Path(__file__).resolve().parents[1]
SLUGS = ("pocket-mars", "impulse", "petrichor", "ares-expedition", "voidfall")
# The articles' names (shared/rules/*.zh.txt, first lines): 【開箱+規則】Pocket Mars 口袋火星,
# 【開箱+規則】Impulse 星際的脈動, Petrichor「雨的味道」, 《殖民火星》…《Ares Expedition》, 《Voidfall》.
ZH = {"pocket-mars": "口袋火星", "impulse": "星際的脈動", "petrichor": "雨的味道",
      "ares-expedition": "殖民火星：Ares Expedition", "voidfall": "Voidfall"}
EN = {"pocket-mars": "Pocket Mars", "impulse": "Impulse", "petrichor": "Petrichor",
      "ares-expedition": "Terraforming Mars: Ares Expedition", "voidfall": "Voidfall"}
NEVER = ("阿瑞斯遠征",)  # no article calls any game this


@pytest.mark.parametrize("slug", SLUGS)
def test_one_title_per_language_the_articles(slug):
    rules = games.get(slug)
    assert render(rules.title_text, "en") == rules.title == EN[slug]
    assert render(rules.title_text, "zh-TW") == ZH[slug]
    assert rules.titles() == tuple(dict.fromkeys((EN[slug], ZH[slug])))


def test_no_text_names_a_game_otherwise():
    """No catalogue, glossary or rules page carries a title no article uses."""
    for path in [*ROOT.glob("games/**/*.po"), *ROOT.glob("renderers/**/*.po"), *ROOT.glob("bot/**/*.po"),
                 *ROOT.glob("games/**/*.md")]:
        text = path.read_text(encoding="utf-8")
        for wrong in NEVER:
            assert wrong not in text or "never" in text[text.index(wrong) - 200:text.index(wrong) + 200], path


@pytest.mark.parametrize("slug", SLUGS)
def test_a_title_in_any_language_finds_the_game(slug):
    for typed in (slug, EN[slug], EN[slug].upper(), ZH[slug], f" {ZH[slug]} "):
        assert games.find(typed).slug == slug
    assert slug in [rules.slug for rules in games.matching(ZH[slug][:2])]


def test_a_part_of_a_title_finds_the_one_game_it_names():
    assert games.find("殖民火星").slug == "ares-expedition"
    assert games.find("Ares Expedition").slug == "ares-expedition"
    assert [r.slug for r in games.matching("火星")] == ["ares-expedition", "pocket-mars"]
    with pytest.raises(KeyError):
        games.find("火星")  # two games: name one


def _drawn(monkeypatch) -> list[str]:
    found: list[str] = []
    real = common._glyphs.__wrapped__

    def spy(string, size, anchor):
        found.append(string)
        return real(string, size, anchor)

    monkeypatch.setattr(common, "_glyphs", spy)
    return found


@pytest.mark.parametrize("slug", SLUGS)
@pytest.mark.parametrize("locale", ["en", "zh-TW"])
def test_texts_and_images_name_the_game_alike(slug, locale, monkeypatch):
    """The /rules overview, the turn texts and every image's heading use the one title of the
    reader's language; a Chinese image never shows the English title (nor the other way)."""
    rules = games.get(slug)
    title = render(rules.title_text, locale)
    other = render(rules.title_text, "en" if locale != "en" else "zh-TW")
    assert help.overview(rules, locale).text.startswith(title)
    content, _, _ = help.rules_message(rules, 0, locale)
    assert title in content.splitlines()[0]
    players = max(rules.min_players, 2)
    result = play(rules, players, 1)
    state = replay(rules, players, 1, None, result.moves[:6])
    names = ["Ann", "Bob", "Cyd", "Dee"][:state.players]
    drawn = _drawn(monkeypatch)
    renderers.render_public(slug, rules.view(state, None), names, locale)
    renderers.render_detail(slug, rules.view(state, None), names, locale)
    assert any(string.startswith(title) for string in drawn), drawn[:5]
    if other != title:
        assert not any(other in string for string in drawn)
