"""Issue 21 item 3 over played games: Voidfall and Ares Expedition say things in words, not codes.

Seeded bot games (Voidfall solo, 2 and 3 players; Ares Expedition 2 and 3 players) are played
through the contract; every option label, option detail and prompt a player reads, and every
sentence of every seat's view (what the images and panels draw from), must be free of the
short codes the issue found: one-letter resources ("1C", "F/E/M/C/S"), "resolve this effect"
with no word of what the effect does, "FP", an unexplained "Fast advance", "Inf"/"Pop",
slash-joined numbers ("2/7/0/0/3/0") and tag codes ("bld3 spc2").
"""

from __future__ import annotations

import os
import re

import pytest

import games
import renderers
from games.core import play
from tests.support.english import english

SEEDS = int(os.environ.get("WORDS_SEEDS", "1"))  # whole games per case; more for a longer search
VIEW_EVERY = 7  # check the views every this many steps (each check builds a view per seat)
pytestmark = pytest.mark.usefixtures("states_only_bots")  # the bots only lead to texts to check (tests/conftest.py)

# (what it is, pattern) -- each is a code a player should never have to decode
CODES: dict[str, tuple[re.Pattern, ...]] = {
    "voidfall": (
        re.compile(r"\b\d+\s?[FEMCS]\b"),            # "1C", "2 E" as resources
        re.compile(r"\b[FEMCS]\d+\b"),                 # "F5"
        re.compile(r"\b[FEMCS](/[FEMCS]){2,}\b"),      # "F/E/M/C/S"
        re.compile(r"resolve this effect"),
        re.compile(r"\bFP\b"),
        re.compile(r"\b[Ff]ast advance\b(?! \((?:move|1 more space))"),  # fast advance without saying what it does
        re.compile(r"\bInf\b\.?|\bPop\b"),
        re.compile(r"\b\d+/\d+/\d+"),
    ),
    "ares-expedition": (
        re.compile(r"\b\d+ ?/ ?\d+ ?/ ?\d+"),          # "2/7/0/0/3/0", "0 / 1 / 0"
        re.compile(r"\b(bld|spc|sci|pow|ear|jov|pla|ani|mic|evt)\d*\b"),  # "bld3 spc2", "(pla ani)"
        re.compile(r"\b(mc|plants|heat|tr|cards)[+-]\d"),  # vocabulary like "mc+2" left unworded
    ),
}

# The forms the solo Void advance texts had before they were worded (war cards by id, "FP").
SOLO_LEFT = re.compile(r"^Void advance: war card war\d|\b\d+ FP\b|\(0 FP\)")

CASES = [
    pytest.param("voidfall", 1, {"difficulty": "medium"}, id="voidfall-solo"),
    pytest.param("voidfall", 2, None, id="voidfall-2"),
    pytest.param("voidfall", 3, None, id="voidfall-3"),
    pytest.param("ares-expedition", 2, None, id="ares-2"),
    pytest.param("ares-expedition", 3, None, id="ares-3"),
]


def coded(slug: str, string: str) -> bool:
    return any(p.search(string) for p in CODES[slug])


