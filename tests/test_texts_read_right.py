"""Issue 33 item 9: texts that read wrong, each fixed where it is written (the platform, the
renderers, the catalogues, Voidfall's production log and effect lists) and tested here."""

from __future__ import annotations

import re

import pytest

import games
import renderers
from games.core import play, replay
from games.core.i18n import localize, render
from renderers import common

NAMES = ["Ann", "Bob", "Cyd"]


def _drawn(monkeypatch) -> list[str]:
    found: list[str] = []
    real = common._glyphs.__wrapped__

    def spy(string, size, anchor):
        found.append(string)
        return real(string, size, anchor)

    monkeypatch.setattr(common, "_glyphs", spy)
    return found


@pytest.mark.parametrize("locale", ["en", "zh-TW"])
def test_the_voidfall_board_before_cycle_1_says_setup_without_a_cycle_0_or_turn_0_of_0(locale, monkeypatch):
    rules = games.get("voidfall")
    state = rules.setup(2, 1, None)
    assert rules.view(state, None)["cycle"] == 0
    drawn = _drawn(monkeypatch)
    renderers.render_public("voidfall", rules.view(state, None), NAMES[:2], locale)
    heading = next(s for s in drawn if "Setup" in s or "設置" in s)
    assert heading.startswith("Setup - to act:" if locale == "en" else "設置 - 行動者：")
    assert not any(re.search(r"Cycle 0|第 0 循環|0/0", s) for s in drawn), [s for s in drawn if "0/0" in s]
    later = replay(rules, 2, 1, None, play(rules, 2, 1).moves[:40])
    drawn.clear()
    renderers.render_public("voidfall", rules.view(later, None), NAMES[:2], locale)
    assert any(re.match(r"Cycle [1-3] - |第 [1-3] 循環 - ", s) for s in drawn)


@pytest.mark.parametrize("locale,typed", [("en", "Sell cards"), ("en", "Scoring"), ("zh-TW", "出售卡片"),
                                          ("zh-TW", "終局計分"), ("zh-TW", "Sell")])
def test_card_finds_selling_and_scoring_in_ares_expedition(locale, typed):
    """/card answers for the rules the panels name: "Sell cards" (an option of every Action
    phase) and "Scoring" (the final score's terms)."""
    catalogue = games.get("ares-expedition").catalogue()
    found = catalogue.find(typed, locale=locale)
    assert found and found[0].kind == "rule"
    text = render(found[0].text, locale)
    assert ("3 MC" in text or "3 資金" in text) if "ell" in typed or "出售" in typed else ("VP" in text or "勝利點數" in text)


def _voidfall_texts(players: int, seed: int) -> tuple[list[str], list[str]]:
    """(log lines, view texts) of a whole Voidfall bot game, in English."""
    rules = games.get("voidfall")
    lines: list[str] = []
    views: list[str] = []

    def look(state, decisions):
        lines.extend(render(line.text) for line in state.log)
        if state.seq % 5 == 0:
            event = localize(rules.view(state, None).get("event") or {}, "en")
            views.extend(value for value in (event.values() if isinstance(event, dict) else ()) if isinstance(value, str))

    play(rules, players, seed, on_step=look)
    return lines, views


def test_a_production_that_changes_nothing_does_not_print_before_and_after():
    """"Ann produces 15 Science (15 -> 15)": a before -> after that shows no change must not print."""
    lines, _ = _voidfall_texts(3, 1)
    same = [line for line in lines if (m := re.search(r"\((\d+) -> (\d+)\)", line)) and m[1] == m[2]]
    assert not same, same[:3]


def test_an_event_text_names_a_repeated_effect_once():
    """The detail image's Event text, like every card text, names an effect listed twice once
    with its count ("gain 2 Bounty tokens"), never "gain a Bounty token and/or gain a Bounty token"."""
    catalogue = games.get("voidfall").catalogue()
    repeated = [render(entry.text) for entry in catalogue.entries
                if re.search(r"(\b[\w ]{6,}?) (and/or|OR) \1\b", render(entry.text))]
    assert not repeated, repeated[:3]
