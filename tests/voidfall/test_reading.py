"""Voidfall's reading hooks (issue 21): the glossary names every thing of the box in words, the
explanation says where a turn stands, the standings show Influence with its terms (and the
Voidborn's final Influence so far in solo/co-op), option texts are never cut."""

from __future__ import annotations

import re

from games.core import play
from games.voidfall import RULES
from games.voidfall.catalogue import words
from games.voidfall.data import AGENDAS, EVENTS, FOCUS, HEXES, HOUSES, ORIGINS, SECTOR_TYPES, TECHS
from games.voidfall.solo.content import CRISES
from games.voidfall.solo.heroic import HEROIC
from games.voidfall.tasks import dec, opt
from tests.voidfall.helpers import decision, fresh

CATALOGUE = RULES.catalogue()


def names_of(kind: str) -> set[str]:
    return {str(entry.name) for entry in CATALOGUE.entries if entry.kind == kind}


def test_every_named_thing_of_the_box_is_in_the_glossary():
    assert {h["name"] for h in HOUSES.values()} == names_of("house")
    assert len(names_of("origin")) == len(ORIGINS)
    assert {t["name"] for t in TECHS.values()} == names_of("technology")
    assert {c["title"] for c in FOCUS.values()} == names_of("focus card")
    assert {a["name"] for a in AGENDAS.values()} <= names_of("agenda")
    assert {e["name"] for e in EVENTS.values()} == names_of("event")
    assert {c["name"] for c in CRISES.values()} == names_of("crisis")
    assert {c["title"] for c in HEROIC.values()} == names_of("heroic card")
    assert {h["name"] for h in HEXES.values()} == names_of("sector")
    assert len(names_of("sector type")) == len(SECTOR_TYPES)
    actions = {a["name"] for card in list(FOCUS.values()) + list(HEROIC.values()) for a in card["actions"]}
    assert actions == names_of("focus action")
    for wanted in ("Trade token", "Bounty token", "Reclaim token", "Glory token", "Corruption", "Harbinger",
                   "Safe haven", "Preparation", "Focus phase", "Evaluation", "Upkeep", "Action step", "Food"):
        assert str(CATALOGUE.find(wanted)[0].name) == wanted


def test_texts_say_resources_in_words():
    code = re.compile(r"\b\d+\s*[FEMCS]\b|\b\d+[FEMCS]\+")
    for entry in CATALOGUE.entries:
        assert not code.search(str(entry.text)), (entry.name, entry.text)
    assert words("Gain 1C + 1S, 5 Inf") == "Gain 1 Credit + 1 Science, 5 Influence"
    conquest = CATALOGUE.find("Conquest")[0]
    assert conquest.kind == "focus card" and "Engage (cost: 2 Energy): invade a sector" in str(conquest.text)


def test_found_by_part_of_a_name():
    assert str(CATALOGUE.find("cortoz")[0].name) == "Cortozaar"
    assert any(entry.kind == "event" for entry in CATALOGUE.find("dawn of"))


def test_options_and_prompts_are_never_cut():
    long = "upgrade a Glory token, " * 10
    option = opt("x", long, "then more")
    # the contract's buttons take 80 characters: the label is the head, the detail holds it whole
    assert str(option.label) == "upgrade a Glory token, upgrade a Glory token, upgrade a Glory token"
    assert str(option.detail) == f"{long} | then more"
    short = opt("y", "play Conquest", "a detail " * 30)
    assert short.label == "play Conquest" and short.detail == "a detail " * 30
    made = dec(0, long * 3, [opt("a", "same"), opt("b", "same")])
    assert made.prompt == long * 3
    assert [str(o.label) for o in made.options] == ["same #1", "same #2"]


def test_explain_names_cycle_phase_turn_and_the_played_card():
    state = fresh()
    seat = decision(state).seat
    lines = [str(line) for line in RULES.explain(state, seat)]
    assert lines[0] == "Cycle 1 of 3." and lines[1].startswith("Focus phase")
    assert any(line.startswith("Turn 1 of ") for line in lines)
    assert any(line == f"Now: Focus turn of {{seat:{seat}}} (choose step)." for line in lines)
    state = RULES.apply(state, seat, "c:conquest")
    while not str(decision(state).prompt).startswith("Action step"):  # no Trade token flipped, no Agenda
        state = RULES.apply(state, seat, decision(state).options[-1].id)
    lines = [str(line) for line in RULES.explain(state, seat)]
    played = [line for line in lines if " played " in line]
    assert played and "0 of 2 actions taken" in played[0]
    assert sum(line.startswith("Left: ") for line in lines) == 3


def test_explain_names_the_evaluation_step():
    seen = set()

    def look(state, decisions):
        for d in decisions:
            now = [str(line) for line in RULES.explain(state, d.seat) if str(line).startswith("Now: ")]
            seen.update(now)

    play(RULES, 2, 3, on_step=look)
    assert any(line.startswith("Now: Evaluation: Upkeep") for line in seen) or \
        any(line.startswith("Now: Evaluation") for line in seen)
    assert any("Focus turn of" in line for line in seen)


def test_standings_are_influence_with_terms_and_the_voidborn_in_solo(states_only_bots):
    state = fresh()
    standings = RULES.standings(state)
    assert [s.score for s in standings] == [h.influence for h in state.houses]
    assert all(any(str(t).startswith("Corruption ") for t in s.terms) for s in standings)
    solo = play(RULES, 1, 13, {"difficulty": "easy"}).final
    voidborn = RULES.standings(solo)[-1]
    assert voidborn.seat is None and str(voidborn.name) == "Voidborn"  # a text: each reader reads it in their language
    assert voidborn.score == solo.solo.vb_total and "difficulty base 60" in [str(t) for t in voidborn.terms]
    assert any(str(line).startswith(f"Voidborn Influence {voidborn.score}: difficulty base 60") for line in solo.end_lines)
