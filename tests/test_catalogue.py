"""The catalogue contract (games/core/catalogue.py) and the games' glossaries, rules sections,
explanations and standings."""

from __future__ import annotations

import pytest

import games
from bot.shell.ui import help
from bot.platform import reading
from games.core import BadSetup, Catalogue, CatalogueEntry, sections_from_markdown
from games.core.i18n import languages, render
from games.ares_expedition.cards import CARDS as ARES_CARDS
from games.impulse.data import CARDS as IMPULSE_CARDS
from games.pocket_mars.cards import CARDS as PM_CARDS

REAL = sorted(slug for slug, rules in games.REGISTRY.items() if type(rules).__module__.startswith("games."))
TITLES = sorted(slug for slug in REAL if games.get(slug).catalogue().entries)


@pytest.mark.parametrize("slug", TITLES)
def test_catalogue_names_are_unique_whole_and_public(slug):
    entries = games.get(slug).catalogue().entries
    for locale in languages():   # names and texts may be messages: check each reader's
        names = [render(entry.name, locale).lower() for entry in entries]
        assert len(set(names)) == len(names), locale
        for entry in entries:
            words = render(entry.text, locale)
            assert words and not words.rstrip().endswith(("…", "...")), entry
            assert "{seat:" not in words  # facts of the box, not of a table


def test_every_card_of_every_catalogued_game_is_in_it():
    ares = {render(e.name) for e in games.get("ares-expedition").catalogue().entries}
    assert {card.name for card in ARES_CARDS.values()} <= ares
    assert {"I Development", "V Research", "Buy an ocean", "Oxygen", "Steel"} <= ares
    pm = {render(e.name) for e in games.get("pocket-mars").catalogue().entries}
    assert {card.name for card in PM_CARDS.values()} <= pm
    impulse = {e.text for e in games.get("impulse").catalogue().entries}
    assert {card.detail() for card in IMPULSE_CARDS.values()} <= impulse
    petrichor = {render(e.name) for e in games.get("petrichor").catalogue().entries}
    assert {"Frost", "Sun", "Wind", "Rain", "Coffee", "Corn", "Harvest die"} <= petrichor


def test_find_by_part_of_a_name_exact_first():
    catalogue = Catalogue((CatalogueEntry("a", "card", "Heat Trappers", "x"),
                           CatalogueEntry("b", "card", "Heat", "y"),
                           CatalogueEntry("c", "card", "Other", "uses heat")))
    assert [e.id for e in catalogue.find("heat")] == ["b", "a", "c"]
    assert [e.id for e in catalogue.find("TRAP")] == ["a"]
    with pytest.raises(ValueError):
        Catalogue((CatalogueEntry("a", "card", "A", "x"), CatalogueEntry("a", "card", "B", "y")))


def test_glossary_tells_apart_a_name_two_kinds_share():
    class Rules:
        def catalogue(self):
            return Catalogue((CatalogueEntry("a", "card", "Ocean", "x"), CatalogueEntry("b", "parameter", "Ocean", "y")))

    assert reading.catalogue_glossary(Rules()) == {"Ocean (card)": "x", "Ocean (parameter)": "y"}


def test_markdown_sections_keep_every_line():
    text = "# Title\nintro\n\n## Round\nline 1\nline 2\n## Round\nagain\n"
    sections = sections_from_markdown(text, "rules:")
    assert [(s.id, s.title) for s in sections] == [("rules:title", "Title"), ("rules:round", "Round"),
                                                    ("rules:round-2", "Round")]
    assert sections[1].text == "line 1\nline 2"


@pytest.mark.parametrize("slug", REAL)
def test_rules_pages_fit_a_message_and_cut_nothing(slug):
    rules = games.get(slug)
    pages = help.rules_pages(rules)
    assert all(len(text) <= help.RULES_PAGE for _, text, _ in pages)
    assert len(pages) > 2  # overview plus the rules documents
    joined = "\n".join(text for _, text, _ in pages)
    for section in help.rules_sections(rules):
        assert all(line.strip() in joined for line in section.text.splitlines())


def test_suggest_is_a_table_option_of_every_game():
    for rules in games.REGISTRY.values():
        assert rules.resolve_options({"suggest": "on"})["suggest"] == "on"
        assert "suggest" not in rules.resolve_options({})  # off leaves saved options as they were
        with pytest.raises(BadSetup):
            rules.resolve_options({"suggest": "maybe"})


def test_ares_advanced_setup_lists_each_corporation_once():
    rules = games.get("ares-expedition")
    state = rules.setup(2, 1, {"setup": "advanced"})
    choosing = [render(card["name"]) for card in rules.view(state, 0)["you"]["choosing"]]
    assert len(choosing) == 2 and len(set(choosing)) == 2


def test_ares_explains_the_round_from_the_seats_view():
    rules = games.get("ares-expedition")
    state = rules.setup(2, 1)
    while state.stage != "phase":
        decision = rules.pending(state)[0]
        state = rules.apply(state, decision.seat, rules.bot_choice(state, decision.seat))
    lines = [render(line) for line in rules.explain(state, 0)]
    assert any(line.startswith("Phase cards picked this round") for line in lines)
    assert any(line.startswith("Now: ") for line in lines)


@pytest.mark.parametrize("slug", TITLES)
def test_standings_match_the_final_scores(slug):
    rules = games.get(slug)
    final = games.core.play(rules, max(rules.min_players, 2), 4).final
    outcome = rules.outcome(final)
    by_seat = {s.seat: s.score for s in rules.standings(final) if s.seat is not None}
    assert [by_seat[seat] for seat in range(final.players)] == list(outcome.scores)


def test_petrichor_explains_where_the_round_stands():
    rules = games.get("petrichor")
    state = rules.setup(2, 2)
    while state.phase != "action":
        decision = rules.pending(state)[0]
        state = rules.apply(state, decision.seat, rules.bot_choice(state, decision.seat))
    lines = [render(line) for line in rules.explain(state, 0)]
    assert lines[0].startswith("Round 1 of 4") and any(line.startswith("Action phase") for line in lines)
