"""Every game reads in Traditional Chinese: each message it shows has a zh-TW translation, and
nothing a zh-TW reader sees is still English beyond the proper names the game lists.

A game joins `TRANSLATED` once its texts are messages (games/core/i18n.py) and its
`locale/zh_TW.po` is complete; `python -m tests.support.translations update <slug>` adds new
texts to the catalogue and `... missing <slug>` lists what is left."""

from __future__ import annotations

import pytest

import games
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
