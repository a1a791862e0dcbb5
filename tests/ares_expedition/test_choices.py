"""Issue 36 item 3 for Ares Expedition: a decision with nothing to choose between is not asked, every
option of a card's "choose one" says what it leads to, and /card reads in words."""

from __future__ import annotations

from games.ares_expedition import RULES
from games.ares_expedition.board import ACTION
from games.ares_expedition.effects import run
from games.ares_expedition.flow import advance
from games.core.i18n import render

from .helpers import act, bare, phase, put_in_play

CONSERVED_BIOME, IMPORTED_HYDROGEN, FISH, TARDIGRADES = 18, 80, 30, 58


def test_a_choice_between_nothing_and_nothing_is_not_asked():
    """Conserved Biome's action puts a microbe or an animal on another card: with no other card that
    holds either, every alternative does nothing, so the game says so instead of asking."""
    state = bare(1)
    put_in_play(state, 0, CONSERVED_BIOME)
    state = phase(state, ACTION)
    option = RULES.decision_for(state, 0).option(f"a:{CONSERVED_BIOME}:0")
    assert "no other card of yours can hold microbe, animal now: nothing would happen" in render(option.detail)
    state = act(state, 0, f"a:{CONSERVED_BIOME}:0", resolve=False)
    assert state.pl[0].queue[0].kind == "act"  # back to the Action phase: no "choose one" was asked
    assert "Conserved Biome: no other card of {seat:0} can hold microbe, animal: nothing happens." in \
        RULES.log_for(state, 0)


def test_each_alternative_says_where_it_goes_and_what_changes():
    state = bare(1)
    put_in_play(state, 0, FISH, TARDIGRADES)
    state.pl[0].res[TARDIGRADES] = 2
    state.pl[0].plants = 4
    run(state, 0, "choose(plants+3 | add:microbe 3 other | add:animal 2 other)", IMPORTED_HYDROGEN)
    advance(state)
    decision = RULES.decision_for(state, 0)
    shown = [(render(o.label), render(o.detail)) for o in decision.options]
    assert shown == [("+3 plants", "plants 4 -> 7"),
                     ("3 microbe(s) onto a card", "onto Tardigrades, holding 2 (you pick the card if there are several)"),
                     ("2 animal(s) onto a card", "onto Fish, holding 0 (you pick the card if there are several)")]


def test_the_card_glossary_names_no_vocabulary():
    entries = {entry.id: render(entry.text) for entry in RULES.catalogue().entries}
    assert "Effect: each steel is worth 1 MC more; each titanium is worth 1 MC more" in entries["card:AE002"]
    assert "value:" not in " ".join(entries.values())
