"""Every game reads in Traditional Chinese: each message it shows has a zh-TW translation, and
nothing a zh-TW reader sees is still English beyond the proper names the game lists.

A game joins `TRANSLATED` once its texts are messages (games/core/i18n.py) and its
`locale/zh_TW.po` is complete; `python -m tests.support.translations update <slug>` adds new
texts to the catalogue and `... missing <slug>` lists what is left."""

from __future__ import annotations

import re

import pytest

import games
from games.core import i18n
from tests.support import translations as tr
from tests.support.bots import without_look_ahead

TRANSLATED: tuple[str, ...] = games.SHIPPED


@pytest.fixture(scope="module", params=TRANSLATED)
def gathered(request):
    rules = games.get(request.param)
    with pytest.MonkeyPatch.context() as patch:  # the bots only lead to texts to check
        without_look_ahead(patch)
        return rules, tr.domain_of(rules), tr.gather_play(rules, every=3)


def test_every_message_has_a_translation(gathered):
    rules, domain, found = gathered
    missing = tr.untranslated(found, {domain, "games.core"})
    assert not missing, f"{rules.slug}: {len(missing)} texts lack zh-TW, e.g. {missing[:5]}"


def test_every_literal_in_the_source_has_a_translation(gathered):
    rules, domain, _ = gathered
    catalogue = tr.i18n.catalogue(domain, tr.TARGET)
    missing = [text for key in tr.source_messages(domain) if key not in catalogue for text in [key[1]]]
    assert not missing, f"{rules.slug}: {len(missing)} literal texts lack zh-TW, e.g. {missing[:5]}"


def test_no_english_is_left_for_a_chinese_reader(gathered):
    rules, domain, found = gathered
    left = tr.english_left(found, tr.keep_english(domain) | tr.keep_english("games.core"))
    sample = list(left.items())[:5]
    assert not left, f"{rules.slug}: English words in zh-TW texts: {sample}"


def test_no_name_runs_into_chinese_in_a_played_game(gathered):
    """A player's name stands apart from Chinese by a space, as every catalogue writes it
    ("Player0 投票給", never "Player0投票給" or "瞄準Player0 位於")."""
    rules, _, found = gathered
    hits = tr.names_touching_chinese(found)
    assert not hits, f"{rules.slug}: names run into Chinese: {list(hits.items())[:5]}"


# -- every catalogue: how Chinese is written ---------------------------------------------------

@pytest.mark.parametrize("domain", tr.zh_domains())
def test_chinese_uses_full_width_punctuation(domain):
    """Between Chinese words and fields a Chinese text uses ，：；（）！？ as the other catalogues
    do, never the half-width , : ; ( ) ! ? ("{label}:打造一艘太空船(還可打造 {left} 艘,...)")."""
    half = [chinese for _, _, chinese in tr.translated_entries(domain) if tr.half_width_in_chinese(chinese)]
    assert not half, f"{domain}: {len(half)} texts with half-width punctuation in Chinese, e.g. {half[:5]}"


@pytest.mark.parametrize("domain", tr.zh_domains())
def test_a_name_field_is_spaced_from_chinese(domain):
    """A field holding a name is written with a space on its Chinese side in every catalogue."""
    tight = [chinese for _, _, chinese in tr.translated_entries(domain) if tr.name_touching_chinese(chinese)]
    assert not tight, f"{domain}: {len(tight)} texts with a name against Chinese, e.g. {tight[:5]}"


@pytest.mark.parametrize("domain", tr.zh_domains())
def test_no_english_word_in_a_chinese_entry_beyond_the_keep_list(domain):
    """Every translated entry of every catalogue reads in Chinese: English words only where the
    domain's keep-list (or the core's) allows them, or in what a player types (`/game new`)."""
    keep = tr.keep_english(domain) | tr.keep_english("games.core") | tr.keep_english("bot")
    left = {}
    for _, english, chinese in tr.translated_entries(domain):
        if tr.HAS_CHINESE.search(chinese) or chinese == english:
            words = tr.english_words(re.sub(r"\{[^}]*\}", "", chinese), keep)
            if words:
                left.setdefault(words[0], chinese)
    assert not left, f"{domain}: English words in zh-TW entries: {list(left.items())[:5]}"


# -- the game's title and options -----------------------------------------------------------------

ZH_TITLES = {"pocket-mars": "口袋火星", "impulse": "星際的脈動", "petrichor": "雨的味道",
             "ares-expedition": "殖民火星：Ares Expedition", "voidfall": "Voidfall"}


@pytest.mark.parametrize("slug", TRANSLATED)
def test_every_option_value_and_the_title_read_in_chinese(slug):
    """The title and each value of each option (the game's and the table's) have a zh-TW entry,
    and the /rules overview of options reads in Chinese beyond what a player types."""
    rules = games.get(slug)
    assert i18n.render(rules.title_text, tr.TARGET) == ZH_TITLES[slug]
    i18n.MISSING.clear()
    lines = [i18n.render(line, tr.TARGET) for line in rules.options_guide()]
    lines += [i18n.render(line, tr.TARGET) for spec in rules.options
              for line in rules.options_in_words({spec.key: value for value in spec.choices})]
    assert not i18n.MISSING, sorted(i18n.MISSING)[:5]
    keep = tr.keep_english(rules.domain) | {spec.key for spec in rules.options}
    left = [line for line in lines if tr.english_words(line, keep) or tr.half_width_in_chinese(line)]
    assert not left, left[:3]
    assert all("`" in line for line in lines[:len(rules.options_guide())])  # the typed form stays: `key=value`
