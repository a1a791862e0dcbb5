"""The message machinery every game writes its texts through (games/core/i18n.py)."""

from __future__ import annotations

from dataclasses import dataclass, field

from games.core import codec
from games.core.contract import LogLine
from games.core.i18n import (ENGLISH, MISSING, Messages, Msg, from_data, jsonable, languages, localize,
                             render, supported, to_data)
from games.core.names import fill_names, seat_ref

T = Messages("games.core")


def test_english_renders_the_template_with_its_fields():
    msg = T("{seat} gains {n} Food", seat=seat_ref(1), n=3)
    assert render(msg) == "{seat:1} gains 3 Food"
    assert str(msg) == "{seat:1} gains 3 Food"
    assert fill_names(msg, ["Ann", "Bo"]) == "Bo gains 3 Food"


def test_a_translated_template_reads_in_the_readers_language():
    assert render(T("English"), "zh-TW") == "英文"
    assert render(T("English"), ENGLISH) == "English"


def test_a_missing_translation_falls_back_to_english_and_is_recorded():
    MISSING.clear()
    assert render(T("No such text {n}", n=2), "zh-TW") == "No such text 2"
    assert ("games.core", "zh-TW", "", "No such text {n}") in MISSING
    MISSING.clear()


def test_nested_messages_and_lists_render_in_the_same_language():
    msg = T("{a} and {items}", a=T("English"), items=(T("English"), T("Traditional Chinese")))
    assert render(msg, "zh-TW") == "英文 and 英文、繁體中文"
    assert render(msg) == "English and English, Traditional Chinese"


def test_plain_strings_pass_through_unchanged():
    assert render("Old English line", "zh-TW") == "Old English line"
    assert fill_names("{seat:0} passes", ["Ann"], "zh-TW") == "Ann passes"


def test_data_form_round_trips_and_localizes_inside_views():
    msg = T("{seat} plays {card}", seat=seat_ref(0), card=T.name("card:X1", "English"), n=(1, 2))
    assert from_data(to_data(msg)) == msg
    view = jsonable({"log": [msg, "plain"], "title": T("English")})
    assert localize(view, "zh-TW") == {"log": ["{seat:0} plays English", "plain"], "title": "英文"}


@dataclass
class _Holder:
    lines: list[LogLine] = field(default_factory=list)


def test_the_codec_stores_messages_and_old_plain_lines_alike():
    holder = _Holder([LogLine(T("{n} left", n=2), None), LogLine("An old line", 1)])
    data = codec.dump(holder)
    assert data["lines"][0]["text"] == {"msg": "{n} left", "dom": "games.core", "args": {"n": 2}}
    assert codec.load(_Holder, data) == holder


def test_languages_come_from_the_core_catalogues():
    assert languages()[0] == ENGLISH and "zh-TW" in languages()
    assert supported("zh-TW") == "zh-TW" and supported("en-US") == "en" and supported("fr") is None
    assert isinstance(T("x"), Msg)
