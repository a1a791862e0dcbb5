"""How decisions become Discord components (layout only; SimCord tests click them)."""

from __future__ import annotations

from bot import panels
from games.core import Decision, Option, seat_ref


def decision(count: int, **kwargs) -> Decision:
    return Decision(0, "Pick", tuple(Option(f"o{i}", f"Option {i}") for i in range(count)), **kwargs)


def test_few_options_are_buttons_many_are_menus_and_past_25_they_page():
    assert panels.layout(decision(4)) == "buttons"
    assert panels.layout(decision(12)) == "select"
    assert panels.layout(decision(25)) == "select"
    assert panels.layout(decision(26)) == "pages"
    assert panels.page_count(decision(60)) == 3
    assert list(panels.page_slice(decision(60), 2)) == list(range(50, 60))


def test_grid_decisions_lay_cells_out_in_rows():
    assert panels.layout(decision(12, columns=4)) == "grid"
    assert panels.layout(decision(30, columns=5)) == "pages"  # too many cells for buttons


def test_multi_pick_uses_a_menu_and_says_how_many():
    multi = decision(4, min_picks=1, max_picks=3)
    assert panels.layout(multi) == "select"
    assert "Pick 1–3." in panels.describe(multi, 0)


def test_number_decisions_become_choices():
    small = Decision(0, "How many?", number=(0, 3))
    assert panels.layout(small) == "buttons"
    assert [e.value for e in panels.entries(small)] == [0, 1, 2, 3]
    large = Decision(0, "How many?", number=(1, 40))
    assert panels.layout(large) == "pages" and panels.page_count(large) == 2
    assert "from 1 to 40" in panels.describe(large, 0)


def test_secret_decisions_say_so_and_names_are_filled_in():
    secret = Decision(1, f"Commit against {seat_ref(0)}", (Option("a", f"Help {seat_ref(2)}"),), secret=True)
    named = panels.with_names(secret, ["alice", "bob", "carol"])
    assert named.prompt == "Commit against alice" and named.options[0].label == "Help carol"
    assert "hidden until everyone has chosen" in panels.describe(named, 0)


def test_recap_keeps_the_newest_lines():
    text = panels.recap([f"line {i}" for i in range(12)], ["secret"], limit=4)
    assert "line 11" in text and "(only you) secret" in text and "line 0" not in text
    assert "earlier lines in /game log" in text
