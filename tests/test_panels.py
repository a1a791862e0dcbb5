"""How decisions become Discord components (layout; SimCord tests click them), and the rule
that every option shown in Discord carries its detail text and can be told apart."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest
from simcord.components import COMPONENTS_V2_FLAG, validate_components, walk_components

import games
from bot.shell import panels
from bot.shell.ui import decision as ui
from games.core import Decision, Option, seat_ref


def decision(count: int, detail: str = "", **kwargs) -> Decision:
    return Decision(0, "Pick", tuple(Option(f"o{i}", f"Option {i}", detail and f"{detail} {i}") for i in range(count)),
                    **kwargs)


def test_few_options_are_sections_many_are_menus_and_past_25_they_page():
    assert panels.layout(decision(4)) == "sections"
    assert panels.layout(decision(10, "costs 3")) == "sections"
    assert panels.layout(decision(12)) == "select"
    assert panels.layout(decision(25)) == "select"
    assert panels.layout(decision(26)) == "pages"
    assert panels.page_count(decision(60)) == 3
    assert list(panels.page_slice(decision(60), 2)) == list(range(50, 60))


def test_long_texts_page_before_25_options():
    long = decision(20, "x" * 300)
    assert panels.layout(long) == "pages"
    for page in panels.pages(long):
        assert sum(len(panels.entries(long)[i].line(i + 1)) for i in page) <= panels.TEXT_BUDGET
    # five options too long for one message become a paged menu, not clipped sections
    assert panels.layout(decision(5, "y" * 560)) == "pages"


def test_grid_decisions_lay_cells_out_in_rows():
    assert panels.layout(decision(12, columns=4)) == "grid"
    assert panels.layout(decision(30, columns=5)) == "pages"  # too many cells for buttons


def test_multi_pick_uses_a_menu_and_says_how_many_in_words():
    multi = decision(4, min_picks=1, max_picks=3)
    assert panels.layout(multi) == "select"
    assert "Pick 1 to 3." in panels.describe(multi, 0)
    assert "Pick 2." in panels.describe(decision(4, min_picks=2, max_picks=2), 0)
    assert "2-2" not in panels.describe(decision(4, min_picks=2, max_picks=2), 0)
    assert "Pick up to 3 (or none)." in panels.describe(decision(4, min_picks=0, max_picks=3), 0)


def test_number_decisions_become_choices():
    small = Decision(0, "How many?", number=(0, 3))
    assert panels.layout(small) == "grid"
    assert [e.value for e in panels.entries(small)] == [0, 1, 2, 3]
    large = Decision(0, "How many?", number=(1, 40))
    assert panels.layout(large) == "pages" and panels.page_count(large) == 2
    assert "from 1 to 40" in panels.describe(large, 0)
    assert panels.page_button(large, 1, True) == "26–40 ▶" and panels.page_button(large, 0, False) == "◀ 1–25"
    assert panels.placeholder(large, 1) == "Choose a number (26–40)…"


def test_secret_decisions_say_so_and_names_are_filled_in():
    secret = Decision(1, f"Commit against {seat_ref(0)}", (Option("a", f"Help {seat_ref(2)}"),), secret=True)
    named = panels.with_names(secret, ["alice", "bob", "carol"])
    assert named.prompt == "Commit against alice" and named.options[0].label == "Help carol"
    arrows = panels.with_names(Decision(0, "Go", (Option("a", "energy 3 -> 4", "if X<=4"),)), [])
    assert arrows.options[0].label == "energy 3 → 4" and arrows.options[0].detail == "if X≤4"
    assert "hidden until everyone has chosen" in panels.describe(named, 0)


def test_text_is_cut_at_words_and_pages_never_split_a_line():
    assert panels.clip("alpha beta gamma delta", 14) == "alpha beta…"
    lines = [f"line {i} " + "word " * 30 for i in range(40)]
    pages = panels.chunk(lines, 500)
    assert all(len(page) <= 500 for page in pages)
    assert "\n".join(pages).split("\n") == lines
    huge = panels.chunk(["word " * 1000], 300)
    assert all(len(page) <= 300 for page in huge) and all(not p.endswith("wor") for p in huge)


def test_recap_tail_keeps_the_newest_lines():
    kept, more = panels.tail([f"line {i}" for i in range(500)], 200)
    assert kept[-1] == "line 499" and more == 500 - len(kept) and sum(len(k) + 1 for k in kept) <= 200


# -- every option shown in Discord carries its detail -------------------------------------
def sample_decisions(slug: str, per_game: int = 120) -> list[tuple[Decision, list[str]]]:
    """Decisions met in seeded playouts (bot moves with random exploration), names filled in."""
    rules = games.get(slug)
    found: list[tuple[Decision, list[str]]] = []
    counts = sorted({rules.min_players, min(rules.max_players, max(rules.min_players, 3))})
    for players in counts:
        names = [f"player{i + 1}" for i in range(players)]
        for seed in (1, 2):
            rng = random.Random(seed)
            state = rules.setup(players, seed, None)
            for _ in range(400):
                pending = rules.pending(state)
                if not pending or len(found) >= per_game * (counts.index(players) + 1) * seed // 2:
                    break
                decision = rng.choice(pending)
                found.append((panels.with_names(decision, names), names))
                choice = rules.bot_choice(state, decision.seat)
                if decision.options and decision.max_picks == 1 and rng.random() < 0.3:
                    choice = rng.choice(decision.options).id
                try:
                    state = rules.apply(state, decision.seat, choice)
                except ValueError:
                    state = rules.apply(state, decision.seat, rules.bot_choice(state, decision.seat))
    return found


def rendered(decision: Decision, page: int) -> list[dict]:
    game = SimpleNamespace(id=7, stamp=lambda seat: 3, row=SimpleNamespace(options={}))
    heading = panels.describe(decision, page)
    recap = "**Since your last move**\n" + "\n".join(f"• line {i} " + "x" * 40 for i in range(40))
    shown, _ = panels.tail(recap.split("\n"))
    view = ui.panel_view(game, decision.seat, "\n".join(shown), heading, decision, page, set(), recap_more=3)
    data = view.to_components()
    validate_components(data, flags=COMPONENTS_V2_FLAG)  # what Discord would accept
    return data


@pytest.mark.parametrize("slug", sorted(games.REGISTRY))
async def test_every_option_shown_carries_its_detail_and_can_be_told_apart(slug, states_only_bots):
    for decision, _ in sample_decisions(slug):
        items = panels.entries(decision)
        for page in range(panels.page_count(decision)):
            data = rendered(decision, page)
            flat = list(walk_components(data))
            text = "\n".join(c.get("content", "") for c in flat if c.get("type") == 10)
            shown = (range(len(items)) if panels.layout(decision) in ("sections", "grid")
                     else panels.page_slice(decision, page))
            described = {o.get("description") for c in flat if c.get("type") == 3 for o in c["options"]}
            for index in shown:
                entry = items[index]
                if entry.detail:  # listed above the components, or whole in its menu entry
                    assert (panels.clip(entry.detail, panels.DETAIL_LIMIT) in text
                            or entry.detail in described), (decision.prompt, entry)
            # what a player tells options apart by: a section's text, or a menu entry's label and description
            sections = [c["components"][0]["content"] for c in flat if c.get("type") == 9]
            menu = [(o["label"], o.get("description")) for c in flat if c.get("type") == 3 for o in c["options"]]
            assert len(set(sections)) == len(sections), decision
            assert len(set(menu)) == len(menu), decision
            labels = [c.get("label", "") for c in flat if c.get("type") == 2]
            assert not any("-2" in label and "pick" in label.lower() for label in labels)


async def test_menus_number_their_entries_only_when_the_texts_are_listed_above():
    plain = rendered(Decision(0, "How many?", number=(1, 40)), 0)
    labels = [o["label"] for c in walk_components(plain) if c.get("type") == 3 for o in c["options"]]
    assert labels[:3] == ["1", "2", "3"]
    long = "costs " + "x" * 120
    detailed = rendered(decision(12, long), 0)
    labels = [o["label"] for c in walk_components(detailed) if c.get("type") == 3 for o in c["options"]]
    assert labels[0] == "1 · Option 0"
    listed = "\n".join(c.get("content", "") for c in walk_components(detailed) if c.get("type") == 10)
    assert f"**1 · Option 0** — {long} 0" in listed


async def test_short_options_stay_in_the_menu_instead_of_a_wall_of_text():
    """Options whose label and detail fit a menu entry are not listed again above the menu."""
    short = rendered(decision(12, "costs 3 MC"), 0)
    flat = list(walk_components(short))
    menu = [o for c in flat if c.get("type") == 3 for o in c["options"]]
    assert menu[0]["label"] == "Option 0" and menu[0]["description"] == "costs 3 MC 0"
    assert "costs 3 MC" not in "\n".join(c.get("content", "") for c in flat if c.get("type") == 10)
    assert panels.layout(decision(60, "costs 3 MC")) == "pages" and panels.page_count(decision(60, "costs 3")) == 3
    assert next(c for c in flat if c.get("type") == 3)["placeholder"] == "Choose one…"
    assert panels.placeholder(decision(4, min_picks=1, max_picks=3)) == "Choose 1 to 3…"


def test_grids_of_long_labels_become_sections():
    """Nine 'Corn at row 2, col 2' buttons would wrap into ragged rows on a phone."""
    cells = Decision(0, "Where?", tuple(Option(f"c{i}", f"Wheat at row {i // 3 + 1}, col {i % 3 + 1}", "needs 3")
                                        for i in range(9)), columns=3)
    assert panels.layout(cells) == "sections"
    assert panels.layout(decision(9, columns=3)) == "grid"
    board = Decision(0, "Where?", tuple(Option(f"g{i}", f"A{i}", "ocean" if i == 2 else "") for i in range(6)), columns=3)
    assert panels.option_list(board, range(6), numbered=False) == "**A2** — ocean"  # bare cells only on buttons


def test_section_buttons_stay_short_beside_the_whole_label():
    """A long label stays whole in the section's text; its button beside it shows a short form."""
    long = Decision(0, "Act", (Option("a", "Play Survey Drone (purple 3) from your prep module", "gain 1 energy"),
                               Option("b", "Pass", "end your turn")))
    flat = list(walk_components(rendered(long, 0)))
    sections = [c for c in flat if c.get("type") == 9]
    assert "**Play Survey Drone (purple 3) from your prep module**" in sections[0]["components"][0]["content"]
    assert len(sections[0]["accessory"]["label"]) <= panels.BUTTON_CHARS
    assert sections[1]["accessory"]["label"] == "Pass"
    assert panels.button_label("Cartel (3 MC)") == "Cartel (3 MC)"
    assert panels.button_label("Industrial Center (12 MC)") == "Industrial Center"  # never "Industrial Center (12…"