def sentences(value):
    """Every string in a view that reads as words (has a space): ids and keys like "q,r",
    "corvette" or a card token are data for the images, not text shown as is."""
    if isinstance(value, str):
        if " " in value.strip():
            yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from sentences(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from sentences(v)


def harvest(slug: str, players: int, seed: int, options) -> tuple[set[str], set[str]]:
    """(decision texts, view sentences) of one whole bot game with some random picks."""
    rules = games.get(slug)
    texts: set[str] = set()
    views: set[str] = set()
    step = {"n": 0}

    def on_step(state, decisions):
        for decision in decisions:
            texts.add(english(decision.prompt))
            for option in decision.options:
                texts.update((english(option.label), english(option.detail)))
        if step["n"] % VIEW_EVERY == 0 or not decisions:
            for seat in [None, *range(players)]:
                views.update(sentences(english(rules.view(state, seat))))
        step["n"] += 1

    play(rules, players, seed, options, explore=0.2, on_step=on_step)
    return texts, views


@pytest.mark.parametrize("slug,players,options", CASES)
def test_options_prompts_and_views_are_words(slug, players, options):
    bad_texts, bad_views = [], []
    for seed in range(1, SEEDS + 1):
        texts, views = harvest(slug, players, seed, options)
        bad_texts += sorted(t for t in texts if t and coded(slug, t))
        bad_views += sorted(v for v in views if coded(slug, v))
    assert not bad_texts, f"{len(bad_texts)} option/prompt texts with codes, e.g. {bad_texts[:6]}"
    assert not bad_views, f"{len(bad_views)} view texts with codes, e.g. {bad_views[:6]}"


def test_solo_void_advance_texts_are_in_words():
    texts, _ = harvest("voidfall", 1, 3, {"difficulty": "hard"})  # hard: the level with war cards
    assert not [t for t in texts if SOLO_LEFT.search(t)]
    assert any("Voidborn cubes would strike" in t for t in texts) and any(re.search(r"war card \d", t) for t in texts)


def test_the_patterns_catch_what_the_issue_found():
    for sample in ("pay 1C", "4/2/4/3/2 F/E/M/C/S", "Development: Grow: resolve this effect", "Activate 1 FP",
                   "Fast advance", "2 Inf per Pure Guild", "+1 Pure Pop", "F 5/2/1"):
        assert coded("voidfall", sample), sample
    for sample in ("prod 2/7/0/0/3/0", "bld3 spc2", "Micro-Mills (bld)", "mc+2, plants+1"):
        assert coded("ares-expedition", sample), sample
    for fine in ("pay 1 Credit", "Food 5 -> 3", "fast advance (move 1 more space at once and take its reward)",
                 "Gain 2 Energy + 1 Science", "Population 3 -> 4"):
        assert not coded("voidfall", fine), fine
    for fine in ("Production per round: +2 MC, +7 heat", "tags: building 3, space 2", "+2 MC, +1 plants"):
        assert not coded("ares-expedition", fine), fine


def test_voidfall_payment_and_group_options_say_before_and_after():
    """A payment option shows the stocks it changes; a group's effect says where it comes from
    and what happens to the rest, never only "resolve this effect"."""
    from games.voidfall import RULES

    seen = {"pay": [], "group": []}

    def on_step(state, decisions):
        for d in decisions:
            prompt = english(d.prompt)
            if "how do you pay" in prompt:
                seen["pay"] += [english(o.detail) for o in d.options]
            if "(resolve in any order" in prompt or "(choose one" in prompt:
                seen["group"] += [english(o.detail) for o in d.options if o.id.startswith("e")]

    play(RULES, 2, 1, None, explore=0.2, on_step=on_step)
    assert seen["pay"] and all(re.search(r"\w+ \d+ -> \d+", d) for d in seen["pay"]), seen["pay"][:3]
    assert seen["group"] and not any("resolve this effect" in d for d in seen["group"])
    assert any(re.search(r"(Influence|Food|Energy|Materials|Credits|Science) \d+ -> \d+", d) for d in seen["group"])


def drawn_strings(monkeypatch, modules) -> list[str]:
    """Record every string the given renderer modules (and the shared paragraph helper) draw."""
    import renderers.common as common

    drawn: list[str] = []
    real = common.text

    def recording(draw, xy, string, *args, **kwargs):
        drawn.append(string)
        return real(draw, xy, string, *args, **kwargs)

    for module in (common, *modules):
        monkeypatch.setattr(module, "text", recording)
    return drawn


@pytest.mark.parametrize("slug,players,options,stop", [
    ("voidfall", 2, None, 150), ("voidfall", 1, {"difficulty": "medium"}, 150),
    ("ares-expedition", 2, None, 60), ("ares-expedition", 3, None, 150)])
def test_images_draw_words(monkeypatch, slug, players, options, stop):
    """The house board, the house panels, the crisis board and the Ares board draw no codes
    (the sector map's own marks are drawn by renderers/voidfall_map.py, not checked here)."""
    import importlib

    rules = games.get(slug)
    module = importlib.import_module(rules_module := {"voidfall": "renderers.voidfall",
                                                      "ares-expedition": "renderers.ares_expedition"}[slug])
    extra = [importlib.import_module("renderers.voidfall_solo")] if slug == "voidfall" else []
    states = []

    def on_step(state, decisions):
        if len(states) < stop:
            states.append(state)

    play(rules, players, 1, options, explore=0.1, on_step=on_step)
    state = states[-1]
    names = ["alice", "bob", "carol"][:players]
    drawn = drawn_strings(monkeypatch, [module, *extra])
    module.public(renderers.named(rules.view(state, None), names), names)
    module.private(renderers.named(rules.view(state, 0), names), names)
    if hasattr(module, "detail"):
        module.detail(renderers.named(rules.view(state, None), names), names)
    legend = str(getattr(module, "LEGEND", ""))  # the map legend: renderers/voidfall_map.py's marks
    bad = [s for s in drawn if coded(slug, s) and s not in legend]
    assert drawn and not bad, f"{rules_module} draws codes: {bad[:8]}"