def test_a_line_opening_a_part_of_the_game_is_a_heading_not_a_bullet():
    """Issue 33 item 9: "--- Cycle 1, turn 4: Ann ---" heads the lines of that turn in a recap,
    a log page or the channel; it is never shown as one more bullet, in either language."""
    from games.core.i18n import render
    from games.voidfall.messages import T as VT

    opening = VT("--- Cycle {cycle}, turn {turn}: {seat} ---", cycle=1, turn=4, seat="Ann")
    for locale, heading in (("en", "**Cycle 1, turn 4: Ann**"), ("zh-TW", "**第 1 循環，第 4 回合：Ann**")):
        lines = [render(opening, locale), "Ann plays a card.", "=== Cycle 2: preparation ==="]
        shown = panels.bullets(lines)
        assert shown == [heading, "• Ann plays a card.", "**Cycle 2: preparation**"]


def test_a_decision_is_worded_once_per_names_and_language_and_values_need_no_wording():
    """`with_names` keeps its wording of the decision it was given (a state's decisions are worked
    out once, then worded for the DM panel, the Take turn panel and the click); other names or
    another language word it anew. `values` lists what `entries` would, without any text."""
    decision = Decision(0, f"Pick for {seat_ref(1)}", (Option("a", f"Give {seat_ref(1)} a card"), Option("b", "Keep it")))
    names = ["Ann", "Bob"]
    once = panels.with_names(decision, names, "en")
    assert panels.with_names(decision, list(names), "en") is once
    assert "Bob" in once.options[0].label
    assert panels.with_names(decision, ["Ann", "Cy"], "en").options[0].label != once.options[0].label
    assert panels.with_names(decision, names, "zh-TW") is not once
    assert panels.with_names(Decision(0, f"Pick for {seat_ref(1)}", decision.options), names, "en") is not once
    assert panels.values(decision) == [e.value for e in panels.entries(once)] == ["a", "b"]
    number = Decision(0, "How many?", number=(2, 5))
    assert panels.values(number) == [e.value for e in panels.entries(number)] == [2, 3, 4, 5]
